/* cta_spatial.c — spatial: Smart-Even spatial multitasking (Adriaens et
 * al. HPCA'12, as Li & Liang DATE'16 compare against it): the cores are
 * partitioned evenly among the running kernels and a kernel's CTAs go only
 * to its own cores; the partition is redone whenever a kernel starts or
 * finishes.
 *
 * Interpretations:
 *   - Partition: the R running kernels in launch order get contiguous
 *     ranges of cores, kernel i the cores [i*N/R, (i+1)*N/R) (integer
 *     division, so the sizes differ by at most one, the later kernels
 *     taking the extra core). With more kernels than cores, kernel i gets
 *     core i mod N.
 *   - Repartitioning does not preempt: CTAs already on a core that now
 *     belongs to another kernel run to completion; the new owner's CTAs
 *     start there as resources free up.
 *   - Within its partition a kernel takes what its resources allow (and
 *     what the rest of the chain admits). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cta_policy.h"
#include "register.h"

#define SPATIAL_MAX_KERNELS 64

typedef struct spatial {
    uint32_t n_sm;
    /* the partition: running kernels (launch order) and their first/end core */
    const kernel_run_t *k[SPATIAL_MAX_KERNELS];
    uint32_t lo[SPATIAL_MAX_KERNELS], hi[SPATIAL_MAX_KERNELS];
    uint32_t n;
    const kernel_run_t *finishing; /* kernel_finished: still listed as running */
} spatial_t;

static void repartition(spatial_t *s, struct gpu *g)
{
    const kernel_run_t *run[SPATIAL_MAX_KERNELS];
    uint32_t nr = gpu_running_kernels(g, run, SPATIAL_MAX_KERNELS);
    s->n = 0;
    for (uint32_t i = 0; i < nr; i++)
        if (run[i] != s->finishing)
            s->k[s->n++] = run[i];
    uint32_t N = s->n_sm, R = s->n;
    for (uint32_t i = 0; i < R; i++) {
        if (R <= N) {
            s->lo[i] = (uint32_t)((uint64_t)i * N / R);
            s->hi[i] = (uint32_t)((uint64_t)(i + 1) * N / R);
        } else {
            s->lo[i] = i % N;
            s->hi[i] = i % N + 1;
        }
        char name[64];
        snprintf(name, sizeof name, "spatial.cores.k%u", s->k[i]->index);
        gpu_metric_set(g, name, s->hi[i] - s->lo[i]);
    }
    gpu_request_dispatch(g);
}

static void *spatial_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    spatial_t *s = cs_xcalloc(1, sizeof *s);
    s->n_sm = gpu_n_sm(g);
    return s;
}

static void spatial_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    spatial_t *s = st;
    s->finishing = NULL;
    repartition(s, g);
}

static void spatial_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    spatial_t *s = st;
    s->finishing = k;
    repartition(s, g);
    s->finishing = NULL;
}

static bool spatial_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    const spatial_t *s = st;
    for (uint32_t i = 0; i < s->n; i++)
        if (s->k[i] == k)
            return sm >= s->lo[i] && sm < s->hi[i];
    return false;
}

const cta_policy_ops_t cta_policy_spatial = {
    .name = "spatial",
    .summary = "Smart-Even spatial multitasking: cores split evenly among running kernels, redone as they start/end",
    .params = "",
    .create = spatial_create,
    .destroy = free,
    .kernel_launched = spatial_launched,
    .kernel_finished = spatial_finished,
    .admit = spatial_admit,
};
CTA_POLICY_REGISTER(cta_policy_spatial);
