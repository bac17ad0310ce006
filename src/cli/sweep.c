/* sweep.c — `ctasim sweep`: one input (suite workload, synthetic kernel or
 * trace) across static CTA caps (--max-ctas A..B) and any list of CTA / warp
 * policies; one JSON per point, a summary CSV, and each kernel classified the
 * way the papers do (classify.h: Lee et al. Types I-IV, Li & Liang
 * Up/Optimal/Down with opt(k), Kayiran et al. Type-C/M/X; tolerance default
 * 2 %). OPT is the cap with the highest IPC.
 *
 * Four steps: parse the command line, plan the points (and refuse a bad
 * input, policy or output directory before any point runs), run the points
 * on the shared worker pool (jobs.h) through the same cli_simulate as `run`,
 * report. A point is exactly `ctasim run --max-ctas N` with the same options,
 * so its statistics are bit-identical to that run's; results do not depend
 * on --jobs because points are independent and reported in a fixed order.
 *
 * `--active-cores A..B` sweeps the number of cores instead (Song et al.
 * Fig. 3/4/7, Kayiran et al. Fig. 14a): a point is `ctasim run
 * --active-cores N`, and the report is cores.csv (cycles, IPC, gated
 * core-cycles, and energy and EDP when the run published the power model's
 * metrics) plus, per series, the best-performance count, the saturation
 * point (fewest cores within --tolerance of the best IPC) and the
 * EDP-optimal count (n/a without power metrics). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include "args.h"
#include "classify.h"
#include "cli.h"
#include "gpu/gpu.h"
#include "jobs.h"
#include "output.h"
#include "progress.h"

#define SWEEP_MAX_SERIES 16
#define SWEEP_MAX_CAP 64 /* ipc_curve_t holds caps 1..64 */

/* --- what the command line asked for --------------------------------------- */

typedef struct sweep_args {
    run_opts_t base; /* the `run` options: config, input, size, seed */
    const char *cta[SWEEP_MAX_SERIES], *warp[SWEEP_MAX_SERIES];
    unsigned n_cta, n_warp;
    bool have_range, have_cores;
    unsigned lo, hi;
    unsigned cores_lo, cores_hi;
    const char *out_dir;
    double tolerance;
    unsigned jobs;
    bool force;   /* --force: take over a directory that holds another sweep's results */
    int argc;     /* the command line, for each point's provenance */
    char **argv;
} sweep_args_t;

/* --- what will run ----------------------------------------------------------- */

typedef struct kernel_result {
    char name[64];
    uint64_t cycles, thread_insts;
    uint32_t occupancy; /* resource limit per SM (largest over launches) */
} kernel_result_t;

/* what the power model publishes at the end of a run (absent: power off) */
#define SWEEP_METRIC_ENERGY "power.energy_j"
#define SWEEP_METRIC_EDP "power.edp_js"

typedef struct point {
    unsigned max_ctas;
    unsigned active_cores; /* --active-cores sweeps; 0 otherwise */
    uint64_t gated;        /* gated core-cycles */
    bool have_power;
    double energy_j, edp_js;
    unsigned series; /* index into sweep_plan_t.series */
    char json_path[1024];
    int rc;
    cs_error_t err;
    gpu_totals_t t;
    uint64_t act, inact, idle, no_cta, cycles_all_cores;
    kernel_result_t *k; /* per kernel name, in first-launch order; owned */
    unsigned nk;
} point_t;

typedef struct series {
    const char *cta;  /* CTA policy chain */
    const char *warp; /* NULL: the config's scheduler */
} series_t;

typedef struct sweep_plan {
    const sweep_args_t *args;
    series_t series[SWEEP_MAX_SERIES];
    unsigned n_series;
    unsigned lo, hi;
    bool cores;      /* the points vary --active-cores over lo..hi, not the cap */
    point_t *points; /* series-major, caps ascending: points[se * per_series + (n - lo)] */
    size_t n_points;
    progress_t progress;
    atomic_size_t failed; /* points that failed so far (for the progress line) */
} sweep_plan_t;

static unsigned per_series(const sweep_plan_t *p) { return p->hi - p->lo + 1; }

static const char *warp_name(const sweep_plan_t *p, unsigned se)
{
    return p->series[se].warp ? p->series[se].warp : p->args->base.cfg.warp_sched;
}

/* --- parse ----------------------------------------------------------------- */

/* Take the sweep's own options out of argv; the rest are `run` options.
 * 0 or an exit code. */
static int sweep_parse(int argc, char **argv, sweep_args_t *a)
{
    memset(a, 0, sizeof *a);
    a->argc = argc;
    a->argv = argv;
    a->out_dir = "sweep-out";
    a->tolerance = 0.02;
    a->jobs = jobs_default();
    cs_error_t err;
    char **rest = cs_xcalloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0, rc = 0;
    rest[nrest++] = argv[0];
    rest[nrest++] = argv[1];
    for (int i = 2; i < argc && !rc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool mine = !strcmp(o, "--max-ctas") || !strcmp(o, "--active-cores") || !strcmp(o, "--cta-sched") ||
                    !strcmp(o, "--warp-sched") ||
                    !strcmp(o, "--jobs") || !strcmp(o, "-o") || !strcmp(o, "--tolerance");
        if (!strcmp(o, "--force")) {
            a->force = true;
            continue;
        }
        if (!strcmp(o, "--json")) {
            fprintf(stderr, "ctasim: sweep writes one JSON per point into -o DIR; --json is an option of run\n");
            rc = 2;
            break;
        }
        if (!mine) {
            rest[nrest++] = argv[i];
            continue;
        }
        if (!v) {
            fprintf(stderr, "ctasim: option %s needs a value\n", o);
            rc = 2;
            break;
        }
        i++;
        uint64_t lo, hi, n;
        if (!strcmp(o, "--max-ctas")) {
            if (cli_parse_uint_range(o, v, 1, SWEEP_MAX_CAP, &lo, &hi, &err) < 0)
                rc = cli_fail_usage(&err);
            a->have_range = true;
            a->lo = (unsigned)lo;
            a->hi = (unsigned)hi;
        } else if (!strcmp(o, "--active-cores")) {
            if (cli_parse_uint_range(o, v, 1, UINT32_MAX, &lo, &hi, &err) < 0)
                rc = cli_fail_usage(&err);
            a->have_cores = true;
            a->cores_lo = (unsigned)lo;
            a->cores_hi = (unsigned)hi;
        } else if (!strcmp(o, "--cta-sched") || !strcmp(o, "--warp-sched")) {
            bool cta = !strcmp(o, "--cta-sched");
            unsigned *count = cta ? &a->n_cta : &a->n_warp;
            if (*count == SWEEP_MAX_SERIES) {
                fprintf(stderr, "ctasim: at most %d %s options per sweep\n", SWEEP_MAX_SERIES, o);
                rc = 2;
            } else {
                (cta ? a->cta : a->warp)[(*count)++] = v;
            }
        } else if (!strcmp(o, "--jobs")) {
            if (cli_parse_uint(o, v, 1, CLI_MAX_JOBS, &n, &err) < 0)
                rc = cli_fail_usage(&err);
            a->jobs = (unsigned)n;
        } else if (!strcmp(o, "-o")) {
            a->out_dir = v;
        } else if (cli_parse_double(o, v, 0, 1, &a->tolerance, &err) < 0) { /* --tolerance */
            rc = cli_fail_usage(&err);
        }
    }
    if (!rc && a->have_cores && a->have_range) {
        fprintf(stderr, "ctasim: sweep --active-cores and --max-ctas: one range per sweep (a fixed cap: --set "
                        "ctasim_max_ctas=N)\n");
        rc = 2;
    }
    if (!rc)
        rc = cli_parse_opts(nrest, rest, &a->base, true);
    free(rest);
    return rc;
}

/* --- plan ------------------------------------------------------------------ */

/* "<out>/<cta>-<warp>-n<cap>.json" ("-c<cores>" for a cores sweep) with
 * anything but [A-Za-z0-9-] as '_'. */
static int json_path(const char *out_dir, const series_t *s, char kind, unsigned cap, char *buf, size_t n,
                     cs_error_t *err)
{
    char tag[96];
    snprintf(tag, sizeof tag, "%s-%s", s->cta, s->warp ? s->warp : "cfg");
    for (char *c = tag; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-'))
            *c = '_';
    if ((size_t)snprintf(buf, n, "%s/%s-%c%u.json", out_dir, tag, kind, cap) >= n)
        return cs_err(err, out_dir, 0, "output directory name too long");
    return 0;
}

/* Every (CTA, warp) pair, every cap; refuses what would fail at every point
 * (unknown input or policy) and two series writing the same JSON file. */
static int sweep_plan(const sweep_args_t *a, sweep_plan_t *p, cs_error_t *err)
{
    memset(p, 0, sizeof *p);
    p->args = a;
    if (cli_check_input(a->base.input, err) < 0)
        return -1;
    const char *default_cta = "rr", *config_warp = NULL;
    const char *const *ctas = a->n_cta ? a->cta : &default_cta;
    const char *const *warps = a->n_warp ? a->warp : &config_warp;
    unsigned nc = a->n_cta ? a->n_cta : 1, nw = a->n_warp ? a->n_warp : 1;
    if (nc * nw > SWEEP_MAX_SERIES)
        return cs_err(err, NULL, 0, "%u CTA x %u warp policies: at most %d combinations per sweep", nc, nw,
                      SWEEP_MAX_SERIES);
    for (unsigned c = 0; c < nc; c++)
        for (unsigned w = 0; w < nw; w++)
            p->series[p->n_series++] = (series_t){.cta = ctas[c], .warp = warps[w]};
    /* a policy spec is checked by building the GPU it would run on */
    for (unsigned se = 0; se < p->n_series; se++) {
        gpu_t *g = gpu_create(&a->base.cfg, p->series[se].cta, p->series[se].warp, err);
        if (!g)
            return -1;
        gpu_destroy(g);
    }
    p->lo = 1;
    p->hi = a->base.cfg.max_cta_per_sm < SWEEP_MAX_CAP ? a->base.cfg.max_cta_per_sm : SWEEP_MAX_CAP;
    if (a->have_range) {
        p->lo = a->lo;
        p->hi = a->hi;
    }
    if (a->have_cores) {
        uint32_t n_sm = config_n_sm(&a->base.cfg);
        if (a->cores_hi > n_sm)
            return cs_err(err, NULL, 0, "--active-cores %u..%u: the GPU has %u cores", a->cores_lo, a->cores_hi, n_sm);
        p->cores = true;
        p->lo = a->cores_lo;
        p->hi = a->cores_hi;
    }
    p->n_points = (size_t)p->n_series * per_series(p);
    p->points = cs_xcalloc(p->n_points, sizeof *p->points);
    size_t i = 0;
    for (unsigned se = 0; se < p->n_series; se++)
        for (unsigned n = p->lo; n <= p->hi; n++, i++) {
            point_t *pt = &p->points[i];
            pt->series = se;
            if (p->cores)
                pt->active_cores = n;
            else
                pt->max_ctas = n;
            if (json_path(a->out_dir, &p->series[se], p->cores ? 'c' : 'n', n, pt->json_path, sizeof pt->json_path,
                          err) < 0)
                return -1;
        }
    /* the first cap's names stand for the series' */
    unsigned per = per_series(p);
    for (unsigned s1 = 0; s1 < p->n_series; s1++)
        for (unsigned s2 = s1 + 1; s2 < p->n_series; s2++)
            if (!strcmp(p->points[s1 * per].json_path, p->points[s2 * per].json_path))
                return cs_err(err, NULL, 0, "policies %s/%s and %s/%s would write the same %s", p->series[s1].cta,
                              warp_name(p, s1), p->series[s2].cta, warp_name(p, s2), p->points[s1 * per].json_path);
    return 0;
}

static void sweep_plan_free(sweep_plan_t *p)
{
    for (size_t i = 0; i < p->n_points; i++)
        free(p->points[i].k);
    free(p->points);
    p->points = NULL;
}

/* --- the output directory ------------------------------------------------- */

/* A sweep's directory names what produced it in SWEEP_ID_FILE; a second,
 * different sweep into it would mix its points with the first's (their file
 * names overlap) or overwrite them, so it is refused unless --force. The same
 * sweep again simply rewrites its files. */
#define SWEEP_ID_FILE "sweep-id.txt"

static char *sweep_identity(const sweep_plan_t *p)
{
    const sweep_args_t *a = p->args;
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    fprintf(m, "ctasim sweep\ninput %s\n", a->base.input);
    if (app_find(a->base.input))
        fprintf(m, "size %s\nseed %llu\n", app_size_name(a->base.size), (unsigned long long)a->base.seed);
    fprintf(m, "config_fnv1a64 %016llx\n", (unsigned long long)cli_config_checksum(&a->base.cfg));
    for (unsigned se = 0; se < p->n_series; se++)
        fprintf(m, "series %s %s\n", p->series[se].cta, warp_name(p, se));
    fprintf(m, "%s %u..%u\n", p->cores ? "active_cores" : "max_ctas", p->lo, p->hi);
    fclose(m);
    return text;
}

/* Does DIR hold results of a sweep (point JSONs, summary) without saying
 * which? Then it is someone's, and not ours to overwrite either. */
static bool holds_results(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool found = false;
    for (struct dirent *e; !found && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        found = !strcmp(e->d_name, "summary.csv") || !strcmp(e->d_name, "classification.csv") ||
                !strcmp(e->d_name, "cores.csv") ||
                (n > 5 && !strcmp(e->d_name + n - 5, ".json"));
    }
    closedir(d);
    return found;
}

/* A point's JSON as json_path names it: "...-n<digits>.json" (a cap) or
 * "...-c<digits>.json" (a core count). */
static bool is_point_json(const char *name)
{
    size_t n = strlen(name);
    if (n < 8 || strcmp(name + n - 5, ".json"))
        return false;
    size_t i = n - 5;
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
        i--;
    return i < n - 5 && i >= 2 && (name[i - 1] == 'n' || name[i - 1] == 'c') && name[i - 2] == '-';
}

/* --force over another sweep: its points and tables go, so the directory
 * holds one sweep's results only. */
static void remove_sweep_results(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char path[1400];
    for (struct dirent *e; (e = readdir(d));)
        if (is_point_json(e->d_name) || !strcmp(e->d_name, "summary.csv") ||
            !strcmp(e->d_name, "classification.csv") || !strcmp(e->d_name, "cores.csv")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
}

static int claim_out_dir(const sweep_plan_t *p, cs_error_t *err)
{
    const char *dir = p->args->out_dir;
    char path[1100], *mine = sweep_identity(p);
    if (!mine)
        return cs_err(err, NULL, 0, "out of memory");
    snprintf(path, sizeof path, "%s/" SWEEP_ID_FILE, dir);
    size_t len = 0;
    char *theirs = NULL;
    cs_error_t ignore;
    if (access(path, F_OK) == 0 && cs_read_file(path, 1 << 16, &theirs, &len, &ignore) < 0)
        theirs = NULL;
    int rc = 0;
    if (!p->args->force) {
        if (theirs && strcmp(theirs, mine)) {
            const char *in = strstr(theirs, "input "), *nl = in ? strchr(in, '\n') : NULL;
            rc = cs_err(err, dir, 0,
                        "holds the results of another sweep (%.*s); choose another -o DIR or add --force to replace "
                        "them",
                        in && nl ? (int)(nl - in) : 7, in && nl ? in : "unknown");
        } else if (!theirs && holds_results(dir)) {
            rc = cs_err(err, dir, 0,
                        "holds results that no sweep claims (JSON or summary files); choose another -o DIR or add "
                        "--force");
        }
    }
    if (!rc && p->args->force && (!theirs || strcmp(theirs, mine)))
        remove_sweep_results(dir);
    if (!rc) {
        FILE *f = cli_output_open(path, err);
        if (!f)
            rc = -1;
        else {
            fputs(mine, f);
            rc = cli_output_close(f, path, err);
        }
    }
    free(theirs);
    free(mine);
    return rc;
}

/* --- run ------------------------------------------------------------------- */

static void progress(void *ctx, size_t done, size_t total)
{
    sweep_plan_t *p = ctx;
    progress_update(&p->progress, done, total, atomic_load(&p->failed));
}

/* What the report needs of a finished GPU. */
static void collect(point_t *pt, const gpu_t *g)
{
    gpu_get_totals(g, &pt->t);
    for (uint32_t i = 0; i < gpu_n_sm(g); i++) {
        const sm_counters_t *c = gpu_sm_counters(g, i);
        pt->act += c->act_cycles;
        pt->inact += c->inact_cycles;
        pt->idle += c->outcome[OUT_IDLE];
        pt->no_cta += c->no_cta_cycles;
        pt->cycles_all_cores += c->cycles;
        pt->gated += c->gated_cycles;
    }
    pt->have_power = gpu_metric_get(g, SWEEP_METRIC_ENERGY, &pt->energy_j) && gpu_metric_get(g, SWEEP_METRIC_EDP, &pt->edp_js);
    /* per kernel name: launches of the same kernel (BFS levels) add up */
    for (uint32_t i = 0; i < gpu_n_kernels(g); i++) {
        const kernel_run_t *k = gpu_kernel(g, i);
        unsigned j = 0;
        while (j < pt->nk && strcmp(pt->k[j].name, k->desc.name))
            j++;
        if (j == pt->nk) {
            pt->k = cs_xrealloc(pt->k, (size_t)(pt->nk + 1) * sizeof *pt->k);
            memset(&pt->k[j], 0, sizeof pt->k[j]);
            snprintf(pt->k[j].name, sizeof pt->k[j].name, "%.63s", k->desc.name);
            pt->nk++;
        }
        pt->k[j].cycles += k->end_cycle - k->start_cycle;
        pt->k[j].thread_insts += k->thread_insts;
        if (k->occupancy_limit > pt->k[j].occupancy)
            pt->k[j].occupancy = k->occupancy_limit;
    }
}

/* One point: `run --max-ctas N` with the series' policies. */
static void run_point(void *ctx, size_t index)
{
    sweep_plan_t *p = ctx;
    const sweep_args_t *a = p->args;
    point_t *pt = &p->points[index];
    const series_t *se = &p->series[pt->series];
    /* the point's options as `run` would hold them, for its provenance */
    run_opts_t *o = cs_xmalloc(sizeof *o);
    *o = a->base;
    o->cta_sched = se->cta;
    o->warp_sched = se->warp;
    char what[48];
    if (pt->active_cores) {
        o->cfg.active_cores = pt->active_cores;
        snprintf(what, sizeof what, "--active-cores %u", pt->active_cores);
    } else {
        o->cfg.max_ctas_override = pt->max_ctas;
        snprintf(what, sizeof what, "--max-ctas %u", pt->max_ctas);
    }
    sim_request_t req = {.cfg = &o->cfg, .cta_sched = se->cta, .warp_sched = se->warp, .input = a->base.input,
                         .size = a->base.size, .seed = a->base.seed};
    sim_outcome_t out;
    cs_error_t err;
    gpu_t *g = cli_simulate(&req, &out, &err);
    if (!g) {
        pt->rc = cs_err(&pt->err, NULL, 0, "sweep point %s/%s %s: %s", se->cta, warp_name(p, pt->series), what,
                        err.msg);
    } else {
        cli_record_provenance(g, &(cli_provenance_t){.argc = a->argc, .argv = a->argv, .opts = o,
                                                     .input = a->base.input, .check = out.check,
                                                     .detail = out.detail});
        if (out.check == 0)
            pt->rc = cs_err(&pt->err, NULL, 0, "%s: output check FAILED at %s/%s %s: %s", a->base.input, se->cta,
                            warp_name(p, pt->series), what, out.detail);
        else if (gpu_write_json(g, pt->json_path, &err) < 0)
            pt->rc = cs_err(&pt->err, NULL, 0, "%s", err.msg);
        collect(pt, g);
        gpu_destroy(g);
    }
    if (pt->rc)
        atomic_fetch_add(&p->failed, 1);
    free(o);
}

/* 0, or -1 with the first failed point's error (in point order). */
static int sweep_run(sweep_plan_t *p, cs_error_t *err)
{
    progress_start(&p->progress, "sweep", "points", isatty(2) && !p->args->base.quiet);
    jobs_run(p->n_points, p->args->jobs, run_point, p->args->base.quiet ? NULL : progress, p);
    for (size_t i = 0; i < p->n_points; i++)
        if (p->points[i].rc) {
            *err = p->points[i].err;
            return -1;
        }
    return 0;
}

/* --- report ---------------------------------------------------------------- */

/* summary.csv: one row per point. */
static int write_summary(const sweep_plan_t *p, cs_error_t *err)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/summary.csv", p->args->out_dir);
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "cta_sched,warp_sched,max_ctas,cycles,warp_insts,thread_insts,ipc,avg_mem_latency,"
               "l1d_miss_rate,l2_miss_rate,dram_bw_util,active_frac,idle_frac,ract,sim_wall_seconds\n");
    for (size_t i = 0; i < p->n_points; i++) {
        const point_t *pt = &p->points[i];
        double cyc = (double)(pt->cycles_all_cores ? pt->cycles_all_cores : 1);
        cli_csv_field(f, p->series[pt->series].cta);
        fputc(',', f);
        cli_csv_field(f, warp_name(p, pt->series));
        fprintf(f, ",%u,%llu,%llu,%llu,%.4f,%.2f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3f\n", pt->max_ctas,
                (unsigned long long)pt->t.cycles,
                (unsigned long long)pt->t.warp_insts, (unsigned long long)pt->t.thread_insts, pt->t.ipc,
                pt->t.avg_mem_latency,
                pt->t.l1_accesses ? (double)pt->t.l1_misses / (double)pt->t.l1_accesses : 0.0,
                pt->t.l2_accesses ? (double)pt->t.l2_misses / (double)pt->t.l2_accesses : 0.0, pt->t.dram_bw_util,
                (double)pt->act / cyc, (double)pt->idle / cyc,
                pt->act + pt->inact ? (double)pt->act / (double)(pt->act + pt->inact) : 0.0, pt->t.sim_wall_seconds);
    }
    return cli_output_close(f, path, err);
}

/* classification.csv and a table on stdout: per series, per kernel name. */
static int write_classification(const sweep_plan_t *p, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    char path[1100];
    snprintf(path, sizeof path, "%s/classification.csv", a->out_dir);
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    /* one IPC column per cap of the sweep; caps above a kernel's resource
     * limit (max_ctas_limit) change nothing and stay empty */
    fprintf(f, "cta_sched,warp_sched,kernel,max_ctas_limit,opt");
    for (unsigned n = p->lo; n <= p->hi; n++)
        fprintf(f, ",ipc_cap%u", n);
    fprintf(f, ",lee_type,liliang_type,kayiran_type,ract,idle_ratio\n");
    printf("%-10s %-6s %-24s %4s %4s %-5s %-8s %-7s  IPC by --max-ctas %u..%u\n", "cta", "warp", "kernel", "N",
           "OPT", "Lee", "Li&Liang", "Kayiran", p->lo, p->hi);
    unsigned per = per_series(p);
    for (unsigned se = 0; se < p->n_series; se++) {
        const point_t *first = &p->points[se * per];
        for (unsigned k = 0; k < first->nk; k++) {
            ipc_curve_t c = {.lo = p->lo, .hi = p->hi};
            uint32_t occ = 0;
            for (unsigned n = p->lo; n <= p->hi; n++) {
                const point_t *pt = &p->points[se * per + (n - p->lo)];
                const kernel_result_t *kr = NULL;
                for (unsigned j = 0; j < pt->nk; j++)
                    if (!strcmp(pt->k[j].name, first->k[k].name))
                        kr = &pt->k[j];
                c.ipc[n] = kr && kr->cycles ? (double)kr->thread_insts / (double)kr->cycles : 0.0;
                if (kr && kr->occupancy > occ)
                    occ = kr->occupancy;
            }
            if (occ && occ < c.hi) /* caps above the resource limit change nothing */
                c.hi = occ < c.lo ? c.lo : occ;
            const point_t *top = &p->points[se * per + (c.hi - p->lo)];
            double all = top->cycles_all_cores ? (double)top->cycles_all_cores : 1.0;
            double ract = (double)top->act / all, idle_ratio = (double)top->no_cta / all;
            unsigned opt = curve_opt(&c);
            const char *lee = classify_lee(&c, a->tolerance), *ll = classify_liliang(&c, a->tolerance),
                       *ky = classify_kayiran(ract, idle_ratio);
            const char *wname = warp_name(p, se), *cta = p->series[se].cta;
            printf("%-10s %-6s %-24.24s %4u %4u %-5s %-8s %-7s ", cta, wname, first->k[k].name, c.hi, opt, lee, ll,
                   ky);
            for (unsigned n = c.lo; n <= c.hi; n++)
                printf(" %.1f", c.ipc[n]);
            printf("\n");
            cli_csv_field(f, cta);
            fputc(',', f);
            cli_csv_field(f, wname);
            fputc(',', f);
            cli_csv_field(f, first->k[k].name);
            fprintf(f, ",%u,%u", c.hi, opt);
            for (unsigned n = p->lo; n <= p->hi; n++)
                if (n <= c.hi)
                    fprintf(f, ",%.4f", c.ipc[n]);
                else
                    fputc(',', f);
            fprintf(f, ",%s,%s,%s,%.4f,%.4f\n", lee, ll, ky, ract, idle_ratio);
        }
    }
    return cli_output_close(f, path, err);
}

/* A cores sweep: cores.csv, one row per point, and per series the
 * best-performance, saturation and EDP-optimal core counts (on stdout and in
 * classification.csv). */
static int write_cores(const sweep_plan_t *p, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    char path[1100];
    snprintf(path, sizeof path, "%s/cores.csv", a->out_dir);
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "cta_sched,warp_sched,active_cores,cycles,thread_insts,ipc,avg_mem_latency,gated_core_cycles,"
               "gated_frac,energy_j,edp_js\n");
    for (size_t i = 0; i < p->n_points; i++) {
        const point_t *pt = &p->points[i];
        double all = pt->cycles_all_cores ? (double)pt->cycles_all_cores : 1.0;
        cli_csv_field(f, p->series[pt->series].cta);
        fputc(',', f);
        cli_csv_field(f, warp_name(p, pt->series));
        fprintf(f, ",%u,%llu,%llu,%.4f,%.2f,%llu,%.4f,", pt->active_cores, (unsigned long long)pt->t.cycles, (unsigned long long)pt->t.thread_insts, pt->t.ipc,
                pt->t.avg_mem_latency, (unsigned long long)pt->gated, (double)pt->gated / all);
        if (pt->have_power)
            fprintf(f, "%.6g,%.6g\n", pt->energy_j, pt->edp_js);
        else
            fprintf(f, "n/a,n/a\n");
    }
    if (cli_output_close(f, path, err) < 0)
        return -1;
    snprintf(path, sizeof path, "%s/classification.csv", a->out_dir);
    f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "cta_sched,warp_sched,best_cores,saturation_cores,edp_opt_cores");
    for (unsigned n = p->lo; n <= p->hi; n++)
        fprintf(f, ",ipc_cores%u", n);
    fputc('\n', f);
    printf("%-10s %-6s %5s %5s %8s  IPC by --active-cores %u..%u\n", "cta", "warp", "best", "sat", "EDP-opt",
           p->lo, p->hi);
    unsigned per = per_series(p);
    for (unsigned se = 0; se < p->n_series; se++) {
        const point_t *pts = &p->points[se * per];
        unsigned best = 0, sat = 0, edp = 0;
        bool power = true;
        for (unsigned i = 0; i < per; i++) {
            if (pts[i].t.ipc > pts[best].t.ipc)
                best = i;
            power &= pts[i].have_power;
        }
        while (sat < best && pts[sat].t.ipc < pts[best].t.ipc * (1.0 - a->tolerance))
            sat++;
        for (unsigned i = 0; power && i < per; i++)
            if (pts[i].edp_js < pts[edp].edp_js)
                edp = i;
        char edp_s[16] = "n/a";
        if (power)
            snprintf(edp_s, sizeof edp_s, "%u", p->lo + edp);
        const char *wname = warp_name(p, se), *cta = p->series[se].cta;
        printf("%-10s %-6s %5u %5u %8s ", cta, wname, p->lo + best, p->lo + sat, edp_s);
        cli_csv_field(f, cta);
        fputc(',', f);
        cli_csv_field(f, wname);
        fprintf(f, ",%u,%u,%s", p->lo + best, p->lo + sat, edp_s);
        for (unsigned i = 0; i < per; i++) {
            printf(" %.1f", pts[i].t.ipc);
            fprintf(f, ",%.4f", pts[i].t.ipc);
        }
        printf("\n");
        fprintf(f, "\n");
    }
    return cli_output_close(f, path, err);
}

static int sweep_report(const sweep_plan_t *p, cs_error_t *err)
{
    if (p->cores) {
        if (write_cores(p, err) < 0)
            return -1;
    } else if (write_summary(p, err) < 0 || write_classification(p, err) < 0)
        return -1;
    double wall = 0;
    for (size_t i = 0; i < p->n_points; i++)
        wall += p->points[i].t.sim_wall_seconds;
    printf("sweep: %zu points, %.1f s of simulation, results in %s/ (%s, classification.csv, one JSON per point)\n",
           p->n_points, wall, p->args->out_dir, p->cores ? "cores.csv" : "summary.csv");
    return 0;
}

/* --- command --------------------------------------------------------------- */

int cmd_sweep(int argc, char **argv)
{
    static sweep_args_t args; /* run_opts_t holds a whole configuration */
    static sweep_plan_t plan;
    int rc = sweep_parse(argc, argv, &args);
    if (rc)
        return rc;
    cs_error_t err;
    /* everything that can be refused is refused before the first point */
    if (sweep_plan(&args, &plan, &err) < 0 || cli_output_dir(args.out_dir, &err) < 0 ||
        claim_out_dir(&plan, &err) < 0 || sweep_run(&plan, &err) < 0 ||
        sweep_report(&plan, &err) < 0) {
        sweep_plan_free(&plan);
        return cli_fail(&err);
    }
    sweep_plan_free(&plan);
    return 0;
}
