// spmv.cu — SPMV: y = A*x for a CSR matrix, one thread per row (scalar CSR).
// Row lengths follow a power law, so threads of a warp walk very different
// numbers of non-zeros (divergent loops) and gather x irregularly.
extern "C" __global__ void spmv_csr(const int *row_ptr, const int *cols, const float *vals, const float *x,
                                    float *y, int n_rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n_rows)
        return;
    float sum = 0.0f;
    int end = row_ptr[r + 1];
    for (int j = row_ptr[r]; j < end; j++)
        sum = fmaf(vals[j], x[cols[j]], sum);
    y[r] = sum;
}
