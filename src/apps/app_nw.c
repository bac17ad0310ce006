/* app_nw.c — NW: Needleman-Wunsch alignment of two random protein-like
 * sequences (Rodinia nw): the score matrix is filled block anti-diagonal by
 * block anti-diagonal, one launch per diagonal (2*n/16-1 launches of 1 ..
 * n/16 CTAs of 16 threads): few CTAs, few threads, barrier-heavy. */
#include <stdlib.h>

#include "apps.h"

#define B 16
#define ALPHA 24 /* amino-acid-like alphabet */

static int max3(int a, int b, int c)
{
    int m = a > b ? a : b;
    return m > c ? m : c;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Rodinia's nw runs 2048x2048 (128x128 blocks: 255 launches, 16384
     * CTAs of 16 threads); Kayiran et al. list NW as Type-X (too few threads). */
    int nb = (int)app_pick(c, 4, 64, 128), n = nb * B, cols = n + 1, penalty = 10;
    size_t cells = (size_t)cols * cols;
    int sub[ALPHA][ALPHA]; /* symmetric substitution matrix, BLOSUM-like range */
    for (int i = 0; i < ALPHA; i++)
        for (int j = 0; j <= i; j++)
            sub[i][j] = sub[j][i] = i == j ? 4 + (int)(app_rand(c) % 8) : (int)(app_rand(c) % 7) - 4;
    int *s1 = app_host_alloc(c, sizeof(int) * cols, err), *s2 = app_host_alloc(c, sizeof(int) * cols, err);
    if (!s1 || !s2)
        return -1;
    for (int i = 1; i <= n; i++) {
        s1[i] = (int)(app_rand(c) % ALPHA);
        s2[i] = (int)(app_rand(c) % ALPHA);
    }
    int *ref = app_host_alloc(c, sizeof(int) * cells, err), *score = app_host_alloc(c, sizeof(int) * cells, err),
        *want = app_host_alloc(c, sizeof(int) * cells, err);
    if (!ref || !score || !want)
        return -1;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++)
            ref[(size_t)i * cols + j] = sub[s1[i]][s2[j]];
    for (int i = 0; i <= n; i++) {
        score[(size_t)i * cols] = -i * penalty;
        score[i] = -i * penalty;
    }
    for (size_t i = 0; i < cells; i++)
        want[i] = score[i];
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++) {
            size_t k = (size_t)i * cols + j;
            want[k] = max3(want[k - cols - 1] + ref[k], want[k - cols] - penalty, want[k - 1] - penalty);
        }
    ctasim_module_t *m;
    uint64_t d_ref, d_score;
    int r = -1;
    if (app_load_module(c, "nw.ptx", &m, err) < 0 || app_upload(c, &d_ref, ref, sizeof(int) * cells, err) < 0 ||
        app_upload(c, &d_score, score, sizeof(int) * cells, err) < 0)
        goto out;
    for (int diag = 0; diag < 2 * nb - 1; diag++) {
        int nblk = diag < nb ? diag + 1 : 2 * nb - 1 - diag;
        void *args[] = {&d_ref, &d_score, &cols, &penalty, &diag, &nb};
        dim3_t grid = {(uint32_t)nblk, 1, 1}, block = {B, 1, 1};
        if (ctasim_launch(c->rt, m, "nw_diag", grid, block, 0, 0, args, 6, err) < 0)
            goto out;
    }
    if (app_download(c, score, d_score, sizeof(int) * cells, err) < 0)
        goto out;
    r = app_check_u32(c, "score", (const uint32_t *)score, (const uint32_t *)want, cells);
out:
    return r;
}

const app_def_t app_nw = {"NW", "Needleman-Wunsch wavefront over 16x16 blocks, one launch per block diagonal",
                          "few-CTA, barrier-heavy, multi-kernel", run};
