/* app_bino.c — BINO: European call options on a binomial tree (SDK
 * binomialOptions-like): one CTA of 128 threads per option, backward
 * induction with the tree's nodes in registers and one barrier per time
 * step (workloads/kernels/bino.cu). Options are random (S in [5, 30], X in
 * [1, 100], T in [0.25, 10] years, r = 6%, sigma = 10%); the host derives the
 * per-option tree parameters in double, as the SDK does. The CPU reference
 * runs the same induction in float with the kernel's fused multiply-adds
 * (only the leaves' expf may differ from the GPU's by an ulp or so).
 *
 * Property reproduced: compute-bound (Song et al. "Com"): `ctasim run --size
 * default BINO` (GTX 480 preset, 120 CTAs, 8 per core): 117066 cycles, IPC
 * 821 (of 960 peak), 540 L1 accesses in all, DRAM bandwidth utilisation
 * 0.0001; more CTAs per core keep helping: --max-ctas 4: 121151 cycles,
 * --max-ctas 2: 167563. */
#include <math.h>

#include "apps.h"

#define BLOCK 128

static float price_ref(const float *o, const float *cf, int n, float *v)
{
    /* level n-1 from the payoffs: fma(pd, lo, pu * hi), then each step
     * fma(pu, hi, pd * lo), as nvcc contracted the kernel's expressions */
    for (int j = 0; j <= n; j++)
        v[j] = fmaxf(o[0] * expf(o[2] * (float)(2 * j - n)) - o[1], 0.0f);
    for (int j = 0; j < n; j++)
        v[j] = fmaf(cf[1], v[j], cf[0] * v[j + 1]);
    for (int i = n - 1; i > 0; i--)
        for (int j = 0; j < i; j++)
            v[j] = fmaf(cf[0], v[j + 1], cf[1] * v[j]);
    return v[0];
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Song et al. Table II gives BINO a grid of 512 CTAs: 512 options,
     * with the SDK's 2048 time steps (about 170M warp instructions: minutes
     * of simulation). */
    int n_opt = (int)app_pick(c, 8, 120, 512), steps = (int)app_pick(c, 256, 512, 2048);
    const char *kernel = steps == 256 ? "bino_256" : steps == 512 ? "bino_512" : "bino_2048";
    const double R = 0.06, V = 0.10;
    float *opt = app_host_alloc(c, sizeof(float) * 4 * n_opt, err), *coef = app_host_alloc(c, sizeof(float) * 2 * n_opt, err),
          *got = app_host_alloc(c, sizeof(float) * n_opt, err), *want = app_host_alloc(c, sizeof(float) * n_opt, err),
          *tree = app_host_alloc(c, sizeof(float) * (size_t)(steps + 1), err);
    if (!opt || !coef || !got || !want || !tree)
        return -1;
    for (int k = 0; k < n_opt; k++) {
        double S = app_randf(c, 5, 30), X = app_randf(c, 1, 100), T = app_randf(c, 0.25f, 10);
        double dt = T / steps, vDt = V * sqrt(dt), rDt = R * dt;
        double If = exp(rDt), Df = exp(-rDt), u = exp(vDt), d = exp(-vDt);
        double pu = (If - d) / (u - d), pd = 1.0 - pu;
        opt[4 * k] = (float)S;
        opt[4 * k + 1] = (float)X;
        opt[4 * k + 2] = (float)vDt;
        coef[2 * k] = (float)(pu * Df);
        coef[2 * k + 1] = (float)(pd * Df);
    }
    for (int k = 0; k < n_opt; k++)
        want[k] = price_ref(opt + 4 * k, coef + 2 * k, steps, tree);
    ctasim_module_t *m;
    uint64_t d_opt, d_coef, d_price;
    int r = -1;
    if (app_load_module(c, "bino.ptx", &m, err) < 0 ||
        app_upload(c, &d_opt, opt, sizeof(float) * 4 * n_opt, err) < 0 ||
        app_upload(c, &d_coef, coef, sizeof(float) * 2 * n_opt, err) < 0 ||
        app_alloc_zero(c, &d_price, sizeof(float) * n_opt, err) < 0)
        goto out;
    void *args[] = {&d_opt, &d_coef, &d_price};
    dim3_t grid = {(uint32_t)n_opt, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, kernel, grid, block, 0, 0, args, 3, err) < 0 ||
        app_download(c, got, d_price, sizeof(float) * n_opt, err) < 0)
        goto out;
    r = app_check_f32(c, "price", got, want, (size_t)n_opt, 1e-5f, 1e-6f);
out:
    return r;
}

const app_def_t app_bino = {"BINO", "binomial-tree option pricing, one CTA per option, one barrier per time step",
                            "compute-bound, barrier-heavy", run};
