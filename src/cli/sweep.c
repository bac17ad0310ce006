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
 * EDP-optimal count (n/a without power metrics).
 *
 * Resuming: every file is written to a temporary and renamed into place, so
 * a point's JSON exists only once complete. A rerun of the same sweep (the
 * same options but --jobs, -o, --tolerance, --force: DIR/.sweep-key holds a
 * hash of them) into the same directory reads the points whose JSON is
 * complete back instead of simulating them again, and redoes the rest (a
 * missing, partial or corrupt JSON); --force redoes all.
 *
 * One directory holds one sweep: a different sweep into it is refused unless
 * --force, which removes the first one's results (claim_out_dir). */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "classify.h"
#include "exec_child.h"
#include "cli.h"
#include "mix.h"
#include "gpu/gpu.h"
#include "jobs.h"
#include "output.h"
#include "progress.h"
#include "slurm.h"
#include "report/json.h"
#include "policy/registry.h"

/* In the key of a sweep: the executable that made its points, so that a
 * rebuilt ctasim does not take an older build's points for its own. */
#define SWEEP_BUILD_TAG " build="

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
    bool force;        /* --force: redo every point; take over another sweep's directory */
    uint64_t key;      /* what the points depend on (every option but --jobs, -o, --tolerance, --force) */
    char key_text[2048];
    int argc;          /* the command line, for each point's provenance */
    char **argv;
    bool slurm;        /* --backend slurm: the points run as a Slurm job array (slurm.h) */
    slurm_opts_t slurm_opts;
    bool one_point;    /* --run-point K: a Slurm array task runs point K alone */
    size_t point;
    /* a CUDA program (an ELF executable as INPUT, or the word after --):
     * every point is `ctasim exec` of it (exec_child.h); its arguments are
     * argv[prog .. prog_end), the run options for exec run_words */
    int prog, prog_end;
    const char **run_words;
    int n_run_words;
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
    bool reused;        /* read back from a complete JSON of an earlier run */
    /* A cap at or above every kernel's occupancy limit is the same
     * simulation as the series' top cap (gpu.c: max_ctas_per_sm is
     * min(cap, limit), and nothing else reads the cap): same_as is that cap
     * (0: none), and `skipped` says it was not simulated but copied. */
    unsigned same_as;
    bool skipped;
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
    /* per series: the largest occupancy limit over its kernels, known once
     * its top cap ran (0: not yet); a cap sweep only */
    atomic_uint occupancy[SWEEP_MAX_SERIES];
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
    slurm_opts_default(&a->slurm_opts);
    /* an array task's command line is the sweep's plus "--run-point K"; its
     * points record the sweep's own command line */
    if (argc >= 4 && !strcmp(argv[argc - 2], "--run-point"))
        a->argc = argc - 2;
    /* a program and its arguments end the sweep's options: every word after
     * it is the program's (ctasim sweep [OPTIONS] ./app ARGS...) */
    for (int i = 2; i < a->argc && !a->prog; i++) {
        if (!strcmp(argv[i], "--") && i + 1 < a->argc)
            a->prog = i + 1;
        else if (exec_child_is_program(argv[i]))
            a->prog = i;
    }
    a->prog_end = a->argc;
    const int end = a->prog ? (!strcmp(argv[a->prog - 1], "--") ? a->prog - 1 : a->prog) : argc;
    cs_error_t err;
    char **rest = cs_xcalloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0, rc = 0;
    rest[nrest++] = argv[0];
    rest[nrest++] = argv[1];
    for (int i = 2; i < end && !rc; i++) {
        const char *o = argv[i], *v = i + 1 < end ? argv[i + 1] : NULL;
        if (!strcmp(o, "--force")) {
            a->force = true;
            continue;
        }
        if (!strcmp(o, "--threads")) { /* how a point runs, not what it is: not in the key */
            rest[nrest++] = argv[i];
            if (v)
                rest[nrest++] = argv[++i];
            continue;
        }
        bool backend = !strcmp(o, "--backend") || !strncmp(o, "--slurm-", 8) || !strcmp(o, "--run-point");
        bool mine = !strcmp(o, "--max-ctas") || !strcmp(o, "--active-cores") || !strcmp(o, "--cta-sched") ||
                    !strcmp(o, "--warp-sched") || !strcmp(o, "--jobs") || !strcmp(o, "-o") ||
                    !strcmp(o, "--tolerance") || backend;
        /* the key: every argument the points depend on, in order (where
         * they run is not one of them) */
        bool keyless = !strcmp(o, "--jobs") || !strcmp(o, "-o") || !strcmp(o, "--tolerance") ||
                       !strcmp(o, "--quiet") || backend;
        if (!keyless) {
            size_t l = strlen(a->key_text);
            snprintf(a->key_text + l, sizeof a->key_text - l, "%s%s%s%s", l ? " " : "", o,
                     mine && v ? " " : "", mine && v ? v : "");
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
            if (!v[0]) { /* not silently the default policy */
                fprintf(stderr, "ctasim: %s needs a policy name, got '' (`ctasim list %s`)\n", o, cta ? "cta" : "warp");
                rc = 2;
            } else if (*count == SWEEP_MAX_SERIES) {
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
        } else if (!strcmp(o, "--backend")) {
            if (strcmp(v, "local") && strcmp(v, "slurm")) {
                fprintf(stderr, "ctasim: --backend expects local or slurm, got '%s'\n", v);
                rc = 2;
            }
            a->slurm = !strcmp(v, "slurm");
        } else if (!strncmp(o, "--slurm-", 8)) {
            if (slurm_parse_option(&a->slurm_opts, o, v, &err) < 0)
                rc = cli_fail_usage(&err);
        } else if (!strcmp(o, "--run-point")) {
            if (cli_parse_uint(o, v, 0, UINT32_MAX, &n, &err) < 0)
                rc = cli_fail_usage(&err);
            a->one_point = true;
            a->point = (size_t)n;
        } else if (cli_parse_double(o, v, 0, 1, &a->tolerance, &err) < 0) { /* --tolerance */
            rc = cli_fail_usage(&err);
        }
    }
    if (!rc && a->have_cores && a->have_range) {
        fprintf(stderr, "ctasim: sweep --active-cores and --max-ctas: one range per sweep (a fixed cap: --set "
                        "ctasim_max_ctas=N)\n");
        rc = 2;
    }
    if (a->prog && a->argc < argc) { /* a Slurm task of a program's sweep: --run-point K after its arguments */
        uint64_t n;
        if (cli_parse_uint("--run-point", argv[argc - 1], 0, UINT32_MAX, &n, &err) < 0)
            rc = cli_fail_usage(&err);
        a->one_point = true;
        a->point = (size_t)n;
    }
    for (int i = 2; !rc && a->prog && i < nrest; i++)
        if (!strcmp(rest[i], "--size") || !strcmp(rest[i], "--seed") || !strcmp(rest[i], "--json")) {
            fprintf(stderr, "ctasim: sweep of a program: %s is not an option of exec (the program chooses its own "
                            "input)\n", rest[i]);
            rc = 2;
        }
    if (!rc)
        rc = cli_parse_opts(nrest, rest, &a->base, !a->prog);
    if (!rc && a->prog) {
        if (a->base.input) {
            fprintf(stderr, "ctasim: sweep: two inputs, %s and the program %s\n", a->base.input, argv[a->prog]);
            rc = 2;
        }
        a->base.input = argv[a->prog];
        /* the options exec takes, as given (not the program's words) */
        a->run_words = cs_xcalloc((size_t)nrest + 1, sizeof *a->run_words);
        for (int i = 2; i < nrest; i++)
            if (strcmp(rest[i], "--quiet"))
                a->run_words[a->n_run_words++] = rest[i];
        /* the key: the program's words and its build as well */
        struct stat st;
        if (stat(argv[a->prog], &st) != 0)
            memset(&st, 0, sizeof st);
        size_t l = strlen(a->key_text);
        snprintf(a->key_text + l, sizeof a->key_text - l, " program-bytes=%lld program-mtime=%lld",
                 (long long)st.st_size, (long long)st.st_mtime);
        for (int i = a->prog; i < a->prog_end; i++) {
            l = strlen(a->key_text);
            snprintf(a->key_text + l, sizeof a->key_text - l, " %s", argv[i]);
        }
    }
    /* several --cta-sched or --warp-sched are several series, where `run`
     * refuses a second one: say so, so a mistaken repeat is seen */
    for (int c = 0; !rc && !a->one_point && c < 2; c++) {
        unsigned count = c ? a->n_warp : a->n_cta;
        const char *const *names = c ? a->warp : a->cta;
        if (count < 2)
            continue;
        char list[512] = "";
        for (unsigned k = 0; k < count; k++) {
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", k ? ", " : "", names[k]);
        }
        printf("sweep: sweeping %u %s: %s (one series each)\n", count, c ? "warp schedulers" : "CTA policies", list);
    }
    free(rest);
    if (!rc) { /* the configuration as it came out, not only as it was named */
        size_t l = strlen(a->key_text);
        snprintf(a->key_text + l, sizeof a->key_text - l, " config=%016llx" SWEEP_BUILD_TAG "%016llx",
                 (unsigned long long)cli_config_checksum(&a->base.cfg), (unsigned long long)cli_exe_hash());
    }
    a->key = cs_fnv1a64(a->key_text, strlen(a->key_text));
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
    cli_file_tag(tag);
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
    if (a->prog) {
        /* a program: exec says what is wrong with it at the first point */
    } else if (mix_is_spec(a->base.input)) { /* a mix: every point runs the workloads together */
        mix_t m;
        if (mix_parse_spec(a->base.input, a->base.size, &m, err) < 0)
            return -1;
        mix_free(&m);
    } else if (cli_check_input(a->base.input, err) < 0) {
        return -1;
    }
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
        gpu_t *g = gpu_create_named(&a->base.cfg, p->series[se].cta, p->series[se].warp, err);
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

/* A point's JSON, whole or not at all (what resuming relies on). */
static int write_point_json(const gpu_t *g, const char *path, cs_error_t *err)
{
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    gpu_write_json_stream(g, f);
    return cli_output_close(f, path, err);
}

static uint64_t num_u64(const jv_t *v, const char *key) { return (uint64_t)json_num(json_get(v, key), 0); }

/* Fill PT from the complete JSON of an earlier run at its path, as collect()
 * would from the GPU: true if the file is there, parses and holds every
 * field the report needs; false (PT untouched) otherwise. */
static bool point_from_json(point_t *pt)
{
    jv_t doc;
    cs_error_t err;
    if (access(pt->json_path, R_OK) != 0 || json_load(pt->json_path, &doc, &err) < 0)
        return false;
    const jv_t *cores = json_get(&doc, "cores"), *kernels = json_get(&doc, "kernels"), *l1 = json_get(&doc, "l1d"),
               *l2 = json_get(&doc, "l2"), *dram = json_get(&doc, "dram");
    bool ok = cores && cores->kind == JV_ARR && kernels && kernels->kind == JV_ARR && l1 && l2 && dram &&
              json_get(&doc, "cycles") && json_get(&doc, "avg_mem_latency") && json_get(&doc, "sim_wall_seconds");
    if (!ok) {
        json_free(&doc);
        return false;
    }
    point_t p = *pt;
    memset(&p.t, 0, sizeof p.t);
    p.t.cycles = num_u64(&doc, "cycles");
    p.t.warp_insts = num_u64(&doc, "warp_insts");
    p.t.thread_insts = num_u64(&doc, "thread_insts");
    p.t.ipc = p.t.cycles ? (double)p.t.thread_insts / (double)p.t.cycles : 0.0; /* as gpu_get_totals */
    p.t.avg_mem_latency = json_num(json_get(&doc, "avg_mem_latency"), 0);
    p.t.l1_accesses = num_u64(l1, "accesses");
    p.t.l1_misses = num_u64(l1, "misses");
    p.t.l2_accesses = num_u64(l2, "accesses");
    p.t.l2_misses = num_u64(l2, "misses");
    p.t.dram_bw_util = json_num(json_get(dram, "bw_util"), 0);
    p.t.sim_wall_seconds = json_num(json_get(&doc, "sim_wall_seconds"), 0);
    p.act = p.inact = p.idle = p.no_cta = p.cycles_all_cores = p.gated = 0;
    for (size_t i = 0; i < cores->n; i++) {
        const jv_t *c = &cores->items[i];
        p.act += num_u64(c, "act_cycles");
        p.inact += num_u64(c, "inact_cycles");
        p.idle += num_u64(c, "idle");
        p.no_cta += num_u64(c, "no_cta_cycles");
        p.gated += num_u64(c, "gated_cycles");
        /* every core cycle has exactly one outcome */
        p.cycles_all_cores += num_u64(c, "active") + num_u64(c, "idle") + num_u64(c, "mem_stall") +
                              num_u64(c, "core_stall");
    }
    /* the power model's totals, as a cores sweep reads them from the GPU */
    const jv_t *metrics = json_get(&doc, "metrics");
    const jv_t *energy = metrics ? json_get(metrics, SWEEP_METRIC_ENERGY) : NULL,
               *edp = metrics ? json_get(metrics, SWEEP_METRIC_EDP) : NULL;
    p.have_power = energy && edp;
    p.energy_j = json_num(energy, 0);
    p.edp_js = json_num(edp, 0);
    p.k = NULL;
    p.nk = 0;
    for (size_t i = 0; i < kernels->n; i++) {
        const jv_t *k = &kernels->items[i];
        const char *name = json_str(json_get(k, "name"));
        if (!name)
            name = "";
        unsigned j = 0;
        while (j < p.nk && strcmp(p.k[j].name, name))
            j++;
        if (j == p.nk) {
            p.k = cs_xrealloc(p.k, (size_t)(p.nk + 1) * sizeof *p.k);
            memset(&p.k[j], 0, sizeof p.k[j]);
            snprintf(p.k[j].name, sizeof p.k[j].name, "%.63s", name);
            p.nk++;
        }
        p.k[j].cycles += num_u64(k, "end_cycle") - num_u64(k, "start_cycle");
        p.k[j].thread_insts += num_u64(k, "thread_insts");
        uint32_t occ = (uint32_t)num_u64(k, "occupancy_limit");
        if (occ > p.k[j].occupancy)
            p.k[j].occupancy = occ;
    }
    json_free(&doc);
    p.reused = true;
    *pt = p;
    return true;
}

/* The most CTAs per SM any kernel of PT can hold (0: no kernel). */
static uint32_t point_occupancy(const point_t *pt)
{
    uint32_t occ = 0;
    for (unsigned j = 0; j < pt->nk; j++)
        if (pt->k[j].occupancy > occ)
            occ = pt->k[j].occupancy;
    return occ;
}

/* Index of the top cap's point of series SE. */
static size_t top_point(const sweep_plan_t *p, unsigned se) { return (size_t)se * per_series(p) + per_series(p) - 1; }

/* One point of a program's sweep: `ctasim exec --max-ctas N` (or
 * --active-cores N) with the series' policies and the sweep's run options,
 * its JSON written by exec into the point's path (whole or not at all). */
static void run_program_point(sweep_plan_t *p, point_t *pt, bool top)
{
    const sweep_args_t *a = p->args;
    const series_t *se = &p->series[pt->series];
    const char **argv = cs_xcalloc((size_t)a->n_run_words + (size_t)(a->prog_end - a->prog) + 12, sizeof *argv);
    unsigned n = 0;
    char value[16], label[160];
    for (int i = 0; i < a->n_run_words; i++)
        argv[n++] = a->run_words[i];
    argv[n++] = "--cta-sched";
    argv[n++] = se->cta;
    if (se->warp) {
        argv[n++] = "--warp-sched";
        argv[n++] = se->warp;
    }
    argv[n++] = pt->active_cores ? "--active-cores" : "--max-ctas";
    snprintf(value, sizeof value, "%u", pt->active_cores ? pt->active_cores : pt->max_ctas);
    argv[n++] = value;
    argv[n++] = "--json";
    argv[n++] = pt->json_path;
    for (int i = a->prog; i < a->prog_end; i++)
        argv[n++] = a->argv[i];
    argv[n] = NULL;
    snprintf(label, sizeof label, "sweep point %s/%s %s %s", se->cta, warp_name(p, pt->series),
             pt->active_cores ? "--active-cores" : "--max-ctas", value);
    /* in the current folder, where `ctasim exec` would run it: the program's
     * relative paths hold (points in parallel share it: a program that reads
     * back a file it wrote wants --jobs 1) */
    if (exec_child_run(argv, label, ".", &pt->err) < 0)
        pt->rc = -1;
    else if (!point_from_json(pt))
        pt->rc = cs_err(&pt->err, pt->json_path, 0, "%s: exec wrote no complete result", label);
    else
        pt->reused = false; /* simulated now, only read back from exec's document */
    free(argv);
    if (top && !p->cores && !pt->rc)
        atomic_store(&p->occupancy[pt->series], point_occupancy(pt));
    if (pt->rc)
        atomic_fetch_add(&p->failed, 1);
}

/* One point: `run --max-ctas N` with the series' policies. */
static void run_point(void *ctx, size_t index)
{
    sweep_plan_t *p = ctx;
    const sweep_args_t *a = p->args;
    point_t *pt = &p->points[index];
    const series_t *se = &p->series[pt->series];
    bool top = index == top_point(p, pt->series);
    if (!p->cores && !top) { /* known to repeat the top cap: copied afterwards */
        uint32_t occ = atomic_load(&p->occupancy[pt->series]);
        if (occ && pt->max_ctas >= occ) {
            pt->skipped = true;
            return;
        }
    }
    if (a->prog) {
        run_program_point(p, pt, top);
        return;
    }
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
                         .size = a->base.size, .seed = a->base.seed,
                         .sample_interval = a->base.sample_interval};
    sim_outcome_t out;
    cs_error_t err;
    gpu_t *g = mix_is_spec(req.input) ? mix_simulate_spec(&req, &out, &err) : cli_simulate(&req, &out, &err);
    if (!g) {
        pt->rc = cs_err(&pt->err, NULL, 0, "sweep point %s/%s %s: %s", se->cta, warp_name(p, pt->series), what,
                        err.msg);
    } else {
        cli_record_provenance(g, &(cli_provenance_t){.argc = a->argc, .argv = a->argv, .opts = o,
                                                     .input = a->base.input, .check = out.check,
                                                     .detail = out.detail, .mix = mix_is_spec(a->base.input)});
        if (out.check == 0)
            pt->rc = cs_err(&pt->err, NULL, 0, "%s: output check FAILED at %s/%s %s: %s", a->base.input, se->cta,
                            warp_name(p, pt->series), what, out.detail);
        else if (write_point_json(g, pt->json_path, &err) < 0)
            pt->rc = cs_err(&pt->err, NULL, 0, "%s", err.msg);
        collect(pt, g);
        gpu_destroy(g);
        if (top && !p->cores && !pt->rc)
            atomic_store(&p->occupancy[pt->series], point_occupancy(pt));
    }
    if (pt->rc)
        atomic_fetch_add(&p->failed, 1);
    free(o);
}

/* The points still to run, by index into p->points. */
typedef struct todo {
    sweep_plan_t *p;
    size_t *index, n;
} todo_t;

static void run_todo(void *ctx, size_t i)
{
    todo_t *t = ctx;
    run_point(t->p, t->index[i]);
}

static void progress_todo(void *ctx, size_t done, size_t total)
{
    todo_t *t = ctx;
    progress(t->p, done, total);
}

/* DIR/.sweep-key: "KEY16HEX ARGS". The points of DIR can be reused when it
 * holds this sweep's key. */
static bool same_sweep(const sweep_args_t *a)
{
    char path[1100], line[2200];
    snprintf(path, sizeof path, "%s/.sweep-key", a->out_dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool same = false;
    if (fgets(line, sizeof line, f)) {
        char want[32];
        snprintf(want, sizeof want, "%016llx ", (unsigned long long)a->key);
        same = !strncmp(line, want, strlen(want));
    }
    fclose(f);
    return same;
}

static int write_key(const sweep_args_t *a, cs_error_t *err)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/%s", a->out_dir, ".sweep-key");
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "%016llx %s\n", (unsigned long long)a->key, a->key_text);
    return cli_output_close(f, path, err);
}

/* The same sweep's arguments as KEY_TEXT, made by another build: equal up to
 * the build tag (the executable's hash, cli_exe_hash). */
static const char *last_build_tag(const char *text)
{
    const char *last = NULL;
    for (const char *p = strstr(text, SWEEP_BUILD_TAG); p; p = strstr(p + 1, SWEEP_BUILD_TAG))
        last = p; /* the tag comes last: an argument may hold the same letters */
    return last;
}

static bool same_but_build(const char *old_text, const char *key_text)
{
    const char *a = last_build_tag(old_text), *b = last_build_tag(key_text);
    return a && b && a - old_text == b - key_text && !strncmp(old_text, key_text, (size_t)(b - key_text));
}

/* One directory, one sweep. DIR/.sweep-key names the sweep whose results it
 * holds (write_key). The same sweep again resumes (sweep_run); a different
 * one, or results no key claims, are refused unless --force, which removes
 * them first so the directory never mixes two sweeps. Then the key is ours. */
static int claim_out_dir(const sweep_plan_t *p, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    char path[1100], line[2200] = "";
    snprintf(path, sizeof path, "%s/.sweep-key", a->out_dir);
    FILE *f = fopen(path, "r");
    bool keyed = f != NULL;
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
        line[strcspn(line, "\n")] = '\0';
    }
    bool ours = keyed && same_sweep(a);
    if (!ours && !a->force) {
        if (keyed && same_but_build(line + (strlen(line) > 17 ? 17 : strlen(line)), a->key_text))
            return cs_err(err, a->out_dir, 0,
                          "holds this sweep's results from another build of ctasim (they need not match this "
                          "build's); add --force to run them again, or choose another -o DIR");
        if (keyed)
            return cs_err(err, a->out_dir, 0,
                          "holds the results of another sweep (%.200s); choose another -o DIR or add --force to "
                          "replace them",
                          strlen(line) > 17 ? line + 17 : "unknown");
        if (holds_results(a->out_dir))
            return cs_err(err, a->out_dir, 0,
                          "holds results that no sweep claims (JSON or summary files); choose another -o DIR or "
                          "add --force");
    }
    if (!ours && a->force)
        remove_sweep_results(a->out_dir);
    return write_key(a, err);
}

/* --- on Slurm (slurm.h) ------------------------------------------------------- */

/* A point is done when its JSON is there: it is renamed into place complete. */
static bool point_written(void *ctx, size_t i)
{
    const sweep_plan_t *p = ctx;
    return access(p->points[i].json_path, R_OK) == 0;
}

static void slurm_progress(void *ctx, size_t done, size_t total)
{
    sweep_plan_t *p = ctx;
    if (!p->args->base.quiet)
        progress_update(&p->progress, done, total, 0);
}

/* Run the points of todo[0..n) as a Slurm job array, then read them back as a
 * resumed sweep does. */
static int sweep_run_slurm(sweep_plan_t *p, const size_t *todo, size_t n, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    char work[1100];
    snprintf(work, sizeof work, "%s/slurm", a->out_dir);
    slurm_batch_t b = {.label = "sweep", .unit = "points", .task_option = "--run-point"};
    if (slurm_run_points(&a->slurm_opts, &b, work, a->argc, a->argv, todo, n, p->n_points, point_written,
                         slurm_progress, p, err) < 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!point_from_json(&p->points[todo[i]]))
            return cs_err(err, p->points[todo[i]].json_path, 0, "written by a Slurm task but not a complete result");
    return 0;
}

/* `--run-point K`: one Slurm array task. The directory must be this sweep's
 * (the submitting sweep claimed it); the point's JSON is written as a local
 * sweep writes it, and the exit code says whether it was. */
static int sweep_run_one(sweep_plan_t *p, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    if (a->point >= p->n_points)
        return cs_err(err, NULL, 0, "--run-point %zu: the sweep has %zu points (0..%zu)", a->point, p->n_points,
                      p->n_points - 1);
    if (!same_sweep(a))
        return cs_err(err, a->out_dir, 0, "is not this sweep's directory (its .sweep-key differs); --run-point "
                                          "runs a point of the sweep that submitted it");
    run_point(p, a->point);
    if (p->points[a->point].rc) {
        *err = p->points[a->point].err;
        return -1;
    }
    return 0;
}

/* After the points ran: every cap at or above its series' occupancy limit
 * is marked the same as the top cap (whether or not it was simulated before
 * the limit was known, so summary.csv does not depend on --jobs), skipped
 * ones get the top cap's numbers, and one line says so. 0. */
static int mark_same_points(sweep_plan_t *p)
{
    if (p->cores || per_series(p) < 2)
        return 0;
    unsigned first = 0, last = 0, same_occ = 0, top_cap = p->hi;
    bool any = false, uniform = true, skipped = false;
    for (unsigned se = 0; se < p->n_series; se++) {
        const point_t *top = &p->points[top_point(p, se)];
        uint32_t occ = point_occupancy(top);
        if (!occ || occ >= p->hi)
            continue;
        for (size_t i = (size_t)se * per_series(p); i < top_point(p, se); i++) {
            point_t *pt = &p->points[i];
            if (pt->max_ctas < occ)
                continue;
            pt->same_as = top->max_ctas;
            skipped = skipped || pt->skipped;
            if (pt->skipped) { /* the top cap's numbers, as its own run would give */
                kernel_result_t *k = cs_xmalloc((top->nk ? top->nk : 1) * sizeof *k);
                if (top->nk)
                    memcpy(k, top->k, top->nk * sizeof *k);
                point_t copy = *top;
                copy.k = k;
                copy.max_ctas = pt->max_ctas;
                copy.series = pt->series;
                memcpy(copy.json_path, pt->json_path, sizeof copy.json_path);
                copy.same_as = pt->same_as;
                copy.skipped = true;
                copy.reused = false;
                copy.t.sim_wall_seconds = 0; /* it took no simulation time */
                free(pt->k);
                *pt = copy;
            }
        }
        if (any && occ != same_occ)
            uniform = false;
        if (!any) {
            first = occ > p->lo ? occ : p->lo;
            last = p->hi - 1;
            same_occ = occ;
        }
        any = true;
    }
    if (any)
        fprintf(stderr,
                "ctasim: warning: sweep: --max-ctas %u..%u %s at or above the kernels' occupancy limit (%s%u CTAs "
                "per SM) and so repeat%s --max-ctas %u's simulation: summary.csv marks %s same_as=%u%s\n",
                first, last, first == last ? "is" : "are", uniform ? "" : "in some series ", same_occ,
                first == last ? "s" : "", top_cap, first == last ? "it" : "them", top_cap,
                !skipped ? " (all were simulated: they ran before that was known)"
                : first == last ? ", and it is not simulated again" : ", and they are not simulated again");
    return 0;
}

/* 0, or -1 with the first failed point's error (in point order). Points with
 * a complete JSON from an earlier run of the same sweep are read back. */
static int sweep_run(sweep_plan_t *p, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    size_t reused = 0;
    if (!a->force && same_sweep(a))
        for (size_t i = 0; i < p->n_points; i++)
            reused += point_from_json(&p->points[i]);
    todo_t t = {.p = p, .index = cs_xcalloc(p->n_points ? p->n_points : 1, sizeof *t.index)};
    /* a cap sweep runs each series' top cap first: its kernels' occupancy
     * limit tells which lower caps would repeat it (run_point skips those) */
    for (unsigned se = 0; !p->cores && se < p->n_series; se++) {
        size_t i = top_point(p, se);
        if (p->points[i].reused)
            atomic_store(&p->occupancy[se], point_occupancy(&p->points[i]));
        else
            t.index[t.n++] = i;
    }
    for (size_t i = 0; i < p->n_points; i++) {
        point_t *pt = &p->points[i];
        if (pt->reused || (!p->cores && i == top_point(p, pt->series)))
            continue;
        uint32_t occ = p->cores ? 0 : atomic_load(&p->occupancy[pt->series]);
        if (occ && pt->max_ctas >= occ) /* its top cap was read back: known to repeat it */
            pt->skipped = true;
        else
            t.index[t.n++] = i;
    }
    if (reused)
        printf("sweep: resuming in %s: %zu of %zu points complete from an earlier run, running %zu (--force "
               "runs all)\n",
               a->out_dir, reused, p->n_points, t.n);
    fflush(stdout);
    progress_start(&p->progress, "sweep", "points", isatty(2) && !a->base.quiet);
    if (t.n && a->slurm) {
        int rc = sweep_run_slurm(p, t.index, t.n, err);
        free(t.index);
        return rc < 0 ? rc : mark_same_points(p);
    }
    if (t.n)
        jobs_run(t.n, a->jobs, run_todo, a->base.quiet ? NULL : progress_todo, &t);
    free(t.index);
    for (size_t i = 0; i < p->n_points; i++)
        if (p->points[i].rc) {
            *err = p->points[i].err;
            return -1;
        }
    return mark_same_points(p);
}

/* --- report ---------------------------------------------------------------- */

/* summary.csv: one row per point. */
static int write_summary(const sweep_plan_t *p, cs_error_t *err)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/%s", p->args->out_dir, "summary.csv");
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "cta_sched,warp_sched,max_ctas,cycles,warp_insts,thread_insts,ipc,avg_mem_latency,"
               "l1d_miss_rate,l2_miss_rate,dram_bw_util,active_frac,idle_frac,ract,same_as,sim_wall_seconds\n");
    for (size_t i = 0; i < p->n_points; i++) {
        const point_t *pt = &p->points[i];
        double cyc = (double)(pt->cycles_all_cores ? pt->cycles_all_cores : 1);
        cli_csv_field(f, p->series[pt->series].cta);
        fputc(',', f);
        cli_csv_field(f, warp_name(p, pt->series));
        fprintf(f, ",%u,%llu,%llu,%llu,%.4f,%.2f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,", pt->max_ctas,
                (unsigned long long)pt->t.cycles,
                (unsigned long long)pt->t.warp_insts, (unsigned long long)pt->t.thread_insts, pt->t.ipc,
                pt->t.avg_mem_latency,
                pt->t.l1_accesses ? (double)pt->t.l1_misses / (double)pt->t.l1_accesses : 0.0,
                pt->t.l2_accesses ? (double)pt->t.l2_misses / (double)pt->t.l2_accesses : 0.0, pt->t.dram_bw_util,
                (double)pt->act / cyc, (double)pt->idle / cyc,
                pt->act + pt->inact ? (double)pt->act / (double)(pt->act + pt->inact) : 0.0);
        /* same_as: the cap whose simulation this one repeats (empty: its
         * own); before the wall time, which stays the last column */
        if (pt->same_as)
            fprintf(f, "%u", pt->same_as);
        fprintf(f, ",%.3f\n", pt->t.sim_wall_seconds);
    }
    return cli_output_close(f, path, err);
}

/* classification.csv and a table on stdout: per series, per kernel name. */
static int write_classification(const sweep_plan_t *p, cs_error_t *err)
{
    const sweep_args_t *a = p->args;
    char path[1100];
    snprintf(path, sizeof path, "%s/%s", a->out_dir, "classification.csv");
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

static sweep_args_t sweep_args; /* run_opts_t holds a whole configuration */
static int sweep_command(int argc, char **argv);

int cmd_sweep(int argc, char **argv)
{
    int rc = sweep_command(argc, argv);
    free(sweep_args.run_words);
    sweep_args.run_words = NULL;
    return rc;
}

static int sweep_command(int argc, char **argv)
{
    sweep_args_t *const a = &sweep_args;
    static sweep_plan_t plan;
    int rc = sweep_parse(argc, argv, a);
    if (rc)
        return rc;
    cs_error_t err;
    /* everything that can be refused is refused before the first point */
    if (a->one_point) { /* a Slurm array task */
        rc = sweep_plan(a, &plan, &err) < 0 || sweep_run_one(&plan, &err) < 0 ? cli_fail(&err) : 0;
        sweep_plan_free(&plan);
        return rc;
    }
    if (sweep_plan(a, &plan, &err) < 0 || cli_output_dir(a->out_dir, &err) < 0 ||
        claim_out_dir(&plan, &err) < 0 || sweep_run(&plan, &err) < 0 ||
        sweep_report(&plan, &err) < 0) {
        sweep_plan_free(&plan);
        return cli_fail(&err);
    }
    sweep_plan_free(&plan);
    return 0;
}
