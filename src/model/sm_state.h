/* sm_state.h — a core's state: sm_t and its parts (warps, CTA slots, the
 * kernels' deltas, each unit's own state), shared by sm.c and the units
 * (sm_*.c). It holds no function but reads of that state, so every unit can
 * depend on it while the units' code depends one way (sm.h says which). */
#ifndef CTASIM_SM_STATE_H
#define CTASIM_SM_STATE_H

#include "cache.h"
#include "coalesce.h"
#include "counters.h"
#include "run_types.h"
#include "sm_async.h"
#include "sm_issue_state.h"
#include "sm_ldst_state.h"
#include "sm_params.h"
#include "sm_pipes.h"
#include "sm_scoreboard.h"
#include "warp_policy.h"
#include "ports.h"

#define MAX_WARPS_PER_SM CONFIG_MAX_WARPS_PER_SM
#define MAX_CTAS_PER_SM CONFIG_MAX_CTAS_PER_SM
_Static_assert(MAX_CTAS_PER_SM <= 32, "sm_t.cta_mask has a bit per CTA slot");
#define MAX_SCHED_PER_SM CONFIG_MAX_SCHED_PER_SM

typedef struct warp {
    const warp_inst_t *inst; /* instruction buffer: next instruction (&ibuf), or NULL */
    bool fetch_done;         /* the front-end has no more instructions */
    bool at_barrier;
    bool at_cluster_wait;    /* barrier.cluster.wait until its cluster completes phase cluster_arrives */
    uint32_t cluster_arrives;/* barrier.cluster.arrive issued */
    uint16_t outstanding_loads;
    uint16_t ldst_inflight;  /* instructions of this warp inside the LD/ST unit */
    uint16_t pending_stores; /* store requests not yet acknowledged by L2 */
    /* The instruction, copied at fetch while the front-end's copy is still in
     * the host's caches: the scoreboard check, often many cycles later,
     * then reads it next to the warp's scoreboard instead of taking a cache
     * miss on front-end storage (its address list stays the front-end's). */
    warp_inst_t ibuf;
    scoreboard_t sb;
    async_groups_t async;    /* its cp.async copies in flight, by group (sm_async.h) */
} warp_t;

typedef struct cta_slot {
    bool paused;             /* DYNCTA: deprioritised */
    bool bypass_l1;          /* thread-block-level L1 bypass */
    kernel_run_t *kernel;
    void *fe;                /* front-end CTA state */
    uint64_t cta_id;
    uint32_t nwarps, live_warps, bar_arrived;
    uint16_t warp_slot[32];
    uint64_t start_cycle, warp_insts;
    cluster_run_t *cluster;  /* its cluster, NULL until one is set or needed */
} cta_slot_t;

/* What a core adds to one kernel's counters while it ticks on a worker
 * thread (see defer_shared). */
typedef struct kernel_delta {
    kernel_run_t *kernel;
    kernel_stats_t st;
    uint64_t warp_insts, thread_insts;
} kernel_delta_t;
/* The most kernels one cycle of a core counts to: its resident CTAs' and
 * the one its stall cycles go to. */
#define SM_KDELTA_MAX (MAX_CTAS_PER_SM + 1)
/* The deltas are added to the kernels only when something reads the kernels'
 * counters (gpu.c, fold_kernel_deltas) or when a core holds more than
 * SM_KDELTA_MAX of them after a cycle: room for one more cycle's worth. */
#define SM_KDELTA_CAP (2 * SM_KDELTA_MAX)

typedef struct sm {
    /* What sm_init writes lies together, in as few host pages as it fits
     * (about 1.1 KB: the header, the policy instances, the execution units
     * and the LD/ST unit's fields before its queue): the storage is zero
     * pages (zero_pages.h, sm_init), each page a run touches costs a page
     * fault (14 us on the development machine), and a GPU of 132 cores had
     * two or three of its ten pages written before any simulation
     * (docs/SPEED.md "Start-up"). The issue stage's state comes first, next
     * to the rest of what the issue stage reads each cycle, as before; sm_init
     * writes none of it (its schedulers' warp slots are laid out at the core's
     * first issue stage, sm_issue.c). The large per-CTA and per-warp arrays
     * follow; a run touches only the entries of the CTAs and warps it places. */
    sm_issue_t iss;           /* fetch and issue: schedulers, cached verdicts (sm_issue.h) */
    uint32_t id;
    const mem_ports_t *io;    /* config, address map, request pool, crossbars */
    const gpu_config_t *cfg;  /* = io->cfg */
    const warp_policy_ops_t *wp;
    req_pool_t *pool;         /* where its requests come from: io->pool, or its own (parallel cores) */
    enum core_state state;
    uint64_t gated_mark;      /* gated_cycles when it was last turned OFF (wake-ups) */
    uint64_t powered_at;      /* a woken gated core takes CTAs from this core cycle on
                                 (-power_wakeup_cycles after it was turned on) */
    bool mem_throttle;        /* policy flag: issue no memory instructions */
    /* resources in use */
    uint32_t used_threads, used_regs, used_shmem, used_ctas, used_warps;
    /* bit i set: cta[i] holds a CTA (sm_cta_used; the slots keep no flag of
     * their own). The per-CTA scans (resident CTAs of a kernel,
     * the stall owner, a free slot) visit the used slots only: a full pass of
     * cta[] reads 32 slots of 136 bytes, and the dispatcher asks every core
     * after every CTA end (VADD at cap 1: 3 % of the run in sm_fits). */
    uint32_t cta_mask;
    uint64_t alloc_mark;      /* cycle up to which c.reg_alloc_cycles / shmem_alloc_cycles are summed */
    kernel_run_t *stall_kernel; /* the kernel stall cycles were last charged to (per-kernel stats) */
    /* time */
    /* next core cycle worth simulating: own_wake, or the core's entry of the
     * GPU's array of them (--threads, gpu_set_threads), where the run loop
     * reads every core's wake-up each cycle without touching the lines of
     * cores that a worker thread's CPU holds */
    uint64_t *wake;
    uint64_t own_wake;
    uint64_t async_due;       /* warps released from a cp.async commit or wait at a later cycle (sm_async.h) */
    uint64_t last_cycle;      /* last cycle simulated (counters replay from here) */
    enum issue_outcome last_outcome;
    uint32_t last_flags;      /* stall flags of the last simulated cycle, for replay */
    uint64_t warp_age_seq;
    uint32_t warp_epoch;      /* bumped whenever warps are added or removed */
    bool any_paused;
    /* the warp policy: an instance per scheduler (the issue stage orders
     * warps by it; the LD/ST unit tells it of L1 misses and evictions) */
    uint32_t n_sched;
    void *wp_state[MAX_SCHED_PER_SM];
    sm_pipes_t pipes;         /* execution units (sm_pipes.h) */
    sm_ldst_t ldst;           /* LD/ST unit, L1D, MSHRs, miss queue (sm_ldst.h) */
    sm_counters_t c;
    uint32_t n_finished;
    bool failed;              /* a front-end error: err holds it */
    /* Set by the GPU while the core ticks on a worker thread: counters of
     * shared objects (the kernels') go to kdelta instead, which the GPU adds
     * (sm_fold_kernel_deltas) before anything reads a kernel's counters, or
     * once more than SM_KDELTA_MAX are held after a cycle. */
    bool defer_shared;
    uint32_t n_kdelta;
    cta_slot_t cta[MAX_CTAS_PER_SM];
    warp_t warp[MAX_WARPS_PER_SM];
    warp_info_t winfo[MAX_WARPS_PER_SM];
    /* events for the GPU, drained after each core tick */
    cta_info_t finished[MAX_CTAS_PER_SM]; /* CTAs finished and already released */
    cs_error_t err;
    kernel_delta_t kdelta[SM_KDELTA_CAP];
} sm_t;

/* Whether CTA slot `slot` of core s holds a CTA (sm_t.cta_mask). */
static inline bool sm_cta_used(const sm_t *s, uint32_t slot) { return slot < MAX_CTAS_PER_SM && (s->cta_mask >> slot & 1); }

static inline const cs_error_t *sm_error(const sm_t *s) { return s->failed ? &s->err : NULL; }
/* Registers and shared-memory bytes allocated to resident CTAs, summed over
 * core cycles up to `now` (counters.h: reg_alloc_cycles). */
static inline void sm_alloc_integral(const sm_t *s, uint64_t now, uint64_t *regs, uint64_t *shmem)
{
    uint64_t d = now > s->alloc_mark ? now - s->alloc_mark : 0;
    *regs = s->c.reg_alloc_cycles + (uint64_t)s->used_regs * d;
    *shmem = s->c.shmem_alloc_cycles + (uint64_t)s->used_shmem * d;
}

#endif
