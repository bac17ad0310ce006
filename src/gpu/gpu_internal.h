/* gpu_internal.h — the GPU object, shared by the files of gpu/ (gpu.c,
 * gpu_api.c, stats.c, run_ahead.c). The model's components (model/) never see it: they get
 * their ports (model/ports.h). Policies use gpu.h's accessors instead. */
#ifndef CTASIM_GPU_INTERNAL_H
#define CTASIM_GPU_INTERNAL_H

#include "model/addrmap.h"
#include "model/power.h"
#include "cta_policy.h"
#include "gpu.h"
#include "model/mem_partition.h"
#include "metrics.h"
#include "team_choice.h"
#include "model/sm.h"

enum clock_domain { CLK_CORE = 0, CLK_ICNT, CLK_L2, CLK_DRAM, CLK__COUNT };

/* A unit's own request pool (--threads), alone on host cache lines: a
 * req_pool_t is 48 bytes, so in a plain array two units' pools shared a line,
 * and two threads ticking neighbouring units wrote it in turn. Allocated with
 * cs_xaligned_calloc (gpu_set_threads). */
typedef struct unit_pool {
    _Alignas(64) req_pool_t p;
} unit_pool_t;

typedef struct gpu_power gpu_power_t; /* gpu_power.c; NULL unless -power_simulation_enabled */

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
    gpu_progress_fn progress_fn;             /* gpu_set_progress */
    void *progress_ctx;
    double progress_interval, progress_next; /* wall seconds */
    uint32_t dispatch_rr;
    uint32_t kernel_pick;      /* -gpgpu_concurrent_kernel_sm 0: the kernel index an empty core
                                  tries first (one past the last picked) */
    bool dispatch_dirty;       /* something changed that may let a CTA start */
    uint64_t next_power_up;    /* earliest powered_at of a waking core the dispatcher
                                  skipped (CS_NEVER: none) */
    uint64_t next_sample;
    /* --sample-interval: per-SM series every trace_interval core cycles */
    uint32_t trace_interval;
    uint64_t next_trace, last_trace;
    uint64_t *trace_insts;     /* per SM: thread instructions at the last trace point */
    uint64_t trace_prev[OUT__COUNT + 2]; /* all SMs at the last trace point: outcomes, mem_lat_sum, mem_lat_count */

    metrics_t metrics;         /* what policies publish */
    gpu_power_t *power;        /* the power model's state (gpu_power.c), or NULL */

    cs_error_t err;
    bool failed;
    const char *stopped;       /* a limit ended the run early: "max_cycle", "max_insn"; NULL otherwise */
    double wall_seconds;
    uint64_t total_warp_insts, total_thread_insts;

    /* --threads: the parallel core and memory phases (gpu.c, docs/ARCHITECTURE.md
     * "Parallel simulation of one run"); all NULL/0 with one thread */
    struct core_workers *workers;
    /* A team to start during the run (gpu_set_threads_later): its thread
     * count (0: none waits), the min_due to give gpu_set_threads, and when:
     * once the runs have simulated for team_after_ns (0 for a team asked for
     * at a cycle), looked at from core cycle team_next_check on (that
     * cycle). */
    unsigned team_later, team_later_min_due;
    uint64_t team_after_ns, team_next_check;
    uint64_t team_from_cycle; /* the core cycle a team started during the run at (0: before it, or none) */
    unit_pool_t *sm_pools;     /* a request pool per core */
    unit_pool_t *l2_pools;     /* a request pool per L2 slice (its channel's write-backs included) */
    uint32_t *due;             /* the cores ticked this cycle, in core order */
    int *tick_rc;              /* sm_cycle's result for due[i] */
    uint8_t *tick_note;        /* what due[i]'s tick left for the merge (gpu.c, NOTE_*) */
    uint64_t *core_wake;       /* each core's wake-up time (sm_t.wake points here) */
    uint32_t *mem_due;         /* the slices (L2 phase) or channels (DRAM phase) ticked, in order */
    uint8_t *mem_note;         /* the same for mem_due[i] */
    uint64_t tick_now, tick_icnt; /* the cycle the phase simulates (core, interconnect clock) */
    uint64_t mem_now, mem_icnt;   /* the same for the memory phases (L2 or DRAM clock, interconnect) */
    uint64_t dram_held;        /* a DRAM cycle whose phase waits to run with the next L2 phase, partition
                                * by partition (gpu.c, tick_partition_item); 0: none */
    uint32_t serial_kernels;   /* running kernels whose front-end is not parallel_safe */
    uint32_t publishing_kernels; /* running kernels whose front-end publishes writes (kernel.h) */
    uint32_t parallel_min;     /* fewest due cores worth waking the team for */
    uint32_t mem_parallel_min; /* fewest due slices / channels worth waking it for */
    /* Run-ahead windows (run_ahead.h): a detached core ticks on, within its
     * phase, up to the end of the window the cycle lies in, instead of
     * waiting for the other units cycle by cycle. */
    uint64_t window_end;       /* the window end (exclusive) of core cycle window_cycle; 0: none */
    uint64_t window_cycle;
    const kernel_run_t *window_kernel; /* the one running kernel; NULL: to be looked up again */
    uint64_t next_kernel_ready; /* the earliest cycle a queued kernel may start (with window_kernel) */
    bool windows_allowed;      /* this run_until may open windows (no per-cycle stop or limit) */
    bool no_run_ahead;         /* gpu_set_run_ahead(g, false) */
    uint64_t window_stop;      /* the core cycle the run_until stops at */
    bool chain_windows;        /* no CTA policy hears of CTAs issued or finished */
    uint64_t *tick_last;       /* the last cycle due[i]'s tick reached (its phase's cycle, or ahead) */
    uint64_t *ahead_event;     /* per core: the cycle whose serial phase takes the CTA end or error the
                                  core reached ahead (its rc in ahead_rc); 0: none */
    int *ahead_rc;
    uint64_t next_ahead_event; /* the earliest of ahead_event, CS_NEVER: none */
    bool ahead_most;           /* most cores of the last phase with enough for the team ran ahead */
    uint64_t ahead_cycles;     /* core cycles spanned ahead of their phase, all cores (tests, make prof) */
    /* the team or this thread, whichever is faster, per phase (team_choice.h) */
    bool adaptive;             /* choose by time (no explicit min_due) */
    team_choice_t choice[4];   /* PHASE_CORES, PHASE_L2, PHASE_DRAM, PHASE_PARTITIONS (gpu.c) */
#ifdef CTASIM_PHASE_PROFILE
    uint64_t prof_ns[8];       /* gpu.c, PROF_*: where the wall time of a run went */
    uint64_t prof_cycles[4][2]; /* per phase: its cycles on this thread, on the team */
    uint32_t prof_choices[4][2]; /* per phase: choices of this thread, of the team */
#endif
};

/* gpu_power.c: the power model's glue (every call is a no-op without it) */
void gpu_power_init(struct gpu *g);
void gpu_power_free(struct gpu *g);
uint64_t gpu_power_next_sample(const struct gpu *g);  /* core cycle of its next sample, CS_NEVER: none */
void gpu_power_sample(struct gpu *g, uint64_t now);   /* when due: a point of the power_w series */
void gpu_power_kernel_started(struct gpu *g, const kernel_run_t *k, uint64_t now);
void gpu_power_kernel_done(struct gpu *g, const kernel_run_t *k, uint64_t now);
/* At the end of a run_until, counters caught up: totals and the power.*
 * metrics; run_over: every kernel is done (or a limit stopped the run), so
 * the series gets its last, partial interval. */
void gpu_power_finish(struct gpu *g, bool run_over);
void gpu_power_print(const struct gpu *g, FILE *f);
void gpu_power_print_kernel(const struct gpu *g, const kernel_run_t *k, FILE *f);
void gpu_power_write_json(const struct gpu *g, FILE *f);
/* What the power model reads of SM i / of the memory side (tests recompute energy from these). */
void gpu_power_sm_counts(const struct gpu *g, uint32_t i, power_sm_counts_t *out);
void gpu_power_uncore_counts(const struct gpu *g, uint64_t core_cycles, power_uncore_counts_t *out);
/* The last measurement: NULL before a run finished or without the model. */
const power_summary_t *gpu_power_summary(const struct gpu *g, const power_energy_t **components);
double gpu_power_sm_energy(const struct gpu *g, uint32_t sm);
double gpu_power_kernel_energy(const struct gpu *g, uint32_t index, uint64_t *cycles);

#endif
