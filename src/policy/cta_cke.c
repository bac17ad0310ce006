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
 * not hand its room to the next kernel. */
#include "cta_policy.h"
#include "gpu/gpu.h"

static bool cke_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
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
    .params = "",
    .admit = cke_admit,
};
