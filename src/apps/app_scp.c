/* app_scp.c — SCP: scalar products of many vector pairs, one CTA of 256
 * threads per pair, shared-memory tree reduction (as the SDK's scalarProd). */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

#define THREADS 256 /* as scp.cu */

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Yu et al. list SP with 128 CTAs of 256 threads: 128 pairs, here of
     * 16384 elements (the SDK's are 4096 long). small has a ragged length. */
    int pairs = (int)app_pick(c, 8, 512, 128), len = (int)app_pick(c, 1000, 16384, 16384);
    size_t n = (size_t)pairs * len, bytes = n * sizeof(float);
    float *A = app_host_alloc(c, bytes, err), *B = app_host_alloc(c, bytes, err),
          *got = app_host_alloc(c, sizeof(float) * pairs, err), *ref = app_host_alloc(c, sizeof(float) * pairs, err);
    if (!A || !B || !got || !ref)
        return -1;
    for (size_t i = 0; i < n; i++) {
        A[i] = app_randf(c, -1, 1);
        B[i] = app_randf(c, -1, 1);
    }
    /* same order as the kernel: per-thread strided fma chains, then the tree */
    for (int p = 0; p < pairs; p++) {
        float part[THREADS];
        const float *a = A + (size_t)p * len, *b = B + (size_t)p * len;
        for (int t = 0; t < THREADS; t++) {
            float s = 0;
            for (int i = t; i < len; i += THREADS)
                s = fmaf(a[i], b[i], s);
            part[t] = s;
        }
        for (int stride = THREADS / 2; stride > 0; stride >>= 1)
            for (int t = 0; t < stride; t++)
                part[t] += part[t + stride];
        ref[p] = part[0];
    }
    ctasim_module_t *m;
    uint64_t dA, dB, dC;
    int r = -1;
    if (app_load_module(c, "scp.ptx", &m, err) < 0 || app_upload(c, &dA, A, bytes, err) < 0 ||
        app_upload(c, &dB, B, bytes, err) < 0 || app_alloc_zero(c, &dC, sizeof(float) * pairs, err) < 0)
        goto out;
    void *args[] = {&dC, &dA, &dB, &len};
    dim3_t grid = {(uint32_t)pairs, 1, 1}, block = {THREADS, 1, 1};
    if (ctasim_launch(c->rt, m, "scp", grid, block, 0, 0, args, 4, err) < 0 ||
        app_download(c, got, dC, sizeof(float) * pairs, err) < 0)
        goto out;
    /* same operation order as the kernel: the result is bit-exact */
    r = app_check_f32(c, "dot", got, ref, (size_t)pairs, 0, 0);
out:
    return r;
}

const app_def_t app_scp = {"SCP", "scalar products of vector pairs, one CTA per pair, shared-memory tree reduction",
                           "memory-bound, barrier-heavy", run};
