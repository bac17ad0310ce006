// nn.cu — NN: forward pass of a small convolutional network over a batch of
// 29x29 images, in the shape of the SDK's digit-recognition network (128
// hidden units where it has 100, so output tiles fill warps): four launches,
// the weights in global memory shared by every CTA (read through the L1, a
// warp touching one or two weight rows at a time):
//
//   nn_layer1   one CTA per image: 29x29 -> 6 maps of 13x13, 5x5 kernels,
//               stride 2; the image in shared memory, one thread per output
//               position (169 threads) computing all six maps;
//   nn_layer2   one CTA per image: 6x13x13 -> 50 maps of 5x5, 5x5x6
//               kernels, stride 2; layer 1's maps in shared memory, 25x10
//               threads, thread (p, g) computing position p of maps
//               5g .. 5g+4 (150 multiply-adds each);
//   nn_layer3   1250 -> 128 fully connected over tiles of 4 images and 32
//               units (a small matrix product: each weight loaded serves 4
//               images), the inputs split over 4 warps;
//   nn_layer4   128 -> 10, one thread per image and output.
//
// act(x) = x / (1 + |x|) (softsign) after layers 1-3; the 10 outputs are the
// raw scores. Weight rows start with the bias (layer 3 has its own bias
// array, layer 4's transposed weights have them in row 0). Sums run in a
// fixed order with __fmaf_rn, so the host reference repeats them exactly.
// Mostly multiply-adds on shared and cached operands: compute-bound (Kayiran
// et al. Type-C).
#define NN_IN 29
#define NN_M1 6
#define NN_S1 13
#define NN_M2 50
#define NN_S2 5
#define NN_K 5
#define NN_H 128
#define NN_OUT 10
#define NN_L2_IN (NN_M1 * NN_S1 * NN_S1)  // 1014
#define NN_L3_IN (NN_M2 * NN_S2 * NN_S2)  // 1250

__device__ __forceinline__ float act(float x) { return __fdiv_rn(x, __fadd_rn(1.0f, fabsf(x))); }

// w1[m][26], block 169 threads
extern "C" __global__ void nn_layer1(const float *img, const float *__restrict__ w1, float *out1)
{
    __shared__ float s[NN_IN * NN_IN];
    int t = threadIdx.x;
    const float *in = img + (size_t)blockIdx.x * NN_IN * NN_IN;
    for (int i = t; i < NN_IN * NN_IN; i += blockDim.x)
        s[i] = in[i];
    __syncthreads();
    int y = t / NN_S1, x = t % NN_S1;
    float *o = out1 + (size_t)blockIdx.x * NN_L2_IN + t;
#pragma unroll 1
    for (int m = 0; m < NN_M1; m++) {
        const float *w = w1 + m * (NN_K * NN_K + 1);
        float sum = w[0];
#pragma unroll 1
        for (int ky = 0; ky < NN_K; ky++)
#pragma unroll
            for (int kx = 0; kx < NN_K; kx++)
                sum = __fmaf_rn(w[1 + ky * NN_K + kx], s[(2 * y + ky) * NN_IN + 2 * x + kx], sum);
        o[m * NN_S1 * NN_S1] = act(sum);
    }
}

// w2[m][151], block (25, 10)
extern "C" __global__ void __maxnreg__(32) nn_layer2(const float *out1, const float *__restrict__ w2, float *out2)
{
    __shared__ float s[NN_L2_IN];
    int p = threadIdx.x, g = threadIdx.y, t = g * blockDim.x + p;
    const float *in = out1 + (size_t)blockIdx.x * NN_L2_IN;
    for (int i = t; i < NN_L2_IN; i += blockDim.x * blockDim.y)
        s[i] = in[i];
    __syncthreads();
    const int W = 1 + NN_M1 * NN_K * NN_K;
    const float *w = w2 + 5 * g * W;
    float a0 = w[0], a1 = w[W], a2 = w[2 * W], a3 = w[3 * W], a4 = w[4 * W];
    int y = p / NN_S2, x = p % NN_S2;
    for (int c = 0; c < NN_M1; c++)
        for (int ky = 0; ky < NN_K; ky++)
#pragma unroll
            for (int kx = 0; kx < NN_K; kx++) {
                int k = 1 + (c * NN_K + ky) * NN_K + kx;
                float v = s[c * NN_S1 * NN_S1 + (2 * y + ky) * NN_S1 + 2 * x + kx];
                a0 = __fmaf_rn(w[k], v, a0);
                a1 = __fmaf_rn(w[W + k], v, a1);
                a2 = __fmaf_rn(w[2 * W + k], v, a2);
                a3 = __fmaf_rn(w[3 * W + k], v, a3);
                a4 = __fmaf_rn(w[4 * W + k], v, a4);
            }
    float *o = out2 + (size_t)blockIdx.x * NN_L3_IN + 5 * g * NN_S2 * NN_S2 + p;
    o[0] = act(a0);
    o[25] = act(a1);
    o[50] = act(a2);
    o[75] = act(a3);
    o[100] = act(a4);
}

// b3[128] and w3[320][128][4]: the weight of input i for unit o at
// w3[i/4][o][i%4], the inputs padded to 1280 with zero weights (and zero
// activations, which leave the sums unchanged). grid (images / 4, 128 / 32),
// block (32, 4): thread (o, k) computes unit 32 * blockIdx.y + o for the
// CTA's 4 images over the input groups g = k (mod 4): one float4 load
// (coalesced: a warp reads 512 contiguous bytes) brings the four weights of
// a group, which feed sixteen multiply-adds, and the four slices give the
// CTA 4 warps to hide the loads' latency. Layer 2's outputs are staged in
// shared memory 256 inputs at a time, image-minor, and read as float4; the
// slices' partial sums (slice 0 starts from the bias) are added in slice
// order at the end.
#define NN_IMG_T 4
#define NN_CHUNK 256
#define NN_L3_PAD 1280
extern "C" __global__ void __maxnreg__(40) nn_layer3(const float *out2, const float *__restrict__ b3,
                                                     const float4 *__restrict__ w3, float *hid)
{
    __shared__ float4 s[NN_CHUNK];
    __shared__ float4 part[3][32];
    int o = blockIdx.y * 32 + threadIdx.x, ks = threadIdx.y, t = ks * 32 + threadIdx.x;
    const float *in = out2 + (size_t)blockIdx.x * NN_IMG_T * NN_L3_IN;
    float b = ks == 0 ? b3[o] : 0.0f, a0 = b, a1 = b, a2 = b, a3 = b;
    for (int c0 = 0; c0 < NN_L3_PAD; c0 += NN_CHUNK) {
        __syncthreads();
        for (int k = t; k < NN_CHUNK * NN_IMG_T; k += 128) {
            int img = k / NN_CHUNK, i = k % NN_CHUNK;
            ((float *)&s[i])[img] = c0 + i < NN_L3_IN ? in[img * NN_L3_IN + c0 + i] : 0.0f;
        }
        __syncthreads();
        const float4 *wp = w3 + (size_t)(c0 / 4 + ks) * NN_H + o;
#pragma unroll 2
        for (int g = ks; g < NN_CHUNK / 4; g += 4, wp += 4 * NN_H) {
            float4 w = *wp, v0 = s[4 * g], v1 = s[4 * g + 1], v2 = s[4 * g + 2], v3 = s[4 * g + 3];
            a0 = __fmaf_rn(w.x, v0.x, a0);
            a1 = __fmaf_rn(w.x, v0.y, a1);
            a2 = __fmaf_rn(w.x, v0.z, a2);
            a3 = __fmaf_rn(w.x, v0.w, a3);
            a0 = __fmaf_rn(w.y, v1.x, a0);
            a1 = __fmaf_rn(w.y, v1.y, a1);
            a2 = __fmaf_rn(w.y, v1.z, a2);
            a3 = __fmaf_rn(w.y, v1.w, a3);
            a0 = __fmaf_rn(w.z, v2.x, a0);
            a1 = __fmaf_rn(w.z, v2.y, a1);
            a2 = __fmaf_rn(w.z, v2.z, a2);
            a3 = __fmaf_rn(w.z, v2.w, a3);
            a0 = __fmaf_rn(w.w, v3.x, a0);
            a1 = __fmaf_rn(w.w, v3.y, a1);
            a2 = __fmaf_rn(w.w, v3.z, a2);
            a3 = __fmaf_rn(w.w, v3.w, a3);
        }
    }
    if (ks > 0)
        part[ks - 1][threadIdx.x] = make_float4(a0, a1, a2, a3);
    __syncthreads();
    if (ks == 0) {
        for (int k = 0; k < 3; k++) {
            float4 q = part[k][threadIdx.x];
            a0 = __fadd_rn(a0, q.x);
            a1 = __fadd_rn(a1, q.y);
            a2 = __fadd_rn(a2, q.z);
            a3 = __fadd_rn(a3, q.w);
        }
        float *h = hid + (size_t)blockIdx.x * NN_IMG_T * NN_H + o;
        h[0] = act(a0);
        h[NN_H] = act(a1);
        h[2 * NN_H] = act(a2);
        h[3 * NN_H] = act(a3);
    }
}

// w4t[1 + 128][10], input-major; one thread per (image, output), block 80
extern "C" __global__ void nn_layer4(const float *hid, const float *__restrict__ w4t, float *score)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x, img = g / NN_OUT, o = g % NN_OUT;
    const float *h = hid + (size_t)img * NN_H;
    float sum = w4t[o];
    for (int i = 0; i < NN_H; i++)
        sum = __fmaf_rn(w4t[(1 + i) * NN_OUT + o], h[i], sum);
    score[g] = sum;
}
