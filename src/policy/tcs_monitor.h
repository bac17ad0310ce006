/* tcs_monitor.h — the decisions of TCS's MONITOR phase (Song et al.,
 * DATE'14, Algorithm 1) as plain functions of a metric feed, apart from the
 * GPU so that each step can be tested from synthetic numbers
 * (tests/test_tcs_monitor.c). cta_tcs.c reads the counters, calls these and
 * applies what they decide to the cores.
 *
 * One MONITOR step (every `step` cycles; step = mon is one per window):
 *   1. monitor: per ACTIVE core, tcs_core_test() adds the step's stall
 *      cycles to stall_cycle(i) (reset=alg) or takes them alone
 *      (reset=window) and counts the core memory bound (C_mem++,
 *      stall_cycle(i) = 0) when stall_cycle(i) > mon/2 and AMAT(i) > thr.
 *   2. decide: tcs_decide(): C_mem >= C_active/2 (and more than one core
 *      ACTIVE, and at least `gap` cycles since the last throttle: the span
 *      the saturation test measures) -> throttle one core.
 *   3. saturation (sat=ipc, our addition): before a throttle is applied,
 *      tcs_saturated() compares the GPU's instruction rate since the last
 *      throttle with the rate between the two throttles before (the span
 *      before the first throttle holds the kernel's ramp and is no
 *      reference); a fall of more than sat_tol says
 *      the last throttle went past the point where the memory system
 *      saturates: that core is restored and throttling stops.
 *   4. end (end=converged): tcs_converged() says whether a whole window has
 *      passed without a throttle. */
#ifndef CTASIM_TCS_MONITOR_H
#define CTASIM_TCS_MONITOR_H

#include <stdbool.h>
#include <stdint.h>

typedef struct tcs_monitor {
    /* parameters */
    uint32_t mon;      /* mon_cycle: the stall test is stall_cycle > mon/2 */
    uint32_t thr;      /* AMAT threshold (core cycles) */
    bool reset_window; /* stall_cycle and C_mem counted afresh each step */
    double sat_tol;    /* sat=ipc: fraction of the rate a throttle may cost; < 0: off */
    uint32_t gap;      /* fewest cycles between two throttles (0: none) */
    /* state */
    uint32_t c_mem, c_active;
    bool stopped;          /* saturation found: no more throttling this phase */
    uint64_t last_change;  /* cycle of the last throttle (or the phase start) */
    uint64_t span_insts;   /* instructions (all cores) at last_change */
    double rate_before;    /* instructions per cycle in the span before last_change; < 0: none yet */
    uint32_t throttles;    /* throttles in this phase */
} tcs_monitor_t;

/* A new MONITOR phase at `cycle` with `c_active` ACTIVE cores and `insts`
 * instructions issued so far (all cores). */
void tcs_monitor_start(tcs_monitor_t *m, uint32_t c_active, uint64_t cycle, uint64_t insts);

/* Before step 1: reset=window counts C_mem afresh in each step. */
void tcs_step_begin(tcs_monitor_t *m);

/* Step 1 for one ACTIVE core: *stall_cycle is its stall_cycle(i), updated
 * with `stall` (its stall cycles in this step); lat_sum / lat_cnt are the
 * round trips of its loads that returned in this step. Returns true when
 * the core counts as memory bound (C_mem was incremented). */
bool tcs_core_test(tcs_monitor_t *m, uint64_t *stall_cycle, uint64_t stall, uint64_t lat_sum, uint64_t lat_cnt);

/* Step 2 at `cycle`: true when one ACTIVE core should become THROTTLE. */
bool tcs_decide(const tcs_monitor_t *m, uint64_t cycle);

/* Step 3, called when tcs_decide() said yes, at `cycle` with `insts`
 * instructions issued so far: true when the last throttle cost more than
 * sat_tol of the instruction rate (the caller restores that core and
 * throttles no more; m->stopped is set). Otherwise the throttle goes ahead:
 * C_active--, C_mem = 0 and a new span starts. */
bool tcs_saturated(tcs_monitor_t *m, uint64_t cycle, uint64_t insts);

/* Step 4: no throttle in the last `mon` cycles (or throttling stopped). */
bool tcs_converged(const tcs_monitor_t *m, uint64_t cycle);

#endif
