// fd3d.cu — 3DFD: 3D finite difference, 8th order in space (radius 4 along
// each axis), in the style of the CUDA SDK's FDTD3d. 16x16 thread blocks tile
// the x-y plane; each thread marches along z keeping 4 planes behind and 4 in
// front in a register queue, and the current plane (with a 4-cell halo) is
// staged in shared memory. Coefficients live in __constant__ memory. The
// volume is padded by 4 cells on every side; only the interior is written.
#define R 4
#define BX 16
#define BY 16

__constant__ float fd3d_coeff[R + 1];

extern "C" __global__ void fd3d(float *__restrict__ out, const float *__restrict__ in, int dimx, int dimy, int dimz)
{
    __shared__ float tile[BY + 2 * R][BX + 2 * R];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    int sy = dimx + 2 * R;
    long sz = (long)sy * (dimy + 2 * R);
    long idx = (long)(gy + R) * sy + gx + R + R * sz; // padded z = R: first output plane
    float behind[R], infront[R], current;
#pragma unroll
    for (int i = 0; i < R; i++) {
        behind[i] = in[idx - (i + 1) * sz];
        infront[i] = in[idx + (i + 1) * sz];
    }
    current = in[idx];
    for (int z = 0; z < dimz; z++) {
        if (z > 0) {
            // advance the queue by one plane
#pragma unroll
            for (int i = R - 1; i > 0; i--)
                behind[i] = behind[i - 1];
            behind[0] = current;
            current = infront[0];
#pragma unroll
            for (int i = 0; i < R - 1; i++)
                infront[i] = infront[i + 1];
            infront[R - 1] = in[idx + R * sz];
        }
        __syncthreads(); // the previous plane is no longer read
        if (ty < R) {
            tile[ty][tx + R] = in[idx - R * sy];
            tile[ty + BY + R][tx + R] = in[idx + BY * sy];
        }
        if (tx < R) {
            tile[ty + R][tx] = in[idx - R];
            tile[ty + R][tx + BX + R] = in[idx + BX];
        }
        tile[ty + R][tx + R] = current;
        __syncthreads();
        float v = fd3d_coeff[0] * current;
#pragma unroll
        for (int i = 1; i <= R; i++)
            v += fd3d_coeff[i] * (infront[i - 1] + behind[i - 1] + tile[ty + R - i][tx + R] + tile[ty + R + i][tx + R] +
                                  tile[ty + R][tx + R - i] + tile[ty + R][tx + R + i]);
        out[idx] = v;
        idx += sz;
    }
}
