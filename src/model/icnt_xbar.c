/* icnt_xbar.c — the crossbar implementation of the interconnect (icnt.h):
 * each input port injects and each output port accepts one flit per cycle;
 * inputs are served round-robin, a packet waits at the head of its input
 * queue until its output is free and its ejection buffer has room. */
#include "icnt_net.h"

#include <stdlib.h>

/* The ends keep in_nonempty for us (a pushed packet's input is marked when
 * it is counted: while pushes are deferred other cores write their own
 * words' neighbours); a grant that empties an input clears its bit. */
static void crossbar_init(xbar_t *x, enum icnt_net net, const icnt_params_t *p)
{
    x->in_nonempty = cs_xcalloc((x->n_in + 63) / 64, sizeof *x->in_nonempty);
}

static void crossbar_free(xbar_t *x)
{
    free(x->in_nonempty);
    x->in_nonempty = NULL;
}

/* Input i's head packet crosses if the input and its output are free. */
static inline void xbar_grant(xbar_t *x, uint32_t i, uint64_t now)
{
    mem_req_t *h = x->in_q[i].head;
    if (x->in_busy[i] > now)
        return;
    uint32_t o = h->icnt_dst, f = h->icnt_flits;
    if (x->out_busy[o] > now || x->out_flits[o] + f > x->out_cap) {
        x->stats.output_conflicts++;
        return;
    }
    fifo_pop(&x->in_q[i]);
    if (!x->in_q[i].head)
        x->in_nonempty[i / 64] &= ~(1ull << (i % 64));
    x->queued--;
    x->in_flits[i] -= f;
    x->in_busy[i] = now + f;
    x->out_busy[o] = now + f;
    h->ready = now + x->latency + f - 1;
    x->out_flits[o] += f;
    xbar_out_push(x, o, h);
    x->in_flight++;
    x->stats.packets++;
    x->stats.flits += f;
}

/* The non-empty inputs in [lo, hi), ascending. A grant only empties inputs
 * and no input fills during the cycle, so each word is read once. */
static inline void xbar_grant_range(xbar_t *x, uint32_t lo, uint32_t hi, uint64_t now)
{
    for (uint32_t w = lo / 64; w * 64 < hi; w++) {
        uint64_t m = x->in_nonempty[w];
        if (w == lo / 64)
            m &= ~0ull << (lo % 64);
        if ((w + 1) * 64 > hi && hi % 64)
            m &= (1ull << (hi % 64)) - 1;
        for (; m; m &= m - 1)
            xbar_grant(x, w * 64 + (uint32_t)__builtin_ctzll(m), now);
    }
}

static void crossbar_cycle(xbar_t *x, uint64_t now)
{
    if (!x->queued)
        return;
    /* inputs in round-robin order from `start`: start..n_in-1, then 0..start-1 */
    uint32_t start = x->rr;
    x->rr = (x->rr + 1 == x->n_in) ? 0 : x->rr + 1;
    xbar_grant_range(x, start, x->n_in, now);
    xbar_grant_range(x, 0, start, now);
}

static uint64_t crossbar_next_event(const xbar_t *x, uint64_t now)
{
    if (x->queued)
        return now;
    uint64_t t = CS_NEVER;
    if (x->in_flight)
        for (uint32_t o = 0; o < x->n_out; o++)
            if (x->out_ready[o] < t)
                t = x->out_ready[o];
    return t < now ? now : t;
}

const icnt_ops_t icnt_crossbar_ops = {
    .init = crossbar_init,
    .free = crossbar_free,
    .enqueued = NULL, /* nothing to note per packet */
    .counted = NULL, /* the ends' in_nonempty is all it needs */
    .popped = NULL,
    .cycle = crossbar_cycle,
    .next_event = crossbar_next_event,
};
