/* counters.h — per-core statistics that policies and figures read.
 *
 * All counters are cumulative since the start of the run; policies that need
 * a window (DYNCTA's 2048-cycle C_idle/C_mem, TCS's 8192-cycle monitor) keep
 * the previous sample and subtract. Definitions (per core cycle):
 *   outcome ACTIVE     at least one instruction issued
 *           IDLE       no warp holds a valid instruction (no CTA, all warps
 *                      at a barrier or finished)                 (Lee et al.)
 *           MEM_STALL  nothing issued; every warp with a valid instruction
 *                      waits for data from memory (a load result)
 *           CORE_STALL nothing issued otherwise: execution unit busy, ALU
 *                      dependence, LD/ST unit or MSHR/miss queue full
 *   c_idle = IDLE cycles                                     (Kayiran et al.)
 *   c_mem: nothing issued and every warp with a valid instruction waits on
 *          memory, for load data or for the memory pipeline (LD/ST unit,
 *          MSHRs) — "all the warps are waiting for their data to come back,
 *          regardless of the pipeline state being stalled or not"
 *          (Kayiran et al. §4.1). MEM_STALL is the narrower Lee et al. class.
 *   c_mem_wait: the same, except that a warp waiting a few cycles for an
 *          ALU result does not disqualify the cycle: nothing issued, no warp
 *          held by a busy execution unit, some warp waiting on memory.
 *          Kayiran's pipeline has warps either pending on memory or ready;
 *          ALU latency is not one of its inactivity causes (§3: memory
 *          waiting, write-back stall, idle). DYNCTA's cmem=wait reads it.
 *   c_mem_sched: scheduler-cycles in which a scheduler had a valid
 *          instruction but none passed the scoreboard (every valid warp
 *          waits for a load or an ALU result): GPGPU-Sim's per-scheduler
 *          "no ready instruction" class (shader_cycle_distro[1], "waiting
 *          for RAW hazards (possibly due to memory)"), summed over the
 *          core's schedulers, counted also in a cycle another scheduler
 *          issued in. A scheduler held by a busy unit or a full LD/ST path
 *          had a ready instruction and is not counted. DYNCTA's
 *          cmem=sched reads it, divided by the number of schedulers.
 *   c_mem_sched_mem: scheduler-cycles in which a scheduler issued nothing
 *          and every valid warp of it waits on the memory side (load data
 *          or a full LD/ST path; no ALU dependence, no busy unit): c_mem's
 *          condition per scheduler. DYNCTA's cmem=schedmem reads it, divided
 *          by the number of schedulers.
 *   act_cycles / inact_cycles: cycles with >= 1 CTA resident in which the
 *                      core issued or had a ready warp waiting only for a
 *                      busy execution unit (Kayiran's "can fetch new warps")
 *                      / the rest; RACT = act / (act + inact)
 *   struct_stall: nothing issued and some warp blocked by a busy unit or a
 *                 full LD/ST path; mem_stall: nothing issued and some warp
 *                 waiting for load data                     (Li & Liang)
 *   ldst_stall_cycles: cycles the memory unit could not make progress (MSHR,
 *                 miss queue or interconnect full) or a memory instruction
 *                 could not issue because the unit was busy; ldst_stall_run
 *                 the current run of consecutive such cycles (Song et al.)
 *   sb_conflicts: scheduler-cycles with nothing issued while some warp was
 *                 blocked by the scoreboard                 (Yu et al.)
 *   no_cta_cycles: cycles with no CTA resident
 *   gated_cycles: cycles with no CTA resident while the core's state is OFF
 *                 (power-gated: the power model charges them nothing; a
 *                 THROTTLE core with no CTA is merely idle)
 *   wakeups: times a gated core was turned on again (OFF -> ACTIVE/THROTTLE
 *                 after at least one gated cycle)
 *   reg_alloc_cycles, shmem_alloc_cycles: registers / shared-memory bytes
 *                 allocated to resident CTAs, summed over cycles (updated at
 *                 each CTA start and finish; what the power model's
 *                 -power_gate_unused_rf_shmem leaves leaking) */
#ifndef CTASIM_COUNTERS_H
#define CTASIM_COUNTERS_H

#include "frontend/inst.h"

enum issue_outcome { OUT_ACTIVE = 0, OUT_IDLE, OUT_MEM_STALL, OUT_CORE_STALL, OUT__COUNT };

typedef struct sm_counters {
    uint64_t cycles;
    uint64_t outcome[OUT__COUNT];
    uint64_t c_mem, c_mem_wait, c_mem_sched, c_mem_sched_mem;
    uint64_t act_cycles, inact_cycles;
    uint64_t struct_stall, mem_stall;
    uint64_t ldst_stall_cycles, ldst_stall_run, ldst_stall_run_max;
    uint64_t sb_conflicts;
    uint64_t no_cta_cycles;
    uint64_t gated_cycles;
    uint64_t wakeups;
    uint64_t warp_insts, thread_insts;
    uint64_t ctas_issued, ctas_done;
    /* round trip of a load request that left the core (L1 miss or bypass):
     * cycles from entering the miss queue to its reply being consumed */
    uint64_t mem_lat_sum, mem_lat_count, mem_lat_max;
    /* activity for the power model */
    uint64_t unit_issues[UNIT__COUNT];   /* warp instructions per unit */
    uint64_t unit_lane_ops[UNIT__COUNT]; /* thread instructions per unit */
    uint64_t reg_reads, reg_writes;      /* warp-wide register file accesses */
    /* L1 hits, misses and pending hits are the L1's own statistics
     * (cache_stats_t, gpu_sm_l1_stats), counted in one place for L1 and L2 */
    uint64_t l1_bypassed;                /* accesses sent past L1 */
    uint64_t shmem_accesses, shmem_bank_cycles;
    uint64_t const_accesses;
    uint64_t store_requests, load_requests, atomic_requests; /* requests sent below L1 */
    uint64_t reg_alloc_cycles, shmem_alloc_cycles;              /* sm_alloc_integral for the value now */
} sm_counters_t;

/* What one kernel did, for per-kernel statistics in mixes. Each counter is
 * counted where its total is (L1 and L2 accesses with the cache's own
 * statistics, DRAM reads and writes when the L2 makes the request: a
 * write-back belongs to the kernel whose access evicted the line), so the
 * kernels' counters sum to the totals. Stall cycles: a core cycle counted
 * as struct_stall / mem_stall (sm_counters_t) goes to the kernel with the
 * most CTAs on that core then (ties: the earlier launch). */
typedef struct kernel_stats {
    uint64_t l1_accesses, l1_hits, l1_misses, l1_pending_hits, l1_bypassed;
    uint64_t l2_accesses, l2_hits, l2_misses, l2_pending_hits;
    uint64_t dram_reads, dram_writes;
    uint64_t struct_stall, mem_stall;
} kernel_stats_t;

#endif
