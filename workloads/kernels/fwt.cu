// fwt.cu — FWT: fast Walsh-Hadamard transform (in place, natural order) in
// the structure of the CUDA SDK's fastWalshTransform:
//  * fwt_global: one radix-4 pass (two butterfly stages, strides 2s and s)
//    over global memory, one launch per pass, for the large strides;
//  * fwt_shared: the remaining stages of 2^log2n-element blocks, one CTA of
//    2^log2n / 4 threads per block, in (dynamic) shared memory: radix-4
//    stages then, for odd log2n, a final radix-2 stage; barriers between;
//  * modulate: a[i] *= b[i] / N (pointwise product of two spectra), so that
//    fwt(modulate(fwt(data), fwt(kernel))) is the dyadic convolution.
extern "C" __global__ void fwt_shared(float *dst, const float *src, int log2n)
{
    extern __shared__ float s[];
    int n = 1 << log2n;
    int base = blockIdx.x << log2n;
    for (int p = threadIdx.x; p < n; p += blockDim.x)
        s[p] = src[base + p];
    int p = threadIdx.x;
    for (int stride = n >> 2; stride > 0; stride >>= 2) {
        int lo = p & (stride - 1);
        int i0 = ((p - lo) << 2) + lo;
        int i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
        __syncthreads();
        float d0 = s[i0], d1 = s[i1], d2 = s[i2], d3 = s[i3];
        float e0 = d0 + d2, e2 = d0 - d2;
        float e1 = d1 + d3, e3 = d1 - d3;
        s[i0] = e0 + e1;
        s[i1] = e0 - e1;
        s[i2] = e2 + e3;
        s[i3] = e2 - e3;
    }
    if (log2n & 1) {
        __syncthreads();
        for (int q = threadIdx.x; q < n / 2; q += blockDim.x) {
            int i0 = q << 1;
            float d0 = s[i0], d1 = s[i0 + 1];
            s[i0] = d0 + d1;
            s[i0 + 1] = d0 - d1;
        }
    }
    __syncthreads();
    for (int q = threadIdx.x; q < n; q += blockDim.x)
        dst[base + q] = s[q];
}

extern "C" __global__ void fwt_global(float *dst, const float *src, int stride)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = p & (stride - 1);
    int i0 = ((p - lo) << 2) + lo;
    int i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
    float d0 = src[i0], d1 = src[i1], d2 = src[i2], d3 = src[i3];
    float e0 = d0 + d2, e2 = d0 - d2;
    float e1 = d1 + d3, e3 = d1 - d3;
    dst[i0] = e0 + e1;
    dst[i1] = e0 - e1;
    dst[i2] = e2 + e3;
    dst[i3] = e2 - e3;
}

extern "C" __global__ void modulate(float *a, const float *b, int n)
{
    float rcp = 1.0f / (float)n;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        a[i] *= b[i] * rcp;
}
