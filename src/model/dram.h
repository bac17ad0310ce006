/* dram.h — one DRAM channel: banks with row buffers, a bounded request queue
 * scheduled FR-FCFS (row hits first, then oldest) or FIFO, and GDDR timing.
 *
 * Clocking: dram_cycle() is called once per DRAM command-clock cycle (the 4th
 * value of -gpgpu_clock_domains). A column command moves one atom of
 *   n_mem_per_ctrlr * dram_buswidth * dram_burst_length bytes
 * in burst_length / data_cmd_ratio data-bus cycles, so a request of `bytes`
 * takes ceil(bytes / atom) commands. A read's data is complete tCL (+ one
 * atom's transfer) after its last column command; the request then waits
 * `dram_latency` more cycles (controller/PHY) before it appears on the return
 * queue. A write completes at tWL + transfer after its last command.
 *
 * Constraints modelled per bank: tRCD (ACT->RD/WR), tRAS (ACT->PRE), tRP
 * (PRE->ACT), tRC (ACT->ACT), tWR (end of write data -> PRE), tRTP; per channel:
 * tRRD (ACT->ACT different banks), tCCD (CAS->CAS), tWTR/CDLR (write->read
 * turnaround), read->write bus turnaround, bank groups with tCCDL when
 * nbkgrp > 1. One command per cycle on the command bus, or one row and one
 * column command with -dram_dual_bus_interface 1. Open-row policy. */
#ifndef CTASIM_DRAM_H
#define CTASIM_DRAM_H

#include "util/common.h"
#include "config/config.h"
#include "mem_req.h"

typedef struct dram_stats {
    uint64_t reads, writes;         /* requests served */
    uint64_t row_hits, row_misses;  /* column commands to an open row vs needing ACT */
    uint64_t activates, precharges;
    uint64_t busy_cycles;           /* cycles the data bus carried data */
    uint64_t cycles;                /* cycles simulated (for utilisation) */
    uint64_t queue_full_rejects;    /* dram_can_accept() said no */
    uint64_t col_commands;          /* RD/WR commands: one per atom (burst) */
    uint64_t write_commands;        /* the WR commands among them */
    uint64_t dual_issues;           /* cycles a row and a column command issued together */
    uint64_t bytes;                 /* data moved */
} dram_stats_t;

typedef struct dram_channel dram_channel_t;

dram_channel_t *dram_create(const gpu_config_t *cfg, uint32_t channel_id);
void dram_destroy(dram_channel_t *d);

/* Room for one more request in the scheduler queue? */
bool dram_can_accept(const dram_channel_t *d);
/* Enqueue; req->bank/row/col already decoded. `now` in DRAM cycles. */
void dram_push(dram_channel_t *d, mem_req_t *req, uint64_t now);
/* Advance one DRAM cycle. */
void dram_cycle(dram_channel_t *d, uint64_t now);
/* Completed requests, in completion order; NULL if none ready at `now`.
 * Writes are returned too (the caller frees or acknowledges them). */
mem_req_t *dram_pop_done(dram_channel_t *d, uint64_t now);
/* A DRAM cycle >= now no later than the first at which calling
 * dram_cycle/dram_pop_done can change anything (it may be earlier: dram.c
 * says which cycle it is and why); CS_NEVER when empty. Used to skip idle
 * cycles. */
uint64_t dram_next_event(const dram_channel_t *d, uint64_t now);
/* Nothing queued, in flight or waiting to be popped. */
bool dram_idle(const dram_channel_t *d);
const dram_stats_t *dram_get_stats(const dram_channel_t *d);

/* Optional command trace (tests, debugging): called for every command the
 * channel issues, cmd 'A' activate, 'P' precharge, 'R' read, 'W' write, at
 * DRAM cycle `now`. NULL turns it off. Costs nothing when off. */
typedef void (*dram_trace_fn)(void *ctx, uint64_t now, char cmd, uint32_t bank, uint32_t row,
                              const mem_req_t *req);
void dram_set_trace(dram_channel_t *d, dram_trace_fn fn, void *ctx);

/* Peak bandwidth of one channel in bytes per DRAM cycle (see above). */
static inline double dram_peak_bytes_per_cycle(const gpu_config_t *c)
{
    return (double)c->n_mem_per_ctrlr * c->dram_buswidth * c->dram_data_cmd_ratio;
}

#endif
