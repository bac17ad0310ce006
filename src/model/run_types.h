/* run_types.h — what runs on the cores, as the GPU and the CTA policies see
 * it: kernels in flight, CTAs, core states. Read-only to policies except
 * through gpu.h setters. */
#ifndef CTASIM_RUN_TYPES_H
#define CTASIM_RUN_TYPES_H

#include "model/counters.h"
#include "frontend/kernel.h"

enum kernel_state { KERNEL_QUEUED = 0, KERNEL_RUNNING, KERNEL_DONE };

#define CTA_CHAIN_MAX 4 /* links in a CTA policy chain */

/* Core (SM) states a CTA policy can set: ACTIVE takes CTAs; THROTTLE takes no
 * new CTAs but runs the ones it has (TCS's REDUCE phase); OFF takes none and,
 * once drained, is power-gated (counts no dynamic or static core power). */
enum core_state { CORE_ACTIVE = 0, CORE_THROTTLE, CORE_OFF };

typedef struct kernel_run {
    kernel_desc_t desc;
    uint32_t index;              /* position in launch order, 0-based */
    enum kernel_state state;
    uint64_t total_ctas, next_cta, ctas_done;
    uint64_t launch_cycle, start_cycle, end_cycle;
    uint64_t warp_insts, thread_insts;
    /* per-CTA resource footprint after allocation granularity */
    uint32_t warps_per_cta, threads_per_cta, regs_per_cta, shmem_per_cta;
    /* occupancy limit per SM from resources alone, and after --max-ctas */
    uint32_t occupancy_limit, max_ctas_per_sm;
    const char *limiting_resource; /* "threads", "registers", "shared memory", "CTA slots" */
    uint32_t l1d_bytes;          /* L1 data cache size while it ran (the adaptive L1 sets it) */
    kernel_stats_t st;           /* its share of the memory and stall counters */
    /* per-kernel state of each policy link while the kernel runs, owned by
     * the policy framework (cta_link_kernel_state) */
    void *link_state[CTA_CHAIN_MAX];
} kernel_run_t;

/* A thread block cluster while it runs: its CTAs (on cores of one GPC) and
 * the state of its barrier (barrier.cluster). A phase completes when every
 * live warp of the cluster arrived; a warp waiting for the phase of its
 * n-th arrival runs on once `phases` reaches n. The GPU creates it when it
 * places a cluster (a core creates a one-CTA one for a CTA of a launch
 * without clusters that uses the barrier); its CTAs own it: the last to
 * complete frees it (sm_cta.c). */
#define CLUSTER_MAX_CTAS 16
struct sm;
typedef struct cluster_run {
    uint32_t size;        /* CTAs */
    uint32_t live_ctas;   /* not yet complete */
    uint32_t live_warps;  /* not yet finished, over all its CTAs */
    uint32_t arrived;     /* arrivals in the current phase */
    uint32_t phases;      /* completed phases */
    struct cluster_member {
        struct sm *sm;
        uint32_t slot;
    } member[CLUSTER_MAX_CTAS];
} cluster_run_t;

typedef struct cta_info {
    const kernel_run_t *kernel;
    uint64_t cta_id;     /* linear index within the kernel */
    uint32_t sm, slot;   /* where it runs */
    uint64_t start_cycle, end_cycle;
    uint64_t warp_insts; /* issued so far (LCS's inst_x) */
    bool paused;         /* deprioritised by gpu_set_cta_paused */
    uint32_t cluster_size; /* CTAs of its thread block cluster (1: none); its cluster is cta_id / cluster_size */
} cta_info_t;

#endif
