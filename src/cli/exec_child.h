/* exec_child.h — one `ctasim exec` of this very binary as a child process,
 * for the commands that run a CUDA program at many points (experiment
 * --suite, exp_suite.h; sweep of a program, sweep.c): the child runs in a
 * fresh temporary folder (the program's output files land there and go with
 * it) or in a folder given, its stdout and stderr are kept apart and
 * dropped, and a failure comes back as one line with the child's last error
 * line. */
#ifndef CTASIM_CLI_EXEC_CHILD_H
#define CTASIM_CLI_EXEC_CHILD_H

#include "util/common.h"

/* Run `ctasim exec --quiet ARGS...` (ARGS NULL-terminated: run options,
 * --json PATH, the program and its arguments) in the folder WHERE (NULL: a
 * fresh temporary one, removed after). LABEL names the run in an error. 0
 * when the child exits 0; else -1 with err. */
int exec_child_run(const char *const *args, const char *label, const char *where, cs_error_t *err);

/* Whether FILE is an ELF executable (what `sweep` runs through exec rather
 * than reading as a trace). */
bool exec_child_is_program(const char *file);

#endif
