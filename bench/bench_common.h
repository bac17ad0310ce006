/* bench_common.h — shared bits of the component micro-benchmarks in bench/
 * (run by `make bench`). They time one model component in isolation; the
 * figures are CPU time per operation, the median of BENCH_REPEATS runs, so
 * other load on a shared machine disturbs them less than wall time would. */
#ifndef CTASIM_BENCH_COMMON_H
#define CTASIM_BENCH_COMMON_H

#include <stdlib.h>
#include <time.h>

#define BENCH_REPEATS 3

static inline double bench_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of n values (n odd); reorders v. */
static inline double bench_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, bench_cmp_double);
    return v[n / 2];
}

#endif
