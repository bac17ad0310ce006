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

/* exec_child_run with the child's stdout kept in STDOUT_FILE (NULL: dropped)
 * and ENV (NULL-terminated NAME=VALUE strings, or NULL) added to its
 * environment: what a suite program's own check needs (exp_suite.c). */
int exec_child_run_keep(const char *const *args, const char *label, const char *where, const char *stdout_file,
                        const char *const *env, cs_error_t *err);

/* Run ARGV (argv[0] a path, not looked up) with stdin /dev/null and stderr
 * dropped; its first stdout line into LINE. Its exit status, or -1 when it
 * could not run or died of a signal (LINE says why). */
int exec_child_command(const char *const *argv, char *line, size_t n);

/* Remove the folder DIR and what a program left in it. */
void exec_child_remove_dir(const char *dir);

/* Whether FILE is an ELF executable (what `sweep` runs through exec rather
 * than reading as a trace). */
bool exec_child_is_program(const char *file);

#endif
