/* exp_runner.h — one runner for the papers' experiments on single workloads
 * (experiment.c: CTA and warp scheduling; exp_energy.c: energy and core
 * gating). An experiment is a declaration, exp_def_t: its preset, the
 * paper's workloads and where the paper lists them, a plan that adds the
 * series (each a set of run options: CTA chain, warp scheduler, CTA cap,
 * active cores, power gating, sampling) and a report that prints the table
 * beside the paper's numbers. The runner does the rest, the same for every
 * experiment: options, workload selection and coverage, one simulation per
 * (workload, series) on the worker pool (or a Slurm array), results kept in
 * DIR/.runs for resuming, the CSV through a temporary, NAME-workloads.csv
 * and NAME-warnings.txt. A family of experiments (one registered set) shares
 * an exp_family_t: what its experiments have in common beyond the runner.
 * The workload mixes of exp_mix.c run elsewhere: their unit is a mix and
 * a workload's alone run, not a (workload, series) pair. */
#ifndef CTASIM_CLI_EXP_RUNNER_H
#define CTASIM_CLI_EXP_RUNNER_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "exp_registry.h"
#include "exp_types.h"

/* The name the paper's tables know workload W by: ours, or for a suite's
 * program the name of our kernel it corresponds to (exp_suite.h). */
const char *exp_paper_name(const exp_run_t *r, unsigned w);

/* A new series LABEL running CTA chain CTA (with --tcs's arguments where it
 * is TCS) under warp scheduler WARP (NULL: the def's); every other option as
 * the preset has it. Returns it for the plan to set the rest. */
exp_series_t *exp_add_series(exp_run_t *r, const char *label, const char *cta, const char *warp);
/* Series n=1 .. n=min(8, the preset's CTAs per SM): rr under a static cap. */
void exp_add_static_sweep(exp_run_t *r, const char *warp);
/* The first series labelled LABEL (0 if none). */
unsigned exp_find_series(const exp_run_t *r, const char *label);
/* Print to stdout and to the experiment's CSV. */
void exp_out(exp_run_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A report's extra file DIR/FILE: opened (the path into PATH), closed; a
 * failure is kept in r->extra_rc / extra_err for the runner to report. */
FILE *exp_extra_open(exp_run_t *r, const char *file, char *path, size_t n);
int exp_extra_close(exp_run_t *r, FILE *f, const char *path);

/* `ctasim experiment NAME|all [OPTIONS]` for the N experiments DEFS of one
 * family (argv[2] names one of them, or all). */
int exp_run_command(const exp_def_t *defs, unsigned n, int argc, char **argv);
/* `ctasim experiment list`'s i-th line of the family (exp_registry.h). */
bool exp_describe(const exp_def_t *defs, unsigned n, unsigned i, experiment_info_t *out);

#endif
