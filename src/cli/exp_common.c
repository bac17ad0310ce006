/* exp_common.c — what the experiment commands share (experiment.c,
 * exp_energy.c, exp_mix.c; declared in cli.h): the paper's workload names
 * mapped onto the suite, --workloads selection, the options every
 * experiment takes, and the warnings file of a run. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"
#include "jobs.h"
#include "output.h"

/* Where a paper's abbreviation for a kernel differs from our name for it.
 * Every other name of the lists above is ours as well. */
static const struct {
    const char *paper, *ours;
} aliases[] = {
    {"KM", "KMN"},   /* Kayiran Table 2: Rodinia Kmeans */
    {"MM", "MMUL"},  /* Kayiran Table 2: Parboil Matrix Multiplication */
    {"SD2", "SRAD"}, /* Kayiran Table 2: Rodinia SRAD2; our SRAD is srad_v2-like (SD1, srad_v1, we lack) */
    {"BS", "BLK"},   /* Yu Table 2: SDK Blackscholes */
    {"KMS", "KMN"},  /* Yu Table 2: Rodinia Kmeans */
    {"SP", "SCP"},   /* Yu Table 2: SDK Scalar product */
    {"ST", "STN"},   /* Yu Table 2: Parboil Stencil */
};

/* Our workload for the paper's NAME, NULL when the suite lacks it. */
const app_def_t *exp_suite_workload(const char *name)
{
    for (unsigned i = 0; i < CS_ARRAY_LEN(aliases); i++)
        if (!strcmp(aliases[i].paper, name))
            return app_find(aliases[i].ours);
    return app_find(name);
}

bool exp_selected(const char *only, const char *name)
{
    if (!only)
        return true;
    size_t len = strlen(name);
    for (const char *p = only; *p;) {
        const char *comma = strchr(p, ',');
        size_t l = comma ? (size_t)(comma - p) : strlen(p);
        if (l == len && !strncasecmp(p, name, l))
            return true;
        p = comma ? comma + 1 : p + l;
    }
    return false;
}

const char *exp_option_value(int argc, char **argv, int *i, bool known)
{
    const char *a = argv[*i];
    if (!known) {
        fprintf(stderr, "ctasim: unknown option '%s' for experiment %s\n", a, argv[2]);
        return NULL;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "ctasim: option %s needs a value\n", a);
        return NULL;
    }
    return argv[++*i];
}

/* Every name of --workloads A,B,.. must be a workload of the suite: a typo
 * would otherwise just shrink the experiment. */
static int check_workload_list(const char *list, cs_error_t *err)
{
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[64];
        if (!len || len >= sizeof name)
            return cs_err(err, NULL, 0, "--workloads expects names of the suite separated by commas, got '%s'", list);
        memcpy(name, p, len);
        name[len] = '\0';
        if (!app_find(name))
            return cs_err(err, NULL, 0, "--workloads: unknown workload '%s' (see `ctasim list workloads`)", name);
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int exp_common_option(const char *name, const char *value, app_size_t *size, unsigned *jobs, const char **out_dir,
                      const char **only, cs_error_t *err)
{
    if (!strcmp(name, "--size")) {
        if (app_size_parse(value, size) < 0)
            return cs_err(err, NULL, 0, "--size expects small, default or paper, got '%s'", value);
    } else if (!strcmp(name, "--jobs")) {
        uint64_t n;
        if (cli_parse_uint(name, value, 1, CLI_MAX_JOBS, &n, err) < 0)
            return -1;
        *jobs = (unsigned)n;
    } else if (!strcmp(name, "--threads")) {
        unsigned n;
        if (cli_parse_threads(name, value, &n, err) < 0)
            return -1;
        cli_set_threads(n);
    } else if (!strcmp(name, "-o")) {
        *out_dir = value;
    } else if (only && !strcmp(name, "--workloads")) {
        if (check_workload_list(value, err) < 0)
            return -1;
        *only = value;
    } else {
        return 0;
    }
    return 1;
}

bool exp_listed(const app_def_t *const *wl, unsigned n, const app_def_t *a)
{
    for (unsigned i = 0; i < n; i++)
        if (wl[i] == a)
            return true;
    return false;
}

unsigned exp_pick_workloads(const char *const *paper, const char *only, bool all, unsigned max,
                            const app_def_t **wl, bool *in_paper)
{
    unsigned n = 0;
    for (unsigned i = 0; paper[i] && n < max; i++) {
        const app_def_t *a = exp_suite_workload(paper[i]);
        if (a && exp_selected(only, a->name) && !exp_listed(wl, n, a)) {
            in_paper[n] = true;
            wl[n++] = a;
        }
    }
    for (unsigned k = 0; (all || only) && k < app_count() && n < max; k++) {
        const app_def_t *a = app_at(k);
        if (exp_selected(only, a->name) && !exp_listed(wl, n, a)) {
            in_paper[n] = false;
            wl[n++] = a;
        }
    }
    return n;
}

void exp_warn(exp_warnings_t *w, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "ctasim: warning: %s\n", line);
    size_t n = strlen(line);
    w->text = cs_xrealloc(w->text, w->len + n + 2);
    memcpy(w->text + w->len, line, n);
    w->text[w->len + n] = '\n';
    w->len += n + 1;
    w->text[w->len] = '\0';
}

void exp_inert_add(exp_inert_t *l, const char *workload, uint64_t max_grid, unsigned cores)
{
    size_t len = strlen(l->names);
    if (len + 1 < sizeof l->names)
        snprintf(l->names + len, sizeof l->names - len, "%s%s (%llu CTAs)", l->n ? ", " : "", workload,
                 (unsigned long long)max_grid);
    l->n++;
    l->cores = cores;
}

void exp_inert_warn(exp_warnings_t *w, const exp_inert_t *l, const char *experiment, const char *label,
                    const char *cta, unsigned n_workloads, app_size_t size)
{
    if (l->n)
        exp_warn(w,
                 "%s: series %s (--cta-sched %s) cannot act on %u of %u workloads at %s size: no kernel has more "
                 "CTAs than the %u SMs, so it ran as rr would: %s",
                 experiment, label, cta, l->n, n_workloads, app_size_name(size), l->cores, l->names);
}

int exp_warnings_write(const exp_warnings_t *w, const char *out_dir, const char *name, cs_error_t *err)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/%s-warnings.txt", out_dir, name);
    if (!w->len) { /* a stale file of an earlier run goes: the page shows what this run said */
        if (unlink(path) < 0 && errno != ENOENT)
            return cs_err(err, path, 0, "cannot remove: %s", strerror(errno));
        return 0;
    }
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fwrite(w->text, 1, w->len, f);
    return cli_output_close(f, path, err);
}

void exp_warnings_free(exp_warnings_t *w)
{
    free(w->text);
    w->text = NULL;
    w->len = 0;
}

/* The ctasim executable itself (FNV-1a of /proc/self/exe), read once: every
 * cache of results keys on it, so that a rebuilt simulator never reuses the
 * runs of an older one. Without /proc, the offset basis alone. */
static uint64_t exe_hash_value;
static pthread_once_t exe_hash_once = PTHREAD_ONCE_INIT;

static void exe_hash_compute(void)
{
    uint64_t h = 0xcbf29ce484222325ull;
    FILE *f = fopen("/proc/self/exe", "rb");
    if (f) {
        char buf[65536];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            h = cs_fnv1a64_update(h, buf, n);
        fclose(f);
    }
    exe_hash_value = h;
}

uint64_t cli_exe_hash(void)
{
    pthread_once(&exe_hash_once, exe_hash_compute);
    return exe_hash_value;
}
