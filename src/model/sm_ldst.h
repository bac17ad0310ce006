/* sm_ldst.h — a core's LD/ST unit and its L1 data cache: the memory
 * instructions it holds (LDST_QUEUE, in order), the coalescer's accesses,
 * shared-memory passes, the L1 with its MSHRs and the miss queue toward the
 * request network, and a record per load in flight that releases the load's
 * registers on the warp's scoreboard when its data is all known.
 *
 * Per core cycle (sm_cycle): a reply from the network fills the L1 or
 * completes a bypassing load; the head instruction makes one
 * step (a shared-memory pass; a constant access; or up to one
 * global access per L1 bank, in order); the head of the miss queue is
 * injected: all three in sm_ldst_cycle. Latencies: an L1 hit is ready l1_latency after
 * its access, shared memory smem_latency + passes - 1 after issue,
 * constant/texture const_latency after its step; loaded data then passes the
 * write-back stages (pipeline_latency) like an ALU result.
 *
 * The unit works on the core (warps, CTAs, counters, the warp policy's L1
 * hooks): its functions take the sm_t. */
#ifndef CTASIM_SM_LDST_H
#define CTASIM_SM_LDST_H

#include "sm_ldst_state.h"

struct sm;
struct mem_req;
void sm_ldst_init(sm_ldst_t *u, const sm_ldst_params_t *p, uint32_t max_loads);
void sm_ldst_free(sm_ldst_t *u);
/* Warp w issues its memory instruction `in` at `now` (sm_ldst_can_accept). */
void sm_ldst_accept(struct sm *s, uint32_t w, const warp_inst_t *in, uint64_t now);
/* The unit's core cycle `now` (the network's clock reads icnt_now): take
 * one reply (L1 fill, or a bypassing load's, an atomic's or a store's
 * acknowledgement), make one step of the head instruction, inject the head
 * of the miss queue. Returns whether it did anything; *stalled set when it
 * could not progress for lack of resources (it may then sleep). Nothing to
 * do when sm_ldst_quiet and no reply waits. */
bool sm_ldst_cycle(struct sm *s, uint64_t now, uint64_t icnt_now, bool *stalled);

#endif
