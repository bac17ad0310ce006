/* app_sla.c — SLA: scan of large arrays (SDK scanLargeArray): an exclusive
 * prefix sum, three kernels per level: Blelloch scan of 512-element blocks
 * in shared memory (barrier-heavy), a recursive scan of the block sums, and
 * a uniform add of the scanned sums. Values are small integers held in
 * floats, so every partial sum is exact and the check is exact. */
#include <stdlib.h>

#include "apps.h"

#define T 256
#define E (2 * T)

/* exclusive scan of n floats d_in -> d_out (recursing on the block sums) */
static int scan(app_ctx_t *c, ctasim_module_t *m, uint64_t d_in, uint64_t d_out, int n, cs_error_t *err)
{
    int nb = (n + E - 1) / E;
    uint64_t d_sums, d_sums_scan;
    if (app_alloc_zero(c, &d_sums, sizeof(float) * nb, err) < 0)
        return -1;
    void *a1[] = {&d_in, &d_out, &d_sums, &n};
    dim3_t grid = {(uint32_t)nb, 1, 1}, block = {T, 1, 1};
    if (ctasim_launch(c->rt, m, "sla_prescan", grid, block, 0, 0, a1, 4, err) < 0)
        return -1;
    if (nb == 1)
        return 0;
    if (app_alloc_zero(c, &d_sums_scan, sizeof(float) * nb, err) < 0 || scan(c, m, d_sums, d_sums_scan, nb, err) < 0)
        return -1;
    void *a2[] = {&d_out, &d_sums_scan, &n};
    return ctasim_launch(c->rt, m, "sla_uniform_add", grid, block, 0, 0, a2, 3, err);
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Yu et al. Table 2 lists SLA with 387 CTAs of 256 threads: 193
     * blocks of 512 elements give 193 + 1 + 193 CTAs (their 6 kernels are two
     * such scans). Default: 1024 blocks, five kernels on three levels (1024, 2, 1). */
    int n = (int)app_pick(c, 5 * E - 37, 1024 * E, 193 * E);
    float *in = app_host_alloc(c, sizeof(float) * n, err), *out = app_host_alloc(c, sizeof(float) * n, err),
          *want = app_host_alloc(c, sizeof(float) * n, err);
    if (!in || !out || !want)
        return -1;
    float acc = 0;
    for (int i = 0; i < n; i++) {
        in[i] = (float)(app_rand(c) % 8);
        want[i] = acc;
        acc += in[i];
    }
    ctasim_module_t *m;
    uint64_t d_in, d_out;
    int r = -1;
    if (app_load_module(c, "sla.ptx", &m, err) < 0 || app_upload(c, &d_in, in, sizeof(float) * n, err) < 0 ||
        app_alloc_zero(c, &d_out, sizeof(float) * n, err) < 0 || scan(c, m, d_in, d_out, n, err) < 0 ||
        app_download(c, out, d_out, sizeof(float) * n, err) < 0)
        goto out;
    r = app_check_f32(c, "scan", out, want, (size_t)n, 0, 0);
out:
    return r;
}

const app_def_t app_sla = {"SLA", "scan of large arrays: Blelloch block scan, scan of block sums, uniform add",
                           "barrier-heavy, multi-kernel", run};
