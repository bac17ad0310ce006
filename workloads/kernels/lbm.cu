// lbm.cu — LBM: lattice Boltzmann D3Q19 stream-and-collide (Parboil lbm-like),
// struct-of-arrays layout (distribution q of cell c at f[q * ncells + c]).
// One thread per cell, a block per x-row (grid = ny x nz as Parboil's). Each
// thread pulls its 19 incoming populations from the neighbours (periodic
// wrap), then either bounces them back (obstacle cell) or relaxes them
// towards the local equilibrium (BGK, relaxation rate omega). Memory-bound:
// 19 loads and 19 stores per cell, little reuse.
#define Q 19

// c . u for a lattice direction with components in {-1, 0, 1}; after
// unrolling the branches fold away, leaving only the adds that are needed.
__device__ __forceinline__ float dot_c(int a, int b, int c, float x, float y, float z)
{
    float r;
    if (a != 0) {
        r = a > 0 ? x : -x;
        if (b != 0)
            r = b > 0 ? r + y : r - y;
        if (c != 0)
            r = c > 0 ? r + z : r - z;
    } else if (b != 0) {
        r = b > 0 ? y : -y;
        if (c != 0)
            r = c > 0 ? r + z : r - z;
    } else if (c != 0) {
        r = c > 0 ? z : -z;
    } else {
        r = 0.0f;
    }
    return r;
}

extern "C" __global__ void lbm_stream_collide(const float *__restrict__ src, float *__restrict__ dst,
                                              const unsigned char *__restrict__ obstacle, int nx, int ny, int nz,
                                              float omega)
{
    const int cx[Q] = {0, 0, 0, 1, -1, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1};
    const int cy[Q] = {0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 0, 0, 0};
    const int cz[Q] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1};
    const int opp[Q] = {0, 2, 1, 4, 3, 6, 5, 10, 9, 8, 7, 14, 13, 12, 11, 18, 17, 16, 15};
    const float w[Q] = {1.0f / 3, 1.0f / 18, 1.0f / 18, 1.0f / 18, 1.0f / 18, 1.0f / 18, 1.0f / 18,
                        1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36,
                        1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x >= nx)
        return;
    int n = nx * ny * nz, cell = (z * ny + y) * nx + x;
    float f[Q];
#pragma unroll
    for (int q = 0; q < Q; q++) {
        int sx = x - cx[q], sy = y - cy[q], sz = z - cz[q];
        sx = sx < 0 ? sx + nx : (sx >= nx ? sx - nx : sx);
        sy = sy < 0 ? sy + ny : (sy >= ny ? sy - ny : sy);
        sz = sz < 0 ? sz + nz : (sz >= nz ? sz - nz : sz);
        f[q] = src[q * n + (sz * ny + sy) * nx + sx];
    }
    if (obstacle[cell]) {
#pragma unroll
        for (int q = 0; q < Q; q++)
            dst[q * n + cell] = f[opp[q]];
        return;
    }
    // density and momentum, written out per direction as Parboil does
    float rho = f[0];
#pragma unroll
    for (int q = 1; q < Q; q++)
        rho += f[q];
    float ux = f[3] - f[4] + f[7] - f[8] + f[9] - f[10] + f[15] + f[16] - f[17] - f[18];
    float uy = f[1] - f[2] + f[7] + f[8] - f[9] - f[10] + f[11] + f[12] - f[13] - f[14];
    float uz = f[5] - f[6] + f[11] - f[12] + f[13] - f[14] + f[15] - f[16] + f[17] - f[18];
    ux /= rho;
    uy /= rho;
    uz /= rho;
    float u2 = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < Q; q++) {
        float cu = dot_c(cx[q], cy[q], cz[q], ux, uy, uz);
        float feq = w[q] * rho * (1.0f + 3.0f * cu + 4.5f * cu * cu - u2);
        dst[q * n + cell] = f[q] + omega * (feq - f[q]);
    }
}
