/* exp_clusters.c — `ctasim experiment clusters-gpc`: throttling thread block
 * clusters against the cluster size (issue 29; docs/CLUSTERS.md), declared
 * as data (exp_def_t) and run by cli/exp_runner.c like the papers' figures.
 *
 * The workloads are CLRED2, CLRED, CLRED8 and CLRED16: one reduce-scatter
 * over distributed shared memory with the same CTAs and input, launched in
 * clusters of 2, 4, 8 and 16 CTAs. Each runs on the h100 preset under rr
 * (as many clusters as fit) and under rr+clusters:n=N (policy/cta_clusters.c)
 * for each budget B of CTAs per GPC, with N = B / cluster size, so a budget
 * compares the cluster sizes at equal CTA concurrency. The budgets depend on
 * the size (a budget must bind somewhere to say anything): default 16 32 64,
 * paper 32 64 128 (a 16-SM GPC holds 128 of these CTAs), small 2 4 16 (32
 * CTAs in all, 4 per GPC: only the small budgets bind, and a budget under a
 * cluster's size has no N). The series are the distinct N over all
 * (budget, cluster size) pairs; `runs` keeps each workload to the N its
 * budgets ask for, so nothing is simulated that the table does not show.
 * Beside the static caps, the dynamic one: rr+clusterlcs
 * (policy/cta_clusterlcs.c, LCS's Eq. 1 counted in clusters per GPC), one
 * run per study workload, set against the best of the static caps'
 * budgets for the same cluster size.
 * The table: clusters-gpc.csv, one row per workload, rr's cycles and each
 * budget's N, cycles and ratio to rr (empty where the budget is below the
 * cluster size), then clusterlcs's cycles and ratio to rr, the best static
 * budget (CTAs per GPC), its cycles and ratio, and both as speedups over rr
 * (rr's cycles / theirs); report/figs_clusters.c draws it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "exp_runner.h"

/* The study's workloads and their cluster sizes (app_clred.c's launches). */
static const struct {
    const char *name;
    unsigned cluster;
} cluster_workloads[] = {{"CLRED2", 2}, {"CLRED", 4}, {"CLRED8", 8}, {"CLRED16", 16}};
#define N_CLUSTER_WL (sizeof cluster_workloads / sizeof cluster_workloads[0])

static const char *const clusters_paper[] = {"CLRED2", "CLRED", "CLRED8", "CLRED16", NULL};

#define N_BUDGETS 3
/* CTAs per GPC of the budgets at SIZE (see the top of the file). */
static const unsigned *budgets(app_size_t size)
{
    static const unsigned small[N_BUDGETS] = {2, 4, 16}, def[N_BUDGETS] = {16, 32, 64},
                          paper[N_BUDGETS] = {32, 64, 128};
    return size == APP_SMALL ? small : size == APP_PAPER ? paper : def;
}

/* Cluster size of workload W, 0 for a workload outside the study (given
 * with --workloads: it runs under rr only). */
static unsigned cluster_of(const exp_run_t *r, unsigned w)
{
    for (unsigned i = 0; i < N_CLUSTER_WL; i++)
        if (!strcasecmp(cluster_workloads[i].name, r->wl[w]->name))
            return cluster_workloads[i].cluster;
    return 0;
}

static const char *const series_prefix = "clusters:n=";
static const char *const dynamic_label = "clusterlcs";

/* N of series S (0: rr). */
static unsigned series_n(const exp_run_t *r, unsigned s)
{
    const char *l = r->series[s].label;
    size_t k = strlen(series_prefix);
    return strncmp(l, series_prefix, k) ? 0 : (unsigned)strtoul(l + k, NULL, 10);
}

/* The series of cap N (0 if none). */
static unsigned series_of_n(const exp_run_t *r, unsigned n)
{
    char label[32];
    snprintf(label, sizeof label, "%s%u", series_prefix, n);
    return exp_find_series(r, label);
}

static bool needed_n(const exp_run_t *r, unsigned n)
{
    const unsigned *b = budgets(r->size);
    for (unsigned w = 0; w < r->nw; w++) {
        unsigned c = cluster_of(r, w);
        for (unsigned i = 0; c && i < N_BUDGETS; i++)
            if (b[i] >= c && b[i] / c == n)
                return true;
    }
    return false;
}

/* rr first, then each N some selected workload's budgets ask for, ascending. */
static void plan_clusters(exp_run_t *r)
{
    exp_add_series(r, "rr", "rr", NULL);
    exp_add_series(r, dynamic_label, "rr+clusterlcs", NULL);
    for (unsigned w = 0; w < r->nw; w++)
        if (!cluster_of(r, w))
            exp_warn(&r->warnings,
                     "clusters-gpc: %s is not one of the study's cluster workloads (CLRED2, CLRED, CLRED8, "
                     "CLRED16): it runs under rr only, with no cluster size and no capped cells",
                     r->wl[w]->name);
    unsigned top = budgets(r->size)[N_BUDGETS - 1];
    for (unsigned n = 1; n <= top; n++)
        if (needed_n(r, n)) {
            char label[32], cta[64];
            snprintf(label, sizeof label, "%s%u", series_prefix, n);
            snprintf(cta, sizeof cta, "rr+%s%u", series_prefix, n);
            exp_add_series(r, label, cta, NULL);
        }
}

static bool runs_clusters(const exp_run_t *r, unsigned w, unsigned s)
{
    unsigned n = series_n(r, s), c = cluster_of(r, w);
    if (!strcmp(r->series[s].label, dynamic_label))
        return c != 0; /* a kernel without clusters: nothing for it to throttle */
    if (!n)
        return true;
    const unsigned *b = budgets(r->size);
    for (unsigned i = 0; c && i < N_BUDGETS; i++)
        if (b[i] >= c && b[i] / c == n)
            return true;
    return false;
}

static void report_clusters(exp_run_t *r)
{
    const unsigned *b = budgets(r->size);
    exp_out(r, "cluster_size,workload,rr_cycles");
    for (unsigned i = 0; i < N_BUDGETS; i++)
        exp_out(r, ",n_ctas%u,cycles_ctas%u,ratio_ctas%u", b[i], b[i], b[i]);
    exp_out(r, ",clusterlcs_cycles,clusterlcs_ratio,best_static_ctas,best_static_cycles,best_static_ratio,"
               "clusterlcs_speedup,best_static_speedup\n");
    unsigned dyn = exp_find_series(r, dynamic_label);
    /* the headline: the tightest budget's ratio at the smallest and largest
     * cluster size it applies to, and rr's growth over the cluster sizes */
    double lo_ratio = 0, hi_ratio = 0;
    unsigned lo_c = 0, hi_c = 0, lo_rr_c = 0, hi_rr_c = 0;
    uint64_t lo_rr = 0, hi_rr = 0;
    unsigned tight = N_BUDGETS; /* the smallest budget every study workload has */
    for (unsigned i = 0; i < N_BUDGETS && tight == N_BUDGETS; i++) {
        bool all = true;
        for (unsigned w = 0; w < r->nw; w++)
            all &= !cluster_of(r, w) || b[i] >= cluster_of(r, w);
        if (all)
            tight = i;
    }
    for (unsigned w = 0; w < r->nw; w++) {
        unsigned c = cluster_of(r, w);
        uint64_t rr = exp_res(r, w, 0)->t.cycles;
        if (c) {
            exp_out(r, "%u,%s,%llu", c, r->wl[w]->name, (unsigned long long)rr);
            if (!lo_rr_c || c < lo_rr_c) {
                lo_rr_c = c;
                lo_rr = rr;
            }
            if (c > hi_rr_c) {
                hi_rr_c = c;
                hi_rr = rr;
            }
        } else {
            exp_out(r, ",%s,%llu", r->wl[w]->name, (unsigned long long)rr);
        }
        uint64_t best = 0;
        unsigned best_b = 0;
        for (unsigned i = 0; i < N_BUDGETS; i++) {
            unsigned n = c && b[i] >= c ? b[i] / c : 0, s = n ? series_of_n(r, n) : 0;
            if (!s) {
                exp_out(r, ",,,");
                continue;
            }
            uint64_t cy = exp_res(r, w, s)->t.cycles;
            if (!best_b || cy < best) { /* the smaller budget on a tie */
                best = cy;
                best_b = b[i];
            }
            double ratio = rr ? (double)cy / (double)rr : 0;
            exp_out(r, ",%u,%llu,%.4f", n, (unsigned long long)cy, ratio);
            if (i == tight) {
                if (!lo_c || c < lo_c) {
                    lo_c = c;
                    lo_ratio = ratio;
                }
                if (c > hi_c) {
                    hi_c = c;
                    hi_ratio = ratio;
                }
            }
        }
        if (c && dyn && best_b && rr) {
            uint64_t dy = exp_res(r, w, dyn)->t.cycles;
            exp_out(r, ",%llu,%.4f,%u,%llu,%.4f,%.4f,%.4f\n", (unsigned long long)dy, (double)dy / (double)rr, best_b,
                    (unsigned long long)best, (double)best / (double)rr, (double)rr / (double)dy,
                    (double)rr / (double)best);
            printf("clusters-gpc: clusters of %u: clusterlcs %.2fx rr's cycles, the best static cap (%u CTAs per "
                   "GPC) %.2fx; clusterlcs / best static %.3f\n",
                   c, (double)dy / (double)rr, best_b, (double)best / (double)rr, (double)dy / (double)best);
        } else {
            exp_out(r, ",,,,,,,\n");
        }
    }
    if (lo_c && tight < N_BUDGETS)
        printf("clusters-gpc: at %u CTAs per GPC, capped clusters take %.2fx rr's cycles at cluster size %u, %.2fx at "
               "%u; rr itself takes %+.1f%% from cluster size %u to %u (same CTAs, same work).\n",
               b[tight], lo_ratio, lo_c, hi_ratio, hi_c, lo_rr ? 100.0 * ((double)hi_rr / (double)lo_rr - 1) : 0,
               lo_rr_c, hi_rr_c);
    else
        printf("clusters-gpc: no workload of the study (CLRED2, CLRED, CLRED8, CLRED16) ran under a cluster cap.\n");
    printf("No paper: none of the seed papers had thread block clusters (docs/CLUSTERS.md).\n");
}

/* --- registered: `ctasim experiment list` and NAME (cli/exp_registry.h) --- */

static const exp_family_t clusters_family = {.power = false};

static const exp_def_t cluster_experiments[] = {
    {.name = "clusters-gpc",
     .summary = "cluster caps per GPC (static, and clusterlcs) vs rr against cluster size (CLRED2..CLRED16)",
     .config = "h100",
     .paper = clusters_paper,
     .source = "issue 29's study, no paper",
     .plan = plan_clusters,
     .runs = runs_clusters,
     .report = report_clusters,
     .family = &clusters_family},
};

static bool describe(unsigned i, experiment_info_t *out)
{
    return exp_describe(cluster_experiments, CS_ARRAY_LEN(cluster_experiments), i, out);
}

static int run(int argc, char **argv)
{
    return exp_run_command(cluster_experiments, CS_ARRAY_LEN(cluster_experiments), argc, argv);
}

const experiment_set_t experiments_clusters = {describe, run};
EXPERIMENT_REGISTER(experiments_clusters);
