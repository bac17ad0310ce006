/* app_nn.c — NN: forward pass of a digit-recognition-shaped convolutional
 * network (the SDK's Neural Networks sample's layer sizes: 29x29 input, 6
 * maps of 13x13, 50 maps of 5x5, then 128 hidden units where it has 100, 10
 * outputs) over a batch of images, four launches: the two convolutions one
 * CTA per image, the hidden layer over tiles of 4 images and 32 units, the
 * output layer one thread per score (workloads/kernels/nn.cu).
 * Images are random blobs on a noisy background (values in [0, 1]); weights
 * are random, scaled by 2/sqrt(fan-in) so the activations neither vanish nor
 * saturate. The CPU reference runs the same layers with the kernels' fused
 * multiply-adds in the kernels' order (layer 3's four input slices summed
 * apart, then added) and the same softsign, so the scores match bit for
 * bit.
 *
 * nn_layer2 is held to 32 registers (__maxnreg__, as Fermi-era builds were;
 * sm_75's ptxas takes 64 and would allow only 2 of its 250-thread CTAs on a
 * GTX 480 core instead of 4); nn_layer1 keeps its convolution loops rolled
 * (23 registers); nn_layer3 is held to 40.
 *
 * Property reproduced: compute-bound, TLP only helps (Kayiran et al. Type-C).
 * `ctasim run --size default NN` (GTX 480 preset, 96 images): 323644
 * cycles, IPC 304, L1 miss rate 16%, DRAM bandwidth utilisation 0.026,
 * average memory latency 227 cycles; layer 2 (183k cycles) and layer 3
 * (97k) dominate. A cap costs time: --max-ctas 2: 389870 cycles,
 * --max-ctas 1: 653980. With --config pact13-30sm: 412640 cycles, 560898 at
 * --max-ctas 2, 744264 at 1. (Before the scoreboard fix in model/sm.c the
 * default size deadlocked: layer 3's 20 pending register writes per group
 * fill the 16-entry table.) */
#include <math.h>

#include "apps.h"

#define IN 29
#define M1 6
#define S1 13
#define M2 50
#define S2 5
#define K 5
#define H 128
#define OUT 10
#define L2_IN (M1 * S1 * S1)
#define L3_IN (M2 * S2 * S2)
#define W1 (1 + K * K)
#define W2 (1 + M1 * K * K)
#define L3_PAD 1280 /* layer 3's inputs padded to 5 chunks of 256 */

static float act(float x) { return x / (1.0f + fabsf(x)); }

static void forward_ref(const float *img, const float *w1, const float *w2, const float *b3, const float *w3,
                        const float *w4t, float *o1, float *o2, float *h, float *score)
{
    for (int m = 0; m < M1; m++)
        for (int y = 0; y < S1; y++)
            for (int x = 0; x < S1; x++) {
                const float *w = w1 + m * W1;
                float sum = w[0];
                for (int ky = 0; ky < K; ky++)
                    for (int kx = 0; kx < K; kx++)
                        sum = fmaf(w[1 + ky * K + kx], img[(2 * y + ky) * IN + 2 * x + kx], sum);
                o1[m * S1 * S1 + y * S1 + x] = act(sum);
            }
    for (int m = 0; m < M2; m++)
        for (int y = 0; y < S2; y++)
            for (int x = 0; x < S2; x++) {
                const float *w = w2 + m * W2;
                float sum = w[0];
                for (int c = 0; c < M1; c++)
                    for (int ky = 0; ky < K; ky++)
                        for (int kx = 0; kx < K; kx++)
                            sum = fmaf(w[1 + (c * K + ky) * K + kx], o1[c * S1 * S1 + (2 * y + ky) * S1 + 2 * x + kx],
                                       sum);
                o2[m * S2 * S2 + y * S2 + x] = act(sum);
            }
    for (int o = 0; o < H; o++) { /* input group g = i/4 goes to slice g % 4 */
        float p[4] = {b3[o], 0, 0, 0};
        for (int i = 0; i < L3_IN; i++)
            p[i / 4 % 4] = fmaf(w3[((size_t)(i / 4) * H + o) * 4 + i % 4], o2[i], p[i / 4 % 4]);
        h[o] = act(((p[0] + p[1]) + p[2]) + p[3]);
    }
    for (int o = 0; o < OUT; o++) {
        float sum = w4t[o];
        for (int i = 0; i < H; i++)
            sum = fmaf(w4t[(1 + i) * OUT + o], h[i], sum);
        score[o] = sum;
    }
}

static void fill_weights(app_ctx_t *c, float *w, size_t n, int fan_in)
{
    float r = 2.0f / sqrtf((float)fan_in);
    for (size_t i = 0; i < n; i++)
        w[i] = app_randf(c, -r, r);
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for the SDK's NN; here 1000
     * images (about 31M warp instructions). */
    int n_img = (int)app_pick(c, 8, 96, 1000); /* multiples of 8 */
    size_t n_w1 = M1 * W1, n_w2 = M2 * W2, n_w3 = (size_t)L3_PAD * H, n_w4 = (1 + H) * OUT;
    size_t n_img_px = (size_t)IN * IN * n_img, n_score = (size_t)OUT * n_img;
    float *img = app_host_alloc(c, sizeof(float) * n_img_px, err), *w1 = app_host_alloc(c, sizeof(float) * n_w1, err),
          *w2 = app_host_alloc(c, sizeof(float) * n_w2, err), *b3 = app_host_alloc(c, sizeof(float) * H, err),
          *w3 = app_host_alloc(c, sizeof(float) * n_w3, err), *w4t = app_host_alloc(c, sizeof(float) * n_w4, err),
          *o1 = app_host_alloc(c, sizeof(float) * L2_IN, err), *o2 = app_host_alloc(c, sizeof(float) * L3_IN, err),
          *h = app_host_alloc(c, sizeof(float) * H, err), *want = app_host_alloc(c, sizeof(float) * n_score, err),
          *got = app_host_alloc(c, sizeof(float) * n_score, err);
    if (!img || !w1 || !w2 || !b3 || !w3 || !w4t || !o1 || !o2 || !h || !want || !got)
        return -1;
    for (int k = 0; k < n_img; k++) { /* a soft blob at a random spot on noise */
        float cx = app_randf(c, 8, 20), cy = app_randf(c, 8, 20), rad = app_randf(c, 3, 7);
        for (int y = 0; y < IN; y++)
            for (int x = 0; x < IN; x++) {
                float d = sqrtf((x - cx) * (x - cx) + (y - cy) * (y - cy)), v = d < rad ? 1.0f - d / (2 * rad) : 0.0f;
                img[((size_t)k * IN + y) * IN + x] = fminf(1.0f, v + app_randf(c, 0, 0.2f));
            }
    }
    fill_weights(c, w1, n_w1, W1);
    fill_weights(c, w2, n_w2, W2);
    fill_weights(c, b3, H, 1 + L3_IN);
    for (int i = 0; i < L3_IN; i++) /* the padding's weights stay zero */
        for (int o = 0; o < H; o++)
            w3[((size_t)(i / 4) * H + o) * 4 + i % 4] = app_randf(c, -2.0f / sqrtf(1 + L3_IN), 2.0f / sqrtf(1 + L3_IN));
    fill_weights(c, w4t, n_w4, 1 + H);
    for (int k = 0; k < n_img; k++)
        forward_ref(img + (size_t)k * IN * IN, w1, w2, b3, w3, w4t, o1, o2, h, want + k * OUT);
    ctasim_module_t *m;
    uint64_t d_img, d_w1, d_w2, d_b3, d_w3, d_w4, d_o1, d_o2, d_h, d_score;
    int r = -1;
    if (app_load_module(c, "nn.ptx", &m, err) < 0 || app_upload(c, &d_img, img, sizeof(float) * n_img_px, err) < 0 ||
        app_upload(c, &d_w1, w1, sizeof(float) * n_w1, err) < 0 ||
        app_upload(c, &d_w2, w2, sizeof(float) * n_w2, err) < 0 || app_upload(c, &d_b3, b3, sizeof(float) * H, err) < 0 ||
        app_upload(c, &d_w3, w3, sizeof(float) * n_w3, err) < 0 ||
        app_upload(c, &d_w4, w4t, sizeof(float) * n_w4, err) < 0 ||
        app_alloc_zero(c, &d_o1, sizeof(float) * L2_IN * n_img, err) < 0 ||
        app_alloc_zero(c, &d_o2, sizeof(float) * L3_IN * n_img, err) < 0 ||
        app_alloc_zero(c, &d_h, sizeof(float) * H * n_img, err) < 0 ||
        app_alloc_zero(c, &d_score, sizeof(float) * n_score, err) < 0)
        goto out;
    dim3_t grid = {(uint32_t)n_img, 1, 1}, b1 = {S1 * S1, 1, 1}, b2 = {S2 * S2, 10, 1},
           g3 = {(uint32_t)n_img / 4, H / 32, 1}, blk3 = {32, 4, 1}, g4 = {(uint32_t)n_img / 8, 1, 1},
           b4 = {8 * OUT, 1, 1};
    void *a1[] = {&d_img, &d_w1, &d_o1}, *a2[] = {&d_o1, &d_w2, &d_o2}, *a3[] = {&d_o2, &d_b3, &d_w3, &d_h},
         *a4[] = {&d_h, &d_w4, &d_score};
    if (ctasim_launch(c->rt, m, "nn_layer1", grid, b1, 0, 0, a1, 3, err) < 0 ||
        ctasim_launch(c->rt, m, "nn_layer2", grid, b2, 0, 0, a2, 3, err) < 0 ||
        ctasim_launch(c->rt, m, "nn_layer3", g3, blk3, 0, 0, a3, 4, err) < 0 ||
        ctasim_launch(c->rt, m, "nn_layer4", g4, b4, 0, 0, a4, 3, err) < 0 ||
        app_download(c, got, d_score, sizeof(float) * n_score, err) < 0)
        goto out;
    r = app_check_f32(c, "score", got, want, n_score, 0.0f, 0.0f);
out:
    return r;
}

const app_def_t app_nn = {"NN", "convolutional network forward pass, 29x29 -> 6x13x13 -> 50x5x5 -> 128 -> 10",
                          "compute-bound, multi-kernel", run};
