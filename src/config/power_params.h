/* power_params.h — the power model's parameters (-power_* options), owned
 * by the configuration; the model that uses them is model/power.h. Plain
 * data and their validation, no model code. */
#ifndef CTASIM_POWER_PARAMS_H
#define CTASIM_POWER_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Events with an energy each (-power_<name>_pj). */
enum power_event {
    PEV_FETCH_DECODE = 0, /* warp instruction fetched and decoded (= issued: one-deep instruction buffer) */
    PEV_SM_ACTIVE_CYCLE,  /* core cycle counted in act_cycles (Kayiran's "active": issued or could) */
    PEV_REG_READ,         /* warp-wide register file read (one source operand) */
    PEV_REG_WRITE,        /* warp-wide register file write (one destination) */
    PEV_SP_LANE,          /* thread operation on the SP unit */
    PEV_INT_LANE,         /* ... on the INT unit */
    PEV_DP_LANE,          /* ... on the DP unit */
    PEV_SFU_LANE,         /* ... on the SFU */
    PEV_TENSOR_LANE,      /* ... on the tensor unit */
    PEV_LDST_LANE,        /* thread operation of a memory instruction (address generation) */
    PEV_SHMEM_ACCESS,     /* shared-memory instruction (its first pass) */
    PEV_SHMEM_REPLAY,     /* extra pass for a bank conflict */
    PEV_CONST_ACCESS,     /* constant / texture access */
    PEV_L1_HIT,           /* L1D tag access that hits */
    PEV_L1_MISS,          /* L1D tag access that misses or merges (pending hit) */
    PEV_L1_FILL,          /* L1D fill (a read miss) */
    PEV_L2_HIT,           /* L2 slice access that hits */
    PEV_L2_MISS,          /* L2 access that misses or merges */
    PEV_L2_FILL,          /* L2 fill (a DRAM read request) */
    PEV_ICNT_FLIT,        /* flit through the crossbar or mesh (both networks) */
    PEV_DRAM_ACT,         /* DRAM activate */
    PEV_DRAM_PRE,         /* DRAM precharge */
    PEV_DRAM_RD,          /* DRAM read column command (one burst) */
    PEV_DRAM_WR,          /* DRAM write column command (one burst) */
    PEV__COUNT
};

typedef struct power_params {
    bool enabled;              /* -power_simulation_enabled */
    bool pcpg;                 /* -power_pcpg: a gated core leaks nothing */
    bool gate_unused_rf_shmem; /* -power_gate_unused_rf_shmem: unallocated RF / shared memory leaks nothing */
    bool sm_active_util;       /* -power_sm_active_util: sm_active_cycle counts the cycles a CTA is resident
                                * (Kayiran's util), not act_cycles */
    uint32_t sample_period;    /* -power_sample_period: core cycles between power samples (0: none) */
    uint32_t wakeup_cycles;    /* -power_wakeup_cycles: a woken gated core takes CTAs this many core cycles later */
    double wakeup_energy_nj;   /* -power_wakeup_energy_nj: per wake-up of a gated core */
    double event_pj[PEV__COUNT];
    double sm_static_w;        /* -power_sm_static_w: leakage of one SM, RF and shared-memory shares included */
    double sm_rf_static_w;     /* -power_sm_rf_static_w: the register file's share of it */
    double sm_shmem_static_w;  /* -power_sm_shmem_static_w: the shared memory's share of it */
    double sm_idle_w;          /* -power_sm_idle_w: clocked SM (clock tree, control), every cycle but gated ones */
    double l2_static_w;        /* -power_l2_static_w: per L2 slice */
    double icnt_static_w;      /* -power_icnt_static_w: the whole interconnect */
    double mc_static_w;        /* -power_mc_static_w: per memory controller (DRAM channel) */
    double dram_static_w;      /* -power_dram_static_w: DRAM background and refresh, per channel */
} power_params_t;

/* Checks the parameters: finite, non-negative, shares within the SM's
 * static power. Returns 0, or -1 with what is wrong (naming the option) in why. */
int power_params_check(const power_params_t *p, char *why, size_t whysz);

#endif
