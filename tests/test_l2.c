/* test_l2.c — one L2 slice and its memory channel (model/mem_partition.c)
 * on their own, through their ports.
 *
 * The test gives the slice what the GPU would (configuration, address map,
 * request pool, the two crossbars) and plays core 0: it injects requests into
 * the request crossbar and takes replies off the reply crossbar. The memory
 * channel is channel 0 with its two slices 0 and 1; every address used maps
 * to slice 0 (checked).
 *
 * One clock for every domain (gtx480 with -gpgpu_clock_domains 700:700:700:700,
 * so the ROP delay is 120 L2 cycles and -dram_latency 100 DRAM cycles). Each
 * cycle t runs as gpu.c orders one instant: DRAM, L2 (reading the
 * interconnect clock of the previous instant, t-1), both crossbars, then the
 * core side (interconnect clock t). A request injected "at cycle t" is pushed
 * in the core slot of t, after the crossbars ticked, so it is granted at t+1.
 * Components are ticked only when due (l2_due, mem_channel_due), as gpu.c does.
 *
 * Hand derivations (gtx480: icnt_latency L = 8, 40-byte flits, 8-byte
 * headers; a read request is 1 flit, a 128-byte reply or write 136 B = 4 flits,
 * a store acknowledgement 1 flit; a packet of F flits granted at g arrives at
 * g + L + F - 1):
 *   L2 hit, read injected at t:
 *     t+1    granted (1 flit)                 arrives t+1+8+1-1 = t+9
 *     t+10   the L2 pops it (reads icnt t+9) -> ROP ready t+10+120 = t+130
 *     t+130  tag access: hit; the reply (4 flits) is pushed and granted
 *     t+141  reply arrives: 1 + 8 + 1 + 120 + 11 = 141
 *   L2 miss to a closed bank, read injected at t:
 *     t+130  tag access: miss, fetch queued for DRAM
 *     t+131  the channel (ticked before the L2) takes it: ACT (bank idle)
 *     t+143  RD of the first 64-byte atom (tRCD 12); t+146 RD of the second
 *            (tCCDL 3: same bank group); its data t+158..t+160 (tCL 12, 2 cycles)
 *     t+260  data + dram_latency 100: completed, to the slice's fill queue;
 *            the L2 (same instant, after DRAM) fills and pushes the reply
 *     t+271  reply arrives: 141 + 1 + 12 + 3 + 12 + 2 + 100 = 271 */
#include "model/mem_partition.h"
#include "test.h"

#define MAX_TAGS 128

typedef struct rig {
    gpu_config_t cfg;
    addrmap_t amap;
    req_pool_t pool;
    xbar_t req_net, reply_net;
    mem_ports_t io;
    l2_slice_t l2[2];
    mem_channel_t ch;
    uint64_t now; /* the last cycle simulated (injections happen in its core slot) */
    uint64_t inj_at[MAX_TAGS], arr_at[MAX_TAGS];
    uint8_t arr_type[MAX_TAGS];
    uint32_t arr_bytes[MAX_TAGS];
    unsigned n_inj, n_arr;
} rig_t;

static rig_t *rig_new(void)
{
    rig_t *g = calloc(1, sizeof *g);
    cs_error_t err;
    config_defaults(&g->cfg);
    if (config_set(&g->cfg, "gpgpu_clock_domains", "700.0:700.0:700.0:700.0", &err) < 0 ||
        config_validate(&g->cfg, &err) < 0 ||
        addrmap_init(&g->amap, g->cfg.addr_mapping, g->cfg.n_mem, g->cfg.n_sub_partition_per_mchannel,
                     g->cfg.partition_indexing, &err) < 0) {
        printf("  setup: %s\n", err.msg);
        test_case_failed = 1;
    }
    req_pool_init(&g->pool);
    xbar_init(&g->req_net, 1, config_n_l2(&g->cfg), &g->cfg);
    xbar_init(&g->reply_net, config_n_l2(&g->cfg), 1, &g->cfg);
    g->io = (mem_ports_t){.cfg = &g->cfg, .amap = &g->amap, .pool = &g->pool, .req_net = &g->req_net,
                          .reply_net = &g->reply_net};
    l2_init(&g->l2[0], &g->io, 0);
    l2_init(&g->l2[1], &g->io, 1);
    mem_channel_init(&g->ch, &g->io, 0, g->l2, 2);
    return g;
}

static void rig_free(rig_t *g)
{
    mem_channel_free(&g->ch);
    l2_free(&g->l2[0]);
    l2_free(&g->l2[1]);
    xbar_free(&g->req_net);
    xbar_free(&g->reply_net);
    req_pool_destroy(&g->pool);
    free(g);
}

/* Core 0 sends a request in the core slot of cycle g->now; returns its tag. */
static unsigned inject(rig_t *g, uint64_t addr, uint8_t type, uint8_t sector_mask, uint32_t bytes)
{
    unsigned tag = g->n_inj++;
    mem_req_t *r = req_alloc(&g->pool);
    r->addr = addr;
    r->type = type;
    r->sector_mask = sector_mask;
    r->bytes = bytes;
    r->sm = 0;
    r->warp = (uint16_t)tag; /* the L2 carries it back untouched */
    dram_coord_t dc;
    addrmap_decode(&g->amap, addr, &dc);
    r->sub_partition = dc.sub_partition;
    r->channel = dc.channel;
    r->bank = dc.bank;
    r->row = dc.row;
    r->col = dc.col;
    CHECK_EQ(dc.sub_partition, 0);
    uint32_t pkt = g->cfg.icnt_ctrl_bytes + (type == REQ_READ ? 0 : bytes);
    CHECK(xbar_can_push(&g->req_net, 0, pkt));
    xbar_push(&g->req_net, 0, dc.sub_partition, r, pkt);
    if (tag < MAX_TAGS)
        g->inj_at[tag] = g->now;
    return tag;
}

static void step(rig_t *g)
{
    const uint64_t t = ++g->now;
    if (mem_channel_due(&g->ch))
        mem_channel_cycle(&g->ch, t);
    for (unsigned i = 0; i < 2; i++)
        if (l2_due(&g->l2[i], t, t - 1))
            l2_cycle(&g->l2[i], t, t - 1);
    xbar_cycle(&g->req_net, t);
    xbar_cycle(&g->reply_net, t);
    mem_req_t *r;
    while ((r = xbar_pop(&g->reply_net, 0, t)) != NULL) {
        unsigned tag = r->warp;
        if (tag < MAX_TAGS) {
            g->arr_at[tag] = t;
            g->arr_type[tag] = r->type;
            g->arr_bytes[tag] = r->bytes;
        }
        g->n_arr++;
        req_free(&g->pool, r);
    }
}

static bool quiet(const rig_t *g)
{
    return g->n_arr == g->n_inj && l2_idle(&g->l2[0]) && l2_idle(&g->l2[1]) && !mem_channel_due(&g->ch) &&
           xbar_idle(&g->req_net) && xbar_idle(&g->reply_net);
}

/* Step until every reply is back and nothing is left anywhere. */
static void drain(rig_t *g)
{
    uint64_t limit = g->now + 100000;
    while (!quiet(g) && g->now < limit)
        step(g);
    CHECK(quiet(g));
}

static uint64_t latency(const rig_t *g, unsigned tag) { return g->arr_at[tag] - g->inj_at[tag]; }

/* Line addresses of slice 0, from `from` on. */
static uint64_t slice0_line(const rig_t *g, uint64_t from)
{
    for (uint64_t a = from & ~(uint64_t)127;; a += 128) {
        dram_coord_t dc;
        addrmap_decode(&g->amap, a, &dc);
        if (dc.sub_partition == 0)
            return a;
    }
}

static const dram_stats_t *dstats(const rig_t *g) { return dram_get_stats(g->ch.dram); }

/* ------------------------------------------------------------------------ */

static void config_fields_the_derivations_use(void)
{
    rig_t *g = rig_new();
    const gpu_config_t *c = &g->cfg;
    CHECK_EQ(c->icnt_latency, 8);
    CHECK_EQ(c->icnt_flit_size, 40);
    CHECK_EQ(c->icnt_ctrl_bytes, 8);
    CHECK_EQ(config_rop_latency_l2(c), 120);
    CHECK_EQ(config_dram_latency_dram(c), 100);
    CHECK_EQ(c->dram.tRCD, 12);
    CHECK_EQ(c->dram.tCL, 12);
    CHECK_EQ(dram_peak_bytes_per_cycle(c), 32);
    CHECK(c->l2.sectored && c->l2.line_size == 128 && c->l2.assoc == 8 && c->l2.nsets == 64);
    CHECK_EQ(c->l2.set_index_fn, 'L'); /* set = partition-address line % 64: used to build conflicts below */
    CHECK_EQ(g->l2[0].rop_delay, 120);
    CHECK_EQ(g->ch.n_slices, 2);
    rig_free(g);
}

/* (a), (d) A read miss, then the same read once the first completed: one miss,
 * one hit, exactly one DRAM read. Latencies 271 and 141 (derivation above). */
static void read_miss_then_hit(void)
{
    rig_t *g = rig_new();
    uint64_t a = slice0_line(g, 0x100000);
    unsigned m = inject(g, a, REQ_READ, 0xF, 128);
    drain(g);
    CHECK_EQ(latency(g, m), 271);
    unsigned h = inject(g, a, REQ_READ, 0xF, 128);
    drain(g);
    CHECK_EQ(latency(g, h), 141);
    CHECK_EQ(g->arr_type[h], REQ_READ);
    CHECK_EQ(g->arr_bytes[h], 128);
    const cache_stats_t *s = &g->l2[0].cache.stats;
    CHECK_EQ(s->read_accesses, 2);
    CHECK_EQ(s->read_misses, 1);
    CHECK_EQ(s->hits, 1);
    CHECK_EQ(s->pending_hits, 0);
    CHECK_EQ(dstats(g)->reads, 1);
    CHECK_EQ(dstats(g)->bytes, 128);
    CHECK_EQ(dstats(g)->activates, 1);
    CHECK_EQ(dstats(g)->writes, 0);
    /* crossbar traffic: two 1-flit requests, two 4-flit replies */
    CHECK_EQ(g->req_net.stats.flits, 2);
    CHECK_EQ(g->reply_net.stats.flits, 8);
    CHECK_EQ(g->l2[1].cache.stats.accesses, 0);
    CHECK_EQ(g->pool.in_use, 0); /* (e) */
    rig_free(g);
}

/* (d) The hit latency does not depend on when the request comes: a second hit
 * injected 1000 cycles later (the slice fully idle meanwhile) also takes 141. */
static void hit_latency_after_idle(void)
{
    rig_t *g = rig_new();
    uint64_t a = slice0_line(g, 0x200000);
    inject(g, a, REQ_READ, 0xF, 128);
    drain(g);
    while (g->now < 1000)
        step(g);
    unsigned h = inject(g, a, REQ_READ, 0xF, 128);
    drain(g);
    CHECK_EQ(latency(g, h), 141);
    CHECK_EQ(g->pool.in_use, 0);
    rig_free(g);
}

/* (b) Two reads of the same line back to back (both injected at 0):
 *   read 0: granted 1, the miss of the derivation: arrives 271.
 *   read 1: waits behind it at the input port, granted 2, ROP ready 131; tag
 *           access at 131 finds the fetch of read 0 in flight bringing every
 *           sector: a pending hit, no second DRAM read. Both are answered by
 *           the fill at 260; read 0's reply holds the reply port 4 cycles
 *           (4 flits), so read 1's is granted at 264 and arrives 264 + 11 = 275. */
static void back_to_back_reads_pending_hit(void)
{
    rig_t *g = rig_new();
    uint64_t a = slice0_line(g, 0x300000);
    unsigned r0 = inject(g, a, REQ_READ, 0xF, 128);
    unsigned r1 = inject(g, a, REQ_READ, 0xF, 128);
    drain(g);
    CHECK_EQ(g->arr_at[r0], 271);
    CHECK_EQ(g->arr_at[r1], 275);
    const cache_stats_t *s = &g->l2[0].cache.stats;
    CHECK_EQ(s->read_accesses, 2);
    CHECK_EQ(s->read_misses, 1);
    CHECK_EQ(s->pending_hits, 1);
    CHECK_EQ(s->hits, 0);
    CHECK_EQ(s->mshr_merges, 1);
    CHECK_EQ(dstats(g)->reads, 1);
    CHECK_EQ(g->l2[0].mshr.used, 0);
    CHECK_EQ(g->pool.in_use, 0);
    rig_free(g);
}

/* (c) A write then a read of the same sectors, back to back at 0:
 *   write: 4 flits, granted 1 (holds the input port to 5), arrives 12; the L2
 *          pops it at 13, tag access at 133: a write miss, allocated without
 *          fetch (sectors valid and dirty); the acknowledgement (header only,
 *          1 flit) is granted at 133 and arrives 141.
 *   read:  granted 5, arrives 13, popped 14, tag access at 134: a hit; reply
 *          granted 134 (the ack freed the port at 134), arrives 134 + 11 = 145.
 * DRAM sees nothing: no fetch, and the dirty line stays in the L2. */
static void write_allocates_without_fetch(void)
{
    rig_t *g = rig_new();
    uint64_t a = slice0_line(g, 0x400000);
    unsigned w = inject(g, a, REQ_WRITE, 0xF, 128);
    unsigned r = inject(g, a, REQ_READ, 0xF, 128);
    drain(g);
    CHECK_EQ(g->arr_at[w], 141);
    CHECK_EQ(g->arr_type[w], REQ_WRITE);
    CHECK_EQ(g->arr_bytes[w], 0);
    CHECK_EQ(g->arr_at[r], 145);
    const cache_stats_t *s = &g->l2[0].cache.stats;
    CHECK_EQ(s->write_accesses, 1);
    CHECK_EQ(s->write_misses, 1);
    CHECK_EQ(s->read_accesses, 1);
    CHECK_EQ(s->read_misses, 0);
    CHECK_EQ(s->hits, 1);
    CHECK_EQ(dstats(g)->reads, 0);
    CHECK_EQ(dstats(g)->writes, 0);
    CHECK_EQ(g->req_net.stats.flits, 5);
    CHECK_EQ(g->reply_net.stats.flits, 5);
    CHECK_EQ(g->pool.in_use, 0);
    rig_free(g);
}

/* Sectors: a write of sector 0 only makes sector 0 valid. A read of sector 0
 * hits; a read of sectors 0-1 misses and fetches only sector 1 (32 bytes). */
static void partial_write_fetches_only_missing_sectors(void)
{
    rig_t *g = rig_new();
    uint64_t a = slice0_line(g, 0x500000);
    inject(g, a, REQ_WRITE, 0x1, 32);
    inject(g, a, REQ_READ, 0x1, 32);
    inject(g, a, REQ_READ, 0x3, 64);
    drain(g);
    const cache_stats_t *s = &g->l2[0].cache.stats;
    CHECK_EQ(s->write_misses, 1);
    CHECK_EQ(s->read_accesses, 2);
    CHECK_EQ(s->read_misses, 1);
    CHECK_EQ(s->hits, 1);
    CHECK_EQ(dstats(g)->reads, 1);
    CHECK_EQ(dstats(g)->bytes, 32);
    /* then the whole pair is present */
    unsigned h = inject(g, a, REQ_READ, 0x3, 64);
    drain(g);
    /* a hit whose reply is 8 + 64 bytes = 2 flits: 130 + 8 + 2 - 1 = 139 */
    CHECK_EQ(latency(g, h), 139);
    CHECK_EQ(dstats(g)->reads, 1);
    CHECK_EQ(g->pool.in_use, 0);
    rig_free(g);
}

/* -gpgpu_perf_sim_memcpy: a host-to-device copy of sectors 0-1 of a line
 * makes them valid without timing. A read of sectors 0-1 then hits (reply
 * 8 + 64 bytes = 2 flits: latency 139, as a hit in
 * partial_write_fetches_only_missing_sectors); a read of sector 2, not
 * copied, misses and fetches 32 bytes. Nothing is dirty: no write-back. */
static void copies_warm_the_l2(void)
{
    rig_t *g = rig_new();
    uint64_t a = slice0_line(g, 0x600000);
    l2_warm(&g->l2[0], a, 0x1);
    l2_warm(&g->l2[0], a + 32, 0x2);
    unsigned h = inject(g, a, REQ_READ, 0x3, 64);
    drain(g);
    CHECK_EQ(latency(g, h), 139);
    unsigned m = inject(g, a + 64, REQ_READ, 0x4, 32);
    drain(g);
    CHECK(latency(g, m) > 139);
    const cache_stats_t *s = &g->l2[0].cache.stats;
    CHECK_EQ(s->hits, 1);
    CHECK_EQ(s->read_misses, 1);
    CHECK_EQ(dstats(g)->reads, 1);
    CHECK_EQ(dstats(g)->bytes, 32);
    CHECK_EQ(g->l2[0].cache.dirty_lines, 0);
    rig_free(g);
}

/* The ROP delay line holds any number of requests (GPGPU-Sim's m_rop is an
 * unbounded queue; only the queue after it, -gpgpu_dram_partition_queues'
 * first field = 64 here, is bounded). 100 one-sector writes to different
 * lines of slice 0, one per cycle: each spends the same time (a write's
 * acknowledgement leaves at its tag access, one per cycle), so the 100th is
 * as fast as the first. A 64-entry delay line would have held the 65th back
 * a whole ROP latency (120 cycles). */
static void rop_delay_line_is_unbounded(void)
{
    rig_t *g = rig_new();
    CHECK_EQ(g->cfg.partition_queue, 64);
    uint64_t a = 0x400000;
    unsigned tags[100];
    for (unsigned i = 0; i < 100; i++) {
        a = slice0_line(g, a);
        tags[i] = inject(g, a, REQ_WRITE, 0x1, 32);
        a += 128;
        step(g);
    }
    drain(g);
    for (unsigned i = 1; i < 100; i++)
        CHECK_EQ(latency(g, tags[i]), latency(g, tags[0]));
    CHECK_EQ(g->l2[0].cache.stats.write_misses, 100);
    rig_free(g);
}

/* (e) Dirty victims: nine full-line writes to lines of one set (8 ways) of
 * slice 0. The ninth evicts the least recently used, the first, which is
 * dirty: one write-back of 128 bytes to DRAM. Reading the first line again
 * misses (one DRAM read); reading the ninth hits. Every request, including
 * the write-back the slice allocated and the channel freed, is back in the
 * pool once the replies are consumed. */
static void dirty_eviction_writes_back(void)
{
    rig_t *g = rig_new();
    uint64_t lines[9];
    unsigned n = 0;
    uint64_t want_set = UINT64_MAX;
    for (uint64_t a = slice0_line(g, 0x800000); n < 9; a = slice0_line(g, a + 128)) {
        /* GPGPU-Sim's L2 set: the line of the address inside its partition */
        uint64_t set = (addrmap_partition_address(&g->amap, a) >> 7) % g->cfg.l2.nsets;
        if (want_set == UINT64_MAX)
            want_set = set;
        if (set == want_set)
            lines[n++] = a;
    }
    for (unsigned i = 0; i < 9; i++) {
        inject(g, lines[i], REQ_WRITE, 0xF, 128);
        step(g); /* one per cycle, as a core's miss queue would */
    }
    CHECK(g->pool.in_use > 0);
    drain(g);
    const cache_stats_t *s = &g->l2[0].cache.stats;
    CHECK_EQ(s->write_misses, 9);
    CHECK_EQ(s->evictions, 1);
    CHECK_EQ(s->writebacks, 1);
    CHECK_EQ(dstats(g)->writes, 1);
    CHECK_EQ(dstats(g)->bytes, 128);
    CHECK_EQ(dstats(g)->reads, 0);
    CHECK_EQ(g->pool.in_use, 0);
    unsigned r_old = inject(g, lines[0], REQ_READ, 0xF, 128);
    drain(g);
    unsigned r_new = inject(g, lines[8], REQ_READ, 0xF, 128);
    drain(g);
    CHECK_EQ(s->read_misses, 1);
    CHECK_EQ(s->hits, 1);
    CHECK_EQ(dstats(g)->reads, 1);
    CHECK(latency(g, r_old) > 141);
    CHECK_EQ(latency(g, r_new), 141);
    /* the refetch evicted another dirty line: a second write-back */
    CHECK_EQ(s->writebacks, 2);
    CHECK_EQ(dstats(g)->writes, 2);
    CHECK_EQ(g->pool.in_use, 0);
    CHECK(g->pool.allocated > 0);
    rig_free(g);
}

int main(void)
{
    RUN(config_fields_the_derivations_use);
    RUN(read_miss_then_hit);
    RUN(hit_latency_after_idle);
    RUN(back_to_back_reads_pending_hit);
    RUN(write_allocates_without_fetch);
    RUN(partial_write_fetches_only_missing_sectors);
    RUN(dirty_eviction_writes_back);
    RUN(rop_delay_line_is_unbounded);
    RUN(copies_warm_the_l2);
    TEST_EXIT();
}
