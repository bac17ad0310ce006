/* app_madd.c — MADD: C = A + B on a 2D grid of 16x16 CTAs (memory-bound). */
#include <stdlib.h>

#include "apps.h"

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists MADD with 1024 CTAs of 16x16 -> 512 x 512.
     * (default is larger than paper so that it reaches ~1 M warp instructions;
     * small has ragged edges to exercise the bounds checks) */
    int w = (int)app_pick(c, 120, 2048, 512), h = (int)app_pick(c, 100, 1024, 512);
    size_t n = (size_t)w * h, bytes = n * sizeof(float);
    float *A = app_host_alloc(c, bytes, err), *B = app_host_alloc(c, bytes, err), *C = app_host_alloc(c, bytes, err),
          *ref = app_host_alloc(c, bytes, err);
    if (!A || !B || !C || !ref)
        return -1;
    for (size_t i = 0; i < n; i++) {
        A[i] = app_randf(c, -1, 1);
        B[i] = app_randf(c, -1, 1);
        ref[i] = A[i] + B[i];
    }
    ctasim_module_t *m;
    uint64_t dA, dB, dC;
    int r = -1;
    if (app_load_module(c, "madd.ptx", &m, err) < 0 || app_upload(c, &dA, A, bytes, err) < 0 ||
        app_upload(c, &dB, B, bytes, err) < 0 || app_alloc_zero(c, &dC, bytes, err) < 0)
        goto out;
    void *args[] = {&dA, &dB, &dC, &w, &h};
    dim3_t grid = {(uint32_t)(w + 15) / 16, (uint32_t)(h + 15) / 16, 1}, block = {16, 16, 1};
    if (ctasim_launch(c->rt, m, "madd", grid, block, 0, 0, args, 5, err) < 0 || app_download(c, C, dC, bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "C", C, ref, n, 0, 0);
out:
    return r;
}

const app_def_t app_madd = {"MADD", "matrix add C = A + B on a 2D grid", "memory-bound", run};
