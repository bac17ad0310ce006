// sad.cu — SAD: sums of absolute differences for H.264-style motion
// estimation (Parboil sad-like). For every 16x16 macroblock of the current
// frame and every motion vector (dx, dy) in [-16, 16]^2 (1089 positions),
// the SADs of all 41 sub-block partitions against the reference frame:
// 16 4x4, 8 8x4, 8 4x8, 4 8x8, 2 16x8, 2 8x16, one 16x16. Reference pixels
// outside the frame are the nearest edge pixel (unrestricted motion vectors).
//
// Output: sad[(mb * 41 + shape) * 1089 + pos] as 16-bit values, shapes in
// the order above, each row-major (4x4: by*4+bx; 8x4: Y*2+X; 4x8: Y*4+X;
// 8x8: Y*2+X; 16x8: Y; 8x16: X). The host passes the reference frame with a
// 16-pixel border of replicated edge pixels (the clamping a texture fetch
// would do), (w + 32) x (h + 32).
//
// Three kernels, each with grid (macroblocks, 9) and 128 threads, one search
// position per thread (9*128 >= 1089):
//   sad_4x4   the macroblock in shared memory, the reference read from global
//             memory (L1-cached, as through Parboil's texture): 256 byte loads
//             per position, 16 SADs written;
//   sad_8x8   8x4, 4x8 and 8x8 SADs summed from the 4x4 ones;
//   sad_16x16 16x8, 8x16 and 16x16 SADs summed from the 8x8 ones.
// The first is load/store-unit bound, the other two stream the SAD planes.
// sad_4x4 is held to 32 registers (__maxnreg__), as Fermi-era builds of such
// code were: sm_75's ptxas would otherwise take ~70 and cap a GTX 480 core
// at 3 CTAs where Kayiran et al. run SAD with 8.
#define SAD_R 16
#define SAD_SIDE (2 * SAD_R + 1)
#define SAD_POS (SAD_SIDE * SAD_SIDE)
#define SAD_SHAPES 41

extern "C" __global__ void __maxnreg__(32) sad_4x4(const unsigned char *cur, const unsigned char *ref, int w, int h,
                                   unsigned short *sad)
{
    __shared__ int blk[16][16];
    int mb = blockIdx.x, mbw = w / 16;
    int mx = (mb % mbw) * 16, my = (mb / mbw) * 16;
    for (int k = threadIdx.x; k < 256; k += blockDim.x)
        blk[k / 16][k % 16] = cur[(my + k / 16) * w + mx + k % 16];
    __syncthreads();
    int p = blockIdx.y * blockDim.x + threadIdx.x;
    if (p >= SAD_POS)
        return;
    int dx = p % SAD_SIDE - SAD_R, dy = p / SAD_SIDE - SAD_R, pw = w + 2 * SAD_R;
    const unsigned char *win = ref + (my + dy + SAD_R) * pw + mx + dx + SAD_R;
    unsigned short *out = sad + (size_t)mb * SAD_SHAPES * SAD_POS + p;
    for (int by = 0; by < 4; by++) {
        int s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int yy = 0; yy < 4; yy++) {
            int y = by * 4 + yy;
            const unsigned char *row = win + y * pw;
#pragma unroll
            for (int i = 0; i < 4; i++) {
                s0 += abs(blk[y][i] - row[i]);
                s1 += abs(blk[y][4 + i] - row[4 + i]);
                s2 += abs(blk[y][8 + i] - row[8 + i]);
                s3 += abs(blk[y][12 + i] - row[12 + i]);
            }
        }
        out[(by * 4 + 0) * SAD_POS] = s0;
        out[(by * 4 + 1) * SAD_POS] = s1;
        out[(by * 4 + 2) * SAD_POS] = s2;
        out[(by * 4 + 3) * SAD_POS] = s3;
    }
}

extern "C" __global__ void sad_8x8(unsigned short *sad)
{
    int p = blockIdx.y * blockDim.x + threadIdx.x;
    if (p >= SAD_POS)
        return;
    unsigned short *base = sad + (size_t)blockIdx.x * SAD_SHAPES * SAD_POS + p;
    int s[16];
#pragma unroll
    for (int k = 0; k < 16; k++)
        s[k] = base[k * SAD_POS];
#pragma unroll
    for (int y = 0; y < 4; y++)  // 8x4
#pragma unroll
        for (int x = 0; x < 2; x++)
            base[(16 + y * 2 + x) * SAD_POS] = s[y * 4 + 2 * x] + s[y * 4 + 2 * x + 1];
#pragma unroll
    for (int y = 0; y < 2; y++)  // 4x8
#pragma unroll
        for (int x = 0; x < 4; x++)
            base[(24 + y * 4 + x) * SAD_POS] = s[2 * y * 4 + x] + s[(2 * y + 1) * 4 + x];
#pragma unroll
    for (int y = 0; y < 2; y++)  // 8x8
#pragma unroll
        for (int x = 0; x < 2; x++)
            base[(32 + y * 2 + x) * SAD_POS] = s[2 * y * 4 + 2 * x] + s[2 * y * 4 + 2 * x + 1] +
                                               s[(2 * y + 1) * 4 + 2 * x] + s[(2 * y + 1) * 4 + 2 * x + 1];
}

extern "C" __global__ void sad_16x16(unsigned short *sad)
{
    int p = blockIdx.y * blockDim.x + threadIdx.x;
    if (p >= SAD_POS)
        return;
    unsigned short *base = sad + (size_t)blockIdx.x * SAD_SHAPES * SAD_POS + p;
    int e0 = base[32 * SAD_POS], e1 = base[33 * SAD_POS], e2 = base[34 * SAD_POS], e3 = base[35 * SAD_POS];
    base[36 * SAD_POS] = e0 + e1;  // 16x8, top then bottom
    base[37 * SAD_POS] = e2 + e3;
    base[38 * SAD_POS] = e0 + e2;  // 8x16, left then right
    base[39 * SAD_POS] = e1 + e3;
    base[40 * SAD_POS] = e0 + e1 + e2 + e3;
}
