/* test_ptx_e2e.c — the workload kernels (workloads/ptx/, compiled by nvcc from
 * workloads/kernels/) run through the runtime's functional executor with
 * seeded inputs, checked against C references; plus a perturbed-opcode run
 * that must FAIL the check, and runtime error paths. Run from the repo root. */
#include "ctasim_runtime.h"
#include "frontend/ptx/ptx_regs.h"
#include "frontend/ptx/ptx_source.h"
#include "test.h"

#include <math.h>

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}
static float rndf(void) { return (float)(rnd() % 2000) / 1000.0f - 1.0f; }

static ctasim_module_t *load(ctasim_runtime_t *rt, const char *path)
{
    ctasim_module_t *m = NULL;
    cs_error_t err = {{0}};
    if (ctasim_module_load_file(rt, path, &m, &err) < 0)
        printf("  %s\n", err.msg);
    return m;
}

/* Runs VADD on n elements; returns the number of wrong outputs (or -1). */
static long run_vadd(int n, const char *perturb_op)
{
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m = load(rt, "workloads/ptx/vadd.ptx");
    if (!m)
        return -1;
    if (perturb_op && ctasim_debug_perturb(m, perturb_op, 1) < 0)
        printf("  unknown opcode %s\n", perturb_op);
    rng_state = 1;
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    for (int i = 0; i < n; i++)
        a[i] = rndf(), b[i] = rndf();
    cs_error_t err = {{0}};
    uint64_t da, db, dc;
    long bad = -1;
    if (ctasim_malloc(rt, &da, n * 4, &err) || ctasim_malloc(rt, &db, n * 4, &err) || ctasim_malloc(rt, &dc, n * 4, &err) ||
        ctasim_memcpy_htod(rt, da, a, n * 4, &err) || ctasim_memcpy_htod(rt, db, b, n * 4, &err))
        goto out;
    void *args[] = {&da, &db, &dc, &n};
    dim3_t grid = {(uint32_t)(n + 255) / 256, 1, 1}, block = {256, 1, 1};
    if (ctasim_launch(rt, m, "vadd", grid, block, 0, 0, args, 4, &err) || ctasim_memcpy_dtoh(rt, c, dc, n * 4, &err))
        goto out;
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += c[i] != a[i] + b[i];
out:
    if (bad < 0)
        printf("  %s\n", err.msg);
    free(a), free(b), free(c);
    ctasim_destroy(rt);
    return bad;
}

static void vadd_passes(void) { CHECK_EQ(run_vadd(10000, NULL), 0); }

/* The checks must catch a wrong opcode: add.f32 off by one gives wrong sums;
 * mad.s32 (the element index) off by one shifts every element (or faults out
 * of bounds at the last one, which fails the run too). Unperturbed opcodes
 * the kernel does not use change nothing. */
static void vadd_perturbed_opcode_fails(void)
{
    CHECK(run_vadd(10000, "add.f32") != 0);
    CHECK(run_vadd(10000, "mad.s32") != 0);
    CHECK_EQ(run_vadd(10000, "add.s32"), 0);
}

static void mmul_passes(void)
{
    const int n = 72; /* not a multiple of 16: exercises the bounds checks */
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m = load(rt, "workloads/ptx/mmul.ptx");
    CHECK(m != NULL);
    if (!m) {
        ctasim_destroy(rt);
        return;
    }
    rng_state = 7;
    float *A = malloc(n * n * 4), *B = malloc(n * n * 4), *C = malloc(n * n * 4);
    for (int i = 0; i < n * n; i++)
        A[i] = rndf(), B[i] = rndf();
    cs_error_t err = {{0}};
    uint64_t dA, dB, dC;
    int rc = ctasim_malloc(rt, &dA, n * n * 4, &err) | ctasim_malloc(rt, &dB, n * n * 4, &err) |
             ctasim_malloc(rt, &dC, n * n * 4, &err) | ctasim_memcpy_htod(rt, dA, A, n * n * 4, &err) |
             ctasim_memcpy_htod(rt, dB, B, n * n * 4, &err);
    int nn = n;
    void *args[] = {&dA, &dB, &dC, &nn};
    dim3_t grid = {(n + 15) / 16, (n + 15) / 16, 1}, block = {16, 16, 1};
    rc |= ctasim_launch(rt, m, "mmul", grid, block, 0, 0, args, 4, &err);
    rc |= ctasim_memcpy_dtoh(rt, C, dC, n * n * 4, &err);
    if (rc)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    int bad = 0;
    for (int i = 0; i < n && !rc; i++)
        for (int j = 0; j < n; j++) {
            double ref = 0;
            for (int k = 0; k < n; k++)
                ref += (double)A[i * n + k] * B[k * n + j];
            if (fabs(ref - C[i * n + j]) > 1e-3)
                bad++;
        }
    CHECK_EQ(bad, 0);
    CHECK(ctasim_warp_insts(rt) > 0);
    free(A), free(B), free(C);
    ctasim_destroy(rt);
}

static void bfs_passes(void)
{
    /* a random graph with a skewed degree distribution (hubs), CSR */
    const int nodes = 3000;
    rng_state = 3;
    int *rp = malloc((nodes + 1) * sizeof *rp), *cols = NULL, ne = 0;
    rp[0] = 0;
    for (int v = 0; v < nodes; v++) {
        int deg = (rnd() % 16 == 0) ? 20 + rnd() % 60 : rnd() % 4;
        cols = realloc(cols, (ne + deg + 1) * sizeof *cols);
        for (int k = 0; k < deg; k++) {
            int u = (rnd() % 3 == 0) ? (int)(rnd() % 32) : (int)(rnd() % nodes);
            cols[ne++] = u;
        }
        rp[v + 1] = ne;
    }
    int *level = malloc(nodes * sizeof *level), *ref = malloc(nodes * sizeof *ref);
    for (int v = 0; v < nodes; v++)
        level[v] = ref[v] = -1;
    level[0] = ref[0] = 0;
    /* CPU reference: level-synchronous, as the kernel */
    for (int cur = 0;; cur++) {
        int changed = 0;
        for (int v = 0; v < nodes; v++)
            if (ref[v] == cur)
                for (int e = rp[v]; e < rp[v + 1]; e++)
                    if (ref[cols[e]] < 0)
                        ref[cols[e]] = cur + 1, changed = 1;
        if (!changed)
            break;
    }
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m = load(rt, "workloads/ptx/bfs.ptx");
    cs_error_t err = {{0}};
    uint64_t drp, dcols, dlevel, dchanged;
    int rc = !m || ctasim_malloc(rt, &drp, (nodes + 1) * 4, &err) || ctasim_malloc(rt, &dcols, ne * 4, &err) ||
             ctasim_malloc(rt, &dlevel, nodes * 4, &err) || ctasim_malloc(rt, &dchanged, 4, &err) ||
             ctasim_memcpy_htod(rt, drp, rp, (nodes + 1) * 4, &err) || ctasim_memcpy_htod(rt, dcols, cols, ne * 4, &err) ||
             ctasim_memcpy_htod(rt, dlevel, level, nodes * 4, &err);
    int levels = 0;
    for (int cur = 0; !rc && cur < nodes; cur++) {
        int changed = 0, nn = nodes;
        rc |= ctasim_memcpy_htod(rt, dchanged, &changed, 4, &err);
        void *args[] = {&drp, &dcols, &dlevel, &dchanged, &nn, &cur};
        dim3_t grid = {(nodes + 127) / 128, 1, 1}, block = {128, 1, 1};
        rc |= ctasim_launch(rt, m, "bfs_level", grid, block, 0, 0, args, 6, &err);
        rc |= ctasim_memcpy_dtoh(rt, &changed, dchanged, 4, &err);
        levels++;
        if (!changed)
            break;
    }
    rc |= ctasim_memcpy_dtoh(rt, level, dlevel, nodes * 4, &err);
    if (rc)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    int bad = 0;
    for (int v = 0; v < nodes; v++)
        bad += level[v] != ref[v];
    CHECK_EQ(bad, 0);
    CHECK(levels > 2);
    free(rp), free(cols), free(level), free(ref);
    ctasim_destroy(rt);
}

static void bad_launches_are_errors(void)
{
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m = load(rt, "workloads/ptx/vadd.ptx");
    cs_error_t err = {{0}};
    uint64_t d;
    int n = 1000;
    CHECK_EQ(ctasim_malloc(rt, &d, 16, &err), 0);
    void *args[] = {&d, &d, &d, &n};
    dim3_t g = {4, 1, 1}, b = {256, 1, 1}, big = {2048, 1, 1};
    CHECK_EQ(ctasim_launch(rt, m, "vadd", g, b, 0, 0, args, 3, &err), -1);
    CHECK(strstr(err.msg, "vadd") != NULL);
    CHECK_EQ(ctasim_launch(rt, m, "vadd", g, big, 0, 0, args, 4, &err), -1);
    CHECK_EQ(ctasim_launch(rt, m, "nosuch", g, b, 0, 0, args, 4, &err), -1);
    /* 1000 elements in a 16-byte buffer: out-of-bounds read, named */
    CHECK_EQ(ctasim_launch(rt, m, "vadd", g, b, 0, 0, args, 4, &err), 0);
    CHECK_EQ(ctasim_synchronize(rt, &err), -1);
    CHECK(strstr(err.msg, "kernel 'vadd'") != NULL && strstr(err.msg, "out-of-bounds") != NULL);
    CHECK(strstr(err.msg, "vadd.ptx:") != NULL);
    ctasim_destroy(rt);
}

static void ptxas_report_gives_registers(void)
{
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m = load(rt, "workloads/ptx/mmul.ptx");
    (void)m;
    uint32_t regs = 0, smem = 0;
    CHECK_EQ(ptx_read_ptxas_report("workloads/ptx/mmul.ptxas.txt", "mmul", &regs, &smem), 0);
    CHECK(regs > 0 && regs < 256);
    CHECK_EQ(smem, 2048);
    ctasim_destroy(rt);
}

int main(void)
{
    RUN(vadd_passes);
    RUN(vadd_perturbed_opcode_fails);
    RUN(mmul_passes);
    RUN(bfs_passes);
    RUN(bad_launches_are_errors);
    RUN(ptxas_report_gives_registers);
    TEST_EXIT();
}
