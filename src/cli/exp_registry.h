/* exp_registry.h — how an experiment file registers itself with `ctasim
 * experiment`: it defines an experiment_set_t (the experiments it provides
 * and the runner they share) and names it on one line of its own, at the
 * start of the line,
 *     EXPERIMENT_REGISTER(experiments_mine);
 * The build collects these lines from the .c files of src/cli/
 * (tools/gen_registry.sh, run by the Makefile) into the list
 * cli/exp_registry.c includes, so a new experiment is one new file and no
 * other edit: `ctasim experiment list` shows it and `ctasim experiment NAME`
 * runs it. Here the macro only declares the set (so a registration names a
 * set of the right type); the set must not be static. */
#ifndef CTASIM_CLI_EXP_REGISTRY_H
#define CTASIM_CLI_EXP_REGISTRY_H

#include <stdbool.h>

typedef struct experiment_info {
    const char *name;    /* ctasim experiment NAME */
    const char *summary; /* its line in `ctasim experiment list` */
    const char *config;  /* the preset it runs on, shown in brackets (NULL: none shown) */
} experiment_info_t;

typedef struct experiment_set {
    /* The i-th experiment of the set (i = 0, 1, ...) into *out; false past
     * the last. The list shows them in this order. */
    bool (*describe)(unsigned i, experiment_info_t *out);
    /* `ctasim experiment NAME [OPTIONS]`, argv[2] being one of the set's
     * names: runs it, returns the exit code (errors: one line on stderr). */
    int (*run)(int argc, char **argv);
} experiment_set_t;

#define EXPERIMENT_REGISTER(set) extern const experiment_set_t set

#endif
