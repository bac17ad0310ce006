/* config_presets.c — the built-in configurations.
 *
 * Each preset is option text in the same language as a user's option file,
 * applied on top of config_defaults(); the defaults themselves are the gtx480
 * text. Keeping presets as text means `ctasim config --dump` of a preset and
 * the preset source read the same way, and every preset exercises the parser.
 *
 * Cache strings follow GPGPU-Sim's per-slice convention: the L2 is given per
 * sub-partition, and every preset keeps 2 sub-partitions per channel (as the
 * gtx480 configuration), so an L2 of X KB per channel is two X/2 KB slices.
 * nsets = slice bytes / (line bytes * ways). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GPGPU-Sim's tested GTX 480 configuration (gpgpusim-gtx480.config): every
 * value it sets that ctasim models, plus GPGPU-Sim's built-in defaults for
 * the options it leaves out (SFU 8/8, tensor 64/64), plus ctasim's own knobs. */
static const char gtx480_text[] =
    "# gtx480: GPGPU-Sim's tested GTX 480 (Fermi) configuration, SM2_GTX480.\n"
    "-gpgpu_n_clusters 15\n"
    "-gpgpu_n_cores_per_cluster 1\n"
    "-gpgpu_n_mem 6\n"
    "-gpgpu_n_sub_partition_per_mchannel 2\n"
    "# 700 MHz with a warp per SP unit per cycle = Fermi's 16-lane SPs at the 1400 MHz hot clock\n"
    "-gpgpu_clock_domains 700.0:700.0:700.0:924.0\n"
    "-gpgpu_kernel_launch_latency 0\n"
    "-gpgpu_TB_launch_latency 0\n"
    "-gpgpu_max_concurrent_kernel 16          # Fermi runs up to 16 kernels at once\n"
    "-gpgpu_concurrent_kernel_sm 1            # kernels share a core (GPGPU-Sim's default is 0: a core per kernel)\n"
    "-gpgpu_shader_core_pipeline 1536:32\n"
    "-gpgpu_shader_cta 8\n"
    "-gpgpu_shader_registers 32768\n"
    "-gpgpu_registers_per_block 0             # no per-CTA limit beyond the SM's\n"
    "-gpgpu_shmem_size 49152\n"
    "-gpgpu_shmem_per_block 0                 # a CTA may use all of the SM's shared memory\n"
    "-ctasim_reg_alloc_granularity 4\n"
    "-ctasim_shmem_alloc_granularity 128\n"
    "-ctasim_simd_width 32\n"
    "-gpgpu_num_sched_per_core 2\n"
    "-gpgpu_scheduler gto\n"
    "-gpgpu_num_sp_units 2\n"
    "-gpgpu_num_sfu_units 1\n"
    "-gpgpu_num_dp_units 0                    # Fermi: DP runs on the SFU\n"
    "-gpgpu_num_int_units 0                   # Fermi: INT runs on SP\n"
    "-gpgpu_num_tensor_core_units 0\n"
    "-ptx_opcode_latency_int 4,13,4,5,145,32\n"
    "-ptx_opcode_initiation_int 1,2,2,1,8,4\n"
    "-ptx_opcode_latency_fp 4,13,4,5,39\n"
    "-ptx_opcode_initiation_fp 1,2,1,1,4\n"
    "-ptx_opcode_latency_dp 8,19,8,8,330\n"
    "-ptx_opcode_initiation_dp 8,16,8,8,130\n"
    "-ptx_opcode_latency_sfu 8                # GPGPU-Sim's default\n"
    "-ptx_opcode_initiation_sfu 8\n"
    "-ptx_opcode_latency_tensor 64            # GPGPU-Sim's default\n"
    "-ptx_opcode_initiation_tensor 64\n"
    "-ctasim_opcode_latency_branch 1          # GPGPU-Sim gives control instructions latency 1\n"
    "-ctasim_opcode_initiation_branch 1\n"
    "-ctasim_ibuffer_size 2\n"
    "-ctasim_pipeline_latency 5              # operand collector + write-back, as GPGPU-Sim's pipeline\n"
    "-gpgpu_max_insn_issue_per_warp 1\n"
    "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n"
    "-gpgpu_l1_latency 35\n"
    "-gpgpu_smem_latency 26\n"
    "-gpgpu_shmem_num_banks 32\n"
    "-ctasim_shmem_bank_width 4\n"
    "-gpgpu_gmem_skip_L1D 0\n"
    "-gpgpu_flush_l1_cache 1                 # as GPGPU-Sim's GTX 480 configuration: L1s empty at each kernel\n"
    "-gpgpu_coalesce_arch 20                 # Fermi: one access per 128-byte line (>= 40: per 32-byte sector)\n"
    "-gpgpu_perf_sim_memcpy 1                # as GPGPU-Sim's file: a trace's copies fill the L2\n"
    "-gpgpu_l1_banks 1\n"
    "-gpgpu_l1_banks_byte_interleaving 32\n"
    "-gpgpu_l1_banks_hashing_function 0\n"
    "-gpgpu_l1_cache_write_ratio 0\n"
    "-ctasim_l1_ports 1\n"
    "-ctasim_const_latency 35                 # = L1 latency: constant cache modelled as always hitting\n"
    "-icnt_flit_size 40\n"
    "-ctasim_icnt_latency 8\n"
    "-icnt_in_buffer_limit 512\n"
    "-icnt_out_buffer_limit 512\n"
    "-ctasim_icnt_ctrl_bytes 8\n"
    "-gpgpu_n_cluster_ejection_buffer_size 32\n"
    "-ctasim_icnt_topology 0                  # crossbar; 1: 2-D mesh\n"
    "-ctasim_mesh_dim 0                       # mesh: smallest k with k*k >= cores + L2 slices\n"
    "-ctasim_mesh_router_latency 2            # mesh: switch allocation + traversal (GPGPU-Sim's icnt files)\n"
    "-ctasim_mesh_buffer 8                    # mesh: flits per input port (GPGPU-Sim's vc_buf_size)\n"
    "# 64 sets x 128 B x 8 ways per slice, 12 slices: 768 KB of L2\n"
    "-gpgpu_cache:dl2 S:64:128:8,L:B:m:L:L,A:256:4,4:0,32\n"
    "-gpgpu_l2_rop_latency 120\n"
    "-dram_latency 100\n"
    "-gpgpu_dram_partition_queues 64:64:64:64\n"
    "-gpgpu_dram_scheduler 1\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 64\n"
    "-gpgpu_dram_return_queue_size 116\n"
    "-gpgpu_n_mem_per_ctrlr 2\n"
    "-gpgpu_dram_buswidth 4\n"
    "-gpgpu_dram_burst_length 8\n"
    "-dram_data_command_freq_ratio 4          # GDDR5 is QDR\n"
    "# GDDR5 timing from hynix H5GQ1H24AFR, as GPGPU-Sim\n"
    "-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
    "                        CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2:RTP=2\"\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n"
    "-gpgpu_mem_address_mask 1\n"
    "-gpgpu_memory_partition_indexing 0\n"
    "-ctasim_max_ctas 0\n"
    "-ctasim_dyncta_defaults paper           # DYNCTA's thresholds: Kayiran et al.'s (not calibrated here)\n"
    "-gpgpu_max_cycle 0\n"
    "-gpgpu_max_insn 0\n"
    "# ---- Power model: a Fermi / GTX 480-class GPU in 40 nm (docs/ARCHITECTURE.md, Power model).\n"
    "# Off unless -power_simulation_enabled 1 (--power). Every Fermi-class preset (gtx480, c2050,\n"
    "# hpca14-28sm, date14-28sm, date16-15sm) inherits these values; pact13-30sm replaces them.\n"
    "# Sources: the block structure (per-event dynamic energy, leakage per SM / L2 slice /\n"
    "# crossbar / memory controller / DRAM channel, a clocked-core power) follows GPUWattch (Leng\n"
    "# et al., ISCA 2013), whose GTX 480 model is validated against hardware. The values are OUR\n"
    "# ASSUMPTIONS, of GPUWattch's order of magnitude for 40 nm, not its numbers: none is copied\n"
    "# from GPUWattch's XML. Targets they were set to meet: a GTX 480 (250 W TDP) draws ~100-200 W\n"
    "# on busy kernels; static power is ~40 % of the total on average and over 60 % on some\n"
    "# workloads (Song et al., DATE 2014, Fig. 2: both are measured in ctasim by\n"
    "# `ctasim run --config date14-28sm --power ...`, see README). Per-core power gating and\n"
    "# RF/shared-memory gating are off (GPUs of the time had neither); wake-ups are free and\n"
    "# instant, as the papers assume ideal gating.\n"
    "-power_simulation_enabled 0\n"
    "-power_pcpg 0\n"
    "-power_gate_unused_rf_shmem 0\n"
    "-power_sample_period 0                 # no power_w series unless asked (cycles)\n"
    "-power_wakeup_cycles 0                 # ideal gating (Kayiran et al. and Song et al. assume it)\n"
    "-power_wakeup_energy_nj 0\n"
    "# dynamic, pJ per event (assumptions; a 32-bit FMA lane with its operand delivery ~40 pJ and a\n"
    "# warp-wide 128-byte register access ~250 pJ at 40 nm are the anchors)\n"
    "-power_fetch_decode_pj 350             # fetch, decode, schedule one warp instruction\n"
    "-power_sm_active_cycle_pj 600          # pipeline registers and control of an active core cycle\n"
    "-power_reg_read_pj 250\n"
    "-power_reg_write_pj 300\n"
    "-power_sp_lane_pj 40\n"
    "-power_int_lane_pj 35\n"
    "-power_dp_lane_pj 120\n"
    "-power_sfu_lane_pj 80\n"
    "-power_tensor_lane_pj 40               # Fermi has none\n"
    "-power_ldst_lane_pj 15                 # address generation\n"
    "-power_shmem_access_pj 300\n"
    "-power_shmem_replay_pj 250\n"
    "-power_const_access_pj 150\n"
    "-power_l1_hit_pj 200                   # a 128-byte line from a 16-48 KB SRAM\n"
    "-power_l1_miss_pj 100                  # tag lookup and MSHR\n"
    "-power_l1_fill_pj 250\n"
    "-power_l2_hit_pj 700\n"
    "-power_l2_miss_pj 350\n"
    "-power_l2_fill_pj 700\n"
    "-power_icnt_flit_pj 120                # a 32-40 byte flit across the crossbar\n"
    "-power_dram_act_pj 3000                # GDDR5, two chips per channel\n"
    "-power_dram_pre_pj 1500\n"
    "-power_dram_rd_pj 7000                 # one burst (64 B on gtx480) at ~14 pJ/bit with I/O\n"
    "-power_dram_wr_pj 7500\n"
    "# static, W (assumptions)\n"
    "-power_sm_static_w 1.0                 # leakage of one SM, of which:\n"
    "-power_sm_rf_static_w 0.25             #   the 128 KB register file\n"
    "-power_sm_shmem_static_w 0.15          #   the shared memory\n"
    "-power_sm_idle_w 0.3                   # clock tree and control of a clocked SM\n"
    "-power_l2_static_w 0.3                 # per L2 slice\n"
    "-power_icnt_static_w 1.5               # crossbar\n"
    "-power_mc_static_w 0.6                 # per memory controller\n"
    "-power_dram_static_w 1.0               # per channel: background, refresh\n";

static const char c2050_text[] =
    "# c2050: Yu et al., IJPP 2014 (CLASO), Table 1 'GPGPU-Sim configuration' (Tesla C2050).\n"
    "-gpgpu_perf_sim_memcpy 0                # GPGPU-Sim 3.x, the papers' simulator, did not fill the L2 with copies (assumed)\n"
    "# The paper ran GPGPU-Sim 3.2.0's TeslaC2050 configuration ('the default configuration of\n"
    "# NVIDIA Tesla C2050'): every entry of its table equals that file but the 1024 threads (the\n"
    "# file has 1536) and the core clock, which the table gives as the 1150 MHz hot clock of\n"
    "# 16-lane SIMD pipelines (the file: 575 MHz x 32 lanes), hence -ctasim_simd_width 16 (a warp\n"
    "# takes two cycles per SP unit). Unstated in the table, from that file: the L2 at 575 MHz\n"
    "# (the file's clock domains are 575:1150:575:750), 32 MSHRs per L1 and per L2 (one L2 per\n"
    "# channel in 3.2.0: 16 in each of our two slices), a DRAM return queue of 16 (3.2.0 sizes it\n"
    "# as the scheduler queue), 32-byte flits (its icnt file), no sectors. Kept from gtx480: 1 core\n"
    "# per cluster, 8 CTAs per core, 2 SP + 1 SFU units, 2 schedulers, opcode latencies, L1/L2\n"
    "# latencies, miss queues, set-index functions, GDDR5 CL/WL/CCD/bank-group timings, 16 banks,\n"
    "# the address mapping (GPGPU-Sim's, for two L2 slices per channel). docs/PRESETS.md has all.\n"
    "-gpgpu_n_clusters 14\n"
    "-gpgpu_clock_domains 1150.0:1150.0:575.0:750.0\n"
    "-ctasim_simd_width 16\n"
    "-gpgpu_shader_core_pipeline 1024:32\n"
    "-gpgpu_shader_registers 32768\n"
    "-gpgpu_shmem_size 49152\n"
    "-gpgpu_n_mem 6\n"
    "# L1D 16 KB, 128 B lines, 4-way LRU: 32 sets; 32 MSHRs\n"
    "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:32:8,8\n"
    "# L2 128 KB per partition, 128 B lines, 16-way LRU: two 64 KB slices of 32 sets, 16 MSHRs each\n"
    "-gpgpu_cache:dl2 N:32:128:16,L:B:m:L:L,A:16:4,4:0,32\n"
    "-gpgpu_dram_scheduler 1                 # out of order (FR-FCFS)\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 16  # DRAM request queue size 16\n"
    "-gpgpu_dram_return_queue_size 16\n"
    "-icnt_flit_size 32\n"
    "# 384-bit bus: 6 channels x 2 chips x 4 bytes\n"
    "-gpgpu_n_mem_per_ctrlr 2\n"
    "-gpgpu_dram_buswidth 4\n"
    "-gpgpu_dram_timing_opt CL=12:RP=12:RC=40:RAS=28:RCD=12:RRD=6\n"
    "-gpgpu_scheduler lrr                    # the paper's baseline warp scheduler is LRR\n";

/* The 28-SM Fermi-like GPU shared by Lee et al. (HPCA'14) and Song et al. (DATE'14). */
#define FERMI_28SM_COMMON                                                                                   \
    "-gpgpu_n_clusters 28\n"                                                                                \
    "-gpgpu_n_cores_per_cluster 1\n"                                                                        \
    "-ctasim_simd_width 16\n"                                                                               \
    "-gpgpu_shader_core_pipeline 1536:32\n"                                                                 \
    "-gpgpu_shader_registers 32768\n"                                                                       \
    "-gpgpu_shmem_size 49152\n"                                                                             \
    "-gpgpu_n_mem 8\n"                                                                                      \
    "# L2 128 KB per channel, 8-way LRU, 256 B lines: two 64 KB slices of 32 sets. Not sectored:\n"         \
    "# GPGPU-Sim's sectored caches have 128 B lines and GPGPU-Sim 3.x had no sectors.\n"                   \
    "-gpgpu_cache:dl2 N:32:256:8,L:B:m:L:L,A:16:4,4:0,32\n"                                                \
    "-gpgpu_dram_scheduler 1                 # FR-FCFS\n"                                                   \
    "-gpgpu_dram_timing_opt nbk=16:CL=12:RP=12:RC=40:RAS=28:RCD=12:RRD=6\n"                                 \
    "# Unstated in the tables; GPGPU-Sim v3's GTX 480 configuration (3.2.0 and 3.2.1, whose clock\n"      \
    "# domains 700:1400:700:924 are the tables' 1400 MHz core (hot clock) / 1400 ICNT / 924 memory):\n"  \
    "# the L2 at the 700 MHz base clock, not the hot clock; 16-entry DRAM scheduler and return\n"       \
    "# queues; 32 MSHRs per L1 (Song's Table I states 32) and per L2 (one L2 per channel in 3.2.x,\n"  \
    "# so 16 in each of our two slices). v4's GTX 480 file has 64, 116, 64 and 256 per slice.\n"     \
    "-gpgpu_frfcfs_dram_sched_queue_size 16\n"                                                              \
    "-gpgpu_dram_return_queue_size 16\n"                                                                    \
    "-icnt_flit_size 32                      # crossbar with 32 B channels\n"                               \
    "# 8 channels: the gtx480 mapping; dramid@8 takes the channel index from the address above bit 8\n"   \
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n" \
    "-gpgpu_num_sched_per_core 2\n"                                                                         \
    "-gpgpu_scheduler gto                    # results are normalised to GTO\n"

#define FERMI_28SM_UNSTATED                                                                                 \
    "# Unstated, kept from gtx480: 8 CTAs per core, 2 SP + 1 SFU units, 2 schedulers, opcode\n"             \
    "# latencies, L1/L2/ROP/DRAM latencies, L2 miss queues, GDDR5 CCD/CL/WL/CDLR/WR and bank\n"           \
    "# groups, 2 x 32-bit chips per channel, burst 8, the address mapping. 1400 MHz is Fermi's hot\n"    \
    "# clock, at which its SP pipelines are 16 lanes wide: -ctasim_simd_width 16 (GPGPU-Sim's gtx480\n"  \
    "# expresses the same as 700 MHz x 32). docs/PRESETS.md compares every value.\n"

static const char hpca14_text[] =
    "# hpca14-28sm: Lee et al., HPCA 2014 (LCS/BCS/mCKE), Table 1 'Baseline Configuration'.\n"
    "-gpgpu_perf_sim_memcpy 0                # GPGPU-Sim 3.x, the papers' simulator, did not fill the L2 with copies (assumed)\n"
    FERMI_28SM_UNSTATED
    FERMI_28SM_COMMON
    "-gpgpu_clock_domains 1400.0:1400.0:700.0:924.0\n"
    "# L1D 32 KB, 8-way LRU, 128 B lines: 32 sets; 32 MSHRs (GPGPU-Sim v3's GTX 480)\n"
    "-gpgpu_cache:dl1 N:32:128:8,L:L:m:N:H,S:32:8,8\n";

static const char date14_text[] =
    "# date14-28sm: Song et al., DATE 2014 (TCS), Table I 'Baseline Configuration'.\n"
    "-gpgpu_perf_sim_memcpy 0                # GPGPU-Sim 3.x, the papers' simulator, did not fill the L2 with copies (assumed)\n"
    "# As hpca14-28sm (the same machine). Table I's memory clock '1848 MHz'\n"
    "# is the GTX 480's GDDR5 write clock (WCK, twice the command clock): GDDR5 at 3.7 Gb/s per pin\n"
    "# has a 924 MHz command clock, which is what -gpgpu_clock_domains takes (GPGPU-Sim's GTX 480\n"
    "# configuration and Lee et al.'s Table 1 write 924 MHz for the same memory). 1848 with the\n"
    "# frequency ratio of 4 would be 7.4 Gb/s per pin: 473 GB/s on 8 channels instead of 236.5.\n"
    FERMI_28SM_UNSTATED
    FERMI_28SM_COMMON
    "-gpgpu_clock_domains 1400.0:1400.0:700.0:924.0\n"
    "# L1D 32 KB, 8-way LRU, 128 B lines: 32 sets; 32 MSHRs\n"
    "-gpgpu_cache:dl1 N:32:128:8,L:L:m:N:H,S:32:8,8\n";

static const char pact13_text[] =
    "# pact13-30sm: Kayiran et al., PACT 2013 (DYNCTA/DYNCORE), Table 1 'Baseline Configuration'.\n"
    "-gpgpu_perf_sim_memcpy 0                # GPGPU-Sim 3.x, the papers' simulator, did not fill the L2 with copies (assumed)\n"
    "# Unstated, kept from gtx480: 2 SP + 1 SFU units, 2 schedulers, opcode latencies, L1/L2/ROP/DRAM\n"
    "# latencies, MSHR merge and miss queues, GDDR3 CCD, 2 chips per channel, return queue.\n"
    "# The L2 runs at the interconnect clock (gtx480 ties them). GDDR3 has no bank groups and is DDR.\n"
    "# 'SIMT width = 8' at 1300 MHz: a warp takes 4 cycles per SP unit (-ctasim_simd_width 8).\n"
    "# The table's '32684 Registers' is a typo for 32K (32768): register files are powers of two.\n"
    "-gpgpu_n_clusters 10                    # 10 clusters of 3 cores\n"
    "-gpgpu_n_cores_per_cluster 3\n"
    "-gpgpu_clock_domains 1300.0:650.0:650.0:800.0\n"
    "-ctasim_simd_width 8\n"
    "-gpgpu_shader_core_pipeline 1024:32\n"
    "-gpgpu_shader_cta 8                     # 'cannot exceed the limit of 8'\n"
    "-gpgpu_shader_registers 32768\n"
    "-gpgpu_shmem_size 32768\n"
    "# L1D 32 KB, 8-way, 64 B lines: 64 sets; 64 MSHRs per core\n"
    "-gpgpu_cache:dl1 N:64:64:8,L:L:m:N:H,S:64:8,8\n"
    "# L2 256 KB per partition, 16-way, 64 B lines: two 128 KB slices of 128 sets\n"
    "-gpgpu_cache:dl2 N:128:64:16,L:B:m:L:L,A:256:4,4:0,32\n"
    "-gpgpu_scheduler lrr                    # round-robin warp scheduling\n"
    "# DYNCTA's C_mem reading and thresholds calibrated for this machine by tools/dyncta_calibrate.py\n"
    "# on half of Table 2's workloads (docs/policies/dyncta.md; the paper's 128/384 were its own).\n"
    "-ctasim_dyncta_defaults cmem=schedmem,t_mem_l=64,t_mem_h=256\n"
    "-icnt_flit_size 16                      # 16 B channel width\n"
    "-gpgpu_n_mem 8\n"
    "-gpgpu_dram_scheduler 1                 # FR-FCFS\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 128\n"
    "-gpgpu_dram_buswidth 4\n"
    "-gpgpu_dram_burst_length 4\n"
    "-dram_data_command_freq_ratio 2         # GDDR3 is DDR\n"
    "# WL (unstated) is 7, from the GDDR3 timing of GPGPU-Sim's QuadroFX5800 configuration (Samsung\n"
    "# K4J52324QH at 800 MHz), whose other values the table repeats; gtx480's WL=4 is GDDR5's.\n"
    "-gpgpu_dram_timing_opt \"nbk=4:CL=10:RP=10:RC=35:RAS=25:RCD=12:RRD=8:CDLR=6:WR=11:WL=7:\n"
    "                        nbkgrp=1:CCDL=0:RTPL=0\"\n"
    "# 4 banks (2 B bits), 32 B per burst over 2 chips (5 S bits), 2 KB pages per chip (4 KB per\n"
    "# channel: 7 C bits + 5 S bits); channel index at bit 8 as in gtx480\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBCCCC.CCCSSSSS\n"
    "# Power: Kayiran et al. §5.2's relative model, not gtx480's. 'Half of the total GPGPU power is\n"
    "# idle power' (after Hong and Kim, ISCA 2010), cores only ('we only focus on the core power, not\n"
    "# memory and network power'); cores that are not utilized consume idle power, turned-off cores\n"
    "# none with PCPG and idle power without. So: per core an idle power I (-power_sm_static_w) and,\n"
    "# in each cycle the core is utilised, an energy worth I at the core clock, so a fully utilised\n"
    "# GPU draws 2I per core and an idle one I: idle = half of full. 'Utilised' is §3's util: the\n"
    "# cycles with at least one CTA on the core (-power_sm_active_util 1), stalled or not; with N_act\n"
    "# (act_cycles) instead, a stalled Type-M core draws about I and turning it off without PCPG\n"
    "# saves nothing, where the paper reports -8 %. The scale I = 1.3 W is an ASSUMPTION (the paper\n"
    "# reports only relative power); 1000 pJ x 1300 MHz = 1.3 W. Every other energy is 0, as the\n"
    "# paper leaves the memory and the network out.\n"
    "-power_sm_active_util 1\n"
    "-power_fetch_decode_pj 0\n"
    "-power_sm_active_cycle_pj 1000\n"
    "-power_reg_read_pj 0\n"
    "-power_reg_write_pj 0\n"
    "-power_sp_lane_pj 0\n"
    "-power_int_lane_pj 0\n"
    "-power_dp_lane_pj 0\n"
    "-power_sfu_lane_pj 0\n"
    "-power_tensor_lane_pj 0\n"
    "-power_ldst_lane_pj 0\n"
    "-power_shmem_access_pj 0\n"
    "-power_shmem_replay_pj 0\n"
    "-power_const_access_pj 0\n"
    "-power_l1_hit_pj 0\n"
    "-power_l1_miss_pj 0\n"
    "-power_l1_fill_pj 0\n"
    "-power_l2_hit_pj 0\n"
    "-power_l2_miss_pj 0\n"
    "-power_l2_fill_pj 0\n"
    "-power_icnt_flit_pj 0\n"
    "-power_dram_act_pj 0\n"
    "-power_dram_pre_pj 0\n"
    "-power_dram_rd_pj 0\n"
    "-power_dram_wr_pj 0\n"
    "-power_sm_static_w 1.3                 # idle power of a core (assumed scale)\n"
    "-power_sm_rf_static_w 0                # the model has no separate RF/shared-memory shares\n"
    "-power_sm_shmem_static_w 0\n"
    "-power_sm_idle_w 0\n"
    "-power_l2_static_w 0\n"
    "-power_icnt_static_w 0\n"
    "-power_mc_static_w 0\n"
    "-power_dram_static_w 0\n";

static const char date16_text[] =
    "# date16-15sm: Li and Liang, DATE 2016 (TLP modulation + bypass for CKE), Table I\n"
    "-gpgpu_perf_sim_memcpy 0                # GPGPU-Sim 3.x, the papers' simulator, did not fill the L2 with copies (assumed)\n"
    "# 'GPGPU-Sim configuration'. It is the GTX 480: every value in the table equals gtx480's.\n"
    "# Unstated in the table, from the GTX 480 configuration of GPGPU-Sim 3.2.2, the version the\n"
    "# paper names (gtx480 is GPGPU-Sim 4's file): 32 MSHRs per L1 and per L2 slice, a 16-entry\n"
    "# DRAM scheduler queue, 32-byte flits (its icnt file), an L2 without sectors. Everything else\n"
    "# is kept from gtx480 (the same in 3.2.2). Restated here so the preset documents the table.\n"
    "-gpgpu_n_clusters 15\n"
    "-gpgpu_clock_domains 700.0:700.0:700.0:924.0\n"
    "-gpgpu_shader_core_pipeline 1536:32\n"
    "-gpgpu_shader_cta 8\n"
    "-gpgpu_shader_registers 32768\n"
    "-gpgpu_shmem_size 49152\n"
    "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:32:8,8   # 16 KB\n"
    "-gpgpu_cache:dl2 N:64:128:8,L:B:m:L:L,A:32:4,4:0,32   # 12 slices x 64 KB = 768 KB\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 16\n"
    "-icnt_flit_size 32\n"
    "-gpgpu_num_sched_per_core 2\n"
    "-gpgpu_scheduler gto\n";

/* Today's GPUs: Accel-Sim's tested configurations, each the options of its
 * gpgpusim.config + trace.config pair that ctasim parses, in file order and
 * unchanged (tests/data/{h100,a100}/ hold the pairs; tests/test_config.c
 * checks that loading a pair, with the GPC lines below added, gives exactly
 * the preset). What those files set and ctasim does not model is listed by
 * `ctasim config --unmodelled --allow-unknown --config FILE...`. Only the GPC
 * grouping is ours: GPGPU-Sim files do not describe it. */
static const char h100_text[] =
    "# h100: Accel-Sim 2.0's SM90_H100 (H100 SXM5 80 GB HBM3), gpgpusim.config + trace.config.\n"
    "# Its interconnect file config_hopper_islip.icnt: topology fly (ctasim's crossbar), 40-byte\n"
    "# flits, vc_buf_size 256 (what config/icnt_file.c takes from it).\n"
    "-ctasim_icnt_topology 0\n"
    "-icnt_flit_size 40\n"
    "-ctasim_mesh_buffer 256\n"
    "-gpgpu_kernel_launch_latency 3000\n"
    "-gpgpu_TB_launch_latency 0\n"
    "-gpgpu_max_concurrent_kernel 128\n"
    "-gpgpu_n_clusters 132\n"
    "-gpgpu_n_cores_per_cluster 1\n"
    "-gpgpu_n_mem 40\n"
    "-gpgpu_n_sub_partition_per_mchannel 2\n"
    "-gpgpu_clock_domains 1980:3106:3106:3106\n"
    "-gpgpu_shader_registers 65536\n"
    "-gpgpu_registers_per_block 65536\n"
    "-gpgpu_shader_core_pipeline 2048:32\n"
    "-gpgpu_shader_cta 32\n"
    "-gpgpu_num_sp_units 4\n"
    "-gpgpu_num_sfu_units 4\n"
    "-gpgpu_num_dp_units 4\n"
    "-gpgpu_num_int_units 4\n"
    "-gpgpu_num_tensor_core_units 4\n"
    "-ptx_opcode_latency_int 4,4,4,4,21\n"
    "-ptx_opcode_initiation_int 2,2,2,2,2\n"
    "-ptx_opcode_latency_fp 4,4,4,4,39\n"
    "-ptx_opcode_initiation_fp 2,2,2,2,4\n"
    "-ptx_opcode_latency_dp 8,8,8,8,330\n"
    "-ptx_opcode_initiation_dp 2,2,2,2,130\n"
    "-ptx_opcode_latency_sfu 23\n"
    "-ptx_opcode_initiation_sfu 8\n"
    "-ptx_opcode_latency_tesnor 24\n"
    "-ptx_opcode_initiation_tensor 8\n"
    "-gpgpu_sub_core_model 1\n"
    "-gpgpu_num_sched_per_core 4\n"
    "-gpgpu_scheduler lrr\n"
    "-gpgpu_max_insn_issue_per_warp 1\n"
    "-gpgpu_adaptive_cache_config 1\n"
    "-gpgpu_shmem_option 0,8,16,32,64,228\n"
    "-gpgpu_unified_l1d_size 256\n"
    "-gpgpu_l1_banks 4\n"
    "-gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L,A:512:64,16:0,32\n"
    "-gpgpu_l1_latency 41\n"
    "-gpgpu_gmem_skip_L1D 0\n"
    "-gpgpu_flush_l1_cache 1\n"
    "-gpgpu_n_cluster_ejection_buffer_size 32\n"
    "-gpgpu_l1_cache_write_ratio 25\n"
    "-gpgpu_shmem_size 233472\n"
    "-gpgpu_shmem_per_block 49152\n"
    "-gpgpu_smem_latency 29\n"
    "-gpgpu_shmem_num_banks 32\n"
    "-gpgpu_coalesce_arch 90\n"
    "-gpgpu_cache:dl2 S:256:128:20,L:B:m:L:X,A:384:4,32:0,32\n"
    "-gpgpu_dram_partition_queues 64:64:64:64\n"
    "-gpgpu_perf_sim_memcpy 1\n"
    "-gpgpu_memory_partition_indexing 6\n"
    "-gpgpu_l2_rop_latency 237\n"
    "-dram_latency 194\n"
    "-gpgpu_dram_scheduler 1\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 64\n"
    "-gpgpu_dram_return_queue_size 192\n"
    "-gpgpu_n_mem_per_ctrlr 1\n"
    "-gpgpu_dram_buswidth 8\n"
    "-gpgpu_dram_burst_length 4\n"
    "-dram_data_command_freq_ratio 2\n"
    "-gpgpu_mem_address_mask 1\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n"
    "-gpgpu_dram_timing_opt nbk=16:CCD=1:RRD=6:RCD=19:RAS=45:RP=19:RC=50:CL=19:WL=6:CDLR=8:WR=21:nbkgrp=4:CCDL=6:RTPL=8\n"
    "-dram_dual_bus_interface 1\n"
    "-dram_bnk_indexing_policy 0\n"
    "-dram_bnkgrp_indexing_policy 1\n"
    "-power_simulation_enabled 0\n"
    "-gpgpu_simple_dram_model 1\n"
    "-trace_opcode_latency_initiation_int 4,2\n"
    "-trace_opcode_latency_initiation_sp 4,2\n"
    "-trace_opcode_latency_initiation_dp 8,2\n"
    "-trace_opcode_latency_initiation_sfu 23,8\n"
    "-trace_opcode_latency_initiation_tensor 1,0\n"
    "# GPCs (NVIDIA H100 whitepaper): GH100 has 8 GPCs of 9 TPCs of 2 SMs; the SXM5 part enables 132\n"
    "# SMs = 66 TPCs, dealt out as two GPCs of 18 SMs and six of 16 (every GPC holds a 16-CTA cluster)\n"
    "-ctasim_gpcs 8\n"
    "-ctasim_sms_per_tpc 2\n";

static const char a100_text[] =
    "# a100: Accel-Sim's SM80_A100 (A100 SXM4 40 GB HBM2), gpgpusim.config + trace.config.\n"
    "-gpgpu_kernel_launch_latency 5000\n"
    "-gpgpu_TB_launch_latency 0\n"
    "-gpgpu_n_clusters 108\n"
    "-gpgpu_n_cores_per_cluster 1\n"
    "-gpgpu_n_mem 40\n"
    "-gpgpu_n_sub_partition_per_mchannel 4\n"
    "-gpgpu_clock_domains 1410:1410:1512:6048\n"
    "-gpgpu_shader_registers 65536\n"
    "-gpgpu_registers_per_block 65536\n"
    "-gpgpu_shader_core_pipeline 2048:32\n"
    "-gpgpu_shader_cta 32\n"
    "-gpgpu_num_sp_units 4\n"
    "-gpgpu_num_sfu_units 4\n"
    "-gpgpu_num_dp_units 4\n"
    "-gpgpu_num_int_units 4\n"
    "-gpgpu_num_tensor_core_units 4\n"
    "-ptx_opcode_latency_int 4,4,4,4,21\n"
    "-ptx_opcode_initiation_int 2,2,2,2,2\n"
    "-ptx_opcode_latency_fp 4,4,4,4,39\n"
    "-ptx_opcode_initiation_fp 2,2,2,2,4\n"
    "-ptx_opcode_latency_dp 6,6,6,6,330\n"
    "-ptx_opcode_initiation_dp 4,4,4,4,130\n"
    "-ptx_opcode_latency_sfu 23\n"
    "-ptx_opcode_initiation_sfu 8\n"
    "-ptx_opcode_latency_tesnor 25\n"
    "-ptx_opcode_initiation_tensor 16\n"
    "-gpgpu_sub_core_model 1\n"
    "-gpgpu_num_sched_per_core 4\n"
    "-gpgpu_scheduler lrr\n"
    "-gpgpu_max_insn_issue_per_warp 1\n"
    "-gpgpu_adaptive_cache_config 1\n"
    "-gpgpu_shmem_option 0,8,16,32,64,164\n"
    "-gpgpu_unified_l1d_size 192\n"
    "-gpgpu_l1_banks 4\n"
    "-gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L,A:512:64,16:0,32\n"
    "-gpgpu_l1_latency 34\n"
    "-gpgpu_gmem_skip_L1D 0\n"
    "-gpgpu_flush_l1_cache 1\n"
    "-gpgpu_n_cluster_ejection_buffer_size 32\n"
    "-gpgpu_l1_cache_write_ratio 0\n"
    "-gpgpu_shmem_size 167936\n"
    "-gpgpu_shmem_per_block 49152\n"
    "-gpgpu_smem_latency 28\n"
    "-gpgpu_shmem_num_banks 32\n"
    "-gpgpu_coalesce_arch 80\n"
    "-gpgpu_cache:dl2 S:128:128:16,L:B:m:L:X,A:192:4,32:0,32\n"
    "-gpgpu_dram_partition_queues 64:64:64:64\n"
    "-gpgpu_perf_sim_memcpy 1\n"
    "-gpgpu_memory_partition_indexing 0\n"
    "-icnt_in_buffer_limit 512\n"
    "-icnt_out_buffer_limit 512\n"
    "-icnt_flit_size 40\n"
    "-gpgpu_l2_rop_latency 200\n"
    "-dram_latency 190\n"
    "-gpgpu_dram_scheduler 1\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 64\n"
    "-gpgpu_dram_return_queue_size 192\n"
    "-gpgpu_n_mem_per_ctrlr 1\n"
    "-gpgpu_dram_buswidth 16\n"
    "-gpgpu_dram_burst_length 2\n"
    "-dram_data_command_freq_ratio 2\n"
    "-gpgpu_mem_address_mask 1\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n"
    "-gpgpu_dram_timing_opt nbk=16:CCD=1:RRD=7:RCD=22:RAS=50:RP=22:RC=72:CL=22:WL=4:CDLR=5:WR=19:nbkgrp=4:CCDL=4:RTPL=7\n"
    "-dram_dual_bus_interface 1\n"
    "-dram_bnk_indexing_policy 0\n"
    "-dram_bnkgrp_indexing_policy 1\n"
    "-power_simulation_enabled 0\n"
    "-trace_opcode_latency_initiation_int 4,2\n"
    "-trace_opcode_latency_initiation_sp 4,2\n"
    "-trace_opcode_latency_initiation_dp 6,4\n"
    "-trace_opcode_latency_initiation_sfu 23,8\n"
    "-trace_opcode_latency_initiation_tensor 12,8\n"
    "# GPCs (NVIDIA A100 whitepaper): GA100 has 8 GPCs of 8 TPCs of 2 SMs; A100 enables 108 SMs =\n"
    "# 54 TPCs in 7 GPCs, dealt out as five GPCs of 16 SMs and two of 14\n"
    "-ctasim_gpcs 7\n"
    "-ctasim_sms_per_tpc 2\n";

static const struct preset {
    const char *name;
    const char *desc;
    const char *text;
} presets[] = {
    {"gtx480", "GTX 480 (Fermi), GPGPU-Sim's tested configuration: 15 SMs, 6 GDDR5 channels (the default)",
     gtx480_text /* again on top of the defaults, so that a load's log names its lines */},
    {"c2050", "Tesla C2050 per Yu et al. IJPP'14 Table 1: 14 SMs at 1150 MHz, 6 channels, LRR", c2050_text},
    {"hpca14-28sm", "28 SMs, 8 GDDR5 channels per Lee et al. HPCA'14 Table 1, GTO", hpca14_text},
    {"date14-28sm", "28 SMs, 8 GDDR5 channels (924 MHz, Table I's 1848 MHz WCK) per Song et al. DATE'14 Table I, GTO",
     date14_text},
    {"pact13-30sm", "30 SMs (SIMT width 8), 8 GDDR3 channels per Kayiran et al. PACT'13 Table 1, LRR",
     pact13_text},
    {"date16-15sm", "GTX 480 (15 SMs, 16 KB L1, 768 KB L2, GTO) per Li and Liang DATE'16 Table I", date16_text},
    {"a100", "A100 (Ampere), Accel-Sim's SM80_A100: 108 SMs in 7 GPCs, 40 HBM2 channels x 4 L2 slices, 40 MB L2",
     a100_text},
    {"h100", "H100 SXM5 (Hopper), Accel-Sim 2.0's SM90_H100: 132 SMs in 8 GPCs, 40 channels x 2 slices (IPOLY-modulo), "
             "50 MB L2, 228 KB shared memory, simple DRAM", h100_text},
};

static const char *const preset_names[] = {"gtx480", "c2050", "hpca14-28sm", "date14-28sm",
                                           "pact13-30sm", "date16-15sm", "a100", "h100", NULL};

void config_defaults(gpu_config_t *c)
{
    /* Zero everything first, padding included: configurations are compared
     * bytewise (tests, the dump round trip). */
    memset(c, 0, sizeof *c);
    /* Not options: one LDST unit always; branch units follow the scheduler count. */
    c->num_units[UNIT_LDST] = 1;
    c->n_shmem_options = 1; /* GPGPU-Sim's default -gpgpu_shmem_option "0" */
    c->sms_per_tpc = 1;     /* -ctasim_sms_per_tpc: no preset before h100/a100 describes TPCs */
    c->dsmem_latency = 180; /* -ctasim_dsmem_latency: Hopper's SM-to-SM latency (microbenchmarks) */
    cs_error_t err;
    if (config_load_text(c, gtx480_text, sizeof gtx480_text - 1, "<preset gtx480>", false, &err) < 0) {
        /* The built-in text is part of the program: failing here is a bug. */
        fprintf(stderr, "ctasim: internal error: %s\n", err.msg);
        abort();
    }
}

const char *const *config_preset_names(void) { return preset_names; }

static const struct preset *find_preset(const char *name)
{
    for (size_t i = 0; name && i < CS_ARRAY_LEN(presets); i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

const char *config_preset_desc(const char *name)
{
    const struct preset *p = find_preset(name);
    return p ? p->desc : NULL;
}

int config_load_preset(gpu_config_t *c, const char *name, cs_error_t *err)
{
    config_load_opts_t o = {0};
    return config_load_preset_opts(c, name, &o, err);
}

int config_load_preset_opts(gpu_config_t *c, const char *name, const config_load_opts_t *o, cs_error_t *err)
{
    const struct preset *p = find_preset(name);
    if (!p) {
        char known[256];
        size_t n = 0;
        known[0] = '\0';
        for (size_t i = 0; i < CS_ARRAY_LEN(presets) && n < sizeof known; i++)
            n += (size_t)snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "", presets[i].name);
        return cs_err(err, NULL, 0, "unknown preset '%.64s' (known: %s)", name ? name : "", known);
    }
    gpu_config_t next;
    config_defaults(&next);
    char origin[64];
    snprintf(origin, sizeof origin, "<preset %s>", p->name);
    config_load_opts_t strict = *o;
    strict.allow_unknown = false; /* a preset is ours: every option in it is known */
    if (config_load_text_opts(&next, p->text, strlen(p->text), origin, &strict, err) < 0)
        return -1;
    *c = next;
    return 0;
}
