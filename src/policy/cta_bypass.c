/* cta_bypass.c — bypass: Li & Liang's thread-block-level L1 bypassing for
 * concurrent kernels (DATE'16 §III-B), a link to chain after the TLP
 * policy: `tlpmod+bypass`.
 *
 * The pair is the two oldest running kernels (A the older, as tlpmod).
 * Every sampling period the stall (structural + memory, summed over the
 * cores) feeds the five-step learning of By_A / By_B (bypass_learn.h); the
 * pair changing (a kernel starts or ends) starts the learning again. When a
 * CTA of A (B) is dispatched to a core holding fewer than By_A (By_B) of its
 * kernel's CTAs tagged, it is tagged to bypass (gpu_set_cta_bypass: its
 * loads neither look up nor allocate in L1; counted as l1_bypassed, per
 * kernel too). Tags stay with a CTA for its life.
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
    bypass_learn_t learn;
    uint32_t period, fixed[2]; /* arguments (0: learn / measure) */
    bool have_fixed[2];
    uint64_t last_stall;
    uint64_t life_sum, life_n; /* lifetimes of the pair's finished CTAs */
    uint64_t samples;
} bypass_t;

static void *bypass_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    bypass_t *b = cs_xcalloc(1, sizeof *b);
    b->self = self;
    b->n_sm = gpu_n_sm(g);
    b->tagged = cs_xcalloc(b->n_sm, sizeof *b->tagged);
    if (policy_arg_u32(a, "period", 0, &b->period, err) < 0) {
        free(b->tagged);
        free(b);
        return NULL;
    }
    static const char *const keys[2] = {"a", "b"};
    for (unsigned i = 0; i < 2; i++) {
        const char *v = policy_arg_str(a, keys[i], "learn");
        if (!strcmp(v, "learn"))
            continue;
        char *end;
        unsigned long n = strtoul(v, &end, 10);
        if (!*v || *end || n > 64) {
            cs_err(err, NULL, 0, "policy 'bypass': %s=%s: expected learn or a number of CTAs 0..64", keys[i], v);
            free(b->tagged);
            free(b);
            return NULL;
        }
        b->have_fixed[i] = true;
        b->fixed[i] = (uint32_t)n;
    }
    return b;
}

static void bypass_destroy(void *st)
{
    bypass_t *b = st;
    free(b->tagged);
    free(b);
}

static uint64_t total_stall(struct gpu *g)
{
    uint64_t s = 0;
    for (uint32_t i = 0; i < gpu_n_sm(g); i++)
        s += gpu_sm_counters(g, i)->struct_stall + gpu_sm_counters(g, i)->mem_stall;
    return s;
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

static void publish(bypass_t *b, struct gpu *g)
{
    gpu_metric_set(g, "bypass.by_a", b->learn.by[0]);
    gpu_metric_set(g, "bypass.by_b", b->learn.by[1]);
    gpu_metric_set(g, "bypass.chosen", b->learn.chosen);
    gpu_metric_sample(g, "bypass.by_a", b->learn.by[0]);
    gpu_metric_sample(g, "bypass.by_b", b->learn.by[1]);
}

/* The pair changed: start again. */
static void repair(bypass_t *b, struct gpu *g)
{
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64);
    const kernel_run_t *p0 = n > 0 ? run[0] : NULL, *p1 = n > 1 ? run[1] : NULL;
    if (p0 == b->pair[0] && p1 == b->pair[1])
        return;
    b->pair[0] = p0;
    b->pair[1] = p1;
    b->life_sum = b->life_n = 0;
    bypass_learn_init(&b->learn, tb_of(b, g, p0), tb_of(b, g, p1), p1 != NULL);
    for (unsigned i = 0; i < 2; i++)
        if (b->have_fixed[i]) {
            b->learn.by[i] = b->fixed[i];
            b->learn.step = BL_DONE;
        }
    if (b->have_fixed[0] || b->have_fixed[1]) {
        b->learn.by[0] = b->fixed[0];
        b->learn.by[1] = b->fixed[1];
    }
    b->last_stall = total_stall(g);
    gpu_policy_set_sample_period(g, b->self, p0 && b->learn.step != BL_DONE ? current_period(b) : 0);
    publish(b, g);
}

static void bypass_kernel_event(void *st, struct gpu *g, const kernel_run_t *k) { repair(st, g); }

static void bypass_sample(void *st, struct gpu *g, uint64_t cycle)
{
    bypass_t *b = st;
    uint64_t s = total_stall(g);
    bypass_learn_sample(&b->learn, s - b->last_stall);
    b->last_stall = s;
    b->samples++;
    publish(b, g);
    gpu_policy_set_sample_period(g, b->self, b->learn.step == BL_DONE ? 0 : current_period(b));
}

static void bypass_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    bypass_t *b = st;
    int which = cta->kernel == b->pair[0] ? 0 : cta->kernel == b->pair[1] ? 1 : -1;
    if (which < 0 || !b->learn.by[which] || cta->slot >= 32)
        return;
    cta_info_t ci[64];
    uint32_t n = gpu_sm_ctas(g, cta->sm, ci, 64), tagged = 0;
    for (uint32_t i = 0; i < n; i++)
        if (ci[i].kernel == cta->kernel && ci[i].slot < 32 && (b->tagged[cta->sm] >> ci[i].slot & 1))
            tagged++;
    if (tagged < b->learn.by[which]) {
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
    .params = "period=0 (0: CTA lifetime),a=learn,b=learn (or fixed By)",
    .create = bypass_create,
    .destroy = bypass_destroy,
    .kernel_launched = bypass_kernel_event,
    .kernel_finished = bypass_kernel_event,
    .cta_issued = bypass_issued,
    .cta_finished = bypass_finished,
    .sample = bypass_sample,
};
CTA_POLICY_REGISTER(cta_policy_bypass);
