/* dram.c — one DRAM channel (see dram.h for the interface and clocking).
 *
 * Model: one rank; nbk banks in nbkgrp bank groups (bank b in group b % nbkgrp);
 * open-page policy (a row stays open until another row of the bank is needed);
 * one command (PRE, ACT, RD, WR) per cycle on the command bus; data bursts
 * serialised on the data bus. No refresh, no power-down.
 *
 * Scheduling (FR-FCFS, -gpgpu_dram_scheduler 1): each cycle, the oldest queued
 * request that hits an open row and whose column command is legal now issues
 * it; otherwise the oldest request whose bank can take the PRE or ACT it needs
 * gets that command. A bank is not precharged while a queued request still
 * hits its open row (row hits first). FIFO (0): only the oldest request moves.
 *
 * Timing per bank: ACT->RD/WR tRCD; ACT->PRE tRAS; PRE->ACT tRP; ACT->ACT tRC;
 * RD->PRE tRTP; end of write data->PRE tWR. Per channel: ACT->ACT tRRD;
 * column->column tCCD (tCCDL within a bank group when nbkgrp > 1); end of
 * write data->RD tCDLR (tWTR). Read data starts tCL after RD, write data tWL
 * after WR; a request occupies the bus for max(ceil(bytes/bytes_per_cycle),
 * BL/ratio) cycles. A read is complete at the end of its data plus
 * dram_latency (controller and PHY); a write at the end of its data. */
#include "dram.h"

#include <stdlib.h>
#include <string.h>

typedef struct bank {
    int64_t open_row;    /* -1 when closed */
    uint64_t act_ok;     /* earliest ACT (tRP after PRE, tRC after ACT) */
    uint64_t pre_ok;     /* earliest PRE (tRAS, tRTP, tWR) */
    uint64_t col_ok;     /* earliest RD/WR (tRCD) */
    uint32_t hits_queued;/* queued requests for the open row (FR-FCFS keeps the row open for them) */
} bank_t;

typedef struct queued {
    mem_req_t *req;
    bool activated;      /* an ACT was issued for it: not a row hit */
} queued_t;

struct dram_channel {
    dram_timing_t t;
    uint32_t id, nbk, ngrp;
    uint32_t bytes_per_cycle, min_burst, latency, qcap, retcap, fifo;
    bank_t *bank;
    queued_t *q;         /* arrival order */
    uint32_t qn, qalloc;
    uint64_t act_any_ok, col_any_ok, *col_grp_ok, read_ok, bus_free;
    /* issued, waiting for data + latency: completion times are monotonic */
    mem_req_t *done_head, *done_tail;
    uint32_t reads_in_flight;
    uint32_t need_row;   /* queued requests whose row is not open: the row pass has work */
    dram_stats_t st;
};

dram_channel_t *dram_create(const gpu_config_t *cfg, uint32_t id)
{
    dram_channel_t *d = cs_xcalloc(1, sizeof *d);
    d->t = cfg->dram;
    d->id = id;
    d->nbk = cfg->dram.nbk ? cfg->dram.nbk : 1;
    d->ngrp = cfg->dram.nbkgrp ? cfg->dram.nbkgrp : 1;
    d->bytes_per_cycle = cfg->n_mem_per_ctrlr * cfg->dram_buswidth * cfg->dram_data_cmd_ratio;
    if (!d->bytes_per_cycle)
        d->bytes_per_cycle = 1;
    d->min_burst = cfg->dram_data_cmd_ratio ? cfg->dram_burst_length / cfg->dram_data_cmd_ratio : 1;
    if (!d->min_burst)
        d->min_burst = 1;
    d->latency = cfg->dram_latency;
    d->qcap = cfg->frfcfs_queue;
    d->retcap = cfg->dram_return_queue;
    d->fifo = cfg->dram_scheduler == 0;
    d->bank = cs_xcalloc(d->nbk, sizeof *d->bank);
    for (uint32_t b = 0; b < d->nbk; b++)
        d->bank[b].open_row = -1;
    d->col_grp_ok = cs_xcalloc(d->ngrp, sizeof *d->col_grp_ok);
    d->qalloc = d->qcap ? d->qcap : 64;
    d->q = cs_xcalloc(d->qalloc, sizeof *d->q);
    return d;
}

void dram_destroy(dram_channel_t *d)
{
    if (!d)
        return;
    free(d->bank);
    free(d->col_grp_ok);
    free(d->q);
    free(d);
}

bool dram_can_accept(const dram_channel_t *d) { return !d->qcap || d->qn < d->qcap; }

void dram_push(dram_channel_t *d, mem_req_t *req, uint64_t now)
{
    (void)now;
    if (d->qn == d->qalloc) {
        d->qalloc *= 2;
        d->q = cs_xrealloc(d->q, d->qalloc * sizeof *d->q);
    }
    req->bank %= d->nbk;
    if (d->bank[req->bank].open_row == (int64_t)req->row)
        d->bank[req->bank].hits_queued++;
    else
        d->need_row++;
    d->q[d->qn].req = req;
    d->q[d->qn].activated = false;
    d->qn++;
}

static void dequeue(dram_channel_t *d, uint32_t i)
{
    memmove(&d->q[i], &d->q[i + 1], (d->qn - i - 1) * sizeof *d->q);
    d->qn--;
}

static uint32_t transfer_cycles(const dram_channel_t *d, uint32_t bytes)
{
    uint32_t c = (bytes + d->bytes_per_cycle - 1) / d->bytes_per_cycle;
    return c < d->min_burst ? d->min_burst : c;
}

static bool column_legal(const dram_channel_t *d, const mem_req_t *r, uint64_t now)
{
    const bank_t *b = &d->bank[r->bank];
    if (b->open_row != (int64_t)r->row || now < b->col_ok || now < d->col_any_ok)
        return false;
    if (d->ngrp > 1 && now < d->col_grp_ok[r->bank % d->ngrp])
        return false;
    bool is_read = r->type != REQ_WRITE;
    if (is_read) {
        if (now < d->read_ok)
            return false;
        if (d->retcap && d->reads_in_flight >= d->retcap)
            return false;
    }
    uint64_t data_start = now + (is_read ? d->t.tCL : d->t.tWL);
    return data_start >= d->bus_free;
}

static void issue_column(dram_channel_t *d, uint32_t qi, uint64_t now)
{
    mem_req_t *r = d->q[qi].req;
    bank_t *b = &d->bank[r->bank];
    bool is_read = r->type != REQ_WRITE;
    uint64_t start = now + (is_read ? d->t.tCL : d->t.tWL);
    uint32_t xfer = transfer_cycles(d, r->bytes);
    uint64_t end = start + xfer;
    d->bus_free = end;
    d->st.busy_cycles += xfer;
    d->st.bytes += r->bytes;
    d->col_any_ok = now + (d->t.tCCD ? d->t.tCCD : 1);
    if (d->ngrp > 1)
        d->col_grp_ok[r->bank % d->ngrp] = now + (d->t.tCCDL ? d->t.tCCDL : d->t.tCCD);
    if (is_read) {
        uint64_t rtp = now + (d->t.tRTP ? d->t.tRTP : d->t.tRTPL);
        if (rtp > b->pre_ok)
            b->pre_ok = rtp;
        r->ready = end + d->latency;
        d->reads_in_flight++;
        d->st.reads++;
    } else {
        uint64_t wr = end + d->t.tWR;
        if (wr > b->pre_ok)
            b->pre_ok = wr;
        d->read_ok = end + d->t.tCDLR;
        r->ready = end;
        d->st.writes++;
    }
    if (d->q[qi].activated)
        d->st.row_misses++;
    else
        d->st.row_hits++;
    b->hits_queued--;
    dequeue(d, qi);
    /* completion order: writes finish before reads issued around the same
     * time; keep the list sorted by ready time (short insertion from the tail) */
    r->next = NULL;
    if (!d->done_tail || d->done_tail->ready <= r->ready) {
        if (d->done_tail)
            d->done_tail->next = r;
        else
            d->done_head = r;
        d->done_tail = r;
    } else {
        mem_req_t **pp = &d->done_head;
        while (*pp && (*pp)->ready <= r->ready)
            pp = &(*pp)->next;
        r->next = *pp;
        *pp = r;
    }
}

/* PRE or ACT on behalf of queue entry qi, if legal now. */
static bool row_command(dram_channel_t *d, uint32_t qi, uint64_t now)
{
    mem_req_t *r = d->q[qi].req;
    bank_t *b = &d->bank[r->bank];
    if (b->open_row == (int64_t)r->row)
        return false; /* waiting for its column command */
    if (b->open_row >= 0) {
        if (now < b->pre_ok || (!d->fifo && b->hits_queued))
            return false;
        b->open_row = -1;
        d->need_row += b->hits_queued; /* they need the row opened again */
        b->hits_queued = 0;
        uint64_t act = now + d->t.tRP;
        if (act > b->act_ok)
            b->act_ok = act;
        d->st.precharges++;
        return true;
    }
    if (now < b->act_ok || now < d->act_any_ok)
        return false;
    b->open_row = (int64_t)r->row;
    b->col_ok = now + d->t.tRCD;
    uint64_t ras = now + d->t.tRAS;
    if (ras > b->pre_ok)
        b->pre_ok = ras;
    b->act_ok = now + d->t.tRC;
    d->act_any_ok = now + d->t.tRRD;
    d->st.activates++;
    for (uint32_t i = 0; i < d->qn; i++)
        if (d->q[i].req->bank == r->bank && d->q[i].req->row == r->row) {
            b->hits_queued++;
            d->need_row--;
        }
    /* only the request that needed the row counts as a row miss; others that
     * find it open when their turn comes are row hits */
    d->q[qi].activated = true;
    return true;
}

void dram_cycle(dram_channel_t *d, uint64_t now)
{
    d->st.cycles++;
    if (!d->qn)
        return;
    uint32_t limit = d->fifo ? 1 : d->qn;
    /* While the data bus is booked beyond what any column command issued now
     * could use, only row commands can go. */
    uint32_t lead = d->t.tCL > d->t.tWL ? d->t.tCL : d->t.tWL;
    if (now + lead >= d->bus_free)
        for (uint32_t i = 0; i < limit; i++)
            if (column_legal(d, d->q[i].req, now)) {
                issue_column(d, i, now);
                return;
            }
    if (d->need_row)
        for (uint32_t i = 0; i < limit; i++)
            if (row_command(d, i, now))
                return;
}

mem_req_t *dram_pop_done(dram_channel_t *d, uint64_t now)
{
    mem_req_t *r = d->done_head;
    if (!r || r->ready > now)
        return NULL;
    d->done_head = r->next;
    if (!d->done_head)
        d->done_tail = NULL;
    r->next = NULL;
    if (r->type != REQ_WRITE)
        d->reads_in_flight--;
    return r;
}

uint64_t dram_next_event(const dram_channel_t *d, uint64_t now)
{
    if (d->qn)
        return now;
    if (d->done_head)
        return d->done_head->ready > now ? d->done_head->ready : now;
    return CS_NEVER;
}

bool dram_idle(const dram_channel_t *d) { return !d->qn && !d->done_head; }

const dram_stats_t *dram_get_stats(const dram_channel_t *d) { return &d->st; }
