// scp.cu — SCP: scalar products of many vector pairs, one CTA per pair.
// Each thread accumulates a strided partial sum (coalesced loads), the CTA
// then reduces the partials with a shared-memory tree (one barrier per
// level), and thread 0 writes the result. Memory-bound, barrier-heavy tail.
#define THREADS 256

extern "C" __global__ void scp(float *result, const float *a, const float *b, int n)
{
    __shared__ float partial[THREADS];
    int t = threadIdx.x;
    const float *va = a + (size_t)blockIdx.x * n;
    const float *vb = b + (size_t)blockIdx.x * n;
    float sum = 0.0f;
    for (int i = t; i < n; i += THREADS)
        sum += va[i] * vb[i];
    partial[t] = sum;
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (t < stride)
            partial[t] += partial[t + stride];
    }
    if (t == 0)
        result[blockIdx.x] = partial[0];
}
