/* app_dxtc.c — DXTC: DXT1 (BC1) compression of a generated RGBA image, one
 * CTA of 64 threads per 4x4 block, endpoint search over the 190 pairs of 20
 * candidate colours (workloads/kernels/dxtc.cu). The image is made of 32x32
 * tiles, each blending two random colours along a random direction with a
 * steep ramp (gradients and sharp edges), plus noise. The CPU reference runs
 * the same search in integers: exact check of both words of every block.
 *
 * Property reproduced: compute-bound (Song et al. "Com"): `ctasim run
 * --size default DXTC` (GTX 480 preset, 256 CTAs, 8 per core): 62532
 * cycles, IPC 569, 1280 L1 accesses in all (98% misses: each block's 64
 * bytes are read once), DRAM bandwidth utilisation 0.001; more CTAs per core
 * keep helping: --max-ctas 4: 91064 cycles, --max-ctas 2: 159155. Song et
 * al. list 2 kernels for the SDK's dxtc; this is the one that compresses. */
#include <stdlib.h>

#include "apps.h"

#define NCAND 20
#define BLOCK 64

static int q565(int r, int g, int b)
{
    return ((r * 31 + 127) / 255) << 11 | ((g * 63 + 127) / 255) << 5 | (b * 31 + 127) / 255;
}

static void palette(int c0, int c1, int pal[4][3])
{
    int cs[2] = {c0, c1};
    for (int e = 0; e < 2; e++) {
        int r5 = cs[e] >> 11, g6 = (cs[e] >> 5) & 63, b5 = cs[e] & 31;
        pal[e][0] = r5 << 3 | r5 >> 2;
        pal[e][1] = g6 << 2 | g6 >> 4;
        pal[e][2] = b5 << 3 | b5 >> 2;
    }
    for (int ch = 0; ch < 3; ch++) {
        pal[2][ch] = (2 * pal[0][ch] + pal[1][ch]) / 3;
        pal[3][ch] = (pal[0][ch] + 2 * pal[1][ch]) / 3;
    }
}

static int nearest(int pal[4][3], const int *p, int *err)
{
    int best = 0, be = 0x7fffffff;
    for (int e = 0; e < 4; e++) {
        int dr = p[0] - pal[e][0], dg = p[1] - pal[e][1], db = p[2] - pal[e][2], d = dr * dr + dg * dg + db * db;
        if (d < be) {
            be = d;
            best = e;
        }
    }
    *err = be;
    return best;
}

static void compress_ref(const uint32_t *img, int w, int x0, int y0, uint32_t *out)
{
    int px[16][3], cand[NCAND], lo[3] = {255, 255, 255}, hi[3] = {0, 0, 0};
    for (int p = 0; p < 16; p++) {
        uint32_t v = img[(y0 + p / 4) * w + x0 + p % 4];
        for (int ch = 0; ch < 3; ch++) {
            px[p][ch] = (int)(v >> (8 * ch)) & 255;
            lo[ch] = px[p][ch] < lo[ch] ? px[p][ch] : lo[ch];
            hi[ch] = px[p][ch] > hi[ch] ? px[p][ch] : hi[ch];
        }
        cand[p] = q565(px[p][0], px[p][1], px[p][2]);
    }
    int in[2][3];
    for (int ch = 0; ch < 3; ch++) {
        int inset = (hi[ch] - lo[ch]) / 16;
        in[0][ch] = lo[ch] + inset;
        in[1][ch] = hi[ch] - inset;
    }
    cand[16] = q565(lo[0], lo[1], lo[2]);
    cand[17] = q565(hi[0], hi[1], hi[2]);
    cand[18] = q565(in[0][0], in[0][1], in[0][2]);
    cand[19] = q565(in[1][0], in[1][1], in[1][2]);
    uint32_t best = 0xffffffffu;
    int bc0 = 0, bc1 = 0;
    for (int i = 0, k = 0; i < NCAND; i++) /* pairs in the kernel's numbering */
        for (int j = i + 1; j < NCAND; j++, k++) {
            int c0 = cand[i] > cand[j] ? cand[i] : cand[j], c1 = cand[i] > cand[j] ? cand[j] : cand[i];
            int pal[4][3], sum = 0, e;
            palette(c0, c1, pal);
            for (int p = 0; p < 16; p++) {
                nearest(pal, px[p], &e);
                sum += e;
            }
            uint32_t key = (uint32_t)sum << 8 | (uint32_t)k;
            if (key < best) {
                best = key;
                bc0 = c0;
                bc1 = c1;
            }
        }
    int pal[4][3], e;
    uint32_t bits = 0;
    palette(bc0, bc1, pal);
    for (int p = 0; p < 16; p++)
        bits |= (uint32_t)nearest(pal, px[p], &e) << (2 * p);
    out[0] = (uint32_t)bc0 | (uint32_t)bc1 << 16;
    out[1] = bits;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Song et al. Table II gives DXTC a grid of 16384 CTAs: a 512x512
     * image (the SDK's lena), one CTA per 4x4 block. */
    int w = (int)app_pick(c, 32, 64, 512), h = w, nblk = (w / 4) * (h / 4);
    uint32_t *img = app_host_alloc(c, sizeof(uint32_t) * w * h, err),
             *got = app_host_alloc(c, sizeof(uint32_t) * 2 * nblk, err),
             *want = app_host_alloc(c, sizeof(uint32_t) * 2 * nblk, err);
    if (!img || !got || !want)
        return -1;
    for (int ty = 0; ty < h; ty += 32)
        for (int tx = 0; tx < w; tx += 32) {
            int a[3], b[3], dx = (int)(app_rand(c) % 9) - 4, dy = (int)(app_rand(c) % 9) - 4;
            int steep = 1 + (int)(app_rand(c) % 8), mid = (int)(app_rand(c) % 64) - 32;
            for (int ch = 0; ch < 3; ch++) {
                a[ch] = (int)(app_rand(c) % 256);
                b[ch] = (int)(app_rand(c) % 256);
            }
            for (int y = ty; y < ty + 32 && y < h; y++)
                for (int x = tx; x < tx + 32 && x < w; x++) {
                    int s = ((x - tx - 16) * dx + (y - ty - 16) * dy - mid) * steep + 128; /* blend 0..256 */
                    s = s < 0 ? 0 : s > 256 ? 256 : s;
                    uint32_t v = 0xff000000u;
                    for (int ch = 0; ch < 3; ch++) {
                        int q = (a[ch] * (256 - s) + b[ch] * s) / 256 + (int)(app_rand(c) % 13) - 6;
                        v |= (uint32_t)(q < 0 ? 0 : q > 255 ? 255 : q) << (8 * ch);
                    }
                    img[y * w + x] = v;
                }
        }
    for (int b = 0; b < nblk; b++)
        compress_ref(img, w, (b % (w / 4)) * 4, (b / (w / 4)) * 4, want + 2 * b);
    ctasim_module_t *m;
    uint64_t d_img, d_out;
    int r = -1;
    if (app_load_module(c, "dxtc.ptx", &m, err) < 0 ||
        app_upload(c, &d_img, img, sizeof(uint32_t) * w * h, err) < 0 ||
        app_alloc_zero(c, &d_out, sizeof(uint32_t) * 2 * nblk, err) < 0)
        goto out;
    void *args[] = {&d_img, &w, &d_out};
    dim3_t grid = {(uint32_t)nblk, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "dxtc_compress", grid, block, 0, 0, args, 3, err) < 0 ||
        app_download(c, got, d_out, sizeof(uint32_t) * 2 * nblk, err) < 0)
        goto out;
    r = app_check_u32(c, "blocks", got, want, (size_t)2 * nblk);
out:
    return r;
}

const app_def_t app_dxtc = {"DXTC", "DXT1 compression, one CTA per 4x4 block, exhaustive endpoint-pair search",
                            "compute-bound", run};
