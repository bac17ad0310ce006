// lps.cu — LPS: one Jacobi sweep of the 3D Laplace equation (after Giles'
// laplace3d, the GPGPU-Sim benchmark). 2D thread blocks (16x8) cover the x-y
// plane; each thread marches along z, averaging its six neighbours. Boundary
// cells (Dirichlet) are copied. Memory-bound with heavy inter-thread reuse
// through the caches.
extern "C" __global__ void laplace3d(int nx, int ny, int nz, const float *__restrict__ u1, float *__restrict__ u2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny)
        return;
    long plane = (long)nx * ny;
    long ind = (long)j * nx + i;
    bool edge = i == 0 || i == nx - 1 || j == 0 || j == ny - 1;
    for (int k = 0; k < nz; k++, ind += plane) {
        float v;
        if (edge || k == 0 || k == nz - 1)
            v = u1[ind];
        else
            v = (u1[ind - 1] + u1[ind + 1] + u1[ind - nx] + u1[ind + nx] + u1[ind - plane] + u1[ind + plane]) *
                (1.0f / 6.0f);
        u2[ind] = v;
    }
}
