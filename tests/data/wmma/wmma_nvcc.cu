// wmma_nvcc.cu — the nvcuda::wmma forms nvcc emits at m16n16k16, for
// tests/test_ptx_mma.c (PTX committed beside it: nvcc -arch=sm_80 -ptx -O3).
// One warp each; the host checks D against a CPU product.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

// C (16 x 16, row-major, ld 16) = A (16 x k, row-major) * B (k x 16, column-major)
extern "C" __global__ void wmma_f16(const half *a, const half *b, float *c, int k)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    for (int kk = 0; kk < k; kk += 16) {
        wmma::load_matrix_sync(fa, a + kk, k);
        wmma::load_matrix_sync(fb, b + kk, k);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

// C (16 x 16, column-major, ld 16) += A (column-major) * B (row-major), bf16
extern "C" __global__ void wmma_bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_col_major);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_col_major);
}

// C (half, row-major) = 2 * (A * B + C): f16 accumulators, an element-wise step
// on the fragment, both matrices row-major, through shared memory
extern "C" __global__ void wmma_half_acc(const half *a, const half *b, half *c)
{
    __shared__ half sa[256], sb[256];
    for (int i = threadIdx.x; i < 256; i += 32) {
        sa[i] = a[i];
        sb[i] = b[i];
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> fc;
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::load_matrix_sync(fa, sa, 16);
    wmma::load_matrix_sync(fb, sb, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    for (int i = 0; i < fc.num_elements; i++)
        fc.x[i] = __hadd(fc.x[i], fc.x[i]);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
