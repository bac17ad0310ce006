/* multiprog.c — STP, ANTT and fairness (multiprog.h). */
#include "multiprog.h"

#include <string.h>

int mp_metrics(const uint64_t *shared, const uint64_t *alone, unsigned n, double *slowdown, mp_metrics_t *mm)
{
    memset(mm, 0, sizeof *mm);
    if (n == 0)
        return -1;
    for (unsigned i = 0; i < n; i++)
        if (!shared[i] || !alone[i])
            return -1;
    double smin = 0, smax = 0, stp = 0, antt = 0;
    for (unsigned i = 0; i < n; i++) {
        double s = (double)shared[i] / (double)alone[i];
        if (slowdown)
            slowdown[i] = s;
        stp += 1.0 / s;
        antt += s;
        if (i == 0 || s < smin)
            smin = s;
        if (i == 0 || s > smax)
            smax = s;
    }
    mm->stp = stp;
    mm->antt = antt / n;
    mm->fairness = smin / smax;
    return 0;
}
