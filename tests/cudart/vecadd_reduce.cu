// vecadd_reduce.cu — a test program for `ctasim exec` (tests/cli/test_exec.sh):
// c = a + b, then a per-block sum of c through shared memory (static and
// dynamic) and __syncthreads; both checked against a CPU loop.
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != cudaSuccess) {                                                        \
            printf("FAIL: %s: %s (%s)\n", #call, cudaGetErrorString(e_), cudaGetErrorName(e_)); \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

__global__ void vec_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

// one partial sum per block; the tree needs blockDim.x a power of two
__global__ void block_sum(const float *in, float *partial, int n)
{
    extern __shared__ float buf[];
    unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0)
        partial[blockIdx.x] = buf[0];
}

// integer histogram with a statically sized shared array and atomics
__global__ void histo(const int *keys, int n, unsigned *bins)
{
    __shared__ unsigned local[16];
    if (threadIdx.x < 16)
        local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[keys[i] & 15], 1u);
    __syncthreads();
    if (threadIdx.x < 16)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    const int threads = 128, blocks = (n + threads - 1) / threads;
    float *a = (float *)malloc(n * sizeof(float)), *b = (float *)malloc(n * sizeof(float));
    float *c = (float *)malloc(n * sizeof(float)), *part = (float *)malloc(blocks * sizeof(float));
    int *keys = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 97) * 0.5f;
        b[i] = (float)(i % 13) - 6.0f;
        keys[i] = (i * 7 + 3) % 23;
    }
    float *da, *db, *dc, *dp;
    int *dk;
    unsigned *dbins;
    CHECK(cudaMalloc(&da, n * sizeof(float)));
    CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMalloc(&dp, blocks * sizeof(float)));
    CHECK(cudaMalloc(&dk, n * sizeof(int)));
    CHECK(cudaMalloc(&dbins, 16 * sizeof(unsigned)));
    CHECK(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dk, keys, n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dbins, 0, 16 * sizeof(unsigned)));

    vec_add<<<blocks, threads>>>(da, db, dc, n);
    CHECK(cudaGetLastError());
    block_sum<<<blocks, threads, threads * sizeof(float)>>>(dc, dp, n);
    CHECK(cudaGetLastError());
    histo<<<4, 64>>>(dk, n, dbins);
    CHECK(cudaDeviceSynchronize());
    unsigned bins[16];
    CHECK(cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(part, dp, blocks * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(bins, dbins, sizeof bins, cudaMemcpyDeviceToHost));

    int bad = 0;
    for (int i = 0; i < n; i++)
        if (c[i] != a[i] + b[i])
            bad++;
    // every value is a multiple of 0.5 and the sums stay small: exact in float
    for (int k = 0; k < blocks; k++) {
        float s = 0;
        for (int i = k * threads; i < n && i < (k + 1) * threads; i++)
            s += a[i] + b[i];
        if (s != part[k]) {
            printf("block %d: %g, expected %g\n", k, part[k], s);
            bad++;
        }
    }
    unsigned want[16] = {0};
    for (int i = 0; i < n; i++)
        want[keys[i] & 15]++;
    for (int k = 0; k < 16; k++)
        if (bins[k] != want[k])
            bad++;

    // the kernel's resources as the simulated GPU sees them
    cudaFuncAttributes fa;
    CHECK(cudaFuncGetAttributes(&fa, block_sum));
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, block_sum, threads, threads * sizeof(float)));
    if (fa.numRegs <= 0 || per_sm <= 0) {
        printf("attributes: %d registers, %d blocks per SM\n", fa.numRegs, per_sm);
        bad++;
    }
    // a launch no GPU accepts fails with an error the program can read
    // (CUDA 13 says cudaErrorInvalidValue, earlier releases InvalidConfiguration)
    vec_add<<<1, 4096>>>(da, db, dc, n);
    cudaError_t e = cudaGetLastError();
    if (e != cudaErrorInvalidValue && e != cudaErrorInvalidConfiguration) {
        printf("oversized block: %s\n", cudaGetErrorName(e));
        bad++;
    }
    if (cudaGetLastError() != cudaSuccess) // read once, then reset
        bad++;
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
    CHECK(cudaFree(dp));
    CHECK(cudaFree(dk));
    CHECK(cudaFree(dbins));
    printf("vecadd_reduce n=%d: %s\n", n, bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
