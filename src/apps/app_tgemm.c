/* app_tgemm.c — TGEMM: matrix multiply on the tensor cores (mma.sync
 * m16n8k16, f16 inputs, f32 accumulation; workloads/kernels/tgemm.cu).
 *
 * The check: the reference is computed in double from the f32 inputs
 * before they are rounded to f16, so the tolerance covers what the tensor
 * core's inputs lose and what its f32 accumulation rounds, element by
 * element, with S = sum over k of |a_ik * b_kj|:
 *   - f16 input rounding (round to nearest even, relative error at most
 *     u16 = 2^-11 per input, inputs in [-1, 1] so none is subnormal below
 *     2^-14 except values that small, which the 2^-24 absolute term covers):
 *     |a'b' - ab| <= (2 u16 + u16^2) |ab|, at most 2^-10 S in all;
 *   - f32 accumulation: each mma rounds C + 16 products once (2^-24
 *     relative), K/16 of them in a row: at most (K/16) 2^-24 S (1 + 2^-10).
 * A wrong fragment layout or a lost mma moves elements by O(1), far beyond. */
#include <math.h>
#include <stdio.h>

#include "apps.h"
#include "frontend/ptx/ptx_float.h"

static int run(app_ctx_t *c, cs_error_t *err)
{
    int n = (int)app_pick(c, 64, 256, 512); /* M = N = K = n, a multiple of 64 */
    size_t nn = (size_t)n * n;
    float *A = app_host_alloc(c, nn * sizeof(float), err), *B = app_host_alloc(c, nn * sizeof(float), err);
    uint16_t *Ah = app_host_alloc(c, nn * 2, err), *Bth = app_host_alloc(c, nn * 2, err);
    float *C = app_host_alloc(c, nn * sizeof(float), err);
    if (!A || !B || !Ah || !Bth || !C)
        return -1;
    for (size_t i = 0; i < nn; i++) {
        A[i] = app_randf(c, -1, 1);
        B[i] = app_randf(c, -1, 1);
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            Ah[(size_t)i * n + k] = ptx_f32_to_f16(A[(size_t)i * n + k]);
            Bth[(size_t)i * n + k] = ptx_f32_to_f16(B[(size_t)k * n + i]); /* B column-major: Bt[j][k] = B[k][j] */
        }
    ctasim_module_t *m;
    uint64_t dA, dB, dC;
    if (app_load_module(c, "tgemm.ptx", &m, err) < 0 || app_upload(c, &dA, Ah, nn * 2, err) < 0 ||
        app_upload(c, &dB, Bth, nn * 2, err) < 0 || app_alloc_zero(c, &dC, nn * sizeof(float), err) < 0)
        return -1;
    void *args[] = {&dA, &dB, &dC, &n, &n, &n};
    dim3_t grid = {(uint32_t)n / 32, (uint32_t)n / 64, 1}, block = {256, 1, 1}; /* 64 x 32 tiles of C */
    if (ctasim_launch(c->rt, m, "tgemm", grid, block, 0, 0, args, 6, err) < 0 ||
        app_download(c, C, dC, nn * sizeof(float), err) < 0)
        return -1;
    size_t bad = 0, first = 0;
    double first_want = 0, first_tol = 0;
    const double input_rel = 0x1p-10, acc_rel = (n / 16 + 1) * 0x1p-24 * (1 + 0x1p-10);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double want = 0, mag = 0;
            for (int k = 0; k < n; k++) {
                double p = (double)A[(size_t)i * n + k] * B[(size_t)k * n + j];
                want += p;
                mag += fabs(p);
            }
            double tol = (input_rel + acc_rel) * mag + 0x1p-24 * n;
            size_t at = (size_t)i * n + j;
            if (!(fabs(C[at] - want) <= tol) && bad++ == 0)
                first = at, first_want = want, first_tol = tol;
        }
    if (!bad)
        return 1;
    snprintf(c->detail, sizeof c->detail, "C: %zu of %zu values outside the f16 bound, first at %zu (got %g, want %g +- %g)",
             bad, nn, first, (double)C[first], first_want, first_tol);
    return 0;
}

const app_def_t app_tgemm = {"TGEMM", "matrix multiply on the tensor cores (mma.sync f16, f32 accumulate)",
                             "compute-bound, barrier-heavy", run};
