/* experiment.c — `ctasim experiment NAME`: the papers' experiments on our own
 * workloads, one command each.
 *
 * An experiment is a configuration preset, a set of workloads, and a list of
 * series (CTA policy chain, warp policy, static CTA cap). The workloads are
 * the paper's own for that figure (its list below, as data) that the suite
 * has, in the paper's order; each run prints which of the paper's workloads
 * it runs and which are missing from the suite, and writes the same as
 * NAME-workloads.csv. --workloads A,B picks among them; a name the paper
 * does not list runs too, with a note saying so. --all-workloads runs the
 * whole suite (the paper's workloads first). Every (workload,
 * series) pair is an independent simulation; they run in parallel on all cores
 * and are reported in a fixed order, so results do not depend on --jobs. Each
 * simulation goes through cli_simulate, the path `run` takes, on the shared
 * worker pool (jobs.h). Each report prints a table, writes it as CSV, and puts
 * the paper's headline number beside ours; the output directory is created
 * before anything runs, and a table is announced only once it is written.
 *
 *   ctasim experiment NAME [--size small|default|paper] [--workloads A,B,..]
 *                          [--all-workloads] [--jobs N] [-o DIR] [--force] [--report]
 *   ctasim experiment list
 *
 * Resuming: each finished simulation's result is kept in
 * DIR/.runs/NAME/WORKLOAD--SERIES.run (a static sweep's in
 * DIR/.runs/static-PRESET/, shared by the experiments: is_sweep), (written to a temporary and renamed,
 * with a key naming the experiment, preset, size, workload and series, and
 * doubles in hexadecimal so they read back exactly); a rerun reads back every
 * run whose file is complete and matches, and simulates the rest. --force
 * simulates all. The tables are written through a temporary too. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "classify.h"
#include "cli.h"
#include "exp_registry.h"
#include "jobs.h"
#include "output.h"
#include "progress.h"
#include "slurm.h"
#include "policy/policy_metrics.h"
#include "report/headline.h"

#define EXP_MAX_SERIES 32
#define EXP_MAX_WORKLOADS 64

typedef struct exp_series {
    char label[32];
    char cta[96];
    char warp[32];
    unsigned max_ctas; /* 0: no cap */
} exp_series_t;

typedef struct exp_result {
    int rc, check;
    cs_error_t err;
    gpu_totals_t t;
    uint64_t no_cta, act, cycles_all;
    /* DYNCTA's C_mem readings summed over cores (counters.h): c_mem,
     * c_mem_wait, and c_mem_sched already divided by the schedulers per core */
    uint64_t c_mem_all, c_mem_wait, c_mem_sched, c_mem_sched_mem;
    double t_new;      /* LCS: metric METRIC_LCS_T_NEW (last kernel), -1 if absent */
    double n_avg;      /* DYNCTA: metric METRIC_DYNCTA_N_AVG, -1 if absent */
    uint64_t *n_cycle; /* DYNCTA: series METRIC_DYNCTA_N_SERIES (mean n over cores at each sample), owned */
    double *n_value;
    size_t n_points;
    uint32_t occupancy;/* largest resource limit over the kernels */
    bool fills_gpu;    /* some kernel has at least one full wave: SMs x its CTAs per SM */
    uint64_t max_grid; /* the largest kernel's CTAs */
    uint32_t cores;    /* cores that took CTAs */
    bool inert;        /* the series' CTA policy could not act (cli_policy_inert) */
    double seconds;
    bool reused;       /* read back from DIR/.runs (an earlier, interrupted run) */
} exp_result_t;

struct exp_def;

typedef struct exp_run {
    const struct exp_def *def;
    gpu_config_t cfg;
    app_size_t size;
    const app_def_t *wl[EXP_MAX_WORKLOADS];
    bool in_paper[EXP_MAX_WORKLOADS]; /* wl[i] is one of the paper's workloads */
    unsigned nw;
    exp_series_t series[EXP_MAX_SERIES];
    unsigned ns;
    exp_result_t *res; /* nw * ns */
    const char *out_dir;
    FILE *csv;
    /* a report's extra file that could not be written (the table's CSV is
     * checked by run_one) */
    int extra_rc;
    cs_error_t extra_err;
    bool tty;
    progress_t progress;
    char cache_dir[1024]; /* DIR/.runs/NAME: one file per finished simulation */
    char sweep_dir[1024]; /* DIR/.runs/static-PRESET: the static sweep's runs, shared (is_sweep) */
    size_t *todo, ntodo;  /* the jobs still to run */
    exp_warnings_t warnings; /* every warning printed, for DIR/NAME-warnings.txt */
} exp_run_t;

typedef struct exp_def {
    const char *name, *summary, *config, *warp;
    const char *const *paper; /* the paper's workloads for this figure, its names, NULL-terminated */
    const char *source;       /* where in the paper that list is */
    void (*plan)(exp_run_t *r);
    void (*report)(exp_run_t *r);
} exp_def_t;

static exp_result_t *R(exp_run_t *r, unsigned w, unsigned s) { return &r->res[w * r->ns + s]; }

static void add_series(exp_run_t *r, const char *label, const char *cta, const char *warp, unsigned cap)
{
    if (r->ns == EXP_MAX_SERIES)
        return;
    exp_series_t *s = &r->series[r->ns++];
    snprintf(s->label, sizeof s->label, "%s", label);
    snprintf(s->cta, sizeof s->cta, "%s", cta);
    snprintf(s->warp, sizeof s->warp, "%s", warp ? warp : r->def->warp);
    s->max_ctas = cap;
}

static void add_static_sweep(exp_run_t *r, const char *warp)
{
    unsigned n = r->cfg.max_cta_per_sm < 8 ? r->cfg.max_cta_per_sm : 8;
    for (unsigned k = 1; k <= n; k++) {
        char label[32];
        snprintf(label, sizeof label, "n=%u", k);
        add_series(r, label, "rr", warp, k);
    }
}

/* A run of add_static_sweep: the same simulation in every experiment on the
 * same preset, warp scheduler and size, so it is kept once for all of them
 * (run_path, run_key) and an experiment that prints the static oracle's
 * headroom beside its policies pays for the sweep only if no other
 * experiment ran it into the same -o DIR. */
static bool is_sweep(const exp_series_t *s)
{
    return s->max_ctas && !strcmp(s->cta, "rr") && !strncmp(s->label, "n=", 2);
}

static unsigned find_series(const exp_run_t *r, const char *label)
{
    for (unsigned s = 0; s < r->ns; s++)
        if (!strcmp(r->series[s].label, label))
            return s;
    return 0;
}

static double ipc(const exp_result_t *x) { return x->t.ipc; }

/* Write to stdout and to the report file. */
static void out(exp_run_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(exp_run_t *r, const char *fmt, ...)
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

/* --- running ------------------------------------------------------------- */

/* --- results kept for resuming ------------------------------------------------ */

/* DIR/.runs/NAME/WORKLOAD--LABEL.run, with anything but [A-Za-z0-9-] as '_';
 * a static sweep's run DIR/.runs/static-PRESET/WORKLOAD--LABEL--WARP.run. */
static void run_path(const exp_run_t *r, size_t i, char *buf, size_t n)
{
    char tag[160];
    const exp_series_t *se = &r->series[i % r->ns];
    if (is_sweep(se))
        snprintf(tag, sizeof tag, "%s--%s--%s", r->wl[i / r->ns]->name, se->label, se->warp);
    else
        snprintf(tag, sizeof tag, "%s--%s", r->wl[i / r->ns]->name, se->label);
    cli_file_tag(tag);
    snprintf(buf, n, "%s/%s.run", is_sweep(se) ? r->sweep_dir : r->cache_dir, tag);
}

/* What a run depends on; a kept result is reused only under the same key. */
static void run_key(const exp_run_t *r, size_t i, char *buf, size_t n)
{
    const exp_series_t *se = &r->series[i % r->ns];
    snprintf(buf, n, "v2 experiment=%s preset=%s size=%s seed=1 workload=%s cta=%s warp=%s cap=%u power=%d build=%016llx",
             is_sweep(se) ? "static-sweep" : r->def->name, r->def->config, app_size_name(r->size), r->wl[i / r->ns]->name, se->cta, se->warp,
             se->max_ctas, r->cfg.power.enabled ? 1 : 0, (unsigned long long)cli_exe_hash());
}

/* Write the result of job I (best effort: a result not kept is only run again). */
static void save_run(const exp_run_t *r, size_t i, const exp_result_t *x)
{
    if (!r->cache_dir[0])
        return;
    char path[1200], key[512];
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
    fprintf(f, "series %zu\n", x->n_points);
    for (size_t p = 0; p < x->n_points; p++)
        fprintf(f, "%llu %a\n", (unsigned long long)x->n_cycle[p], x->n_value[p]);
    fprintf(f, "end\n");
    cli_output_close(f, path, &ignore);
}

/* Job I's result from an earlier run, if its file is complete and has the key. */
static bool load_run(const exp_run_t *r, size_t i, exp_result_t *x)
{
    char path[1200], key[512], line[600];
    run_path(r, i, path, sizeof path);
    run_key(r, i, key, sizeof key);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    exp_result_t y;
    memset(&y, 0, sizeof y);
    unsigned long long u[8];
    double d[5];
    int fills = 0;
    size_t np = 0;
    bool ok = fgets(line, sizeof line, f) && !strncmp(line, "key ", 4) && strlen(line) == strlen(key) + 5 &&
              !strncmp(line + 4, key, strlen(key));
    ok = ok && fscanf(f, "totals %llu %llu %llu %la %llu %llu %llu %llu %la %la %la\n", &u[0], &u[1], &u[2], &d[0],
                      &u[3], &u[4], &u[5], &u[6], &d[1], &d[2], &d[3]) == 11;
    if (ok) {
        y.t.cycles = u[0];
        y.t.warp_insts = u[1];
        y.t.thread_insts = u[2];
        y.t.ipc = d[0];
        y.t.l1_accesses = u[3];
        y.t.l1_misses = u[4];
        y.t.l2_accesses = u[5];
        y.t.l2_misses = u[6];
        y.t.avg_mem_latency = d[1];
        y.t.dram_bw_util = d[2];
        y.t.sim_wall_seconds = d[3];
    }
    ok = ok && fscanf(f, "cores %llu %llu %llu %llu %llu %llu %llu\n", &u[0], &u[1], &u[2], &u[3], &u[4], &u[5],
                      &u[6]) == 7;
    y.no_cta = u[0];
    y.act = u[1];
    y.cycles_all = u[2];
    y.c_mem_all = u[3];
    y.c_mem_wait = u[4];
    y.c_mem_sched = u[5];
    y.c_mem_sched_mem = u[6];
    ok = ok && fscanf(f, "policy %la %la %u %d %d\n", &y.t_new, &y.n_avg, &y.occupancy, &fills, &y.check) == 5;
    int inert = 0;
    ok = ok && fscanf(f, "grid %llu %u %d\n", &u[7], &y.cores, &inert) == 3;
    y.max_grid = u[7];
    y.inert = inert != 0;
    ok = ok && fscanf(f, "series %zu\n", &np) == 1 && np < ((size_t)1 << 24);
    if (ok && np) {
        y.n_cycle = cs_xmalloc(np * sizeof *y.n_cycle);
        y.n_value = cs_xmalloc(np * sizeof *y.n_value);
        for (size_t p = 0; ok && p < np; p++)
            ok = fscanf(f, "%llu %la\n", &u[7], &y.n_value[p]) == 2 && (y.n_cycle[p] = u[7], true);
        y.n_points = np;
    }
    ok = ok && fgets(line, sizeof line, f) && !strcmp(line, "end\n") && fgetc(f) == EOF;
    fclose(f);
    if (!ok) {
        free(y.n_cycle);
        free(y.n_value);
        return false;
    }
    y.fills_gpu = fills != 0;
    y.seconds = y.t.sim_wall_seconds;
    y.reused = true;
    *x = y;
    return true;
}

/* Job i of the pool: workload i / ns under series i % ns. */
static void run_job(void *ctx, size_t i)
{
    exp_run_t *r = ctx;
    unsigned w = (unsigned)(i / r->ns), s = (unsigned)(i % r->ns);
    exp_result_t *x = R(r, w, s);
    const exp_series_t *se = &r->series[s];
    gpu_config_t cfg = r->cfg;
    cfg.max_ctas_override = se->max_ctas;
    x->t_new = x->n_avg = -1;
    sim_request_t req = {.cfg = &cfg, .cta_sched = se->cta, .warp_sched = se->warp, .input = r->wl[w]->name,
                         .size = r->size, .seed = 1};
    sim_outcome_t out;
    gpu_t *g = cli_simulate(&req, &out, &x->err);
    if (!g) {
        x->rc = -1;
        return;
    }
    x->check = out.check;
    gpu_get_totals(g, &x->t);
    x->seconds = x->t.sim_wall_seconds;
    for (uint32_t k = 0; k < gpu_n_sm(g); k++) {
        const sm_counters_t *c = gpu_sm_counters(g, k);
        x->no_cta += c->no_cta_cycles;
        x->act += c->act_cycles;
        x->cycles_all += c->cycles;
        x->c_mem_all += c->c_mem;
        x->c_mem_wait += c->c_mem_wait;
        x->c_mem_sched += c->c_mem_sched / (cfg.num_sched_per_core ? cfg.num_sched_per_core : 1);
        x->c_mem_sched_mem += c->c_mem_sched_mem / (cfg.num_sched_per_core ? cfg.num_sched_per_core : 1);
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

/* --- helpers for reports ---------------------------------------------------- */

static double mean(const double *v, unsigned n)
{
    double s = 0;
    for (unsigned i = 0; i < n; i++)
        s += v[i];
    return n ? s / n : 0;
}

static void curve_of(exp_run_t *r, unsigned w, ipc_curve_t *c)
{
    memset(c, 0, sizeof *c);
    c->lo = 1;
    c->hi = 0;
    for (unsigned s = 0; s < r->ns; s++) {
        unsigned k = r->series[s].max_ctas;
        if (k && !strcmp(r->series[s].cta, "rr") && !strncmp(r->series[s].label, "n=", 2)) {
            c->ipc[k] = ipc(R(r, w, s));
            if (k > c->hi)
                c->hi = k;
        }
    }
    uint32_t occ = R(r, w, 0)->occupancy;
    if (occ && occ < c->hi)
        c->hi = occ;
    if (c->hi < c->lo)
        c->hi = c->lo;
}

/* The static oracle's headroom on workload W over series BASE: the IPC of the
 * best static cap of the experiment's sweep (add_static_sweep) over BASE's,
 * so 1.000 says no CTA count beats the baseline and a throttling policy has
 * nothing to gain there. 0 when the experiment has no sweep. */
static double oracle_headroom(exp_run_t *r, unsigned w, unsigned base)
{
    ipc_curve_t c;
    curve_of(r, w, &c);
    double b = ipc(R(r, w, base));
    return c.ipc[c.lo] > 0 && b > 0 ? c.ipc[curve_opt(&c)] / b : 0;
}

/* The headroom's mean over the workloads, as the policies' means are given. */
static double mean_headroom(exp_run_t *r, unsigned base)
{
    double h[EXP_MAX_WORKLOADS];
    for (unsigned w = 0; w < r->nw; w++)
        h[w] = oracle_headroom(r, w, base);
    return mean(h, r->nw);
}

/* --- the experiments ----------------------------------------------------------- */

static void plan_lee_fig4(exp_run_t *r) { add_static_sweep(r, NULL); }

static void report_lee_fig4(exp_run_t *r)
{
    /* one column per cap: caps above a workload's own limit N stay empty */
    unsigned top = 1;
    for (unsigned w = 0; w < r->nw; w++) {
        ipc_curve_t c;
        curve_of(r, w, &c);
        if (c.hi > top)
            top = c.hi;
    }
    out(r, "workload,N,OPT");
    for (unsigned k = 1; k <= top; k++)
        out(r, ",ipc_cap%u_over_N", k);
    out(r, ",our_type,paper_type\n");
    unsigned agree = 0, known = 0, count[4] = {0};
    for (unsigned w = 0; w < r->nw; w++) {
        ipc_curve_t c;
        curve_of(r, w, &c);
        const char *ours = classify_lee(&c, 0.02), *paper = paper_type_lee(r->wl[w]->name);
        out(r, "%s,%u,%u", r->wl[w]->name, c.hi, curve_opt(&c));
        for (unsigned k = 1; k <= top; k++)
            if (k >= c.lo && k <= c.hi)
                out(r, ",%.3f", c.ipc[c.hi] > 0 ? c.ipc[k] / c.ipc[c.hi] : 0);
            else
                out(r, ",");
        out(r, ",%s,%s\n", ours, paper);
        if (strcmp(paper, "-")) {
            known++;
            agree += !strcmp(ours, paper);
        }
        for (int t = 0; t < 4; t++)
            count[t] += !strcmp(ours, (const char *[]){"I", "II", "III", "IV"}[t]);
    }
    printf("\nLee et al. Fig. 4 / Table 2: our types I/II/III/IV = %u/%u/%u/%u; the paper's type matches ours for %u "
           "of the %u workloads its table lists.\n",
           count[0], count[1], count[2], count[3], agree, known);
}

static void plan_lee_fig12_13(exp_run_t *r)
{
    add_series(r, "gto", "rr", NULL, 0);
    add_series(r, "lcs", "lcs", NULL, 0);
    add_series(r, "lcs-name", "lcs:scope=name", NULL, 0);
    add_series(r, "lcs-each", "lcs:core=each", NULL, 0);
    add_static_sweep(r, NULL);
}

static void report_lee_fig12_13(exp_run_t *r)
{
    unsigned sb = find_series(r, "gto"), sl = find_series(r, "lcs"), sn = find_series(r, "lcs-name"),
             se = find_series(r, "lcs-each");
    double sp[EXP_MAX_WORKLOADS], sp34[EXP_MAX_WORKLOADS], opt34[EXP_MAX_WORKLOADS];
    double spn[EXP_MAX_WORKLOADS], spn34[EXP_MAX_WORKLOADS], spe[EXP_MAX_WORKLOADS], spe34[EXP_MAX_WORKLOADS];
    unsigned n34 = 0, exact = 0, within1 = 0;
    /* opt_speedup: the best static cap over GTO at N, the ceiling LCS could reach */
    out(r, "workload,type,lcs_speedup_over_gto,lcs_scope_name_speedup,lcs_core_each_speedup,opt_speedup_over_gto,"
           "t_new,t_new_core_each,opt\n");
    for (unsigned w = 0; w < r->nw; w++) {
        ipc_curve_t c;
        curve_of(r, w, &c);
        const char *type = classify_lee(&c, 0.02);
        unsigned opt = curve_opt(&c);
        double base = ipc(R(r, w, sb)), t_new = R(r, w, sl)->t_new;
        sp[w] = base > 0 ? ipc(R(r, w, sl)) / base : 0;
        spn[w] = base > 0 ? ipc(R(r, w, sn)) / base : 0;
        spe[w] = base > 0 ? ipc(R(r, w, se)) / base : 0;
        double osp = base > 0 ? c.ipc[opt] / base : 0;
        if (!strcmp(type, "III") || !strcmp(type, "IV")) {
            opt34[n34] = osp;
            spn34[n34] = spn[w];
            spe34[n34] = spe[w];
            sp34[n34++] = sp[w];
        }
        exact += t_new == opt;
        within1 += t_new >= opt - 1.0 && t_new <= opt + 1.0;
        out(r, "%s,%s,%.3f,%.3f,%.3f,%.3f,%.0f,%.2f,%u\n", r->wl[w]->name, type, sp[w], spn[w], spe[w], osp, t_new,
            R(r, w, se)->t_new, opt);
    }
    printf("\nLCS speedup over GTO: ours %.1f%% on average (the best static cap: %+.1f%%), %.1f%% on Type III/IV "
           "(%u workloads; the best static cap there: %+.1f%%); T_new = OPT for %u of %u workloads, within one for "
           "%u. Paper: %s\n",
           100 * (mean(sp, r->nw) - 1), 100 * (mean_headroom(r, sb) - 1), n34 ? 100 * (mean(sp34, n34) - 1) : 0.0,
           n34, n34 ? 100 * (mean(opt34, n34) - 1) : 0.0, exact, r->nw, within1, paper_headline_text("lee-fig12-13"));
    printf("LCS with scope=name (T_new learned once per kernel function): %.1f%% on average, %.1f%% on Type "
           "III/IV; with core=each (every core its own T_new): %.1f%%, %.1f%%.\n",
           100 * (mean(spn, r->nw) - 1), n34 ? 100 * (mean(spn34, n34) - 1) : 0.0, 100 * (mean(spe, r->nw) - 1),
           n34 ? 100 * (mean(spe34, n34) - 1) : 0.0);
}

static void plan_lee_fig16_17(exp_run_t *r)
{
    add_series(r, "gto", "rr", "gto", 0);
    add_series(r, "bcs+gto", "bcs", "gto", 0);
    add_series(r, "bcs+sca", "bcs", "sca", 0);
    add_static_sweep(r, "gto"); /* the static oracle's headroom */
}

static double l1_miss(const exp_result_t *x) { return x->t.l1_accesses ? (double)x->t.l1_misses / x->t.l1_accesses : 0; }

static void report_lee_fig16_17(exp_run_t *r)
{
    double sg[EXP_MAX_WORKLOADS], ss[EXP_MAX_WORKLOADS], mg[EXP_MAX_WORKLOADS], ms[EXP_MAX_WORKLOADS];
    out(r, "workload,bcs_gto_speedup,bcs_sca_speedup,oracle_headroom,l1_miss_gto,l1_miss_bcs_gto,l1_miss_bcs_sca\n");
    for (unsigned w = 0; w < r->nw; w++) {
        exp_result_t *b = R(r, w, 0), *g = R(r, w, 1), *s = R(r, w, 2);
        sg[w] = ipc(g) / ipc(b);
        ss[w] = ipc(s) / ipc(b);
        mg[w] = l1_miss(b) > 0 ? 1 - l1_miss(g) / l1_miss(b) : 0;
        ms[w] = l1_miss(b) > 0 ? 1 - l1_miss(s) / l1_miss(b) : 0;
        out(r, "%s,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f\n", r->wl[w]->name, sg[w], ss[w], oracle_headroom(r, w, 0),
            l1_miss(b), l1_miss(g), l1_miss(s));
    }
    printf("\nBCS+GTO %+.1f%%, BCS+SCA %+.1f%% over GTO (the best static cap alone: %+.1f%%); L1 miss rate reduced "
           "by %.1f%% / %.1f%%. Paper: %s\n",
           100 * (mean(sg, r->nw) - 1), 100 * (mean(ss, r->nw) - 1), 100 * (mean_headroom(r, 0) - 1),
           100 * mean(mg, r->nw), 100 * mean(ms, r->nw), paper_headline_text("lee-fig16-17"));
}

static void plan_lee_fig19(exp_run_t *r)
{
    add_series(r, "gto", "rr", "gto", 0);
    add_series(r, "tl", "rr", "tl", 0);
    add_series(r, "ccws", "rr", "ccws", 0);
    add_series(r, "dyncta", "dyncta", "gto", 0);
    add_series(r, "lcs", "lcs", "gto", 0);
    add_series(r, "lcs+bcs", "lcs+bcs", "sca", 0);
    add_static_sweep(r, "gto"); /* the static oracle's headroom */
}

/* One column per policy (the sweep's runs only feed oracle_headroom, the
 * best static cap over GTO, the last column). */
static void report_lee_fig19(exp_run_t *r)
{
    double sp[EXP_MAX_SERIES][EXP_MAX_WORKLOADS];
    out(r, "workload");
    for (unsigned s = 0; s < r->ns; s++)
        if (!is_sweep(&r->series[s]))
            out(r, ",%s", r->series[s].label);
    out(r, ",oracle_headroom\n");
    for (unsigned w = 0; w < r->nw; w++) {
        out(r, "%s", r->wl[w]->name);
        for (unsigned s = 0; s < r->ns; s++) {
            sp[s][w] = ipc(R(r, w, s)) / ipc(R(r, w, 0));
            if (!is_sweep(&r->series[s]))
                out(r, ",%.3f", sp[s][w]);
        }
        out(r, ",%.3f\n", oracle_headroom(r, w, 0));
    }
    printf("\nNormalised to GTO (mean):");
    for (unsigned s = 1; s < r->ns; s++)
        if (!is_sweep(&r->series[s]))
            printf(" %s %+.1f%%", r->series[s].label, 100 * (mean(sp[s], r->nw) - 1));
    double lb = mean(sp[find_series(r, "lcs+bcs")], r->nw), dy = mean(sp[find_series(r, "dyncta")], r->nw);
    printf("; the best static cap %+.1f%%; LCS+BCS over DYNCTA %+.1f%%.\nPaper: %s\n", 100 * (mean_headroom(r, 0) - 1),
           100 * (lb / dy - 1), paper_headline_text("lee-fig19"));
}

/* DYNCTA with the preset's calibrated defaults (pact13-30sm's
 * -ctasim_dyncta_defaults, docs/policies/dyncta.md), and with the paper's
 * thresholds on the per-core C_mem (cmem=all, the reading of presets
 * without calibrated defaults). */
static void plan_kayiran(exp_run_t *r)
{
    add_static_sweep(r, NULL);
    add_series(r, "dyncta", "dyncta", NULL, 0);
    add_series(r, "dyncta-paper", "dyncta:cmem=all,t_idle=16,t_mem_l=128,t_mem_h=384", NULL, 0);
}

/* C_mem per DYNCTA window (2048 core cycles) at the run's maximum TLP: a
 * reading's cycles over the cycles cores held a CTA, the mean core's. */
static double cmem_per_window(const exp_result_t *x, uint64_t count)
{
    const uint64_t busy = x->cycles_all > x->no_cta ? x->cycles_all - x->no_cta : 0;
    return busy ? 2048.0 * (double)count / (double)busy : 0;
}

/* kayiran-fig1-10-cmem.csv: every static point's C_mem readings per window
 * beside its IPC, the data DYNCTA's thresholds are calibrated on
 * (tools/dyncta_calibrate.py, docs/policies/dyncta.md). */
static void write_kayiran_cmem(exp_run_t *r)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/kayiran-fig1-10-cmem.csv", r->out_dir);
    FILE *f = cli_output_open(path, &r->extra_err);
    if (!f) {
        r->extra_rc = -1;
        return;
    }
    fprintf(f, "workload,n,N,opt,ipc_norm,cmem_all,cmem_wait,cmem_sched,cmem_schedmem\n");
    const unsigned first = find_series(r, "n=1");
    for (unsigned w = 0; w < r->nw; w++) {
        ipc_curve_t c;
        curve_of(r, w, &c);
        const unsigned opt = curve_opt(&c);
        const double maxipc = c.ipc[c.hi] > 0 ? c.ipc[c.hi] : 1;
        for (unsigned k = c.lo; k <= c.hi; k++) {
            const exp_result_t *x = R(r, w, first + k - 1);
            fprintf(f, "%s,%u,%u,%u,%.4f,%.1f,%.1f,%.1f,%.1f\n", r->wl[w]->name, k, c.hi, opt, c.ipc[k] / maxipc,
                    cmem_per_window(x, x->c_mem_all), cmem_per_window(x, x->c_mem_wait),
                    cmem_per_window(x, x->c_mem_sched), cmem_per_window(x, x->c_mem_sched_mem));
        }
    }
    if (cli_output_close(f, path, &r->extra_err) < 0) {
        r->extra_rc = -1;
        return;
    }
    printf("C_mem per 2048-cycle window at every static point: %s\n", path);
}

static bool is_dyncta_series(const exp_series_t *se) { return !strncmp(se->label, "dyncta", 6); }

static void report_kayiran(exp_run_t *r)
{
    double opt_sp[EXP_MAX_WORKLOADS], min_sp[EXP_MAX_WORKLOADS];
    double dyn_sp[EXP_MAX_SERIES][EXP_MAX_WORKLOADS];
    out(r, "workload,ract,idle_ratio,our_type,paper_type,N,opt,cmem_all_at_N,cmem_wait_at_N,cmem_sched_at_N,"
           "cmem_schedmem_at_N,min_norm,opt_norm");
    for (unsigned s = 0; s < r->ns; s++)
        if (is_dyncta_series(&r->series[s])) {
            char col[64];
            snprintf(col, sizeof col, "%s", r->series[s].label);
            for (char *p = col; *p; p++)
                *p = *p == '-' ? '_' : *p;
            out(r, ",%s_norm,%s_avg_n", col, col);
        }
    out(r, "\n");
    unsigned agree = 0, known = 0;
    for (unsigned w = 0; w < r->nw; w++) {
        ipc_curve_t c;
        curve_of(r, w, &c);
        unsigned opt = curve_opt(&c), mn = c.lo;
        for (unsigned k = c.lo; k <= c.hi; k++)
            if (c.ipc[k] < c.ipc[mn])
                mn = k;
        double maxipc = c.ipc[c.hi] > 0 ? c.ipc[c.hi] : 1;
        const exp_result_t *top = R(r, w, find_series(r, "n=1") + c.hi - 1);
        double all = top->cycles_all ? (double)top->cycles_all : 1;
        /* both over all cycles: Kayiran's idle time (no warps left) is one of
         * the three kinds of inactivity */
        double ract = top->act / all, idle_ratio = top->no_cta / all;
        const char *ours = classify_kayiran(ract, idle_ratio), *paper = paper_type_kayiran(r->wl[w]->name);
        if (strcmp(paper, "-")) {
            known++;
            agree += !strcmp(ours, paper);
        }
        opt_sp[w] = c.ipc[opt] / maxipc;
        min_sp[w] = c.ipc[mn] / maxipc;
        out(r, "%s,%.3f,%.3f,%s,%s,%u,%u,%.0f,%.0f,%.0f,%.0f,%.3f,%.3f", r->wl[w]->name, ract, idle_ratio, ours, paper,
            c.hi, opt, cmem_per_window(top, top->c_mem_all), cmem_per_window(top, top->c_mem_wait),
            cmem_per_window(top, top->c_mem_sched), cmem_per_window(top, top->c_mem_sched_mem), min_sp[w], opt_sp[w]);
        for (unsigned s = 0; s < r->ns; s++)
            if (is_dyncta_series(&r->series[s])) {
                dyn_sp[s][w] = ipc(R(r, w, s)) / maxipc;
                out(r, ",%.3f,%.2f", dyn_sp[s][w], R(r, w, s)->n_avg);
            }
        out(r, "\n");
    }
    printf("\nKayiran et al. types (RACT > 0.66: Type-C; else idle < 0.20: Type-M; else Type-X): ours match Table 2 "
           "for %u of the %u workloads it lists.", agree, known);
    printf("\nNormalised to maximum TLP (mean): min %.3f, opt %+.1f%%", mean(min_sp, r->nw),
           100 * (mean(opt_sp, r->nw) - 1));
    for (unsigned s = 0; s < r->ns; s++)
        if (is_dyncta_series(&r->series[s])) {
            double lo = r->nw ? dyn_sp[s][0] : 0;
            for (unsigned w = 1; w < r->nw; w++)
                lo = dyn_sp[s][w] < lo ? dyn_sp[s][w] : lo;
            printf(", %s %+.1f%% (lowest %.2fx)", r->series[s].label, 100 * (mean(dyn_sp[s], r->nw) - 1), lo);
        }
    printf(". Paper: %s\n", paper_headline_text("kayiran-fig1-10"));
    const unsigned sd = find_series(r, "dyncta");
    if (r->nw && !strcmp(r->series[sd].label, "dyncta")) {
        double lo = dyn_sp[sd][0];
        unsigned below = 0;
        for (unsigned w = 0; w < r->nw; w++) {
            lo = dyn_sp[sd][w] < lo ? dyn_sp[sd][w] : lo;
            below += dyn_sp[sd][w] < 0.95;
        }
        const double m = mean(dyn_sp[sd], r->nw) - 1;
        printf("DYNCTA with this preset's defaults: %+.1f%% over maximum TLP (paper +28%%), lowest %.2fx, %u below "
               "0.95x; the issue's goal (at least +14%%, none below 0.95x) is %s (docs/policies/dyncta.md says why).\n",
               100 * m, lo, below, m >= 0.14 && !below ? "met" : "not met");
    }
    write_kayiran_cmem(r);
}

static void plan_kayiran_fig8(exp_run_t *r) { add_series(r, "dyncta", "dyncta", NULL, 0); }

/* The table gives n at ten evenly spaced points of each run (the shape of
 * Fig. 8); every sample goes to kayiran-fig8-series.csv for plotting. */
static void report_kayiran_fig8(exp_run_t *r)
{
    enum { POINTS = 10 };
    out(r, "workload,N,avg_n,cycles");
    for (unsigned p = 1; p <= POINTS; p++)
        out(r, ",n_sample%u_of_%d", p, POINTS);
    out(r, "\n");
    for (unsigned w = 0; w < r->nw; w++) {
        const exp_result_t *x = R(r, w, 0);
        /* n_avg < 0: DYNCTA never sampled (a run shorter than its period) */
        if (x->n_avg < 0)
            out(r, "%s,%u,n/a,%llu", r->wl[w]->name, x->occupancy, (unsigned long long)x->t.cycles);
        else
            out(r, "%s,%u,%.2f,%llu", r->wl[w]->name, x->occupancy, x->n_avg, (unsigned long long)x->t.cycles);
        for (unsigned p = 0; p < POINTS; p++)
            if (x->n_points)
                out(r, ",%.1f", x->n_value[(size_t)p * (x->n_points - 1) / (POINTS - 1)]);
            else
                out(r, ",n/a");
        out(r, "\n");
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/kayiran-fig8-series.csv", r->out_dir);
    FILE *f = cli_output_open(path, &r->extra_err);
    if (!f) {
        r->extra_rc = -1;
        return;
    }
    fprintf(f, "workload,cycle,mean_n\n");
    for (unsigned w = 0; w < r->nw; w++)
        for (size_t p = 0; p < R(r, w, 0)->n_points; p++)
            fprintf(f, "%s,%llu,%.3f\n", r->wl[w]->name, (unsigned long long)R(r, w, 0)->n_cycle[p],
                    R(r, w, 0)->n_value[p]);
    if (cli_output_close(f, path, &r->extra_err) < 0) {
        r->extra_rc = -1;
        return;
    }
    printf("\nn over time: every sample (mean n over cores, every 2048 cycles) in %s. %s\n", path,
           paper_headline_text("kayiran-fig8"));
}

static void plan_yu_11_12(exp_run_t *r)
{
    add_series(r, "lrr", "rr", "lrr", 0);
    add_series(r, "CLASO10", "rr+claso:pa=1,pl=0", "lrr", 0);
    add_series(r, "CLASO20", "rr+claso:pa=2,pl=0", "lrr", 0);
}

static double idle_fraction(const exp_result_t *x) { return x->cycles_all ? (double)x->no_cta / x->cycles_all : 0; }

/* Idle cycles are Yu et al.'s: core cycles with no CTA resident. A workload
 * whose baseline is almost never idle makes a per-workload reduction ratio
 * meaningless (0.1% -> 1% is "-900%"), so the summary gives the ratio only
 * over workloads idle at least 5% of the time under the baseline, next to
 * the idle fractions themselves. */
static void report_claso(exp_run_t *r, unsigned base, unsigned with, const char *experiment)
{
    double sp[EXP_MAX_WORKLOADS], red[EXP_MAX_WORKLOADS], fb[EXP_MAX_WORKLOADS], fc[EXP_MAX_WORKLOADS], best = 0;
    double norm_all[EXP_MAX_WORKLOADS]; /* idle cycles over the baseline's, every workload with idle cycles: Fig. 12a */
    unsigned nred = 0, nall = 0;
    for (unsigned w = 0; w < r->nw; w++) {
        exp_result_t *b = R(r, w, base), *c = R(r, w, with);
        sp[w] = ipc(c) / ipc(b);
        fb[w] = idle_fraction(b);
        fc[w] = idle_fraction(c);
        double reduction = b->no_cta ? 1 - (double)c->no_cta / (double)b->no_cta : 0;
        if (fb[w] >= 0.05)
            red[nred++] = reduction;
        if (b->no_cta)
            norm_all[nall++] = 1 - reduction;
        if (sp[w] > best)
            best = sp[w];
        out(r, "%s,%s,%.3f,%.3f,%.4f,%.4f\n", r->wl[w]->name, r->series[with].label, sp[w], reduction, fb[w], fc[w]);
    }
    printf("%s on %s: speedup %+.1f%% mean, up to %+.1f%%; idle cycles %.1f%% -> %.1f%% of core cycles (mean), "
           "reduced by %.1f%% on the %u workloads idle >= 5%% of the time; normalised idle cycles %.2f on average over "
           "all %u with idle cycles (the paper's Fig. 12a measure; a workload almost never idle weighs as much as "
           "one idle a fifth of the time). The baseline's idle cycles are what CLASO can remove.%s%s\n",
           r->series[with].label, r->series[base].label, 100 * (mean(sp, r->nw) - 1), 100 * (best - 1),
           100 * mean(fb, r->nw), 100 * mean(fc, r->nw), nred ? 100 * mean(red, nred) : 0.0, nred,
           nall ? mean(norm_all, nall) : 0.0, nall,
           experiment ? " Paper: " : " ", experiment ? paper_headline_text(experiment) : "");
}

static void report_yu_11_12(exp_run_t *r)
{
    out(r, "workload,series,speedup,idle_cycle_reduction,idle_fraction_base,idle_fraction_claso\n");
    report_claso(r, 0, 1, "yu-fig11-12");
    report_claso(r, 0, 2, NULL);
}

static void plan_yu_13(exp_run_t *r)
{
    add_series(r, "tl", "rr", "tl", 0);
    add_series(r, "tl+claso", "rr+claso:pa=1,pl=0", "tl", 0);
    add_series(r, "owl", "rr", "owl", 0);
    add_series(r, "owl+claso", "rr+claso:pa=1,pl=0", "owl", 0);
    add_series(r, "dyncta", "dyncta", "lrr", 0);
    add_series(r, "dyncta+claso", "dyncta+claso:pa=1,pl=0", "lrr", 0);
}

static void report_yu_13(exp_run_t *r)
{
    out(r, "workload,series,speedup,idle_cycle_reduction,idle_fraction_base,idle_fraction_claso\n");
    for (unsigned s = 0; s + 1 < r->ns; s += 2)
        report_claso(r, s, s + 1, s == 0 ? "yu-fig13" : NULL);
}

static void plan_yu_16(exp_run_t *r)
{
    add_series(r, "lrr", "rr", "lrr", 0);
    for (unsigned pa = 1; pa <= 3; pa++)
        for (unsigned pl = 0; pl <= 2; pl++) {
            char label[32], spec[96];
            snprintf(label, sizeof label, "CLASO%u%u", pa, pl);
            snprintf(spec, sizeof spec, "rr+claso:pa=%u,pl=%u", pa, pl);
            add_series(r, label, spec, "lrr", 0);
        }
}

static void report_yu_16(exp_run_t *r)
{
    out(r, "series,mean_speedup,mean_idle_fraction,mean_idle_fraction_lrr\n");
    for (unsigned s = 1; s < r->ns; s++) {
        double sp[EXP_MAX_WORKLOADS], fs[EXP_MAX_WORKLOADS], fb[EXP_MAX_WORKLOADS];
        for (unsigned w = 0; w < r->nw; w++) {
            sp[w] = ipc(R(r, w, s)) / ipc(R(r, w, 0));
            fs[w] = idle_fraction(R(r, w, s));
            fb[w] = idle_fraction(R(r, w, 0));
        }
        out(r, "%s,%.3f,%.4f,%.4f\n", r->series[s].label, mean(sp, r->nw), mean(fs, r->nw), mean(fb, r->nw));
    }
    printf("\nPaper: %s\n", paper_headline_text("yu-fig16"));
}

/* --- the papers' workload lists ------------------------------------------------
 *
 * Each list is the paper's own, in its order and with its abbreviations,
 * transcribed from the text in shared/papers/. An experiment runs the ones the
 * suite has; the others are reported missing. A workload that joins the suite
 * under the paper's name (or an alias below) joins the experiments with it. */

/* Lee et al., HPCA'14, Table 2 (GPGPU Workload Description), 19 workloads.
 * Its Type column is Fig. 4's classification; the text gives no x axis of
 * Figs. 4, 12-13 or 19, so those take this list. FDTD
 * (3D Finite-Difference Time-Domain, 576 CTAs) and 3DFD (3D finite
 * difference, 900 CTAs) are two SDK kernels: our 3DFD is the latter. */
static const char *const lee_table2[] = {"CONV", "MMUL", "BP",  "BFS", "CP",   "RAY", "SRAD", "MADD", "TRAN", "VADD",
                                         "FDTD", "KMN",  "MUM", "EIP", "3DFD", "BLK", "STN",  "LBM",  "LPS",  NULL};

/* Lee et al. Figs. 16-17 (BCS): "only 2D workloads", i.e. Table 2's rows with
 * a two-dimensional CTA ("BCS is not applicable to workloads with
 * one-dimensional CTAs", §4.2), in Table 2's order. §5.2 names MMUL, BP and
 * STN among them. */
static const char *const lee_2d[] = {"CONV", "MMUL", "BP",   "CP",   "RAY", "SRAD",
                                     "MADD", "TRAN", "FDTD", "3DFD", "STN", "LPS", NULL};

/* Kayiran et al., PACT'13, Table 2 (List of benchmarks), 31 applications;
 * Figs. 1 and 10 are over all of them ("over all 31 applications", §1;
 * "Across 31 applications", §5.1). §3.1's text spells IIX "IX". */
static const char *const kayiran_table2[] = {"PVC", "SSC", "IIX", "BFS", "SAD", "PFF",  "LUD", "SPMV",
                                             "NW",  "MUM", "KM",  "WP",  "SCP", "PVR",  "AES", "LIB",
                                             "NQU", "FFT", "SD2", "BP",  "JPEG", "BLK", "RAY", "SD1",
                                             "LKC", "PFN", "HOT", "NN",  "MM",  "STO",  "CP",  NULL};

/* Kayiran et al. Fig. 8 (CTA modulation over time): "Figure 8 shows how the
 * number of CTAs changes during the execution for SAD, JPEG, RAY, and FFT"
 * (§5.1). */
static const char *const kayiran_fig8[] = {"SAD", "JPEG", "RAY", "FFT", NULL};

/* Yu et al., IJPP'14, Table 2 (Benchmarks used in experiments), 13
 * benchmarks; Figs. 11-13 report "all benchmarks" (§4.2, §4.3), and §4.4
 * names AES, LIB, MC, SLA and ST in Fig. 16. */
static const char *const yu_table2[] = {"AES", "BFS", "BP", "BS", "CP", "FWT", "KMS",
                                        "LIB", "MC",  "NN", "SLA", "SP", "ST", NULL};

static const exp_def_t experiments[] = {
    {"lee-fig4", "performance vs CTAs per core per workload, Lee et al. types", "hpca14-28sm", "gto", lee_table2,
     "Table 2", plan_lee_fig4, report_lee_fig4},
    {"lee-fig12-13", "LCS speedup over GTO and T_new vs OPT", "hpca14-28sm", "gto", lee_table2, "Table 2",
     plan_lee_fig12_13, report_lee_fig12_13},
    {"lee-fig16-17", "BCS+GTO vs BCS+SCA speedup and L1 miss rate on 2D kernels", "hpca14-28sm", "gto", lee_2d,
     "Table 2, 2D CTAs", plan_lee_fig16_17, report_lee_fig16_17},
    {"lee-fig19", "LCS, LCS+BCS vs TL, CCWS, DYNCTA, normalised to GTO", "hpca14-28sm", "gto", lee_table2, "Table 2",
     plan_lee_fig19, report_lee_fig19},
    {"kayiran-fig1-10", "min, opt and DYNCTA IPC vs maximum TLP; DYNCTA's average n", "pact13-30sm", "lrr",
     kayiran_table2, "Table 2", plan_kayiran, report_kayiran},
    {"kayiran-fig8", "DYNCTA's CTA limit over time", "pact13-30sm", "lrr", kayiran_fig8, "Fig. 8", plan_kayiran_fig8,
     report_kayiran_fig8},
    {"yu-fig11-12", "CLASO10/20 speedup and idle-cycle reduction on LRR", "c2050", "lrr", yu_table2, "Table 2",
     plan_yu_11_12, report_yu_11_12},
    {"yu-fig13", "CLASO on TL, OWL and DYNCTA", "c2050", "lrr", yu_table2, "Table 2", plan_yu_13, report_yu_13},
    {"yu-fig16", "CLASO p_A / p_L sensitivity", "c2050", "lrr", yu_table2, "Table 2", plan_yu_16, report_yu_16},
};

typedef struct exp_opts {
    app_size_t size;
    const char *out_dir, *only; /* only: --workloads A,B (NULL: not given) */
    unsigned jobs;
    bool all_workloads;         /* --all-workloads */
    bool power;                 /* --power: the power model on */
    bool force;                 /* --force: simulate every run again */
    int argc;                   /* the command line, for Slurm's array tasks */
    char **argv;
    bool slurm;                 /* --backend slurm: the runs as a Slurm job array (slurm.h) */
    slurm_opts_t slurm_opts;
    bool one_run;               /* --run-index K: an array task runs job K alone */
    size_t run_index;
} exp_opts_t;

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
}

/* NAME-workloads.csv: the paper's workloads, ours for each and whether this
 * run had it (run, not-selected, missing), then the workloads it ran that
 * the paper does not list (extra). */
static int write_workloads_csv(const exp_run_t *r, const char *path, cs_error_t *err)
{
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "paper_workload,suite_workload,status\n");
    for (unsigned i = 0; r->def->paper[i]; i++) {
        const app_def_t *a = exp_suite_workload(r->def->paper[i]);
        const char *status = !a ? "missing" : exp_listed(r->wl, r->nw, a) ? "run" : "not-selected";
        fprintf(f, "%s,%s,%s\n", r->def->paper[i], a ? a->name : "", status);
    }
    for (unsigned w = 0; w < r->nw; w++)
        if (!r->in_paper[w])
            fprintf(f, ",%s,extra\n", r->wl[w]->name);
    return cli_output_close(f, path, err);
}

static void free_results(exp_run_t *r)
{
    exp_warnings_free(&r->warnings);
    for (unsigned i = 0; i < r->nw * r->ns; i++) {
        free(r->res[i].n_cycle);
        free(r->res[i].n_value);
    }
    free(r->res);
}

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
            const exp_result_t *x = R(r, w, s);
            if (x->inert)
                exp_inert_add(&l, r->wl[w]->name, x->max_grid, x->cores);
        }
        exp_inert_warn(&r->warnings, &l, r->def->name, r->series[s].label, r->series[s].cta, r->nw, r->size);
    }
}

/* The experiments ask how performance changes with CTAs per SM; a workload
 * none of whose kernels fills every SM to its occupancy once cannot answer
 * (its curve is flat, so it classifies as Type II / Down whatever it is). */
static void warn_small_grids(exp_run_t *r)
{
    char names[512] = "";
    unsigned n = 0;
    for (unsigned w = 0; w < r->nw; w++)
        if (!R((exp_run_t *)r, w, 0)->fills_gpu) {
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

static void slurm_progress(void *ctx, size_t done, size_t total)
{
    exp_run_t *r = ctx;
    progress_update(&r->progress, done, total, 0);
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
                              slurm_progress, r, err);
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
    } else {
        run_job(r, o->run_index);
        const exp_result_t *x = &r->res[o->run_index];
        if (x->rc < 0 || x->check == 0)
            rc = cli_fail(&x->err);
    }
    free(r->todo);
    r->todo = NULL;
    free_results(r);
    return rc;
}

/* One experiment: plan, run every (workload, series) in parallel, report.
 * The output directory exists already (cmd_experiment). */
static int run_one(const exp_def_t *def, const exp_opts_t *o)
{
    static exp_run_t r;
    memset(&r, 0, sizeof r);
    r.def = def;
    r.size = o->size;
    r.out_dir = o->out_dir;
    cs_error_t err;
    config_defaults(&r.cfg);
    if (config_load_preset(&r.cfg, def->config, &err) < 0)
        return cli_fail(&err);
    if (o->power)
        r.cfg.power.enabled = true;
    r.nw = pick_workloads(def, o, r.wl, r.in_paper);
    if (!r.nw) {
        fprintf(stderr, "ctasim: experiment %s: no workloads selected\n", def->name);
        return 2;
    }
    def->plan(&r);
    size_t total = (size_t)r.nw * r.ns;
    r.res = cs_xcalloc(total, sizeof *r.res);
    r.tty = isatty(2);
    /* results of an earlier, interrupted run of the same experiment */
    snprintf(r.cache_dir, sizeof r.cache_dir, "%s/.runs/%s", r.out_dir, def->name);
    snprintf(r.sweep_dir, sizeof r.sweep_dir, "%s/.runs/static-%s", r.out_dir, def->config);
    if (cli_output_dir(r.cache_dir, &err) < 0 || cli_output_dir(r.sweep_dir, &err) < 0) {
        free(r.res);
        return cli_fail(&err);
    }
    r.todo = cs_xcalloc(total, sizeof *r.todo);
    size_t reused = 0;
    for (size_t i = 0; i < total; i++) {
        if (!o->force && load_run(&r, i, &r.res[i]))
            reused++;
        else
            r.todo[r.ntodo++] = i;
    }
    unsigned threads = jobs_threads_used(r.ntodo ? r.ntodo : 1, o->jobs);
    printf("%s: %s (%s preset, %u workloads x %u series, %s size)\n", def->name, def->summary, def->config, r.nw, r.ns,
           app_size_name(r.size));
    print_coverage(&r);
    if (reused)
        printf("%s: resuming: %zu of %zu runs complete in %s from an earlier run, running %zu (--force runs all)\n",
               def->name, reused, total, r.cache_dir, r.ntodo);
    fflush(stdout);
    if (o->one_run) /* a Slurm array task: this run only, kept in .runs */
        return run_indexed(&r, o);
    double t0 = wall_now();
    progress_start(&r.progress, def->name, "runs", r.tty);
    if (r.ntodo && o->slurm) {
        if (run_on_slurm(&r, o, &err) < 0) {
            free_results(&r);
            return cli_fail(&err);
        }
    } else if (r.ntodo) {
        jobs_run(r.ntodo, threads, run_todo, progress, &r);
    }
    free(r.todo);
    r.todo = NULL;
    double wall = wall_now() - t0;
    double sim = 0;
    for (size_t i = 0; i < total; i++) {
        sim += r.res[i].seconds;
        if (r.res[i].rc < 0 || r.res[i].check == 0) {
            int rc = cli_fail(&r.res[i].err);
            free_results(&r);
            return rc;
        }
    }
    warn_small_grids(&r);
    warn_inert_policies(&r);
    char path[1024], wpath[1024];
    snprintf(path, sizeof path, "%s/%s.csv", r.out_dir, def->name);
    snprintf(wpath, sizeof wpath, "%s/%s-workloads.csv", r.out_dir, def->name);
    r.csv = cli_output_open(path, &err);
    if (!r.csv) {
        free_results(&r);
        return cli_fail(&err);
    }
    def->report(&r);
    int rc = cli_output_close(r.csv, path, &err);
    r.csv = NULL;
    if (rc == 0 && r.extra_rc < 0) {
        err = r.extra_err;
        rc = -1;
    }
    if (rc == 0)
        rc = write_workloads_csv(&r, wpath, &err);
    if (rc == 0)
        rc = exp_warnings_write(&r.warnings, r.out_dir, def->name, &err);
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
           def->name, total, wall, where, sim, path, wpath);
    return 0;
}

/* `ctasim experiment NAME|all ...` for the experiments above (argv[2]). */
static int run_cta_experiments(int argc, char **argv)
{
    bool all = !strcmp(argv[2], "all");
    const exp_def_t *def = NULL;
    for (unsigned i = 0; i < CS_ARRAY_LEN(experiments); i++)
        if (!strcmp(experiments[i].name, argv[2]))
            def = &experiments[i];
    if (!def && !all && argv[2][0] == '-') { /* options before the name */
        fprintf(stderr, "ctasim: experiment needs a NAME first, got '%s' (see `ctasim experiment list`)\n", argv[2]);
        return 2;
    }
    if (!def && !all) {
        fprintf(stderr, "ctasim: unknown experiment '%s' (see `ctasim experiment list`)\n", argv[2]);
        return 2;
    }
    exp_opts_t o = {.size = APP_DEFAULT, .out_dir = "experiments-out", .jobs = jobs_default(), .argc = argc,
                    .argv = argv};
    slurm_opts_default(&o.slurm_opts);
    bool report = false; /* --report: DIR/report.html after the runs */
    cs_error_t err;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--all-workloads")) {
            o.all_workloads = true;
            continue;
        }
        if (!strcmp(a, "--power")) { /* -power_simulation_enabled 1 on the experiment's preset */
            o.power = true;
            continue;
        }
        if (!strcmp(a, "--force")) {
            o.force = true;
            continue;
        }
        if (!strcmp(a, "--report")) {
            report = true;
            continue;
        }
        bool known = !strcmp(a, "--size") || !strcmp(a, "--workloads") || !strcmp(a, "--jobs") || !strcmp(a, "-o") ||
                     !strcmp(a, "--threads") || !strcmp(a, "--backend") || !strncmp(a, "--slurm-", 8) || !strcmp(a, "--run-index");
        if (!known) {
            fprintf(stderr, "ctasim: unknown option '%s' for experiment\n", a);
            return 2;
        }
        if (!v) {
            fprintf(stderr, "ctasim: option %s needs a value\n", a);
            return 2;
        }
        i++;
        int common = exp_common_option(a, v, &o.size, &o.jobs, &o.out_dir, &o.only, &err);
        if (common < 0)
            return cli_fail_usage(&err);
        if (common > 0)
            continue;
        if (!strcmp(a, "--backend")) {
            if (strcmp(v, "local") && strcmp(v, "slurm")) {
                fprintf(stderr, "ctasim: --backend expects local or slurm, got '%s'\n", v);
                return 2;
            }
            o.slurm = !strcmp(v, "slurm");
        } else if (!strcmp(a, "--run-index")) {
            uint64_t n;
            if (cli_parse_uint(a, v, 0, UINT32_MAX, &n, &err) < 0)
                return cli_fail_usage(&err);
            o.one_run = true;
            o.run_index = (size_t)n;
        } else if (slurm_parse_option(&o.slurm_opts, a, v, &err) < 0) {
            return cli_fail_usage(&err);
        }
    }
    /* an experiment whose paper lists none of the suite's workloads has
     * nothing to run (unless --workloads or --all-workloads gives it some):
     * `all` skips it, a single experiment is an error */
    unsigned runnable = 0;
    for (unsigned i = 0; i < CS_ARRAY_LEN(experiments); i++)
        runnable += (all || &experiments[i] == def) && count_selected(&experiments[i], &o) > 0;
    if (!runnable) {
        if (all)
            fprintf(stderr, "ctasim: experiment all: no experiment has a workload to run\n");
        else
            fprintf(stderr, "ctasim: experiment %s: no workloads selected\n", def->name);
        return 2;
    }
    /* before any simulation: a bad -o fails now, not after the runs */
    if (cli_output_dir(o.out_dir, &err) < 0)
        return cli_fail(&err);
    if (!all) {
        int rc = run_one(def, &o);
        return rc || !report ? rc : cli_report_dir(o.out_dir, def->name);
    }
    double t0 = wall_now();
    for (unsigned i = 0; i < CS_ARRAY_LEN(experiments); i++) {
        if (!count_selected(&experiments[i], &o))
            continue;
        int rc = run_one(&experiments[i], &o);
        if (rc)
            return rc;
    }
    printf("all experiments: %.1f s wall; tables in %s/\n", wall_now() - t0, o.out_dir);
    return report ? cli_report_dir(o.out_dir, NULL) : 0;
}

/* --- registered: `ctasim experiment list` and NAME (cli/exp_registry.h) --- */

static bool describe(unsigned i, experiment_info_t *out)
{
    static char all_summary[96];
    unsigned n = CS_ARRAY_LEN(experiments);
    if (i < n)
        *out = (experiment_info_t){experiments[i].name, experiments[i].summary, experiments[i].config};
    else if (i == n) {
        snprintf(all_summary, sizeof all_summary, "the experiments %s ... %s above, one after another",
                 experiments[0].name, experiments[n - 1].name);
        *out = (experiment_info_t){"all", all_summary, NULL};
    }
    return i <= n;
}

const experiment_set_t experiments_cta = {describe, run_cta_experiments};
EXPERIMENT_REGISTER(experiments_cta);
