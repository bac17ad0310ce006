/* app_blk.c — BLK: Black-Scholes call/put pricing (compute-bound: expf, logf,
 * sqrtf, divisions, the normal-CDF polynomial), grid-stride over options. */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

static double cnd(double d)
{
    const double a1 = 0.31938153, a2 = -0.356563782, a3 = 1.781477937, a4 = -1.821255978, a5 = 1.330274429;
    const double rsqrt2pi = 0.39894228040143267794;
    double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double c = rsqrt2pi * exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0 - c : c;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Yu et al. and Li & Liang list BLK with 480 CTAs of 128 threads (the
     * SDK's fixed grid), here with 16 options per thread (983040 options). */
    int ctas = (int)app_pick(c, 8, 240, 480);
    int n = ctas * 128 * (int)app_pick(c, 2, 8, 16);
    const float riskfree = 0.02f, volatility = 0.30f;
    size_t bytes = (size_t)n * sizeof(float);
    float *S = app_host_alloc(c, bytes, err), *X = app_host_alloc(c, bytes, err), *T = app_host_alloc(c, bytes, err);
    if (!S || !X || !T)
        return -1;
    float *call = app_host_alloc(c, bytes, err), *put = app_host_alloc(c, bytes, err),
          *rcall = app_host_alloc(c, bytes, err), *rput = app_host_alloc(c, bytes, err);
    if (!call || !put || !rcall || !rput)
        return -1;
    for (int i = 0; i < n; i++) {
        S[i] = app_randf(c, 5, 30);
        X[i] = app_randf(c, 1, 100);
        T[i] = app_randf(c, 0.25f, 10);
        double s = S[i], x = X[i], t = T[i], rf = riskfree, v = volatility;
        double d1 = (log(s / x) + (rf + 0.5 * v * v) * t) / (v * sqrt(t)), d2 = d1 - v * sqrt(t);
        double disc = exp(-rf * t);
        rcall[i] = (float)(s * cnd(d1) - x * disc * cnd(d2));
        rput[i] = (float)(x * disc * (1.0 - cnd(d2)) - s * (1.0 - cnd(d1)));
    }
    ctasim_module_t *m;
    uint64_t dS, dX, dT, dcall, dput;
    float rf = riskfree, vol = volatility;
    int r = -1;
    if (app_load_module(c, "blk.ptx", &m, err) < 0 || app_upload(c, &dS, S, bytes, err) < 0 ||
        app_upload(c, &dX, X, bytes, err) < 0 || app_upload(c, &dT, T, bytes, err) < 0 ||
        app_alloc_zero(c, &dcall, bytes, err) < 0 || app_alloc_zero(c, &dput, bytes, err) < 0)
        goto out;
    void *args[] = {&dcall, &dput, &dS, &dX, &dT, &rf, &vol, &n};
    dim3_t grid = {(uint32_t)ctas, 1, 1}, block = {128, 1, 1};
    if (ctasim_launch(c->rt, m, "blk", grid, block, 0, 0, args, 8, err) < 0 ||
        app_download(c, call, dcall, bytes, err) < 0 || app_download(c, put, dput, bytes, err) < 0)
        goto out;
    /* float kernel vs double reference: the largest error seen is ~1e-5 relative (prices are O(1..100)) */
    r = app_check_f32(c, "call", call, rcall, (size_t)n, 5e-5f, 5e-5f);
    if (r == 1)
        r = app_check_f32(c, "put", put, rput, (size_t)n, 5e-5f, 5e-5f);
out:
    return r;
}

const app_def_t app_blk = {"BLK", "Black-Scholes option pricing (expf/logf/sqrtf, CND polynomial)", "compute-bound",
                           run};
