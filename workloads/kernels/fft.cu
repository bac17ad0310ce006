// fft.cu — FFT: forward complex FFT of many independent 1024-point signals
// (float2), radix-4 decimation in frequency, three launches per batch:
//
//   fft_r4_pass   one radix-4 stage over global memory, in place, one thread
//                 per butterfly: sub-transforms of length L (1024, then 256)
//                 split into four of length L/4. The butterfly of thread j
//                 reads x[j + k*L/4], k = 0..3 (coalesced: strided by L/4
//                 across its four loads), multiplies outputs 1..3 by the
//                 twiddles W_L^(j*m) from a table and writes them back where
//                 it read them;
//   fft_r4_shared one CTA of 256 threads per signal: the last three stages
//                 (L = 64, 16, 4: sixteen 64-point sub-transforms) in shared
//                 memory with a barrier between stages, then the base-4 digit
//                 reversal that puts the spectrum in natural order, read from
//                 shared memory so the global stores are coalesced.
//
// Two full read-write sweeps of the data with about ten flops per element
// each, then a shared-memory kernel: memory-bound overall (Kayiran et al.
// Type-M). Every product and sum is an explicit round-to-nearest intrinsic so
// the host reference can repeat the arithmetic exactly (no fused
// multiply-adds other than those written as __fmaf_rn).
//
// tw[k] = exp(-2 pi i k / 1024), k = 0..1023, from the host; W_L^e is
// tw[e * 1024 / L].
#define FFT_N 1024
#define FFT_LOG_N 10

__device__ __forceinline__ float2 cmul(float2 a, float2 w)
{
    // (a.x w.x - a.y w.y) + i (a.x w.y + a.y w.x), two roundings per part
    return make_float2(__fmaf_rn(a.x, w.x, -__fmul_rn(a.y, w.y)), __fmaf_rn(a.x, w.y, __fmul_rn(a.y, w.x)));
}

__device__ __forceinline__ float2 cadd(float2 a, float2 b)
{
    return make_float2(__fadd_rn(a.x, b.x), __fadd_rn(a.y, b.y));
}

__device__ __forceinline__ float2 csub(float2 a, float2 b)
{
    return make_float2(__fsub_rn(a.x, b.x), __fsub_rn(a.y, b.y));
}

// y_m = sum_k a_k (-i)^(k m), then y_m *= W_L^(j m) for m = 1..3.
__device__ __forceinline__ void butterfly(float2 &a0, float2 &a1, float2 &a2, float2 &a3, const float2 *tw, int e)
{
    float2 t0 = cadd(a0, a2), t1 = csub(a0, a2), t2 = cadd(a1, a3), d = csub(a1, a3);
    float2 t3 = make_float2(d.y, -d.x);  // (a1 - a3) * -i
    a0 = cadd(t0, t2);
    a1 = cmul(cadd(t1, t3), tw[e]);
    a2 = cmul(csub(t0, t2), tw[2 * e]);
    a3 = cmul(csub(t1, t3), tw[3 * e]);
}

// One stage for sub-transforms of length L = 4 << lq (twiddle stride
// 1024 / L = 1 << tshift); grid * block = signals * 256 threads.
extern "C" __global__ void fft_r4_pass(float2 *x, const float2 *__restrict__ tw, int lq, int tshift)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int b = g & (FFT_N / 4 - 1), q = 1 << lq, j = b & (q - 1);
    float2 *p = x + (size_t)(g >> (FFT_LOG_N - 2)) * FFT_N + ((b >> lq) << (lq + 2)) + j;
    float2 a0 = p[0], a1 = p[q], a2 = p[2 * q], a3 = p[3 * q];
    butterfly(a0, a1, a2, a3, tw, j << tshift);
    p[0] = a0;
    p[q] = a1;
    p[2 * q] = a2;
    p[3 * q] = a3;
}

// Shared-memory slot of element i: its low four bits are XORed with bits
// 4..7 and 8..9 of i, so the strided accesses of the stages and of the
// digit-reversed read spread over the banks.
__device__ __forceinline__ int slot(int i) { return i ^ (((i >> 4) ^ (i >> 8)) & 15); }

extern "C" __global__ void __maxnreg__(32) fft_r4_shared(const float2 *x, const float2 *__restrict__ tw,
                                                                 float2 *out)
{
    __shared__ float2 s[FFT_N];
    int t = threadIdx.x;
    const float2 *in = x + (size_t)blockIdx.x * FFT_N;
    for (int i = t; i < FFT_N; i += 256)
        s[slot(i)] = in[i];
    __syncthreads();
#pragma unroll
    for (int lq = 4; lq >= 0; lq -= 2) {  // L = 64, 16, 4
        int q = 1 << lq, j = t & (q - 1);
        int base = ((t >> lq) << (lq + 2)) + j;
        float2 a0 = s[slot(base)], a1 = s[slot(base + q)], a2 = s[slot(base + 2 * q)], a3 = s[slot(base + 3 * q)];
        butterfly(a0, a1, a2, a3, tw, j << (FFT_LOG_N - 2 - lq));
        s[slot(base)] = a0;
        s[slot(base + q)] = a1;
        s[slot(base + 2 * q)] = a2;
        s[slot(base + 3 * q)] = a3;
        __syncthreads();
    }
    // X[o] sits at the base-4 digit reversal of o: reverse the ten bits,
    // then swap the bits of each pair.
    float2 *o = out + (size_t)blockIdx.x * FFT_N;
    for (int i = t; i < FFT_N; i += 256) {
        unsigned r = __brev((unsigned)i) >> (32 - FFT_LOG_N);
        r = ((r & 0x155u) << 1) | ((r >> 1) & 0x155u);
        o[i] = s[slot((int)r)];
    }
}
