/* chart.c — see chart.h. */
#include "chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/common.h"

#define MARGIN_LEFT 64
#define MARGIN_RIGHT 24
#define MARGIN_TOP 34
#define MARGIN_BOTTOM 48
#define LEGEND_WIDTH 170
#define LEGEND_ROW 15
#define FONT 11

static const char *const palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

const char *chart_color(size_t i) { return palette[i % (sizeof palette / sizeof *palette)]; }

/* Lines past the tenth repeat the colours: solid, then dashed, then dotted. */
static const char *line_dash(size_t i)
{
    static const char *const dashes[] = {NULL, "6 3", "2 2"};
    return dashes[i / (sizeof palette / sizeof *palette) % 3];
}

void chart_frame(const chart_t *c, size_t n_legend, size_t n_cats, size_t longest, chart_frame_t *f)
{
    chart_frame_legend(c, n_legend, 0, n_cats, longest, f);
}

/* About 6 px per character at the legend's 11 px, after a 21 px key. */
static double legend_width(size_t chars)
{
    double w = 30 + 6.2 * (double)chars;
    return w > LEGEND_WIDTH ? w : LEGEND_WIDTH;
}

static size_t longest_name(const char *const *names, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; names && i < n; i++)
        if (names[i] && strlen(names[i]) > m)
            m = strlen(names[i]);
    return m;
}

void chart_frame_legend(const chart_t *c, size_t n_legend, size_t legend_chars, size_t n_cats, size_t longest,
                        chart_frame_t *f)
{
    memset(f, 0, sizeof *f);
    f->width = c->width > 0 ? c->width : 640;
    if (n_legend > 1)
        f->width += legend_width(legend_chars) - LEGEND_WIDTH;
    f->height = c->height > 0 ? c->height : 360;
    f->legend = n_legend > 1;
    f->rotate_labels = n_cats > 0 && (n_cats > 8 || longest > 8);
    double bottom = MARGIN_BOTTOM + (f->rotate_labels ? 6.0 * (double)(longest < 14 ? longest : 14) : 0);
    double need = MARGIN_TOP + (double)n_legend * LEGEND_ROW + 10;
    if (f->legend && need > f->height - bottom + MARGIN_TOP)
        f->height = need + bottom - MARGIN_TOP;
    f->x0 = MARGIN_LEFT;
    f->y0 = MARGIN_TOP;
    f->x1 = f->width - MARGIN_RIGHT - (f->legend ? legend_width(legend_chars) : 0);
    f->y1 = f->height - bottom;
}

static void frame_begin(sbuf_t *b, const chart_t *c, const chart_frame_t *f)
{
    svg_begin(b, f->width, f->height, c->title);
    svg_rect(b, 0, 0, f->width, f->height, "#fff", NULL);
    if (c->title)
        svg_text(b, f->width / 2, 18, "middle", 13, 0, c->title);
    if (c->xlabel)
        svg_text(b, (f->x0 + f->x1) / 2, f->height - 8, "middle", FONT, 0, c->xlabel);
    if (c->ylabel)
        svg_text(b, 14, (f->y0 + f->y1) / 2, "middle", FONT, -90, c->ylabel);
}

static void y_axis(sbuf_t *b, const chart_frame_t *f, const scale_t *y)
{
    char lab[48];
    for (size_t i = 0; i < y->n_ticks; i++) {
        double py = scale_map(y, y->ticks[i]);
        svg_line(b, f->x0, py, f->x1, py, "#e4e4e4", 1, NULL);
        scale_format(y, y->ticks[i], lab, sizeof lab);
        svg_text(b, f->x0 - 5, py + 4, "end", FONT, 0, lab);
    }
    svg_line(b, f->x0, f->y0, f->x0, f->y1, "#333", 1, NULL);
    svg_line(b, f->x0, f->y1, f->x1, f->y1, "#333", 1, NULL);
}

static void legend(sbuf_t *b, const chart_frame_t *f, const char *const *names, size_t n, bool lines)
{
    if (!f->legend)
        return;
    double x = f->x1 + 14;
    for (size_t i = 0; i < n; i++) {
        double y = f->y0 + 6 + (double)i * LEGEND_ROW;
        if (lines)
            svg_line(b, x, y, x + 16, y, chart_color(i), 2, line_dash(i));
        else
            svg_rect(b, x, y - 5, 12, 10, chart_color(i), NULL);
        svg_text(b, x + 21, y + 4, "start", FONT, 0, names[i] ? names[i] : "");
    }
}

static void ref_line(sbuf_t *b, const chart_t *c, const chart_frame_t *f, const scale_t *y)
{
    if (c->have_ref && c->ref_y >= y->d0 && c->ref_y <= y->d1) {
        double py = scale_map(y, c->ref_y);
        svg_line(b, f->x0, py, f->x1, py, "#555", 1, "5 3");
    }
}

static char *fmt_value(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.4g", v);
    return buf;
}

void chart_line(sbuf_t *b, const chart_t *c, const chart_series_t *s, size_t ns)
{
    chart_frame_t f;
    size_t lc = 0;
    for (size_t k = 0; k < ns; k++)
        if (s[k].name && strlen(s[k].name) > lc)
            lc = strlen(s[k].name);
    chart_frame_legend(c, ns, lc, 0, 0, &f);
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < s[k].n; i++) {
            double x = s[k].x[i], y = s[k].y[i];
            if (!isfinite(x) || !isfinite(y) || (c->ylog && y <= 0) || (c->xlog && x <= 0))
                continue;
            xlo = fmin(xlo, x);
            xhi = fmax(xhi, x);
            ylo = fmin(ylo, y);
            yhi = fmax(yhi, y);
        }
    if (xlo > xhi) {
        xlo = ylo = 0;
        xhi = yhi = 1;
    }
    if (c->y_zero && !c->ylog)
        ylo = fmin(ylo, 0);
    if (c->have_ref && !c->ylog) {
        ylo = fmin(ylo, c->ref_y);
        yhi = fmax(yhi, c->ref_y);
    }
    scale_t xs, ys;
    if (c->xlog)
        scale_log(&xs, xlo, xhi, f.x0, f.x1);
    else if (c->integer_x && xhi - xlo <= 16) {
        /* one tick per whole number, the domain exactly the data's */
        xs = (scale_t){.d0 = xlo, .d1 = xhi > xlo ? xhi : xlo + 1, .r0 = f.x0, .r1 = f.x1, .step = 1};
        for (double t = ceil(xlo); t <= xs.d1 && xs.n_ticks < SCALE_MAX_TICKS; t++)
            xs.ticks[xs.n_ticks++] = t;
    } else {
        scale_linear(&xs, xlo, xhi, 7, f.x0, f.x1);
    }
    if (c->ylog)
        scale_log(&ys, ylo, yhi, f.y1, f.y0);
    else
        scale_linear(&ys, ylo, yhi, 6, f.y1, f.y0);
    frame_begin(b, c, &f);
    y_axis(b, &f, &ys);
    char lab[64], tip[256];
    for (size_t i = 0; i < xs.n_ticks; i++) {
        double px = scale_map(&xs, xs.ticks[i]);
        svg_line(b, px, f.y1, px, f.y1 + 4, "#333", 1, NULL);
        scale_format(&xs, xs.ticks[i], lab, sizeof lab);
        svg_text(b, px, f.y1 + 16, "middle", FONT, 0, lab);
    }
    ref_line(b, c, &f, &ys);
    const char *names[64];
    size_t nn = ns < 64 ? ns : 64;
    for (size_t k = 0; k < nn; k++)
        names[k] = s[k].name;
    double *px = NULL, *py = NULL;
    size_t cap = 0;
    for (size_t k = 0; k < ns; k++) {
        if (s[k].n > cap) {
            cap = s[k].n;
            px = cs_xrealloc(px, cap * sizeof *px);
            py = cs_xrealloc(py, cap * sizeof *py);
        }
        /* a polyline per run of finite points; a marker per point when few */
        size_t run = 0;
        for (size_t i = 0; i <= s[k].n; i++) {
            bool ok = i < s[k].n && isfinite(s[k].x[i]) && isfinite(s[k].y[i]) && !(c->ylog && s[k].y[i] <= 0) &&
                      !(c->xlog && s[k].x[i] <= 0);
            if (ok) {
                px[run] = scale_map(&xs, s[k].x[i]);
                py[run++] = scale_map(&ys, s[k].y[i]);
                continue;
            }
            if (run > 1)
                svg_polyline(b, px, py, run, chart_color(k), 1.8, line_dash(k));
            run = 0;
        }
        if (s[k].n <= 64)
            for (size_t i = 0; i < s[k].n; i++) {
                double x = s[k].x[i], y = s[k].y[i];
                if (!isfinite(x) || !isfinite(y) || (c->ylog && y <= 0) || (c->xlog && x <= 0))
                    continue;
                char xv[32], yv[32];
                snprintf(tip, sizeof tip, "%s (%s, %s)", s[k].name ? s[k].name : "", fmt_value(x, xv, sizeof xv),
                         fmt_value(y, yv, sizeof yv));
                svg_circle(b, scale_map(&xs, x), scale_map(&ys, y), 3, chart_color(k), tip);
            }
    }
    free(px);
    free(py);
    legend(b, &f, names, nn, true);
    svg_end(b);
}

#define PANEL_W 210
#define PANEL_H 160
#define PANEL_LEFT 40
#define PANEL_RIGHT 10
#define PANEL_TOP 22
#define PANEL_BOTTOM 30
#define PANELS_TOP 34
#define PANELS_LEFT 24

void chart_panel_frame(size_t i, size_t ns, size_t cols, chart_frame_t *f)
{
    memset(f, 0, sizeof *f);
    if (!cols)
        cols = 1;
    size_t rows = ns ? (ns + cols - 1) / cols : 1, nc = ns < cols ? (ns ? ns : 1) : cols;
    f->width = PANELS_LEFT + (double)nc * PANEL_W + 10;
    f->height = PANELS_TOP + (double)rows * PANEL_H + 24;
    double px = PANELS_LEFT + (double)(i % cols) * PANEL_W, py = PANELS_TOP + (double)(i / cols) * PANEL_H;
    f->x0 = px + PANEL_LEFT;
    f->x1 = px + PANEL_W - PANEL_RIGHT;
    f->y0 = py + PANEL_TOP;
    f->y1 = py + PANEL_H - PANEL_BOTTOM;
}

void chart_panels(sbuf_t *b, const chart_t *c, const chart_series_t *s, size_t ns, size_t cols)
{
    if (!cols)
        cols = 1;
    /* one y scale for all */
    double ylo = INFINITY, yhi = -INFINITY;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < s[k].n; i++)
            if (isfinite(s[k].x[i]) && isfinite(s[k].y[i])) {
                ylo = fmin(ylo, s[k].y[i]);
                yhi = fmax(yhi, s[k].y[i]);
            }
    if (ylo > yhi)
        ylo = yhi = 0;
    if (c->y_zero)
        ylo = fmin(ylo, 0);
    if (c->have_ref) {
        ylo = fmin(ylo, c->ref_y);
        yhi = fmax(yhi, c->ref_y);
    }
    chart_frame_t all;
    chart_panel_frame(0, ns, cols, &all);
    svg_begin(b, all.width, all.height, c->title);
    svg_rect(b, 0, 0, all.width, all.height, "#fff", NULL);
    if (c->title)
        svg_text(b, all.width / 2, 18, "middle", 13, 0, c->title);
    if (c->xlabel)
        svg_text(b, all.width / 2, all.height - 8, "middle", FONT, 0, c->xlabel);
    if (c->ylabel)
        svg_text(b, 12, all.height / 2, "middle", FONT, -90, c->ylabel);
    char lab[64], tip[256], xv[32], yv[32];
    for (size_t k = 0; k < ns; k++) {
        chart_frame_t f;
        chart_panel_frame(k, ns, cols, &f);
        scale_t ys, xs;
        scale_linear(&ys, ylo, yhi, 4, f.y1, f.y0);
        double xlo = INFINITY, xhi = -INFINITY;
        for (size_t i = 0; i < s[k].n; i++)
            if (isfinite(s[k].x[i]) && isfinite(s[k].y[i])) {
                xlo = fmin(xlo, s[k].x[i]);
                xhi = fmax(xhi, s[k].x[i]);
            }
        if (xlo > xhi)
            xlo = xhi = 0;
        if (c->integer_x && xhi - xlo <= 16) {
            xs = (scale_t){.d0 = xlo, .d1 = xhi > xlo ? xhi : xlo + 1, .r0 = f.x0, .r1 = f.x1, .step = 1};
            for (double t = ceil(xlo); t <= xs.d1 && xs.n_ticks < SCALE_MAX_TICKS; t++)
                xs.ticks[xs.n_ticks++] = t;
        } else {
            scale_linear(&xs, xlo, xhi, 4, f.x0, f.x1);
        }
        svg_text(b, (f.x0 + f.x1) / 2, f.y0 - 7, "middle", FONT, 0, s[k].name ? s[k].name : "");
        for (size_t i = 0; i < ys.n_ticks; i++) {
            double py = scale_map(&ys, ys.ticks[i]);
            svg_line(b, f.x0, py, f.x1, py, "#e4e4e4", 1, NULL);
            scale_format(&ys, ys.ticks[i], lab, sizeof lab);
            svg_text(b, f.x0 - 4, py + 3, "end", FONT - 2, 0, lab);
        }
        for (size_t i = 0; i < xs.n_ticks; i++) {
            double px = scale_map(&xs, xs.ticks[i]);
            svg_line(b, px, f.y1, px, f.y1 + 3, "#333", 1, NULL);
            scale_format(&xs, xs.ticks[i], lab, sizeof lab);
            svg_text(b, px, f.y1 + 13, "middle", FONT - 2, 0, lab);
        }
        svg_line(b, f.x0, f.y0, f.x0, f.y1, "#333", 1, NULL);
        svg_line(b, f.x0, f.y1, f.x1, f.y1, "#333", 1, NULL);
        if (c->have_ref && c->ref_y >= ys.d0 && c->ref_y <= ys.d1) {
            double py = scale_map(&ys, c->ref_y);
            svg_line(b, f.x0, py, f.x1, py, "#555", 1, "5 3");
        }
        double *px = cs_xcalloc(s[k].n ? s[k].n : 1, sizeof *px), *py = cs_xcalloc(s[k].n ? s[k].n : 1, sizeof *py);
        size_t run = 0;
        for (size_t i = 0; i <= s[k].n; i++) {
            if (i < s[k].n && isfinite(s[k].x[i]) && isfinite(s[k].y[i])) {
                px[run] = scale_map(&xs, s[k].x[i]);
                py[run++] = scale_map(&ys, s[k].y[i]);
                continue;
            }
            if (run > 1)
                svg_polyline(b, px, py, run, chart_color(0), 1.8, NULL);
            run = 0;
        }
        free(px);
        free(py);
        for (size_t i = 0; i < s[k].n && s[k].n <= 64; i++) {
            if (!isfinite(s[k].x[i]) || !isfinite(s[k].y[i]))
                continue;
            snprintf(tip, sizeof tip, "%s (%s, %s)", s[k].name ? s[k].name : "", fmt_value(s[k].x[i], xv, sizeof xv),
                     fmt_value(s[k].y[i], yv, sizeof yv));
            svg_circle(b, scale_map(&xs, s[k].x[i]), scale_map(&ys, s[k].y[i]), 2.5, chart_color(0), tip);
        }
    }
    svg_end(b);
}

void chart_bars(sbuf_t *b, const chart_t *c, const char *const *cats, size_t ncat, const char *const *names,
                size_t ns, const double *v, bool stacked)
{
    size_t longest = 0;
    for (size_t i = 0; i < ncat; i++)
        if (strlen(cats[i]) > longest)
            longest = strlen(cats[i]);
    chart_frame_t f;
    chart_frame_legend(c, ns, longest_name(names, ns), ncat, longest, &f);
    double lo = 0, hi = -INFINITY;
    for (size_t i = 0; i < ncat; i++) {
        double sum = 0;
        for (size_t k = 0; k < ns; k++) {
            double x = v[i * ns + k];
            if (!isfinite(x))
                continue;
            sum += x;
            lo = fmin(lo, stacked ? sum : x);
            hi = fmax(hi, stacked ? sum : x);
        }
    }
    if (!(hi > -INFINITY))
        hi = 1;
    if (c->have_ref) {
        lo = fmin(lo, c->ref_y);
        hi = fmax(hi, c->ref_y);
    }
    scale_t ys;
    scale_linear(&ys, lo, hi, 6, f.y1, f.y0);
    frame_begin(b, c, &f);
    y_axis(b, &f, &ys);
    double band = ncat ? (f.x1 - f.x0) / (double)ncat : 0, inner = band * 0.8;
    double bw = stacked || !ns ? inner : inner / (double)ns;
    char tip[256], val[32];
    for (size_t i = 0; i < ncat; i++) {
        double left = f.x0 + band * (double)i + (band - inner) / 2, base = 0;
        for (size_t k = 0; k < ns; k++) {
            double x = v[i * ns + k];
            if (!isfinite(x))
                continue;
            double from = stacked ? base : 0, to = stacked ? base + x : x;
            double ya = scale_map(&ys, from), yb = scale_map(&ys, to);
            double bx = stacked ? left : left + bw * (double)k;
            snprintf(tip, sizeof tip, "%s%s%s: %s", names && names[k] ? names[k] : "",
                     names && names[k] ? ", " : "", cats[i], fmt_value(x, val, sizeof val));
            svg_rect(b, bx, fmin(ya, yb), bw, fabs(ya - yb), chart_color(k), tip);
            base = to;
        }
        double cx = f.x0 + band * ((double)i + 0.5);
        if (f.rotate_labels)
            svg_text(b, cx + 3, f.y1 + 12, "end", FONT, -40, cats[i]);
        else
            svg_text(b, cx, f.y1 + 16, "middle", FONT, 0, cats[i]);
    }
    ref_line(b, c, &f, &ys);
    legend(b, &f, names, names ? ns : 0, false);
    svg_end(b);
}

/* White to dark blue. */
static void heat_color(double t, char *buf, size_t n)
{
    if (!(t >= 0))
        t = 0;
    if (t > 1)
        t = 1;
    int r = (int)lround(247 - t * (247 - 8)), g = (int)lround(251 - t * (251 - 48)), bl = (int)lround(255 - t * (255 - 107));
    snprintf(buf, n, "#%02x%02x%02x", r, g, bl);
}

void chart_heatmap(sbuf_t *b, const chart_t *c, const char *const *rows, size_t nrows, const double *x,
                   size_t ncols, const double *v, const char *value_label)
{
    chart_frame_t f;
    chart_frame(c, 0, 0, 0, &f);
    f.x1 -= 60; /* the colour bar */
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < nrows * ncols; i++)
        if (isfinite(v[i])) {
            lo = fmin(lo, v[i]);
            hi = fmax(hi, v[i]);
        }
    if (lo > hi)
        lo = hi = 0;
    if (lo > 0)
        lo = 0;
    double step_x = ncols > 1 ? x[ncols - 1] - x[ncols - 2] : 1;
    scale_t xs;
    scale_linear(&xs, ncols ? x[0] : 0, ncols ? x[ncols - 1] + step_x : 1, 7, f.x0, f.x1);
    xs.d0 = ncols ? x[0] : 0; /* cells fill the plot exactly */
    xs.d1 = ncols ? x[ncols - 1] + step_x : 1;
    frame_begin(b, c, &f);
    double cw = ncols ? (f.x1 - f.x0) / (double)ncols : 0, ch = nrows ? (f.y1 - f.y0) / (double)nrows : 0;
    char col[16], tip[256], val[32], xv[32];
    for (size_t r = 0; r < nrows; r++) {
        for (size_t k = 0; k < ncols; k++) {
            double z = v[r * ncols + k];
            if (!isfinite(z))
                continue;
            heat_color(hi > lo ? (z - lo) / (hi - lo) : 0, col, sizeof col);
            snprintf(tip, sizeof tip, "%s, %s: %s", rows[r], fmt_value(x[k], xv, sizeof xv),
                     fmt_value(z, val, sizeof val));
            svg_rect(b, f.x0 + cw * (double)k, f.y0 + ch * (double)r, cw + 0.3, ch + 0.3, col, tip);
        }
        size_t every = nrows > 40 ? 10 : nrows > 16 ? 4 : 1;
        if (r % every == 0)
            svg_text(b, f.x0 - 5, f.y0 + ch * ((double)r + 0.5) + 4, "end", FONT, 0, rows[r]);
    }
    char lab[48];
    for (size_t i = 0; i < xs.n_ticks; i++) {
        if (xs.ticks[i] < xs.d0 || xs.ticks[i] > xs.d1)
            continue;
        double px = scale_map(&xs, xs.ticks[i]);
        svg_line(b, px, f.y1, px, f.y1 + 4, "#333", 1, NULL);
        scale_format(&xs, xs.ticks[i], lab, sizeof lab);
        svg_text(b, px, f.y1 + 16, "middle", FONT, 0, lab);
    }
    /* colour bar: ten steps from lo (bottom) to hi (top) */
    double bx = f.x1 + 16, bh = (f.y1 - f.y0) / 10;
    for (int i = 0; i < 10; i++) {
        heat_color((i + 0.5) / 10, col, sizeof col);
        svg_rect(b, bx, f.y1 - bh * (i + 1), 14, bh + 0.3, col, NULL);
    }
    snprintf(lab, sizeof lab, "%.3g", hi);
    svg_text(b, bx + 18, f.y0 + 8, "start", FONT - 1, 0, lab);
    snprintf(lab, sizeof lab, "%.3g", lo);
    svg_text(b, bx + 18, f.y1, "start", FONT - 1, 0, lab);
    if (value_label)
        svg_text(b, bx + 7, f.y0 - 8, "middle", FONT - 1, 0, value_label);
    svg_end(b);
}
