/* icnt.h — the interconnect between cores and L2 slices: a crossbar (the
 * default) or a 2-D mesh (-ctasim_icnt_topology 1, model/icnt_mesh.h).
 *
 * Two independent networks (GPGPU-Sim's "subnets"): requests (cores -> L2
 * slices) and replies (L2 slices -> cores). Both topologies share this
 * interface and its two ends: a packet enters at its source's injection queue
 * (in_q, icnt_in_buffer flits; the space is freed when the packet leaves it)
 * and leaves from its sink's ejection buffer (out_q, icnt_out_buffer flits,
 * reserved when the packet is sent towards it, freed by xbar_pop). A packet
 * carries ceil(bytes / icnt_flit_size) flits. Only what happens in between
 * differs; xbar_cycle and xbar_next_event dispatch on x->mesh.
 *
 * Crossbar: each input port injects and each output port accepts one flit
 * per interconnect cycle, so a packet of F flits holds both ports for F
 * cycles; its last flit arrives `icnt_latency` + F - 1 cycles after it was
 * granted. Inputs are served round-robin; a packet waits at the head of its
 * input queue (head-of-line blocking) until its output is free and the output
 * buffer has room for it (back-pressure).
 *
 * Mesh: routers on a k x k grid, XY routing, virtual cut-through with
 * credit-based back-pressure; a packet crossing h links arrives
 * (h + 1)(L + 1) + F - 1 cycles after it was first seen when nothing is in
 * its way (L = -ctasim_mesh_router_latency). See icnt_mesh.h. */
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

/* n_in sources, n_out sinks; the topology comes from cfg->icnt_topology. */
void xbar_init_net(xbar_t *x, enum icnt_net net, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg);
/* A request network (sources are cores). */
static inline void xbar_init(xbar_t *x, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg)
{
    xbar_init_net(x, ICNT_REQUEST, n_in, n_out, cfg);
}
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
    return x->out_ready[out] <= now;
}
/* Append packet r (its ready time set) to output `out` (crossbar and mesh). */
static inline void xbar_out_push(xbar_t *x, uint32_t out, mem_req_t *r)
{
    fifo_push(&x->out_q[out], r);
    if (x->out_q[out].head == r)
        x->out_ready[out] = r->ready;
}
static inline bool xbar_idle(const xbar_t *x) { return !x->queued && !x->in_flight && !x->in_net; }
/* Earliest icnt cycle >= now with something to do (CS_NEVER if idle). */
uint64_t xbar_next_event(const xbar_t *x, uint64_t now);
/* Defer the network-wide counts of pushes (inputs) and/or pops (outputs), see
 * in_pushed; once on, it stays on. */
void xbar_defer(xbar_t *x, bool inputs, bool outputs);
/* Add what input `in` / output `out` deferred; `now` is the interconnect
 * cycle the pops were made at (the mesh wakes the output's router). */
void xbar_settle_input(xbar_t *x, uint32_t in);
void xbar_settle_output(xbar_t *x, uint32_t out, uint64_t now);

#endif
