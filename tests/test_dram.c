/* test_dram.c — one DRAM channel against numbers derived from the GTX 480
 * configuration fields (expected values are computed from the fields, with
 * the GTX 480 numbers in comments), plus a command-trace protocol checker. */
#include "model/dram.h"
#include "test.h"

/* GTX 480 DRAM settings, filled by hand (config.c is not linked). */
static gpu_config_t gtx480(void)
{
    gpu_config_t c;
    memset(&c, 0, sizeof c);
    c.n_mem = 6;
    c.n_sub_partition_per_mchannel = 2;
    c.dram_scheduler = 1;
    c.frfcfs_queue = 64;
    c.dram_return_queue = 116;
    c.n_mem_per_ctrlr = 2;
    c.dram_buswidth = 4;
    c.dram_burst_length = 8;
    c.dram_data_cmd_ratio = 4;
    c.dram_latency = 100; /* no clocks set: taken as DRAM cycles as it is */
    c.dram = (dram_timing_t){.nbk = 16, .tCCD = 2, .tRRD = 6, .tRCD = 12, .tRAS = 28, .tRP = 12, .tRC = 40,
                             .tCL = 12, .tWL = 4, .tCDLR = 5, .tWR = 12, .nbkgrp = 4, .tCCDL = 3,
                             .tRTPL = 2, .tRTP = 2};
    snprintf(c.addr_mapping, sizeof c.addr_mapping, "%s",
             "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS");
    return c;
}

/* 128 bytes at 2 chips * 4 bytes * 4 = 32 bytes per cycle: 4 cycles */
static uint32_t xfer_cycles(const gpu_config_t *c, uint32_t bytes)
{
    uint32_t bpc = c->n_mem_per_ctrlr * c->dram_buswidth * c->dram_data_cmd_ratio;
    return CS_MAX(CS_DIV_CEIL(bytes, bpc), c->dram_burst_length / c->dram_data_cmd_ratio);
}

/* A column command moves one atom, BL x bus width x chips = 8 * 4 * 2 = 64
 * bytes, on the data bus for BL / ratio = 2 cycles (GPGPU-Sim's
 * dram_atom_size): a 128-byte request is 2 commands. */
static uint32_t atoms(const gpu_config_t *c, uint32_t bytes)
{
    return CS_DIV_CEIL(bytes, c->n_mem_per_ctrlr * c->dram_buswidth * c->dram_burst_length);
}
static uint32_t burst_cycles(const gpu_config_t *c) { return c->dram_burst_length / c->dram_data_cmd_ratio; }
/* Commands of one bank are in one bank group: tCCDL apart (3). */
static uint32_t bank_step(const gpu_config_t *c) { return CS_MAX(c->dram.tCCD, c->dram.tCCDL); }

static mem_req_t *mkreq(mem_req_t *pool, int id, uint8_t type, uint32_t bank, uint32_t row, uint32_t bytes)
{
    mem_req_t *r = &pool[id];
    memset(r, 0, sizeof *r);
    r->type = type;
    r->bank = bank;
    r->row = row;
    r->bytes = bytes;
    r->mshr_slot = (uint32_t)id; /* identity for the test */
    return r;
}

/* Step every cycle from `from` until `n` requests were popped; done_at[id] =
 * cycle popped, order[k] = id of the k-th pop. Returns the next cycle. */
static uint64_t drain(dram_channel_t *d, uint64_t from, int n, uint64_t *done_at, int *order)
{
    uint64_t t = from;
    int got = 0;
    while (got < n && t < from + 1000000) {
        dram_cycle(d, t);
        mem_req_t *r;
        while ((r = dram_pop_done(d, t)) != NULL) {
            if (done_at)
                done_at[r->mshr_slot] = t;
            if (order)
                order[got] = (int)r->mshr_slot;
            got++;
        }
        t++;
    }
    CHECK_EQ(got, n);
    return t;
}

/* --- command trace ------------------------------------------------------- */

typedef struct cmd_rec {
    uint64_t t;
    char cmd;
    uint32_t bank, row, bytes;
} cmd_rec_t;

typedef struct trace_log {
    cmd_rec_t *v;
    size_t n, cap;
} trace_log_t;

static void record(void *ctx, uint64_t now, char cmd, uint32_t bank, uint32_t row, const mem_req_t *req)
{
    trace_log_t *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = (cmd_rec_t){now, cmd, bank, row, req->bytes};
}

static uint64_t first_cmd(const trace_log_t *l, char cmd, uint32_t bank, size_t nth)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].cmd == cmd && l->v[i].bank == bank && nth-- == 0)
            return l->v[i].t;
    return CS_NEVER;
}

/* --- latency ----------------------------------------------------------- */

/* Closed bank: ACT in the push cycle, first RD tRCD later, second RD (second
 * atom) tCCDL after it, its data tCL later for 2 cycles, then dram_latency:
 * T0 + tRCD + tCCDL + tCL + 2 + latency = 10 + 12 + 3 + 12 + 2 + 100 = 139.
 * The second read of the same row, pushed with it, is a row hit: the bank
 * finishes the first request, then its RDs follow tCCDL apart: 28 and 31,
 * complete at 145. */
static void unloaded_read_latency(void)
{
    gpu_config_t c = gtx480();
    const dram_timing_t *tm = &c.dram;
    dram_channel_t *d = dram_create(&c, 0);
    trace_log_t log = {0};
    dram_set_trace(d, record, &log);
    mem_req_t pool[4];
    uint64_t done[4];
    const uint64_t t0 = 10, x = xfer_cycles(&c, 128), n = atoms(&c, 128), step = bank_step(&c),
                   bl = burst_cycles(&c);

    dram_push(d, mkreq(pool, 0, REQ_READ, 5, 100, 128), t0);
    dram_push(d, mkreq(pool, 1, REQ_READ, 5, 100, 128), t0);
    drain(d, t0, 2, done, NULL);
    const uint64_t rd0 = t0 + tm->tRCD;
    const uint64_t expect0 = rd0 + (n - 1) * step + tm->tCL + bl + c.dram_latency;
    const uint64_t rd1 = rd0 + n * step;
    const uint64_t expect1 = rd1 + (n - 1) * step + tm->tCL + bl + c.dram_latency;
    printf("  unloaded closed-bank read: %" PRIu64 " cycles; row hit behind it: +%" PRIu64 "\n", done[0] - t0,
           done[1] - done[0]);
    CHECK_EQ(n, 2);
    CHECK_EQ(expect0, 139);
    CHECK_EQ(done[0], expect0);
    CHECK_EQ(done[1], expect1);
    CHECK_EQ(done[1], 145);
    CHECK_EQ(first_cmd(&log, 'A', 5, 0), t0);
    CHECK_EQ(first_cmd(&log, 'R', 5, 0), rd0);
    CHECK_EQ(first_cmd(&log, 'R', 5, 1), rd0 + step); /* the first request's second atom */
    CHECK_EQ(first_cmd(&log, 'R', 5, 2), rd1);

    /* Different row of the same bank, long after (all of tRAS, tRC, tRTP long
     * past): PRE at T1, ACT at T1 + tRP, RD tRCD later:
     * T1 + tRP + tRCD + tCCDL + tCL + 2 + latency = 500 + 12 + 12 + 3 + 12 + 2 + 100 = 641 */
    const uint64_t t1 = 500;
    dram_push(d, mkreq(pool, 2, REQ_READ, 5, 200, 128), t1);
    drain(d, t1, 1, done, NULL);
    CHECK_EQ(done[2], t1 + tm->tRP + tm->tRCD + (n - 1) * step + tm->tCL + bl + c.dram_latency);
    CHECK_EQ(done[2], 641);
    CHECK_EQ(first_cmd(&log, 'P', 5, 0), t1);

    const dram_stats_t *s = dram_get_stats(d);
    CHECK_EQ(s->reads, 3);
    CHECK_EQ(s->row_hits, 1);
    CHECK_EQ(s->row_misses, 2);
    CHECK_EQ(s->activates, 2);
    CHECK_EQ(s->precharges, 1);
    CHECK_EQ(s->busy_cycles, 3 * x);
    CHECK_EQ(s->bytes, 3 * 128);
    free(log.v);
    dram_destroy(d);
}

/* A quick row switch must respect tRAS (ACT->PRE), tRTP (RD->PRE) and tRC
 * (ACT->ACT): ACT1 = max(ACT0 + tRAS + tRP, RD0 + tRTP + tRP, ACT0 + tRC)
 * = max(1+28+12, 16+2+12, 1+40) = 41 (tRTP counted from the read's last
 * column command, RD0 + tCCDL = 16); RD1 = 53 and 56; done 56 + 12 + 2 + 100 = 170. */
static void row_switch_respects_tras_trc(void)
{
    gpu_config_t c = gtx480();
    const dram_timing_t *tm = &c.dram;
    dram_channel_t *d = dram_create(&c, 0);
    trace_log_t log = {0};
    dram_set_trace(d, record, &log);
    mem_req_t pool[2];
    uint64_t done[2];
    const uint64_t t0 = 1, step = bank_step(&c), bl = burst_cycles(&c);
    dram_push(d, mkreq(pool, 0, REQ_READ, 3, 1, 128), t0);
    dram_push(d, mkreq(pool, 1, REQ_READ, 3, 2, 128), t0);
    drain(d, t0, 2, done, NULL);
    const uint64_t rd0 = t0 + tm->tRCD;
    const uint64_t pre = CS_MAX(t0 + tm->tRAS, rd0 + step + tm->tRTP);
    const uint64_t act1 = CS_MAX(pre + tm->tRP, t0 + tm->tRC);
    CHECK_EQ(act1, 41);
    CHECK_EQ(first_cmd(&log, 'P', 3, 0), pre);
    CHECK_EQ(first_cmd(&log, 'A', 3, 1), act1);
    CHECK_EQ(done[1], act1 + tm->tRCD + step + tm->tCL + bl + c.dram_latency);
    CHECK_EQ(done[1], 170);
    free(log.v);
    dram_destroy(d);
}

/* --- scheduling ----------------------------------------------------------- */

/* Row 1 open; queue [A row 1, B row 2, C row 1] in one bank. FR-FCFS serves
 * the hits A and C before B's PRE/ACT; FIFO serves A, B, C. */
static void frfcfs_reorders_fifo_does_not(void)
{
    for (int fifo = 0; fifo <= 1; fifo++) {
        gpu_config_t c = gtx480();
        c.dram_scheduler = fifo ? 0 : 1;
        dram_channel_t *d = dram_create(&c, 0);
        mem_req_t pool[4];
        int order[3];
        dram_push(d, mkreq(pool, 0, REQ_READ, 7, 1, 128), 1); /* opens row 1 */
        drain(d, 1, 1, NULL, NULL);
        dram_push(d, mkreq(pool, 1, REQ_READ, 7, 1, 128), 300); /* A */
        dram_push(d, mkreq(pool, 2, REQ_READ, 7, 2, 128), 300); /* B */
        dram_push(d, mkreq(pool, 3, REQ_READ, 7, 1, 128), 300); /* C */
        drain(d, 300, 3, NULL, order);
        CHECK_EQ(order[0], 1);
        CHECK_EQ(order[1], fifo ? 2 : 3);
        CHECK_EQ(order[2], fifo ? 3 : 2);
        const dram_stats_t *s = dram_get_stats(d);
        /* FR-FCFS: C hits row 1; FIFO: row 1 is closed for B, C needs it again */
        CHECK_EQ(s->activates, fifo ? 3 : 2);
        CHECK_EQ(s->row_hits, fifo ? 1 : 2);
        dram_destroy(d);
    }
}

/* --- bandwidth ----------------------------------------------------------- */

typedef struct stream_result {
    double fraction;   /* bytes / (cycles * peak) */
    dram_stats_t st;
    uint64_t checksum; /* of completion cycles and order */
} stream_result_t;

/* Keep the queue full of 128-byte reads until `n` completed.
 * pattern 0: sequential lines (16 lines per row, rows striped over the 16
 * banks, as a linear sweep with the GTX 480 mapping gives);
 * pattern 1: random bank and random row for every request. */
static stream_result_t stream(const gpu_config_t *c, int pattern, int n, trace_log_t *log)
{
    dram_channel_t *d = dram_create(c, 0);
    if (log)
        dram_set_trace(d, record, log);
    /* a ring of requests, reused: at most queue + return queue (+ a few
     * writes in flight) are outstanding, far fewer than the ring holds */
    enum { RING = 1024 };
    mem_req_t *pool = calloc(RING, sizeof *pool);
    uint64_t x = 0x2545F4914F6CDD1Dull, t = 0, sum = 0;
    int pushed = 0, done = 0;
    while (done < n) {
        while (pushed < n && dram_can_accept(d)) {
            uint32_t bank, row;
            if (pattern == 0) {
                bank = (uint32_t)(pushed / 16) % 16;
                row = (uint32_t)pushed / 256;
            } else {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                bank = (uint32_t)(x >> 20) % 16;
                row = (uint32_t)(x >> 40) % 4096;
            }
            CHECK(pushed - done < RING);
            mem_req_t *r = mkreq(pool, pushed % RING, (log && (x & 3) == 0) ? REQ_WRITE : REQ_READ, bank, row, 128);
            r->mshr_slot = (uint32_t)pushed;
            dram_push(d, r, t);
            pushed++;
        }
        dram_cycle(d, t);
        mem_req_t *r;
        while ((r = dram_pop_done(d, t)) != NULL) {
            sum = sum * 1000003u + t * 131u + r->mshr_slot;
            done++;
        }
        t++;
    }
    stream_result_t res;
    res.st = *dram_get_stats(d);
    res.fraction = (double)res.st.bytes / ((double)res.st.cycles * dram_peak_bytes_per_cycle(c));
    res.checksum = sum;
    free(pool);
    dram_destroy(d);
    return res;
}

static void bandwidth_sequential_vs_random(void)
{
    gpu_config_t c = gtx480();
    CHECK_EQ(dram_peak_bytes_per_cycle(&c), 32);
    stream_result_t seq = stream(&c, 0, 20000, NULL), rnd = stream(&c, 1, 20000, NULL);
    printf("  sequential: %.1f%% of peak (row hits %" PRIu64 ", misses %" PRIu64 ")\n", 100 * seq.fraction,
           seq.st.row_hits, seq.st.row_misses);
    printf("  random rows: %.1f%% of peak (row hits %" PRIu64 ", misses %" PRIu64 ")\n", 100 * rnd.fraction,
           rnd.st.row_hits, rnd.st.row_misses);
    /* A stream of row misses needs one ACT per request, at most one per tRRD:
     * bandwidth <= xfer / max(tRRD, xfer) = 4 / 6 = 66.7% of peak with GTX 480
     * timing (so "below 60%" would demand a model slower than the timing
     * allows). Bank parallelism must still hide tRC = 40: a model that
     * serialised row cycles would get 4 / 40 = 10%. */
    const double x = xfer_cycles(&c, 128), rrd_bound = x / CS_MAX((double)c.dram.tRRD, x);
    printf("  random-row bound from tRRD: %.1f%%\n", 100 * rrd_bound);
    CHECK(seq.fraction >= 0.90);
    CHECK(rnd.fraction <= rrd_bound);
    CHECK(rnd.fraction > 0.8 * rrd_bound);
    CHECK(rnd.fraction < seq.fraction - 0.3);
    CHECK(rnd.st.row_misses > 10 * rnd.st.row_hits);
    CHECK_EQ(seq.st.row_hits + seq.st.row_misses, 20000);
    CHECK_EQ(seq.st.busy_cycles, 20000 * xfer_cycles(&c, 128));
}

/* --- protocol checker ----------------------------------------------------- */

/* Replays the command trace of a random mixed read/write stream over all
 * banks and checks every timing rule of dram.h independently of the model.
 * One column command moves one atom (2 data cycles). dual: a row and a column
 * command may share a cycle; lower_groups: bank b is in group b mod nbkgrp. */
static void check_protocol(int scheduler, int dual, int lower_groups)
{
    gpu_config_t c = gtx480();
    c.dram_scheduler = (uint32_t)scheduler;
    c.dram_dual_bus = (uint32_t)dual;
    c.dram_bnkgrp_indexing = (uint32_t)lower_groups;
    const dram_timing_t *tm = &c.dram;
    trace_log_t log = {0};
    stream(&c, 1, 6000, &log);
    const uint32_t bl = burst_cycles(&c);
    const uint32_t per_group = tm->nbk / tm->nbkgrp;
    struct {
        bool open;
        uint32_t row;
        uint64_t act, pre, rd_last, wr_end;
        bool any_act, any_pre, any_rd;
    } bank[16] = {{0}};
    uint64_t last_act = 0, last_row_cmd = 0, last_col = 0, bus_free = 0, wtr_ready = 0, rtw_ready = 0;
    uint64_t grp_col[4] = {0}, grp_rd[4] = {0};
    bool any_act = false, any_row_cmd = false, any_col = false, grp_any[4] = {0}, grp_any_rd[4] = {0};
    unsigned violations = 0, acts = 0, cols = 0, shared_cycles = 0;
#define RULE(cond, what)                                                                                 \
    do {                                                                                                 \
        if (!(cond) && violations++ < 5)                                                                 \
            printf("  violation at %" PRIu64 " %c bank %u: %s\n", r->t, r->cmd, r->bank, what);          \
    } while (0)
    for (size_t i = 0; i < log.n; i++) {
        const cmd_rec_t *r = &log.v[i];
        bool is_col = r->cmd == 'R' || r->cmd == 'W';
        uint32_t g = lower_groups ? r->bank % tm->nbkgrp : r->bank / per_group;
        /* command bus: one command per cycle, or one of each kind with two buses */
        bool same_cycle_row = any_row_cmd && r->t == last_row_cmd, same_cycle_col = any_col && r->t == last_col;
        if (dual)
            RULE(is_col ? !same_cycle_col : !same_cycle_row, "two commands of one kind in one cycle");
        else
            RULE(!same_cycle_row && !same_cycle_col, "two commands in one cycle");
        RULE((!any_row_cmd || r->t >= last_row_cmd) && (!any_col || r->t >= last_col), "commands out of order");
        shared_cycles += (unsigned)(is_col ? same_cycle_row : same_cycle_col);
        if (r->cmd == 'A') {
            acts++;
            RULE(!bank[r->bank].open, "ACT to an open bank");
            RULE(!any_act || r->t >= last_act + tm->tRRD, "tRRD");
            RULE(!bank[r->bank].any_act || r->t >= bank[r->bank].act + tm->tRC, "tRC");
            RULE(!bank[r->bank].any_pre || r->t >= bank[r->bank].pre + tm->tRP, "tRP");
            bank[r->bank].open = true;
            bank[r->bank].row = r->row;
            bank[r->bank].act = r->t;
            bank[r->bank].any_act = true;
            last_act = r->t;
            any_act = true;
        } else if (r->cmd == 'P') {
            RULE(bank[r->bank].open, "PRE to a closed bank");
            RULE(r->t >= bank[r->bank].act + tm->tRAS, "tRAS");
            RULE(!bank[r->bank].any_rd || r->t >= bank[r->bank].rd_last + tm->tRTP, "tRTP");
            RULE(!grp_any_rd[g] || r->t >= grp_rd[g] + tm->tRTPL, "tRTPL");
            RULE(r->t >= bank[r->bank].wr_end + tm->tWR, "tWR");
            bank[r->bank].open = false;
            bank[r->bank].pre = r->t;
            bank[r->bank].any_pre = true;
        }
        if (r->cmd == 'A' || r->cmd == 'P') {
            last_row_cmd = r->t;
            any_row_cmd = true;
        } else if (is_col) {
            cols++;
            bool rd = r->cmd == 'R';
            RULE(bank[r->bank].open && bank[r->bank].row == r->row, "column command to a row that is not open");
            RULE(r->t >= bank[r->bank].act + tm->tRCD, "tRCD");
            RULE(!any_col || r->t >= last_col + tm->tCCD, "tCCD");
            RULE(!grp_any[g] || r->t >= grp_col[g] + tm->tCCDL, "tCCDL");
            uint64_t start = r->t + (rd ? tm->tCL : tm->tWL);
            RULE(start >= bus_free, "data bus overlap");
            if (rd)
                RULE(r->t >= wtr_ready, "write-to-read turnaround (CDLR)");
            else
                RULE(start >= rtw_ready, "read-to-write bus turnaround");
            bus_free = start + bl;
            if (rd) {
                bank[r->bank].rd_last = r->t;
                bank[r->bank].any_rd = true;
                grp_rd[g] = r->t;
                grp_any_rd[g] = true;
                rtw_ready = bus_free + 2;
            } else {
                bank[r->bank].wr_end = bus_free;
                wtr_ready = bus_free + tm->tCDLR;
            }
            last_col = r->t;
            any_col = true;
            grp_col[g] = r->t;
            grp_any[g] = true;
        }
    }
#undef RULE
    printf("  %s%s%s: checked %zu commands (%u ACT, %u RD/WR, %u cycles with two)\n",
           scheduler ? "FR-FCFS" : "FIFO", dual ? ", dual bus" : "", lower_groups ? ", low-bit groups" : "", log.n,
           acts, cols, shared_cycles);
    CHECK_EQ(violations, 0);
    CHECK_EQ(cols, 6000 * atoms(&c, 128));
    CHECK(acts > 5000);
    if (!dual)
        CHECK_EQ(shared_cycles, 0);
    else if (scheduler)
        CHECK(shared_cycles > 1000); /* random rows: row and column commands overlap often */
    free(log.v);
}

static void protocol_timing_is_respected(void)
{
    check_protocol(1, 0, 0);
    check_protocol(0, 0, 0);
    check_protocol(1, 1, 0);
    check_protocol(0, 1, 0);
    check_protocol(1, 1, 1);
}

/* --- turnaround and bounds -------------------------------------------------- */

/* Row open; WRs at T and T + tCCDL: last data T+3+tWL .. +2, the write
 * completes then (300 + 3 + 4 + 2 = 309). A read to the same row waits for
 * end of write data + tCDLR: RDs at 309 + 5 = 314 and 317, done 317 + 12 + 2
 * + 100 = 431. */
static void write_to_read_turnaround(void)
{
    gpu_config_t c = gtx480();
    const dram_timing_t *tm = &c.dram;
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t pool[3];
    uint64_t done[3];
    const uint64_t step = bank_step(&c), bl = burst_cycles(&c);
    dram_push(d, mkreq(pool, 0, REQ_READ, 9, 4, 128), 1);
    drain(d, 1, 1, NULL, NULL);
    const uint64_t t = 300;
    dram_push(d, mkreq(pool, 1, REQ_WRITE, 9, 4, 128), t);
    dram_push(d, mkreq(pool, 2, REQ_READ, 9, 4, 128), t);
    drain(d, t, 2, done, NULL);
    const uint64_t wr_end = t + step + tm->tWL + bl;
    CHECK_EQ(done[1], wr_end);
    CHECK_EQ(done[1], 309);
    CHECK_EQ(done[2], wr_end + tm->tCDLR + step + tm->tCL + bl + c.dram_latency);
    CHECK_EQ(done[2], 431);
    CHECK_EQ(dram_get_stats(d)->writes, 1);
    dram_destroy(d);
}

static void scheduler_queue_is_bounded(void)
{
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    static mem_req_t pool[100];
    int n = 0;
    while (n < 100 && dram_can_accept(d)) {
        dram_push(d, mkreq(pool, n, REQ_READ, (uint32_t)n % 16, (uint32_t)n, 128), 1);
        n++;
    }
    /* GPGPU-Sim hands each busy bank one request, counted apart from the
     * queue: 64 queued + one for each of the 16 banks = 80 */
    CHECK_EQ(n, c.frfcfs_queue + 16);
    CHECK(!dram_can_accept(d));
    CHECK_EQ(dram_get_stats(d)->queue_full_rejects, 2);
    dram_cycle(d, 1); /* one ACT: still full, nothing left the queue */
    CHECK(!dram_can_accept(d));
    CHECK(!dram_idle(d));
    drain(d, 2, n, NULL, NULL);
    CHECK(dram_can_accept(d));
    CHECK(dram_idle(d));
    CHECK_EQ(dram_next_event(d, 5000), CS_NEVER);
    dram_destroy(d);

    /* every request for one bank: 64 + 1 */
    d = dram_create(&c, 0);
    n = 0;
    while (n < 100 && dram_can_accept(d)) {
        dram_push(d, mkreq(pool, n, REQ_READ, 3, (uint32_t)n, 128), 1);
        n++;
    }
    CHECK_EQ(n, c.frfcfs_queue + 1);
    drain(d, 1, n, NULL, NULL);
    dram_destroy(d);

    /* 0 = unbounded */
    c.frfcfs_queue = 0;
    d = dram_create(&c, 0);
    for (int i = 0; i < 100; i++) {
        CHECK(dram_can_accept(d));
        dram_push(d, mkreq(pool, i, REQ_READ, (uint32_t)i % 16, 0, 128), 1);
    }
    drain(d, 1, 100, NULL, NULL);
    dram_destroy(d);
}

/* With dram_return_queue = 2 and nobody popping, only two reads issue; each
 * pop lets one more through. Writes are not held back. */
static void return_queue_bounds_reads(void)
{
    gpu_config_t c = gtx480();
    c.dram_return_queue = 2;
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t pool[5];
    for (int i = 0; i < 4; i++)
        dram_push(d, mkreq(pool, i, REQ_READ, 0, 0, 128), 1);
    dram_push(d, mkreq(pool, 4, REQ_WRITE, 0, 0, 128), 1);
    uint64_t t;
    for (t = 1; t < 2000; t++)
        dram_cycle(d, t);
    CHECK_EQ(dram_get_stats(d)->reads, 2);
    CHECK_EQ(dram_get_stats(d)->writes, 1);
    /* queue non-empty but blocked: the next event is the head completion (<= now) */
    CHECK_EQ(dram_next_event(d, t), t);
    /* completion order: the write (its data ends long before the reads' latency) first */
    mem_req_t *r = dram_pop_done(d, t);
    CHECK(r && r->type == REQ_WRITE);
    dram_cycle(d, t);
    CHECK_EQ(dram_get_stats(d)->reads, 2); /* a popped write frees no read slot */
    r = dram_pop_done(d, t);
    CHECK(r && r->type == REQ_READ && r->mshr_slot == 0);
    /* the third read's two column commands (tCCDL apart) may go now */
    for (uint64_t u = t; u < t + 10; u++)
        dram_cycle(d, u);
    t += 10;
    CHECK_EQ(dram_get_stats(d)->reads, 3);
    int popped = 2;
    for (t++; popped < 5 && t < 5000; t++) {
        dram_cycle(d, t);
        while (dram_pop_done(d, t))
            popped++;
    }
    CHECK_EQ(popped, 5);
    CHECK(dram_idle(d));
    dram_destroy(d);
}

/* 32-byte sector requests use one minimum burst (BL8 / ratio 4 = 2 cycles):
 * two sector reads to one bank group are tCCDL apart, not 2. */
static void sector_requests_and_bank_groups(void)
{
    gpu_config_t c = gtx480();
    const dram_timing_t *tm = &c.dram;
    dram_channel_t *d = dram_create(&c, 0);
    trace_log_t log = {0};
    dram_set_trace(d, record, &log);
    mem_req_t pool[3];
    uint64_t done[3];
    CHECK_EQ(xfer_cycles(&c, 32), 2);
    /* banks 0 and 1 share group 0 (4 banks per group); bank 4 is group 1 */
    dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 32), 0);
    dram_push(d, mkreq(pool, 1, REQ_READ, 1, 1, 32), 0);
    dram_push(d, mkreq(pool, 2, REQ_READ, 4, 1, 32), 0);
    drain(d, 0, 3, done, NULL);
    /* ACTs at 0, 6, 12 (tRRD); RDs at 12, 18, 24 */
    CHECK_EQ(first_cmd(&log, 'A', 1, 0), tm->tRRD);
    CHECK_EQ(done[0], tm->tRCD + tm->tCL + 2 + c.dram_latency);
    free(log.v);
    log = (trace_log_t){0};
    dram_destroy(d);

    /* all rows open, then back-to-back sector hits: same group tCCDL, other group tCCD */
    d = dram_create(&c, 0);
    dram_set_trace(d, record, &log);
    dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 32), 0);
    dram_push(d, mkreq(pool, 1, REQ_READ, 4, 1, 32), 0);
    drain(d, 0, 2, NULL, NULL);
    log.n = 0;
    dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 32), 1000);
    dram_push(d, mkreq(pool, 1, REQ_READ, 0, 1, 32), 1000);
    dram_push(d, mkreq(pool, 2, REQ_READ, 4, 1, 32), 1000);
    drain(d, 1000, 3, NULL, NULL);
    /* FR-FCFS takes the oldest legal hit: bank 0 at 1000, then bank 4 (other
     * group, tCCD) at 1002, then bank 0 again once tCCDL from 1000 and tCCD from 1002 allow: 1004 */
    CHECK_EQ(log.n, 3);
    CHECK_EQ(log.v[0].t, 1000);
    CHECK_EQ(log.v[1].t, 1000 + tm->tCCD);
    CHECK_EQ(log.v[1].bank, 4);
    CHECK_EQ(log.v[2].t, CS_MAX(1000 + tm->tCCDL, 1000 + 2 * tm->tCCD));
    free(log.v);
    dram_destroy(d);
}

/* --- determinism and event skipping ---------------------------------------- */

static void deterministic(void)
{
    gpu_config_t c = gtx480();
    stream_result_t a = stream(&c, 1, 5000, NULL), b = stream(&c, 1, 5000, NULL);
    CHECK_EQ(memcmp(&a.st, &b.st, sizeof a.st), 0);
    CHECK_EQ(a.checksum, b.checksum);
}

/* Driving the channel only at dram_next_event() must give exactly the same
 * completions as calling it every cycle (the memory partition skips idle
 * cycles this way). Requests arrive in random bursts. */
static uint64_t run_with_arrivals(bool skip, uint64_t *last_done)
{
    gpu_config_t c = gtx480();
    c.dram_return_queue = 8;
    dram_channel_t *d = dram_create(&c, 0);
    static mem_req_t pool[3000];
    uint64_t x = 99, t = 0, sum = 0, next_arrival = 0;
    int pushed = 0, done = 0;
    while (done < 3000) {
        if (t >= next_arrival && pushed < 3000) {
            for (int k = 0; k < 8 && pushed < 3000 && dram_can_accept(d); k++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                uint8_t type = (x & 7) == 0 ? REQ_WRITE : REQ_READ;
                dram_push(d, mkreq(pool, pushed, type, (uint32_t)(x >> 8) % 16, (uint32_t)(x >> 30) % 8,
                                   (x & 16) ? 32 : 128), t);
                pushed++;
            }
            next_arrival = t + 1 + (x >> 50) % 97;
        }
        dram_cycle(d, t);
        mem_req_t *r;
        while ((r = dram_pop_done(d, t)) != NULL) {
            sum = sum * 1000003u + t * 7919u + r->mshr_slot;
            *last_done = t;
            done++;
        }
        uint64_t nt = t + 1;
        if (skip) {
            uint64_t ev = dram_next_event(d, t + 1);
            nt = CS_MIN(ev, next_arrival);
            if (pushed == 3000)
                nt = ev;
            CHECK(nt != CS_NEVER || done == 3000);
            if (nt == CS_NEVER)
                break;
        }
        t = nt;
    }
    dram_destroy(d);
    return sum;
}

static void next_event_skipping_is_exact(void)
{
    uint64_t end_a = 0, end_b = 0;
    uint64_t a = run_with_arrivals(false, &end_a), b = run_with_arrivals(true, &end_b);
    CHECK_EQ(a, b);
    CHECK_EQ(end_a, end_b);
    gpu_config_t c = gtx480();
    dram_channel_t *d = dram_create(&c, 0);
    CHECK(dram_idle(d));
    CHECK_EQ(dram_next_event(d, 7), CS_NEVER);
    mem_req_t r;
    dram_push(d, mkreq(&r, 0, REQ_READ, 0, 0, 128), 7);
    CHECK_EQ(dram_next_event(d, 7), 7);
    uint64_t t = 7;
    while (d && !dram_get_stats(d)->reads)
        dram_cycle(d, t++);
    /* issued, nothing queued: the next event is the completion: ACT 7, RDs
     * 19 and 22, data to 36, + 100 */
    CHECK_EQ(dram_next_event(d, t), 7 + 12 + 3 + 12 + 2 + 100);
    dram_destroy(d);
}

/* -dram_dual_bus_interface: bank 0 has row 1 open and a hit waiting, bank 4
 * is closed with a miss waiting, both pushed at 1000. One command bus: the
 * hit's RD goes at 1000 (hits first), the ACT at 1001, its RD tRCD later at
 * 1013, done 1013 + 12 + 2 + 100 = 1127. Two buses: RD and ACT both at 1000,
 * the miss's RD at 1012, done 1126. */
static void dual_bus_issues_row_and_column_together(void)
{
    for (int dual = 0; dual <= 1; dual++) {
        gpu_config_t c = gtx480();
        const dram_timing_t *tm = &c.dram;
        c.dram_dual_bus = (uint32_t)dual;
        dram_channel_t *d = dram_create(&c, 0);
        trace_log_t log = {0};
        dram_set_trace(d, record, &log);
        mem_req_t pool[3];
        uint64_t done[3];
        dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 64), 0);
        drain(d, 0, 1, NULL, NULL);
        dram_push(d, mkreq(pool, 1, REQ_READ, 0, 1, 64), 1000);
        dram_push(d, mkreq(pool, 2, REQ_READ, 4, 1, 64), 1000);
        drain(d, 1000, 2, done, NULL);
        const uint64_t act = 1000 + (dual ? 0 : 1);
        CHECK_EQ(first_cmd(&log, 'R', 0, 1), 1000);
        CHECK_EQ(first_cmd(&log, 'A', 4, 0), act);
        CHECK_EQ(done[2], act + tm->tRCD + tm->tCL + burst_cycles(&c) + c.dram_latency);
        CHECK_EQ(done[2], dual ? 1126 : 1127);
        CHECK_EQ(dram_get_stats(d)->dual_issues, (uint64_t)dual);
        free(log.v);
        dram_destroy(d);
    }
}

/* -dram_bnkgrp_indexing_policy: banks 0 and 1 are in one group under the
 * upper-bits policy (4 banks per group: column commands tCCDL = 3 apart) and
 * in groups 0 and 1 under the lower-bits policy (tCCD = 2 apart). */
static void bank_group_indexing_policy(void)
{
    for (int lower = 0; lower <= 1; lower++) {
        gpu_config_t c = gtx480();
        c.dram_bnkgrp_indexing = (uint32_t)lower;
        dram_channel_t *d = dram_create(&c, 0);
        trace_log_t log = {0};
        dram_set_trace(d, record, &log);
        mem_req_t pool[2];
        dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 64), 0);
        dram_push(d, mkreq(pool, 1, REQ_READ, 1, 1, 64), 0);
        drain(d, 0, 2, NULL, NULL);
        log.n = 0;
        dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 64), 1000);
        dram_push(d, mkreq(pool, 1, REQ_READ, 1, 1, 64), 1000);
        drain(d, 1000, 2, NULL, NULL);
        CHECK_EQ(log.n, 2);
        CHECK_EQ(log.v[0].t, 1000);
        CHECK_EQ(log.v[1].t, 1000 + (lower ? c.dram.tCCD : c.dram.tCCDL));
        free(log.v);
        dram_destroy(d);
    }
}

/* -dram_bnk_indexing_policy 1: bank xor the row's low bits. (bank 0, row 1)
 * and (bank 1, row 0) land in bank 1, different rows: a precharge; linear
 * indexing keeps them in banks 0 and 1: none. */
static void bank_xor_indexing(void)
{
    for (int xor_banks = 0; xor_banks <= 1; xor_banks++) {
        gpu_config_t c = gtx480();
        c.dram_bnk_indexing = (uint32_t)xor_banks;
        dram_channel_t *d = dram_create(&c, 0);
        mem_req_t pool[2];
        dram_push(d, mkreq(pool, 0, REQ_READ, 0, 1, 64), 0);
        dram_push(d, mkreq(pool, 1, REQ_READ, 1, 0, 64), 0);
        drain(d, 0, 2, NULL, NULL);
        CHECK_EQ(dram_get_stats(d)->precharges, (uint64_t)xor_banks);
        dram_destroy(d);
    }
}

/* --- completion order ------------------------------------------------------ */

typedef struct column_log {
    uint64_t *last;  /* per request id: cycle of its latest column command */
    uint64_t *nth;   /* per request id: issue number of that command */
    uint64_t n;
} column_log_t;

static void record_column(void *ctx, uint64_t now, char cmd, uint32_t bank, uint32_t row, const mem_req_t *req)
{
    column_log_t *l = ctx;
    if (cmd == 'R' || cmd == 'W') {
        l->last[req->mshr_slot] = now;
        l->nth[req->mshr_slot] = l->n++;
    }
}

/* A completed request pops at exactly its completion cycle (a read tCL +
 * burst + dram_latency after its last column command, a write tWL + burst
 * after it), and requests completing in one cycle pop in the order of those
 * commands, so writes overtake reads issued before them. Random reads and
 * writes of one and two atoms over all banks and a few rows. */
static void completions_pop_in_time_order(void)
{
    gpu_config_t c = gtx480();
    enum { N = 4000 };
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t *pool = calloc(N, sizeof *pool);
    column_log_t log = {calloc(N, sizeof *log.last), calloc(N, sizeof *log.nth), 0};
    dram_set_trace(d, record_column, &log);
    uint64_t x = 0x9E3779B97F4A7C15ull, t = 0, prev_t = 0, prev_nth = 0;
    int pushed = 0, done = 0, late = 0, misordered = 0, overtakes = 0, shared_cycles = 0;
    while (done < N && t < 10000000) {
        while (pushed < N && dram_can_accept(d)) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            dram_push(d,
                      mkreq(pool, pushed, (x & 3) == 0 ? REQ_WRITE : REQ_READ, (uint32_t)(x >> 20) % 16,
                            (uint32_t)(x >> 40) % 8, (x >> 8) & 1 ? 128 : 32),
                      t);
            pushed++;
        }
        dram_cycle(d, t);
        mem_req_t *r;
        while ((r = dram_pop_done(d, t)) != NULL) {
            const uint32_t id = r->mshr_slot;
            const bool wr = r->type == REQ_WRITE;
            const uint64_t due =
                log.last[id] + (wr ? c.dram.tWL : c.dram.tCL) + burst_cycles(&c) + (wr ? 0 : c.dram_latency);
            late += due != t || r->ready != t;
            if (done) {
                misordered += t == prev_t && log.nth[id] < prev_nth;
                shared_cycles += t == prev_t;
                overtakes += log.nth[id] < prev_nth;
            }
            prev_t = t;
            prev_nth = log.nth[id];
            done++;
        }
        t++;
    }
    CHECK_EQ(done, N);
    CHECK_EQ(late, 0);
    CHECK_EQ(misordered, 0);
    CHECK(overtakes > 0);
    CHECK(shared_cycles > 0);
    printf("  %d pops: %d after a later-issued one, %d sharing a cycle\n", done, overtakes, shared_cycles);
    free(log.last);
    free(log.nth);
    free(pool);
    dram_destroy(d);
}

/* -gpgpu_simple_dram_model 1, latency 100 DRAM cycles (no clocks set):
 * one 32-byte sector per cycle enters, each answers 100 cycles after it
 * entered, at most one answer per cycle.
 *   three 32-byte reads pushed at cycle 0 (the caller offers one per cycle
 *   when it can; here all at once): they enter at 0, 1, 2 -> ready 100, 101, 102;
 *   a 128-byte read pushed at 0 after them enters at 3 and holds the port
 *   for 4 cycles -> ready 103; a write pushed at 0 enters at 7 -> ready 107.
 * No banks: bank and row do not matter; no row statistics. A full channel
 * (-gpgpu_dram_return_queue_size requests in it) accepts nothing. */
static void simple_model_latency_and_rate(void)
{
    gpu_config_t c = gtx480();
    c.simple_dram = true;
    c.dram_return_queue = 5;
    dram_channel_t *d = dram_create(&c, 0);
    mem_req_t pool[8];
    CHECK(dram_can_accept(d));
    dram_push(d, mkreq(pool, 0, REQ_READ, 3, 7, 32), 0);
    dram_push(d, mkreq(pool, 1, REQ_READ, 3, 9, 32), 0);
    dram_push(d, mkreq(pool, 2, REQ_READ, 0, 0, 32), 0);
    dram_push(d, mkreq(pool, 3, REQ_READ, 5, 1, 128), 0);
    dram_push(d, mkreq(pool, 4, REQ_WRITE, 5, 1, 32), 0);
    CHECK(!dram_can_accept(d)); /* 5 in the channel */
    CHECK_EQ(dram_next_event(d, 1), 8); /* the port frees at 8 (3 + 4 + 1 sectors); the first reply is due at 100 */
    uint64_t done_at[5] = {0};
    int got = 0;
    for (uint64_t now = 0; now < 200 && got < 5; now++) {
        dram_cycle(d, now);
        mem_req_t *r = dram_pop_done(d, now);
        if (r) {
            done_at[r->mshr_slot] = now;
            got++;
            CHECK(dram_pop_done(d, now) == NULL); /* one answer per cycle */
        }
    }
    CHECK_EQ(got, 5);
    CHECK_EQ(done_at[0], 100);
    CHECK_EQ(done_at[1], 101);
    CHECK_EQ(done_at[2], 102);
    CHECK_EQ(done_at[3], 103);
    CHECK_EQ(done_at[4], 107);
    CHECK(dram_idle(d));
    CHECK(dram_can_accept(d));
    const dram_stats_t *st = dram_get_stats(d);
    CHECK_EQ(st->reads, 4);
    CHECK_EQ(st->writes, 1);
    CHECK_EQ(st->busy_cycles, 8); /* 3 + 4 + 1 sectors */
    CHECK_EQ(st->row_hits + st->row_misses + st->activates, 0);
    /* pushed late, after the port freed: its own cycle + latency */
    dram_push(d, mkreq(pool, 5, REQ_READ, 0, 0, 32), 150);
    CHECK_EQ(dram_next_event(d, 151), 151); /* the port frees at 151 */
    CHECK(dram_pop_done(d, 249) == NULL);
    CHECK(dram_pop_done(d, 250) == &pool[5]);
    dram_destroy(d);
}

int main(void)
{
    RUN(unloaded_read_latency);
    RUN(simple_model_latency_and_rate);
    RUN(row_switch_respects_tras_trc);
    RUN(frfcfs_reorders_fifo_does_not);
    RUN(bandwidth_sequential_vs_random);
    RUN(protocol_timing_is_respected);
    RUN(write_to_read_turnaround);
    RUN(scheduler_queue_is_bounded);
    RUN(return_queue_bounds_reads);
    RUN(sector_requests_and_bank_groups);
    RUN(deterministic);
    RUN(next_event_skipping_is_exact);
    RUN(dual_bus_issues_row_and_column_together);
    RUN(bank_group_indexing_policy);
    RUN(bank_xor_indexing);
    RUN(completions_pop_in_time_order);
    TEST_EXIT();
}
