/* scale.h — data-to-pixel scales and axis ticks for the report's charts.
 *
 * Linear axes get "nice" ticks: a step of 1, 2 or 5 times a power of ten
 * chosen so that about TARGET ticks cover the data, and the domain widened to
 * whole steps (0..7.3 with 5 ticks -> 0, 2, 4, 6, 8). Log axes (base 10) get
 * the powers of ten in range, plus 2x and 5x when the range spans fewer
 * than three decades. */
#ifndef CTASIM_REPORT_SCALE_H
#define CTASIM_REPORT_SCALE_H

#include <stdbool.h>
#include <stddef.h>

#define SCALE_MAX_TICKS 32

typedef struct scale {
    double d0, d1; /* domain (data) */
    double r0, r1; /* range (pixels); r1 < r0 for a y axis */
    bool log;      /* base-10 log: d0 > 0 */
    double ticks[SCALE_MAX_TICKS];
    size_t n_ticks;
    double step; /* linear: the tick step (decides the decimals of labels) */
} scale_t;

/* The nice step for covering [lo, hi] with about TARGET ticks. */
double scale_nice_step(double lo, double hi, unsigned target);
/* A linear scale over [lo, hi] widened to whole nice steps (a zero-width
 * range is widened around its value first), ticks included, mapped onto
 * [r0, r1]. */
void scale_linear(scale_t *s, double lo, double hi, unsigned target, double r0, double r1);
/* A base-10 log scale over [lo, hi] (lo > 0) widened to powers of ten. */
void scale_log(scale_t *s, double lo, double hi, double r0, double r1);
/* The pixel of data value V (clamped to the domain for a log scale's V <= 0). */
double scale_map(const scale_t *s, double v);
/* A tick label: as many decimals as the step needs ("0.25", "2", "1e+06" for
 * large values on log scales; integers up to 1e6 printed in full). */
void scale_format(const scale_t *s, double v, char *buf, size_t n);

#endif
