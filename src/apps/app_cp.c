/* app_cp.c — CP: Coulombic potential on a lattice slice; atoms in __constant__
 * memory (ctasim_set_const), one launch per chunk of atoms, each adding its
 * contribution to the energy grid. Compute-bound (rsqrtf + FMAs). */
#include <math.h>
#include <stdlib.h>

#include "apps.h"

#define MAX_ATOMS 2048 /* as cp.cu */
#define UNROLL 8

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. and Yu et al. list CP with 1024 CTAs of 16x8: a
     * 1024 x 1024 slice (8 x 128 CTAs, 8 points per thread); 64 atoms in one
     * launch (the original streams 40000 atoms in chunks of 4000). */
    uint32_t gx = app_pick(c, 1, 4, 8), gy = app_pick(c, 4, 64, 128);
    int natoms = (int)app_pick(c, 24, 96, 64), chunk = (int)app_pick(c, 16, 48, 64);
    int w = (int)gx * 16 * UNROLL, h = (int)gy * 8;
    float spacing = 0.1f;
    size_t n = (size_t)w * h, bytes = n * sizeof(float);
    float *atoms = app_host_alloc(c, sizeof(float) * 4 * natoms, err), *grid0 = app_host_alloc(c, bytes, err),
          *out = app_host_alloc(c, bytes, err), *ref = app_host_alloc(c, bytes, err);
    if (!atoms || !grid0 || !out || !ref)
        return -1;
    for (int a = 0; a < natoms; a++) {
        float dz = app_randf(c, 0.5f, 4.0f);
        atoms[4 * a + 0] = app_randf(c, 0, spacing * w);
        atoms[4 * a + 1] = app_randf(c, 0, spacing * h);
        atoms[4 * a + 2] = dz * dz;
        atoms[4 * a + 3] = app_randf(c, 0.1f, 1.0f);
    }
    for (size_t i = 0; i < n; i++)
        grid0[i] = app_randf(c, 0, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double e = grid0[(size_t)y * w + x];
            for (int a = 0; a < natoms; a++) {
                double dx = spacing * x - atoms[4 * a], dy = spacing * y - atoms[4 * a + 1];
                e += atoms[4 * a + 3] / sqrt(dx * dx + dy * dy + atoms[4 * a + 2]);
            }
            ref[(size_t)y * w + x] = (float)e;
        }
    ctasim_module_t *m;
    uint64_t dgrid;
    int r = -1;
    if (app_load_module(c, "cp.ptx", &m, err) < 0 || app_upload(c, &dgrid, grid0, bytes, err) < 0)
        goto out;
    for (int a0 = 0; a0 < natoms; a0 += chunk) {
        int na = natoms - a0 < chunk ? natoms - a0 : chunk;
        /* set_const waits for the previous chunk's launch */
        if (ctasim_set_const(c->rt, m, "c_atoms", atoms + 4 * a0, sizeof(float) * 4 * na, err) < 0)
            goto out;
        void *args[] = {&dgrid, &na, &spacing};
        dim3_t grid = {gx, gy, 1}, block = {16, 8, 1};
        if (ctasim_launch(c->rt, m, "cp", grid, block, 0, 0, args, 3, err) < 0)
            goto out;
    }
    if (app_download(c, out, dgrid, bytes, err) < 0)
        goto out;
    /* float accumulation of positive terms with rsqrt.approx vs a double reference (seen: < 1e-6) */
    r = app_check_f32(c, "energy", out, ref, n, 1e-5f, 0);
out:
    return r;
}

const app_def_t app_cp = {"CP", "Coulombic potential: atoms in constant memory, 8 grid points per thread",
                          "compute-bound", run};
