/* sm_ldst_state.h — the LD/ST unit's state (sm_ldst_t), its parameters and
 * the queries that read only that state, apart from the unit's functions
 * (sm_ldst.h), which take the whole core: the core's state (sm_state.h)
 * embeds this one without depending on the unit's code. */
#ifndef CTASIM_SM_LDST_STATE_H
#define CTASIM_SM_LDST_STATE_H

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
    uint32_t dsmem_latency;   /* -ctasim_dsmem_latency: another CTA's shared memory */
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
    uint8_t async_slot;      /* a cp.async copy: its group's slot (sm_async.h); ASYNC_NO_SLOT otherwise */
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
    /* Requests pushed into the request network whose reply has not been
     * taken yet (every request gets one: a fill, a load's or an atomic's
     * data, a store's acknowledgement). At 0 nothing can arrive for the
     * core: sm_detached. */
    uint32_t net_inflight;
    uint8_t retry_fails;
    cache_t l1;
    mshr_table_t mshr;
    req_fifo_t missq;
    bool sector_mshr;         /* sector accesses on a sectored L1: an MSHR entry per sector */
    load_rec_t *lrec;
    /* Free load records: a stack through next_free whose bottom is the
     * records never used yet, lrec_fresh..lrec_n-1 in order; those are not
     * linked (nor written) until lrec_alloc reaches them, so a core's 1024
     * records cost only the pages its loads use (zero_pages.h). */
    uint32_t lrec_n, lrec_free, lrec_fresh;
    sm_ldst_params_t p;
    /* last: sm_ldst_init writes what is above, and a core's fields that
     * sm_init writes share as few pages as they fit in (sm_state.h) */
    ldst_op_t op[LDST_QUEUE];
} sm_ldst_t;

/* Can the unit take another memory instruction (a slot, a load record)? */
static inline bool sm_ldst_can_accept(const sm_ldst_t *u)
{
    return u->count < LDST_QUEUE && u->lrec_free != LDST_NO_REC;
}
/* Nothing held, queued or waiting for the memory system. */
static inline bool sm_ldst_idle(const sm_ldst_t *u) { return !u->count && !u->missq.count && !u->mshr.used; }
/* Nothing for sm_ldst_cycle to do this cycle, a reply aside (the caller
 * checks its port). */
static inline bool sm_ldst_quiet(const sm_ldst_t *u)
{
    return !u->count && !u->missq.head && !u->asleep && !u->recheck;
}

#endif
