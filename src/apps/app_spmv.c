/* app_spmv.c — SPMV: sparse matrix-vector product y = A*x, CSR, one thread
 * per row, over a square matrix whose row lengths follow a power law (Pareto, min 4,
 * alpha 1.5: most rows have a few non-zeros, a few rows have hundreds) with
 * columns clustered near the diagonal plus random long-range ones:
 * divergent loops, irregular gathers, memory-bound. */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

#define BLOCK 192 /* as Parboil's spmv_jds in Li & Liang's Table II */

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Li & Liang's Table II gives SPMV (spmv_jds) 374 CTAs of 192
     * threads, i.e. ~71800 rows with one thread per row. */
    int n = (int)app_pick(c, 1536, 256 * BLOCK, 374 * BLOCK);
    int max_len = n < 512 ? n : 512;
    int *row = app_host_alloc(c, sizeof(int) * (n + 1), err);
    if (!row)
        return -1;
    row[0] = 0;
    for (int i = 0; i < n; i++) {
        float u = app_randf(c, 1e-6f, 1.0f);
        int len = (int)(4.0f * powf(u, -1.0f / 1.5f)); /* Pareto, minimum 4 */
        row[i + 1] = row[i] + (len > max_len ? max_len : len);
    }
    int nnz = row[n];
    int *cols = app_host_alloc(c, sizeof(int) * nnz, err);
    if (!cols)
        return -1;
    float *vals = app_host_alloc(c, sizeof(float) * nnz, err), *x = app_host_alloc(c, sizeof(float) * n, err),
          *y = app_host_alloc(c, sizeof(float) * n, err), *ref = app_host_alloc(c, sizeof(float) * n, err);
    if (!vals || !x || !y || !ref)
        return -1;
    for (int i = 0; i < n; i++)
        for (int j = row[i]; j < row[i + 1]; j++) {
            uint32_t rnd = app_rand(c);
            int col = (rnd & 3) ? i + (int)(rnd >> 16) % 129 - 64 : (int)((rnd >> 2) % (uint32_t)n);
            cols[j] = col < 0 ? col + n : col >= n ? col - n : col;
            vals[j] = app_randf(c, -1, 1);
        }
    for (int i = 0; i < n; i++)
        x[i] = app_randf(c, -1, 1);
    for (int i = 0; i < n; i++) { /* same order and fused multiply-add as the kernel */
        float s = 0;
        for (int j = row[i]; j < row[i + 1]; j++)
            s = fmaf(vals[j], x[cols[j]], s);
        ref[i] = s;
    }
    ctasim_module_t *m;
    uint64_t d_row, d_cols, d_vals, d_x, d_y;
    int r = -1;
    if (app_load_module(c, "spmv.ptx", &m, err) < 0 || app_upload(c, &d_row, row, sizeof(int) * (n + 1), err) < 0 ||
        app_upload(c, &d_cols, cols, sizeof(int) * nnz, err) < 0 ||
        app_upload(c, &d_vals, vals, sizeof(float) * nnz, err) < 0 ||
        app_upload(c, &d_x, x, sizeof(float) * n, err) < 0 || app_alloc_zero(c, &d_y, sizeof(float) * n, err) < 0)
        goto out;
    void *args[] = {&d_row, &d_cols, &d_vals, &d_x, &d_y, &n};
    dim3_t grid = {(uint32_t)(n + BLOCK - 1) / BLOCK, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "spmv_csr", grid, block, 0, 0, args, 6, err) < 0 ||
        app_download(c, y, d_y, sizeof(float) * n, err) < 0)
        goto out;
    r = app_check_f32(c, "y", y, ref, (size_t)n, 1e-5f, 1e-6f);
out:
    return r;
}

const app_def_t app_spmv = {"SPMV", "CSR sparse matrix-vector product over power-law rows, one thread per row",
                            "memory-bound, irregular", run};
