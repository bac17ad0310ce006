/* report.c — `ctasim report INPUT [-o FILE.html] [--figures DIR] [--figure NAME,..] [--baseline S]`:
 * the HTML report of a sweep directory, an experiment directory, a directory
 * of run JSON files or one run JSON (src/report/report.h). Also called by
 * `ctasim experiment NAME --report` (cli_report_dir). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "gpu/metrics.h"
#include "report/report.h"

/* The default places: DIR/report.html for a directory, X.html for X.json;
 * figures in the page's name without .html plus "-figures". */
static char *default_html(const char *input)
{
    struct stat st;
    size_t n = strlen(input);
    char *out = cs_xmalloc(n + 16);
    if (stat(input, &st) == 0 && S_ISDIR(st.st_mode)) {
        while (n > 1 && input[n - 1] == '/')
            n--;
        snprintf(out, n + 16, "%.*s/report.html", (int)n, input);
    } else if (n > 5 && !strcmp(input + n - 5, ".json")) {
        snprintf(out, n + 16, "%.*s.html", (int)(n - 5), input);
    } else {
        snprintf(out, n + 16, "%s.html", input);
    }
    return out;
}

static char *default_figures(const char *html)
{
    size_t n = strlen(html);
    if (n > 5 && !strcmp(html + n - 5, ".html"))
        n -= 5;
    char *out = cs_xmalloc(n + 16);
    snprintf(out, n + 16, "%.*s-figures", (int)n, html);
    return out;
}

static int make_report(const report_opts_t *o, const char *html, const char *figs, bool quiet)
{
    cs_error_t err;
    report_t r;
    if (report_build(o, &r, &err) < 0)
        return cli_fail(&err);
    char *h = html ? NULL : default_html(o->input);
    const char *hp = html ? html : h;
    char *f = figs ? NULL : default_figures(hp);
    const char *fp = figs ? figs : f;
    int rc = report_write(&r, hp, fp, &err);
    size_t drawn = 0;
    for (size_t i = 0; i < r.n; i++)
        drawn += r.figs[i].svg != NULL;
    if (rc == 0 && !quiet)
        printf("report: %zu figure%s drawn (%zu not: no data) in %s, each also as SVG in %s/\n", drawn,
               drawn == 1 ? "" : "s", r.n - drawn, hp, fp);
    report_free(&r);
    free(h);
    free(f);
    return rc < 0 ? cli_fail(&err) : 0;
}

int cli_report_dir(const char *dir, const char *experiment)
{
    report_opts_t o = {.input = dir, .experiment = experiment};
    return make_report(&o, NULL, NULL, false);
}

int cmd_report(int argc, char **argv)
{
    report_opts_t o = {0};
    const char *html = NULL, *figs = NULL;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(a, "-o") || !strcmp(a, "--figures") || !strcmp(a, "--figure") || !strcmp(a, "--baseline");
        if (takes && !v) {
            fprintf(stderr, "ctasim: option %s needs a value\n", a);
            return 2;
        }
        if (!strcmp(a, "-o")) {
            html = v;
            i++;
        } else if (!strcmp(a, "--figures")) {
            figs = v;
            i++;
        } else if (!strcmp(a, "--figure")) {
            o.figures = v;
            i++;
        } else if (!strcmp(a, "--baseline")) {
            o.baseline = v;
            i++;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ctasim: unknown option '%s' for report\n", a);
            return 2;
        } else if (o.input) {
            fprintf(stderr, "ctasim: report takes one input, got '%s' and '%s'\n", o.input, a);
            return 2;
        } else {
            o.input = a;
        }
    }
    if (!o.input) {
        fprintf(stderr, "ctasim: report needs an input: a sweep or experiment directory, or a run JSON\n");
        return 2;
    }
    cs_error_t err;
    if (o.figures && report_check_figures(o.figures, &err) < 0)
        return cli_fail_usage(&err);
    return make_report(&o, html, figs, false);
}

int cli_write_series_csv(const gpu_t *g, const run_opts_t *o, cs_error_t *err)
{
    if (!o->sample_interval || !o->json || !strcmp(o->json, "-"))
        return 0;
    const char *json_path = o->json;
    size_t n = strlen(json_path);
    if (n > 5 && !strcmp(json_path + n - 5, ".json"))
        n -= 5;
    char *path = cs_xmalloc(n + 16);
    snprintf(path, n + 16, "%.*s-series.csv", (int)n, json_path);
    const metrics_t *m = gpu_metrics(g);
    sbuf_t b;
    sb_init(&b);
    sb_puts(&b, "series,cycle,value\n");
    for (size_t i = 0; i < m->ns; i++)
        for (size_t k = 0; k < m->s[i].n; k++)
            sb_printf(&b, "%s,%llu,%.6g\n", m->s[i].name, (unsigned long long)m->s[i].cycle[k], m->s[i].value[k]);
    int rc = report_write_atomic(path, b.s, b.n, err);
    sb_free(&b);
    free(path);
    return rc;
}
