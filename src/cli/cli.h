/* cli.h — pieces shared by the ctasim subcommands. */
#ifndef CTASIM_CLI_H
#define CTASIM_CLI_H

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
} run_opts_t;

/* Options common to run/trace/config/sweep (argv[2..]); 0 or an exit code. */
int cli_parse_opts(int argc, char **argv, run_opts_t *o, bool want_input);
/* A trace path or a built-in kernel spec. */
workload_t *cli_open_input(const char *input, cs_error_t *err);
/* Simulate INPUT (a suite workload, a synthetic kernel or a trace) on g.
 * For a suite workload *check is 1 if its output matched the CPU reference,
 * 0 if not (detail says how); -1 for inputs without a check. */
int cli_simulate(gpu_t *g, const run_opts_t *o, int *check, char *detail, size_t detail_len, cs_error_t *err);
/* Print "ctasim: <message>" and return exit code 1. */
int cli_fail(const cs_error_t *e);

int cmd_sweep(int argc, char **argv);
int cmd_launch(int argc, char **argv);
int cmd_experiment(int argc, char **argv);

#endif
