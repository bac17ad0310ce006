/* app_conv.c — CONV: separable convolution (17-tap filter in __constant__
 * memory), a row pass then a column pass, each CTA staging its tile plus an
 * apron in shared memory (as the CUDA SDK's convolutionSeparable). */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

#define R 8
#define TAPS (2 * R + 1)

/* Same operation order as the kernels: taps j = -R..R, sum = fma(f[R-j], in, sum),
 * zero outside the image. */
static void conv_ref(float *dst, const float *src, const float *f, int w, int h, int dx, int dy)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float sum = 0;
            for (int j = -R; j <= R; j++) {
                int xx = x + j * dx, yy = y + j * dy;
                float v = xx >= 0 && xx < w && yy >= 0 && yy < h ? src[(size_t)yy * w + xx] : 0.0f;
                sum = fmaf(f[R - j], v, sum);
            }
            dst[(size_t)y * w + x] = sum;
        }
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. / Song et al. list CONV with a (24, 768) grid, 18432 CTAs,
     * per row pass: the SDK's 3072 x 3072 image (column pass: 192 x 48 = 9216
     * CTAs of 16x8). One row + column pass (the papers' 34 kernels are 17
     * repetitions of the pair). small has ragged edges in both directions. */
    int w = (int)app_pick(c, 136, 1024, 3072), h = (int)app_pick(c, 40, 1024, 3072);
    size_t n = (size_t)w * h, bytes = n * sizeof(float);
    float filt[TAPS], fsum = 0;
    for (int i = 0; i < TAPS; i++) { /* random, asymmetric (so a reversed tap order shows), normalised */
        filt[i] = app_randf(c, 0, 1);
        fsum += filt[i];
    }
    for (int i = 0; i < TAPS; i++)
        filt[i] /= fsum;
    float *img = app_host_alloc(c, bytes, err), *tmp = app_host_alloc(c, bytes, err),
          *ref = app_host_alloc(c, bytes, err), *out = app_host_alloc(c, bytes, err);
    if (!img || !tmp || !ref || !out)
        return -1;
    for (size_t i = 0; i < n; i++)
        img[i] = app_randf(c, 0, 16);
    conv_ref(tmp, img, filt, w, h, 1, 0);
    conv_ref(ref, tmp, filt, w, h, 0, 1);
    ctasim_module_t *m;
    uint64_t dimg, dtmp, dout;
    int r = -1;
    if (app_load_module(c, "conv.ptx", &m, err) < 0 || ctasim_set_const(c->rt, m, "c_filter", filt, sizeof filt, err) < 0 ||
        app_upload(c, &dimg, img, bytes, err) < 0 || app_alloc_zero(c, &dtmp, bytes, err) < 0 ||
        app_alloc_zero(c, &dout, bytes, err) < 0)
        goto out;
    void *rargs[] = {&dtmp, &dimg, &w, &h};
    dim3_t rgrid = {(uint32_t)(w + 127) / 128, (uint32_t)(h + 3) / 4, 1}, rblock = {16, 4, 1};
    void *cargs[] = {&dout, &dtmp, &w, &h};
    dim3_t cgrid = {(uint32_t)(w + 15) / 16, (uint32_t)(h + 63) / 64, 1}, cblock = {16, 8, 1};
    if (ctasim_launch(c->rt, m, "conv_rows", rgrid, rblock, 0, 0, rargs, 4, err) < 0 ||
        ctasim_launch(c->rt, m, "conv_cols", cgrid, cblock, 0, 0, cargs, 4, err) < 0 ||
        app_download(c, out, dout, bytes, err) < 0)
        goto out;
    /* same operation order as the kernels: the result is bit-exact */
    r = app_check_f32(c, "image", out, ref, n, 0, 0);
out:
    return r;
}

const app_def_t app_conv = {"CONV", "separable convolution: row pass then column pass, shared-memory aprons",
                            "compute-bound, barrier-heavy, multi-kernel", run};
