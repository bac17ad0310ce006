// constant.cu — a test program for `ctasim exec`: a polynomial whose
// coefficients live in __constant__ memory (cudaMemcpyToSymbol), a
// __device__ counter read back with cudaMemcpyFromSymbol, a pitched 2D
// buffer (cudaMallocPitch / cudaMemcpy2D); checked against a CPU loop.
#include <cstdio>

#define CHECK(call)                                                                \
    do {                                                                           \
        cudaError_t e_ = (call);                                                   \
        if (e_ != cudaSuccess) {                                                   \
            printf("FAIL: %s: %s\n", #call, cudaGetErrorString(e_));              \
            return 1;                                                              \
        }                                                                          \
    } while (0)

#define DEGREE 4
__constant__ int coeff[DEGREE + 1];
__device__ unsigned long long positives;
__device__ int scale = 3; // an initialised variable: its value comes with the module

__global__ void poly(const int *x, int *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = x[i], acc = 0;
    for (int d = DEGREE; d >= 0; d--) // Horner
        acc = acc * v + coeff[d];
    y[i] = acc * scale;
    if (acc > 0)
        atomicAdd(&positives, 1ull);
}

// every element of a width x height block (pitched rows) gets row*1000+col
__global__ void fill2d(int *p, size_t pitch, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height)
        ((int *)((char *)p + row * pitch))[col] = row * 1000 + col;
}

int main()
{
    const int n = 1000, c[DEGREE + 1] = {-7, 2, 0, -1, 1};
    int x[n], y[n];
    for (int i = 0; i < n; i++)
        x[i] = i % 17 - 8;
    int *dx, *dy;
    CHECK(cudaMalloc(&dx, sizeof x));
    CHECK(cudaMalloc(&dy, sizeof y));
    CHECK(cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpyToSymbol(coeff, c, sizeof c));
    unsigned long long zero = 0, pos = 0;
    CHECK(cudaMemcpyToSymbol(positives, &zero, sizeof zero));
    poly<<<(n + 255) / 256, 256>>>(dx, dy, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpyFromSymbol(&pos, positives, sizeof pos));
    int s = 0;
    CHECK(cudaMemcpyFromSymbol(&s, scale, sizeof s));

    int bad = s != 3;
    unsigned long long want_pos = 0;
    for (int i = 0; i < n; i++) {
        int acc = 0;
        for (int d = DEGREE; d >= 0; d--)
            acc = acc * x[i] + c[d];
        want_pos += acc > 0;
        if (y[i] != acc * 3)
            bad++;
    }
    if (pos != want_pos) {
        printf("positives %llu, expected %llu\n", pos, want_pos);
        bad++;
    }
    // the variable's device address works as an ordinary device pointer
    void *addr;
    CHECK(cudaGetSymbolAddress(&addr, positives));
    unsigned long long again = 0;
    CHECK(cudaMemcpy(&again, addr, sizeof again, cudaMemcpyDeviceToHost));
    if (again != want_pos)
        bad++;

    const int w = 37, h = 9;
    int *d2;
    size_t pitch;
    CHECK(cudaMallocPitch((void **)&d2, &pitch, w * sizeof(int), h));
    fill2d<<<dim3(2, 2), dim3(32, 8)>>>(d2, pitch, w, h);
    static int host2[h][w];
    CHECK(cudaMemcpy2D(host2, w * sizeof(int), d2, pitch, w * sizeof(int), h, cudaMemcpyDeviceToHost));
    for (int r = 0; r < h; r++)
        for (int col = 0; col < w; col++)
            if (host2[r][col] != r * 1000 + col)
                bad++;
    CHECK(cudaFree(d2));
    printf("constant: %s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
