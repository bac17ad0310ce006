/* test_synth.c — synthetic kernels: exact instruction counts against closed
 * forms written here independently of the generator, address patterns,
 * dependences, masks, determinism, isolation of concurrent CTAs, and spec
 * parsing errors. `test_synth --bench` measures warp_next throughput. */
#include <time.h>

#include "frontend/synth.h"
#include "test.h"

#define A_BASE 0x10000000ull
#define B_BASE (A_BASE + (256ull << 20))
#define PRED 200

/* ------------------------------------------------------------- helpers */

typedef struct opened {
    workload_t *w;
    kernel_desc_t k;
} opened_t;

static bool open_kernel(const char *spec, opened_t *o)
{
    cs_error_t err;
    memset(o, 0, sizeof *o);
    o->w = synth_workload_open(spec, &err);
    if (!o->w) {
        printf("  open %s: %s\n", spec, err.msg);
        return false;
    }
    if (workload_next_kernel(o->w, &o->k, &err) != 1) {
        printf("  next_kernel %s: %s\n", spec, err.msg);
        workload_destroy(o->w);
        return false;
    }
    return true;
}

static void close_kernel(opened_t *o)
{
    o->k.ops->destroy(o->k.src);
    workload_destroy(o->w);
}

/* Everything a drain observed. The hash covers every field of every
 * instruction, including the addresses of active lanes. */
typedef struct drain {
    uint64_t warp_insts, thread_insts, hash;
    int rc;
} drain_t;

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull + (h >> 29); }

static uint64_t hash_inst(uint64_t h, const warp_inst_t *in)
{
    h = mix(h, in->pc);
    h = mix(h, in->active_mask);
    h = mix(h, (uint64_t)in->unit << 40 | (uint64_t)in->lat << 32 | (uint64_t)in->space << 24 |
                   (uint64_t)in->flags << 16 | (uint64_t)in->access_size << 8 | in->ndst << 4 | in->nsrc);
    for (unsigned i = 0; i < in->ndst; i++)
        h = mix(h, in->dst[i]);
    for (unsigned i = 0; i < in->nsrc; i++)
        h = mix(h, in->src[i] + 1000u);
    if (in->addr)
        for (unsigned l = 0; l < WARP_SIZE; l++)
            if (in->active_mask >> l & 1)
                h = mix(h, in->addr[l]);
    return h;
}

/* Begin CTAs in order, run every warp to completion, end the CTA. */
static drain_t drain_kernel(const kernel_desc_t *k)
{
    drain_t d = {0, 0, 0xcbf29ce484222325ull, 0};
    cs_error_t err;
    for (uint64_t c = 0; c < dim3_count(k->grid); c++) {
        void *cta = k->ops->cta_begin(k->src, c, 0, &err);
        if (!cta) {
            printf("  cta_begin %llu: %s\n", (unsigned long long)c, err.msg);
            d.rc = -1;
            return d;
        }
        for (unsigned w = 0; w < kernel_warps_per_cta(k); w++) {
            const warp_inst_t *in;
            int rc;
            while ((rc = k->ops->warp_next(cta, w, &in, &err)) == 1) {
                d.warp_insts++;
                d.thread_insts += (uint64_t)__builtin_popcount(in->active_mask);
                d.hash = hash_inst(d.hash, in);
            }
            if (rc < 0) {
                printf("  warp_next: %s\n", err.msg);
                d.rc = -1;
            }
        }
        k->ops->cta_end(k->src, cta);
    }
    return d;
}

static drain_t drain_spec(const char *spec, kernel_desc_t *desc_out)
{
    opened_t o;
    drain_t d = {0, 0, 0, -1};
    if (!open_kernel(spec, &o))
        return d;
    d = drain_kernel(&o.k);
    if (desc_out)
        *desc_out = o.k;
    close_kernel(&o);
    return d;
}

/* Collect the first `max` instructions of one warp of one CTA (copies, addresses included). */
typedef struct recorded {
    warp_inst_t in;
    uint64_t addr[WARP_SIZE];
} recorded_t;

static size_t record_warp(const kernel_desc_t *k, uint64_t cta_id, unsigned warp, recorded_t *out, size_t max)
{
    cs_error_t err;
    void *cta = k->ops->cta_begin(k->src, cta_id, 0, &err);
    if (!cta)
        return 0;
    size_t n = 0;
    const warp_inst_t *in;
    while (n < max && k->ops->warp_next(cta, warp, &in, &err) == 1) {
        out[n].in = *in;
        if (in->addr) { /* the copy points at its own addresses: the CTA is freed below */
            memcpy(out[n].addr, in->addr, sizeof out[n].addr);
            out[n].in.addr = out[n].addr;
        }
        n++;
    }
    k->ops->cta_end(k->src, cta);
    return n;
}

/* ------------------------------------------------- closed-form counts */

/* Threads in warp w of a CTA of `threads` threads. */
static unsigned lanes_in_warp(unsigned threads, unsigned w)
{
    unsigned left = threads - w * WARP_SIZE;
    return left < WARP_SIZE ? left : WARP_SIZE;
}

typedef struct expect {
    const char *spec;
    uint64_t ctas, threads;
    uint64_t prologue_epilogue; /* instructions outside the loop, all full-mask */
    uint64_t iters, body;       /* loop trip count and body length */
    uint64_t narrow_per_iter;   /* body instructions that use only the first `lanes` lanes */
    unsigned lanes;
} expect_t;

static void check_expect(const expect_t *e)
{
    kernel_desc_t k;
    drain_t d = drain_spec(e->spec, &k);
    CHECK_EQ(d.rc, 0);
    if (d.rc)
        return;
    uint64_t warps = (e->threads + 31) / 32;
    uint64_t per_warp = e->prologue_epilogue + e->iters * e->body;
    uint64_t threads_total = 0;
    for (unsigned w = 0; w < warps; w++) {
        unsigned lanes = lanes_in_warp((unsigned)e->threads, w);
        unsigned narrow = lanes < e->lanes ? lanes : e->lanes;
        threads_total += (per_warp - e->iters * e->narrow_per_iter) * lanes + e->iters * e->narrow_per_iter * narrow;
    }
    threads_total *= e->ctas;
    if (d.warp_insts != e->ctas * warps * per_warp || d.warp_insts != k.expected_warp_insts ||
        d.thread_insts != threads_total)
        printf("  %s: got %llu warp / %llu thread insts, expected %llu / %llu (desc says %llu)\n", e->spec,
               (unsigned long long)d.warp_insts, (unsigned long long)d.thread_insts,
               (unsigned long long)(e->ctas * warps * per_warp), (unsigned long long)threads_total,
               (unsigned long long)k.expected_warp_insts);
    CHECK_EQ(d.warp_insts, e->ctas * warps * per_warp);
    CHECK_EQ(k.expected_warp_insts, d.warp_insts);
    CHECK_EQ(d.thread_insts, threads_total);
}

/* Prologue 3 (S2R, S2R, IMAD) + EXIT 1 everywhere. Loop bodies:
 *   stream/strided: IMAD + LDG + alu FFMA + STG + IADD3/ISETP/BRA
 *   chase: one LDG
 *   compute: ilp FFMA + sfu MUFU + dp DFMA + 3
 *   shmem: IADD3 + STS + BAR + LDS + FFMA + 3 */
static void counts_match_closed_forms(void)
{
    const expect_t cases[] = {
        {"stream", 240, 256, 4, 16, 2 + 2 + 1 + 3, 0, 32},
        {"stream:store=0,alu=0,iters=5,ctas=7", 7, 256, 4, 5, 2 + 0 + 0 + 3, 0, 32},
        {"stream:ctas=37,threads=96,iters=3", 37, 96, 4, 3, 8, 0, 32},
        {"stream:threads=48,ctas=3", 3, 48, 4, 16, 8, 0, 32},
        {"strided", 120, 256, 4, 8, 8, 0, 32},
        {"strided:alu=5,stride=4k,threads=1000,ctas=2", 2, 1000, 4, 8, 2 + 5 + 1 + 3, 0, 32},
        {"chase", 1, 32, 4, 64, 1, 1, 32},
        {"chase:lanes=5,threads=40,ctas=3,iters=9", 3, 40, 4, 9, 1, 1, 5},
        {"l1hit", 1, 32, 4, 64, 1, 1, 32},
        {"l2hit", 1, 32, 4, 2048, 1, 1, 32},
        {"dram", 1, 32, 4, 64, 1, 1, 32},
        {"compute", 120, 256, 4, 256, 4 + 3, 0, 32},
        {"compute:ilp=64,sfu=32,dp=32,iters=3,ctas=2", 2, 256, 4, 3, 64 + 32 + 32 + 3, 0, 32},
        {"compute:ilp=1,sfu=2,dp=1,threads=33,ctas=5", 5, 33, 4, 256, 1 + 2 + 1 + 3, 0, 32},
        {"shmem", 120, 256, 4, 32, 8, 0, 32},
        {"shmem:conflict=32,iters=1,threads=1024,ctas=1", 1, 1024, 4, 1, 8, 0, 32},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(cases); i++)
        check_expect(&cases[i]);
}

static void kernel_desc_fields(void)
{
    opened_t o;
    if (!open_kernel("shmem:ctas=7,threads=96,regs=40,seed=3", &o)) {
        CHECK(0);
        return;
    }
    CHECK(!strcmp(o.k.name, "shmem"));
    CHECK_EQ(o.k.id, 1);
    CHECK_EQ(o.k.stream, 0);
    CHECK_EQ(o.k.grid.x, 7);
    CHECK_EQ(o.k.grid.y, 1);
    CHECK_EQ(o.k.grid.z, 1);
    CHECK_EQ(o.k.block.x, 96);
    CHECK_EQ(o.k.block.y, 1);
    CHECK_EQ(o.k.block.z, 1);
    CHECK_EQ(o.k.shmem_bytes, 8192);
    CHECK_EQ(o.k.regs_per_thread, 40);
    /* one kernel per workload */
    kernel_desc_t again;
    cs_error_t err;
    CHECK_EQ(workload_next_kernel(o.w, &again, &err), 0);
    close_kernel(&o);

    CHECK(open_kernel("stream", &o));
    CHECK_EQ(o.k.shmem_bytes, 0);
    CHECK_EQ(o.k.regs_per_thread, 16);
    CHECK_EQ(o.k.block.x, 256);
    CHECK_EQ(o.k.grid.x, 240);
    close_kernel(&o);
}

/* ------------------------------------------------------ instruction shapes */

static void stream_shapes_and_coalescing(void)
{
    opened_t o;
    if (!open_kernel("stream:ctas=4,threads=64,iters=3,alu=2", &o)) {
        CHECK(0);
        return;
    }
    recorded_t r[64];
    size_t n = record_warp(&o.k, 0, 0, r, 64);
    CHECK_EQ(n, 3 + 3 * 8 + 1);
    /* prologue */
    CHECK_EQ(r[0].in.unit, UNIT_INT);
    CHECK_EQ(r[0].in.lat, LAT_INT_ADD);
    CHECK_EQ(r[0].in.dst[0], 0);
    CHECK_EQ(r[1].in.dst[0], 1);
    CHECK_EQ(r[2].in.lat, LAT_INT_MAD);
    CHECK_EQ(r[2].in.dst[0], 2);
    CHECK_EQ(r[2].in.nsrc, 2);
    for (size_t i = 0; i < n; i++) {
        /* the loop reuses its PCs; EXIT follows the loop's last static instruction */
        uint64_t pc = i + 1 == n ? (3 + 8) * 16 : i < 3 + 8 ? i * 16 : r[i - 8].in.pc;
        CHECK_EQ(r[i].in.pc, pc);
        CHECK_EQ(r[i].in.active_mask, 0xffffffffu);
        CHECK((r[i].in.addr != NULL) == (r[i].in.unit == UNIT_LDST));
        CHECK(r[i].in.unit == UNIT_LDST || r[i].in.space == SPACE_NONE);
    }
    /* iteration 0: IMAD, LDG, FFMA, FFMA, STG, IADD3, ISETP, BRA */
    const warp_inst_t *ld = &r[4].in, *st = &r[7].in, *bra = &r[10].in;
    CHECK_EQ(r[3].in.dst[0], 4);
    CHECK_EQ(ld->unit, UNIT_LDST);
    CHECK_EQ(ld->space, SPACE_GLOBAL);
    CHECK_EQ(ld->flags, INST_LOAD);
    CHECK_EQ(ld->access_size, 4);
    CHECK_EQ(ld->src[0], 4);
    CHECK_EQ(ld->dst[0], 5);
    for (unsigned i = 5; i <= 6; i++) {
        CHECK_EQ(r[i].in.unit, UNIT_SP);
        CHECK_EQ(r[i].in.lat, LAT_FP_MAD);
        CHECK_EQ(r[i].in.dst[0], 5);
        CHECK_EQ(r[i].in.src[0], 5);
    }
    CHECK_EQ(st->flags, INST_STORE);
    CHECK_EQ(st->ndst, 0);
    CHECK_EQ(st->src[0], 6);
    CHECK_EQ(st->src[1], 5);
    CHECK_EQ(r[9].in.dst[0], PRED);
    CHECK_EQ(bra->unit, UNIT_BRANCH);
    CHECK_EQ(bra->lat, LAT_BRANCH);
    CHECK_EQ(bra->src[0], PRED);
    CHECK_EQ(r[n - 1].in.flags, INST_EXIT);
    CHECK_EQ(r[n - 1].in.unit, UNIT_BRANCH);
    /* coalesced: lane l at A + 4l, all 32 lanes in one 128-byte line */
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        CHECK_EQ(r[4].addr[l], A_BASE + 4 * l);
        CHECK_EQ(r[7].addr[l], B_BASE + 4 * l);
        CHECK_EQ(r[4].addr[l] / 128, A_BASE / 128);
    }
    /* iteration 1 of warp 0 is one grid (4 CTAs x 64 threads) further */
    CHECK_EQ(r[4 + 8].addr[0], A_BASE + 4 * 256);
    /* CTA 2, warp 1, iteration 2: element 2*256 + 2*64 + 32 + lane */
    n = record_warp(&o.k, 2, 1, r, 64);
    CHECK_EQ(r[4 + 16].addr[3], A_BASE + 4 * (2 * 256 + 2 * 64 + 32 + 3));
    close_kernel(&o);

    /* store=0 drops the STG */
    CHECK(open_kernel("stream:store=0,iters=2", &o));
    n = record_warp(&o.k, 0, 0, r, 64);
    for (size_t i = 0; i < n; i++)
        CHECK(!(r[i].in.flags & INST_STORE));
    close_kernel(&o);
}

static void strided_lanes_touch_distinct_lines(void)
{
    opened_t o;
    if (!open_kernel("strided", &o)) {
        CHECK(0);
        return;
    }
    recorded_t r[64];
    record_warp(&o.k, 1, 2, r, 64);
    CHECK_EQ(r[4].in.flags, INST_LOAD);
    uint64_t gtid = 1 * 256 + 2 * 32;
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        CHECK_EQ(r[4].addr[l], A_BASE + 128 * (gtid + l));
        for (unsigned m = 0; m < l; m++)
            CHECK(r[4].addr[l] / 128 != r[4].addr[m] / 128);
    }
    /* the output array starts past the input on a 256 MiB boundary: no overlap */
    CHECK(r[7].addr[0] >= A_BASE + 128ull * 8 * 120 * 256);
    close_kernel(&o);

    /* a stride so large the input exceeds 256 MiB moves the output array further */
    CHECK(open_kernel("strided:stride=1m,ctas=4,threads=64,iters=4", &o));
    record_warp(&o.k, 3, 1, r, 64);
    uint64_t last_in = A_BASE + (1ull << 20) * (3 * 256 + 3 * 64 + 32 + 31);
    CHECK(r[8 * 3 + 7].addr[0] > last_in);
    CHECK_EQ(r[8 * 3 + 7].addr[0], A_BASE + (1ull << 30) + (1ull << 20) * (3 * 256 + 3 * 64 + 32));
    close_kernel(&o);
}

static void chase_addresses_and_dependences(void)
{
    opened_t o;
    if (!open_kernel("l2hit", &o)) {
        CHECK(0);
        return;
    }
    static recorded_t r[2100];
    size_t n = record_warp(&o.k, 0, 0, r, 2100);
    CHECK_EQ(n, 3 + 2048 + 1);
    for (size_t i = 0; i < 2048; i++) {
        const recorded_t *ld = &r[3 + i];
        CHECK_EQ(ld->in.flags, INST_LOAD);
        CHECK_EQ(ld->in.space, SPACE_GLOBAL);
        CHECK_EQ(ld->in.ndst, 1);
        CHECK_EQ(ld->in.nsrc, 1);
        CHECK_EQ(ld->in.dst[0], 3);
        CHECK_EQ(ld->in.src[0], 3);
        CHECK_EQ(ld->in.active_mask, 0xffffffffu);
        CHECK_EQ(ld->addr[0], A_BASE + (i * 128) % 65536);
        for (unsigned l = 1; l < WARP_SIZE; l++)
            CHECK_EQ(ld->addr[l], ld->addr[0]);
    }
    CHECK_EQ(r[n - 1].in.flags, INST_EXIT);
    close_kernel(&o);

    /* l1hit: every load in one line; dram: every load a different line, 1 MiB + 128 apart */
    CHECK(open_kernel("l1hit", &o));
    n = record_warp(&o.k, 0, 0, r, 2100);
    CHECK_EQ(n, 3 + 64 + 1);
    for (size_t i = 3; i < 3 + 64; i++)
        CHECK_EQ(r[i].addr[0], A_BASE);
    close_kernel(&o);
    CHECK(open_kernel("dram", &o));
    n = record_warp(&o.k, 0, 0, r, 2100);
    CHECK_EQ(n, 3 + 64 + 1);
    for (size_t i = 0; i < 64; i++)
        CHECK_EQ(r[3 + i].addr[0], A_BASE + i * ((1ull << 20) + 128));
    close_kernel(&o);

    /* lanes=5: the loads run on the first five lanes only; other warps chase their own chain */
    CHECK(open_kernel("chase:lanes=5,threads=64,ctas=2,iters=4", &o));
    n = record_warp(&o.k, 1, 1, r, 100);
    CHECK_EQ(n, 3 + 4 + 1);
    CHECK_EQ(r[0].in.active_mask, 0xffffffffu);
    CHECK_EQ(r[3].in.active_mask, 0x1fu);
    CHECK_EQ(r[n - 1].in.active_mask, 0xffffffffu);
    CHECK_EQ(r[3].addr[0], A_BASE + 3 * 4096); /* fourth warp of the grid */
    close_kernel(&o);
}

static void chase_shuffle_visits_every_slot(void)
{
    opened_t o;
    if (!open_kernel("chase:shuffle=1,footprint=64k,iters=1024,seed=7", &o)) {
        CHECK(0);
        return;
    }
    static recorded_t r[1100];
    size_t n = record_warp(&o.k, 0, 0, r, 1100);
    CHECK_EQ(n, 3 + 1024 + 1);
    static unsigned char seen[512];
    memset(seen, 0, sizeof seen);
    unsigned sequential = 0;
    for (size_t i = 0; i < 512; i++) {
        uint64_t off = r[3 + i].addr[0] - A_BASE;
        CHECK(off < 65536 && off % 128 == 0);
        seen[(off / 128) % 512]++;
        CHECK_EQ(r[3 + 512 + i].addr[0], r[3 + i].addr[0]); /* same order every pass */
        if (i && off == r[3 + i - 1].addr[0] - A_BASE + 128)
            sequential++;
    }
    for (size_t s = 0; s < 512; s++)
        CHECK_EQ(seen[s], 1);
    CHECK(sequential < 8);
    /* another seed, another order */
    opened_t o2;
    CHECK(open_kernel("chase:shuffle=1,footprint=64k,iters=1024,seed=8", &o2));
    static recorded_t r2[1100];
    record_warp(&o2.k, 0, 0, r2, 1100);
    unsigned same = 0;
    for (size_t i = 0; i < 512; i++)
        same += r2[3 + i].addr[0] == r[3 + i].addr[0];
    CHECK(same < 64);
    close_kernel(&o2);
    close_kernel(&o);
}

static void compute_chains_are_independent(void)
{
    opened_t o;
    if (!open_kernel("compute:ilp=3,sfu=2,dp=1,iters=2", &o)) {
        CHECK(0);
        return;
    }
    recorded_t r[64];
    size_t n = record_warp(&o.k, 0, 0, r, 64);
    CHECK_EQ(n, 3 + 2 * 9 + 1);
    for (unsigned k = 0; k < 3; k++) {
        CHECK_EQ(r[3 + k].in.unit, UNIT_SP);
        CHECK_EQ(r[3 + k].in.lat, LAT_FP_MAD);
        CHECK_EQ(r[3 + k].in.dst[0], 10 + k);
        CHECK_EQ(r[3 + k].in.src[0], 10 + k);
        CHECK(r[3 + k].in.addr == NULL);
    }
    CHECK_EQ(r[6].in.unit, UNIT_SFU);
    CHECK_EQ(r[6].in.lat, LAT_SFU);
    CHECK_EQ(r[7].in.unit, UNIT_SFU);
    CHECK(r[6].in.dst[0] != r[7].in.dst[0]);
    CHECK_EQ(r[8].in.unit, UNIT_DP);
    CHECK_EQ(r[8].in.lat, LAT_DP_MAD);
    CHECK_EQ(r[8].in.ndst, 2);
    /* no register written by one chain is read by another */
    for (unsigned a = 3; a < 9; a++)
        for (unsigned b = 3; b < 9; b++)
            if (a != b)
                for (unsigned i = 0; i < r[a].in.ndst; i++)
                    for (unsigned j = 0; j < r[b].in.nsrc; j++)
                        CHECK(r[a].in.dst[i] != r[b].in.src[j]);
    CHECK_EQ(r[11].in.unit, UNIT_BRANCH);
    CHECK_EQ(r[11].in.src[0], PRED);
    close_kernel(&o);
}

static unsigned bank(uint64_t addr) { return (unsigned)(addr / 4 % 32); }

/* Lanes that share the busiest bank at distinct words: the conflict degree. */
static unsigned conflict_degree(const uint64_t *addr)
{
    unsigned worst = 0;
    for (unsigned b = 0; b < 32; b++) {
        uint64_t words[WARP_SIZE];
        unsigned n = 0;
        for (unsigned l = 0; l < WARP_SIZE; l++) {
            if (bank(addr[l]) != b)
                continue;
            bool dup = false;
            for (unsigned i = 0; i < n; i++)
                dup |= words[i] == addr[l] / 4;
            if (!dup)
                words[n++] = addr[l] / 4;
        }
        worst = n > worst ? n : worst;
    }
    return worst;
}

static void shmem_bank_conflicts(void)
{
    static const unsigned degree[][2] = {{1, 1}, {2, 2}, {4, 4}, {8, 8}, {16, 16}, {32, 32}, {3, 1}, {6, 2}};
    for (size_t i = 0; i < CS_ARRAY_LEN(degree); i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "shmem:conflict=%u,iters=3,ctas=2", degree[i][0]);
        opened_t o;
        if (!open_kernel(spec, &o)) {
            CHECK(0);
            continue;
        }
        recorded_t r[64];
        size_t n = record_warp(&o.k, 1, 3, r, 64);
        CHECK_EQ(n, 3 + 3 * 8 + 1);
        for (unsigned it = 0; it < 3; it++) {
            const recorded_t *sts = &r[4 + 8 * it], *bar = &r[5 + 8 * it], *lds = &r[6 + 8 * it];
            CHECK_EQ(sts->in.space, SPACE_SHARED);
            CHECK_EQ(sts->in.flags, INST_STORE);
            CHECK_EQ(bar->in.flags, INST_BARRIER);
            CHECK_EQ(bar->in.unit, UNIT_BRANCH);
            CHECK_EQ(lds->in.flags, INST_LOAD);
            CHECK_EQ(lds->in.dst[0], 6);
            CHECK_EQ(r[7 + 8 * it].in.src[0], 6); /* FFMA consumes the shared load */
            CHECK_EQ(conflict_degree(sts->addr), degree[i][1]);
            for (unsigned l = 0; l < WARP_SIZE; l++) {
                CHECK_EQ(sts->addr[l], lds->addr[l]);
                CHECK(sts->addr[l] % 4 == 0 && sts->addr[l] + 4 <= 8192);
            }
        }
        if (degree[i][0] == 2)
            CHECK_EQ(bank(r[4].addr[0]), bank(r[4].addr[16]));
        close_kernel(&o);
    }
    /* warp 0 follows the stated formula exactly: (lane*conflict*4 + it*4) % shmem */
    opened_t o;
    CHECK(open_kernel("shmem:conflict=32,iters=2,shmem=1024", &o));
    recorded_t r[64];
    record_warp(&o.k, 0, 0, r, 64);
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        CHECK_EQ(r[4].addr[l], (l * 32 * 4) % 1024);
        CHECK_EQ(r[4 + 8].addr[l], (l * 32 * 4 + 4) % 1024);
    }
    close_kernel(&o);
}

static void partial_warp_masks(void)
{
    opened_t o;
    if (!open_kernel("stream:threads=48,ctas=2,iters=2", &o)) {
        CHECK(0);
        return;
    }
    CHECK_EQ(kernel_warps_per_cta(&o.k), 2);
    recorded_t r[64];
    size_t n = record_warp(&o.k, 1, 0, r, 64);
    for (size_t i = 0; i < n; i++)
        CHECK_EQ(r[i].in.active_mask, 0xffffffffu);
    n = record_warp(&o.k, 1, 1, r, 64);
    CHECK_EQ(n, 3 + 2 * 8 + 1);
    for (size_t i = 0; i < n; i++)
        CHECK_EQ(r[i].in.active_mask, 0xffffu);
    /* the second warp's lanes continue the global thread numbering: 48 + 32 = 80 */
    CHECK_EQ(r[4].addr[0], A_BASE + 4 * 80);
    close_kernel(&o);
}

/* ------------------------------------------------------------- lifecycle */

static void drains_are_deterministic(void)
{
    const char *specs[] = {"stream:ctas=16", "strided:ctas=8", "chase:shuffle=1,iters=300", "compute:ctas=4,sfu=1,dp=2",
                           "shmem:ctas=4,conflict=4", "l2hit", "dram"};
    for (size_t i = 0; i < CS_ARRAY_LEN(specs); i++) {
        drain_t a = drain_spec(specs[i], NULL), b = drain_spec(specs[i], NULL);
        CHECK_EQ(a.rc, 0);
        CHECK_EQ(a.warp_insts, b.warp_insts);
        CHECK(a.hash == b.hash);
    }
    /* and the hash sees a difference: different kernels hash differently */
    CHECK(drain_spec("stream:ctas=16", NULL).hash != drain_spec("stream:ctas=16,alu=3", NULL).hash);
    CHECK(drain_spec("chase:shuffle=1,seed=1", NULL).hash != drain_spec("chase:shuffle=1,seed=2", NULL).hash);
}

/* Two CTAs begun together and interleaved instruction by instruction produce
 * exactly what each produces alone: no state is shared between CTAs. */
static void concurrent_ctas_do_not_interfere(void)
{
    const char *specs[] = {"stream:ctas=3,threads=96,iters=4", "shmem:ctas=3,threads=64,iters=5,conflict=8",
                           "chase:ctas=3,threads=64,iters=20,shuffle=1"};
    for (size_t s = 0; s < CS_ARRAY_LEN(specs); s++) {
        opened_t o;
        if (!open_kernel(specs[s], &o)) {
            CHECK(0);
            continue;
        }
        const kernel_desc_t *k = &o.k;
        unsigned nw = kernel_warps_per_cta(k);
        uint64_t alone[2][4] = {{0}};
        for (unsigned c = 0; c < 2; c++) {
            recorded_t r[256];
            for (unsigned w = 0; w < nw; w++) {
                size_t n = record_warp(k, c, w, r, 256);
                uint64_t h = 1;
                for (size_t i = 0; i < n; i++)
                    h = hash_inst(h, &r[i].in);
                alone[c][w] = h;
            }
        }
        cs_error_t err;
        void *ctas[2] = {k->ops->cta_begin(k->src, 0, 0, &err), k->ops->cta_begin(k->src, 1, 0, &err)};
        uint64_t together[2][4] = {{1, 1, 1, 1}, {1, 1, 1, 1}};
        bool more = true;
        while (more) {
            more = false;
            for (unsigned w = 0; w < nw; w++)
                for (unsigned c = 0; c < 2; c++) {
                    const warp_inst_t *in;
                    if (k->ops->warp_next(ctas[c], w, &in, &err) == 1) {
                        together[c][w] = hash_inst(together[c][w], in);
                        more = true;
                    }
                }
        }
        k->ops->cta_end(k->src, ctas[0]);
        k->ops->cta_end(k->src, ctas[1]);
        for (unsigned c = 0; c < 2; c++)
            for (unsigned w = 0; w < nw; w++)
                CHECK(alone[c][w] == together[c][w]);
        if (strncmp(specs[s], "shmem", 5)) /* shared addresses are CTA-relative: identical CTAs */
            CHECK(alone[0][0] != alone[1][0]);
        close_kernel(&o);
    }
}

static void runtime_errors(void)
{
    opened_t o;
    if (!open_kernel("stream:ctas=2,threads=64", &o)) {
        CHECK(0);
        return;
    }
    cs_error_t err;
    void *cta = o.k.ops->cta_begin(o.k.src, 0, 0, &err);
    const warp_inst_t *in;
    err.msg[0] = '\0';
    CHECK_EQ(o.k.ops->warp_next(cta, 2, &in, &err), -1);
    CHECK(strstr(err.msg, "warp 2 out of range") != NULL);
    /* after EXIT a warp keeps returning 0 */
    while (o.k.ops->warp_next(cta, 0, &in, &err) == 1)
        ;
    CHECK_EQ(o.k.ops->warp_next(cta, 0, &in, &err), 0);
    o.k.ops->cta_end(o.k.src, cta);
    CHECK(o.k.ops->cta_begin(o.k.src, 2, 0, &err) == NULL);
    CHECK(strstr(err.msg, "out of range") != NULL);
    close_kernel(&o);
    /* a workload destroyed before its kernel was taken frees everything (ASan checks) */
    workload_t *w = synth_workload_open("compute", &err);
    CHECK(w != NULL);
    workload_destroy(w);
}

/* ------------------------------------------------------------------ specs */

static void number_syntax(void)
{
    kernel_desc_t k;
    drain_t a = drain_spec("chase:iters=0x10,footprint=4k", &k);
    CHECK_EQ(a.warp_insts, 3 + 16 + 1);
    drain_t b = drain_spec("chase:iters=16,footprint=4096", NULL);
    CHECK(a.hash == b.hash);
    CHECK(drain_spec("chase:iters=16,footprint=0x1000", NULL).hash == b.hash);
    CHECK(drain_spec("chase:iters=16,footprint=4K", NULL).hash == b.hash);
    CHECK(drain_spec("chase:iters=16,stride=1M,footprint=1g", NULL).hash ==
          drain_spec("chase:iters=16,stride=1048576,footprint=1073741824", NULL).hash);
    CHECK(drain_spec("stream:", NULL).hash == drain_spec("stream", NULL).hash);
    opened_t o;
    CHECK(open_kernel("stream:threads=1k,ctas=1", &o));
    CHECK_EQ(o.k.block.x, 1024);
    close_kernel(&o);
}

static void expect_error(const char *spec, const char *want)
{
    cs_error_t err;
    err.msg[0] = '\0';
    workload_t *w = synth_workload_open(spec, &err);
    if (w) {
        printf("  '%s' accepted, expected: %s\n", spec, want);
        workload_destroy(w);
        CHECK(0);
        return;
    }
    if (!strstr(err.msg, want)) {
        printf("  '%s': got '%s', expected '%s'\n", spec, err.msg, want);
        CHECK(0);
    }
    CHECK(strchr(err.msg, '\n') == NULL);
}

static void bad_specs_are_rejected(void)
{
    expect_error("stream:foo=1",
                 "synthetic kernel 'stream': unknown parameter 'foo' (known: ctas, threads, regs, shmem, seed, iters, "
                 "alu, store)");
    expect_error("compute:stride=4", "synthetic kernel 'compute': unknown parameter 'stride' (known: ctas, threads, "
                                     "regs, shmem, seed, iters, ilp, sfu, dp)");
    expect_error("streams", "unknown synthetic kernel 'streams' (known: stream, strided, chase, l1hit, l2hit, dram, "
                            "compute, shmem)");
    expect_error("", "unknown synthetic kernel ''");
    expect_error("stream:iters=0", "synthetic kernel 'stream': parameter 'iters' must be in 1..");
    expect_error("stream:ctas=0", "parameter 'ctas' must be in 1..");
    expect_error("stream:threads=16", "parameter 'threads' must be in 32..1024 (got 16)");
    expect_error("stream:threads=1025", "parameter 'threads' must be in 32..1024 (got 1025)");
    expect_error("stream:iters=abc", "synthetic kernel 'stream': bad value 'abc' for parameter 'iters'");
    expect_error("stream:iters=", "bad value '' for parameter 'iters'");
    expect_error("stream:iters=-1", "bad value '-1'");
    expect_error("stream:iters=12q", "bad value '12q'");
    expect_error("stream:iters=0x", "bad value '0x'");
    expect_error("stream:iters=99999999999999999999", "bad value");
    expect_error("stream:iters=17179869184g", "bad value"); /* overflows 64 bits */
    expect_error("stream:iters=16777216m", "parameter 'iters' must be in 1..2147483647 (got 17592186044416)");
    expect_error("stream:iters", "expected key=value, got 'iters'");
    expect_error("stream:iters=2,,alu=1", "expected key=value, got ''");
    expect_error("stream:iters=2,", "expected key=value, got ''");
    expect_error("stream:iters=2,iters=3", "parameter 'iters' given twice");
    expect_error("stream:store=2", "parameter 'store' must be in 0..1");
    expect_error("chase:lanes=33", "parameter 'lanes' must be in 1..32");
    expect_error("chase:stride=6", "parameter 'stride' must be a multiple of 4");
    expect_error("chase:footprint=0", "parameter 'footprint' must be in 4..");
    expect_error("shmem:conflict=0", "parameter 'conflict' must be in 1..32");
    expect_error("shmem:shmem=0", "parameter 'shmem' must be a non-zero multiple of 4");
    expect_error("shmem:shmem=1022", "parameter 'shmem' must be a non-zero multiple of 4");
    expect_error("compute:ilp=0", "parameter 'ilp' must be in 1..64");
    expect_error("compute:ilp=65", "parameter 'ilp' must be in 1..64");
    expect_error("strided:stride=4g,ctas=2147483647,threads=1024,iters=100", "exceed 2^56 bytes");
    expect_error("compute:ctas=2147483647,threads=1024,iters=2147483647,ilp=64", "more than 2^64 warp instructions");
    /* a parameter of another kernel is unknown here, even a preset's key */
    expect_error("l1hit:alu=1", "synthetic kernel 'l1hit': unknown parameter 'alu'");
}

static void names_and_listing(void)
{
    const char *names[] = {"stream", "strided", "chase", "l1hit", "l2hit", "dram", "compute", "shmem"};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    synth_list(f);
    fclose(f);
    for (size_t i = 0; i < CS_ARRAY_LEN(names); i++) {
        CHECK(synth_is_name(names[i]));
        char with_params[64];
        snprintf(with_params, sizeof with_params, "%s:iters=3", names[i]);
        CHECK(synth_is_name(with_params));
        char line_start[32];
        snprintf(line_start, sizeof line_start, "  %s ", names[i]);
        CHECK(strstr(buf, line_start) != NULL);
        /* every listed default set opens as is */
        opened_t o;
        CHECK(open_kernel(names[i], &o));
        close_kernel(&o);
    }
    CHECK(strstr(buf, "footprint=64k") != NULL);
    CHECK(strstr(buf, "shmem=8k") != NULL);
    CHECK(!synth_is_name("streamx"));
    CHECK(!synth_is_name("str"));
    CHECK(!synth_is_name(""));
    CHECK(!synth_is_name("traces/kernelslist.g"));
    CHECK(!synth_is_name("/data/run:stream"));
    free(buf);
}

/* ------------------------------------------------------------------ bench */

/* The consumer does as little as possible (count, read one address) so the
 * time is warp_next's own: the hash of drain_kernel would dominate it. */
static int bench(void)
{
    opened_t o;
    if (!open_kernel("stream:ctas=4096,threads=256,iters=64,alu=2", &o))
        return 1;
    const kernel_desc_t *k = &o.k;
    cs_error_t err;
    uint64_t n = 0, sink = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (uint64_t c = 0; c < k->grid.x; c++) {
        void *cta = k->ops->cta_begin(k->src, c, 0, &err);
        for (unsigned w = 0; w < kernel_warps_per_cta(k); w++) {
            const warp_inst_t *in;
            while (k->ops->warp_next(cta, w, &in, &err) == 1) {
                n++;
                sink += in->addr ? in->addr[31] : in->pc;
            }
        }
        k->ops->cta_end(k->src, cta);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("stream drain: %llu warp instructions in %.3f s = %.1f M/s (%.1f ns each; expected %llu, sink %llx)\n",
           (unsigned long long)n, s, (double)n / s / 1e6, s * 1e9 / (double)n,
           (unsigned long long)k->expected_warp_insts, (unsigned long long)sink);
    close_kernel(&o);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--bench"))
        return bench();
    RUN(counts_match_closed_forms);
    RUN(kernel_desc_fields);
    RUN(stream_shapes_and_coalescing);
    RUN(strided_lanes_touch_distinct_lines);
    RUN(chase_addresses_and_dependences);
    RUN(chase_shuffle_visits_every_slot);
    RUN(compute_chains_are_independent);
    RUN(shmem_bank_conflicts);
    RUN(partial_warp_masks);
    RUN(drains_are_deterministic);
    RUN(concurrent_ctas_do_not_interfere);
    RUN(runtime_errors);
    RUN(number_syntax);
    RUN(bad_specs_are_rejected);
    RUN(names_and_listing);
    TEST_EXIT();
}
