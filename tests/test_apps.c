/* test_apps.c — every workload of the suite at small size: its output matches
 * the CPU reference when run through the timing model, and a timing-model run
 * is deterministic; a driver that runs out of host memory fails with one
 * error line. */
#include "apps/apps.h"
#include "gpu/gpu.h"
#include "test.h"
#include "policy/registry.h"

/* Under AddressSanitizer a request for more memory than exists must return
 * NULL, as it does from glibc, instead of stopping the test (used by
 * host_memory_failure_is_an_error). Ignored in builds without ASan. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

static int run_timed(const app_def_t *app, gpu_totals_t *t, char *detail)
{
    gpu_config_t cfg;
    config_defaults(&cfg);
    cs_error_t err;
    gpu_t *g = gpu_create_named(&cfg, NULL, NULL, &err);
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

/* A driver that takes host buffers and then asks for more than any machine
 * has: app_host_alloc fails with one error line naming the workload, the
 * driver returns -1, and app_run still frees every buffer of the run (make
 * asan's leak check sees it if not). */
static int greedy_driver(app_ctx_t *c, cs_error_t *err)
{
    for (int i = 0; i < 100; i++) {
        uint32_t *buf = app_host_alloc(c, 1000, err);
        if (!buf)
            return -1;
        buf[i] = (uint32_t)i; /* zeroed and writable */
    }
    if (!app_host_alloc(c, SIZE_MAX / 2, err))
        return -1;
    return 1;
}

static void host_memory_failure_is_an_error(void)
{
    const app_def_t greedy = {"GREEDY", "test driver", "", greedy_driver};
    ctasim_runtime_t *rt = ctasim_create();
    cs_error_t err = {{0}};
    char detail[64] = "x";
    CHECK_EQ(app_run(&greedy, rt, APP_SMALL, 1, detail, sizeof detail, &err), -1);
    char want[128];
    snprintf(want, sizeof want, "GREEDY: out of host memory allocating %zu bytes", (size_t)SIZE_MAX / 2);
    if (strcmp(err.msg, want) != 0) {
        printf("  expected: %s\n  got:      %s\n", want, err.msg);
        test_case_failed = 1;
    }
    CHECK(strchr(err.msg, '\n') == NULL);
    CHECK_EQ(detail[0], '\0');
    ctasim_destroy(rt);
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
    RUN(host_memory_failure_is_an_error);
    RUN(lookup);
    TEST_EXIT();
}
