/* gpu_api.c — the read/write surface policies and drivers use (gpu.h). */
#include "gpu_internal.h"

#include <stdlib.h>
#include <string.h>

const gpu_config_t *gpu_config(const gpu_t *g) { return &g->cfg; }
uint64_t gpu_cycle(const gpu_t *g) { return g->cycle[CLK_CORE]; }
uint32_t gpu_n_sm(const gpu_t *g) { return g->n_sm; }
uint32_t gpu_n_kernels(const gpu_t *g) { return g->n_kernels; }
const kernel_run_t *gpu_kernel(const gpu_t *g, uint32_t i) { return i < g->n_kernels ? g->kernels[i] : NULL; }
const sm_counters_t *gpu_sm_counters(const gpu_t *g, uint32_t sm) { return &g->sm[sm].c; }
enum core_state gpu_sm_state(const gpu_t *g, uint32_t sm) { return g->sm[sm].state; }

uint32_t gpu_sm_free_ctas(const gpu_t *g, uint32_t sm, const kernel_run_t *k)
{
    const sm_t *s = &g->sm[sm];
    const gpu_config_t *c = &g->cfg;
    uint32_t n = k->max_ctas_per_sm > sm_resident_ctas(s, k) ? k->max_ctas_per_sm - sm_resident_ctas(s, k) : 0;
    uint32_t slots = CS_MIN(c->max_cta_per_sm, (uint32_t)MAX_CTAS_PER_SM);
    n = CS_MIN(n, slots > s->used_ctas ? slots - s->used_ctas : 0);
    n = CS_MIN(n, (c->max_threads_per_sm - s->used_threads) / k->threads_per_cta);
    n = CS_MIN(n, (MAX_WARPS_PER_SM - s->used_warps) / k->warps_per_cta);
    if (k->regs_per_cta)
        n = CS_MIN(n, (c->registers_per_sm - s->used_regs) / k->regs_per_cta);
    if (k->shmem_per_cta)
        n = CS_MIN(n, (c->shmem_per_sm - s->used_shmem) / k->shmem_per_cta);
    return n;
}

uint32_t gpu_sm_free_ctas_after(const gpu_t *g, uint32_t sm, const kernel_run_t *placed, const kernel_run_t *k)
{
    const sm_t *s = &g->sm[sm];
    const gpu_config_t *c = &g->cfg;
    uint32_t res = sm_resident_ctas(s, k) + (placed == k);
    uint32_t n = k->max_ctas_per_sm > res ? k->max_ctas_per_sm - res : 0;
    uint32_t slots = CS_MIN(c->max_cta_per_sm, (uint32_t)MAX_CTAS_PER_SM);
    uint32_t used_ctas = s->used_ctas + 1, used_threads = s->used_threads + placed->threads_per_cta,
             used_warps = s->used_warps + placed->warps_per_cta, used_regs = s->used_regs + placed->regs_per_cta,
             used_shmem = s->used_shmem + placed->shmem_per_cta;
    if (used_threads > c->max_threads_per_sm || used_warps > MAX_WARPS_PER_SM || used_regs > c->registers_per_sm ||
        used_shmem > c->shmem_per_sm || used_ctas > slots)
        return 0;
    n = CS_MIN(n, slots - used_ctas);
    n = CS_MIN(n, (c->max_threads_per_sm - used_threads) / k->threads_per_cta);
    n = CS_MIN(n, (MAX_WARPS_PER_SM - used_warps) / k->warps_per_cta);
    if (k->regs_per_cta)
        n = CS_MIN(n, (c->registers_per_sm - used_regs) / k->regs_per_cta);
    if (k->shmem_per_cta)
        n = CS_MIN(n, (c->shmem_per_sm - used_shmem) / k->shmem_per_cta);
    return n;
}

void gpu_policy_fail(gpu_t *g, const char *msg)
{
    if (g->failed)
        return;
    cs_err(&g->err, NULL, 0, "%s", msg);
    g->failed = true;
}

uint32_t gpu_sm_resident_ctas(const gpu_t *g, uint32_t sm, const kernel_run_t *k)
{
    return sm_resident_ctas(&g->sm[sm], k);
}

uint32_t gpu_sm_ctas(const gpu_t *g, uint32_t sm, cta_info_t *out, uint32_t max)
{
    const sm_t *s = &g->sm[sm];
    uint32_t n = 0;
    for (uint32_t m = s->cta_mask; m && n < max; m &= m - 1)
        sm_cta_info(s, (uint32_t)__builtin_ctz(m), &out[n++]);
    /* most recently issued last: order by start cycle, then CTA id */
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0; j--) {
            cta_info_t *a = &out[j - 1], *b = &out[j];
            if (a->start_cycle > b->start_cycle || (a->start_cycle == b->start_cycle && a->cta_id > b->cta_id)) {
                cta_info_t t = *a;
                *a = *b;
                *b = t;
            } else
                break;
        }
    return n;
}

void gpu_set_sm_state(gpu_t *g, uint32_t sm, enum core_state st)
{
    /* a sleeping core accounts its skipped cycles under the state they had */
    sm_t *s = &g->sm[sm];
    sm_catch_up(s, g->cycle[CLK_CORE]);
    if (s->state == CORE_OFF && st != CORE_OFF && s->c.gated_cycles > s->gated_mark) {
        s->c.wakeups++; /* it was gated: the power model charges a wake-up */
        /* and it is powered again only after the wake-up latency (power-gating
         * hardware restores the supply before the core can take work) */
        s->powered_at = g->cycle[CLK_CORE] + g->cfg.power.wakeup_cycles;
    }
    if (st == CORE_OFF && s->state != CORE_OFF)
        s->gated_mark = s->c.gated_cycles;
    s->state = st;
    g->dispatch_dirty = true;
}

void gpu_request_dispatch(gpu_t *g) { g->dispatch_dirty = true; }

void gpu_set_cta_paused(gpu_t *g, uint32_t sm, uint32_t slot, bool paused)
{
    sm_t *s = &g->sm[sm];
    if (!sm_cta_used(s, slot))
        return;
    s->cta[slot].paused = paused;
    sm_update_any_paused(s);
}

void gpu_set_cta_bypass(gpu_t *g, uint32_t sm, uint32_t slot, bool bypass)
{
    if (sm_cta_used(&g->sm[sm], slot))
        g->sm[sm].cta[slot].bypass_l1 = bypass;
}

void gpu_set_mem_throttle(gpu_t *g, uint32_t sm, bool throttle)
{
    sm_t *s = &g->sm[sm];
    if (s->mem_throttle && !throttle) {
        /* a core whose warps all wait to issue memory instructions sleeps
         * with no wake-up time: look at its warps again now */
        sm_catch_up(s, g->cycle[CLK_CORE]);
        s->iss.dirty = true;
        if (*s->wake > g->cycle[CLK_CORE])
            *s->wake = g->cycle[CLK_CORE];
    }
    s->mem_throttle = throttle;
}

uint32_t gpu_n_gpc(const gpu_t *g) { return config_n_gpc(&g->cfg); }
uint32_t gpu_sm_gpc(const gpu_t *g, uint32_t sm) { return config_gpc_of_sm(&g->cfg, sm); }

/* A cluster counts once, on the core of its lowest-ranked CTA still resident. */
uint32_t gpu_gpc_clusters(const gpu_t *g, uint32_t gpc, const kernel_run_t *k)
{
    uint32_t n = 0, first = 0;
    for (uint32_t q = 0; q < gpc; q++) /* the GPC's cores are a run of consecutive ones */
        first += config_gpc_sms(&g->cfg, q);
    for (uint32_t sm = first; sm < first + config_gpc_sms(&g->cfg, gpc) && sm < g->n_sm; sm++) {
        const sm_t *s = &g->sm[sm];
        for (uint32_t m = s->cta_mask; m; m &= m - 1) {
            const cta_slot_t *c = &s->cta[__builtin_ctz(m)];
            if (c->kernel != k || !c->cluster || c->cluster->size < 2)
                continue;
            const cluster_run_t *cl = c->cluster;
            for (uint32_t r = 0; r < cl->size; r++) {
                const sm_t *ms = cl->member[r].sm;
                const cta_slot_t *mc = &ms->cta[cl->member[r].slot];
                if (sm_cta_used(ms, cl->member[r].slot) && mc->cluster == cl) { /* the first one resident */
                    n += ms == s && mc == c;
                    break;
                }
            }
        }
    }
    return n;
}

uint32_t gpu_chain_cap(gpu_t *g, uint32_t sm, const kernel_run_t *k, const cta_link_t *except)
{
    uint32_t cap = k->max_ctas_per_sm;
    for (unsigned l = 0; l < g->chain.n; l++) {
        const cta_link_t *p = &g->chain.link[l];
        if (p == except || !p->ops->cap)
            continue;
        uint32_t c = p->ops->cap(p->st, g, sm, k);
        if (c < cap)
            cap = c;
    }
    return cap;
}

void gpu_set_sample_interval(gpu_t *g, uint32_t cycles)
{
    g->trace_interval = cycles;
    free(g->trace_insts);
    g->trace_insts = cycles ? cs_xcalloc(g->n_sm, sizeof *g->trace_insts) : NULL;
    memset(g->trace_prev, 0, sizeof g->trace_prev);
    for (uint32_t i = 0; cycles && i < g->n_sm; i++) {
        const sm_counters_t *c = &g->sm[i].c;
        g->trace_insts[i] = c->thread_insts;
        for (int o = 0; o < OUT__COUNT; o++)
            g->trace_prev[o] += c->outcome[o];
        g->trace_prev[OUT__COUNT] += c->mem_lat_sum;
        g->trace_prev[OUT__COUNT + 1] += c->mem_lat_count;
    }
    g->last_trace = g->cycle[CLK_CORE];
    g->next_trace = cycles ? g->cycle[CLK_CORE] + cycles : CS_NEVER;
    if (g->next_trace < g->next_sample)
        g->next_sample = g->next_trace;
}

const metrics_t *gpu_metrics(const gpu_t *g) { return &g->metrics; }

void gpu_policy_set_sample_period(gpu_t *g, cta_link_t *self, uint32_t period)
{
    self->sample_period = period;
    self->next_sample = period ? g->cycle[CLK_CORE] + period : CS_NEVER;
    if (self->next_sample < g->next_sample)
        g->next_sample = self->next_sample;
}

uint32_t gpu_running_kernels(const gpu_t *g, const kernel_run_t **out, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = g->first_unfinished; i < g->n_kernels && n < max; i++)
        if (g->kernels[i]->state == KERNEL_RUNNING)
            out[n++] = g->kernels[i];
    return n;
}

const cache_stats_t *gpu_sm_l1_stats(const gpu_t *g, uint32_t sm) { return &g->sm[sm].ldst.l1.stats; }

void gpu_metric_set(gpu_t *g, const char *name, double value) { metrics_set(&g->metrics, name, value); }
void gpu_metric_add(gpu_t *g, const char *name, double delta) { metrics_add(&g->metrics, name, delta); }
void gpu_metric_sample(gpu_t *g, const char *series, double value)
{
    metrics_sample(&g->metrics, series, g->cycle[CLK_CORE], value);
}
bool gpu_metric_get(const gpu_t *g, const char *name, double *value) { return metrics_get(&g->metrics, name, value); }
size_t gpu_metric_series(const gpu_t *g, const char *series, const uint64_t **cycles, const double **values)
{
    const metric_series_t *s = metrics_series(&g->metrics, series);
    if (!s)
        return 0;
    *cycles = s->cycle;
    *values = s->value;
    return s->n;
}
