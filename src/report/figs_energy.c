/* figs_energy.c — the report's figures of the energy and core-gating
 * experiments (src/cli/exp_energy.c writes their tables), each in the shape
 * of the paper's figure it reproduces:
 *
 *   song-fig2         power-split: static and dynamic power stacked per workload
 *   song-fig3         perf-vs-cores, latency-vs-cores: one line per workload
 *   song-fig6         speedup, energy: TCS and hTCS per workload, class means
 *   song-fig7         active-cores: TCS's cores beside the static EDP optimum
 *   song-fig8         sm-ipc-heatmap: per-core IPC over time, one per variant
 *   song-fig9         cores-per-launch: TCS's active cores per kernel launch
 *   kayiran-fig12-13  power-norm, perf-per-watt, speedup of DYNCTA / DYNCORE
 *   kayiran-fig14a    vs-cores-off: speed, power, efficiency against k cores off
 *   lee-fig14         energy: LCS's energy saving per workload
 *
 * Every figure checks the columns it reads and is left undrawn with the
 * reason when one is missing; the "Ours" line is computed from the table in
 * the terms of the paper's headline (arithmetic means per workload class, as
 * Song et al. and Kayiran et al. average). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/figs.h"
#include "report/headline.h"

#define MAX_SERIES 8

/* Grouped (STACKED: stacked) bars of the columns COLS per workload, then
 * mean categories: "mem avg" and "com avg" (arithmetic, over the rows of
 * each class, column "type"), or one "mean" when the table has no type.
 * MEANS[0][k]: memory-bound (or all), MEANS[1][k]: compute-bound; NaN when
 * no row is of the class. False (F skipped) on a missing column. */
static bool class_bars(report_fig_t *f, const csv_t *t, const char *source, const char *const *cols,
                       const char *const *names, size_t ns, const chart_t *ch, bool stacked, double scale,
                       double means[2][MAX_SERIES], unsigned count[2])
{
    int idx[MAX_SERIES], wl = csv_col(t, "workload"), ty = csv_col(t, "type");
    if (!rep_need_columns(f, t, source, cols, ns, idx) || !rep_need_columns(f, t, source, (const char *[]){"workload"}, 1, &wl))
        return false;
    double sum[2][MAX_SERIES] = {{0}};
    count[0] = count[1] = 0;
    for (size_t r = 0; r < t->rows; r++) {
        int cls = ty >= 0 && !strcmp(csv_cell(t, r, ty), "com");
        count[cls]++;
        for (size_t k = 0; k < ns; k++) {
            double x = csv_num(t, r, idx[k]) * scale;
            sum[cls][k] += isfinite(x) ? x : 0;
        }
    }
    for (int m = 0; m < 2; m++)
        for (size_t k = 0; k < ns; k++)
            means[m][k] = count[m] ? sum[m][k] / count[m] : NAN;
    size_t ncat = t->rows + (ty >= 0 ? (count[0] > 0) + (count[1] > 0) : 1);
    const char **cats = cs_xcalloc(ncat, sizeof *cats);
    double *v = cs_xcalloc(ncat * ns, sizeof *v);
    for (size_t r = 0; r < t->rows; r++) {
        cats[r] = csv_cell(t, r, wl);
        for (size_t k = 0; k < ns; k++)
            v[r * ns + k] = csv_num(t, r, idx[k]) * scale;
    }
    size_t i = t->rows;
    for (int m = 0; m < 2; m++) {
        if (!count[m])
            continue;
        cats[i] = ty < 0 ? "mean" : m ? "com avg" : "mem avg";
        for (size_t k = 0; k < ns; k++)
            v[i * ns + k] = means[m][k];
        i++;
    }
    f->svg = rep_draw_bars(ch, cats, ncat, names, ns, v, stacked);
    free(cats);
    free(v);
    return true;
}

/* "memory-bound (3): A +1.0%, B -2.0%; compute-bound (2): ..." of MEANS - 1 in percent. */
static void class_phrase(sbuf_t *o, const char *const *names, size_t ns, double means[2][MAX_SERIES],
                         const unsigned count[2], double minus)
{
    for (int m = 0; m < 2; m++) {
        if (!count[m])
            continue;
        sb_printf(o, "%s%s (%u):", o->n ? "; " : "", m ? "compute-bound" : "memory-bound", count[m]);
        for (size_t k = 0; k < ns; k++)
            sb_printf(o, "%s %s %+.1f%%", k ? "," : "", names[k], rep_pct(means[m][k] - minus));
    }
}

/* --- Song et al., DATE'14 ------------------------------------------------------ */

void rep_song_fig2(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "power-split", exp, source,
                                  "Static and dynamic power per workload (Song et al. Fig. 2)");
    if (!f)
        return;
    static const char *const cols[] = {"static_w", "dynamic_w"};
    static const char *const names[] = {"static", "dynamic"};
    int sh;
    if (!rep_need_columns(f, t, source, (const char *[]){"static_share"}, 1, &sh))
        return;
    chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = "average power (W)"};
    double means[2][MAX_SERIES];
    unsigned count[2];
    if (!class_bars(f, t, source, cols, names, 2, &ch, true, 1, means, count))
        return;
    double sum = 0, top = -1;
    const char *top_wl = "";
    int wl = csv_col(t, "workload");
    size_t n = 0;
    for (size_t r = 0; r < t->rows; r++) {
        double s = csv_num(t, r, sh);
        if (!isfinite(s))
            continue;
        sum += s;
        n++;
        if (s > top) {
            top = s;
            top_wl = csv_cell(t, r, wl);
        }
    }
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    f->ours = n ? rep_fmt("static power %.0f%% of the total on average over %zu workloads, up to %.0f%% (%s).",
                          rep_pct(sum / (double)n), n, rep_pct(top), top_wl)
                : rep_fmt("no workload with a static share.");
}

/* One line per workload of the columns PREFIX<N> against N. */
static void cores_lines(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source, const char *kind,
                        const char *prefix, const char *title, const char *ylabel, bool latency)
{
    report_fig_t *f = rep_add_fig(c, kind, exp, source, title);
    if (!f)
        return;
    int col[64], wl = csv_col(t, "workload"), ty = csv_col(t, "type");
    double cores[64];
    size_t nc = rep_numbered_columns(t, prefix, "", col, cores, 64);
    if (wl < 0 || !nc) {
        char *why = rep_fmt("%s has no workload or %s<cores> columns", source, prefix);
        rep_skip(f, why);
        free(why);
        return;
    }
    chart_series_t *s = cs_xcalloc(t->rows, sizeof *s);
    char **names = cs_xcalloc(t->rows, sizeof *names);
    double *ys = cs_xcalloc(t->rows * nc, sizeof *ys);
    double sum[2] = {0}, top[2] = {0};
    unsigned n[2] = {0};
    for (size_t r = 0; r < t->rows; r++) {
        const char *type = ty >= 0 ? csv_cell(t, r, ty) : "";
        names[r] = *type ? rep_fmt("%s (%s)", csv_cell(t, r, wl), type) : rep_fmt("%s", csv_cell(t, r, wl));
        for (size_t j = 0; j < nc; j++)
            ys[r * nc + j] = csv_num(t, r, col[j]);
        s[r] = (chart_series_t){.name = names[r], .x = cores, .y = ys + r * nc, .n = nc};
        double last = ys[r * nc + nc - 1];
        int cls = !strcmp(type, "com");
        if (isfinite(last)) {
            sum[cls] += last;
            top[cls] = fmax(top[cls], last);
            n[cls]++;
        }
    }
    chart_t ch = {.title = f->title, .xlabel = "active cores", .ylabel = ylabel, .y_zero = true, .have_ref = true,
                  .ref_y = 1, .integer_x = true};
    f->svg = rep_draw_line(&ch, s, t->rows);
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    sbuf_t o;
    sb_init(&o);
    sb_printf(&o, "%s at %.0f cores over one core:", latency ? "memory latency" : "IPC", cores[nc - 1]);
    for (int m = 0; m < 2; m++)
        if (n[m])
            sb_printf(&o, "%s %s %.2fx on average, up to %.2fx (%u workload%s)", m && n[0] ? ";" : "",
                      m ? "compute-bound" : "memory-bound", sum[m] / n[m], top[m], n[m], n[m] == 1 ? "" : "s");
    sb_puts(&o, ".");
    f->ours = o.s;
    for (size_t r = 0; r < t->rows; r++)
        free(names[r]);
    free(names);
    free(s);
    free(ys);
}

void rep_song_fig3(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    cores_lines(c, exp, t, source, "perf-vs-cores", "ipc_norm_c",
                "Performance vs active cores, normalised to one core (Song et al. Fig. 3a,c)", "IPC / IPC on one core",
                false);
    cores_lines(c, exp, t, source, "latency-vs-cores", "latency_norm_c",
                "Memory latency vs active cores, normalised to one core (Song et al. Fig. 3b,d)",
                "latency / latency on one core", true);
}

void rep_song_fig6(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    static const char *const names[] = {"TCS", "hTCS", "static oracle"};
    for (int e = 0; e < 2; e++) {
        report_fig_t *f = rep_add_fig(c, e ? "energy" : "speedup", exp, source,
                                      e ? "TCS and hTCS energy, normalised to all cores (Song et al. Fig. 6b,d)"
                                        : "TCS and hTCS performance, normalised to all cores (Song et al. Fig. 6a,c)");
        if (!f)
            continue;
        /* the static oracle's bar where the table has it (tables before it do not) */
        const char *const cols[3] = {e ? "energy_tcs" : "perf_tcs", e ? "energy_htcs" : "perf_htcs",
                                     e ? "energy_oracle" : "perf_oracle"};
        size_t ns = csv_col(t, cols[2]) >= 0 ? 3 : 2;
        chart_t ch = {.title = f->title, .xlabel = "workload",
                      .ylabel = e ? "energy / energy with all cores" : "IPC / IPC with all cores", .have_ref = true,
                      .ref_y = 1};
        double means[2][MAX_SERIES];
        unsigned count[2];
        if (!class_bars(f, t, source, cols, names, ns, &ch, false, 1, means, count))
            continue;
        f->table = rep_table_csv(t);
        f->paper = rep_fmt("%s", paper_headline_text(exp));
        sbuf_t o;
        sb_init(&o);
        class_phrase(&o, names, ns, means, count, 1);
        sb_printf(&o, " %s against the baseline with every core on (arithmetic means; PCPG on in every series%s).",
                  e ? "energy" : "performance",
                  ns == 3 ? "; static oracle: rr on the active-core count with the least energy at <= 10% slowdown"
                          : "");
        f->ours = o.s;
    }
}

void rep_song_fig7(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "active-cores", exp, source,
                                  "TCS's active cores vs the static EDP-optimal count (Song et al. Fig. 7)");
    if (!f)
        return;
    static const char *const cols[] = {"tcs_cores_mean", "tcs_cores_last", "edp_opt_cores"};
    static const char *const names[] = {"TCS (mean over launches)", "TCS (last launch)", "static EDP optimum"};
    int idx[3], dc, ty = csv_col(t, "type"), ecol[64];
    double ecores[64];
    if (!rep_need_columns(f, t, source, (const char *[]){"diff_pct_of_cores"}, 1, &dc))
        return;
    size_t ne = rep_numbered_columns(t, "edp_norm_c", "", ecol, ecores, 64);
    chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = "active cores"};
    double means[2][MAX_SERIES];
    unsigned count[2];
    if (!rep_need_columns(f, t, source, cols, 3, idx) ||
        !class_bars(f, t, source, cols, names, 3, &ch, false, 1, means, count))
        return;
    double all = ne ? ecores[ne - 1] : NAN, dsum = 0;
    unsigned nmem = 0, ncom = 0, kept = 0;
    for (size_t r = 0; r < t->rows; r++) {
        if (ty >= 0 && !strcmp(csv_cell(t, r, ty), "com")) {
            ncom++;
            kept += csv_num(t, r, idx[0]) == all;
        } else if (isfinite(csv_num(t, r, dc))) {
            dsum += fabs(csv_num(t, r, dc));
            nmem++;
        }
    }
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    sbuf_t o;
    sb_init(&o);
    if (nmem)
        sb_printf(&o, "TCS's cores (mean over launches) differ from the static EDP optimum by %.1f%% of the cores on "
                      "average over %u memory-bound workload%s",
                  dsum / nmem, nmem, nmem == 1 ? "" : "s");
    if (ncom && isfinite(all))
        sb_printf(&o, "%sTCS keeps all %.0f cores on %u of %u compute-bound workloads", nmem ? "; " : "", all, kept,
                  ncom);
    sb_puts(&o, o.n ? " (core counts swept: a subset)." : "no workload to compare.");
    f->ours = o.s;
}

void rep_song_fig8(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    static const struct {
        const char *series, *name, *panel;
    } variants[] = {{"base", "baseline, all cores", "a"},
                    {"tcs", "TCS with throttling", "b"},
                    {"tcs_throttle0", "TCS without throttling", "c"},
                    {"htcs", "hTCS with throttling", "d"}};
    int wl = csv_col(t, "workload"), se = csv_col(t, "series"), cy = csv_col(t, "cycle"), col[256];
    double smn[256];
    size_t nsm = rep_numbered_columns(t, "ipc_sm", "", col, smn, 256);
    /* rows of one (workload, series) are contiguous, in the experiment's order */
    for (size_t r0 = 0; r0 < t->rows;) {
        size_t r1 = r0 + 1;
        while (r1 < t->rows && !strcmp(csv_cell(t, r1, wl), csv_cell(t, r0, wl)) &&
               !strcmp(csv_cell(t, r1, se), csv_cell(t, r0, se)))
            r1++;
        const char *w = csv_cell(t, r0, wl), *s = csv_cell(t, r0, se), *name = s, *panel = "";
        for (size_t i = 0; i < sizeof variants / sizeof *variants; i++)
            if (!strcmp(variants[i].series, s)) {
                name = variants[i].name;
                panel = variants[i].panel;
            }
        char *prefix = rep_fmt("%s-%s", exp, s), *title = rep_fmt("Per-core IPC over time, %s, %s (Song et al. Fig. 8%s)",
                                                                 w, name, panel);
        report_fig_t *f = rep_add_fig(c, "sm-ipc-heatmap", prefix, source, title);
        free(prefix);
        free(title);
        if (f && (wl < 0 || se < 0 || cy < 0 || !nsm)) {
            char *why = rep_fmt("%s has no workload, series, cycle or ipc_sm<i> columns", source);
            rep_skip(f, why);
            free(why);
            return; /* the same reason for every row */
        }
        if (f) {
            enum { HEAT_COLS = 200 };
            size_t npts = r1 - r0, bin = (npts + HEAT_COLS - 1) / HEAT_COLS, nb = (npts + bin - 1) / bin;
            double *v = cs_xcalloc(nsm * nb, sizeof *v), *x = cs_xcalloc(nb, sizeof *x);
            size_t *cnt = cs_xcalloc(nsm * nb, sizeof *cnt);
            char **rows = cs_xcalloc(nsm, sizeof *rows);
            unsigned busy = 0;
            double sum = 0;
            size_t nsum = 0;
            for (size_t m = 0; m < nsm; m++) {
                rows[m] = rep_fmt("core %.0f", smn[m]);
                bool any = false;
                for (size_t p = 0; p < npts; p++) {
                    double y = csv_num(t, r0 + p, col[m]);
                    if (p % bin == 0)
                        x[p / bin] = csv_num(t, r0 + p, cy);
                    if (!isfinite(y))
                        continue;
                    v[m * nb + p / bin] += y;
                    cnt[m * nb + p / bin]++;
                    any |= y > 0;
                    sum += y;
                    nsum++;
                }
                busy += any;
            }
            for (size_t i = 0; i < nsm * nb; i++)
                v[i] = cnt[i] ? v[i] / (double)cnt[i] : NAN;
            chart_t ch = {.title = f->title, .xlabel = "cycle", .ylabel = "core"};
            sbuf_t b;
            sb_init(&b);
            chart_heatmap(&b, &ch, (const char *const *)rows, nsm, x, nb, v, "IPC");
            f->svg = b.s;
            double last = csv_num(t, r1 - 1, cy);
            f->note = rep_fmt("%zu cores x %zu samples%s; darker is a higher IPC, as AerialVision shades it.", nsm,
                              npts, bin > 1 ? ", averaged in columns" : "");
            f->paper = rep_fmt("%s", paper_headline_text(exp));
            f->ours = rep_fmt("%s under %s: %u of %zu cores ever issue; last sample at cycle %.0f; mean per-core IPC "
                              "%.2f.",
                              w, name, busy, nsm, last, nsum ? sum / (double)nsum : 0.0);
            sbuf_t tb;
            sb_init(&tb);
            sb_printf(&tb, "<table>\n<tr><th>workload</th><th>series</th><th>samples</th><th>last cycle</th>"
                           "<th>cores that issue</th><th>mean IPC per core</th></tr>\n<tr><td>");
            sb_escape(&tb, w);
            sb_puts(&tb, "</td><td>");
            sb_escape(&tb, s);
            sb_printf(&tb, "</td><td>%zu</td><td>%.0f</td><td>%u</td><td>%.3g</td></tr>\n</table>\n", npts, last,
                      busy, nsum ? sum / (double)nsum : 0.0);
            f->table = tb.s;
            for (size_t m = 0; m < nsm; m++)
                free(rows[m]);
            free(rows);
            free(cnt);
            free(v);
            free(x);
        }
        r0 = r1;
    }
}

void rep_song_fig9(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "cores-per-launch", exp, source,
                                  "TCS's active cores per kernel launch (Song et al. Fig. 9)");
    if (!f)
        return;
    static const char *const need[] = {"workload", "launches", "perf_tcs", "energy_tcs", "launches_reduced"};
    int idx[5], col[1024];
    double kn[1024];
    if (!rep_need_columns(f, t, source, need, 5, idx))
        return;
    size_t nk = rep_numbered_columns(t, "cores_k", "", col, kn, 1024);
    if (!nk) {
        char *why = rep_fmt("%s has no cores_k<i> columns (TCS recorded no launch)", source);
        rep_skip(f, why);
        free(why);
        return;
    }
    char **cats = cs_xcalloc(nk, sizeof *cats);
    const char **names = cs_xcalloc(t->rows, sizeof *names);
    double *v = cs_xcalloc(nk * t->rows, sizeof *v);
    for (size_t k = 0; k < nk; k++)
        cats[k] = rep_fmt("%.0f", kn[k]);
    for (size_t r = 0; r < t->rows; r++) {
        names[r] = csv_cell(t, r, idx[0]);
        for (size_t k = 0; k < nk; k++)
            v[k * t->rows + r] = csv_num(t, r, col[k]); /* empty: the launch ended before MONITOR did */
    }
    chart_t ch = {.title = f->title, .xlabel = "kernel launch", .ylabel = "active cores after MONITOR"};
    f->svg = rep_draw_bars(&ch, (const char *const *)cats, nk, names, t->rows, v, false);
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    sbuf_t o;
    sb_init(&o);
    for (size_t r = 0; r < t->rows; r++) {
        size_t decided = 0;
        for (size_t k = 0; k < nk; k++)
            decided += isfinite(v[k * t->rows + r]);
        sb_printf(&o, "%s%s: TCS reduced the cores on %.0f of %.0f launches (%zu reached a decision; no bar: the "
                      "launch ended before MONITOR did); performance %+.1f%%, energy %+.1f%% against all cores",
                  r ? "; " : "", names[r], csv_num(t, r, idx[4]), csv_num(t, r, idx[1]), decided,
                  rep_pct(csv_num(t, r, idx[2]) - 1), rep_pct(csv_num(t, r, idx[3]) - 1));
    }
    sb_puts(&o, ".");
    f->ours = o.s;
    for (size_t k = 0; k < nk; k++)
        free(cats[k]);
    free(cats);
    free(names);
    free(v);
}

/* --- Kayiran et al., PACT'13 ----------------------------------------------------- */

void rep_kayiran_fig12_13(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    static const char *const names[] = {"DYNCTA", "DYNCORE", "DYNCORE+PCPG", "static oracle", "static oracle+PCPG"};
    static const struct {
        const char *kind, *title, *ylabel, *what, *cols[5];
    } figs[] = {
        {"power-norm", "Power of DYNCTA and DYNCORE, normalised to the baseline (Kayiran et al. Fig. 12)",
         "average power / baseline", "power",
         {"power_dyncta", "power_dyncore", "power_dyncore_pcpg"}},
        {"perf-per-watt", "Energy efficiency of DYNCTA and DYNCORE, normalised to the baseline (Kayiran et al. Fig. 13)",
         "instructions per watt / baseline", "efficiency",
         {"eff_dyncta", "eff_dyncore", "eff_dyncore_pcpg", "eff_oracle", "eff_oracle_pcpg"}},
    };
    for (size_t i = 0; i < 2; i++) {
        report_fig_t *f = rep_add_fig(c, figs[i].kind, exp, source, figs[i].title);
        if (!f)
            continue;
        chart_t ch = {.title = f->title, .xlabel = "workload", .ylabel = figs[i].ylabel, .have_ref = true, .ref_y = 1};
        double means[2][MAX_SERIES];
        unsigned count[2];
        /* efficiency: the static oracle's bars where the table has them */
        size_t ns = figs[i].cols[3] && csv_col(t, figs[i].cols[3]) >= 0 && csv_col(t, figs[i].cols[4]) >= 0 ? 5 : 3;
        if (!class_bars(f, t, source, figs[i].cols, names, ns, &ch, false, 1, means, count))
            continue;
        f->table = rep_table_csv(t);
        f->paper = rep_fmt("%s", paper_headline_text(exp));
        char oracle[160] = "";
        if (ns == 5)
            snprintf(oracle, sizeof oracle,
                     "; static oracle (the active-core count with the least energy at <= 10%% slowdown) without "
                     "PCPG %+.1f%%, with PCPG %+.1f%%",
                     rep_pct(means[0][3] - 1), rep_pct(means[0][4] - 1));
        f->ours = rep_fmt("%s against the baseline (arithmetic mean over %u workloads): DYNCTA %+.1f%%, DYNCORE "
                          "without PCPG %+.1f%%, with PCPG %+.1f%%%s%s",
                          figs[i].what, count[0], rep_pct(means[0][0] - 1), rep_pct(means[0][1] - 1),
                          rep_pct(means[0][2] - 1), oracle,
                          i ? " (efficiency: performance per watt, i.e. 1 / energy)." : ".");
    }
    static const char *const scols[] = {"speedup_dyncta", "speedup_dyncore", "speedup_dyncore_pcpg"};
    rep_speedup_fig(c, exp, t, source, "Speedup of DYNCTA and DYNCORE over the baseline (Kayiran et al. Fig. 14a)",
                    "IPC / IPC of the baseline", scols, names, 3, "over the baseline (all cores, maximum CTAs)");
}

void rep_kayiran_fig14a(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "vs-cores-off", exp, source,
                                  "Speed, power and efficiency against cores turned off (Kayiran et al. Fig. 14a)");
    if (!f)
        return;
    static const char *const prefix[] = {"speedup_k=", "power_k=", "eff_k="};
    static const char *const names[] = {"performance", "power", "energy efficiency"};
    int col[3][64];
    double k[3][64];
    size_t nk = rep_numbered_columns(t, prefix[0], "", col[0], k[0], 63);
    for (int m = 1; m < 3; m++)
        if (rep_numbered_columns(t, prefix[m], "", col[m], k[m], 63) != nk || !nk) {
            char *why = rep_fmt("%s has no matching speedup_k=<K>, power_k=<K> and eff_k=<K> columns", source);
            rep_skip(f, why);
            free(why);
            return;
        }
    /* the means over workloads, with k = 0 (the baseline itself) at 1 */
    double x[65], y[3][65];
    x[0] = 0;
    for (int m = 0; m < 3; m++) {
        y[m][0] = 1;
        for (size_t j = 0; j < nk; j++) {
            double s = 0;
            size_t n = 0;
            for (size_t r = 0; r < t->rows; r++) {
                double v = csv_num(t, r, col[m][j]);
                if (isfinite(v)) {
                    s += v;
                    n++;
                }
            }
            y[m][j + 1] = n ? s / (double)n : NAN;
            x[j + 1] = k[0][j];
        }
    }
    chart_series_t s[3];
    for (int m = 0; m < 3; m++)
        s[m] = (chart_series_t){.name = names[m], .x = x, .y = y[m], .n = nk + 1};
    chart_t ch = {.title = f->title, .xlabel = "cores turned off (k)", .ylabel = "mean over workloads / k = 0",
                  .have_ref = true, .ref_y = 1, .integer_x = true};
    f->svg = rep_draw_line(&ch, s, 3);
    char **cats = cs_xcalloc(nk + 1, sizeof *cats);
    double *v = cs_xcalloc((nk + 1) * 3, sizeof *v);
    for (size_t j = 0; j <= nk; j++) {
        cats[j] = rep_fmt("%.0f", x[j]);
        for (int m = 0; m < 3; m++)
            v[j * 3 + (size_t)m] = y[m][j];
    }
    f->table = rep_table_bars("k", (const char *const *)cats, nk + 1, names, 3, v);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    size_t at = nk; /* k = 8, the paper's choice, when swept; else the largest */
    for (size_t j = 1; j <= nk; j++)
        if (x[j] == 8)
            at = j;
    f->ours = rep_fmt("at k = %.0f (mean over %zu workloads, against DYNCTA with no core off, PCPG on): performance "
                      "%+.1f%%, power %+.1f%%, efficiency %+.1f%%; at k = %.0f: %+.1f%%, %+.1f%%, %+.1f%%.",
                      x[at], t->rows, rep_pct(y[0][at] - 1), rep_pct(y[1][at] - 1), rep_pct(y[2][at] - 1), x[nk],
                      rep_pct(y[0][nk] - 1), rep_pct(y[1][nk] - 1), rep_pct(y[2][nk] - 1));
    for (size_t j = 0; j <= nk; j++)
        free(cats[j]);
    free(cats);
    free(v);
}

/* --- Lee et al., HPCA'14 ----------------------------------------------------------- */

void rep_lee_fig14(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source)
{
    report_fig_t *f = rep_add_fig(c, "energy", exp, source,
                                  "LCS energy saving over GTO, unused RF / shared memory gated (Lee et al. Fig. 14)");
    if (!f)
        return;
    static const char *const need[] = {"workload", "paper_type", "energy_saving", "speedup_lcs"};
    int idx[4];
    if (!rep_need_columns(f, t, source, need, 4, idx))
        return;
    size_t ncat = t->rows + 1;
    char **cats = cs_xcalloc(ncat, sizeof *cats);
    double *v = cs_xcalloc(ncat, sizeof *v), best = -INFINITY, sp = 0;
    size_t ib = 0, nsp = 0;
    for (size_t r = 0; r < t->rows; r++) {
        const char *ty = csv_cell(t, r, idx[1]);
        cats[r] = *ty ? rep_fmt("%s (%s)", csv_cell(t, r, idx[0]), ty) : rep_fmt("%s", csv_cell(t, r, idx[0]));
        v[r] = 100 * csv_num(t, r, idx[2]);
        if (isfinite(v[r]) && v[r] > best) {
            best = v[r];
            ib = r;
        }
        double s = csv_num(t, r, idx[3]);
        if (isfinite(s)) {
            sp += s;
            nsp++;
        }
    }
    cats[t->rows] = rep_fmt("mean");
    v[t->rows] = rep_amean(v, t->rows, 1);
    static const char *const names[] = {"energy saved by LCS"};
    chart_t ch = {.title = f->title, .xlabel = "workload (paper's type)", .ylabel = "energy saved (%)"};
    f->svg = rep_draw_bars(&ch, (const char *const *)cats, ncat, names, 1, v, false);
    f->table = rep_table_csv(t);
    f->paper = rep_fmt("%s", paper_headline_text(exp));
    f->ours = isfinite(best) ? rep_fmt("energy saved %.1f%% on average over %zu workloads, up to %.1f%% (%s); LCS "
                                       "speed %+.1f%% on average.",
                                       v[t->rows], t->rows, best, cats[ib], nsp ? rep_pct(sp / (double)nsp - 1) : 0.0)
                             : rep_fmt("no workload with an energy figure.");
    for (size_t i = 0; i < ncat; i++)
        free(cats[i]);
    free(cats);
    free(v);
}
