/* icnt_net.h — what both topologies of the interconnect (icnt.h) share: the
 * network's state and its two ends, the injection queues and ejection
 * buffers. The crossbar (icnt.c) and the mesh (icnt_mesh.c) each include it;
 * icnt.c dispatches to the mesh, never the other way round. */
#ifndef CTASIM_ICNT_NET_H
#define CTASIM_ICNT_NET_H

#include "req_fifo.h"

typedef struct xbar_stats {
    uint64_t packets, flits;
    uint64_t output_conflicts; /* grants refused because the output was busy or full */
    /* mesh only (0 for the crossbar) */
    uint64_t hops;             /* router-to-router links crossed */
    uint64_t ejected;          /* packets delivered to an ejection buffer */
    uint64_t latency_sum;      /* icnt cycles from first seen at injection to the last flit ejected */
} xbar_stats_t;

enum icnt_topology { ICNT_CROSSBAR = 0, ICNT_MESH = 1 };
/* Which network: the mesh places its sources and sinks by role (cores or
 * memory nodes); the crossbar does not care. */
enum icnt_net { ICNT_REQUEST = 0 /* cores -> L2 slices */, ICNT_REPLY = 1 /* L2 slices -> cores */ };

struct icnt_mesh;

typedef struct xbar {
    uint32_t n_in, n_out, latency, flit_size, in_cap, out_cap;
    req_fifo_t *in_q;
    uint32_t *in_flits;
    uint64_t *in_busy;
    req_fifo_t *out_q;
    uint64_t *out_ready;   /* ready time of each output's head packet (CS_NEVER: empty), so
                            * polling an output reads this array, not the packet */
    uint32_t *out_flits;
    uint64_t *out_busy;
    uint32_t rr;           /* first input considered this cycle */
    uint64_t *in_nonempty; /* crossbar: bit per input whose queue holds a packet
                            * (deferred pushes set theirs when settled), so a
                            * cycle visits only those, in the same order */
    uint32_t queued;       /* packets waiting in input queues */
    uint32_t in_flight;    /* packets in output queues */
    uint32_t in_net;       /* mesh: packets in router input buffers (always 0 for the crossbar) */
    struct icnt_mesh *mesh; /* NULL: crossbar */
    /* Deferred counts (xbar_defer): while cores tick on worker threads, each
     * pushes into its own input of the request network and pops its own
     * output of the reply network; what those would add to the network-wide
     * counts (queued, in_flight, the mesh's unstamped and wake-ups) is kept
     * per port and added in port order by xbar_settle_*, in the GPU's serial
     * phase. NULL: counted at once. */
    uint32_t *in_pushed;   /* per input, when pushes are deferred */
    uint32_t *out_popped;  /* per output, when pops are deferred */
    xbar_stats_t stats;
} xbar_t;

static inline uint32_t xbar_flits(const xbar_t *x, uint32_t bytes) { return (bytes + x->flit_size - 1) / x->flit_size; }
/* Append packet r (its ready time set) to output `out` (crossbar and mesh). */
static inline void xbar_out_push(xbar_t *x, uint32_t out, mem_req_t *r)
{
    fifo_push(&x->out_q[out], r);
    if (x->out_q[out].head == r)
        x->out_ready[out] = r->ready;
}

#endif
