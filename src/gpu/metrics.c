/* metrics.c — see metrics.h. Linear lookups: a run has a handful of names. */
#include "metrics.h"
#include "util/json_escape.h"

#include <stdlib.h>
#include <string.h>

void metrics_free(metrics_t *ms)
{
    for (size_t i = 0; i < ms->ns; i++) {
        free(ms->s[i].cycle);
        free(ms->s[i].value);
    }
    free(ms->s);
    free(ms->m);
    memset(ms, 0, sizeof *ms);
}

static metric_t *find(metrics_t *ms, const char *name, bool create)
{
    for (size_t i = 0; i < ms->nm; i++)
        if (!strcmp(ms->m[i].name, name))
            return &ms->m[i];
    if (!create)
        return NULL;
    if (ms->nm == ms->capm) {
        ms->capm = ms->capm ? 2 * ms->capm : 16;
        ms->m = cs_xrealloc(ms->m, ms->capm * sizeof *ms->m);
    }
    metric_t *m = &ms->m[ms->nm++];
    snprintf(m->name, sizeof m->name, "%s", name);
    m->value = 0;
    return m;
}

void metrics_set(metrics_t *ms, const char *name, double value) { find(ms, name, true)->value = value; }
void metrics_add(metrics_t *ms, const char *name, double delta) { find(ms, name, true)->value += delta; }

bool metrics_get(const metrics_t *ms, const char *name, double *value)
{
    metric_t *m = find((metrics_t *)ms, name, false);
    if (m && value)
        *value = m->value;
    return m != NULL;
}

const metric_series_t *metrics_series(const metrics_t *ms, const char *series)
{
    for (size_t i = 0; i < ms->ns; i++)
        if (!strcmp(ms->s[i].name, series))
            return &ms->s[i];
    return NULL;
}

void metrics_sample(metrics_t *ms, const char *series, uint64_t cycle, double value)
{
    metric_series_t *s = (metric_series_t *)metrics_series(ms, series);
    if (!s) {
        if (ms->ns == ms->caps) {
            ms->caps = ms->caps ? 2 * ms->caps : 8;
            ms->s = cs_xrealloc(ms->s, ms->caps * sizeof *ms->s);
        }
        s = &ms->s[ms->ns++];
        memset(s, 0, sizeof *s);
        snprintf(s->name, sizeof s->name, "%s", series);
    }
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->cycle = cs_xrealloc(s->cycle, s->cap * sizeof *s->cycle);
        s->value = cs_xrealloc(s->value, s->cap * sizeof *s->value);
    }
    s->cycle[s->n] = cycle;
    s->value[s->n] = value;
    s->n++;
}

void metrics_write_json(const metrics_t *ms, FILE *f)
{
    fprintf(f, "  \"metrics\": {");
    for (size_t i = 0; i < ms->nm; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_put_str(f, ms->m[i].name);
        fprintf(f, ": %.6g", ms->m[i].value);
    }
    fprintf(f, "%s},\n  \"series\": {", ms->nm ? "\n  " : "");
    for (size_t i = 0; i < ms->ns; i++) {
        const metric_series_t *s = &ms->s[i];
        fprintf(f, "%s\n    ", i ? "," : "");
        json_put_str(f, s->name);
        fprintf(f, ": [");
        for (size_t k = 0; k < s->n; k++)
            fprintf(f, "%s[%llu, %.6g]", k ? ", " : "", (unsigned long long)s->cycle[k], s->value[k]);
        fprintf(f, "]");
    }
    fprintf(f, "%s},\n", ms->ns ? "\n  " : "");
}
