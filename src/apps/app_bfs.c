/* app_bfs.c — BFS: level-synchronous breadth-first search, one launch per
 * level, over an R-MAT graph (power-law degrees, as real graphs have):
 * irregular gathers, divergent loops, many short kernels. */
#include <stdlib.h>
#include <string.h>

#include "apps.h"

/* R-MAT edge generator (a=0.57, b=0.19, c=0.19): recursive quadrant choice. */
static void rmat_edge(app_ctx_t *c, int scale, int *src, int *dst)
{
    int s = 0, d = 0;
    for (int bit = scale - 1; bit >= 0; bit--) {
        uint32_t r = app_rand(c) % 100;
        int down = r >= 57 + 19, right = (r >= 57 && r < 76) || r >= 95;
        s |= down << bit;
        d |= right << bit;
    }
    *src = s;
    *dst = d;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    int scale = (int)app_pick(c, 10, 14, 16), n = 1 << scale, m = n * 8;
    int *es = app_host_alloc(c, sizeof(int) * m * 2, err), *ed = app_host_alloc(c, sizeof(int) * m * 2, err);
    if (!es || !ed)
        return -1;
    int ne = 0;
    for (int i = 0; i < m; i++) {
        int s, d;
        rmat_edge(c, scale, &s, &d);
        if (s == d)
            continue;
        es[ne] = s, ed[ne] = d, ne++; /* undirected: both directions */
        es[ne] = d, ed[ne] = s, ne++;
    }
    int *row = app_host_alloc(c, sizeof(int) * ((size_t)n + 1), err),
        *cols = app_host_alloc(c, sizeof(int) * (ne ? ne : 1), err);
    if (!row || !cols)
        return -1;
    for (int i = 0; i < ne; i++)
        row[es[i] + 1]++;
    for (int v = 0; v < n; v++)
        row[v + 1] += row[v];
    int *fill = app_host_alloc(c, sizeof(int) * n, err);
    if (!fill)
        return -1;
    memcpy(fill, row, sizeof(int) * n);
    for (int i = 0; i < ne; i++)
        cols[fill[es[i]]++] = ed[i];
    /* CPU reference */
    int *ref = app_host_alloc(c, sizeof(int) * n, err), *level = app_host_alloc(c, sizeof(int) * n, err);
    if (!ref || !level)
        return -1;
    for (int v = 0; v < n; v++)
        ref[v] = -1;
    int source = 0;
    ref[source] = 0;
    for (int cur = 0, changed = 1; changed; cur++) {
        changed = 0;
        for (int v = 0; v < n; v++)
            if (ref[v] == cur)
                for (int e = row[v]; e < row[v + 1]; e++)
                    if (ref[cols[e]] < 0)
                        ref[cols[e]] = cur + 1, changed = 1;
    }
    for (int v = 0; v < n; v++)
        level[v] = -1;
    level[source] = 0;
    ctasim_module_t *mod;
    uint64_t d_row, d_cols, d_level, d_changed;
    int r = -1;
    if (app_load_module(c, "bfs.ptx", &mod, err) < 0 || app_upload(c, &d_row, row, sizeof(int) * (n + 1), err) < 0 ||
        app_upload(c, &d_cols, cols, sizeof(int) * (ne ? ne : 1), err) < 0 ||
        app_upload(c, &d_level, level, sizeof(int) * n, err) < 0 || app_alloc_zero(c, &d_changed, 4, err) < 0)
        goto out;
    for (int cur = 0;; cur++) {
        int zero = 0, changed = 0;
        if (ctasim_memcpy_htod(c->rt, d_changed, &zero, 4, err) < 0)
            goto out;
        void *args[] = {&d_row, &d_cols, &d_level, &d_changed, &n, &cur};
        dim3_t grid = {(uint32_t)(n + 255) / 256, 1, 1}, block = {256, 1, 1};
        if (ctasim_launch(c->rt, mod, "bfs_level", grid, block, 0, 0, args, 6, err) < 0 ||
            ctasim_memcpy_dtoh(c->rt, &changed, d_changed, 4, err) < 0)
            goto out;
        if (!changed)
            break;
    }
    if (app_download(c, level, d_level, sizeof(int) * n, err) < 0)
        goto out;
    r = app_check_u32(c, "level", (const uint32_t *)level, (const uint32_t *)ref, (size_t)n);
out:
    return r;
}

const app_def_t app_bfs = {"BFS", "level-synchronous BFS over an R-MAT graph, one launch per level",
                           "irregular, multi-kernel", run};
