/* icnt_mesh.h — the 2-D mesh backend of the interconnect (icnt.h),
 * selected with -ctasim_icnt_topology 1.
 *
 * Routers sit on a k x k grid (-ctasim_mesh_dim; 0 picks the smallest k with
 * k*k >= cores + L2 slices). Router r is at column x = r % k, row y = r / k;
 * its neighbours are east (x+1), west (x-1), south (y+1) and north (y-1), and
 * each router has five input and five output ports: those four and the local
 * port of the node attached to it. The request and the reply network are two
 * separate meshes with the same placement (GPGPU-Sim's two subnets).
 *
 * Placement (mesh_place): the N = cores + M memory nodes (L2 slices) are
 * spread evenly over the k*k routers in row-major order, node slot s at router
 * floor((2s + 1) k*k / 2N); the memory nodes take the slots spread evenly
 * among the N, floor((2j + 1) N / 2M) for memory node j, and the cores the
 * remaining slots in order. Spare routers (k*k > N) only forward. For the
 * GTX 480 (15 cores, 12 slices, k = 6) this interleaves memory nodes with
 * cores in every row instead of GPGPU-Sim's unmapped numbering (shaders first,
 * memory last), which would put all memory nodes in the bottom rows.
 *
 * Routing: dimension order (XY): along the row to the destination's column,
 * then along the column; deadlock-free on a mesh.
 *
 * Flow control: virtual cut-through, one buffer (no virtual channels) of B
 * flits per router input port (-ctasim_mesh_buffer, raised to the largest
 * packet). A packet moves to the next router only when that router's input
 * buffer has room for the whole packet (credit-based back-pressure: the room
 * is reserved when the packet is sent, and comes back when its tail has left
 * that buffer); it enters the ejection buffer only when that has room
 * (icnt_out_buffer, as the crossbar). The local input port is the source's
 * injection queue (icnt_in_buffer, freed when the packet leaves it, as the
 * crossbar). An input port sends one packet at a time, and an output link
 * carries one flit per cycle: a packet of F flits holds both for F cycles.
 * Packets wait in FIFO order in each buffer (head-of-line blocking). Every
 * cycle each output port grants one of the input ports whose head packet
 * routes to it, can move now and fits downstream, round-robin from the port
 * after its last winner.
 *
 * Timing (icnt cycles, L = -ctasim_mesh_router_latency): a packet whose head
 * reaches an input buffer at cycle a may be granted from cycle a + L (the
 * router pipeline: routing, allocation); granted at g its head crosses the
 * link and reaches the next router's buffer at g + 1, its flits following one
 * a cycle. At the destination router the packet granted the local output at g
 * has its last flit in the ejection buffer at g + F. A packet first seen in its
 * injection queue at cycle t0 (the first xbar_cycle after xbar_push) crossing
 * h router-to-router links with nothing in its way is therefore poppable at
 *     t0 + (h + 1)(L + 1) + F - 1,
 * i.e. a crossbar whose latency is (h + 1)(L + 1). L = 2 (the default) is
 * GPGPU-Sim's interconnect files for its Fermi and later configurations
 * (routing_delay 0, vc_alloc_delay 0, sw_alloc_delay 1, st_final_delay 1);
 * BookSim's own defaults (routing, VC and switch allocation and switch
 * traversal of one cycle each) would be L = 3 or 4. */
#ifndef CTASIM_ICNT_MESH_H
#define CTASIM_ICNT_MESH_H

#include "icnt_net.h"

enum mesh_port { MESH_LOCAL = 0, MESH_EAST, MESH_WEST, MESH_SOUTH, MESH_NORTH, MESH_PORTS };

/* One router input port's buffer (the local port uses the injection queue). */
typedef struct mesh_buf {
    req_fifo_t q;
    uint32_t flits;  /* flits held or reserved, including those of the packet leaving */
    uint32_t pend;   /* flits of the packet leaving now: free from cycle `busy` on */
    uint64_t busy;   /* the port is sending a packet until this cycle (exclusive) */
} mesh_buf_t;

typedef struct icnt_mesh {
    uint32_t k, n_routers;
    uint32_t latency;    /* L: cycles from a head's arrival in a buffer to its first chance of a grant */
    uint32_t buf_cap;    /* B: flits per router input port */
    uint32_t *src_router; /* router of source node i (n_in) */
    uint32_t *dst_router; /* router of sink node o (n_out) */
    int32_t *src_at;     /* source node attached to router r, -1 if none */
    mesh_buf_t *buf;     /* [r * MESH_PORTS + port]; the MESH_LOCAL entries are unused */
    uint64_t *link_busy; /* [r * MESH_PORTS + output port]: the link is busy until this cycle (exclusive) */
    uint8_t *rr;         /* [r * MESH_PORTS + output port]: input port considered first */
    uint32_t *nbr;       /* [r * MESH_PORTS + port]: the router that port leads to */
    uint8_t *occ;        /* router r's non-empty input ports (bit per port; local: stamped packets) */
    mem_req_t **unstamped; /* per source: first packet not yet seen by mesh_cycle (NULL: none) */
    uint32_t n_unstamped;
    /* Speed only: router r cannot grant anything before wake[r], no router
     * before next_wake (a lower bound kept by every change to a head packet). */
    uint64_t *wake;
    uint64_t next_wake;
    bool poll_all;       /* tests: visit every router every cycle, ignoring wake (same results) */
} icnt_mesh_t;

/* The mesh's entry points are its icnt_ops_t, icnt_mesh_ops (icnt_net.h). */

/* Smallest k with k*k >= n_nodes. */
uint32_t mesh_auto_dim(uint32_t n_nodes);
/* Routers of the cores and memory nodes on a k x k mesh (see above). */
void mesh_place(uint32_t k, uint32_t n_cores, uint32_t n_mem, uint32_t *core_router, uint32_t *mem_router);
/* Output port a packet at router `at` takes towards router `to` (XY). */
static inline enum mesh_port mesh_route(uint32_t k, uint32_t at, uint32_t to)
{
    uint32_t ax = at % k, ay = at / k, tx = to % k, ty = to / k;
    if (tx > ax)
        return MESH_EAST;
    if (tx < ax)
        return MESH_WEST;
    if (ty > ay)
        return MESH_SOUTH;
    if (ty < ay)
        return MESH_NORTH;
    return MESH_LOCAL;
}
/* Router whose input buffer (or injection queue) holds r; -1 if none does
 * (ejected or not in this network). For tests. */
int32_t mesh_locate(const xbar_t *x, const mem_req_t *r);

#endif
