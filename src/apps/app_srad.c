/* app_srad.c — SRAD: speckle-reducing anisotropic diffusion (Rodinia
 * srad_v2-like): per iteration the host computes q0^2 from a region of
 * interest of the current image, then two kernels run on 16x16 blocks
 * (coefficients, then update). Structured grid, barrier per kernel, multi-kernel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

/* q0^2 = var/mean^2 over the ROI rows/cols [0, roi) (host step, as Rodinia). */
static float roi_q0sqr(const float *J, int cols, int roi)
{
    double sum = 0, sum2 = 0;
    for (int i = 0; i < roi; i++)
        for (int j = 0; j < roi; j++) {
            double t = J[i * cols + j];
            sum += t;
            sum2 += t * t;
        }
    double n = (double)roi * roi, mean = sum / n, var = sum2 / n - mean * mean;
    return (float)(var / (mean * mean));
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* One iteration on the CPU, in the kernels' operation order (products and
 * fmaf exactly where nvcc emitted mul/fma; one operation per statement so the
 * host compiler cannot contract). */
static void srad_ref(float *J, float *dN, float *dS, float *dW, float *dE, float *C, int rows, int cols, float q0sqr,
                     float lambda)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            int k = i * cols + j;
            float jc = J[k];
            float n = J[clampi(i - 1, 0, rows - 1) * cols + j] - jc;
            float s = J[clampi(i + 1, 0, rows - 1) * cols + j] - jc;
            float w = J[i * cols + clampi(j - 1, 0, cols - 1)] - jc;
            float e = J[i * cols + clampi(j + 1, 0, cols - 1)] - jc;
            float ss = s * s;
            float g = fmaf(e, e, fmaf(w, w, fmaf(n, n, ss)));
            float jj = jc * jc;
            float g2 = g / jj;
            float l = n + s;
            l = l + w;
            l = l + e;
            l = l / jc;
            float ll = l * l;
            ll = ll * -0.0625f;
            float num = fmaf(g2, 0.5f, ll);
            float den = fmaf(l, 0.25f, 1.0f);
            float den2 = den * den;
            float qsqr = num / den2;
            float q1 = q0sqr + 1.0f;
            q1 = q1 * q0sqr;
            float dd = qsqr - q0sqr;
            dd = dd / q1;
            float cc = 1.0f / (dd + 1.0f);
            cc = cc < 0.0f ? 0.0f : (cc > 1.0f ? 1.0f : cc);
            dN[k] = n, dS[k] = s, dW[k] = w, dE[k] = e, C[k] = cc;
        }
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            int k = i * cols + j;
            float cc = C[k], cs = C[clampi(i + 1, 0, rows - 1) * cols + j], ce = C[i * cols + clampi(j + 1, 0, cols - 1)];
            float d = cs * dS[k];
            d = fmaf(cc, dN[k], d);
            d = fmaf(cc, dW[k], d);
            d = fmaf(ce, dE[k], d);
            float q = lambda * 0.25f;
            J[k] = fmaf(q, d, J[k]);
        }
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists SRAD with 16384 CTAs of 16x16 -> a
     * 2048x2048 image (Rodinia's srad_v2 run: 2048 2048, ROI 0..127, lambda
     * 0.5, 2 iterations). */
    int n = (int)app_pick(c, 64, 512, 2048), rows = n, cols = n;
    int iters = 2, roi = n < 128 ? n : 128;
    float lambda = 0.5f;
    size_t np = (size_t)rows * cols, bytes = np * sizeof(float);
    float *J = app_host_alloc(c, bytes, err), *Jref = app_host_alloc(c, bytes, err), *tmp[5];
    if (!J || !Jref)
        return -1;
    for (int t = 0; t < 5; t++)
        if (!(tmp[t] = app_host_alloc(c, bytes, err)))
            return -1;
    for (size_t k = 0; k < np; k++)
        Jref[k] = J[k] = expf(app_randf(c, 0, 1)); /* Rodinia: J = exp(random image) */
    for (int it = 0; it < iters; it++)
        srad_ref(Jref, tmp[0], tmp[1], tmp[2], tmp[3], tmp[4], rows, cols, roi_q0sqr(Jref, cols, roi), lambda);

    ctasim_module_t *m;
    uint64_t dJ, d[5];
    int r = -1;
    if (app_load_module(c, "srad.ptx", &m, err) < 0 || app_upload(c, &dJ, J, bytes, err) < 0)
        goto out;
    for (int t = 0; t < 5; t++)
        if (app_alloc_zero(c, &d[t], bytes, err) < 0)
            goto out;
    dim3_t grid = {(uint32_t)cols / 16, (uint32_t)rows / 16, 1}, block = {16, 16, 1};
    for (int it = 0; it < iters; it++) {
        /* the host reads the image back for the ROI statistics */
        if (it > 0 && app_download(c, J, dJ, bytes, err) < 0)
            goto out;
        float q0sqr = roi_q0sqr(J, cols, roi);
        void *a1[] = {&dJ, &d[0], &d[1], &d[2], &d[3], &d[4], &rows, &cols, &q0sqr};
        void *a2[] = {&dJ, &d[0], &d[1], &d[2], &d[3], &d[4], &rows, &cols, &lambda};
        if (ctasim_launch(c->rt, m, "srad_coeff", grid, block, 0, 0, a1, 9, err) < 0 ||
            ctasim_launch(c->rt, m, "srad_update", grid, block, 0, 0, a2, 9, err) < 0)
            goto out;
    }
    if (app_download(c, J, dJ, bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "J", J, Jref, np, 0, 0);
out:
    return r;
}

const app_def_t app_srad = {"SRAD", "speckle-reducing anisotropic diffusion: coefficient + update kernels per iteration",
                            "memory-bound, barrier-heavy, multi-kernel", run};
