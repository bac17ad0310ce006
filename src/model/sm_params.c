/* sm_params.c — the core's units' parameters from the configuration (see
 * sm_params.h); the one place that knows which option feeds which unit. */
#include "sm_params.h"

#include <string.h>

/* Execution pipelines: -gpgpu_num_{sp,int,dp,sfu,tensor_core}_units,
 * -gpgpu_num_sched_per_core, -gpgpu_sub_core_model, the opcode latencies and
 * initiation intervals, -ctasim_simd_width, -ctasim_pipeline_latency. */
static void pipes_params(sm_pipes_params_t *p, const gpu_config_t *cfg)
{
    p->n_sched = cfg->num_sched_per_core; /* 1..MAX_SCHED_PER_SM, checked by config_validate */
    p->sub_cores = cfg->sub_core_model;
    for (unsigned u = 0; u < UNIT__COUNT; u++)
        p->unit_map[u] = u;
    /* Units the config does not provide run on the unit GPGPU-Sim's Fermi
     * config names: INT on SP, DP on SFU, tensor on SP. */
    if (!cfg->num_units[UNIT_SFU])
        p->unit_map[UNIT_SFU] = UNIT_SP;
    if (!cfg->num_units[UNIT_INT])
        p->unit_map[UNIT_INT] = UNIT_SP;
    if (!cfg->num_units[UNIT_DP])
        p->unit_map[UNIT_DP] = p->unit_map[UNIT_SFU];
    if (!cfg->num_units[UNIT_TENSOR])
        p->unit_map[UNIT_TENSOR] = UNIT_SP;
    for (unsigned u = 0; u < UNIT__COUNT; u++) {
        uint32_t n = cfg->num_units[u];
        if (u == UNIT_LDST)
            n = 1;
        if (u == UNIT_BRANCH)
            n = p->n_sched;
        if (u == UNIT_SP && n == 0)
            n = 1;
        p->n_unit[u] = n;
    }
    for (unsigned c = 0; c < LAT__COUNT; c++) {
        uint64_t occ = cfg->init[c] ? cfg->init[c] : 1;
        if (cfg->simd_width && cfg->simd_width < WARP_SIZE)
            occ *= WARP_SIZE / cfg->simd_width;
        p->occupancy[c] = occ;
        p->latency[c] = (uint64_t)(cfg->lat[c] ? cfg->lat[c] : 1) + cfg->pipeline_latency;
    }
}

/* LD/ST unit and L1: -gpgpu_cache:dl1 (and its MSHRs and miss queue),
 * -gpgpu_l1_cache_write_ratio, -gpgpu_gmem_skip_L1D, -gpgpu_coalesce_arch,
 * -gpgpu_l1_banks(_byte_interleaving), the L1, shared-memory and constant
 * latencies, -gpgpu_shmem_num_banks, -ctasim_shmem_bank_width,
 * -ctasim_pipeline_latency, -ctasim_icnt_ctrl_bytes. */
static void ldst_params(sm_ldst_params_t *p, const gpu_config_t *cfg)
{
    p->l1d = cfg->l1d;
    p->l1_write_ratio = cfg->l1_write_ratio;
    p->mshr_entries = cfg->l1d.mshr_entries;
    p->mshr_max_merge = cfg->l1d.mshr_max_merge;
    p->missq_cap = cfg->l1d.miss_queue ? cfg->l1d.miss_queue : 8;
    p->gmem_skip_l1d = cfg->gmem_skip_l1d;
    /* Maxwell and later (GPGPU-Sim's coalescing arch >= 40): every access is
     * one 32-byte sector. */
    p->sector_accesses = cfg->coalesce_arch >= 40;
    p->l1_banks = cfg->l1_banks;
    p->l1_bank_shift = 0;
    while ((1u << p->l1_bank_shift) < cfg->l1_bank_interleave)
        p->l1_bank_shift++;
    p->l1_latency = cfg->l1_latency;
    p->smem_latency = cfg->smem_latency;
    p->dsmem_latency = cfg->dsmem_latency;
    p->const_latency = cfg->const_latency;
    p->shmem_num_banks = cfg->shmem_num_banks;
    p->shmem_bank_width = cfg->shmem_bank_width;
    p->pipeline_latency = cfg->pipeline_latency;
    p->icnt_ctrl_bytes = cfg->icnt_ctrl_bytes;
}

void sm_params_from_config(sm_params_t *p, const gpu_config_t *cfg)
{
    memset(p, 0, sizeof *p);
    pipes_params(&p->pipes, cfg);
    ldst_params(&p->ldst, cfg);
}
