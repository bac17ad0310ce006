/* app_mmul.c — MMUL: shared-memory tiled matrix multiply (16x16 tiles, two
 * barriers per tile): compute-bound and barrier-heavy. */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists MMUL with 864 CTAs of 16x16 -> ~ 480x480 */
    int n = (int)app_pick(c, 64, 256, 480);
    size_t bytes = (size_t)n * n * sizeof(float);
    float *A = app_host_alloc(c, bytes, err), *B = app_host_alloc(c, bytes, err), *C = app_host_alloc(c, bytes, err),
          *ref = app_host_alloc(c, bytes, err);
    if (!A || !B || !C || !ref)
        return -1;
    for (int i = 0; i < n * n; i++) {
        A[i] = app_randf(c, -1, 1);
        B[i] = app_randf(c, -1, 1);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            /* same association order as the kernel: tiles of 16, k ascending */
            float acc = 0;
            for (int k = 0; k < n; k++)
                acc = fmaf(A[i * n + k], B[k * n + j], acc);
            ref[i * n + j] = acc;
        }
    ctasim_module_t *m;
    uint64_t dA, dB, dC;
    int r = -1;
    if (app_load_module(c, "mmul.ptx", &m, err) < 0 || app_upload(c, &dA, A, bytes, err) < 0 ||
        app_upload(c, &dB, B, bytes, err) < 0 || app_alloc_zero(c, &dC, bytes, err) < 0)
        goto out;
    void *args[] = {&dA, &dB, &dC, &n};
    dim3_t grid = {(uint32_t)(n + 15) / 16, (uint32_t)(n + 15) / 16, 1}, block = {16, 16, 1};
    if (ctasim_launch(c->rt, m, "mmul", grid, block, 0, 0, args, 4, err) < 0 || app_download(c, C, dC, bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "C", C, ref, (size_t)n * n, 1e-4f, 1e-4f);
out:
    return r;
}

const app_def_t app_mmul = {"MMUL", "shared-memory tiled matrix multiply", "compute-bound, barrier-heavy", run};
