/* gpu_power.c — the power model's glue: reads the counters the timing model
 * keeps and asks model/power.c for joules.
 *
 * Nothing here runs per event or per cycle. Energy is computed from the
 * cumulative counters at the points that need it: every
 * -power_sample_period core cycles (the "power_w" series: the average power
 * since the previous sample), at each kernel's start and end (its energy),
 * and when a run stops (the totals, the published metrics power.*, the text
 * lines and the JSON "power" object). Before measuring, every core's counters
 * are brought up to the current cycle (sm_catch_up), as before a policy
 * sample; that changes no statistic.
 *
 * Per-kernel energy is the whole GPU's energy between the kernel's start and
 * end (every SM, the memory system, static power included): kernels that
 * run concurrently share the energy of their overlap, so per-kernel figures
 * add up to the total only when kernels run one at a time. */
#include "gpu_internal.h"
#include "util/json_escape.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct gpu_power {
    uint64_t next_sample;   /* core cycle of the next power_w point (CS_NEVER: none) */
    uint64_t last_cycles;   /* elapsed cycles at the previous point */
    double last_j;          /* energy at the previous point */
    double *kernel_start_j; /* per kernel index: energy when it started, and its energy once done */
    double *kernel_j;
    uint64_t *kernel_start_cycles, *kernel_cycles;
    uint32_t cap_kernels;
    /* the last measurement (gpu_power_finish) */
    power_energy_t total;
    double *sm_j;
    uint64_t cycles;
    power_summary_t sum;
    bool measured;
};

static power_machine_t machine_of(const gpu_t *g)
{
    return (power_machine_t){.core_hz = g->cfg.clk_core_mhz * 1e6, .registers_per_sm = g->cfg.registers_per_sm,
                             .shmem_per_sm = g->cfg.shmem_per_sm};
}

/* One SM's counts, as the power model reads them. Its cycles are those its
 * counters have accounted (all of them after sm_catch_up). */
void gpu_power_sm_counts(const gpu_t *g, uint32_t i, power_sm_counts_t *out)
{
    const sm_t *s = &g->sm[i];
    const sm_counters_t *c = &s->c;
    const cache_stats_t *l1 = &s->ldst.l1.stats;
    memset(out, 0, sizeof *out);
    out->cycles = c->cycles;
    out->gated_cycles = c->gated_cycles;
    out->wakeups = c->wakeups;
    sm_alloc_integral(s, c->cycles, &out->reg_alloc_cycles, &out->shmem_alloc_cycles);
    uint64_t *e = out->events;
    e[PEV_FETCH_DECODE] = c->warp_insts;
    /* Kayiran's relative model charges a core's active power whenever it is
     * utilised (holds a CTA), stalled or not; GPUWattch-like presets only in
     * the cycles it could fetch */
    e[PEV_SM_ACTIVE_CYCLE] = g->cfg.power.sm_active_util ? c->cycles - c->no_cta_cycles : c->act_cycles;
    e[PEV_REG_READ] = c->reg_reads;
    e[PEV_REG_WRITE] = c->reg_writes;
    e[PEV_SP_LANE] = c->unit_lane_ops[UNIT_SP];
    e[PEV_INT_LANE] = c->unit_lane_ops[UNIT_INT];
    e[PEV_DP_LANE] = c->unit_lane_ops[UNIT_DP];
    e[PEV_SFU_LANE] = c->unit_lane_ops[UNIT_SFU];
    e[PEV_TENSOR_LANE] = c->unit_lane_ops[UNIT_TENSOR];
    e[PEV_LDST_LANE] = c->unit_lane_ops[UNIT_LDST];
    e[PEV_SHMEM_ACCESS] = c->shmem_accesses;
    e[PEV_SHMEM_REPLAY] = c->shmem_bank_cycles > c->shmem_accesses ? c->shmem_bank_cycles - c->shmem_accesses : 0;
    e[PEV_CONST_ACCESS] = c->const_accesses;
    e[PEV_L1_HIT] = l1->hits;
    e[PEV_L1_MISS] = l1->misses + l1->pending_hits;
    e[PEV_L1_FILL] = l1->read_misses;
}

void gpu_power_uncore_counts(const gpu_t *g, uint64_t core_cycles, power_uncore_counts_t *out)
{
    memset(out, 0, sizeof *out);
    out->core_cycles = core_cycles;
    out->n_l2 = g->n_l2;
    out->n_mc = g->n_ch;
    uint64_t *e = out->events;
    for (uint32_t i = 0; i < g->n_l2; i++) {
        const cache_stats_t *s = &g->l2[i].cache.stats;
        e[PEV_L2_HIT] += s->hits;
        e[PEV_L2_MISS] += s->misses + s->pending_hits;
    }
    for (uint32_t ch = 0; ch < g->n_ch; ch++) {
        const dram_stats_t *d = dram_get_stats(g->ch[ch].dram);
        e[PEV_L2_FILL] += d->reads;
        e[PEV_DRAM_ACT] += d->activates;
        e[PEV_DRAM_PRE] += d->precharges;
        e[PEV_DRAM_RD] += d->col_commands - d->write_commands;
        e[PEV_DRAM_WR] += d->write_commands;
    }
    e[PEV_ICNT_FLIT] = g->req_net.stats.flits + g->reply_net.stats.flits;
}

/* The energy so far into *e (and per SM into sm_j when not NULL); returns
 * the elapsed core cycles it covers. Counters must be caught up. */
static uint64_t measure(const gpu_t *g, power_energy_t *e, double *sm_j)
{
    const power_params_t *p = &g->cfg.power;
    const power_machine_t m = machine_of(g);
    memset(e, 0, sizeof *e);
    uint64_t cycles = 0;
    for (uint32_t i = 0; i < g->n_sm; i++) {
        power_sm_counts_t c;
        gpu_power_sm_counts(g, i, &c);
        power_energy_t one = {{0}};
        power_add_sm(p, &m, &c, &one);
        for (int k = 0; k < PC__COUNT; k++)
            e->component[k] += one.component[k];
        if (sm_j)
            sm_j[i] = power_total(&one);
        if (c.cycles > cycles)
            cycles = c.cycles;
    }
    power_uncore_counts_t u;
    gpu_power_uncore_counts(g, cycles, &u);
    power_add_uncore(p, &m, &u, e);
    return cycles;
}

static void catch_up_all(gpu_t *g, uint64_t now)
{
    for (uint32_t i = 0; i < g->n_sm; i++)
        sm_catch_up(&g->sm[i], now);
}

static double energy_now(gpu_t *g, uint64_t now, uint64_t *cycles)
{
    catch_up_all(g, now);
    power_energy_t e;
    uint64_t c = measure(g, &e, NULL);
    if (cycles)
        *cycles = c;
    return power_total(&e);
}

void gpu_power_init(gpu_t *g)
{
    if (!g->cfg.power.enabled)
        return;
    gpu_power_t *p = cs_xcalloc(1, sizeof *p);
    p->sm_j = cs_xcalloc(g->n_sm, sizeof *p->sm_j);
    p->next_sample = g->cfg.power.sample_period ? g->cfg.power.sample_period : CS_NEVER;
    g->power = p;
    if (p->next_sample < g->next_sample)
        g->next_sample = p->next_sample;
}

void gpu_power_free(gpu_t *g)
{
    gpu_power_t *p = g->power;
    if (!p)
        return;
    free(p->kernel_start_j);
    free(p->kernel_j);
    free(p->kernel_start_cycles);
    free(p->kernel_cycles);
    free(p->sm_j);
    free(p);
    g->power = NULL;
}

uint64_t gpu_power_next_sample(const gpu_t *g) { return g->power ? g->power->next_sample : CS_NEVER; }

static void publish_point(gpu_t *g, uint64_t cycles, double j)
{
    gpu_power_t *p = g->power;
    if (cycles <= p->last_cycles)
        return;
    double dt = (double)(cycles - p->last_cycles) / (g->cfg.clk_core_mhz * 1e6);
    gpu_metric_sample(g, "power_w", (j - p->last_j) / dt);
    p->last_cycles = cycles;
    p->last_j = j;
}

void gpu_power_sample(gpu_t *g, uint64_t now)
{
    gpu_power_t *p = g->power;
    if (!p || now < p->next_sample)
        return;
    uint64_t cycles;
    double j = energy_now(g, now, &cycles);
    publish_point(g, cycles, j);
    p->next_sample = now + g->cfg.power.sample_period;
}

static void grow_kernels(gpu_power_t *p, uint32_t index)
{
    if (index < p->cap_kernels)
        return;
    uint32_t cap = p->cap_kernels ? p->cap_kernels : 8;
    while (cap <= index)
        cap *= 2;
    p->kernel_start_j = cs_xrealloc(p->kernel_start_j, cap * sizeof *p->kernel_start_j);
    p->kernel_j = cs_xrealloc(p->kernel_j, cap * sizeof *p->kernel_j);
    p->kernel_start_cycles = cs_xrealloc(p->kernel_start_cycles, cap * sizeof *p->kernel_start_cycles);
    p->kernel_cycles = cs_xrealloc(p->kernel_cycles, cap * sizeof *p->kernel_cycles);
    for (uint32_t i = p->cap_kernels; i < cap; i++) {
        p->kernel_start_j[i] = p->kernel_j[i] = 0;
        p->kernel_start_cycles[i] = p->kernel_cycles[i] = 0;
    }
    p->cap_kernels = cap;
}

void gpu_power_kernel_started(gpu_t *g, const kernel_run_t *k, uint64_t now)
{
    gpu_power_t *p = g->power;
    if (!p)
        return;
    grow_kernels(p, k->index);
    p->kernel_start_j[k->index] = energy_now(g, now, &p->kernel_start_cycles[k->index]);
}

void gpu_power_kernel_done(gpu_t *g, const kernel_run_t *k, uint64_t now)
{
    gpu_power_t *p = g->power;
    if (!p)
        return;
    grow_kernels(p, k->index);
    uint64_t cycles;
    double j = energy_now(g, now, &cycles);
    p->kernel_j[k->index] = j - p->kernel_start_j[k->index];
    p->kernel_cycles[k->index] = cycles - p->kernel_start_cycles[k->index];
}

void gpu_power_finish(gpu_t *g, bool run_over)
{
    gpu_power_t *p = g->power;
    if (!p)
        return;
    /* the caller has caught every core up to the last cycle */
    p->cycles = measure(g, &p->total, p->sm_j);
    p->measured = true;
    double seconds = (double)p->cycles / (g->cfg.clk_core_mhz * 1e6);
    uint64_t insts = 0;
    for (uint32_t i = 0; i < g->n_sm; i++)
        insts += g->sm[i].c.thread_insts;
    power_summarise(&p->total, seconds, insts, &p->sum);
    if (run_over && g->cfg.power.sample_period)
        publish_point(g, p->cycles, p->sum.energy_j); /* the last, partial interval */
    gpu_metric_set(g, "power.energy_j", p->sum.energy_j);
    gpu_metric_set(g, "power.edp_js", p->sum.edp_js);
    gpu_metric_set(g, "power.avg_w", p->sum.avg_w);
    gpu_metric_set(g, "power.static_j", p->sum.static_j);
    gpu_metric_set(g, "power.dynamic_j", p->sum.dynamic_j);
}

const power_summary_t *gpu_power_summary(const gpu_t *g, const power_energy_t **components)
{
    if (!g->power || !g->power->measured)
        return NULL;
    if (components)
        *components = &g->power->total;
    return &g->power->sum;
}

double gpu_power_sm_energy(const gpu_t *g, uint32_t sm)
{
    return g->power && sm < g->n_sm ? g->power->sm_j[sm] : 0.0;
}

double gpu_power_kernel_energy(const gpu_t *g, uint32_t index, uint64_t *cycles)
{
    const gpu_power_t *p = g->power;
    if (!p || index >= p->cap_kernels) {
        if (cycles)
            *cycles = 0;
        return 0.0;
    }
    if (cycles)
        *cycles = p->kernel_cycles[index];
    return p->kernel_j[index];
}

/* --- output -------------------------------------------------------------- */

void gpu_power_print_kernel(const gpu_t *g, const kernel_run_t *k, FILE *f)
{
    if (!g->power || !g->power->measured)
        return;
    uint64_t cycles;
    double j = gpu_power_kernel_energy(g, k->index, &cycles);
    double s = (double)cycles / (g->cfg.clk_core_mhz * 1e6);
    fprintf(f, "kernel_energy_j = %.6g\n", j);
    fprintf(f, "kernel_avg_power = %.4f\n", s > 0 ? j / s : 0.0);
}

void gpu_power_print(const gpu_t *g, FILE *f)
{
    const power_energy_t *e;
    const power_summary_t *s = gpu_power_summary(g, &e);
    if (!s)
        return;
    /* GPGPU-Sim prints gpu_avg_power for the last kernel and gpu_tot_avg_power
     * for the run; ctasim's gpu_sim_* lines are the run's, and so is this. */
    fprintf(f, "gpu_avg_power = %.4f\n", s->avg_w);
    fprintf(f, "gpu_tot_avg_power = %.4f\n", s->avg_w);
    fprintf(f, "gpu_tot_energy_j = %.6g\n", s->energy_j);
    fprintf(f, "gpu_tot_dynamic_energy_j = %.6g\n", s->dynamic_j);
    fprintf(f, "gpu_tot_static_energy_j = %.6g\n", s->static_j);
    fprintf(f, "gpu_tot_static_share = %.4f\n", s->energy_j > 0 ? s->static_j / s->energy_j : 0.0);
    fprintf(f, "gpu_tot_edp_js = %.6g\n", s->edp_js);
    fprintf(f, "gpu_tot_inst_per_j = %.6g\n", s->inst_per_j);
    fprintf(f, "gpu_tot_inst_per_w = %.6g\n", s->inst_per_w);
    for (int c = 0; c < PC__COUNT; c++)
        fprintf(f, "gpu_energy_%s_j = %.6g\n", power_component_name((enum power_component)c), e->component[c]);
}

void gpu_power_write_json(const gpu_t *g, FILE *f)
{
    const power_energy_t *e;
    const power_summary_t *s = gpu_power_summary(g, &e);
    if (!s)
        return;
    const power_params_t *p = &g->cfg.power;
    fprintf(f,
            "  \"power\": {\"energy_j\": %.9g, \"dynamic_j\": %.9g, \"static_j\": %.9g, \"seconds\": %.9g, "
            "\"avg_w\": %.9g, \"edp_js\": %.9g, \"inst_per_j\": %.9g, \"inst_per_w\": %.9g, \"pcpg\": %s, "
            "\"gate_unused_rf_shmem\": %s, \"sample_period\": %" PRIu32 ",\n    \"components\": {",
            s->energy_j, s->dynamic_j, s->static_j, s->energy_j > 0 && s->avg_w > 0 ? s->energy_j / s->avg_w : 0.0,
            s->avg_w, s->edp_js, s->inst_per_j, s->inst_per_w, p->pcpg ? "true" : "false",
            p->gate_unused_rf_shmem ? "true" : "false", p->sample_period);
    for (int c = 0; c < PC__COUNT; c++)
        fprintf(f, "%s\"%s\": %.9g", c ? ", " : "", power_component_name((enum power_component)c), e->component[c]);
    fprintf(f, "},\n    \"per_sm_j\": [");
    for (uint32_t i = 0; i < g->n_sm; i++)
        fprintf(f, "%s%.9g", i ? ", " : "", g->power->sm_j[i]);
    fprintf(f, "],\n    \"per_kernel\": [");
    for (uint32_t k = 0; k < g->n_kernels; k++) {
        uint64_t cycles;
        double j = gpu_power_kernel_energy(g, k, &cycles);
        double sec = (double)cycles / (g->cfg.clk_core_mhz * 1e6);
        fprintf(f, "%s{\"name\": ", k ? ", " : "");
        json_put_str(f, g->kernels[k]->desc.name);
        fprintf(f, ", \"id\": %u, \"energy_j\": %.9g, \"avg_w\": %.9g}", g->kernels[k]->desc.id, j,
                sec > 0 ? j / sec : 0.0);
    }
    fprintf(f, "]},\n");
}
