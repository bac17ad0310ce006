/* app_fd3d.c — 3DFD: 8th-order 3D finite-difference stencil (CUDA SDK
 * FDTD3d-like): radius-4 star stencil, 16x16 blocks marching in z with a
 * register queue and a shared-memory plane with halo, coefficients in
 * __constant__ memory, a few time steps (one launch each, buffers swapped). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define R 4

static void step_ref(int dimx, int dimy, int dimz, const float *coeff, const float *in, float *out)
{
    long sy = dimx + 2 * R, sz = sy * (dimy + 2 * R);
    for (int z = 0; z < dimz; z++)
        for (int y = 0; y < dimy; y++)
            for (int x = 0; x < dimx; x++) {
                long i0 = (z + R) * sz + (y + R) * sy + x + R;
                float v = 0;
                for (int i = 1; i <= R; i++) {
                    /* the kernel's order: front, behind, up, down, left, right */
                    float s = in[i0 + i * sz] + in[i0 - i * sz];
                    s = s + in[i0 - i * sy];
                    s = s + in[i0 + i * sy];
                    s = s + in[i0 - i];
                    s = s + in[i0 + i];
                    if (i == 1) {
                        float p = coeff[1] * s; /* nvcc: mul, then fma of the centre term */
                        v = fmaf(in[i0], coeff[0], p);
                    } else {
                        v = fmaf(coeff[i], s, v);
                    }
                }
                out[i0] = v;
            }
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists 3DFD with 900 CTAs of 16x16 -> a 480x480
     * plane (30 x 30 blocks), here 32 deep, 1 step. */
    int dimx = (int)app_pick(c, 32, 128, 480), dimy = dimx, dimz = (int)app_pick(c, 8, 32, 32);
    int steps = (int)app_pick(c, 2, 2, 1);
    float coeff[R + 1];
    for (int i = 0; i <= R; i++)
        coeff[i] = i == 0 ? -2.847222f : 1.0f / (float)(i * i * 4); /* a damped Laplacian-like kernel */
    size_t np = (size_t)(dimx + 2 * R) * (dimy + 2 * R) * (dimz + 2 * R), bytes = np * sizeof(float);
    float *a = app_host_alloc(c, bytes, err),
          *ref[2] = {app_host_alloc(c, bytes, err), app_host_alloc(c, bytes, err)},
          *out = app_host_alloc(c, bytes, err);
    if (!a || !ref[0] || !ref[1] || !out)
        return -1;
    for (size_t k = 0; k < np; k++)
        a[k] = app_randf(c, -1, 1);
    memcpy(ref[0], a, bytes);
    memcpy(ref[1], a, bytes);
    for (int s = 0; s < steps; s++)
        step_ref(dimx, dimy, dimz, coeff, ref[s & 1], ref[(s + 1) & 1]);

    ctasim_module_t *m;
    uint64_t d[2];
    int r = -1, cur = 0;
    if (app_load_module(c, "fd3d.ptx", &m, err) < 0 || app_upload(c, &d[0], a, bytes, err) < 0 ||
        app_upload(c, &d[1], a, bytes, err) < 0 || ctasim_set_const(c->rt, m, "fd3d_coeff", coeff, sizeof coeff, err) < 0)
        goto out;
    dim3_t grid = {(uint32_t)dimx / 16, (uint32_t)dimy / 16, 1}, block = {16, 16, 1};
    for (int s = 0; s < steps; s++, cur ^= 1) {
        void *args[] = {&d[cur ^ 1], &d[cur], &dimx, &dimy, &dimz};
        if (ctasim_launch(c->rt, m, "fd3d", grid, block, 0, 0, args, 5, err) < 0)
            goto out;
    }
    if (app_download(c, out, d[cur], bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "out", out, ref[steps & 1], np, 0, 0);
out:
    return r;
}

const app_def_t app_fd3d = {"3DFD", "8th-order 3D finite difference (FDTD3d-like), register queue in z",
                            "memory-bound, barrier-heavy", run};
