/* core_oracle.c — the static core-count oracle (core_oracle.h). */
#include "report/core_oracle.h"

/* Whether point I, of VALUE, beats the best so far (index BEST, -1 none,
 * of BEST_VALUE); a tie goes to the point with more cores. */
static int better(const core_point_t *p, int best, size_t i, double value, double best_value)
{
    return best < 0 || value < best_value || (value == best_value && p[i].cores > p[best].cores);
}

int core_oracle_least_energy(const core_point_t *p, size_t n, double base_cycles, double max_slowdown)
{
    int best = -1;
    double limit = (1 + max_slowdown) * base_cycles;
    for (size_t i = 0; i < n; i++) {
        if (!(p[i].energy > 0) || !(p[i].cycles > 0) || p[i].cycles > limit)
            continue;
        if (better(p, best, i, p[i].energy, best < 0 ? 0 : p[best].energy))
            best = (int)i;
    }
    return best;
}

int core_oracle_least_edp(const core_point_t *p, size_t n)
{
    int best = -1;
    for (size_t i = 0; i < n; i++) {
        if (!(p[i].energy > 0) || !(p[i].cycles > 0))
            continue;
        double edp = p[i].energy * p[i].cycles;
        if (better(p, best, i, edp, best < 0 ? 0 : p[best].energy * p[best].cycles))
            best = (int)i;
    }
    return best;
}
