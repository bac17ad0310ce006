// stn.cu — STN: 7-point 3D stencil (Parboil stencil-like). 32x4 thread blocks
// tile the x-y plane; each thread marches along z keeping the planes below,
// at and above in registers (a register queue), and stages the current plane
// with a one-cell halo in shared memory (two barriers per plane). Only
// interior cells are written; the host keeps both buffers' borders equal.
//   next = c1 * (top + bottom + south + north + east + west) - c0 * centre
#define TX 32
#define TY 4

extern "C" __global__ void stencil7(float c0, float c1, const float *__restrict__ a0, float *__restrict__ anext,
                                    int nx, int ny, int nz)
{
    __shared__ float sh[TY + 2][TX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = blockIdx.x * TX + tx, j = blockIdx.y * TY + ty;
    bool in_xy = i < nx && j < ny;
    bool interior = i > 0 && i < nx - 1 && j > 0 && j < ny - 1;
    long plane = (long)nx * ny, idx = (long)j * nx + i;
    float bottom = in_xy ? a0[idx] : 0.0f;
    float cur = in_xy ? a0[idx + plane] : 0.0f;
    for (int k = 1; k < nz - 1; k++) {
        long base = k * plane;
        float top = in_xy ? a0[base + plane + idx] : 0.0f;
        __syncthreads(); // the previous plane is no longer read
        sh[ty + 1][tx + 1] = cur;
        if (tx == 0)
            sh[ty + 1][0] = (i > 0 && j < ny) ? a0[base + idx - 1] : 0.0f;
        if (tx == TX - 1)
            sh[ty + 1][TX + 1] = (i + 1 < nx && j < ny) ? a0[base + idx + 1] : 0.0f;
        if (ty == 0)
            sh[0][tx + 1] = (j > 0 && i < nx) ? a0[base + idx - nx] : 0.0f;
        if (ty == TY - 1)
            sh[TY + 1][tx + 1] = (j + 1 < ny && i < nx) ? a0[base + idx + nx] : 0.0f;
        __syncthreads();
        if (interior)
            anext[base + idx] =
                (top + bottom + sh[ty + 2][tx + 1] + sh[ty][tx + 1] + sh[ty + 1][tx + 2] + sh[ty + 1][tx]) * c1 -
                cur * c0;
        bottom = cur;
        cur = top;
    }
}
