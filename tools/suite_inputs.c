/* The small inputs of the vendored suites' programs at CI size
 * (suites/programs.txt, docs/SUITES.md), written by our own code in each
 * program's input format, so that nothing is downloaded and the repository
 * carries no data set. Deterministic: a fixed linear congruential generator,
 * not rand(), so every libc writes the same bytes.
 * Usage: suite_inputs DIR   (writes DIR/<program>_* files: the CI set's, then the mid set's) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long lcg_state = 12345;

/* 0 <= next_u32() < 2^32, Knuth's MMIX constants */
static unsigned next_u32(void)
{
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(lcg_state >> 32);
}

static double next_unit(void) { return next_u32() / 4294967296.0; }

static const char *out_dir;

static FILE *open_out(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "suite_inputs: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
    return f;
}

static void close_out(FILE *f, const char *name)
{
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "suite_inputs: error writing %s/%s\n", out_dir, name);
        exit(1);
    }
}

/* Rodinia bfs: node count; per node "first_edge degree"; the source; the
 * edge count; per edge "destination cost". A random graph of `nodes` nodes,
 * each with 1..max_degree edges to random nodes (as Rodinia's graphgen). */
static void bfs_graph(const char *name, int nodes, int max_degree)
{
    FILE *f = open_out(name);
    int *degree = malloc(sizeof(int) * (size_t)nodes);
    if (!degree) exit(1);
    long total = 0;
    for (int i = 0; i < nodes; i++) {
        degree[i] = 1 + (int)(next_u32() % (unsigned)max_degree);
        total += degree[i];
    }
    fprintf(f, "%d\n", nodes);
    long first = 0;
    for (int i = 0; i < nodes; i++) {
        fprintf(f, "%ld %d\n", first, degree[i]);
        first += degree[i];
    }
    fprintf(f, "\n0\n\n%ld\n", total);
    for (long e = 0; e < total; e++)
        fprintf(f, "%u %u\n", next_u32() % (unsigned)nodes, 1 + next_u32() % 10);
    free(degree);
    close_out(f, name);
}

/* One float a line, uniform in [lo, lo + span) (hotspot's temperature and power grids). */
static void float_lines(const char *name, long count, double lo, double span)
{
    FILE *f = open_out(name);
    for (long i = 0; i < count; i++) fprintf(f, "%.6f\n", lo + span * next_unit());
    close_out(f, name);
}

/* Rodinia kmeans text input: "id f1 f2 ... fn" a line. */
static void kmeans_points(const char *name, int points, int features)
{
    FILE *f = open_out(name);
    for (int i = 0; i < points; i++) {
        fprintf(f, "%d", i + 1);
        for (int j = 0; j < features; j++) fprintf(f, " %.4f", 10.0 * next_unit());
        fputc('\n', f);
    }
    close_out(f, name);
}

/* Rodinia nn: a list of record files; each record is hurricane_gen's fixed-width line. */
static void nn_records(const char *list_name, const char *db_name, int records)
{
    static const char *names[] = {"ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "FLORENCE", "GORDON"};
    static const int hours[] = {0, 6, 12, 18};
    char path[4096];
    FILE *l = open_out(list_name);
    snprintf(path, sizeof path, "%s/%s", out_dir, db_name);
    fprintf(l, "%s\n", path);
    close_out(l, list_name);
    FILE *f = open_out(db_name);
    for (int i = 0; i < records; i++) {
        int year = 1950 + (int)(next_u32() % 55), month = 1 + (int)(next_u32() % 12);
        int date = 1 + (int)(next_u32() % 28), hour = hours[next_u32() % 4], num = 1 + (int)(next_u32() % 28);
        const char *nm = names[next_u32() % 7];
        float lat = (float)(7 + next_u32() % 63) + (float)next_unit();
        float lon = (float)(next_u32() % 358) + (float)next_unit();
        int speed = 10 + (int)(next_u32() % 155), press = (int)(next_u32() % 900);
        fprintf(f, "%4d %2d %2d %2d %2d %-9s %5.1f %5.1f %4d %4d\n", year, month, date, hour, num, nm, lat, lon,
                speed, press);
    }
    close_out(f, db_name);
}

/* Little-endian binary writers (Parboil's inputs are raw x86 data). */
static void put_u32(FILE *f, unsigned v)
{
    for (int i = 0; i < 4; i++) fputc((int)((v >> (8 * i)) & 0xff), f);
}
static void put_f32(FILE *f, float v)
{
    unsigned u;
    memcpy(&u, &v, sizeof u);
    put_u32(f, u);
}

/* Parboil stencil: nx*ny*nz floats, no header (read_data). */
static void stencil_grid(const char *name, int nx, int ny, int nz)
{
    FILE *f = open_out(name);
    for (long i = 0; i < (long)nx * ny * nz; i++) put_f32(f, (float)next_unit());
    close_out(f, name);
}

/* Parboil mri-q: numK, numX, then kx, ky, kz [numK], x, y, z [numX], phiR, phiI [numK]. */
static void mriq_dataset(const char *name, int num_k, int num_x)
{
    FILE *f = open_out(name);
    put_u32(f, (unsigned)num_k);
    put_u32(f, (unsigned)num_x);
    for (int a = 0; a < 3; a++)
        for (int i = 0; i < num_k; i++) put_f32(f, (float)(next_unit() - 0.5));
    for (int a = 0; a < 3; a++)
        for (int i = 0; i < num_x; i++) put_f32(f, (float)(next_unit() - 0.5));
    for (int a = 0; a < 2; a++)
        for (int i = 0; i < num_k; i++) put_f32(f, (float)next_unit());
    close_out(f, name);
}

/* Parboil sad: 16-bit little-endian width and height, then width*height shorts. The
 * frame is the reference shifted by a few pixels plus noise, as consecutive video frames. */
static void sad_images(const char *ref_name, const char *frame_name, int w, int h)
{
    short *img = malloc(sizeof(short) * (size_t)w * (size_t)h);
    if (!img) exit(1);
    for (int i = 0; i < w * h; i++) img[i] = (short)(next_u32() % 256);
    FILE *f = open_out(ref_name), *g = open_out(frame_name);
    fputc(w & 0xff, f); fputc(w >> 8, f); fputc(h & 0xff, f); fputc(h >> 8, f);
    fputc(w & 0xff, g); fputc(w >> 8, g); fputc(h & 0xff, g); fputc(h >> 8, g);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            short v = img[y * w + x];
            fputc(v & 0xff, f); fputc((v >> 8) & 0xff, f);
            short s = (short)(img[((y + 2) % h) * w + (x + 3) % w] + (short)(next_u32() % 5));
            fputc(s & 0xff, g); fputc((s >> 8) & 0xff, g);
        }
    close_out(f, ref_name);
    close_out(g, frame_name);
    free(img);
}

/* Parboil cutcp: PQR atom lines "ATOM n name res resid x y z charge radius" in a cube of `side` Angstrom. */
static void cutcp_atoms(const char *name, int atoms, double side)
{
    FILE *f = open_out(name);
    for (int i = 0; i < atoms; i++)
        fprintf(f, "ATOM %6d  OH2 TIP3 %5d %8.3f %8.3f %8.3f %7.4f %6.4f\n", i + 1, i / 3 + 1, side * next_unit(),
                side * next_unit(), side * next_unit(), (i % 3) ? 0.417 : -0.834, (i % 3) ? 0.2245 : 1.7682);
    close_out(f, name);
}

/* Parboil tpacf: "ra dec" in degrees a line, uniform on the sphere's cap. */
static void tpacf_points(const char *name, int points)
{
    FILE *f = open_out(name);
    for (int i = 0; i < points; i++) fprintf(f, "%.6f %.6f\n", 360.0 * next_unit(), 180.0 * next_unit() - 90.0);
    close_out(f, name);
}

/* Parboil lbm: its fixed 120x120x150 grid, one character a cell ('.' fluid,
 * anything else an obstacle), a newline after each row and each plane;
 * a sphere in the middle of the lid-driven cavity. */
static void lbm_obstacles(const char *name)
{
    FILE *f = open_out(name);
    for (int z = 0; z < 150; z++) {
        for (int y = 0; y < 120; y++) {
            for (int x = 0; x < 120; x++) {
                int dx = x - 60, dy = y - 60, dz = z - 75;
                fputc(dx * dx + dy * dy + dz * dz < 20 * 20 ? '#' : '.', f);
            }
            fputc('\n', f);
        }
        fputc('\n', f);
    }
    close_out(f, name);
}

/* Rodinia b+tree: the key file (a count, then one key a line; keys 0..n-1
 * in a random order, so every query of 0 <= key <= n finds a record or the
 * one past the end) and the command file: `k COUNT` (COUNT random key
 * lookups, one CTA each) and `j COUNT SIZE` (COUNT range queries of SIZE
 * keys), the two GPU commands of main.c. */
static void btree_inputs(const char *keys_name, const char *cmd_name, int n, int queries, int range)
{
    int *k = malloc((size_t)n * sizeof *k);
    if (!k) {
        fprintf(stderr, "suite_inputs: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) k[i] = i;
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(next_u32() % (unsigned)(i + 1)), t = k[i];
        k[i] = k[j];
        k[j] = t;
    }
    FILE *f = open_out(keys_name);
    fprintf(f, "%d\n", n);
    for (int i = 0; i < n; i++) fprintf(f, "%d\n", k[i]);
    close_out(f, keys_name);
    free(k);
    f = open_out(cmd_name);
    fprintf(f, "k %d\nj %d %d\n", queries, queries, range);
    close_out(f, cmd_name);
}

/* Parboil sgemm: column-major text matrices, "rows cols" then the values
 * (io.cc). C = A * B reads A (m x k) and B^T (n x k); B (k x n) is written
 * too, as the suite's runs pass all three. */
static void sgemm_matrices(const char *a_name, const char *b_name, const char *bt_name, int m, int k, int n)
{
    FILE *f = open_out(a_name);
    fprintf(f, "%d %d\n", m, k);
    for (long i = 0; i < (long)m * k; i++) fprintf(f, "%.6f ", next_unit() * 2.0 - 1.0);
    fprintf(f, "\n");
    close_out(f, a_name);
    float *bt = malloc((size_t)n * k * sizeof *bt); /* B^T column-major: bt[c * n + r] = B[c][r] */
    if (!bt) {
        fprintf(stderr, "suite_inputs: out of memory\n");
        exit(1);
    }
    for (long i = 0; i < (long)n * k; i++) bt[i] = (float)(next_unit() * 2.0 - 1.0);
    f = open_out(bt_name);
    fprintf(f, "%d %d\n", n, k);
    for (long i = 0; i < (long)n * k; i++) fprintf(f, "%.6f ", bt[i]);
    fprintf(f, "\n");
    close_out(f, bt_name);
    f = open_out(b_name); /* B column-major: B[r][c] at c * k + r, = B^T[c][r] */
    fprintf(f, "%d %d\n", k, n);
    for (int c = 0; c < n; c++)
        for (int r = 0; r < k; r++) fprintf(f, "%.6f ", bt[(long)r * n + c]);
    fprintf(f, "\n");
    close_out(f, b_name);
    free(bt);
}

/* Parboil spmv: a Matrix Market "coordinate real general" matrix of n rows
 * with 1..2*avg entries a row in distinct random columns (coo_to_jds reads
 * it), and the dense vector x as n raw floats (input_vec). */
static void spmv_inputs(const char *mtx_name, const char *vec_name, int n, int avg)
{
    FILE *f = open_out(mtx_name);
    int *len = malloc((size_t)n * sizeof *len);
    if (!len) {
        fprintf(stderr, "suite_inputs: out of memory\n");
        exit(1);
    }
    long nnz = 0;
    for (int r = 0; r < n; r++) {
        len[r] = 1 + (int)(next_u32() % (unsigned)(2 * avg));
        nnz += len[r];
    }
    fprintf(f, "%%%%MatrixMarket matrix coordinate real general\n%d %d %ld\n", n, n, nnz);
    for (int r = 0; r < n; r++) {
        /* distinct columns: a random start and a stride coprime to nothing in
         * particular, kept below n / len so no column repeats */
        int stride = 1 + (int)(next_u32() % (unsigned)(n / len[r])), c = (int)(next_u32() % (unsigned)n);
        for (int i = 0; i < len[r]; i++)
            fprintf(f, "%d %d %.6f\n", r + 1, (c + i * stride) % n + 1, next_unit() * 2.0 - 1.0);
    }
    close_out(f, mtx_name);
    free(len);
    f = open_out(vec_name);
    for (int i = 0; i < n; i++) put_f32(f, (float)(next_unit() * 2.0 - 1.0));
    close_out(f, vec_name);
}

/* Rodinia cfd (euler3d): the element count, then per element its volume
 * ("area": the step factor takes its square root) and 4 faces, each as the
 * neighbour (Fortran numbering, 1..count; 0 a wing wall, negative the far
 * field: the reader maps them to -1 and -2) and the face's outward normal
 * scaled by its area. A structured nx x ny block of prisms one unit deep,
 * columns and rows of random widths (0.6 to 1.4), with an ow x oh block of
 * cells at (ox, oy) cut out as a wing-wall obstacle and the outer faces in
 * the far field; every normal turned by one fixed 3-D rotation, so that the
 * free stream (along x) meets the obstacle at an angle and all three
 * momentum components change. Each cell's normals add up to zero (closed in
 * its plane), so the uniform free stream is steady away from the obstacle:
 * what varies is the flow the obstacle disturbs. The count is a multiple of
 * euler3d.cu's 192-thread blocks, so its padding (whose normals it leaves
 * unset) is never used. */
static void cfd_mesh(const char *name, int nx, int ny, int ox, int oy, int ow, int oh)
{
    double *dx = malloc(sizeof(double) * (size_t)nx), *dy = malloc(sizeof(double) * (size_t)ny);
    int *number = malloc(sizeof(int) * (size_t)(nx * ny));
    if (!dx || !dy || !number) exit(1);
    for (int i = 0; i < nx; i++) dx[i] = 0.6 + 0.8 * next_unit();
    for (int j = 0; j < ny; j++) dy[j] = 0.6 + 0.8 * next_unit();
    int count = 0;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            int cut = i >= ox && i < ox + ow && j >= oy && j < oy + oh;
            number[j * nx + i] = cut ? 0 : ++count; /* 0: the obstacle, a wall */
        }
    /* the rotation: 25 degrees about z, then 20 about x (cos, sin rounded
     * to 6 digits: the mesh is data, no libm needed) */
    const double cz = 0.906308, sz = 0.422618, cx = 0.939693, sx = 0.342020;
    FILE *f = open_out(name);
    fprintf(f, "%d\n", count);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            if (!number[j * nx + i]) continue;
            fprintf(f, "%.9g", dx[i] * dy[j]);
            /* the faces: -x, +x, -y, +y */
            const int di[4] = { -1, 1, 0, 0 }, dj[4] = { 0, 0, -1, 1 };
            for (int k = 0; k < 4; k++) {
                int ni = i + di[k], nj = j + dj[k];
                int nb = ni < 0 || ni >= nx || nj < 0 || nj >= ny ? -1 : number[nj * nx + ni];
                double n0 = di[k] * dy[j], n1 = dj[k] * dx[i], n2 = 0.0;
                double r0 = cz * n0 - sz * n1, r1 = sz * n0 + cz * n1;  /* about z */
                double t1 = cx * r1 - sx * n2, t2 = sx * r1 + cx * n2;  /* about x */
                fprintf(f, " %d %.9g %.9g %.9g", nb, r0, t1, t2);
            }
            fputc('\n', f);
        }
    close_out(f, name);
    free(dx);
    free(dy);
    free(number);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: suite_inputs DIR\n");
        return 2;
    }
    out_dir = argv[1];
    bfs_graph("bfs_4096.txt", 4096, 8);
    float_lines("hotspot_temp_64", 64 * 64, 320.0, 20.0);
    float_lines("hotspot_power_64", 64 * 64, 0.0, 0.001);
    float_lines("hotspot3d_temp_64x4", 64 * 64 * 4, 320.0, 20.0);
    float_lines("hotspot3d_power_64x4", 64 * 64 * 4, 0.0, 0.001);
    kmeans_points("kmeans_512x16.txt", 512, 16);
    nn_records("nn_filelist.txt", "nn_2048.db", 2048);
    stencil_grid("stencil_32x32x8.bin", 32, 32, 8);
    mriq_dataset("mriq_256x512.bin", 256, 512);
    sad_images("sad_reference.bin", "sad_frame.bin", 64, 48);
    cutcp_atoms("cutcp_300.pqr", 300, 12.0);
    lbm_obstacles("lbm_120_120_150.of");
    tpacf_points("tpacf_data.txt", 256);
    tpacf_points("tpacf_random-0.txt", 256);
    tpacf_points("tpacf_random-1.txt", 256);
    /* appended after the others: the generator's sequence, and so every
     * input above, stays as it was */
    btree_inputs("btree_keys_4096.txt", "btree_command.txt", 4096, 256, 16);
    sgemm_matrices("sgemm_a_128x64.txt", "sgemm_b_64x32.txt", "sgemm_bt_32x64.txt", 128, 64, 32);
    spmv_inputs("spmv_512.mtx", "spmv_vec_512.bin", 512, 8);
    /* the mid set (suites/programs.txt `mid` lines): grids that fill every
     * core of the CTA experiments' presets several times over, for
     * `ctasim experiment NAME --suite SUITE` */
    bfs_graph("bfs_262144.txt", 262144, 8);
    float_lines("hotspot_temp_256", 256 * 256, 320.0, 20.0);
    float_lines("hotspot_power_256", 256 * 256, 0.0, 0.001);
    kmeans_points("kmeans_65536x16.txt", 65536, 16);
    stencil_grid("stencil_512x512x8.bin", 512, 512, 8);
    spmv_inputs("spmv_16384.mtx", "spmv_vec_16384.bin", 16384, 8);
    /* appended after the mid set, so that every input above keeps its
     * bytes: Rodinia cfd at CI size, 40 x 20 cells less the 8 x 4
     * obstacle: 768, four of euler3d.cu's 192-thread blocks */
    cfd_mesh("cfd_768.domn", 40, 20, 12, 8, 8, 4);
    return 0;
}
