/* app_hot.c — HOT: HotSpot (Rodinia-like) 2D thermal stencil. Each launch
 * advances up to `pyr` time steps in shared memory (pyramid of shrinking
 * valid regions, a barrier per step); the host swaps the buffers between
 * launches. Compute-heavy stencil with overlapping (redundant) halo work. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define BS 16

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* One explicit step over the whole grid, the kernel's operation order (c + c,
 * sums, then fma chain exactly as nvcc emitted it). */
static void hot_step(const float *p, const float *t, float *out, int rows, int cols, float sdc, float rx1, float ry1,
                     float rz1, float amb)
{
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            float c = t[y * cols + x];
            float ns = t[clampi(y + 1, 0, rows - 1) * cols + x] + t[clampi(y - 1, 0, rows - 1) * cols + x];
            float ew = t[y * cols + clampi(x + 1, 0, cols - 1)] + t[y * cols + clampi(x - 1, 0, cols - 1)];
            float c2 = c + c;
            ns = ns - c2;
            ew = ew - c2;
            float acc = fmaf(ns, ry1, p[y * cols + x]);
            acc = fmaf(ew, rx1, acc);
            acc = fmaf(amb - c, rz1, acc);
            out[y * cols + x] = fmaf(acc, sdc, c);
        }
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Rodinia's hotspot run (512x512 chip, pyramid height 2 -> 12x12
     * output tiles -> 43x43 = 1849 CTAs of 16x16 per launch); 4 steps here. */
    int n = (int)app_pick(c, 48, 256, 512), rows = n, cols = n;
    int pyr = 2, total = (int)app_pick(c, 4, 8, 4);
    /* Rodinia's chip constants (double on the host, float on the device) */
    const double t_chip = 0.0005, chip_h = 0.016, chip_w = 0.016, factor = 0.5, spec_heat = 1.75e6, k_si = 100,
                 max_pd = 3.0e6, precision = 0.001;
    double gh = chip_h / rows, gw = chip_w / cols;
    double cap = factor * spec_heat * t_chip * gw * gh;
    double rx = gw / (2.0 * k_si * t_chip * gh), ry = gh / (2.0 * k_si * t_chip * gw), rz = t_chip / (k_si * gh * gw);
    double step = precision / (max_pd / (factor * t_chip * spec_heat));
    float sdc = (float)(step / cap), rx1 = (float)(1 / rx), ry1 = (float)(1 / ry), rz1 = (float)(1 / rz), amb = 80.0f;

    size_t np = (size_t)rows * cols, bytes = np * sizeof(float);
    float *temp = app_host_alloc(c, bytes, err), *power = app_host_alloc(c, bytes, err),
          *ref[2] = {app_host_alloc(c, bytes, err), app_host_alloc(c, bytes, err)},
          *out = app_host_alloc(c, bytes, err);
    if (!temp || !power || !ref[0] || !ref[1] || !out)
        return -1;
    for (size_t k = 0; k < np; k++) {
        temp[k] = app_randf(c, 323, 343);
        power[k] = app_randf(c, 0, 0.5f);
    }
    memcpy(ref[0], temp, bytes);
    for (int s = 0; s < total; s++)
        hot_step(power, ref[s & 1], ref[(s + 1) & 1], rows, cols, sdc, rx1, ry1, rz1, amb);

    ctasim_module_t *m;
    uint64_t d_power, d_t[2];
    int r = -1, cur = 0;
    if (app_load_module(c, "hot.ptx", &m, err) < 0 || app_upload(c, &d_power, power, bytes, err) < 0 ||
        app_upload(c, &d_t[0], temp, bytes, err) < 0 || app_alloc_zero(c, &d_t[1], bytes, err) < 0)
        goto out;
    int small = BS - 2 * pyr;
    dim3_t grid = {(uint32_t)(cols + small - 1) / small, (uint32_t)(rows + small - 1) / small, 1}, block = {BS, BS, 1};
    for (int s = 0; s < total; s += pyr) {
        int iters = total - s < pyr ? total - s : pyr;
        void *args[] = {&iters, &pyr, &d_power, &d_t[cur], &d_t[cur ^ 1], &cols, &rows, &sdc, &rx1, &ry1, &rz1, &amb};
        if (ctasim_launch(c->rt, m, "hotspot", grid, block, 0, 0, args, 12, err) < 0)
            goto out;
        cur ^= 1;
    }
    if (app_download(c, out, d_t[cur], bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "temperature", out, ref[total & 1], np, 0, 0);
out:
    return r;
}

const app_def_t app_hot = {"HOT", "HotSpot 2D thermal stencil, shared-memory pyramid of time steps per launch",
                           "compute-bound, barrier-heavy", run};
