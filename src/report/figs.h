/* figs.h — what report.c's figure builders share with the files that draw
 * the figures of particular experiments (figs_energy.c: the energy and
 * core-gating experiments, figs_mix.c: the concurrent-kernel ones). Not a
 * public interface: only src/report/ includes it.
 *
 * An experiment's figure builder (rep_exp_fn) gets the experiment's name,
 * its NAME.csv already read, and the file name to cite; it adds its figures
 * with rep_add_fig and either draws each or leaves it with rep_skip's reason
 * (a missing column, no rows worth drawing); it never fails the report. */
#ifndef CTASIM_REPORT_FIGS_H
#define CTASIM_REPORT_FIGS_H

#include <stdbool.h>
#include <stddef.h>

#include "report/chart.h"
#include "report/csv.h"
#include "report/report.h"

typedef struct rep_ctx {
    const report_opts_t *o;
    report_t *r;
    const char *dir; /* the input directory ("" for a lone JSON) */
} rep_ctx_t;

typedef void (*rep_exp_fn)(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);

/* A newly allocated printf result. */
char *rep_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A new figure of KIND with id PREFIX-KIND (made unique), or NULL when
 * --figure leaves KIND out. */
report_fig_t *rep_add_fig(rep_ctx_t *c, const char *kind, const char *prefix, const char *source, const char *title);
/* Leave F undrawn with the reason WHY (F may be NULL). */
void rep_skip(report_fig_t *f, const char *why);
/* The indices of the N columns COLS of T into IDX; false, with F left
 * undrawn naming the first missing one, when T lacks any. */
bool rep_need_columns(report_fig_t *f, const csv_t *t, const char *source, const char *const *cols, size_t n,
                      int *idx);
char *rep_draw_line(const chart_t *ch, const chart_series_t *s, size_t n);
char *rep_draw_bars(const chart_t *ch, const char *const *cats, size_t ncat, const char *const *names, size_t ns,
                    const double *v, bool stacked);
/* HTML tables: a CSV as it is; a bar chart's data, categories down. */
char *rep_table_csv(const csv_t *t);
char *rep_table_bars(const char *corner, const char *const *cats, size_t ncat, const char *const *names, size_t ns,
                     const double *v);
/* 100 * X, never printed as -0. */
double rep_pct(double x);
/* Means of V[0], V[STRIDE], ... (N values), non-finite ones (and, for the
 * geometric mean, non-positive ones) left out; NaN when none is left. */
double rep_geomean(const double *v, size_t n, size_t stride);
double rep_amean(const double *v, size_t n, size_t stride);
bool rep_file_exists(const char *path);
char *rep_join(const char *dir, const char *name);
/* The columns named PREFIX<N>SUFFIX in file order: their indices and N. */
size_t rep_numbered_columns(const csv_t *t, const char *prefix, const char *suffix, int *cols, double *ns,
                            size_t max);
/* Grouped bars of the columns COLS (labelled LABELS) per workload (column
 * "workload") plus a geometric-mean category, a reference line at 1. */
void rep_speedup_fig(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source, const char *title,
                     const char *ylabel, const char *const *cols, const char *const *labels, size_t ns,
                     const char *baseline_phrase);

/* figs_energy.c */
void rep_song_fig2(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_song_fig3(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_song_fig6(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_song_fig7(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_song_fig8(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_song_fig9(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_kayiran_fig12_13(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_kayiran_fig14a(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_lee_fig14(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
/* figs_mix.c */
void rep_lee_fig18(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_li_fig5(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_li_fig8(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_li_fig2(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
void rep_li_fig6(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
/* figs_clusters.c */
void rep_clusters_gpc(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);
/* every numeric column per row: a table with no figure of its own */
void rep_li_columns(rep_ctx_t *c, const char *exp, const csv_t *t, const char *source);

#endif
