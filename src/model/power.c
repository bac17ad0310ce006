/* power.c — energy from event counts and powered time (see power.h). */
#include "power.h"

#include <math.h>
#include <stdio.h>

static const enum power_component event_component[PEV__COUNT] = {
    [PEV_FETCH_DECODE] = PC_FETCH_DECODE,
    [PEV_SM_ACTIVE_CYCLE] = PC_PIPELINE,
    [PEV_REG_READ] = PC_REGFILE,
    [PEV_REG_WRITE] = PC_REGFILE,
    [PEV_SP_LANE] = PC_EXEC_SP,
    [PEV_INT_LANE] = PC_EXEC_INT,
    [PEV_DP_LANE] = PC_EXEC_DP,
    [PEV_SFU_LANE] = PC_EXEC_SFU,
    [PEV_TENSOR_LANE] = PC_EXEC_TENSOR,
    [PEV_LDST_LANE] = PC_LDST,
    [PEV_SHMEM_ACCESS] = PC_SHMEM,
    [PEV_SHMEM_REPLAY] = PC_SHMEM,
    [PEV_CONST_ACCESS] = PC_CONST,
    [PEV_L1_HIT] = PC_L1D,
    [PEV_L1_MISS] = PC_L1D,
    [PEV_L1_FILL] = PC_L1D,
    [PEV_L2_HIT] = PC_L2,
    [PEV_L2_MISS] = PC_L2,
    [PEV_L2_FILL] = PC_L2,
    [PEV_ICNT_FLIT] = PC_ICNT,
    [PEV_DRAM_ACT] = PC_DRAM,
    [PEV_DRAM_PRE] = PC_DRAM,
    [PEV_DRAM_RD] = PC_DRAM,
    [PEV_DRAM_WR] = PC_DRAM,
};

static const char *const components[PC__COUNT] = {
    [PC_FETCH_DECODE] = "fetch_decode", [PC_PIPELINE] = "pipeline",     [PC_REGFILE] = "regfile",
    [PC_EXEC_SP] = "exec_sp",           [PC_EXEC_INT] = "exec_int",     [PC_EXEC_DP] = "exec_dp",
    [PC_EXEC_SFU] = "exec_sfu",         [PC_EXEC_TENSOR] = "exec_tensor", [PC_LDST] = "ldst",
    [PC_SHMEM] = "shmem",               [PC_CONST] = "const",           [PC_L1D] = "l1d",
    [PC_L2] = "l2",                     [PC_ICNT] = "icnt",             [PC_DRAM] = "dram",
    [PC_WAKEUP] = "wakeup",             [PC_SM_STATIC] = "sm_static",   [PC_RF_STATIC] = "rf_static",
    [PC_SHMEM_STATIC] = "shmem_static", [PC_SM_IDLE] = "sm_idle",       [PC_L2_STATIC] = "l2_static",
    [PC_ICNT_STATIC] = "icnt_static",   [PC_MC_STATIC] = "mc_static",   [PC_DRAM_STATIC] = "dram_static",
};

const char *power_component_name(enum power_component c) { return (unsigned)c < PC__COUNT ? components[c] : "?"; }

static void add_events(const power_params_t *p, const uint64_t *n, power_energy_t *out)
{
    for (int e = 0; e < PEV__COUNT; e++)
        if (n[e])
            out->component[event_component[e]] += (double)n[e] * p->event_pj[e] * 1e-12;
}

void power_add_sm(const power_params_t *p, const power_machine_t *m, const power_sm_counts_t *c,
                  power_energy_t *out)
{
    add_events(p, c->events, out);
    out->component[PC_WAKEUP] += (double)c->wakeups * p->wakeup_energy_nj * 1e-9;
    if (m->core_hz <= 0)
        return;
    const double t = 1.0 / m->core_hz; /* seconds per core cycle */
    const uint64_t gated = c->gated_cycles < c->cycles ? c->gated_cycles : c->cycles;
    /* leaking cycles: all of them, less the gated ones under PCPG */
    const double on = (double)(c->cycles - (p->pcpg ? gated : 0));
    double rf_cycles = on, shmem_cycles = on;
    if (p->gate_unused_rf_shmem) {
        /* only what resident CTAs hold leaks: the allocated fraction, integrated */
        rf_cycles = m->registers_per_sm ? (double)c->reg_alloc_cycles / m->registers_per_sm : 0.0;
        shmem_cycles = m->shmem_per_sm ? (double)c->shmem_alloc_cycles / m->shmem_per_sm : 0.0;
    }
    double rest = p->sm_static_w - p->sm_rf_static_w - p->sm_shmem_static_w;
    if (rest < 0)
        rest = 0; /* power_params_check refuses it; stay non-negative anyway */
    out->component[PC_SM_STATIC] += rest * on * t;
    out->component[PC_RF_STATIC] += p->sm_rf_static_w * rf_cycles * t;
    out->component[PC_SHMEM_STATIC] += p->sm_shmem_static_w * shmem_cycles * t;
    /* the clock of a gated core is off with or without PCPG */
    out->component[PC_SM_IDLE] += p->sm_idle_w * (double)(c->cycles - gated) * t;
}

void power_add_uncore(const power_params_t *p, const power_machine_t *m, const power_uncore_counts_t *c,
                      power_energy_t *out)
{
    add_events(p, c->events, out);
    if (m->core_hz <= 0)
        return;
    const double s = (double)c->core_cycles / m->core_hz;
    out->component[PC_L2_STATIC] += p->l2_static_w * c->n_l2 * s;
    out->component[PC_ICNT_STATIC] += p->icnt_static_w * s;
    out->component[PC_MC_STATIC] += p->mc_static_w * c->n_mc * s;
    out->component[PC_DRAM_STATIC] += p->dram_static_w * c->n_mc * s;
}

double power_dynamic(const power_energy_t *e)
{
    double s = 0;
    for (int i = 0; i < POWER_C_FIRST_STATIC; i++)
        s += e->component[i];
    return s;
}

double power_static(const power_energy_t *e)
{
    double s = 0;
    for (int i = POWER_C_FIRST_STATIC; i < PC__COUNT; i++)
        s += e->component[i];
    return s;
}

double power_total(const power_energy_t *e) { return power_dynamic(e) + power_static(e); }

void power_summarise(const power_energy_t *e, double seconds, uint64_t insts, power_summary_t *out)
{
    out->dynamic_j = power_dynamic(e);
    out->static_j = power_static(e);
    out->energy_j = out->dynamic_j + out->static_j;
    out->avg_w = seconds > 0 ? out->energy_j / seconds : 0.0;
    out->edp_js = out->energy_j * seconds;
    out->inst_per_j = out->energy_j > 0 ? (double)insts / out->energy_j : 0.0;
    out->inst_per_w = out->avg_w > 0 ? (double)insts / out->avg_w : 0.0;
}
