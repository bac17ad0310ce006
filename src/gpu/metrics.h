/* metrics.h — named values and time series that policies publish for
 * reports and experiments (LCS's T_new per kernel, DYNCTA's CTA limit over
 * time, CLASO's credit refusals...). Written into the JSON output under
 * "metrics" and "series". Insertion order is kept, so output is deterministic. */
#ifndef CTASIM_METRICS_H
#define CTASIM_METRICS_H

#include <stdio.h>

#include "util/common.h"

#define METRIC_NAME_MAX 64

typedef struct metric {
    char name[METRIC_NAME_MAX];
    double value;
} metric_t;

typedef struct metric_series {
    char name[METRIC_NAME_MAX];
    uint64_t *cycle;
    double *value;
    size_t n, cap;
} metric_series_t;

typedef struct metrics {
    metric_t *m;
    size_t nm, capm;
    metric_series_t *s;
    size_t ns, caps;
} metrics_t;

void metrics_free(metrics_t *ms);
/* Set (or overwrite) a named value. */
void metrics_set(metrics_t *ms, const char *name, double value);
/* Add to a named value (created at 0). */
void metrics_add(metrics_t *ms, const char *name, double delta);
bool metrics_get(const metrics_t *ms, const char *name, double *value);
/* Append a point to a series (created on first use). */
void metrics_sample(metrics_t *ms, const char *series, uint64_t cycle, double value);
const metric_series_t *metrics_series(const metrics_t *ms, const char *series);
/* JSON object members: "metrics": {...}, "series": {...} (no surrounding braces). */
void metrics_write_json(const metrics_t *ms, FILE *f);

#endif
