/* app_iix.c — IIX: inverted index, the MapReduce (Mars-style) link index of
 * Kayiran et al. PACT'13 Table 2 (Type-M; their largest gain from CTA
 * throttling, 4.9x). Our own implementation: generated HTML-like documents of
 * varied length (paragraphs, bold text, images, links to pages of power-law
 * popularity); one thread per document scans it byte by byte for
 * <a href=", hashes each link's URL and appends the document id to the URL's
 * posting list in a global hash table (atomicCAS / atomicAdd / atomicExch).
 * Per-thread byte scans of documents ~140 bytes apart are uncoalesced (a warp
 * load touches ~35 lines of 128 B) and reuse their lines only while they stay
 * in L1; the warp diverges with document length and link positions.
 *
 * Property reproduced: Type-M, fewer CTAs per core run faster. Measured with
 * `ctasim run --size default IIX` (192 CTAs of 128 threads, 24576 documents,
 * 3.5 MB of text, ~20 K links):
 *   gtx480 preset (the default: 15 SMs, 16 KB L1, 128 B lines)
 *     CTAs/SM         8 (max)   4        2        1
 *     cycles          1273866   1169104  1026908  931119
 *     L1 miss rate    0.70      0.64     0.44     0.08
 *     DRAM bw util    0.89      0.86     0.58     0.04
 *   RACT 0.25 at the maximum (cores inactive 75 % of the time); 1 CTA/SM is
 *   1.37x faster than 8 (with 4 warps it is latency-bound, not memory-bound).
 *   --config pact13-30sm (Kayiran's Table 1: 30 SMs, 32 KB L1, 64 B lines):
 *     801345 (8) / 444066 (4) / 397975 (2) / 547018 (1) cycles: 2.0x faster
 *     at 2 CTAs/SM than at 8 (Kayiran: 4.9x). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define BLOCK 128
#define DOC_MIN 8     /* bytes of body text a document asks for, at least */
#define DOC_MAX 128   /* ... and at most (triangular in between) */
#define CHUNK_MAX 192 /* one paragraph / link / image, bytes, at most */

typedef struct text {
    unsigned char *p;
    size_t len, cap;
} text_t;

static void put(text_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf((char *)t->p + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (w > 0)
        t->len += (size_t)w < t->cap - t->len ? (size_t)w : t->cap - t->len - 1;
}

/* The kernel's 64-bit URL fingerprint (FNV-1a << 32 | polynomial, low bit 1). */
static uint64_t fingerprint(const char *s)
{
    uint32_t h = 2166136261u, g = 0;
    for (; *s; s++) {
        h = (h ^ (unsigned char)*s) * 16777619u;
        g = g * 31u + (unsigned char)*s;
    }
    return (uint64_t)h << 32 | g | 1u;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct fp_url {
    uint64_t fp;
    uint32_t url;
} fp_url_t;

static int cmp_fp(const void *a, const void *b)
{
    uint64_t x = ((const fp_url_t *)a)->fp, y = ((const fp_url_t *)b)->fp;
    return x < y ? -1 : x > y;
}

/* The URL whose fingerprint is `fp` in the sorted a[0..n), or -1. */
static long url_with(const fp_url_t *a, uint32_t n, uint64_t fp)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (a[mid].fp < fp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && a[lo].fp == fp ? (long)a[lo].url : -1;
}

static const char *const words[] = {"the",   "index", "page",    "graphics", "memory", "warp",  "thread",
                                    "cache", "core",  "latency", "of",       "and",    "a",     "GPU",
                                    "map",   "reduce", "key",    "value",    "link",   "search"};
#define N_WORDS (sizeof words / sizeof words[0])

/* URL of page u: injective in u (the page number is u itself). */
static int url_of(uint32_t u, char *out, size_t cap)
{
    return snprintf(out, cap, "http://www.site%u.org/%s/page%u.html", (u * 2654435761u >> 22) % 53u,
                    words[u % N_WORDS], u);
}

static void words_of(app_ctx_t *c, text_t *t, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        put(t, i ? " %s" : "%s", words[app_rand(c) % N_WORDS]);
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for IIX; 1024 CTAs (131072
     * documents, ~19 MB of text). Documents are much shorter than real web
     * pages (~140 bytes on average) so the default size simulates in seconds. */
    uint32_t n_docs = app_pick(c, 16, 192, 1024) * BLOCK;
    uint32_t n_urls = n_docs / 4, n_slots = 1;
    uint32_t *want_len = app_host_alloc(c, sizeof(uint32_t) * n_docs, err),
             *doc_off = app_host_alloc(c, sizeof(uint32_t) * (n_docs + 1), err);
    if (!want_len || !doc_off)
        return -1;
    size_t cap = 1;
    for (uint32_t d = 0; d < n_docs; d++) {
        uint32_t span = (DOC_MAX - DOC_MIN) / 2 + 1; /* triangular between DOC_MIN and DOC_MAX */
        want_len[d] = DOC_MIN + app_rand(c) % span + app_rand(c) % span;
        cap += want_len[d] + 2 * CHUNK_MAX + 128; /* body + one chunk over + header and footer */
    }
    /* each link takes >= 30 bytes of text, so cap / 30 bounds the links */
    uint32_t max_links = (uint32_t)(cap / 30);
    text_t t = {app_host_alloc(c, cap, err), 0, cap};
    uint32_t *link_url = app_host_alloc(c, sizeof(uint32_t) * max_links, err),
             *link_doc = app_host_alloc(c, sizeof(uint32_t) * max_links, err);
    if (!t.p || !link_url || !link_doc)
        return -1;
    uint32_t n_links = 0;
    for (uint32_t d = 0; d < n_docs; d++) {
        doc_off[d] = (uint32_t)t.len;
        put(&t, "<html><body><h1>%u</h1>\n", d);
        size_t body = t.len;
        while (t.len - body < want_len[d]) {
            uint32_t kind = app_rand(c) % 8;
            if (kind < 4 && n_links < max_links) { /* a link */
                float r = app_randf(c, 0.0f, 1.0f);
                uint32_t u = (uint32_t)((float)n_urls * r * r * r); /* popularity ~ x^(-2/3) */
                if (u >= n_urls)
                    u = n_urls - 1;
                char url[96];
                url_of(u, url, sizeof url);
                put(&t, "<a href=\"%s\">", url);
                link_url[n_links] = u;
                link_doc[n_links++] = d;
                words_of(c, &t, 1 + app_rand(c) % 3);
                put(&t, "</a>\n");
            } else if (kind == 4) { /* an image: <a... never appears in it */
                put(&t, "<img src=\"img/%u.png\" alt=\"", app_rand(c) % 1000);
                words_of(c, &t, 1 + app_rand(c) % 2);
                put(&t, "\">\n");
            } else if (kind == 5) { /* bold text and an <abbr>, near misses of the pattern */
                put(&t, "<b>");
                words_of(c, &t, 1 + app_rand(c) % 4);
                put(&t, "</b> <abbr title=\"x\">GPU</abbr> <a name=\"s%u\"></a>\n", app_rand(c) % 100);
            } else { /* a paragraph */
                put(&t, "<p>");
                words_of(c, &t, 3 + app_rand(c) % 16);
                put(&t, "</p>\n");
            }
        }
        put(&t, "</body></html>\n");
    }
    doc_off[n_docs] = (uint32_t)t.len;
    while (n_slots < 2 * n_urls)
        n_slots <<= 1;
    /* CPU reference: per URL, its documents in increasing order (one per link) */
    uint32_t *ref_row = app_host_alloc(c, sizeof(uint32_t) * (n_urls + 1), err),
             *ref_docs = app_host_alloc(c, sizeof(uint32_t) * (n_links ? n_links : 1), err),
             *fill = app_host_alloc(c, sizeof(uint32_t) * n_urls, err),
             *got_cnt = app_host_alloc(c, sizeof(uint32_t) * n_urls, err),
             *ref_cnt = app_host_alloc(c, sizeof(uint32_t) * n_urls, err),
             *got_docs = app_host_alloc(c, sizeof(uint32_t) * (n_links ? n_links : 1), err),
             *heads = app_host_alloc(c, sizeof(uint32_t) * n_slots, err),
             *post_doc = app_host_alloc(c, sizeof(uint32_t) * (n_links ? n_links : 1), err),
             *post_next = app_host_alloc(c, sizeof(uint32_t) * (n_links ? n_links : 1), err);
    uint64_t *keys = app_host_alloc(c, sizeof(uint64_t) * n_slots, err);
    fp_url_t *fp = app_host_alloc(c, sizeof(fp_url_t) * n_urls, err);
    if (!fp || !ref_row || !ref_docs || !fill || !got_cnt || !ref_cnt || !got_docs || !heads || !post_doc || !post_next ||
        !keys)
        return -1;
    for (uint32_t u = 0; u < n_urls; u++) {
        char url[96];
        url_of(u, url, sizeof url);
        fp[u] = (fp_url_t){fingerprint(url), u};
    }
    qsort(fp, n_urls, sizeof *fp, cmp_fp);
    for (uint32_t u = 1; u < n_urls; u++)
        if (fp[u].fp == fp[u - 1].fp)
            return cs_err(err, NULL, 0, "IIX: pages %u and %u share a URL fingerprint", fp[u - 1].url, fp[u].url);
    for (uint32_t k = 0; k < n_links; k++)
        ref_cnt[link_url[k]]++;
    for (uint32_t u = 0; u < n_urls; u++)
        ref_row[u + 1] = ref_row[u] + ref_cnt[u];
    memcpy(fill, ref_row, sizeof(uint32_t) * n_urls);
    for (uint32_t k = 0; k < n_links; k++)
        ref_docs[fill[link_url[k]]++] = link_doc[k];

    ctasim_module_t *m;
    uint64_t d_text, d_off, d_keys, d_heads, d_doc, d_next, d_n;
    size_t pbytes = sizeof(uint32_t) * (n_links ? n_links : 1);
    int r = -1, nd = (int)n_docs;
    uint32_t mask = n_slots - 1, n_posts = 0;
    if (app_load_module(c, "iix.ptx", &m, err) < 0 || app_upload(c, &d_text, t.p, t.len, err) < 0 ||
        app_upload(c, &d_off, doc_off, sizeof(uint32_t) * (n_docs + 1), err) < 0 ||
        app_alloc_zero(c, &d_keys, sizeof(uint64_t) * n_slots, err) < 0 ||
        app_alloc_zero(c, &d_heads, sizeof(uint32_t) * n_slots, err) < 0 ||
        app_alloc_zero(c, &d_doc, pbytes, err) < 0 || app_alloc_zero(c, &d_next, pbytes, err) < 0 ||
        app_alloc_zero(c, &d_n, sizeof(uint32_t), err) < 0)
        goto out;
    void *args[] = {&d_text, &d_off, &nd, &d_keys, &d_heads, &d_doc, &d_next, &d_n, &mask};
    dim3_t grid = {n_docs / BLOCK, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "iix_index", grid, block, 0, 0, args, 9, err) < 0 ||
        app_download(c, keys, d_keys, sizeof(uint64_t) * n_slots, err) < 0 ||
        app_download(c, heads, d_heads, sizeof(uint32_t) * n_slots, err) < 0 ||
        app_download(c, post_doc, d_doc, pbytes, err) < 0 || app_download(c, post_next, d_next, pbytes, err) < 0 ||
        app_download(c, &n_posts, d_n, sizeof(uint32_t), err) < 0)
        goto out;
    /* The table layout and the posting order depend on the order of the
     * atomics: check, per URL, one slot whose key hashes the URL, and its
     * posting list as a sorted multiset of documents. */
    r = 0;
    if (n_posts != n_links) {
        snprintf(c->detail, sizeof c->detail, "%u postings, want %u", n_posts, n_links);
        goto out;
    }
    for (uint32_t s = 0; s < n_slots; s++) {
        if (!keys[s]) {
            if (heads[s]) {
                snprintf(c->detail, sizeof c->detail, "empty slot %u has postings", s);
                goto out;
            }
            continue;
        }
        long url = url_with(fp, n_urls, keys[s]);
        if (url < 0) {
            snprintf(c->detail, sizeof c->detail, "slot %u: key 0x%llx is no URL's fingerprint", s,
                     (unsigned long long)keys[s]);
            goto out;
        }
        uint32_t u = (uint32_t)url;
        if (got_cnt[u]) {
            snprintf(c->detail, sizeof c->detail, "URL of page %u in two slots", u);
            goto out;
        }
        for (uint32_t p = heads[s]; p; p = post_next[p - 1]) {
            if (p > n_links || got_cnt[u] >= ref_cnt[u]) {
                snprintf(c->detail, sizeof c->detail, "posting list of page %u: bad link or longer than %u", u,
                         ref_cnt[u]);
                goto out;
            }
            got_docs[ref_row[u] + got_cnt[u]++] = post_doc[p - 1];
        }
        qsort(got_docs + ref_row[u], got_cnt[u], sizeof(uint32_t), cmp_u32);
    }
    r = app_check_u32(c, "postings per URL", got_cnt, ref_cnt, n_urls);
    if (r == 1)
        r = app_check_u32(c, "posting lists (sorted)", got_docs, ref_docs, n_links);
out:
    return r;
}

const app_def_t app_iix = {"IIX",
                           "inverted index: per-document byte scan for <a href=\", URL-keyed hash table of "
                           "posting lists, atomics",
                           "memory-bound, irregular, cache-sensitive", run};
