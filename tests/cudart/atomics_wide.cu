// atomics_wide.cu — atomics of the widths besides 32 bits, as nvcc 13 emits
// them for sm_90: atomicAdd on __half (atom.add.noftz.f16), __half2 (.f16x2),
// double (.f64) and float2 (atom.add.v2.f32), atomicCAS on unsigned short
// (atom.cas.b16) and atomicMax on unsigned long long (.u64). Every sum is of
// small integers, exact in each type, so the CPU's expected values are exact.
// Written for ctasim's tests (tests/cli/test_exec.sh); prints
// "atomics_wide: PASS".
#include <cuda_fp16.h>
#include <cstdio>

#define THREADS 256
#define BLOCKS 4

struct results {
    __half h;
    unsigned short cas_word;
    __half2 h2;
    double d;
    float2 f2;
    unsigned long long umax;
    unsigned short cas_old[BLOCKS];
};

__global__ void add_all(results *r)
{
    const int g = blockIdx.x * THREADS + threadIdx.x;
    atomicAdd(&r->h, __float2half(1.0f));
    atomicAdd(&r->h2, __floats2half2_rn(1.0f, 2.0f));
    atomicAdd(&r->d, 0.5);
    atomicAdd(&r->f2, make_float2(1.0f, 3.0f));
    atomicMax(&r->umax, (unsigned long long)g * 3ull);
    if (threadIdx.x == 0) // one per block: the first finds 0 and writes 7, the rest find 7
        r->cas_old[blockIdx.x] = atomicCAS(&r->cas_word, (unsigned short)0, (unsigned short)7);
}

int main()
{
    results *d_r, h_r;
    cudaMalloc(&d_r, sizeof h_r);
    cudaMemset(d_r, 0, sizeof h_r);
    add_all<<<BLOCKS, THREADS>>>(d_r);
    if (cudaMemcpy(&h_r, d_r, sizeof h_r, cudaMemcpyDeviceToHost) != cudaSuccess) {
        printf("atomics_wide: CUDA error\n");
        return 1;
    }
    const int n = BLOCKS * THREADS;
    int zeros = 0, sevens = 0;
    for (int b = 0; b < BLOCKS; b++) {
        zeros += h_r.cas_old[b] == 0;
        sevens += h_r.cas_old[b] == 7;
    }
    const float h = __half2float(h_r.h), h2lo = __low2float(h_r.h2), h2hi = __high2float(h_r.h2);
    const bool ok = h == (float)n && h2lo == (float)n && h2hi == 2.0f * n && h_r.d == 0.5 * n &&
                    h_r.f2.x == (float)n && h_r.f2.y == 3.0f * n && h_r.umax == 3ull * (n - 1) &&
                    h_r.cas_word == 7 && zeros == 1 && sevens == BLOCKS - 1;
    if (!ok)
        printf("half %g, half2 (%g, %g), double %g, float2 (%g, %g), max %llu, cas %u (%d zeros, %d sevens)\n", h,
               h2lo, h2hi, h_r.d, h_r.f2.x, h_r.f2.y, h_r.umax, h_r.cas_word, zeros, sevens);
    printf("atomics_wide: %s\n", ok ? "PASS" : "FAIL");
    return !ok;
}
