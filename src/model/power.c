/* power.c — energy from event counts and powered time (see power.h). */
#include "power.h"

#include <math.h>
#include <stdio.h>

static const struct {
    const char *name;
    enum power_component comp;
} events[PEV__COUNT] = {
    [PEV_FETCH_DECODE] = {"fetch_decode", PC_FETCH_DECODE},
    [PEV_SM_ACTIVE_CYCLE] = {"sm_active_cycle", PC_PIPELINE},
    [PEV_REG_READ] = {"reg_read", PC_REGFILE},
    [PEV_REG_WRITE] = {"reg_write", PC_REGFILE},
    [PEV_SP_LANE] = {"sp_lane", PC_EXEC_SP},
    [PEV_INT_LANE] = {"int_lane", PC_EXEC_INT},
    [PEV_DP_LANE] = {"dp_lane", PC_EXEC_DP},
    [PEV_SFU_LANE] = {"sfu_lane", PC_EXEC_SFU},
    [PEV_TENSOR_LANE] = {"tensor_lane", PC_EXEC_TENSOR},
    [PEV_LDST_LANE] = {"ldst_lane", PC_LDST},
    [PEV_SHMEM_ACCESS] = {"shmem_access", PC_SHMEM},
    [PEV_SHMEM_REPLAY] = {"shmem_replay", PC_SHMEM},
    [PEV_CONST_ACCESS] = {"const_access", PC_CONST},
    [PEV_L1_HIT] = {"l1_hit", PC_L1D},
    [PEV_L1_MISS] = {"l1_miss", PC_L1D},
    [PEV_L1_FILL] = {"l1_fill", PC_L1D},
    [PEV_L2_HIT] = {"l2_hit", PC_L2},
    [PEV_L2_MISS] = {"l2_miss", PC_L2},
    [PEV_L2_FILL] = {"l2_fill", PC_L2},
    [PEV_ICNT_FLIT] = {"icnt_flit", PC_ICNT},
    [PEV_DRAM_ACT] = {"dram_act", PC_DRAM},
    [PEV_DRAM_PRE] = {"dram_pre", PC_DRAM},
    [PEV_DRAM_RD] = {"dram_rd", PC_DRAM},
    [PEV_DRAM_WR] = {"dram_wr", PC_DRAM},
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

const char *power_event_name(enum power_event e) { return (unsigned)e < PEV__COUNT ? events[e].name : "?"; }
const char *power_component_name(enum power_component c) { return (unsigned)c < PC__COUNT ? components[c] : "?"; }
enum power_component power_event_component(enum power_event e) { return events[e].comp; }

static void add_events(const power_params_t *p, const uint64_t *n, power_energy_t *out)
{
    for (int e = 0; e < PEV__COUNT; e++)
        if (n[e])
            out->component[events[e].comp] += (double)n[e] * p->event_pj[e] * 1e-12;
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

int power_params_check(const power_params_t *p, char *why, size_t whysz)
{
    const struct {
        const char *name;
        double v;
    } w[] = {
        {"power_wakeup_energy_nj", p->wakeup_energy_nj}, {"power_sm_static_w", p->sm_static_w},
        {"power_sm_rf_static_w", p->sm_rf_static_w},     {"power_sm_shmem_static_w", p->sm_shmem_static_w},
        {"power_sm_idle_w", p->sm_idle_w},               {"power_l2_static_w", p->l2_static_w},
        {"power_icnt_static_w", p->icnt_static_w},       {"power_mc_static_w", p->mc_static_w},
        {"power_dram_static_w", p->dram_static_w},
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        if (!isfinite(w[i].v) || w[i].v < 0) {
            snprintf(why, whysz, "-%s: must be a non-negative number (%g)", w[i].name, w[i].v);
            return -1;
        }
    for (int e = 0; e < PEV__COUNT; e++)
        if (!isfinite(p->event_pj[e]) || p->event_pj[e] < 0) {
            snprintf(why, whysz, "-power_%s_pj: must be a non-negative number (%g)", events[e].name,
                     p->event_pj[e]);
            return -1;
        }
    if (p->sm_rf_static_w + p->sm_shmem_static_w > p->sm_static_w * (1 + 1e-12)) {
        snprintf(why, whysz,
                 "-power_sm_rf_static_w + -power_sm_shmem_static_w (%g W) exceed -power_sm_static_w (%g W), "
                 "which includes them",
                 p->sm_rf_static_w + p->sm_shmem_static_w, p->sm_static_w);
        return -1;
    }
    return 0;
}
