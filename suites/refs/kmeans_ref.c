/* CPU reference of Rodinia's CUDA kmeans (suites/programs.txt): Lloyd's
 * iterations as its kmeans_clustering.c drives them (the first K points as
 * the initial centres, memberships from -1, new centres the mean of each
 * cluster's points summed in point order, until no point changes cluster or
 * 500 rounds), printing the centres as its -o option does. Written for
 * ctasim because Rodinia 3.1's OpenMP kmeans prints no centres (its output
 * code is commented out). Usage: kmeans_ref K FILE [THRESHOLD] (FILE: "id
 * f1 ... fn" lines; THRESHOLD: the program's -t, default 0.001 as its own:
 * the rounds stop once no more than that many points changed cluster). */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POINTS 65536
#define MAX_FEATURES 64

static float feat[MAX_POINTS][MAX_FEATURES];

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: kmeans_ref K FILE [THRESHOLD]\n"); return 2; }
    int k = atoi(argv[1]);
    char *end = NULL;
    float threshold = argc == 4 ? strtof(argv[3], &end) : 0.001f;
    if (argc == 4 && (end == argv[3] || *end)) { fprintf(stderr, "kmeans_ref: bad THRESHOLD %s\n", argv[3]); return 2; }
    FILE *f = fopen(argv[2], "r");
    if (!f || k <= 0 || k > 64) { fprintf(stderr, "kmeans_ref: bad K or cannot read %s\n", argv[2]); return 2; }
    char line[4096];
    int n = 0, nf = 0;
    while (n < MAX_POINTS && fgets(line, sizeof line, f)) {
        char *tok = strtok(line, " \t\n");
        if (!tok) continue;
        int j = 0;
        while ((tok = strtok(NULL, " ,\t\n")) && j < MAX_FEATURES) feat[n][j++] = (float)atof(tok);
        nf = j;
        n++;
    }
    fclose(f);
    if (n < k) { fprintf(stderr, "kmeans_ref: fewer points than clusters\n"); return 2; }
    static float centre[64][MAX_FEATURES], sum[64][MAX_FEATURES];
    static int count[64], member[MAX_POINTS];
    for (int c = 0; c < k; c++) memcpy(centre[c], feat[c], sizeof(float) * (size_t)nf);
    for (int i = 0; i < n; i++) member[i] = -1;
    int rounds = 0, loop = 0, delta;
    do {
        delta = 0;
        for (int i = 0; i < n; i++) {
            int best = -1;
            float best_d = FLT_MAX;
            for (int c = 0; c < k; c++) {
                float d = 0;
                for (int j = 0; j < nf; j++) {
                    float diff = feat[i][j] - centre[c][j];
                    d += diff * diff;
                }
                if (d < best_d) { best_d = d; best = c; }
            }
            if (member[i] != best) delta++;
            member[i] = best;
            count[best]++;
            for (int j = 0; j < nf; j++) sum[best][j] += feat[i][j];
        }
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < nf; j++) {
                if (count[c] > 0) centre[c][j] = sum[c][j] / count[c];
                sum[c][j] = 0;
            }
            count[c] = 0;
        }
        rounds++;
    } while ((float)delta > threshold && loop++ < 500);
    printf("iterated %d times\n", rounds);
    for (int c = 0; c < k; c++) {
        printf("%d: ", c);
        for (int j = 0; j < nf; j++) printf("%.2f ", centre[c][j]);
        printf("\n\n");
    }
    return 0;
}
