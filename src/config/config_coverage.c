/* config_coverage.c — the coverage catalogue: for every option ctasim parses,
 * every field of its compound options and every GPGPU-Sim / Accel-Sim option
 * it does not parse, whether the timing model uses it (see config_coverage.h).
 *
 * Why a separate table keyed by option name, not a column of option_table:
 *   - option_table says how to parse; this says what the model does with the
 *     result, which takes a sentence per option and a row per field. Kept
 *     apart, a parser change and a model change touch different lines.
 *   - the catalogue also covers what option_table does not: the fields of
 *     compound options and the GPGPU-Sim options ctasim does not parse (the
 *     latter used to be a bare name list in config.c).
 *   - tests/test_config.c checks the two tables against each other: every
 *     option_table row has an entry here, a compound option has an entry per
 *     field (or is modelled in full), and an option marked "not parsed" here
 *     is not in option_table. So a new option cannot be added, nor an
 *     unparsed one start to be parsed, without a coverage statement.
 *
 * How the entries were decided: an option (or field) is modelled when some
 * code in src/model, src/gpu or src/policy reads the config field it sets and
 * does with it what GPGPU-Sim does; ignored when nothing reads it (grep the
 * field); approximated when it is read but means something different. When
 * a model change starts reading a field, change its entry here.
 *
 * Listing order is this file's order: option_table's, then the unparsed
 * options by subject. */
#include "config_coverage.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Fields of compound values                                                */
/* ------------------------------------------------------------------------ */

/* Positions in a cache string
 *   [S|N:]<sets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<set_index>],<mshr>:<n>:<merge>,<mq>[:<fifo>][,<port>] */
enum cache_part {
    CP_SECTOR, CP_NSETS, CP_LINE, CP_ASSOC, CP_REPLACEMENT, CP_WRITE, CP_ALLOC, CP_WRITE_ALLOC, CP_SET_INDEX,
    CP_MSHR_TYPE, CP_MSHR_ENTRIES, CP_MSHR_MERGE, CP_MISS_QUEUE, CP_RESULT_FIFO, CP_PORT_WIDTH,
};

/* Split `s` (modified) at `sep` into at most max fields; the count. */
static int split_at(char *s, char sep, char **f, int max)
{
    int n = 0;
    while (n < max) {
        f[n++] = s;
        char *next = strchr(s, sep);
        if (!next)
            break;
        *next = '\0';
        s = next + 1;
    }
    return n;
}

static char *trim_blanks(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* One field of a cache string into out; false when the string does not
 * give it ("none", or an optional field left out). */
static bool cache_field(const char *value, int part, char *out, size_t outsz)
{
    char buf[256];
    if (strlen(value) >= sizeof buf)
        return false;
    strcpy(buf, value);
    char *text = trim_blanks(buf);
    if (!strcmp(text, "none"))
        return false;
    char *sec[5] = {0}, *geo[4] = {0}, *pol[5] = {0}, *mshr[3] = {0}, *mq[2] = {0};
    int nsec = split_at(text, ',', sec, 5);
    int ngeo = sec[0] ? split_at(sec[0], ':', geo, 4) : 0;
    int npol = nsec > 1 ? split_at(sec[1], ':', pol, 5) : 0;
    int nmshr = nsec > 2 ? split_at(sec[2], ':', mshr, 3) : 0;
    int nmq = nsec > 3 ? split_at(sec[3], ':', mq, 2) : 0;
    char **g = ngeo == 4 ? geo + 1 : geo; /* GPGPU-Sim 3.x strings have no sector flag */
    int ng = ngeo == 4 ? 3 : ngeo;
    const char *f = NULL;
    switch ((enum cache_part)part) {
    case CP_SECTOR: f = ngeo == 4 ? geo[0] : NULL; break;
    case CP_NSETS: f = ng > 0 ? g[0] : NULL; break;
    case CP_LINE: f = ng > 1 ? g[1] : NULL; break;
    case CP_ASSOC: f = ng > 2 ? g[2] : NULL; break;
    case CP_REPLACEMENT: f = npol > 0 ? pol[0] : NULL; break;
    case CP_WRITE: f = npol > 1 ? pol[1] : NULL; break;
    case CP_ALLOC: f = npol > 2 ? pol[2] : NULL; break;
    case CP_WRITE_ALLOC: f = npol > 3 ? pol[3] : NULL; break;
    case CP_SET_INDEX: f = npol > 4 ? pol[4] : NULL; break;
    case CP_MSHR_TYPE: f = nmshr > 0 ? mshr[0] : NULL; break;
    case CP_MSHR_ENTRIES: f = nmshr > 1 ? mshr[1] : NULL; break;
    case CP_MSHR_MERGE: f = nmshr > 2 ? mshr[2] : NULL; break;
    case CP_MISS_QUEUE: f = nmq > 0 ? mq[0] : NULL; break;
    case CP_RESULT_FIFO: f = nmq > 1 ? mq[1] : NULL; break;
    case CP_PORT_WIDTH: f = nsec > 4 ? sec[4] : NULL; break;
    }
    if (!f)
        return false;
    snprintf(out, outsz, "%s", trim_blanks((char *)f));
    return true;
}

/* The value of field `part` of an option's value: cache strings and the
 * a:b:c:d partition queues are the compound options with field entries. */
static bool field_value(const char *option, int part, const char *value, char *out, size_t outsz)
{
    if (!strncmp(option, "gpgpu_cache:", 12))
        return cache_field(value, part, out, outsz);
    char buf[256], *f[4];
    if (strlen(value) >= sizeof buf)
        return false;
    strcpy(buf, value);
    int n = split_at(buf, ':', f, 4);
    if (part >= n)
        return false;
    snprintf(out, outsz, "%s", trim_blanks(f[part]));
    return true;
}

/* ------------------------------------------------------------------------ */
/* Values at which not modelling something is exact                         */
/* ------------------------------------------------------------------------ */

/* -gpgpu_mem_address_mask picks GPGPU-Sim's built-in mapping, which a
 * -gpgpu_mem_addr_mapping string replaces (addrdec.cc); ctasim always has a
 * mapping string, so the mask makes no difference when the same
 * configuration gives its mapping. */
static bool mapping_given(const char *value, const gpu_config_t *c, const config_settings_t *s)
{
    (void)value;
    (void)c;
    return s && config_settings_find(s, "gpgpu_mem_addr_mapping") != NULL;
}

static bool not_two_level(const char *value, const gpu_config_t *c, const config_settings_t *s)
{
    (void)c;
    (void)s;
    return strncmp(value, "two_level_active", 16) != 0;
}

/* The L2's write-allocate without fetch is GPGPU-Sim's lazy fetch-on-read
 * only where the L2 tracks sectors (a non-sectored L2 validates the line). */
static bool l2_lazy_fetch(const char *value, const gpu_config_t *c, const config_settings_t *s)
{
    (void)s;
    return !strcmp(value, "L") && c->l2.sectored;
}

/* ------------------------------------------------------------------------ */
/* The catalogue                                                            */
/* ------------------------------------------------------------------------ */

#define MODELLED(o, n) {.option = o, .level = COV_MODELLED, .note = n}
#define APPROX(o, same, n) {.option = o, .level = COV_APPROXIMATED, .note = n, .same_for = same}
#define IGNORED(o, same, n) {.option = o, .level = COV_IGNORED, .note = n, .same_for = same}
#define PARTLY(o, n) {.option = o, .level = COV_PARTLY, .note = n}
#define FIELD(o, f, p, lvl, same, n) {.option = o, .field = f, .level = lvl, .note = n, .same_for = same, .part = p}
#define NOT_PARSED(o, n) {.option = o, .level = COV_NOT_PARSED, .note = n}
#define NOT_PARSED_AT(o, same, n) {.option = o, .level = COV_NOT_PARSED, .note = n, .same_for = same}
#define NO_TIMING(o, n) {.option = o, .level = COV_NO_TIMING, .note = n}

/* The fields of the L1 and L2 cache strings. */
#define CACHE_GEOMETRY(o)                                                                                   \
    FIELD(o, "sector", CP_SECTOR, COV_MODELLED, NULL, "S: 32-byte sectors in each line; N: whole lines"),  \
    FIELD(o, "nsets", CP_NSETS, COV_MODELLED, NULL, NULL),                                                  \
    FIELD(o, "line_size", CP_LINE, COV_MODELLED, NULL, NULL),                                               \
    FIELD(o, "assoc", CP_ASSOC, COV_MODELLED, NULL, NULL),                                                  \
    FIELD(o, "replacement", CP_REPLACEMENT, COV_MODELLED, NULL, "L LRU, F FIFO")
#define CACHE_COMMON_TAIL(o)                                                                                \
    FIELD(o, "set_index_fn", CP_SET_INDEX, COV_APPROXIMATED, "L",                                           \
          "L (linear) is exact; H, P and X all use one xor-fold of the upper line-address bits, not "       \
          "GPGPU-Sim's Fermi, IPOLY and xor hash functions"),                                              \
    FIELD(o, "mshr_entries", CP_MSHR_ENTRIES, COV_MODELLED, NULL, NULL),                                    \
    FIELD(o, "mshr_max_merge", CP_MSHR_MERGE, COV_MODELLED, NULL, NULL)
#define CACHE_FIFO_AND_PORT(o)                                                                              \
    FIELD(o, "result_fifo", CP_RESULT_FIFO, COV_IGNORED, "*",                                               \
          "GPGPU-Sim reads the result FIFO size for texture caches only, so ignoring it is exact"),        \
    FIELD(o, "data_port_width", CP_PORT_WIDTH, COV_IGNORED, NULL,                                           \
          "no data-port bandwidth: a hit or a fill never waits for the data array")

static const coverage_entry_t catalogue[] = {
    /* ---- top level */
    MODELLED("gpgpu_n_clusters", "SMs = clusters x cores per cluster"),
    APPROX("gpgpu_n_cores_per_cluster", "1",
           "only the SM count it gives is modelled: every SM has a crossbar port of its own, where "
           "GPGPU-Sim's SMs of one cluster share one (exact for 1 core per cluster)"),
    MODELLED("gpgpu_n_mem", NULL),
    MODELLED("gpgpu_n_sub_partition_per_mchannel", NULL),
    MODELLED("ctasim_gpcs", "a thread block cluster's CTAs are placed on the SMs of one GPC; the memory path does not "
                            "read it: every SM reaches every L2 slice alike"),
    MODELLED("ctasim_sms_per_tpc", "with -ctasim_gpcs, the size of the GPCs (cluster placement)"),
    MODELLED("ctasim_dsmem_latency", "a distributed shared memory access: this latency plus one cycle per further "
                                     "32-byte sector of the warp's access"),
    MODELLED("gpgpu_clock_domains", "all four clocks"),
    MODELLED("gpgpu_kernel_launch_latency", NULL),
    IGNORED("gpgpu_TB_launch_latency", "0", "a CTA starts the cycle it is dispatched, with no launch delay"),
    MODELLED("gpgpu_max_concurrent_kernel", NULL),
    MODELLED("gpgpu_concurrent_kernel_sm", "0: an empty core picks the next running kernel round-robin and holds "
                                           "only its CTAs until it empties again (GPGPU-Sim 3.x's rule; 4.x keeps "
                                           "the last picked kernel while it has CTAs left); ctasim's presets say 1"),

    /* ---- SM resources */
    MODELLED("gpgpu_shader_core_pipeline", "threads per SM; the warp size must be 32 (other values are an error)"),
    MODELLED("gpgpu_shader_cta", NULL),
    MODELLED("gpgpu_shader_registers", NULL),
    IGNORED("gpgpu_registers_per_block", "*",
            "CTAs are limited by the SM's registers only; GPGPU-Sim reports this value to the application "
            "(cudaDeviceProp) and its timing does not use it either"),
    MODELLED("ctasim_reg_alloc_granularity", NULL),
    MODELLED("gpgpu_shmem_size", NULL),
    IGNORED("gpgpu_shmem_per_block", "*",
            "CTAs are limited by the SM's shared memory only; GPGPU-Sim reports this value to the "
            "application (cudaDeviceProp) and its timing does not use it either"),
    MODELLED("ctasim_shmem_alloc_granularity", NULL),
    MODELLED("ctasim_simd_width", NULL),

    /* ---- SM pipeline */
    MODELLED("gpgpu_num_sched_per_core", "also the number of branch units"),
    {.option = "gpgpu_scheduler", .level = COV_APPROXIMATED, .same_fn = not_two_level,
     .note = "lrr and gto (and ctasim's own policies) are modelled; two_level_active:N[:inner:outer] runs "
             "ctasim's two-level policy with fetch groups of N warps (Narasiman et al.), not GPGPU-Sim's "
             "active/pending pools, and its inner and outer fields are ignored"},
    MODELLED("gpgpu_num_sp_units", NULL),
    MODELLED("gpgpu_num_sfu_units", "0: SFU work runs on the SP units"),
    MODELLED("gpgpu_num_dp_units", "0: DP runs on the SFU units"),
    MODELLED("gpgpu_num_int_units", "0: INT runs on the SP units"),
    MODELLED("gpgpu_num_tensor_core_units", "0: tensor work runs on the SP units"),
    MODELLED("ptx_opcode_latency_int", "every class, SHFL optional"),
    MODELLED("ptx_opcode_initiation_int", "every class, SHFL optional"),
    MODELLED("ptx_opcode_latency_fp", "every class"),
    MODELLED("ptx_opcode_initiation_fp", "every class"),
    MODELLED("ptx_opcode_latency_dp", "every class"),
    MODELLED("ptx_opcode_initiation_dp", "every class"),
    MODELLED("ptx_opcode_latency_sfu", NULL),
    MODELLED("ptx_opcode_initiation_sfu", NULL),
    MODELLED("ptx_opcode_latency_tensor", NULL),
    MODELLED("ptx_opcode_latency_tesnor", "GPGPU-Sim's spelling of -ptx_opcode_latency_tensor"),
    MODELLED("ptx_opcode_initiation_tensor", NULL),
    MODELLED("ctasim_opcode_latency_branch", NULL),
    MODELLED("ctasim_opcode_initiation_branch", NULL),
    MODELLED("trace_opcode_latency_initiation_int", "latency and initiation of every integer class"),
    MODELLED("trace_opcode_latency_initiation_sp", "latency and initiation of every FP32 class"),
    MODELLED("trace_opcode_latency_initiation_dp", "latency and initiation of every FP64 class"),
    MODELLED("trace_opcode_latency_initiation_sfu", NULL),
    MODELLED("trace_opcode_latency_initiation_tensor", NULL),
    IGNORED("ctasim_ibuffer_size", NULL,
            "the SM holds one decoded instruction per warp and fetches the next one at once"),
    MODELLED("ctasim_pipeline_latency", "added to every result's latency (ALU and loaded data alike)"),
    MODELLED("gpgpu_sub_core_model", "each scheduler owns the unit instances i with i mod schedulers = its number"),
    MODELLED("gpgpu_max_insn_issue_per_warp", "only 1 (other values are an error)"),

    /* ---- L1 data cache and shared memory */
    PARTLY("gpgpu_cache:dl1", "see its fields"),
    CACHE_GEOMETRY("gpgpu_cache:dl1"),
    FIELD("gpgpu_cache:dl1", "write_policy", CP_WRITE, COV_APPROXIMATED, "E|T",
          "every store also goes to the L2. E (write-evict): a store hit drops the written sectors; T "
          "(write-through): a store hit marks them written; L is taken as E for local stores too (GPGPU-Sim "
          "writes local stores back); B as T (the store still goes to the L2); R as E"),
    FIELD("gpgpu_cache:dl1", "alloc_policy", CP_ALLOC, COV_APPROXIMATED, "m|f",
          "m: a miss takes its frame (evicting the victim) at once and reserves it until the fill; a set "
          "whose frames are all reserved makes the access wait; f: the frame is taken when the fill "
          "arrives; s (streaming) is taken as f"),
    FIELD("gpgpu_cache:dl1", "write_alloc", CP_WRITE_ALLOC, COV_APPROXIMATED, "N|L",
          "N: a store miss allocates nothing; L (lazy fetch-on-read): a store miss takes a frame without "
          "fetching, the sectors written whole become readable, partly written ones are fetched when read; "
          "W and F (fetch-on-write) are taken as L"),
    CACHE_COMMON_TAIL("gpgpu_cache:dl1"),
    FIELD("gpgpu_cache:dl1", "mshr_type", CP_MSHR_TYPE, COV_APPROXIMATED, "A",
          "A: an entry merges the requests for its key, the line, or with -gpgpu_coalesce_arch >= 40 "
          "and a sectored L1 the 32-byte sector (as GPGPU-Sim); a request for a sector a line's fetch "
          "lacks waits for it; S and the texture kinds are taken as A"),
    FIELD("gpgpu_cache:dl1", "miss_queue", CP_MISS_QUEUE, COV_MODELLED, NULL, NULL),
    CACHE_FIFO_AND_PORT("gpgpu_cache:dl1"),
    MODELLED("gpgpu_l1_latency", NULL),
    MODELLED("gpgpu_smem_latency", NULL),
    MODELLED("gpgpu_shmem_num_banks", NULL),
    MODELLED("ctasim_shmem_bank_width", NULL),
    MODELLED("gpgpu_gmem_skip_L1D", NULL),
    MODELLED("gpgpu_flush_l1_cache", "every L1 is invalidated when a kernel ends and no other kernel runs"),
    MODELLED("gpgpu_perf_sim_memcpy", "host-to-device copies (a trace's MemcpyHtoD lines, ctasim_memcpy_htod) fill "
                                      "the L2 with valid, clean sectors when the next kernel starts"),
    MODELLED("gpgpu_l1_cache_write_ratio", "below this share of dirty frames a dirty frame is no victim (if a set "
                                           "holds only dirty or reserved frames, a dirty one is taken)"),
    MODELLED("gpgpu_adaptive_cache_config", "per kernel, as GPGPU-Sim: the L1's ways are what the kernel's shared "
                                            "memory (rounded up to a -gpgpu_shmem_option size) leaves of the unified "
                                            "size; only when no other kernel runs"),
    MODELLED("gpgpu_unified_l1d_size", NULL),
    MODELLED("gpgpu_shmem_option", NULL),
    MODELLED("gpgpu_coalesce_arch", "below 40 a warp's global access becomes one access per L1 line it touches, "
                                    "with a mask of the 32-byte sectors it needs; from 40 on one access per "
                                    "32-byte sector (GPGPU-Sim's Maxwell-and-later rule); GPGPU-Sim's sm_13 "
                                    "rules and per-data-size sub-warps are not modelled"),
    MODELLED("gpgpu_l1_banks", "up to this many L1 accesses per core cycle, at most one per bank; an access "
                               "to a bank already used waits for the next cycle"),
    MODELLED("gpgpu_l1_banks_byte_interleaving", NULL),
    IGNORED("gpgpu_l1_banks_hashing_function", "0", "the bank is always (address / interleaving) mod banks"),
    IGNORED("ctasim_l1_ports", "1", "the LD/ST unit makes one L1 access per core cycle"),
    MODELLED("ctasim_const_latency", "constant and texture accesses always hit after this many cycles"),

    /* ---- interconnect */
    MODELLED("icnt_flit_size", NULL),
    MODELLED("ctasim_icnt_latency", NULL),
    MODELLED("icnt_in_buffer_limit", NULL),
    MODELLED("icnt_out_buffer_limit", NULL),
    MODELLED("ctasim_icnt_ctrl_bytes", NULL),
    IGNORED("gpgpu_n_cluster_ejection_buffer_size", NULL,
            "no per-cluster ejection buffer: an SM takes one reply per cycle straight from the crossbar's "
            "output buffer (-icnt_out_buffer_limit)"),

    /* ---- memory partition */
    PARTLY("gpgpu_cache:dl2", "see its fields"),
    CACHE_GEOMETRY("gpgpu_cache:dl2"),
    FIELD("gpgpu_cache:dl2", "write_policy", CP_WRITE, COV_IGNORED, "B",
          "the L2 is write-back (GPGPU-Sim's B): written sectors turn dirty and go to DRAM when evicted"),
    FIELD("gpgpu_cache:dl2", "alloc_policy", CP_ALLOC, COV_APPROXIMATED, "m|f",
          "m: a miss takes its frame (writing back a dirty victim) at once and reserves it until the fill; "
          "a set whose frames are all reserved makes the request retry; f: the frame is taken when the "
          "fill arrives; s (streaming) is taken as f"),
    {.option = "gpgpu_cache:dl2", .field = "write_alloc", .part = CP_WRITE_ALLOC, .level = COV_IGNORED,
     .same_fn = l2_lazy_fetch,
     .note = "a write allocates without fetching and the written sectors become valid and dirty (GPGPU-Sim's "
             "L, lazy fetch-on-read, in a sectored L2; a non-sectored L2 validates the whole line)"},
    CACHE_COMMON_TAIL("gpgpu_cache:dl2"),
    FIELD("gpgpu_cache:dl2", "mshr_type", CP_MSHR_TYPE, COV_IGNORED, NULL,
          "one kind of MSHR: an entry merges the requests for a line, and a request for sectors the fetch "
          "in flight lacks extends that fetch"),
    FIELD("gpgpu_cache:dl2", "miss_queue", CP_MISS_QUEUE, COV_IGNORED, NULL,
          "the L2 has no miss queue of its own: fetches and write-backs wait in the L2-to-DRAM queue "
          "(64 requests, see -gpgpu_dram_partition_queues)"),
    CACHE_FIFO_AND_PORT("gpgpu_cache:dl2"),
    MODELLED("gpgpu_l2_rop_latency", NULL),
    MODELLED("dram_latency", NULL),
    PARTLY("gpgpu_dram_partition_queues", "see its fields"),
    FIELD("gpgpu_dram_partition_queues", "icnt_to_l2", 0, COV_MODELLED, NULL,
          "bounds the requests in an L2 slice's ROP delay queue"),
    FIELD("gpgpu_dram_partition_queues", "l2_to_dram", 1, COV_IGNORED, "64",
          "the L2-to-DRAM queue stops the L2 at 64 requests, whatever this says"),
    FIELD("gpgpu_dram_partition_queues", "dram_to_l2", 2, COV_IGNORED, NULL,
          "the DRAM-to-L2 fill queue is unbounded (-gpgpu_dram_return_queue_size bounds the reads in flight)"),
    FIELD("gpgpu_dram_partition_queues", "l2_to_icnt", 3, COV_IGNORED, "64",
          "the L2-to-crossbar reply queue stops the L2 at 64 replies, whatever this says"),

    /* ---- DRAM */
    MODELLED("gpgpu_dram_scheduler", "0 FIFO, 1 FR-FCFS (other values are an error)"),
    MODELLED("gpgpu_frfcfs_dram_sched_queue_size", NULL),
    MODELLED("gpgpu_dram_return_queue_size", NULL),
    MODELLED("gpgpu_n_mem_per_ctrlr", NULL),
    MODELLED("gpgpu_dram_buswidth", NULL),
    MODELLED("gpgpu_dram_burst_length", NULL),
    MODELLED("dram_data_command_freq_ratio", NULL),
    MODELLED("gpgpu_dram_timing_opt", "every key (and ctasim's RTP); see model/dram.c for what is not timed"),
    MODELLED("ctasim_icnt_topology", "0 crossbar, 1 2-D mesh (XY routing, virtual cut-through, credits)"),
    MODELLED("ctasim_mesh_dim", NULL),
    MODELLED("ctasim_mesh_router_latency", NULL),
    MODELLED("ctasim_mesh_buffer", NULL),
    MODELLED("dram_dual_bus_interface", "1: a row and a column command may issue in the same cycle"),
    MODELLED("dram_bnkgrp_indexing_policy", "0 upper bank bits, 1 lower bank bits"),
    MODELLED("dram_bnk_indexing_policy", "0 linear, 1 bank xor row; 2 (IPOLY) is rejected"),
    MODELLED("gpgpu_mem_addr_mapping", NULL),
    {.option = "gpgpu_mem_address_mask", .level = COV_IGNORED, .same_fn = mapping_given,
     .note = "selects GPGPU-Sim's built-in address mapping, which -gpgpu_mem_addr_mapping replaces; ctasim "
             "always applies a mapping string (the configuration's, else the preset's), so this is exact "
             "when the configuration gives its mapping"},
    MODELLED("gpgpu_memory_partition_indexing",
             "0 linear, 1 xor, 2 IPOLY, 6 IPOLY-modulo (model/addrmap.c); 3 PAE, 4 random, 5 custom are an error"),
    MODELLED("gpgpu_simple_dram_model", "1: a fixed-latency channel taking one 32-byte sector per DRAM cycle, "
                                        "replies -dram_latency later, one per DRAM cycle (model/dram.c)"),

    /* ---- run control */
    MODELLED("ctasim_max_ctas", NULL),
    MODELLED("max-ctas", "the same as -ctasim_max_ctas"),
    MODELLED("ctasim_active_cores", NULL),
    MODELLED("ctasim_dyncta_defaults", "read by the dyncta and dyncore policies (docs/policies/dyncta.md)"),
    MODELLED("gpgpu_max_cycle", NULL),
    MODELLED("gpgpu_max_insn", NULL),

    /* ---- power model (gpu/gpu_power.c reads every field; no effect on timing) */
    MODELLED("power_simulation_enabled", "ctasim's own event-based power model, not GPUWattch: energy from "
                                         "event counts and static power (docs/ARCHITECTURE.md, Power model)"),
    MODELLED("power_pcpg", NULL),
    MODELLED("power_gate_unused_rf_shmem", NULL),
    MODELLED("power_sm_active_util", NULL),
    MODELLED("power_sample_period", NULL),
    MODELLED("power_wakeup_cycles", NULL),
    MODELLED("power_wakeup_energy_nj", NULL),
    MODELLED("power_fetch_decode_pj", NULL),
    MODELLED("power_sm_active_cycle_pj", NULL),
    MODELLED("power_reg_read_pj", NULL),
    MODELLED("power_reg_write_pj", NULL),
    MODELLED("power_sp_lane_pj", NULL),
    MODELLED("power_int_lane_pj", NULL),
    MODELLED("power_dp_lane_pj", NULL),
    MODELLED("power_sfu_lane_pj", NULL),
    MODELLED("power_tensor_lane_pj", NULL),
    MODELLED("power_ldst_lane_pj", NULL),
    MODELLED("power_shmem_access_pj", NULL),
    MODELLED("power_shmem_replay_pj", NULL),
    MODELLED("power_const_access_pj", NULL),
    MODELLED("power_l1_hit_pj", NULL),
    MODELLED("power_l1_miss_pj", NULL),
    MODELLED("power_l1_fill_pj", NULL),
    MODELLED("power_l2_hit_pj", NULL),
    MODELLED("power_l2_miss_pj", NULL),
    MODELLED("power_l2_fill_pj", NULL),
    MODELLED("power_icnt_flit_pj", NULL),
    MODELLED("power_dram_act_pj", NULL),
    MODELLED("power_dram_pre_pj", NULL),
    MODELLED("power_dram_rd_pj", NULL),
    MODELLED("power_dram_wr_pj", NULL),
    MODELLED("power_sm_static_w", NULL),
    MODELLED("power_sm_rf_static_w", NULL),
    MODELLED("power_sm_shmem_static_w", NULL),
    MODELLED("power_sm_idle_w", NULL),
    MODELLED("power_l2_static_w", NULL),
    MODELLED("power_icnt_static_w", NULL),
    MODELLED("power_mc_static_w", NULL),
    MODELLED("power_dram_static_w", NULL),

    /* ==== GPGPU-Sim / Accel-Sim options ctasim does not parse: an error,
     * or skipped with a warning under --allow-unknown. */

    /* ---- SM front end and operand collection */
    NOT_PARSED_AT("gpgpu_simd_model", "1", "ctasim's PTX interpreter reconverges at immediate post-dominators "
                                   "(GPGPU-Sim's 1); traces carry their own active masks"),
    NOT_PARSED("gpgpu_pipeline_widths", "no pipeline registers between issue, operand collection and "
                                        "execution: an issued instruction enters its unit at once"),
    NOT_PARSED("gpgpu_cache:il1", "no instruction cache: instructions are always at hand"),
    NOT_PARSED("gpgpu_inst_fetch_throughput", "no instruction fetch: a warp's next instruction is ready at once"),
    NOT_PARSED_AT("gpgpu_perfect_inst_const_cache", "1", "instruction and constant caches always hit (GPGPU-Sim's 1)"),
    NOT_PARSED_AT("gpgpu_dual_issue_diff_exec_units", "*", "it matters only when a warp issues two instructions in a cycle, which ctasim does not "
                                                          "model (-gpgpu_max_insn_issue_per_warp 1)"),
    NOT_PARSED("gpgpu_tensor_core_avail", "tensor units exist when -gpgpu_num_tensor_core_units is above 0"),
    NOT_PARSED("gpgpu_num_reg_banks", "no register banks: no bank conflicts"),
    NOT_PARSED("gpgpu_reg_bank_use_warp_id", "no register banks"),
    NOT_PARSED("gpgpu_reg_file_port_throughput", "no register-file ports: operands are read at issue"),
    NOT_PARSED("gpgpu_enable_specialized_operand_collector", "no operand collector"),
    NOT_PARSED("gpgpu_opndcoll_model", "no operand collector: operands are read at issue (Accel-Sim's choice of "
                                       "collector model has nothing to choose)"),
#define OC(x) NOT_PARSED("gpgpu_operand_collector_" x, "no operand collector: operands are read at issue")
    OC("num_units_sp"), OC("num_units_dp"), OC("num_units_sfu"), OC("num_units_int"), OC("num_units_tensor_core"),
    OC("num_units_mem"), OC("num_units_gen"),
    OC("num_in_ports_sp"), OC("num_in_ports_dp"), OC("num_in_ports_sfu"), OC("num_in_ports_int"),
    OC("num_in_ports_tensor_core"), OC("num_in_ports_mem"), OC("num_in_ports_gen"),
    OC("num_out_ports_sp"), OC("num_out_ports_dp"), OC("num_out_ports_sfu"), OC("num_out_ports_int"),
    OC("num_out_ports_tensor_core"), OC("num_out_ports_mem"), OC("num_out_ports_gen"),
#undef OC
#define SPEC(n)                                                                                              \
    NOT_PARSED("specialized_unit_" #n, "no specialised units: their opcodes run on ctasim's fixed units"),     \
    NOT_PARSED("trace_opcode_latency_initiation_spec_op_" #n, "no specialised units (see -specialized_unit_" #n ")")
    SPEC(1), SPEC(2), SPEC(3), SPEC(4), SPEC(5), SPEC(6), SPEC(7), SPEC(8),
#undef SPEC
    NOT_PARSED_AT("gpgpu_num_mem_units", "*", "one LD/ST unit per SM (GPGPU-Sim does not use this option either)"),
    NOT_PARSED_AT("gpgpu_mem_unit_ports", "1", "the LD/ST unit makes one cache access per core cycle (GPGPU-Sim's 1)"),
    NOT_PARSED("gpgpu_n_ldst_response_buffer_size", "no LD/ST response buffer: an SM takes one reply per cycle "
                                                    "from the crossbar"),
    NOT_PARSED("gpgpu_num_cta_barriers", "the number of named barriers per CTA is not limited"),
    NOT_PARSED_AT("gpgpu_ignore_resources_limitation", "0", "CTA resource limits always apply (GPGPU-Sim's 0)"),
    NOT_PARSED_AT("gpgpu_simt_core_sim_order", "0", "the cores are simulated in a fixed order (GPGPU-Sim's 0)"),

    /* ---- L1, shared memory, constant and texture caches */
    NOT_PARSED_AT("gpgpu_shmem_limited_broadcast", "0", "shared-memory bank conflicts are counted over the whole warp with "
                                                "unlimited broadcast (GPGPU-Sim's 0)"),
    NOT_PARSED_AT("gpgpu_shmem_warp_parts", "1", "shared-memory bank conflicts are counted over the whole warp "
                                         "(GPGPU-Sim's 1)"),
    NOT_PARSED("gpgpu_shmem_sizeDefault", "no per-kernel cache configuration: -gpgpu_shmem_size always"),
    NOT_PARSED("gpgpu_shmem_size_PrefL1", "no per-kernel cache configuration: -gpgpu_shmem_size always"),
    NOT_PARSED("gpgpu_shmem_size_PrefShared", "no per-kernel cache configuration: -gpgpu_shmem_size always"),
    NOT_PARSED("gpgpu_cache:dl1PrefL1", "no per-kernel cache configuration: -gpgpu_cache:dl1 always"),
    NOT_PARSED("gpgpu_cache:dl1PrefShared", "no per-kernel cache configuration: -gpgpu_cache:dl1 always"),
    NOT_PARSED_AT("gpgpu_flush_l2_cache", "0", "caches are not flushed between kernels (GPGPU-Sim's 0)"),
    NOT_PARSED("gpgpu_tex_cache:l1", "constant and texture accesses always hit, after -ctasim_const_latency"),
    NOT_PARSED("gpgpu_const_cache:l1", "constant and texture accesses always hit, after -ctasim_const_latency"),
    NOT_PARSED("gpgpu_local_mem_map", "local memory addresses are used as the front end gives them"),
    NOT_PARSED_AT("gpgpu_perfect_mem", "0", "memory is never perfect (GPGPU-Sim's 0)"),

    /* ---- L2, memory partition, DRAM */
    NOT_PARSED_AT("gpgpu_cache:dl2_texture_only", "0", "the L2 caches every access (GPGPU-Sim's 0)"),
    NOT_PARSED_AT("l2_ideal", "0", "the L2 is never ideal (GPGPU-Sim's 0)"),
    NOT_PARSED_AT("gpgpu_simple_dram_clock_multiplier", "1",
                  "the simple DRAM model (-gpgpu_simple_dram_model 1) takes one sector per DRAM cycle; Accel-Sim "
                  "2.0's multiplier of that rate is not modelled (exact at 1, the H100 file's value)"),
    /* Accel-Sim 2.0 options whose source we could not read: listed, not guessed at */
    NOT_PARSED_AT("gpgpu_lrc_enabled", "0",
                  "no L2 request coalescer: each 32-byte request from an L1 is its own L2 access; Accel-Sim 2.0 "
                  "merges requests for one line in front of the L2 (its rules were not available to model)"),
    NOT_PARSED("gpgpu_lrc_max_entries", "no L2 request coalescer (see -gpgpu_lrc_enabled)"),
    NOT_PARSED("gpgpu_lrc_max_merged", "no L2 request coalescer (see -gpgpu_lrc_enabled)"),
    NOT_PARSED_AT("gpgpu_n_chiplet_partition", "1",
                  "one partition: every SM reaches every L2 slice through one crossbar at the same cost; H100's two "
                  "L2 partitions (the far one a longer, queued path) are not modelled"),
    NOT_PARSED("inter_chiplet_queue_size", "no path between partitions (see -gpgpu_n_chiplet_partition)"),
    NOT_PARSED("gpgpu_chiplet_interleave", "addresses are not interleaved over partitions (see -gpgpu_n_chiplet_partition)"),
    NOT_PARSED_AT("dram_seperate_write_queue_enable", "0", "reads and writes share one DRAM scheduler queue "
                                                   "(GPGPU-Sim's 0)"),
    NOT_PARSED("dram_write_queue_size", "reads and writes share one DRAM scheduler queue"),
    NOT_PARSED_AT("Seperate_Write_Queue_Enable", "0", "older name of -dram_seperate_write_queue_enable: one shared queue"),
    NOT_PARSED("Write_Queue_Size", "older name of -dram_write_queue_size: one shared queue"),
    NOT_PARSED("dram_elimnate_rw_turnaround", "both turnarounds are always timed: write-to-read (CDLR) and read-to-write (2 cycles)"),

    /* ---- interconnect */
    NOT_PARSED("network_mode", "ctasim's interconnect is a crossbar like GPGPU-Sim's local crossbar (mode 2); "
                               "the BookSim network of mode 1 is not modelled"),
    NOT_PARSED("inter_config_file", "read only when the file exists (config/icnt_file.c): its topology (fly or "
                                    "mesh), k, vc_buf_size and flit_size select ctasim's crossbar or 2-D mesh; the "
                                    "rest of BookSim's options are not modelled"),
    NOT_PARSED_AT("icnt_subnets", "2", "always two crossbars, one for requests and one for replies (GPGPU-Sim's 2)"),
    NOT_PARSED("icnt_arbiter_algo", "the crossbar serves its inputs round-robin"),
    NOT_PARSED("icnt_grant_cycles", "a grant holds input and output for the packet's flits"),

    /* ---- CUDA dynamic parallelism, run control */
    NOT_PARSED_AT("gpgpu_cdp_enabled", "0", "no CUDA dynamic parallelism (GPGPU-Sim's 0)"),
    NOT_PARSED("cdp_latency", "no CUDA dynamic parallelism"),
    NOT_PARSED_AT("gpgpu_max_cta", "0", "no stop after a number of CTAs (GPGPU-Sim's 0; -gpgpu_max_cycle and "
                                               "-gpgpu_max_insn are modelled)"),
    NOT_PARSED_AT("gpgpu_max_completed_cta", "0", "no stop after a number of CTAs (GPGPU-Sim's 0)"),

    /* ---- no effect on GPGPU-Sim's timing: tool chain, runtime, functional mode */
    NO_TIMING("gpgpu_ptx_sim_mode", "ctasim always runs the timing model (GPGPU-Sim's 0)"),
    NO_TIMING("gpgpu_ptx_instruction_classification", "instruction-class statistics"),
    NO_TIMING("gpgpu_ptx_force_max_capability", "PTX tool chain"),
    NO_TIMING("gpgpu_ptx_convert_to_ptxplus", "PTX tool chain"),
    NO_TIMING("gpgpu_ptx_save_converted_ptxplus", "PTX tool chain"),
    NO_TIMING("gpgpu_ptx_use_cuobjdump", "PTX tool chain"),
    NO_TIMING("gpgpu_experimental_lib_support", "PTX tool chain"),
    NO_TIMING("gpgpu_occupancy_sm_number", "PTX tool chain (ptxas register counts)"),
    NO_TIMING("keep", "PTX tool chain"),
    NO_TIMING("save_embedded_ptx", "PTX tool chain"),
    NO_TIMING("gpgpu_compute_capability_major", "CUDA runtime device properties"),
    NO_TIMING("gpgpu_compute_capability_minor", "CUDA runtime device properties"),
    NO_TIMING("gpgpu_stack_size_limit", "CUDA runtime limits"),
    NO_TIMING("gpgpu_heap_size_limit", "CUDA runtime limits"),
    NO_TIMING("gpgpu_runtime_sync_depth_limit", "CUDA runtime limits"),
    NO_TIMING("gpgpu_runtime_pending_launch_count_limit", "CUDA runtime limits"),
    NO_TIMING("gpgpu_deadlock_detect", "GPGPU-Sim's stop on deadlock"),
    NO_TIMING("gpgpu_mem_addr_test", "GPGPU-Sim's self-test of the address mapping"),
    NO_TIMING("trace", "Accel-Sim's kernel list: ctasim takes it as its INPUT argument"),
    NO_TIMING("checkpoint_option", "functional checkpoints"),
    NO_TIMING("checkpoint_kernel", "functional checkpoints"),
    NO_TIMING("checkpoint_CTA", "functional checkpoints"),
    NO_TIMING("checkpoint_CTA_t", "functional checkpoints"),
    NO_TIMING("checkpoint_insn_Y", "functional checkpoints"),
    NO_TIMING("resume_option", "functional checkpoints"),
    NO_TIMING("resume_kernel", "functional checkpoints"),
    NO_TIMING("resume_CTA", "functional checkpoints"),

    /* ---- no effect on timing: statistics, tracing, debugging */
    NO_TIMING("gpgpu_memlatency_stat", "statistics"),
    NO_TIMING("gpgpu_runtime_stat", "statistics"),
    NO_TIMING("enable_ptx_file_line_stats", "statistics"),
    NO_TIMING("ptx_line_stats_filename", "statistics"),
    NO_TIMING("gpgpu_cflog_interval", "statistics"),
    NO_TIMING("gpgpu_warpdistro_shader", "statistics"),
    NO_TIMING("gpgpu_warp_issue_shader", "statistics"),
    NO_TIMING("liveness_message_freq", "progress messages"),
    NO_TIMING("visualizer_enabled", "visualiser output"),
    NO_TIMING("visualizer_outputfile", "visualiser output"),
    NO_TIMING("visualizer_zlevel", "visualiser output"),
    NO_TIMING("trace_enabled", "debug tracing"),
    NO_TIMING("trace_components", "debug tracing"),
    NO_TIMING("trace_sampling_core", "debug tracing"),
    NO_TIMING("trace_sampling_memory_partition", "debug tracing"),
    NO_TIMING("gpgpu_ptx_inst_debug_to_file", "debug tracing"),
    NO_TIMING("gpgpu_ptx_inst_debug_file", "debug tracing"),
    NO_TIMING("gpgpu_ptx_inst_debug_thread_uid", "debug tracing"),
    NO_TIMING("icnt_verbose", "debug tracing"),

    /* ---- no effect on timing: power models */
    NO_TIMING("power_simulation_mode", "power model"),
    NO_TIMING("power_per_cycle_dump", "power model"),
    NO_TIMING("power_trace_enabled", "power model"),
    NO_TIMING("power_trace_zlevel", "power model"),
    NO_TIMING("steady_power_levels_enabled", "power model"),
    NO_TIMING("steady_state_definition", "power model"),
    NO_TIMING("aggregate_power_stats", "power model"),
    NO_TIMING("dvfs_enabled", "power model"),
    NO_TIMING("gpuwattch_xml_file", "power model"),
    NO_TIMING("accelwattch_xml_file", "power model"),
    NO_TIMING("hw_perf_file_name", "power model"),
    NO_TIMING("hw_perf_bench_name", "power model"),
    NO_TIMING("gpgpu_clock_gated_lanes", "power model"),
    NO_TIMING("gpgpu_clock_gated_reg_file", "power model"),
    NO_TIMING("n_regfile_gating_group", "power model"),
#define AW(x) NO_TIMING("accelwattch_hybrid_perfsim_" x, "power model")
    AW("CC_ACC"), AW("CYCLES"), AW("DRAM_RD"), AW("DRAM_WR"), AW("L1_RH"), AW("L1_RM"), AW("L1_WH"), AW("L1_WM"),
    AW("L2_RH"), AW("L2_RM"), AW("L2_WH"), AW("L2_WM"), AW("NOC"), AW("NUM_SM_IDLE"), AW("PIPE_DUTY"),
    AW("SHARED_ACC"), AW("VOLTAGE"),
#undef AW
};

size_t coverage_count(void) { return CS_ARRAY_LEN(catalogue); }

const coverage_entry_t *coverage_at(size_t i) { return i < CS_ARRAY_LEN(catalogue) ? &catalogue[i] : NULL; }

const coverage_entry_t *coverage_find(const char *option, const char *field)
{
    for (size_t i = 0; i < CS_ARRAY_LEN(catalogue); i++) {
        const coverage_entry_t *e = &catalogue[i];
        if (strcmp(e->option, option) != 0)
            continue;
        if (field ? e->field && !strcmp(e->field, field) : !e->field)
            return e;
    }
    return NULL;
}

bool coverage_is_unparsed_option(const char *name)
{
    const coverage_entry_t *e = coverage_find(name, NULL);
    return e && (e->level == COV_NOT_PARSED || e->level == COV_NO_TIMING);
}

/* Does the configuration parse this option? The catalogue says so: every
 * option of config.c's table has an entry at a parsed level, and no other
 * option has one (tests/test_config.c holds both to it). */
static bool coverage_is_parsed_option(const char *name)
{
    const coverage_entry_t *e = coverage_find(name, NULL);
    return e && e->level != COV_NOT_PARSED && e->level != COV_NO_TIMING;
}

const char *coverage_level_name(coverage_level_t level)
{
    switch (level) {
    case COV_MODELLED: return "modelled";
    case COV_PARTLY: return "partly";
    case COV_APPROXIMATED: return "approximated";
    case COV_IGNORED: return "ignored";
    case COV_NOT_PARSED: return "not-parsed";
    case COV_NO_TIMING: return "no-timing-effect";
    }
    return "?";
}

/* ------------------------------------------------------------------------ */
/* Settings                                                                 */
/* ------------------------------------------------------------------------ */

void config_settings_init(config_settings_t *s) { memset(s, 0, sizeof *s); }

void config_settings_free(config_settings_t *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].name);
        free(s->v[i].value);
        free(s->v[i].origin);
    }
    free(s->v);
    free(s->slot);
    config_settings_init(s);
}

static size_t name_hash(const char *name)
{
    size_t h = 14695981039346656037ull & SIZE_MAX; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * (1099511628211ull & SIZE_MAX);
    return h;
}

/* The slot that holds `name`'s live record, or the empty slot where it goes. */
static size_t *find_slot(const config_settings_t *s, const char *name)
{
    size_t mask = s->nslots - 1;
    for (size_t i = name_hash(name) & mask;; i = (i + 1) & mask)
        if (!s->slot[i] || !strcmp(s->v[s->slot[i] - 1].name, name))
            return &s->slot[i];
}

static void rehash(config_settings_t *s)
{
    free(s->slot);
    s->nslots = s->nslots ? s->nslots * 2 : 64;
    s->slot = cs_xcalloc(s->nslots, sizeof *s->slot);
    for (size_t i = 0; i < s->n; i++)
        if (!s->v[i].dead)
            *find_slot(s, s->v[i].name) = i + 1;
}

void config_settings_record(config_settings_t *s, const char *name, const char *value, const char *origin,
                            unsigned long line)
{
    if (!s)
        return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 32;
        s->v = cs_xrealloc(s->v, s->cap * sizeof *s->v);
    }
    if (2 * (s->n + 1) > s->nslots) /* at most half full: probes stay short */
        rehash(s);
    size_t *slot = find_slot(s, name);
    if (*slot)
        s->v[*slot - 1].dead = true; /* a later setting wins */
    s->v[s->n] = (config_setting_t){.name = cs_xstrdup(name), .value = cs_xstrdup(value ? value : ""),
                                    .origin = cs_xstrdup(origin ? origin : "<config>"), .line = line};
    *slot = ++s->n;
}

const config_setting_t *config_settings_find(const config_settings_t *s, const char *name)
{
    if (!s || !s->nslots)
        return NULL;
    size_t i = *find_slot(s, name);
    return i ? &s->v[i - 1] : NULL;
}

void config_settings_merge(config_settings_t *into, const config_settings_t *from)
{
    for (size_t i = 0; i < from->n; i++)
        if (!from->v[i].dead)
            config_settings_record(into, from->v[i].name, from->v[i].value, from->v[i].origin, from->v[i].line);
}

/* ------------------------------------------------------------------------ */
/* What a setting leaves unmodelled                                         */
/* ------------------------------------------------------------------------ */

/* Printable ASCII only and at most 80 characters: values and names come from
 * the user's file and end up on a terminal. */
static void shown(const char *s, char *out, size_t outsz) { cs_printable(s, strnlen(s, 81), 80, out, outsz); }

static bool in_list(const char *list, const char *value)
{
    if (!list)
        return false;
    if (!strcmp(list, "*"))
        return true;
    size_t len = strlen(value);
    for (const char *p = list;;) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n == len && !strncmp(p, value, n))
            return true;
        if (!bar)
            return false;
        p = bar + 1;
    }
}

/* Is not modelling this entry exact at `value`? */
static bool is_same(const coverage_entry_t *e, const char *value, const gpu_config_t *c, const config_settings_t *s)
{
    return in_list(e->same_for, value) || (e->same_fn && e->same_fn(value, c, s));
}

static bool unmodelled(coverage_level_t l) { return l == COV_APPROXIMATED || l == COV_IGNORED; }

/* Append ", item" to out. */
static void append(char *out, size_t outsz, const char *item)
{
    size_t n = strlen(out);
    if (n + 1 < outsz)
        snprintf(out + n, outsz - n, "%s%s", n ? ", " : "", item);
}

bool coverage_unmodelled_text(const config_setting_t *set, const gpu_config_t *c, const config_settings_t *s,
                              char *out, size_t outsz)
{
    out[0] = '\0';
    const coverage_entry_t *opt = coverage_find(set->name, NULL);
    char v[96];
    if (!opt || opt->level == COV_MODELLED)
        return false;
    if (opt->level != COV_PARTLY) {
        if (!unmodelled(opt->level) || is_same(opt, set->value, c, s))
            return false;
        shown(set->value, v, sizeof v);
        snprintf(out, outsz, "value %s%s", v, opt->level == COV_IGNORED ? " ignored" : "");
        return true;
    }
    char ignored[512] = "", approx[256] = "";
    for (size_t i = 0; i < CS_ARRAY_LEN(catalogue); i++) {
        const coverage_entry_t *e = &catalogue[i];
        char raw[256], item[160];
        if (!e->field || strcmp(e->option, set->name) != 0 || !unmodelled(e->level))
            continue;
        if (!field_value(e->option, e->part, set->value, raw, sizeof raw) || is_same(e, raw, c, s))
            continue;
        shown(raw, v, sizeof v);
        snprintf(item, sizeof item, "%s %s", e->field, v);
        append(e->level == COV_IGNORED ? ignored : approx, e->level == COV_IGNORED ? sizeof ignored : sizeof approx,
               item);
    }
    if (!ignored[0] && !approx[0])
        return false;
    snprintf(out, outsz, "%s%s%s%s%s", ignored[0] ? "ignored: " : "", ignored, ignored[0] && approx[0] ? "; " : "",
             approx[0] ? "approximated: " : "", approx);
    return true;
}

static void where(const config_setting_t *set, char *out, size_t outsz)
{
    char o[96];
    shown(set->origin, o, sizeof o);
    if (set->line)
        snprintf(out, outsz, "%s:%lu", o, set->line);
    else
        snprintf(out, outsz, "%s", o);
}

void coverage_warn(FILE *f, const config_settings_t *s, const gpu_config_t *c, unsigned warn)
{
    for (size_t i = 0; s && i < s->n; i++) {
        const config_setting_t *set = &s->v[i];
        if (set->dead)
            continue;
        char at[128], name[96], text[1024];
        where(set, at, sizeof at);
        shown(set->name, name, sizeof name);
        if (!coverage_is_parsed_option(set->name)) {
            if (warn & CONFIG_WARN_UNKNOWN)
                fprintf(f, "ctasim: warning: %s: option -%s is not modelled; ignored\n", at, name);
        } else if ((warn & CONFIG_WARN_UNMODELLED) && coverage_unmodelled_text(set, c, s, text, sizeof text)) {
            coverage_level_t l = coverage_find(set->name, NULL)->level;
            fprintf(f, "ctasim: warning: %s: option -%s is %s (%s); see `ctasim config --unmodelled`\n", at, name,
                    l == COV_IGNORED ? "not modelled" : l == COV_APPROXIMATED ? "approximated" : "not fully modelled",
                    text);
        }
    }
}

void coverage_print(FILE *f, const config_settings_t *s, const gpu_config_t *c)
{
    for (size_t i = 0; i < CS_ARRAY_LEN(catalogue); i++) {
        const coverage_entry_t *e = &catalogue[i];
        if (e->level == COV_MODELLED || e->level == COV_PARTLY)
            continue;
        if (e->field)
            fprintf(f, "-%s[%s]: %s", e->option, e->field, coverage_level_name(e->level));
        else
            fprintf(f, "-%s: %s", e->option, coverage_level_name(e->level));
        if (e->note)
            fprintf(f, ": %s", e->note);
        const config_setting_t *set = config_settings_find(s, e->option);
        char raw[256];
        const char *value = NULL;
        if (set && e->field)
            value = field_value(e->option, e->part, set->value, raw, sizeof raw) ? raw : NULL;
        else if (set)
            value = set->value;
        if (value) {
            char at[128], v[96];
            where(set, at, sizeof at);
            shown(value, v, sizeof v);
            bool exact = (unmodelled(e->level) || e->level == COV_NOT_PARSED) && is_same(e, value, c, s);
            fprintf(f, " [set %s %s: %s%s]", set->line ? "in" : "by", at, v, exact ? ", exact at this value" : "");
        }
        fputc('\n', f);
    }
    /* options set that neither ctasim nor its catalogue of GPGPU-Sim options knows */
    for (size_t i = 0; s && i < s->n; i++) {
        const config_setting_t *set = &s->v[i];
        if (set->dead || coverage_find(set->name, NULL))
            continue;
        char at[128], name[96], v[96];
        where(&s->v[i], at, sizeof at);
        shown(set->name, name, sizeof name);
        shown(set->value, v, sizeof v);
        fprintf(f, "-%s: unknown: neither a ctasim option nor a GPGPU-Sim option ctasim knows of [set %s %s: %s]\n",
                name, set->line ? "in" : "by", at, v);
    }
}
