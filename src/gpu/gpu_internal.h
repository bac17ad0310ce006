/* gpu_internal.h — the GPU object, shared by the files of gpu/ (gpu.c,
 * gpu_api.c, stats.c). The model's components (model/) never see it: they get
 * their ports (model/ports.h). Policies use gpu.h's accessors instead. */
#ifndef CTASIM_GPU_INTERNAL_H
#define CTASIM_GPU_INTERNAL_H

#include "model/addrmap.h"
#include "policy/cta_policy.h"
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
    mem_channel_t *ch; /* DRAM channel ch and its L2 slices */
    addrmap_t amap;
    req_pool_t pool;
    mem_ports_t io;   /* what every core and slice is given: cfg, amap, pool, both crossbars */

    /* clocks: time in femtoseconds; cycle[] counts ticks of each domain */
    uint64_t period_fs[CLK__COUNT];
    uint64_t next_fs[CLK__COUNT];
    uint64_t cycle[CLK__COUNT];

    /* kernels, in launch order */
    kernel_run_t **kernels;
    uint32_t n_kernels, cap_kernels;
    uint32_t first_unfinished; /* kernels before it are all DONE */
    uint32_t running;          /* kernels in state RUNNING */
    uint64_t kernels_ended;    /* kernels that reached DONE so far (gpu_run_until_kernel_end) */

    /* scheduling */
    cta_chain_t chain;
    const warp_policy_ops_t *wp;
    char warp_spec[128];
    char warp_resolved[256];   /* warp_spec with the arguments the policy took, defaults included */
    char *provenance_json, *provenance_text; /* gpu_set_provenance, owned */
    uint32_t dispatch_rr;
    bool dispatch_dirty;       /* something changed that may let a CTA start */
    uint64_t next_sample;

    metrics_t metrics;         /* what policies publish */

    cs_error_t err;
    bool failed;
    const char *stopped;       /* a limit ended the run early: "max_cycle", "max_insn"; NULL otherwise */
    double wall_seconds;
    uint64_t total_warp_insts, total_thread_insts;
};

#endif
