// madd.cu — MADD: C = A + B for a w x h row-major matrix, one thread per
// element on a 2D grid of 16x16 CTAs (memory-bound streaming, 2D indexing).
extern "C" __global__ void madd(const float *A, const float *B, float *C, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        int i = y * w + x;
        C[i] = A[i] + B[i];
    }
}
