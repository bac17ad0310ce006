/* app_sad.c — SAD: sums of absolute differences for H.264-style motion
 * estimation (Parboil sad-like): for every 16x16 macroblock of a current
 * frame, the SADs of all 41 sub-block partitions at every motion vector in
 * [-16, 16]^2 against a reference frame; three kernels (4x4 SADs from the
 * pixels, then 8x4/4x8/8x8, then 16x8/8x16/16x16 from the smaller ones).
 * The frames are a smooth random texture (bilinear over a coarse random
 * grid) plus noise, the current one the reference moved by (3, -2) plus
 * noise. The CPU reference computes every partition's SAD from the pixels.
 *
 * Property: Kayiran et al. class SAD Type-M (opt 4 of N = 8 CTAs per core).
 * Here only its two summing kernels behave so; the 4x4 kernel, 85% of the
 * cycles, keeps its 48x48 search window in L1 and is issue-bound. `ctasim
 * run --size default SAD` (GTX 480 preset, 3 x 216 CTAs, 8 per core):
 * 76051 cycles, IPC 566, L1 miss rate 14%, DRAM bandwidth utilisation 0.23;
 * per kernel 58276 / 15104 / 2671 cycles. With --max-ctas 4: 91151 cycles
 * (4x4 kernel 76733, slower) but the 8x4/4x8/8x8 kernel 11280 (25% faster:
 * fewer CTAs contend less for DRAM); --max-ctas 2: 159132 cycles, that
 * kernel 11032. At paper size the 4x4 kernel runs at IPC 807 and the
 * summing kernels, at IPC 113 and 215, take 28% of the cycles. */
#include <stdio.h>
#include <stdlib.h>

#include "apps.h"

#define R 16
#define SIDE (2 * R + 1)
#define NPOS (SIDE * SIDE)
#define SHAPES 41
#define BLOCK 128

/* Partition k of the 41 (the kernel's order): position and size in pixels. */
static void shape_of(int k, int *x, int *y, int *bw, int *bh)
{
    static const int first[] = {0, 16, 24, 32, 36, 38, 40, 41};
    static const int ws[] = {4, 8, 4, 8, 16, 8, 16}, hs[] = {4, 4, 8, 8, 8, 16, 16};
    int g = 0;
    while (k >= first[g + 1])
        g++;
    int i = k - first[g], per_row = 16 / ws[g];
    *bw = ws[g];
    *bh = hs[g];
    *x = (i % per_row) * ws[g];
    *y = (i / per_row) * hs[g];
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for SAD; here a CIF frame
     * (352x288, 396 macroblocks: 3 launches of 396x9 CTAs of 128 threads). */
    int w = (int)app_pick(c, 32, 96, 352), h = (int)app_pick(c, 32, 64, 288);
    int mbs = (w / 16) * (h / 16), pw = w + 2 * R, ph = h + 2 * R;
    size_t n_sad = (size_t)mbs * SHAPES * NPOS;
    uint8_t *refimg = app_host_alloc(c, (size_t)w * h, err), *cur = app_host_alloc(c, (size_t)w * h, err),
            *ref = app_host_alloc(c, (size_t)pw * ph, err);
    uint16_t *got = app_host_alloc(c, n_sad * sizeof(uint16_t), err),
             *want = app_host_alloc(c, n_sad * sizeof(uint16_t), err);
    int gw = w / 8 + 2, gh = h / 8 + 2;
    int *grid = app_host_alloc(c, sizeof(int) * gw * gh, err);
    if (!refimg || !cur || !ref || !got || !want || !grid)
        return -1;
    for (int i = 0; i < gw * gh; i++)
        grid[i] = 32 + (int)(app_rand(c) % 192);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) { /* bilinear over the 8-pixel grid, plus noise */
            int gx = x / 8, gy = y / 8, fx = x % 8, fy = y % 8;
            int top = grid[gy * gw + gx] * (8 - fx) + grid[gy * gw + gx + 1] * fx;
            int bot = grid[(gy + 1) * gw + gx] * (8 - fx) + grid[(gy + 1) * gw + gx + 1] * fx;
            int v = (top * (8 - fy) + bot * fy) / 64 + (int)(app_rand(c) % 9) - 4;
            refimg[y * w + x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int sx = x + 3, sy = y - 2;
            sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
            sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
            int v = refimg[sy * w + sx] + (int)(app_rand(c) % 7) - 3;
            cur[y * w + x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    for (int y = 0; y < ph; y++) /* the reference with an R-pixel border of edge pixels */
        for (int x = 0; x < pw; x++) {
            int sx = x - R, sy = y - R;
            sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
            sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
            ref[y * pw + x] = refimg[sy * w + sx];
        }
    for (int mb = 0; mb < mbs; mb++) {
        int mx = (mb % (w / 16)) * 16, my = (mb / (w / 16)) * 16;
        for (int p = 0; p < NPOS; p++) {
            int dx = p % SIDE - R, dy = p / SIDE - R;
            for (int k = 0; k < SHAPES; k++) {
                int x0, y0, bw, bh, s = 0;
                shape_of(k, &x0, &y0, &bw, &bh);
                for (int y = y0; y < y0 + bh; y++)
                    for (int x = x0; x < x0 + bw; x++)
                        s += abs(cur[(my + y) * w + mx + x] - ref[(my + y + dy + R) * pw + mx + x + dx + R]);
                want[((size_t)mb * SHAPES + k) * NPOS + p] = (uint16_t)s;
            }
        }
    }

    ctasim_module_t *m;
    uint64_t d_cur, d_ref, d_sad;
    int r = -1;
    if (app_load_module(c, "sad.ptx", &m, err) < 0 || app_upload(c, &d_cur, cur, (size_t)w * h, err) < 0 ||
        app_upload(c, &d_ref, ref, (size_t)pw * ph, err) < 0 ||
        app_alloc_zero(c, &d_sad, n_sad * sizeof(uint16_t), err) < 0)
        goto out;
    dim3_t grid3 = {(uint32_t)mbs, (NPOS + BLOCK - 1) / BLOCK, 1}, block = {BLOCK, 1, 1};
    void *args1[] = {&d_cur, &d_ref, &w, &h, &d_sad}, *args2[] = {&d_sad};
    if (ctasim_launch(c->rt, m, "sad_4x4", grid3, block, 0, 0, args1, 5, err) < 0 ||
        ctasim_launch(c->rt, m, "sad_8x8", grid3, block, 0, 0, args2, 1, err) < 0 ||
        ctasim_launch(c->rt, m, "sad_16x16", grid3, block, 0, 0, args2, 1, err) < 0 ||
        app_download(c, got, d_sad, n_sad * sizeof(uint16_t), err) < 0)
        goto out;
    r = 1;
    for (size_t i = 0; i < n_sad && r == 1; i++)
        if (got[i] != want[i]) {
            size_t bad = 0;
            for (size_t j = i; j < n_sad; j++)
                bad += got[j] != want[j];
            snprintf(c->detail, sizeof c->detail,
                     "sad: %zu of %zu values differ, first at %zu (macroblock %zu, partition %zu, position %zu: got %u, "
                     "want %u)",
                     bad, n_sad, i, i / (SHAPES * NPOS), i / NPOS % SHAPES, i % NPOS, got[i], want[i]);
            r = 0;
        }
out:
    return r;
}

const app_def_t app_sad = {"SAD", "H.264 motion-estimation SADs: 41 partitions x 1089 motion vectors per macroblock, 3 kernels",
                           "compute-bound, multi-kernel", run};
