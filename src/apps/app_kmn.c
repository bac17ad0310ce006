/* app_kmn.c — KMN: k-means (Rodinia kmeans-like). The "invert mapping" kernel
 * transposes the features to column-major once; then each iteration uploads
 * the centroids to __constant__ memory, runs the nearest-centroid kernel (one
 * thread per point) and recomputes the centroids on the CPU from the
 * downloaded membership. Memory-bound and L1-sensitive (the papers' Type III). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define KMN_MAX_CLUSTERS 16
#define KMN_MAX_FEATURES 34

/* Nearest centroid per point; same operation order as kmn_find_nearest
 * (sub, then fma into the running sum, features ascending; strict <). */
static void assign_ref(const float *pts, int npoints, int nfeatures, const float *cent, int k, int *member)
{
    for (int p = 0; p < npoints; p++) {
        int best = 0;
        float best_dist = 3.402823466e38f;
        for (int c = 0; c < k; c++) {
            float dist = 0.0f;
            for (int f = 0; f < nfeatures; f++) {
                float d = pts[(size_t)p * nfeatures + f] - cent[c * nfeatures + f];
                dist = fmaf(d, d, dist);
            }
            if (dist < best_dist)
                best_dist = dist, best = c;
        }
        member[p] = best;
    }
}

/* Host step of every iteration: centroids = mean of their members (kept when empty). */
static void update_centroids(const float *pts, int npoints, int nfeatures, const int *member, float *cent, int k)
{
    double sum[KMN_MAX_CLUSTERS * KMN_MAX_FEATURES] = {0};
    int count[KMN_MAX_CLUSTERS] = {0};
    for (int p = 0; p < npoints; p++) {
        int c = member[p];
        count[c]++;
        for (int f = 0; f < nfeatures; f++)
            sum[c * nfeatures + f] += pts[(size_t)p * nfeatures + f];
    }
    for (int c = 0; c < k; c++)
        if (count[c])
            for (int f = 0; f < nfeatures; f++)
                cent[c * nfeatures + f] = (float)(sum[c * nfeatures + f] / count[c]);
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. / Song et al. list KMN with 1936 CTAs of 256 threads
     * -> 495616 points (Rodinia's kdd_cup input: 494020 points x 34 features). */
    int npoints = (int)app_pick(c, 1024, 16384, 1936 * 256);
    int nfeatures = (int)app_pick(c, 16, 34, 34);
    int k = 5, iters = (int)app_pick(c, 2, 3, 2);
    size_t nf = (size_t)npoints * nfeatures;
    float *pts = app_host_alloc(c, nf * sizeof(float), err), *flip = app_host_alloc(c, nf * sizeof(float), err),
          *flip_ref = app_host_alloc(c, nf * sizeof(float), err);
    if (!pts || !flip || !flip_ref)
        return -1;
    float cent[KMN_MAX_CLUSTERS * KMN_MAX_FEATURES], cent_ref[KMN_MAX_CLUSTERS * KMN_MAX_FEATURES];
    float truth[KMN_MAX_CLUSTERS * KMN_MAX_FEATURES];
    int *member = app_host_alloc(c, sizeof(int) * npoints, err),
        *member_ref = app_host_alloc(c, sizeof(int) * npoints, err);
    if (!member || !member_ref)
        return -1;
    /* points scattered around k hidden centres */
    for (int i = 0; i < k * nfeatures; i++)
        truth[i] = app_randf(c, 0, 1);
    for (int p = 0; p < npoints; p++) {
        int t = (int)(app_rand(c) % (uint32_t)k);
        for (int f = 0; f < nfeatures; f++)
            pts[(size_t)p * nfeatures + f] = truth[t * nfeatures + f] + app_randf(c, -0.3f, 0.3f);
    }
    for (int p = 0; p < npoints; p++)
        for (int f = 0; f < nfeatures; f++)
            flip_ref[(size_t)f * npoints + p] = pts[(size_t)p * nfeatures + f];
    /* initial centroids: the first k points (both paths) */
    memcpy(cent, pts, sizeof(float) * k * nfeatures);
    memcpy(cent_ref, pts, sizeof(float) * k * nfeatures);
    for (int it = 0; it < iters; it++) {
        assign_ref(pts, npoints, nfeatures, cent_ref, k, member_ref);
        update_centroids(pts, npoints, nfeatures, member_ref, cent_ref, k);
    }

    ctasim_module_t *m;
    uint64_t d_in, d_feat, d_member;
    int r = -1;
    if (app_load_module(c, "kmn.ptx", &m, err) < 0 || app_upload(c, &d_in, pts, nf * sizeof(float), err) < 0 ||
        app_alloc_zero(c, &d_feat, nf * sizeof(float), err) < 0 ||
        app_alloc_zero(c, &d_member, sizeof(int) * npoints, err) < 0)
        goto out;
    dim3_t grid = {(uint32_t)(npoints + 255) / 256, 1, 1}, block = {256, 1, 1};
    void *inv_args[] = {&d_in, &d_feat, &npoints, &nfeatures};
    if (ctasim_launch(c->rt, m, "kmn_invert_mapping", grid, block, 0, 0, inv_args, 4, err) < 0)
        goto out;
    for (int it = 0; it < iters; it++) {
        void *args[] = {&d_feat, &nfeatures, &npoints, &k, &d_member};
        if (ctasim_set_const(c->rt, m, "kmn_clusters", cent, sizeof(float) * k * nfeatures, err) < 0 ||
            ctasim_launch(c->rt, m, "kmn_find_nearest", grid, block, 0, 0, args, 5, err) < 0 ||
            app_download(c, member, d_member, sizeof(int) * npoints, err) < 0)
            goto out;
        update_centroids(pts, npoints, nfeatures, member, cent, k);
    }
    if (app_download(c, flip, d_feat, nf * sizeof(float), err) < 0)
        goto out;
    r = app_check_f32(c, "transposed features", flip, flip_ref, nf, 0, 0);
    if (r == 1)
        r = app_check_u32(c, "membership", (const uint32_t *)member, (const uint32_t *)member_ref, (size_t)npoints);
    if (r == 1)
        r = app_check_f32(c, "centroids", cent, cent_ref, (size_t)k * nfeatures, 0, 0);
out:
    return r;
}

const app_def_t app_kmn = {"KMN", "k-means: transposing invert-mapping kernel + nearest-centroid kernel, CPU centroid update",
                           "memory-bound, cache-sensitive, multi-kernel", run};
