/* dram.c — one DRAM channel (interface, clocking and timing list in dram.h).
 *
 * What is modelled
 *   - One rank of nbk banks, each with a row buffer, in nbkgrp bank groups
 *     (bank b is in group b / (nbk / nbkgrp), as GPGPU-Sim numbers them).
 *   - Open-page policy: a row stays open until a request for another row of
 *     the same bank needs the bank (no timeout or auto-precharge).
 *   - A scheduler queue of frfcfs_queue entries (0 = unbounded) in arrival
 *     order, plus one request per busy bank: GPGPU-Sim hands each free bank a
 *     request at once and counts only the others against the queue size. FR-FCFS (-gpgpu_dram_scheduler 1): each cycle the oldest request
 *     that hits an open row and whose column command is legal now issues it;
 *     failing that, the oldest request whose next row command (PRE of the
 *     other row, or ACT) is legal issues that. A row is not precharged while a
 *     queued request still hits it. FIFO (0): only the oldest request moves.
 *   - One command (ACT, PRE, RD, WR) per cycle on the command bus; with
 *     -dram_dual_bus_interface 1 a row command (ACT/PRE) and a column
 *     command (RD/WR) in the same cycle, as GPGPU-Sim's dual bus.
 *   - A column command moves one atom, BL x bus width x chips bytes
 *     (GPGPU-Sim's dram_atom_size: 64 B on GDDR5 GTX 480, 32 B on HBM
 *     QV100): a request of N atoms is N commands, tCCD (tCCDL in its bank
 *     group) apart, and its bank serves it to the end before any other
 *     request. tRTP/tRTPL count from each read command.
 *   - Read-to-write turnaround: write data starts at least 2 cycles after
 *     read data ends (GPGPU-Sim's tRTW = CL + BL/ratio + 2 - WL).
 *   - Bank groups from the upper bank bits or, with
 *     -dram_bnkgrp_indexing_policy 1, the lower ones; banks xor the row's
 *     low bits with -dram_bnk_indexing_policy 1.
 *   - Timing: per bank tRCD (ACT->RD/WR), tRAS (ACT->PRE), tRP (PRE->ACT),
 *     tRC (ACT->ACT), tRTP (RD->PRE), tWR (end of write data->PRE); per bank
 *     group tCCDL (column->column) and tRTPL (RD->PRE) when nbkgrp > 1; per
 *     channel tRRD (ACT->ACT), tCCD (column->column), tCDLR (end of write
 *     data->RD, GPGPU-Sim's tWTR = WL + burst + CDLR).
 *   - Data bus: an atom occupies burst_length / data_cmd_ratio cycles;
 *     transfers never overlap and are placed in issue order. Read data
 *     starts tCL after RD, write data tWL after WR.
 *   - Completion: a read is returned dram_latency cycles after its last data
 *     cycle, a write at its last data cycle. dram_pop_done hands them back in
 *     completion order. At most dram_return_queue reads may be issued and not
 *     yet popped; when that many are outstanding, no read column command issues.
 *
 * Simplifications (deliberate)
 *   - No refresh, no power-down, no tFAW, one rank.
 *   - tRCD is used for writes too (no separate tRCDWR).
 *   - FR-FCFS has no starvation guard: a stream of hits to an open row can
 *     delay a miss to the same bank indefinitely (as in GPGPU-Sim).
 *
 * Speed: dram_cycle returns at once when the queue is empty or when nothing
 * can issue before a known cycle (`wake`). All legality conditions are
 * "now >= some time" except the return-queue bound (changed only by pop) and
 * pending row hits (changed only by our own column commands), which is what
 * makes `wake` safe: it may be early (a scan that finds nothing), never late.
 * A scan that finds nothing sets it to the exact next legal cycle; an issue
 * to a lower bound derived without another scan (wake_after_issue); a push
 * to no later than its bank's candidates can go; a pop that frees the return
 * queue to 0. Building with -DDRAM_CHECK_WAKE re-evaluates every skipped
 * cycle and aborts if a command was legal there (tests/test_dram.c passes
 * under it).
 * dram_next_event does not report `wake` but what an earlier version, which
 * rescanned at every wake-up and woke the next cycle after a push or after a
 * scan with several legal candidates, held (`reported`): the GPU's idle
 * skipping jumps to the earliest next event of all components, and simulated
 * results depend on those jumps (a request waiting in an L2 slice to enter
 * the DRAM queue enters at a DRAM tick, but the slice reports only its own
 * next tick). Keeping the reported cycles keeps every result unchanged.
 * A scan does not walk the queue: whether a command is legal depends only on
 * its bank, the channel and read-vs-write, so the oldest legal request is
 * always among each bank's oldest read hit, oldest write hit and oldest miss.
 * Each bank keeps its requests in an age-ordered list and those three
 * candidates up to date; a scan looks at <= 3 candidates per bank, through a
 * small per-bank record (bank_view_t) of their keys and of the bank's
 * effective ready times, so it is one branch-free loop over the busy banks. */
#include "dram.h"
#include "zero_pages.h"

#include <stdlib.h>
#include <string.h>

#define NONE (-1)
/* Cycles between the end of read data and the start of write data (bus
 * turnaround), as GPGPU-Sim's tRTW = CL + BL/ratio + 2 - WL implies. */
#define DRAM_READ_TO_WRITE_GAP 2
#define NO_SEQ UINT64_MAX

typedef struct sched_entry {
    mem_req_t *req;
    uint64_t seq;         /* arrival number: smaller is older */
    uint32_t row;
    uint32_t atoms_left;  /* column commands still to issue (one per atom) */
    uint32_t bytes;       /* the request's, kept here so the last command need not touch
                           * the request (long out of cache) before setting its ready time */
    int32_t next;         /* next younger entry of the same bank, or free-list link */
    bool is_write;
    bool needed_act;      /* an ACT was issued on its behalf: a row miss */
} sched_entry_t;

typedef struct done_slot {
    uint64_t ready, seq;
    mem_req_t *req;
} done_slot_t;

typedef struct done_queue {
    done_slot_t *slot;  /* ring of cap (a power of two) slots, count of them from head on */
    uint32_t cap, head, count;
} done_queue_t;

typedef struct bank_state {
    bool open;
    uint32_t open_row;
    uint32_t group;
    uint64_t act_ready;   /* earliest ACT: tRP after PRE, tRC after ACT */
    uint64_t pre_ready;   /* earliest PRE: tRAS after ACT, tRTP after RD, tWR after write data */
    uint64_t col_ready;   /* earliest RD/WR: tRCD after ACT */
    int32_t head, tail;   /* this bank's queued requests, oldest first */
    uint32_t count;
    int32_t active;       /* request whose atoms are being transferred (NONE): the
                           * bank serves it to the end before any other */
    /* scheduling candidates (entry indices or NONE): the oldest read and the
     * oldest write hitting the open row, and the oldest request that does not.
     * While a request is active only it, the oldest hit of its kind, is
     * offered to the scan (the keys in the bank's bank_view_t). */
    int32_t hit_rd, hit_wr, miss;
} bank_state_t;

/* Candidates legal now, by the command they would issue, packed in one word
 * (a bank adds at most 1 to each field, and nbk < 2^16): reads in bits 0-15,
 * writes 16-31, PREs 32-47, ACTs 48-63. After an issue, those left in banks
 * the issue did not touch bound the next wake-up by channel-wide times alone
 * (see dram_cycle). */
typedef uint64_t legal_count_t;
#define LEGAL_RD(n) ((uint32_t)((n)&0xFFFF))
#define LEGAL_WR(n) ((uint32_t)(((n) >> 16) & 0xFFFF))
#define LEGAL_PRE(n) ((uint32_t)(((n) >> 32) & 0xFFFF))
#define LEGAL_ACT(n) ((uint32_t)((n) >> 48))
#define LEGAL_ONE_RD ((uint64_t)1)
#define LEGAL_ONE_WR ((uint64_t)1 << 16)
#define LEGAL_ONE_PRE ((uint64_t)1 << 32)
#define LEGAL_ONE_ACT ((uint64_t)1 << 48)

/* What the scheduler scan reads of one bank, derived from its bank_state_t
 * and its group's times and kept in step by sync_view wherever those change,
 * so the scan is a tight loop over small records with no indirection.
 * Keys order candidates by age: (arrival number << bank_bits) | bank, so the
 * oldest key also names its bank; NO_SEQ when absent. An absent candidate's
 * time is CS_NEVER, so it is never legal and never wakes the channel (idle
 * banks have only absent candidates: the scan may visit every bank). */
typedef struct bank_view {
    uint64_t key_rd, key_wr, key_miss;
    uint64_t col_rd, col_wr; /* earliest RD / WR as far as the bank and its group go (tRCD, tCCDL) */
    uint64_t row;      /* open: earliest PRE (tRAS, tRTP, tWR, tRTPL), CS_NEVER while FR-FCFS keeps
                        * the row for pending hits; closed: earliest ACT as far as the bank goes */
    uint64_t act_mask; /* all ones when closed (the channel's tRRD applies to its row command), else 0 */
    uint64_t row_bit;  /* what a legal row command adds to a legal_count_t: a PRE or an ACT */
} bank_view_t;

struct dram_channel {
    dram_timing_t t;
    uint32_t id, nbk, ngrp;
    uint32_t atom_bytes;     /* bytes one column command moves: BL x bus width x chips */
    uint32_t burst_cycles;   /* data-bus cycles of one atom: BL / data_cmd_ratio */
    uint32_t latency, rtp;
    uint32_t queue_cap, return_cap;
    bool fifo;
    bool dual_bus;           /* a row and a column command may issue in one cycle */
    bool bank_xor;           /* bank index xor the row's low bits */

    bank_state_t *banks;
    bank_view_t *view;       /* per bank, for the scan */
    uint32_t bank_bits;      /* bits of a key that hold the bank */
    uint64_t max_seq;        /* largest arrival number a key can hold */
    uint64_t *grp_col_ready; /* tCCDL */
    uint64_t *grp_pre_ready; /* tRTPL */
    uint32_t *grp_banks;     /* banks ordered by group: group g's are grp_banks[grp_first[g] ..
                              * grp_first[g + 1]) */
    uint32_t *grp_first;

    sched_entry_t *pool;     /* queue entries; released ones chained from free_head */
    uint32_t pool_size, queued;
    uint32_t pool_fresh;     /* entries pool_fresh .. pool_size-1 never used yet: taken in order once
                              * none released is left, as a free list linked whole at creation
                              * handed them out, without writing the pool at creation (s37) */
    uint32_t busy;           /* banks with queued requests */
    uint32_t *busy_list;     /* those banks, busy_list[0 .. busy), in no particular order: the scan's
                              * result does not depend on the order it visits banks in */
    uint32_t *busy_pos;      /* a busy bank's index in busy_list */
    int32_t free_head;
    uint64_t next_seq;

    uint64_t act_ready;      /* tRRD */
    uint64_t col_ready;      /* tCCD */
    uint64_t read_ready;     /* write-to-read turnaround */
    uint64_t write_bus_ready;/* read-to-write turnaround: first cycle write data may start */
    uint64_t bus_free;       /* first cycle the data bus is free */
    uint64_t wake;           /* no command can issue before this cycle */
    /* What dram_next_event reports (see there): the wake-up of a channel that
     * scans at every wake-up; when !reported_exact, the exact earliest cycle
     * a candidate is legal, computed on demand. */
    uint64_t reported;
    bool reported_exact;

    /* Issued requests waiting to be popped: reads and writes each complete
     * in issue order (the bus serialises them, and all reads add the same
     * latency), so two queues hold them in order and a pop takes the earlier
     * head, the earlier issued on a tie. The queues hold the times, so
     * neither ordering nor polling touches the requests. */
    done_queue_t done_rd, done_wr;
    uint64_t done_seq;                /* issue order of completed requests */
    uint64_t next_done;               /* ready time of the first to pop (CS_NEVER: none), for the */
    mem_req_t *next_done_req;         /* pop that the caller tries every cycle; that request */
    uint32_t reads_unreturned;

    /* -gpgpu_simple_dram_model (see "Simple model" below) */
    bool simple;
    done_queue_t sq;           /* accepted requests in acceptance order, each with its ready cycle */
    uint64_t port_free;        /* first cycle the channel accepts another request */
    uint64_t last_pop;         /* cycle of the last pop + 1 (0: none yet): one reply per cycle */

    bool started;
    uint64_t first_cycle;
    dram_trace_fn trace;
    void *trace_ctx;
    dram_stats_t st;
};

static inline uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Branch-free helper for the scheduler scan, whose conditions are data
 * dependent and mispredict badly as jumps: all-ones when cond holds. */
static inline uint64_t mask_if(bool cond) { return (uint64_t)0 - (uint64_t)cond; }

static uint64_t bank_earliest(const dram_channel_t *d, uint32_t bank);

/* The next scan is due at `wake`; the reported wake-up is `reported`. */
static inline void set_wake(dram_channel_t *d, uint64_t wake, uint64_t reported)
{
    d->wake = wake;
    d->reported = reported;
    d->reported_exact = true;
}

static void pool_grow(dram_channel_t *d, uint32_t new_size)
{
    sched_entry_t *grown = zero_pages_alloc(new_size, sizeof *grown);
    if (d->pool_size)
        memcpy(grown, d->pool, d->pool_size * sizeof *grown);
    zero_pages_free(d->pool, d->pool_size, sizeof *d->pool);
    d->pool = grown;
    d->pool_size = new_size;
}

dram_channel_t *dram_create(const gpu_config_t *cfg, uint32_t channel_id)
{
    dram_channel_t *d = cs_xcalloc(1, sizeof *d);
    d->t = cfg->dram;
    d->id = channel_id;
    d->nbk = cfg->dram.nbk ? cfg->dram.nbk : 1;
    d->ngrp = cfg->dram.nbkgrp > 1 && cfg->dram.nbkgrp <= d->nbk ? cfg->dram.nbkgrp : 1;
    d->atom_bytes = cfg->n_mem_per_ctrlr * cfg->dram_buswidth * cfg->dram_burst_length;
    if (!d->atom_bytes)
        d->atom_bytes = 1;
    d->burst_cycles = cfg->dram_data_cmd_ratio ? cfg->dram_burst_length / cfg->dram_data_cmd_ratio : 1;
    if (!d->burst_cycles)
        d->burst_cycles = 1;
    d->rtp = d->t.tRTP ? d->t.tRTP : d->burst_cycles; /* GPGPU-Sim: BL / data_cmd_ratio */
    if (!d->t.tCCD)
        d->t.tCCD = 1;
    d->latency = config_dram_latency_dram(cfg);
    d->queue_cap = cfg->frfcfs_queue;
    d->return_cap = cfg->dram_return_queue;
    d->fifo = cfg->dram_scheduler == 0;
    d->dual_bus = cfg->dram_dual_bus != 0;
    d->bank_xor = cfg->dram_bnk_indexing == 1;
    d->simple = cfg->simple_dram;

    /* the scan packs its counts of legal candidates in 16-bit fields */
    if (d->nbk > 0xFFFF)
        abort(); /* the configuration parser allows far fewer */
    d->banks = cs_xcalloc(d->nbk, sizeof *d->banks);
    d->view = cs_xcalloc(d->nbk, sizeof *d->view);
    d->busy_list = cs_xcalloc(d->nbk, sizeof *d->busy_list);
    d->busy_pos = cs_xcalloc(d->nbk, sizeof *d->busy_pos);
    while ((1ull << d->bank_bits) < d->nbk)
        d->bank_bits++;
    d->max_seq = (NO_SEQ >> d->bank_bits) - 1; /* a key below NO_SEQ */
    const uint32_t per_group = d->nbk / d->ngrp;
    d->grp_first = cs_xcalloc(d->ngrp + 1, sizeof *d->grp_first);
    for (uint32_t b = 0; b < d->nbk; b++) {
        bank_state_t *bk = &d->banks[b];
        /* -dram_bnkgrp_indexing_policy: 0 the upper bank bits choose the group
         * (banks 0..3 in group 0 of 4x4), 1 the lower bits (bank b in group
         * b mod nbkgrp, so neighbouring banks are in different groups) */
        bk->group = cfg->dram_bnkgrp_indexing == 1 ? b % d->ngrp : CS_MIN(b / per_group, d->ngrp - 1);
        bk->head = bk->tail = bk->hit_rd = bk->hit_wr = bk->miss = bk->active = NONE;
        d->view[b] = (bank_view_t){NO_SEQ, NO_SEQ, NO_SEQ, CS_NEVER, CS_NEVER, CS_NEVER, ~0ull, LEGAL_ONE_ACT};
        d->grp_first[bk->group + 1]++;
    }
    for (uint32_t g = 0; g < d->ngrp; g++)
        d->grp_first[g + 1] += d->grp_first[g];
    d->grp_banks = cs_xcalloc(d->nbk, sizeof *d->grp_banks);
    uint32_t *fill = cs_xcalloc(d->ngrp, sizeof *fill);
    for (uint32_t b = 0; b < d->nbk; b++) {
        const uint32_t g = d->banks[b].group;
        d->grp_banks[d->grp_first[g] + fill[g]++] = b;
    }
    free(fill);
    d->grp_col_ready = cs_xcalloc(d->ngrp, sizeof *d->grp_col_ready);
    d->grp_pre_ready = cs_xcalloc(d->ngrp, sizeof *d->grp_pre_ready);
    d->free_head = NONE;
    d->next_done = CS_NEVER;
    pool_grow(d, d->queue_cap ? d->queue_cap : 64);
    return d;
}

void dram_destroy(dram_channel_t *d)
{
    if (!d)
        return;
    free(d->banks);
    free(d->view);
    free(d->busy_list);
    free(d->busy_pos);
    free(d->grp_banks);
    free(d->grp_first);
    free(d->grp_col_ready);
    free(d->grp_pre_ready);
    zero_pages_free(d->pool, d->pool_size, sizeof *d->pool);
    free(d->done_rd.slot);
    free(d->done_wr.slot);
    free(d->sq.slot);
    free(d);
}

void dram_set_trace(dram_channel_t *d, dram_trace_fn fn, void *ctx)
{
    d->trace = fn;
    d->trace_ctx = ctx;
}

/* GPGPU-Sim's FR-FCFS hands each free bank one request at once (a row hit
 * if it has one, else its oldest) and counts only the requests not yet
 * handed over against the queue size: with a request for every busy bank
 * taken out of the count, the queue holds up to size + banks requests. */
static bool simple_can_accept(const dram_channel_t *d);
static void simple_push(dram_channel_t *d, mem_req_t *req, uint64_t now);
static void done_append(dram_channel_t *d, done_queue_t *q, mem_req_t *r, uint64_t ready);
static mem_req_t *simple_pop_done(dram_channel_t *d, uint64_t now);

bool dram_can_accept(const dram_channel_t *d)
{
    if (d->simple)
        return simple_can_accept(d);
    if (!d->queue_cap || d->queued - d->busy < d->queue_cap)
        return true;
    /* The statistic is bookkeeping, not state the caller can observe through
     * the const interface; the channel itself is always heap-allocated. */
    ((dram_channel_t *)d)->st.queue_full_rejects++;
    return false;
}

static inline uint64_t key_of(const dram_channel_t *d, int32_t i, uint32_t bank)
{
    return i == NONE ? NO_SEQ : d->pool[i].seq << d->bank_bits | bank;
}

/* Bank k's view times, from its state, its group's and its keys (a row that
 * pending hits hold is not precharged under FR-FCFS). */
static void sync_times(dram_channel_t *d, uint32_t k)
{
    const bank_state_t *b = &d->banks[k];
    bank_view_t *v = &d->view[k];
    const uint64_t col = max_u64(b->col_ready, d->grp_col_ready[b->group]);
    v->col_rd = v->key_rd == NO_SEQ ? CS_NEVER : col;
    v->col_wr = v->key_wr == NO_SEQ ? CS_NEVER : col;
    const bool hits_pending = (v->key_rd & v->key_wr) != NO_SEQ; /* either is set */
    if (v->key_miss == NO_SEQ)
        v->row = CS_NEVER;
    else if (!b->open)
        v->row = b->act_ready;
    else if (hits_pending && !d->fifo)
        v->row = CS_NEVER;
    else
        v->row = max_u64(b->pre_ready, d->grp_pre_ready[b->group]);
    v->act_mask = b->open ? 0 : ~0ull;
    v->row_bit = b->open ? LEGAL_ONE_PRE : LEGAL_ONE_ACT;
}

/* Bank k's whole view, after its candidates or its times changed. */
static void sync_view(dram_channel_t *d, uint32_t k)
{
    const bank_state_t *b = &d->banks[k];
    bank_view_t *v = &d->view[k];
    /* the bank finishes its active request before any other hit */
    const bool active_rd = b->active != NONE && b->active == b->hit_rd;
    const bool active_wr = b->active != NONE && b->active == b->hit_wr;
    v->key_rd = b->active == NONE || active_rd ? key_of(d, b->hit_rd, k) : NO_SEQ;
    v->key_wr = b->active == NONE || active_wr ? key_of(d, b->hit_wr, k) : NO_SEQ;
    v->key_miss = key_of(d, b->miss, k);
    sync_times(d, k);
}

/* Entry i as a candidate of its bank, if no older one fills its slot. */
static void offer_candidate(dram_channel_t *d, bank_state_t *b, int32_t i)
{
    const sched_entry_t *e = &d->pool[i];
    if (b->open && e->row == b->open_row) {
        if (e->is_write && b->hit_wr == NONE)
            b->hit_wr = i;
        else if (!e->is_write && b->hit_rd == NONE)
            b->hit_rd = i;
    } else if (b->miss == NONE) {
        b->miss = i;
    }
}

/* All three candidates from the bank's age-ordered list, after an ACT
 * changed which requests hit. */
static void find_candidates(dram_channel_t *d, bank_state_t *b)
{
    b->hit_rd = b->hit_wr = b->miss = NONE;
    for (int32_t i = b->head; i != NONE; i = d->pool[i].next) {
        offer_candidate(d, b, i);
        if (b->hit_rd != NONE && b->hit_wr != NONE && b->miss != NONE)
            break;
    }
}

/* The oldest hit of one kind (write or not) from entry `from` on: the next
 * candidate of that kind once the current one, older than all others of its
 * kind, has left. */
static int32_t next_hit(const dram_channel_t *d, const bank_state_t *b, int32_t from, bool is_write)
{
    for (int32_t i = from; i != NONE; i = d->pool[i].next)
        if (d->pool[i].is_write == is_write && d->pool[i].row == b->open_row)
            return i;
    return NONE;
}

/* -dram_bnk_indexing_policy 1 spreads the rows of one bank over all banks
 * (bank xor the row's low bits), breaking row conflicts between arrays whose
 * addresses differ by a multiple of the bank stride. */
static uint32_t dram_bank_of(const dram_channel_t *d, const mem_req_t *req)
{
    uint32_t bank = req->bank;
    if (d->bank_xor)
        bank ^= req->row;
    return bank % d->nbk;
}

void dram_push(dram_channel_t *d, mem_req_t *req, uint64_t now)
{
    if (d->simple) {
        simple_push(d, req, now);
        return;
    }
    int32_t i = d->free_head;
    if (i != NONE) {
        d->free_head = d->pool[i].next;
    } else {
        if (d->pool_fresh == d->pool_size) /* unbounded queue, or a caller ignoring can_accept */
            pool_grow(d, d->pool_size * 2);
        i = (int32_t)d->pool_fresh++;
    }
    sched_entry_t *e = &d->pool[i];
    e->req = req;
    e->seq = d->next_seq++;
    if (e->seq > d->max_seq)
        abort(); /* more requests than a key can number (2^60 with 16 banks): beyond any run */
    e->row = req->row;
    e->is_write = req->type == REQ_WRITE;
    e->needed_act = false;
    e->next = NONE;
    e->bytes = req->bytes;
    const uint32_t atoms = (req->bytes + d->atom_bytes - 1) / d->atom_bytes;
    e->atoms_left = atoms ? atoms : 1;

    const uint32_t bank = dram_bank_of(d, req);
    bank_state_t *b = &d->banks[bank];
    if (b->count == 0) {
        d->busy_pos[bank] = d->busy;
        d->busy_list[d->busy++] = bank;
    }
    if (b->tail == NONE)
        b->head = i;
    else
        d->pool[b->tail].next = i;
    b->tail = i;
    b->count++;
    d->queued++;
    offer_candidate(d, b, i); /* the youngest only fills an empty slot */
    sync_view(d, bank);
    /* Only this bank's candidates changed (FR-FCFS): the wake-up moves no
     * later than when they can go. FIFO: the new request may be the oldest. */
    if (d->fifo)
        set_wake(d, 0, 0);
    else
        set_wake(d, d->queued == 1 ? bank_earliest(d, bank) : CS_MIN(d->wake, bank_earliest(d, bank)), 0);
}

static void unlink_entry(dram_channel_t *d, uint32_t bank, int32_t i)
{
    bank_state_t *b = &d->banks[bank];
    int32_t prev = NONE;
    for (int32_t j = b->head; j != i; j = d->pool[j].next)
        prev = j;
    const int32_t next = d->pool[i].next;
    if (prev == NONE)
        b->head = next;
    else
        d->pool[prev].next = next;
    if (b->tail == i)
        b->tail = prev;
    if (--b->count == 0) {
        const uint32_t last = d->busy_list[--d->busy];
        d->busy_list[d->busy_pos[bank]] = last;
        d->busy_pos[last] = d->busy_pos[bank];
    }
    d->queued--;
    d->pool[i].next = d->free_head;
    d->free_head = i;
}

/* r completes at `ready`, later than everything already in q. */
static void done_append(dram_channel_t *d, done_queue_t *q, mem_req_t *r, uint64_t ready)
{
    if (q->count == q->cap) {
        const uint32_t cap = q->cap ? q->cap * 2 : 16;
        done_slot_t *slot = cs_xmalloc(cap * sizeof *slot);
        for (uint32_t k = 0; k < q->count; k++)
            slot[k] = q->slot[(q->head + k) & (q->cap - 1)];
        free(q->slot);
        q->slot = slot;
        q->cap = cap;
        q->head = 0;
    }
    q->slot[(q->head + q->count++) & (q->cap - 1)] = (done_slot_t){ready, d->done_seq++, r};
    r->ready = ready; /* a store: r itself is likely out of cache and need not be loaded */
}

/* The queue whose head completes first (NULL when both are empty). */
static done_queue_t *done_first(dram_channel_t *d)
{
    done_queue_t *rd = &d->done_rd, *wr = &d->done_wr;
    if (!rd->count)
        return wr->count ? wr : NULL;
    if (!wr->count)
        return rd;
    const done_slot_t *a = &rd->slot[rd->head], *b = &wr->slot[wr->head];
    return a->ready < b->ready || (a->ready == b->ready && a->seq < b->seq) ? rd : wr;
}

/* next_done and next_done_req, after either queue changed. */
static void done_update_next(dram_channel_t *d)
{
    const done_queue_t *q = done_first(d);
    d->next_done = q ? q->slot[q->head].ready : CS_NEVER;
    d->next_done_req = q ? q->slot[q->head].req : NULL;
}

/* One column command: it moves one atom of entry `i`. The request leaves
 * the queue, and is complete, with its last atom; until then it is the
 * bank's active request. */
static void issue_column(dram_channel_t *d, uint32_t bank, int32_t i, uint64_t now)
{
    bank_state_t *b = &d->banks[bank];
    sched_entry_t *e = &d->pool[i];
    mem_req_t *r = e->req;

    const uint64_t data_start = now + (e->is_write ? d->t.tWL : d->t.tCL);
    const uint64_t data_end = data_start + d->burst_cycles;
    d->bus_free = data_end;
    d->col_ready = now + d->t.tCCD;
    if (d->ngrp > 1)
        d->grp_col_ready[b->group] = now + CS_MAX(d->t.tCCDL, d->t.tCCD);
    if (e->is_write) {
        b->pre_ready = max_u64(b->pre_ready, data_end + d->t.tWR);
        d->read_ready = max_u64(d->read_ready, data_end + d->t.tCDLR);
    } else {
        b->pre_ready = max_u64(b->pre_ready, now + d->rtp);
        if (d->ngrp > 1)
            d->grp_pre_ready[b->group] = max_u64(d->grp_pre_ready[b->group], now + d->t.tRTPL);
        /* the bus turns around before write data may follow read data */
        d->write_bus_ready = max_u64(d->write_bus_ready, data_end + DRAM_READ_TO_WRITE_GAP);
    }
    d->st.busy_cycles += d->burst_cycles;
    d->st.col_commands++;
    d->st.write_commands += e->is_write;
    if (d->trace)
        d->trace(d->trace_ctx, now, e->is_write ? 'W' : 'R', bank, e->row, r);

    if (d->ngrp > 1) {
        /* The group's tCCDL and tRTPL moved, and both only grow: each view
         * time that includes them grows to at least them (an absent
         * candidate's CS_NEVER stays; a closed bank's row time, its ACT
         * time, does not include tRTPL). This bank is synced in full below. */
        const uint64_t grp_col = d->grp_col_ready[b->group], grp_pre = d->grp_pre_ready[b->group];
        for (uint32_t j = d->grp_first[b->group]; j < d->grp_first[b->group + 1]; j++) {
            bank_view_t *v = &d->view[d->grp_banks[j]];
            v->col_rd = max_u64(v->col_rd, grp_col);
            v->col_wr = max_u64(v->col_wr, grp_col);
            v->row = max_u64(v->row, grp_pre & ~v->act_mask);
        }
    }
    if (--e->atoms_left) {
        b->active = i;
        sync_view(d, bank);
        return;
    }
    uint64_t ready;
    if (e->is_write) {
        ready = data_end;
        d->st.writes++;
    } else {
        ready = data_end + d->latency;
        d->reads_unreturned++;
        d->st.reads++;
    }
    if (e->needed_act)
        d->st.row_misses++;
    else
        d->st.row_hits++;
    d->st.bytes += e->bytes;
    b->active = NONE;
    /* i was the oldest hit of its kind; the other candidates stay */
    const int32_t younger = e->next;
    unlink_entry(d, bank, i);
    if (e->is_write)
        b->hit_wr = next_hit(d, b, younger, true);
    else
        b->hit_rd = next_hit(d, b, younger, false);
    sync_view(d, bank);
    done_append(d, e->is_write ? &d->done_wr : &d->done_rd, r, ready);
    done_update_next(d);
}

/* PRE of the open row, or ACT of the row entry `i` needs. */
static void issue_row(dram_channel_t *d, uint32_t bank, int32_t i, uint64_t now)
{
    bank_state_t *b = &d->banks[bank];
    sched_entry_t *e = &d->pool[i];
    if (b->open) {
        b->open = false;
        b->act_ready = max_u64(b->act_ready, now + d->t.tRP);
        d->st.precharges++;
        if (d->trace)
            d->trace(d->trace_ctx, now, 'P', bank, b->open_row, e->req);
        /* every request misses now (no request is active: an active one is
         * a pending hit, which keeps the row open) */
        b->hit_rd = b->hit_wr = NONE;
        b->miss = b->head;
    } else {
        b->open = true;
        b->open_row = e->row;
        b->col_ready = now + d->t.tRCD;
        b->pre_ready = max_u64(b->pre_ready, now + d->t.tRAS);
        b->act_ready = now + d->t.tRC;
        d->act_ready = now + d->t.tRRD;
        e->needed_act = true;
        d->st.activates++;
        if (d->trace)
            d->trace(d->trace_ctx, now, 'A', bank, e->row, e->req);
        find_candidates(d, b);
    }
    sync_view(d, bank);
}

/* Channel-wide part of column legality, per direction: tCCD, the data bus
 * (data may start only once it is free), write-to-read turnaround, and the
 * return-queue bound for reads. */
static inline void channel_times(const dram_channel_t *d, uint64_t *chan_rd, uint64_t *chan_wr)
{
    const uint64_t bus = d->bus_free;
    const uint64_t wbus = max_u64(bus, d->write_bus_ready);
    *chan_wr = max_u64(d->col_ready, wbus > d->t.tWL ? wbus - d->t.tWL : 0);
    *chan_rd = max_u64(max_u64(d->col_ready, bus > d->t.tCL ? bus - d->t.tCL : 0), d->read_ready);
    if (d->return_cap && d->reads_unreturned >= d->return_cap)
        *chan_rd = CS_NEVER; /* only a pop can change this; it resets `wake` */
}

/* Earliest cycles at which bank k could take a read column command, a write
 * column command, and the row command its oldest miss needs (PRE of the other
 * open row, or ACT); CS_NEVER for absent candidates. */
static inline void bank_times(const dram_channel_t *d, uint32_t k, uint64_t chan_rd, uint64_t chan_wr,
                              uint64_t *t_rd, uint64_t *t_wr, uint64_t *t_row)
{
    const bank_view_t *v = &d->view[k];
    *t_rd = max_u64(chan_rd, v->col_rd);
    *t_wr = max_u64(chan_wr, v->col_wr);
    *t_row = max_u64(v->row, d->act_ready & v->act_mask);
}

/* Earliest of a bank's candidate times (CS_NEVER: none), given channel_times. */
static inline uint64_t bank_earliest_at(const dram_channel_t *d, uint32_t bank, uint64_t chan_rd, uint64_t chan_wr)
{
    uint64_t t_rd, t_wr, t_row;
    bank_times(d, bank, chan_rd, chan_wr, &t_rd, &t_wr, &t_row);
    return CS_MIN(CS_MIN(t_rd, t_wr), t_row);
}

static uint64_t bank_earliest(const dram_channel_t *d, uint32_t bank)
{
    uint64_t chan_rd, chan_wr;
    channel_times(d, &chan_rd, &chan_wr);
    return bank_earliest_at(d, bank, chan_rd, chan_wr);
}

/* FIFO: only the oldest request may proceed. Returns when its next command
 * is legal; sets its bank and whether it is a row hit. */
static uint64_t fifo_head_ready(const dram_channel_t *d, uint64_t chan_rd, uint64_t chan_wr, uint32_t *bank,
                                bool *hit)
{
    uint64_t oldest = NO_SEQ;
    *bank = 0;
    for (uint32_t j = 0; j < d->busy; j++) {
        const uint32_t k = d->busy_list[j];
        if (d->pool[d->banks[k].head].seq < oldest) {
            oldest = d->pool[d->banks[k].head].seq;
            *bank = k;
        }
    }
    const bank_state_t *b = &d->banks[*bank];
    const sched_entry_t *e = &d->pool[b->head];
    uint64_t t_rd, t_wr, t_row;
    bank_times(d, *bank, chan_rd, chan_wr, &t_rd, &t_wr, &t_row);
    *hit = b->open && e->row == b->open_row;
    return *hit ? (e->is_write ? t_wr : t_rd) : t_row;
}

static inline uint32_t legal_total(legal_count_t n)
{
    return LEGAL_RD(n) + LEGAL_WR(n) + LEGAL_PRE(n) + LEGAL_ACT(n);
}

/* What the scan compares against at `now`. A column command whose bank time
 * (a view's col_rd / col_wr) is below rd / wr is legal: now + 1 when the
 * channel-wide part of its time has passed, else 0 (nothing is legal), so
 * one comparison covers both parts. A row command is legal when its time,
 * tRRD included, is below now + 1. */
typedef struct scan_limits {
    uint64_t rd, wr, now1, chan_act;
} scan_limits_t;

static inline scan_limits_t scan_limits(const dram_channel_t *d, uint64_t now, uint64_t chan_rd, uint64_t chan_wr)
{
    return (scan_limits_t){chan_rd <= now ? now + 1 : 0, chan_wr <= now ? now + 1 : 0, now + 1, d->act_ready};
}

/* One bank's part of the scan: masks that are all ones for its candidates
 * legal now (never for absent ones: their time is CS_NEVER), its row
 * command's time and its count of legal candidates. */
typedef struct bank_eval {
    uint64_t ok_rd, ok_wr, ok_row;
    uint64_t t_row;
    legal_count_t legal;
} bank_eval_t;

static inline bank_eval_t eval_bank(const bank_view_t *v, const scan_limits_t *l)
{
    bank_eval_t e;
    e.ok_rd = mask_if(v->col_rd < l->rd);
    e.ok_wr = mask_if(v->col_wr < l->wr);
    e.t_row = max_u64(v->row, l->chan_act & v->act_mask);
    e.ok_row = mask_if(e.t_row < l->now1);
    e.legal = (e.ok_rd & LEGAL_ONE_RD) + (e.ok_wr & LEGAL_ONE_WR) + (e.ok_row & v->row_bit);
    return e;
}

/* What the scan counted in bank k (to take it out of the total once the
 * bank has changed). */
static legal_count_t bank_legal(const dram_channel_t *d, uint32_t k, const scan_limits_t *l)
{
    return eval_bank(&d->view[k], l).legal;
}

typedef struct scan_result {
    uint64_t best_col, best_row; /* keys of the oldest legal hit / row command (NO_SEQ: none) */
    uint32_t col_bank, row_bank;
    legal_count_t legal;         /* candidates legal now */
    /* earliest time a candidate not legal now becomes legal, by command:
     * read, write, row command (CS_NEVER: none) */
    uint64_t future_rd, future_wr, future_row;
} scan_result_t;

/* FR-FCFS evaluation of every bank's candidates at `now`; issues nothing.
 * Absent candidates have key NO_SEQ and time CS_NEVER and so never win,
 * count or wake; idle banks have only absent ones and are skipped. */
static void scan_frfcfs(const dram_channel_t *d, const scan_limits_t *l, uint64_t chan_rd, uint64_t chan_wr,
                        scan_result_t *r)
{
    uint64_t best_col = NO_SEQ, best_row = NO_SEQ, soon_rd = CS_NEVER, soon_wr = CS_NEVER, future_row = CS_NEVER;
    legal_count_t legal = 0;
    const bank_view_t *view = d->view;
    for (uint32_t j = 0; j < d->busy; j++) {
        const bank_view_t *v = &view[d->busy_list[j]];
        const bank_eval_t e = eval_bank(v, l);
        legal += e.legal;
        best_col = CS_MIN(best_col, CS_MIN(v->key_rd | ~e.ok_rd, v->key_wr | ~e.ok_wr));
        best_row = CS_MIN(best_row, v->key_miss | ~e.ok_row);
        /* the earliest bank time of a column candidate not legal now */
        soon_rd = CS_MIN(soon_rd, v->col_rd | e.ok_rd);
        soon_wr = CS_MIN(soon_wr, v->col_wr | e.ok_wr);
        future_row = CS_MIN(future_row, e.t_row | e.ok_row);
    }
    /* When the channel-wide part has passed, the candidates not legal now
     * are those whose bank time has not, and the earliest of them is after
     * now; otherwise none is legal and each waits for the later of the two. */
    const uint64_t future_rd = max_u64(chan_rd, soon_rd), future_wr = max_u64(chan_wr, soon_wr);
    const uint64_t bank_mask = ((uint64_t)1 << d->bank_bits) - 1;
    *r = (scan_result_t){best_col,   best_row, (uint32_t)(best_col & bank_mask), (uint32_t)(best_row & bank_mask),
                         legal,      future_rd, future_wr,  future_row};
}

#ifdef DRAM_CHECK_WAKE
#include <stdio.h>
/* Verification build: a skipped cycle must really have nothing to issue. */
static void check_wake(const dram_channel_t *d, uint64_t now)
{
    uint64_t chan_rd, chan_wr;
    channel_times(d, &chan_rd, &chan_wr);
    bool legal;
    if (d->fifo) {
        uint32_t bank;
        bool hit;
        legal = fifo_head_ready(d, chan_rd, chan_wr, &bank, &hit) <= now;
    } else {
        scan_result_t r;
        const scan_limits_t l = scan_limits(d, now, chan_rd, chan_wr);
        scan_frfcfs(d, &l, chan_rd, chan_wr, &r);
        legal = legal_total(r.legal) > 0;
    }
    if (legal) {
        fprintf(stderr, "dram: channel %u skipped cycle %llu (wake %llu) with a legal command\n", d->id,
                (unsigned long long)now, (unsigned long long)d->wake);
        abort();
    }
}
#endif

/* Next wake-up after this cycle's issue, without another scan: a lower
 * bound on when any candidate becomes legal. Issuing only pushes ready times
 * later and changes candidates only in the banks it served, which are
 * recomputed. A candidate elsewhere waits at least for the time the scan saw
 * (r->future_*, or now for one legal now) and for the channel-wide part of
 * its time as the issue left it: tCCD, the data bus and the turnarounds for
 * a column command, tRRD for an ACT (a PRE has none). The bound may be
 * early (a scan that finds nothing), never late. */
typedef struct after_issue {
    uint64_t chan_rd, chan_wr;  /* channel_times as the issue left them */
    uint64_t served;            /* earliest time of the banks the issue served, as it left them */
    legal_count_t rest;         /* the scan's legal candidates in the other banks */
} after_issue_t;

static uint64_t wake_after_issue(const dram_channel_t *d, const scan_result_t *r, uint64_t now,
                                 const after_issue_t *a)
{
    const legal_count_t rest = a->rest;
    const uint64_t chan_rd = a->chan_rd, chan_wr = a->chan_wr;
    uint64_t t = a->served;
    /* min over candidates of max(channel part, own time) = max(channel part, min of own times) */
    t = CS_MIN(t, max_u64(chan_rd, LEGAL_RD(rest) ? now : r->future_rd));
    t = CS_MIN(t, max_u64(chan_wr, LEGAL_WR(rest) ? now : r->future_wr));
    t = CS_MIN(t, r->future_row);
    if (LEGAL_ACT(rest))
        t = CS_MIN(t, d->act_ready);
    if (LEGAL_PRE(rest))
        t = now + 1;
    return max_u64(now + 1, t);
}

/* The wake-up a channel that scans at every wake-up sets after an issue:
 * the next cycle if the scan saw other legal candidates (or issued in two
 * banks), else when the served bank or the candidates that were not legal
 * can go. */
static uint64_t reported_after_issue(const scan_result_t *r, uint64_t now, bool issued_col, bool issued_row,
                                     const after_issue_t *a)
{
    if (legal_total(r->legal) > 1 || (issued_col && issued_row))
        return now + 1;
    /* one command in one bank: `served` is that bank's */
    const uint64_t future = CS_MIN(CS_MIN(r->future_rd, r->future_wr), r->future_row);
    return max_u64(now + 1, CS_MIN(future, a->served));
}

void dram_cycle(dram_channel_t *d, uint64_t now)
{
    if (!d->started) {
        d->started = true;
        d->first_cycle = now;
    }
    if (now >= d->first_cycle)
        d->st.cycles = now - d->first_cycle + 1;
    if (!d->queued) /* always so in the simple model: it has no scheduler */
        return;
    if (now < d->wake) {
#ifdef DRAM_CHECK_WAKE
        check_wake(d, now);
#endif
        /* a channel scanning at every wake-up would scan now, find nothing
         * and from then on report the exact earliest legal cycle */
        if (now >= d->reported)
            d->reported_exact = false;
        return;
    }

    uint64_t chan_rd, chan_wr;
    channel_times(d, &chan_rd, &chan_wr);
    if (d->fifo) {
        uint32_t bank;
        bool hit;
        const uint64_t t = fifo_head_ready(d, chan_rd, chan_wr, &bank, &hit);
        if (t > now) {
            set_wake(d, t, t);
            return;
        }
        if (hit)
            issue_column(d, bank, d->banks[bank].head, now);
        else
            issue_row(d, bank, d->banks[bank].head, now);
        set_wake(d, now + 1, now + 1);
        return;
    }

    /* FR-FCFS: the oldest legal row hit, else the oldest legal row command */
    scan_result_t r;
    const scan_limits_t l = scan_limits(d, now, chan_rd, chan_wr);
    scan_frfcfs(d, &l, chan_rd, chan_wr, &r);
    if (!r.legal) {
        const uint64_t t = CS_MIN(CS_MIN(r.future_rd, r.future_wr), r.future_row);
        set_wake(d, t, t);
        return;
    }
    /* the candidates the scan counted in the banks an issue may change */
    const legal_count_t in_col_bank = r.best_col != NO_SEQ ? bank_legal(d, r.col_bank, &l) : 0;
    const legal_count_t in_row_bank = r.best_row != NO_SEQ ? bank_legal(d, r.row_bank, &l) : 0;
    bool issued_col = false, issued_row = false;
    if (r.best_col != NO_SEQ) {
        const bank_state_t *b = &d->banks[r.col_bank];
        issue_column(d, r.col_bank, d->view[r.col_bank].key_rd == r.best_col ? b->hit_rd : b->hit_wr, now);
        issued_col = true;
    }
    /* The row command: alone on a single command bus; beside the column
     * command on a dual bus (-dram_dual_bus_interface 1), where it must still
     * be legal after the column command (a read starts tRTPL in its bank
     * group, and the column's own bank may have changed). */
    if (r.best_row != NO_SEQ && (!issued_col || d->dual_bus)) {
        const uint32_t rb = r.row_bank;
        bool legal = true;
        if (issued_col) {
            uint64_t cr, cw, t_rd, t_wr, t_row;
            channel_times(d, &cr, &cw);
            bank_times(d, rb, cr, cw, &t_rd, &t_wr, &t_row);
            legal = t_row <= now && d->banks[rb].miss != NONE;
            if (legal)
                d->st.dual_issues++;
        }
        if (legal) {
            issue_row(d, rb, d->banks[rb].miss, now);
            issued_row = true;
        }
    }
    after_issue_t a = {0, 0, CS_NEVER, r.legal};
    channel_times(d, &a.chan_rd, &a.chan_wr);
    if (issued_col) {
        a.rest -= in_col_bank; /* a subset of the total: no field borrows */
        a.served = bank_earliest_at(d, r.col_bank, a.chan_rd, a.chan_wr);
    }
    if (issued_row && !(issued_col && r.row_bank == r.col_bank)) {
        a.rest -= in_row_bank;
        a.served = CS_MIN(a.served, bank_earliest_at(d, r.row_bank, a.chan_rd, a.chan_wr));
    }
    const uint64_t reported = reported_after_issue(&r, now, issued_col, issued_row, &a);
    set_wake(d, max_u64(reported, wake_after_issue(d, &r, now, &a)), reported);
}

/* Earliest cycle at which any queued candidate is legal (FR-FCFS, nothing
 * having been issued since the last scan). */
static uint64_t earliest_legal(const dram_channel_t *d)
{
    uint64_t t = CS_NEVER, chan_rd, chan_wr;
    channel_times(d, &chan_rd, &chan_wr);
    for (uint32_t j = 0; j < d->busy; j++)
        t = CS_MIN(t, bank_earliest_at(d, d->busy_list[j], chan_rd, chan_wr));
    return t;
}

mem_req_t *dram_pop_done(dram_channel_t *d, uint64_t now)
{
    if (d->simple)
        return simple_pop_done(d, now);
    if (d->next_done > now) {
        /* the caller reads the request once popped: have it in cache by then */
        if (d->next_done_req)
            __builtin_prefetch(d->next_done_req);
        return NULL;
    }
    done_queue_t *q = done_first(d);
    mem_req_t *r = q->slot[q->head].req;
    q->head = (q->head + 1) & (q->cap - 1);
    q->count--;
    r->next = NULL;
    if (q == &d->done_rd) {
        if (d->return_cap && d->reads_unreturned >= d->return_cap)
            set_wake(d, 0, 0); /* a read blocked on the return queue may go now */
        d->reads_unreturned--;
    }
    done_update_next(d);
    return r;
}

uint64_t dram_next_event(const dram_channel_t *d, uint64_t now)
{
    uint64_t t = CS_NEVER;
    if (d->simple) {
        /* the head's reply (or the next cycle, when a pop this cycle held it
         * back), and the port: a request waiting in a slice enters when it frees */
        if (d->sq.count)
            t = max_u64(CS_MIN(d->sq.slot[d->sq.head].ready, d->port_free), now);
        return t;
    }
    if (d->queued)
        t = max_u64(d->reported_exact ? d->reported : earliest_legal(d), now);
    if (d->next_done != CS_NEVER)
        t = CS_MIN(t, max_u64(d->next_done, now));
    return t;
}

bool dram_idle(const dram_channel_t *d)
{
    return !d->queued && !d->done_rd.count && !d->done_wr.count && !d->sq.count;
}

/* ------------------------------------------------------------------------ */
/* Simple model (-gpgpu_simple_dram_model 1)                                */
/* ------------------------------------------------------------------------ *
 * Accel-Sim's simple DRAM model, which its H100 configuration selects: no
 * banks, rows or timing parameters. As GPGPU-Sim's simple_dram_model_cycle,
 * the channel takes one request per DRAM cycle from its L2 slices (they take
 * turns, mem_partition.c), holds it -dram_latency (core cycles, here turned
 * into DRAM cycles as for the banked model) and hands at most one completed
 * request back per DRAM cycle, in acceptance order. GPGPU-Sim's requests to
 * DRAM are single 32-byte sectors (its sectored L2 fetches sector by sector)
 * while ctasim's slice may fetch several missing sectors of a line in one
 * request, so a request of B bytes holds the port for ceil(B / 32) cycles:
 * the same 32 bytes per DRAM cycle per channel (H100: 40 x 32 B x 3106 MHz
 * = 3.97 TB/s). Writes take the port like reads and are handed back when
 * their latency has passed (the caller frees them). At most
 * -gpgpu_dram_return_queue_size requests are in the channel at once
 * (GPGPU-Sim bounds them by its return-queue credits). */

#define SIMPLE_SECTOR_BYTES 32u

static bool simple_can_accept(const dram_channel_t *d)
{
    if (!d->return_cap || d->sq.count < d->return_cap)
        return true;
    ((dram_channel_t *)d)->st.queue_full_rejects++; /* bookkeeping only, see dram_can_accept */
    return false;
}

static void simple_push(dram_channel_t *d, mem_req_t *req, uint64_t now)
{
    if (now < d->port_free) {
        /* the slices offer a request every cycle; the port is still moving
         * the previous one's sectors: it goes in when the port frees, which
         * is when its latency starts */
        now = d->port_free;
    }
    const uint32_t sectors = req->bytes ? (req->bytes + SIMPLE_SECTOR_BYTES - 1) / SIMPLE_SECTOR_BYTES : 1;
    /* acceptance order is ready order: every request waits the same latency */
    done_append(d, &d->sq, req, now + d->latency);
    d->port_free = now + sectors;
    d->st.busy_cycles += sectors;
    d->st.col_commands += sectors;
    d->st.bytes += req->bytes;
    if (req->type == REQ_WRITE) {
        d->st.writes++;
        d->st.write_commands += sectors;
    } else {
        d->st.reads++;
    }
}

static mem_req_t *simple_pop_done(dram_channel_t *d, uint64_t now)
{
    done_queue_t *q = &d->sq;
    if (!q->count || q->slot[q->head].ready > now || d->last_pop == now + 1)
        return NULL;
    mem_req_t *r = q->slot[q->head].req;
    q->head = (q->head + 1) & (q->cap - 1);
    q->count--;
    d->last_pop = now + 1;
    r->next = NULL;
    return r;
}

const dram_stats_t *dram_get_stats(const dram_channel_t *d) { return &d->st; }
