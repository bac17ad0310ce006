/* gpu_internal.h — the GPU object, shared by the model's own files (gpu.c,
 * sm.c, mem_partition.c, stats.c). Policies use gpu.h's accessors instead. */
#ifndef CTASIM_GPU_INTERNAL_H
#define CTASIM_GPU_INTERNAL_H

#include "model/addrmap.h"
#include "policy/cta_policy.h"
#include "model/dram.h"
#include "gpu.h"
#include "model/mem_partition.h"
#include "metrics.h"
#include "model/sm.h"

enum clock_domain { CLK_CORE = 0, CLK_ICNT, CLK_L2, CLK_DRAM, CLK__COUNT };

struct gpu {
    gpu_config_t cfg;
    uint32_t n_sm, n_l2, n_ch;
    sm_t *sm;
    xbar_t req_net;   /* SM i -> L2 slice j */
    xbar_t reply_net; /* L2 slice j -> SM i */
    l2_slice_t *l2;
    dram_channel_t **dram;
    addrmap_t amap;

    /* clocks: time in femtoseconds; cycle[] counts ticks of each domain */
    uint64_t period_fs[CLK__COUNT];
    uint64_t next_fs[CLK__COUNT];
    uint64_t cycle[CLK__COUNT];

    /* kernels, in launch order */
    kernel_run_t **kernels;
    uint32_t n_kernels, cap_kernels;
    uint32_t first_unfinished; /* kernels before it are all DONE */
    uint32_t running;          /* kernels in state RUNNING */

    /* scheduling */
    cta_chain_t chain;
    const warp_policy_ops_t *wp;
    char warp_spec[128];
    uint32_t dispatch_rr;
    bool dispatch_dirty;       /* something changed that may let a CTA start */
    uint64_t next_sample;

    /* memory requests come from slabs (freed together at the end, wherever
     * the requests still are) and are recycled through a free list */
    mem_req_t *free_reqs;
    void **req_slabs;
    uint32_t n_slabs, cap_slabs;
    uint64_t reqs_allocated;

    metrics_t metrics;         /* what policies publish */

    cs_error_t err;
    bool failed;
    double wall_seconds;
    uint64_t total_warp_insts, total_thread_insts;
};

mem_req_t *gpu_req_alloc(struct gpu *g);
void gpu_req_free(struct gpu *g, mem_req_t *r);
/* Front-end failure or model error: record the first message. */
void gpu_fail(struct gpu *g, const cs_error_t *e);
/* A CTA of core s finished (called by the SM). */
void gpu_cta_done(struct gpu *g, sm_t *s, cta_slot_t *c, uint64_t now);

#endif
