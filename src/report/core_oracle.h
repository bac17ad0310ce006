/* core_oracle.h — the static core-count oracle of the energy experiments
 * (issue 26: "print the static oracle's headroom beside every policy
 * number"): of the runs of one workload on N active cores (--active-cores,
 * the same power settings as the policy), the count that saves the most
 * energy within a slowdown bound against every core, and the count with the
 * least energy-delay product. Shared by the experiments' headlines
 * (cli/exp_energy.c) and anything that reads their tables. */
#ifndef CTASIM_REPORT_CORE_ORACLE_H
#define CTASIM_REPORT_CORE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* One static run: its active cores, cycles and energy (any unit; compared
 * only with each other). A point with no energy (<= 0) is no candidate. */
typedef struct core_point {
    uint32_t cores;
    double cycles, energy;
} core_point_t;

/* The slowdown bound of issue 26's TCS goal: at most 10 % more cycles. */
#define CORE_ORACLE_MAX_SLOWDOWN 0.10

/* Index into P[0..N) of the least-energy point whose cycles are at most
 * (1 + MAX_SLOWDOWN) x BASE_CYCLES (the all-core run's); on equal energy
 * the one with more cores (the faster, less gated one). -1 when none
 * qualifies. */
int core_oracle_least_energy(const core_point_t *p, size_t n, double base_cycles, double max_slowdown);
/* Index of the point with the least energy x cycles (the EDP at a fixed
 * clock); on a tie the one with more cores. -1 when none has energy. */
int core_oracle_least_edp(const core_point_t *p, size_t n);

#endif
