/* cta_clusterlcs.c — clusterlcs: Lazy CTA Scheduling (Lee et al., HPCA'14,
 * §4.1; policy/cta_lcs.c) counted in thread block clusters on each GPC, the
 * dynamic form of clusters:n=N (policy/cta_clusters.c).
 *
 * A cluster kernel is scheduled in clusters on GPCs (every CTA of a cluster
 * on the cores of one GPC, placed together), so the unit LCS throttles, the
 * CTAs of one core, becomes the clusters of one GPC. Per kernel and GPC:
 *   1. Monitor: the GPC holds as many of the kernel's clusters as fit (no
 *      cap of this link) while the GPU counts each CTA's warp instructions.
 *   2. Throttle: when the first cluster of the kernel has finished on the
 *      GPC (all its CTAs: a cluster ends together, at its last
 *      barrier.cluster, and the cores free its CTAs in the same cycle before
 *      the first of their finished events, so a single CTA's end would see
 *      its cluster mates gone), the instructions of each cluster on the GPC
 *      are summed (resident CTAs' counts and those of CTAs that finished),
 *      and
 *          T = sum_c inst_c / max_c inst_c
 *      is rounded to a cluster count (Eq. 1 with clusters for CTAs: the
 *      clusters whose issue kept up with the most advanced one are the ones
 *      the GPC needs; the slower ones added little).
 *   3. Lazy execution: the GPC is given no new cluster of the kernel while
 *      it holds T or more of them; nothing is preempted.
 * Kernels without clusters are not limited (their CTAs are LCS's own case).
 *
 * Arguments:
 *   round=nearest|floor|ceil  how the quotient becomes a count (as lcs's;
 *                     nearest, halves up, is the reading of the paper's
 *                     worked example, cta_lcs.c).
 *   gpc=each|first    each (the default): every GPC decides on its own first
 *                     finished cluster and keeps its own count (GPCs differ in
 *                     cores: two of the H100's 8 have 18 SMs, six 16).
 *                     first: the first GPC to decide sets the count for all,
 *                     as LCS monitors a single core.
 *
 * Interpretations: a cluster counts when one of its CTAs is resident on the
 * GPC or has finished there; the count is at least 1 and at most
 * the clusters sampled (as LCS's T_new is at most the CTAs it saw). A GPC
 * that never gets a cluster of the kernel never decides and is not limited.
 *
 * Published metrics: "clusterlcs.t" (mean count over the GPCs that decided,
 * latest kernel) and "clusterlcs.t.k<index>", "clusterlcs.quotient" (the
 * latest decision's quotient before rounding). */
#include <stdio.h>
#include <stdlib.h>

#include "cluster_lcs.h"
#include "gpu/cta_policy.h"
#include "policy_metrics.h"
#include "register.h"

static int by_cluster(const void *a, const void *b)
{
    const cluster_lcs_sample_t *x = a, *y = b;
    return (x->cluster > y->cluster) - (x->cluster < y->cluster);
}

uint32_t cluster_lcs_count(cluster_lcs_sample_t *s, uint32_t n, enum lcs_round round, double *quotient,
                           uint32_t *clusters)
{
    qsort(s, n, sizeof *s, by_cluster);
    uint64_t sum = 0, max = 0;
    uint32_t m = 0;
    for (uint32_t i = 0; i < n;) {
        uint64_t inst = 0, c = s[i].cluster;
        for (; i < n && s[i].cluster == c; i++)
            inst += s[i].warp_insts;
        sum += inst;
        max = inst > max ? inst : max;
        m++;
    }
    *clusters = m;
    if (max == 0) {
        *quotient = m;
        return m;
    }
    *quotient = (double)sum / (double)max;
    return lcs_eq1(sum, max, round, m);
}

/* The CTAs of a cluster that have finished on a GPC that still monitors. */
typedef struct {
    uint32_t gpc;
    uint32_t finished;
    uint64_t cluster, warp_insts;
} ending_cluster_t;

typedef struct {
    uint32_t *gpc_t; /* per GPC: its cluster count, 0 while it monitors */
    uint32_t decided;
    uint64_t sum_decided;
    ending_cluster_t *ending; /* clusters partly or wholly finished on monitoring GPCs */
    uint32_t n_ending, cap_ending;
} clusterlcs_kernel_t;

typedef struct {
    enum lcs_round round;
    bool first_sets_all;
    uint32_t n_gpc, n_sm, ctas_per_sm;
    cta_link_t *self;
    cta_info_t *ctas;              /* scratch: one core's CTAs */
    cluster_lcs_sample_t *samples; /* scratch: one GPC's CTAs of the kernel and its ending clusters */
    size_t cap_samples;
} clusterlcs_t;

static void *clusterlcs_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    static const char *const rounds[] = LCS_ROUND_WORDS;
    static const char *const scopes[] = {"each", "first", NULL};
    unsigned round, scope;
    if (policy_arg_choice(a, "round", "nearest", rounds, &round, err) < 0 ||
        policy_arg_choice(a, "gpc", "each", scopes, &scope, err) < 0)
        return NULL;
    clusterlcs_t *s = cs_xcalloc(1, sizeof *s);
    s->round = (enum lcs_round)round;
    s->first_sets_all = scope == 1;
    s->self = self;
    s->n_gpc = gpu_n_gpc(g);
    s->n_sm = gpu_n_sm(g);
    s->ctas_per_sm = gpu_config(g)->max_cta_per_sm;
    s->ctas = cs_xcalloc(s->ctas_per_sm ? s->ctas_per_sm : 1, sizeof *s->ctas);
    s->cap_samples = (size_t)s->n_sm * s->ctas_per_sm + 16;
    s->samples = cs_xcalloc(s->cap_samples, sizeof *s->samples);
    return s;
}

static void clusterlcs_destroy(void *st)
{
    clusterlcs_t *s = st;
    free(s->ctas);
    free(s->samples);
    free(s);
}

static void clusterlcs_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    clusterlcs_t *s = st;
    clusterlcs_kernel_t *e = cta_link_kernel_state(s->self, k);
    e->gpc_t = cs_xcalloc(s->n_gpc, sizeof *e->gpc_t);
}

static void clusterlcs_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    clusterlcs_kernel_t *e = cta_link_kernel_state(((clusterlcs_t *)st)->self, k);
    free(e->gpc_t);
    free(e->ending);
    e->gpc_t = NULL;
    e->ending = NULL;
}

/* The finished CTA's cluster among those ending on its GPC, added if new. */
static ending_cluster_t *ending_of(clusterlcs_kernel_t *e, uint32_t gpc, uint64_t cluster)
{
    for (uint32_t i = 0; i < e->n_ending; i++)
        if (e->ending[i].gpc == gpc && e->ending[i].cluster == cluster)
            return &e->ending[i];
    if (e->n_ending == e->cap_ending) {
        e->cap_ending = e->cap_ending ? 2 * e->cap_ending : 16;
        e->ending = cs_xrealloc(e->ending, e->cap_ending * sizeof *e->ending);
    }
    e->ending[e->n_ending] = (ending_cluster_t){gpc, 0, cluster, 0};
    return &e->ending[e->n_ending++];
}

static uint32_t clusterlcs_cluster_cap(void *st, struct gpu *g, uint32_t gpc, const kernel_run_t *k)
{
    clusterlcs_kernel_t *e = cta_link_kernel_state(((clusterlcs_t *)st)->self, k);
    return e && e->gpc_t && gpc < ((clusterlcs_t *)st)->n_gpc && e->gpc_t[gpc] ? e->gpc_t[gpc] : UINT32_MAX;
}

static void clusterlcs_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    clusterlcs_t *s = st;
    const kernel_run_t *k = cta->kernel;
    uint32_t size = cta->cluster_size;
    clusterlcs_kernel_t *e = cta_link_kernel_state(s->self, k);
    uint32_t gpc = gpu_sm_gpc(g, cta->sm);
    if (size <= 1 || !e || !e->gpc_t || e->gpc_t[gpc])
        return; /* not a cluster kernel, or this GPC has decided */
    ending_cluster_t *c = ending_of(e, gpc, cta->cta_id / size);
    c->finished++;
    c->warp_insts += cta->warp_insts;
    if (c->finished < size)
        return; /* the cluster's other CTAs report in the same cycle or later */
    /* finished CTAs from their own records (the clusters ending on this
     * GPC), the rest from the GPC's cores */
    size_t need = (size_t)e->n_ending + (size_t)s->n_sm * s->ctas_per_sm;
    if (need > s->cap_samples) {
        s->cap_samples = need;
        s->samples = cs_xrealloc(s->samples, need * sizeof *s->samples);
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < e->n_ending; i++)
        if (e->ending[i].gpc == gpc)
            s->samples[n++] = (cluster_lcs_sample_t){e->ending[i].cluster, e->ending[i].warp_insts};
    for (uint32_t sm = 0; sm < s->n_sm; sm++) {
        if (gpu_sm_gpc(g, sm) != gpc)
            continue;
        uint32_t resident = gpu_sm_ctas(g, sm, s->ctas, s->ctas_per_sm);
        for (uint32_t i = 0; i < resident; i++)
            if (s->ctas[i].kernel == k)
                s->samples[n++] = (cluster_lcs_sample_t){s->ctas[i].cta_id / size, s->ctas[i].warp_insts};
    }
    double quotient;
    uint32_t clusters;
    uint32_t t = cluster_lcs_count(s->samples, n, s->round, &quotient, &clusters);
    gpu_metric_set(g, METRIC_CLUSTERLCS_QUOTIENT, quotient);
    if (s->first_sets_all) {
        for (uint32_t i = 0; i < s->n_gpc; i++)
            e->gpc_t[i] = t;
        e->decided = 1;
        e->sum_decided = t;
        e->n_ending = 0;
    } else {
        e->gpc_t[gpc] = t;
        e->decided++;
        e->sum_decided += t;
        uint32_t kept = 0; /* this GPC's clusters need no more counting */
        for (uint32_t i = 0; i < e->n_ending; i++)
            if (e->ending[i].gpc != gpc)
                e->ending[kept++] = e->ending[i];
        e->n_ending = kept;
    }
    char name[64];
    snprintf(name, sizeof name, METRIC_CLUSTERLCS_T ".k%u", k->index);
    gpu_metric_set(g, name, (double)e->sum_decided / e->decided);
    gpu_metric_set(g, METRIC_CLUSTERLCS_T, (double)e->sum_decided / e->decided);
}

const cta_policy_ops_t cta_policy_clusterlcs = {
    .name = "clusterlcs",
    .summary = "LCS counted in thread block clusters: each GPC's first finished cluster sets its cluster cap "
               "(cluster kernels only)",
    .params = "round=nearest,gpc=each",
    .kernel_state_size = sizeof(clusterlcs_kernel_t),
    .create = clusterlcs_create,
    .destroy = clusterlcs_destroy,
    .kernel_launched = clusterlcs_kernel_launched,
    .kernel_finished = clusterlcs_kernel_finished,
    .cta_finished = clusterlcs_cta_finished,
    .cluster_cap = clusterlcs_cluster_cap,
};
CTA_POLICY_REGISTER(cta_policy_clusterlcs);
