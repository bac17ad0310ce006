/* exp_suite.h — the vendored suites' programs (suites/programs.txt, built by
 * `make suites`) as workloads of the experiments: `ctasim experiment NAME
 * --suite rodinia` runs every series on the real program under `ctasim
 * exec` as well as on our re-implemented kernel of the same name, and the
 * report prints the two rows one under the other (docs/SUITES.md).
 *
 * A program joins when suites/programs.txt has a `mid` line for it, which
 * names our kernel it corresponds to (the paper's abbreviation, e.g. BFS)
 * and its arguments at the mid size: grids that fill every core of the CTA
 * experiments' presets several times over (--suite-set ci takes its CI-size
 * arguments instead, for quick tests). One simulation is a child `ctasim
 * exec --json` of this binary in a fresh temporary folder; its result
 * document is read back into the runner's exp_result_t. */
#ifndef CTASIM_CLI_EXP_SUITE_H
#define CTASIM_CLI_EXP_SUITE_H

#include "exp_runner.h"

typedef struct exp_program {
    char name[64];   /* the program: "bfs" */
    char suite[32];  /* the first folder of its dir: rodinia, parboil, cuda-samples */
    char ours[16];   /* our kernel of the same name: "BFS" */
    char row[112];   /* the name its table rows carry: "rodinia/bfs" */
    char exe[4200];  /* BUILD/suites/NAME */
    char args[2048]; /* its arguments, @DATA@ replaced */
    app_def_t def;   /* name = row, so that every report prints it as a workload */
} exp_program_t;

/* The programs of SUITE (rodinia, parboil, cuda-samples or all) that have a
 * `mid` line, with the arguments of SET (mid or ci), into a malloc'd array
 * *OUT of *N. The list is BUILD/../suites/programs.txt (BUILD: the folder of
 * this ctasim binary), the programs BUILD/suites/ (built or not: see
 * exp_suite_check_built). 0, or -1 with err: an unknown suite or set, no
 * list, a malformed line. */
int exp_suite_load(const char *suite, const char *set, exp_program_t **out, unsigned *n, cs_error_t *err);

/* Program P under preset PRESET and series SE (POWER: the power model on)
 * into X: the result document of `ctasim exec --json`. The C_mem readings
 * split by kind (wait, sched) are not in the document: x->cmem_split is
 * false. 0, or -1 with x->err set (the program's last error line). */
int exp_suite_run(const exp_program_t *p, const char *preset, const exp_series_t *se, bool power, exp_result_t *x);

/* What run_key needs besides the series: the program's arguments and its
 * executable's size and modification time, into BUF. */
/* 0 when P's executable is built, else -1 with err naming it and `make
 * suites`. Checked only for the programs an experiment selects: a build
 * may hold some of a suite's programs (tools/build_suites.sh NAME). */
int exp_suite_check_built(const exp_program_t *p, cs_error_t *err);

void exp_suite_key(const exp_program_t *p, char *buf, size_t n);

#endif
