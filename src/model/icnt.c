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
    if (cfg->icnt_topology == ICNT_MESH)
        mesh_init(x, net, cfg);
}

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
        x->in_pushed[in]++;
        return;
    }
    x->queued++;
    if (x->mesh)
        x->mesh->n_unstamped++;
}

void xbar_cycle(xbar_t *x, uint64_t now)
{
    if (x->mesh) {
        mesh_cycle(x, now);
        return;
    }
    if (!x->queued)
        return;
    uint32_t start = x->rr;
    x->rr = (x->rr + 1 == x->n_in) ? 0 : x->rr + 1;
    for (uint32_t k = 0; k < x->n_in; k++) {
        uint32_t i = start + k;
        if (i >= x->n_in)
            i -= x->n_in;
        mem_req_t *h = x->in_q[i].head;
        if (!h || x->in_busy[i] > now)
            continue;
        uint32_t o = h->icnt_dst, f = h->icnt_flits;
        if (x->out_busy[o] > now || x->out_flits[o] + f > x->out_cap) {
            x->stats.output_conflicts++;
            continue;
        }
        fifo_pop(&x->in_q[i]);
        x->queued--;
        x->in_flits[i] -= f;
        x->in_busy[i] = now + f;
        x->out_busy[o] = now + f;
        h->ready = now + x->latency + f - 1;
        x->out_flits[o] += f;
        fifo_push(&x->out_q[o], h);
        x->in_flight++;
        x->stats.packets++;
        x->stats.flits += f;
    }
}

mem_req_t *xbar_pop(xbar_t *x, uint32_t out, uint64_t now)
{
    mem_req_t *h = x->out_q[out].head;
    if (!h || h->ready > now)
        return NULL;
    fifo_pop(&x->out_q[out]);
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
            if (x->out_q[o].head && x->out_q[o].head->ready < t)
                t = x->out_q[o].head->ready;
    return t < now ? now : t;
}
