/* config.h — every parameter of the model, with GPGPU-Sim option names.
 *
 * Options are read from GPGPU-Sim option files (`-name value`, `#` comments,
 * quoted multi-line values, later wins) and `--set name=value`. Each field
 * below documents the option that sets it. Unknown options are an error
 * naming file and line unless allow_unknown is set.
 *
 * Units: cycles are in the clock domain of the component that uses them
 * (core cycles for SM latencies, DRAM command cycles for DRAM timing). */
#ifndef CTASIM_CONFIG_H
#define CTASIM_CONFIG_H

#include "util/common.h"
#include "frontend/inst.h"
#include "power_params.h"

/* What the timing model supports (model/sm.h sizes its tables with these and
 * the warp policies theirs; config_validate rejects a config beyond them). */
#define CONFIG_MAX_WARPS_PER_SM 64u
#define CONFIG_MAX_CTAS_PER_SM 32u
#define CONFIG_MAX_SCHED_PER_SM 8u
#define CONFIG_MAX_SHMEM_OPTIONS 16 /* -gpgpu_shmem_option sizes */

/* One cache, from a GPGPU-Sim cache string
 *   <sector?>:<nsets>:<bsize>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<set_index_fn>,<mshr>:<N>:<merge>,<mq>[:<fifo>]
 * e.g. "N:32:128:4,L:L:m:N:H,S:64:8,8". Optional trailing fields
 * (":0,32" result FIFO and data-port width in newer GPGPU-Sim) are checked and
 * not stored. Which fields the model reads: config_coverage.c. */
typedef struct cache_config {
    bool enabled;           /* false when the string is "none" or nsets == 0 */
    bool sectored;          /* 'S' (32-byte sectors in 128-byte lines) vs 'N' */
    uint32_t nsets, line_size, assoc;
    char replacement;       /* 'L' LRU, 'F' FIFO */
    char write_policy;      /* 'R' read-only, 'B' write-back, 'T' write-through, 'E' write-evict, 'L' local write-back/global write-through */
    char alloc_policy;      /* 'm' on miss, 'f' on fill, 's' streaming */
    char write_alloc;       /* 'N' no write-allocate, 'W' write-allocate, 'F' fetch-on-write, 'L' lazy fetch-on-read */
    char set_index_fn;      /* 'L' linear, 'H' Fermi hash, 'P' IPOLY hash, 'X' bitwise-xor */
    char mshr_type;         /* 'A' associative, 'S' sector-assoc, 'T'/'F' texture FIFO */
    uint32_t mshr_entries;  /* distinct lines in flight */
    uint32_t mshr_max_merge;/* requests merged per entry */
    uint32_t miss_queue;    /* miss queue entries toward the interconnect */
} cache_config_t;

/* DRAM timing from -gpgpu_dram_timing_opt "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2"
 * All in DRAM command-clock cycles. tWTR is GPGPU-Sim's CDLR (write-to-read). */
typedef struct dram_timing {
    uint32_t nbk;           /* banks per channel */
    uint32_t tCCD, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tCDLR, tWR;
    uint32_t nbkgrp, tCCDL, tRTPL;
    uint32_t tRTP;          /* read to precharge (not in GPGPU-Sim's string; defaults to BL/2) */
} dram_timing_t;

typedef struct gpu_config {
    /* --- top level --- */
    uint32_t n_clusters;            /* -gpgpu_n_clusters */
    uint32_t n_cores_per_cluster;   /* -gpgpu_n_cores_per_cluster */
    uint32_t n_mem;                 /* -gpgpu_n_mem: DRAM channels (memory partitions) */
    uint32_t n_sub_partition_per_mchannel; /* -gpgpu_n_sub_partition_per_mchannel: L2 slices per channel */
    double clk_core_mhz, clk_icnt_mhz, clk_l2_mhz, clk_dram_mhz; /* -gpgpu_clock_domains a:b:c:d */
    uint32_t kernel_launch_latency; /* -gpgpu_kernel_launch_latency (core cycles) */
    uint32_t tb_launch_latency;     /* -gpgpu_TB_launch_latency */
    uint32_t max_concurrent_kernel; /* -gpgpu_max_concurrent_kernel */
    uint32_t concurrent_kernel_sm;  /* -gpgpu_concurrent_kernel_sm: 1 kernels share a core, 0 a core holds one
                                       kernel's CTAs at a time (GPGPU-Sim's default; ctasim's preset says 1) */

    /* --- SM resources --- */
    uint32_t max_threads_per_sm;    /* -gpgpu_shader_core_pipeline <threads>:<warp size> */
    uint32_t warp_size;             /*   (must be 32) */
    uint32_t max_cta_per_sm;        /* -gpgpu_shader_cta */
    uint32_t registers_per_sm;      /* -gpgpu_shader_registers */
    uint32_t registers_per_block;   /* -gpgpu_registers_per_block (0 = no limit) */
    uint32_t reg_alloc_granularity; /* -ctasim_reg_alloc_granularity: regs/thread rounded up to this (GPGPU-Sim: 4) */
    uint32_t shmem_per_sm;          /* -gpgpu_shmem_size (bytes) */
    uint32_t shmem_per_block;       /* -gpgpu_shmem_per_block (0 = shmem_per_sm) */
    uint32_t shmem_alloc_granularity; /* -ctasim_shmem_alloc_granularity (bytes, default 128) */
    uint32_t simd_width;            /* -ctasim_simd_width: lanes per SP unit (32 = one warp per cycle) */

    /* --- SM pipeline --- */
    uint32_t num_sched_per_core;    /* -gpgpu_num_sched_per_core */
    char warp_sched[64];            /* -gpgpu_scheduler (lrr, gto, two_level_active:...) */
    char dyncta_defaults[128];      /* -ctasim_dyncta_defaults: DYNCTA's k=v defaults calibrated for this machine */
    uint32_t num_units[UNIT__COUNT];/* -gpgpu_num_{sp,int,dp,sfu,tensor_core}_units; LDST 1; BRANCH = num_sched */
    uint32_t lat[LAT__COUNT];       /* -ptx_opcode_latency_{int,fp,dp,sfu,tensor}, -trace_opcode_latency_initiation_* */
    uint32_t init[LAT__COUNT];      /* -ptx_opcode_initiation_{int,fp,dp,sfu,tensor} */
    uint32_t ibuffer_size;          /* -ctasim_ibuffer_size: decoded instructions per warp */
    /* -ctasim_pipeline_latency: cycles a result takes beyond its unit's
     * latency, from the stages between issue and execution and the
     * write-back (GPGPU-Sim's ID_OC register, operand collector, OC_EX
     * register, write-back): a dependent instruction issues lat + this after
     * its producer. Measured on Accel-Sim (QV100): 5 for dependent IADD3,
     * FFMA and MUFU chains, 4 for dependent L1 hits. */
    uint32_t pipeline_latency;
    bool sub_core_model;            /* -gpgpu_sub_core_model: scheduler i issues only to its own unit instances */
    uint32_t max_insn_issue_per_warp; /* -gpgpu_max_insn_issue_per_warp (only 1 supported) */

    /* --- L1 / shared memory --- */
    cache_config_t l1d;             /* -gpgpu_cache:dl1 */
    uint32_t l1_latency;            /* -gpgpu_l1_latency (core cycles, hit) */
    uint32_t smem_latency;          /* -gpgpu_smem_latency */
    uint32_t shmem_num_banks;       /* -gpgpu_shmem_num_banks */
    uint32_t shmem_bank_width;      /* -ctasim_shmem_bank_width (bytes, 4) */
    bool gmem_skip_l1d;             /* -gpgpu_gmem_skip_L1D: all global loads bypass L1 */
    bool flush_l1;                  /* -gpgpu_flush_l1_cache: invalidate every L1 when a kernel ends */
    bool perf_sim_memcpy;           /* -gpgpu_perf_sim_memcpy: host-to-device copies fill the L2 */
    uint32_t l1_banks;              /* -gpgpu_l1_banks: L1 accesses per core cycle, one per bank */
    uint32_t l1_bank_interleave;    /* -gpgpu_l1_banks_byte_interleaving: bytes per bank before the next */
    uint32_t l1_bank_hash;          /* -gpgpu_l1_banks_hashing_function: 0 = linear (only one modelled) */
    uint32_t l1_write_ratio;        /* -gpgpu_l1_cache_write_ratio: % of L1 frames that may hold written
                                     * lines before written lines become victims like any other */
    /* Volta's unified L1/shared memory (-gpgpu_adaptive_cache_config 1): at
     * each kernel launch the L1 gets what the kernel's shared memory leaves
     * of -gpgpu_unified_l1d_size KB, the carve-out rounded up to the next
     * -gpgpu_shmem_option size; see gpu.c (adapt_l1). */
    bool adaptive_l1;               /* -gpgpu_adaptive_cache_config */
    uint32_t unified_l1d_kb;        /* -gpgpu_unified_l1d_size (KB, L1 + shared memory) */
    uint32_t shmem_options_kb[CONFIG_MAX_SHMEM_OPTIONS]; /* -gpgpu_shmem_option, ascending (KB) */
    uint32_t n_shmem_options;
    uint32_t coalesce_arch;         /* -gpgpu_coalesce_arch: 20 = Fermi 128B lines; >= 60 = 32B sectors */
    uint32_t l1_ports;              /* -ctasim_l1_ports: L1 tag lookups per core cycle (1) */
    uint32_t const_latency;         /* -ctasim_const_latency: constant/texture cache modelled as always-hit */

    /* --- interconnect (crossbar) --- */
    uint32_t icnt_flit_size;        /* -icnt_flit_size (bytes) */
    uint32_t icnt_latency;          /* -ctasim_icnt_latency: router+channel delay (icnt cycles) */
    uint32_t icnt_in_buffer;        /* -icnt_in_buffer_limit (flits per input port) */
    uint32_t icnt_out_buffer;       /* -icnt_out_buffer_limit (flits per output port) */
    uint32_t icnt_ctrl_bytes;       /* -ctasim_icnt_ctrl_bytes: header size of a packet (8) */
    uint32_t ejection_buffer;       /* -gpgpu_n_cluster_ejection_buffer_size (packets) */
    uint32_t icnt_topology;         /* -ctasim_icnt_topology: 0 crossbar, 1 2-D mesh (model/icnt_mesh.h) */
    uint32_t mesh_dim;              /* -ctasim_mesh_dim: k of the k x k mesh (0 = smallest with k*k >= nodes) */
    uint32_t mesh_router_latency;   /* -ctasim_mesh_router_latency: icnt cycles per router (a hop adds 1 link cycle) */
    uint32_t mesh_buffer;           /* -ctasim_mesh_buffer: flits per router input port */

    /* --- memory partition: L2 slice --- */
    cache_config_t l2;              /* -gpgpu_cache:dl2 (per sub-partition) */
    uint32_t l2_rop_latency;        /* -gpgpu_l2_rop_latency (core cycles, fixed pipeline before L2 tag access) */
    uint32_t dram_latency;          /* -dram_latency (core cycles added to every DRAM access: PHY + controller) */
    uint32_t partition_queue;       /* -gpgpu_dram_partition_queues a:b:c:d (only a, icnt->L2, is modelled) */

    /* --- DRAM --- */
    uint32_t dram_scheduler;        /* -gpgpu_dram_scheduler 0 FIFO, 1 FR-FCFS */
    uint32_t frfcfs_queue;          /* -gpgpu_frfcfs_dram_sched_queue_size (0 = unbounded) */
    uint32_t dram_return_queue;     /* -gpgpu_dram_return_queue_size */
    uint32_t n_mem_per_ctrlr;       /* -gpgpu_n_mem_per_ctrlr: chips per channel */
    uint32_t dram_buswidth;         /* -gpgpu_dram_buswidth: bytes per chip */
    uint32_t dram_burst_length;     /* -gpgpu_dram_burst_length */
    uint32_t dram_data_cmd_ratio;   /* -dram_data_command_freq_ratio (GDDR5 4, HBM 2) */
    uint32_t dram_dual_bus;         /* -dram_dual_bus_interface: 1 = a row and a column command per cycle */
    uint32_t dram_bnkgrp_indexing;  /* -dram_bnkgrp_indexing_policy: 0 upper bank bits, 1 lower bits */
    uint32_t dram_bnk_indexing;     /* -dram_bnk_indexing_policy: 0 linear, 1 bank xor row bits */
    dram_timing_t dram;             /* -gpgpu_dram_timing_opt */
    char addr_mapping[256];         /* -gpgpu_mem_addr_mapping */
    uint32_t mem_address_mask;      /* -gpgpu_mem_address_mask */
    uint32_t partition_indexing;    /* -gpgpu_memory_partition_indexing: 0 linear, 1 xor, 2 IPOLY, 6 IPOLY-modulo */
    /* -gpgpu_simple_dram_model 1: no banks or DRAM timing; a channel takes
     * one 32-byte sector per DRAM cycle and answers -dram_latency later
     * (model/dram.c, "Simple model"), as Accel-Sim's H100 configuration runs. */
    bool simple_dram;

    /* --- SM grouping (ctasim's own: GPGPU-Sim files do not describe it) ---
     * The SMs form -ctasim_gpcs graphics processing clusters (GPCs), built of
     * TPCs of -ctasim_sms_per_tpc SMs: SMs 0.. in order, each GPC a run of
     * whole TPCs, the first (TPCs mod GPCs) GPCs one TPC larger
     * (config_gpc_sms). 0 GPCs: not described, all SMs count as one GPC.
     * Thread block cluster dispatch (gpu.c) places all CTAs of a cluster on
     * the SMs of one GPC; kernels without clusters do not read it. */
    uint32_t n_gpc;                 /* -ctasim_gpcs */
    uint32_t sms_per_tpc;           /* -ctasim_sms_per_tpc */
    /* -ctasim_dsmem_latency: core cycles from issue until a distributed
     * shared memory access (another CTA of the cluster, over the GPC's
     * SM-to-SM network) has its data; default 180 (Hopper microbenchmarks,
     * docs/ARCHITECTURE.md "Thread block clusters") */
    uint32_t dsmem_latency;

    /* --- run control --- */
    uint32_t max_ctas_override;     /* --max-ctas (0 = none) */
    uint32_t active_cores;          /* --active-cores: cores 0..N-1 take CTAs, the rest are OFF (0 = all) */
    uint64_t max_cycles;            /* -gpgpu_max_cycle (0 = unlimited) */
    uint64_t max_insn;              /* -gpgpu_max_insn (0 = unlimited) */

    /* --- power model (-power_*; config/power_params.h, model/power.h, gpu/gpu_power.c) --- */
    power_params_t power;
} gpu_config_t;

static inline uint32_t config_n_sm(const gpu_config_t *c) { return c->n_clusters * c->n_cores_per_cluster; }

/* GPGPU-Sim counts -gpgpu_l2_rop_latency and -dram_latency in core cycles
 * (its gpu_sim_cycle), although the L2 and the DRAM controller apply them in
 * their own clock domains. These give them in the domain's cycles, rounded to
 * the nearest (at least 1 when the option is non-zero), so a preset whose L2
 * or DRAM clock differs from the core clock keeps GPGPU-Sim's latencies. */
static inline uint32_t config_core_to_domain_cycles(const gpu_config_t *c, uint32_t core_cycles, double domain_mhz)
{
    if (!core_cycles || c->clk_core_mhz <= 0)
        return core_cycles;
    double v = (double)core_cycles * domain_mhz / c->clk_core_mhz + 0.5;
    return v < 1 ? 1 : (uint32_t)v;
}
static inline uint32_t config_rop_latency_l2(const gpu_config_t *c)
{
    return config_core_to_domain_cycles(c, c->l2_rop_latency, c->clk_l2_mhz);
}
static inline uint32_t config_dram_latency_dram(const gpu_config_t *c)
{
    return config_core_to_domain_cycles(c, c->dram_latency, c->clk_dram_mhz);
}
static inline uint32_t config_n_l2(const gpu_config_t *c) { return c->n_mem * c->n_sub_partition_per_mchannel; }

/* GPC grouping of the SMs (see n_gpc above): how many GPCs, how many SMs GPC
 * g holds, and the GPC of SM `sm`. */
uint32_t config_n_gpc(const gpu_config_t *c);
uint32_t config_gpc_sms(const gpu_config_t *c, uint32_t g);
uint32_t config_gpc_of_sm(const gpu_config_t *c, uint32_t sm);

/* --- Loading ------------------------------------------------------------
 * Every load can record where each option was set (config_settings_t, in
 * config_coverage.h) and reports on stderr what it skips or does not model. */
typedef struct config_settings config_settings_t;

#define CONFIG_WARN_UNKNOWN 1u    /* "option -X is not modelled; ignored" per unknown option skipped */
#define CONFIG_WARN_UNMODELLED 2u /* one line per accepted option whose value is not (fully) modelled */

typedef struct config_load_opts {
    bool allow_unknown;      /* an unknown option is skipped instead of being an error */
    unsigned warn;           /* CONFIG_WARN_* bits */
    config_settings_t *log;  /* when not NULL: receives where each option was last set */
} config_load_opts_t;

/* Reset to the built-in default (the gtx480 preset). */
void config_defaults(gpu_config_t *c);

/* Load a preset by name (gtx480, c2050, hpca14-28sm, date14-28sm, pact13-30sm,
 * date16-15sm, a100, h100) on top of the defaults. Returns -1 if no such preset. */
int config_load_preset(gpu_config_t *c, const char *name, cs_error_t *err);
/* The same with load options (no warnings unless asked; the log names lines of the preset text). */
int config_load_preset_opts(gpu_config_t *c, const char *name, const config_load_opts_t *o, cs_error_t *err);

/* Names of the built-in presets, NULL-terminated; description via config_preset_desc. */
const char *const *config_preset_names(void);
const char *config_preset_desc(const char *name);

/* Parse an option file (path shown in errors). allow_unknown: unknown options
 * produce a warning on stderr instead of an error. Accepted options that are
 * not (fully) modelled get one warning line each (CONFIG_WARN_UNMODELLED);
 * config_load_text warns about unknown options only. */
int config_load_file(gpu_config_t *c, const char *path, bool allow_unknown, cs_error_t *err);
/* Parse option text held in memory; `origin` names it in error messages. */
int config_load_text(gpu_config_t *c, const char *text, size_t len, const char *origin,
                     bool allow_unknown, cs_error_t *err);
/* One option, as `--set name=value` (name with or without leading '-'); no warnings. */
int config_set(gpu_config_t *c, const char *name, const char *value, cs_error_t *err);
/* The three above with load options; config_set_opts' origin is "--set". */
int config_load_file_opts(gpu_config_t *c, const char *path, const config_load_opts_t *o, cs_error_t *err);
int config_load_text_opts(gpu_config_t *c, const char *text, size_t len, const char *origin,
                          const config_load_opts_t *o, cs_error_t *err);
int config_set_opts(gpu_config_t *c, const char *name, const char *value, const config_load_opts_t *o,
                    cs_error_t *err);

/* The option table, for the coverage catalogue (config_coverage.c) and its tests:
 * the i-th option's name (without '-'), and how many fields its value has
 * (0: one number or word; a cache string 15, a DRAM timing string 15, ...). */
size_t config_option_count(void);
const char *config_option_name(size_t i);
unsigned config_option_fields(size_t i);
bool config_option_known(const char *name);

/* Cross-field checks after all options are in (e.g. warp size 32, nonzero
 * sizes, power-of-two line sizes). */
int config_validate(const gpu_config_t *c, cs_error_t *err);

int cache_config_parse(cache_config_t *cc, const char *s, cs_error_t *err);
int dram_timing_parse(dram_timing_t *t, const char *s, cs_error_t *err);

/* Write the effective configuration as an option file (round-trips through config_load_text). */
void config_dump(const gpu_config_t *c, void *FILE_stream);

#endif
