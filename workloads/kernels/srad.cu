// srad.cu — SRAD: speckle-reducing anisotropic diffusion (Rodinia srad_v2-like),
// two kernels per iteration on 16x16 blocks with shared-memory tiles:
//  srad_coeff:  directional derivatives (N, S, W, E) and the diffusion
//               coefficient c from the instantaneous coefficient of variation;
//  srad_update: divergence of c * gradient and the image update
//               J += lambda/4 * div.
// Image borders are clamped (a neighbour outside the image is the pixel itself).
#define BS 16

extern "C" __global__ void srad_coeff(const float *J, float *dN, float *dS, float *dW, float *dE, float *C,
                                      int rows, int cols, float q0sqr)
{
    __shared__ float sJ[BS + 2][BS + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int j = blockIdx.x * BS + tx, i = blockIdx.y * BS + ty;
    int k = i * cols + j;
    sJ[ty + 1][tx + 1] = J[k];
    if (ty == 0)
        sJ[0][tx + 1] = J[(i > 0 ? i - 1 : 0) * cols + j];
    if (ty == BS - 1)
        sJ[BS + 1][tx + 1] = J[(i < rows - 1 ? i + 1 : rows - 1) * cols + j];
    if (tx == 0)
        sJ[ty + 1][0] = J[i * cols + (j > 0 ? j - 1 : 0)];
    if (tx == BS - 1)
        sJ[ty + 1][BS + 1] = J[i * cols + (j < cols - 1 ? j + 1 : cols - 1)];
    __syncthreads();
    float jc = sJ[ty + 1][tx + 1];
    float n = sJ[ty][tx + 1] - jc, s = sJ[ty + 2][tx + 1] - jc;
    float w = sJ[ty + 1][tx] - jc, e = sJ[ty + 1][tx + 2] - jc;
    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float c = 1.0f / (1.0f + den);
    c = c < 0.0f ? 0.0f : (c > 1.0f ? 1.0f : c);
    dN[k] = n;
    dS[k] = s;
    dW[k] = w;
    dE[k] = e;
    C[k] = c;
}

extern "C" __global__ void srad_update(float *J, const float *dN, const float *dS, const float *dW, const float *dE,
                                       const float *C, int rows, int cols, float lambda)
{
    __shared__ float sC[BS + 1][BS + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int j = blockIdx.x * BS + tx, i = blockIdx.y * BS + ty;
    int k = i * cols + j;
    sC[ty][tx] = C[k];
    if (ty == BS - 1)
        sC[BS][tx] = C[(i < rows - 1 ? i + 1 : rows - 1) * cols + j];
    if (tx == BS - 1)
        sC[ty][BS] = C[i * cols + (j < cols - 1 ? j + 1 : cols - 1)];
    __syncthreads();
    float cc = sC[ty][tx], cs = sC[ty + 1][tx], ce = sC[ty][tx + 1];
    float d = cc * dN[k] + cs * dS[k] + cc * dW[k] + ce * dE[k];
    J[k] = J[k] + 0.25f * lambda * d;
}
