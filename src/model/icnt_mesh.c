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

static void mesh_init(xbar_t *x, enum icnt_net net, const icnt_params_t *p)
{
    icnt_mesh_t *m = cs_xcalloc(1, sizeof *m);
    uint32_t n_cores = net == ICNT_REQUEST ? x->n_in : x->n_out;
    uint32_t n_mem = net == ICNT_REQUEST ? x->n_out : x->n_in;
    uint32_t need = mesh_auto_dim(n_cores + n_mem);
    m->k = p->mesh_dim >= need ? p->mesh_dim : need; /* config_validate rejects a k too small */
    m->n_routers = m->k * m->k;
    m->latency = p->mesh_router_latency;
    m->buf_cap = p->mesh_buffer ? p->mesh_buffer : 8;
    /* As the crossbar's buffers: a buffer must hold the largest packet. */
    uint32_t biggest = xbar_flits(x, 256 + p->ctrl_bytes);
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
    m->occ = cs_xcalloc(m->n_routers, sizeof *m->occ);
    m->nbr = cs_xcalloc(np, sizeof *m->nbr);
    for (uint32_t r = 0; r < m->n_routers; r++) {
        uint32_t *n = &m->nbr[(size_t)r * MESH_PORTS];
        n[MESH_LOCAL] = r;
        n[MESH_EAST] = r + 1;  /* only used where the route can go: */
        n[MESH_WEST] = r - 1;  /* XY never leaves the grid */
        n[MESH_SOUTH] = r + m->k;
        n[MESH_NORTH] = r - m->k;
    }
    m->unstamped = cs_xcalloc(x->n_in, sizeof *m->unstamped);
    m->wake = cs_xcalloc(m->n_routers, sizeof *m->wake);
    for (uint32_t r = 0; r < m->n_routers; r++)
        m->wake[r] = CS_NEVER;
    m->next_wake = CS_NEVER;
    x->mesh = m;
}

static void mesh_free(xbar_t *x)
{
    icnt_mesh_t *m = x->mesh;
    free(m->src_router);
    free(m->dst_router);
    free(m->src_at);
    free(m->buf);
    free(m->link_busy);
    free(m->rr);
    free(m->occ);
    free(m->nbr);
    free(m->unstamped);
    free(m->wake);
    free(m);
    x->mesh = NULL;
}

static void mesh_enqueued(xbar_t *x, uint32_t in, mem_req_t *r)
{
    icnt_mesh_t *m = x->mesh;
    r->ready = CS_NEVER;
    if (!m->unstamped[in])
        m->unstamped[in] = r;
    /* m->n_unstamped is counted by mesh_counted (at once, or when deferred
     * pushes are settled): this touches input `in` only */
}

/* Packets pushed since the last cycle are first seen now: their router
 * pipeline at the source starts. */
static void stamp(xbar_t *x, icnt_mesh_t *m, uint64_t now)
{
    for (uint32_t i = 0; i < x->n_in && m->n_unstamped; i++) {
        if (!m->unstamped[i])
            continue;
        for (mem_req_t *r = m->unstamped[i]; r; r = r->next) {
            r->ready = now + m->latency;
            r->icnt_t0 = (uint32_t)now;
            m->n_unstamped--;
        }
        m->unstamped[i] = NULL;
        uint32_t at = m->src_router[i];
        m->occ[at] |= 1u << MESH_LOCAL;
        if (now + m->latency < m->wake[at])
            m->wake[at] = now + m->latency;
        if (now + m->latency < m->next_wake)
            m->next_wake = now + m->latency;
    }
}

static const uint8_t opposite[MESH_PORTS] = {MESH_LOCAL, MESH_WEST, MESH_EAST, MESH_NORTH, MESH_SOUTH};

/* The flits of the packet that left are free once its tail is gone. */
static void settle(mesh_buf_t *b, uint64_t now)
{
    if (b->pend && b->busy <= now) {
        b->flits -= b->pend;
        b->pend = 0;
    }
}

/* The input buffer router r's output port o (not MESH_LOCAL) leads to. */
static mesh_buf_t *downstream(const icnt_mesh_t *m, uint32_t r, unsigned o)
{
    return &m->buf[(size_t)m->nbr[(size_t)r * MESH_PORTS + o] * MESH_PORTS + opposite[o]];
}

static bool has_room(const xbar_t *x, const icnt_mesh_t *m, uint32_t r, unsigned o, const mem_req_t *h,
                     uint64_t now)
{
    if (o == MESH_LOCAL)
        return x->out_flits[h->icnt_dst] + h->icnt_flits <= x->out_cap;
    mesh_buf_t *d = downstream(m, r, o);
    settle(d, now);
    return d->flits + h->icnt_flits <= m->buf_cap;
}

static void wake_at(icnt_mesh_t *m, uint32_t r, uint64_t t)
{
    if (t < m->wake[r])
        m->wake[r] = t;
    if (t < m->next_wake)
        m->next_wake = t;
}

/* Send the head packet h of router r's input port p out of output port o. */
static void grant(xbar_t *x, icnt_mesh_t *m, uint32_t r, unsigned p, unsigned o, mem_req_t *h, uint64_t now)
{
    uint32_t f = h->icnt_flits;
    if (p == MESH_LOCAL) {
        uint32_t src = (uint32_t)m->src_at[r];
        fifo_pop(&x->in_q[src]);
        if (!x->in_q[src].head)
            m->occ[r] &= (uint8_t)~(1u << MESH_LOCAL);
        x->queued--;
        x->in_flits[src] -= f;
        x->in_busy[src] = now + f;
        x->stats.packets++;
        x->stats.flits += f;
    } else {
        mesh_buf_t *b = &m->buf[(size_t)r * MESH_PORTS + p];
        settle(b, now);
        fifo_pop(&b->q);
        if (!b->q.head)
            m->occ[r] &= (uint8_t)~(1u << p);
        b->pend = f;
        b->busy = now + f;
        /* the room comes back then: the router feeding this port may be waiting for it */
        wake_at(m, m->nbr[(size_t)r * MESH_PORTS + p], now + f);
        x->in_net--;
    }
    m->link_busy[(size_t)r * MESH_PORTS + o] = now + f;
    if (o == MESH_LOCAL) {
        uint32_t d = h->icnt_dst;
        h->ready = now + f; /* the last flit crosses the ejection link */
        x->out_flits[d] += f;
        xbar_out_push(x, d, h);
        x->in_flight++;
        x->stats.ejected++;
        x->stats.latency_sum += (uint32_t)h->ready - h->icnt_t0;
    } else {
        mesh_buf_t *d = downstream(m, r, o);
        settle(d, now);
        d->flits += f;
        h->ready = now + 1 + m->latency; /* head over the link, then the next router's pipeline */
        fifo_push(&d->q, h);
        uint32_t nb = m->nbr[(size_t)r * MESH_PORTS + o];
        m->occ[nb] |= (uint8_t)(1u << opposite[o]);
        wake_at(m, nb, h->ready);
        x->in_net++;
        x->stats.hops++;
    }
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Router r's non-empty input port p: its head packet and the cycle the port is free. */
static mem_req_t *port_head(const xbar_t *x, const icnt_mesh_t *m, uint32_t r, unsigned p, uint64_t *busy)
{
    if (p == MESH_LOCAL) {
        uint32_t src = (uint32_t)m->src_at[r];
        *busy = x->in_busy[src];
        return x->in_q[src].head;
    }
    const mesh_buf_t *b = &m->buf[(size_t)r * MESH_PORTS + p];
    *busy = b->busy;
    return b->q.head;
}

/* One router's cycle; returns the cycle it can next grant anything. */
static uint64_t router_cycle(xbar_t *x, icnt_mesh_t *m, uint32_t r, uint64_t now)
{
    mem_req_t *head[MESH_PORTS];
    uint8_t want[MESH_PORTS];
    unsigned inputs_for[MESH_PORTS] = {0}, outputs = 0, eligible = 0;
    uint64_t wake = CS_NEVER;
    for (unsigned ports = m->occ[r]; ports; ports &= ports - 1) {
        unsigned p = (unsigned)__builtin_ctz(ports);
        uint64_t busy;
        mem_req_t *h = port_head(x, m, r, p, &busy);
        uint64_t e = max64(h->ready, busy);
        if (e > now) {
            if (e < wake)
                wake = e;
            continue;
        }
        head[p] = h;
        unsigned o = mesh_route(m->k, r, m->dst_router[h->icnt_dst]);
        want[p] = (uint8_t)o;
        inputs_for[o] |= 1u << p;
        outputs |= 1u << o;
        eligible |= 1u << p;
    }
    unsigned granted = 0;
    for (; outputs; outputs &= outputs - 1) {
        unsigned o = (unsigned)__builtin_ctz(outputs);
        size_t op = (size_t)r * MESH_PORTS + o;
        bool link_free = m->link_busy[op] <= now, done = false;
        /* the candidates in round-robin order: from rr[op] on, wrapping */
        unsigned start = m->rr[op], cand = inputs_for[o];
        unsigned order = ((cand >> start) | (cand << (MESH_PORTS - start))) & ((1u << MESH_PORTS) - 1);
        for (; order; order &= order - 1) {
            unsigned p = start + (unsigned)__builtin_ctz(order);
            if (p >= MESH_PORTS)
                p -= MESH_PORTS;
            if (done || !link_free || !has_room(x, m, r, o, head[p], now)) {
                x->stats.output_conflicts++;
                continue;
            }
            grant(x, m, r, p, o, head[p], now);
            m->rr[op] = (uint8_t)(p + 1 < MESH_PORTS ? p + 1 : 0);
            granted |= 1u << p;
            done = true;
        }
    }
    /* When this router can next grant: the packet behind a granted head once
     * its port is free; a head that lost or found its link busy when the link
     * frees; a head without room downstream when the packet leaving that
     * buffer is gone, or else when the next one leaves it (grant wakes us) or
     * the ejection buffer is popped (mesh_popped wakes us). */
    for (; eligible; eligible &= eligible - 1) {
        unsigned p = (unsigned)__builtin_ctz(eligible), o = want[p];
        uint64_t e;
        if (granted & (1u << p)) {
            if (!(m->occ[r] & (1u << p)))
                continue;
            uint64_t busy;
            mem_req_t *h = port_head(x, m, r, p, &busy);
            e = max64(h->ready, busy);
        } else if (m->link_busy[(size_t)r * MESH_PORTS + o] > now) {
            e = m->link_busy[(size_t)r * MESH_PORTS + o];
        } else if (o == MESH_LOCAL) {
            e = CS_NEVER;
        } else {
            const mesh_buf_t *d = downstream(m, r, o);
            e = d->pend && d->flits - d->pend + head[p]->icnt_flits <= m->buf_cap ? d->busy : CS_NEVER;
        }
        if (e < wake)
            wake = e;
    }
    return wake;
}

static void mesh_cycle(xbar_t *x, uint64_t now)
{
    icnt_mesh_t *m = x->mesh;
    if (!x->queued && !x->in_net)
        return;
    if (m->n_unstamped)
        stamp(x, m, now);
    if (m->next_wake > now && !m->poll_all)
        return; /* no head packet anywhere can be granted yet */
    /* Grants take effect after this cycle everywhere (a packet sent now is
     * eligible at the next router at now + 1 + L at the earliest, the room it
     * frees comes back at now + F), so the order of the routers does not
     * matter. */
    uint64_t next = CS_NEVER;
    m->next_wake = CS_NEVER; /* grants lower it for the routers they wake */
    for (uint32_t r = 0; r < m->n_routers; r++) {
        uint64_t w = m->wake[r];
        if (w <= now || (m->poll_all && m->occ[r]))
            m->wake[r] = w = router_cycle(x, m, r, now);
        if (w < next)
            next = w;
    }
    if (next < m->next_wake)
        m->next_wake = next;
}

/* A lower bound on the next cycle anything in the mesh can move, or a pop can
 * happen: for each head packet, the cycle its pipeline, its input port, its
 * output link and the room downstream allow it. A head waiting for room that
 * only another packet's move can free is left out: that move is itself
 * counted, or waits for a pop, and the ejection buffers' heads are counted. */
static uint64_t mesh_next_event(const xbar_t *x, uint64_t now)
{
    const icnt_mesh_t *m = x->mesh;
    if (m->n_unstamped)
        return now;
    uint64_t t = CS_NEVER;
    if (x->queued || x->in_net) {
        for (uint32_t r = 0; r < m->n_routers; r++) {
            for (unsigned ports = m->occ[r]; ports; ports &= ports - 1) {
                unsigned p = (unsigned)__builtin_ctz(ports);
                uint64_t busy;
                const mem_req_t *h = port_head(x, m, r, p, &busy);
                unsigned o = mesh_route(m->k, r, m->dst_router[h->icnt_dst]);
                uint64_t e = max64(max64(h->ready, busy), m->link_busy[(size_t)r * MESH_PORTS + o]);
                uint32_t f = h->icnt_flits;
                if (o == MESH_LOCAL) {
                    if (x->out_flits[h->icnt_dst] + f > x->out_cap)
                        continue;
                } else {
                    const mesh_buf_t *d = downstream(m, r, o);
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
            if (x->out_ready[o] < t)
                t = x->out_ready[o];
    return t < now ? now : t;
}

static void mesh_popped(xbar_t *x, uint32_t out, uint64_t now)
{
    icnt_mesh_t *m = x->mesh;
    uint32_t r = m->dst_router[out];
    if (now < m->wake[r])
        m->wake[r] = now;
    if (now < m->next_wake)
        m->next_wake = now;
}

static void mesh_counted(xbar_t *x, uint32_t in, uint32_t n)
{
    x->mesh->n_unstamped += n;
}

const icnt_ops_t icnt_mesh_ops = {
    .init = mesh_init,
    .free = mesh_free,
    .enqueued = mesh_enqueued,
    .counted = mesh_counted,
    .popped = mesh_popped,
    .cycle = mesh_cycle,
    .next_event = mesh_next_event,
};

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
