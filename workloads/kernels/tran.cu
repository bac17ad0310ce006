// tran.cu — TRAN: out = in^T for a w x h row-major matrix (out is h x w).
// Each 16x16 CTA stages one tile in shared memory, padded to 17 columns so
// the column-wise read-back is free of bank conflicts; reads and writes of
// global memory are both row-wise (coalesced). One barrier per CTA.
#define TILE 16

extern "C" __global__ void tran(const float *in, float *out, int w, int h)
{
    __shared__ float tile[TILE][TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TILE + tx;
    int y = blockIdx.y * TILE + ty;
    if (x < w && y < h)
        tile[ty][tx] = in[y * w + x];
    __syncthreads();
    // the transposed tile: block (bx, by) of in becomes block (by, bx) of out
    x = blockIdx.y * TILE + tx; // column of out, < h
    y = blockIdx.x * TILE + ty; // row of out, < w
    if (x < h && y < w)
        out[y * h + x] = tile[tx][ty];
}
