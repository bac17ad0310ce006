/* app_nqu.c — NQU: count the solutions of N-Queens. Each thread enumerates
 * the subtree below one placement of the first PRE queens (N^PRE threads,
 * illegal prefixes exit at once) by bitmask backtracking with a per-thread
 * stack in local memory; per-thread counts are stored and a shared-memory
 * reduction plus one atomicAdd per CTA gives the total. Few threads, very
 * unequal work per thread (divergent, load-imbalanced). */
#include <stdlib.h>

#include "apps.h"

#define BLOCK 64

/* CPU reference: the same subtree count for one prefix code */
static uint32_t count_subtree(int n, int pre, int code)
{
    uint32_t full = (1u << n) - 1, cols = 0, ld = 0, rd = 0;
    for (int i = 0; i < pre; i++) {
        uint32_t bit = 1u << (code % n);
        code /= n;
        if ((cols | ld | rd) & bit)
            return 0;
        cols |= bit;
        ld = ((ld | bit) << 1) & full;
        rd = (rd | bit) >> 1;
    }
    uint32_t cnt = 0;
    /* recursive formulation (different from the kernel's explicit stack) */
    struct {
        uint32_t c, l, r, avail;
    } st[32];
    int d = 0;
    if (pre == n)
        return 1;
    st[0].c = cols, st[0].l = ld, st[0].r = rd, st[0].avail = full & ~(cols | ld | rd);
    while (d >= 0) {
        uint32_t a = st[d].avail;
        if (!a) {
            d--;
            continue;
        }
        uint32_t bit = a & (0u - a);
        st[d].avail ^= bit;
        if (pre + d == n - 1) {
            cnt++;
            continue;
        }
        st[d + 1].c = st[d].c | bit;
        st[d + 1].l = ((st[d].l | bit) << 1) & full;
        st[d + 1].r = (st[d].r | bit) >> 1;
        st[d + 1].avail = full & ~(st[d + 1].c | st[d + 1].l | st[d + 1].r);
        d++;
    }
    return cnt;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. list NQU (SDK N-Queens) as Type-X, too few threads
     * to fill the GPU; the paper size takes N = 12 with 3 preset queens
     * (1728 threads, 27 CTAs); default N = 11 (1331 threads, 21 CTAs), as N = 10
     * has too little work for a ~1M-instruction default. */
    int n = (int)app_pick(c, 8, 11, 12), pre = (int)app_pick(c, 2, 3, 3), np = 1;
    for (int i = 0; i < pre; i++)
        np *= n;
    static const uint32_t known[17] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512};
    uint32_t *want = app_host_alloc(c, sizeof(uint32_t) * np, err),
             *got = app_host_alloc(c, sizeof(uint32_t) * np, err), total = 0, want_total = 0;
    if (!want || !got)
        return -1;
    for (int t = 0; t < np; t++)
        want_total += want[t] = count_subtree(n, pre, t);
    if (want_total != known[n]) {
        return cs_err(err, NULL, 0, "NQU: host count %u for N=%d, expected %u", want_total, n, known[n]);
    }
    ctasim_module_t *m;
    uint64_t d_per, d_total;
    int r = -1;
    if (app_load_module(c, "nqu.ptx", &m, err) < 0 || app_alloc_zero(c, &d_per, sizeof(uint32_t) * np, err) < 0 ||
        app_alloc_zero(c, &d_total, sizeof(uint32_t), err) < 0)
        goto out;
    void *args[] = {&d_per, &d_total, &n, &pre, &np};
    dim3_t grid = {(uint32_t)(np + BLOCK - 1) / BLOCK, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "nqu_solve", grid, block, 0, 0, args, 5, err) < 0 ||
        app_download(c, got, d_per, sizeof(uint32_t) * np, err) < 0 ||
        app_download(c, &total, d_total, sizeof(uint32_t), err) < 0)
        goto out;
    r = app_check_u32(c, "per-thread count", got, want, (size_t)np) && app_check_u32(c, "total", &total, &want_total, 1);
out:
    return r;
}

const app_def_t app_nqu = {"NQU", "N-Queens solution count, one subtree per thread, bitmask backtracking",
                           "few-CTA, irregular, compute-bound", run};
