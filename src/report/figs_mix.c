/* figs_mix.c — the report's figures of the concurrent-kernel experiments
 * (src/cli/exp_mix.c writes their tables):
 *
 *   lee-fig18  speedup: mCKE over CKE per mix, LCS's counts and Table 3's,
 *              with the geometric mean (Lee et al. Fig. 18); stp: STP per mix
 *   li-fig5    speedup: each policy's throughput over cke per pair, with the
 *              mean over the paper's 25 pairs (Li & Liang Figs. 5, 7, 8);
 *              stp: STP per pair and policy
 *   li-fig2    design-space: (a) throughput over cke and the L1 hit rate
 *              at each TLP point, (b) over cache-all at each bypass point
 *   li-fig6    perf-per-watt: instructions per joule over cke per pair
 *   li-fig8    speedup: each policy's throughput over cke per Table 3 mix
 *   li-fig2, li-fig6 without those columns (a table of another version):
 *              table-bars, every numeric column per row; none is required
 *
 * As in figs_energy.c every figure checks its columns and is left undrawn
 * with the reason when one is missing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/figs.h"
#include "report/headline.h"

#define MAX_SERIES 16

/* The width a bar chart of NCAT categories of NS bars needs: wide tables
 * (Li & Liang's 28 pairs x 5 policies) get room for each bar and for each
 * slanted label, up to 2000 pixels. */
static double chart_width_for(size_t ncat, size_t ns)
{
    double per = (double)(ns + 1) * 7 < 24 ? 24 : (double)(ns + 1) * 7, w = 120 + (double)ncat * per;
    return w > 2000 ? 2000 : w;
}

/* Grouped bars of the columns COLS (named NAMES) per row, each row named by
 * column LABEL, then one category MEAN_NAME: the geometric (GEO) or
 * arithmetic mean over the rows whose column ONLY is 1 (every row when ONLY
 * is NULL or the table lacks it). MEANS[k]: series k's mean, *NMEAN the rows
 * it is over. False (F skipped) on a missing column. */
static bool row_bars(report_fig_t *f, const csv_t *t, const char *source, const char *label,
                     const char *const *cols, const char *const *names, size_t ns, chart_t *ch,
                     const char *mean_name, bool geo, const char *only, double *means, size_t *nmean)
{
    int idx[MAX_SERIES], lab, on = only ? csv_col(t, only) : -1;
    if (!rep_need_columns(f, t, source, &label, 1, &lab) || !rep_need_columns(f, t, source, cols, ns, idx))
        return false;
    size_t ncat = t->rows + 1, n = 0;
    const char **cats = cs_xcalloc(ncat, sizeof *cats);
    double *v = cs_xcalloc(ncat * ns, sizeof *v), *sel = cs_xcalloc(t->rows * ns, sizeof *sel);
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = csv_cell(t, r, lab);
        for (size_t k = 0; k < ns; k++)
            v[r * ns + k] = csv_num(t, r, idx[k]);
        if (on < 0 || csv_num(t, r, on) == 1) {
            memcpy(sel + n * ns, v + r * ns, ns * sizeof *v);
            n++;
        }
    }
    cats[t->rows] = mean_name;
    for (size_t k = 0; k < ns; k++)
        means[k] = v[t->rows * ns + k] = geo ? rep_geomean(sel + k, n, ns) : rep_amean(sel + k, n, ns);
    *nmean = n;
    double need = chart_width_for(ncat, ns);
    if (ch->width <= 0 && need > 640)
        ch->width = need;
    f->svg = rep_draw_bars(ch, cats, ncat, names, ns, v, false);
    free(cats);
    free(v);
    free(sel);
    return true;
}

/* The column names of T that start with PREFIX, and what follows it. */
static size_t prefixed(const csv_t *t, const char *prefix, const char **cols, const char **names, size_t max)
{
    size_t n = 0, l = strlen(prefix);
    for (size_t i = 0; i < t->cols && n < max; i++) {
        const char *h = csv_header(t, i);
        if (!strncmp(h, prefix, l) && h[l]) {
            cols[n] = h;
            names[n++] = h + l;
        }
    }
    return n;
}

/* Grouped bars of every column starting with PREFIX (the series, named by
 * what follows it), per row named by column LABEL, with the arithmetic mean
 * as category MEAN_NAME over the rows ONLY picks (see row_bars); F gets the
 * table and, as "ours", "LEAD over N UNIT: s1 v1, s2 v2." with each mean
 * printed by VFMT. False (F skipped, saying which PREFIX<KIND> columns it
 * lacks) when T has none or lacks a column. */
static bool prefixed_mean_bars(report_fig_t *f, const csv_t *t, const char *source, const char *prefix,
                               const char *kind, const char *label, chart_t *ch, const char *mean_name,
                               const char *only, const char *lead, const char *unit, const char *vfmt)
{
    const char *cols[MAX_SERIES], *names[MAX_SERIES];
    size_t ns = prefixed(t, prefix, cols, names, MAX_SERIES);
    if (!ns) {
        char *why = rep_fmt("%s has no %s<%s> columns", source, prefix, kind);
        rep_skip(f, why);
        free(why);
        return false;
    }
    double m[MAX_SERIES];
    size_t n;
    if (!row_bars(f, t, source, label, cols, names, ns, ch, mean_name, false, only, m, &n))
        return false;
    f->table = rep_table_csv(t);
    sbuf_t o;
    sb_init(&o);
    sb_printf(&o, "%s over %zu %s:", lead, n, unit);
    for (size_t k = 0; k < ns; k++) {
        sb_printf(&o, "%s %s ", k ? "," : "", names[k]);
        sb_printf(&o, vfmt, m[k]);
    }
    sb_puts(&o, ".");
    f->ours = o.s;
    return true;
}

void rep_lee_fig18(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "speedup", exp, source,
                                  "mCKE over CKE per mix (Lee et al. Fig. 18)");
    if (f) {
        static const char *const cols[] = {"speedup_lcs", "speedup_table3"};
        static const char *const names[] = {"LCS's counts", "Table 3's counts"};
        chart_t ch = {.title = f->title, .xlabel = "mix (Table 3)", .ylabel = "throughput of mCKE / of CKE",
                      .have_ref = true, .ref_y = 1};
        double m[2];
        size_t n;
        if (row_bars(f, t, source, "mix", cols, names, 2, &ch, "GM", true, NULL, m, &n)) {
            int mx = csv_col(t, "mix"), sl = csv_col(t, "speedup_lcs"), st = csv_col(t, "speedup_table3");
            size_t best = 0;
            double madd = NAN;
            for (size_t r = 0; r < t->rows; r++) {
                double b = fmax(csv_num(t, r, sl), csv_num(t, r, st));
                if (b > fmax(csv_num(t, best, sl), csv_num(t, best, st)))
                    best = r;
                if (!strcmp(csv_cell(t, r, mx), "CP-MADD"))
                    madd = csv_num(t, r, st);
            }
            f->table = rep_table_csv(t);
            f->paper = rep_fmt("%s", paper_headline_text(exp));
            sbuf_t o;
            sb_init(&o);
            sb_printf(&o, "mCKE over CKE, geometric mean over %zu mixes: %+.1f%% with LCS's counts, %+.1f%% with Table "
                          "3's; best %+.1f%% (%s)",
                      n, rep_pct(m[0] - 1), rep_pct(m[1] - 1),
                      rep_pct(fmax(csv_num(t, best, sl), csv_num(t, best, st)) - 1), csv_cell(t, best, mx));
            if (isfinite(madd))
                sb_printf(&o, "; CP-MADD %+.1f%% (Table 3's counts)", rep_pct(madd - 1));
            sb_puts(&o, ".");
            f->ours = o.s;
        }
    }
    f = rep_add_fig(c, "stp", exp, source, "System throughput (STP) per mix (Lee et al. Fig. 18, Table 3)");
    if (f) {
        chart_t ch = {.title = f->title, .xlabel = "mix (Table 3)",
                      .ylabel = "STP (sum of alone / shared turnaround)", .have_ref = true, .ref_y = 1};
        if (prefixed_mean_bars(f, t, source, "stp_", "series", "mix", &ch, "mean", NULL, "mean STP", "mixes",
                               "%.3f"))
            f->paper = rep_fmt("the paper reports mCKE's speedup over CKE (Fig. 18); STP, against each workload "
                               "alone, is ours.");
    }
}

/* li-fig8: each policy's throughput over cke per Table 3 mix (norm_*), the
 * mean beside the paper's. */
void rep_li_fig8(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "speedup", exp, source,
                                  "Throughput over default concurrency on Lee et al.'s mixes (Li & Liang Fig. 8)");
    if (!f)
        return;
    chart_t ch = {.title = f->title, .xlabel = "mix (Lee et al. Table 3)", .ylabel = "throughput / throughput of cke",
                  .have_ref = true, .ref_y = 1};
    if (prefixed_mean_bars(f, t, source, "norm_", "series", "mix", &ch, "AVG", NULL, "mean", "mixes", "%.2fx"))
        f->paper = rep_fmt("%s", paper_headline_text(exp));
}

void rep_li_fig5(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "speedup", exp, source,
                                  "Throughput over default concurrency per pair (Li & Liang Figs. 5, 7, 8)");
    bool paper25 = csv_col(t, "in_paper_25") >= 0;
    const char *mean_name = paper25 ? "AVG (paper's 25)" : "AVG";
    if (f) {
        const char *all[MAX_SERIES], *alln[MAX_SERIES], *cols[MAX_SERIES], *names[MAX_SERIES];
        size_t na = prefixed(t, "norm_", all, alln, MAX_SERIES), ns = 0;
        for (size_t k = 0; k < na; k++)
            if (strcmp(alln[k], "cke")) { /* the baseline itself: 1 everywhere */
                cols[ns] = all[k];
                names[ns++] = alln[k];
            }
        if (!ns) {
            char *why = rep_fmt("%s has no norm_<policy> columns", source);
            rep_skip(f, why);
            free(why);
        } else {
            chart_t ch = {.title = f->title, .xlabel = "pair (the paper's kernel names)",
                          .ylabel = "throughput / throughput of cke", .have_ref = true, .ref_y = 1};
            double m[MAX_SERIES];
            size_t n;
            const char *label = csv_col(t, "paper_pair") >= 0 ? "paper_pair" : "pair";
            if (row_bars(f, t, source, label, cols, names, ns, &ch, mean_name, false, "in_paper_25", m, &n)) {
                f->table = rep_table_csv(t);
                f->paper = rep_fmt("%s", paper_headline_text(exp));
                sbuf_t o;
                sb_init(&o);
                sb_printf(&o, "over cke, arithmetic mean over %zu pairs%s:", n,
                          paper25 ? " (the paper's 25: not both of BKP, HST, SRD)" : "");
                for (size_t k = 0; k < ns; k++)
                    sb_printf(&o, "%s %s %.2fx", k ? "," : "", names[k], m[k]);
                static const char *const stall[] = {"mem_stall_tlpmod+bypass_vs_cke",
                                                    "struct_stall_tlpmod+bypass_vs_cke"};
                double d[2];
                size_t nd[2] = {0, 0};
                int on = csv_col(t, "in_paper_25");
                for (int s = 0; s < 2; s++) {
                    int col = csv_col(t, stall[s]);
                    d[s] = 0;
                    for (size_t r = 0; col >= 0 && r < t->rows; r++)
                        if ((on < 0 || csv_num(t, r, on) == 1) && isfinite(csv_num(t, r, col))) {
                            d[s] += csv_num(t, r, col);
                            nd[s]++;
                        }
                }
                if (nd[0] && nd[1])
                    sb_printf(&o, "; tlpmod+bypass against cke: memory stall %+.1f%%, structural stall %+.1f%%",
                              rep_pct(d[0] / (double)nd[0]), rep_pct(d[1] / (double)nd[1]));
                sb_puts(&o, ".");
                f->ours = o.s;
            }
        }
    }
    f = rep_add_fig(c, "stp", exp, source, "System throughput (STP) per pair and policy (Li & Liang)");
    if (f) {
        chart_t ch = {.title = f->title, .xlabel = "pair (the paper's kernel names)",
                      .ylabel = "STP (sum of alone / shared turnaround)", .have_ref = true, .ref_y = 1};
        const char *label = csv_col(t, "paper_pair") >= 0 ? "paper_pair" : "pair";
        if (prefixed_mean_bars(f, t, source, "stp_", "policy", label, &ch, mean_name, "in_paper_25", "mean STP",
                               "pairs", "%.3f"))
            f->paper = rep_fmt("the paper reports normalised performance (Fig. 5); STP, against each kernel alone, "
                               "is ours.");
    }
}

/* A column worth a series: a number in at least one row, and not only 0s
 * and 1s (a flag such as in_paper_25; a baseline's column of 1s goes too,
 * it says nothing). */
static bool numeric_column(const csv_t *t, size_t col)
{
    size_t n = 0, flags = 0;
    for (size_t r = 0; r < t->rows; r++) {
        double v = csv_num(t, r, (int)col);
        if (isfinite(v)) {
            n++;
            flags += v == 0 || v == 1;
        }
    }
    return n > 0 && flags < n;
}

void rep_li_columns(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    char *title = rep_fmt("%s: every numeric column per row (%s)", exp,
                          !strcmp(exp, "li-fig2") ? "Li & Liang Fig. 2, the TLP and bypass design space"
                          : !strcmp(exp, "li-fig6") ? "Li & Liang Fig. 6, energy efficiency"
                                                    : "no figure of its own yet");
    report_fig_t *f = rep_add_fig(c, "table-bars", exp, source, title);
    free(title);
    if (!f)
        return;
    /* the row label: the first column that is not numeric */
    int lab = -1;
    for (size_t k = 0; k < t->cols && lab < 0; k++) {
        bool text = false;
        for (size_t r = 0; r < t->rows && !text; r++)
            text = *csv_cell(t, r, (int)k) && !isfinite(csv_num(t, r, (int)k));
        if (text)
            lab = (int)k;
    }
    const char *cols[MAX_SERIES];
    size_t ns = 0, more = 0;
    for (size_t k = 0; k < t->cols; k++)
        if ((int)k != lab && numeric_column(t, k)) {
            if (ns < MAX_SERIES)
                cols[ns++] = csv_header(t, k);
            else
                more++;
        }
    if (!ns) {
        char *why = rep_fmt("%s has no numeric column to draw", source);
        rep_skip(f, why);
        free(why);
        return;
    }
    size_t ncat = t->rows;
    char **cats = cs_xcalloc(ncat, sizeof *cats);
    double *v = cs_xcalloc(ncat * ns, sizeof *v);
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = lab >= 0 ? rep_fmt("%s", csv_cell(t, r, lab)) : rep_fmt("row %zu", r + 1);
        for (size_t k = 0; k < ns; k++)
            v[r * ns + k] = csv_num(t, r, csv_col(t, cols[k]));
    }
    chart_t ch = {.title = f->title, .xlabel = lab >= 0 ? csv_header(t, (size_t)lab) : "row", .ylabel = "value"};
    double need = chart_width_for(ncat, ns);
    if (need > 640)
        ch.width = need;
    f->svg = rep_draw_bars(&ch, (const char *const *)cats, ncat, cols, ns, v, false);
    f->table = rep_table_csv(t);
    const char *h = paper_headline_text(exp);
    f->paper = *h ? rep_fmt("%s", h) : NULL;
    sbuf_t o;
    sb_init(&o);
    sb_printf(&o, "%zu rows; mean per column:", t->rows);
    for (size_t k = 0; k < ns; k++)
        sb_printf(&o, "%s %s %.3g", k ? "," : "", cols[k], rep_amean(v + k, ncat, ns));
    if (more)
        sb_printf(&o, " (%zu more numeric columns in the table, not drawn)", more);
    sb_puts(&o, ".");
    f->ours = o.s;
    f->note = rep_fmt("Drawn from whatever columns %s has (no figure of the paper's shape for it yet).", source);
    for (size_t r = 0; r < ncat; r++)
        free(cats[r]);
    free(cats);
    free(v);
}

/* --- li-fig2 and li-fig6: their own figures when the table has the columns
 * exp_mix.c writes; otherwise every numeric column (rep_li_columns) ----------- */

static bool has_columns(const csv_t *t, const char *const *cols, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (csv_col(t, cols[k]) < 0)
            return false;
    return true;
}

/* Li & Liang Fig. 2: (a) throughput over cke at each TLP point {Tb_BKP;
 * Tb_KMS} and under tlpmod (+bypass), the L1 hit rate beside it; (b) at the
 * best TLP point, throughput over cache-all at each bypass point {By_BKP;
 * By_KMS}. */
void rep_li_fig2(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    static const char *const need[] = {"part", "point", "norm_cke", "norm_cache_all", "l1_hit_rate"};
    if (!has_columns(t, need, 5)) {
        rep_li_columns(c, exp, t, source);
        return;
    }
    int idx[5];
    for (size_t k = 0; k < 5; k++)
        idx[k] = csv_col(t, need[k]);
    for (int part = 0; part < 2; part++) {
        report_fig_t *f = rep_add_fig(c, "design-space", part ? "li-fig2-b" : "li-fig2-a", source,
                                      part ? "{BKP, KMS}: bypass points at the best TLP point (Li & Liang Fig. 2b)"
                                           : "{BKP, KMS}: the TLP design space (Li & Liang Fig. 2a)");
        if (!f)
            continue;
        const char *want = part ? "b" : "a";
        size_t n = 0, best = 0;
        const char **cats = cs_xcalloc(t->rows, sizeof *cats);
        double *v = cs_xcalloc(t->rows * 2, sizeof *v);
        double cke_hit = NAN;
        for (size_t r = 0; r < t->rows; r++) {
            if (strcmp(csv_cell(t, r, idx[0]), want))
                continue;
            cats[n] = csv_cell(t, r, idx[1]);
            v[n * 2] = csv_num(t, r, idx[part ? 3 : 2]);
            v[n * 2 + 1] = csv_num(t, r, idx[4]);
            if (!strcmp(cats[n], "cke"))
                cke_hit = v[n * 2 + 1];
            /* the best of the design points themselves ({x;y}), not cke or tlpmod */
            if (cats[n][0] == '{' && (cats[best][0] != '{' || v[n * 2] > v[best * 2]))
                best = n;
            n++;
        }
        if (!n) {
            char *why = rep_fmt("%s has no rows of part %s", source, want);
            rep_skip(f, why);
            free(why);
        } else {
            const char *names[2] = {part ? "throughput / cache-all" : "throughput / cke", "L1 hit rate"};
            chart_t ch = {.title = f->title,
                          .xlabel = part ? "{By_BKP;By_KMS}: CTAs per core that bypass L1" : "{Tb_BKP;Tb_KMS}: CTAs per core",
                          .ylabel = "ratio / hit rate", .have_ref = true, .ref_y = 1};
            f->svg = rep_draw_bars(&ch, cats, n, names, 2, v, false);
            f->table = rep_table_bars("point", cats, n, names, 2, v);
            f->paper = rep_fmt("%s", paper_headline_text(exp));
            if (part)
                f->ours = rep_fmt("best bypass point %s: %+.1f%% over cache-all (L1 hit rate %.1f%%).", cats[best],
                                  rep_pct(v[best * 2] - 1), rep_pct(v[best * 2 + 1]));
            else
                f->ours = rep_fmt("best TLP point %s: %.2fx over default concurrency; L1 hit rate %.1f%% there, %.1f%% "
                                  "under cke.",
                                  cats[best], v[best * 2], rep_pct(v[best * 2 + 1]), rep_pct(cke_hit));
        }
        free(cats);
        free(v);
    }
}

/* Li & Liang Fig. 6: instructions per joule over cke per pair. */
void rep_li_fig6(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    const char *cols[MAX_SERIES], *names[MAX_SERIES];
    size_t ns = prefixed(t, "norm_ipj_", cols, names, MAX_SERIES);
    if (!ns || csv_col(t, "paper_pair") < 0) {
        rep_li_columns(c, exp, t, source);
        return;
    }
    report_fig_t *f = rep_add_fig(c, "perf-per-watt", exp, source,
                                  "Energy efficiency over default concurrency per pair (Li & Liang Fig. 6)");
    if (!f)
        return;
    chart_t ch = {.title = f->title, .xlabel = "pair (the paper's kernel names)",
                  .ylabel = "instructions per joule / of cke", .have_ref = true, .ref_y = 1};
    double m[MAX_SERIES];
    size_t n;
    if (!row_bars(f, t, source, "paper_pair", cols, names, ns, &ch, "AVG", false, NULL, m, &n))
        return;
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    sbuf_t o;
    sb_init(&o);
    sb_printf(&o, "instructions per joule over cke, arithmetic mean over %zu pairs:", n);
    for (size_t k = 0; k < ns; k++) {
        char *pc = rep_fmt("norm_perf_%s", names[k]);
        int pcol = csv_col(t, pc);
        free(pc);
        double p = 0;
        size_t np = 0;
        for (size_t r = 0; pcol >= 0 && r < t->rows; r++)
            if (isfinite(csv_num(t, r, pcol))) {
                p += csv_num(t, r, pcol);
                np++;
            }
        sb_printf(&o, "%s %s %.2fx", k ? "," : "", names[k], m[k]);
        if (np)
            sb_printf(&o, " (performance %.2fx)", p / (double)np);
    }
    sb_puts(&o, ".");
    f->ours = o.s;
}
