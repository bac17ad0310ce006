/* app_pvc.c — PVC: page view count, the MapReduce (Mars-style) "group by URL"
 * over a web log, as in Kayiran et al. PACT'13 Table 2 (Type-M). Our own
 * implementation: a generated text log of lines "URL IP TIMESTAMP\n" with
 * power-law page popularity, one thread per line scanning its URL byte by
 * byte, hashing it, and counting it in a global open-addressing hash table
 * keyed by the URL string (atomicCAS to claim a slot, byte-by-byte string
 * compare on a hash match, atomicAdd to count). Per-thread byte scans are
 * uncoalesced (a warp's 32 log lines, ~68 bytes each, span ~17 cache lines of
 * 128 B) and are reused from L1 only while a warp's lines stay resident, so
 * with many warps per core they thrash the L1 and memory traffic, not
 * instructions, sets the time.
 *
 * Property reproduced: Type-M, fewer CTAs per core run faster (Kayiran: cores
 * inactive ~90 % of the time, 3.5x faster at the optimal CTA count). Measured
 * with `ctasim run --size default PVC` (256 CTAs of 128 threads, 32768 lines;
 * --max-ctas N gives the same cycles as --set gpgpu_shader_cta=N):
 *   gtx480 preset (the default: 15 SMs, 16 KB L1, 128 B lines)
 *     CTAs/SM         8 (max)   4        2        1
 *     cycles          904199    723446   579546   688722
 *     L1 miss rate    0.55      0.43     0.23     0.08
 *     DRAM bw util    0.69      0.61     0.19     0.06
 *   at the maximum RACT (Kayiran's active time ratio) is 0.21: cores inactive
 *   79 % of the time; 2 CTAs/SM is 1.56x faster than 8.
 *   --config pact13-30sm (Kayiran's Table 1: 30 SMs, 32 KB L1, 64 B lines):
 *     cycles 916491 (max 8) / 279499 (4) / 282101 (2) / 422429 (1): 3.3x
 *     faster at 4 CTAs/SM than at 8; L1 miss rate 0.23 at 8, 0.05 at 4. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define BLOCK 128
#define LINE_MAX_BYTES 128

static uint32_t fnv1a(const unsigned char *s, unsigned char end)
{
    uint32_t h = 2166136261u;
    for (; *s != end; s++)
        h = (h ^ *s) * 16777619u;
    return h;
}

/* URL of page u: injective in u (the page number is u itself); a few path
 * shapes so URLs have different lengths. */
static int url_of(uint32_t u, char *out, size_t cap)
{
    static const char *const sections[] = {"", "news/", "sports/world/", "blog/2013/03/", "shop/items/cat7/"};
    return snprintf(out, cap, "http://www.site%u.com/%spage%u.html", (u * 2654435761u >> 20) % 97u,
                    sections[u % 5u], u);
}

/* Index of the line starting at byte `pos`, or -1. */
static long line_at(const uint32_t *off, uint32_t n, uint32_t pos)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (off[mid] < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && off[lo] == pos ? (long)lo : -1;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for PVC; 2048 CTAs (262144
     * lines, ~20 MB of log), a web log of the order of Mars's data sets. */
    uint32_t n_lines = app_pick(c, 32, 256, 2048) * BLOCK;
    uint32_t n_urls = n_lines / 8, n_slots = 1;
    while (n_slots < 2 * n_urls)
        n_slots <<= 1;
    size_t cap = (size_t)n_lines * LINE_MAX_BYTES;
    unsigned char *log = app_host_alloc(c, cap, err);
    uint32_t *off = app_host_alloc(c, sizeof(uint32_t) * n_lines, err),
             *line_url = app_host_alloc(c, sizeof(uint32_t) * n_lines, err),
             *ref = app_host_alloc(c, sizeof(uint32_t) * n_urls, err),
             *got = app_host_alloc(c, sizeof(uint32_t) * n_urls, err),
             *seen = app_host_alloc(c, sizeof(uint32_t) * n_urls, err),
             *counts = app_host_alloc(c, sizeof(uint32_t) * n_slots, err);
    uint64_t *keys = app_host_alloc(c, sizeof(uint64_t) * n_slots, err);
    if (!log || !off || !line_url || !ref || !got || !seen || !counts || !keys)
        return -1;
    size_t len = 0;
    for (uint32_t i = 0; i < n_lines; i++) {
        /* popularity ~ x^(-2/3): a few pages get most of the views */
        float r = app_randf(c, 0.0f, 1.0f);
        uint32_t u = (uint32_t)((float)n_urls * r * r * r);
        if (u >= n_urls)
            u = n_urls - 1;
        uint32_t ip = app_rand(c), ts = 1364000000u + app_rand(c) % 1000000u;
        off[i] = (uint32_t)len;
        line_url[i] = u;
        ref[u]++;
        int w = url_of(u, (char *)log + len, cap - len);
        len += (size_t)w;
        w = snprintf((char *)log + len, cap - len, " %u.%u.%u.%u %u\n", ip >> 24, ip >> 16 & 255, ip >> 8 & 255,
                     ip & 255, ts);
        len += (size_t)w;
    }
    ctasim_module_t *m;
    uint64_t d_log, d_off, d_keys, d_counts;
    int r = -1;
    uint32_t mask = n_slots - 1;
    int n = (int)n_lines;
    if (app_load_module(c, "pvc.ptx", &m, err) < 0 || app_upload(c, &d_log, log, len, err) < 0 ||
        app_upload(c, &d_off, off, sizeof(uint32_t) * n_lines, err) < 0 ||
        app_alloc_zero(c, &d_keys, sizeof(uint64_t) * n_slots, err) < 0 ||
        app_alloc_zero(c, &d_counts, sizeof(uint32_t) * n_slots, err) < 0)
        goto out;
    void *args[] = {&d_log, &d_off, &n, &d_keys, &d_counts, &mask};
    dim3_t grid = {n_lines / BLOCK, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "pvc_count", grid, block, 0, 0, args, 6, err) < 0 ||
        app_download(c, keys, d_keys, sizeof(uint64_t) * n_slots, err) < 0 ||
        app_download(c, counts, d_counts, sizeof(uint32_t) * n_slots, err) < 0)
        goto out;
    /* The layout depends on the order of the atomics: check, per URL, that it
     * has one slot, that the slot's key hashes its URL, and its count. */
    r = 0;
    for (uint32_t s = 0; s < n_slots; s++) {
        if (!keys[s]) {
            if (counts[s]) {
                snprintf(c->detail, sizeof c->detail, "empty slot %u has count %u", s, counts[s]);
                goto out;
            }
            continue;
        }
        long line = line_at(off, n_lines, (uint32_t)keys[s] - 1u);
        if (line < 0 || (uint32_t)(keys[s] >> 32) != fnv1a(log + off[line], ' ')) {
            snprintf(c->detail, sizeof c->detail, "slot %u: key 0x%llx names no URL of the log", s,
                     (unsigned long long)keys[s]);
            goto out;
        }
        uint32_t u = line_url[line];
        if (seen[u]++) {
            snprintf(c->detail, sizeof c->detail, "URL of page %u in two slots", u);
            goto out;
        }
        got[u] = counts[s];
    }
    r = app_check_u32(c, "views per URL", got, ref, n_urls);
out:
    return r;
}

const app_def_t app_pvc = {"PVC", "page view count: per-line URL byte scan, string-keyed global hash table, atomics",
                           "memory-bound, irregular, cache-sensitive", run};
