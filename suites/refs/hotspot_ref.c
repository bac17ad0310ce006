/* CPU reference of Rodinia's CUDA hotspot (suites/programs.txt): the same
 * explicit time step of the same thermal model, cell by cell, with the
 * neighbours clamped at the chip's edges as the CUDA kernel clamps them.
 * Written for ctasim because Rodinia 3.1's own OpenMP hotspot takes a time
 * step 1000 times smaller (PRECISION / max_slope / 1000), so its output is
 * not the CUDA program's. Same arguments and output format as the CUDA
 * program: GRID PYRAMID SIM_TIME TEMP_FILE POWER_FILE OUT_FILE (PYRAMID, the
 * CUDA tiling depth, changes nothing here). */
#include <stdio.h>
#include <stdlib.h>

/* the model's constants, as in the CUDA program */
#define MAX_PD 3.0e6
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static int read_grid(const char *path, float *v, long n)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    for (long i = 0; i < n; i++)
        if (fscanf(f, "%f", &v[i]) != 1) { fclose(f); return -1; }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: hotspot_ref GRID PYRAMID SIM_TIME TEMP POWER OUT\n");
        return 2;
    }
    int n = atoi(argv[1]), steps = atoi(argv[3]);
    if (n <= 0 || steps <= 0) { fprintf(stderr, "hotspot_ref: bad grid or time\n"); return 2; }
    long cells = (long)n * n;
    float *t = malloc(sizeof(float) * (size_t)cells), *u = malloc(sizeof(float) * (size_t)cells);
    float *p = malloc(sizeof(float) * (size_t)cells);
    if (!t || !u || !p) return 1;
    if (read_grid(argv[4], t, cells) || read_grid(argv[5], p, cells)) {
        fprintf(stderr, "hotspot_ref: cannot read %s or %s\n", argv[4], argv[5]);
        return 1;
    }
    const float t_chip = 0.0005f, chip = 0.016f, amb_temp = 80.0f;
    float gh = chip / n, gw = chip / n;
    float cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * gw * gh;
    float rx = gw / (2.0 * K_SI * t_chip * gh), ry = gh / (2.0 * K_SI * t_chip * gw);
    float rz = t_chip / (K_SI * gh * gw);
    float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
    float step = PRECISION / max_slope;
    float sdc = step / cap, rx_1 = 1 / rx, ry_1 = 1 / ry, rz_1 = 1 / rz;
    for (int s = 0; s < steps; s++) {
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int up = r > 0 ? r - 1 : r, dn = r < n - 1 ? r + 1 : r;
                int lf = c > 0 ? c - 1 : c, rt = c < n - 1 ? c + 1 : c;
                float x = t[r * n + c];
                u[r * n + c] = (float)(x + sdc * (p[r * n + c] + (t[dn * n + c] + t[up * n + c] - 2.0 * x) * ry_1 +
                                                  (t[r * n + rt] + t[r * n + lf] - 2.0 * x) * rx_1 + (amb_temp - x) * rz_1));
            }
        float *w = t; t = u; u = w;
    }
    FILE *o = fopen(argv[6], "w");
    if (!o) { fprintf(stderr, "hotspot_ref: cannot write %s\n", argv[6]); return 1; }
    for (long i = 0; i < cells; i++) fprintf(o, "%ld\t%g\n", i, t[i]);
    return fclose(o) ? 1 : 0;
}
