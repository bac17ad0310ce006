/* test_apps.c — every workload of the suite at small size: its output matches
 * the CPU reference when run through the timing model, and a timing-model run
 * is deterministic. */
#include "apps/apps.h"
#include "gpu/gpu.h"
#include "test.h"

static int run_timed(const app_def_t *app, gpu_totals_t *t, char *detail)
{
    gpu_config_t cfg;
    config_defaults(&cfg);
    cs_error_t err;
    gpu_t *g = gpu_create(&cfg, NULL, NULL, &err);
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(rt, &ex);
    int r = app_run(app, rt, APP_SMALL, 1, detail, 256, &err);
    if (r < 0)
        printf("  %s: %s\n", app->name, err.msg);
    gpu_get_totals(g, t);
    ctasim_destroy(rt);
    gpu_destroy(g);
    return r;
}

static void every_workload_passes_at_small_size(void)
{
    CHECK(app_count() >= 3);
    for (unsigned i = 0; i < app_count(); i++) {
        const app_def_t *app = app_at(i);
        gpu_totals_t t;
        char detail[256] = "";
        int r = run_timed(app, &t, detail);
        printf("  %-6s %s  %llu cycles, %llu warp instructions%s%s\n", app->name, r == 1 ? "PASS" : "FAIL",
               (unsigned long long)t.cycles, (unsigned long long)t.warp_insts, detail[0] ? " - " : "", detail);
        CHECK_EQ(r, 1);
        CHECK(t.warp_insts > 0);
    }
}

static void workload_runs_are_deterministic(void)
{
    gpu_totals_t a, b;
    char d[256];
    run_timed(app_find("BFS"), &a, d);
    run_timed(app_find("bfs"), &b, d);
    a.sim_wall_seconds = b.sim_wall_seconds = 0;
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

static void lookup(void)
{
    CHECK(app_find("mmul") == app_find("MMUL"));
    CHECK(app_find("nosuch") == NULL);
    app_size_t s;
    CHECK_EQ(app_size_parse("paper", &s), 0);
    CHECK_EQ(s, APP_PAPER);
    CHECK_EQ(app_size_parse("huge", &s), -1);
}

int main(void)
{
    RUN(every_workload_passes_at_small_size);
    RUN(workload_runs_are_deterministic);
    RUN(lookup);
    TEST_EXIT();
}
