// streams.cu — a test program for `ctasim exec`: two streams of work with
// asynchronous copies from pinned memory, events timing the kernels (in
// simulated time), the device's properties; results checked on the CPU.
#include <cstdio>

#define CHECK(call)                                                                \
    do {                                                                           \
        cudaError_t e_ = (call);                                                   \
        if (e_ != cudaSuccess) {                                                   \
            printf("FAIL: %s: %s\n", #call, cudaGetErrorString(e_));              \
            return 1;                                                              \
        }                                                                          \
    } while (0)

__global__ void saxpy(float a, const float *x, float *y, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = a * x[i] + y[i];
}

int main()
{
    cudaDeviceProp p;
    int count = 0, sms = 0, warp = 0, clock_khz = 0;
    CHECK(cudaGetDeviceCount(&count));
    CHECK(cudaSetDevice(0));
    CHECK(cudaGetDeviceProperties(&p, 0));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0));
    CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    printf("device: %s, %d SMs, warp %d, %d kHz, cc %d.%d, %zu B shared per block\n", p.name,
           p.multiProcessorCount, p.warpSize, clock_khz, p.major, p.minor, p.sharedMemPerBlock);
    int bad = count != 1 || sms != p.multiProcessorCount || warp != 32 || p.maxThreadsPerBlock <= 0 ||
              clock_khz <= 0;

    const int n = 4096, half = n / 2;
    float *x, *y;
    CHECK(cudaMallocHost(&x, n * sizeof(float)));
    CHECK(cudaHostAlloc(&y, n * sizeof(float), cudaHostAllocDefault));
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 50), y[i] = (float)(i % 7);
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    cudaStream_t s[2];
    cudaEvent_t start, stop;
    CHECK(cudaStreamCreate(&s[0]));
    CHECK(cudaStreamCreateWithFlags(&s[1], cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start, 0));
    for (int k = 0; k < 2; k++) {
        int off = k * half;
        CHECK(cudaMemcpyAsync(dx + off, x + off, half * sizeof(float), cudaMemcpyHostToDevice, s[k]));
        CHECK(cudaMemcpyAsync(dy + off, y + off, half * sizeof(float), cudaMemcpyHostToDevice, s[k]));
        saxpy<<<8, 128, 0, s[k]>>>(2.0f, dx + off, dy + off, half);
        CHECK(cudaMemcpyAsync(y + off, dy + off, half * sizeof(float), cudaMemcpyDeviceToHost, s[k]));
    }
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaStreamSynchronize(s[0]));
    CHECK(cudaStreamSynchronize(s[1]));
    CHECK(cudaEventSynchronize(stop));
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("two streams: %.6f ms of simulated time\n", ms);
    if (!(ms > 0))
        bad++;
    for (int i = 0; i < n; i++)
        if (y[i] != 2.0f * (float)(i % 50) + (float)(i % 7))
            bad++;
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaStreamDestroy(s[0]));
    CHECK(cudaStreamDestroy(s[1]));
    CHECK(cudaFreeHost(x));
    CHECK(cudaFreeHost(y));
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
    CHECK(cudaDeviceReset());
    printf("streams: %s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
