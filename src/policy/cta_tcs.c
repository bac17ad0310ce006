/* cta_tcs.c — Throttle CTA Scheduling (TCS) and half TCS (hTCS),
 * Song et al., DATE'14, §III, Algorithms 1 and 2, Fig. 5.
 *
 * Core states (gpu_set_sm_state): ACTIVE takes CTAs; THROTTLE keeps its CTAs,
 * takes no new ones and, with throttle=1, issues no memory instruction
 * (gpu_set_mem_throttle: its warps run until each needs a memory
 * instruction); OFF takes none and is power-gated once drained.
 *
 * Per kernel, two phases:
 *   MONITOR (Alg. 1; the decisions in tcs_monitor.c): every `step` cycles,
 *     for each ACTIVE core i:
 *       stall_cycle(i) > mon/2 and AMAT(i) > thr  ->  C_mem++, stall_cycle(i) = 0
 *     then, if C_mem >= C_active / 2, the ACTIVE core with the highest index
 *     becomes THROTTLE (Fig. 5(b): C5 first), C_throttle++, C_active--,
 *     C_mem = 0. MONITOR lasts until the kernel's first CTA completes or
 *     `min` cycles since the kernel started, whichever is later (and with
 *     end=converged until a whole window passed without a throttle).
 *   REDUCE (Alg. 2), while C_throttle > 0: no core takes a new CTA; an
 *     ACTIVE core whose CTAs have all finished is power-gated (OFF) and the
 *     THROTTLE core with the lowest index becomes ACTIVE (Fig. 5(d): C1
 *     finishes, C2 resumes), C_throttle--. When C_throttle reaches 0, the
 *     C_active cores left run the rest of the kernel, taking CTAs again;
 *     the gated cores stay OFF until the kernel ends.
 *   At the end of the kernel every core is ACTIVE again (§III.B) and the
 *   next kernel starts with a new MONITOR phase.
 * hTCS (§III.C): the kernel starts with the first ceil(N/2) cores ACTIVE and
 * the rest OFF. At the first MONITOR step, if the ACTIVE half is not memory
 * bound (C_mem < C_active/2), the OFF cores become ACTIVE ("more cores will
 * be activated as necessary"); if it is, TCS goes on from N/2 cores.
 *
 * Arguments (the paper's values as defaults):
 *   mon=8192        monitoring period (cycles)
 *   min=10000       shortest MONITOR phase (cycles)
 *   thr=<derived>   AMAT threshold in core cycles. The paper leaves it open:
 *                   "empirically determined and ... based on the
 *                   approximate contention-free memory-access latency that
 *                   includes the on-chip network latency". Default: the
 *                   configuration's unloaded DRAM round trip
 *                   (gpu_derived_latency().dram: 324 on date14-28sm).
 *                   Twice that (648) is the level calibrated on LBM's
 *                   --active-cores sweep (AMAT at its saturation point,
 *                   21 of 28 cores, is 1.8x the unloaded round trip); it
 *                   is not the default because it takes MUM further from
 *                   Song's Fig. 8 (docs/policies/tcs.md "Which defaults").
 *   step=mon        cycles between MONITOR steps (only mon with reset=window). step=mon is one step per
 *                   window (at most one throttle per window); a shorter step
 *                   evaluates Alg. 1's loop more often, stall_cycle(i)
 *                   kept until core i is counted, so the cores' counts fall
 *                   at different steps and several throttles fit a window.
 *                   AMAT(i) is over the step.
 *   end=first       first: MONITOR ends as the text says (first CTA done
 *                   and `min` cycles); converged: also not before a whole
 *                   window has passed without a throttle (Fig. 5: "this
 *                   process continues until the optimal number of active
 *                   cores is reached").
 *   sat=off         ipc (our addition, not the paper's): before each
 *                   throttle, compare the GPU's instruction rate since the
 *                   last throttle with the rate between the two before it;
 *                   a fall of more than sat_tol=5 percent undoes the last
 *                   throttle and ends throttling for the kernel. gap=N: no
 *                   two throttles closer than N cycles (default mon with
 *                   sat=ipc, else 0).
 *   throttle=1      THROTTLE cores stop issuing memory instructions;
 *                   throttle=0 is Fig. 8(c) (they only take no new CTAs).
 *   stall=ldst|cmem which counter is stall_cycle. ldst (default):
 *                   sm_counters_t.ldst_stall_cycles, cycles the memory unit
 *                   could not make progress (MSHRs, miss queue or
 *                   interconnect full) or could not accept a memory
 *                   instruction — the paper's "stalled from the memory unit
 *                   ... memory instructions cannot be issued or the memory
 *                   requests cannot be injected into the network". cmem:
 *                   Kayiran's C_mem (nothing issued, every waiting warp waits
 *                   on memory), a wider reading of "stalled on memory".
 *   reset=alg|window
 *                   alg (default) is Algorithm 1 as printed: stall_cycle(i)
 *                   is reset only when core i is counted memory bound (so it
 *                   accumulates over windows: the text's "consecutive"
 *                   monitoring), and C_mem only when a core is throttled (it
 *                   accumulates too). window counts both afresh in each
 *                   `mon` window.
 *   reduce=drain|grid
 *                   when an ACTIVE core counts as finished in REDUCE. drain
 *                   (default): REDUCE gives no core a new CTA, so ACTIVE
 *                   cores finish as soon as their resident CTAs do (see
 *                   below). grid: ACTIVE cores keep taking CTAs while the
 *                   kernel has any left to issue, and finish when it has none
 *                   left and their own CTAs are done; the THROTTLE cores
 *                   wait for that (the reading "run until completion").
 *   AMAT(i) is the mean round trip of core i's load requests below L1 in the
 *   last window (sm_counters_t.mem_lat_*); 0 when it sent none.
 *
 * Interpretations:
 *   - Throttling never leaves zero ACTIVE cores: with one ACTIVE core the
 *     C_mem test is skipped (C_mem >= 1/2 would throttle the last one).
 *   - In REDUCE no core takes a new CTA: Fig. 5(d) "instead of assigning
 *     additional CTAs to this core, this core is power-gated", and footnote 3
 *     (the throttled cores resume one at a time as the active ones drain).
 *     Only after C_throttle reaches 0 do the C_optimal cores take CTAs again
 *     ("only C_optimal found in the MONITOR phase are used for the remaining
 *     execution of the kernel").
 *   - A THROTTLE core that becomes ACTIVE with no CTA left is itself
 *     finished at once: it is gated and the next THROTTLE core resumes.
 *   - "First CTA completes": the first CTA of any kernel after the MONITOR
 *     phase started.
 *   - Concurrent kernels (the paper leaves them open): TCS's state follows
 *     the GPU's busy periods: it restarts when a kernel starts on a GPU with
 *     no other kernel running and every core returns to ACTIVE when the last
 *     running kernel ends.
 *   - Cores beyond --active-cores are never used.
 *
 * Published: "tcs.cores" (ACTIVE cores when MONITOR ended, latest busy
 * period) and "tcs.cores.k<index>" per kernel launch index, "tcs.throttled"
 * (cores throttled in total), the series "tcs.active" (ACTIVE cores after
 * each change). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cta_policy.h"
#include "gating.h"
#include "register.h"
#include "policy_metrics.h"
#include "tcs_monitor.h"

/* Defaults of the readings of Alg. 1 (docs/policies/tcs.md says why) */
#define TCS_STEPS_PER_WINDOW 1 /* step = mon: one step per window */
#define TCS_DEFAULT_END "first"
#define TCS_DEFAULT_SAT "off"
#define TCS_THR_X_UNLOADED 1 /* thr = the unloaded DRAM round trip */
#define TCS_DEFAULT_SAT_TOL 5 /* percent */

enum tcs_phase { TCS_IDLE = 0, TCS_MONITOR, TCS_REDUCE, TCS_DONE };
enum tcs_stall { STALL_LDST = 0, STALL_CMEM };

typedef struct tcs {
    uint32_t mon, min, thr, throttle, step;
    bool half, reset_window, reduce_grid, end_converged;
    enum tcs_stall stall_src;
    uint32_t n_core, n_enabled;
    cta_link_t *self;
    enum tcs_phase phase;
    uint8_t *state; /* enum core_state per core, as TCS set it */
    uint64_t start, next_check, deadline;
    bool first_done;
    bool half_decided;  /* hTCS: the first window's test has been made */
    uint32_t kernel;    /* launch index of the kernel that started the phase */
    tcs_monitor_t m;    /* Algorithm 1's counters: C_mem, C_active, the saturation test */
    uint32_t c_throttle;
    uint32_t last_throttled; /* core throttled last (the one sat=ipc restores) */
    uint64_t *stall;    /* stall_cycle(i) */
    uint64_t *prev_stall, *prev_lat_sum, *prev_lat_cnt;
    double throttled_total, sat_stops;
    const kernel_run_t **running;
    uint32_t cap_running;
} tcs_t;

static void *tcs_create_common(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err, bool half)
{
    derived_latency_t lat;
    gpu_derived_latency(gpu_config(g), &lat);
    uint32_t thr0 = (uint32_t)lround(TCS_THR_X_UNLOADED * lat.dram);
    uint32_t mon, min, thr, throttle, step, sat_tol, gap;
    const char *name = half ? "htcs" : "tcs";
    if (policy_arg_u32(a, "mon", 8192, &mon, err) < 0 || policy_arg_u32(a, "min", 10000, &min, err) < 0 ||
        policy_arg_u32(a, "thr", thr0, &thr, err) < 0 || policy_arg_u32(a, "throttle", 1, &throttle, err) < 0 ||
        policy_arg_u32(a, "sat_tol", TCS_DEFAULT_SAT_TOL, &sat_tol, err) < 0)
        return NULL;
    /* the readings' words, in the order the arguments are recorded */
    static const char *const sat_words[] = {"off", "ipc", NULL}, *const reset_words[] = {"alg", "window", NULL},
                             *const stall_words[] = {"ldst", "cmem", NULL},
                             *const reduce_words[] = {"drain", "grid", NULL},
                             *const end_words[] = {"first", "converged", NULL};
    unsigned sat_i, reset_i, stall_i, reduce_i, end_i;
    if (policy_arg_choice(a, "sat", TCS_DEFAULT_SAT, sat_words, &sat_i, err) < 0 ||
        policy_arg_choice(a, "reset", "alg", reset_words, &reset_i, err) < 0)
        return NULL;
    const bool sat_on = sat_i == 1, window = reset_i == 1;
    /* reset=window counts stall_cycle per window, so it steps once per
     * window unless told otherwise (then it is refused below) */
    uint32_t step_def = window ? mon : mon / TCS_STEPS_PER_WINDOW ? mon / TCS_STEPS_PER_WINDOW : 1;
    if (policy_arg_u32(a, "step", step_def, &step, err) < 0)
        return NULL;
    /* the saturation test compares instruction rates over spans of at
     * least a window by default: shorter ones swing with CTA waves */
    if (policy_arg_u32(a, "gap", sat_on ? mon : 0, &gap, err) < 0)
        return NULL;
    if (policy_arg_choice(a, "stall", "ldst", stall_words, &stall_i, err) < 0 ||
        policy_arg_choice(a, "reduce", "drain", reduce_words, &reduce_i, err) < 0 ||
        policy_arg_choice(a, "end", TCS_DEFAULT_END, end_words, &end_i, err) < 0)
        return NULL;
    if (mon == 0) {
        cs_err(err, NULL, 0, "policy '%s': mon must be at least 1 cycle", name);
        return NULL;
    }
    if (step == 0 || step > mon) {
        cs_err(err, NULL, 0, "policy '%s': step must be 1..mon (%u) cycles (got %u)", name, mon, step);
        return NULL;
    }
    if (step < mon && window) {
        cs_err(err, NULL, 0,
               "policy '%s': reset=window needs step=mon (a step of %u cycles can never stall more than mon/2 = %u)",
               name, step, mon / 2);
        return NULL;
    }
    if (sat_tol >= 100) {
        cs_err(err, NULL, 0, "policy '%s': sat_tol is a percentage below 100 (got %u)", name, sat_tol);
        return NULL;
    }
    if (throttle > 1) {
        cs_err(err, NULL, 0, "policy '%s': throttle must be 0 or 1 (got %u)", name, throttle);
        return NULL;
    }
    tcs_t *s = cs_xcalloc(1, sizeof *s);
    s->reduce_grid = reduce_i == 1;
    s->mon = mon;
    s->min = min;
    s->thr = thr;
    s->throttle = throttle;
    s->half = half;
    s->stall_src = stall_i == 1 ? STALL_CMEM : STALL_LDST;
    s->reset_window = window;
    s->step = step;
    s->end_converged = end_i == 1;
    s->m.mon = mon;
    s->m.thr = thr;
    s->m.reset_window = s->reset_window;
    s->m.sat_tol = sat_on ? sat_tol / 100.0 : -1.0;
    s->m.gap = gap;
    s->self = self;
    s->n_core = gpu_n_sm(g);
    s->n_enabled = gating_n_enabled(g);
    s->state = cs_xcalloc(s->n_core, sizeof *s->state);
    s->stall = cs_xcalloc(s->n_core, sizeof *s->stall);
    s->prev_stall = cs_xcalloc(s->n_core, sizeof *s->prev_stall);
    s->prev_lat_sum = cs_xcalloc(s->n_core, sizeof *s->prev_lat_sum);
    s->prev_lat_cnt = cs_xcalloc(s->n_core, sizeof *s->prev_lat_cnt);
    s->cap_running = gpu_config(g)->max_concurrent_kernel ? gpu_config(g)->max_concurrent_kernel : 1;
    s->running = cs_xcalloc(s->cap_running, sizeof *s->running);
    for (uint32_t c = 0; c < s->n_core; c++)
        s->state[c] = (uint8_t)gpu_sm_state(g, c);
    return s;
}

static void *tcs_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    return tcs_create_common(g, self, a, err, false);
}

static void *htcs_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    return tcs_create_common(g, self, a, err, true);
}

static void tcs_destroy(void *st)
{
    tcs_t *s = st;
    free(s->state);
    free(s->stall);
    free(s->prev_stall);
    free(s->prev_lat_sum);
    free(s->prev_lat_cnt);
    free(s->running);
    free(s);
}

static void set_core(tcs_t *s, struct gpu *g, uint32_t c, enum core_state st)
{
    s->state[c] = (uint8_t)st;
    gpu_set_sm_state(g, c, st);
    gpu_set_mem_throttle(g, c, st == CORE_THROTTLE && s->throttle);
}

static uint64_t stall_counter(const tcs_t *s, const sm_counters_t *c)
{
    return s->stall_src == STALL_CMEM ? c->c_mem : c->ldst_stall_cycles;
}

static void snapshot(tcs_t *s, struct gpu *g)
{
    for (uint32_t c = 0; c < s->n_core; c++) {
        const sm_counters_t *ctr = gpu_sm_counters(g, c);
        s->prev_stall[c] = stall_counter(s, ctr);
        s->prev_lat_sum[c] = ctr->mem_lat_sum;
        s->prev_lat_cnt[c] = ctr->mem_lat_count;
    }
}

static void publish_active(tcs_t *s, struct gpu *g) { gpu_metric_sample(g, METRIC_TCS_ACTIVE_SERIES, s->m.c_active); }

/* Wake at the next MONITOR step, or at the end of the shortest MONITOR phase
 * when the first CTA already completed; nothing to wait for otherwise. */
static void reschedule(tcs_t *s, struct gpu *g)
{
    uint64_t now = gpu_cycle(g);
    if (s->phase != TCS_MONITOR) {
        gpu_policy_set_sample_period(g, s->self, 0);
        return;
    }
    uint64_t next = s->next_check;
    if (s->first_done && s->deadline > now && s->deadline < next)
        next = s->deadline;
    gpu_policy_set_sample_period(g, s->self, (uint32_t)(next > now ? next - now : 1));
}

/* reduce=grid: does any running kernel still have CTAs to issue? */
static bool ctas_left(tcs_t *s, struct gpu *g)
{
    uint32_t n = gpu_running_kernels(g, s->running, s->cap_running);
    for (uint32_t i = 0; i < n; i++)
        if (s->running[i]->next_cta < s->running[i]->total_ctas)
            return true;
    return false;
}

/* REDUCE: gate every ACTIVE core that has finished its CTAs and resume a
 * THROTTLE core in its place, until no THROTTLE core is left. */
static void reduce_scan(tcs_t *s, struct gpu *g)
{
    if (s->phase == TCS_REDUCE && s->reduce_grid && ctas_left(s, g))
        return;
    bool changed = true;
    while (s->phase == TCS_REDUCE && changed) {
        changed = false;
        for (uint32_t c = 0; c < s->n_enabled && s->c_throttle > 0; c++) {
            if (s->state[c] != CORE_ACTIVE || gpu_sm_resident_ctas(g, c, NULL) > 0)
                continue;
            uint32_t j = 0;
            while (j < s->n_enabled && s->state[j] != CORE_THROTTLE)
                j++;
            if (j == s->n_enabled) { /* cannot happen: C_throttle counts them */
                s->c_throttle = 0;
                break;
            }
            set_core(s, g, c, CORE_OFF);
            set_core(s, g, j, CORE_ACTIVE);
            s->c_throttle--;
            changed = true;
        }
        if (s->c_throttle == 0) {
            s->phase = TCS_DONE;
            gpu_request_dispatch(g);
        }
    }
}

static void end_monitor(tcs_t *s, struct gpu *g)
{
    char name[64];
    gpu_metric_set(g, METRIC_TCS_CORES, s->m.c_active);
    snprintf(name, sizeof name, METRIC_TCS_CORES ".k%u", s->kernel);
    gpu_metric_set(g, name, s->m.c_active);
    s->phase = s->c_throttle ? TCS_REDUCE : TCS_DONE;
    reduce_scan(s, g);
    reschedule(s, g);
}

static uint64_t insts_all(const tcs_t *s, struct gpu *g)
{
    uint64_t n = 0;
    for (uint32_t c = 0; c < s->n_core; c++)
        n += gpu_sm_counters(g, c)->warp_insts;
    return n;
}

/* Algorithm 1, one step (tcs_monitor.h: monitor, decide, saturation). */
static void monitor_step(tcs_t *s, struct gpu *g, uint64_t cycle)
{
    tcs_step_begin(&s->m);
    for (uint32_t c = 0; c < s->n_core; c++) {
        const sm_counters_t *ctr = gpu_sm_counters(g, c);
        uint64_t st = stall_counter(s, ctr);
        uint64_t win = st - s->prev_stall[c];
        uint64_t lat_sum = ctr->mem_lat_sum - s->prev_lat_sum[c];
        uint64_t lat_cnt = ctr->mem_lat_count - s->prev_lat_cnt[c];
        s->prev_stall[c] = st;
        s->prev_lat_sum[c] = ctr->mem_lat_sum;
        s->prev_lat_cnt[c] = ctr->mem_lat_count;
        if (c >= s->n_enabled || s->state[c] != CORE_ACTIVE)
            continue;
        tcs_core_test(&s->m, &s->stall[c], win, lat_sum, lat_cnt);
    }
    /* hTCS decides on its half at the end of the first whole window */
    bool half_test = s->half && !s->half_decided && cycle >= s->start + s->mon;
    if (half_test)
        s->half_decided = true;
    if (tcs_decide(&s->m, cycle)) {
        if (tcs_saturated(&s->m, cycle, insts_all(s, g))) {
            /* the last throttle cost performance: that core comes back */
            set_core(s, g, s->last_throttled, CORE_ACTIVE);
            s->c_throttle--;
            s->sat_stops++;
            gpu_metric_set(g, METRIC_TCS_SAT_STOPS, s->sat_stops);
            publish_active(s, g);
            return;
        }
        uint32_t j = s->n_enabled;
        while (j > 0 && s->state[j - 1] != CORE_ACTIVE)
            j--;
        /* j > 0: tcs_decide() wants more than one ACTIVE core */
        set_core(s, g, j - 1, CORE_THROTTLE);
        s->last_throttled = j - 1;
        s->c_throttle++;
        s->throttled_total++;
        gpu_metric_set(g, METRIC_TCS_THROTTLED, s->throttled_total);
        publish_active(s, g);
    } else if (half_test) {
        /* hTCS: half the cores are not memory bound: use them all */
        for (uint32_t c = 0; c < s->n_enabled; c++)
            if (s->state[c] == CORE_OFF) {
                set_core(s, g, c, CORE_ACTIVE);
                s->m.c_active++;
            }
        publish_active(s, g);
        gpu_request_dispatch(g);
    }
}

/* MONITOR ends once the first CTA has completed and `min` cycles have
 * passed; with end=converged also not before a whole window without a
 * throttle (or the saturation stop). */
static bool monitor_over(const tcs_t *s, uint64_t cycle)
{
    return s->first_done && cycle >= s->deadline && (!s->end_converged || tcs_converged(&s->m, cycle));
}

static void tcs_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    tcs_t *s = st;
    if (gpu_running_kernels(g, s->running, s->cap_running) != 1)
        return; /* joins the busy period already under way */
    uint64_t now = gpu_cycle(g);
    s->phase = TCS_MONITOR;
    s->kernel = k->index;
    s->start = now;
    s->next_check = now + s->step;
    s->deadline = now + s->min;
    s->first_done = false;
    s->half_decided = false;
    s->c_throttle = 0;
    uint32_t on = s->half ? (s->n_enabled + 1) / 2 : s->n_enabled;
    tcs_monitor_start(&s->m, on, now, insts_all(s, g));
    for (uint32_t c = 0; c < s->n_enabled; c++) {
        set_core(s, g, c, c < on ? CORE_ACTIVE : CORE_OFF);
        s->stall[c] = 0;
    }
    snapshot(s, g);
    publish_active(s, g);
    reschedule(s, g);
}

static void tcs_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    tcs_t *s = st;
    if (gpu_running_kernels(g, s->running, s->cap_running) != 0)
        return;
    /* §III.B: at the end of a kernel every core is ACTIVE again */
    for (uint32_t c = 0; c < s->n_enabled; c++)
        set_core(s, g, c, CORE_ACTIVE);
    s->phase = TCS_IDLE;
    gpu_policy_set_sample_period(g, s->self, 0);
}

static bool tcs_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    const tcs_t *s = st;
    return (s->phase != TCS_REDUCE || s->reduce_grid) && s->state[sm] == CORE_ACTIVE;
}

/* reduce=grid: the kernel's last CTA just left the queue; ACTIVE cores that
 * are already empty have finished. */
static void tcs_cta_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    tcs_t *s = st;
    if (s->phase == TCS_REDUCE && s->reduce_grid)
        reduce_scan(s, g);
}

static void tcs_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    tcs_t *s = st;
    if (s->phase == TCS_MONITOR && !s->first_done) {
        s->first_done = true;
        if (monitor_over(s, gpu_cycle(g)))
            end_monitor(s, g);
        else
            reschedule(s, g);
    } else if (s->phase == TCS_REDUCE) {
        reduce_scan(s, g);
    }
}

static void tcs_sample(void *st, struct gpu *g, uint64_t cycle)
{
    tcs_t *s = st;
    if (s->phase != TCS_MONITOR) {
        reschedule(s, g);
        return;
    }
    if (cycle >= s->next_check) {
        monitor_step(s, g, cycle);
        s->next_check += s->step;
    }
    if (monitor_over(s, cycle))
        end_monitor(s, g);
    else
        reschedule(s, g);
}

const cta_policy_ops_t cta_policy_tcs = {
    .name = "tcs",
    .summary = "TCS (Song et al. DATE'14 Alg. 1-2): throttle memory-bound cores, then power-gate them as they drain",
    .params = "mon=8192,min=10000,thr=<unloaded DRAM latency>,throttle=1,stall=ldst,reset=alg,reduce=drain,"
              "step=mon,end=first,sat=off,sat_tol=5,gap=<mon with sat=ipc>",
    .create = tcs_create,
    .destroy = tcs_destroy,
    .kernel_launched = tcs_kernel_launched,
    .kernel_finished = tcs_kernel_finished,
    .admit = tcs_admit,
    .cta_issued = tcs_cta_issued,
    .cta_finished = tcs_cta_finished,
    .sample = tcs_sample,
};
CTA_POLICY_REGISTER(cta_policy_tcs);

const cta_policy_ops_t cta_policy_htcs = {
    .name = "htcs",
    .summary = "hTCS (Song et al. §III.C): TCS starting from half the cores, all of them if not memory bound",
    .params = "mon=8192,min=10000,thr=<unloaded DRAM latency>,throttle=1,stall=ldst,reset=alg,reduce=drain,"
              "step=mon,end=first,sat=off,sat_tol=5,gap=<mon with sat=ipc>",
    .create = htcs_create,
    .destroy = tcs_destroy,
    .kernel_launched = tcs_kernel_launched,
    .kernel_finished = tcs_kernel_finished,
    .admit = tcs_admit,
    .cta_issued = tcs_cta_issued,
    .cta_finished = tcs_cta_finished,
    .sample = tcs_sample,
};
CTA_POLICY_REGISTER(cta_policy_htcs);
