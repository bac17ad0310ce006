/* report.c — see report.h. The figures of each kind of input:
 *
 *   experiment directory  per NAME.csv that `ctasim experiment NAME` wrote:
 *                         lee-fig4 (ipc-vs-ctas), lee-fig12-13 (speedup,
 *                         tnew-vs-opt), lee-fig16-17 (speedup, l1-miss),
 *                         lee-fig19 and kayiran-fig1-10 (speedup),
 *                         kayiran-fig8 (dyncta-n), yu-fig11-12 and yu-fig13
 *                         (speedup, idle-reduction), yu-fig16 (speedup);
 *                         the energy experiments' in figs_energy.c, the
 *                         concurrent-kernel ones' in figs_mix.c, the
 *                         cluster study's (clusters-gpc) in figs_clusters.c
 *   sweep directory       summary.csv, classification.csv and the point
 *                         JSON: ipc-vs-ctas per kernel, cycles-vs-ctas,
 *                         speedup over the first series, l1-miss,
 *                         stall-breakdown vs CTAs per SM, cta-per-sm and
 *                         idle-tail at the largest cap, dyncta-n,
 *                         sm-ipc-heatmap, power
 *   run JSON              per-SM cta-per-sm, idle-tail, stall-breakdown,
 *                         l1-miss, and dyncta-n, sm-ipc-heatmap, power from
 *                         its series */
#include "report.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/chart.h"
#include "report/csv.h"
#include "report/figs.h"
#include "report/headline.h"
#include "report/json.h"
#include "util/tempfile.h"

/* --- the catalogue ------------------------------------------------------------ */

static const char *const kinds[] = {"ipc-vs-ctas",      "cycles-vs-ctas",   "speedup",         "tnew-vs-opt",
                                    "l1-miss",          "idle-reduction",   "dyncta-n",        "cta-per-sm",
                                    "idle-tail",        "stall-breakdown",  "sm-ipc-heatmap",  "sm-ctas-heatmap",
                                    "stall-over-time",  "mem-latency",      "power",           "power-split",
                                    "perf-vs-cores",    "latency-vs-cores", "energy",          "active-cores",
                                    "cores-per-launch", "power-norm",       "perf-per-watt",   "vs-cores-off",
                                    "stp",              "design-space",     "table-bars",      "cluster-cap",
                                    NULL};
static const char *const kind_summaries[] = {
    "IPC against CTAs per SM per kernel, with the papers' types (Lee et al. Fig. 4)",
    "cycles against CTAs per SM per policy series",
    "policy speedups over a baseline per workload, with the mean (Lee 12/18/19, Kayiran 10, Song 6, Li 5)",
    "LCS's T_new against the best static cap OPT (Lee et al. Fig. 13)",
    "L1 data cache miss rates (Lee et al. Fig. 17)",
    "idle-cycle reduction per workload (Yu et al. Fig. 12)",
    "DYNCTA's CTA limit n over time (Kayiran et al. Fig. 8)",
    "CTAs issued per SM",
    "cycles with no CTA resident per SM: the idle tail CLASO shortens (Yu et al.)",
    "ACTIVE / IDLE / MEM_STALL / CORE_STALL cycle breakdown (Lee et al.)",
    "per-SM IPC over time, AerialVision's heat map (series sm_ipc/<i>; Song et al. Fig. 8)",
    "CTAs resident per SM over time (series sm_ctas/<i>)",
    "the cycle breakdown over time, all SMs (series stall.*)",
    "the mean load round trip over time (series mem_latency)",
    "power over time (series power_w)",
    "static and dynamic power stacked per workload (Song et al. Fig. 2)",
    "IPC against active cores, normalised to one core (Song et al. Fig. 3a,c)",
    "memory latency against active cores, normalised to one core (Song et al. Fig. 3b,d)",
    "energy normalised to a baseline, or saved, per workload (Song et al. Fig. 6b,d, Lee et al. Fig. 14)",
    "the cores a policy keeps on against the static EDP-optimal count (Song et al. Fig. 7)",
    "TCS's active cores per kernel launch (Song et al. Fig. 9)",
    "average power normalised to the baseline (Kayiran et al. Fig. 12)",
    "energy efficiency (instructions per watt) normalised to the baseline (Kayiran et al. Fig. 13)",
    "performance, power and efficiency against cores turned off (Kayiran et al. Fig. 14a)",
    "system throughput (STP) of concurrent kernels per mix and policy (Lee et al. Fig. 18, Li & Liang)",
    "throughput over a design space of per-kernel CTA and bypass limits (Li & Liang Fig. 2)",
    "every numeric column of an experiment table without the columns its figure reads (li-fig2, li-fig6)",
    "capped clusters' cycles over rr's against the CTAs per GPC the cap allows, per cluster size (clusters-gpc)",
};

const char *const *report_figure_kinds(void) { return kinds; }

const char *report_figure_summary(const char *kind)
{
    for (size_t i = 0; kinds[i]; i++)
        if (!strcmp(kinds[i], kind))
            return kind_summaries[i];
    return NULL;
}

static bool in_list(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t l = comma ? (size_t)(comma - p) : strlen(p);
        if (l == len && !strncmp(p, name, l))
            return true;
        if (!comma)
            break;
        p = comma + 1;
    }
    return false;
}

int report_check_figures(const char *list, cs_error_t *err)
{
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t l = comma ? (size_t)(comma - p) : strlen(p);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(l < 63 ? l : 63), p);
        if (!report_figure_summary(name)) {
            char known[1024] = "";
            for (size_t i = 0; kinds[i]; i++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", kinds[i]);
            return cs_err(err, NULL, 0, "unknown figure '%s' (figures: %s)", name, known);
        }
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

/* --- building figures ------------------------------------------------------------ */

char *rep_fmt(const char *fmt, ...)
{
    sbuf_t b;
    sb_init(&b);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    return b.s;
}

static bool wanted(const rep_ctx_t *c, const char *kind) { return !c->o->figures || in_list(c->o->figures, kind); }

/* A new figure of KIND, or NULL when --figure leaves it out. */
report_fig_t *rep_add_fig(rep_ctx_t *c, const char *kind, const char *prefix, const char *source, const char *title)
{
    if (!wanted(c, kind))
        return NULL;
    report_t *r = c->r;
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 16;
        r->figs = cs_xrealloc(r->figs, r->cap * sizeof *r->figs);
    }
    report_fig_t *f = &r->figs[r->n++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->id = prefix && *prefix ? rep_fmt("%s-%s", prefix, kind) : rep_fmt("%s", kind);
    /* ids stay unique: a second figure of the same kind and prefix gets -2, -3 */
    for (unsigned k = 2;; k++) {
        bool clash = false;
        for (size_t i = 0; i + 1 < r->n; i++)
            clash |= !strcmp(r->figs[i].id, f->id);
        if (!clash)
            break;
        free(f->id);
        f->id = prefix && *prefix ? rep_fmt("%s-%s-%u", prefix, kind, k) : rep_fmt("%s-%u", kind, k);
    }
    f->title = rep_fmt("%s", title);
    f->source = rep_fmt("%s", source);
    return f;
}

void rep_skip(report_fig_t *f, const char *why)
{
    if (f)
        f->note = rep_fmt("%s", why);
}

bool rep_need_columns(report_fig_t *f, const csv_t *t, const char *source, const char *const *cols, size_t n,
                      int *idx)
{
    for (size_t k = 0; k < n; k++)
        if ((idx[k] = csv_col(t, cols[k])) < 0) {
            char *why = rep_fmt("%s has no column %s (a table from another ctasim version?)", source, cols[k]);
            rep_skip(f, why);
            free(why);
            return false;
        }
    return true;
}

char *rep_draw_line(const chart_t *ch, const chart_series_t *s, size_t n)
{
    sbuf_t b;
    sb_init(&b);
    chart_line(&b, ch, s, n);
    return b.s;
}

char *rep_draw_bars(const chart_t *ch, const char *const *cats, size_t ncat, const char *const *names, size_t ns,
                       const double *v, bool stacked)
{
    sbuf_t b;
    sb_init(&b);
    chart_bars(&b, ch, cats, ncat, names, ns, v, stacked);
    return b.s;
}

char *rep_table_csv(const csv_t *t)
{
    sbuf_t b;
    sb_init(&b);
    sb_puts(&b, "<table>\n<tr>");
    for (size_t k = 0; k < t->cols; k++) {
        sb_puts(&b, "<th>");
        sb_escape(&b, csv_header(t, k));
        sb_puts(&b, "</th>");
    }
    sb_puts(&b, "</tr>\n");
    for (size_t r = 0; r < t->rows; r++) {
        sb_puts(&b, "<tr>");
        for (size_t k = 0; k < t->cols; k++) {
            sb_puts(&b, "<td>");
            sb_escape(&b, csv_cell(t, r, (int)k));
            sb_puts(&b, "</td>");
        }
        sb_puts(&b, "</tr>\n");
    }
    sb_puts(&b, "</table>\n");
    return b.s;
}

/* A table of a bar chart's data: categories down, series across. */
char *rep_table_bars(const char *corner, const char *const *cats, size_t ncat, const char *const *names,
                           size_t ns, const double *v)
{
    sbuf_t b;
    sb_init(&b);
    sb_puts(&b, "<table>\n<tr><th>");
    sb_escape(&b, corner);
    sb_puts(&b, "</th>");
    for (size_t k = 0; k < ns; k++) {
        sb_puts(&b, "<th>");
        sb_escape(&b, names[k]);
        sb_puts(&b, "</th>");
    }
    sb_puts(&b, "</tr>\n");
    for (size_t i = 0; i < ncat; i++) {
        sb_puts(&b, "<tr><td>");
        sb_escape(&b, cats[i]);
        sb_puts(&b, "</td>");
        for (size_t k = 0; k < ns; k++) {
            double x = v[i * ns + k];
            if (isfinite(x))
                sb_printf(&b, "<td>%.4g</td>", x);
            else
                sb_puts(&b, "<td>n/a</td>");
        }
        sb_puts(&b, "</tr>\n");
    }
    sb_puts(&b, "</table>\n");
    return b.s;
}

/* 100 * X, with -0 (a rounding of a tiny negative) printed as 0. */
double rep_pct(double x)
{
    double p = 100 * x;
    return fabs(p) < 0.05 ? 0.0 : p;
}

double rep_geomean(const double *v, size_t n, size_t stride)
{
    double s = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        double x = v[i * stride];
        if (isfinite(x) && x > 0) {
            s += log(x);
            k++;
        }
    }
    return k ? exp(s / (double)k) : NAN;
}

double rep_amean(const double *v, size_t n, size_t stride)
{
    double s = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i * stride])) {
            s += v[i * stride];
            k++;
        }
    return k ? s / (double)k : NAN;
}

bool rep_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

char *rep_join(const char *dir, const char *name)
{
    return *dir ? rep_fmt("%s/%s", dir, name) : rep_fmt("%s", name);
}

/* --- experiments ------------------------------------------------------------------- */

/* Bars of the columns COLS of table T per workload (column WL), with a
 * geometric-mean category, normalised values around REF. */
void rep_speedup_fig(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source, const char *title,
                        const char *ylabel, const char *const *cols, const char *const *labels, size_t ns,
                        const char *baseline_phrase)
{
    report_fig_t *f = rep_add_fig(c, "speedup", exp, source, title);
    if (!f)
        return;
    int wl = csv_col(t, "workload");
    int idx[32];
    for (size_t k = 0; k < ns; k++) {
        idx[k] = csv_col(t, cols[k]);
        if (idx[k] < 0) {
            char *why = rep_fmt("%s has no column %s", source, cols[k]);
            rep_skip(f, why);
            free(why);
            return;
        }
    }
    size_t ncat = t->rows + 1;
    const char **cats = cs_xcalloc(ncat, sizeof *cats);
    double *v = cs_xcalloc(ncat * ns, sizeof *v);
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = wl >= 0 ? csv_cell(t, r, wl) : "?";
        for (size_t k = 0; k < ns; k++)
            v[r * ns + k] = csv_num(t, r, idx[k]);
    }
    cats[t->rows] = "GM";
    for (size_t k = 0; k < ns; k++)
        v[t->rows * ns + k] = rep_geomean(v + k, t->rows, ns);
    chart_t ch = {.title = title, .xlabel = "workload", .ylabel = ylabel, .have_ref = true, .ref_y = 1};
    f->svg = rep_draw_bars(&ch, cats, ncat, labels, ns, v, false);
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    sbuf_t o;
    sb_init(&o);
    for (size_t k = 0; k < ns; k++)
        sb_printf(&o, "%s%s %+.1f%% (geometric mean; arithmetic %+.1f%%)", k ? "; " : "", labels[k],
                  rep_pct(v[t->rows * ns + k] - 1), rep_pct(rep_amean(v + k, t->rows, ns) - 1));
    sb_printf(&o, ", %s.", baseline_phrase);
    f->ours = o.s;
    free(cats);
    free(v);
}

/* The columns named PREFIX<N>SUFFIX (one per cap or core count, as sweeps and
 * experiments write them), in file order: their indices and N. */
size_t rep_numbered_columns(const csv_t *t, const char *prefix, const char *suffix, int *cols, double *ns,
                               size_t max)
{
    size_t k = 0, lp = strlen(prefix), ls = strlen(suffix);
    for (size_t i = 0; i < t->cols && k < max; i++) {
        const char *h = csv_header(t, i);
        size_t lh = strlen(h);
        if (lh <= lp + ls || strncmp(h, prefix, lp) || strcmp(h + lh - ls, suffix))
            continue;
        char *end;
        unsigned long n = strtoul(h + lp, &end, 10);
        if (end != h + lh - ls || end == h + lp)
            continue;
        cols[k] = (int)i;
        ns[k++] = (double)n;
    }
    return k;
}

static void exp_lee_fig4(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "ipc-vs-ctas", exp, source, "IPC vs CTAs per core, normalised to the maximum (Lee et al. Fig. 4)");
    if (!f)
        return;
    int wl = csv_col(t, "workload"), ot = csv_col(t, "our_type"), pt = csv_col(t, "paper_type"), capcol[64];
    double capn[64];
    size_t ncap = rep_numbered_columns(t, "ipc_cap", "_over_N", capcol, capn, 64);
    if (wl < 0 || !ncap) {
        rep_skip(f, "lee-fig4.csv has no workload or ipc_cap<N>_over_N columns");
        return;
    }
    chart_series_t *s = cs_xcalloc(t->rows, sizeof *s);
    char **names = cs_xcalloc(t->rows, sizeof *names);
    double *xs = cs_xcalloc(t->rows * 65, sizeof *xs), *ys = cs_xcalloc(t->rows * 65, sizeof *ys);
    unsigned count[4] = {0}, agree = 0, known = 0;
    for (size_t r = 0; r < t->rows; r++) {
        const char *ours = csv_cell(t, r, ot), *paper = csv_cell(t, r, pt);
        names[r] = rep_fmt("%s: %s (paper %s)", csv_cell(t, r, wl), ours, paper);
        size_t n = 0;
        for (size_t j = 0; j < ncap; j++) { /* empty above the workload's own N */
            double y = csv_num(t, r, capcol[j]);
            if (isnan(y))
                continue;
            xs[r * 65 + n] = capn[j];
            ys[r * 65 + n++] = y;
        }
        s[r] = (chart_series_t){.name = names[r], .x = xs + r * 65, .y = ys + r * 65, .n = n};
        for (int k = 0; k < 4; k++)
            count[k] += !strcmp(ours, (const char *[]){"I", "II", "III", "IV"}[k]);
        if (*paper && strcmp(paper, "-")) {
            known++;
            agree += !strcmp(ours, paper);
        }
    }
    /* one panel per workload, as the paper's figure; one y scale */
    chart_t ch = {.title = f->title, .xlabel = "CTAs per core (static cap)", .ylabel = "IPC / IPC at N",
                  .integer_x = true, .y_zero = true, .have_ref = true, .ref_y = 1};
    sbuf_t pb;
    sb_init(&pb);
    chart_panels(&pb, &ch, s, t->rows, t->rows < 4 ? t->rows : 4);
    f->svg = pb.s;
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    f->ours = rep_fmt("types I/II/III/IV = %u/%u/%u/%u; the paper's type matches ours for %u of the %u workloads its "
                   "table lists (each panel: ours, then the paper's).",
                   count[0], count[1], count[2], count[3], agree, known);
    for (size_t r = 0; r < t->rows; r++)
        free(names[r]);
    free(names);
    free(s);
    free(xs);
    free(ys);
}

static void exp_lee_fig12_13(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    static const char *const cols[] = {"lcs_speedup_over_gto", "lcs_scope_name_speedup", "opt_speedup_over_gto",
                                       "lcs_core_each_speedup"};
    static const char *const labels[] = {"LCS", "LCS scope=name", "best static cap", "LCS core=each"};
    /* tables written before the core=each series have three */
    rep_speedup_fig(c, exp, t, source, "LCS speedup over GTO (Lee et al. Fig. 12)", "IPC / IPC of GTO", cols, labels,
                csv_col(t, cols[3]) >= 0 ? 4 : 3, "normalised to GTO at the maximum CTAs");
    report_fig_t *f = rep_add_fig(c, "tnew-vs-opt", exp, source, "T_new chosen by LCS vs the best static cap OPT (Lee et al. Fig. 13)");
    if (!f)
        return;
    int wl = csv_col(t, "workload"), tn = csv_col(t, "t_new"), op = csv_col(t, "opt");
    if (wl < 0 || tn < 0 || op < 0) {
        rep_skip(f, "lee-fig12-13.csv has no t_new or opt column");
        return;
    }
    const char **cats = cs_xcalloc(t->rows, sizeof *cats);
    double *v = cs_xcalloc(t->rows * 2, sizeof *v);
    unsigned exact = 0, within = 0, have = 0;
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = csv_cell(t, r, wl);
        double a = csv_num(t, r, tn), b = csv_num(t, r, op);
        v[r * 2] = a >= 0 ? a : NAN; /* -1: LCS never decided */
        v[r * 2 + 1] = b;
        if (a >= 0) {
            have++;
            exact += a == b;
            within += fabs(a - b) <= 1;
        }
    }
    static const char *const names[] = {"T_new (LCS)", "OPT (best static cap)"};
    chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = "CTAs per core"};
    f->svg = rep_draw_bars(&ch, cats, t->rows, names, 2, v, false);
    f->table = rep_table_bars("workload", cats, t->rows, names, 2, v);
    f->paper = rep_fmt("T_new close to OPT for most workloads (Lee et al. Fig. 13).");
    f->ours = rep_fmt("T_new = OPT for %u of %u workloads, within one for %u (%u where LCS decided).", exact,
                   (unsigned)t->rows, within, have);
    free(cats);
    free(v);
}

static void exp_lee_fig16_17(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    static const char *const cols[] = {"bcs_gto_speedup", "bcs_sca_speedup", "oracle_headroom"};
    static const char *const labels[] = {"BCS+GTO", "BCS+SCA", "best static cap"};
    /* tables written before the oracle's column have two series */
    rep_speedup_fig(c, exp, t, source, "BCS speedup over GTO on 2D kernels (Lee et al. Fig. 16)", "IPC / IPC of GTO",
                cols, labels, csv_col(t, cols[2]) >= 0 ? 3 : 2, "normalised to GTO");
    report_fig_t *f = rep_add_fig(c, "l1-miss", exp, source, "L1 data cache miss rate (Lee et al. Fig. 17)");
    if (!f)
        return;
    static const char *const mcols[] = {"l1_miss_gto", "l1_miss_bcs_gto", "l1_miss_bcs_sca"};
    static const char *const mnames[] = {"GTO", "BCS+GTO", "BCS+SCA"};
    int wl = csv_col(t, "workload"), idx[3];
    for (int k = 0; k < 3; k++)
        if ((idx[k] = csv_col(t, mcols[k])) < 0) {
            rep_skip(f, "lee-fig16-17.csv has no l1_miss_* columns");
            return;
        }
    const char **cats = cs_xcalloc(t->rows, sizeof *cats);
    double *v = cs_xcalloc(t->rows * 3, sizeof *v), red[2] = {0, 0};
    unsigned nred = 0;
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = csv_cell(t, r, wl);
        for (int k = 0; k < 3; k++)
            v[r * 3 + k] = csv_num(t, r, idx[k]);
        if (v[r * 3] > 0) {
            red[0] += 1 - v[r * 3 + 1] / v[r * 3];
            red[1] += 1 - v[r * 3 + 2] / v[r * 3];
            nred++;
        }
    }
    chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = "L1D miss rate"};
    f->svg = rep_draw_bars(&ch, cats, t->rows, mnames, 3, v, false);
    f->table = rep_table_bars("workload", cats, t->rows, mnames, 3, v);
    f->paper = rep_fmt("miss rate -8%% (BCS+GTO) / -24%% (BCS+SCA) against GTO.");
    f->ours = rep_fmt("miss rate reduced by %.1f%% / %.1f%% (mean over %u workloads with misses).",
                   nred ? rep_pct(red[0] / nred) : 0.0, nred ? rep_pct(red[1] / nred) : 0.0, nred);
    free(cats);
    free(v);
}

static void exp_lee_fig19(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    const char *cols[32], *labels[32];
    size_t ns = 0;
    for (size_t k = 2; k < t->cols && ns < 32; k++) { /* column 1 is GTO itself */
        cols[ns] = csv_header(t, k);
        labels[ns] = !strcmp(cols[ns], "oracle_headroom") ? "best static cap" : cols[ns];
        ns++;
    }
    rep_speedup_fig(c, exp, t, source, "Policies normalised to GTO (Lee et al. Fig. 19)", "IPC / IPC of GTO", cols, labels,
                ns, "normalised to GTO");
}

static void exp_kayiran(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    /* min_norm, opt_norm and one <series>_norm per DYNCTA series the table has */
    const char *cols[32];
    size_t n = 0;
    for (size_t k = 0; k < t->cols && n < 32; k++) {
        const char *h = csv_header(t, k);
        size_t len = strlen(h);
        if (len > 5 && !strcmp(h + len - 5, "_norm"))
            cols[n++] = h;
    }
    rep_speedup_fig(c, exp, t, source, "IPC normalised to maximum TLP (Kayiran et al. Figs. 1 and 10)",
                "IPC / IPC at maximum CTAs", cols, cols, n, "normalised to the maximum CTAs per core");
}

static void exp_kayiran_fig8(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "dyncta-n", exp, "kayiran-fig8-series.csv", "DYNCTA's CTA limit n over time (Kayiran et al. Fig. 8)");
    if (!f)
        return;
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    char *path = rep_join(c->dir, "kayiran-fig8-series.csv");
    csv_t s;
    cs_error_t e;
    if (!rep_file_exists(path)) {
        rep_skip(f, "no kayiran-fig8-series.csv beside kayiran-fig8.csv");
        free(path);
        return;
    }
    if (csv_load(path, &s, &e) < 0) {
        char *why = rep_fmt("no samples: %s (DYNCTA never sampled: every run shorter than its period)", e.msg);
        rep_skip(f, why);
        free(why);
        free(path);
        return;
    }
    free(path);
    int wl = csv_col(&s, "workload"), cy = csv_col(&s, "cycle"), mn = csv_col(&s, "mean_n");
    chart_series_t ser[64];
    size_t ns = 0;
    double *x = cs_xcalloc(s.rows, sizeof *x), *y = cs_xcalloc(s.rows, sizeof *y);
    for (size_t r = 0; r < s.rows; r++) {
        x[r] = csv_num(&s, r, cy);
        y[r] = csv_num(&s, r, mn);
        if (!ns || strcmp(ser[ns - 1].name, csv_cell(&s, r, wl))) {
            if (ns == 64)
                break;
            ser[ns++] = (chart_series_t){.name = csv_cell(&s, r, wl), .x = x + r, .y = y + r};
        }
        ser[ns - 1].n++;
    }
    chart_t ch = {.title = f->title, .xlabel = "cycle", .ylabel = "n (mean over cores)", .y_zero = true};
    f->svg = rep_draw_line(&ch, ser, ns);
    f->ours = rep_fmt("n over time for %zu workloads, sampled every 2048 cycles (the table: average n and n at ten "
                   "points of each run).",
                   ns);
    free(x);
    free(y);
    csv_free(&s);
}

/* yu-fig11-12 and yu-fig13: rows (workload, series, speedup, reduction, ...) */
static void exp_yu_pairs(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    int wl = csv_col(t, "workload"), se = csv_col(t, "series"), sp = csv_col(t, "speedup"),
        rd = csv_col(t, "idle_cycle_reduction"), fb = csv_col(t, "idle_fraction_base");
    const char *cats[128], *names[32];
    size_t ncat = 0, ns = 0;
    for (size_t r = 0; r < t->rows; r++) {
        const char *w = csv_cell(t, r, wl), *s = csv_cell(t, r, se);
        size_t i;
        for (i = 0; i < ncat && strcmp(cats[i], w); i++)
            ;
        if (i == ncat && ncat < 128)
            cats[ncat++] = w;
        for (i = 0; i < ns && strcmp(names[i], s); i++)
            ;
        if (i == ns && ns < 32)
            names[ns++] = s;
    }
    double *v = cs_xcalloc((ncat + 1) * ns, sizeof *v), *red = cs_xcalloc(ncat * ns, sizeof *red);
    /* the mean reduction counts workloads idle >= 5% of the time under the
     * baseline only, as the experiment's summary does: 0.1% -> 1% is -900% */
    double *red5 = cs_xcalloc(ncat * ns, sizeof *red5);
    for (size_t i = 0; i < (ncat + 1) * ns; i++)
        v[i] = NAN;
    for (size_t i = 0; i < ncat * ns; i++)
        red[i] = red5[i] = NAN;
    for (size_t r = 0; r < t->rows; r++) {
        size_t i = 0, k = 0;
        while (i < ncat && strcmp(cats[i], csv_cell(t, r, wl)))
            i++;
        while (k < ns && strcmp(names[k], csv_cell(t, r, se)))
            k++;
        if (i < ncat && k < ns) {
            v[i * ns + k] = csv_num(t, r, sp);
            red[i * ns + k] = 100 * csv_num(t, r, rd);
            if (csv_num(t, r, fb) >= 0.05)
                red5[i * ns + k] = red[i * ns + k];
        }
    }
    report_fig_t *f = rep_add_fig(c, "speedup", exp, source,
                              !strcmp(exp, "yu-fig13") ? "CLASO on TL, OWL and DYNCTA (Yu et al. Fig. 13)"
                                                       : "CLASO speedup over LRR (Yu et al. Fig. 11)");
    const char *cats_gm[129];
    memcpy(cats_gm, cats, ncat * sizeof *cats);
    cats_gm[ncat] = "GM";
    if (f) {
        for (size_t k = 0; k < ns; k++)
            v[ncat * ns + k] = rep_geomean(v + k, ncat, ns);
        chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = "IPC / IPC without CLASO", .have_ref = true,
                      .ref_y = 1};
        f->svg = rep_draw_bars(&ch, cats_gm, ncat + 1, names, ns, v, false);
        f->table = rep_table_csv(t);
        f->paper = rep_fmt("%s", paper_headline_text(exp));
        sbuf_t o;
        sb_init(&o);
        for (size_t k = 0; k < ns; k++) {
            double best = -INFINITY;
            for (size_t i = 0; i < ncat; i++)
                if (isfinite(v[i * ns + k]))
                    best = fmax(best, v[i * ns + k]);
            sb_printf(&o, "%s%s %+.1f%% (geometric mean; arithmetic %+.1f%%), up to %+.1f%%", k ? "; " : "", names[k],
                      rep_pct(v[ncat * ns + k] - 1), rep_pct(rep_amean(v + k, ncat, ns) - 1), rep_pct(best - 1));
        }
        sb_puts(&o, ", each over the same warp scheduler without CLASO.");
        f->ours = o.s;
    }
    f = rep_add_fig(c, "idle-reduction", exp, source, "Idle-cycle reduction by CLASO (Yu et al. Fig. 12)");
    if (f) {
        chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = "idle cycles removed (%)"};
        f->svg = rep_draw_bars(&ch, cats, ncat, names, ns, red, false);
        f->table = rep_table_bars("workload", cats, ncat, names, ns, red);
        f->paper = rep_fmt("idle cycles -52.4%% on average (Yu et al. Fig. 12).");
        sbuf_t o;
        sb_init(&o);
        size_t n5 = 0;
        for (size_t i = 0; i < ncat; i++)
            n5 += isfinite(red5[i * ns]);
        for (size_t k = 0; k < ns; k++)
            sb_printf(&o, "%s%s %.1f%%", k ? "; " : "", names[k], n5 ? rep_pct(rep_amean(red5 + k, ncat, ns) / 100) : 0.0);
        sb_printf(&o, " of idle cycles removed (mean over the %zu workloads idle at least 5%% of the time without "
                      "CLASO; in a workload almost never idle a few cycles more or less are a large percentage).",
                  n5);
        f->ours = o.s;
    }
    free(v);
    free(red);
    free(red5);
}

static void exp_yu_fig16(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "speedup", exp, source, "CLASO p_A / p_L sensitivity (Yu et al. Fig. 16)");
    if (!f)
        return;
    int se = csv_col(t, "series"), ms = csv_col(t, "mean_speedup");
    const char **cats = cs_xcalloc(t->rows, sizeof *cats);
    double *v = cs_xcalloc(t->rows, sizeof *v);
    size_t best = 0;
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = csv_cell(t, r, se);
        v[r] = csv_num(t, r, ms);
        if (v[r] > v[best])
            best = r;
    }
    static const char *const names[] = {"mean speedup over LRR"};
    chart_t ch = {.title = f->title, .xlabel = "CLASO p_A p_L", .ylabel = "IPC / IPC of LRR", .have_ref = true,
                  .ref_y = 1};
    f->svg = rep_draw_bars(&ch, cats, t->rows, names, 1, v, false);
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    f->ours = rep_fmt("best: %s (%+.1f%% mean speedup).", cats[best], rep_pct(v[best] - 1));
    free(cats);
    free(v);
}

/* Every experiment whose table the report draws, in `ctasim experiment
 * list`'s order; KIND: its first figure, the one a table that cannot be read
 * is listed under. */
static const struct {
    const char *name, *kind;
    rep_exp_fn fn;
} exp_handlers[] = {
    {"lee-fig4", "ipc-vs-ctas", exp_lee_fig4},
    {"lee-fig12-13", "speedup", exp_lee_fig12_13},
    {"lee-fig16-17", "speedup", exp_lee_fig16_17},
    {"lee-fig19", "speedup", exp_lee_fig19},
    {"kayiran-fig1-10", "speedup", exp_kayiran},
    {"kayiran-fig8", "dyncta-n", exp_kayiran_fig8},
    {"yu-fig11-12", "speedup", exp_yu_pairs},
    {"yu-fig13", "speedup", exp_yu_pairs},
    {"yu-fig16", "speedup", exp_yu_fig16},
    {"lee-fig18", "speedup", rep_lee_fig18},
    {"li-fig2", "design-space", rep_li_fig2},
    {"li-fig5", "speedup", rep_li_fig5},
    {"li-fig6", "perf-per-watt", rep_li_fig6},
    {"li-fig8", "speedup", rep_li_fig8},
    {"song-fig2", "power-split", rep_song_fig2},
    {"song-fig3", "perf-vs-cores", rep_song_fig3},
    {"song-fig6", "speedup", rep_song_fig6},
    {"song-fig7", "active-cores", rep_song_fig7},
    {"song-fig8", "sm-ipc-heatmap", rep_song_fig8},
    {"song-fig9", "cores-per-launch", rep_song_fig9},
    {"kayiran-fig12-13", "power-norm", rep_kayiran_fig12_13},
    {"kayiran-fig14a", "vs-cores-off", rep_kayiran_fig14a},
    {"lee-fig14", "energy", rep_lee_fig14},
    {"clusters-gpc", "cluster-cap", rep_clusters_gpc},
};

/* DIR/NAME-warnings.txt, written by `ctasim experiment NAME` with every
 * warning it printed, onto the page's list of warnings. */
static void add_warnings(rep_ctx_t *c, const char *name)
{
    char *file = rep_fmt("%s-warnings.txt", name), *path = rep_join(c->dir, file);
    char *text = NULL;
    size_t len = 0;
    cs_error_t ignore; /* no file: the experiment printed no warning */
    if (rep_file_exists(path) && cs_read_file(path, (size_t)1 << 20, &text, &len, &ignore) == 0 && len) {
        char *all = rep_fmt("%s%s", c->r->warnings ? c->r->warnings : "", text);
        free(c->r->warnings);
        c->r->warnings = all;
    }
    free(text);
    free(file);
    free(path);
}

/* Every experiment table in DIR, in the experiments' order; 0 if none, 1 if
 * some. A table that cannot be read (ragged, no data row) is listed as a
 * figure not drawn, with the reason, so one bad table does not hide the
 * others; -1 with ERR (the first such reason) only when no table could be
 * read at all. */
static int build_experiments(rep_ctx_t *c, cs_error_t *err)
{
    int found = 0, bad = 0;
    for (size_t i = 0; i < sizeof exp_handlers / sizeof *exp_handlers; i++) {
        const char *name = exp_handlers[i].name;
        if (c->o->experiment && strcmp(c->o->experiment, name))
            continue;
        char *file = rep_fmt("%s.csv", name), *path = rep_join(c->dir, file);
        if (!rep_file_exists(path)) {
            free(file);
            free(path);
            continue;
        }
        csv_t t;
        cs_error_t e;
        if (csv_load(path, &t, &e) < 0) {
            if (!bad++)
                *err = e;
            char *title = rep_fmt("%s (its table could not be read)", name);
            report_fig_t *f = rep_add_fig(c, exp_handlers[i].kind, name, file, title);
            rep_skip(f, e.msg);
            free(title);
            free(file);
            free(path);
            continue;
        }
        found = 1;
        add_warnings(c, name);
        exp_handlers[i].fn(c, name, &t, file);
        csv_free(&t);
        free(file);
        free(path);
    }
    return found ? 1 : bad ? -1 : 0;
}

/* --- run JSON -------------------------------------------------------------------- */

static const jv_t *series_of(const jv_t *doc, const char *name) { return json_get(json_get(doc, "series"), name); }

/* Points [[cycle, value], ...] of a series into X, Y (allocated). */
static size_t series_points(const jv_t *s, double **x, double **y)
{
    size_t n = s && s->kind == JV_ARR ? s->n : 0;
    *x = cs_xcalloc(n ? n : 1, sizeof **x);
    *y = cs_xcalloc(n ? n : 1, sizeof **y);
    for (size_t i = 0; i < n; i++) {
        const jv_t *p = &s->items[i];
        (*x)[i] = p->kind == JV_ARR && p->n == 2 ? json_num(&p->items[0], NAN) : NAN;
        (*y)[i] = p->kind == JV_ARR && p->n == 2 ? json_num(&p->items[1], NAN) : NAN;
    }
    return n;
}

static int check_run(const jv_t *doc, const char *path, cs_error_t *err)
{
    const jv_t *cores = json_get(doc, "cores");
    if (!cores || cores->kind != JV_ARR || !json_get(doc, "cycles"))
        return cs_err(err, path, 0, "not a ctasim run result (no \"cycles\" and \"cores\"; write one with `ctasim run "
                                    "--json FILE`)");
    return 0;
}

static const char *const outcome_keys[] = {"active", "idle", "mem_stall", "core_stall"};
static const char *const outcome_names[] = {"ACTIVE", "IDLE", "MEM_STALL", "CORE_STALL"};

/* The line charts of a run's series: DYNCTA's n, power; one line per run in RUNS. */
static void series_fig(rep_ctx_t *c, const char *kind, const char *prefix, const char *series, const char *title,
                       const char *ylabel, const jv_t *const *docs, const char *const *labels, size_t nd,
                       const char *source, const char *absent)
{
    report_fig_t *f = rep_add_fig(c, kind, prefix, source, title);
    if (!f)
        return;
    chart_series_t *s = cs_xcalloc(nd ? nd : 1, sizeof *s);
    double **xs = cs_xcalloc(nd ? nd : 1, sizeof *xs), **ys = cs_xcalloc(nd ? nd : 1, sizeof *ys);
    size_t ns = 0;
    sbuf_t tb;
    sb_init(&tb);
    sb_puts(&tb, "<table>\n<tr><th>run</th><th>samples</th><th>first cycle</th><th>last cycle</th><th>mean</th><th>min</th><th>max</th></tr>\n");
    for (size_t d = 0; d < nd; d++) {
        const jv_t *js = series_of(docs[d], series);
        if (!js || js->kind != JV_ARR || !js->n)
            continue;
        size_t n = series_points(js, &xs[ns], &ys[ns]);
        s[ns] = (chart_series_t){.name = labels[d], .x = xs[ns], .y = ys[ns], .n = n};
        double mn = INFINITY, mx = -INFINITY;
        for (size_t i = 0; i < n; i++) {
            mn = fmin(mn, ys[ns][i]);
            mx = fmax(mx, ys[ns][i]);
        }
        sb_puts(&tb, "<tr><td>");
        sb_escape(&tb, labels[d]);
        sb_printf(&tb, "</td><td>%zu</td><td>%.0f</td><td>%.0f</td><td>%.4g</td><td>%.4g</td><td>%.4g</td></tr>\n", n,
                  xs[ns][0], xs[ns][n - 1], rep_amean(ys[ns], n, 1), mn, mx);
        ns++;
    }
    sb_puts(&tb, "</table>\n");
    if (!ns) {
        rep_skip(f, absent);
        sb_free(&tb);
    } else {
        chart_t ch = {.title = title, .xlabel = "cycle", .ylabel = ylabel, .y_zero = true};
        f->svg = rep_draw_line(&ch, s, ns);
        f->table = tb.s;
    }
    for (size_t i = 0; i < ns; i++) {
        free(xs[i]);
        free(ys[i]);
    }
    free(xs);
    free(ys);
    free(s);
}

/* AerialVision's per-SM IPC over time from series sm_ipc/<i> (CTAS: CTAs
 * resident from sm_ctas/<i>). */
static void heatmap_one(rep_ctx_t *c, const char *prefix, const jv_t *doc, const char *label, const char *source,
                        bool ctas)
{
    const char *series = ctas ? "sm_ctas" : "sm_ipc", *what = ctas ? "CTAs resident" : "IPC";
    report_fig_t *f = rep_add_fig(c, ctas ? "sm-ctas-heatmap" : "sm-ipc-heatmap", prefix, source,
                              ctas ? "CTAs resident per SM over time (the idle tail CLASO shortens)"
                                   : "Per-SM IPC over time (AerialVision's heat map)");
    if (!f)
        return;
    const jv_t *cores = json_get(doc, "cores");
    size_t nsm = cores && cores->kind == JV_ARR ? cores->n : 0, ncol = 0;
    char name[64];
    for (size_t i = 0; i < nsm; i++) {
        snprintf(name, sizeof name, "%s/%zu", series, i);
        const jv_t *s = series_of(doc, name);
        if (s && s->kind == JV_ARR && s->n > ncol)
            ncol = s->n;
    }
    if (!ncol) {
        char *why = rep_fmt("no time series in this run (%s has no series %s/<i>; record them with `ctasim run "
                         "--sample-interval N`)",
                         label, series);
        rep_skip(f, why);
        free(why);
        return;
    }
    /* at most HEAT_COLS columns: samples averaged in bins of `bin` */
    enum { HEAT_COLS = 200 };
    size_t bin = (ncol + HEAT_COLS - 1) / HEAT_COLS, nb = (ncol + bin - 1) / bin;
    double *v = cs_xcalloc(nsm * nb, sizeof *v), *x = cs_xcalloc(nb, sizeof *x);
    size_t *cnt = cs_xcalloc(nsm * nb, sizeof *cnt);
    char **rows = cs_xcalloc(nsm, sizeof *rows);
    for (size_t i = 0; i < nsm; i++) {
        rows[i] = rep_fmt("SM %zu", i);
        snprintf(name, sizeof name, "%s/%zu", series, i);
        const jv_t *s = series_of(doc, name);
        for (size_t k = 0; s && s->kind == JV_ARR && k < s->n; k++) {
            const jv_t *p = &s->items[k];
            double y = p->kind == JV_ARR && p->n == 2 ? json_num(&p->items[1], NAN) : NAN;
            if (!isfinite(y))
                continue;
            v[i * nb + k / bin] += y;
            cnt[i * nb + k / bin]++;
            if (k % bin == 0)
                x[k / bin] = json_num(&p->items[0], 0);
        }
    }
    for (size_t i = 0; i < nsm * nb; i++)
        v[i] = cnt[i] ? v[i] / (double)cnt[i] : NAN;
    free(cnt);
    sbuf_t b;
    sb_init(&b);
    chart_t ch = {.title = f->title, .xlabel = "cycle", .ylabel = "SM"};
    chart_heatmap(&b, &ch, (const char *const *)rows, nsm, x, nb, v, ctas ? "CTAs" : "IPC");
    f->svg = b.s;
    if (bin > 1)
        f->note = rep_fmt("%s: %zu SMs x %zu samples, averaged in %zu columns of %zu; a cell's cycle is its first "
                       "sample's, each sample the %s of the window ending there; darker is more.",
                       label, nsm, ncol, nb, bin, ctas ? "CTAs resident at the end" : "IPC");
    else
        f->note = rep_fmt("%s: %zu SMs x %zu samples; a cell's cycle is the end of its window; darker is more %s.", label,
                       nsm, ncol, what);
    for (size_t i = 0; i < nsm; i++)
        free(rows[i]);
    free(rows);
    free(v);
    free(x);
}

/* The GPU-wide time series of --sample-interval: the cycle breakdown and the
 * load round trip per window. */
static void window_figs(rep_ctx_t *c, const char *prefix, const jv_t *doc, const char *label, const char *source)
{
    static const char *const keys[] = {"stall.active", "stall.idle", "stall.mem_stall", "stall.core_stall"};
    report_fig_t *f = rep_add_fig(c, "stall-over-time", prefix, source,
                              "Cycle breakdown over time, all SMs: ACTIVE / IDLE / MEM_STALL / CORE_STALL");
    if (f) {
        chart_series_t s[4];
        double *xs[4] = {0}, *ys[4] = {0};
        size_t ns = 0;
        for (int k = 0; k < 4; k++) {
            const jv_t *js = series_of(doc, keys[k]);
            if (js && js->kind == JV_ARR && js->n) {
                size_t n = series_points(js, &xs[ns], &ys[ns]);
                s[ns] = (chart_series_t){.name = outcome_names[k], .x = xs[ns], .y = ys[ns], .n = n};
                ns++;
            }
        }
        if (!ns) {
            char *why = rep_fmt("no time series in this run (%s has no series stall.*; record them with `ctasim run "
                             "--sample-interval N`)",
                             label);
            rep_skip(f, why);
            free(why);
        } else {
            chart_t ch = {.title = f->title, .xlabel = "cycle", .ylabel = "fraction of SM cycles in the window",
                          .y_zero = true};
            f->svg = rep_draw_line(&ch, s, ns);
            f->note = rep_fmt("%s: each point the window of --sample-interval cycles ending there.", label);
        }
        for (size_t k = 0; k < ns; k++) {
            free(xs[k]);
            free(ys[k]);
        }
    }
    const jv_t *docs[1] = {doc};
    const char *labels[1] = {label};
    series_fig(c, "mem-latency", prefix, "mem_latency", "Load round trip over time, all SMs", "core cycles", docs,
               labels, 1, source,
               "no series mem_latency in this run (record it with `ctasim run --sample-interval N`)");
}

static void heatmap_fig(rep_ctx_t *c, const char *prefix, const jv_t *doc, const char *label, const char *source)
{
    heatmap_one(c, prefix, doc, label, source, false);
    heatmap_one(c, prefix, doc, label, source, true);
    window_figs(c, prefix, doc, label, source);
}

/* Per-SM figures of one run. */
static void run_figs(rep_ctx_t *c, const char *prefix, const jv_t *doc, const char *label, const char *source)
{
    const jv_t *cores = json_get(doc, "cores");
    size_t nsm = cores->n;
    char **cats = cs_xcalloc(nsm ? nsm : 1, sizeof *cats);
    for (size_t i = 0; i < nsm; i++)
        cats[i] = rep_fmt("%zu", i);
    double *v = cs_xcalloc((nsm ? nsm : 1) * 4, sizeof *v);
    double cycles = json_num(json_get(doc, "cycles"), 0);
    report_fig_t *f = rep_add_fig(c, "stall-breakdown", prefix, source, "Cycle breakdown per SM: ACTIVE / IDLE / MEM_STALL / CORE_STALL");
    if (f) {
        for (size_t i = 0; i < nsm; i++) {
            double tot = 0;
            for (int k = 0; k < 4; k++)
                tot += json_num(json_get(&cores->items[i], outcome_keys[k]), 0);
            for (int k = 0; k < 4; k++)
                v[i * 4 + k] = tot > 0 ? json_num(json_get(&cores->items[i], outcome_keys[k]), 0) / tot : NAN;
        }
        chart_t ch = {.title = f->title, .xlabel = "SM", .ylabel = "fraction of cycles"};
        f->svg = rep_draw_bars(&ch, (const char *const *)cats, nsm, outcome_names, 4, v, true);
        f->table = rep_table_bars("SM", (const char *const *)cats, nsm, outcome_names, 4, v);
        f->note = rep_fmt("%s; cycles classified by what the SM's schedulers did (docs/ARCHITECTURE.md, Counters).", label);
    }
    f = rep_add_fig(c, "cta-per-sm", prefix, source, "CTAs issued per SM");
    if (f) {
        for (size_t i = 0; i < nsm; i++)
            v[i] = json_num(json_get(&cores->items[i], "ctas_issued"), NAN);
        static const char *const names[] = {"CTAs issued"};
        chart_t ch = {.title = f->title, .xlabel = "SM", .ylabel = "CTAs"};
        f->svg = rep_draw_bars(&ch, (const char *const *)cats, nsm, names, 1, v, false);
        f->table = rep_table_bars("SM", (const char *const *)cats, nsm, names, 1, v);
        f->note = rep_fmt("%s", label);
    }
    f = rep_add_fig(c, "idle-tail", prefix, source, "Cycles with no CTA resident per SM (the idle tail)");
    if (f) {
        for (size_t i = 0; i < nsm; i++)
            v[i] = cycles > 0 ? json_num(json_get(&cores->items[i], "no_cta_cycles"), NAN) / cycles : NAN;
        static const char *const names[] = {"no-CTA fraction"};
        chart_t ch = {.title = f->title, .xlabel = "SM", .ylabel = "fraction of cycles"};
        f->svg = rep_draw_bars(&ch, (const char *const *)cats, nsm, names, 1, v, false);
        f->table = rep_table_bars("SM", (const char *const *)cats, nsm, names, 1, v);
        f->paper = rep_fmt("CLASO cuts the cycles SMs sit without a CTA (Yu et al.: idle cycles -52.4%% on average).");
        f->note = rep_fmt("%s; %.0f cycles in all.", label, cycles);
    }
    f = rep_add_fig(c, "l1-miss", prefix, source, "L1 data cache miss rate per SM");
    if (f) {
        bool any = false;
        for (size_t i = 0; i < nsm; i++) {
            double a = json_num(json_get(&cores->items[i], "l1d_accesses"), 0);
            v[i] = a > 0 ? json_num(json_get(&cores->items[i], "l1d_misses"), 0) / a : NAN;
            any |= a > 0;
        }
        if (!any) {
            rep_skip(f, "no L1 data cache accesses in this run");
        } else {
            static const char *const names[] = {"miss rate"};
            chart_t ch = {.title = f->title, .xlabel = "SM", .ylabel = "misses / accesses"};
            f->svg = rep_draw_bars(&ch, (const char *const *)cats, nsm, names, 1, v, false);
            f->table = rep_table_bars("SM", (const char *const *)cats, nsm, names, 1, v);
            f->note = rep_fmt("%s", label);
        }
    }
    const jv_t *docs[1] = {doc};
    const char *labels[1] = {label};
    series_fig(c, "dyncta-n", prefix, "dyncta.n", "DYNCTA's CTA limit n over time (Kayiran et al. Fig. 8)",
               "n (mean over cores)", docs, labels, 1, source,
               "no series dyncta.n in this run (DYNCTA was not in its CTA policy chain, or never sampled)");
    heatmap_fig(c, prefix, doc, label, source);
    series_fig(c, "power", prefix, "power_w", "Power over time", "W", docs, labels, 1, source,
               "no series power_w in this run (no power model output)");
    for (size_t i = 0; i < nsm; i++)
        free(cats[i]);
    free(cats);
    free(v);
}

/* --- sweeps ------------------------------------------------------------------------- */

typedef struct sweep_series {
    const char *cta, *warp;
    size_t first; /* row of summary.csv */
    size_t n;
} sweep_series_t;

/* The point JSON of summary row R: <cta>-<warp>-n<cap>.json, with "cfg" for
 * the config's warp scheduler (sweep.c names it so when --warp-sched is not
 * given). */
static char *point_json(const rep_ctx_t *c, const char *cta, const char *warp, const char *cap)
{
    for (int pass = 0; pass < 2; pass++) {
        char tag[160];
        snprintf(tag, sizeof tag, "%s-%s", cta, pass ? "cfg" : warp);
        for (char *p = tag; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-'))
                *p = '_';
        char *file = rep_fmt("%s-n%s.json", tag, cap), *path = rep_join(c->dir, file);
        free(file);
        if (rep_file_exists(path))
            return path;
        free(path);
    }
    return NULL;
}

/* A sweep directory as the figures read it: summary.csv, its policy series
 * (runs of rows with one cta_sched/warp_sched), the one speedups are over,
 * and the point JSON of every row that has one. */
typedef struct sweep_data {
    csv_t t;
    int cc, cw, cn, ci, cy, cl; /* columns: cta_sched, warp_sched, max_ctas, ipc, cycles, l1d_miss_rate (-1: none) */
    sweep_series_t ss[64];
    size_t nss;
    char *names[64]; /* "cta/warp" of each series */
    size_t base;     /* --baseline's series (0 without it) */
    jv_t *docs;      /* per row; have[r]: row r's point JSON was there */
    bool *have;
    size_t npoints;
} sweep_data_t;

static void sweep_free(sweep_data_t *sw)
{
    if (sw->docs)
        for (size_t r = 0; r < sw->t.rows; r++)
            json_free(&sw->docs[r]);
    free(sw->docs);
    free(sw->have);
    for (size_t k = 0; k < sw->nss; k++)
        free(sw->names[k]);
    csv_free(&sw->t);
}

/* summary.csv into SW: its columns and its series. */
static int sweep_load_summary(sweep_data_t *sw, const char *summary_path, cs_error_t *err)
{
    if (csv_load(summary_path, &sw->t, err) < 0)
        return -1;
    csv_t *t = &sw->t;
    sw->cc = csv_col(t, "cta_sched");
    sw->cw = csv_col(t, "warp_sched");
    sw->cn = csv_col(t, "max_ctas");
    sw->ci = csv_col(t, "ipc");
    sw->cy = csv_col(t, "cycles");
    sw->cl = csv_col(t, "l1d_miss_rate");
    if (sw->cc < 0 || sw->cw < 0 || sw->cn < 0 || sw->ci < 0 || sw->cy < 0)
        return cs_err(err, summary_path, 1, "not a sweep summary (needs cta_sched, warp_sched, max_ctas, cycles, ipc)");
    for (size_t r = 0; r < t->rows; r++) {
        const char *a = csv_cell(t, r, sw->cc), *w = csv_cell(t, r, sw->cw);
        if (!sw->nss || strcmp(sw->ss[sw->nss - 1].cta, a) || strcmp(sw->ss[sw->nss - 1].warp, w)) {
            if (sw->nss == 64)
                break;
            sw->ss[sw->nss] = (sweep_series_t){.cta = a, .warp = w, .first = r};
            sw->names[sw->nss] = rep_fmt("%s/%s", a, w);
            sw->nss++;
        }
        sw->ss[sw->nss - 1].n++;
    }
    return 0;
}

/* --baseline: the series speedups are normalised to (by "cta/warp" or cta). */
static int sweep_find_baseline(sweep_data_t *sw, const char *baseline, const char *summary_path, cs_error_t *err)
{
    sw->base = 0;
    if (!baseline)
        return 0;
    while (sw->base < sw->nss && strcmp(sw->names[sw->base], baseline) && strcmp(sw->ss[sw->base].cta, baseline))
        sw->base++;
    if (sw->base < sw->nss)
        return 0;
    sbuf_t known;
    sb_init(&known);
    for (size_t k = 0; k < sw->nss; k++)
        sb_printf(&known, "%s%s", k ? ", " : "", sw->names[k]);
    cs_err(err, summary_path, 0, "--baseline %s: no such policy series in this sweep (series: %s)", baseline,
           known.s);
    sb_free(&known);
    return -1;
}

/* The point documents, all read up front: a broken one fails the report. */
static int sweep_load_points(rep_ctx_t *c, sweep_data_t *sw, cs_error_t *err)
{
    const csv_t *t = &sw->t;
    sw->docs = cs_xcalloc(t->rows, sizeof *sw->docs);
    sw->have = cs_xcalloc(t->rows, sizeof *sw->have);
    for (size_t r = 0; r < t->rows; r++) {
        char *p = point_json(c, csv_cell(t, r, sw->cc), csv_cell(t, r, sw->cw), csv_cell(t, r, sw->cn));
        if (!p)
            continue;
        int rc = json_load(p, &sw->docs[r], err) < 0 || check_run(&sw->docs[r], p, err) < 0 ? -1 : 0;
        free(p);
        if (rc)
            return -1;
        sw->have[r] = true;
        sw->npoints++;
    }
    return 0;
}

/* IPC per kernel vs cap, from classification.csv (Lee et al. Fig. 4). */
static void sweep_fig_ipc_vs_ctas(rep_ctx_t *c, const sweep_data_t *sw)
{
    report_fig_t *f = rep_add_fig(c, "ipc-vs-ctas", "", "classification.csv", "IPC vs CTAs per SM per kernel (Lee et al. Fig. 4)");
    if (f) {
        char *cpath = rep_join(c->dir, "classification.csv");
        csv_t k;
        cs_error_t e;
        if (!rep_file_exists(cpath) || csv_load(cpath, &k, &e) < 0) {
            rep_skip(f, "no classification.csv in the sweep directory");
        } else {
            double lo = INFINITY;
            for (size_t r = 0; r < sw->t.rows; r++)
                lo = fmin(lo, csv_num(&sw->t, r, sw->cn));
            int kc = csv_col(&k, "cta_sched"), kw = csv_col(&k, "warp_sched"), kk = csv_col(&k, "kernel"),
                kl = csv_col(&k, "lee_type"), kl2 = csv_col(&k, "liliang_type"), ky = csv_col(&k, "kayiran_type"),
                capcol[64];
            double capn[64];
            size_t ncap = rep_numbered_columns(&k, "ipc_cap", "", capcol, capn, 64);
            size_t n = k.rows < 64 ? k.rows : 64;
            chart_series_t s[64];
            char *lab[64];
            double *xs = cs_xcalloc(n * 65 + 1, sizeof *xs), *ys = cs_xcalloc(n * 65 + 1, sizeof *ys);
            for (size_t r = 0; r < n; r++) {
                lab[r] = sw->nss > 1 ? rep_fmt("%s %s/%s: %s, %s, %s", csv_cell(&k, r, kk), csv_cell(&k, r, kc),
                                        csv_cell(&k, r, kw), csv_cell(&k, r, kl), csv_cell(&k, r, kl2),
                                        csv_cell(&k, r, ky))
                                 : rep_fmt("%s: %s, %s, %s", csv_cell(&k, r, kk), csv_cell(&k, r, kl),
                                        csv_cell(&k, r, kl2), csv_cell(&k, r, ky));
                size_t m = 0;
                for (size_t j = 0; j < ncap; j++) { /* empty above the kernel's resource limit */
                    double y = csv_num(&k, r, capcol[j]);
                    if (isnan(y))
                        continue;
                    xs[r * 65 + m] = capn[j];
                    ys[r * 65 + m++] = y;
                }
                s[r] = (chart_series_t){.name = lab[r], .x = xs + r * 65, .y = ys + r * 65, .n = m};
            }
            chart_t ch = {.title = f->title, .xlabel = "CTAs per SM (--max-ctas)", .ylabel = "IPC (thread instructions per cycle)",
                          .integer_x = true, .y_zero = true};
            f->svg = rep_draw_line(&ch, s, n);
            f->table = rep_table_csv(&k);
            f->paper = rep_fmt("%s", paper_headline_text("lee-fig4"));
            f->ours = rep_fmt("legend: kernel, then its Lee et al. type (I-IV), Li & Liang type (Up/Optimal/Down) and "
                           "Kayiran et al. type (Type-C/M/X).");
            for (size_t r = 0; r < n; r++)
                free(lab[r]);
            free(xs);
            free(ys);
            csv_free(&k);
        }
        free(cpath);
    }
}

/* Cycles and L1 miss rate vs cap, per series. */
static void sweep_figs_cycles_l1(rep_ctx_t *c, const sweep_data_t *sw)
{
    report_fig_t *f;
    for (int which = 0; which < 2; which++) {
        const char *kind = which ? "l1-miss" : "cycles-vs-ctas";
        f = rep_add_fig(c, kind, "", "summary.csv", which ? "L1 data cache miss rate vs CTAs per SM" : "Cycles vs CTAs per SM");
        if (!f)
            continue;
        if (which && sw->cl < 0) {
            rep_skip(f, "summary.csv has no l1d_miss_rate column");
            continue;
        }
        chart_series_t s[64];
        double *xs = cs_xcalloc(sw->t.rows, sizeof *xs), *ys = cs_xcalloc(sw->t.rows, sizeof *ys);
        for (size_t r = 0; r < sw->t.rows; r++) {
            xs[r] = csv_num(&sw->t, r, sw->cn);
            ys[r] = csv_num(&sw->t, r, which ? sw->cl : sw->cy);
        }
        for (size_t k = 0; k < sw->nss; k++)
            s[k] = (chart_series_t){.name = sw->names[k], .x = xs + sw->ss[k].first, .y = ys + sw->ss[k].first, .n = sw->ss[k].n};
        chart_t ch = {.title = f->title, .xlabel = "CTAs per SM (--max-ctas)", .ylabel = which ? "L1D miss rate" : "cycles",
                      .integer_x = true, .y_zero = true};
        f->svg = rep_draw_line(&ch, s, sw->nss);
        f->table = rep_table_csv(&sw->t);
        if (which)
            f->paper = rep_fmt("Lee et al. Fig. 17: fewer CTAs (BCS) lower the L1 miss rate of cache-sensitive kernels.");
        free(xs);
        free(ys);
    }
}

/* The speedup of each series over the baseline at each cap. */
static void sweep_fig_speedup(rep_ctx_t *c, const sweep_data_t *sw)
{
    report_fig_t *f;
    char *stitle = rep_fmt("Speedup over %s, per CTA cap", sw->names[sw->base]);
    f = rep_add_fig(c, "speedup", "", "summary.csv", stitle);
    free(stitle);
    if (f && sw->nss < 2) {
        rep_skip(f, "one policy series only (give sweep several --cta-sched/--warp-sched to compare them)");
    } else if (f) {
        size_t per = sw->ss[sw->base].n, ncat = per + 1, ns = sw->nss - 1;
        const char **cats = cs_xcalloc(ncat, sizeof *cats), **others = cs_xcalloc(ns, sizeof *others);
        char **catn = cs_xcalloc(ncat, sizeof *catn);
        double *v = cs_xcalloc(ncat * ns, sizeof *v);
        for (size_t k = 0, j = 0; k < sw->nss; k++)
            if (k != sw->base)
                others[j++] = sw->names[k];
        for (size_t i = 0; i < per; i++) {
            catn[i] = rep_fmt("n=%s", csv_cell(&sw->t, sw->ss[sw->base].first + i, sw->cn));
            cats[i] = catn[i];
            double b = csv_num(&sw->t, sw->ss[sw->base].first + i, sw->ci);
            for (size_t k = 0, j = 0; k < sw->nss; k++)
                if (k != sw->base) {
                    v[i * ns + j] = i < sw->ss[k].n && b > 0 ? csv_num(&sw->t, sw->ss[k].first + i, sw->ci) / b : NAN;
                    j++;
                }
        }
        cats[per] = "GM";
        for (size_t k = 0; k < ns; k++)
            v[per * ns + k] = rep_geomean(v + k, per, ns);
        char *yl = rep_fmt("IPC / IPC of %s", sw->names[sw->base]);
        chart_t ch = {.title = f->title, .xlabel = "CTAs per SM (--max-ctas)", .ylabel = yl, .have_ref = true,
                      .ref_y = 1};
        f->svg = rep_draw_bars(&ch, cats, ncat, others, ns, v, false);
        f->table = rep_table_bars("cap", cats, ncat, others, ns, v);
        free(yl);
        sbuf_t o;
        sb_init(&o);
        for (size_t k = 0; k < ns; k++)
            sb_printf(&o, "%s%s %+.1f%%", k ? "; " : "", others[k], rep_pct(v[per * ns + k] - 1));
        sb_printf(&o, " over %s (geometric mean over the caps; --baseline picks another series).", sw->names[sw->base]);
        f->ours = o.s;
        free(others);
        for (size_t i = 0; i < per; i++)
            free(catn[i]);
        free(catn);
        free(cats);
        free(v);
    }
}

/* The stall breakdown vs cap, from the point JSON. */
static void sweep_fig_stalls(rep_ctx_t *c, const sweep_data_t *sw)
{
    report_fig_t *f;
    f = rep_add_fig(c, "stall-breakdown", "", "the point JSON files", "Cycle breakdown vs CTAs per SM: ACTIVE / IDLE / MEM_STALL / CORE_STALL");
    if (f && !sw->npoints) {
        rep_skip(f, "no point JSON files in the sweep directory");
    } else if (f) {
        const char **cats = cs_xcalloc(sw->t.rows, sizeof *cats);
        char **catn = cs_xcalloc(sw->t.rows, sizeof *catn);
        double *v = cs_xcalloc(sw->t.rows * 4, sizeof *v);
        size_t ncat = 0;
        for (size_t k = 0; k < sw->nss; k++)
            for (size_t i = 0; i < sw->ss[k].n; i++) {
                size_t r = sw->ss[k].first + i;
                if (!sw->have[r])
                    continue;
                catn[ncat] = sw->nss > 1 ? rep_fmt("%s n=%s", sw->names[k], csv_cell(&sw->t, r, sw->cn)) : rep_fmt("%s", csv_cell(&sw->t, r, sw->cn));
                cats[ncat] = catn[ncat];
                const jv_t *cores = json_get(&sw->docs[r], "cores");
                double sum[4] = {0}, tot = 0;
                for (size_t m = 0; m < cores->n; m++)
                    for (int q = 0; q < 4; q++)
                        sum[q] += json_num(json_get(&cores->items[m], outcome_keys[q]), 0);
                for (int q = 0; q < 4; q++)
                    tot += sum[q];
                for (int q = 0; q < 4; q++)
                    v[ncat * 4 + q] = tot > 0 ? sum[q] / tot : NAN;
                ncat++;
            }
        chart_t ch = {.title = f->title, .xlabel = sw->nss > 1 ? "series and CTAs per SM" : "CTAs per SM (--max-ctas)",
                      .ylabel = "fraction of SM cycles"};
        f->svg = rep_draw_bars(&ch, cats, ncat, outcome_names, 4, v, true);
        f->table = rep_table_bars("point", cats, ncat, outcome_names, 4, v);
        f->paper = rep_fmt("Lee et al.: more CTAs turn IDLE cycles into MEM_STALL for memory-bound kernels (types III/IV).");
        for (size_t i = 0; i < ncat; i++)
            free(catn[i]);
        free(catn);
        free(cats);
        free(v);
    }
}

/* Per-SM CTAs and idle tails at each series' largest cap. */
static void sweep_figs_per_sm(rep_ctx_t *c, const sweep_data_t *sw)
{
    report_fig_t *f;
    for (int which = 0; which < 2; which++) {
        const char *kind = which ? "idle-tail" : "cta-per-sm";
        f = rep_add_fig(c, kind, "", "the point JSON files",
                    which ? "Cycles with no CTA resident per SM, at the largest cap (the idle tail)"
                          : "CTAs issued per SM, at the largest cap");
        if (!f)
            continue;
        size_t top[64], nt = 0, nsm = 0;
        for (size_t k = 0; k < sw->nss; k++) {
            size_t r = sw->ss[k].first + sw->ss[k].n - 1;
            if (sw->have[r]) {
                top[nt++] = r;
                size_t m = json_get(&sw->docs[r], "cores")->n;
                nsm = m > nsm ? m : nsm;
            }
        }
        if (!nt) {
            rep_skip(f, "no point JSON files in the sweep directory");
            continue;
        }
        char **cats = cs_xcalloc(nsm, sizeof *cats);
        const char *snames[64];
        double *v = cs_xcalloc(nsm * nt, sizeof *v);
        for (size_t m = 0; m < nsm; m++)
            cats[m] = rep_fmt("%zu", m);
        for (size_t q = 0; q < nt; q++) {
            size_t r = top[q], k = 0;
            while (k + 1 < sw->nss && !(r >= sw->ss[k].first && r < sw->ss[k].first + sw->ss[k].n))
                k++;
            snames[q] = sw->names[k];
            const jv_t *cores = json_get(&sw->docs[r], "cores");
            double cycles = json_num(json_get(&sw->docs[r], "cycles"), 0);
            for (size_t m = 0; m < nsm; m++) {
                const jv_t *core = m < cores->n ? &cores->items[m] : NULL;
                v[m * nt + q] = !core ? NAN
                                : which ? (cycles > 0 ? json_num(json_get(core, "no_cta_cycles"), NAN) / cycles : NAN)
                                        : json_num(json_get(core, "ctas_issued"), NAN);
            }
        }
        chart_t ch = {.title = f->title, .xlabel = "SM", .ylabel = which ? "fraction of cycles" : "CTAs"};
        f->svg = rep_draw_bars(&ch, (const char *const *)cats, nsm, snames, nt, v, false);
        f->table = rep_table_bars("SM", (const char *const *)cats, nsm, snames, nt, v);
        if (which)
            f->paper = rep_fmt("CLASO cuts the cycles SMs sit without a CTA (Yu et al.: idle cycles -52.4%% on average).");
        for (size_t m = 0; m < nsm; m++)
            free(cats[m]);
        free(cats);
        free(v);
    }
}

/* The time series across the points: DYNCTA's n, the heat maps of the first series' largest cap, power. */
static void sweep_figs_over_time(rep_ctx_t *c, const sweep_data_t *sw)
{
    {
        const jv_t **pd = cs_xcalloc(sw->t.rows, sizeof *pd);
        const char **pl = cs_xcalloc(sw->t.rows, sizeof *pl);
        char **pln = cs_xcalloc(sw->t.rows, sizeof *pln);
        size_t np = 0;
        for (size_t k = 0; k < sw->nss; k++)
            for (size_t i = 0; i < sw->ss[k].n; i++)
                if (sw->have[sw->ss[k].first + i]) {
                    pd[np] = &sw->docs[sw->ss[k].first + i];
                    pln[np] = rep_fmt("%s n=%s", sw->names[k], csv_cell(&sw->t, sw->ss[k].first + i, sw->cn));
                    pl[np] = pln[np];
                    np++;
                }
        series_fig(c, "dyncta-n", "", "dyncta.n", "DYNCTA's CTA limit n over time (Kayiran et al. Fig. 8)",
                   "n (mean over cores)", pd, pl, np, "the point JSON files",
                   "no series dyncta.n in these results (no series ran DYNCTA, or it never sampled)");
        /* the heat map of the first series' largest cap */
        size_t r = sw->ss[0].first + sw->ss[0].n - 1;
        if (sw->have[r]) {
            char *lab = rep_fmt("%s n=%s", sw->names[0], csv_cell(&sw->t, r, sw->cn));
            heatmap_fig(c, "", &sw->docs[r], lab, "the point JSON files");
            free(lab);
        } else {
            report_fig_t *h = rep_add_fig(c, "sm-ipc-heatmap", "", "the point JSON files", "Per-SM IPC over time (AerialVision's heat map)");
            rep_skip(h, "no point JSON files in the sweep directory");
            h = rep_add_fig(c, "sm-ctas-heatmap", "", "the point JSON files", "CTAs resident per SM over time");
            rep_skip(h, "no point JSON files in the sweep directory");
            h = rep_add_fig(c, "stall-over-time", "", "the point JSON files", "Cycle breakdown over time");
            rep_skip(h, "no point JSON files in the sweep directory");
            h = rep_add_fig(c, "mem-latency", "", "the point JSON files", "Load round trip over time");
            rep_skip(h, "no point JSON files in the sweep directory");
        }
        series_fig(c, "power", "", "power_w", "Power over time", "W", pd, pl, np, "the point JSON files",
                   "no series power_w in these results (no power model output)");
        for (size_t i = 0; i < np; i++)
            free(pln[i]);
        free(pln);
        free(pl);
        free(pd);
    }
}

static int build_sweep(rep_ctx_t *c, const char *summary_path, cs_error_t *err)
{
    sweep_data_t sw;
    memset(&sw, 0, sizeof sw);
    int rc = sweep_load_summary(&sw, summary_path, err);
    if (rc == 0)
        rc = sweep_find_baseline(&sw, c->o->baseline, summary_path, err);
    if (rc == 0)
        rc = sweep_load_points(c, &sw, err);
    if (rc == 0) {
        sweep_fig_ipc_vs_ctas(c, &sw);
        sweep_figs_cycles_l1(c, &sw);
        sweep_fig_speedup(c, &sw);
        sweep_fig_stalls(c, &sw);
        sweep_figs_per_sm(c, &sw);
        sweep_figs_over_time(c, &sw);
    }
    sweep_free(&sw);
    return rc;
}

/* --- the input ----------------------------------------------------------------------- */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int build_run_file(rep_ctx_t *c, const char *path, const char *label, const char *prefix, cs_error_t *err)
{
    jv_t doc;
    if (json_load(path, &doc, err) < 0)
        return -1;
    if (check_run(&doc, path, err) < 0) {
        json_free(&doc);
        return -1;
    }
    run_figs(c, prefix, &doc, label, label);
    json_free(&doc);
    return 0;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

int report_build(const report_opts_t *o, report_t *r, cs_error_t *err)
{
    memset(r, 0, sizeof *r);
    if (o->figures && report_check_figures(o->figures, err) < 0)
        return -1;
    struct stat st;
    if (stat(o->input, &st) != 0)
        return cs_err(err, o->input, 0, "cannot open: %s", strerror(errno));
    rep_ctx_t c = {.o = o, .r = r, .dir = o->input};
    char *summary_probe = rep_join(o->input, "summary.csv");
    bool is_sweep = S_ISDIR(st.st_mode) && rep_file_exists(summary_probe);
    free(summary_probe);
    if (o->baseline && !is_sweep)
        return cs_err(err, o->input, 0, "--baseline applies to sweeps (an experiment normalises to its paper's "
                                        "baseline; a run has none)");
    if (!S_ISDIR(st.st_mode)) {
        c.dir = "";
        r->title = rep_fmt("ctasim report: run %s", base_name(o->input));
        r->what = rep_fmt("One run: %s.", o->input);
        if (build_run_file(&c, o->input, base_name(o->input), "", err) < 0) {
            report_free(r);
            return -1;
        }
        return 0;
    }
    char *summary = rep_join(o->input, "summary.csv");
    if (rep_file_exists(summary)) {
        r->title = rep_fmt("ctasim report: sweep %s", base_name(o->input));
        r->what = rep_fmt("A static-cap sweep: %s (summary.csv, classification.csv, one JSON per point).", o->input);
        int rc = build_sweep(&c, summary, err);
        free(summary);
        if (rc < 0)
            report_free(r);
        return rc;
    }
    free(summary);
    r->title = rep_fmt("ctasim report: experiments in %s", base_name(o->input));
    r->what = rep_fmt("Experiment tables written by `ctasim experiment` into %s.", o->input);
    int found = build_experiments(&c, err);
    if (found < 0) {
        report_free(r);
        return -1;
    }
    if (found)
        return 0;
    /* a directory of run JSON files */
    DIR *d = opendir(o->input);
    if (!d) {
        int e = errno;
        report_free(r);
        return cs_err(err, o->input, 0, "cannot open: %s", strerror(e));
    }
    char **files = NULL;
    size_t nf = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l > 5 && !strcmp(de->d_name + l - 5, ".json")) {
            files = cs_xrealloc(files, (nf + 1) * sizeof *files);
            files[nf++] = rep_fmt("%s", de->d_name);
        }
    }
    closedir(d);
    if (nf)
        qsort(files, nf, sizeof *files, cmp_str);
    int rc = 0;
    if (!nf) {
        if (o->experiment)
            rc = cs_err(err, o->input, 0, "no results to report: no %s.csv (run `ctasim experiment %s` first)",
                        o->experiment, o->experiment);
        else
            rc = cs_err(err, o->input, 0, "no results to report: no sweep summary.csv, no experiment table "
                                          "(lee-fig4.csv, ...), no run JSON");
    } else {
        free(r->title);
        free(r->what);
        r->title = rep_fmt("ctasim report: runs in %s", base_name(o->input));
        r->what = rep_fmt("%zu run JSON files in %s.", nf, o->input);
    }
    for (size_t i = 0; i < nf && !rc; i++) {
        char *path = rep_join(o->input, files[i]), *stem = rep_fmt("%.*s", (int)(strlen(files[i]) - 5), files[i]);
        rc = build_run_file(&c, path, files[i], stem, err);
        free(path);
        free(stem);
    }
    for (size_t i = 0; i < nf; i++)
        free(files[i]);
    free(files);
    if (rc < 0)
        report_free(r);
    return rc;
}

void report_free(report_t *r)
{
    free(r->warnings);
    for (size_t i = 0; i < r->n; i++) {
        report_fig_t *f = &r->figs[i];
        free(f->id);
        free(f->title);
        free(f->svg);
        free(f->note);
        free(f->paper);
        free(f->ours);
        free(f->source);
        free(f->table);
    }
    free(r->figs);
    free(r->title);
    free(r->what);
    memset(r, 0, sizeof *r);
}

/* --- HTML ----------------------------------------------------------------------------- */

static const char css[] =
    "body{font-family:sans-serif;margin:24px;color:#222;max-width:1400px}"
    "h1{font-size:22px}h2{font-size:17px;margin:0 0 8px}"
    "section{border-top:1px solid #ccc;padding:14px 0;display:flex;flex-wrap:wrap;gap:18px}"
    "section .fig{flex:0 0 auto}section .side{flex:1 1 360px;min-width:300px}"
    ".paper{background:#f3f3f8;padding:6px 8px;border-left:3px solid #557}"
    ".ours{background:#f3f8f3;padding:6px 8px;border-left:3px solid #575}"
    ".skipped{color:#844}pre.skipped{white-space:pre-wrap;overflow-wrap:anywhere}"
    "table{border-collapse:collapse;font-size:12px}"
    "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eee}"
    "details{margin-top:8px;max-height:420px;overflow:auto}code{font-size:12px}";

void report_html(const report_t *r, const char *fig_dir_rel, sbuf_t *b)
{
    sb_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    sb_escape(b, r->title);
    sb_printf(b, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", css);
    sb_escape(b, r->title);
    sb_puts(b, "</h1>\n<p>");
    sb_escape(b, r->what);
    sb_puts(b, "</p>\n<ul>\n");
    for (size_t i = 0; i < r->n; i++) {
        const report_fig_t *f = &r->figs[i];
        sb_printf(b, "<li><a href=\"#%s\">", f->id);
        sb_escape(b, f->title);
        sb_puts(b, "</a>");
        if (!f->svg)
            sb_puts(b, " <span class=\"skipped\">(not drawn)</span>");
        sb_puts(b, "</li>\n");
    }
    sb_puts(b, "</ul>\n");
    if (r->warnings) { /* before the figures: they qualify what the figures say */
        sb_puts(b, "<section id=\"warnings\">\n<div class=\"side\">\n<h2>Warnings the experiments printed</h2>\n"
                   "<pre class=\"skipped\">");
        sb_escape(b, r->warnings);
        sb_puts(b, "</pre>\n</div>\n</section>\n");
    }
    for (size_t i = 0; i < r->n; i++) {
        const report_fig_t *f = &r->figs[i];
        sb_printf(b, "<section id=\"%s\">\n", f->id);
        if (f->svg) {
            sb_puts(b, "<div class=\"fig\">\n");
            /* inline SVG needs no namespace declaration in HTML: drop it so the
             * page holds no URL at all */
            const char *xmlns = " xmlns=\"http://www.w3.org/2000/svg\"", *p = strstr(f->svg, xmlns);
            if (p) {
                sb_putn(b, f->svg, (size_t)(p - f->svg));
                sb_puts(b, p + strlen(xmlns));
            } else {
                sb_puts(b, f->svg);
            }
            sb_puts(b, "</div>\n");
        }
        sb_puts(b, "<div class=\"side\">\n<h2>");
        sb_escape(b, f->title);
        sb_puts(b, "</h2>\n");
        if (!f->svg) {
            sb_puts(b, "<p class=\"skipped\">Not drawn: ");
            sb_escape(b, f->note ? f->note : "no data");
            sb_puts(b, "</p>\n");
        }
        if (f->paper && *f->paper) {
            sb_puts(b, "<p class=\"paper\"><b>Paper:</b> ");
            sb_escape(b, f->paper);
            sb_puts(b, "</p>\n");
        }
        if (f->ours && *f->ours) {
            sb_puts(b, "<p class=\"ours\"><b>Ours:</b> ");
            sb_escape(b, f->ours);
            sb_puts(b, "</p>\n");
        }
        if (f->svg && f->note) {
            sb_puts(b, "<p>");
            sb_escape(b, f->note);
            sb_puts(b, "</p>\n");
        }
        sb_puts(b, "<p>Data: <code>");
        sb_escape(b, f->source);
        sb_puts(b, "</code>");
        if (f->svg) {
            sb_puts(b, "; figure: <code>");
            sb_escape(b, fig_dir_rel);
            sb_printf(b, "/%s.svg</code>", f->id);
        }
        sb_puts(b, "</p>\n");
        if (f->table) {
            sb_puts(b, "<details><summary>Table</summary>\n");
            sb_puts(b, f->table);
            sb_puts(b, "</details>\n");
        }
        sb_puts(b, "</div>\n</section>\n");
    }
    sb_puts(b, "<p><small>Written by <code>ctasim report</code>; self-contained: no scripts, fonts or links "
               "outside this file.</small></p>\n</body>\n</html>\n");
}

/* --- writing ---------------------------------------------------------------------------- */

/* A temporary file beside PATH, opened for writing: PATH.tmp.<pid>. */
static FILE *open_temp(const char *path, char **tmp, cs_error_t *err)
{
    *tmp = rep_fmt("%s.tmp.%ld", path, (long)getpid());
    temp_track(*tmp, false); /* removed on Ctrl-C */
    FILE *f = fopen(*tmp, "wb");
    if (!f) {
        int e = errno;
        temp_forget(*tmp);
        free(*tmp);
        *tmp = NULL;
        cs_err(err, path, 0, "cannot write: %s", strerror(e));
    }
    return f;
}

/* Write DATA to the open temporary F and rename it to PATH; F is closed and
 * the temporary removed on any failure. */
static int finish_temp(FILE *f, char *tmp, const char *path, const char *data, size_t len, cs_error_t *err)
{
    errno = 0;
    bool ok = fwrite(data, 1, len, f) == len;
    int e = errno;
    if (fflush(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok)
        unlink(tmp);
    temp_forget(tmp);
    free(tmp);
    return ok ? 0 : cs_err(err, path, 0, "cannot write: %s", strerror(e ? e : EIO));
}

int report_write_atomic(const char *path, const char *data, size_t len, cs_error_t *err)
{
    char *tmp;
    FILE *f = open_temp(path, &tmp, err);
    return f ? finish_temp(f, tmp, path, data, len, err) : -1;
}

static int make_dirs(const char *path, cs_error_t *err)
{
    char *buf = rep_fmt("%s", path);
    for (char *p = buf + 1;; p++) {
        bool last = !*p;
        if (*p == '/' || last) {
            char save = *p;
            *p = '\0';
            struct stat st;
            if (mkdir(buf, 0777) != 0 && !(errno == EEXIST && stat(buf, &st) == 0 && S_ISDIR(st.st_mode))) {
                int e = errno;
                int rc = cs_err(err, path, 0, "cannot create the figures directory: %s",
                                e == EEXIST ? "not a directory" : strerror(e));
                free(buf);
                return rc;
            }
            *p = save;
        }
        if (last)
            break;
    }
    free(buf);
    return 0;
}

/* FIG_DIR as the page links it: relative to the page's directory when it
 * lies under it, else as given. */
static char *relative_dir(const char *html_path, const char *fig_dir)
{
    const char *slash = strrchr(html_path, '/');
    size_t dl = slash ? (size_t)(slash - html_path) : 0;
    if (dl && !strncmp(fig_dir, html_path, dl) && fig_dir[dl] == '/')
        return rep_fmt("%s", fig_dir + dl + 1);
    return rep_fmt("%s", fig_dir);
}

int report_write(const report_t *r, const char *html_path, const char *fig_dir, cs_error_t *err)
{
    /* the page's temporary first: an unwritable page fails before any SVG */
    char *tmp;
    FILE *hf = open_temp(html_path, &tmp, err);
    if (!hf)
        return -1;
    bool any = false;
    for (size_t i = 0; i < r->n; i++)
        any |= r->figs[i].svg != NULL;
    int rc = any ? make_dirs(fig_dir, err) : 0;
    for (size_t i = 0; i < r->n && rc == 0; i++) {
        const report_fig_t *f = &r->figs[i];
        if (!f->svg)
            continue;
        sbuf_t doc;
        sb_init(&doc);
        sb_puts(&doc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb_puts(&doc, f->svg);
        char *path = rep_fmt("%s/%s.svg", fig_dir, f->id);
        rc = report_write_atomic(path, doc.s, doc.n, err);
        free(path);
        sb_free(&doc);
    }
    if (rc < 0) {
        fclose(hf);
        unlink(tmp);
        temp_forget(tmp);
        free(tmp);
        return -1;
    }
    char *rel = relative_dir(html_path, fig_dir);
    sbuf_t html;
    sb_init(&html);
    report_html(r, rel, &html);
    free(rel);
    rc = finish_temp(hf, tmp, html_path, html.s, html.n, err);
    sb_free(&html);
    return rc;
}
