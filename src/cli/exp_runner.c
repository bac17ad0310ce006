/* exp_runner.c — the one runner of the experiments declared as exp_def_t
 * (exp_runner.h): every (workload, series) pair an independent simulation
 * through cli_simulate (the path `run` takes) on the shared worker pool
 * (jobs.h) or as a Slurm job array, reported in a fixed order, so results do
 * not depend on --jobs.
 *
 *   ctasim experiment NAME|all [--size small|default|paper] [--workloads A,B,..]
 *                          [--all-workloads] [--jobs N] [-o DIR] [--force] [--report]
 *                          [--power] [--backend local|slurm] [--slurm-* V] [--tcs ARGS]
 *
 * Workloads: the paper's own for that figure (the def's list) that the suite
 * has, in the paper's order; each run prints which of the paper's workloads
 * it runs and which are missing from the suite, and writes the same as
 * NAME-workloads.csv. --workloads A,B picks among them; a name the paper
 * does not list runs too, with a note saying so. --all-workloads runs the
 * whole suite (the paper's workloads first).
 *
 * Resuming: each finished simulation's result is kept in
 * DIR/.runs/NAME/WORKLOAD--SERIES.run (NAME: the def's cache when experiments
 * share runs; a static sweep's in DIR/.runs/static-PRESET/, shared by the
 * experiments: exp_is_sweep), written to a temporary and renamed, with a key
 * naming the experiment, preset, size, workload, every run option of the
 * series and the build, and doubles in hexadecimal so they read back
 * exactly; a rerun reads back every run whose file is complete and matches,
 * and simulates the rest. --force simulates all. The output directory is
 * created before anything runs; the tables are written through a temporary,
 * and announced only once written. */
#include "exp_runner.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "exp_suite.h"
#include "jobs.h"
#include "output.h"
#include "slurm.h"
#include "policy/policy_metrics.h"

/* --- what the plans and reports use ----------------------------------------------- */

exp_series_t *exp_add_series(exp_run_t *r, const char *label, const char *cta, const char *warp)
{
    if (r->ns == EXP_MAX_SERIES) { /* a plan's mistake, not the user's: stop rather than drop a series */
        fprintf(stderr, "ctasim: experiment %s plans more than %d series\n", r->def->name, EXP_MAX_SERIES);
        abort();
    }
    exp_series_t *s = &r->series[r->ns++];
    memset(s, 0, sizeof *s);
    snprintf(s->label, sizeof s->label, "%s", label);
    if (r->tcs_args && (!strcmp(cta, "tcs") || !strcmp(cta, "htcs") || !strncmp(cta, "tcs:", 4)))
        snprintf(s->cta, sizeof s->cta, "%s%s%s", cta, strchr(cta, ':') ? "," : ":", r->tcs_args);
    else
        snprintf(s->cta, sizeof s->cta, "%s", cta);
    snprintf(s->warp, sizeof s->warp, "%s", warp ? warp : r->def->warp ? r->def->warp : "");
    s->pcpg = s->gate_rf = -1;
    return s;
}

void exp_add_static_sweep(exp_run_t *r, const char *warp)
{
    unsigned n = r->cfg.max_cta_per_sm < 8 ? r->cfg.max_cta_per_sm : 8;
    for (unsigned k = 1; k <= n; k++) {
        char label[32];
        snprintf(label, sizeof label, "n=%u", k);
        exp_add_series(r, label, "rr", warp)->max_ctas = k;
    }
}

static int switch_value(exp_switch_t v) { return v == EXP_ON ? 1 : v == EXP_OFF ? 0 : -1; }

/* The def's series, in the order exp_def_t gives. */
static void plan(exp_run_t *r)
{
    const exp_def_t *def = r->def;
    if (def->sweep == EXP_SWEEP_FIRST)
        exp_add_static_sweep(r, NULL);
    for (const exp_series_decl_t *d = def->series; d && d->label; d++) {
        exp_series_t *s = exp_add_series(r, d->label, d->cta, d->warp);
        s->pcpg = switch_value(d->pcpg);
        s->gate_rf = switch_value(d->gate_rf);
    }
    if (def->sweep == EXP_SWEEP_LAST)
        exp_add_static_sweep(r, NULL);
    if (def->plan)
        def->plan(r);
}

const char *exp_paper_name(const exp_run_t *r, unsigned w)
{
    return r->prog[w] ? r->prog[w]->ours : r->wl[w]->name;
}

unsigned exp_find_series(const exp_run_t *r, const char *label)
{
    for (unsigned s = 0; s < r->ns; s++)
        if (!strcmp(r->series[s].label, label))
            return s;
    return 0;
}

void exp_out(exp_run_t *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (r->csv) {
        va_start(ap, fmt);
        vfprintf(r->csv, fmt, ap);
        va_end(ap);
    }
}

FILE *exp_extra_open(exp_run_t *r, const char *file, char *path, size_t n)
{
    snprintf(path, n, "%s/%s", r->out_dir, file);
    FILE *f = cli_output_open(path, &r->extra_err);
    if (!f)
        r->extra_rc = -1;
    return f;
}

int exp_extra_close(exp_run_t *r, FILE *f, const char *path)
{
    if (cli_output_close(f, path, &r->extra_err) < 0)
        return r->extra_rc = -1;
    return 0;
}

/* --- results kept for resuming ------------------------------------------------ */

static const char *warp_name(const exp_series_t *s) { return s->warp[0] ? s->warp : "preset"; }

/* DIR/.runs/NAME/WORKLOAD--LABEL.run, with anything but [A-Za-z0-9-] as '_';
 * a static sweep's run DIR/.runs/static-PRESET/WORKLOAD--LABEL--WARP.run. */
static void run_path(const exp_run_t *r, size_t i, char *buf, size_t n)
{
    char tag[160];
    const exp_series_t *se = &r->series[i % r->ns];
    if (exp_is_sweep(se))
        snprintf(tag, sizeof tag, "%s--%s--%s", r->wl[i / r->ns]->name, se->label, warp_name(se));
    else
        snprintf(tag, sizeof tag, "%s--%s", r->wl[i / r->ns]->name, se->label);
    cli_file_tag(tag);
    snprintf(buf, n, "%s/%s.run", exp_is_sweep(se) ? r->sweep_dir : r->cache_dir, tag);
}

/* What a run depends on; a kept result is reused only under the same key. */
static void run_key(const exp_run_t *r, size_t i, char *buf, size_t n)
{
    const exp_series_t *se = &r->series[i % r->ns];
    const char *experiment = exp_is_sweep(se) ? "static-sweep" : r->def->cache ? r->def->cache : r->def->name;
    snprintf(buf, n,
             "v3 experiment=%s preset=%s size=%s seed=1 workload=%s cta=%s warp=%s cap=%u active=%u pcpg=%d "
             "gate=%d sample=%u power=%d build=%016llx",
             experiment, r->def->config, app_size_name(r->size), r->wl[i / r->ns]->name, se->cta, warp_name(se),
             se->max_ctas, se->active, se->pcpg, se->gate_rf, se->sample, r->cfg.power.enabled ? 1 : 0,
             (unsigned long long)cli_exe_hash());
    const exp_program_t *p = r->prog[i / r->ns];
    if (p) { /* a suite's program: its arguments and its build as well */
        size_t len = strlen(buf);
        buf[len] = ' ';
        exp_suite_key(p, buf + len + 1, n - len - 1);
    }
}

static void free_result(exp_result_t *x)
{
    free(x->n_cycle);
    free(x->n_value);
    free(x->kcores);
    free(x->pt_cycle);
    free(x->pt_ipc);
    x->n_cycle = x->pt_cycle = NULL;
    x->n_value = x->kcores = x->pt_ipc = NULL;
}

/* Write the result of job I (best effort: a result not kept is only run again). */
static void save_run(const exp_run_t *r, size_t i, const exp_result_t *x)
{
    char path[1200], key[4096];
    run_path(r, i, path, sizeof path);
    run_key(r, i, key, sizeof key);
    cs_error_t ignore; /* best effort: a result not kept is only run again */
    FILE *f = cli_output_open(path, &ignore);
    if (!f)
        return;
    const gpu_totals_t *t = &x->t;
    fprintf(f, "key %s\n", key);
    fprintf(f, "totals %llu %llu %llu %a %llu %llu %llu %llu %a %a %a\n", (unsigned long long)t->cycles,
            (unsigned long long)t->warp_insts, (unsigned long long)t->thread_insts, t->ipc,
            (unsigned long long)t->l1_accesses, (unsigned long long)t->l1_misses, (unsigned long long)t->l2_accesses,
            (unsigned long long)t->l2_misses, t->avg_mem_latency, t->dram_bw_util, t->sim_wall_seconds);
    fprintf(f, "cores %llu %llu %llu %llu %llu %llu %llu\n", (unsigned long long)x->no_cta,
            (unsigned long long)x->act, (unsigned long long)x->cycles_all, (unsigned long long)x->c_mem_all,
            (unsigned long long)x->c_mem_wait, (unsigned long long)x->c_mem_sched,
            (unsigned long long)x->c_mem_sched_mem);
    fprintf(f, "policy %a %a %u %d %d\n", x->t_new, x->n_avg, x->occupancy, x->fills_gpu ? 1 : 0, x->check);
    fprintf(f, "grid %llu %u %d\n", (unsigned long long)x->max_grid, x->cores, x->inert ? 1 : 0);
    fprintf(f, "power %a %a %a %a %a %a\n", x->energy, x->static_j, x->dynamic_j, x->avg_w, x->edp, x->tcs_cores);
    fprintf(f, "series %zu\n", x->n_points);
    for (size_t p = 0; p < x->n_points; p++)
        fprintf(f, "%llu %a\n", (unsigned long long)x->n_cycle[p], x->n_value[p]);
    fprintf(f, "kernels %u\n", x->nk);
    for (unsigned k = 0; k < x->nk; k++)
        fprintf(f, "%a\n", x->kcores[k]);
    fprintf(f, "sm_ipc %u %zu\n", x->nsm, x->npts);
    for (size_t p = 0; p < x->npts; p++) {
        fprintf(f, "%llu", (unsigned long long)x->pt_cycle[p]);
        for (unsigned c = 0; c < x->nsm; c++)
            fprintf(f, " %a", x->pt_ipc[c * x->npts + p]);
        fprintf(f, "\n");
    }
    /* a suite program's own check; the detail (no newline) to the end of the line */
    fprintf(f, "program_check %d %u %s\n", x->prog_check, x->same_as, x->prog_detail);
    fprintf(f, "end\n");
    cli_output_close(f, path, &ignore);
}

/* The lines after "key" of a .run file into *y; false on anything amiss. */
static bool read_run(FILE *f, exp_result_t *y)
{
    unsigned long long u[8];
    double d[4];
    int fills = 0, inert = 0;
    if (fscanf(f, "totals %llu %llu %llu %la %llu %llu %llu %llu %la %la %la\n", &u[0], &u[1], &u[2], &d[0], &u[3],
               &u[4], &u[5], &u[6], &d[1], &d[2], &d[3]) != 11)
        return false;
    y->t.cycles = u[0];
    y->t.warp_insts = u[1];
    y->t.thread_insts = u[2];
    y->t.ipc = d[0];
    y->t.l1_accesses = u[3];
    y->t.l1_misses = u[4];
    y->t.l2_accesses = u[5];
    y->t.l2_misses = u[6];
    y->t.avg_mem_latency = d[1];
    y->t.dram_bw_util = d[2];
    y->t.sim_wall_seconds = d[3];
    if (fscanf(f, "cores %llu %llu %llu %llu %llu %llu %llu\n", &u[0], &u[1], &u[2], &u[3], &u[4], &u[5], &u[6]) != 7)
        return false;
    y->no_cta = u[0];
    y->act = u[1];
    y->cycles_all = u[2];
    y->c_mem_all = u[3];
    y->c_mem_wait = u[4];
    y->c_mem_sched = u[5];
    y->c_mem_sched_mem = u[6];
    if (fscanf(f, "policy %la %la %u %d %d\n", &y->t_new, &y->n_avg, &y->occupancy, &fills, &y->check) != 5)
        return false;
    y->fills_gpu = fills != 0;
    if (fscanf(f, "grid %llu %u %d\n", &u[7], &y->cores, &inert) != 3)
        return false;
    y->max_grid = u[7];
    y->inert = inert != 0;
    if (fscanf(f, "power %la %la %la %la %la %la\n", &y->energy, &y->static_j, &y->dynamic_j, &y->avg_w, &y->edp,
               &y->tcs_cores) != 6)
        return false;
    size_t np = 0;
    if (fscanf(f, "series %zu\n", &np) != 1 || np >= ((size_t)1 << 24))
        return false;
    if (np) {
        y->n_cycle = cs_xcalloc(np, sizeof *y->n_cycle);
        y->n_value = cs_xcalloc(np, sizeof *y->n_value);
        y->n_points = np;
        for (size_t p = 0; p < np; p++) {
            if (fscanf(f, "%llu %la\n", &u[7], &y->n_value[p]) != 2)
                return false;
            y->n_cycle[p] = u[7];
        }
    }
    if (fscanf(f, "kernels %u\n", &y->nk) != 1 || y->nk > EXP_MAX_KERNELS)
        return false;
    if (y->nk) {
        y->kcores = cs_xcalloc(y->nk, sizeof *y->kcores);
        for (unsigned k = 0; k < y->nk; k++)
            if (fscanf(f, "%la\n", &y->kcores[k]) != 1)
                return false;
    }
    if (fscanf(f, "sm_ipc %u %zu\n", &y->nsm, &y->npts) != 2 || y->nsm > 1024 || y->npts >= ((size_t)1 << 20))
        return false;
    if (y->npts && y->nsm) {
        y->pt_cycle = cs_xcalloc(y->npts, sizeof *y->pt_cycle);
        y->pt_ipc = cs_xcalloc(y->npts * y->nsm, sizeof *y->pt_ipc);
        for (size_t p = 0; p < y->npts; p++) {
            if (fscanf(f, "%llu", &u[0]) != 1)
                return false;
            y->pt_cycle[p] = u[0];
            for (unsigned c = 0; c < y->nsm; c++)
                if (fscanf(f, " %la", &y->pt_ipc[c * y->npts + p]) != 1)
                    return false;
            if (fgetc(f) != '\n')
                return false;
        }
    }
    /* a suite program's check: "program_check CHECK SAME_AS DETAIL" (a file
     * without it, straight to "end", is read as having none) */
    char line[sizeof y->prog_detail + 64];
    if (!fgets(line, sizeof line, f))
        return false;
    if (!strncmp(line, "program_check ", 14)) {
        int used = 0;
        if (sscanf(line, "program_check %d %u %n", &y->prog_check, &y->same_as, &used) != 2 || !used)
            return false;
        line[strcspn(line, "\n")] = 0;
        snprintf(y->prog_detail, sizeof y->prog_detail, "%.199s", line + used);
        if (!fgets(line, sizeof line, f))
            return false;
    }
    return !strcmp(line, "end\n") && fgetc(f) == EOF;
}

/* Job I's result from an earlier run, if its file is complete and has the key. */
static bool load_run(const exp_run_t *r, size_t i, exp_result_t *x)
{
    char path[1200], key[4096], line[4200];
    run_path(r, i, path, sizeof path);
    run_key(r, i, key, sizeof key);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    exp_result_t y;
    memset(&y, 0, sizeof y);
    bool ok = fgets(line, sizeof line, f) && !strncmp(line, "key ", 4) && strlen(line) == strlen(key) + 5 &&
              !strncmp(line + 4, key, strlen(key)) && read_run(f, &y);
    fclose(f);
    if (!ok) {
        free_result(&y);
        return false;
    }
    y.seconds = y.t.sim_wall_seconds;
    y.reused = true;
    y.cmem_split = !r->prog[i / r->ns]; /* as measure and exp_suite_run leave it */
    *x = y;
    return true;
}

/* --- running ------------------------------------------------------------- */

/* What the reports read of a finished simulation G of series SE into X. */
static void measure(gpu_t *g, const gpu_config_t *cfg, const exp_series_t *se, exp_result_t *x)
{
    gpu_get_totals(g, &x->t);
    x->seconds = x->t.sim_wall_seconds;
    x->cmem_split = true;
    const unsigned per_core = cfg->num_sched_per_core ? cfg->num_sched_per_core : 1;
    for (uint32_t k = 0; k < gpu_n_sm(g); k++) {
        const sm_counters_t *c = gpu_sm_counters(g, k);
        x->no_cta += c->no_cta_cycles;
        x->act += c->act_cycles;
        x->cycles_all += c->cycles;
        x->c_mem_all += c->c_mem;
        x->c_mem_wait += c->c_mem_wait;
        x->c_mem_sched += c->c_mem_sched / per_core;
        x->c_mem_sched_mem += c->c_mem_sched_mem / per_core;
    }
    for (uint32_t k = 0; k < gpu_n_kernels(g); k++) {
        const kernel_run_t *kr = gpu_kernel(g, k);
        if (kr->occupancy_limit > x->occupancy)
            x->occupancy = kr->occupancy_limit;
        if (kr->total_ctas >= (uint64_t)gpu_n_sm(g) * kr->occupancy_limit)
            x->fills_gpu = true;
    }
    cli_grid_summary_t grid;
    cli_grid_summary(g, &grid);
    x->max_grid = grid.max_ctas;
    x->cores = grid.cores;
    x->inert = cli_policy_inert(se->cta, &grid);
    x->t_new = x->n_avg = -1;
    gpu_metric_get(g, METRIC_LCS_T_NEW, &x->t_new);
    gpu_metric_get(g, METRIC_DYNCTA_N_AVG, &x->n_avg);
    const uint64_t *sc;
    const double *sv;
    size_t np = gpu_metric_series(g, METRIC_DYNCTA_N_SERIES, &sc, &sv);
    if (np) {
        x->n_cycle = cs_xmalloc(np * sizeof *x->n_cycle);
        x->n_value = cs_xmalloc(np * sizeof *x->n_value);
        memcpy(x->n_cycle, sc, np * sizeof *sc);
        memcpy(x->n_value, sv, np * sizeof *sv);
        x->n_points = np;
    }
    x->energy = x->static_j = x->dynamic_j = x->avg_w = x->edp = x->tcs_cores = -1;
    gpu_metric_get(g, "power.energy_j", &x->energy);
    gpu_metric_get(g, "power.static_j", &x->static_j);
    gpu_metric_get(g, "power.dynamic_j", &x->dynamic_j);
    gpu_metric_get(g, "power.avg_w", &x->avg_w);
    gpu_metric_get(g, "power.edp_js", &x->edp);
    gpu_metric_get(g, METRIC_TCS_CORES, &x->tcs_cores);
    x->nk = gpu_n_kernels(g) < EXP_MAX_KERNELS ? gpu_n_kernels(g) : EXP_MAX_KERNELS;
    if (x->nk) {
        x->kcores = cs_xcalloc(x->nk, sizeof *x->kcores);
        for (unsigned k = 0; k < x->nk; k++) {
            char name[64];
            snprintf(name, sizeof name, METRIC_TCS_CORES ".k%u", k);
            x->kcores[k] = -1;
            gpu_metric_get(g, name, &x->kcores[k]);
        }
    }
    unsigned nsm = gpu_n_sm(g);
    const uint64_t *c0;
    const double *v0;
    np = se->sample ? gpu_metric_series(g, "sm_ipc/0", &c0, &v0) : 0;
    if (np && nsm) {
        x->nsm = nsm;
        x->npts = np;
        x->pt_cycle = cs_xcalloc(np, sizeof *x->pt_cycle);
        x->pt_ipc = cs_xcalloc(np * nsm, sizeof *x->pt_ipc);
        memcpy(x->pt_cycle, c0, np * sizeof *c0);
        for (unsigned c = 0; c < nsm; c++) {
            char name[32];
            const uint64_t *cc;
            const double *vv;
            snprintf(name, sizeof name, "sm_ipc/%u", c);
            size_t n = gpu_metric_series(g, name, &cc, &vv);
            for (size_t p = 0; p < np && p < n; p++)
                x->pt_ipc[c * np + p] = vv[p];
        }
    }
}

/* Job i of the pool: workload i / ns under series i % ns. */
static void run_job(exp_run_t *r, size_t i)
{
    unsigned w = (unsigned)(i / r->ns), s = (unsigned)(i % r->ns);
    exp_result_t *x = &r->res[i];
    const exp_series_t *se = &r->series[s];
    gpu_config_t cfg = r->cfg;
    cfg.max_ctas_override = se->max_ctas;
    if (se->active)
        cfg.active_cores = se->active;
    if (se->pcpg >= 0)
        cfg.power.pcpg = se->pcpg != 0;
    if (se->gate_rf >= 0)
        cfg.power.gate_unused_rf_shmem = se->gate_rf != 0;
    if (r->prog[w]) { /* a suite's program: a child `ctasim exec` (exp_suite.h) */
        if (exp_suite_run(r->prog[w], r->def->config, se, r->cfg.power.enabled, x) == 0)
            save_run(r, i, x);
        return;
    }
    sim_request_t req = {.cfg = &cfg, .cta_sched = se->cta, .warp_sched = se->warp[0] ? se->warp : NULL,
                         .input = r->wl[w]->name, .size = r->size, .seed = 1, .sample_interval = se->sample};
    sim_outcome_t out;
    gpu_t *g = cli_simulate(&req, &out, &x->err);
    if (!g) {
        x->rc = -1;
        return;
    }
    x->check = out.check;
    measure(g, &cfg, se, x);
    if (out.check == 0)
        cs_err(&x->err, NULL, 0, "%s: output check FAILED under %s: %s", r->wl[w]->name, se->label, out.detail);
    gpu_destroy(g);
    if (out.check != 0)
        save_run(r, i, x);
}

static void run_todo(void *ctx, size_t i)
{
    exp_run_t *r = ctx;
    run_job(r, r->todo[i]);
}

static void progress(void *ctx, size_t done, size_t total)
{
    exp_run_t *r = ctx;
    progress_update(&r->progress, done, total, 0);
}

/* --- the command line ---------------------------------------------------------- */

typedef struct exp_opts {
    app_size_t size;
    const char *out_dir, *only; /* only: --workloads A,B (NULL: not given) */
    unsigned jobs;
    bool all_workloads;         /* --all-workloads */
    bool power;                 /* --power: the power model on */
    bool force;                 /* --force: simulate every run again */
    bool report;                /* --report: DIR/report.html after the runs */
    const char *tcs_args;       /* --tcs ARGS (a family with tcs_option) */
    const char *suite, *suite_set; /* --suite S, --suite-set mid|ci (exp_suite.h) */
    int argc;                   /* the command line, for Slurm's array tasks */
    char **argv;
    bool slurm;                 /* --backend slurm: the runs as a Slurm job array (slurm.h) */
    slurm_opts_t slurm_opts;
    bool one_run;               /* --run-index K: an array task runs job K alone */
    size_t run_index;
} exp_opts_t;

/* The options after NAME into *o; 0, or the exit code of a bad one (its
 * error printed). FAMILY says which of the optional ones it takes. */
static int parse_options(const exp_family_t *family, int argc, char **argv, exp_opts_t *o)
{
    cs_error_t err;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--all-workloads")) {
            o->all_workloads = true;
            continue;
        }
        if (!strcmp(a, "--power")) { /* -power_simulation_enabled 1 on the experiment's preset */
            o->power = true;
            continue;
        }
        if (!strcmp(a, "--force")) {
            o->force = true;
            continue;
        }
        if (!strcmp(a, "--report")) {
            o->report = true;
            continue;
        }
        bool known = !strcmp(a, "--size") || !strcmp(a, "--workloads") || !strcmp(a, "--jobs") || !strcmp(a, "-o") ||
                     !strcmp(a, "--threads") || !strcmp(a, "--backend") || !strncmp(a, "--slurm-", 8) ||
                     !strcmp(a, "--run-index") || !strcmp(a, "--suite") || !strcmp(a, "--suite-set") ||
                     (family->tcs_option && !strcmp(a, "--tcs"));
        const char *v = exp_option_value(argc, argv, &i, known);
        if (!v)
            return 2;
        int common = exp_common_option(a, v, &o->size, &o->jobs, &o->out_dir, &o->only, &err);
        if (common < 0)
            return cli_fail_usage(&err);
        if (common > 0)
            continue;
        if (!strcmp(a, "--suite")) {
            o->suite = v;
        } else if (!strcmp(a, "--suite-set")) {
            o->suite_set = v;
        } else if (!strcmp(a, "--tcs")) {
            if (!*v || strchr(v, '+') || strchr(v, ':')) {
                fprintf(stderr, "ctasim: --tcs expects tcs arguments such as reset=window,stall=cmem, got '%s'\n", v);
                return 2;
            }
            o->tcs_args = v;
        } else if (!strcmp(a, "--backend")) {
            if (strcmp(v, "local") && strcmp(v, "slurm")) {
                fprintf(stderr, "ctasim: --backend expects local or slurm, got '%s'\n", v);
                return 2;
            }
            o->slurm = !strcmp(v, "slurm");
        } else if (!strcmp(a, "--run-index")) {
            uint64_t n;
            if (cli_parse_uint(a, v, 0, UINT32_MAX, &n, &err) < 0)
                return cli_fail_usage(&err);
            o->one_run = true;
            o->run_index = (size_t)n;
        } else if (slurm_parse_option(&o->slurm_opts, a, v, &err) < 0) {
            return cli_fail_usage(&err);
        }
    }
    return 0;
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned pick_workloads(const exp_def_t *def, const exp_opts_t *o, const app_def_t **wl, bool *in_paper)
{
    return exp_pick_workloads(def->paper, o->only, o->all_workloads, EXP_MAX_WORKLOADS, wl, in_paper);
}

static unsigned count_selected(const exp_def_t *def, const exp_opts_t *o)
{
    const app_def_t *wl[EXP_MAX_WORKLOADS];
    bool in_paper[EXP_MAX_WORKLOADS];
    return pick_workloads(def, o, wl, in_paper);
}

/* --- the paper's workloads ------------------------------------------------------- */

/* Append to the string BUF of capacity CAP (truncating). */
static void cat(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void cat(char *buf, size_t cap, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
}

/* The line before the table: how many of the paper's workloads the suite
 * has (and under which of our names), which it lacks, and how --workloads or
 * --all-workloads changed the set, e.g.
 *   yu-fig11-12: 10 of the paper's 13 workloads (Table 2; BS, KMS, SP, ST as our BLK, KMN, SCP, STN), missing: LIB, MC, NN */
static char suite_note[2600]; /* the line print_coverage adds for --suite (add_suite_programs) */

static void print_coverage(const exp_run_t *r)
{
    const exp_def_t *def = r->def;
    unsigned total = 0, have = 0, running = 0, extra = 0, nal = 0;
    char missing[512] = "", al_paper[256] = "", al_ours[256] = "", extras[512] = "";
    for (unsigned i = 0; def->paper[i]; i++) {
        const app_def_t *a = exp_suite_workload(def->paper[i]);
        total++;
        if (!a) {
            cat(missing, sizeof missing, "%s%s", *missing ? ", " : "", def->paper[i]);
            continue;
        }
        have++;
        if (strcmp(a->name, def->paper[i])) {
            cat(al_paper, sizeof al_paper, "%s%s", nal ? ", " : "", def->paper[i]);
            cat(al_ours, sizeof al_ours, "%s%s", nal ? ", " : "", a->name);
            nal++;
        }
    }
    for (unsigned w = 0; w < r->nw; w++) {
        if (r->in_paper[w]) {
            running++;
            continue;
        }
        cat(extras, sizeof extras, "%s%s", extra ? ", " : "", r->wl[w]->name);
        extra++;
    }
    char line[2048] = "";
    cat(line, sizeof line, "%s: %u of the paper's %u workloads (%s", def->name, have, total, def->source);
    if (nal)
        cat(line, sizeof line, "; %s as our %s", al_paper, al_ours);
    cat(line, sizeof line, "), %s%s", *missing ? "missing: " : "none missing", missing);
    if (running < have)
        cat(line, sizeof line, "; running %u of them (--workloads)", running);
    if (extra > 8)
        cat(line, sizeof line, "; plus %u workloads of the suite the paper does not list", extra);
    else if (extra)
        cat(line, sizeof line, "; plus %s, which the paper does not list", extras);
    printf("%s\n", line);
    if (r->programs)
        printf("%s\n", suite_note);
}

/* NAME-workloads.csv: the paper's workloads, ours for each and whether this
 * run had it (run, not-selected, missing), then the workloads it ran that
 * the paper does not list (extra). */
static int write_workloads_csv(const exp_run_t *r, const char *path, cs_error_t *err)
{
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    /* --suite: a program_check column, the programs' own checks over their runs (exp_suite.h) */
    const char *col = r->programs ? "," : "";
    fprintf(f, "paper_workload,suite_workload,status%s\n", r->programs ? ",program_check" : "");
    for (unsigned i = 0; r->def->paper[i]; i++) {
        const app_def_t *a = exp_suite_workload(r->def->paper[i]);
        const char *status = !a ? "missing" : exp_listed(r->wl, r->nw, a) ? "run" : "not-selected";
        fprintf(f, "%s,%s,%s%s\n", r->def->paper[i], a ? a->name : "", status, col);
    }
    for (unsigned w = 0; w < r->nw; w++)
        if (!r->in_paper[w] && !r->prog[w])
            fprintf(f, ",%s,extra%s\n", r->wl[w]->name, col);
    for (unsigned w = 0; w < r->nw; w++)
        if (r->prog[w]) { /* the paper's name of our kernel it stands beside, the program, status program */
            char check[32];
            exp_suite_check_summary(r, w, check, sizeof check);
            fprintf(f, "%s,%s,program,%s\n", r->prog[w]->ours, r->wl[w]->name, check);
        }
    return cli_output_close(f, path, err);
}

static void free_results(exp_run_t *r)
{
    exp_warnings_free(&r->warnings);
    free(r->programs);
    r->programs = NULL;
    for (size_t i = 0; r->res && i < (size_t)r->nw * r->ns; i++)
        free_result(&r->res[i]);
    free(r->res);
    r->res = NULL;
    free(r->todo);
    r->todo = NULL;
}

/* --suite: each of the suite's programs whose kernel of ours is selected
 * joins as the row after it (exp_suite.h); a line says which ran and which
 * of the suite's programs the experiment has no workload for. 0, or -1 with
 * err (nothing of the suite to run is an error: --suite was asked for). */
static int add_suite_programs(exp_run_t *r, const exp_opts_t *o, cs_error_t *err)
{
    exp_program_t *pg;
    unsigned np;
    const char *set = o->suite_set ? o->suite_set : "mid";
    if (exp_suite_load(o->suite, set, &pg, &np, err) < 0)
        return -1;
    r->programs = pg;
    const app_def_t *wl[EXP_MAX_WORKLOADS];
    bool in_paper[EXP_MAX_WORKLOADS];
    const exp_program_t *prog[EXP_MAX_WORKLOADS];
    bool used[256] = {false};
    unsigned n = 0, added = 0;
    for (unsigned w = 0; w < r->nw; w++) {
        wl[n] = r->wl[w];
        in_paper[n] = r->in_paper[w];
        prog[n++] = NULL;
        for (unsigned p = 0; p < np && p < 256; p++)
            if (!strcasecmp(pg[p].ours, r->wl[w]->name)) {
                if (n == EXP_MAX_WORKLOADS)
                    return cs_err(err, NULL, 0, "--suite %s: more than %d workloads and programs (use --workloads)",
                                  o->suite, EXP_MAX_WORKLOADS);
                wl[n] = &pg[p].def;
                in_paper[n] = r->in_paper[w];
                prog[n++] = &pg[p];
                used[p] = true;
                added++;
            }
    }
    char ran[1024] = "", idle[1024] = "";
    for (unsigned p = 0; p < np && p < 256; p++)
        cat(used[p] ? ran : idle, 1024, "%s%s (%s)", *(used[p] ? ran : idle) ? ", " : "", pg[p].name, pg[p].ours);
    if (!added)
        return cs_err(err, NULL, 0,
                      "--suite %s: none of its programs (%s) corresponds to a selected workload of %s (their "
                      "names must be among the paper's or --workloads)",
                      o->suite, idle, r->def->name);
    for (unsigned p = 0; p < np && p < 256; p++)
        if (used[p] && exp_suite_check_built(&pg[p], err) < 0)
            return -1;
    memcpy(r->wl, wl, n * sizeof *wl);
    memcpy(r->in_paper, in_paper, n * sizeof *in_paper);
    memcpy(r->prog, prog, n * sizeof *prog);
    r->nw = n;
    snprintf(suite_note, sizeof suite_note,
             "%s: --suite %s (%s set): the programs %s run under ctasim exec, each beside our kernel of that name%s%s",
             r->def->name, o->suite, set, ran, *idle ? "; not among this run's workloads: " : "", idle);
    return 0;
}

/* --- warnings -------------------------------------------------------------------- */

/* A throttling policy on workloads none of whose kernels has more CTAs than
 * the GPU has cores ran as rr would (cli_policy_inert): one line per such
 * series, naming the workloads and their largest grid. */
static void warn_inert_policies(exp_run_t *r)
{
    for (unsigned s = 0; s < r->ns; s++) {
        if (!cli_cta_chain_only_throttles(r->series[s].cta))
            continue;
        exp_inert_t l = {0};
        for (unsigned w = 0; w < r->nw; w++) {
            const exp_result_t *x = exp_res(r, w, s);
            if (x->inert)
                exp_inert_add(&l, r->wl[w]->name, x->max_grid, x->cores);
        }
        exp_inert_warn(&r->warnings, &l, r->def->name, r->series[s].label, r->series[s].cta, r->nw, r->size);
    }
}

/* The CTA experiments ask how performance changes with CTAs per SM; a
 * workload none of whose kernels fills every SM to its occupancy once cannot
 * answer (its curve is flat, so it classifies as Type II / Down whatever it
 * is). */
static void warn_small_grids(exp_run_t *r)
{
    char names[512] = "";
    unsigned n = 0;
    for (unsigned w = 0; w < r->nw; w++)
        if (!exp_res(r, w, 0)->fills_gpu) {
            n++;
            cat(names, sizeof names, "%s%s", n > 1 ? ", " : "", r->wl[w]->name);
        }
    if (n)
        exp_warn(&r->warnings,
                 "at %s size %u of %u workloads never fill the GPU (no kernel has %u SMs x its CTAs "
                 "per SM): %s; their results say little about CTA counts (use --size default or paper)",
                 app_size_name(r->size), n, r->nw, config_n_sm(&r->cfg), names);
}

/* --- on Slurm (slurm.h) ----------------------------------------------------------- */

/* A run is done when its .run file is there (renamed into place complete). */
static bool run_written(void *ctx, size_t i)
{
    char path[1200];
    run_path(ctx, i, path, sizeof path);
    return access(path, R_OK) == 0;
}

/* The runs still to do as a Slurm job array whose task K is `ctasim
 * experiment NAME <the same options> --run-index K`, then read back. */
static int run_on_slurm(exp_run_t *r, const exp_opts_t *o, cs_error_t *err)
{
    char **argv = cs_xcalloc((size_t)o->argc + 1, sizeof *argv), work[1200];
    memcpy(argv, o->argv, (size_t)o->argc * sizeof *argv);
    argv[2] = (char *)r->def->name; /* `all` runs each experiment as its own array */
    snprintf(work, sizeof work, "%s/slurm", r->cache_dir);
    size_t total = (size_t)r->nw * r->ns;
    slurm_batch_t b = {.label = r->def->name, .unit = "runs", .task_option = "--run-index"};
    int rc = slurm_run_points(&o->slurm_opts, &b, work, o->argc, argv, r->todo, r->ntodo, total, run_written,
                              progress, r, err);
    free(argv);
    for (size_t k = 0; rc == 0 && k < r->ntodo; k++) {
        size_t i = r->todo[k];
        if (!load_run(r, i, &r->res[i])) {
            char path[1200];
            run_path(r, i, path, sizeof path);
            rc = cs_err(err, path, 0, "written by a Slurm task but not a complete result");
        }
    }
    return rc;
}

/* `--run-index K`: one array task. */
static int run_indexed(exp_run_t *r, const exp_opts_t *o)
{
    size_t total = (size_t)r->nw * r->ns;
    cs_error_t err;
    int rc = 0;
    if (o->run_index >= total) {
        cs_err(&err, NULL, 0, "--run-index %zu: experiment %s has %zu runs (0..%zu)", o->run_index, r->def->name,
               total, total - 1);
        rc = cli_fail(&err);
    } else if (!r->res[o->run_index].skipped) { /* a pair the def left out has nothing to run */
        run_job(r, o->run_index);
        const exp_result_t *x = &r->res[o->run_index];
        if (x->rc < 0 || x->check == 0)
            rc = cli_fail(&x->err);
    }
    free_results(r);
    return rc;
}

/* --- one experiment -------------------------------------------------------------- */

/* The table, the workloads and the warnings of a finished run R into DIR;
 * PATH and WPATH receive the first two files' names. */
static int write_outputs(exp_run_t *r, char *path, char *wpath, size_t n, cs_error_t *err)
{
    const exp_def_t *def = r->def;
    snprintf(path, n, "%s/%s.csv", r->out_dir, def->name);
    snprintf(wpath, n, "%s/%s-workloads.csv", r->out_dir, def->name);
    r->csv = cli_output_open(path, err);
    if (!r->csv)
        return -1;
    def->report(r);
    int rc = cli_output_close(r->csv, path, err);
    r->csv = NULL;
    if (rc == 0 && r->extra_rc < 0) {
        *err = r->extra_err;
        rc = -1;
    }
    if (rc == 0)
        rc = write_workloads_csv(r, wpath, err);
    if (rc == 0)
        rc = exp_warnings_write(&r->warnings, r->out_dir, def->name, err);
    return rc;
}

/* Plan, run every (workload, series) in parallel, report. The output
 * directory exists already (exp_run_command). */
static int run_one(const exp_def_t *def, const exp_opts_t *o)
{
    static exp_run_t r; /* large; one experiment at a time */
    memset(&r, 0, sizeof r);
    r.def = def;
    r.size = o->size;
    r.out_dir = o->out_dir;
    r.tcs_args = o->tcs_args;
    cs_error_t err;
    config_defaults(&r.cfg);
    if (config_load_preset(&r.cfg, def->config, &err) < 0)
        return cli_fail(&err);
    if (o->power || def->family->power)
        r.cfg.power.enabled = true;
    r.nw = pick_workloads(def, o, r.wl, r.in_paper);
    if (!r.nw) {
        fprintf(stderr, "ctasim: experiment %s: no workloads selected\n", def->name);
        return 2;
    }
    plan(&r);
    if (o->suite && add_suite_programs(&r, o, &err) < 0) {
        free_results(&r);
        return cli_fail(&err);
    }
    size_t total = (size_t)r.nw * r.ns;
    r.res = cs_xcalloc(total, sizeof *r.res);
    /* results of an earlier, interrupted run of the same experiment */
    snprintf(r.cache_dir, sizeof r.cache_dir, "%s/.runs/%s", r.out_dir, def->cache ? def->cache : def->name);
    snprintf(r.sweep_dir, sizeof r.sweep_dir, "%s/.runs/static-%s", r.out_dir, def->config);
    if (cli_output_dir(r.cache_dir, &err) < 0 || cli_output_dir(r.sweep_dir, &err) < 0) {
        free_results(&r);
        return cli_fail(&err);
    }
    r.todo = cs_xcalloc(total, sizeof *r.todo);
    size_t reused = 0, skipped = 0;
    for (size_t i = 0; i < total; i++) {
        if (def->runs && !def->runs(&r, (unsigned)(i / r.ns), (unsigned)(i % r.ns))) {
            r.res[i].skipped = true;
            r.res[i].check = 1; /* nothing to fail */
            skipped++;
        } else if (!o->force && load_run(&r, i, &r.res[i]))
            reused++;
        else
            r.todo[r.ntodo++] = i;
    }
    unsigned threads = jobs_threads_used(r.ntodo ? r.ntodo : 1, o->jobs);
    printf("%s: %s (%s preset, %s%u workloads x %u series, %s size%s%s)\n", def->name, def->summary, def->config,
           def->family->power ? "power model on, " : "", r.nw, r.ns, app_size_name(r.size),
           r.tcs_args ? ", TCS arguments " : "", r.tcs_args ? r.tcs_args : "");
    print_coverage(&r);
    if (reused)
        /* --suite: some of the runs left may turn out copies of a program's
         * top-cap run (exp_suite_skip_repeats, said after the runs) */
        printf("%s: resuming: %zu of %zu runs complete in %s from an earlier run, running %s%zu (--force runs all)\n",
               def->name, reused, total - skipped, r.cache_dir, r.programs ? "at most " : "", r.ntodo);
    fflush(stdout);
    if (o->one_run) /* a Slurm array task: this run only, kept in .runs */
        return run_indexed(&r, o);
    double t0 = wall_now();
    progress_start(&r.progress, def->name, "runs", isatty(2));
    if (r.ntodo && o->slurm) {
        if (run_on_slurm(&r, o, &err) < 0) {
            free_results(&r);
            return cli_fail(&err);
        }
    } else if (r.ntodo) {
        /* --suite: the programs' top-cap runs first, then the caps their
         * occupancy limit leaves distinct (exp_suite_skip_repeats) */
        size_t first = r.programs ? exp_suite_order_todo(&r) : 0, all = r.ntodo;
        if (first) {
            r.ntodo = first;
            jobs_run(first, threads, run_todo, progress, &r);
            r.ntodo = all;
        }
        if (r.programs) { /* leaves the runs still to do at the front of r.todo */
            exp_suite_skip_repeats(&r, first);
            for (size_t i = 0; i < total; i++) /* the copies kept too, so a rerun reads them back */
                if (r.res[i].same_as && !r.res[i].reused)
                    save_run(&r, i, &r.res[i]);
        }
        if (r.ntodo)
            jobs_run(r.ntodo, threads, run_todo, progress, &r);
    }
    double wall = wall_now() - t0;
    double sim = 0;
    size_t copies = 0; /* --suite: runs not simulated, a lower cap's copy of the top cap's */
    for (size_t i = 0; i < total; i++) {
        sim += r.res[i].seconds;
        copies += r.res[i].same_as != 0;
        if (r.res[i].rc < 0 || r.res[i].check == 0) {
            int rc = cli_fail(&r.res[i].err);
            free_results(&r);
            return rc;
        }
    }
    if (def->family->warn_small_grids)
        warn_small_grids(&r);
    warn_inert_policies(&r);
    exp_suite_warn_checks(&r);
    char path[1024], wpath[1024];
    int rc = write_outputs(&r, path, wpath, sizeof path, &err);
    free_results(&r);
    if (rc < 0)
        return cli_fail(&err);
    char where[32];
    if (o->slurm)
        snprintf(where, sizeof where, "Slurm");
    else
        snprintf(where, sizeof where, "%u jobs", threads);
    printf("%s: %zu simulations in %.1f s wall on %s (%.1f s of simulation); table in %s, the paper's "
           "workloads in %s\n\n",
           def->name, total - skipped - copies, wall, where, sim, path, wpath);
    return 0;
}

/* --- the family's command ----------------------------------------------------------- */

int exp_run_command(const exp_def_t *defs, unsigned n, int argc, char **argv)
{
    const exp_family_t *family = defs[0].family;
    bool all = family->with_all && !strcmp(argv[2], "all");
    const exp_def_t *def = NULL;
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(defs[i].name, argv[2]))
            def = &defs[i];
    if (!def && !all) { /* exp_registry.c dispatches only the names describe gave */
        fprintf(stderr, "ctasim: unknown experiment '%s' (see `ctasim experiment list`)\n", argv[2]);
        return 2;
    }
    exp_opts_t o = {.size = APP_DEFAULT, .out_dir = "experiments-out", .jobs = jobs_default(), .argc = argc,
                    .argv = argv};
    slurm_opts_default(&o.slurm_opts);
    int bad = parse_options(family, argc, argv, &o);
    if (bad)
        return bad;
    if (o.suite_set && !o.suite) {
        fprintf(stderr, "ctasim: --suite-set is an option of --suite (give --suite rodinia, say)\n");
        return 2;
    }
    /* an experiment whose paper lists none of the suite's workloads has
     * nothing to run (unless --workloads or --all-workloads gives it some):
     * `all` skips it, a single experiment is an error */
    unsigned runnable = 0;
    for (unsigned i = 0; i < n; i++)
        runnable += (all || &defs[i] == def) && count_selected(&defs[i], &o) > 0;
    if (!runnable) {
        if (all)
            fprintf(stderr, "ctasim: experiment all: no experiment has a workload to run\n");
        else
            fprintf(stderr, "ctasim: experiment %s: no workloads selected\n", def->name);
        return 2;
    }
    /* before any simulation: a bad -o fails now, not after the runs */
    cs_error_t err;
    if (cli_output_dir(o.out_dir, &err) < 0)
        return cli_fail(&err);
    if (!all) {
        int rc = run_one(def, &o);
        return rc || !o.report ? rc : cli_report_dir(o.out_dir, def->name);
    }
    double t0 = wall_now();
    for (unsigned i = 0; i < n; i++) {
        if (!count_selected(&defs[i], &o))
            continue;
        int rc = run_one(&defs[i], &o);
        if (rc)
            return rc;
    }
    printf("all experiments: %.1f s wall; tables in %s/\n", wall_now() - t0, o.out_dir);
    return o.report ? cli_report_dir(o.out_dir, NULL) : 0;
}

bool exp_describe(const exp_def_t *defs, unsigned n, unsigned i, experiment_info_t *out)
{
    static char all_summary[96];
    if (i < n) {
        *out = (experiment_info_t){defs[i].name, defs[i].summary, defs[i].config};
        return true;
    }
    if (i > n || !defs[0].family->with_all)
        return false;
    snprintf(all_summary, sizeof all_summary, "the experiments %s ... %s above, one after another", defs[0].name,
             defs[n - 1].name);
    *out = (experiment_info_t){"all", all_summary, NULL};
    return true;
}
