/* app_pvr.c — PVR: page view rank, the MapReduce (Mars PageViewRank shape)
 * in-link count and rank per page over a link list, as in Kayiran et al.
 * PACT'13 Table 2 (Type-M). Our own implementation: a generated crawl of
 * pages with opaque 32-bit ids, power-law out-degrees and power-law
 * destination popularity (a few pages get most in-links), stored as
 * (source, destination) pairs sorted by source. One thread per source page
 * walks its out-links and, per link, finds the destination in a global
 * open-addressing hash table (atomicCAS) and adds one in-link and its share of
 * rank (atomicAdd, fixed point, so exact in any order); a second kernel emits
 * the (page, in-links, rank) triples through an atomic counter.
 *
 * Property reproduced: memory-bound and irregular (Type-M in Kayiran's Table
 * 2), but NOT their gain from fewer CTAs: here every link costs a hash probe
 * through L1 into a 1 MB table plus two L2 atomics, with little per-thread
 * reuse for throttling to protect. Measured with `ctasim run --size default
 * PVR` (256 CTAs of 128 threads, 32768 source pages, ~330 K links; cycles of
 * pvr_rank, the emit kernel adds ~14 K):
 *   gtx480 preset (the default)
 *     CTAs/SM         8 (max)   4        2        1
 *     cycles          523075    548590   793564   1360781
 *     L1 miss rate    0.78      0.70     0.64     0.60
 *     DRAM bw util    0.71      0.59     0.33     0.16
 *   RACT 0.34 at the maximum; the maximum is fastest (DRAM-bound).
 *   --config pact13-30sm: 909679 (8) / 772213 (4) / 788921 (2) / 1118423 (1)
 *   cycles: 1.18x faster at 4 CTAs/SM than at 8. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define BLOCK 128
#define RANK_ONE 4096u /* the kernel's PVR_ONE */
#define MAX_OUT 128    /* out-links per page, at most */

/* murmur3's 32-bit finaliser: a bijection, so distinct pages get distinct
 * ids and only page 0 would get id 0 (ids are made from 1 .. n). */
static uint32_t mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x85ebca6bu;
    x ^= x >> 13;
    x *= 0xc2b2ae35u;
    x ^= x >> 16;
    return x;
}

/* A slot of the kernel's table (pvr_slot) and a row of its output. */
typedef struct page_row {
    uint32_t id, inlinks, rank, pad;
} page_row_t;

static int cmp_row(const void *a, const void *b)
{
    uint32_t x = ((const page_row_t *)a)->id, y = ((const page_row_t *)b)->id;
    return x < y ? -1 : x > y;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for PVR; 2048 CTAs (262144
     * source pages, ~2.6 M links) is of the order of Mars's data sets. */
    uint32_t n_pages = app_pick(c, 32, 256, 2048) * BLOCK, n_slots = 1;
    while (n_slots < 2 * n_pages)
        n_slots <<= 1;
    uint32_t *row = app_host_alloc(c, sizeof(uint32_t) * (n_pages + 1), err),
             *ids = app_host_alloc(c, sizeof(uint32_t) * n_pages, err);
    if (!row || !ids)
        return -1;
    for (uint32_t p = 0; p < n_pages; p++) {
        ids[p] = mix32(p + 1);
        float u = app_randf(c, 1e-6f, 1.0f);
        float len = 4.0f * powf(u, -1.0f / 1.5f); /* Pareto, minimum 4 */
        row[p + 1] = row[p] + (len > MAX_OUT ? MAX_OUT : (uint32_t)len);
    }
    uint32_t n_links = row[n_pages];
    uint32_t *links = app_host_alloc(c, sizeof(uint32_t) * 2 * n_links, err);
    page_row_t *ref = app_host_alloc(c, sizeof(page_row_t) * n_pages, err),
               *got = app_host_alloc(c, sizeof(page_row_t) * n_pages, err);
    if (!links || !ref || !got)
        return -1;
    for (uint32_t p = 0; p < n_pages; p++)
        ref[p].id = ids[p];
    for (uint32_t p = 0; p < n_pages; p++) {
        uint32_t deg = row[p + 1] - row[p], share = RANK_ONE / deg;
        for (uint32_t e = row[p]; e < row[p + 1]; e++) {
            /* popularity ~ x^(-1/2); a few self-links, which do not count */
            float r = app_randf(c, 0.0f, 1.0f);
            uint32_t q = app_rand(c) % 64 == 0 ? p : (uint32_t)((float)n_pages * r * r);
            if (q >= n_pages)
                q = n_pages - 1;
            links[2 * e] = ids[p];
            links[2 * e + 1] = ids[q];
            if (q != p)
                ref[q].inlinks++, ref[q].rank += share;
        }
    }
    ctasim_module_t *m;
    uint64_t d_links, d_row, d_table, d_n, d_out;
    int r = -1, np = (int)n_pages, ns = (int)n_slots;
    uint32_t mask = n_slots - 1, n_out = 0;
    if (app_load_module(c, "pvr.ptx", &m, err) < 0 ||
        app_upload(c, &d_links, links, sizeof(uint32_t) * 2 * n_links, err) < 0 ||
        app_upload(c, &d_row, row, sizeof(uint32_t) * (n_pages + 1), err) < 0 ||
        app_alloc_zero(c, &d_table, sizeof(page_row_t) * n_slots, err) < 0 ||
        app_alloc_zero(c, &d_n, sizeof(uint32_t), err) < 0 ||
        app_alloc_zero(c, &d_out, sizeof(page_row_t) * n_pages, err) < 0)
        goto out;
    void *args1[] = {&d_links, &d_row, &np, &d_table, &mask};
    void *args2[] = {&d_table, &ns, &d_n, &d_out};
    dim3_t grid1 = {n_pages / BLOCK, 1, 1}, grid2 = {n_slots / 256, 1, 1}, block1 = {BLOCK, 1, 1},
           block2 = {256, 1, 1};
    if (ctasim_launch(c->rt, m, "pvr_rank", grid1, block1, 0, 0, args1, 5, err) < 0 ||
        ctasim_launch(c->rt, m, "pvr_emit", grid2, block2, 0, 0, args2, 4, err) < 0 ||
        app_download(c, &n_out, d_n, sizeof(uint32_t), err) < 0)
        goto out;
    /* Pages nobody links to are in no slot; the emitted order follows the
     * atomics: compare the emitted rows sorted by page id with the reference
     * rows of the linked pages, sorted the same way. */
    uint32_t n_ref = 0;
    for (uint32_t p = 0; p < n_pages; p++)
        if (ref[p].inlinks)
            ref[n_ref++] = ref[p];
    r = 0;
    if (n_out != n_ref) {
        snprintf(c->detail, sizeof c->detail, "%u pages emitted, want %u", n_out, n_ref);
        goto out;
    }
    if (app_download(c, got, d_out, sizeof(page_row_t) * n_out, err) < 0) {
        r = -1;
        goto out;
    }
    qsort(ref, n_ref, sizeof *ref, cmp_row);
    qsort(got, n_out, sizeof *got, cmp_row);
    r = app_check_u32(c, "(page, in-links, rank) rows sorted by page", (const uint32_t *)got,
                      (const uint32_t *)ref, 4 * (size_t)n_ref);
out:
    return r;
}

const app_def_t app_pvr = {"PVR",
                           "page view rank: per-page out-link walk, id-keyed hash table, atomic in-link and rank "
                           "sums, emit",
                           "memory-bound, irregular, multi-kernel", run};
