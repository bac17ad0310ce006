/* LD_PRELOAD for the suite runs (tools/run_suites.sh): time() returns a
 * fixed instant, so that programs which seed their inputs from the clock
 * (Rodinia lavaMD's srand(time(NULL)), particlefilter's time(0)*i seeds)
 * generate the same inputs in the simulated run and in their CPU reference
 * run, and each run of the suites is repeatable. */
#include <time.h>

time_t time(time_t *t)
{
    const time_t fixed = 1000000000; /* 2001-09-09, any fixed value would do */
    if (t)
        *t = fixed;
    return fixed;
}
