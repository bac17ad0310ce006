/* cta_dyncta.c — DYNCTA, dynamic CTA scheduling with CTA pausing,
 * Kayiran et al., PACT'13, §4.1 and Algorithm 1.
 *
 * Per kernel and per core, a CTA limit n with 1 <= n <= N, where N is the
 * kernel's maximum CTAs per core (kernel_run_t.max_ctas_per_sm: resources
 * and --max-ctas). At launch n = floor(N/2), at least 1. The dispatcher's
 * round-robin places CTAs one by one, so cores differ by at most one CTA.
 * Every `period` core cycles, each core decides on its own from C_idle and
 * C_mem of the last window (counters.h: outcome[OUT_IDLE] and c_mem,
 * which counts load-data and memory-pipeline waits; cumulative, so we keep the previous
 * sample and subtract, which is the paper's "reset to 0"):
 *   C_idle >= t_idle       -> n + 1
 *   else C_mem <  t_mem_l  -> n + 1
 *   else C_mem >= t_mem_h  -> n - 1
 * A change that would leave [1, N] is not made.
 *
 * CTA pausing: with nCTA CTAs of the kernel on the core (paused ones
 * included), the max(0, nCTA - n) most recently assigned are paused.
 * gpu_set_cta_paused deprioritises their warps in every warp scheduler, so
 * they still issue when no other warp can. A new CTA is admitted only while
 * nCTA < n. So when n goes up while CTAs are paused, the least recently
 * assigned paused CTA resumes and no new CTA is issued. When a CTA finishes,
 * the oldest paused CTA resumes in its place. Paused CTAs are never
 * starved: they keep the lowest priority and still run.
 *
 * Arguments: period=2048, t_idle=16, t_mem_l=128, t_mem_h=384 (§4.1, Table 3),
 * cmem=all|wait|sched|schedmem: which counter is C_mem. all: sm_counters_t.c_mem, every
 * warp that could not issue waits on memory; one warp waiting a few cycles
 * for an ALU result keeps the cycle out. wait: c_mem_wait, where only a warp
 * held by a busy execution unit does (counters.h says why). sched:
 * c_mem_sched, GPGPU-Sim's per-scheduler "no ready instruction" cycles;
 * schedmem: c_mem_sched_mem, c_mem's condition per scheduler; both over the
 * schedulers per core. A preset's -ctasim_dyncta_defaults replaces these
 * defaults (pact13-30sm: calibrated, docs/policies/dyncta.md).
 *
 * Interpretations:
 *   - In Algorithm 1's increment branch, "if nCTA > n: unpause the least
 *     recently assigned CTA, else if n < N: n <- n + 1" leaves n unchanged
 *     when it unpauses, and then its final loop would pause nCTA - n CTAs
 *     again. The text and the worked example (N=4, n=3: down, down, up, up)
 *     say that n is incremented and the paused CTA resumes instead of a new
 *     CTA being issued. That is what we implement: n + 1, then re-pause the
 *     max(0, nCTA - n) newest.
 *   - The thresholds follow the pseudo-code: C_idle >= t_idle and
 *     C_mem >= t_mem_h. (The prose says "> t_idle".)
 *   - Kernels running at the same time on a core each keep their own n and
 *     N. The core's single decision moves all of them.
 *   - The sampling phase restarts when a kernel starts and no other kernel
 *     of this policy is running: the period is set in kernel_launched, with
 *     fresh counter baselines, so the gap between kernels (host code, other
 *     policies' kernels) never lands in a window.
 *
 * Published: series "dyncta.n" (mean n over cores of the oldest running
 * kernel, at each sample) and metric "dyncta.n_avg" (the mean of that
 * series), "dyncta.N" (N of the latest kernel), "dyncta.resident_avg" (the
 * oldest kernel's CTAs per core, paused ones included, at the same samples:
 * above n_avg where n fell while CTAs stayed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cta_dyncta.h"
#include "gpu/cta_policy.h"
#include "register.h"
#include "policy_metrics.h"

struct dyncta {
    uint32_t period, t_idle, t_mem_l, t_mem_h;
    enum dyncta_cmem cmem; /* which counter is C_mem */
    uint32_t n_sched;      /* schedulers per core: cmem=sched's divisor */
    uint32_t n_core;
    cta_link_t *self;
    uint64_t *prev_idle, *prev_mem; /* counters at the previous sample */
    const kernel_run_t **running;   /* scratch for gpu_running_kernels */
    uint32_t cap_running;
    cta_info_t *ctas; /* scratch for gpu_sm_ctas */
    uint32_t cap_ctas;
    double n_sum;
    uint64_t n_samples;
    double resident_sum; /* the oldest kernel's CTAs per core (paused ones included), summed over samples */
};

uint32_t dyncta_period(const dyncta_t *s) { return s->period; }

void *dyncta_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    /* the defaults: the paper's, unless the machine's configuration carries
     * thresholds calibrated for it (-ctasim_dyncta_defaults, §4.1: they "need
     * to be recalculated by experiments for different configurations") */
    policy_args_t d;
    char dspec[sizeof gpu_config(g)->dyncta_defaults + 32];
    const char *preset = gpu_config(g)->dyncta_defaults;
    const bool paper = !preset[0] || !strcmp(preset, "paper"); /* no calibration: the paper's */
    snprintf(dspec, sizeof dspec, "-ctasim_dyncta_defaults%s%s", paper ? "" : ":", paper ? "" : preset);
    uint32_t d_period, d_idle, d_mem_l, d_mem_h;
    if (policy_args_parse(&d, dspec, err) < 0 || policy_arg_u32(&d, "period", 2048, &d_period, err) < 0 ||
        policy_arg_u32(&d, "t_idle", 16, &d_idle, err) < 0 || policy_arg_u32(&d, "t_mem_l", 128, &d_mem_l, err) < 0 ||
        policy_arg_u32(&d, "t_mem_h", 384, &d_mem_h, err) < 0)
        return NULL;
    const char *d_cmem = policy_arg_str(&d, "cmem", DYNCTA_CMEM_DEFAULT);
    if (policy_args_check_unused(&d, err) < 0)
        return NULL;
    uint32_t period, t_idle, t_mem_l, t_mem_h;
    if (policy_arg_u32(a, "period", d_period, &period, err) < 0 || policy_arg_u32(a, "t_idle", d_idle, &t_idle, err) < 0 ||
        policy_arg_u32(a, "t_mem_l", d_mem_l, &t_mem_l, err) < 0 || policy_arg_u32(a, "t_mem_h", d_mem_h, &t_mem_h, err) < 0)
        return NULL;
    if (period == 0) {
        cs_err(err, NULL, 0, "policy '%s': period must be at least 1 cycle", a->name);
        return NULL;
    }
    char cmem_buf[sizeof d.val[0]];
    snprintf(cmem_buf, sizeof cmem_buf, "%s", d_cmem);
    /* in the order of enum dyncta_cmem */
    static const char *const cmem_words[] = {"all", "wait", "sched", "schedmem", NULL};
    unsigned cmem_i;
    if (policy_arg_choice(a, "cmem", cmem_buf, cmem_words, &cmem_i, err) < 0)
        return NULL;
    /* Algorithm 1 raises n below t_mem_l and lowers it at t_mem_h or more:
     * the thresholds must leave a band in between, and fit in a window */
    if (t_mem_l > t_mem_h) {
        cs_err(err, NULL, 0, "policy '%s': t_mem_l=%u must not exceed t_mem_h=%u", a->name, t_mem_l, t_mem_h);
        return NULL;
    }
    dyncta_t *s = cs_xcalloc(1, sizeof *s);
    s->period = period;
    s->t_idle = t_idle;
    s->t_mem_l = t_mem_l;
    s->t_mem_h = t_mem_h;
    s->cmem = (enum dyncta_cmem)cmem_i;
    s->n_sched = gpu_config(g)->num_sched_per_core ? gpu_config(g)->num_sched_per_core : 1;
    s->self = self;
    s->n_core = gpu_n_sm(g);
    s->prev_idle = cs_xcalloc(s->n_core, sizeof *s->prev_idle);
    s->prev_mem = cs_xcalloc(s->n_core, sizeof *s->prev_mem);
    s->cap_running = gpu_config(g)->max_concurrent_kernel ? gpu_config(g)->max_concurrent_kernel : 1;
    s->running = cs_xcalloc(s->cap_running, sizeof *s->running);
    s->cap_ctas = gpu_config(g)->max_cta_per_sm;
    s->ctas = cs_xcalloc(s->cap_ctas, sizeof *s->ctas);
    return s;
}

void dyncta_destroy(void *st)
{
    dyncta_t *s = st;
    free(s->prev_idle);
    free(s->prev_mem);
    free(s->running);
    free(s->ctas);
    free(s);
}

/* The cumulative counter C_mem is read from (a window is a difference of two
 * readings). */
static uint64_t c_mem_of(const dyncta_t *s, const sm_counters_t *c)
{
    switch (s->cmem) {
    case DYNCTA_CMEM_WAIT:
        return c->c_mem_wait;
    case DYNCTA_CMEM_SCHED:
        return c->c_mem_sched;
    case DYNCTA_CMEM_SCHED_MEM:
        return c->c_mem_sched_mem;
    default:
        return c->c_mem;
    }
}

/* A window's C_mem in core cycles. The per-scheduler readings count
 * scheduler-cycles: over the number of schedulers, the mean scheduler's
 * count, so it stays within the window's cycles and the thresholds keep
 * their unit (Kayiran's 11-bit counter per core for a 2048-cycle window). */
static uint64_t c_mem_window(const dyncta_t *s, uint64_t delta)
{
    return s->cmem == DYNCTA_CMEM_SCHED || s->cmem == DYNCTA_CMEM_SCHED_MEM ? delta / s->n_sched : delta;
}

int dyncta_step(uint64_t c_idle, uint64_t c_mem, uint32_t t_idle, uint32_t t_mem_l, uint32_t t_mem_h)
{
    if (c_idle >= t_idle) /* an otherwise idle core: one more CTA */
        return +1;
    if (c_mem < t_mem_l) /* warps rarely wait on memory: more parallelism */
        return +1;
    if (c_mem >= t_mem_h) /* latency too long to hide: fewer CTAs */
        return -1;
    return 0;
}

static void snapshot_counters(dyncta_t *s, struct gpu *g)
{
    for (uint32_t c = 0; c < s->n_core; c++) {
        const sm_counters_t *ctr = gpu_sm_counters(g, c);
        s->prev_idle[c] = ctr->outcome[OUT_IDLE];
        s->prev_mem[c] = c_mem_of(s, ctr);
    }
}

/* Pause the max(0, nCTA - n) most recently assigned CTAs of kernel k on core
 * `sm` and let the others run. */
static void apply_pausing(dyncta_t *s, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    const dyncta_kernel_t *e = cta_link_kernel_state(s->self, k);
    uint32_t n = gpu_sm_ctas(g, sm, s->ctas, s->cap_ctas); /* oldest first */
    uint32_t mine = 0;
    for (uint32_t i = 0; i < n; i++)
        if (s->ctas[i].kernel == k)
            mine++;
    uint32_t run = e->n[sm], rank = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (s->ctas[i].kernel != k)
            continue;
        gpu_set_cta_paused(g, sm, s->ctas[i].slot, mine > run && rank >= run);
        rank++;
    }
}

void dyncta_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    dyncta_t *s = st;
    if (gpu_running_kernels(g, s->running, s->cap_running) == 1) {
        /* k alone: new sampling windows from now on */
        snapshot_counters(s, g);
        gpu_policy_set_sample_period(g, s->self, s->period);
    }
    dyncta_kernel_t *e = cta_link_kernel_state(s->self, k);
    e->max_n = k->max_ctas_per_sm ? k->max_ctas_per_sm : 1;
    uint32_t n0 = e->max_n / 2 ? e->max_n / 2 : 1;
    e->n = cs_xmalloc(s->n_core * sizeof *e->n);
    for (uint32_t c = 0; c < s->n_core; c++)
        e->n[c] = n0;
    gpu_metric_set(g, METRIC_DYNCTA_N_MAX, e->max_n);
}

void dyncta_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    dyncta_kernel_t *e = cta_link_kernel_state(((dyncta_t *)st)->self, k);
    free(e->n);
}

uint32_t dyncta_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    dyncta_kernel_t *e = cta_link_kernel_state(((dyncta_t *)st)->self, k);
    return e->n[sm];
}

/* The CTA is gone from the core: the oldest paused CTA of its kernel may resume in its place. */
void dyncta_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    apply_pausing(st, g, cta->sm, cta->kernel);
}

void dyncta_sample(void *st, struct gpu *g, uint64_t cycle)
{
    dyncta_t *s = st;
    bool raised = false;
    uint32_t n_running = gpu_running_kernels(g, s->running, s->cap_running);
    for (uint32_t c = 0; c < s->n_core; c++) {
        const sm_counters_t *ctr = gpu_sm_counters(g, c);
        uint64_t c_idle = ctr->outcome[OUT_IDLE] - s->prev_idle[c];
        const uint64_t mem_now = c_mem_of(s, ctr);
        uint64_t c_mem = c_mem_window(s, mem_now - s->prev_mem[c]);
        s->prev_idle[c] = ctr->outcome[OUT_IDLE];
        s->prev_mem[c] = mem_now;
        const int step = dyncta_step(c_idle, c_mem, s->t_idle, s->t_mem_l, s->t_mem_h);
        for (uint32_t i = 0; i < n_running; i++) {
            dyncta_kernel_t *e = cta_link_kernel_state(s->self, s->running[i]);
            if (step > 0 && e->n[c] < e->max_n) {
                e->n[c]++;
                raised = true;
            } else if (step < 0 && e->n[c] > 1)
                e->n[c]--;
            apply_pausing(s, g, c, s->running[i]);
        }
    }
    if (raised)
        gpu_request_dispatch(g);
    if (n_running) {
        const dyncta_kernel_t *oldest = cta_link_kernel_state(s->self, s->running[0]);
        double sum = 0;
        for (uint32_t c = 0; c < s->n_core; c++)
            sum += oldest->n[c];
        double mean = sum / s->n_core;
        gpu_metric_sample(g, METRIC_DYNCTA_N_SERIES, mean);
        s->n_sum += mean;
        s->n_samples++;
        gpu_metric_set(g, METRIC_DYNCTA_N_AVG, s->n_sum / (double)s->n_samples);
        /* n only limits admission and pausing only deprioritises, so the CTAs
         * a core holds can stay above n long after n fell (the ratchet in
         * docs/policies/dyncta.md): publish what is resident beside n */
        uint32_t resident = 0;
        for (uint32_t c = 0; c < s->n_core; c++)
            resident += gpu_sm_resident_ctas(g, c, s->running[0]);
        s->resident_sum += (double)resident / s->n_core;
        gpu_metric_set(g, METRIC_DYNCTA_RESIDENT_AVG, s->resident_sum / (double)s->n_samples);
    }
}

const cta_policy_ops_t cta_policy_dyncta = {
    .name = "dyncta",
    .summary = "DYNCTA (Kayiran et al. PACT'13 Alg. 1): per-core CTA limit from C_idle/C_mem, CTA pausing",
    .params = "period=2048,t_idle=16,t_mem_l=128,t_mem_h=384,cmem=" DYNCTA_CMEM_DEFAULT " (a preset's -ctasim_dyncta_defaults first)",
    .kernel_state_size = sizeof(dyncta_kernel_t),
    .create = dyncta_create,
    .destroy = dyncta_destroy,
    .kernel_launched = dyncta_kernel_launched,
    .kernel_finished = dyncta_kernel_finished,
    .cap = dyncta_cap, /* admit: the framework's default, resident < n */
    .cta_finished = dyncta_cta_finished,
    .sample = dyncta_sample,
};
CTA_POLICY_REGISTER(cta_policy_dyncta);
