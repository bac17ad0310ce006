/* sm_cta.h — a core's CTAs and warps (sm_cta.c): resources and admission,
 * starting a CTA, fetching a warp's next instruction, barriers, a warp's and
 * a CTA's end, the kernels' counters. The other units call it; it calls
 * none of them. */
#ifndef CTASIM_SM_CTA_H
#define CTASIM_SM_CTA_H

#include "sm_state.h"

/* For the core's units (sm_*.c), not for the GPU: */
/* Pull warp w's next instruction from the front-end into its buffer (none
 * left: the warp may finish). -1 on a front-end error (sm_error). */
int sm_fetch(sm_t *s, uint32_t w, uint64_t now);
/* Fetch again for the warps whose front-end answered WARP_NEXT_LATER. */
int sm_refetch(sm_t *s, uint64_t now);
/* Warp arrivals at a barrier of CTA c: all its live warps there releases them. */
void sm_barrier_release_check(sm_t *s, cta_slot_t *c, uint64_t now);
/* Warp w issued barrier.cluster.arrive or .wait (flags INST_CLUSTER_*):
 * true when it must wait (the caller parks it; a completed phase fetches its
 * next instruction, on whichever core it is). */
bool sm_cluster_barrier(sm_t *s, uint32_t w, uint32_t flags, uint64_t now);
/* cp.async (sm_async.h): a copy of warp w's group `slot` has its data,
 * ready at `ready`; a warp parked at a commit or wait that now holds is
 * released at `ready` (sm_async_release_due). */
void sm_async_arrived(sm_t *s, uint32_t w, uint8_t slot, uint64_t ready);
/* Warp w, parked at a commit or wait, goes on at cycle `at`. */
void sm_async_release_at(sm_t *s, uint32_t w, uint64_t at);
/* The warps whose commit or wait is released by `now` fetch their next
 * instruction (s->async_due lists the released ones). -1 on a front-end
 * error. */
int sm_async_release_due(sm_t *s, uint64_t now);
/* The earliest release of s->async_due (CS_NEVER when none). */
uint64_t sm_async_next_release(const sm_t *s);
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


/* For the GPU (through sm.h) too: */
/* Resources free for one more CTA of k (threads, registers, shared memory, slots)? */
bool sm_fits(const sm_t *s, const kernel_run_t *k);
/* How many more CTAs of k fit (sm_fits is sm_room >= 1): cluster placement. */
uint32_t sm_room(const sm_t *s, const kernel_run_t *k);
/* CTA `slot` belongs to cluster cl (the GPU's placement, before any tick). */
void sm_set_cta_cluster(sm_t *s, uint32_t slot, cluster_run_t *cl);
/* Start CTA `cta_id` of k (front-end state `fe`); returns the CTA slot, -1 on
 * a front-end error (sm_error). A CTA whose warps have no instruction at all
 * finishes at once: its event waits in sm_take_finished. */
int sm_start_cta(sm_t *s, kernel_run_t *k, uint64_t cta_id, void *fe, uint64_t now);
/* The policy's view of a resident CTA. */
void sm_cta_info(const sm_t *s, uint32_t slot, cta_info_t *out);
/* Add the kernel deltas kept while defer_shared to the kernels; clear them. */
void sm_fold_kernel_deltas(sm_t *s);
uint32_t sm_resident_ctas(const sm_t *s, const kernel_run_t *k); /* k NULL: all kernels */
/* any_paused again from the resident CTAs' flags (after a CTA's pause changed). */
void sm_update_any_paused(sm_t *s);

#endif
