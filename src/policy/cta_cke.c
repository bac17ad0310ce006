/* cta_cke.c — cke: the baseline concurrent kernel execution of GPGPU-Sim
 * (and Li & Liang's "default concurrency", DATE'16 §II): kernels of
 * different streams run at once; on each core a kernel takes whatever its
 * resources allow, and a later kernel gets only what is left.
 *
 * The dispatcher already offers a core the running kernels in launch order,
 * so greedy rr behaves this way by itself; cke states it as a rule that
 * holds in any chain: a kernel is admitted on a core only if no earlier
 * running kernel with CTAs left could take a CTA there now (it fits by
 * resources and under the rest of the chain's cap). A later link that
 * refuses the earlier kernel (claso's credits, bcs's blocks) therefore does
 * not hand its room to the next kernel.
 *
 * With -gpgpu_concurrent_kernel_sm 0 (a core holds one kernel's CTAs at a
 * time; GPGPU-Sim's default and Lee et al.'s baseline, "the different kernels
 * are executed on different cores") the dispatcher already keeps kernels
 * apart and hands an empty core to the running kernels round-robin; cke then
 * adds only its caps, and the launch-order rule above does not apply (it
 * would give every empty core to the first kernel).
 *
 * `cke:a=3,b=5` also caps each kernel's CTAs per core, by rank (a for the
 * kernel on the lowest stream among the running kernels' streams, b the
 * next, then c, d; 0 = no cap): Lee et al.'s baseline CKE "with the optimal
 * number of thread blocks" of Table 3, beside `mcke:a=3,b=5`. */
#include <stdlib.h>

#include "gpu/cta_policy.h"
#include "register.h"

#define CKE_RANKS 4

typedef struct cke {
    uint32_t lim[CKE_RANKS];
} cke_t;

static void *cke_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    cke_t *c = cs_xcalloc(1, sizeof *c);
    static const char *const keys[CKE_RANKS] = {"a", "b", "c", "d"};
    for (unsigned i = 0; i < CKE_RANKS; i++)
        if (policy_arg_u32(a, keys[i], 0, &c->lim[i], err) < 0) {
            free(c);
            return NULL;
        }
    return c;
}

/* k's rank: its stream's position among the running kernels' streams */
static uint32_t rank_of(struct gpu *g, const kernel_run_t *k)
{
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64), rank = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool lower_first = run[i]->desc.stream < k->desc.stream;
        for (uint32_t j = 0; j < i && lower_first; j++)
            lower_first = run[j]->desc.stream != run[i]->desc.stream;
        rank += lower_first;
    }
    return rank;
}

static uint32_t cke_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    const cke_t *c = st;
    uint32_t r = rank_of(g, k);
    return r < CKE_RANKS && c->lim[r] ? c->lim[r] : UINT32_MAX;
}

static bool cke_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    if (gpu_sm_resident_ctas(g, sm, k) >= cke_cap(st, g, sm, k))
        return false;
    if (!gpu_config(g)->concurrent_kernel_sm)
        return true; /* a core per kernel: the dispatcher's round-robin pick decides, not launch order */
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64);
    for (uint32_t i = 0; i < n && run[i] != k; i++) {
        const kernel_run_t *e = run[i];
        if (e->next_cta >= e->total_ctas)
            continue; /* every CTA placed: it claims nothing more */
        if (gpu_sm_free_ctas(g, sm, e) > 0 && gpu_sm_resident_ctas(g, sm, e) < gpu_chain_cap(g, sm, e, NULL))
            return false;
    }
    return true;
}

const cta_policy_ops_t cta_policy_cke = {
    .name = "cke",
    .summary = "concurrent kernels, GPGPU-Sim's CKE: a kernel takes what it can, the next gets what is left",
    .params = "a=0,b=0,c=0,d=0 (per-kernel caps by stream rank; 0: none)",
    .create = cke_create,
    .destroy = free,
    .admit = cke_admit,
    .cap = cke_cap,
};
CTA_POLICY_REGISTER(cta_policy_cke);
