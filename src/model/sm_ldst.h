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

#include "cache.h"
#include "coalesce.h"
#include "req_fifo.h"

#define LDST_QUEUE 2         /* memory instructions the LD/ST unit holds */
#define LDST_NO_REC UINT32_MAX

/* What the LD/ST unit and the L1 take from the configuration (sm_params.c). */
typedef struct sm_ldst_params {
    cache_config_t l1d;       /* -gpgpu_cache:dl1 (enabled false: no L1) */
    uint32_t l1_write_ratio;  /* -gpgpu_l1_cache_write_ratio */
    uint32_t mshr_entries, mshr_max_merge;
    uint32_t missq_cap;       /* the dl1 string's miss queue (8 if 0) */
    bool gmem_skip_l1d;       /* -gpgpu_gmem_skip_L1D */
    bool sector_accesses;     /* one access per 32-byte sector (-gpgpu_coalesce_arch >= 40) */
    uint32_t l1_banks;        /* -gpgpu_l1_banks */
    uint32_t l1_bank_shift;   /* log2 -gpgpu_l1_banks_byte_interleaving */
    uint32_t l1_latency, smem_latency, const_latency;
    uint32_t shmem_num_banks, shmem_bank_width;
    uint32_t pipeline_latency; /* -ctasim_pipeline_latency: loaded data's write-back */
    uint32_t icnt_ctrl_bytes; /* a packet's header */
} sm_ldst_params_t;

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
    uint32_t load_rec;       /* LDST_NO_REC when the instruction returns nothing */
    uint32_t passes_left;    /* shared memory passes */
    uint64_t issue_cycle;
    mem_access_t acc[COALESCE_MAX_ACCESSES];
} ldst_op_t;

typedef struct sm_ldst {
    ldst_op_t op[LDST_QUEUE];
    uint32_t head, count;
    /* The head access failed for want of a resource (miss queue room, an
     * MSHR, a frame to reserve): a retry fails the same way until a reply
     * arrives or the miss queue drains, so the unit sleeps till then and each
     * cycle only counts what a failed retry counts (retry_fails
     * reservation failures: 0 or 1). A retry's LRU touch of the line it
     * waits for is left out: nothing else touches the L1 meanwhile, so that
     * line stays the most recent either way. */
    bool asleep;
    bool recheck;             /* the L1 was flushed or resized: retry at the next tick */
    uint8_t retry_fails;
    cache_t l1;
    mshr_table_t mshr;
    req_fifo_t missq;
    bool sector_mshr;         /* sector accesses on a sectored L1: an MSHR entry per sector */
    load_rec_t *lrec;
    uint32_t lrec_n, lrec_free;
    sm_ldst_params_t p;
} sm_ldst_t;

struct sm;
struct mem_req;
void sm_ldst_init(sm_ldst_t *u, const sm_ldst_params_t *p, uint32_t max_loads);
void sm_ldst_free(sm_ldst_t *u);
/* Can the unit take another memory instruction (a slot, a load record)? */
static inline bool sm_ldst_can_accept(const sm_ldst_t *u)
{
    return u->count < LDST_QUEUE && u->lrec_free != LDST_NO_REC;
}
/* Warp w issues its memory instruction `in` at `now` (sm_ldst_can_accept). */
void sm_ldst_accept(struct sm *s, uint32_t w, const warp_inst_t *in, uint64_t now);
/* The unit's core cycle `now` (the network's clock reads icnt_now): take
 * one reply (L1 fill, or a bypassing load's, an atomic's or a store's
 * acknowledgement), make one step of the head instruction, inject the head
 * of the miss queue. Returns whether it did anything; *stalled set when it
 * could not progress for lack of resources (it may then sleep). Nothing to
 * do when sm_ldst_quiet and no reply waits. */
bool sm_ldst_cycle(struct sm *s, uint64_t now, uint64_t icnt_now, bool *stalled);
/* Nothing held, queued or waiting for the memory system. */
static inline bool sm_ldst_idle(const sm_ldst_t *u) { return !u->count && !u->missq.count && !u->mshr.used; }
/* Nothing for sm_ldst_cycle to do this cycle, a reply aside (the caller
 * checks its port). */
static inline bool sm_ldst_quiet(const sm_ldst_t *u)
{
    return !u->count && !u->missq.head && !u->asleep && !u->recheck;
}

#endif
