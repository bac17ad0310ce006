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
 * differs: it is an implementation of icnt_ops_t (icnt_net.h), chosen once
 * when the network is created (icnt_crossbar_ops in icnt_xbar.c,
 * icnt_mesh_ops in icnt_mesh.c); the ends call it through x->ops.
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
#include "icnt_net.h"

/* The network's parameters from the GPGPU-Sim options (the one place). */
void icnt_params_from_config(icnt_params_t *p, const gpu_config_t *cfg);
/* n_in sources, n_out sinks, the implementation p->topology names. */
void xbar_create(xbar_t *x, enum icnt_net net, uint32_t n_in, uint32_t n_out, const icnt_params_t *p);
/* The same with the parameters from cfg. */
void xbar_init_net(xbar_t *x, enum icnt_net net, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg);
/* A request network (sources are cores). */
static inline void xbar_init(xbar_t *x, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg)
{
    xbar_init_net(x, ICNT_REQUEST, n_in, n_out, cfg);
}
void xbar_free(xbar_t *x);
/* Can input `in` take a packet of `bytes` now? */
static inline bool xbar_can_push(const xbar_t *x, uint32_t in, uint32_t bytes)
{
    return x->in_flits[in] + xbar_flits(x, bytes) <= x->in_cap;
}
void xbar_push(xbar_t *x, uint32_t in, uint32_t out, mem_req_t *r, uint32_t bytes);
static inline void xbar_cycle(xbar_t *x, uint64_t now) { x->ops->cycle(x, now); }
/* Packet fully arrived at output `out` by `now`, removed; NULL if none. */
mem_req_t *xbar_pop(xbar_t *x, uint32_t out, uint64_t now);
static inline bool xbar_has_arrival(const xbar_t *x, uint32_t out, uint64_t now)
{
    return x->out_ready[out] <= now;
}
static inline bool xbar_idle(const xbar_t *x) { return !x->queued && !x->in_flight && !x->in_net; }
/* Earliest icnt cycle >= now with something to do (CS_NEVER if idle). */
static inline uint64_t xbar_next_event(const xbar_t *x, uint64_t now) { return x->ops->next_event(x, now); }
/* Defer the network-wide counts of pushes (inputs) and/or pops (outputs), see
 * in_pushed; once on, it stays on. */
void xbar_defer(xbar_t *x, bool inputs, bool outputs);
/* Add what input `in` / output `out` deferred; `now` is the interconnect
 * cycle the pops were made at (the mesh wakes the output's router). */
void xbar_settle_input(xbar_t *x, uint32_t in);
void xbar_settle_output(xbar_t *x, uint32_t out, uint64_t now);

#endif
