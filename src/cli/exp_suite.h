/* exp_suite.h — the vendored suites' programs (suites/programs.txt, built by
 * `make suites`) as workloads of the experiments: `ctasim experiment NAME
 * --suite rodinia` runs every series on the real program under `ctasim
 * exec` as well as on our re-implemented kernel of the same name, and the
 * report prints the two rows one under the other (docs/SUITES.md).
 *
 * A program joins when suites/programs.txt has a `mid` line for it, which
 * names our kernel it corresponds to (the paper's abbreviation, e.g. BFS),
 * its arguments at the mid size (and optionally its CPU reference's, for its
 * check): grids that fill every core of the CTA
 * experiments' presets several times over (--suite-set ci takes its CI-size
 * arguments instead, for quick tests). One simulation is a child `ctasim
 * exec --json` of this binary in a fresh temporary folder; its result
 * document is read back into the runner's exp_result_t. */
#ifndef CTASIM_CLI_EXP_SUITE_H
#define CTASIM_CLI_EXP_SUITE_H

#include "exp_types.h"

typedef struct exp_program {
    char name[64];   /* the program: "bfs" */
    char suite[32];  /* the first folder of its dir: rodinia, parboil, cuda-samples */
    char ours[16];   /* our kernel of the same name: "BFS" */
    char row[112];   /* the name its table rows carry: "rodinia/bfs" */
    char exe[4200];  /* BUILD/suites/NAME */
    char args[2048]; /* its arguments, @DATA@ replaced */
    char set[8];     /* mid or ci: the arguments' set, for its check */
    char build[4096]; /* the build folder: BUILD/suites/ the programs, BUILD/../tools/run_suites.sh the checks */
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
 * into X: the result document of `ctasim exec --json`, and in
 * x->prog_check the program's own check on that run, the one `make
 * check-suites` applies (tools/run_suites.sh --check: its PASS line, or its
 * output against its CPU reference; at the mid size the reference's
 * arguments are the mid line's fourth field, and a program without them is
 * RAN). The run is as the suites' runner makes it: in a fresh folder, with
 * time() fixed (BUILD/suites/libfixedtime.so) and the device-to-host copies
 * kept (CTASIM_CUDART_DTOH) for the checks that compare them. The C_mem readings
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

/* Program workload W's own checks over the runs of R, for the workloads
 * table's program_check column: "PASS" (every run), "RAN" (the program has
 * no check at this size), "FAIL k/n" (k of its n runs failed), "" for our
 * kernels. */
void exp_suite_check_summary(const exp_run_t *r, unsigned w, char *buf, size_t n);

/* The caps the kernels can never reach (as `sweep` skips them): of R's
 * runs to do, the suite programs' runs of the top cap of the static sweep
 * (exp_is_sweep) go first; the count of them. After they ran,
 * exp_suite_skip_repeats drops those first runs from r->todo and every
 * program run at a cap at or above its occupancy limit (learnt from the
 * top cap's run, run now or read back), which gets the top cap's result
 * (same_as), and says how many runs that saved. A cap at or above every
 * kernel's occupancy limit never binds, so the run is the top cap's. */
size_t exp_suite_order_todo(exp_run_t *r);
void exp_suite_skip_repeats(exp_run_t *r, size_t first);

/* A warning line (r->warnings) for every run of R whose program check
 * failed: its table row is from a wrong output, so it is named, never
 * silently classified. */
void exp_suite_warn_checks(exp_run_t *r);

#endif
