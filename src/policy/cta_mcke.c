/* cta_mcke.c — mcke: mixed concurrent kernel execution (Lee et al. HPCA'14
 * §4.4, §5.3): CTAs of the concurrent kernels share every core, each kernel
 * limited to its own number of CTAs per core, so that the room a lazy limit
 * leaves on a core goes to the other kernel instead of idling.
 *
 * Limits: `mcke:a=1,b=3` gives them (a for the first kernel, b the second,
 * c, d the next); a kernel's rank is that of its stream among the streams
 * of the running kernels, ascending (a mix `A+B` runs A on a lower stream
 * than B, so a is A's limit whichever of their kernels runs). A limit left
 * at 0 comes from the rest of the chain: `lcs+mcke` takes LCS's T_new
 * (Table 3's "# of CTAs per kernel" are LCS's counts), and with no other
 * limit the kernel's resource maximum.
 *
 * Sharing: a kernel's CTA is admitted on a core only while the kernel holds
 * fewer than its limit there. Its first CTA on a core (its foothold) is
 * always admitted; a further one only if no other running kernel with CTAs
 * left lacks a foothold on that core, or such a kernel does not fit now and
 * would still not be crowded out (one of its CTAs fits after this one). So
 * every kernel gets a CTA on every core as soon as one fits, which greedy
 * CKE does not give (there the first kernel fills the cores and the next
 * gets what is left), and a foothold is never refused, so the rule cannot
 * stall a core.
 *
 * A mix whose kernels cannot have one CTA each on one core together cannot
 * run this way: the run fails when such a pair is first running together,
 * with one line naming both kernels and their footprints. */
#include <stdio.h>
#include <stdlib.h>

#include "gpu/cta_policy.h"
#include "register.h"

#define MCKE_RANKS 4
#define MCKE_MAX_KERNELS 64

typedef struct mcke {
    cta_link_t *self;
    uint32_t lim[MCKE_RANKS]; /* 0: from the chain */
} mcke_t;

static void *mcke_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    if (!gpu_config(g)->concurrent_kernel_sm) {
        cs_err(err, NULL, 0, "policy 'mcke' puts kernels on the same core: it needs -gpgpu_concurrent_kernel_sm 1");
        return NULL;
    }
    mcke_t *m = cs_xcalloc(1, sizeof *m);
    m->self = self;
    static const char *const keys[MCKE_RANKS] = {"a", "b", "c", "d"};
    for (unsigned i = 0; i < MCKE_RANKS; i++)
        if (policy_arg_u32(a, keys[i], 0, &m->lim[i], err) < 0) {
            free(m);
            return NULL;
        }
    return m;
}

/* k's rank: its stream's position among the running kernels' streams. */
static uint32_t rank_of(struct gpu *g, const kernel_run_t *k)
{
    const kernel_run_t *run[MCKE_MAX_KERNELS];
    uint32_t n = gpu_running_kernels(g, run, MCKE_MAX_KERNELS), rank = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t s = run[i]->desc.stream;
        if (s >= k->desc.stream)
            continue;
        bool first = true; /* count each lower stream once */
        for (uint32_t j = 0; j < i; j++)
            first &= run[j]->desc.stream != s;
        rank += first;
    }
    return rank;
}

static uint32_t mcke_limit(mcke_t *m, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    uint32_t r = rank_of(g, k);
    uint32_t chain = gpu_chain_cap(g, sm, k, m->self);
    if (r < MCKE_RANKS && m->lim[r])
        return m->lim[r] < chain ? m->lim[r] : chain;
    return chain;
}

static uint32_t mcke_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    mcke_t *m = st;
    uint32_t r = rank_of(g, k);
    return r < MCKE_RANKS && m->lim[r] ? m->lim[r] : UINT32_MAX;
}

static bool mcke_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    mcke_t *m = st;
    uint32_t res = gpu_sm_resident_ctas(g, sm, k);
    if (res >= mcke_limit(m, g, sm, k))
        return false;
    if (res == 0)
        return true; /* its foothold on this core */
    const kernel_run_t *run[MCKE_MAX_KERNELS];
    uint32_t n = gpu_running_kernels(g, run, MCKE_MAX_KERNELS);
    for (uint32_t i = 0; i < n; i++) {
        const kernel_run_t *j = run[i];
        if (j == k || j->next_cta >= j->total_ctas || gpu_sm_resident_ctas(g, sm, j) > 0)
            continue;
        if (mcke_limit(m, g, sm, j) == 0)
            continue;
        /* j has no CTA here yet: its turn first if it fits now, and k's CTA
         * must leave room for one of j's */
        if (gpu_sm_free_ctas(g, sm, j) > 0 || gpu_sm_free_ctas_after(g, sm, k, j) == 0)
            return false;
    }
    return true;
}

/* Do one CTA of a and one of b fit on an empty core? */
static bool pair_fits(const gpu_config_t *c, const kernel_run_t *a, const kernel_run_t *b)
{
    uint32_t slots = c->max_cta_per_sm < CONFIG_MAX_CTAS_PER_SM ? c->max_cta_per_sm : CONFIG_MAX_CTAS_PER_SM;
    return slots >= 2 && a->threads_per_cta + b->threads_per_cta <= c->max_threads_per_sm &&
           a->warps_per_cta + b->warps_per_cta <= CONFIG_MAX_WARPS_PER_SM &&
           (uint64_t)a->regs_per_cta + b->regs_per_cta <= c->registers_per_sm &&
           (uint64_t)a->shmem_per_cta + b->shmem_per_cta <= c->shmem_per_sm;
}

static void mcke_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    const kernel_run_t *run[MCKE_MAX_KERNELS];
    uint32_t n = gpu_running_kernels(g, run, MCKE_MAX_KERNELS);
    for (uint32_t i = 0; i < n; i++) {
        const kernel_run_t *j = run[i];
        if (j == k || pair_fits(gpu_config(g), k, j))
            continue;
        char msg[1024];
        snprintf(msg, sizeof msg,
                 "--cta-sched mcke: one CTA of '%.200s' (%u threads, %u registers, %u B shared) and one of '%.200s' "
                 "(%u threads, %u registers, %u B shared) do not fit on one core together",
                 j->desc.name, j->threads_per_cta, j->regs_per_cta, j->shmem_per_cta, k->desc.name,
                 k->threads_per_cta, k->regs_per_cta, k->shmem_per_cta);
        gpu_policy_fail(g, msg);
        return;
    }
}

const cta_policy_ops_t cta_policy_mcke = {
    .name = "mcke",
    .summary = "mixed CKE (Lee et al. 4.4): every kernel on every core, each under its own CTA limit",
    .params = "a=0,b=0,c=0,d=0 (0: the chain's limit, e.g. lcs+mcke)",
    .create = mcke_create,
    .destroy = free,
    .kernel_launched = mcke_launched,
    .admit = mcke_admit,
    .cap = mcke_cap,
};
CTA_POLICY_REGISTER(cta_policy_mcke);
