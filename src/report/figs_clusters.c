/* figs_clusters.c — the report's figure of the cluster-throttling study
 * (src/cli/exp_clusters.c writes clusters-gpc.csv):
 *
 *   clusters-gpc  cluster-cap: cycles under rr+clusters:n=N over rr's
 *                 against the CTAs per GPC the cap allows (N x cluster
 *                 size), a line per cluster size; 1 is rr's own time
 *                 speedup: the dynamic cap (clusterlcs) and the best static
 *                 budget as speedups over rr, bars per cluster size (the
 *                 columns clusterlcs_speedup, best_static_speedup)
 *
 * The budget columns are ratio_ctas<B>; a cell left empty (a budget below
 * the cluster size) is a gap in its line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/figs.h"

#define MAX_BUDGETS 16

void rep_clusters_gpc(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "cluster-cap", exp, source,
                                  "Capped clusters over rr against CTAs per GPC, a line per cluster size (h100)");
    if (!f)
        return;
    int col[MAX_BUDGETS], idx[2];
    double ctas[MAX_BUDGETS];
    if (!rep_need_columns(f, t, source, (const char *[]){"cluster_size", "workload"}, 2, idx))
        return;
    size_t nb = rep_numbered_columns(t, "ratio_ctas", "", col, ctas, MAX_BUDGETS);
    if (!nb || !t->rows) {
        char *why = rep_fmt("%s has no ratio_ctas<B> columns or no rows", source);
        rep_skip(f, why);
        free(why);
        return;
    }
    chart_series_t *s = cs_xcalloc(t->rows, sizeof *s);
    char **names = cs_xcalloc(t->rows, sizeof *names);
    double *ys = cs_xcalloc(t->rows * nb, sizeof *ys), *cl = cs_xcalloc(t->rows, sizeof *cl);
    size_t ns = 0;
    /* the tightest budget's ratio at the smallest and largest cluster size
     * that has it, for the line under the figure */
    double lo = NAN, hi = NAN, lo_c = 0, hi_c = 0;
    size_t tight = nb;
    for (size_t r = 0; r < t->rows; r++) {
        double cluster = csv_num(t, r, idx[0]);
        if (!isfinite(cluster)) /* a workload outside the study: rr only */
            continue;
        names[ns] = rep_fmt("clusters of %.0f (%s)", cluster, csv_cell(t, r, idx[1]));
        for (size_t j = 0; j < nb; j++)
            ys[ns * nb + j] = csv_num(t, r, col[j]);
        s[ns] = (chart_series_t){.name = names[ns], .x = ctas, .y = ys + ns * nb, .n = nb};
        cl[ns++] = cluster;
    }
    for (size_t j = 0; j < nb && tight == nb; j++) { /* the first budget every line has */
        bool all = ns > 0;
        for (size_t k = 0; k < ns; k++)
            all &= isfinite(ys[k * nb + j]);
        if (all)
            tight = j;
    }
    for (size_t k = 0; k < ns && tight < nb; k++) {
        double cluster = cl[k], v = ys[k * nb + tight];
        if (!lo_c || cluster < lo_c) {
            lo_c = cluster;
            lo = v;
        }
        if (cluster > hi_c) {
            hi_c = cluster;
            hi = v;
        }
    }
    if (!ns) {
        rep_skip(f, "no row of the study's workloads (a cluster size) to draw");
    } else {
        chart_t ch = {.title = f->title, .xlabel = "CTAs per GPC the cap allows (N clusters x cluster size)",
                      .ylabel = "cycles / rr's cycles", .xlog = true, .have_ref = true, .ref_y = 1, .y_zero = true};
        f->svg = rep_draw_line(&ch, s, ns);
        f->table = rep_table_csv(t);
        f->paper = rep_fmt("No paper: none of the seed papers had thread block clusters.");
        if (tight < nb)
            f->ours = rep_fmt("at %.0f CTAs per GPC, capped clusters take %.2fx rr's cycles at cluster size %.0f, "
                              "%.2fx at %.0f.",
                              ctas[tight], lo, lo_c, hi, hi_c);
    }
    for (size_t k = 0; k < ns; k++)
        free(names[k]);
    free(names);
    free(s);
    free(ys);
    free(cl);
    static const char *const cols[] = {"clusterlcs_speedup", "best_static_speedup"};
    static const char *const labels[] = {"clusterlcs (dynamic, per GPC)", "best static cap"};
    rep_speedup_fig(c, exp, t, source, "The dynamic cluster cap and the best static one over rr, per cluster size (h100)",
                    "speedup over rr (rr's cycles / cycles)", cols, labels, 2, "over rr");
}
