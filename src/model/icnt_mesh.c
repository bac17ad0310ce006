/* icnt_mesh.c — 2-D mesh interconnect (see icnt_mesh.h). */
#include "icnt_mesh.h"

#include <stdlib.h>

uint32_t mesh_auto_dim(uint32_t n_nodes)
{
    uint32_t k = 1;
    while ((uint64_t)k * k < n_nodes)
        k++;
    return k;
}

void mesh_place(uint32_t k, uint32_t n_cores, uint32_t n_mem, uint32_t *core_router, uint32_t *mem_router)
{
    uint64_t n = (uint64_t)n_cores + n_mem, routers = (uint64_t)k * k;
    uint32_t c = 0, j = 0;
    for (uint64_t s = 0; s < n; s++) {
        uint32_t at = (uint32_t)((2 * s + 1) * routers / (2 * n));
        if (j < n_mem && s == (2 * (uint64_t)j + 1) * n / (2 * (uint64_t)n_mem))
            mem_router[j++] = at;
        else
            core_router[c++] = at;
    }
}

void mesh_init(xbar_t *x, enum icnt_net net, const gpu_config_t *cfg)
{
    icnt_mesh_t *m = cs_xcalloc(1, sizeof *m);
    uint32_t n_cores = net == ICNT_REQUEST ? x->n_in : x->n_out;
    uint32_t n_mem = net == ICNT_REQUEST ? x->n_out : x->n_in;
    uint32_t need = mesh_auto_dim(n_cores + n_mem);
    m->k = cfg->mesh_dim >= need ? cfg->mesh_dim : need; /* config_validate rejects a k too small */
    m->n_routers = m->k * m->k;
    m->latency = cfg->mesh_router_latency;
    m->buf_cap = cfg->mesh_buffer ? cfg->mesh_buffer : 8;
    /* As the crossbar's buffers: a buffer must hold the largest packet. */
    uint32_t biggest = xbar_flits(x, 256 + cfg->icnt_ctrl_bytes);
    if (m->buf_cap < biggest)
        m->buf_cap = biggest;
    uint32_t *core_router = cs_xcalloc(n_cores, sizeof *core_router);
    uint32_t *mem_router = cs_xcalloc(n_mem, sizeof *mem_router);
    mesh_place(m->k, n_cores, n_mem, core_router, mem_router);
    if (net == ICNT_REQUEST) {
        m->src_router = core_router;
        m->dst_router = mem_router;
    } else {
        m->src_router = mem_router;
        m->dst_router = core_router;
    }
    m->src_at = cs_xcalloc(m->n_routers, sizeof *m->src_at);
    for (uint32_t r = 0; r < m->n_routers; r++)
        m->src_at[r] = -1;
    for (uint32_t i = 0; i < x->n_in; i++)
        m->src_at[m->src_router[i]] = (int32_t)i;
    size_t np = (size_t)m->n_routers * MESH_PORTS;
    m->buf = cs_xcalloc(np, sizeof *m->buf);
    m->link_busy = cs_xcalloc(np, sizeof *m->link_busy);
    m->rr = cs_xcalloc(np, sizeof *m->rr);
    m->load = cs_xcalloc(m->n_routers, sizeof *m->load);
    m->unstamped = cs_xcalloc(x->n_in, sizeof *m->unstamped);
    x->mesh = m;
}

void mesh_free(xbar_t *x)
{
    icnt_mesh_t *m = x->mesh;
    free(m->src_router);
    free(m->dst_router);
    free(m->src_at);
    free(m->buf);
    free(m->link_busy);
    free(m->rr);
    free(m->load);
    free(m->unstamped);
    free(m);
    x->mesh = NULL;
}

void mesh_pushed(xbar_t *x, uint32_t in, mem_req_t *r)
{
    icnt_mesh_t *m = x->mesh;
    r->ready = CS_NEVER;
    if (!m->unstamped[in])
        m->unstamped[in] = r;
    m->n_unstamped++;
}

/* Packets pushed since the last cycle are first seen now: their router
 * pipeline at the source starts. */
static void stamp(xbar_t *x, icnt_mesh_t *m, uint64_t now)
{
    for (uint32_t i = 0; i < x->n_in && m->n_unstamped; i++) {
        for (mem_req_t *r = m->unstamped[i]; r; r = r->next) {
            r->ready = now + m->latency;
            r->icnt_t0 = (uint32_t)now;
            m->n_unstamped--;
        }
        m->unstamped[i] = NULL;
    }
}

static const uint8_t opposite[MESH_PORTS] = {MESH_LOCAL, MESH_WEST, MESH_EAST, MESH_NORTH, MESH_SOUTH};

static uint32_t neighbour(const icnt_mesh_t *m, uint32_t r, enum mesh_port o)
{
    switch (o) {
    case MESH_EAST:
        return r + 1;
    case MESH_WEST:
        return r - 1;
    case MESH_SOUTH:
        return r + m->k;
    case MESH_NORTH:
        return r - m->k;
    default:
        return r;
    }
}

/* The flits of the packet that left are free once its tail is gone. */
static void settle(mesh_buf_t *b, uint64_t now)
{
    if (b->pend && b->busy <= now) {
        b->flits -= b->pend;
        b->pend = 0;
    }
}

/* Input buffer `o` of router r's output port leads to (not MESH_LOCAL). */
static mesh_buf_t *downstream(icnt_mesh_t *m, uint32_t r, enum mesh_port o)
{
    return &m->buf[(size_t)neighbour(m, r, o) * MESH_PORTS + opposite[o]];
}

static bool has_room(xbar_t *x, icnt_mesh_t *m, uint32_t r, enum mesh_port o, const mem_req_t *h, uint64_t now)
{
    if (o == MESH_LOCAL)
        return x->out_flits[h->icnt_dst] + h->icnt_flits <= x->out_cap;
    mesh_buf_t *d = downstream(m, r, o);
    settle(d, now);
    return d->flits + h->icnt_flits <= m->buf_cap;
}

/* Send the head packet h of router r's input port p out of output port o. */
static void grant(xbar_t *x, icnt_mesh_t *m, uint32_t r, enum mesh_port p, enum mesh_port o, mem_req_t *h,
                  uint64_t now)
{
    uint32_t f = h->icnt_flits;
    if (p == MESH_LOCAL) {
        uint32_t src = (uint32_t)m->src_at[r];
        fifo_pop(&x->in_q[src]);
        x->queued--;
        x->in_flits[src] -= f;
        x->in_busy[src] = now + f;
        x->stats.packets++;
        x->stats.flits += f;
    } else {
        mesh_buf_t *b = &m->buf[(size_t)r * MESH_PORTS + p];
        settle(b, now);
        fifo_pop(&b->q);
        b->pend = f;
        b->busy = now + f;
        m->load[r]--;
        x->in_net--;
    }
    m->link_busy[(size_t)r * MESH_PORTS + o] = now + f;
    if (o == MESH_LOCAL) {
        uint32_t d = h->icnt_dst;
        h->ready = now + f; /* the last flit crosses the ejection link */
        x->out_flits[d] += f;
        fifo_push(&x->out_q[d], h);
        x->in_flight++;
        x->stats.ejected++;
        x->stats.latency_sum += (uint32_t)h->ready - h->icnt_t0;
    } else {
        mesh_buf_t *d = downstream(m, r, o);
        settle(d, now);
        d->flits += f;
        h->ready = now + 1 + m->latency; /* head over the link, then the next router's pipeline */
        fifo_push(&d->q, h);
        m->load[neighbour(m, r, o)]++;
        x->in_net++;
        x->stats.hops++;
    }
}

void mesh_cycle(xbar_t *x, uint64_t now)
{
    icnt_mesh_t *m = x->mesh;
    if (!x->queued && !x->in_net)
        return;
    if (m->n_unstamped)
        stamp(x, m, now);
    /* Grants take effect after this cycle everywhere (a packet sent now is
     * eligible at the next router at now + 1 + L at the earliest, the room it
     * frees comes back at now + F), so the order of the routers does not
     * matter. */
    for (uint32_t r = 0; r < m->n_routers; r++) {
        int32_t src = m->src_at[r];
        mem_req_t *local = src >= 0 ? x->in_q[src].head : NULL;
        if (!m->load[r] && !local)
            continue;
        mem_req_t *head[MESH_PORTS];
        uint8_t want[MESH_PORTS];
        unsigned outputs = 0;
        for (unsigned p = 0; p < MESH_PORTS; p++) {
            mem_req_t *h;
            uint64_t busy;
            if (p == MESH_LOCAL) {
                h = local;
                busy = h ? x->in_busy[src] : 0;
            } else {
                const mesh_buf_t *b = &m->buf[(size_t)r * MESH_PORTS + p];
                h = b->q.head;
                busy = b->busy;
            }
            want[p] = MESH_PORTS;
            if (!h || h->ready > now || busy > now)
                continue;
            head[p] = h;
            want[p] = (uint8_t)mesh_route(m->k, r, m->dst_router[h->icnt_dst]);
            outputs |= 1u << want[p];
        }
        for (unsigned o = 0; o < MESH_PORTS; o++) {
            if (!(outputs & (1u << o)))
                continue;
            size_t op = (size_t)r * MESH_PORTS + o;
            bool link_free = m->link_busy[op] <= now, granted = false;
            unsigned start = m->rr[op];
            for (unsigned j = 0; j < MESH_PORTS; j++) {
                unsigned p = start + j < MESH_PORTS ? start + j : start + j - MESH_PORTS;
                if (want[p] != o)
                    continue;
                if (granted || !link_free || !has_room(x, m, r, (enum mesh_port)o, head[p], now)) {
                    x->stats.output_conflicts++;
                    continue;
                }
                grant(x, m, r, (enum mesh_port)p, (enum mesh_port)o, head[p], now);
                m->rr[op] = (uint8_t)(p + 1 < MESH_PORTS ? p + 1 : 0);
                granted = true;
            }
        }
    }
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* A lower bound on the next cycle anything in the mesh can move, or a pop can
 * happen: for each head packet, the cycle its pipeline, its input port, its
 * output link and the room downstream allow it. A head waiting for room that
 * only another packet's move can free is left out: that move is itself
 * counted, or waits for a pop, and the ejection buffers' heads are counted. */
uint64_t mesh_next_event(const xbar_t *x, uint64_t now)
{
    const icnt_mesh_t *m = x->mesh;
    if (m->n_unstamped)
        return now;
    uint64_t t = CS_NEVER;
    if (x->queued || x->in_net) {
        for (uint32_t r = 0; r < m->n_routers; r++) {
            int32_t src = m->src_at[r];
            const mem_req_t *local = src >= 0 ? x->in_q[src].head : NULL;
            if (!m->load[r] && !local)
                continue;
            for (unsigned p = 0; p < MESH_PORTS; p++) {
                const mem_req_t *h;
                uint64_t e;
                if (p == MESH_LOCAL) {
                    if (!(h = local))
                        continue;
                    e = max64(h->ready, x->in_busy[src]);
                } else {
                    const mesh_buf_t *b = &m->buf[(size_t)r * MESH_PORTS + p];
                    if (!(h = b->q.head))
                        continue;
                    e = max64(h->ready, b->busy);
                }
                enum mesh_port o = mesh_route(m->k, r, m->dst_router[h->icnt_dst]);
                e = max64(e, m->link_busy[(size_t)r * MESH_PORTS + o]);
                uint32_t f = h->icnt_flits;
                if (o == MESH_LOCAL) {
                    if (x->out_flits[h->icnt_dst] + f > x->out_cap)
                        continue;
                } else {
                    const mesh_buf_t *d = &m->buf[(size_t)neighbour(m, r, o) * MESH_PORTS + opposite[o]];
                    if (d->flits + f > m->buf_cap) {
                        if (d->flits - d->pend + f > m->buf_cap)
                            continue;
                        e = max64(e, d->busy);
                    }
                }
                if (e < t)
                    t = e;
            }
        }
    }
    if (x->in_flight)
        for (uint32_t o = 0; o < x->n_out; o++)
            if (x->out_q[o].head && x->out_q[o].head->ready < t)
                t = x->out_q[o].head->ready;
    return t < now ? now : t;
}

int32_t mesh_locate(const xbar_t *x, const mem_req_t *r)
{
    const icnt_mesh_t *m = x->mesh;
    for (uint32_t i = 0; i < x->n_in; i++)
        for (const mem_req_t *q = x->in_q[i].head; q; q = q->next)
            if (q == r)
                return (int32_t)m->src_router[i];
    for (uint32_t b = 0; b < m->n_routers * MESH_PORTS; b++)
        for (const mem_req_t *q = m->buf[b].q.head; q; q = q->next)
            if (q == r)
                return (int32_t)(b / MESH_PORTS);
    return -1;
}
