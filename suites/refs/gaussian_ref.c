/* gaussian_ref.c — the CPU reference of Rodinia gaussian (-s SIZE): the
 * same matrix (create_matrix: a symmetric Toeplitz matrix of 10 e^(-0.01 k),
 * right-hand side all ones) and the same forward elimination its Fan1/Fan2
 * kernels do, column by column: the multipliers m[r][t] = a[r][t] / a[t][t],
 * then a[r][c] -= m[r][t] a[t][c] and b[r] -= m[r][t] b[t] for the rows
 * below t. Rodinia 3.1 has no OpenMP gaussian, and the CUDA program prints
 * nothing it computed (its `verbose` is never set), so the check compares
 * what it copies back from the device (m, a, then b; CTASIM_CUDART_DTOH)
 * with what this writes to dtoh.bin, in the same order.
 * Usage: gaussian_ref SIZE   (writes dtoh.bin) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc == 2 ? atoi(argv[1]) : 0;
    if (n < 2) {
        fprintf(stderr, "usage: gaussian_ref SIZE (>= 2)\n");
        return 2;
    }
    float *coe = malloc((size_t)(2 * n - 1) * sizeof *coe), *a = malloc((size_t)n * n * sizeof *a),
          *m = calloc((size_t)n * n, sizeof *m), *b = malloc((size_t)n * sizeof *b);
    if (!coe || !a || !m || !b) {
        fprintf(stderr, "gaussian_ref: out of memory\n");
        return 1;
    }
    float lamda = -0.01f;
    for (int i = 0; i < n; i++) {
        float c = 10 * expf(lamda * i); /* as the program: C++ picks exp(float) */
        coe[n - 1 + i] = c;
        coe[n - 1 - i] = c;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) a[i * n + j] = coe[n - 1 - i + j];
    for (int j = 0; j < n; j++) b[j] = 1.0f;
    for (int t = 0; t < n - 1; t++) {
        for (int r = t + 1; r < n; r++) /* Fan1 */
            m[r * n + t] = a[r * n + t] / a[t * n + t];
        for (int r = t + 1; r < n; r++) { /* Fan2 */
            for (int c = t; c < n; c++) a[r * n + c] -= m[r * n + t] * a[t * n + c];
            b[r] -= m[r * n + t] * b[t];
        }
    }
    FILE *f = fopen("dtoh.bin", "wb");
    if (!f || fwrite(m, sizeof *m, (size_t)n * n, f) != (size_t)n * n ||
        fwrite(a, sizeof *a, (size_t)n * n, f) != (size_t)n * n || fwrite(b, sizeof *b, (size_t)n, f) != (size_t)n ||
        fclose(f) != 0) {
        fprintf(stderr, "gaussian_ref: cannot write dtoh.bin\n");
        return 1;
    }
    free(coe), free(a), free(m), free(b);
    return 0;
}
