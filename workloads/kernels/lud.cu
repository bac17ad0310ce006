// lud.cu — LUD: in-place blocked LU decomposition without pivoting (Rodinia
// lud-like) of an n x n row-major matrix, 16x16 tiles, nb = n/16 steps. At
// step k (tile row/column k):
//   lud_diag      1 CTA of 16 threads: LU of the diagonal tile in shared
//                 memory, thread t owning row t, a barrier per pivot;
//   lud_perimeter nb-k-1 CTAs of 32 threads: CTA b solves the tile right of
//                 the diagonal (row tile k, column tile k+1+b: U = L_kk^-1 A,
//                 threads 0..15 one column each) and the tile below it (row
//                 tile k+1+b, column tile k: L = A U_kk^-1, threads 16..31 one
//                 row each);
//   lud_internal  (nb-k-1)^2 CTAs of 16x16 threads: trailing update
//                 A_ij -= L_ik U_kj, both tiles staged in shared memory.
// The last step is lud_diag alone. L (unit lower, diagonal implied) and U
// overwrite A. Launches with 1 CTA of 16 threads and a few CTAs of 32, and
// internal launches that shrink to a single CTA: too little parallelism to
// fill the GPU for most of the run (Kayiran et al. Type-X).
#define LB 16

extern "C" __global__ void lud_diag(float *a, int n, int k)
{
    __shared__ float s[LB][LB + 1];
    int t = threadIdx.x, o = k * LB;
    for (int i = 0; i < LB; i++)
        s[i][t] = a[(o + i) * n + o + t];
    __syncthreads();
    for (int m = 0; m < LB - 1; m++) {
        if (t > m) {
            float l = s[t][m] / s[m][m];
            s[t][m] = l;
            for (int j = m + 1; j < LB; j++)
                s[t][j] -= l * s[m][j];
        }
        __syncthreads();
    }
    for (int i = 0; i < LB; i++)
        a[(o + i) * n + o + t] = s[i][t];
}

extern "C" __global__ void lud_perimeter(float *a, int n, int k)
{
    __shared__ float d[LB][LB + 1], u[LB][LB + 1], l[LB][LB + 1];
    int t = threadIdx.x, o = k * LB, p = (k + 1 + blockIdx.x) * LB;
    for (int i = 0; i < LB; i++) {
        if (t < LB) {
            d[i][t] = a[(o + i) * n + o + t];
            u[i][t] = a[(o + i) * n + p + t];
        } else {
            l[i][t - LB] = a[(p + i) * n + o + t - LB];
        }
    }
    __syncthreads();
    if (t < LB) {  // column t of U = L_kk^-1 A (unit lower)
        for (int m = 0; m < LB - 1; m++)
            for (int i = m + 1; i < LB; i++)
                u[i][t] -= d[i][m] * u[m][t];
    } else {  // row t-16 of L = A U_kk^-1
        int r = t - LB;
        for (int m = 0; m < LB; m++) {
            float x = l[r][m] / d[m][m];
            l[r][m] = x;
            for (int j = m + 1; j < LB; j++)
                l[r][j] -= x * d[m][j];
        }
    }
    __syncthreads();
    for (int i = 0; i < LB; i++) {
        if (t < LB)
            a[(o + i) * n + p + t] = u[i][t];
        else
            a[(p + i) * n + o + t - LB] = l[i][t - LB];
    }
}

extern "C" __global__ void lud_internal(float *a, int n, int k)
{
    __shared__ float l[LB][LB], u[LB][LB];
    int tx = threadIdx.x, ty = threadIdx.y, o = k * LB;
    int r = (k + 1 + blockIdx.y) * LB + ty, c = (k + 1 + blockIdx.x) * LB + tx;
    l[ty][tx] = a[r * n + o + tx];
    u[ty][tx] = a[(o + ty) * n + c];
    __syncthreads();
    float sum = 0.0f;
#pragma unroll
    for (int m = 0; m < LB; m++)
        sum += l[ty][m] * u[m][tx];
    a[r * n + c] -= sum;
}
