/* test_parallel.c — the parallel engine (gpu_set_threads, --threads: cores,
 * L2 slices and DRAM channels on a thread team) changes no number: each case
 * runs one simulation on 1 thread with every core in step (no run-ahead
 * windows: the reference), then with windows on 1, 2, 3, 4, 8 and 16 threads,
 * and compares the whole JSON result document (every statistic, per core,
 * per kernel, per stream, the metrics policies publish and their series),
 * less the host's wall time and memory. The team is woken even for a single
 * due core (min_due 1), so every cycle with work ticks on the threads.
 * Cases: synthetic kernels of each kind (streaming, strided, pointer chase,
 * compute, shared memory) under CTA policies that read core counters and
 * change core state while the run goes on (dyncta, dyncta+claso, lcs, tcs
 * with the power model, bypass), warp policies with per-core state (gto,
 * ccws), two kernels on two streams at once (lcs+mcke, spatial), a mesh
 * interconnect, the 80-core QV100 configuration and the QV100 pair with
 * 132 cores (H100-sized), and suite workloads on the PTX interpreter (their
 * global stores and atomics published in core order, ptx_writes.h): the
 * ones with atomics and CTAs that read what others wrote, on QV100's 80
 * cores, each passing its own check. Run-ahead windows (a core with nothing in
 * the memory system ticks on to the window's end within one phase, gpu.c):
 * compute-bound kernels with CTAs left to dispatch, kernels one after another
 * on one stream and side by side on two, the power model's samples, a warp
 * policy, 132 cores; each such case must have ticked cores ahead with
 * threads. With threads, the memory side must have run on
 * its own pools and settled every kernel count it deferred. Also: the team
 * runs each item of a batch once whatever the batch's function, and
 * --threads auto's rule (gpu_auto_threads). */
#include "gpu/gpu_internal.h"
#include "gpu/core_workers.h"
#include "apps/apps.h"
#include "frontend/synth.h"
#include "frontend/trace_reader.h"
#include "test.h"
#include "policy/registry.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sched.h>

typedef struct par_case {
    const char *inputs[3]; /* synthetic kernels, one stream each; NULL ends */
    const char *cta, *warp;
    const char *config;    /* NULL: the defaults; else files joined with '|' */
    const char *set[4];    /* NAME=VALUE options; NULL ends */
    const char *app;       /* instead of inputs: a suite workload at small size */
    const char *trace;     /* instead of inputs: a kernelslist.g */
    bool one_stream;       /* the inputs' kernels one after another on stream 0 */
    bool ahead;            /* with threads, cores must have ticked ahead (run-ahead windows) */
    uint64_t team_at;      /* the team starts at this core cycle (gpu_set_threads_later); 0: before the run */
} par_case_t;

/* The JSON document less the lines that measure the host. */
static char *run_json(const par_case_t *pc, unsigned threads, bool run_ahead)
{
    cs_error_t err;
    gpu_config_t cfg;
    config_defaults(&cfg);
    if (pc->config) {
        char files[512];
        snprintf(files, sizeof files, "%s", pc->config);
        for (char *f = strtok(files, "|"); f; f = strtok(NULL, "|"))
            if (config_load_file_opts(&cfg, f, &(config_load_opts_t){.allow_unknown = true}, &err) < 0) {
                printf("  config %s: %s\n", f, err.msg);
                return NULL;
            }
    }
    for (unsigned i = 0; i < 4 && pc->set[i]; i++) {
        char name[128];
        const char *eq = strchr(pc->set[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - pc->set[i]), pc->set[i]);
        if (config_set(&cfg, name, eq + 1, &err) < 0) {
            printf("  --set %s: %s\n", pc->set[i], err.msg);
            return NULL;
        }
    }
    gpu_t *g = gpu_create_named(&cfg, pc->cta, pc->warp, &err);
    if (!g) {
        printf("  gpu_create: %s\n", err.msg);
        return NULL;
    }
    if (pc->team_at && threads > 1)
        gpu_set_threads_later(g, threads, 1, 0, pc->team_at);
    else
        gpu_set_threads(g, threads, 1);
    gpu_set_run_ahead(g, run_ahead);
    const bool team = g->workers != NULL; /* from the start */
    workload_t *w[3] = {0};
    int rc = 0;
    if (pc->app) { /* its driver runs on the PTX runtime, whose kernels this GPU executes */
        ctasim_runtime_t *rt = ctasim_create();
        ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
        ctasim_set_executor(rt, &ex);
        char detail[256] = "";
        rc = app_run(app_find(pc->app), rt, APP_SMALL, 1, detail, sizeof detail, &err);
        ctasim_destroy(rt);
        if (rc == 0) {
            printf("  %s on %u threads: wrong results %s\n", pc->app, threads, detail);
            CHECK(!"the workload's own check passes");
        }
        rc = rc < 0 ? -1 : 0;
    }
    if (pc->trace) {
        w[0] = trace_workload_open(pc->trace, &err);
        kernel_desc_t k;
        int got = 0; /* (set by the loop whenever it is read) */
        while (w[0] && rc == 0 && (got = workload_next_kernel(w[0], &k, &err)) == 1)
            rc = gpu_launch(g, &k, &err);
        if (!w[0] || (rc == 0 && got < 0))
            rc = -1;
    }
    for (unsigned i = 0; i < 3 && !pc->app && !pc->trace && pc->inputs[i] && rc == 0; i++) {
        kernel_desc_t k;
        w[i] = synth_workload_open(pc->inputs[i], &err);
        if (!w[i] || workload_next_kernel(w[i], &k, &err) != 1) {
            rc = -1;
            break;
        }
        k.stream = pc->one_stream ? 0 : i;
        rc = gpu_launch(g, &k, &err);
    }
    if (rc == 0 && !pc->app)
        rc = gpu_run(g, &err);
    char *text = NULL;
    if (rc < 0) {
        printf("  run (%u threads): %s\n", threads, err.msg);
    } else {
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        gpu_write_json_stream(g, m);
        fclose(m);
        /* drop "peak_rss_mb" and "sim_wall_seconds" lines */
        char *out = text;
        for (char *line = text; *line;) {
            char *nl = strchr(line, '\n');
            size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
            if (!memmem(line, n, "\"peak_rss_mb\"", 13) && !memmem(line, n, "\"sim_wall_seconds\"", 18)) {
                memmove(out, line, n);
                out += n;
            }
            line += n;
        }
        *out = '\0';
    }
    if (team && text) {
        /* the slices ran on pools of their own (a read miss or a write-back
         * takes a DRAM request from it), and folded what they deferred */
        uint64_t carved = 0, dram_requests = 0;
        for (uint32_t i = 0; i < g->n_l2; i++) {
            carved += g->l2_pools[i].p.allocated;
            dram_requests += g->l2[i].cache.stats.read_misses + g->l2[i].cache.stats.writebacks;
            CHECK_EQ(g->l2[i].n_kdelta, 0);
        }
        CHECK_EQ(carved > 0, dram_requests > 0);
    }
    if (text && pc->team_at && threads > 1 && !g->workers) {
        printf("  %s on %u threads: the run ended before its team started (cycle %llu)\n",
               pc->app ? pc->app : pc->inputs[0], threads, (unsigned long long)pc->team_at);
        CHECK(!"the team starts during the run");
    }
    if (text && pc->ahead && run_ahead && !g->ahead_cycles) {
        printf("  %s on %u threads: no core ticked ahead\n", pc->trace ? pc->trace : pc->inputs[0], threads);
        CHECK(!"run-ahead windows opened");
    }
    if (!run_ahead)
        CHECK_EQ(g->ahead_cycles, 0);
    gpu_destroy(g);
    for (unsigned i = 0; i < 3; i++)
        if (w[i])
            workload_destroy(w[i]);
    return text;
}

/* The first line where two documents differ, for the failure message. */
static void show_difference(const char *a, const char *b)
{
    unsigned line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n') {
            line++;
            la = a + 1;
            lb = b + 1;
        }
        a++;
        b++;
    }
    printf("  line %u: %.*s  vs  %.*s\n", line, (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
}

/* --quick (make tsan, where each run is ~10x slower): 1 against 4 threads */
static bool quick;

static void check_case(const par_case_t *pc)
{
    char *one = run_json(pc, 1, false); /* every core in step: the reference */
    CHECK(one != NULL);
    if (!one)
        return;
    static const unsigned counts[] = {1, 2, 3, 4, 8, 16}, quick_counts[] = {4};
    const unsigned *ns = quick ? quick_counts : counts;
    const unsigned nn = quick ? 1 : sizeof counts / sizeof *counts;
    for (unsigned i = 0; i < nn; i++) {
        char *par = run_json(pc, ns[i], true);
        CHECK(par != NULL);
        if (par && strcmp(one, par)) {
            printf("  %s %s on %u threads with run-ahead windows differs:\n",
                   pc->app ? pc->app : pc->trace ? pc->trace : pc->inputs[0], pc->cta ? pc->cta : "rr", ns[i]);
            show_difference(one, par);
            CHECK(!"identical for any thread count");
        }
        free(par);
    }
    free(one);
}

#define QV100 "tests/data/config/qv100/gpgpusim.config|tests/data/config/qv100/trace.config"

static void stream_rr(void) { check_case(&(par_case_t){.inputs = {"stream:ctas=60,iters=8"}}); }
static void strided_dyncta(void)
{
    check_case(&(par_case_t){.inputs = {"strided:ctas=45,iters=6"}, .cta = "dyncta"});
}
static void strided_dyncta_claso(void)
{
    check_case(&(par_case_t){.inputs = {"strided:ctas=45,iters=6"}, .cta = "dyncta+claso"});
}
static void compute_lcs_gto(void)
{
    check_case(&(par_case_t){.inputs = {"compute:ctas=60,iters=24"}, .cta = "lcs", .warp = "gto"});
}
static void chase_ccws(void)
{
    check_case(&(par_case_t){.inputs = {"chase:ctas=30,threads=128,iters=32,footprint=256k"}, .warp = "ccws"});
}
static void shmem_tcs_power(void)
{
    check_case(&(par_case_t){.inputs = {"shmem:ctas=45,iters=8"}, .cta = "tcs",
                             .set = {"power_simulation_enabled=1"}});
}
static void stream_bypass(void)
{
    check_case(&(par_case_t){.inputs = {"stream:ctas=45,iters=6"}, .cta = "bypass"});
}
static void two_kernels_lcs_mcke(void)
{
    check_case(&(par_case_t){.inputs = {"stream:ctas=40,iters=6", "compute:ctas=40,iters=16"}, .cta = "lcs+mcke"});
}
static void two_kernels_spatial(void)
{
    check_case(&(par_case_t){.inputs = {"strided:ctas=30,iters=4", "shmem:ctas=30,iters=6"}, .cta = "spatial"});
}
static void mesh_stream(void)
{
    check_case(&(par_case_t){.inputs = {"stream:ctas=45,iters=6"}, .set = {"ctasim_icnt_topology=1"}});
}
static void qv100_strided(void)
{
    check_case(&(par_case_t){.inputs = {"strided:ctas=160,iters=2"}, .config = QV100});
}

static void h100_sized_stream(void)
{
    check_case(&(par_case_t){.inputs = {"stream:ctas=264,iters=2"}, .config = QV100, .set = {"gpgpu_n_clusters=132"}});
}

/* A DRAM cycle runs with the next L2 cycle, partition by partition, when
 * nothing comes between them (gpu.c, hold_dram): clocks where the DRAM
 * ticks twice between two L2 cycles and shares instants with the cores and
 * the interconnect but not the L2, and clocks where the L2 is faster than
 * the DRAM but slower than the cores. */
static void memory_clocks_interleaved(void)
{
    check_case(&(par_case_t){.inputs = {"stream:ctas=45,iters=6"}, .set = {"gpgpu_clock_domains=1000:1500:700:1600"}});
    check_case(&(par_case_t){.inputs = {"strided:ctas=30,iters=4"},
                             .set = {"gpgpu_clock_domains=1200:1200:900:600", "power_simulation_enabled=1",
                                     "power_sample_period=100"}});
}

/* Run-ahead windows: compute-bound CTAs, eight waves of them on 15 cores
 * (a core reaches a CTA's end ahead; the dispatcher gives it the next one
 * only in that cycle's serial phase); kernels on one stream (the next starts
 * after the last CTA's end and its launch latency) and on two (windows only
 * while one runs); samples of the power model every 500 cycles (a window ends
 * before each); a warp policy; 132 cores with a few memory instructions. */
static void windows_compute_waves(void)
{
    check_case(&(par_case_t){.inputs = {"compute:ctas=120,iters=24"}, .ahead = true});
}
static void windows_one_stream(void)
{
    check_case(&(par_case_t){.inputs = {"compute:ctas=45,iters=16", "stream:ctas=30,iters=4",
                                        "compute:ctas=30,iters=8,dp=2,sfu=2"},
                             .one_stream = true, .ahead = true});
}
static void windows_two_streams_gto(void)
{
    check_case(&(par_case_t){.inputs = {"compute:ctas=60,iters=24", "compute:ctas=20,iters=8,sfu=4"},
                             .warp = "gto", .ahead = true});
}
static void windows_power_samples(void)
{
    check_case(&(par_case_t){.inputs = {"compute:ctas=60,iters=24"}, .ahead = true,
                             .set = {"power_simulation_enabled=1", "power_sample_period=500"}});
}
static void windows_h100_sized(void)
{
    check_case(&(par_case_t){.inputs = {"compute:ctas=264,iters=16"}, .config = QV100, .set = {"gpgpu_n_clusters=132"},
                             .ahead = true});
}

/* CTAs of different lengths without a memory instruction, two per core (255
 * registers a thread), three waves of them: cores reach CTA ends ahead of
 * the others, and the dispatcher must pass over a core whose CTA end waits
 * for its cycle (with uniform CTAs, which CTA goes where changes nothing). */
static void windows_uneven_ctas(void)
{
    char dir[] = "/tmp/ctasim_test_parallel.XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char path[sizeof dir + 32];
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    enum { CTAS = 90, WARPS = 2 };
    fprintf(f, "-kernel name = uneven\n-kernel id = 1\n-grid dim = (%d,1,1)\n-block dim = (%d,1,1)\n-shmem = 0\n"
               "-nregs = 255\n-binary version = 70\n-cuda stream id = 0\n-accelsim tracer version = 4\n\n"
               "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width immediate\n\n",
            CTAS, 32 * WARPS);
    for (unsigned c = 0; c < CTAS; c++) {
        const unsigned n = 8 + c * 13 % 40;
        fprintf(f, "#BEGIN_TB\n\nthread block = %u,0,0\n", c);
        for (unsigned w = 0; w < WARPS; w++) {
            fprintf(f, "\nwarp = %u\ninsts = %u\n", w, n + 1);
            for (unsigned i = 0; i < n; i++) /* FFMA chains on R1..R4 */
                fprintf(f, "%04x ffffffff 1 R%u FFMA 2 R%u R%u 0 0\n", 16 * i, 1 + i % 4, 1 + i % 4, 5 + w);
            fprintf(f, "%04x ffffffff 0 EXIT 0 0 0\n", 16 * n);
        }
        fprintf(f, "#END_TB\n");
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "kernel-1.traceg\n");
    fclose(f);
    check_case(&(par_case_t){.trace = path, .ahead = true});
    unlink(path);
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    unlink(path);
    rmdir(dir);
}

/* Suite workloads on the PTX interpreter: atomics from every CTA (IIX, NQU,
 * PVC, PVR), CTAs that read what others wrote in earlier kernels and flags
 * many write (BFS), plain stores (MMUL), and a kernel mix under a policy. */
static void ptx_atomics(void)
{
    static const char *const apps[] = {"IIX", "NQU", "PVC", "PVR"};
    for (unsigned i = 0; i < 4; i++)
        check_case(&(par_case_t){.app = apps[i], .config = QV100});
}
static void ptx_stores(void)
{
    check_case(&(par_case_t){.app = "BFS", .config = QV100});
    check_case(&(par_case_t){.app = "MMUL", .config = QV100, .cta = "lcs"});
}

/* A team started during the run, between two cycles (gpu_set_threads_later,
 * --threads auto's way): requests in flight taken from the shared pool,
 * network counts kept directly until then, a core's CTA end reached ahead in
 * a window waiting for its cycle, a PTX kernel's writes. Cycles early, late,
 * and off the windows' 256-cycle grid. */
static void team_starts_mid_run(void)
{
    static const uint64_t at[] = {777, 3, 1500};
    for (unsigned i = 0; i < (quick ? 1u : 3u); i++) {
        check_case(&(par_case_t){.inputs = {"stream:ctas=60,iters=8"}, .team_at = at[i]});
        check_case(&(par_case_t){.inputs = {"compute:ctas=120,iters=24"}, .ahead = true, .team_at = at[i]});
        check_case(&(par_case_t){.inputs = {"stream:ctas=40,iters=6", "compute:ctas=40,iters=16"}, .cta = "lcs+mcke",
                                 .team_at = at[i]});
        check_case(&(par_case_t){.inputs = {"stream:ctas=45,iters=6"}, .set = {"gpgpu_clock_domains=1000:1500:700:1600"},
                                 .team_at = at[i]});
    }
    check_case(&(par_case_t){.inputs = {"strided:ctas=160,iters=2"}, .config = QV100, .team_at = 900});
    check_case(&(par_case_t){.app = "PVC", .config = QV100, .team_at = 400});
}

/* The team with two item functions in turn: every item of every batch runs
 * exactly once, with its batch's function (the memory phases use
 * core_workers_run_fn between the cores' batches). */
static uint32_t hits_a[500], hits_b[500];
static void item_a(void *ctx, uint32_t i) { ((uint32_t *)ctx)[i]++; }
static void item_b(void *ctx, uint32_t i) { ((uint32_t *)ctx)[i] += 1000; }
static void team_switches_functions(void)
{
    core_workers_t *w = core_workers_create(3, item_a, hits_a);
    CHECK_EQ(core_workers_threads(w), 3);
    for (unsigned round = 0; round < 200; round++) {
        core_workers_run(w, 500);
        core_workers_run_fn(w, item_b, hits_b, 1 + round % 7);
    }
    core_workers_destroy(w);
    for (unsigned i = 0; i < 500; i++)
        CHECK_EQ(hits_a[i], 200);
    /* item i of the second function ran in the rounds with more than i items */
    for (unsigned i = 0; i < 7; i++) {
        unsigned rounds = 0;
        for (unsigned round = 0; round < 200; round++)
            rounds += 1 + round % 7 > i;
        CHECK_EQ(hits_b[i], 1000 * rounds);
    }
    CHECK_EQ(hits_b[7], 0);
}

/* CTASIM_PIN_THREADS=1 (core_workers_pin): a team thread per CPU of the
 * affinity mask past the caller's, none where the team is larger than the
 * mask; a pinned team still runs every item once. */
static uint32_t hits_pin[300];
static void team_pinned(void)
{
    cpu_set_t allowed;
    CHECK(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
    const unsigned cpus = (unsigned)CPU_COUNT(&allowed);
    core_workers_t *w = core_workers_create(2, item_a, hits_pin);
    CHECK_EQ(core_workers_pin(w), (cpus >= 2 ? 1u : 0u));
    for (unsigned round = 0; round < 100; round++)
        core_workers_run(w, 300);
    core_workers_destroy(w);
    for (unsigned i = 0; i < 300; i++)
        CHECK_EQ(hits_pin[i], 100);
    w = core_workers_create(cpus + 1, item_a, hits_pin);
    CHECK_EQ(core_workers_pin(w), 0u);
    core_workers_destroy(w);
}

/* --threads auto: 1 on gtx480 (15 cores), a thread per 16 cores on QV100
 * (80) up to the CPUs available. */
static void auto_threads(void)
{
    cs_error_t err;
    gpu_config_t cfg;
    config_defaults(&cfg);
    gpu_t *g = gpu_create_named(&cfg, NULL, NULL, &err);
    CHECK(g != NULL);
    CHECK_EQ(gpu_auto_threads(g, 1), 1);
    gpu_destroy(g);
    CHECK(config_set(&cfg, "gpgpu_n_clusters", "80", &err) == 0);
    g = gpu_create_named(&cfg, NULL, NULL, &err);
    CHECK(g != NULL);
    cpu_set_t set;
    unsigned cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? (unsigned)CPU_COUNT(&set) : 1;
    CHECK_EQ(gpu_auto_threads(g, 1), cpus < 5 ? cpus : 5);
    gpu_destroy(g);
    CHECK(config_set(&cfg, "gpgpu_n_clusters", "31", &err) == 0);
    g = gpu_create_named(&cfg, NULL, NULL, &err);
    CHECK(g != NULL);
    CHECK_EQ(gpu_auto_threads(g, 1), 1);
    gpu_destroy(g);
}

int main(int argc, char **argv)
{
    quick = argc > 1 && !strcmp(argv[1], "--quick");
    RUN(team_switches_functions);
    RUN(team_pinned);
    if (quick) { /* the cases with the most shared state: policies, two kernels, the mesh, 64 slices */
        RUN(strided_dyncta_claso);
        RUN(two_kernels_lcs_mcke);
        RUN(mesh_stream);
        RUN(qv100_strided);
        RUN(memory_clocks_interleaved);
        RUN(windows_one_stream);
        RUN(ptx_atomics);
        RUN(team_starts_mid_run);
        TEST_EXIT();
    }
    RUN(stream_rr);
    RUN(strided_dyncta);
    RUN(strided_dyncta_claso);
    RUN(compute_lcs_gto);
    RUN(chase_ccws);
    RUN(shmem_tcs_power);
    RUN(stream_bypass);
    RUN(two_kernels_lcs_mcke);
    RUN(two_kernels_spatial);
    RUN(mesh_stream);
    RUN(qv100_strided);
    RUN(h100_sized_stream);
    RUN(memory_clocks_interleaved);
    RUN(windows_compute_waves);
    RUN(windows_one_stream);
    RUN(windows_two_streams_gto);
    RUN(windows_power_samples);
    RUN(windows_h100_sized);
    RUN(windows_uneven_ctas);
    RUN(ptx_atomics);
    RUN(ptx_stores);
    RUN(team_starts_mid_run);
    RUN(auto_threads);
    TEST_EXIT();
}
