/* icnt.c — the interconnect's two ends (injection queues, ejection buffers)
 * and the implementation chosen at creation (see icnt.h, icnt_net.h). */
#include "icnt.h"

#include <stdlib.h>

void icnt_params_from_config(icnt_params_t *p, const gpu_config_t *cfg)
{
    *p = (icnt_params_t){0};
    p->topology = cfg->icnt_topology == ICNT_MESH ? ICNT_MESH : ICNT_CROSSBAR;
    p->latency = cfg->icnt_latency ? cfg->icnt_latency : 1;
    p->flit_size = cfg->icnt_flit_size ? cfg->icnt_flit_size : 32;
    p->in_cap = cfg->icnt_in_buffer ? cfg->icnt_in_buffer : 64;
    p->out_cap = cfg->icnt_out_buffer ? cfg->icnt_out_buffer : 64;
    /* A buffer must hold the largest packet or nothing could ever move. */
    uint32_t biggest = (256 + cfg->icnt_ctrl_bytes + p->flit_size - 1) / p->flit_size;
    if (p->in_cap < biggest)
        p->in_cap = biggest;
    if (p->out_cap < biggest)
        p->out_cap = biggest;
    p->ctrl_bytes = cfg->icnt_ctrl_bytes;
    p->mesh_dim = cfg->mesh_dim;
    p->mesh_router_latency = cfg->mesh_router_latency;
    p->mesh_buffer = cfg->mesh_buffer;
}

void xbar_create(xbar_t *x, enum icnt_net net, uint32_t n_in, uint32_t n_out, const icnt_params_t *p)
{
    *x = (xbar_t){0};
    x->n_in = n_in;
    x->n_out = n_out;
    x->latency = p->latency;
    x->flit_size = p->flit_size;
    x->in_cap = p->in_cap;
    x->out_cap = p->out_cap;
    x->in_q = cs_xcalloc(n_in, sizeof *x->in_q);
    x->in_flits = cs_xcalloc(n_in, sizeof *x->in_flits);
    x->in_busy = cs_xcalloc(n_in, sizeof *x->in_busy);
    x->out_q = cs_xcalloc(n_out, sizeof *x->out_q);
    x->out_flits = cs_xcalloc(n_out, sizeof *x->out_flits);
    x->out_busy = cs_xcalloc(n_out, sizeof *x->out_busy);
    x->out_ready = cs_xmalloc(n_out * sizeof *x->out_ready);
    for (uint32_t o = 0; o < n_out; o++)
        x->out_ready[o] = CS_NEVER;
    x->ops = p->topology == ICNT_MESH ? &icnt_mesh_ops : &icnt_crossbar_ops;
    x->ops->init(x, net, p);
}

void xbar_init_net(xbar_t *x, enum icnt_net net, uint32_t n_in, uint32_t n_out, const gpu_config_t *cfg)
{
    icnt_params_t p;
    icnt_params_from_config(&p, cfg);
    xbar_create(x, net, n_in, n_out, &p);
}

void xbar_free(xbar_t *x)
{
    x->ops->free(x);
    free(x->in_q);
    free(x->in_flits);
    free(x->in_busy);
    free(x->out_q);
    free(x->out_flits);
    free(x->out_busy);
    free(x->out_ready);
    free(x->in_pushed);
    free(x->out_popped);
}

/* n packets pushed to input `in` join the network's counts: its bit in the
 * map of non-empty inputs, for an implementation that keeps one, and what
 * the implementation counts itself. */
static inline void count_pushes(xbar_t *x, uint32_t in, uint32_t n)
{
    if (x->in_nonempty)
        x->in_nonempty[in / 64] |= 1ull << (in % 64);
    if (x->ops->counted)
        x->ops->counted(x, in, n);
}

void xbar_push(xbar_t *x, uint32_t in, uint32_t out, mem_req_t *r, uint32_t bytes)
{
    r->icnt_dst = (uint16_t)out;
    r->icnt_flits = (uint16_t)xbar_flits(x, bytes);
    x->in_flits[in] += r->icnt_flits;
    fifo_push(&x->in_q[in], r);
    if (x->ops->enqueued)
        x->ops->enqueued(x, in, r);
    if (x->in_pushed) {
        x->in_pushed[in]++; /* counted when settled */
        return;
    }
    x->queued++;
    count_pushes(x, in, 1);
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
    if (x->ops->popped)
        x->ops->popped(x, out, now);
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
    count_pushes(x, in, n);
}

void xbar_settle_output(xbar_t *x, uint32_t out, uint64_t now)
{
    uint32_t n = x->out_popped[out];
    if (!n)
        return;
    x->out_popped[out] = 0;
    x->in_flight -= n;
    if (x->ops->popped) /* (the mesh's wake-up is the same for one pop or several) */
        x->ops->popped(x, out, now);
}
