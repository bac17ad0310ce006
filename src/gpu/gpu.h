/* gpu.h — the simulated GPU: create it from a configuration and policy specs,
 * launch kernels, run to completion, read statistics.
 *
 * Also the read/write surface CTA policies use (they never touch internals):
 * queries for time, cores, kernels, counters; setters for core states, CTA
 * pausing, per-CTA L1 bypass, memory throttling, and the sample period. */
#ifndef CTASIM_GPU_H
#define CTASIM_GPU_H

#include "config/config.h"
#include "frontend/workload.h"
#include "model/run_types.h"
#include "model/cache.h"

typedef struct gpu gpu_t;
typedef struct cta_link cta_link_t; /* a policy's handle: policy/cta_policy.h */

/* cta_spec: policy chain, e.g. "rr", "dyncta:t_idle=16+claso" (NULL = "rr").
 * warp_spec: warp policy, e.g. "gto" (NULL = the config's -gpgpu_scheduler). */
gpu_t *gpu_create(const gpu_config_t *cfg, const char *cta_spec, const char *warp_spec, cs_error_t *err);
void gpu_destroy(gpu_t *g);

/* CTAs of k one core holds at once by resources alone (threads, warp slots,
 * registers and shared memory after allocation granularity, CTA slots; no
 * --max-ctas cap), as gpu_launch computes it; 0 when one CTA does not fit.
 * *limiting (if not NULL) names the resource that sets it. */
uint32_t gpu_occupancy(const gpu_config_t *cfg, const kernel_desc_t *k, const char **limiting);
/* Queue a kernel launch (ownership of k->src passes to the GPU). */
int gpu_launch(gpu_t *g, const kernel_desc_t *k, cs_error_t *err);
/* The same, as if the host launched it at core cycle host_cycle (a later
 * arrival: a mix's launch delay); a cycle already past means now. */
int gpu_launch_at(gpu_t *g, const kernel_desc_t *k, uint64_t host_cycle, cs_error_t *err);
/* Simulate until every launched kernel has finished. */
int gpu_run(gpu_t *g, cs_error_t *err);
/* Tick the cores on `threads` threads (1: on the caller's, the default).
 * Every statistic is the same for any thread count; see docs/ARCHITECTURE.md
 * "Parallel simulation of one run". Call before the first run. min_due: the
 * fewest cores due in a cycle for the threads to be used, fewer tick on the
 * caller's thread; 0: a default, and the team is left alone for a while when
 * it ran almost none of the cores (a machine without free cores). */
void gpu_set_threads(gpu_t *g, unsigned threads, unsigned min_due);
/* Simulate until every launched kernel has finished or the core clock reaches
 * core_cycle (idle skipping may land a little past it; the state is the same
 * as if those idle cycles had been stepped). Returns 1 when all kernels are
 * done (or a limit stopped the run: gpu_stopped), 0 when stopped at the
 * cycle, -1 on error. For tests and drivers that
 * step a run and look at the policies between steps; gpu_run may be called
 * again to continue. */
int gpu_run_until(gpu_t *g, uint64_t core_cycle, cs_error_t *err);
/* The same, and also stop after the core cycle in which any kernel ended
 * (workload mixes: the coordinator hands control back to the workload whose
 * kernels are done). Returns 1 when all launched kernels are done (or a
 * limit stopped the run), 0 otherwise, -1 on error. */
int gpu_run_until_kernel_end(gpu_t *g, uint64_t core_cycle, cs_error_t *err);
/* An executor for the PTX runtime (ctasim_executor_t.run_kernels with ctx =
 * the gpu_t): launch the runtime's kernels, which it keeps owning, and run
 * them to completion. */
int gpu_execute_borrowed(void *gpu, kernel_desc_t *kernels, size_t n, cs_error_t *err);
/* Launch and run a whole workload, keeping only a few kernels open at once. */
int gpu_run_workload(gpu_t *g, workload_t *w, cs_error_t *err);

/* Progress of a long run, for a person watching (`ctasim run` on a
 * terminal). The callback is called from the run loop about every
 * `interval_s` seconds of wall time (checked every few thousand cycles, so
 * it costs nothing measurable) and never changes the simulation. */
typedef struct gpu_progress {
    uint64_t cycle;                     /* core cycles so far */
    uint64_t thread_insts, warp_insts;  /* so far, every core */
    double wall_seconds;                /* simulation wall time so far */
    uint32_t kernels_done, kernels_launched;
    uint64_t ctas_done, ctas_total;     /* of the kernels running now */
} gpu_progress_t;
typedef void (*gpu_progress_fn)(void *ctx, const gpu_progress_t *p);
void gpu_set_progress(gpu_t *g, gpu_progress_fn fn, void *ctx, double interval_s);

/* Why the run ended before its kernels did: "max_cycle" (-gpgpu_max_cycle)
 * or "max_insn" (-gpgpu_max_insn, thread instructions, as GPGPU-Sim counts
 * them); NULL when it ran to completion. A stopped GPU runs no further. */
const char *gpu_stopped(const gpu_t *g);

/* The policies as the GPU took them, every argument with its value, defaults
 * included: "dyncta:period=2048,t_idle=16,t_mem_l=128,t_mem_h=384", "gto". */
const char *gpu_cta_sched_resolved(const gpu_t *g);
const char *gpu_warp_sched_resolved(const gpu_t *g);
/* What produced this run, from the caller (the command line): a JSON object
 * written as the result document's "provenance" and text lines printed before
 * the statistics ("NAME = value" lines). Copied; NULL clears. */
void gpu_set_provenance(gpu_t *g, const char *json_object, const char *text_lines);

/* --- queries ------------------------------------------------------------ */
const gpu_config_t *gpu_config(const gpu_t *g);
uint64_t gpu_cycle(const gpu_t *g);               /* core cycles so far */
uint32_t gpu_n_sm(const gpu_t *g);
uint32_t gpu_n_kernels(const gpu_t *g);
const kernel_run_t *gpu_kernel(const gpu_t *g, uint32_t index);
const sm_counters_t *gpu_sm_counters(const gpu_t *g, uint32_t sm);
/* The core's L1 data cache statistics (accesses, hits, pending hits, misses). */
const cache_stats_t *gpu_sm_l1_stats(const gpu_t *g, uint32_t sm);
/* Running kernels in launch order (at most max); returns how many. */
uint32_t gpu_running_kernels(const gpu_t *g, const kernel_run_t **out, uint32_t max);
uint32_t gpu_sm_resident_ctas(const gpu_t *g, uint32_t sm, const kernel_run_t *k); /* k NULL = all */
enum core_state gpu_sm_state(const gpu_t *g, uint32_t sm);
/* How many more CTAs of k fit on the core now by resources alone (threads,
 * registers, shared memory, CTA and warp slots, the kernel's --max-ctas cap);
 * policies' own limits are not applied. */
uint32_t gpu_sm_free_ctas(const gpu_t *g, uint32_t sm, const kernel_run_t *k);
/* The same, as if one more CTA of `placed` were resident first (a policy
 * that keeps room for another kernel: mcke). */
uint32_t gpu_sm_free_ctas_after(const gpu_t *g, uint32_t sm, const kernel_run_t *placed, const kernel_run_t *k);
/* The most CTAs of k the policy chain lets core sm hold now: the kernel's
 * max_ctas_per_sm lowered by every link's cap() except `except` (the asking
 * link; NULL = ask all). */
uint32_t gpu_chain_cap(gpu_t *g, uint32_t sm, const kernel_run_t *k, const cta_link_t *except);
/* CTAs resident on a core (for pausing decisions), most recently issued last. */
uint32_t gpu_sm_ctas(const gpu_t *g, uint32_t sm, cta_info_t *out, uint32_t max);

/* --- policy outputs (which hooks may call them: policy/cta_policy.h) -------- */
/* ACTIVE takes CTAs; THROTTLE keeps its CTAs and takes no new ones; OFF takes
 * none and, once drained, is gated: it counts gated cycles (sm_counters_t)
 * instead of idle ones, and the power model charges it nothing. */
void gpu_set_sm_state(gpu_t *g, uint32_t sm, enum core_state st);
/* Paused CTAs' warps go behind every other warp in every scheduler. */
void gpu_set_cta_paused(gpu_t *g, uint32_t sm, uint32_t slot, bool paused);
/* The CTA's global loads from now on skip L1 (no lookup, no allocation). */
void gpu_set_cta_bypass(gpu_t *g, uint32_t sm, uint32_t slot, bool bypass);
/* The core issues no memory instruction while throttled. */
void gpu_set_mem_throttle(gpu_t *g, uint32_t sm, bool throttle);
/* A policy's admission answer may have changed outside the events the
 * dispatcher already reacts to (CTA finished, kernel started, sample, core
 * state change): look again next cycle. */
void gpu_request_dispatch(gpu_t *g);
/* Ask for sample() every `period` core cycles from now (0: stop). */
void gpu_policy_set_sample_period(gpu_t *g, cta_link_t *self, uint32_t period);

/* Record every `cycles` core cycles, per SM i, the series sm_ipc/<i> (thread
 * instructions per cycle since the previous point) and sm_ctas/<i> (CTAs
 * resident), and over all SMs the fractions of SM cycles since the previous
 * point stall.active, stall.idle, stall.mem_stall, stall.core_stall and the
 * mean load round trip mem_latency of the loads that completed in it (no
 * point when none did) into the metrics (0: off). Results are unchanged. */
void gpu_set_sample_interval(gpu_t *g, uint32_t cycles);
/* Every metric and series published so far (read-only; gpu/metrics.h). */
struct metrics;
const struct metrics *gpu_metrics(const gpu_t *g);
/* A policy cannot go on (a mix it cannot schedule): the run fails with this
 * one-line message at the end of the current hook's cycle. Any hook. */
void gpu_policy_fail(gpu_t *g, const char *msg);

/* --- metrics policies publish (JSON "metrics" / "series") ----------------- */
void gpu_metric_set(gpu_t *g, const char *name, double value);
void gpu_metric_add(gpu_t *g, const char *name, double delta);
void gpu_metric_sample(gpu_t *g, const char *series, double value); /* at the current cycle */
bool gpu_metric_get(const gpu_t *g, const char *name, double *value);
/* Series points, or 0 if none: *cycles and *values stay valid until the GPU changes. */
size_t gpu_metric_series(const gpu_t *g, const char *series, const uint64_t **cycles, const double **values);

/* --- results ------------------------------------------------------------- */
typedef struct gpu_totals {
    uint64_t cycles, warp_insts, thread_insts;
    double ipc; /* thread instructions per core cycle, as gpu_ipc */
    /* pending hits: accesses merged into a fetch in flight (GPGPU-Sim's
     * HIT_RESERVED), counted in accesses but neither as hits nor misses */
    uint64_t l1_accesses, l1_misses, l1_hits, l1_pending_hits;
    uint64_t l2_accesses, l2_misses, l2_hits, l2_pending_hits, l2_writebacks;
    uint64_t dram_reads, dram_writes, dram_row_hits, dram_row_misses, dram_busy_cycles, dram_cycles;
    uint64_t dram_bytes;
    double dram_bw_util; /* busy data-bus cycles / channel cycles */
    double avg_mem_latency;
    uint64_t mem_lat_max;
    uint64_t icnt_req_flits, icnt_reply_flits, icnt_packets;
    /* mesh only (-ctasim_icnt_topology 1; 0 for the crossbar), both networks */
    uint32_t icnt_mesh_dim;      /* k of the k x k meshes */
    double icnt_avg_hops;        /* router-to-router links per delivered packet */
    double icnt_avg_latency;     /* icnt cycles from injection queue to ejection buffer per packet */
    double sim_wall_seconds;
} gpu_totals_t;
void gpu_get_totals(const gpu_t *g, gpu_totals_t *t);
/* Print GPGPU-Sim-style statistic lines ("gpu_sim_cycle = N", ...). */
void gpu_print_stats(const gpu_t *g, void *FILE_stream);
/* Write the JSON result document. */
int gpu_write_json(const gpu_t *g, const char *path, cs_error_t *err);
/* The same document to an open stream (a FILE *); the caller checks and
 * closes it, so a command can open its output before simulating. */
void gpu_write_json_stream(const gpu_t *g, void *FILE_stream);

/* Unloaded latencies derived from the configuration alone (core cycles), the
 * values the microbenchmarks must reproduce; see docs/ARCHITECTURE.md. They
 * assume the crossbar: on the mesh they depend on the core and slice. */
typedef struct derived_latency {
    double l1_hit, l2_hit, dram;
} derived_latency_t;
void gpu_derived_latency(const gpu_config_t *cfg, derived_latency_t *out);

#endif
