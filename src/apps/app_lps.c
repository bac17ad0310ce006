/* app_lps.c — LPS: 3D Laplace solver (Giles' laplace3d, as in GPGPU-Sim's
 * benchmark set): Jacobi sweeps over an nx*ny*nz grid, one launch per sweep,
 * 16x8 thread blocks marching in z; the host swaps the two buffers.
 * Memory-bound; neighbouring CTAs share planes through L1/L2. */
#include <stdlib.h>
#include <string.h>

#include "apps.h"

static void sweep_ref(int nx, int ny, int nz, const float *u1, float *u2)
{
    long plane = (long)nx * ny;
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                long ind = k * plane + (long)j * nx + i;
                if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
                    u2[ind] = u1[ind];
                    continue;
                }
                /* same association as the kernel: left to right, then * (1/6) */
                float s = u1[ind - 1] + u1[ind + 1];
                s = s + u1[ind - nx];
                s = s + u1[ind + nx];
                s = s + u1[ind - plane];
                s = s + u1[ind + plane];
                u2[ind] = s * (1.0f / 6.0f);
            }
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 lists LPS with 2048 CTAs of 16x8 -> a 512x512
     * plane (32 x 64 blocks), here 32 deep and 2 sweeps. */
    int nx = (int)app_pick(c, 32, 128, 512), ny = nx, nz = (int)app_pick(c, 16, 64, 32);
    int sweeps = (int)app_pick(c, 3, 3, 2);
    size_t np = (size_t)nx * ny * nz, bytes = np * sizeof(float);
    float *u = app_host_alloc(c, bytes, err),
          *ref[2] = {app_host_alloc(c, bytes, err), app_host_alloc(c, bytes, err)},
          *out = app_host_alloc(c, bytes, err);
    if (!u || !ref[0] || !ref[1] || !out)
        return -1;
    for (size_t k = 0; k < np; k++)
        u[k] = app_randf(c, 0, 1);
    memcpy(ref[0], u, bytes);
    for (int s = 0; s < sweeps; s++)
        sweep_ref(nx, ny, nz, ref[s & 1], ref[(s + 1) & 1]);

    ctasim_module_t *m;
    uint64_t d[2];
    int r = -1, cur = 0;
    if (app_load_module(c, "lps.ptx", &m, err) < 0 || app_upload(c, &d[0], u, bytes, err) < 0 ||
        app_alloc_zero(c, &d[1], bytes, err) < 0)
        goto out;
    dim3_t grid = {(uint32_t)(nx + 15) / 16, (uint32_t)(ny + 7) / 8, 1}, block = {16, 8, 1};
    for (int s = 0; s < sweeps; s++, cur ^= 1) {
        void *args[] = {&nx, &ny, &nz, &d[cur], &d[cur ^ 1]};
        if (ctasim_launch(c->rt, m, "laplace3d", grid, block, 0, 0, args, 5, err) < 0)
            goto out;
    }
    if (app_download(c, out, d[cur], bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "u", out, ref[sweeps & 1], np, 0, 0);
out:
    return r;
}

const app_def_t app_lps = {"LPS", "3D Laplace solver: Jacobi sweeps, 2D blocks marching in z",
                           "memory-bound, cache-sensitive", run};
