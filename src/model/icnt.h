/* icnt.h — crossbar interconnect between cores and L2 slices.
 *
 * Two independent crossbars (GPGPU-Sim's "subnets"): requests (cores -> L2
 * slices) and replies (L2 slices -> cores). Each input port injects and each
 * output port accepts one flit per interconnect cycle, so a packet of F flits
 * holds both ports for F cycles; its last flit arrives `icnt_latency` + F - 1
 * cycles after it was granted. Inputs are served round-robin; a packet waits at
 * the head of its input queue (head-of-line blocking) until its output is free
 * and the output buffer has room for it (back-pressure). Input queues hold
 * icnt_in_buffer flits, output (ejection) buffers icnt_out_buffer flits. */
#ifndef CTASIM_ICNT_H
#define CTASIM_ICNT_H

#include "config/config.h"
#include "mem_req.h"

typedef struct req_fifo {
    mem_req_t *head, *tail;
    uint32_t count;
} req_fifo_t;

static inline void fifo_push(req_fifo_t *q, mem_req_t *r)
{
    r->next = NULL;
    if (q->tail)
        q->tail->next = r;
    else
        q->head = r;
    q->tail = r;
    q->count++;
}
static inline mem_req_t *fifo_pop(req_fifo_t *q)
{
    mem_req_t *r = q->head;
    if (r) {
        q->head = r->next;
        if (!q->head)
            q->tail = NULL;
        q->count--;
        r->next = NULL;
    }
    return r;
}

typedef struct xbar_stats {
    uint64_t packets, flits;
    uint64_t output_conflicts; /* grants refused because the output was busy or full */
} xbar_stats_t;

typedef struct xbar {
    uint32_t n_in, n_out, latency, flit_size, in_cap, out_cap;
    req_fifo_t *in_q;
    uint32_t *in_flits;
    uint64_t *in_busy;
    req_fifo_t *out_q;
    uint32_t *out_flits;
    uint64_t *out_busy;
    uint32_t rr;           /* first input considered this cycle */
    uint32_t queued;       /* packets waiting in input queues */
    uint32_t in_flight;    /* packets in output queues */
    xbar_stats_t stats;
} xbar_t;

void xbar_init(xbar_t *x, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg);
void xbar_free(xbar_t *x);
static inline uint32_t xbar_flits(const xbar_t *x, uint32_t bytes) { return (bytes + x->flit_size - 1) / x->flit_size; }
/* Can input `in` take a packet of `bytes` now? */
static inline bool xbar_can_push(const xbar_t *x, uint32_t in, uint32_t bytes)
{
    return x->in_flits[in] + xbar_flits(x, bytes) <= x->in_cap;
}
void xbar_push(xbar_t *x, uint32_t in, uint32_t out, mem_req_t *r, uint32_t bytes);
void xbar_cycle(xbar_t *x, uint64_t now);
/* Packet fully arrived at output `out` by `now`, removed; NULL if none. */
mem_req_t *xbar_pop(xbar_t *x, uint32_t out, uint64_t now);
static inline bool xbar_has_arrival(const xbar_t *x, uint32_t out, uint64_t now)
{
    return x->out_q[out].head && x->out_q[out].head->ready <= now;
}
static inline bool xbar_idle(const xbar_t *x) { return !x->queued && !x->in_flight; }
/* Earliest icnt cycle >= now with something to do (CS_NEVER if idle). */
uint64_t xbar_next_event(const xbar_t *x, uint64_t now);

#endif
