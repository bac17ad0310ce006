/* icnt_net.h — what both implementations of the interconnect (icnt.h)
 * share: the network's parameters and state, its two ends (the injection
 * queues and ejection buffers), and the interface an implementation fills,
 * icnt_ops_t. The crossbar (icnt_xbar.c) and the mesh (icnt_mesh.c) each
 * include it; icnt.c holds the two ends and calls the implementation chosen
 * at creation through x->ops, never naming either. */
#ifndef CTASIM_ICNT_NET_H
#define CTASIM_ICNT_NET_H

#include "util/common.h"
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

/* What a network takes from the configuration (icnt_params_from_config). */
typedef struct icnt_params {
    enum icnt_topology topology; /* -ctasim_icnt_topology */
    uint32_t latency;          /* crossbar: icnt cycles from grant to first flit out (-ctasim_icnt_latency, 1 if 0) */
    uint32_t flit_size;        /* bytes per flit (-icnt_flit_size, 32 if 0) */
    uint32_t in_cap, out_cap;  /* flits per injection queue / ejection buffer (-icnt_{in,out}_buffer_limit,
                                * 64 if 0, at least the largest packet) */
    uint32_t ctrl_bytes;       /* a packet's header (-ctasim_icnt_ctrl_bytes) */
    uint32_t mesh_dim;         /* -ctasim_mesh_dim (0: the smallest k that fits) */
    uint32_t mesh_router_latency; /* -ctasim_mesh_router_latency */
    uint32_t mesh_buffer;      /* -ctasim_mesh_buffer (flits per router input port, 8 if 0) */
} icnt_params_t;

struct icnt_mesh;
struct xbar;

/* One implementation of what happens between the two ends. */
typedef struct icnt_ops {
    /* Set up / free the implementation's own state (the ends exist). */
    void (*init)(struct xbar *x, enum icnt_net net, const icnt_params_t *p);
    void (*free)(struct xbar *x);
    /* Packet r entered input `in`'s queue (xbar_push, on the pushing
     * thread); NULL: nothing to do. */
    void (*enqueued)(struct xbar *x, uint32_t in, mem_req_t *r);
    /* n packets pushed to input `in` join the network's counts (at once, or
     * when deferred pushes are settled); NULL: nothing to count. */
    void (*counted)(struct xbar *x, uint32_t in, uint32_t n);
    /* Output `out` was popped at `now` (at once, or when settled); NULL:
     * nothing to do. */
    void (*popped)(struct xbar *x, uint32_t out, uint64_t now);
    /* One interconnect cycle. */
    void (*cycle)(struct xbar *x, uint64_t now);
    /* Earliest icnt cycle >= now with something to do (CS_NEVER if idle). */
    uint64_t (*next_event)(const struct xbar *x, uint64_t now);
} icnt_ops_t;

extern const icnt_ops_t icnt_crossbar_ops, icnt_mesh_ops;

typedef struct xbar {
    const icnt_ops_t *ops; /* the implementation, chosen at creation */
    uint32_t n_in, n_out, latency, flit_size, in_cap, out_cap;
    req_fifo_t *in_q;
    uint32_t *in_flits;
    uint64_t *in_busy;
    req_fifo_t *out_q;
    uint64_t *out_ready;   /* ready time of each output's head packet (CS_NEVER: empty), so
                            * polling an output reads this array, not the packet */
    uint32_t *out_flits;
    uint64_t *out_busy;
    uint32_t rr;           /* crossbar: first input considered this cycle */
    uint64_t *in_nonempty; /* bit per input whose queue holds a packet (deferred
                            * pushes set theirs when settled), kept by the ends
                            * when the implementation allocates it (the crossbar,
                            * whose cycle visits only those, in the same order) */
    uint32_t queued;       /* packets waiting in input queues */
    uint32_t in_flight;    /* packets in output queues */
    uint32_t in_net;       /* mesh: packets in router input buffers (always 0 for the crossbar) */
    struct icnt_mesh *mesh; /* the mesh's own state (icnt_mesh.h); NULL for the crossbar */
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
