/* gpu.h — the simulated GPU: create it from a configuration and resolved
 * policies, launch kernels, run to completion, read statistics.
 *
 * The read/write surface CTA policies use (they never touch internals) is
 * gpu/cta_policy.h, included here: queries for time, cores, kernels,
 * counters; setters for core states, CTA pausing, per-CTA L1 bypass, memory
 * throttling, and the sample period. Policies by name, from spec strings:
 * policy/registry.h (gpu_create_named). */
#ifndef CTASIM_GPU_H
#define CTASIM_GPU_H

#include "config/config.h"
#include "frontend/workload.h"
#include "model/warp_policy.h"

#include "cta_policy.h"

/* The policies a GPU runs, resolved (policy/registry.h resolves them from
 * spec strings such as "dyncta:t_idle=16+claso" and "gto"). */
typedef struct gpu_policies {
    cta_chain_spec_t cta;          /* the CTA policy chain, at least one link */
    const warp_policy_ops_t *warp; /* the warp policy of every scheduler */
    char warp_spec[128];           /* its "name:k=v,...", GPGPU-Sim's spellings translated */
} gpu_policies_t;

gpu_t *gpu_create(const gpu_config_t *cfg, const gpu_policies_t *pol, cs_error_t *err);
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
 * "Parallel simulation of one run". Call before the first run (during it:
 * gpu_set_threads_later). min_due: the
 * fewest cores due in a cycle for the threads to be used, fewer tick on the
 * caller's thread; 0: a default, and the team is left alone for a while when
 * it ran almost none of the cores (a machine without free cores). */
void gpu_set_threads(gpu_t *g, unsigned threads, unsigned min_due);
/* gpu_set_threads, called by the run loop between two cycles instead of
 * before the run: at core cycle at_cycle (not CS_NEVER: the tests, a switch
 * at a cycle of their choosing), or once the simulation has taken after_ns
 * of wall time (looked at every GPU_TEAM_CHECK_CYCLES core cycles). A run
 * shorter than that never creates the team nor pays what it costs to run
 * with one (--threads auto). No number changes, whenever it starts. */
#define GPU_TEAM_CHECK_CYCLES 1024
void gpu_set_threads_later(gpu_t *g, unsigned threads, unsigned min_due, uint64_t after_ns, uint64_t at_cycle);
/* Run-ahead windows (on by default): a core with nothing in the memory
 * system ticks on by itself up to the end of a window of cycles (run_ahead.h).
 * Off, every core ticks in step with the others, cycle by cycle: the
 * reference the tests compare the windows against. No number changes. */
void gpu_set_run_ahead(gpu_t *g, bool on);
/* The thread count `--threads auto` asks for (gpu.c, AUTO_*): 1 on a GPU
 * below the crossover (fewer than AUTO_MIN_CORES cores) or a machine with one
 * CPU available; else one thread per AUTO_CORES_PER_THREAD cores, at most
 * AUTO_MAX_THREADS and the CPUs this process may run on divided by
 * `sharing`, the simulations running at once (1: this one alone). */
unsigned gpu_auto_threads(const gpu_t *g, unsigned sharing);
/* --threads auto, the default of the command line: gpu_auto_threads'
 * count, the CPUs divided among `sharing` simulations that run at once in
 * this process (a sweep's jobs), started by gpu_set_threads_later once the
 * run has taken AUTO_TEAM_AFTER_NS (gpu.c) on one thread. */
void gpu_set_threads_auto(gpu_t *g, unsigned sharing);
/* Whether a thread team can pay on this GPU at all: from AUTO_MIN_CORES
 * cores. Below, 2 threads ran 0.81x of one (gtx480, 15 cores, the median of
 * 7 quiet runs, docs/SPEED.md "s38"), so an explicit thread count runs on
 * one thread there too (cli/simulate.c says so). */
bool gpu_team_can_pay(const gpu_t *g);
/* CTASIM_FORCE_TEAM=1 (measurement, the tests): every phase with enough due
 * units on the team, without the timing choice, and on small GPUs too. */
bool gpu_team_forced(void);
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

#endif
