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
 * sm_issue.c -> sm_ldst.c -> sm_cta.c (and sm.c to each).
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

#include "cache.h"
#include "coalesce.h"
#include "counters.h"
#include "run_types.h"
#include "sm_issue.h"
#include "sm_ldst.h"
#include "sm_params.h"
#include "sm_pipes.h"
#include "sm_scoreboard.h"
#include "warp_policy.h"
#include "ports.h"

#define MAX_WARPS_PER_SM CONFIG_MAX_WARPS_PER_SM
#define MAX_CTAS_PER_SM CONFIG_MAX_CTAS_PER_SM
#define MAX_SCHED_PER_SM CONFIG_MAX_SCHED_PER_SM

typedef struct warp {
    const warp_inst_t *inst; /* instruction buffer: next instruction (&ibuf), or NULL */
    bool fetch_done;         /* the front-end has no more instructions */
    bool at_barrier;
    uint16_t outstanding_loads;
    uint16_t ldst_inflight;  /* instructions of this warp inside the LD/ST unit */
    uint16_t pending_stores; /* store requests not yet acknowledged by L2 */
    /* The instruction, copied at fetch while the front-end's copy is still in
     * the host's caches: the scoreboard check, often many cycles later,
     * then reads it next to the warp's scoreboard instead of taking a cache
     * miss on front-end storage (its address list stays the front-end's). */
    warp_inst_t ibuf;
    scoreboard_t sb;
} warp_t;

typedef struct cta_slot {
    bool used;
    bool paused;             /* DYNCTA: deprioritised */
    bool bypass_l1;          /* thread-block-level L1 bypass */
    kernel_run_t *kernel;
    void *fe;                /* front-end CTA state */
    uint64_t cta_id;
    uint32_t nwarps, live_warps, bar_arrived;
    uint16_t warp_slot[32];
    uint64_t start_cycle, warp_insts;
} cta_slot_t;

/* What a core adds to one kernel's counters while it ticks on a worker
 * thread (see defer_shared). */
typedef struct kernel_delta {
    kernel_run_t *kernel;
    kernel_stats_t st;
    uint64_t warp_insts, thread_insts;
} kernel_delta_t;
#define SM_KDELTA_MAX (MAX_CTAS_PER_SM + 1)

typedef struct sm {
    uint32_t id;
    const mem_ports_t *io;    /* config, address map, request pool, crossbars */
    const gpu_config_t *cfg;  /* = io->cfg */
    const warp_policy_ops_t *wp;
    enum core_state state;
    uint64_t gated_mark;      /* gated_cycles when it was last turned OFF (wake-ups) */
    uint64_t powered_at;      /* a woken gated core takes CTAs from this core cycle on
                                 (-power_wakeup_cycles after it was turned on) */
    bool mem_throttle;        /* policy flag: issue no memory instructions */
    /* resources in use */
    uint32_t used_threads, used_regs, used_shmem, used_ctas, used_warps;
    uint64_t alloc_mark;      /* cycle up to which c.reg_alloc_cycles / shmem_alloc_cycles are summed */
    cta_slot_t cta[MAX_CTAS_PER_SM];
    kernel_run_t *stall_kernel; /* the kernel stall cycles were last charged to (per-kernel stats) */
    warp_t warp[MAX_WARPS_PER_SM];
    warp_info_t winfo[MAX_WARPS_PER_SM];
    sm_issue_t iss;           /* fetch and issue: schedulers, cached verdicts (sm_issue.h) */
    uint64_t warp_age_seq;
    uint32_t warp_epoch;      /* bumped whenever warps are added or removed */
    bool any_paused;
    /* the warp policy: an instance per scheduler (the issue stage orders
     * warps by it; the LD/ST unit tells it of L1 misses and evictions) */
    uint32_t n_sched;
    void *wp_state[MAX_SCHED_PER_SM];
    sm_pipes_t pipes;         /* execution units (sm_pipes.h) */
    sm_ldst_t ldst;           /* LD/ST unit, L1D, MSHRs, miss queue (sm_ldst.h) */
    /* time */
    uint64_t wake;            /* next core cycle worth simulating */
    uint64_t last_cycle;      /* last cycle simulated (counters replay from here) */
    enum issue_outcome last_outcome;
    uint32_t last_flags;      /* stall flags of the last simulated cycle, for replay */
    sm_counters_t c;
    /* events for the GPU, drained after each core tick */
    cta_info_t finished[MAX_CTAS_PER_SM]; /* CTAs finished and already released */
    uint32_t n_finished;
    bool failed;              /* a front-end error: err holds it */
    cs_error_t err;
    /* What the parallel core phase (gpu.c, --threads) changes; last, so the
     * fields above keep their places. */
    req_pool_t *pool;         /* where its requests come from: io->pool, or its own (parallel cores) */
    /* Set by the GPU while the core ticks on a worker thread: counters of
     * shared objects (the kernels') go to kdelta instead, which the GPU adds
     * in core order after the parallel phase (sm_fold_kernel_deltas). */
    bool defer_shared;
    uint32_t n_kdelta;
    kernel_delta_t kdelta[SM_KDELTA_MAX];
} sm_t;

/* For the core's units (sm_*.c), not for the GPU; in sm_cta.c, which calls
 * no unit: */
/* Pull warp w's next instruction from the front-end into its buffer (none
 * left: the warp may finish). -1 on a front-end error (sm_error). */
int sm_fetch(sm_t *s, uint32_t w, uint64_t now);
/* Warp arrivals at a barrier of CTA c: all its live warps there releases them. */
void sm_barrier_release_check(sm_t *s, cta_slot_t *c, uint64_t now);
/* Kernel k's delta while defer_shared (see kernel_delta_t). */
kernel_delta_t *sm_kernel_delta(sm_t *s, kernel_run_t *k);
/* End warp w, which has finished (sm_warp_try_finish), and its CTA with its
 * last warp. */
void sm_warp_finish(sm_t *s, uint32_t w, uint64_t now);
/* Warp w may have finished (no instruction left, nothing in flight): end it,
 * and its CTA with its last warp. The test inline: every load completion
 * and store acknowledgement asks. */
static inline void sm_warp_try_finish(sm_t *s, uint32_t w, uint64_t now)
{
    const warp_t *wp = &s->warp[w];
    const warp_info_t *wi = &s->winfo[w];
    if (!wi->valid || !wp->fetch_done || wp->outstanding_loads || wp->ldst_inflight || wp->pending_stores)
        return;
    sm_warp_finish(s, w, now);
}
/* The counters of kernel k this core adds to now (k's own, or its delta);
 * inline: the accounting asks every cycle. */
static inline kernel_stats_t *sm_kernel_stats(sm_t *s, kernel_run_t *k)
{
    return s->defer_shared ? &sm_kernel_delta(s, k)->st : &k->st;
}
/* Count an issued warp instruction of `lanes` threads to kernel k. */
static inline void sm_count_kernel_insts(sm_t *s, kernel_run_t *k, uint32_t lanes)
{
    if (s->defer_shared) {
        kernel_delta_t *d = sm_kernel_delta(s, k);
        d->warp_insts++;
        d->thread_insts += lanes;
    } else {
        k->warp_insts++;
        k->thread_insts += lanes;
    }
}

/* Set up core `id`, with one warp-policy instance per scheduler created from
 * `warp_spec` (e.g. "tl:group=8"). Returns -1 with *err set if the policy
 * rejects its arguments. */
int sm_init(sm_t *s, const mem_ports_t *io, uint32_t id, const warp_policy_ops_t *wp, const char *warp_spec,
            cs_error_t *err);
/* Free the core; CTAs still resident (a run stopped early) end their front-end state. */
void sm_free(sm_t *s);
/* Resources free for one more CTA of k (threads, registers, shared memory, slots)? */
bool sm_fits(const sm_t *s, const kernel_run_t *k);
/* Start CTA `cta_id` of k (front-end state `fe`); returns the CTA slot, -1 on
 * a front-end error (sm_error). A CTA whose warps have no instruction at all
 * finishes at once: its event waits in sm_take_finished. */
int sm_start_cta(sm_t *s, kernel_run_t *k, uint64_t cta_id, void *fe, uint64_t now);
/* The policy's view of a resident CTA. */
void sm_cta_info(const sm_t *s, uint32_t slot, cta_info_t *out);
/* Simulate core cycle `now` (the interconnect's clock reads icnt_now).
 * Returns -1 on a front-end error (sm_error), else the number of CTA-finished
 * events waiting for sm_take_finished. */
int sm_cycle(sm_t *s, uint64_t now, uint64_t icnt_now);
/* Add the kernel deltas kept while defer_shared to the kernels; clear them. */
void sm_fold_kernel_deltas(sm_t *s);
/* Copy out the CTA-finished events (at most MAX_CTAS_PER_SM) and clear them. */
uint32_t sm_take_finished(sm_t *s, cta_info_t *out);
static inline const cs_error_t *sm_error(const sm_t *s) { return s->failed ? &s->err : NULL; }
/* Account the cycles between the last simulated one and `now` (exclusive). */
void sm_catch_up(sm_t *s, uint64_t now);
bool sm_idle(const sm_t *s); /* no CTA, nothing in flight */
/* A waiting LD/ST access finds the L1 changed: the core ticks next and
 * retries it (after accounting its sleep as failed retries). */
static inline void sm_ldst_recheck(sm_t *s)
{
    if (s->ldst.asleep) {
        s->ldst.recheck = true;
        s->wake = 0;
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
/* Anything for the core to do at core cycle `now`: its own wake-up time, or a
 * reply waiting at its crossbar port. */
static inline bool sm_due(const sm_t *s, uint64_t now, uint64_t icnt_now)
{
    return s->wake <= now || xbar_has_arrival(s->io->reply_net, s->id, icnt_now);
}
uint32_t sm_resident_ctas(const sm_t *s, const kernel_run_t *k); /* k NULL: all kernels */
/* Registers and shared-memory bytes allocated to resident CTAs, summed over
 * core cycles up to `now` (counters.h: reg_alloc_cycles). */
static inline void sm_alloc_integral(const sm_t *s, uint64_t now, uint64_t *regs, uint64_t *shmem)
{
    uint64_t d = now > s->alloc_mark ? now - s->alloc_mark : 0;
    *regs = s->c.reg_alloc_cycles + (uint64_t)s->used_regs * d;
    *shmem = s->c.shmem_alloc_cycles + (uint64_t)s->used_shmem * d;
}

#endif
