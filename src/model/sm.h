/* sm.h — one streaming multiprocessor (core): warps, instruction buffers,
 * scoreboard, warp schedulers, execution units, LD/ST unit with coalescer,
 * shared memory, L1 data cache with MSHRs and a miss queue.
 *
 * The core is the composition of its units, each with its own file, state
 * and parameter struct (filled from the config in sm_params.c):
 *   sm_cta.c          CTAs and warps: resources, start, fetch into each
 *                     warp's instruction buffer, barriers, finish, kernel
 *                     counters (the units call it; it calls no unit)
 *   sm_issue.[ch]     issue: schedulers, the cached scoreboard verdicts
 *                     (sm_issue_t iss)
 *   sm_scoreboard.h   a warp's pending register writes (warp_t.sb)
 *   sm_pipes.[ch]     the execution units' instances (sm_pipes_t pipes)
 *   sm_ldst.[ch]      LD/ST unit, L1D, MSHRs, miss queue (sm_ldst_t ldst)
 * sm.c keeps set-up, the cycle's accounting and sm_cycle, which ticks the
 * units in the order below. Calls between these files run one way: sm.c ->
 * sm_issue.c -> sm_ldst.c -> sm_cta.c (and sm.c to each). The state they
 * share lies in headers without code, below them all: sm_state.h (sm_t),
 * sm_issue_state.h and sm_ldst_state.h (each unit's part of sm_t), so that
 * a unit that only touches another's state does not depend on its code.
 *
 * Pipeline per core cycle (sm_cycle):
 *   1. consume at most one reply from the interconnect (L1 fill port) and
 *      wake the loads waiting on it;
 *   2. the LD/ST unit performs one cache access of its current instruction
 *      (shared memory: one pass per cycle for bank conflicts);
 *   3. the head of the miss queue is injected into the request crossbar;
 *   4. each scheduler issues at most one instruction: the first warp in its
 *      policy's order whose instruction passes the scoreboard (RAW/WAW) and
 *      finds its unit free; the warp's next instruction is fetched at once
 *      (an instruction buffer of one decoded instruction per warp);
 *   5. the cycle is classified (counters.h).
 * Latencies (core cycles, from the issue cycle): ALU result after lat[class];
 * L1 hit after l1_latency; shared memory after smem_latency + passes - 1;
 * constant/texture (modelled as always hitting) after const_latency.
 * A core whose warps all wait on known future events sleeps until the first
 * of them; its counters are replayed for the skipped cycles.
 *
 * The core talks to the machine only through its ports (ports.h) and what it
 * returns: a CTA that finishes is released (its slot and resources free at
 * once) and left as an event for the GPU, which drains the events after the
 * core tick and only then tells the CTA policies (sm_take_finished); a
 * front-end error is kept in the core (sm_error) and returned as -1. */
#ifndef CTASIM_SM_H
#define CTASIM_SM_H

#include "sm_cta.h"
#include "sm_state.h"

/* Set up core `id`, with one warp-policy instance per scheduler created from
 * `warp_spec` (e.g. "tl:group=8"). *s must be all zero (calloc or
 * zero_pages_alloc): sm_init writes only what is not zero at the start.
 * Returns -1 with *err set if the policy rejects its arguments. */
int sm_init(sm_t *s, const mem_ports_t *io, uint32_t id, const warp_policy_ops_t *wp, const char *warp_spec,
            cs_error_t *err);
/* Free the core; CTAs still resident (a run stopped early) end their front-end state. */
void sm_free(sm_t *s);
/* Simulate core cycle `now` (the interconnect's clock reads icnt_now).
 * Returns -1 on a front-end error (sm_error), else the number of CTA-finished
 * events waiting for sm_take_finished. */
int sm_cycle(sm_t *s, uint64_t now, uint64_t icnt_now);
/* Copy out the CTA-finished events (at most MAX_CTAS_PER_SM) and clear them. */
uint32_t sm_take_finished(sm_t *s, cta_info_t *out);
/* Account the cycles between the last simulated one and `now` (exclusive). */
void sm_catch_up(sm_t *s, uint64_t now);
bool sm_idle(const sm_t *s); /* no CTA, nothing in flight */
/* A waiting LD/ST access finds the L1 changed: the core ticks next and
 * retries it (after accounting its sleep as failed retries). */
static inline void sm_ldst_recheck(sm_t *s)
{
    if (s->ldst.asleep) {
        s->ldst.recheck = true;
        *s->wake = 0;
    }
}
/* The L1's number of ways (the adaptive unified L1 at a kernel launch) and
 * its invalidation between kernels; both leave the L1 empty. */
static inline void sm_l1_set_ways(sm_t *s, uint32_t ways)
{
    if (s->ldst.l1.cfg.enabled)
        cache_set_assoc(&s->ldst.l1, ways);
    sm_ldst_recheck(s);
}
static inline void sm_l1_flush(sm_t *s)
{
    cache_invalidate_all(&s->ldst.l1);
    sm_ldst_recheck(s);
}
/* Anything for core `id` to do at core cycle `now`: its wake-up time has
 * come, or a reply waits at its port of the reply network. From the parts,
 * for the GPU's due scan, which reads them without touching sm_t. */
static inline bool sm_due_at(uint64_t wake, const xbar_t *reply_net, uint32_t id, uint64_t now, uint64_t icnt_now)
{
    return wake <= now || xbar_has_arrival(reply_net, id, icnt_now);
}
static inline bool sm_due(const sm_t *s, uint64_t now, uint64_t icnt_now)
{
    return sm_due_at(*s->wake, s->io->reply_net, s->id, now, icnt_now);
}
/* The core holds CTAs, and nothing of it is in the memory system or on its
 * way there: its LD/ST unit holds no instruction, no miss and no MSHR, no
 * reply is owed to it, no CTA-finished event or error waits for the GPU, no
 * warp waits for published writes. Until it issues a memory instruction
 * (which the LD/ST unit takes up at the next cycle at the earliest) or a CTA
 * ends, its cycles read and write only its own state: the GPU may tick it
 * ahead of the others (gpu/run_ahead.h). */
static inline bool sm_detached(const sm_t *s)
{
    const sm_ldst_t *u = &s->ldst;
    return !u->net_inflight && sm_ldst_quiet(u) && !u->mshr.used && s->used_ctas && !s->n_finished && !s->failed &&
           !s->iss.refetch; /* (the likeliest to fail first; quiet covers the miss queue) */
}

#endif
