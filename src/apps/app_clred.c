/* app_clred.c — CLRED and CLRED2/8/16: a cluster-wide reduce-scatter over
 * distributed shared memory (workloads/kernels/clred.cu), launched with a
 * cluster shape as a launch attribute (4 CTAs for CLRED; 2, 8 and 16, the
 * most an H100 takes, for the cluster-size study of docs/CLUSTERS.md). The
 * same work at every size: the CTA count and input do not change. Each cluster's output row is the column sums of its
 * CTAs' weighted row sums; integer arithmetic, so the check is exact. */
#include <stdlib.h>

#include "apps.h"

static int run_clusters(app_ctx_t *c, uint32_t cluster, cs_error_t *err)
{
    uint32_t clusters = app_pick(c, 32 / cluster, 512 / cluster, 2048 / cluster), ctas = clusters * cluster;
    int k = (int)app_pick(c, 4, 16, 16);
    size_t n_in = (size_t)ctas * (size_t)k * 256, n_out = (size_t)clusters * 256;
    uint32_t *in = app_host_alloc(c, n_in * 4, err), *out = app_host_alloc(c, n_out * 4, err),
             *ref = app_host_alloc(c, n_out * 4, err);
    if (!in || !out || !ref)
        return -1;
    for (size_t i = 0; i < n_in; i++)
        in[i] = app_rand(c) & 0xffff;
    for (uint32_t b = 0; b < ctas; b++) /* CTA b adds its weighted rows into its cluster's row */
        for (int j = 0; j < k; j++)
            for (uint32_t t = 0; t < 256; t++)
                ref[(size_t)(b / cluster) * 256 + t] += in[((size_t)b * (size_t)k + (size_t)j) * 256 + t] * (uint32_t)(j + 1);
    ctasim_module_t *m;
    uint64_t din, dout;
    int r = -1;
    if (app_load_module(c, "clred.ptx", &m, err) < 0 || app_upload(c, &din, in, n_in * 4, err) < 0 ||
        app_alloc_zero(c, &dout, n_out * 4, err) < 0)
        goto out;
    void *args[] = {&din, &dout, &k};
    dim3_t grid = {ctas, 1, 1}, block = {256, 1, 1}, shape = {cluster, 1, 1};
    if (ctasim_launch_cluster(c->rt, m, "clred", grid, block, shape, 0, 0, args, 3, err) < 0 ||
        app_download(c, out, dout, n_out * 4, err) < 0)
        goto out;
    r = app_check_u32(c, "out", out, ref, n_out);
out:
    return r;
}

static int run2(app_ctx_t *c, cs_error_t *err) { return run_clusters(c, 2, err); }
static int run4(app_ctx_t *c, cs_error_t *err) { return run_clusters(c, 4, err); }
static int run8(app_ctx_t *c, cs_error_t *err) { return run_clusters(c, 8, err); }
static int run16(app_ctx_t *c, cs_error_t *err) { return run_clusters(c, 16, err); }

const app_def_t app_clred = {"CLRED", "cluster reduce-scatter over distributed shared memory, clusters of 4 CTAs",
                             "clusters, barrier-heavy", run4};
const app_def_t app_clred2 = {"CLRED2", "CLRED with clusters of 2 CTAs", "clusters, barrier-heavy", run2};
const app_def_t app_clred8 = {"CLRED8", "CLRED with clusters of 8 CTAs (the portable maximum)", "clusters, barrier-heavy",
                              run8};
const app_def_t app_clred16 = {"CLRED16", "CLRED with clusters of 16 CTAs (H100's largest, non-portable)",
                               "clusters, barrier-heavy", run16};
