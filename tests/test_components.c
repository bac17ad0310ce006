/* test_components.c — cache tag array, MSHR table, coalescer, shared-memory
 * bank conflicts and crossbar: latencies, bandwidths, hit counts. */
#include "model/cache.h"
#include "model/coalesce.h"
#include "model/icnt.h"
#include "test.h"

static cache_config_t small_cache(uint32_t sets, uint32_t assoc, char index_fn)
{
    cache_config_t c = {.enabled = true, .nsets = sets, .line_size = 128, .assoc = assoc, .replacement = 'L',
                        .set_index_fn = index_fn, .mshr_entries = 4, .mshr_max_merge = 2, .miss_queue = 4};
    return c;
}

static void lru_evicts_least_recently_used(void)
{
    cache_config_t cc = small_cache(1, 4, 'L');
    cache_t c;
    cache_init(&c, &cc);
    for (uint64_t l = 0; l < 4; l++)
        cache_allocate(&c, l, NULL)->valid_mask = c.full_mask;
    CHECK(cache_find(&c, 0, true)); /* 0 becomes most recent; 1 is LRU */
    cache_line_t ev;
    cache_allocate(&c, 9, &ev)->valid_mask = c.full_mask;
    CHECK_EQ(ev.line, 1);
    CHECK(cache_find(&c, 1, false) == NULL);
    CHECK(cache_find(&c, 0, false) != NULL);
    CHECK_EQ(c.stats.evictions, 1);
    cache_free(&c);
}

static void cyclic_sweep_larger_than_cache_always_misses(void)
{
    /* The premise of the L2-hit probe: 512 lines cycled through a 128-line LRU cache. */
    cache_config_t cc = small_cache(32, 4, 'H');
    cache_t c;
    cache_init(&c, &cc);
    unsigned hits = 0;
    for (int pass = 0; pass < 3; pass++)
        for (uint64_t l = 0; l < 512; l++) {
            if (cache_find(&c, l, true))
                hits++;
            else
                cache_allocate(&c, l, NULL)->valid_mask = c.full_mask;
        }
    CHECK_EQ(hits, 0);
    /* and a footprint that fits hits every time after the first pass */
    cache_t d;
    cache_init(&d, &cc);
    hits = 0;
    for (int pass = 0; pass < 3; pass++)
        for (uint64_t l = 0; l < 64; l++) {
            if (cache_find(&d, l, true))
                hits++;
            else
                cache_allocate(&d, l, NULL)->valid_mask = d.full_mask;
        }
    CHECK_EQ(hits, 128);
    cache_free(&c);
    cache_free(&d);
}

/* Set-index letters on a 32-set, 1-way cache of 128-byte lines. Line 0 and
 * line 32 share set 0 under 'L' (32 mod 32), so the second evicts the first.
 * 'X' XORs the next five line bits: line 32 goes to set 0 ^ 1 = 1. 'P'
 * (IPOLY, x^5 + x^2 + 1): high bit a[0] feeds index bits 0 and 2 (GPGPU-Sim's
 * table), set 5. 'H' (Fermi): address 0x2000 (line 64, linear set 0) gets
 * address bit 13 XORed into index bit 0: set 1. */
static void set_index_letters(void)
{
    const char fns[] = {'L', 'X', 'P', 'H'};
    const uint64_t second[] = {32, 32, 32, 64};
    const bool kept[] = {false, true, true, true};
    for (unsigned k = 0; k < CS_ARRAY_LEN(fns); k++) {
        cache_config_t cc = small_cache(32, 1, fns[k]);
        cache_t c;
        cache_init(&c, &cc);
        cache_allocate(&c, 0, NULL)->valid_mask = c.full_mask;
        cache_allocate(&c, second[k], NULL)->valid_mask = c.full_mask;
        CHECK_EQ(cache_find(&c, 0, false) != NULL, kept[k]);
        cache_free(&c);
    }
    /* the IPOLY set itself: line 32 collides with line 5 (both set 5) */
    cache_config_t cc = small_cache(32, 1, 'P');
    cache_t c;
    cache_init(&c, &cc);
    cache_allocate(&c, 5, NULL)->valid_mask = c.full_mask;
    cache_allocate(&c, 32, NULL)->valid_mask = c.full_mask;
    CHECK(cache_find(&c, 5, false) == NULL);
    cache_free(&c);
}

/* Allocate-on-miss reservations and the write ratio on one set of two ways.
 * A reserved frame is never a victim: with both reserved, allocation fails.
 * Dirty frames are kept while fewer than the ratio's share of frames are
 * dirty: with line 1 dirty (1 of 2 frames = 50 %), a ratio of 60 makes the
 * clean line 2 the victim though line 1 is older; with 50 the LRU line 1 goes. */
static void reservations_and_write_ratio(void)
{
    cache_config_t cc = small_cache(1, 2, 'L');
    cache_t c;
    cache_init(&c, &cc);
    cache_allocate(&c, 1, NULL)->reserved_mask = 1;
    cache_allocate(&c, 2, NULL)->reserved_mask = 1;
    CHECK(cache_allocate(&c, 3, NULL) == NULL);
    cache_fill_sectors(cache_find(&c, 1, false), 1);
    cache_line_t ev;
    CHECK(cache_allocate(&c, 3, &ev) != NULL); /* the filled line 1 is the victim */
    CHECK_EQ(ev.line, 1);
    CHECK_EQ(c.stats.evictions, 1);
    cache_free(&c);

    for (unsigned pct = 50; pct <= 60; pct += 10) {
        cache_init(&c, &cc);
        c.dirty_evict_pct = pct;
        cache_line_t *l1 = cache_allocate(&c, 1, NULL);
        cache_mark_dirty(&c, l1, 1, true);
        cache_allocate(&c, 2, NULL)->valid_mask = 1;
        CHECK_EQ(c.dirty_lines, 1);
        cache_allocate(&c, 3, &ev);
        CHECK_EQ(ev.line, pct == 60 ? 2 : 1);
        CHECK_EQ(c.dirty_lines, pct == 60 ? 1 : 0);
        cache_free(&c);
    }
    /* only dirty frames left: one is taken rather than waiting forever */
    cache_init(&c, &cc);
    c.dirty_evict_pct = 100;
    cache_mark_dirty(&c, cache_allocate(&c, 1, NULL), 1, true);
    cache_mark_dirty(&c, cache_allocate(&c, 2, NULL), 1, true);
    CHECK(cache_allocate(&c, 3, &ev) != NULL);
    CHECK_EQ(ev.line, 1);
    cache_free(&c);
}

static void sector_masks(void)
{
    cache_config_t cc = small_cache(4, 4, 'L');
    cc.sectored = true;
    cache_t c;
    cache_init(&c, &cc);
    CHECK_EQ(cache_sector_mask(&c, 0x1000, 4), 0x1);
    CHECK_EQ(cache_sector_mask(&c, 0x1000 + 60, 8), 0x6);  /* bytes 60..67: sectors 1 and 2 */
    CHECK_EQ(cache_sector_mask(&c, 0x1000 + 96, 64), 0x8); /* clipped to the line */
    cache_free(&c);
    cc.sectored = false;
    cache_init(&c, &cc);
    CHECK_EQ(cache_sector_mask(&c, 0x1000, 4), 0xF);
    cache_free(&c);
}

static void mshr_merge_and_capacity(void)
{
    mshr_table_t m;
    mshr_init(&m, 2, 2);
    int a = mshr_alloc(&m, 100);
    CHECK(a >= 0);
    CHECK(mshr_add_waiter(&m, a, 7));
    CHECK(mshr_add_waiter(&m, a, 8));
    CHECK(!mshr_add_waiter(&m, a, 9)); /* merge capacity 2 */
    CHECK_EQ(mshr_find(&m, 100), a);
    CHECK(mshr_alloc(&m, 200) >= 0);
    CHECK(mshr_full(&m));
    CHECK_EQ(mshr_alloc(&m, 300), -1);
    CHECK_EQ(mshr_waiters(&m, a)[1], 8);
    mshr_release(&m, a);
    CHECK_EQ(mshr_find(&m, 100), -1);
    CHECK(!mshr_full(&m));
    mshr_free(&m);
}

/* The hash index against a plain scan, through many allocations and
 * releases with keys that share low bits (line and sector addresses). */
static void mshr_index_matches_a_scan(void)
{
    enum { N = 64 };
    mshr_table_t m;
    mshr_init(&m, N, 1);
    uint64_t key_of[N];
    bool live[N] = {false};
    uint64_t rng = 12345;
    for (int step = 0; step < 20000; step++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        const uint64_t key = ((rng >> 33) % 200) << 7; /* 200 keys, multiples of 128 */
        int want = -1;
        for (int i = 0; i < N; i++)
            if (live[i] && key_of[i] == key)
                want = i;
        CHECK_EQ(mshr_find(&m, key), want);
        if (want >= 0) {
            mshr_release(&m, want);
            live[want] = false;
        } else if (!mshr_full(&m)) {
            int lowest = 0;
            while (live[lowest])
                lowest++;
            CHECK_EQ(mshr_alloc(&m, key), lowest);
            live[lowest] = true;
            key_of[lowest] = key;
        }
    }
    mshr_free(&m);
}

static void coalescing(void)
{
    uint64_t addr[32];
    warp_inst_t in = {.active_mask = 0xFFFFFFFFu, .access_size = 4, .addr = addr};
    mem_access_t acc[COALESCE_MAX_ACCESSES];
    for (int l = 0; l < 32; l++)
        addr[l] = 0x10000 + 4 * (uint64_t)l;
    CHECK_EQ(coalesce_warp(&in, 128, acc), 1);
    CHECK_EQ(acc[0].line_addr, 0x10000);
    CHECK_EQ(acc[0].sector_mask, 0xF);
    CHECK_EQ(acc[0].bytes, 128);
    for (int l = 0; l < 32; l++) /* misaligned by 64: two lines, half each */
        addr[l] = 0x10040 + 4 * (uint64_t)l;
    CHECK_EQ(coalesce_warp(&in, 128, acc), 2);
    CHECK_EQ(acc[0].sector_mask, 0xC);
    CHECK_EQ(acc[1].sector_mask, 0x3);
    for (int l = 0; l < 32; l++) /* stride 128: one line per lane */
        addr[l] = 0x10000 + 128 * (uint64_t)l;
    CHECK_EQ(coalesce_warp(&in, 128, acc), 32);
    in.active_mask = 0x5; /* only lanes 0 and 2 */
    CHECK_EQ(coalesce_warp(&in, 128, acc), 2);
    CHECK_EQ(acc[1].line_addr, 0x10100);
    in.active_mask = 0xFFFFFFFFu;
    in.access_size = 16; /* 16 B per lane, contiguous: 512 B = 4 lines */
    for (int l = 0; l < 32; l++)
        addr[l] = 0x20000 + 16 * (uint64_t)l;
    CHECK_EQ(coalesce_warp(&in, 128, acc), 4);
    in.access_size = 8; /* straddling a line boundary */
    in.active_mask = 1;
    addr[0] = 0x2007C;
    CHECK_EQ(coalesce_warp(&in, 128, acc), 2);
}

static void shared_memory_bank_conflicts(void)
{
    uint64_t addr[32];
    warp_inst_t in = {.active_mask = 0xFFFFFFFFu, .access_size = 4, .addr = addr};
    for (int l = 0; l < 32; l++)
        addr[l] = 4 * (uint64_t)l;
    CHECK_EQ(shmem_conflict_degree(&in, 32, 4), 1);
    for (int l = 0; l < 32; l++)
        addr[l] = 8 * (uint64_t)l; /* stride 2 words: 2-way */
    CHECK_EQ(shmem_conflict_degree(&in, 32, 4), 2);
    for (int l = 0; l < 32; l++)
        addr[l] = 128 * (uint64_t)l; /* same bank, different words: 32-way */
    CHECK_EQ(shmem_conflict_degree(&in, 32, 4), 32);
    for (int l = 0; l < 32; l++)
        addr[l] = 64; /* broadcast */
    CHECK_EQ(shmem_conflict_degree(&in, 32, 4), 1);
}

/* The coalescer's and the bank-conflict counter's fast paths against plain
 * definitions, on random warps: strided, clustered, broadcast and scattered
 * addresses, random masks, every access size, both line sizes, power-of-two
 * and other bank counts; and full warps of lanes back to back at every
 * offset. */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Accesses in order of the lowest lane touching each line; bytes summed then capped. */
static unsigned plain_coalesce(const warp_inst_t *in, uint32_t line, mem_access_t *out)
{
    unsigned n = 0;
    uint32_t size = in->access_size ? in->access_size : 4;
    for (unsigned lane = 0; lane < 32; lane++) {
        if (!(in->active_mask >> lane & 1))
            continue;
        uint64_t a = in->addr[lane], end = a + size;
        while (a < end) {
            uint64_t base = a - a % line, stop = end < base + line ? end : base + line;
            unsigned i;
            for (i = 0; i < n && out[i].line_addr != base; i++)
                ;
            if (i == n) {
                out[n].line_addr = base;
                out[n].sector_mask = 0;
                out[n++].bytes = 0;
            }
            for (uint64_t b = a; b < stop; b++)
                if ((b - base) / 32 < 8)
                    out[i].sector_mask |= (uint8_t)(1u << ((b - base) / 32));
            out[i].bytes += (uint32_t)(stop - a);
            a = stop;
        }
    }
    for (unsigned i = 0; i < n; i++)
        if (out[i].bytes > line)
            out[i].bytes = line;
    return n;
}

static unsigned plain_conflicts(const warp_inst_t *in, uint32_t nbanks, uint32_t width)
{
    uint64_t words[32 * 4];
    unsigned n = 0, degree = 0;
    uint32_t per_lane = (in->access_size + width - 1) / width;
    per_lane = per_lane ? (per_lane < 4 ? per_lane : 4) : 1;
    for (unsigned lane = 0; lane < 32; lane++)
        if (in->active_mask >> lane & 1)
            for (uint32_t w = 0; w < per_lane; w++) {
                uint64_t word = in->addr[lane] / width + w;
                unsigned k;
                for (k = 0; k < n && words[k] != word; k++)
                    ;
                if (k == n)
                    words[n++] = word;
            }
    for (unsigned b = 0; b < nbanks; b++) {
        unsigned in_bank = 0;
        for (unsigned k = 0; k < n; k++)
            in_bank += words[k] % nbanks == b;
        if (in_bank > degree)
            degree = in_bank;
    }
    return n ? degree : 0;
}

/* coalesce_warp gives exactly the plain definition's accesses. */
static void coalesce_matches_plain(const warp_inst_t *in, uint32_t line)
{
    mem_access_t got[COALESCE_MAX_ACCESSES], want[COALESCE_MAX_ACCESSES];
    unsigned n = coalesce_warp(in, line, got);
    CHECK_EQ(n, plain_coalesce(in, line, want));
    for (unsigned i = 0; i < n; i++) {
        CHECK_EQ(got[i].line_addr, want[i].line_addr);
        CHECK_EQ(got[i].sector_mask, want[i].sector_mask);
        CHECK_EQ(got[i].bytes, want[i].bytes);
    }
}

static void coalescer_fast_paths_match_plain_definitions(void)
{
    static const uint8_t sizes[] = {1, 2, 4, 8, 16};
    static const int64_t strides[] = {0, 1, 4, 8, 16, 32, 64, 128, 132, 256, -4, -128, 4096};
    static const uint32_t banks[] = {32, 16, 64, 24};
    uint64_t seed = 0x9e3779b97f4a7c15ull, addr[32];
    for (int t = 0; t < 20000; t++) {
        warp_inst_t in = {.addr = addr};
        uint64_t r = rng_next(&seed);
        in.access_size = sizes[r % 5];
        in.active_mask = (r >> 8) % 4 == 0 ? 0xffffffffu : (uint32_t)rng_next(&seed);
        /* far from 0 and 2^64: negative strides must not wrap (the plain definition walks bytes) */
        uint64_t base = (1ull << 40) + (rng_next(&seed) % 100000) * ((r >> 12) % 2 ? 1 : in.access_size);
        int64_t stride = strides[(r >> 16) % 13];
        for (unsigned l = 0; l < 32; l++) {
            switch ((r >> 24) % 4) {
            case 0: addr[l] = base + (uint64_t)(stride * (int64_t)l); break;    /* strided */
            case 1: addr[l] = base + rng_next(&seed) % 512; break;             /* clustered */
            case 2: addr[l] = base + (rng_next(&seed) % 4) * 4096; break;      /* few words */
            default: addr[l] = rng_next(&seed) % (1u << 20); break;            /* scattered */
            }
        }
        coalesce_matches_plain(&in, (r >> 32) % 2 ? 128 : 32);
        uint32_t nb = banks[(r >> 40) % 4], width = (r >> 44) % 2 ? 4 : 8;
        CHECK_EQ(shmem_conflict_degree(&in, nb, width), plain_conflicts(&in, nb, width));
        if (test_case_failed)
            return;
    }
    /* every full warp of lanes back to back (the contiguous fast path), at
     * every byte offset into a line, and the same with one lane moved */
    for (unsigned k = 0; k < 5; k++)
        for (uint64_t off = 0; off < 300; off++)
            for (int moved = 0; moved < 2; moved++) {
                warp_inst_t in = {.addr = addr, .access_size = sizes[k], .active_mask = 0xffffffffu};
                for (unsigned l = 0; l < 32; l++)
                    addr[l] = (1ull << 40) + off + l * sizes[k];
                if (moved)
                    addr[off % 32] += 4096;
                for (uint32_t line = 32; line <= 128; line *= 4)
                    coalesce_matches_plain(&in, line);
                if (test_case_failed)
                    return;
            }
}

static gpu_config_t icnt_cfg(void)
{
    gpu_config_t c;
    memset(&c, 0, sizeof c);
    c.icnt_flit_size = 32;
    c.icnt_latency = 5;
    c.icnt_in_buffer = 64;
    c.icnt_out_buffer = 64;
    c.icnt_ctrl_bytes = 8;
    return c;
}

static void crossbar_latency_and_serialisation(void)
{
    gpu_config_t c = icnt_cfg();
    xbar_t x;
    xbar_init(&x, 2, 2, &c);
    mem_req_t a = {0}, b = {0};
    xbar_push(&x, 0, 1, &a, 8);   /* 1 flit */
    xbar_push(&x, 1, 1, &b, 136); /* 5 flits, same output */
    uint64_t got_a = 0, got_b = 0;
    for (uint64_t t = 1; t < 100; t++) {
        xbar_cycle(&x, t);
        mem_req_t *r;
        while ((r = xbar_pop(&x, 1, t)) != NULL) {
            if (r == &a)
                got_a = t;
            if (r == &b)
                got_b = t;
        }
    }
    CHECK_EQ(got_a, 1 + 5);         /* granted at 1, latency 5, one flit */
    CHECK_EQ(got_b, 2 + 5 + 5 - 1); /* output busy during cycle 1; 5 flits */
    CHECK(xbar_idle(&x));
    xbar_free(&x);
}

static void crossbar_port_bandwidth_is_one_flit_per_cycle(void)
{
    gpu_config_t c = icnt_cfg();
    c.icnt_in_buffer = 100000;
    c.icnt_out_buffer = 100000;
    xbar_t x;
    xbar_init(&x, 4, 1, &c);
    static mem_req_t r[400];
    for (int i = 0; i < 400; i++)
        xbar_push(&x, (uint32_t)(i % 4), 0, &r[i], 128); /* 4 flits each, all to one output */
    uint64_t t = 0, n = 0;
    while (n < 400 && t < 100000) {
        t++;
        xbar_cycle(&x, t);
        while (xbar_pop(&x, 0, t))
            n++;
    }
    /* 1600 flits through one output port from cycle 1: the last flit lands at 1600 + latency */
    CHECK_EQ(n, 400);
    CHECK_EQ(t, 1600 + 5);
    CHECK_EQ(x.stats.flits, 1600);
    xbar_free(&x);
}

static void crossbar_back_pressure(void)
{
    gpu_config_t c = icnt_cfg();
    c.icnt_in_buffer = 10;
    c.icnt_out_buffer = 10;
    xbar_t x;
    xbar_init(&x, 1, 1, &c);
    /* the input buffer is raised to hold the largest packet (9 flits of 32 B) */
    CHECK_EQ(x.in_cap, 10);
    static mem_req_t r[8];
    unsigned pushed = 0;
    while (pushed < 8 && xbar_can_push(&x, 0, 128)) /* 4 flits each */
        xbar_push(&x, 0, 0, &r[pushed++], 128);
    CHECK_EQ(pushed, 2);
    for (uint64_t t = 1; t < 50; t++)
        xbar_cycle(&x, t); /* nobody pops: the output fills and stops accepting */
    CHECK_EQ(x.out_flits[0], 8);
    CHECK(xbar_can_push(&x, 0, 128));
    xbar_push(&x, 0, 0, &r[2], 128);
    for (uint64_t t = 50; t < 100; t++)
        xbar_cycle(&x, t);
    CHECK_EQ(x.queued, 1); /* held back: output buffer full */
    xbar_free(&x);
}

int main(void)
{
    RUN(lru_evicts_least_recently_used);
    RUN(cyclic_sweep_larger_than_cache_always_misses);
    RUN(sector_masks);
    RUN(set_index_letters);
    RUN(reservations_and_write_ratio);
    RUN(mshr_merge_and_capacity);
    RUN(mshr_index_matches_a_scan);
    RUN(coalescing);
    RUN(shared_memory_bank_conflicts);
    RUN(coalescer_fast_paths_match_plain_definitions);
    RUN(crossbar_latency_and_serialisation);
    RUN(crossbar_port_bandwidth_is_one_flit_per_cycle);
    RUN(crossbar_back_pressure);
    TEST_EXIT();
}
