/* cli.h — pieces shared by the ctasim subcommands. */
#ifndef CTASIM_CLI_H
#define CTASIM_CLI_H

#include "config.h"
#include "workload.h"

typedef struct run_opts {
    gpu_config_t cfg;
    const char *cta_sched, *warp_sched, *json, *input, *out_dir;
    bool quiet;
    unsigned binary_version;
} run_opts_t;

/* Options common to run/trace/config/sweep (argv[2..]); 0 or an exit code. */
int cli_parse_opts(int argc, char **argv, run_opts_t *o, bool want_input);
/* A trace path or a built-in kernel spec. */
workload_t *cli_open_input(const char *input, cs_error_t *err);
/* Print "ctasim: <message>" and return exit code 1. */
int cli_fail(const cs_error_t *e);

int cmd_sweep(int argc, char **argv);

#endif
