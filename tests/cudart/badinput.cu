// badinput.cu — a test program for `ctasim exec` that misbehaves on
// request (argv[1]), each way a real program can, so that the run ends with
// one clear line and nothing lost (tests/cli/test_exec.sh):
//   near     reads one element before and one after its allocation and
//            discards them (as Rodinia srad_v2 and Parboil spmv do): a GPU
//            does not fault there, so ctasim must not either; prints PASS
//   far      reads 1 MiB past its allocation: out of bounds, one line
//   crash    runs a kernel, then dereferences a null host pointer (SIGSEGV)
//   exit3    runs a kernel, checks it, then exits with status 3
//   forever  a kernel that never ends (a loop on a flag nobody clears)
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void neighbours(const int *a, int n, long far, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    // the loads outside [0, n) are made (a comparison the compiler cannot
    // fold keeps them) and change the result only if they read one unlikely
    // word, which the zeroed guards are not
    int before = i == 0 ? a[i - 1 - far] : 0;
    int after = i == n - 1 ? a[i + 1 + far] : 0;
    out[i] = 2 * a[i] + ((before | after) == 0x7eadbeef);
}

__global__ void spin(volatile int *flag)
{
    while (*flag)
        ;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "near";
    const int n = 256;
    int h[n], *a, *out;
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    if (!strcmp(mode, "forever")) {
        int one = 1;
        cudaMemcpy(a, &one, sizeof one, cudaMemcpyHostToDevice);
        spin<<<1, 32>>>(a);
        cudaDeviceSynchronize();
        printf("spin ended\n");
        return 0;
    }
    long far = !strcmp(mode, "far") ? (1 << 20) / (long)sizeof(int) : 0;
    neighbours<<<(n + 127) / 128, 128>>>(a, n, far, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    int bad = e != cudaSuccess;
    for (int i = 0; i < n; i++)
        bad |= h[i] != 2 * i;
    printf("%s: %s\n", mode, bad ? "FAIL" : "PASS");
    fflush(stdout);
    if (!strcmp(mode, "crash")) {
        volatile int *null = (volatile int *)(argc > 99 ? argv : NULL);
        *null = 1;
    }
    if (!strcmp(mode, "exit3"))
        return 3;
    return bad;
}
