/* cta_lcs.c — Lazy CTA Scheduling (LCS), Lee et al., HPCA'14, §4.1.
 *
 * Per kernel, three phases:
 *   1. Monitor: every core runs the baseline's maximum CTAs (T_max) while the
 *      GPU counts the warp instructions each CTA issues (cta_info_t.warp_insts).
 *   2. Throttle: when the first CTA of the kernel finishes on the monitored
 *      core, T_new = sum_x inst_x / max_x inst_x rounded to the nearest
 *      integer, halves up, over the kernel's CTAs resident on that core, the
 *      finished one included (Eq. 1; the rounding is settled below).
 *   3. Lazy execution: no core is given a CTA of the kernel while it holds
 *      T_new or more of them. Nothing is preempted: cores above T_new drain.
 * kernel_launched starts over, so each kernel gets its own T_new.
 *
 * Arguments:
 *   round=nearest|floor|ceil
 *                     How Eq. 1's quotient becomes a CTA count. nearest
 *                     (halves up, the default) is the only reading that
 *                     agrees with everything the paper says (below). floor
 *                     is the symbol §4.1 prints (but not the number it
 *                     computes); ceil is the modification §5.1 proposes for
 *                     Type-I kernels (MMUL: OPT 3, LCS 2).
 *   core=N|first|each The monitored core. The paper measures on "a single
 *                     core" and does not say which one; the default is core 0.
 *                     core=first monitors the core that received the kernel's
 *                     CTA 0. core=each is the per-core form §4.1's "Hardware
 *                     Complexity" paragraph describes before dropping it ("The
 *                     algorithm described above can be done for each core
 *                     ... analysis showed that this was not necessary"):
 *                     every core monitors its own CTAs until its own first
 *                     CTA of the kernel finishes and then holds its own T_new;
 *                     the published T_new is then the mean over the cores
 *                     that decided.
 *   scope=launch|name §4.1: "the algorithm is repeated for each kernel".
 *                     launch (the default) monitors every launch anew.
 *                     name remembers T_new per kernel function: a later
 *                     launch of a kernel already measured starts in lazy
 *                     execution at the remembered T_new (clamped to its N).
 *                     Iterative workloads (a solver launching one kernel per
 *                     step) then pay the monitor phase once, not per step;
 *                     with grids of one or two waves the monitor phase is
 *                     most of a launch (the paper's MUM remark, §5.1).
 *
 * Interpretations:
 *   - Eq. 1's denominator is max_x inst_x. The paper says this equals the
 *     finished CTA's count; we take the maximum, so the rule still holds when
 *     another CTA has issued more.
 *   - The rounding, settled by the paper's worked example. §4.1, on
 *     Fig. 7(b) (CTA0 finished with 4 instructions, CTA1 and CTA2 3 each,
 *     CTA3 none): "In the example Figure 7(b)), T_new = ⌊10/4⌋ = 3 and thus,
 *     the new maximum number of threads blocks is reduce from 4 to 3." and
 *     the text before it: "three CTAs are sufficient for this workload as
 *     the fourth CTA does not provide any further benefit". 10/4 = 2.5;
 *     floor gives 2, so the printed floor symbol cannot be what produced the
 *     example's 3. Of the roundings that give 3, ceil is ruled out by §5.1,
 *     which offers ceil as a *modification* of the evaluated LCS ("To
 *     minimize the performance degradation for Type-I workloads, one
 *     modification to the LCS algorithm in Equation 1 would be to use the
 *     [T_new] instead of |T_new|", the text's rendering of ceiling and floor
 *     brackets, "while resulting in some performance improvement loss for
 *     Type-III and Type-IV workloads"). Rounding to the nearest, halves up,
 *     gives 3 on the example and is not ceil, as §5.1 needs. Eq. 1 itself is
 *     printed with plain brackets, "T_new = [ sum inst_x / max(inst_x) ]".
 *     tests/test_cta_policies.c reproduces the example (4, 3, 3, 0 -> 10/4
 *     -> 3) under the default and the three roundings on their own.
 *   - If the monitored core never gets a CTA of the kernel (a grid smaller
 *     than the GPU), the kernel never leaves the monitor phase and runs like
 *     the baseline.
 *   - Only CTAs of the monitored kernel count. CTAs of concurrent kernels on
 *     the same core are left out.
 *
 * Published metrics: "lcs.t_new" (the latest decision) and
 * "lcs.t_new.k<index>" (per kernel, by launch index); "lcs.quotient" and
 * "lcs.quotient.k<index>", Eq. 1 before rounding (what the rounding and
 * Fig. 13's T_new-vs-OPT comparison are judged by). T_new is also this
 * link's cap() answer, which a `bcs` link in the same chain reads through
 * gpu_chain_cap to give a core a block only when the whole block fits under
 * T_new (Fig. 10's BCS-assisted LCS). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cta_policy.h"
#include "lcs_eq1.h"
#include "register.h"
#include "policy_metrics.h"

#define LCS_CORE_FIRST UINT32_MAX /* core=first, not yet known */

typedef struct lcs_kernel { /* per running kernel, kept by the framework */
    bool monitoring;
    uint32_t monitored_core; /* LCS_CORE_FIRST until CTA 0 is placed (core=first) */
    uint32_t t_new;          /* valid once !monitoring */
    uint32_t *core_t_new;    /* core=each: per core, 0 while that core monitors */
    uint32_t n_decided;      /* core=each: cores that decided */
    uint64_t sum_decided;    /* core=each: their T_new summed */
} lcs_kernel_t;

typedef struct learned {
    char name[KERNEL_NAME_MAX];
    uint32_t t_new;
} learned_t;

typedef struct lcs {
    enum lcs_round round;
    bool by_name;          /* scope=name */
    learned_t *learned;    /* scope=name: T_new per kernel function */
    unsigned n_learned, cap_learned;
    bool core_first, core_each;
    uint32_t core, n_core;
    cta_link_t *self;
    cta_info_t *ctas; /* scratch for gpu_sm_ctas */
    uint64_t *inst;   /* scratch for Eq. 1 */
    uint32_t cap_ctas;
} lcs_t;

/* T_new of Eq. 1 from the instruction counts of the CTAs on one core;
 * *quotient gets sum / max before rounding (t_max when nothing issued). */
static uint32_t lcs_t_new(const uint64_t *inst, uint32_t n, enum lcs_round round, uint32_t t_max, double *quotient)
{
    uint64_t sum = 0, max = 0;
    for (uint32_t i = 0; i < n; i++) {
        sum += inst[i];
        if (inst[i] > max)
            max = inst[i];
    }
    *quotient = max ? (double)sum / (double)max : t_max;
    return max ? lcs_eq1(sum, max, round, t_max) : t_max;
}

static void *lcs_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    static const char *const round_words[] = LCS_ROUND_WORDS;
    unsigned round_mode;
    if (policy_arg_choice(a, "round", "nearest", round_words, &round_mode, err) < 0)
        return NULL;
    const char *core = policy_arg_str(a, "core", "0");
    const char *scope = policy_arg_str(a, "scope", "launch");
    if (strcmp(scope, "launch") && strcmp(scope, "name")) {
        cs_err(err, NULL, 0, "policy 'lcs': scope=%s: expected launch or name", scope);
        return NULL;
    }
    bool core_first = !strcmp(core, "first"), core_each = !strcmp(core, "each");
    uint32_t core_id = 0;
    if (!core_first && !core_each) {
        char *end;
        unsigned long v = strtoul(core, &end, 10);
        if (*end || core[0] == '-' || v >= gpu_n_sm(g)) {
            cs_err(err, NULL, 0, "policy 'lcs': core=%s: expected first, each or a core number below %u", core,
                   gpu_n_sm(g));
            return NULL;
        }
        core_id = (uint32_t)v;
    }
    if (core_each && !strcmp(scope, "name")) {
        cs_err(err, NULL, 0, "policy 'lcs': core=each with scope=name: a per-core T_new is not learned per kernel "
                             "function; use one of the two");
        return NULL;
    }
    lcs_t *s = cs_xcalloc(1, sizeof *s);
    s->round = (enum lcs_round)round_mode;
    s->by_name = !strcmp(scope, "name");
    s->core_first = core_first;
    s->core_each = core_each;
    s->core = core_id;
    s->n_core = gpu_n_sm(g);
    s->self = self;
    s->cap_ctas = gpu_config(g)->max_cta_per_sm;
    s->ctas = cs_xcalloc(s->cap_ctas, sizeof *s->ctas);
    s->inst = cs_xcalloc(s->cap_ctas + 1, sizeof *s->inst);
    return s;
}

static void lcs_destroy(void *st)
{
    lcs_t *s = st;
    free(s->learned);
    free(s->ctas);
    free(s->inst);
    free(s);
}

static void publish(struct gpu *g, const kernel_run_t *k, uint32_t t_new)
{
    char name[64];
    snprintf(name, sizeof name, METRIC_LCS_T_NEW ".k%u", k->index);
    gpu_metric_set(g, name, t_new);
    gpu_metric_set(g, METRIC_LCS_T_NEW, t_new);
}

static void publish_quotient(struct gpu *g, const kernel_run_t *k, double quotient)
{
    char name[64];
    snprintf(name, sizeof name, METRIC_LCS_QUOTIENT ".k%u", k->index);
    gpu_metric_set(g, name, quotient);
    gpu_metric_set(g, METRIC_LCS_QUOTIENT, quotient);
}

static void lcs_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    lcs_t *s = st;
    lcs_kernel_t *e = cta_link_kernel_state(s->self, k);
    *e = (lcs_kernel_t){
        .monitoring = true,
        .monitored_core = s->core_first ? LCS_CORE_FIRST : s->core,
        .t_new = k->max_ctas_per_sm,
    };
    if (s->core_each)
        e->core_t_new = cs_xcalloc(s->n_core, sizeof *e->core_t_new);
    for (unsigned i = 0; s->by_name && i < s->n_learned; i++)
        if (!strcmp(s->learned[i].name, k->desc.name)) {
            uint32_t t = s->learned[i].t_new;
            e->t_new = t < k->max_ctas_per_sm ? t : (k->max_ctas_per_sm ? k->max_ctas_per_sm : 1);
            e->monitoring = false;
            publish(g, k, e->t_new);
            break;
        }
}

static void learn(lcs_t *s, const kernel_run_t *k, uint32_t t_new)
{
    for (unsigned i = 0; i < s->n_learned; i++)
        if (!strcmp(s->learned[i].name, k->desc.name)) {
            s->learned[i].t_new = t_new;
            return;
        }
    if (s->n_learned == s->cap_learned) {
        s->cap_learned = s->cap_learned ? 2 * s->cap_learned : 4;
        s->learned = cs_xrealloc(s->learned, s->cap_learned * sizeof *s->learned);
    }
    learned_t *l = &s->learned[s->n_learned++];
    snprintf(l->name, sizeof l->name, "%s", k->desc.name);
    l->t_new = t_new;
}

static void lcs_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    lcs_kernel_t *e = cta_link_kernel_state(((lcs_t *)st)->self, k);
    free(e->core_t_new);
}

/* No limit while monitoring (every core takes N), T_new after; with
 * core=each, per core. */
static uint32_t lcs_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    lcs_kernel_t *e = cta_link_kernel_state(((lcs_t *)st)->self, k);
    if (e->core_t_new && e->monitoring)
        return e->core_t_new[sm] ? e->core_t_new[sm] : UINT32_MAX;
    return e->monitoring ? UINT32_MAX : e->t_new;
}

static void lcs_cta_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    lcs_kernel_t *e = cta_link_kernel_state(((lcs_t *)st)->self, cta->kernel);
    if (e->monitored_core == LCS_CORE_FIRST)
        e->monitored_core = cta->sm;
}

static void lcs_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    lcs_t *s = st;
    lcs_kernel_t *e = cta_link_kernel_state(s->self, cta->kernel);
    if (!e->monitoring || (e->core_t_new ? e->core_t_new[cta->sm] != 0 : cta->sm != e->monitored_core))
        return;
    /* The finished CTA (no longer resident) from its own record, the rest
     * from the core's resident CTAs of the kernel. */
    uint32_t n = gpu_sm_ctas(g, cta->sm, s->ctas, s->cap_ctas);
    uint32_t m = 0;
    s->inst[m++] = cta->warp_insts;
    for (uint32_t i = 0; i < n; i++)
        if (s->ctas[i].kernel == cta->kernel)
            s->inst[m++] = s->ctas[i].warp_insts;
    double quotient;
    uint32_t t_new = lcs_t_new(s->inst, m, s->round, cta->kernel->max_ctas_per_sm, &quotient);
    publish_quotient(g, cta->kernel, quotient);
    if (e->core_t_new) { /* core=each: this core decides for itself; the kernel stays "monitoring" */
        e->core_t_new[cta->sm] = t_new;
        e->sum_decided += t_new;
        e->n_decided++;
        char name[64];
        snprintf(name, sizeof name, METRIC_LCS_T_NEW ".k%u", cta->kernel->index);
        gpu_metric_set(g, name, (double)e->sum_decided / e->n_decided);
        gpu_metric_set(g, METRIC_LCS_T_NEW, (double)e->sum_decided / e->n_decided);
        return;
    }
    e->t_new = t_new;
    e->monitoring = false;
    publish(g, cta->kernel, e->t_new);
    if (s->by_name)
        learn(s, cta->kernel, e->t_new);
}

const cta_policy_ops_t cta_policy_lcs = {
    .name = "lcs",
    .summary = "Lazy CTA Scheduling (Lee et al. HPCA'14 4.1): monitor the first CTA, then cap at T_new",
    .params = "round=nearest,core=0,scope=launch",
    .kernel_state_size = sizeof(lcs_kernel_t),
    .create = lcs_create,
    .destroy = lcs_destroy,
    .kernel_launched = lcs_kernel_launched,
    .kernel_finished = lcs_kernel_finished,
    .cap = lcs_cap,
    .cta_issued = lcs_cta_issued,
    .cta_finished = lcs_cta_finished,
};
CTA_POLICY_REGISTER(cta_policy_lcs);
