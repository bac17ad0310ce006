/* exp_types.h — the data of an experiment run: its series, each
 * simulation's result, the run itself and the experiment's declaration
 * (exp_runner.h runs them). Apart from the runner's functions so that
 * exp_suite.c, which the runner calls to run a suite's program, fills a
 * result without depending on the runner in turn. */
#ifndef CTASIM_CLI_EXP_TYPES_H
#define CTASIM_CLI_EXP_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "exp_registry.h"
#include "progress.h"

#define EXP_MAX_SERIES 32
#define EXP_MAX_WORKLOADS 64
#define EXP_MAX_KERNELS 256 /* kernel launches whose TCS core count is kept */

/* One series: the run options every workload of the experiment runs under. */
typedef struct exp_series {
    char label[32];
    char cta[96];
    char warp[32];     /* "" : the preset's */
    unsigned max_ctas; /* CTAs per SM cap (0: none) */
    uint32_t active;   /* --active-cores (0: all) */
    int pcpg;          /* -power_pcpg: 0, 1, or -1 the preset's */
    int gate_rf;       /* -power_gate_unused_rf_shmem: 0, 1, or -1 the preset's */
    uint32_t sample;   /* --sample-interval (0: off) */
} exp_series_t;

/* exp_result_t.prog_check: our kernel (its check is `check`), or a suite
 * program's own check (tools/run_suites.sh --check) passed, absent, failed */
enum { EXP_PROG_NONE = 0, EXP_PROG_PASS, EXP_PROG_RAN, EXP_PROG_FAIL };

/* What one simulation leaves for the reports (and DIR/.runs keeps). */
typedef struct exp_result {
    int rc, check;
    cs_error_t err;
    gpu_totals_t t;
    uint64_t no_cta, act, cycles_all;
    /* DYNCTA's C_mem readings summed over cores (counters.h): c_mem,
     * c_mem_wait, and c_mem_sched already divided by the schedulers per core */
    uint64_t c_mem_all, c_mem_wait, c_mem_sched, c_mem_sched_mem;
    /* a suite program's own check (exp_suite.h): EXP_PROG_* and why it failed */
    int prog_check;
    char prog_detail[200];
    unsigned same_as; /* a program's run at a cap at or above its occupancy limit: not simulated, a copy of
                       * this cap's run (exp_suite_skip_repeats); 0: simulated */
    bool cmem_split;   /* c_mem_wait, c_mem_sched(_mem) measured (false: a suite program's run, exp_suite.h) */
    double t_new;      /* LCS: metric METRIC_LCS_T_NEW (last kernel), -1 if absent */
    double n_avg;      /* DYNCTA: metric METRIC_DYNCTA_N_AVG, -1 if absent */
    uint64_t *n_cycle; /* DYNCTA: series METRIC_DYNCTA_N_SERIES (mean n over cores at each sample), owned */
    double *n_value;
    size_t n_points;
    uint32_t occupancy; /* largest resource limit over the kernels */
    bool fills_gpu;     /* some kernel has at least one full wave: SMs x its CTAs per SM */
    uint64_t max_grid;  /* the largest kernel's CTAs */
    uint32_t cores;     /* cores that took CTAs */
    bool inert;         /* the series' CTA policy could not act (cli_policy_inert) */
    /* the power model's totals (power.*), -1 where it is off */
    double energy, static_j, dynamic_j, avg_w, edp;
    double tcs_cores; /* TCS: cores of the last launch, -1 if absent */
    unsigned nk;      /* kernel launches (at most EXP_MAX_KERNELS); kcores[k]: TCS's cores at launch k, -1 if absent */
    double *kcores;
    unsigned nsm; /* per-SM IPC series sm_ipc/<i> (a series with a sample interval) */
    size_t npts;
    uint64_t *pt_cycle; /* npts */
    double *pt_ipc;     /* nsm * npts */
    double seconds;
    bool reused; /* read back from DIR/.runs (an earlier, interrupted run) */
    bool skipped; /* the def's `runs` left this pair out: never simulated, nothing to read */
} exp_result_t;

struct exp_def;

/* What the experiments of one registered set share. */
typedef struct exp_family {
    bool power;              /* the power model always on (else only with --power) */
    bool tcs_option;         /* --tcs ARGS: appended to every tcs / htcs series */
    bool warn_small_grids;   /* warn of workloads that never fill the GPU */
    bool with_all;           /* `ctasim experiment all` runs the set's experiments */
} exp_family_t;

typedef struct exp_run {
    const struct exp_def *def;
    gpu_config_t cfg;
    app_size_t size;
    const app_def_t *wl[EXP_MAX_WORKLOADS];
    bool in_paper[EXP_MAX_WORKLOADS]; /* wl[i] is one of the paper's workloads */
    /* --suite: wl[i] is a vendored suite's program run under `ctasim exec`
     * (exp_suite.h), the row after our kernel of the same name; NULL: ours */
    const struct exp_program *prog[EXP_MAX_WORKLOADS];
    struct exp_program *programs; /* the suite's programs (owned) */
    unsigned nw;
    exp_series_t series[EXP_MAX_SERIES];
    unsigned ns;
    exp_result_t *res; /* nw * ns */
    const char *out_dir;
    const char *tcs_args; /* --tcs ARGS (exp_family_t.tcs_option) */
    FILE *csv;
    /* a report's extra file that could not be written (exp_extra_open/close) */
    int extra_rc;
    cs_error_t extra_err;
    progress_t progress;
    char cache_dir[1024]; /* DIR/.runs/NAME (or the def's cache): one file per finished simulation */
    char sweep_dir[1024]; /* DIR/.runs/static-PRESET: the static sweep's runs, shared (exp_is_sweep) */
    size_t *todo, ntodo;  /* the jobs still to run */
    exp_warnings_t warnings; /* every warning printed, for DIR/NAME-warnings.txt */
} exp_run_t;

/* A setting a series may change or leave as the preset has it. */
typedef enum exp_switch { EXP_AS_PRESET = 0, EXP_OFF, EXP_ON } exp_switch_t;

/* A series as an experiment declares it (exp_def_t.series); what is not
 * named is as the preset has it. */
typedef struct exp_series_decl {
    const char *label, *cta;
    const char *warp;     /* NULL: the def's */
    exp_switch_t pcpg;    /* -power_pcpg */
    exp_switch_t gate_rf; /* -power_gate_unused_rf_shmem */
} exp_series_decl_t;

/* Where the static sweep (exp_add_static_sweep, under the def's warp
 * scheduler) goes among an experiment's series: the reports index them. */
typedef enum exp_sweep { EXP_NO_SWEEP = 0, EXP_SWEEP_FIRST, EXP_SWEEP_LAST } exp_sweep_t;

/* An experiment, as data. Its series: the sweep if first, the declared
 * ones, the sweep if last, then what plan adds (series that depend on the
 * preset or the size). */
typedef struct exp_def {
    const char *name, *summary, *config;
    const char *warp;         /* the series' warp scheduler unless one names its own (NULL: the preset's) */
    const char *const *paper; /* the paper's workloads for this figure, its names, NULL-terminated */
    const char *source;       /* where in the paper that list is */
    const exp_series_decl_t *series; /* NULL-label-terminated (NULL: none) */
    exp_sweep_t sweep;
    void (*plan)(exp_run_t *r);   /* adds further series (exp_add_series), or NULL */
    void (*report)(exp_run_t *r); /* the table (exp_out) and the paper's numbers beside ours */
    const char *cache; /* runs kept under DIR/.runs/CACHE, shared by experiments with the same runs (NULL: name) */
    const exp_family_t *family;
    /* Whether workload W runs under series S (NULL: every pair does), for an
     * experiment whose series mean something for some workloads only
     * (clusters-gpc: a cap of N clusters per GPC per cluster size). A pair
     * left out is not simulated; its result is marked skipped. */
    bool (*runs)(const exp_run_t *r, unsigned w, unsigned s);
} exp_def_t;

/* Result of workload W under series S. */
static inline exp_result_t *exp_res(exp_run_t *r, unsigned w, unsigned s) { return &r->res[w * r->ns + s]; }

/* A series of exp_add_static_sweep: the same simulation in every experiment
 * on the same preset, warp scheduler and size, kept once for all of them
 * (run_path, run_key), so an experiment that prints the static oracle's
 * headroom beside its policies pays for the sweep only if no other
 * experiment ran it into the same -o DIR. */
static inline bool exp_is_sweep(const exp_series_t *s)
{
    return s->max_ctas && !strcmp(s->cta, "rr") && !strncmp(s->label, "n=", 2) && !s->active && s->pcpg < 0 &&
           s->gate_rf < 0 && !s->sample;
}
#endif
