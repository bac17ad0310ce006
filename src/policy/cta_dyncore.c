/* cta_dyncore.c — DYNCORE, DYNCTA plus core gating, Kayiran et al., PACT'13,
 * §4.2 and §5.2-5.3.
 *
 * Per core, DYNCTA exactly as `dyncta` (cta_dyncta.h: the same code, the same
 * arguments period, t_idle, t_mem_l, t_mem_h). In addition, at every DYNCTA
 * sample (every `period` = 2048 cycles):
 *   G_act = sum of N_act over the cores that are not turned off, where N_act
 *           is a core's active time in the window: cycles in which it "can
 *           fetch new warps" (sm_counters_t.act_cycles, the counter of
 *           Kayiran's RACT; counters.h).
 *   G_act < t_act: turn off cores until k are turned off (the highest-index
 *           cores that are on). A core being turned off takes no new CTA
 *           (state OFF) and drains; once its last CTA finished it is gated.
 *   G_act > t_act: a core still draining returns to ACTIVE and takes CTAs
 *           again. A core already gated stays off.
 * t_act = 40960 "stands for 66 % RACT in a 30-core system with a sampling
 * period of 2048": the default scales it with the cores in use and the
 * period, round(40960 * cores / 30 * period / 2048) (e.g. 38229 on 28 cores).
 *
 * Arguments: DYNCTA's four, k=<8 of 30> (cores turned off: §5.3 chooses 8
 * of 30, Fig. 14b turns off 16 of 56 and 32 of 110; the default scales
 * round(8 * cores / 30), at most cores - 1: 7 on 28 cores, 4 on 15),
 * t_act=<scaled>, pcpg=<the power model's -power_pcpg> (per-core power
 * gating: gated cores draw no power; 0: they draw idle power). pcpg is
 * published as the metric "dyncore.pcpg"; what the power model charges
 * follows its own switch, -power_pcpg, which a policy argument cannot set:
 * with the power model on, a pcpg= that disagrees with it is an error.
 *
 * Interpretations:
 *   - "turn off 8 of the cores": at most k cores are turned off at any time
 *     (Fig. 14a varies this count), not k more at every low sample. After
 *     draining cores returned, a later low G_act turns cores off again up
 *     to k.
 *   - Which cores: the paper does not say; the highest-index cores that are
 *     on. Never the last one: at least one core stays on, and k must be
 *     smaller than the cores in use.
 *   - G_act counts the draining cores (they are not turned off yet).
 *   - State per busy period of the GPU: when a kernel starts on an idle GPU
 *     every core is on again and G_act's window restarts with DYNCTA's;
 *     when the last running kernel ends every core returns to ACTIVE. No
 *     decision is taken while no kernel runs.
 *   - Cores beyond --active-cores are never used; "cores" above means the
 *     cores in use.
 *
 * Published: series "dyncore.off" (cores turned off, at each sample),
 * "dyncore.gated" (drained cores gated in total), "dyncore.returns"
 * (draining cores that returned), "dyncore.t_act", "dyncore.pcpg", and
 * DYNCTA's own metrics. */
#include <math.h>
#include <stdlib.h>

#include "cta_dyncta.h"
#include "gating.h"
#include "gpu/cta_policy.h"
#include "register.h"
#include "policy_metrics.h"

enum { DC_ON = 0, DC_DRAINING, DC_OFF };

typedef struct dyncore {
    dyncta_t *dyn;
    cta_link_t *self;
    uint32_t k, t_act, pcpg;
    uint32_t n_core, n_enabled;
    uint8_t *mode;
    uint64_t *prev_act;
    const kernel_run_t **running;
    uint32_t cap_running;
    double gated, returns;
} dyncore_t;

static void *dyncore_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    dyncta_t *dyn = dyncta_create(g, self, a, err);
    if (!dyn)
        return NULL;
    uint32_t n_enabled = gating_n_enabled(g), period = dyncta_period(dyn);
    /* 8 of 30 cores (§5.3), 16 of 56, 32 of 110 (Fig. 14b): about 27 % */
    uint32_t k0 = (uint32_t)lround(8.0 * n_enabled / 30.0);
    if (k0 > n_enabled - 1)
        k0 = n_enabled - 1;
    double t0 = 40960.0 * n_enabled / 30.0 * period / 2048.0;
    uint32_t k, t_act, pcpg;
    if (policy_arg_u32(a, "k", k0, &k, err) < 0 ||
        policy_arg_u32(a, "t_act", t0 > UINT32_MAX ? UINT32_MAX : (uint32_t)lround(t0), &t_act, err) < 0 ||
        policy_arg_u32(a, "pcpg", gpu_config(g)->power.pcpg ? 1 : 0, &pcpg, err) < 0) {
        dyncta_destroy(dyn);
        return NULL;
    }
    if (k >= n_enabled) {
        cs_err(err, NULL, 0, "policy 'dyncore': k=%u would turn off all %u cores in use (at most %u)", k, n_enabled,
               n_enabled - 1);
        dyncta_destroy(dyn);
        return NULL;
    }
    if (pcpg > 1) {
        cs_err(err, NULL, 0, "policy 'dyncore': pcpg must be 0 or 1 (got %u)", pcpg);
        dyncta_destroy(dyn);
        return NULL;
    }
    if (gpu_config(g)->power.enabled && pcpg != (gpu_config(g)->power.pcpg ? 1u : 0u)) {
        cs_err(err, NULL, 0, "policy 'dyncore': pcpg=%u but the power model has -power_pcpg %u (set both alike)", pcpg,
               gpu_config(g)->power.pcpg ? 1u : 0u);
        dyncta_destroy(dyn);
        return NULL;
    }
    dyncore_t *s = cs_xcalloc(1, sizeof *s);
    s->dyn = dyn;
    s->self = self;
    s->k = k;
    s->t_act = t_act;
    s->pcpg = pcpg;
    s->n_core = gpu_n_sm(g);
    s->n_enabled = n_enabled;
    s->mode = cs_xcalloc(s->n_core, sizeof *s->mode);
    s->prev_act = cs_xcalloc(s->n_core, sizeof *s->prev_act);
    s->cap_running = gpu_config(g)->max_concurrent_kernel ? gpu_config(g)->max_concurrent_kernel : 1;
    s->running = cs_xcalloc(s->cap_running, sizeof *s->running);
    gpu_metric_set(g, METRIC_DYNCORE_T_ACT, t_act);
    gpu_metric_set(g, METRIC_DYNCORE_PCPG, pcpg);
    return s;
}

static void dyncore_destroy(void *st)
{
    dyncore_t *s = st;
    dyncta_destroy(s->dyn);
    free(s->mode);
    free(s->prev_act);
    free(s->running);
    free(s);
}

static void all_on(dyncore_t *s, struct gpu *g)
{
    for (uint32_t c = 0; c < s->n_enabled; c++) {
        s->mode[c] = DC_ON;
        gpu_set_sm_state(g, c, CORE_ACTIVE);
    }
}

/* A draining core whose last CTA finished is gated. */
static void check_drained(dyncore_t *s, struct gpu *g, uint32_t c)
{
    if (s->mode[c] == DC_DRAINING && gpu_sm_resident_ctas(g, c, NULL) == 0) {
        s->mode[c] = DC_OFF;
        s->gated++;
        gpu_metric_set(g, METRIC_DYNCORE_GATED, s->gated);
    }
}

static void dyncore_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    dyncore_t *s = st;
    if (gpu_running_kernels(g, s->running, s->cap_running) == 1) {
        all_on(s, g);
        for (uint32_t c = 0; c < s->n_core; c++)
            s->prev_act[c] = gpu_sm_counters(g, c)->act_cycles;
    }
    dyncta_kernel_launched(s->dyn, g, k);
}

static void dyncore_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    dyncore_t *s = st;
    dyncta_kernel_finished(s->dyn, g, k);
    if (gpu_running_kernels(g, s->running, s->cap_running) == 0)
        all_on(s, g);
}

static uint32_t dyncore_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    return dyncta_cap(((dyncore_t *)st)->dyn, g, sm, k);
}

static void dyncore_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    dyncore_t *s = st;
    dyncta_cta_finished(s->dyn, g, cta);
    check_drained(s, g, cta->sm);
}

static void dyncore_sample(void *st, struct gpu *g, uint64_t cycle)
{
    dyncore_t *s = st;
    dyncta_sample(s->dyn, g, cycle);
    uint64_t g_act = 0;
    uint32_t not_on = 0;
    for (uint32_t c = 0; c < s->n_enabled; c++) {
        uint64_t act = gpu_sm_counters(g, c)->act_cycles;
        if (s->mode[c] != DC_OFF)
            g_act += act - s->prev_act[c];
        s->prev_act[c] = act;
        not_on += s->mode[c] != DC_ON;
    }
    if (gpu_running_kernels(g, s->running, s->cap_running) == 0)
        return;
    if (g_act < s->t_act && not_on < s->k) {
        uint32_t on = s->n_enabled - not_on, want = s->k - not_on;
        if (want > on - 1)
            want = on - 1; /* never the last core */
        for (uint32_t c = s->n_enabled; c > 0 && want > 0; c--) {
            if (s->mode[c - 1] != DC_ON)
                continue;
            s->mode[c - 1] = DC_DRAINING;
            gpu_set_sm_state(g, c - 1, CORE_OFF);
            check_drained(s, g, c - 1);
            want--;
            not_on++;
        }
    } else if (g_act > s->t_act) {
        for (uint32_t c = 0; c < s->n_enabled; c++)
            if (s->mode[c] == DC_DRAINING) {
                s->mode[c] = DC_ON;
                gpu_set_sm_state(g, c, CORE_ACTIVE);
                s->returns++;
                not_on--;
                gpu_metric_set(g, METRIC_DYNCORE_RETURNS, s->returns);
            }
    }
    gpu_metric_sample(g, METRIC_DYNCORE_OFF_SERIES, not_on);
}

const cta_policy_ops_t cta_policy_dyncore = {
    .name = "dyncore",
    .summary = "DYNCORE (Kayiran et al. PACT'13 4.2): DYNCTA plus turning k cores off while G_act < t_act",
    .params = "period=2048,t_idle=16,t_mem_l=128,t_mem_h=384,cmem=" DYNCTA_CMEM_DEFAULT " (a preset's -ctasim_dyncta_defaults first),k=<8*cores/30>,t_act=<40960*cores/30*period/2048>,pcpg=<-power_pcpg>",
    .kernel_state_size = sizeof(dyncta_kernel_t),
    .create = dyncore_create,
    .destroy = dyncore_destroy,
    .kernel_launched = dyncore_kernel_launched,
    .kernel_finished = dyncore_kernel_finished,
    .cap = dyncore_cap,
    .cta_finished = dyncore_cta_finished,
    .sample = dyncore_sample,
};
CTA_POLICY_REGISTER(cta_policy_dyncore);
