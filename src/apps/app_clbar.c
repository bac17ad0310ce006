/* app_clbar.c — CLBAR: rounds of a ring exchange between the 4 CTAs of each
 * cluster, ordered by barrier.cluster (workloads/kernels/clbar.cu; the
 * kernel's __cluster_dims__ gives the shape). The CPU reference replays the
 * rounds; a barrier that released early would let a CTA read a neighbour's
 * value of the wrong round. */
#include <stdlib.h>

#include "apps.h"

static int run(app_ctx_t *c, cs_error_t *err)
{
    const uint32_t cluster = 4, threads = 256;
    uint32_t ctas = app_pick(c, 16, 256, 1024);
    int rounds = (int)app_pick(c, 4, 16, 16);
    size_t n = (size_t)ctas * threads;
    uint32_t *in = app_host_alloc(c, n * 4, err), *out = app_host_alloc(c, n * 4, err),
             *ref = app_host_alloc(c, n * 4, err), *pub = app_host_alloc(c, n * 4, err);
    if (!in || !out || !ref || !pub)
        return -1;
    for (size_t i = 0; i < n; i++)
        ref[i] = in[i] = app_rand(c);
    for (int r = 0; r < rounds; r++) { /* x = 3x + (next CTA of the cluster)'s x of thread t+1 */
        for (size_t i = 0; i < n; i++)
            pub[i] = ref[i];
        for (uint32_t b = 0; b < ctas; b++) {
            uint32_t next = b / cluster * cluster + (b % cluster + 1) % cluster;
            for (uint32_t t = 0; t < threads; t++)
                ref[(size_t)b * threads + t] =
                    pub[(size_t)b * threads + t] * 3u + pub[(size_t)next * threads + (t + 1) % threads] + (uint32_t)r;
        }
    }
    ctasim_module_t *m;
    uint64_t din, dout;
    int rc = -1;
    if (app_load_module(c, "clbar.ptx", &m, err) < 0 || app_upload(c, &din, in, n * 4, err) < 0 ||
        app_alloc_zero(c, &dout, n * 4, err) < 0)
        goto out;
    void *args[] = {&din, &dout, &rounds};
    dim3_t grid = {ctas, 1, 1}, block = {threads, 1, 1};
    if (ctasim_launch(c->rt, m, "clbar", grid, block, 0, 0, args, 3, err) < 0 ||
        app_download(c, out, dout, n * 4, err) < 0)
        goto out;
    rc = app_check_u32(c, "out", out, ref, n);
out:
    return rc;
}

const app_def_t app_clbar = {"CLBAR", "ring exchange between a cluster's CTAs, rounds ordered by barrier.cluster",
                             "clusters, barrier-heavy", run};
