/* icnt.c — crossbar, and the dispatch to the mesh (see icnt.h). */
#include "icnt.h"
#include "icnt_mesh.h"

#include <stdlib.h>

void xbar_init_net(xbar_t *x, enum icnt_net net, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg)
{
    *x = (xbar_t){0};
    x->n_in = n_in;
    x->n_out = n_out;
    x->latency = cfg->icnt_latency ? cfg->icnt_latency : 1;
    x->flit_size = cfg->icnt_flit_size ? cfg->icnt_flit_size : 32;
    x->in_cap = cfg->icnt_in_buffer ? cfg->icnt_in_buffer : 64;
    x->out_cap = cfg->icnt_out_buffer ? cfg->icnt_out_buffer : 64;
    /* A buffer must hold the largest packet or nothing could ever move. */
    uint32_t biggest = xbar_flits(x, 256 + cfg->icnt_ctrl_bytes);
    if (x->in_cap < biggest)
        x->in_cap = biggest;
    if (x->out_cap < biggest)
        x->out_cap = biggest;
    x->in_q = cs_xcalloc(n_in, sizeof *x->in_q);
    x->in_flits = cs_xcalloc(n_in, sizeof *x->in_flits);
    x->in_busy = cs_xcalloc(n_in, sizeof *x->in_busy);
    x->out_q = cs_xcalloc(n_out, sizeof *x->out_q);
    x->out_flits = cs_xcalloc(n_out, sizeof *x->out_flits);
    x->out_busy = cs_xcalloc(n_out, sizeof *x->out_busy);
    x->out_ready = cs_xmalloc(n_out * sizeof *x->out_ready);
    for (uint32_t o = 0; o < n_out; o++)
        x->out_ready[o] = CS_NEVER;
    x->in_nonempty = cs_xcalloc((n_in + 63) / 64, sizeof *x->in_nonempty);
    if (cfg->icnt_topology == ICNT_MESH)
        mesh_init(x, net, cfg);
}

static inline void mark_nonempty(xbar_t *x, uint32_t in) { x->in_nonempty[in / 64] |= 1ull << (in % 64); }

void xbar_free(xbar_t *x)
{
    if (x->mesh)
        mesh_free(x);
    free(x->in_q);
    free(x->in_flits);
    free(x->in_busy);
    free(x->out_q);
    free(x->out_flits);
    free(x->out_busy);
    free(x->out_ready);
    free(x->in_nonempty);
    free(x->in_pushed);
    free(x->out_popped);
}

void xbar_push(xbar_t *x, uint32_t in, uint32_t out, mem_req_t *r, uint32_t bytes)
{
    r->icnt_dst = (uint16_t)out;
    r->icnt_flits = (uint16_t)xbar_flits(x, bytes);
    x->in_flits[in] += r->icnt_flits;
    fifo_push(&x->in_q[in], r);
    if (x->mesh)
        mesh_pushed(x, in, r);
    if (x->in_pushed) {
        x->in_pushed[in]++; /* marked non-empty when settled: other cores write their own words' neighbours */
        return;
    }
    if (!x->mesh)
        mark_nonempty(x, in);
    x->queued++;
    if (x->mesh)
        x->mesh->n_unstamped++;
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

void xbar_cycle(xbar_t *x, uint64_t now)
{
    if (x->mesh) {
        mesh_cycle(x, now);
        return;
    }
    if (!x->queued)
        return;
    /* inputs in round-robin order from `start`: start..n_in-1, then 0..start-1 */
    uint32_t start = x->rr;
    x->rr = (x->rr + 1 == x->n_in) ? 0 : x->rr + 1;
    xbar_grant_range(x, start, x->n_in, now);
    xbar_grant_range(x, 0, start, now);
}

mem_req_t *xbar_pop(xbar_t *x, uint32_t out, uint64_t now)
{
    if (x->out_ready[out] > now)
        return NULL;
    mem_req_t *h = fifo_pop(&x->out_q[out]);
    x->out_ready[out] = x->out_q[out].head ? x->out_q[out].head->ready : CS_NEVER;
    x->out_flits[out] -= h->icnt_flits;
    if (x->out_popped) {
        x->out_popped[out]++;
        return h;
    }
    x->in_flight--;
    if (x->mesh)
        mesh_popped(x, out, now);
    return h;
}

void xbar_defer(xbar_t *x, bool inputs, bool outputs)
{
    if (inputs && !x->in_pushed)
        x->in_pushed = cs_xcalloc(x->n_in, sizeof *x->in_pushed);
    if (outputs && !x->out_popped)
        x->out_popped = cs_xcalloc(x->n_out, sizeof *x->out_popped);
}

void xbar_settle_input(xbar_t *x, uint32_t in)
{
    uint32_t n = x->in_pushed[in];
    if (!n)
        return;
    x->in_pushed[in] = 0;
    x->queued += n;
    if (x->mesh)
        x->mesh->n_unstamped += n;
    else
        mark_nonempty(x, in);
}

void xbar_settle_output(xbar_t *x, uint32_t out, uint64_t now)
{
    uint32_t n = x->out_popped[out];
    if (!n)
        return;
    x->out_popped[out] = 0;
    x->in_flight -= n;
    if (x->mesh) /* a wake-up: the same for one pop or several at this cycle */
        mesh_popped(x, out, now);
}

uint64_t xbar_next_event(const xbar_t *x, uint64_t now)
{
    if (x->mesh)
        return mesh_next_event(x, now);
    if (x->queued)
        return now;
    uint64_t t = CS_NEVER;
    if (x->in_flight)
        for (uint32_t o = 0; o < x->n_out; o++)
            if (x->out_ready[o] < t)
                t = x->out_ready[o];
    return t < now ? now : t;
}
