/* app_ssc.c — SSC: similarity score, the MapReduce (Mars-style) pairwise
 * document similarity of Kayiran et al. PACT'13 Table 2 (Type-M). Our own
 * implementation: generated documents as dense term-weight vectors (most
 * weights zero) and a list of candidate pairs drawn at random; one thread per
 * pair computes the cosine similarity, walking both vectors element by
 * element. A warp's loads gather from 64 different documents at once
 * (uncoalesced), and each thread's two vectors are reused from L1 only while
 * they stay resident, so many warps per core thrash the L1.
 *
 * Property reproduced: Type-M, cores inactive almost all the time (Kayiran:
 * ~90 %), and, with Kayiran's L1, fewer CTAs per core run much faster.
 * Measured with `ctasim run --size default SSC` (256 CTAs of 128 threads,
 * 32768 pairs over 8192 documents, 1 MB of vectors):
 *   gtx480 preset (the default: 16 KB L1 = 128 lines of 128 B, fewer than the
 *   64 lines one warp's two gathers keep live, so even 1 CTA thrashes it)
 *     CTAs/SM         8 (max)   4        2        1
 *     cycles          836597    834325   800482   762009
 *     L1 miss rate    0.78      0.78     0.74     0.70
 *     DRAM bw util    0.75      0.75     0.74     0.69
 *   RACT 0.02 at the maximum (cores inactive 98 % of the time); 1 CTA/SM is
 *   only 1.10x faster than 8.
 *   --config pact13-30sm (32 KB L1 = 512 lines of 64 B): 1557665 (8) /
 *   454365 (4) / 210533 (2) / 148331 (1) cycles, L1 miss rate 0.83 at 8 and
 *   0.07 at 1: 10.5x faster at 1 CTA/SM than at 8. */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

#define BLOCK 128
#define DIM 32 /* features per document (128 bytes) */

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for SSC; 2048 CTAs (262144
     * pairs over 65536 documents, 8 MB of vectors) is of the order of Mars's
     * data sets. */
    uint32_t n_pairs = app_pick(c, 32, 256, 2048) * BLOCK, n_docs = n_pairs / 4;
    int dim = DIM, np = (int)n_pairs;
    float *docs = app_host_alloc(c, sizeof(float) * n_docs * DIM, err),
          *score = app_host_alloc(c, sizeof(float) * n_pairs, err),
          *ref = app_host_alloc(c, sizeof(float) * n_pairs, err);
    uint32_t *pairs = app_host_alloc(c, sizeof(uint32_t) * 2 * n_pairs, err);
    if (!docs || !score || !ref || !pairs)
        return -1;
    for (size_t i = 0; i < (size_t)n_docs * DIM; i++) /* ~70 % of the weights zero */
        docs[i] = app_rand(c) % 10 < 7 ? 0.0f : app_randf(c, 0.0f, 1.0f);
    for (uint32_t i = 0; i < n_pairs; i++) {
        uint32_t a = app_rand(c) % n_docs, b = app_rand(c) % (n_docs - 1);
        pairs[2 * i] = a;
        pairs[2 * i + 1] = b >= a ? b + 1 : b;
    }
    for (uint32_t i = 0; i < n_pairs; i++) { /* same order and fused multiply-adds as the kernel */
        const float *x = docs + (size_t)pairs[2 * i] * DIM, *y = docs + (size_t)pairs[2 * i + 1] * DIM;
        float dot = 0, na = 0, nb = 0;
        for (int k = 0; k < DIM; k++) {
            dot = fmaf(x[k], y[k], dot);
            na = fmaf(x[k], x[k], na);
            nb = fmaf(y[k], y[k], nb);
        }
        float norm = na * nb;
        ref[i] = norm > 0.0f ? dot / sqrtf(norm) : 0.0f;
    }
    ctasim_module_t *m;
    uint64_t d_docs, d_pairs, d_score;
    int r = -1;
    if (app_load_module(c, "ssc.ptx", &m, err) < 0 ||
        app_upload(c, &d_docs, docs, sizeof(float) * n_docs * DIM, err) < 0 ||
        app_upload(c, &d_pairs, pairs, sizeof(uint32_t) * 2 * n_pairs, err) < 0 ||
        app_alloc_zero(c, &d_score, sizeof(float) * n_pairs, err) < 0)
        goto out;
    void *args[] = {&d_docs, &dim, &d_pairs, &np, &d_score};
    dim3_t grid = {n_pairs / BLOCK, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "ssc_score", grid, block, 0, 0, args, 5, err) < 0 ||
        app_download(c, score, d_score, sizeof(float) * n_pairs, err) < 0)
        goto out;
    r = app_check_f32(c, "similarity", score, ref, n_pairs, 1e-5f, 1e-6f);
out:
    return r;
}

const app_def_t app_ssc = {"SSC", "similarity score: cosine of document-vector pairs, one pair per thread, gathers",
                           "memory-bound, irregular, cache-sensitive", run};
