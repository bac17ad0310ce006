/* chart.h — the report's three chart shapes, drawn as standalone SVG
 * documents with svg.h on scales from scale.h:
 *
 *   line     y against a numeric x, one polyline per series with a marker
 *            per point (IPC vs CTAs per SM, n over time, power over time)
 *   bars     categories on x, grouped bars per series or stacked segments
 *            (speedups per workload, miss rates, stall breakdowns)
 *   heatmap  rows x time bins, a colour per cell (per-SM IPC over time)
 *
 * Series take ten colours; lines past the tenth repeat them dashed, then
 * dotted. Every mark carries a <title> tooltip "SERIES, CATEGORY: VALUE" (bars),
 * "SERIES (X, Y)" (points) or "ROW, X: VALUE" (cells); the tests find marks
 * by it. A non-finite value is left out (a gap, not a zero). */
#ifndef CTASIM_REPORT_CHART_H
#define CTASIM_REPORT_CHART_H

#include <stdbool.h>
#include <stddef.h>

#include "report/scale.h"
#include "report/svg.h"

typedef struct chart {
    const char *title, *xlabel, *ylabel;
    double width, height; /* 0: 640 x 360 */
    bool ylog;            /* line charts: log-scale y */
    bool xlog;            /* line charts: log-scale x */
    bool y_zero;          /* include 0 in the y range (bars always do) */
    bool have_ref;        /* a dashed horizontal line at ref_y (e.g. 1.0 for speedups) */
    double ref_y;
    bool integer_x;       /* line charts: ticks at whole numbers only (CTAs per SM) */
} chart_t;

typedef struct chart_series {
    const char *name;
    const double *x, *y;
    size_t n;
} chart_series_t;

/* Where the plot area lies: left, top, right, bottom pixels. */
typedef struct chart_frame {
    double width, height, x0, y0, x1, y1;
    bool legend, rotate_labels;
} chart_frame_t;

/* The colour of series I (a fixed ten-colour palette, then repeats). */
const char *chart_color(size_t i);
/* The frame a chart of N_LEGEND series (legend shown when > 1) and, for bar
 * charts, N_CATS categories whose longest label is LONGEST characters. */
void chart_frame(const chart_t *c, size_t n_legend, size_t n_cats, size_t longest, chart_frame_t *f);
/* The same with legend names up to LEGEND_CHARS characters: a legend wider
 * than the default widens the chart, never the names cut. */
void chart_frame_legend(const chart_t *c, size_t n_legend, size_t legend_chars, size_t n_cats, size_t longest,
                        chart_frame_t *f);

void chart_line(sbuf_t *b, const chart_t *c, const chart_series_t *s, size_t ns);
/* Small multiples: one small line chart per series, COLS to a row, all on one
 * y scale, each with its series' name as its title and its own x range
 * (whole-number ticks when c->integer_x): the shape of Lee et al. Fig. 4.
 * Panel geometry: see chart_panel_frame. */
void chart_panels(sbuf_t *b, const chart_t *c, const chart_series_t *s, size_t ns, size_t cols);
/* Panel I's plot area (of NS panels, COLS to a row). */
void chart_panel_frame(size_t i, size_t ns, size_t cols, chart_frame_t *f);

/* V[cat * ns + s]: category CAT of series S. */
void chart_bars(sbuf_t *b, const chart_t *c, const char *const *cats, size_t ncat, const char *const *names,
                size_t ns, const double *v, bool stacked);
/* V[row * ncols + col]; X[col]: the column's start (e.g. its cycle);
 * VALUE_LABEL names the colour scale. */
void chart_heatmap(sbuf_t *b, const chart_t *c, const char *const *rows, size_t nrows, const double *x,
                   size_t ncols, const double *v, const char *value_label);

#endif
