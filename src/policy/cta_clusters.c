/* cta_clusters.c — clusters:n=N, a cap counted in thread block clusters:
 * at most N clusters of a kernel at once on each GPC (the unit a cluster
 * kernel is scheduled in, as static:n=N is for CTAs on a core). Kernels
 * without clusters are not limited. The cluster-throttling study
 * (docs/CLUSTERS.md) sweeps it against the cluster size. */
#include <stdlib.h>

#include "gpu/cta_policy.h"
#include "register.h"

typedef struct {
    uint32_t n;
} cluster_cap_t;

static void *clusters_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    uint32_t n;
    if (policy_arg_u32_positive(a, "n", 0, &n, err) < 0)
        return NULL;
    if (n == 0) { /* not given: there is no default cap */
        cs_err(err, NULL, 0, "policy 'clusters': needs n=N with N >= 1");
        return NULL;
    }
    cluster_cap_t *s = cs_xmalloc(sizeof *s);
    s->n = n;
    return s;
}

static uint32_t clusters_cap(void *st, struct gpu *g, uint32_t gpc, const kernel_run_t *k)
{
    return ((cluster_cap_t *)st)->n;
}

const cta_policy_ops_t cta_policy_clusters = {
    .name = "clusters",
    .summary = "round-robin with a cap of n thread block clusters per GPC (cluster kernels only)",
    .params = "n=<required>",
    .example_args = "n=2",
    .create = clusters_create,
    .destroy = free,
    .cluster_cap = clusters_cap,
};
CTA_POLICY_REGISTER(cta_policy_clusters);
