/* cta_bypass.c — bypass: Li & Liang's thread-block-level L1 bypassing for
 * concurrent kernels (DATE'16 §III-B), a link to chain after the TLP
 * policy: `tlpmod+bypass`.
 *
 * The pair is the two oldest running kernels (A the older, as tlpmod).
 * Every sampling period the stall (structural + memory) feeds the five-step
 * learning of By_A / By_B (bypass_learn.h); the pair changing (a kernel
 * starts or ends) starts the learning again. When a CTA of A (B) is
 * dispatched to a core holding fewer than By_A (By_B) of its kernel's CTAs
 * tagged, it is tagged to bypass (gpu_set_cta_bypass: its loads neither
 * look up nor allocate in L1; counted as l1_bypassed, per kernel too). Tags
 * stay with a CTA for its life.
 *
 * Whose stall, and whose By (`scope=`): the paper's text does not say; its
 * hardware cost (§III-C) keeps By_A, By_B, their current counts and "a table
 * to keep Stall^A and Stall^B on each SM", i.e. each core learns its own By
 * from its own stall (`scope=sm`). `scope=gpu` sums the stall of all cores
 * and learns one By for the whole GPU.
 *
 * What is compared (`stall=`): the paper compares the stall of sampling
 * periods it takes to be alike. Ours are not (the default period is the mean
 * lifetime of the CTAs finished so far, 5000 cycles before the first), so
 * `stall=rate` compares stall cycles per cycle of the period (x 1024),
 * `stall=count` the raw stall cycles of each period.
 *
 * Tb (By's upper limit) is the chain's cap for the kernel (tlpmod's Tb),
 * else its resource maximum. The sampling period is "the lifetime of Tb_A
 * thread blocks of kernel A and Tb_B of kernel B that concurrently execute":
 * `period=N` cycles, or by default the mean lifetime of the pair's CTAs
 * finished so far (5000 cycles until one has, at least 500).
 * `a=N` / `b=N` fix By_A / By_B instead of learning (tests, experiments). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bypass_learn.h"
#include "gpu/cta_policy.h"
#include "register.h"

#define BYPASS_DEFAULT_PERIOD 5000
#define BYPASS_MIN_PERIOD 500

typedef struct bypass {
    cta_link_t *self;
    uint32_t n_sm;
    uint32_t *tagged;          /* per core: bit per CTA slot tagged to bypass */
    const kernel_run_t *pair[2];
    bool per_sm;               /* scope=sm: a learner per core; scope=gpu: one */
    bool rate;                 /* stall=rate: stall per cycle of the period */
    uint32_t n_learn;          /* learners: n_sm or 1 */
    bypass_learn_t *learn;     /* [n_learn] */
    uint64_t *last_stall;      /* [n_learn]: its cores' stall at the period's start */
    uint64_t last_cycle;       /* the period's first cycle */
    uint32_t period, fixed[2]; /* arguments (0: learn / measure) */
    bool have_fixed[2];
    uint64_t life_sum, life_n; /* lifetimes of the pair's finished CTAs */
    uint64_t samples;
} bypass_t;

static void bypass_destroy(void *st)
{
    bypass_t *b = st;
    free(b->tagged);
    free(b->learn);
    free(b->last_stall);
    free(b);
}

static void *bypass_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    bypass_t *b = cs_xcalloc(1, sizeof *b);
    b->self = self;
    b->n_sm = gpu_n_sm(g);
    b->tagged = cs_xcalloc(b->n_sm, sizeof *b->tagged);
    if (policy_arg_u32(a, "period", 0, &b->period, err) < 0) {
        bypass_destroy(b);
        return NULL;
    }
    /* scope: one By from all cores' stall, or each core its own; stall: the
     * stall cycles of a period, or per cycle of it */
    static const char *const scopes[] = {"gpu", "sm", NULL}, *const stalls[] = {"count", "rate", NULL};
    unsigned scope, stall;
    if (policy_arg_choice(a, "scope", "gpu", scopes, &scope, err) < 0 ||
        policy_arg_choice(a, "stall", "count", stalls, &stall, err) < 0) {
        bypass_destroy(b);
        return NULL;
    }
    b->per_sm = scope == 1;
    b->rate = stall == 1;
    b->n_learn = b->per_sm ? b->n_sm : 1;
    b->learn = cs_xcalloc(b->n_learn, sizeof *b->learn);
    b->last_stall = cs_xcalloc(b->n_learn, sizeof *b->last_stall);
    static const char *const keys[2] = {"a", "b"};
    for (unsigned i = 0; i < 2; i++) {
        const char *v = policy_arg_str(a, keys[i], "learn");
        if (!strcmp(v, "learn"))
            continue;
        char *end;
        unsigned long n = strtoul(v, &end, 10);
        if (!*v || *end || n > 64) {
            cs_err(err, NULL, 0, "policy 'bypass': %s=%s: expected learn or a number of CTAs 0..64", keys[i], v);
            bypass_destroy(b);
            return NULL;
        }
        b->have_fixed[i] = true;
        b->fixed[i] = (uint32_t)n;
    }
    return b;
}

/* The stall (structural + memory) so far of learner i's cores. */
static uint64_t learner_stall(const bypass_t *b, struct gpu *g, uint32_t i)
{
    uint32_t first = b->per_sm ? i : 0, end = b->per_sm ? i + 1 : b->n_sm;
    uint64_t s = 0;
    for (uint32_t c = first; c < end; c++)
        s += gpu_sm_counters(g, c)->struct_stall + gpu_sm_counters(g, c)->mem_stall;
    return s;
}

static bypass_learn_t *learner_of(bypass_t *b, uint32_t sm) { return &b->learn[b->per_sm ? sm : 0]; }

static bool learning(const bypass_t *b)
{
    for (uint32_t i = 0; i < b->n_learn; i++)
        if (b->learn[i].step != BL_DONE)
            return true;
    return false;
}

static uint32_t tb_of(bypass_t *b, struct gpu *g, const kernel_run_t *k)
{
    if (!k)
        return 0;
    uint32_t cap = gpu_chain_cap(g, 0, k, b->self);
    return cap < k->max_ctas_per_sm ? cap : k->max_ctas_per_sm;
}

static uint32_t current_period(const bypass_t *b)
{
    if (b->period)
        return b->period;
    if (!b->life_n)
        return BYPASS_DEFAULT_PERIOD;
    uint64_t p = b->life_sum / b->life_n;
    return p < BYPASS_MIN_PERIOD ? BYPASS_MIN_PERIOD : (uint32_t)(p > UINT32_MAX ? UINT32_MAX : p);
}

/* By_A, By_B (scope=sm: their means over the cores); chosen: the kernel
 * bypassing (scope=sm: the most common choice); bypass.sms_a / sms_b: the
 * cores whose learner chose A / B. */
static void publish(bypass_t *b, struct gpu *g)
{
    double by[2] = {0, 0};
    uint32_t n_chose[3] = {0, 0, 0}; /* none, A, B */
    for (uint32_t i = 0; i < b->n_learn; i++) {
        by[0] += b->learn[i].by[0];
        by[1] += b->learn[i].by[1];
        n_chose[b->learn[i].chosen + 1]++;
    }
    by[0] /= b->n_learn;
    by[1] /= b->n_learn;
    int chosen = n_chose[1] > n_chose[0] && n_chose[1] >= n_chose[2] ? 0 : n_chose[2] > n_chose[0] ? 1 : -1;
    gpu_metric_set(g, "bypass.by_a", by[0]);
    gpu_metric_set(g, "bypass.by_b", by[1]);
    gpu_metric_set(g, "bypass.chosen", chosen);
    if (b->per_sm) {
        gpu_metric_set(g, "bypass.sms_a", n_chose[1]);
        gpu_metric_set(g, "bypass.sms_b", n_chose[2]);
        gpu_metric_sample(g, "bypass.sms_a", n_chose[1]);
        gpu_metric_sample(g, "bypass.sms_b", n_chose[2]);
    }
    gpu_metric_sample(g, "bypass.by_a", by[0]);
    gpu_metric_sample(g, "bypass.by_b", by[1]);
}

static void start_period(bypass_t *b, struct gpu *g)
{
    for (uint32_t i = 0; i < b->n_learn; i++)
        b->last_stall[i] = learner_stall(b, g, i);
    b->last_cycle = gpu_cycle(g);
    gpu_policy_set_sample_period(g, b->self, b->pair[0] && learning(b) ? current_period(b) : 0);
}

/* The pair changed: start again. */
static void repair(bypass_t *b, struct gpu *g)
{
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64);
    const kernel_run_t *p0 = n > 0 ? run[0] : NULL, *p1 = n > 1 ? run[1] : NULL;
    if (p0 == b->pair[0] && p1 == b->pair[1])
        return;
    if (!p0) { /* the last kernel ended: stop sampling, keep what was learned as the run's final metrics */
        b->pair[0] = b->pair[1] = NULL;
        start_period(b, g);
        return;
    }
    b->pair[0] = p0;
    b->pair[1] = p1;
    b->life_sum = b->life_n = 0;
    uint32_t tb_a = tb_of(b, g, p0), tb_b = tb_of(b, g, p1);
    for (uint32_t i = 0; i < b->n_learn; i++) {
        bypass_learn_t *l = &b->learn[i];
        bypass_learn_init(l, tb_a, tb_b, p1 != NULL);
        if (b->have_fixed[0] || b->have_fixed[1]) {
            l->by[0] = b->fixed[0];
            l->by[1] = b->fixed[1];
            l->step = BL_DONE;
        }
    }
    start_period(b, g);
    publish(b, g);
}

static void bypass_kernel_event(void *st, struct gpu *g, const kernel_run_t *k) { repair(st, g); }

static void bypass_sample(void *st, struct gpu *g, uint64_t cycle)
{
    bypass_t *b = st;
    uint64_t len = cycle - b->last_cycle;
    for (uint32_t i = 0; i < b->n_learn; i++)
        bypass_learn_sample(&b->learn[i], bypass_period_stall(learner_stall(b, g, i) - b->last_stall[i], len, b->rate));
    b->samples++;
    start_period(b, g);
    publish(b, g);
}

static void bypass_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    bypass_t *b = st;
    int which = cta->kernel == b->pair[0] ? 0 : cta->kernel == b->pair[1] ? 1 : -1;
    const bypass_learn_t *l = learner_of(b, cta->sm);
    if (which < 0 || !l->by[which] || cta->slot >= 32)
        return;
    cta_info_t ci[64];
    uint32_t n = gpu_sm_ctas(g, cta->sm, ci, 64), tagged = 0;
    for (uint32_t i = 0; i < n; i++)
        if (ci[i].kernel == cta->kernel && ci[i].slot < 32 && (b->tagged[cta->sm] >> ci[i].slot & 1))
            tagged++;
    if (tagged < l->by[which]) {
        b->tagged[cta->sm] |= 1u << cta->slot;
        gpu_set_cta_bypass(g, cta->sm, cta->slot, true);
        gpu_metric_add(g, "bypass.tagged_ctas", 1);
    }
}

static void bypass_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    bypass_t *b = st;
    if (cta->slot < 32 && (b->tagged[cta->sm] >> cta->slot & 1)) {
        b->tagged[cta->sm] &= ~(1u << cta->slot);
        gpu_set_cta_bypass(g, cta->sm, cta->slot, false); /* the slot's next CTA starts untagged */
    }
    if (cta->kernel == b->pair[0] || cta->kernel == b->pair[1]) {
        b->life_sum += cta->end_cycle - cta->start_cycle;
        b->life_n++;
    }
}

const cta_policy_ops_t cta_policy_bypass = {
    .name = "bypass",
    .summary = "Li & Liang thread-block-level L1 bypassing (DATE'16 III-B): learn By_A/By_B from stall samples",
    .params = "period=0 (0: CTA lifetime),a=learn,b=learn (or fixed By),scope=gpu (or sm: By per core from its "
              "own stall),stall=count (or rate: per cycle of the period)",
    .create = bypass_create,
    .destroy = bypass_destroy,
    .kernel_launched = bypass_kernel_event,
    .kernel_finished = bypass_kernel_event,
    .cta_issued = bypass_issued,
    .cta_finished = bypass_finished,
    .sample = bypass_sample,
};
CTA_POLICY_REGISTER(cta_policy_bypass);
