/* simulate.c — the one way the command line runs an input on a GPU: suite
 * workloads through the PTX runtime with the timing model as its executor;
 * synthetic kernels and Accel-Sim traces as workloads. `run`, `sweep` and
 * `experiment` all simulate through cli_simulate, so a point of a sweep and
 * the same `run` give bit-identical statistics. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "cli.h"
#include "jobs.h"
#include "progress.h"
#include "frontend/synth.h"
#include "frontend/trace_reader.h"
#include "policy/registry.h"

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

static unsigned command_threads = CLI_THREADS_AUTO;

void cli_set_threads(unsigned threads) { command_threads = threads ? threads : CLI_THREADS_AUTO; }

int cli_parse_threads(const char *option, const char *text, unsigned *out, cs_error_t *err)
{
    if (!strcmp(text, "auto")) {
        *out = CLI_THREADS_AUTO;
        return 0;
    }
    uint64_t n;
    if (cli_parse_uint(option, text, 1, CLI_MAX_THREADS, &n, err) < 0)
        return cs_err(err, NULL, 0, "%s expects a number of threads, 1..%u, or auto, got '%s'", option,
                      CLI_MAX_THREADS, text);
    *out = (unsigned)n;
    return 0;
}

static void apply_threads(gpu_t *g, unsigned threads)
{
    if (!threads)
        threads = command_threads;
    if (threads == CLI_THREADS_AUTO) {
        gpu_set_threads_auto(g, jobs_running());
        return;
    }
    if (threads > 1 && !gpu_team_can_pay(g) && !gpu_team_forced()) {
        /* once per process: a sweep runs many such GPUs, on --jobs threads */
        static atomic_bool said;
        if (!atomic_exchange(&said, true))
            fprintf(stderr,
                    "ctasim: warning: --threads %u: a GPU of %u cores runs on one thread (a thread team pays from "
                    "32 cores; docs/SPEED.md); CTASIM_FORCE_TEAM=1 uses the team anyway\n",
                    threads, gpu_n_sm(g));
        threads = 1;
    }
    gpu_set_threads(g, threads, 0);
}

gpu_t *cli_gpu_create(const gpu_config_t *cfg, const char *cta_sched, const char *warp_sched,
                      uint32_t sample_interval, unsigned threads, cs_error_t *err)
{
    gpu_t *g = gpu_create_named(cfg, cta_sched, warp_sched, err);
    if (!g)
        return NULL;
    if (sample_interval)
        gpu_set_sample_interval(g, sample_interval);
    apply_threads(g, threads);
    return g;
}

gpu_t *cli_simulate(const sim_request_t *req, sim_outcome_t *out, cs_error_t *err)
{
    out->check = -1;
    out->detail[0] = '\0';
    gpu_t *g = cli_gpu_create(req->cfg, req->cta_sched, req->warp_sched, req->sample_interval, req->threads, err);
    if (!g)
        return NULL;
    run_progress_t rp = {0};
    if (req->progress)
        gpu_set_progress(g, run_progress_print, &rp, run_progress_interval());
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

/* The CTA policies that act only by holding CTAs back from a core (a cap on
 * CTAs per core: static, LCS's T_new, DYNCTA's n, CLASO's credits) or by
 * throttling cores and gating them once throttled and drained (TCS). When no
 * SM is ever offered a second CTA they have nothing to hold back: measured
 * at --size small on gtx480 and hpca14-28sm, every one of them ran
 * cycle-for-cycle as rr on every suite workload whose grids fit one CTA per
 * SM, and TCS with the power model gated nothing (MUM, date14-28sm, PCPG).
 * Not listed: BCS (pairs of CTAs to one core) and hTCS (half the cores from
 * the start) move CTAs even then, and DYNCORE turns idle cores off, which
 * changes the energy (the same MUM run: 15 % less) though not the cycles. */
static bool throttling_policy(const char *name, size_t len)
{
    static const char *const names[] = {"static", "lcs", "dyncta", "claso", "tcs"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i]) == len && !strncmp(names[i], name, len))
            return true;
    return false;
}

bool cli_cta_chain_only_throttles(const char *chain)
{
    if (!chain)
        return false;
    bool throttles = false;
    for (const char *p = chain; *p;) {
        size_t len = strcspn(p, "+"), name_len = strcspn(p, ":+");
        if (name_len > len)
            name_len = len;
        if (throttling_policy(p, name_len))
            throttles = true;
        else if (!(name_len == 2 && !strncmp(p, "rr", 2)))
            return false; /* a link that acts otherwise */
        p += len;
        if (*p == '+')
            p++;
    }
    return throttles;
}

void cli_grid_summary(const gpu_t *g, cli_grid_summary_t *s)
{
    memset(s, 0, sizeof *s);
    const gpu_config_t *cfg = gpu_config(g);
    s->cores = gpu_n_sm(g);
    if (cfg->active_cores && cfg->active_cores < s->cores)
        s->cores = cfg->active_cores; /* the others never take a CTA */
    s->one_stream = true;
    for (uint32_t k = 0; k < gpu_n_kernels(g); k++) {
        const kernel_run_t *kr = gpu_kernel(g, k);
        if (kr->desc.stream != gpu_kernel(g, 0)->desc.stream)
            s->one_stream = false; /* kernels side by side may share a core */
        if (kr->total_ctas > s->max_ctas) {
            s->max_ctas = kr->total_ctas;
            snprintf(s->kernel, sizeof s->kernel, "%.63s", kr->desc.name);
        }
    }
}

bool cli_policy_inert(const char *chain, const cli_grid_summary_t *s)
{
    return cli_cta_chain_only_throttles(chain) && s->one_stream && s->max_ctas > 0 && s->max_ctas <= s->cores;
}

bool cli_warn_policy_inert(const char *chain, const gpu_t *g)
{
    cli_grid_summary_t s;
    cli_grid_summary(g, &s);
    if (!cli_policy_inert(chain, &s))
        return false;
    fprintf(stderr,
            "ctasim: warning: --cta-sched %s cannot act: the largest kernel (%s) has %llu CTA%s for %u SMs, so no SM "
            "is offered a second CTA and there is nothing to throttle; it ran as rr would (a larger grid or --size gives it "
            "room)\n",
            chain, s.kernel, (unsigned long long)s.max_ctas, s.max_ctas == 1 ? "" : "s", s.cores);
    return true;
}
