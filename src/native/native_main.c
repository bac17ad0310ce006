/* native_main.c — build/ctasim-native: the suite's workloads on a real GPU.
 *
 *   ctasim native [--size S] [--seed N] [--repeat R] [--warmup W] [--warm-ms MS]
 *                 [--max-ctas N] [--carveout PCT|default] [--csv FILE] [--kernels-csv FILE]
 *                 WORKLOAD...|all
 *
 * The same drivers, inputs and output checks as `ctasim run WORKLOAD`
 * (src/apps/), linked with the runtime API on the CUDA driver
 * (native_runtime.c) instead of the simulator. Each workload runs W times
 * untimed, then R times timed; every kernel launch is timed with CUDA
 * events, and the report gives medians over the R runs. The untimed runs
 * load the module, first-launch its kernels and touch the device buffers
 * the timed runs then use again (native_runtime.c keeps them per workload),
 * so a timed run's events measure its kernels only. The CSV is the
 * input of `ctasim correlate`.
 *
 * Exit status: 0 when every workload ran and passed its check; 1 when one
 * failed (its line says why; the others still run); 2 for a usage mistake. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "apps/apps.h"
#include "native_runtime.h"

typedef struct {
    app_size_t size;
    uint64_t seed;
    unsigned repeat, warmup;
    double warm_ms;
    native_setup_t setup;
    const char *csv, *kernels_csv;
} opts_t;

/* A usage mistake: one line naming it, exit status 2. Without a message:
 * the usage text on standard output (--help). */
static int usage(const char *msg, const char *arg)
{
    if (msg) {
        fprintf(stderr, "ctasim native: %s%s%s (ctasim native --help)\n", msg, arg ? ": " : "", arg ? arg : "");
        return 2;
    }
    printf("usage: ctasim native [--size small|default|paper] [--seed N] [--repeat R] [--warmup W] [--warm-ms MS]\n"
           "                     [--max-ctas N] [--carveout PCT|default] [--csv FILE] [--kernels-csv FILE]\n"
           "                     WORKLOAD...|all\n"
           "Run the suite's workloads on this machine's NVIDIA GPU (the CUDA driver, libcuda.so.1, or\n"
           "$CTASIM_LIBCUDA): the same PTX, inputs and output checks as `ctasim run WORKLOAD`. Each runs W\n"
           "times untimed (default 1), then R times (default 5) with every kernel timed by CUDA events;\n"
           "the report gives medians. Before the first, a spin kernel keeps the GPU busy for MS ms (default\n"
           "500): an idle GPU runs at a low clock.\n"
           "  --max-ctas N       at most N CTAs per SM, made by padding each launch's dynamic shared memory\n"
           "                     (the driver's occupancy calculator decides how much); the carve-out is then\n"
           "                     pinned at 100 %% shared unless --carveout says otherwise\n"
           "  --carveout PCT     pin the shared-memory carve-out of every kernel (default: the driver's choice)\n"
           "  --csv FILE         one row per workload (the input of `ctasim correlate`)\n"
           "  --kernels-csv FILE one row per kernel launch, with its padding, CTAs per SM and registers\n"
           "Exit status: 0 when every workload passed its check, 1 otherwise.\n"
           "example: ctasim native --size paper --csv h100.csv all && ctasim correlate h100.csv\n");
    return 0;
}

static int parse_uint(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (!*s || *end || errno || v > max || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Median, smallest and largest of v[0..n) (sorted in place). */
static void stats(float *v, size_t n, float *med, float *lo, float *hi)
{
    qsort(v, n, sizeof *v, cmp_float);
    *lo = v[0];
    *hi = v[n - 1];
    *med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A CSV written as rows come, under FILE.partial, renamed to FILE at the
 * end: a run cut short keeps its rows and never replaces an earlier FILE. */
typedef struct {
    const char *path;
    char tmp[4096];
    FILE *f;
} out_csv_t;

static int csv_open(out_csv_t *c, const char *path, const char *header)
{
    c->path = path;
    c->f = NULL;
    if (!path)
        return 0;
    snprintf(c->tmp, sizeof c->tmp, "%s.partial", path);
    c->f = fopen(c->tmp, "w");
    if (!c->f) {
        fprintf(stderr, "ctasim native: %s: %s\n", c->tmp, strerror(errno));
        return -1;
    }
    fprintf(c->f, "%s\n", header);
    fflush(c->f);
    return 0;
}

static int csv_close(out_csv_t *c)
{
    if (!c->f)
        return 0;
    int bad = ferror(c->f) | fclose(c->f);
    if (bad || rename(c->tmp, c->path) != 0) {
        fprintf(stderr, "ctasim native: could not write %s (rows kept in %s)\n", c->path, c->tmp);
        return -1;
    }
    fprintf(stderr, "ctasim native: written %s\n", c->path);
    return 0;
}

/* Commas and quotes out of a free-text field (the check's detail). */
static void csv_text(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : *s, f);
    fputc('"', f);
}

typedef struct {
    native_launch_t *launches; /* of the first timed run */
    size_t n;
    float *ms; /* [run * n + i] */
} timings_t;

/* One workload: warm-up runs, timed runs, one report line and CSV rows.
 * 0 when every run passed, 1 otherwise. */
static int run_workload(const app_def_t *app, const opts_t *o, const native_device_info_t *dev, out_csv_t *csv,
                        out_csv_t *kcsv)
{
    timings_t t = {0};
    float *totals = cs_xcalloc(o->repeat, sizeof *totals);
    char detail[256] = "", why[CS_ERRMSG_MAX + 64] = "";
    int passed = 1, same_shape = 1;
    unsigned runs = 0;
    for (unsigned r = 0; r < o->warmup + o->repeat; r++) {
        ctasim_runtime_t *rt = ctasim_create();
        cs_error_t err = {{0}};
        int ok = app_run(app, rt, o->size, o->seed, detail, sizeof detail, &err);
        if (ok < 0 || ctasim_synchronize(rt, &err) < 0) {
            snprintf(why, sizeof why, "error: %s", err.msg);
            passed = 0;
            ctasim_destroy(rt);
            break;
        }
        if (ok == 0) /* app_run: 1 when the output matched its reference */
            passed = 0;
        if (r >= o->warmup) {
            const native_launch_t *l;
            size_t n = native_launches(rt, &l);
            unsigned k = r - o->warmup;
            if (k == 0) {
                t.n = n;
                t.launches = cs_xmalloc((n ? n : 1) * sizeof *t.launches);
                memcpy(t.launches, l, n * sizeof *l);
                t.ms = cs_xcalloc((n ? n : 1) * o->repeat, sizeof *t.ms);
            } else if (n != t.n) {
                same_shape = 0; /* a data-dependent number of launches: totals only */
            }
            float sum = 0;
            for (size_t i = 0; i < n; i++) {
                sum += l[i].ms;
                if (same_shape && i < t.n)
                    t.ms[k * t.n + i] = l[i].ms;
            }
            totals[k] = sum;
            runs++;
        }
        ctasim_destroy(rt);
    }
    const char *verdict = why[0] ? "ERROR" : passed ? "PASS" : "FAIL";
    printf("%s (%s): %s", app->name, app_size_name(o->size), verdict);
    if (why[0])
        printf(" - %s", why);
    else if (detail[0])
        printf(" - %s", detail);
    float med = 0, lo = 0, hi = 0;
    int min_ctas = 0;
    if (runs) {
        stats(totals, runs, &med, &lo, &hi);
        for (size_t i = 0; i < t.n; i++)
            if (!min_ctas || t.launches[i].ctas_per_sm < min_ctas)
                min_ctas = t.launches[i].ctas_per_sm;
        printf(" | %zu launches, GPU %.4f ms (median of %u; %.4f to %.4f)", t.n, med, runs, lo, hi);
        if (o->setup.max_ctas)
            printf(", CTAs per SM at most %d", min_ctas);
    }
    printf("\n");
    fflush(stdout);
    if (csv->f) {
        fprintf(csv->f, "%s,%s,%llu,%s,%u,%zu,%.6f,%.6f,%.6f,%u,%d,%d,", app->name, app_size_name(o->size),
                (unsigned long long)o->seed, verdict, runs, t.n, med, lo, hi, o->setup.max_ctas, min_ctas,
                o->setup.carveout_pct);
        csv_text(csv->f, dev->name);
        fprintf(csv->f, ",%d,", dev->clock_khz / 1000);
        csv_text(csv->f, why[0] ? why : detail);
        fputc('\n', csv->f);
        fflush(csv->f);
    }
    if (kcsv->f && runs && same_shape) {
        float *v = cs_xmalloc(runs * sizeof *v);
        for (size_t i = 0; i < t.n; i++) {
            const native_launch_t *l = &t.launches[i];
            for (unsigned k = 0; k < runs; k++)
                v[k] = t.ms[k * t.n + i];
            float m, a, b;
            stats(v, runs, &m, &a, &b);
            fprintf(kcsv->f, "%s,%s,%zu,%s,%ux%ux%u,%ux%ux%u,%u,%u,%d,%d,%.6f,%.6f,%.6f\n", app->name,
                    app_size_name(o->size), i, l->kernel, l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y,
                    l->block.z, l->dyn_shmem, l->pad_shmem, l->ctas_per_sm, l->regs, m, a, b);
        }
        free(v);
        fflush(kcsv->f);
    }
    free(t.launches);
    free(t.ms);
    free(totals);
    return why[0] || !passed;
}

/* The command, with its two lists allocated by main (so that every early
 * return leaves nothing for the leak checker): names[] holds up to argc
 * words, apps[] up to app_count() per word. */
static int native_main(int argc, char **argv, const char **names, const app_def_t **apps)
{
    opts_t o = {.size = APP_DEFAULT, .seed = 1, .repeat = 5, .warmup = 1, .warm_ms = 500,
                .setup = {.max_ctas = 0, .carveout_pct = -2}};
    size_t n_names = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long x;
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(NULL, NULL);
        if (a[0] != '-') {
            names[n_names++] = a;
            continue;
        }
        if (!v)
            return usage("option without its value", a);
        i++;
        if (!strcmp(a, "--size")) {
            if (app_size_parse(v, &o.size) < 0)
                return usage("--size expects small, default or paper", v);
        } else if (!strcmp(a, "--seed")) {
            if (parse_uint(v, ~0ul, &x) < 0)
                return usage("--seed expects a non-negative integer", v);
            o.seed = x;
        } else if (!strcmp(a, "--repeat")) {
            if (parse_uint(v, 1000, &x) < 0 || x == 0)
                return usage("--repeat expects an integer from 1 to 1000", v);
            o.repeat = (unsigned)x;
        } else if (!strcmp(a, "--warmup")) {
            if (parse_uint(v, 1000, &x) < 0)
                return usage("--warmup expects an integer from 0 to 1000", v);
            o.warmup = (unsigned)x;
        } else if (!strcmp(a, "--warm-ms")) {
            if (parse_uint(v, 600000, &x) < 0)
                return usage("--warm-ms expects milliseconds from 0 to 600000", v);
            o.warm_ms = (double)x;
        } else if (!strcmp(a, "--max-ctas")) {
            if (parse_uint(v, 64, &x) < 0 || x == 0)
                return usage("--max-ctas expects an integer from 1 to 64", v);
            o.setup.max_ctas = (uint32_t)x;
        } else if (!strcmp(a, "--carveout")) {
            if (!strcmp(v, "default"))
                o.setup.carveout_pct = -1;
            else if (parse_uint(v, 100, &x) < 0)
                return usage("--carveout expects a percentage from 0 to 100 or 'default'", v);
            else
                o.setup.carveout_pct = (int)x;
        } else if (!strcmp(a, "--csv")) {
            o.csv = v;
        } else if (!strcmp(a, "--kernels-csv")) {
            o.kernels_csv = v;
        } else {
            return usage("unknown option", a);
        }
    }
    if (!n_names)
        return usage("no workload named (a name of `ctasim list workloads`, or all)", NULL);
    /* With a cap the carve-out is pinned, so that L1 does not grow as the
     * padding takes shared memory away: all shared (100 %) unless told. */
    if (o.setup.carveout_pct == -2)
        o.setup.carveout_pct = o.setup.max_ctas ? 100 : -1;
    size_t n_apps = 0;
    for (size_t i = 0; i < n_names; i++) {
        if (!strcasecmp(names[i], "all")) {
            for (unsigned k = 0; k < app_count(); k++)
                apps[n_apps++] = app_at(k);
            continue;
        }
        const app_def_t *app = app_find(names[i]);
        if (!app)
            return usage("no such workload", names[i]);
        apps[n_apps++] = app;
    }
    cs_error_t err = {{0}};
    native_device_info_t dev;
    if (native_setup(&o.setup, &dev, &err) < 0) {
        fprintf(stderr, "ctasim %s\n", err.msg);
        return 1;
    }
    fprintf(stderr,
            "ctasim native: %s (compute %d.%d, %d SMs, SM clock up to %d MHz, %d KB shared memory per SM), "
            "driver %d.%d; %u warm-up and %u timed runs per workload\n",
            dev.name, dev.cc_major, dev.cc_minor, dev.sm_count, dev.clock_khz / 1000, dev.shmem_per_sm / 1024,
            dev.driver_version / 1000, dev.driver_version % 1000 / 10, o.warmup, o.repeat);
    if (native_warm_up(o.warm_ms, &err) < 0) {
        fprintf(stderr, "ctasim %s\n", err.msg);
        return 1;
    }
    out_csv_t csv, kcsv;
    if (csv_open(&csv, o.csv,
                 "workload,size,seed,check,runs,launches,gpu_ms_median,gpu_ms_min,gpu_ms_max,max_ctas,"
                 "ctas_per_sm_min,carveout_pct,device,sm_clock_mhz,detail") < 0 ||
        csv_open(&kcsv, o.kernels_csv,
                 "workload,size,launch,kernel,grid,block,dyn_shmem,pad_shmem,ctas_per_sm,regs,ms_median,ms_min,"
                 "ms_max") < 0)
        return 1;
    int failed = 0;
    native_release_buffers(); /* the warm-up kernel's */
    for (size_t i = 0; i < n_apps; i++) {
        failed += run_workload(apps[i], &o, &dev, &csv, &kcsv);
        native_release_buffers();
    }
    if (csv_close(&csv) < 0 || csv_close(&kcsv) < 0)
        return 1;
    fprintf(stderr, "ctasim native: %zu of %zu workloads passed\n", n_apps - (size_t)failed, n_apps);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    const char **names = cs_xcalloc((size_t)argc + 1, sizeof *names);
    const app_def_t **apps = cs_xcalloc((size_t)app_count() * (size_t)argc + 1, sizeof *apps);
    int rc = native_main(argc, argv, names, apps);
    free(apps);
    free(names);
    return rc;
}
