/* warp_policy.h — warp scheduling policies as plug-ins (ops table).
 *
 * Each SM has num_sched_per_core schedulers; warp slot w belongs to scheduler
 * w % num_sched. Every cycle a scheduler asks its policy to order its warps;
 * the SM then issues the first warp in that order whose next instruction is
 * ready (scoreboard, unit, LD/ST). Warps of paused CTAs are moved behind all
 * others by the SM, whatever the policy (DYNCTA pausing works under every
 * warp policy).
 *
 * The contract. A warp policy belongs to one scheduler of one core (created
 * by sm_init, one instance per scheduler) and sees only its scheduler's view
 * (sched_view_t) and the feedback below; it has no GPU handle and changes
 * nothing outside its own state.
 *   order   when the core evaluates its issue stage in cycle v->now: every
 *           cycle something the verdict depends on changed (a load
 *           completed, an instruction was fetched, a barrier released, a CTA
 *           arrived or left, the LD/ST unit freed a slot, an ALU result or a
 *           unit became ready); otherwise the core reuses the previous
 *           verdict and order is not called. So order must not count cycles;
 *           time is v->now. The warps listed are the scheduler's slots with
 *           a live warp (valid), in any state.
 *   issued  right after slot's instruction issued, in the same cycle, before
 *           the warp fetches its next instruction.
 *   l1_miss when a load of slot misses L1 and a fetch is sent (not for a
 *           pending hit or a bypassed access).
 *   l1_evict when a fill evicts a valid L1 line last filled for owner_slot.
 * Slots are reused: a slot whose warp finished may hold a new warp (of
 * another CTA) at the next order; v->epoch changes whenever that happens. */
#ifndef CTASIM_WARP_POLICY_H
#define CTASIM_WARP_POLICY_H

#include "util/policy_args.h"

/* What a warp policy may read about a warp. */
typedef struct warp_info {
    bool valid;          /* slot holds a live warp */
    bool has_inst;       /* an instruction is waiting to issue */
    bool waiting_mem;    /* has a load outstanding */
    uint32_t cta_slot;
    uint64_t cta_id;     /* linear CTA id within its kernel */
    uint32_t kernel;     /* kernel launch index */
    uint32_t warp_in_cta;
    uint64_t age;        /* launch order across the SM: lower = older */
    uint64_t cta_age;    /* age of the CTA's first warp: equal within a CTA, orders CTAs */
    uint64_t last_issue; /* cycle of last issue */
} warp_info_t;

typedef struct sched_view {
    const uint16_t *slots;     /* warp slots of this scheduler, ascending */
    unsigned n;
    const warp_info_t *warps;  /* indexed by slot */
    uint64_t now;
    uint32_t sm, sched;
    uint32_t epoch;            /* changes whenever warps are added or removed: cache keys */
    /* For a policy with lists_every_ready (0 for others): bit per slot of
     * the warps that are valid and have an instruction, less those the core
     * already knows cannot issue this cycle (their instruction waits on a
     * load, or on a result or unit not due before a known later cycle; the
     * core accounts for them itself). */
    uint64_t ready;
} sched_view_t;

typedef struct warp_policy_ops {
    const char *name;
    const char *summary;
    const char *params;
    /* One instance per scheduler. Returns the state, never NULL on success;
     * NULL means it failed, with *err saying why (the rule of CTA policies'
     * create, gpu/cta_policy.h; gpu_create checks it). Optional, as a CTA
     * link's: a stateless policy leaves it out, takes no arguments, and its
     * hooks get st == NULL. */
    void *(*create)(policy_args_t *args, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err);
    void (*destroy)(void *st);
    /* Write the candidate slots in priority order into out[] (at most v->n);
     * return how many. Slots not listed are not considered this cycle. */
    unsigned (*order)(void *st, const sched_view_t *v, uint16_t *out);
    /* Set when order() lists exactly the slots in v->ready, each once. The
     * core then fills v->ready, without the warps it knows to wait on a
     * load or until a later cycle: in a memory-bound kernel they are most
     * warps, and they then pass neither through order() nor through the
     * core's issue loop. */
    bool lists_every_ready;
    void (*issued)(void *st, const sched_view_t *v, uint32_t slot);
    /* Optional cache feedback (CCWS): an L1 miss of `slot` to `line`, and an
     * eviction of `line` last filled for `owner_slot`. */
    void (*l1_miss)(void *st, uint32_t slot, uint64_t line);
    void (*l1_evict)(void *st, uint32_t owner_slot, uint64_t line);
} warp_policy_ops_t;

#endif
