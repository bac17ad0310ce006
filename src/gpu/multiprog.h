/* multiprog.h — multiprogram metrics of a workload mix (Eyerman & Eeckhout's
 * system throughput and average normalised turnaround time, as Li & Liang
 * DATE'16 report them), from each workload's turnaround in the mix and alone
 * on the same GPU. */
#ifndef CTASIM_MULTIPROG_H
#define CTASIM_MULTIPROG_H

#include <stdint.h>

typedef struct mp_metrics {
    double stp;      /* sum of alone_i / shared_i: weighted speedup (n = no loss, 1 = no gain) */
    double antt;     /* mean of shared_i / alone_i: average slowdown */
    double fairness; /* min slowdown / max slowdown: 1 = every workload slowed alike */
} mp_metrics_t;

/* slowdown[i] = shared[i] / alone[i] (slowdown may be NULL). Returns 0, or
 * -1 when n is 0 or a time is 0 (mm zeroed). */
int mp_metrics(const uint64_t *shared, const uint64_t *alone, unsigned n, double *slowdown, mp_metrics_t *mm);

#endif
