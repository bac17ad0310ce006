// hot.cu — HOT: HotSpot thermal simulation (Rodinia hotspot-like). A 2D grid of
// temperatures is advanced `iters` explicit time steps per launch with the
// "pyramid" scheme: each 16x16 block loads a tile (temperature and power) into
// shared memory, runs the steps in shared memory with a barrier after each,
// the valid region shrinking by one cell per step, and writes back only its
// inner (16 - 2*pyr)^2 cells. Grid borders are clamped (a neighbour outside
// the chip is the cell itself).
#define BS 16

extern "C" __global__ void hotspot(int iters, int pyr, const float *power, const float *src, float *dst, int cols,
                                   int rows, float step_div_cap, float rx1, float ry1, float rz1, float amb)
{
    __shared__ float t[BS][BS];
    __shared__ float p[BS][BS];
    __shared__ float tn[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int small = BS - 2 * pyr;
    int blk_x = small * (int)blockIdx.x - pyr, blk_y = small * (int)blockIdx.y - pyr;
    int gx = blk_x + tx, gy = blk_y + ty;
    bool inside = gx >= 0 && gx < cols && gy >= 0 && gy < rows;
    if (inside) {
        t[ty][tx] = src[gy * cols + gx];
        p[ty][tx] = power[gy * cols + gx];
    }
    __syncthreads();
    // the part of the tile that lies on the chip
    int vxmin = blk_x < 0 ? -blk_x : 0, vymin = blk_y < 0 ? -blk_y : 0;
    int vxmax = blk_x + BS > cols ? cols - 1 - blk_x : BS - 1;
    int vymax = blk_y + BS > rows ? rows - 1 - blk_y : BS - 1;
    int n = ty - 1 < vymin ? vymin : ty - 1, s = ty + 1 > vymax ? vymax : ty + 1;
    int w = tx - 1 < vxmin ? vxmin : tx - 1, e = tx + 1 > vxmax ? vxmax : tx + 1;
    bool computed = false;
    for (int i = 0; i < iters; i++) {
        computed = false;
        if (inside && tx >= i + 1 && tx <= BS - 2 - i && ty >= i + 1 && ty <= BS - 2 - i) {
            computed = true;
            float c = t[ty][tx];
            tn[ty][tx] = c + step_div_cap * (p[ty][tx] + (t[s][tx] + t[n][tx] - 2.0f * c) * ry1 +
                                             (t[ty][e] + t[ty][w] - 2.0f * c) * rx1 + (amb - c) * rz1);
        }
        __syncthreads();
        if (i == iters - 1)
            break;
        if (computed)
            t[ty][tx] = tn[ty][tx];
        __syncthreads();
    }
    if (computed && tx >= pyr && tx < BS - pyr && ty >= pyr && ty < BS - pyr)
        dst[gy * cols + gx] = tn[ty][tx];
}
