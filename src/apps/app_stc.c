/* app_stc.c — STC: streamcluster's pgain step (Rodinia streamcluster,
 * kernel_compute_cost): for a candidate center x, every point (one thread)
 * computes its weighted distance to x and the change in cost were x opened;
 * the host (as Rodinia's does) sums the per-center closing costs from
 * work_mem, decides whether to open x and close centers, and updates the
 * assignment before the next candidate: one launch per candidate. Points are
 * clustered; coordinates dimension-major (coalesced loads, x broadcast). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define BLOCK 512 /* as Rodinia's streamcluster (Li & Liang's Table II) */
#define K0 10     /* initial centers (streamcluster's kmin) */

/* weighted squared distance, same order and fused multiply-add as the kernel */
static float dist(const float *coord, int num, int dim, int p, int q)
{
    float d = 0.0f;
    for (int i = 0; i < dim; i++) {
        float t = coord[(size_t)i * num + p] - coord[(size_t)i * num + q];
        d = fmaf(t, t, d);
    }
    return d;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Li & Liang's Table II gives STC (kernel_compute) 128 CTAs of 512
     * threads: 65536 points; with Rodinia's dim = 256. */
    int num = (int)app_pick(c, 2048, 32768, 65536), dim = (int)app_pick(c, 16, 32, 256);
    int ncand = (int)app_pick(c, 2, 6, 4), kmax = K0 + ncand, nclust = 20;
    size_t stride_max = (size_t)kmax + 1;
    float *coord = app_host_alloc(c, sizeof(float) * num * dim, err),
          *weight = app_host_alloc(c, sizeof(float) * num, err), *cost = app_host_alloc(c, sizeof(float) * num, err),
          *mean = app_host_alloc(c, sizeof(float) * nclust * dim, err),
          *work = app_host_alloc(c, sizeof(float) * num * stride_max, err),
          *want = app_host_alloc(c, sizeof(float) * num * stride_max, err),
          *lower = app_host_alloc(c, sizeof(float) * (kmax + 1), err);
    if (!coord || !weight || !cost || !mean || !work || !want || !lower)
        return -1;
    int *assign = app_host_alloc(c, sizeof(int) * num, err),
        *table = app_host_alloc(c, sizeof(int) * (size_t)num, err),
        *is_center = app_host_alloc(c, sizeof(int) * (size_t)num, err),
        *sw = app_host_alloc(c, sizeof(int) * num, err), *sw_want = app_host_alloc(c, sizeof(int) * num, err);
    if (!assign || !table || !is_center || !sw || !sw_want)
        return -1;
    for (int i = 0; i < nclust * dim; i++)
        mean[i] = app_randf(c, 0, 10);
    for (int p = 0; p < num; p++) {
        int cl = (int)(app_rand(c) % (uint32_t)nclust);
        for (int i = 0; i < dim; i++)
            coord[(size_t)i * num + p] = mean[cl * dim + i] + app_randf(c, -1, 1);
        weight[p] = app_randf(c, 0.5f, 1.5f);
    }
    for (int k = 0; k < K0; k++)
        is_center[k * (num / K0)] = 1;
    float total = 0;
    for (int p = 0; p < num; p++) {
        float best = INFINITY;
        for (int q = 0; q < num; q++)
            if (is_center[q]) {
                float d = dist(coord, num, dim, p, q) * weight[p];
                if (d < best)
                    best = d, assign[p] = q;
            }
        cost[p] = best;
        total += best;
    }
    float z = total / (4 * K0); /* facility cost */
    ctasim_module_t *m;
    uint64_t d_coord, d_weight, d_cost, d_assign, d_table, d_sw, d_work;
    int r = -1;
    if (app_load_module(c, "stc.ptx", &m, err) < 0 ||
        app_upload(c, &d_coord, coord, sizeof(float) * num * dim, err) < 0 ||
        app_upload(c, &d_weight, weight, sizeof(float) * num, err) < 0 ||
        app_alloc_zero(c, &d_cost, sizeof(float) * num, err) < 0 ||
        app_alloc_zero(c, &d_assign, sizeof(int) * num, err) < 0 ||
        app_alloc_zero(c, &d_table, sizeof(int) * num, err) < 0 || app_alloc_zero(c, &d_sw, sizeof(int) * num, err) < 0 ||
        app_alloc_zero(c, &d_work, sizeof(float) * num * stride_max, err) < 0)
        goto out;
    for (int cand = 0; cand < ncand; cand++) {
        int x;
        do
            x = (int)(app_rand(c) % (uint32_t)num);
        while (is_center[x]);
        int K = 0;
        for (int p = 0; p < num; p++)
            if (is_center[p])
                table[p] = K++;
        size_t stride = (size_t)K + 1, wn = (size_t)num * stride;
        if (ctasim_memcpy_htod(c->rt, d_cost, cost, sizeof(float) * num, err) < 0 ||
            ctasim_memcpy_htod(c->rt, d_assign, assign, sizeof(int) * num, err) < 0 ||
            ctasim_memcpy_htod(c->rt, d_table, table, sizeof(int) * num, err) < 0 ||
            ctasim_memset(c->rt, d_sw, 0, sizeof(int) * num, err) < 0 ||
            ctasim_memset(c->rt, d_work, 0, sizeof(float) * wn, err) < 0)
            goto out;
        void *args[] = {&d_coord, &d_weight, &d_cost, &d_assign, &d_table, &d_sw, &d_work, &num, &dim, &x, &K};
        dim3_t grid = {(uint32_t)(num + BLOCK - 1) / BLOCK, 1, 1}, block = {BLOCK, 1, 1};
        if (ctasim_launch(c->rt, m, "stc_pgain", grid, block, 0, 0, args, 11, err) < 0 ||
            app_download(c, work, d_work, sizeof(float) * wn, err) < 0 ||
            app_download(c, sw, d_sw, sizeof(int) * num, err) < 0)
            goto out;
        /* CPU reference of the kernel */
        memset(want, 0, sizeof(float) * wn);
        for (int p = 0; p < num; p++) {
            float xc = dist(coord, num, dim, p, x) * weight[p];
            sw_want[p] = xc < cost[p];
            if (sw_want[p])
                want[p * stride + K] = xc - cost[p];
            else
                want[p * stride + table[assign[p]]] = cost[p] - xc;
        }
        r = app_check_u32(c, "switch_membership", (const uint32_t *)sw, (const uint32_t *)sw_want, (size_t)num) &&
            app_check_f32(c, "work_mem", work, want, wn, 1e-6f, 1e-6f);
        if (r != 1)
            goto out;
        /* host part of pgain (Rodinia's): closing costs, open x or not */
        float gain = z;
        int n_close = 0;
        for (int k = 0; k < K; k++)
            lower[k] = z;
        for (int p = 0; p < num; p++) {
            for (int k = 0; k < K; k++)
                lower[k] += want[p * stride + k];
            gain += want[p * stride + K];
        }
        for (int k = 0; k < K; k++)
            if (lower[k] > 0)
                gain -= lower[k], n_close++;
        if (gain < 0) { /* opening x lowers the total cost */
            for (int p = 0; p < num; p++)
                if (sw_want[p] || lower[table[assign[p]]] > 0) {
                    cost[p] = dist(coord, num, dim, p, x) * weight[p];
                    assign[p] = x;
                }
            for (int p = 0; p < num; p++)
                if (is_center[p] && lower[table[p]] > 0)
                    is_center[p] = 0;
            is_center[x] = 1;
        }
    }
out:
    return r;
}

const app_def_t app_stc = {"STC", "streamcluster pgain: distance to a candidate center and cost gain, per point",
                           "memory-bound, cache-sensitive, multi-kernel", run};
