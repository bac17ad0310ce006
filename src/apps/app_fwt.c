/* app_fwt.c — FWT: dyadic convolution through fast Walsh transforms, as the
 * CUDA SDK's fastWalshTransform: fwt(kernel), fwt(data), modulate, fwt(data);
 * each transform is radix-4 global-memory passes (one launch each) for the
 * large strides, then one shared-memory launch for 2^11-element blocks. */
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define SHARED_LOG2 11 /* largest block fwt_shared handles (2^11 floats = 8 KB) */
#define THREADS 256

/* CPU transform with the GPU's butterfly order: radix-4 steps (strides 2s then
 * s) for s = N/4, N/16, ... >= 1, a radix-2 stride-1 step if log2n is odd. The
 * global passes and the shared-memory stages split the same sequence. */
static void fwt_ref(float *d, int log2n)
{
    int n = 1 << log2n;
    for (int stride = n >> 2; stride > 0; stride >>= 2)
        for (int p = 0; p < n / 4; p++) {
            int lo = p & (stride - 1), i0 = ((p - lo) << 2) + lo;
            int i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
            float d0 = d[i0], d1 = d[i1], d2 = d[i2], d3 = d[i3];
            float e0 = d0 + d2, e2 = d0 - d2, e1 = d1 + d3, e3 = d1 - d3;
            d[i0] = e0 + e1, d[i1] = e0 - e1, d[i2] = e2 + e3, d[i3] = e2 - e3;
        }
    if (log2n & 1)
        for (int i = 0; i < n; i += 2) {
            float d0 = d[i], d1 = d[i + 1];
            d[i] = d0 + d1, d[i + 1] = d0 - d1;
        }
}

static int fwt_gpu(app_ctx_t *c, ctasim_module_t *m, uint64_t d, int log2n, cs_error_t *err)
{
    int n = 1 << log2n, blocks = 1;
    /* one radix-4 pass per launch while the blocks are too large for shared memory */
    for (; log2n > SHARED_LOG2; log2n -= 2, blocks <<= 2) {
        int stride = (1 << log2n) / 4;
        void *args[] = {&d, &d, &stride};
        dim3_t grid = {(uint32_t)(n / 4 / THREADS), 1, 1}, block = {THREADS, 1, 1};
        if (ctasim_launch(c->rt, m, "fwt_global", grid, block, 0, 0, args, 3, err) < 0)
            return -1;
    }
    void *args[] = {&d, &d, &log2n};
    dim3_t grid = {(uint32_t)blocks, 1, 1}, block = {(uint32_t)(1 << log2n) / 4, 1, 1};
    return ctasim_launch(c->rt, m, "fwt_shared", grid, block, sizeof(float) << log2n, 0, args, 3, err);
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Yu et al. list FWT with 13 kernels and 1472 CTAs: 2^17 elements,
     * 3 transforms x (3 global passes of 128 CTAs + 64 shared CTAs of 512
     * threads) + modulate (128 CTAs). small (2^13) and paper end with an odd
     * shared-memory size (radix-2 tail), default (2^18) with an even one. */
    int log2n = (int)app_pick(c, 13, 18, 17), n = 1 << log2n, log2k = 7;
    size_t bytes = (size_t)n * sizeof(float);
    float *data = app_host_alloc(c, bytes, err), *kern = app_host_alloc(c, sizeof(float) * (size_t)n, err),
          *ref = app_host_alloc(c, bytes, err), *kref = app_host_alloc(c, bytes, err),
          *out = app_host_alloc(c, bytes, err);
    if (!data || !kern || !ref || !kref || !out)
        return -1;
    for (int i = 0; i < n; i++)
        data[i] = app_randf(c, -1, 1);
    for (int i = 0; i < (1 << log2k); i++) /* short kernel, zero-padded to N */
        kern[i] = app_randf(c, -1, 1);
    memcpy(ref, data, bytes);
    memcpy(kref, kern, bytes);
    fwt_ref(kref, log2n);
    fwt_ref(ref, log2n);
    float rcp = 1.0f / (float)n;
    for (int i = 0; i < n; i++)
        ref[i] *= kref[i] * rcp;
    fwt_ref(ref, log2n);
    ctasim_module_t *m;
    uint64_t dd, dk;
    int r = -1;
    if (app_load_module(c, "fwt.ptx", &m, err) < 0 || app_upload(c, &dd, data, bytes, err) < 0 ||
        app_upload(c, &dk, kern, bytes, err) < 0)
        goto out;
    if (fwt_gpu(c, m, dk, log2n, err) < 0 || fwt_gpu(c, m, dd, log2n, err) < 0)
        goto out;
    void *args[] = {&dd, &dk, &n};
    dim3_t grid = {128, 1, 1}, block = {THREADS, 1, 1};
    if (ctasim_launch(c->rt, m, "modulate", grid, block, 0, 0, args, 3, err) < 0 ||
        fwt_gpu(c, m, dd, log2n, err) < 0 || app_download(c, out, dd, bytes, err) < 0)
        goto out;
    /* same butterflies in the same order as the GPU: the result is bit-exact */
    r = app_check_f32(c, "convolution", out, ref, (size_t)n, 0, 0);
out:
    return r;
}

const app_def_t app_fwt = {"FWT", "fast Walsh transform: radix-4 global passes + shared-memory kernel, 13 launches",
                           "memory-bound, barrier-heavy, multi-kernel", run};
