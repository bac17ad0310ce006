/* gpu.c — the top level: clock domains, kernel launch queue, CTA dispatch,
 * the simulation loop and idle-cycle skipping.
 *
 * Clock domains (core, interconnect, L2, DRAM) tick at their own frequencies;
 * time is kept in femtoseconds. At an instant where several domains tick, they
 * tick in the order DRAM, L2, interconnect, core (memory side first, as
 * GPGPU-Sim does), so anything handed across a domain boundary is seen at the
 * receiver's next tick. Components that have nothing to do are not called,
 * and when every component is waiting for a known future event the clocks
 * jump straight to it. */
#include "gpu_internal.h"
#include "core_workers.h"
#include "launch_rules.h"
#include "run_ahead.h"
#include "model/zero_pages.h"

#include <math.h>
#include <sched.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Where a run's wall time goes, phase by phase: compiled in only with
 * -DCTASIM_PHASE_PROFILE (make prof: build-prof/ctasim), printed to stderr
 * when the GPU is destroyed. The core phase is split into its serial part
 * (kernel start, samples, dispatch, finished CTAs), the cores' ticks and the
 * merge after them; "wait" is the time the main thread waited for items other
 * threads ran (all phases), part of the phases' times. */
enum { PROF_DRAM, PROF_L2, PROF_ICNT, PROF_CORE, PROF_CORE_TICKS, PROF_CORE_MERGE, PROF_TOTAL, PROF__COUNT };
#ifdef CTASIM_PHASE_PROFILE
#define PROF_START(v) const uint64_t v = now_ns()
#define PROF_ADD(g, i, v) ((g)->prof_ns[i] += now_ns() - (v))
static void prof_print(const gpu_t *g)
{
    const uint64_t *p = g->prof_ns;
    double total = p[PROF_TOTAL] ? (double)p[PROF_TOTAL] : 1;
    double core_serial = (double)p[PROF_CORE] - (double)p[PROF_CORE_TICKS] - (double)p[PROF_CORE_MERGE];
    double rest = total - (double)(p[PROF_DRAM] + p[PROF_L2] + p[PROF_ICNT] + p[PROF_CORE]);
    double wait = g->workers ? (double)core_workers_wait_ns(g->workers) : 0;
    fprintf(stderr,
            "phase profile: total %.3f s | cores %.1f%% | core merge %.1f%% | core serial %.1f%% | icnt %.1f%% | "
            "L2 %.1f%% | DRAM %.1f%% | idle skip and loop %.1f%% | waiting for other threads %.1f%%\n",
            total * 1e-9, 100 * p[PROF_CORE_TICKS] / total, 100 * p[PROF_CORE_MERGE] / total, 100 * core_serial / total,
            100 * p[PROF_ICNT] / total, 100 * p[PROF_L2] / total, 100 * p[PROF_DRAM] / total, 100 * rest / total,
            100 * wait / total);
    if (g->ahead_cycles)
        fprintf(stderr, "phase profile: cores ticked ahead of their phase over %llu core cycles (run-ahead windows)\n",
                (unsigned long long)g->ahead_cycles);
    static const char *const name[4] = {"cores", "L2", "DRAM", "DRAM + L2 (partitions)"};
    for (int i = 0; i < 4; i++) {
        const uint64_t *c = g->prof_cycles[i];
        if (c[0] + c[1])
            fprintf(stderr, "phase profile: %s on the team in %.1f%% of %llu cycles; chose the team %u of %u times\n",
                    name[i], 100.0 * (double)c[1] / (double)(c[0] + c[1]), (unsigned long long)(c[0] + c[1]),
                    g->prof_choices[i][1], g->prof_choices[i][0] + g->prof_choices[i][1]);
    }
}
/* a phase's cycle on the team or not; a timing's outcome (-1: not yet) */
#define PROF_PHASE(g, i, team) ((g)->prof_cycles[i][(team) ? 1 : 0]++)
#define PROF_CHOICE(g, i, r)                                                                                           \
    do {                                                                                                               \
        const int r_ = (r);                                                                                            \
        if (r_ >= 0)                                                                                                   \
            (g)->prof_choices[i][r_]++;                                                                                \
    } while (0)
#else
#define PROF_START(v) ((void)0)
#define PROF_ADD(g, i, v) ((void)0)
#define PROF_PHASE(g, i, team) ((void)0)
#define PROF_CHOICE(g, i, r) ((void)(r))
#endif

/* Front-end failure or model error: record the first message. */
static void gpu_fail(struct gpu *g, const cs_error_t *e)
{
    if (!g->failed) {
        g->err = *e;
        g->failed = true;
    }
}

/* ------------------------------------------------------------------------ */

static uint64_t period_fs(double mhz) { return (uint64_t)llround(1e9 / mhz); }

gpu_t *gpu_create(const gpu_config_t *cfg, const gpu_policies_t *pol, cs_error_t *err)
{
    if (config_validate(cfg, err) < 0)
        return NULL;
    gpu_t *g = cs_xcalloc(1, sizeof *g);
    g->cfg = *cfg;
    g->n_sm = config_n_sm(cfg);
    g->n_ch = cfg->n_mem;
    g->n_l2 = config_n_l2(cfg);
    if (addrmap_init(&g->amap, cfg->addr_mapping, g->n_ch, cfg->n_sub_partition_per_mchannel,
                     cfg->partition_indexing, err) < 0) {
        free(g);
        return NULL;
    }
    snprintf(g->warp_spec, sizeof g->warp_spec, "%s", pol->warp_spec);
    policy_args_t wa;
    if (policy_args_parse(&wa, g->warp_spec, err) < 0) {
        free(g);
        return NULL;
    }
    g->wp = pol->warp;
    /* the arguments it takes, defaults included: ask one throwaway instance
     * (the cores' own instances are made, and their arguments checked, by
     * sm_init). Its create is the first: it enforces the create contract
     * (model/warp_policy.h) before any core is built. */
    cs_error_t cerr = {{0}};
    void *probe = g->wp->create ? g->wp->create(&wa, 0, 0, MAX_WARPS_PER_SM, &cerr) : NULL;
    if (g->wp->create && !probe) {
        if (!cerr.msg[0])
            cs_err(err, NULL, 0, "warp policy '%s': create failed without an error message", g->wp->name);
        else if (err)
            *err = cerr;
        free(g);
        return NULL;
    }
    if (probe && g->wp->destroy)
        g->wp->destroy(probe);
    policy_args_resolved(&wa, g->warp_resolved, sizeof g->warp_resolved);
    req_pool_init(&g->pool);
    xbar_init_net(&g->req_net, ICNT_REQUEST, g->n_sm, g->n_l2, cfg);
    xbar_init_net(&g->reply_net, ICNT_REPLY, g->n_l2, g->n_sm, cfg);
    g->io = (mem_ports_t){.cfg = &g->cfg, .amap = &g->amap, .pool = &g->pool, .req_net = &g->req_net,
                          .reply_net = &g->reply_net};
    g->sm = zero_pages_alloc_dense(g->n_sm, sizeof *g->sm); /* sm_init writes a page of each core's */
    for (uint32_t i = 0; i < g->n_sm; i++) {
        if (sm_init(&g->sm[i], &g->io, i, g->wp, g->warp_spec, err) < 0) {
            gpu_destroy(g);
            return NULL;
        }
    }
    g->l2 = cs_xcalloc(g->n_l2, sizeof *g->l2);
    for (uint32_t i = 0; i < g->n_l2; i++)
        l2_init(&g->l2[i], &g->io, i);
    g->ch = cs_xcalloc(g->n_ch, sizeof *g->ch);
    uint32_t nsub = cfg->n_sub_partition_per_mchannel;
    for (uint32_t i = 0; i < g->n_ch; i++)
        mem_channel_init(&g->ch[i], &g->io, i, &g->l2[i * nsub], nsub);
    g->period_fs[CLK_CORE] = period_fs(cfg->clk_core_mhz);
    g->period_fs[CLK_ICNT] = period_fs(cfg->clk_icnt_mhz);
    g->period_fs[CLK_L2] = period_fs(cfg->clk_l2_mhz);
    g->period_fs[CLK_DRAM] = period_fs(cfg->clk_dram_mhz);
    for (int d = 0; d < CLK__COUNT; d++)
        g->next_fs[d] = g->period_fs[d];
    g->next_sample = CS_NEVER;
    g->next_power_up = CS_NEVER;
    g->next_ahead_event = CS_NEVER;
    g->ahead_event = cs_xcalloc(g->n_sm, sizeof *g->ahead_event);
    g->ahead_rc = cs_xcalloc(g->n_sm, sizeof *g->ahead_rc);
    /* --active-cores N: the others never take a CTA and are gated from the start */
    if (cfg->active_cores)
        for (uint32_t i = cfg->active_cores; i < g->n_sm; i++)
            g->sm[i].state = CORE_OFF;
    if (cta_chain_create(&g->chain, g, &pol->cta, err) < 0) {
        gpu_destroy(g);
        return NULL;
    }
    /* A policy that hears of CTAs issued or finished may act on any core at
     * such an event: no run-ahead windows under it. */
    g->chain_windows = true;
    for (unsigned l = 0; l < g->chain.n; l++)
        if (g->chain.link[l].ops->cta_issued || g->chain.link[l].ops->cta_finished)
            g->chain_windows = false;
    gpu_power_init(g);
    return g;
}

void gpu_destroy(gpu_t *g)
{
    if (!g)
        return;
#ifdef CTASIM_PHASE_PROFILE
    prof_print(g);
#endif
    /* a run stopped early: running kernels still hold per-kernel policy state */
    for (uint32_t k = g->first_unfinished; k < g->n_kernels; k++)
        if (g->kernels[k]->state == KERNEL_RUNNING)
            cta_chain_kernel_finished(&g->chain, g, g->kernels[k]);
    cta_chain_destroy(&g->chain);
    metrics_free(&g->metrics);
    gpu_power_free(g);
    free(g->trace_insts);
    free(g->provenance_json);
    free(g->provenance_text);
    if (g->sm)
        for (uint32_t i = 0; i < g->n_sm; i++)
            if (g->sm[i].ldst.lrec) /* initialised */
                sm_free(&g->sm[i]);
    zero_pages_free(g->sm, g->n_sm, sizeof *g->sm);
    for (uint32_t k = 0; k < g->n_kernels; k++) {
        kernel_run_t *kr = g->kernels[k];
        if (kr->state != KERNEL_DONE && kr->desc.ops && kr->desc.ops->destroy && !kr->desc.borrowed)
            kr->desc.ops->destroy(kr->desc.src);
        free(kr);
    }
    free(g->kernels);
    if (g->l2)
        for (uint32_t i = 0; i < g->n_l2; i++)
            l2_free(&g->l2[i]);
    free(g->l2);
    if (g->ch)
        for (uint32_t i = 0; i < g->n_ch; i++)
            mem_channel_free(&g->ch[i]);
    free(g->ch);
    core_workers_destroy(g->workers);
    free(g->due);
    free(g->tick_rc);
    free(g->tick_note);
    free(g->tick_last);
    free(g->ahead_event);
    free(g->ahead_rc);
    free(g->core_wake);
    free(g->mem_note);
    free(g->mem_due);
    if (g->io.pool) { /* crossbars and pool exist once io is set */
        xbar_free(&g->req_net);
        xbar_free(&g->reply_net);
        /* requests move between pools: every slab goes only once all are done with */
        if (g->sm_pools)
            for (uint32_t i = 0; i < g->n_sm; i++)
                req_pool_destroy(&g->sm_pools[i].p);
        if (g->l2_pools)
            for (uint32_t i = 0; i < g->n_l2; i++)
                req_pool_destroy(&g->l2_pools[i].p);
        req_pool_destroy(&g->pool);
    }
    free(g->sm_pools);
    free(g->l2_pools);
    free(g);
}

/* ------------------------------------------------------------------------ */
/* kernels */

static uint32_t round_up(uint32_t v, uint32_t g) { return g ? (v + g - 1) / g * g : v; }

uint32_t gpu_occupancy(const gpu_config_t *cfg, const kernel_desc_t *k, const char **limiting)
{
    uint32_t warps_per_cta = kernel_warps_per_cta(k), threads_per_cta = warps_per_cta * WARP_SIZE;
    uint32_t regs_per_cta = round_up(k->regs_per_thread, cfg->reg_alloc_granularity) * threads_per_cta;
    uint32_t shmem_per_cta = round_up(k->shmem_bytes, cfg->shmem_alloc_granularity);
    uint32_t lim = cfg->max_cta_per_sm < MAX_CTAS_PER_SM ? cfg->max_cta_per_sm : MAX_CTAS_PER_SM;
    const char *why = "CTA slots";
#define LIMIT(cond, val, name)                   \
    if (cond) {                                  \
        uint32_t v_ = (val);                     \
        if (v_ < lim) {                          \
            lim = v_;                            \
            why = name;                          \
        }                                        \
    }
    LIMIT(threads_per_cta, cfg->max_threads_per_sm / threads_per_cta, "threads");
    LIMIT(warps_per_cta, MAX_WARPS_PER_SM / warps_per_cta, "warp slots");
    LIMIT(regs_per_cta, cfg->registers_per_sm / regs_per_cta, "registers");
    LIMIT(shmem_per_cta, cfg->shmem_per_sm / shmem_per_cta, "shared memory");
#undef LIMIT
    if (limiting)
        *limiting = why;
    return lim;
}

int gpu_launch(gpu_t *g, const kernel_desc_t *k, cs_error_t *err) { return gpu_launch_at(g, k, 0, err); }

int gpu_launch_at(gpu_t *g, const kernel_desc_t *k, uint64_t host_cycle, cs_error_t *err)
{
    const gpu_config_t *cfg = &g->cfg;
    kernel_run_t *kr = cs_xcalloc(1, sizeof *kr);
    kr->desc = *k;
    kr->index = g->n_kernels;
    kr->total_ctas = dim3_count(k->grid);
    kr->warps_per_cta = kernel_warps_per_cta(k);
    kr->threads_per_cta = kr->warps_per_cta * WARP_SIZE;
    kr->regs_per_cta = round_up(k->regs_per_thread, cfg->reg_alloc_granularity) * kr->threads_per_cta;
    kr->shmem_per_cta = round_up(k->shmem_bytes, cfg->shmem_alloc_granularity);
    kr->launch_cycle = host_cycle > g->cycle[CLK_CORE] ? host_cycle : g->cycle[CLK_CORE];

    const char *what = NULL;
    uint32_t lim = gpu_occupancy(cfg, k, &kr->limiting_resource);
    if (kr->total_ctas == 0)
        what = "the grid is empty";
    else if (kr->warps_per_cta > 32)
        what = "more than 1024 threads per CTA";
    else if (lim == 0)
        what = kr->limiting_resource;
    if (what) {
        int rc = cs_err(err, NULL, 0, "kernel '%s': cannot run on this GPU: %s%s (block %ux%ux%u, %u regs/thread, %u B shared)",
                        k->name, lim == 0 && kr->total_ctas ? "one CTA needs more " : "", what, k->block.x,
                        k->block.y, k->block.z, k->regs_per_thread, k->shmem_bytes);
        free(kr);
        return rc;
    }
    kr->occupancy_limit = lim;
    kr->max_ctas_per_sm = cfg->max_ctas_override && cfg->max_ctas_override < lim ? cfg->max_ctas_override : lim;
    uint32_t csize = kernel_cluster_size(k);
    if (csize > CLUSTER_MAX_CTAS) {
        int rc = cs_err(err, NULL, 0, "kernel '%s': cannot run on this GPU: a cluster of %u CTAs (at most %u)", k->name,
                        csize, CLUSTER_MAX_CTAS);
        free(kr);
        return rc;
    }
    if (csize > 1) { /* a cluster's CTAs run together on one GPC: the largest must hold them */
        uint32_t best = 0, best_sms = 0, first = 0;
        for (uint32_t q = 0; q < config_n_gpc(cfg); q++) {
            uint32_t n = config_gpc_sms(cfg, q), usable = n; /* --active-cores: cores 0..N-1 take CTAs */
            if (cfg->active_cores)
                usable = cfg->active_cores <= first ? 0 : CS_MIN(n, cfg->active_cores - first);
            first += n;
            if (usable * kr->max_ctas_per_sm > best) {
                best = usable * kr->max_ctas_per_sm;
                best_sms = usable;
            }
        }
        if (best < csize) {
            int rc = cs_err(err, NULL, 0,
                            "kernel '%s': cannot run on this GPU: a cluster of %u CTAs does not fit in one GPC (the "
                            "largest holds %u: %u SMs x %u CTAs, limited by %s%s)",
                            k->name, csize, best, best_sms, kr->max_ctas_per_sm,
                            kr->max_ctas_per_sm < lim ? "--max-ctas" : kr->limiting_resource,
                            cfg->active_cores ? "; --active-cores" : "");
            free(kr);
            return rc;
        }
    }
    if (g->n_kernels == g->cap_kernels) {
        g->cap_kernels = g->cap_kernels ? g->cap_kernels * 2 : 8;
        g->kernels = cs_xrealloc(g->kernels, g->cap_kernels * sizeof *g->kernels);
    }
    g->kernels[g->n_kernels++] = kr;
    g->window_kernel = NULL; /* window_end_at looks again */
    return 0;
}

/* -gpgpu_adaptive_cache_config: Volta's L1 and shared memory share
 * unified_l1d_kb. At launch, the kernel's shared memory on one core (per-CTA
 * bytes x the CTAs a core will hold: the occupancy limit, the cap, and no
 * more than the grid spread over the cores) is rounded up to the first
 * -gpgpu_shmem_option size; the L1 keeps the rest, as ways of its sets:
 * round(max_ways x (1 - carve-out / unified)), as GPGPU-Sim computes it.
 * Only when no other kernel runs: the cores' L1s are shared between kernels. */
static void adapt_l1(gpu_t *g, kernel_run_t *k)
{
    const gpu_config_t *c = &g->cfg;
    const cache_config_t *l1 = &c->l1d;
    k->l1d_bytes = l1->enabled ? l1->nsets * l1->line_size * g->sm[0].ldst.l1.assoc : 0;
    if (!c->adaptive_l1 || !l1->enabled || g->running != 1)
        return;
    uint64_t ctas = k->max_ctas_per_sm, spread = (k->total_ctas + g->n_sm - 1) / g->n_sm;
    if (spread < ctas)
        ctas = spread;
    const uint64_t shmem = (uint64_t)k->desc.shmem_bytes * ctas;
    uint32_t carve_kb = c->shmem_options_kb[c->n_shmem_options - 1];
    for (uint32_t i = 0; i < c->n_shmem_options; i++)
        if (shmem <= (uint64_t)c->shmem_options_kb[i] * 1024) {
            carve_kb = c->shmem_options_kb[i];
            break;
        }
    const uint32_t max_ways = c->unified_l1d_kb * 1024 / (l1->nsets * l1->line_size);
    const float ratio = 1.0f - (float)carve_kb / (float)c->unified_l1d_kb;
    uint32_t ways = (uint32_t)((float)max_ways * ratio + 0.5f);
    if (ways == 0)
        ways = 1; /* all of it carved out: keep one way rather than no cache */
    for (uint32_t i = 0; i < g->n_sm; i++)
        sm_l1_set_ways(&g->sm[i], ways);
    k->l1d_bytes = ways * l1->nsets * l1->line_size;
}

/* -gpgpu_perf_sim_memcpy: the host-to-device copies made before a kernel
 * fill the L2, 32 bytes at a time, when it starts (GPGPU-Sim does it when it
 * reads the copy command, which precedes the launch). */
static void warm_l2_with_copies(gpu_t *g, const kernel_run_t *k)
{
    if (!g->cfg.perf_sim_memcpy)
        return;
    const uint32_t line_bytes = g->cfg.l2.line_size ? g->cfg.l2.line_size : 128;
    for (uint32_t i = 0; i < k->desc.n_h2d_copies; i++) {
        const mem_range_t *r = &k->desc.h2d_copies[i];
        for (uint64_t off = 0; off < r->bytes; off += 32) {
            uint64_t a = r->addr + off;
            dram_coord_t dc;
            addrmap_decode(&g->amap, a, &dc);
            l2_warm(&g->l2[dc.sub_partition], a, (uint8_t)(1u << ((a % line_bytes) / 32 % 8)));
        }
    }
}

/* Start queued kernels whose stream predecessors are done and whose launch
 * latency has passed. */
static void start_kernels(gpu_t *g, uint64_t now)
{
    for (uint32_t i = g->first_unfinished; i < g->n_kernels; i++) {
        kernel_run_t *k = g->kernels[i];
        if (k->state != KERNEL_QUEUED)
            continue;
        if (g->running >= g->cfg.max_concurrent_kernel)
            return;
        if (now < gpu_kernel_ready_cycle(g, i))
            continue;
        k->state = KERNEL_RUNNING;
        k->start_cycle = now;
        g->window_kernel = NULL; /* window_end_at looks again */
        g->running++;
        if (!k->desc.ops->parallel_safe)
            g->serial_kernels++;
        if (k->desc.ops->publish)
            g->publishing_kernels++;
        if (g->power)
            gpu_power_kernel_started(g, k, now);
        adapt_l1(g, k);
        warm_l2_with_copies(g, k);
        g->dispatch_dirty = true;
        cta_chain_kernel_launched(&g->chain, g, k);
    }
}

static void fold_kernel_deltas(gpu_t *g); /* the parallel phases, below */

static void kernel_done(gpu_t *g, kernel_run_t *k, uint64_t now)
{
    fold_kernel_deltas(g); /* its counters are final from here on */
    k->state = KERNEL_DONE;
    g->window_kernel = NULL; /* window_end_at looks again */
    g->kernels_ended++;
    k->end_cycle = now;
    g->running--;
    if (!k->desc.ops->parallel_safe)
        g->serial_kernels--;
    if (k->desc.ops->publish)
        g->publishing_kernels--;
    if (g->power)
        gpu_power_kernel_done(g, k, now);
    /* -gpgpu_flush_l1_cache: the next kernel finds the L1s empty (not while
     * another kernel still runs on them) */
    if (g->cfg.flush_l1 && g->running == 0)
        for (uint32_t i = 0; i < g->n_sm; i++)
            sm_l1_flush(&g->sm[i]);
    cta_chain_kernel_finished(&g->chain, g, k);
    if (k->desc.ops->destroy && !k->desc.borrowed)
        k->desc.ops->destroy(k->desc.src);
    k->desc.src = NULL;
    while (g->first_unfinished < g->n_kernels && g->kernels[g->first_unfinished]->state == KERNEL_DONE)
        g->first_unfinished++;
}

/* A core's CTA-finished events, after its tick: the CTAs are already gone
 * from the core (the policies' resident view agrees with itself), so tell the
 * policies, then finish the kernel if it was its last CTA. */
static void drain_finished(gpu_t *g, sm_t *s)
{
    cta_info_t done[MAX_CTAS_PER_SM];
    uint32_t n = sm_take_finished(s, done);
    for (uint32_t i = 0; i < n; i++) {
        kernel_run_t *k = g->kernels[done[i].kernel->index];
        k->ctas_done++;
        g->dispatch_dirty = true;
        cta_chain_cta_finished(&g->chain, g, &done[i]);
        if (k->ctas_done == k->total_ctas)
            kernel_done(g, k, done[i].end_cycle);
    }
}

/* The kernel the dispatcher offers a core i-th (i = 0, 1, ... over the
 * kernels from first_unfinished on; those before it are done). Shared cores
 * (-gpgpu_concurrent_kernel_sm 1) are offered the kernels in launch order.
 * With 0 a core holding CTAs is offered only their kernel (the caller's
 * check), and an empty core the kernels round-robin from one past the last
 * one an empty core took, as GPGPU-Sim 3.x's select_kernel() binds an empty
 * core to the next running kernel with CTAs left: so two kernels launched
 * together take alternate cores ("the different kernels are executed on
 * different cores", Lee et al. 4.4). */
static uint32_t offer_order(const gpu_t *g, const sm_t *s, uint32_t i)
{
    uint32_t base = g->first_unfinished;
    if (g->cfg.concurrent_kernel_sm || s->used_ctas)
        return base + i;
    uint32_t start = g->kernel_pick > base ? g->kernel_pick : base;
    return base + (start - base + i) % (g->n_kernels - base);
}

/* A core may take a CTA of k now: active and powered, not held by another
 * kernel, with room, and the policies admit it. */
static bool core_takes(gpu_t *g, uint32_t id, kernel_run_t *k, uint64_t now)
{
    sm_t *s = &g->sm[id];
    return s->state == CORE_ACTIVE && s->powered_at <= now && !gpu_core_held_by_other(g, s, k) && sm_fits(s, k) &&
           cta_chain_admit(&g->chain, g, id, k);
}

/* Place the next cluster of k on the cores of the GPC of core `id`, all its
 * CTAs at once, or nothing: 1 placed, 0 not now (the GPC lacks room, or
 * already took a cluster this cycle), -1 on a front-end error. The CTAs are
 * dealt one per core in turn, from a core that moves with the cluster's
 * index, until the cluster is placed (a core takes several when the GPC has
 * fewer cores with room than the cluster has CTAs); a policy admits each core
 * once per cluster. All are begun at the front-end before any starts, so no
 * CTA runs before its cluster's others exist. */
static int dispatch_cluster(gpu_t *g, kernel_run_t *k, uint32_t id, uint64_t now)
{
    const gpu_config_t *cfg = &g->cfg;
    const uint32_t size = kernel_cluster_size(&k->desc), gpc = config_gpc_of_sm(cfg, id);
    const uint32_t n = config_gpc_sms(cfg, gpc);
    uint32_t first = 0;
    for (uint32_t q = 0; q < gpc; q++)
        first += config_gpc_sms(cfg, q);
    for (uint32_t i = 0; i < n; i++) { /* one cluster per GPC per cycle */
        const sm_t *s = &g->sm[first + i];
        for (uint32_t m = s->cta_mask; m; m &= m - 1) {
            const cta_slot_t *c = &s->cta[__builtin_ctz(m)];
            if (c->cluster && c->cluster->size > 1 && c->start_cycle == now)
                return 0;
        }
    }
    if (!cta_chain_admit_cluster(&g->chain, g, gpc, k))
        return 0;
    uint32_t room[CLUSTER_MAX_CTAS], core[CLUSTER_MAX_CTAS], cand = 0;
    const uint32_t start = (uint32_t)((k->next_cta / size) % n);
    for (uint32_t i = 0; i < n && cand < size; i++) {
        uint32_t sm = first + (start + i) % n;
        if (core_takes(g, sm, k, now)) {
            /* resources, and the chain's CTA cap (a core may take several) */
            uint32_t cap = gpu_chain_cap(g, sm, k, NULL), resident = sm_resident_ctas(&g->sm[sm], k);
            uint32_t r = sm_room(&g->sm[sm], k);
            core[cand] = sm;
            room[cand++] = cap > resident ? CS_MIN(r, cap - resident) : 0;
        }
    }
    uint32_t where[CLUSTER_MAX_CTAS], placed = 0;
    for (bool more = true; more && placed < size;) {
        more = false;
        for (uint32_t i = 0; i < cand && placed < size; i++)
            if (room[i]) {
                room[i]--;
                where[placed++] = core[i];
                more = true;
            }
    }
    if (placed < size)
        return 0;
    void *fe[CLUSTER_MAX_CTAS];
    for (uint32_t r = 0; r < size; r++) {
        cs_error_t e;
        if (!(fe[r] = k->desc.ops->cta_begin(k->desc.src, k->next_cta + r, where[r], &e))) {
            while (r--)
                k->desc.ops->cta_end(k->desc.src, fe[r]);
            gpu_fail(g, &e);
            return -1;
        }
    }
    cluster_run_t *cl = cs_xcalloc(1, sizeof *cl);
    cl->size = cl->live_ctas = size;
    cl->live_warps = size * k->warps_per_cta;
    for (uint32_t r = 0; r < size; r++) {
        sm_t *s = &g->sm[where[r]];
        uint64_t cta_id = k->next_cta++;
        int slot = sm_start_cta(s, k, cta_id, fe[r], now);
        if (slot < 0) {
            gpu_fail(g, sm_error(s));
            return -1;
        }
        sm_set_cta_cluster(s, (uint32_t)slot, cl);
        cl->member[r] = (struct cluster_member){s, (uint32_t)slot};
        cta_info_t ci;
        sm_cta_info(s, (uint32_t)slot, &ci);
        cta_chain_cta_issued(&g->chain, g, &ci);
    }
    return 1;
}

/* One CTA per core per cycle at most (a cluster kernel: one cluster per GPC,
 * dispatch_cluster); cores visited round-robin. Returns the number of CTAs
 * (clusters) issued (-1 on a front-end error). */
static int dispatch(gpu_t *g, uint64_t now)
{
    int issued = 0;
    uint32_t start = g->dispatch_rr;
    for (uint32_t i = 0; i < g->n_sm; i++) {
        uint32_t id = (start + i) % g->n_sm;
        sm_t *s = &g->sm[id];
        if (s->state != CORE_ACTIVE)
            continue;
        if (s->powered_at > now) { /* still waking: look again when it is powered */
            if (s->powered_at < g->next_power_up)
                g->next_power_up = s->powered_at;
            continue;
        }
        if (run_ahead_pending(g, id)) /* it ran ahead to a CTA's end: no room before that */
            continue;
        bool pick = !g->cfg.concurrent_kernel_sm && s->used_ctas == 0;
        for (uint32_t j = 0; j < g->n_kernels - g->first_unfinished; j++) {
            uint32_t kk = offer_order(g, s, j);
            kernel_run_t *k = g->kernels[kk];
            if (k->state != KERNEL_RUNNING || k->next_cta >= k->total_ctas)
                continue;
            if (kernel_cluster_size(&k->desc) > 1) {
                int r = dispatch_cluster(g, k, id, now);
                if (r < 0)
                    return -1;
                if (r == 0)
                    continue;
                if (pick)
                    g->kernel_pick = kk + 1;
                if (!issued)
                    g->dispatch_rr = (id + 1) % g->n_sm;
                issued++;
                break;
            }
            if (gpu_core_held_by_other(g, s, k) || !sm_fits(s, k) || !cta_chain_admit(&g->chain, g, id, k))
                continue;
            if (pick)
                g->kernel_pick = kk + 1;
            cs_error_t e;
            void *fe = k->desc.ops->cta_begin(k->desc.src, k->next_cta, id, &e);
            if (!fe) {
                gpu_fail(g, &e);
                return -1;
            }
            uint64_t cta_id = k->next_cta++;
            int slot = sm_start_cta(s, k, cta_id, fe, now);
            if (slot < 0) {
                gpu_fail(g, sm_error(s));
                return -1;
            }
            cta_info_t ci;
            sm_cta_info(s, (uint32_t)slot, &ci);
            cta_chain_cta_issued(&g->chain, g, &ci);
            /* a CTA without instructions is already over: its event follows its start */
            drain_finished(g, s);
            if (!issued)
                g->dispatch_rr = (id + 1) % g->n_sm;
            issued++;
            break;
        }
    }
    return issued;
}

static bool ctas_pending(const gpu_t *g)
{
    for (uint32_t kk = g->first_unfinished; kk < g->n_kernels; kk++) {
        const kernel_run_t *k = g->kernels[kk];
        if (k->state != KERNEL_DONE && k->next_cta < k->total_ctas)
            return true;
    }
    return false;
}

static void run_samples(gpu_t *g, uint64_t now)
{
    /* A sleeping core (waiting for memory, say) accounts its cycles only when
     * it wakes. Bring every core's counters up to this cycle first, or a
     * policy would read a sleeping core's window short: DYNCTA's C_mem of a
     * core that waited on memory all window long would read near zero. */
    for (uint32_t i = 0; i < g->n_sm; i++)
        sm_catch_up(&g->sm[i], now);
    fold_kernel_deltas(g); /* and the kernels' counters (--threads) */
    uint64_t next = CS_NEVER;
    for (unsigned l = 0; l < g->chain.n; l++) {
        cta_link_t *p = &g->chain.link[l];
        if (!p->sample_period || !p->ops->sample)
            continue;
        if (p->next_sample <= now) {
            p->ops->sample(p->st, g, now);
            g->dispatch_dirty = true;
            /* the sample may have changed or stopped the period */
            p->next_sample = p->sample_period ? now + p->sample_period : CS_NEVER;
        }
        if (p->next_sample < next)
            next = p->next_sample;
    }
    if (g->power) {
        gpu_power_sample(g, now); /* when due; it measures, changes nothing */
        if (gpu_power_next_sample(g) < next)
            next = gpu_power_next_sample(g);
    }
    if (g->trace_interval && g->next_trace <= now) {
        char name[METRIC_NAME_MAX];
        double span = (double)(now - g->last_trace);
        for (uint32_t i = 0; i < g->n_sm; i++) {
            uint64_t insts = g->sm[i].c.thread_insts;
            snprintf(name, sizeof name, "sm_ipc/%u", i);
            metrics_sample(&g->metrics, name, now, span > 0 ? (double)(insts - g->trace_insts[i]) / span : 0);
            snprintf(name, sizeof name, "sm_ctas/%u", i);
            metrics_sample(&g->metrics, name, now, g->sm[i].used_ctas);
            g->trace_insts[i] = insts;
        }
        /* over all SMs: the cycle breakdown and the load round trip of the window */
        uint64_t cur[OUT__COUNT + 2] = {0};
        for (uint32_t i = 0; i < g->n_sm; i++) {
            const sm_counters_t *c = &g->sm[i].c;
            for (int o = 0; o < OUT__COUNT; o++)
                cur[o] += c->outcome[o];
            cur[OUT__COUNT] += c->mem_lat_sum;
            cur[OUT__COUNT + 1] += c->mem_lat_count;
        }
        static const char *const stall_names[OUT__COUNT] = {"stall.active", "stall.idle", "stall.mem_stall",
                                                            "stall.core_stall"};
        uint64_t all = 0;
        for (int o = 0; o < OUT__COUNT; o++)
            all += cur[o] - g->trace_prev[o];
        for (int o = 0; o < OUT__COUNT; o++)
            metrics_sample(&g->metrics, stall_names[o], now, all ? (double)(cur[o] - g->trace_prev[o]) / (double)all : 0);
        uint64_t loads = cur[OUT__COUNT + 1] - g->trace_prev[OUT__COUNT + 1];
        if (loads)
            metrics_sample(&g->metrics, "mem_latency", now,
                           (double)(cur[OUT__COUNT] - g->trace_prev[OUT__COUNT]) / (double)loads);
        memcpy(g->trace_prev, cur, sizeof cur);
        g->last_trace = now;
        g->next_trace = now + g->trace_interval;
    }
    if (g->trace_interval && g->next_trace < next)
        next = g->next_trace;
    g->next_sample = next;
}

/* ------------------------------------------------------------------------ */
/* the parallel core phase (--threads; docs/ARCHITECTURE.md "Parallel
 * simulation of one run")
 *
 * Within one core cycle the cores do not see each other: a core reads and
 * writes its own state, its own input port of the request network and its
 * own output port of the reply network, and pulls instructions of its own
 * CTAs. The only state two cores write are counts: the networks' queued and
 * in-flight packets, the kernels' counters, and the request pool. With
 * threads, those go per core (xbar_defer, sm_t.kdelta, a pool per core) and
 * are added here after the phase, in core order, before anything reads them;
 * finished CTAs, errors, dispatch and the policies stay in the serial phase,
 * in core order as before. So any thread count gives the same numbers. */

/* Free requests a core's or slice's pool keeps on hand (req_pool_balance). */
#define SM_POOL_LOW 64
#define SM_POOL_HIGH 1024

/* What a unit's tick leaves for the serial merge after its phase (g->tick_note
 * per due core, g->mem_note per due slice or channel). The thread that ticked
 * the unit reads it off while the unit's state is in its CPU's caches, so the
 * merge reads a byte per unit, not the unit's own cache lines, which with two
 * threads sit in the other CPU's cache half of the time: at 132 cores those
 * reads cost a 2-thread compute-bound run about a sixth of its wall time. */
enum {
    NOTE_POOL = 1, /* its pool (or a channel's slices' pools) needs req_pool_balance */
    NOTE_FOLD = 2, /* the core holds more kernel deltas than one more cycle may add to */
    NOTE_DRAM_DUE = 4, /* (before a partition's item) its channel is due at the held DRAM cycle */
};

static inline bool pool_out_of_band(const req_pool_t *p) { return p->n_free < SM_POOL_LOW || p->n_free > SM_POOL_HIGH; }

static uint8_t core_note(const sm_t *s)
{
    return (uint8_t)((pool_out_of_band(s->pool) ? NOTE_POOL : 0) | (s->n_kdelta > SM_KDELTA_MAX ? NOTE_FOLD : 0));
}

/* Add what the units deferred to the kernels' counters (sm_t.kdelta,
 * l2_slice_t.kdelta; only with --threads): before anything reads a kernel's
 * counters, that is at a kernel's end, before the policies' and the power
 * model's samples, and at the end of a run. Integer sums: neither the order
 * nor the moment changes a number. */
static void fold_kernel_deltas(gpu_t *g)
{
    if (!g->workers)
        return;
    for (uint32_t i = 0; i < g->n_sm; i++)
        if (g->sm[i].n_kdelta)
            sm_fold_kernel_deltas(&g->sm[i]);
    for (uint32_t i = 0; i < g->n_l2; i++)
        if (g->l2[i].n_kdelta)
            l2_fold_kernel_deltas(&g->l2[i]);
}
/* Fewest due cores for which the team is woken, per thread of the team. */
#define PARALLEL_MIN_PER_THREAD 2
/* The same for slices and channels of the memory phases, and at least
 * MEM_PARALLEL_MIN_UNITS of them: a slice's or channel's tick is a fraction
 * of a core's (tens to a few hundred ns), so fewer than 16 are less work
 * than handing them over (gtx480's 12 slices and 6 channels never are). */
#define MEM_PARALLEL_MIN_PER_THREAD 2
#define MEM_PARALLEL_MIN_UNITS 16
/* The phases the team may take, each with its own time-based choice: a
 * partition phase (a held DRAM cycle and an L2 cycle) does more per item
 * than an L2 phase, so their timings are not mixed. */
enum { PHASE_CORES, PHASE_L2, PHASE_DRAM, PHASE_PARTITIONS };

/* What cores reached ahead at `now` (run_ahead_take_events); -1 when one
 * failed there, the first in core order failing the run. A core that
 * reached a CTA's end at `now` ticked in this cycle as far as the loop is
 * concerned (*any_sm): the next cycle is not skipped, and a core left
 * without CTAs takes its one idle tick in it, as cycle by cycle. */
static int take_ahead_events(gpu_t *g, uint64_t now, bool *any_sm, bool *any_finished)
{
    uint32_t failed = 0;
    bool taken = false;
    if (run_ahead_take_events(g, now, &taken, &failed) == 0) {
        *any_sm |= taken;
        *any_finished |= taken;
        return 0;
    }
    gpu_fail(g, sm_error(&g->sm[failed]));
    return -1;
}

/* Due core k (g->due[k]) of a parallel phase, on whichever thread; what
 * the merge reads goes to tick_*. */
static void tick_due_core(gpu_t *g, uint32_t k)
{
    sm_t *s = &g->sm[g->due[k]];
    g->tick_last[k] = run_ahead_tick(g, s, g->tick_now, g->tick_icnt, &g->tick_rc[k]);
    g->tick_note[k] = core_note(s);
}

static void tick_core_item(void *ctx, uint32_t item)
{
    gpu_t *g = ctx;
    sm_t *s = &g->sm[g->due[item]];
    s->defer_shared = true;
    tick_due_core(g, item);
    s->defer_shared = false;
}

/* One L2 slice of the L2 phase, on whichever thread: it touches its own
 * state, its output of the request network, its input of the reply network
 * and its own pool; its kernel counts are deferred (defer_kst). */
static void tick_l2_item(void *ctx, uint32_t item)
{
    gpu_t *g = ctx;
    l2_slice_t *l = &g->l2[g->mem_due[item]];
    l2_cycle(l, g->mem_now, g->mem_icnt);
    g->mem_note[item] = pool_out_of_band(l->pool) ? NOTE_POOL : 0;
}

/* One DRAM channel of the DRAM phase: it touches its own DRAM, the queues
 * between it and its own slices and those slices' pools. */
static void tick_channel_item(void *ctx, uint32_t item)
{
    gpu_t *g = ctx;
    mem_channel_t *m = &g->ch[g->mem_due[item]];
    mem_channel_cycle(m, g->mem_now);
    uint8_t note = 0;
    for (uint32_t j = 0; j < m->n_slices; j++)
        if (pool_out_of_band(m->slices[j].pool))
            note = NOTE_POOL;
    g->mem_note[item] = note;
}

/* One memory partition of a fused memory phase: its channel's held DRAM
 * cycle, if the channel was due then, and then each of its slices due at
 * the L2 cycle. A channel and its slices touch nothing another partition
 * touches, and nothing ran between the DRAM cycle and the L2 cycle, so this
 * is the serial order (every channel, then every slice) partition by
 * partition. A slice's due test comes after its channel's tick: the tick
 * may have given it a fill. */
static void tick_partition_item(void *ctx, uint32_t item)
{
    gpu_t *g = ctx;
    mem_channel_t *m = &g->ch[g->mem_due[item]];
    if (g->mem_note[item] & NOTE_DRAM_DUE)
        mem_channel_cycle(m, g->dram_held);
    uint8_t note = 0;
    for (uint32_t j = 0; j < m->n_slices; j++) {
        l2_slice_t *l = &m->slices[j];
        if (l2_due(l, g->mem_now, g->mem_icnt))
            l2_cycle(l, g->mem_now, g->mem_icnt);
        if (pool_out_of_band(l->pool))
            note = NOTE_POOL;
    }
    g->mem_note[item] = note;
}

void gpu_set_threads(gpu_t *g, unsigned threads, unsigned min_due)
{
    if (threads <= 1 || g->workers)
        return;
    /* more than the larger side has units would only wait */
    uint32_t units = g->n_sm > g->n_l2 ? g->n_sm : g->n_l2;
    if (threads > units)
        threads = units < 2 ? 2 : units;
    g->workers = core_workers_create(threads, tick_core_item, g);
    g->due = cs_xcalloc(g->n_sm, sizeof *g->due);
    g->tick_rc = cs_xcalloc(g->n_sm, sizeof *g->tick_rc);
    g->tick_note = cs_xcalloc(g->n_sm, sizeof *g->tick_note);
    g->tick_last = cs_xcalloc(g->n_sm, sizeof *g->tick_last);
    g->core_wake = cs_xcalloc(g->n_sm, sizeof *g->core_wake);
    g->sm_pools = cs_xaligned_calloc(_Alignof(unit_pool_t), g->n_sm, sizeof *g->sm_pools);
    for (uint32_t i = 0; i < g->n_sm; i++) {
        g->core_wake[i] = *g->sm[i].wake;
        g->sm[i].wake = &g->core_wake[i];
        req_pool_init(&g->sm_pools[i].p);
        g->sm[i].pool = &g->sm_pools[i].p;
    }
    g->mem_due = cs_xcalloc(g->n_l2 > g->n_ch ? g->n_l2 : g->n_ch, sizeof *g->mem_due);
    g->mem_note = cs_xcalloc(g->n_l2 > g->n_ch ? g->n_l2 : g->n_ch, sizeof *g->mem_note);
    g->l2_pools = cs_xaligned_calloc(_Alignof(unit_pool_t), g->n_l2, sizeof *g->l2_pools);
    for (uint32_t i = 0; i < g->n_l2; i++) {
        req_pool_init(&g->l2_pools[i].p);
        g->l2[i].pool = &g->l2_pools[i].p;
        g->l2[i].defer_kst = true;
    }
    /* cores push into their inputs of the request network and pop their
     * outputs of the reply network; slices pop theirs of the request network
     * and push into theirs of the reply network */
    xbar_defer(&g->req_net, true, true);
    xbar_defer(&g->reply_net, true, true);
    const unsigned team = core_workers_threads(g->workers);
    g->parallel_min = min_due ? min_due : PARALLEL_MIN_PER_THREAD * team;
    g->mem_parallel_min = MEM_PARALLEL_MIN_PER_THREAD * team;
    if (g->mem_parallel_min < MEM_PARALLEL_MIN_UNITS)
        g->mem_parallel_min = MEM_PARALLEL_MIN_UNITS;
    if (min_due)
        g->mem_parallel_min = min_due;
    g->adaptive = !min_due; /* an explicit min_due (the tests) always uses the team */
    for (unsigned p = 0; p < sizeof g->choice / sizeof g->choice[0]; p++)
        team_choice_init(&g->choice[p]);
    /* For measurement (issue 28: pinning is not the default until a
     * 16-core machine shows it pays): 1 pins each team thread to a CPU of
     * its own (core_workers_pin). Speed only. */
    const char *pin = getenv("CTASIM_PIN_THREADS");
    if (pin && strcmp(pin, "1") == 0) {
        const unsigned pinned = core_workers_pin(g->workers);
        if (pinned + 1 < core_workers_threads(g->workers))
            fprintf(stderr, "ctasim: warning: CTASIM_PIN_THREADS=1: pinned %u of %u team threads (fewer CPUs allowed "
                            "than threads, or the system refused)\n",
                    pinned, core_workers_threads(g->workers) - 1);
    } else if (pin && *pin && strcmp(pin, "0") != 0)
        fprintf(stderr, "ctasim: warning: CTASIM_PIN_THREADS=%s ignored (1 pins the team's threads, 0 or unset does not)\n",
                pin);
    /* For measurement (docs/SPEED.md "False sharing on the team"): 1 runs
     * every phase with enough due units on the team, as the tests' min_due
     * does, without the timing choice. Which thread runs a unit changes no
     * number, so the variable changes only speed. */
    const char *force = getenv("CTASIM_FORCE_TEAM");
    if (gpu_team_forced())
        g->adaptive = false;
    else if (force && *force && strcmp(force, "0") != 0)
        fprintf(stderr, "ctasim: warning: CTASIM_FORCE_TEAM=%s ignored (1 forces the thread team, 0 or unset lets it choose)\n", force);
}

void gpu_set_threads_later(gpu_t *g, unsigned threads, unsigned min_due, uint64_t after_ns, uint64_t at_cycle)
{
    if (threads <= 1 || g->workers)
        return;
    g->team_later = threads;
    g->team_later_min_due = min_due;
    /* at a cycle: the loop first looks at it then, and the time has come */
    g->team_next_check = at_cycle != CS_NEVER ? at_cycle : 0;
    g->team_after_ns = at_cycle != CS_NEVER ? 0 : after_ns;
}

/* Between two instants (after a core cycle, every phase of the instant done,
 * no DRAM cycle held: nothing is held without a team), the team of
 * gpu_set_threads_later starts when its cycle or time has come. What the
 * team changes from here on is where units tick and how their shared counts
 * are kept (deferred, then merged), not what they compute; requests taken
 * from the shared pool may go back to a unit's pool, as with a team from the
 * start (req_pool.h). `ran_ns`: the wall time the runs have simulated. */
static void maybe_start_team(gpu_t *g, uint64_t ran_ns)
{
    const uint64_t cycle = g->cycle[CLK_CORE];
    if (ran_ns < g->team_after_ns) {
        g->team_next_check = cycle + GPU_TEAM_CHECK_CYCLES;
        return;
    }
    const unsigned threads = g->team_later;
    g->team_later = 0;
    g->team_from_cycle = cycle;
    gpu_set_threads(g, threads, g->team_later_min_due);
}

/* --threads auto (gpu_auto_threads). The crossover: on the 15-core gtx480
 * no case gained from a second thread (at most 1.08x on 16 CPUs), the
 * 80-core QV100 gained on compute-bound kernels (docs/SPEED.md "Parallel
 * engine"); a thread per 16 cores keeps each thread's share of a cycle
 * (a few microseconds of core ticks) above the cost of handing it over. */
#define AUTO_MIN_CORES 32
#define AUTO_CORES_PER_THREAD 16
#define AUTO_MAX_THREADS 16
/* ...and a run starts its team only after this much wall time on one
 * thread. With a team from the start, runs of 12 to 100 ms took 0.72x to
 * 0.95x of their one-thread time (setting the team up, timing it, and the
 * serial phases' bookkeeping with it: deferred counts, a pool per unit);
 * started after 50 ms, memory-bound runs of 0.1 s lost up to 20 %, after
 * 100 ms, runs of 0.17 to 0.25 s lost 7 to 10 %; after 200 ms no run lost
 * more than 1 % (docs/SPEED.md "--threads auto, the default"). */
#define AUTO_TEAM_AFTER_NS 200000000ull

bool gpu_team_can_pay(const gpu_t *g) { return g->n_sm >= AUTO_MIN_CORES; }

void gpu_set_run_ahead(gpu_t *g, bool on) { g->no_run_ahead = !on; }

bool gpu_team_forced(void)
{
    const char *force = getenv("CTASIM_FORCE_TEAM");
    return force && strcmp(force, "1") == 0;
}

unsigned gpu_auto_threads(const gpu_t *g, unsigned sharing)
{
    if (g->n_sm < AUTO_MIN_CORES)
        return 1;
    unsigned cpus = 1;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        cpus = (unsigned)CPU_COUNT(&set);
    else {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        cpus = n > 0 ? (unsigned)n : 1;
    }
    if (sharing > 1)
        cpus /= sharing;
    unsigned t = g->n_sm / AUTO_CORES_PER_THREAD;
    if (t > cpus)
        t = cpus;
    if (t > AUTO_MAX_THREADS)
        t = AUTO_MAX_THREADS;
    return t < 1 ? 1 : t;
}

void gpu_set_threads_auto(gpu_t *g, unsigned sharing)
{
    gpu_set_threads_later(g, gpu_auto_threads(g, sharing), 0, AUTO_TEAM_AFTER_NS, CS_NEVER);
}

/* The cores due at `now`, on the team when enough are due and every running
 * kernel's front-end allows it, else on this thread; then what they deferred,
 * core by core. Returns -1 on a core's error (the first in core order). */
static int tick_cores_parallel(gpu_t *g, uint64_t now, uint64_t icnt_now, bool *any_sm, bool *any_finished)
{
    uint32_t n = 0;
    /* sm_due, from the GPU's dense arrays (the wake-up times, the reply
     * network's arrivals): sm_t's own lines stay in the CPU that ticked it */
    for (uint32_t i = 0; i < g->n_sm; i++)
        if (sm_due_at(g->core_wake[i], &g->reply_net, i, now, icnt_now))
            g->due[n++] = i;
        else
            *any_sm |= g->sm[i].ldst.asleep; /* as in tick_core's serial loop */
    if (!n)
        return 0;
    *any_sm = true;
    g->tick_now = now;
    g->tick_icnt = icnt_now;
    run_ahead_window_end(g, now); /* before the threads read it */
    bool timed = false;
    team_choice_t *c = &g->choice[PHASE_CORES];
    /* Where most cores of the last large phase ran ahead, a phase is a
     * window's worth of their work, not a cycle's: the team takes it without
     * the timing choice (which compares blocks of a phase's cycles, each of
     * which would then span windows). */
    const bool windowed = g->window_end && g->ahead_most;
    const bool team = n >= g->parallel_min && !g->serial_kernels &&
                      (!g->adaptive || windowed || team_choice_pick(c, now, &timed));
    const uint64_t t0 = timed ? now_ns() : 0;
    PROF_PHASE(g, PHASE_CORES, team);
    PROF_START(prof0);
    if (team)
        core_workers_run(g->workers, n);
    else
        for (uint32_t k = 0; k < n; k++)
            tick_due_core(g, k);
    PROF_ADD(g, PROF_CORE_TICKS, prof0);
    PROF_START(prof1);
    int rc = 0;
    uint32_t ahead = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t id = g->due[k];
        sm_t *s = &g->sm[id];
        xbar_settle_input(&g->req_net, id);
        xbar_settle_output(&g->reply_net, id, icnt_now);
        if (g->tick_note[k] & NOTE_FOLD)
            sm_fold_kernel_deltas(s);
        if (g->tick_note[k] & NOTE_POOL)
            req_pool_balance(s->pool, &g->pool, SM_POOL_LOW, SM_POOL_HIGH);
        g->ahead_cycles += g->tick_last[k] - now;
        ahead += g->tick_last[k] > now;
        if (g->tick_last[k] > now && g->tick_rc[k] != 0) {
            run_ahead_note_event(g, id, g->tick_last[k], g->tick_rc[k]);
            continue;
        }
        if (g->tick_rc[k] < 0) {
            gpu_fail(g, sm_error(s));
            rc = -1;
            break;
        }
        *any_finished |= g->tick_rc[k] > 0;
    }
    PROF_ADD(g, PROF_CORE_MERGE, prof1);
    if (n >= g->parallel_min)
        g->ahead_most = 2 * ahead >= n;
    if (timed) /* the merge above included: cores run elsewhere are read back here */
        PROF_CHOICE(g, PHASE_CORES, team_choice_timed(c, now, now_ns() - t0, n));
    return rc;
}

/* Ticks the n due items of a memory phase (g->mem_due) with fn: on the team
 * when enough are due and the phase's timing choice says so, else on this
 * thread in the same order. Returns the start time when this call is one the
 * choice times (*timed), for the caller to close after its own merge. */
static uint64_t run_mem_phase(gpu_t *g, int phase, uint64_t now, core_work_fn fn, uint32_t n, bool *timed)
{
    *timed = false;
    const bool team = n >= g->mem_parallel_min && (!g->adaptive || team_choice_pick(&g->choice[phase], now, timed));
    const uint64_t t0 = *timed ? now_ns() : 0;
    PROF_PHASE(g, phase, team);
    if (team)
        core_workers_run_fn(g->workers, fn, g, n);
    else
        for (uint32_t k = 0; k < n; k++)
            fn(g, k);
    return t0;
}

/* After a memory phase, in slice order: what slice `id` deferred (its
 * network counts) and its pool, if it left the band. */
static void settle_slice(gpu_t *g, uint32_t id, uint64_t icnt_now, bool pool)
{
    xbar_settle_output(&g->req_net, id, icnt_now);
    xbar_settle_input(&g->reply_net, id);
    if (pool)
        req_pool_balance(g->l2[id].pool, &g->pool, SM_POOL_LOW, SM_POOL_HIGH);
}

/* The L2 slices due at `now` (L2 clock), on the team when enough are due,
 * then what they deferred, slice by slice (the network counts and mesh
 * wake-ups, the kernels' counts, the pools), before the interconnect and the
 * cores tick. Slices do not see each other within a cycle: the order they
 * tick in changes nothing. */
static void tick_l2_parallel(gpu_t *g, uint64_t now, uint64_t icnt_now)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->n_l2; i++)
        if (l2_due(&g->l2[i], now, icnt_now))
            g->mem_due[n++] = i;
    if (!n)
        return;
    g->mem_now = now;
    g->mem_icnt = icnt_now;
    bool timed = false;
    const uint64_t t0 = run_mem_phase(g, PHASE_L2, now, tick_l2_item, n, &timed);
    for (uint32_t k = 0; k < n; k++)
        settle_slice(g, g->mem_due[k], icnt_now, g->mem_note[k] & NOTE_POOL);
    if (timed)
        PROF_CHOICE(g, PHASE_L2, team_choice_timed(&g->choice[PHASE_L2], now, now_ns() - t0, n));
}

/* The held DRAM cycle (g->dram_held) and the L2 slices due at `now`, as one
 * phase of memory partitions (tick_partition_item): one wake-up of the team
 * where the channels and the slices would take two. Then what the slices
 * deferred and the pools, as tick_l2_parallel and tick_dram_parallel. */
static void tick_partitions_parallel(gpu_t *g, uint64_t now, uint64_t icnt_now)
{
    uint32_t n = 0;
    for (uint32_t p = 0; p < g->n_ch; p++) {
        const mem_channel_t *m = &g->ch[p];
        const bool dram = mem_channel_due(m);
        bool any = dram;
        for (uint32_t j = 0; j < m->n_slices && !any; j++)
            any = l2_due(&m->slices[j], now, icnt_now);
        if (!any)
            continue;
        g->mem_note[n] = dram ? NOTE_DRAM_DUE : 0;
        g->mem_due[n++] = p;
    }
    if (!n) {
        g->dram_held = 0;
        return;
    }
    g->mem_now = now;
    g->mem_icnt = icnt_now;
    bool timed = false;
    const uint64_t t0 = run_mem_phase(g, PHASE_PARTITIONS, now, tick_partition_item, n, &timed);
    g->dram_held = 0;
    for (uint32_t k = 0; k < n; k++) {
        const mem_channel_t *m = &g->ch[g->mem_due[k]];
        for (uint32_t j = 0; j < m->n_slices; j++)
            settle_slice(g, m->first_slice + j, icnt_now, g->mem_note[k] & NOTE_POOL);
    }
    if (timed)
        PROF_CHOICE(g, PHASE_PARTITIONS, team_choice_timed(&g->choice[PHASE_PARTITIONS], now, now_ns() - t0, n));
}

/* The DRAM channels due at `now` (DRAM clock), likewise. A channel touches
 * nothing shared but its slices' pools. */
static void tick_dram_parallel(gpu_t *g, uint64_t now)
{
    uint32_t n = 0;
    for (uint32_t ch = 0; ch < g->n_ch; ch++)
        if (mem_channel_due(&g->ch[ch]))
            g->mem_due[n++] = ch;
    if (!n)
        return;
    g->mem_now = now;
    bool timed = false;
    const uint64_t t0 = run_mem_phase(g, PHASE_DRAM, now, tick_channel_item, n, &timed);
    for (uint32_t k = 0; k < n; k++) {
        if (!(g->mem_note[k] & NOTE_POOL))
            continue;
        const mem_channel_t *m = &g->ch[g->mem_due[k]];
        for (uint32_t j = 0; j < m->n_slices; j++)
            req_pool_balance(m->slices[j].pool, &g->pool, SM_POOL_LOW, SM_POOL_HIGH);
    }
    if (timed)
        PROF_CHOICE(g, PHASE_DRAM, team_choice_timed(&g->choice[PHASE_DRAM], now, now_ns() - t0, n));
}

/* ------------------------------------------------------------------------ */
/* the loop */

/* What the running kernels' front-ends wrote during the core phase (and the
 * dispatch before it) becomes visible to every core, core by core: the
 * `publish` of kernel.h. After the phase, also when a core failed in it. */
static void publish_writes(gpu_t *g)
{
    uint32_t left = g->publishing_kernels;
    for (uint32_t i = g->first_unfinished; left && i < g->n_kernels; i++) {
        const kernel_run_t *k = g->kernels[i];
        if (k->state == KERNEL_RUNNING && k->desc.ops->publish) {
            k->desc.ops->publish(k->desc.src);
            left--;
        }
    }
}

static int tick_core(gpu_t *g, uint64_t now, bool *any_sm)
{
    if (g->first_unfinished < g->n_kernels && (uint32_t)g->running < g->n_kernels - g->first_unfinished)
        start_kernels(g, now);
    if (now >= g->next_sample)
        run_samples(g, now);
    if (now >= g->next_power_up) {
        g->next_power_up = CS_NEVER;
        g->dispatch_dirty = true;
    }
    /* The dispatcher runs only when something changed: a kernel started, a CTA
     * finished, a policy sampled or changed a setting, or it issued last cycle. */
    if (g->dispatch_dirty && ctas_pending(g)) {
        g->dispatch_dirty = false; /* a policy may set it again during the pass */
        int n = dispatch(g, now);
        if (n < 0) {
            publish_writes(g);
            return -1;
        }
        if (n > 0)
            g->dispatch_dirty = true;
    }
    uint64_t icnt_now = g->cycle[CLK_ICNT];
    bool any_finished = false;
    if (g->workers) {
        int r = tick_cores_parallel(g, now, icnt_now, any_sm, &any_finished);
        if (r == 0)
            r = take_ahead_events(g, now, any_sm, &any_finished);
        publish_writes(g);
        if (r < 0)
            return -1;
    } else {
        PROF_START(prof0);
        for (uint32_t i = 0; i < g->n_sm; i++) {
            sm_t *s = &g->sm[i];
            if (!sm_due(s, now, icnt_now)) {
                /* A core whose LD/ST unit sleeps on a failed access (sm.h:
                 * ldst_asleep) stands for one retrying every cycle, so the
                 * machine does not skip ahead (skip_idle) any more than it
                 * did when such a core ticked. */
                *any_sm |= s->ldst.asleep;
                continue;
            }
            *any_sm = true;
            int r;
            const uint64_t last = run_ahead_tick(g, s, now, icnt_now, &r);
            g->ahead_cycles += last - now;
            if (last > now && r != 0) {
                run_ahead_note_event(g, i, last, r);
                continue;
            }
            if (r < 0) {
                gpu_fail(g, sm_error(s));
                publish_writes(g);
                return -1;
            }
            any_finished |= r > 0;
        }
        PROF_ADD(g, PROF_CORE_TICKS, prof0);
        const int r = take_ahead_events(g, now, any_sm, &any_finished);
        publish_writes(g);
        if (r < 0)
            return -1;
    }
    /* after the core tick: the policies hear of finished CTAs, core by core */
    if (any_finished)
        for (uint32_t i = 0; i < g->n_sm; i++)
            if (g->sm[i].n_finished && !run_ahead_pending(g, i))
                drain_finished(g, &g->sm[i]);
    return g->failed ? -1 : 0;
}

static void tick_icnt(gpu_t *g, uint64_t now)
{
    xbar_cycle(&g->req_net, now);
    xbar_cycle(&g->reply_net, now);
}

static void tick_l2(gpu_t *g, uint64_t now)
{
    uint64_t icnt_now = g->cycle[CLK_ICNT];
    if (g->workers && g->dram_held) {
        tick_partitions_parallel(g, now, icnt_now);
        return;
    }
    if (g->workers) {
        tick_l2_parallel(g, now, icnt_now);
        return;
    }
    for (uint32_t i = 0; i < g->n_l2; i++)
        if (l2_due(&g->l2[i], now, icnt_now))
            l2_cycle(&g->l2[i], now, icnt_now);
}

static void tick_dram(gpu_t *g, uint64_t now)
{
    if (g->workers) {
        tick_dram_parallel(g, now);
        return;
    }
    for (uint32_t ch = 0; ch < g->n_ch; ch++)
        if (mem_channel_due(&g->ch[ch]))
            mem_channel_cycle(&g->ch[ch], now);
}

static bool all_done(const gpu_t *g) { return g->first_unfinished == g->n_kernels; }

/* Time (fs) of the first tick of domain d at or after its cycle `c`. */
static uint64_t fs_of_cycle(const gpu_t *g, int d, uint64_t c)
{
    uint64_t next_cycle = g->cycle[d] + 1; /* the tick at next_fs[d] */
    if (c <= next_cycle)
        return g->next_fs[d];
    uint64_t dc = c - next_cycle;
    if (dc > (UINT64_MAX - g->next_fs[d]) / g->period_fs[d])
        return UINT64_MAX;
    return g->next_fs[d] + dc * g->period_fs[d];
}

/* Nothing happened on the cores: find the next instant anything can and jump.
 * Returns false if nothing is scheduled at all (a deadlock). */
static bool skip_idle(gpu_t *g)
{
    uint64_t t = UINT64_MAX;
    uint64_t core_next = CS_NEVER;
    for (uint32_t i = 0; i < g->n_sm; i++)
        if (g->sm[i].used_ctas || g->sm[i].ldst.count || g->sm[i].ldst.missq.count)
            if (*g->sm[i].wake < core_next)
                core_next = *g->sm[i].wake;
    if (g->next_sample < core_next)
        core_next = g->next_sample;
    if (g->next_ahead_event < core_next) /* its serial phase takes a core's event */
        core_next = g->next_ahead_event;
    if (g->dispatch_dirty && ctas_pending(g))
        core_next = g->cycle[CLK_CORE] + 1;
    if (g->next_power_up < core_next && ctas_pending(g))
        core_next = g->next_power_up;
    for (uint32_t kk = g->first_unfinished; kk < g->n_kernels; kk++)
        if (g->kernels[kk]->state == KERNEL_QUEUED) {
            uint64_t ready = gpu_kernel_ready_cycle(g, kk);
            if (ready < core_next)
                core_next = ready;
        }
    if (core_next != CS_NEVER)
        t = fs_of_cycle(g, CLK_CORE, core_next);
    uint64_t ic = xbar_next_event(&g->req_net, g->cycle[CLK_ICNT] + 1);
    uint64_t ic2 = xbar_next_event(&g->reply_net, g->cycle[CLK_ICNT] + 1);
    if (ic2 < ic)
        ic = ic2;
    if (ic != CS_NEVER) {
        /* an arrival at icnt cycle ic is consumed by the next L2/core tick after it */
        uint64_t f = fs_of_cycle(g, CLK_ICNT, ic);
        if (f < t)
            t = f;
    }
    for (uint32_t i = 0; i < g->n_l2; i++) {
        uint64_t e = l2_next_event(&g->l2[i], g->cycle[CLK_L2] + 1);
        if (e != CS_NEVER) {
            uint64_t f = fs_of_cycle(g, CLK_L2, e);
            if (f < t)
                t = f;
        }
    }
    for (uint32_t ch = 0; ch < g->n_ch; ch++) {
        uint64_t e = dram_next_event(g->ch[ch].dram, g->cycle[CLK_DRAM] + 1);
        if (e != CS_NEVER) {
            uint64_t f = fs_of_cycle(g, CLK_DRAM, e);
            if (f < t)
                t = f;
        }
    }
    if (t == UINT64_MAX)
        return false;
    for (int d = 0; d < CLK__COUNT; d++) {
        if (t > g->next_fs[d]) {
            uint64_t n = (t - g->next_fs[d]) / g->period_fs[d];
            g->cycle[d] += n;
            g->next_fs[d] += n * g->period_fs[d];
        }
    }
    return true;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t thread_insts_so_far(const gpu_t *g)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < g->n_sm; i++)
        n += g->sm[i].c.thread_insts;
    return n;
}

/* -gpgpu_max_cycle / -gpgpu_max_insn reached with work left: the run stops
 * for good, as GPGPU-Sim's does, and says so (gpu_stopped). */
static bool limit_reached(gpu_t *g)
{
    if (g->cfg.max_cycles && g->cycle[CLK_CORE] >= g->cfg.max_cycles)
        g->stopped = "max_cycle";
    else if (g->cfg.max_insn && thread_insts_so_far(g) >= g->cfg.max_insn)
        g->stopped = "max_insn";
    return g->stopped != NULL;
}

void gpu_set_progress(gpu_t *g, gpu_progress_fn fn, void *ctx, double interval_s)
{
    g->progress_fn = fn;
    g->progress_ctx = ctx;
    g->progress_interval = interval_s;
    g->progress_next = g->wall_seconds + interval_s; /* a short run shows nothing */
}

/* The progress callback, when its interval has passed (wall time so far:
 * the runs before this call plus this one's since t0). */
static void maybe_report_progress(gpu_t *g, double t0)
{
    double wall = g->wall_seconds + (now_seconds() - t0);
    if (wall < g->progress_next)
        return;
    g->progress_next = wall + g->progress_interval;
    gpu_progress_t p = {.cycle = g->cycle[CLK_CORE], .wall_seconds = wall};
    for (uint32_t i = 0; i < g->n_sm; i++) {
        p.thread_insts += g->sm[i].c.thread_insts;
        p.warp_insts += g->sm[i].c.warp_insts;
    }
    for (uint32_t i = 0; i < g->n_kernels; i++) {
        const kernel_run_t *k = g->kernels[i];
        p.kernels_launched++;
        if (k->state == KERNEL_DONE) {
            p.kernels_done++;
        } else if (k->state == KERNEL_RUNNING) {
            p.ctas_done += k->ctas_done;
            p.ctas_total += k->total_ctas;
        }
    }
    g->progress_fn(g->progress_ctx, &p);
}

/* The next instant: the earliest clock edge of any domain. */
static inline uint64_t next_instant(const gpu_t *g)
{
    uint64_t t = g->next_fs[0];
    for (int d = 1; d < CLK__COUNT; d++)
        if (g->next_fs[d] < t)
            t = g->next_fs[d];
    return t;
}

/* With the team, a DRAM cycle at instant t waits to run with the L2 cycle
 * that comes next in the serial order, when nothing else comes between:
 * the L2 is due at t itself, or the next instant ticks the L2 and nothing
 * at t runs first (the interconnect, the cores and their serial phase: none
 * reads the DRAM today, but a sample or policy hook that did would see it a
 * cycle behind, so the rule does not lean on it), nor the DRAM again. The
 * loop can stop only after a core cycle, so a held cycle always meets its L2
 * cycle. (The DRAM's own next_fs is already advanced.) */
static bool hold_dram(const gpu_t *g, uint64_t t)
{
    if (!g->workers)
        return false;
    if (g->next_fs[CLK_L2] == t)
        return true;
    if (g->next_fs[CLK_ICNT] == t || g->next_fs[CLK_CORE] == t)
        return false;
    const uint64_t next = next_instant(g);
    return g->next_fs[CLK_L2] == next && g->next_fs[CLK_DRAM] != next;
}

/* Simulate until kernel `target` finished (UINT32_MAX: every launched kernel)
 * or the core clock reaches stop_cycle; with stop_on_end, also after the core
 * cycle in which any kernel ended. */
static int run_until_ex(gpu_t *g, uint32_t target, uint64_t stop_cycle, bool stop_on_end, cs_error_t *err)
{
    double t0 = now_seconds();
    PROF_START(prof_total);
    const uint64_t ended0 = g->kernels_ended;
    /* a core may tick ahead only where the loop stops at no cycle it cannot
     * foresee (a kernel's end, a limit; run_ahead.h) */
    g->windows_allowed = !g->no_run_ahead && !stop_on_end && !g->cfg.max_cycles && !g->cfg.max_insn;
    g->window_stop = stop_cycle;
    g->window_cycle = 0; /* run_ahead_window_end works it out again */
    while (!g->failed && !g->stopped &&
           (target == UINT32_MAX ? !all_done(g) : g->kernels[target]->state != KERNEL_DONE)) {
        const uint64_t t = next_instant(g);
        if (g->next_fs[CLK_DRAM] == t) {
            PROF_START(prof0);
            g->cycle[CLK_DRAM]++;
            g->next_fs[CLK_DRAM] += g->period_fs[CLK_DRAM];
            if (hold_dram(g, t))
                g->dram_held = g->cycle[CLK_DRAM];
            else
                tick_dram(g, g->cycle[CLK_DRAM]);
            PROF_ADD(g, PROF_DRAM, prof0);
        }
        if (g->next_fs[CLK_L2] == t) {
            PROF_START(prof0);
            g->cycle[CLK_L2]++;
            tick_l2(g, g->cycle[CLK_L2]);
            g->next_fs[CLK_L2] += g->period_fs[CLK_L2];
            PROF_ADD(g, PROF_L2, prof0);
        }
        if (g->next_fs[CLK_ICNT] == t) {
            PROF_START(prof0);
            g->cycle[CLK_ICNT]++;
            tick_icnt(g, g->cycle[CLK_ICNT]);
            g->next_fs[CLK_ICNT] += g->period_fs[CLK_ICNT];
            PROF_ADD(g, PROF_ICNT, prof0);
        }
        if (g->next_fs[CLK_CORE] == t) {
            g->cycle[CLK_CORE]++;
            bool any_sm = false;
            PROF_START(prof0);
            int core_rc = tick_core(g, g->cycle[CLK_CORE], &any_sm);
            PROF_ADD(g, PROF_CORE, prof0);
            if (core_rc < 0)
                break;
            g->next_fs[CLK_CORE] += g->period_fs[CLK_CORE];
            if (!any_sm && !all_done(g)) {
                if (!skip_idle(g)) {
                    cs_err(&g->err, NULL, 0,
                           "simulation deadlock at cycle %llu: kernels remain but nothing can make progress "
                           "(a CTA policy that never admits, or a barrier that can never release)",
                           (unsigned long long)g->cycle[CLK_CORE]);
                    g->failed = true;
                    break;
                }
            }
            if ((g->cfg.max_cycles || g->cfg.max_insn) && !all_done(g) && limit_reached(g))
                break;
            if (g->cycle[CLK_CORE] >= stop_cycle || (stop_on_end && g->kernels_ended != ended0))
                break;
            if (g->progress_fn && (g->cycle[CLK_CORE] & 4095) == 0)
                maybe_report_progress(g, t0);
            if (g->team_later && g->cycle[CLK_CORE] >= g->team_next_check)
                maybe_start_team(g, (uint64_t)((g->wall_seconds + now_seconds() - t0) * 1e9));
        }
    }
    g->windows_allowed = false;
    fold_kernel_deltas(g);
    /* counters of sleeping cores up to the last cycle */
    for (uint32_t i = 0; i < g->n_sm; i++)
        sm_catch_up(&g->sm[i], g->cycle[CLK_CORE] + 1);
    if (g->power && !g->failed)
        gpu_power_finish(g, all_done(g) || g->stopped);
    g->wall_seconds += now_seconds() - t0;
    PROF_ADD(g, PROF_TOTAL, prof_total);
    if (g->failed) {
        if (err)
            *err = g->err;
        return -1;
    }
    return 0;
}

static int run_until(gpu_t *g, uint32_t target, uint64_t stop_cycle, cs_error_t *err)
{
    return run_until_ex(g, target, stop_cycle, false, err);
}

int gpu_run(gpu_t *g, cs_error_t *err) { return run_until(g, UINT32_MAX, UINT64_MAX, err); }

int gpu_run_until_kernel_end(gpu_t *g, uint64_t core_cycle, cs_error_t *err)
{
    if (run_until_ex(g, UINT32_MAX, core_cycle, true, err) < 0)
        return -1;
    return all_done(g) || g->stopped ? 1 : 0;
}

int gpu_run_until(gpu_t *g, uint64_t core_cycle, cs_error_t *err)
{
    if (run_until(g, UINT32_MAX, core_cycle, err) < 0)
        return -1;
    return all_done(g) || g->stopped ? 1 : 0;
}

const char *gpu_stopped(const gpu_t *g) { return g->stopped; }

const char *gpu_cta_sched_resolved(const gpu_t *g) { return g->chain.resolved; }
const char *gpu_warp_sched_resolved(const gpu_t *g) { return g->warp_resolved; }

void gpu_set_provenance(gpu_t *g, const char *json_object, const char *text_lines)
{
    free(g->provenance_json);
    free(g->provenance_text);
    g->provenance_json = json_object ? cs_xstrdup(json_object) : NULL;
    g->provenance_text = text_lines ? cs_xstrdup(text_lines) : NULL;
}

int gpu_execute_borrowed(void *gpu, kernel_desc_t *kernels, size_t n, cs_error_t *err)
{
    gpu_t *g = gpu;
    for (size_t i = 0; i < n; i++) {
        kernel_desc_t k = kernels[i];
        k.borrowed = true;
        if (gpu_launch(g, &k, err) < 0)
            return -1;
    }
    return gpu_run(g, err);
}

int gpu_run_workload(gpu_t *g, workload_t *w, cs_error_t *err)
{
    /* Launch everything up front only as far as the concurrency limit needs:
     * kernels are opened lazily by the workload (header only), so this keeps a
     * long kernelslist cheap. Same-stream kernels serialise anyway. */
    for (;;) {
        uint32_t open = g->n_kernels - g->first_unfinished;
        bool more = true;
        while (open < g->cfg.max_concurrent_kernel + 1) {
            kernel_desc_t k;
            int r = workload_next_kernel(w, &k, err);
            if (r < 0)
                return -1;
            if (r == 0) {
                more = false;
                break;
            }
            if (gpu_launch(g, &k, err) < 0) {
                if (k.ops && k.ops->destroy)
                    k.ops->destroy(k.src);
                return -1;
            }
            open++;
        }
        if (!more)
            return gpu_run(g, err);
        /* run until the oldest open kernel finishes, then refill */
        if (run_until(g, g->first_unfinished, UINT64_MAX, err) < 0)
            return -1;
        if (g->stopped)
            return 0;
    }
}
