/* simulate.c — the one way the command line runs an input on a GPU: suite
 * workloads through the PTX runtime with the timing model as its executor;
 * synthetic kernels and Accel-Sim traces as workloads. `run`, `sweep` and
 * `experiment` all simulate through cli_simulate, so a point of a sweep and
 * the same `run` give bit-identical statistics. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "progress.h"
#include "frontend/synth.h"
#include "frontend/trace_reader.h"

workload_t *cli_open_input(const char *input, cs_error_t *err)
{
    if (synth_is_name(input))
        return synth_workload_open(input, err);
    /* a bare word that is no file was meant as a name, not a path: say so
     * rather than "cannot open" */
    struct stat st;
    if (!strchr(input, '/') && stat(input, &st) != 0) {
        cs_err(err, NULL, 0,
               "unknown input '%s': not a workload of the suite (`ctasim list workloads`), a synthetic kernel "
               "(`ctasim list synthetic`) or a trace path",
               input);
        return NULL;
    }
    return trace_workload_open(input, err);
}

int cli_check_input(const char *input, cs_error_t *err)
{
    if (app_find(input))
        return 0;
    /* opening reads only a synthetic spec or a trace's kernel list; the
     * kernels themselves are read when simulated */
    workload_t *w = cli_open_input(input, err);
    if (!w)
        return -1;
    workload_destroy(w);
    return 0;
}

/* A suite workload: its host driver runs on the PTX runtime, whose kernels
 * the GPU executes. */
static int simulate_app(gpu_t *g, const app_def_t *app, const sim_request_t *req, sim_outcome_t *out, cs_error_t *err)
{
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(rt, &ex);
    int r = app_run(app, rt, req->size, req->seed, out->detail, sizeof out->detail, err);
    ctasim_destroy(rt);
    if (r < 0)
        return -1;
    out->check = r;
    return 0;
}

static unsigned command_threads = 1;

void cli_set_threads(unsigned threads) { command_threads = threads ? threads : 1; }

gpu_t *cli_simulate(const sim_request_t *req, sim_outcome_t *out, cs_error_t *err)
{
    out->check = -1;
    out->detail[0] = '\0';
    gpu_t *g = gpu_create(req->cfg, req->cta_sched, req->warp_sched, err);
    if (!g)
        return NULL;
    run_progress_t rp = {0};
    if (req->progress)
        gpu_set_progress(g, run_progress_print, &rp, run_progress_interval());
    if (req->sample_interval)
        gpu_set_sample_interval(g, req->sample_interval);
    gpu_set_threads(g, req->threads ? req->threads : command_threads, 0);
    int rc;
    const app_def_t *app = app_find(req->input);
    if (app) {
        rc = simulate_app(g, app, req, out, err);
    } else {
        workload_t *w = cli_open_input(req->input, err);
        rc = w ? gpu_run_workload(g, w, err) : -1;
        if (w)
            workload_destroy(w);
    }
    if (req->progress) {
        gpu_set_progress(g, NULL, NULL, 0);
        run_progress_finish(&rp);
    }
    if (rc < 0) {
        gpu_destroy(g);
        return NULL;
    }
    if (gpu_stopped(g) && app) {
        /* the kernels did not finish: their output says nothing */
        out->check = -1;
        snprintf(out->detail, sizeof out->detail, "not checked: stopped at -gpgpu_%s before the kernels finished",
                 gpu_stopped(g));
    }
    return g;
}
