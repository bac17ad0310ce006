/* app_tran.c — TRAN: matrix transpose through a padded shared-memory tile
 * (16x16 CTAs), launched several times back and forth between two buffers. */
#include <stdlib.h>
#include <string.h>

#include "apps.h"

static void transpose(float *dst, const float *src, int w, int h)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            dst[(size_t)x * h + y] = src[(size_t)y * w + x];
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists TRAN with 8 kernels of 16x16 CTAs; the
     * SDK's 1024 x 1024 matrix gives 4096 CTAs per launch: 8 launches of that.
     * small and default are not square, small has ragged edges. */
    int w = (int)app_pick(c, 72, 1024, 1024), h = (int)app_pick(c, 40, 768, 1024);
    int launches = (int)app_pick(c, 2, 2, 8);
    size_t n = (size_t)w * h, bytes = n * sizeof(float);
    float *A = app_host_alloc(c, bytes, err), *At = app_host_alloc(c, bytes, err),
          *out[2] = {app_host_alloc(c, bytes, err), app_host_alloc(c, bytes, err)};
    if (!A || !At || !out[0] || !out[1])
        return -1;
    for (size_t i = 0; i < n; i++)
        A[i] = app_randf(c, -100, 100);
    transpose(At, A, w, h);
    ctasim_module_t *m;
    uint64_t dA, dbuf[2];
    int r = -1;
    if (app_load_module(c, "tran.ptx", &m, err) < 0 || app_upload(c, &dA, A, bytes, err) < 0 ||
        app_alloc_zero(c, &dbuf[0], bytes, err) < 0 || app_alloc_zero(c, &dbuf[1], bytes, err) < 0)
        goto out;
    /* launch i transposes (i even: the w x h original, i odd: its h x w transpose) */
    for (int i = 0; i < launches; i++) {
        uint64_t src = i == 0 ? dA : dbuf[(i - 1) & 1], dst = dbuf[i & 1];
        int cw = i & 1 ? h : w, ch = i & 1 ? w : h;
        void *args[] = {&src, &dst, &cw, &ch};
        dim3_t grid = {(uint32_t)(cw + 15) / 16, (uint32_t)(ch + 15) / 16, 1}, block = {16, 16, 1};
        if (ctasim_launch(c->rt, m, "tran", grid, block, 0, 0, args, 4, err) < 0)
            goto out;
    }
    if (app_download(c, out[0], dbuf[0], bytes, err) < 0 || app_download(c, out[1], dbuf[1], bytes, err) < 0)
        goto out;
    /* launches is even: buffer 0 holds the last transpose of A, buffer 1 A again */
    r = app_check_f32(c, "transpose", out[0], At, n, 0, 0);
    if (r == 1)
        r = app_check_f32(c, "transpose of transpose", out[1], A, n, 0, 0);
out:
    return r;
}

const app_def_t app_tran = {"TRAN", "matrix transpose through padded shared-memory tiles, several launches",
                            "memory-bound, barrier-heavy, multi-kernel", run};
