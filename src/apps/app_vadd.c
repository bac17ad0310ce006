/* app_vadd.c — VADD: c = a + b (memory-bound streaming, one thread per element). */
#include <stdlib.h>

#include "apps.h"

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: ~ the CTA count of Li & Liang's VADD-like streaming kernels */
    int n = (int)app_pick(c, 16384, 1 << 20, 1 << 22);
    size_t bytes = (size_t)n * sizeof(float);
    float *a = app_host_alloc(c, bytes, err), *b = app_host_alloc(c, bytes, err),
          *out = app_host_alloc(c, bytes, err), *ref = app_host_alloc(c, bytes, err);
    if (!a || !b || !out || !ref)
        return -1;
    for (int i = 0; i < n; i++) {
        a[i] = app_randf(c, -1, 1);
        b[i] = app_randf(c, -1, 1);
        ref[i] = a[i] + b[i];
    }
    ctasim_module_t *m;
    uint64_t da, db, dc;
    int r = -1;
    if (app_load_module(c, "vadd.ptx", &m, err) < 0 || app_upload(c, &da, a, bytes, err) < 0 ||
        app_upload(c, &db, b, bytes, err) < 0 || app_alloc_zero(c, &dc, bytes, err) < 0)
        goto out;
    void *args[] = {&da, &db, &dc, &n};
    dim3_t grid = {(uint32_t)(n + 255) / 256, 1, 1}, block = {256, 1, 1};
    if (ctasim_launch(c->rt, m, "vadd", grid, block, 0, 0, args, 4, err) < 0 || app_download(c, out, dc, bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "c", out, ref, (size_t)n, 0, 0);
out:
    return r;
}

const app_def_t app_vadd = {"VADD", "vector add c = a + b", "memory-bound", run};
