/* power_params.c — validation of the power model's parameters (see power_params.h). */
#include "power_params.h"

#include <math.h>
#include <stdio.h>

/* Each event as its option spells it: -power_<name>_pj. */
static const char *const event_names[PEV__COUNT] = {
    [PEV_FETCH_DECODE] = "fetch_decode",
    [PEV_SM_ACTIVE_CYCLE] = "sm_active_cycle",
    [PEV_REG_READ] = "reg_read",
    [PEV_REG_WRITE] = "reg_write",
    [PEV_SP_LANE] = "sp_lane",
    [PEV_INT_LANE] = "int_lane",
    [PEV_DP_LANE] = "dp_lane",
    [PEV_SFU_LANE] = "sfu_lane",
    [PEV_TENSOR_LANE] = "tensor_lane",
    [PEV_LDST_LANE] = "ldst_lane",
    [PEV_SHMEM_ACCESS] = "shmem_access",
    [PEV_SHMEM_REPLAY] = "shmem_replay",
    [PEV_CONST_ACCESS] = "const_access",
    [PEV_L1_HIT] = "l1_hit",
    [PEV_L1_MISS] = "l1_miss",
    [PEV_L1_FILL] = "l1_fill",
    [PEV_L2_HIT] = "l2_hit",
    [PEV_L2_MISS] = "l2_miss",
    [PEV_L2_FILL] = "l2_fill",
    [PEV_ICNT_FLIT] = "icnt_flit",
    [PEV_DRAM_ACT] = "dram_act",
    [PEV_DRAM_PRE] = "dram_pre",
    [PEV_DRAM_RD] = "dram_rd",
    [PEV_DRAM_WR] = "dram_wr",
};

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
            snprintf(why, whysz, "-power_%s_pj: must be a non-negative number (%g)", event_names[e],
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
