/* tcs_monitor.c — TCS's MONITOR decisions (Algorithm 1) from a metric feed;
 * see tcs_monitor.h for the steps and cta_tcs.c for where the feed comes
 * from. */
#include "tcs_monitor.h"

void tcs_monitor_start(tcs_monitor_t *m, uint32_t c_active, uint64_t cycle, uint64_t insts)
{
    m->c_mem = 0;
    m->c_active = c_active;
    m->stopped = false;
    m->last_change = cycle;
    m->span_insts = insts;
    m->rate_before = -1.0;
    m->throttles = 0;
}

void tcs_step_begin(tcs_monitor_t *m)
{
    if (m->reset_window)
        m->c_mem = 0;
}

bool tcs_core_test(tcs_monitor_t *m, uint64_t *stall_cycle, uint64_t stall, uint64_t lat_sum, uint64_t lat_cnt)
{
    *stall_cycle = m->reset_window ? stall : *stall_cycle + stall;
    double amat = lat_cnt ? (double)lat_sum / (double)lat_cnt : 0.0;
    if (2 * *stall_cycle > m->mon && amat > m->thr) {
        m->c_mem++;
        *stall_cycle = 0;
        return true;
    }
    return false;
}

bool tcs_decide(const tcs_monitor_t *m, uint64_t cycle)
{
    /* C_mem >= C_active/2 with integers; never throttle the last ACTIVE core
     * (C_mem >= 1/2 would); C_mem waits while the span since the last
     * throttle is shorter than `gap` */
    return !m->stopped && m->c_active > 1 && 2 * (uint64_t)m->c_mem >= m->c_active && cycle >= m->last_change + m->gap;
}

bool tcs_saturated(tcs_monitor_t *m, uint64_t cycle, uint64_t insts)
{
    double span = (double)(cycle - m->last_change);
    double rate = span > 0 ? (double)(insts - m->span_insts) / span : 0.0;
    if (m->sat_tol >= 0 && m->rate_before > 0 && rate < m->rate_before * (1.0 - m->sat_tol)) {
        m->stopped = true;
        m->c_active++; /* the last throttled core comes back */
        m->c_mem = 0;
        m->last_change = cycle;
        return true;
    }
    m->c_active--;
    m->c_mem = 0;
    /* the span from the phase start holds the kernel's ramp (every core
     * issues at full speed until its first loads block): its rate is no
     * reference, so the test starts with the span after the first throttle */
    m->rate_before = m->throttles++ ? rate : -1.0;
    m->last_change = cycle;
    m->span_insts = insts;
    return false;
}

bool tcs_converged(const tcs_monitor_t *m, uint64_t cycle) { return m->stopped || cycle >= m->last_change + m->mon; }
