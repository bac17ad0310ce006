/* test_core_oracle.c — the static core-count oracle (report/core_oracle.h)
 * on sweeps whose answers are worked out by hand: the slowdown bound,
 * its edge, ties, points with no energy, and the least-EDP count. */
#include "report/core_oracle.h"
#include "test.h"

/* LBM's sweep at default size (docs/policies/tcs.md) plus a 10-core point
 * that saves the most energy but is 1.50x slower: the bound must exclude it,
 * leaving 21 cores (12.59 against 13.49 at 28 and 12.74 at 14, which is
 * 1.27x slower). An oracle without the bound answers 10; one that takes the
 * fastest point answers 21 only by luck, so the next case moves the bound. */
static void least_energy_respects_the_slowdown_bound(void)
{
    const core_point_t p[] = {
        {28, 133014, 13.49}, {21, 132150, 12.59}, {14, 169064, 12.74}, {10, 199521, 11.00}, {8, 284672, 14.26},
    };
    CHECK_EQ(core_oracle_least_energy(p, 5, 133014, CORE_ORACLE_MAX_SLOWDOWN), 1);
    /* with 30 % allowed, 14 cores (1.27x) qualifies but 21 still saves more;
     * with 60 %, 10 cores (1.50x) wins */
    CHECK_EQ(core_oracle_least_energy(p, 5, 133014, 0.30), 1);
    CHECK_EQ(core_oracle_least_energy(p, 5, 133014, 0.60), 3);
}

/* The bound is inclusive: exactly 1.10x qualifies, one cycle more does not. */
static void bound_edge_and_ties(void)
{
    const core_point_t at[] = {{28, 100000, 10.0}, {14, 110000, 9.0}};
    CHECK_EQ(core_oracle_least_energy(at, 2, 100000, 0.10), 1);
    const core_point_t over[] = {{28, 100000, 10.0}, {14, 110001, 9.0}};
    CHECK_EQ(core_oracle_least_energy(over, 2, 100000, 0.10), 0);
    /* equal energy: the point with more cores, wherever it stands */
    const core_point_t tie[] = {{12, 104000, 9.0}, {20, 101000, 9.0}, {16, 102000, 9.5}};
    CHECK_EQ(core_oracle_least_energy(tie, 3, 100000, 0.10), 1);
}

/* A point without energy (power model off, a failed run) is no candidate;
 * nothing qualifying gives -1. */
static void no_candidate(void)
{
    const core_point_t p[] = {{28, 100000, 0}, {14, 105000, -1}, {8, 300000, 5.0}};
    CHECK_EQ(core_oracle_least_energy(p, 3, 100000, 0.10), -1);
    CHECK_EQ(core_oracle_least_energy(p, 0, 100000, 0.10), -1);
    CHECK_EQ(core_oracle_least_edp(p, 3), 2);
    CHECK_EQ(core_oracle_least_edp(p, 2), -1);
}

/* EDP = energy x cycles: 28 cores 13.49 x 133014 = 1.794e6, 24 cores (the
 * fastest) 13.40 x 131000 = 1.755e6, 21 cores 12.59 x 132150 = 1.664e6, 14
 * cores 12.74 x 169064 = 2.154e6, 10 cores (the least energy) 11.00 x
 * 199521 = 2.195e6. The least EDP is 21: neither the least energy nor the
 * fewest cycles. */
static void least_edp(void)
{
    const core_point_t p[] = {
        {28, 133014, 13.49}, {24, 131000, 13.40}, {21, 132150, 12.59}, {14, 169064, 12.74}, {10, 199521, 11.00},
    };
    CHECK_EQ(core_oracle_least_edp(p, 5), 2);
    /* without 21, 24 cores: 1.755e6 against 1.794e6 (28) */
    const core_point_t q[] = {{28, 133014, 13.49}, {24, 131000, 13.40}, {14, 169064, 12.74}};
    CHECK_EQ(core_oracle_least_edp(q, 3), 1);
}

int main(void)
{
    RUN(least_energy_respects_the_slowdown_bound);
    RUN(bound_edge_and_ties);
    RUN(no_candidate);
    RUN(least_edp);
    TEST_EXIT();
}
