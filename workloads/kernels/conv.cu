// conv.cu — CONV: separable 2D convolution with a (2R+1)-tap filter held in
// __constant__ memory, as two kernels: a row pass and a column pass. Each
// CTA stages its output tile plus a one-block apron on each side in shared
// memory (zero outside the image), synchronises once, then every thread
// computes STEPS outputs. Row pass: 16x4 CTAs, 8 outputs per thread along x;
// column pass: 16x8 CTAs, 8 outputs per thread along y.
#define R 8

#define ROW_BX 16
#define ROW_BY 4
#define ROW_STEPS 8
#define ROW_HALO 1

#define COL_BX 16
#define COL_BY 8
#define COL_STEPS 8
#define COL_HALO 1

__constant__ float c_filter[2 * R + 1];

extern "C" __global__ void conv_rows(float *dst, const float *src, int w, int h)
{
    __shared__ float s[ROW_BY][(ROW_STEPS + 2 * ROW_HALO) * ROW_BX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = (blockIdx.x * ROW_STEPS - ROW_HALO) * ROW_BX + tx;
    int y = blockIdx.y * ROW_BY + ty;
#pragma unroll
    for (int i = 0; i < ROW_STEPS + 2 * ROW_HALO; i++) {
        int x = x0 + i * ROW_BX;
        s[ty][tx + i * ROW_BX] = (y < h && x >= 0 && x < w) ? src[y * w + x] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int i = ROW_HALO; i < ROW_HALO + ROW_STEPS; i++) {
        float sum = 0.0f;
#pragma unroll
        for (int j = -R; j <= R; j++)
            sum += c_filter[R - j] * s[ty][tx + i * ROW_BX + j];
        int x = x0 + i * ROW_BX;
        if (y < h && x < w)
            dst[y * w + x] = sum;
    }
}

extern "C" __global__ void conv_cols(float *dst, const float *src, int w, int h)
{
    __shared__ float s[COL_BX][(COL_STEPS + 2 * COL_HALO) * COL_BY + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * COL_BX + tx;
    int y0 = (blockIdx.y * COL_STEPS - COL_HALO) * COL_BY + ty;
#pragma unroll
    for (int i = 0; i < COL_STEPS + 2 * COL_HALO; i++) {
        int y = y0 + i * COL_BY;
        s[tx][ty + i * COL_BY] = (x < w && y >= 0 && y < h) ? src[y * w + x] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int i = COL_HALO; i < COL_HALO + COL_STEPS; i++) {
        float sum = 0.0f;
#pragma unroll
        for (int j = -R; j <= R; j++)
            sum += c_filter[R - j] * s[tx][ty + i * COL_BY + j];
        int y = y0 + i * COL_BY;
        if (x < w && y < h)
            dst[y * w + x] = sum;
    }
}
