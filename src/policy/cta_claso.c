/* cta_claso.c — CLASO, credit-based load-balance-aware CTA scheduling,
 * Yu et al., IJPP'14, §3.1, §3.2 and Algorithm 1.
 *
 * CLASO is a filter: it never chooses a core, it only refuses. Stack it on a
 * baseline ("rr+claso", "dyncta+claso", "lcs+claso"). Alone ("claso") it
 * filters the dispatcher's own round-robin.
 *
 * At kernel launch (Algorithm 1, lines 1-4), with n_cta CTAs and n_core cores:
 *   local credits per core  C_p[c] = ceil(n_cta / n_core) + p_L
 *   global credits          C_g    = ((n_cta - 1) mod n_core) + 1 + (p_A - 1) * n_core
 *                                    (p_A layers: n_core credits each, except the
 *                                    last, which has ((n_cta - 1) mod n_core) + 1)
 * For a CTA issue request on core c (lines 6-19): take one local credit. If
 * C_p[c] is still >= p_A + p_L, allow. Else, if C_p[c] >= 0, also take a
 * global credit and allow if C_g >= 0. Otherwise refuse.
 *
 * Arguments: pa=1 (active levels p_A >= 1), pl=0 (loose levels p_L >= 0).
 * CLASO10 is pa=1,pl=0 and CLASO20 is pa=2,pl=0.
 *
 * Interpretations:
 *   - Line 2 of Algorithm 1 prints floor(n_cta / n_core). §3.1 and the §3.2
 *     case study use ceil: 17 CTAs on 4 cores give 5 local credits. With
 *     floor, the credits add up to fewer than n_cta whenever n_core does not
 *     divide n_cta, and the kernel could never finish. We use ceil. With
 *     ceil, the credits that allow an issue add up to exactly n_cta.
 *   - The paper's consumer decrements credits on every request, refused or
 *     not. Our dispatcher asks admit() again and again while a core has
 *     room, so admit() only tests the rule without changing anything, and
 *     cta_issued() takes the credits when a CTA actually starts. Global
 *     credits never come back within a kernel, so a refusal is final in both
 *     forms and the allow/refuse sequence is the same. Only the paper's
 *     counters go further below zero.
 *   - Each running kernel has its own credit set (§3.3: one set per
 *     concurrent kernel).
 *   - Gated cores (--active-cores, tcs, htcs, dyncore). n_core is the number
 *     of cores not OFF when the kernel starts, and every core gets the local
 *     credits computed with it, so a core that a gating policy turns on later
 *     can take CTAs. Credits never go to a core that is not ACTIVE (the
 *     dispatcher offers such a core nothing). When cores are turned off or
 *     throttled during a kernel, their unused credits would be lost and the
 *     ACTIVE cores could run out with CTAs left (a deadlock): so when no
 *     ACTIVE core has a credit left while the kernel still has CTAs to issue,
 *     an ACTIVE core is admitted anyway (its counters go below zero). Without
 *     gating this never happens: the credits add up to n_cta.
 *
 * Published metrics (for the most recent kernel): "claso.local_credits" and
 * "claso.global_credits" at launch, and "claso.global_left" and
 * "claso.local_left_max" at the end of the kernel. */
#include <stdlib.h>

#include "gpu/cta_policy.h"
#include "register.h"
#include "policy_metrics.h"

typedef struct claso_kernel { /* per running kernel, kept by the framework */
    int64_t global;
    int64_t *local; /* per core */
} claso_kernel_t;

typedef struct claso {
    uint32_t pa, pl, n_core;
    cta_link_t *self;
} claso_t;

static uint32_t cores_not_off(struct gpu *g, uint32_t n_core)
{
    uint32_t n = 0;
    for (uint32_t c = 0; c < n_core; c++)
        n += gpu_sm_state(g, c) != CORE_OFF;
    return n ? n : n_core;
}

static void *claso_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    uint32_t pa, pl;
    if (policy_arg_u32(a, "pa", 1, &pa, err) < 0 || policy_arg_u32(a, "pl", 0, &pl, err) < 0)
        return NULL;
    if (pa < 1) {
        cs_err(err, NULL, 0, "policy 'claso': pa (active levels) must be at least 1");
        return NULL;
    }
    claso_t *s = cs_xcalloc(1, sizeof *s);
    s->pa = pa;
    s->pl = pl;
    s->n_core = gpu_n_sm(g);
    s->self = self;
    return s;
}

static void claso_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    claso_t *s = st;
    claso_kernel_t *e = cta_link_kernel_state(s->self, k);
    uint64_t n_cta = k->total_ctas, n_core = cores_not_off(g, s->n_core);
    int64_t local = (int64_t)((n_cta + n_core - 1) / n_core) + s->pl;
    e->global = (int64_t)((n_cta - 1) % n_core + 1 + (uint64_t)(s->pa - 1) * n_core);
    e->local = cs_xmalloc(s->n_core * sizeof *e->local);
    for (uint32_t c = 0; c < s->n_core; c++)
        e->local[c] = local;
    gpu_metric_set(g, METRIC_CLASO_LOCAL_CREDITS, (double)local);
    gpu_metric_set(g, METRIC_CLASO_GLOBAL_CREDITS, (double)e->global);
}

static void claso_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    claso_t *s = st;
    claso_kernel_t *e = cta_link_kernel_state(s->self, k);
    int64_t local_max = e->local[0];
    for (uint32_t c = 1; c < s->n_core; c++)
        if (e->local[c] > local_max)
            local_max = e->local[c];
    gpu_metric_set(g, METRIC_CLASO_GLOBAL_LEFT, (double)e->global);
    gpu_metric_set(g, METRIC_CLASO_LOCAL_LEFT_MAX, (double)local_max);
    free(e->local);
}

/* Algorithm 1, lines 7-19, without consuming anything. */
static bool credit_allows(const claso_t *s, const claso_kernel_t *e, uint32_t sm)
{
    int64_t local_after = e->local[sm] - 1;
    if (local_after >= (int64_t)(s->pa + s->pl))
        return true;
    return local_after >= 0 && e->global - 1 >= 0;
}

static bool claso_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    claso_t *s = st;
    claso_kernel_t *e = cta_link_kernel_state(s->self, k);
    if (credit_allows(s, e, sm))
        return true;
    /* gated cores took their credits with them: never strand the kernel */
    for (uint32_t c = 0; c < s->n_core; c++)
        if (gpu_sm_state(g, c) == CORE_ACTIVE && credit_allows(s, e, c))
            return false;
    return k->next_cta < k->total_ctas;
}

/* The request was allowed and a CTA started: consume its credits. */
static void claso_cta_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    claso_t *s = st;
    claso_kernel_t *e = cta_link_kernel_state(s->self, cta->kernel);
    e->local[cta->sm]--;
    if (e->local[cta->sm] < (int64_t)(s->pa + s->pl))
        e->global--;
}

const cta_policy_ops_t cta_policy_claso = {
    .name = "claso",
    .summary = "CLASO credit filter (Yu et al. IJPP'14 Alg. 1): local + global credits balance CTAs over cores",
    .params = "pa=1,pl=0",
    .kernel_state_size = sizeof(claso_kernel_t),
    .create = claso_create,
    .destroy = free,
    .kernel_launched = claso_kernel_launched,
    .kernel_finished = claso_kernel_finished,
    .admit = claso_admit,
    .cta_issued = claso_cta_issued,
};
CTA_POLICY_REGISTER(cta_policy_claso);
