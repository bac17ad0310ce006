/* sm.h — one streaming multiprocessor (core): warps, instruction buffers,
 * scoreboard, warp schedulers, execution units, LD/ST unit with coalescer,
 * shared memory, L1 data cache with MSHRs and a miss queue.
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
#include "warp_policy.h"
#include "ports.h"

#define SB_MAX 16            /* pending register writes tracked per warp */
#define MAX_WARPS_PER_SM CONFIG_MAX_WARPS_PER_SM
#define MAX_CTAS_PER_SM CONFIG_MAX_CTAS_PER_SM
#define MAX_SCHED_PER_SM CONFIG_MAX_SCHED_PER_SM
#define LDST_QUEUE 2         /* memory instructions the LD/ST unit holds */
#define SM_TIMED_WHEEL 64    /* slots of the timed-hint wheel (a power of two) */

typedef struct sb_entry {
    uint16_t reg;
    uint64_t ready; /* CS_NEVER while a load is outstanding */
} sb_entry_t;

typedef struct warp {
    const warp_inst_t *inst; /* instruction buffer: next instruction (&ibuf), or NULL */
    bool fetch_done;         /* the front-end has no more instructions */
    bool at_barrier;
    uint8_t n_sb;
    uint16_t outstanding_loads;
    uint16_t ldst_inflight;  /* instructions of this warp inside the LD/ST unit */
    uint16_t pending_stores; /* store requests not yet acknowledged by L2 */
    /* The instruction, copied at fetch while the front-end's copy is still in
     * the host's caches: the scoreboard check, often many cycles later,
     * then reads it next to the warp's scoreboard instead of taking a cache
     * miss on front-end storage (its address list stays the front-end's). */
    warp_inst_t ibuf;
    sb_entry_t sb[SB_MAX];
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

typedef struct load_rec {
    uint16_t warp;
    uint8_t ndst;
    bool all_sent;           /* every access of the instruction has been processed */
    uint16_t dst[INST_MAX_DST];
    uint32_t outstanding;    /* accesses still waiting for replies */
    uint64_t ready;          /* latest known completion among processed accesses */
    uint32_t next_free;
} load_rec_t;

typedef struct ldst_op {
    uint16_t warp, cta_slot;
    uint8_t flags, space;
    uint8_t naccess, next;
    uint32_t load_rec;       /* UINT32_MAX when the instruction returns nothing */
    uint32_t passes_left;    /* shared memory passes */
    uint64_t issue_cycle;
    mem_access_t acc[COALESCE_MAX_ACCESSES];
} ldst_op_t;

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
    /* Cached scoreboard verdict of each warp's current instruction: no need
     * to look again before hint_ready[w] (CS_NEVER: until one of the warp's
     * loads completes). Kept apart from warp_t so that the issue stage, which
     * walks every warp each cycle, reads one small array instead of a cache
     * line per warp. */
    uint64_t hint_ready[MAX_WARPS_PER_SM];
    uint8_t hint_flags[MAX_WARPS_PER_SM];
    /* Bit per warp whose hint is CS_NEVER (it waits for one of its loads),
     * one mask per flag of its verdict (BLK_MEMDATA, BLK_ALUDEP): with a
     * policy that lists every ready warp, these warps are skipped as a set
     * (sched_view.skip). */
    uint64_t never_mem, never_alu;
    /* Bit per warp whose hint is a finite cycle (it waits out an ALU
     * result or a free scoreboard entry): with a policy that lists every
     * ready warp, such a warp is left out of the order until its cycle and
     * accounted for as a set, like never_*. */
    uint64_t timed_hint;
    /* The same warps by the cycle of their hint, modulo SM_TIMED_WHEEL: warp
     * w of timed_hint is in timed_wheel[hint_ready[w] % SM_TIMED_WHEEL]. At
     * the start of each evaluation the issue stage drops the hints due by
     * then, looking only at the slots of the cycles since the last one it
     * looked at (timed_swept), so that within a stage every warp of
     * timed_hint still waits; a slot may also hold hints a turn or more
     * later, which stay. */
    uint64_t timed_wheel[SM_TIMED_WHEEL];
    uint64_t timed_swept;
    /* Bit per warp whose current instruction passed the scoreboard check
     * (and then waited for the LD/ST unit or an execution unit): it keeps
     * passing, since only the warp's own issue adds entries and every change
     * of instruction or scoreboard goes through set_hint, which clears the
     * bit. clear_unit[w] (at the end of sm_t) is that instruction's unit
     * class. */
    uint64_t sb_clear;
    uint64_t inst_mask;       /* bit per warp that is valid and has an instruction (winfo) */
    uint64_t warp_age_seq;
    uint32_t warp_epoch;      /* bumped whenever warps are added or removed */
    bool any_paused;
    /* schedulers */
    uint32_t n_sched;
    uint16_t sched_slots[MAX_SCHED_PER_SM][MAX_WARPS_PER_SM];
    uint32_t sched_n[MAX_SCHED_PER_SM];
    uint64_t sched_mask[MAX_SCHED_PER_SM]; /* bit per slot of each scheduler */
    void *wp_state[MAX_SCHED_PER_SM];
    /* execution units: free_at per instance */
    uint64_t *unit_free[UNIT__COUNT];
    uint32_t n_unit[UNIT__COUNT];
    uint32_t unit_map[UNIT__COUNT]; /* fallback mapping (INT->SP on Fermi, DP->SFU) */
    /* LD/ST */
    ldst_op_t ldst[LDST_QUEUE];
    uint32_t ldst_head, ldst_count;
    bool ldst_blocked;        /* last attempt failed on MSHR/miss queue */
    /* The head access failed for want of a resource (miss queue room, an
     * MSHR, a frame to reserve): a retry fails the same way until a reply
     * arrives or the miss queue drains, so the unit sleeps till then and each
     * cycle only counts what a failed retry counts (ldst_retry_fails
     * reservation failures: 0 or 1). A retry's LRU touch of the line it
     * waits for is left out: nothing else touches the L1 meanwhile, so that
     * line stays the most recent either way. */
    bool ldst_asleep;
    bool ldst_recheck;        /* the L1 was flushed or resized: retry at the next tick */
    uint8_t ldst_retry_fails;
    cache_t l1;
    mshr_table_t mshr;
    req_fifo_t missq;
    uint32_t missq_cap;
    bool sector_accesses;     /* one access per 32-byte sector (-gpgpu_coalesce_arch >= 40) */
    bool sector_mshr;         /* ... and the L1's MSHR entries are per sector (sectored L1) */
    uint32_t l1_bank_shift;   /* log2 -gpgpu_l1_banks_byte_interleaving */
    load_rec_t *lrec;
    uint32_t lrec_n, lrec_free;
    /* time */
    uint64_t wake;            /* next core cycle worth simulating */
    uint64_t last_cycle;      /* last cycle simulated (counters replay from here) */
    enum issue_outcome last_outcome;
    uint32_t last_flags;      /* stall flags of the last simulated cycle, for replay */
    /* The issue stage is skipped while nothing it depends on changed: a load
     * completing, a new instruction, a barrier release, the LD/ST unit freeing
     * a slot, a CTA arriving set issue_dirty; ALU results and units set issue_wake. */
    bool issue_dirty;
    uint64_t issue_wake;
    uint32_t issue_flags;     /* verdict of the last evaluation */
    uint64_t issue_sb;        /* scoreboard conflicts that evaluation counted */
    uint32_t issue_noready;   /* schedulers of that evaluation with no ready instruction (c_mem_sched) */
    uint32_t issue_memwait;   /* schedulers of that evaluation stalled on the memory side (c_mem_sched_mem) */
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
    uint8_t clear_unit[MAX_WARPS_PER_SM]; /* see sb_clear */
} sm_t;

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
/* The counters of kernel k this core adds to now (k's own, or its delta). */
kernel_stats_t *sm_kernel_stats(sm_t *s, kernel_run_t *k);
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
    if (s->ldst_asleep) {
        s->ldst_recheck = true;
        s->wake = 0;
    }
}
/* The L1's number of ways (the adaptive unified L1 at a kernel launch) and
 * its invalidation between kernels; both leave the L1 empty. */
static inline void sm_l1_set_ways(sm_t *s, uint32_t ways)
{
    if (s->l1.cfg.enabled)
        cache_set_assoc(&s->l1, ways);
    sm_ldst_recheck(s);
}
static inline void sm_l1_flush(sm_t *s)
{
    cache_invalidate_all(&s->l1);
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
