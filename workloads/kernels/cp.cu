// cp.cu — CP: Coulombic potential on a 2D slice of a 3D lattice. Atoms live
// in __constant__ memory as float4 (x, y, dz^2, charge), every thread of a
// warp reads the same atom (constant-cache broadcast). Each thread of a 16x8
// CTA accumulates UNROLL grid points spaced 16 apart along x (coalesced
// stores) and adds its sums to the energy grid, so the host can launch once
// per chunk of atoms. Very compute-bound: rsqrtf and FMAs per atom.
#define MAX_ATOMS 2048
#define BX 16
#define UNROLL 8

__constant__ float4 c_atoms[MAX_ATOMS];

extern "C" __global__ void cp(float *energy, int natoms, float spacing)
{
    int xi = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    int yi = blockIdx.y * blockDim.y + threadIdx.y;
    int row = gridDim.x * blockDim.x * UNROLL;
    float cy = spacing * yi;
    float cx = spacing * xi;
    float step = spacing * BX;
    float e[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; u++)
        e[u] = 0.0f;
    for (int a = 0; a < natoms; a++) {
        float4 at = c_atoms[a];
        float dy = cy - at.y;
        float dyz2 = dy * dy + at.z;
        float dx = cx - at.x;
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
            e[u] += at.w * rsqrtf(dx * dx + dyz2);
            dx += step;
        }
    }
    float *out = energy + yi * row + xi;
#pragma unroll
    for (int u = 0; u < UNROLL; u++)
        out[u * BX] += e[u];
}
