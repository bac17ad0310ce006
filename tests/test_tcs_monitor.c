/* test_tcs_monitor.c — TCS's MONITOR phase (Song et al., DATE'14, Alg. 1)
 * step by step, from synthetic metric feeds (policy/tcs_monitor.c): the
 * per-core test (stall_cycle > mon/2 and AMAT > thr, stall_cycle kept until
 * the core is counted), the decision (C_mem >= C_active/2, never the last
 * core), the throttle (C_active--, C_mem = 0), the pace of several steps per
 * window, the saturation stop (sat=ipc) and the end of the phase
 * (end=converged). Each case names the number a broken reading gets. */
#include "policy/tcs_monitor.h"
#include "test.h"

static tcs_monitor_t monitor(uint32_t mon, uint32_t thr, bool reset_window, double sat_tol, uint32_t active)
{
    tcs_monitor_t m = {.mon = mon, .thr = thr, .reset_window = reset_window, .sat_tol = sat_tol};
    tcs_monitor_start(&m, active, 0, 0);
    return m;
}

/* Step 1 (monitor), reset=alg: stall_cycle(i) accumulates over steps and is
 * reset only when the core is counted. 300 stall cycles per 1000-cycle
 * window: counted at the second step (600 > 500), never under reset=window
 * (300 each time) — and a reading that reset stall_cycle every step would
 * never count it either. */
static void core_test_accumulates_until_counted(void)
{
    tcs_monitor_t m = monitor(1000, 400, false, -1, 4);
    uint64_t stall = 0;
    CHECK(!tcs_core_test(&m, &stall, 300, 500 * 10, 10));
    CHECK_EQ(stall, 300);
    CHECK(tcs_core_test(&m, &stall, 300, 500 * 10, 10));
    CHECK_EQ(stall, 0);
    CHECK_EQ(m.c_mem, 1);
    CHECK(!tcs_core_test(&m, &stall, 300, 500 * 10, 10));
    CHECK_EQ(stall, 300);

    tcs_monitor_t w = monitor(1000, 400, true, -1, 4);
    uint64_t ws = 0;
    for (int i = 0; i < 5; i++) {
        tcs_step_begin(&w);
        CHECK(!tcs_core_test(&w, &ws, 300, 500 * 10, 10));
    }
    CHECK_EQ(w.c_mem, 0);
}

/* Step 1, both conditions are strict: stall_cycle must exceed mon/2 (500 is
 * not enough, 501 is), AMAT must exceed thr (400.0 is not, 400.1 is), and a
 * core with no load back in the step has AMAT 0 (never memory bound). */
static void core_test_thresholds_are_strict(void)
{
    tcs_monitor_t m = monitor(1000, 400, true, -1, 4);
    uint64_t s = 0;
    CHECK(!tcs_core_test(&m, &s, 500, 4010, 10));
    CHECK(tcs_core_test(&m, &s, 501, 4001, 10));
    CHECK(!tcs_core_test(&m, &s, 900, 4000, 10)); /* AMAT 400.0 */
    CHECK(!tcs_core_test(&m, &s, 900, 0, 0));     /* no load came back */
    CHECK_EQ(m.c_mem, 1);
}

/* Step 2 (decide): C_mem >= C_active/2 with C_active/2 not rounded: 3 of 6
 * cores throttle, 2 of 6 do not; 3 of 7 do not (a floor C_active/2 would
 * say 3 >= 3), 4 of 7 do. One ACTIVE core is never throttled (C_mem >= 1/2
 * would). */
static void decide_needs_half_the_active_cores(void)
{
    tcs_monitor_t m = monitor(1000, 0, false, -1, 6);
    m.c_mem = 2;
    CHECK(!tcs_decide(&m, 1u << 30));
    m.c_mem = 3;
    CHECK(tcs_decide(&m, 1u << 30));
    m = monitor(1000, 0, false, -1, 7);
    m.c_mem = 3;
    CHECK(!tcs_decide(&m, 1u << 30));
    m.c_mem = 4;
    CHECK(tcs_decide(&m, 1u << 30));
    m = monitor(1000, 0, false, -1, 1);
    m.c_mem = 5;
    CHECK(!tcs_decide(&m, 1u << 30));
}

/* Step 3 (throttle), sat=off: each throttle takes one ACTIVE core and clears
 * C_mem, whatever the instruction rate does (here it halves each time). */
static void throttle_takes_one_core_and_clears_c_mem(void)
{
    tcs_monitor_t m = monitor(1000, 0, false, -1, 6);
    uint64_t insts = 0;
    for (uint32_t i = 1; i <= 4; i++) {
        m.c_mem = 6;
        CHECK(tcs_decide(&m, 1u << 30));
        insts += 8000 >> i;
        CHECK(!tcs_saturated(&m, 1000 * i, insts));
        CHECK_EQ(m.c_active, 6 - i);
        CHECK_EQ(m.c_mem, 0);
    }
    CHECK(!m.stopped);
}

/* The pace: eight cores, each stalled for every cycle, mon = 8192. One step
 * per window (the old reading) throttles once per window: 2 cores by cycle
 * 16384. With step = 512 a fully stalled core is counted every 4608 cycles
 * (stall_cycle > 4096 after 9 steps); cores started out of phase (core i
 * with i*512 stall cycles already counted) are counted at different steps,
 * so C_mem reaches C_active/2 more often: 6 throttles by cycle 16384. */
static uint32_t throttles_by(uint32_t step, uint64_t until)
{
    tcs_monitor_t m = monitor(8192, 100, false, -1, 8);
    uint64_t stall[8];
    bool active[8];
    for (uint32_t c = 0; c < 8; c++) {
        stall[c] = step < 8192 ? c * 512 : 0;
        active[c] = true;
    }
    uint32_t n = 0;
    for (uint64_t t = step; t <= until; t += step) {
        tcs_step_begin(&m);
        for (uint32_t c = 0; c < 8; c++)
            if (active[c])
                tcs_core_test(&m, &stall[c], step, 300 * 10, 10);
        if (tcs_decide(&m, 1u << 30)) {
            CHECK(!tcs_saturated(&m, t, t));
            uint32_t j = 8;
            while (!active[j - 1])
                j--;
            active[j - 1] = false;
            n++;
        }
    }
    return n;
}

static void several_steps_per_window_throttle_faster(void)
{
    uint32_t slow = throttles_by(8192, 16384), fast = throttles_by(512, 16384);
    printf("  throttles by cycle 16384: step=8192 %u, step=512 %u\n", slow, fast);
    CHECK_EQ(slow, 2);
    CHECK_EQ(fast, 6);
}

/* Step 4 (saturation, sat=ipc with 5 %): the span before the first throttle
 * (the ramp, 5 instructions per cycle) is no reference; between the first
 * and second throttle 2.0 per cycle, then 1.95 (-2.5 %: still saturated,
 * throttle), then 1.75 (-10.3 % against 1.95: the last throttle cost
 * performance). That throttle is undone (C_active back from 3 to 4) and no
 * further throttle is decided. Without the ramp rule the second throttle
 * would already stop (2.0 < 5.0). */
static void saturation_undoes_the_throttle_that_costs(void)
{
    tcs_monitor_t m = monitor(1000, 0, false, 0.05, 6);
    m.c_mem = 6;
    CHECK(!tcs_saturated(&m, 1000, 5000));
    CHECK_EQ(m.c_active, 5);
    CHECK(!tcs_saturated(&m, 2000, 7000));
    CHECK_EQ(m.c_active, 4);
    CHECK(!tcs_saturated(&m, 3000, 8950));
    CHECK_EQ(m.c_active, 3);
    CHECK(tcs_saturated(&m, 4000, 10700));
    CHECK_EQ(m.c_active, 4);
    CHECK(m.stopped);
    m.c_mem = 4;
    CHECK(!tcs_decide(&m, 1u << 30));
    CHECK(tcs_converged(&m, 4001));
    /* sat=off with the same feed throttles on */
    tcs_monitor_t off = monitor(1000, 0, false, -1, 6);
    CHECK(!tcs_saturated(&off, 1000, 5000));
    CHECK(!tcs_saturated(&off, 2000, 7000));
    CHECK(!tcs_saturated(&off, 3000, 8950));
    CHECK(!tcs_saturated(&off, 4000, 10700));
    CHECK_EQ(off.c_active, 2);
}

/* end=converged: MONITOR may end only when a whole window (mon cycles) has
 * passed since the last throttle. */
static void converged_after_a_window_without_throttle(void)
{
    tcs_monitor_t m = monitor(1000, 0, false, -1, 6);
    CHECK(!tcs_converged(&m, 999));
    CHECK(tcs_converged(&m, 1000));
    CHECK(!tcs_saturated(&m, 1500, 100));
    CHECK(!tcs_converged(&m, 2499));
    CHECK(tcs_converged(&m, 2500));
}

int main(void)
{
    RUN(core_test_accumulates_until_counted);
    RUN(core_test_thresholds_are_strict);
    RUN(decide_needs_half_the_active_cores);
    RUN(throttle_takes_one_core_and_clears_c_mem);
    RUN(several_steps_per_window_throttle_faster);
    RUN(saturation_undoes_the_throttle_that_costs);
    RUN(converged_after_a_window_without_throttle);
    TEST_EXIT();
}
