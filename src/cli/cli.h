/* cli.h — pieces shared by the ctasim subcommands. */
#ifndef CTASIM_CLI_H
#define CTASIM_CLI_H

#include <stdio.h>

#include "apps/apps.h"
#include "config/config.h"
#include "gpu/gpu.h"
#include "frontend/workload.h"

typedef struct run_opts {
    gpu_config_t cfg;
    const char *cta_sched, *warp_sched, *json, *input, *out_dir;
    bool quiet;
    unsigned binary_version;
    app_size_t size;     /* workloads of the suite: --size small|default|paper */
    uint64_t seed;       /* --seed */
    uint32_t sample_interval; /* --sample-interval N: per-SM series every N cycles (0: off) */
    /* workload mixes (run A+B, mix.c) */
    const char *mix_file;    /* --mix FILE */
    const char *alone_cache; /* --alone-cache DIR */
    unsigned pool;           /* --pool N (0: every workload at once) */
    bool no_alone;           /* --no-alone: no alone runs, no STP/ANTT */
} run_opts_t;

/* --- options.c: shared by every subcommand ------------------------------- */

/* The usage text of every subcommand. */
void cli_usage(FILE *f);
/* `ctasim CMD --help` (help.c): the subcommand's options and an example on
 * standard output; -1 if CMD is no subcommand. */
int cli_help(const char *cmd);
/* Options common to run/trace/config/sweep (argv[2..]); 0 or an exit code. */
int cli_parse_opts(int argc, char **argv, run_opts_t *o, bool want_input);
/* The same, recording in `log` where each option of --config and --set was
 * set (config/config_coverage.h) and printing no configuration warnings:
 * the caller reports from the log (`ctasim config --unmodelled`). */
int cli_parse_opts_log(int argc, char **argv, run_opts_t *o, bool want_input, config_settings_t *log);
/* Print "ctasim: <message>" and return exit code 1. */
int cli_fail(const cs_error_t *e);
/* The same for a usage mistake (a bad option value): exit code 2. */
int cli_fail_usage(const cs_error_t *e);

/* --json FILE (or "-": standard output), opened before the simulation so a
 * bad path fails at once (options.c). cli_json_open returns 0 or an exit
 * code; cli_json_write writes and closes, -1 with err on failure. With
 * "-", the text statistics are not printed (stdout is the JSON). */
typedef struct cli_json_out {
    FILE *f;
    const char *path;
} cli_json_out_t;
int cli_json_open(const run_opts_t *o, cli_json_out_t *j);
int cli_json_write(cli_json_out_t *j, const gpu_t *g, cs_error_t *err);
void cli_json_abandon(cli_json_out_t *j);

/* --- simulating any input (simulate.c) ----------------------------------- */

/* One simulation: INPUT on a GPU built from cfg with the given policies. */
typedef struct sim_request {
    const gpu_config_t *cfg;        /* --max-ctas is cfg->max_ctas_override */
    const char *cta_sched;          /* NULL: rr */
    const char *warp_sched;         /* NULL: the config's -gpgpu_scheduler */
    const char *input;              /* suite workload, synthetic kernel spec or trace */
    app_size_t size;                /* suite workloads only */
    uint64_t seed;                  /* suite workloads only */
    bool progress;                  /* show progress on stderr (a terminal) */
    uint32_t sample_interval;       /* gpu_set_sample_interval (0: off) */
    unsigned threads;               /* gpu_set_threads (0: the command's --threads, cli_set_threads) */
} sim_request_t;

typedef struct sim_outcome {
    int check;         /* suite workload: 1 output matched the CPU reference, 0 not; -1: input without a check */
    char detail[256];  /* what the check found, when it says */
} sim_outcome_t;

/* Run the request to completion. Returns the finished GPU for the caller to
 * read and gpu_destroy, or NULL with err (the GPU is destroyed then). A
 * failed output check is not an error here: out->check says it. */
gpu_t *cli_simulate(const sim_request_t *req, sim_outcome_t *out, cs_error_t *err);
/* A CTA policy that cannot act (simulate.c). A chain of rr and policies
 * that act only by capping CTAs per core or by throttling cores (static,
 * lcs, dyncta, claso, tcs) changes nothing when no kernel
 * has more CTAs than the cores that take CTAs: every CTA gets a core of its
 * own, as under rr. */
typedef struct cli_grid_summary {
    uint64_t max_ctas;  /* the largest kernel's CTAs */
    char kernel[64];    /* its name */
    uint32_t cores;     /* cores that take CTAs (--active-cores or all) */
    bool one_stream;    /* every kernel in one stream: none side by side */
} cli_grid_summary_t;
bool cli_cta_chain_only_throttles(const char *chain);
void cli_grid_summary(const gpu_t *g, cli_grid_summary_t *s);
bool cli_policy_inert(const char *chain, const cli_grid_summary_t *s);
/* The one-line warning on stderr when CHAIN could not act on G's kernels;
 * true if it was printed. */
bool cli_warn_policy_inert(const char *chain, const gpu_t *g);
/* Is INPUT something cli_simulate can run? Checked without simulating, so a
 * sweep or experiment can refuse a typo before its first point. */
int cli_check_input(const char *input, cs_error_t *err);
/* --threads N of this command: the threads each simulation ticks its cores
 * on (gpu_set_threads; auto, the default, 1 or more), for every cli_simulate
 * whose request names none. Results do not depend on it. */
void cli_set_threads(unsigned threads);
/* The GPU of one simulation of the command line, with the run options that
 * act on the GPU rather than on its workload: --sample-interval (0: off)
 * and the thread team, `threads` (0: the command's --threads, auto by
 * default; auto starts the team during the run, gpu_set_threads_auto; a
 * count below the crossover runs one thread, with a warning). Every
 * simulating command takes its GPU here: cli_simulate, workload mixes,
 * launch, and the CUDA runtime `ctasim exec` loads into a program. */
gpu_t *cli_gpu_create(const gpu_config_t *cfg, const char *cta_sched, const char *warp_sched,
                      uint32_t sample_interval, unsigned threads, cs_error_t *err);
#define CLI_MAX_THREADS 256
/* --threads auto: each simulation takes gpu_auto_threads' count */
#define CLI_THREADS_AUTO 0xffffffffu
/* --threads' value: 1..CLI_MAX_THREADS or `auto` (CLI_THREADS_AUTO). */
int cli_parse_threads(const char *option, const char *text, unsigned *out, cs_error_t *err);
/* A trace path or a built-in kernel spec as a workload (not a suite workload). */
workload_t *cli_open_input(const char *input, cs_error_t *err);

/* --- provenance.c: what produced a result ------------------------------- */

typedef struct cli_provenance {
    int argc;
    char **argv;              /* the whole command line, argv[0] included */
    const run_opts_t *opts;   /* --config/--set are read from argv, in order */
    const char *input;        /* workload, synthetic spec, trace path, or PTX file */
    const char *ptx_kernel;   /* launch: the kernel of the PTX file; NULL otherwise */
    int check;                /* the workload's output check: 1 PASS, 0 FAIL, -1 none */
    const char *detail;       /* what the check said, or NULL */
    bool mix;                 /* input is a workload mix (spec or --mix file) */
    bool program;             /* exec: input is the CUDA program run (argv holds its arguments) */
} cli_provenance_t;
/* Record on g the "provenance" object of its JSON and the ctasim_* lines of
 * its text statistics (docs/ARCHITECTURE.md, "Provenance"). */
void cli_record_provenance(gpu_t *g, const cli_provenance_t *p);
/* FNV-1a 64 of the effective configuration as `ctasim config` prints it. */
uint64_t cli_config_checksum(const gpu_config_t *cfg);
/* The version every result records (git describe of the tree built), for
 * `ctasim --version`. */
const char *cli_version(void);

int cmd_sweep(int argc, char **argv);
int cmd_launch(int argc, char **argv);
int cmd_exec(int argc, char **argv); /* exec.c */
int cmd_experiment(int argc, char **argv); /* exp_registry.c: list, or dispatch NAME to its set */
int cmd_report(int argc, char **argv);
int cmd_native(int argc, char **argv);    /* native.c: build/ctasim-native, the suite on a GPU */
int cmd_correlate(int argc, char **argv); /* correlate.c: hardware times beside simulated ones */
/* The report of output directory DIR (report.c), written to DIR/report.html;
 * EXPERIMENT: only that experiment's tables (NULL: all). 0 or an exit code. */
int cli_report_dir(const char *dir, const char *experiment);
/* With --sample-interval and --json X.json (or X; not -): X-series.csv
 * beside it, every series of g as rows series,cycle,value, written through
 * a temporary (report.c). Otherwise nothing. */
int cli_write_series_csv(const gpu_t *g, const run_opts_t *o, cs_error_t *err);
/* The executable's own hash (exp_common.c), read once: the caches of runs
 * (experiments' DIR/.runs, mix's alone runs and profiles) key on it. */
uint64_t cli_exe_hash(void);
/* The value options every experiment shares (exp_common.c): --size S,
 * --jobs N, -o DIR and, when ONLY is not NULL, --workloads A,B (every name
 * checked against the suite). 1: NAME was one of them and VALUE is taken;
 * 0: it is not one; -1: a bad value, err says why (a usage error). */
int exp_common_option(const char *name, const char *value, app_size_t *size, unsigned *jobs, const char **out_dir,
                      const char **only, cs_error_t *err);
/* Is NAME one of --workloads' comma-separated ONLY (any case; NULL: every
 * name is)? Is A among the first N of WL? (exp_common.c) */
bool exp_selected(const char *only, const char *name);
/* Option argv[*i] of `ctasim experiment NAME ...`, which takes a value when
 * KNOWN: the value (argv[*i + 1]; *i then points at it), or NULL with the
 * error printed (an unknown option, or one without its value). (exp_common.c) */
const char *exp_option_value(int argc, char **argv, int *i, bool known);
bool exp_listed(const app_def_t *const *wl, unsigned n, const app_def_t *a);
/* Our workload for a paper's name (its aliases: KM is our KMN, ...), NULL
 * when the suite lacks it. (exp_common.c) */
const app_def_t *exp_suite_workload(const char *name);
/* The workloads an experiment on the paper's list PAPER runs, in order, into
 * WL (at most MAX; IN_PAPER[i]: wl[i] is one of the paper's): first the
 * paper's workloads the suite has, in the paper's order; then, in the
 * suite's order, workloads the paper does not list: those ONLY (--workloads)
 * names, or with ALL every one. Under ONLY, only the workloads it names. */
unsigned exp_pick_workloads(const char *const *paper, const char *only, bool all, unsigned max,
                            const app_def_t **wl, bool *in_paper);
/* The warnings an experiment prints (exp_common.c): each goes to stderr as
 * "ctasim: warning: ..." and is kept; exp_warnings_write puts them into
 * DIR/NAME-warnings.txt (or removes a stale one when there are none), where
 * `ctasim report` finds them, so the page says what the terminal said. */
typedef struct exp_warnings {
    char *text; /* lines, '\n'-terminated; NULL when none */
    size_t len;
} exp_warnings_t;
void exp_warn(exp_warnings_t *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int exp_warnings_write(const exp_warnings_t *w, const char *out_dir, const char *name, cs_error_t *err);
void exp_warnings_free(exp_warnings_t *w);
/* The workloads on which one throttling series of an experiment could not
 * act (cli_policy_inert), gathered with exp_inert_add; exp_inert_warn then
 * gives the series' one warning, if any were added. */
typedef struct exp_inert {
    char names[1024]; /* "W (N CTAs), ..." */
    unsigned n, cores;
} exp_inert_t;
void exp_inert_add(exp_inert_t *l, const char *workload, uint64_t max_grid, unsigned cores);
void exp_inert_warn(exp_warnings_t *w, const exp_inert_t *l, const char *experiment, const char *label,
                    const char *cta, unsigned n_workloads, app_size_t size);

#endif
