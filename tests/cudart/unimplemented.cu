// unimplemented.cu — a test program for `ctasim exec`: it calls
// cudaMallocManaged, which ctasim's runtime does not implement: the run
// must stop with one line naming it (after what the program printed).
#include <cstdio>

int main()
{
    printf("before the call\n");
    float *p;
    cudaError_t e = cudaMallocManaged(&p, 1024);
    printf("after the call: %d\n", (int)e);
    return 0;
}
