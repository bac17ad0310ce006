/* scale.c — see scale.h. */
#include "scale.h"

#include <math.h>
#include <stdio.h>

double scale_nice_step(double lo, double hi, unsigned target)
{
    double span = hi - lo;
    if (!(span > 0))
        return 1;
    if (target < 2)
        target = 2;
    double raw = span / (double)(target - 1);
    double mag = pow(10, floor(log10(raw)));
    double f = raw / mag;
    double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    return nice * mag;
}

void scale_linear(scale_t *s, double lo, double hi, unsigned target, double r0, double r1)
{
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (hi < lo) {
        double t = lo;
        lo = hi;
        hi = t;
    }
    if (hi == lo) { /* one value: a range around it */
        double d = lo == 0 ? 1 : fabs(lo) * 0.5;
        lo = lo >= 0 && lo - d < 0 ? 0 : lo - d;
        hi = hi + d;
    }
    double step = scale_nice_step(lo, hi, target);
    double a = floor(lo / step + 1e-9) * step, z = ceil(hi / step - 1e-9) * step;
    s->log = false;
    s->d0 = a;
    s->d1 = z;
    s->r0 = r0;
    s->r1 = r1;
    s->step = step;
    s->n_ticks = 0;
    for (double t = a; t <= z + step * 1e-6 && s->n_ticks < SCALE_MAX_TICKS; t = a + step * (double)s->n_ticks) {
        double v = fabs(t) < step * 1e-9 ? 0 : t;
        s->ticks[s->n_ticks++] = v;
    }
}

void scale_log(scale_t *s, double lo, double hi, double r0, double r1)
{
    if (!(lo > 0) || !isfinite(lo))
        lo = 1;
    if (!(hi > lo) || !isfinite(hi))
        hi = lo * 10;
    double e0 = floor(log10(lo) + 1e-9), e1 = ceil(log10(hi) - 1e-9);
    if (e1 <= e0)
        e1 = e0 + 1;
    s->log = true;
    s->d0 = pow(10, e0);
    s->d1 = pow(10, e1);
    s->r0 = r0;
    s->r1 = r1;
    s->step = 0;
    s->n_ticks = 0;
    bool fine = e1 - e0 < 3;
    for (double e = e0; e <= e1 && s->n_ticks < SCALE_MAX_TICKS; e++) {
        double p = pow(10, e);
        s->ticks[s->n_ticks++] = p;
        if (fine && e < e1) {
            s->ticks[s->n_ticks++] = 2 * p;
            if (s->n_ticks < SCALE_MAX_TICKS)
                s->ticks[s->n_ticks++] = 5 * p;
        }
    }
}

double scale_map(const scale_t *s, double v)
{
    double t;
    if (s->log) {
        if (!(v > 0))
            v = s->d0;
        t = (log10(v) - log10(s->d0)) / (log10(s->d1) - log10(s->d0));
    } else {
        t = s->d1 > s->d0 ? (v - s->d0) / (s->d1 - s->d0) : 0;
    }
    return s->r0 + t * (s->r1 - s->r0);
}

void scale_format(const scale_t *s, double v, char *buf, size_t n)
{
    if (s->log) {
        if (v >= 1e6 || v < 1e-3)
            snprintf(buf, n, "%.0e", v);
        else
            snprintf(buf, n, "%g", v);
        return;
    }
    int dec = 0;
    for (double st = s->step; dec < 6 && fabs(st - round(st)) > 1e-9 * (st > 1 ? st : 1); st *= 10)
        dec++;
    if (fabs(v) >= 1e7)
        snprintf(buf, n, "%.3g", v);
    else
        snprintf(buf, n, "%.*f", dec, v);
}
