/* simulate.c — running any input on a GPU: suite workloads through the PTX
 * runtime with the timing model as its executor; synthetic kernels and traces
 * as workloads. Shared by `run` and `sweep`. */
#include <string.h>

#include "cli.h"
#include "frontend/synth.h"
#include "frontend/trace_reader.h"

workload_t *cli_open_input(const char *input, cs_error_t *err)
{
    if (synth_is_name(input))
        return synth_workload_open(input, err);
    return trace_workload_open(input, err);
}

int cli_simulate(gpu_t *g, const run_opts_t *o, int *check, char *detail, size_t detail_len, cs_error_t *err)
{
    *check = -1;
    const app_def_t *app = app_find(o->input);
    if (app) {
        ctasim_runtime_t *rt = ctasim_create();
        ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
        ctasim_set_executor(rt, &ex);
        int r = app_run(app, rt, o->size, o->seed, detail, detail_len, err);
        ctasim_destroy(rt);
        if (r < 0)
            return -1;
        *check = r;
        return 0;
    }
    workload_t *w = cli_open_input(o->input, err);
    if (!w)
        return -1;
    int r = gpu_run_workload(g, w, err);
    workload_destroy(w);
    return r;
}
