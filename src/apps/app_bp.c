/* app_bp.c — BP: back propagation (Rodinia backprop), two kernels: a
 * layer-forward pass with a shared-memory tree reduction (barrier-heavy)
 * then a write-heavy weight adjustment. The host does what Rodinia's host
 * does between them: sums the per-CTA partial sums, squashes the hidden
 * layer, runs the tiny output layer and computes the hidden deltas. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define H 16 /* hidden units = CTA edge, fixed as in Rodinia */
#define ETA 0.3f
#define MOMENTUM 0.3f

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists BP with 2 kernels and 65536 CTAs of
     * 16x16 in all, i.e. 32768 CTAs per kernel (524288 input units); Li & Liang's
     * bpnn_layerforward has 4096 CTAs (65536 input units), our default size. */
    int nb = (int)app_pick(c, 16, 4096, 32768), in = nb * H;
    size_t nw = (size_t)(in + 1) * (H + 1);
    float *input = app_host_alloc(c, sizeof(float) * (in + 1), err), *w = app_host_alloc(c, sizeof(float) * nw, err),
          *oldw = app_host_alloc(c, sizeof(float) * nw, err), *wref = app_host_alloc(c, sizeof(float) * nw, err),
          *oref = app_host_alloc(c, sizeof(float) * nw, err), *got = app_host_alloc(c, sizeof(float) * nw, err),
          *partial = app_host_alloc(c, sizeof(float) * nb * H, err),
          *pref = app_host_alloc(c, sizeof(float) * nb * H, err);
    if (!input || !w || !oldw || !wref || !oref || !got || !partial || !pref)
        return -1;
    input[0] = 1.0f; /* bias unit */
    for (int i = 1; i <= in; i++)
        input[i] = app_randf(c, 0, 1);
    for (size_t i = 0; i < nw; i++) {
        w[i] = app_randf(c, -0.5f, 0.5f);
        oldw[i] = app_randf(c, -0.05f, 0.05f);
    }
    /* CPU reference of bp_layerforward: product, then the same tree order */
    memcpy(wref, w, sizeof(float) * nw);
    memcpy(oref, oldw, sizeof(float) * nw);
    for (int b = 0; b < nb; b++)
        for (int tx = 0; tx < H; tx++) {
            float p[H];
            for (int ty = 0; ty < H; ty++) {
                int row = b * H + ty + 1;
                p[ty] = w[(size_t)row * (H + 1) + tx + 1] * input[row];
            }
            for (int step = 1; step < H; step *= 2)
                for (int ty = 0; ty < H; ty += 2 * step)
                    p[ty] += p[ty + step];
            for (int ty = 0; ty < H; ty++)
                wref[(size_t)(b * H + ty + 1) * (H + 1) + tx + 1] = p[ty];
            pref[b * H + tx] = p[0];
        }
    /* host part between the kernels (from the reference partial sums) */
    float hidden[H + 1], delta[H + 1], hw[H + 1];
    hidden[0] = 1.0f;
    for (int j = 1; j <= H; j++) {
        float s = w[j]; /* bias weight w[0][j] */
        for (int b = 0; b < nb; b++)
            s += pref[b * H + j - 1];
        hidden[j] = squash(s);
        hw[j] = app_randf(c, -0.5f, 0.5f); /* hidden -> single output unit */
    }
    hw[0] = app_randf(c, -0.5f, 0.5f);
    float o = 0;
    for (int j = 0; j <= H; j++)
        o += hidden[j] * hw[j];
    o = squash(o);
    float target = 0.1f, dout = o * (1 - o) * (target - o);
    delta[0] = 0;
    for (int j = 1; j <= H; j++)
        delta[j] = hidden[j] * (1 - hidden[j]) * dout * hw[j];
    /* CPU reference of bp_adjust_weights (same fused multiply-add as the PTX) */
    for (int row = 1; row <= in; row++)
        for (int j = 1; j <= H; j++) {
            size_t idx = (size_t)row * (H + 1) + j;
            float d = fmaf(ETA * delta[j], input[row], MOMENTUM * oref[idx]);
            wref[idx] += d;
            oref[idx] = d;
        }
    for (int j = 1; j <= H; j++) {
        float e = fmaf(delta[j], ETA, MOMENTUM * oref[j]);
        wref[j] += e;
        oref[j] = e;
    }

    ctasim_module_t *m;
    uint64_t d_in, d_w, d_oldw, d_part, d_delta;
    int r = -1;
    if (app_load_module(c, "bp.ptx", &m, err) < 0 ||
        app_upload(c, &d_in, input, sizeof(float) * (in + 1), err) < 0 ||
        app_upload(c, &d_w, w, sizeof(float) * nw, err) < 0 || app_upload(c, &d_oldw, oldw, sizeof(float) * nw, err) < 0 ||
        app_alloc_zero(c, &d_part, sizeof(float) * nb * H, err) < 0 ||
        app_upload(c, &d_delta, delta, sizeof(delta), err) < 0)
        goto out;
    dim3_t grid = {(uint32_t)nb, 1, 1}, block = {H, H, 1};
    void *a1[] = {&d_in, &d_w, &d_part, &in};
    if (ctasim_launch(c->rt, m, "bp_layerforward", grid, block, 0, 0, a1, 4, err) < 0 ||
        app_download(c, partial, d_part, sizeof(float) * nb * H, err) < 0)
        goto out;
    void *a2[] = {&d_delta, &d_in, &d_w, &d_oldw, &in};
    if (ctasim_launch(c->rt, m, "bp_adjust_weights", grid, block, 0, 0, a2, 5, err) < 0 ||
        app_download(c, got, d_w, sizeof(float) * nw, err) < 0)
        goto out;
    r = app_check_f32(c, "partial", partial, pref, (size_t)nb * H, 1e-6f, 1e-7f) &&
        app_check_f32(c, "w", got, wref, nw, 1e-6f, 1e-7f);
    if (r == 1) {
        if (app_download(c, got, d_oldw, sizeof(float) * nw, err) < 0)
            r = -1;
        else
            r = app_check_f32(c, "oldw", got, oref, nw, 1e-6f, 1e-7f);
    }
out:
    return r;
}

const app_def_t app_bp = {"BP", "back propagation: layer-forward with shared-memory reduction, then weight adjust",
                          "barrier-heavy, memory-bound, multi-kernel", run};
