/* test_dram_model.c — the DRAM channel and the address decoder against
 * numbers worked out by hand from the GTX 480 timing (tRCD 12, tCL 12, tRP 12,
 * tRAS 28, tRC 40, tCCD 2, tCCDL 3, tRTP 2, 32 bytes per DRAM cycle (a column
 * command moves one 64-byte atom, BL8 x 4 B x 2 chips, in 2 cycles, so a
 * 128-byte request is two commands tCCDL = 3 apart in its bank), and
 * -dram_latency 100, which GPGPU-Sim counts in core cycles: 100 at 700 MHz
 * is CTRL = 132 cycles of the 924 MHz DRAM clock). */
#include "model/addrmap.h"
#include "model/dram.h"
#include "test.h"

#define CTRL 132 /* controller latency in DRAM cycles: round(100 * 924 / 700) */

static gpu_config_t gtx480(void)
{
    gpu_config_t c;
    config_defaults(&c);
    return c;
}

static mem_req_t *req(mem_req_t *pool, int i, uint8_t type, uint32_t bank, uint32_t row)
{
    mem_req_t *r = &pool[i];
    memset(r, 0, sizeof *r);
    r->type = type;
    r->bank = bank;
    r->row = row;
    r->bytes = 128;
    r->mshr_slot = (uint32_t)i; /* identity for the test */
    return r;
}

/* Step the channel from cycle `from` until `n` requests completed; record when. */
static uint64_t drain(dram_channel_t *d, uint64_t from, int n, uint64_t *when, int *order)
{
    uint64_t t = from;
    int got = 0;
    while (got < n && t < from + 100000) {
        dram_cycle(d, t);
        mem_req_t *r;
        while ((r = dram_pop_done(d, t)) != NULL) {
            if (when)
                when[got] = t;
            if (order)
                order[got] = (int)r->mshr_slot;
            got++;
        }
        t++;
    }
    return t;
}

static void unloaded_read_latencies(void)
{
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t pool[4];
    uint64_t when[3];
    CHECK_EQ(config_dram_latency_dram(&c), CTRL);
    /* closed bank: ACT at 1, RDs at 13 and 16 (tCCDL), last data 28..30, + CTRL */
    dram_push(d, req(pool, 0, REQ_READ, 0, 7), 1);
    /* same row, right behind: the bank finishes the first request, then RDs
     * at 19 and 22, last data 34..36, + CTRL */
    dram_push(d, req(pool, 1, REQ_READ, 0, 7), 1);
    drain(d, 1, 2, when, NULL);
    CHECK_EQ(when[0], 1 + 12 + 3 + 12 + 2 + CTRL);
    CHECK_EQ(when[1], 22 + 12 + 2 + CTRL);
    /* another row of the same bank at cycle 200: PRE 200, ACT 212, RDs 224 and 227, data to 241 */
    dram_push(d, req(pool, 2, REQ_READ, 0, 9), 200);
    drain(d, 200, 1, when, NULL);
    CHECK_EQ(when[0], 200 + 12 + 12 + 3 + 12 + 2 + CTRL);
    const dram_stats_t *s = dram_get_stats(d);
    CHECK_EQ(s->reads, 3);
    CHECK_EQ(s->row_hits, 1);
    CHECK_EQ(s->row_misses, 2);
    CHECK_EQ(s->activates, 2);
    CHECK_EQ(s->precharges, 1);
    dram_destroy(d);
}

static void tras_and_trc_delay_a_quick_row_switch(void)
{
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t pool[2];
    uint64_t when[2];
    dram_push(d, req(pool, 0, REQ_READ, 3, 1), 1);
    dram_push(d, req(pool, 1, REQ_READ, 3, 2), 1);
    drain(d, 1, 2, when, NULL);
    /* ACT 1; PRE no earlier than ACT + tRAS = 29; ACT no earlier than max(29 + tRP, 1 + tRC) = 41;
     * RDs 53 and 56; data 68..70; + CTRL */
    CHECK_EQ(when[1], 41 + 12 + 3 + 12 + 2 + CTRL);
    dram_destroy(d);
}

static void frfcfs_serves_row_hits_first(void)
{
    gpu_config_t c = gtx480();
    for (int fifo = 0; fifo <= 1; fifo++) {
        c.dram_scheduler = fifo ? 0 : 1;
        dram_channel_t *d = dram_create(&c, 0);
        mem_req_t pool[4];
        dram_push(d, req(pool, 0, REQ_READ, 0, 1), 1); /* opens row 1 */
        drain(d, 1, 1, NULL, NULL);
        dram_push(d, req(pool, 1, REQ_READ, 0, 1), 300); /* A: hit */
        dram_push(d, req(pool, 2, REQ_READ, 0, 2), 300); /* B: other row */
        dram_push(d, req(pool, 3, REQ_READ, 0, 1), 300); /* C: hit */
        int order[3];
        drain(d, 300, 3, NULL, order);
        printf("  %s order: %d %d %d\n", fifo ? "FIFO" : "FR-FCFS", order[0], order[1], order[2]);
        CHECK_EQ(order[0], 1);
        CHECK_EQ(order[1], fifo ? 2 : 3);
        CHECK_EQ(order[2], fifo ? 3 : 2);
        dram_destroy(d);
    }
}

static double stream_bandwidth(bool random_rows)
{
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    static mem_req_t pool[4096];
    int pushed = 0, done = 0;
    uint64_t t = 1, x = 12345;
    while (done < 4096) {
        while (pushed < 4096 && dram_can_accept(d)) {
            uint32_t row;
            if (random_rows) {
                x = x * 6364136223846793005ull + 1442695040888963407ull;
                row = (uint32_t)(x >> 40) & 4095;
            } else {
                row = (uint32_t)(pushed / (16 * 16)); /* 16 lines per row in each of 16 banks */
            }
            dram_push(d, req(pool, pushed, REQ_READ, (uint32_t)pushed % 16, row), t);
            pushed++;
        }
        dram_cycle(d, t);
        while (dram_pop_done(d, t))
            done++;
        t++;
    }
    const dram_stats_t *s = dram_get_stats(d);
    double bw = (double)s->bytes / ((double)s->cycles * 32.0);
    CHECK_EQ(s->bytes, 4096 * 128);
    dram_destroy(d);
    return bw;
}

static void bandwidth_sequential_vs_random(void)
{
    double seq = stream_bandwidth(false), rnd = stream_bandwidth(true);
    printf("  bandwidth: sequential %.1f%%, random rows %.1f%% of peak\n", 100 * seq, 100 * rnd);
    CHECK(seq >= 0.90);
    /* row misses cost tRP + tRCD per access; 16 banks hide part of it */
    CHECK(rnd < 0.70);
    CHECK(rnd < seq - 0.25);
}

static void write_to_read_turnaround(void)
{
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t pool[3];
    uint64_t when[2];
    dram_push(d, req(pool, 0, REQ_READ, 5, 4), 1); /* open row 4 */
    drain(d, 1, 1, NULL, NULL);
    /* WRs at 300 and 303: last data 307..309; a read to the open row waits
     * until 309 + CDLR(5) = 314: RDs 314 and 317, last data 329..331 */
    dram_push(d, req(pool, 1, REQ_WRITE, 5, 4), 300);
    dram_push(d, req(pool, 2, REQ_READ, 5, 4), 300);
    drain(d, 300, 2, when, NULL);
    CHECK_EQ(when[0], 309);
    CHECK_EQ(when[1], 317 + 12 + 2 + CTRL);
    CHECK_EQ(dram_get_stats(d)->writes, 1);
    dram_destroy(d);
}

static void queue_is_bounded(void)
{
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    static mem_req_t pool[100];
    int n = 0;
    while (n < 100 && dram_can_accept(d)) {
        dram_push(d, req(pool, n, REQ_READ, (uint32_t)n % 16, 0), 1);
        n++;
    }
    CHECK_EQ(n, c.frfcfs_queue + 16); /* 64 queued + one handed to each of the 16 banks */
    CHECK(!dram_idle(d));
    drain(d, 1, n, NULL, NULL);
    CHECK(dram_idle(d));
    CHECK_EQ(dram_next_event(d, 5000), CS_NEVER);
    dram_destroy(d);
}

static void deterministic(void)
{
    double a = stream_bandwidth(true), b = stream_bandwidth(true);
    CHECK(a == b);
}

/* --- address mapping --------------------------------------------------- */

static void gtx480_mapping_rotates_channels_every_256_bytes(void)
{
    gpu_config_t c = gtx480();
    addrmap_t m;
    cs_error_t err;
    CHECK_EQ(addrmap_init(&m, c.addr_mapping, 6, 2, 0, &err), 0);
    dram_coord_t d;
    addrmap_decode(&m, 0, &d);
    CHECK_EQ(d.channel, 0);
    addrmap_decode(&m, 255, &d);
    CHECK_EQ(d.channel, 0);
    addrmap_decode(&m, 256, &d);
    CHECK_EQ(d.channel, 1);
    addrmap_decode(&m, 5 * 256, &d);
    CHECK_EQ(d.channel, 5);
    /* 6 * 256: back to channel 0, next chunk of it: the lowest bank bit (bit 8 after removing
     * the channel) is 1, so the other L2 slice of the channel */
    addrmap_decode(&m, 6 * 256, &d);
    CHECK_EQ(d.channel, 0);
    CHECK_EQ(d.bank & 1, 1);
    CHECK_EQ(d.sub_partition, 1);
    /* the column: bits 6,7 are C in the low byte */
    addrmap_decode(&m, 0xC0, &d);
    CHECK_EQ(d.col & 3, 3);
}

static void streaming_spreads_evenly(void)
{
    gpu_config_t c = gtx480();
    addrmap_t m;
    cs_error_t err;
    addrmap_init(&m, c.addr_mapping, 6, 2, 0, &err);
    unsigned per_sub[12] = {0};
    for (uint64_t a = 0x10000000; a < 0x10000000 + (6u << 20); a += 128) {
        dram_coord_t d;
        addrmap_decode(&m, a, &d);
        CHECK(d.channel < 6 && d.sub_partition < 12 && d.bank < 16);
        per_sub[d.sub_partition]++;
    }
    unsigned lo = per_sub[0], hi = per_sub[0];
    for (int i = 1; i < 12; i++) {
        lo = per_sub[i] < lo ? per_sub[i] : lo;
        hi = per_sub[i] > hi ? per_sub[i] : hi;
    }
    CHECK(lo > 0 && (double)hi / lo < 1.05);
}

static void power_of_two_channels_from_d_bits(void)
{
    addrmap_t m;
    cs_error_t err;
    const char *spec = "00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.BBBBCCCC.DDDSSSSS";
    CHECK_EQ(addrmap_init(&m, spec, 8, 2, 0, &err), 0);
    dram_coord_t d;
    addrmap_decode(&m, 5u << 5, &d);
    CHECK_EQ(d.channel, 5);
    addrmap_decode(&m, (3u << 12) | (2u << 5), &d);
    CHECK_EQ(d.channel, 2);
    CHECK_EQ(d.bank, 3);
    CHECK_EQ(d.sub_partition, 2 * 2 + 1);
}

static void bad_mapping_strings(void)
{
    addrmap_t m;
    cs_error_t err;
    CHECK_EQ(addrmap_init(&m, "dramid@8;0000XXXX", 6, 2, 0, &err), -1);
    CHECK(strstr(err.msg, "-gpgpu_mem_addr_mapping") != NULL);
    CHECK_EQ(addrmap_init(&m, "RRRRBBBB", 6, 2, 0, &err), -1); /* 8 bits, not 64 */
    CHECK(strstr(err.msg, "64") != NULL);
    CHECK_EQ(addrmap_init(&m, "00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.BBBBCCCC.DDSSSSSS", 8, 2, 0,
                          &err),
             -1); /* two D bits cannot address 8 channels */
    CHECK_EQ(addrmap_init(&m, "dramid@x;", 6, 2, 0, &err), -1);
}

int main(void)
{
    RUN(unloaded_read_latencies);
    RUN(tras_and_trc_delay_a_quick_row_switch);
    RUN(frfcfs_serves_row_hits_first);
    RUN(bandwidth_sequential_vs_random);
    RUN(write_to_read_turnaround);
    RUN(queue_is_bounded);
    RUN(deterministic);
    RUN(gtx480_mapping_rotates_channels_every_256_bytes);
    RUN(streaming_spreads_evenly);
    RUN(power_of_two_channels_from_d_bits);
    RUN(bad_mapping_strings);
    TEST_EXIT();
}
