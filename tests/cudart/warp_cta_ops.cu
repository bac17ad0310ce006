// warp_cta_ops.cu — the warp- and CTA-wide intrinsics of sm_80 code, each
// checked against its definition computed on the CPU: __match_any_sync,
// __match_all_sync, __reduce_{add,min,xor}_sync, __syncthreads_count/_and/_or
// and __pipeline_memcpy_async (cp.async) with commit and wait. Written for
// ctasim's tests (tests/cli/test_exec.sh); prints "warp_cta_ops: PASS".
#include <cuda_pipeline.h>
#include <cstdio>
#include <cstdlib>

#define THREADS 128
#define BLOCKS 3
#define OUTS 9

__global__ void ops(const int *in, unsigned *out)
{
    __shared__ int staged[THREADS];
    const int t = threadIdx.x, g = blockIdx.x * THREADS + t;
    const int v = in[g];
    unsigned *o = out + (size_t)g * OUTS;
    o[0] = __match_any_sync(0xffffffffu, v % 5);
    int same;
    o[1] = __match_all_sync(0xffffffffu, v / 1000, &same);
    o[2] = same;
    o[3] = __reduce_add_sync(0xffffffffu, (unsigned)v);
    o[4] = (unsigned)__reduce_min_sync(0xffffffffu, v - 500);
    o[5] = __reduce_xor_sync(0xffffffffu, (unsigned)v * 2654435761u);
    o[6] = __syncthreads_count(v % 3 == 0);
    o[7] = __syncthreads_and(v >= 0) * 2 + __syncthreads_or(v % 97 == 1);
    __pipeline_memcpy_async(&staged[t], &in[blockIdx.x * THREADS + (t + 1) % THREADS], sizeof(int));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    o[8] = (unsigned)staged[t];
}

int main()
{
    const int n = BLOCKS * THREADS;
    int *h_in = (int *)malloc(n * sizeof(int));
    unsigned *h_out = (unsigned *)malloc((size_t)n * OUTS * sizeof(unsigned));
    for (int i = 0; i < n; i++)
        h_in[i] = (i * 7919 + 13) % 2003; // values 0..2002: two /1000 groups
    int *d_in;
    unsigned *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, (size_t)n * OUTS * sizeof(unsigned));
    cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
    ops<<<BLOCKS, THREADS>>>(d_in, d_out);
    cudaError_t e = cudaMemcpy(h_out, d_out, (size_t)n * OUTS * sizeof(unsigned), cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        printf("warp_cta_ops: CUDA error %s\n", cudaGetErrorString(e));
        return 1;
    }
    int bad = 0;
    for (int g = 0; g < n; g++) {
        const int b = g / THREADS, t = g % THREADS, w0 = g - g % 32;
        unsigned want[OUTS] = {0, 0, 1, 0, 0x7fffffffu, 0, 0, 2, 0};
        int vmin = 0x7fffffff;
        for (int m = 0; m < 32; m++) {
            const int u = h_in[w0 + m];
            if (u % 5 == h_in[g] % 5)
                want[0] |= 1u << m;
            if (u / 1000 != h_in[w0] / 1000)
                want[2] = 0;
            want[3] += (unsigned)u;
            vmin = u - 500 < vmin ? u - 500 : vmin;
            want[5] ^= (unsigned)u * 2654435761u;
        }
        want[1] = want[2] ? 0xffffffffu : 0;
        want[4] = (unsigned)vmin;
        unsigned any = 0;
        for (int k = 0; k < THREADS; k++) {
            want[6] += h_in[b * THREADS + k] % 3 == 0;
            any |= h_in[b * THREADS + k] % 97 == 1;
        }
        want[7] += any;
        want[8] = (unsigned)h_in[b * THREADS + (t + 1) % THREADS];
        for (int k = 0; k < OUTS; k++)
            if (h_out[(size_t)g * OUTS + k] != want[k] && bad++ < 5)
                printf("thread %d output %d: %u, expected %u\n", g, k, h_out[(size_t)g * OUTS + k], want[k]);
    }
    printf("warp_cta_ops: %s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
