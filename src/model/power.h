/* power.h — the power model's parameters and its energy arithmetic.
 *
 * A pure module: no GPU object, no I/O. The glue (gpu/gpu_power.c) reads the
 * counters the timing model keeps, fills a power_counts_t, and asks this
 * module for joules. Two kinds of energy, nothing else:
 *
 *   dynamic = sum over events of  count x energy per event (pJ)
 *   static  = sum over blocks of  power (W) x time the block is powered (s)
 *
 * so every joule of a result can be recomputed by hand from the counts and
 * the parameters (tests/test_power.c does). The SM's static power has two
 * separately gateable shares, the register file and the shared memory: with
 * gate_unused_rf_shmem they draw power only for the fraction allocated to
 * resident CTAs (an integral of allocated registers / bytes over cycles).
 * A core that is OFF and holds no CTA is gated: it draws no dynamic power
 * (it issues nothing and its clock is gated) and, with per-core power gating
 * (pcpg), no static power either; without pcpg it still leaks.
 *
 * Units: energies in pJ per event, powers in W, wake-up energy in nJ, results
 * in J. Components, events and options are listed in docs/ARCHITECTURE.md
 * ("Power model"). */
#ifndef CTASIM_POWER_H
#define CTASIM_POWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/power_params.h"

/* Energy by component. Dynamic components come first, static ones after
 * POWER_C_FIRST_STATIC; the total is their sum. */
enum power_component {
    PC_FETCH_DECODE = 0, PC_PIPELINE, PC_REGFILE, PC_EXEC_SP, PC_EXEC_INT, PC_EXEC_DP, PC_EXEC_SFU,
    PC_EXEC_TENSOR, PC_LDST, PC_SHMEM, PC_CONST, PC_L1D, PC_L2, PC_ICNT, PC_DRAM, PC_WAKEUP,
    /* static */
    PC_SM_STATIC, PC_RF_STATIC, PC_SHMEM_STATIC, PC_SM_IDLE, PC_L2_STATIC, PC_ICNT_STATIC, PC_MC_STATIC,
    PC_DRAM_STATIC,
    PC__COUNT
};
#define POWER_C_FIRST_STATIC PC_SM_STATIC


/* What one SM did, as the power model needs it (all cumulative). */
typedef struct power_sm_counts {
    uint64_t cycles;          /* core cycles accounted */
    uint64_t gated_cycles;    /* OFF with no CTA */
    uint64_t reg_alloc_cycles;   /* sum over cycles of registers allocated to resident CTAs */
    uint64_t shmem_alloc_cycles; /* sum over cycles of shared-memory bytes allocated */
    uint64_t wakeups;         /* gated -> on transitions */
    uint64_t events[PEV__COUNT]; /* the SM-side events (fetch .. L1); memory-side ones are 0 */
} power_sm_counts_t;

/* The machine-wide part. */
typedef struct power_uncore_counts {
    uint64_t core_cycles;     /* elapsed core cycles (time of the uncore's static power) */
    uint32_t n_l2, n_mc;
    uint64_t events[PEV__COUNT]; /* the memory-side events (L2, icnt, DRAM) */
} power_uncore_counts_t;

/* Machine facts the arithmetic needs. */
typedef struct power_machine {
    double core_hz;           /* core clock */
    uint32_t registers_per_sm;
    uint32_t shmem_per_sm;    /* bytes */
} power_machine_t;

typedef struct power_energy {
    double component[PC__COUNT]; /* J */
} power_energy_t;

/* Name of a component (JSON "energy" keys, text lines). */
const char *power_component_name(enum power_component c);

/* Adds one SM's energy (dynamic SM-side and static) into *out. */
void power_add_sm(const power_params_t *p, const power_machine_t *m, const power_sm_counts_t *c,
                  power_energy_t *out);
/* Adds the uncore's energy (memory-side dynamic, L2/icnt/MC/DRAM static). */
void power_add_uncore(const power_params_t *p, const power_machine_t *m, const power_uncore_counts_t *c,
                      power_energy_t *out);

double power_total(const power_energy_t *e);
double power_dynamic(const power_energy_t *e);
double power_static(const power_energy_t *e);

/* Summary figures of a run of `seconds` that executed `insts` instructions
 * (thread instructions, as gpu_sim_insn). */
typedef struct power_summary {
    double energy_j, dynamic_j, static_j;
    double avg_w;             /* energy / time */
    double edp_js;            /* energy x time */
    double inst_per_j;        /* instructions per joule */
    double inst_per_w;        /* instructions per second per watt... Kayiran's "instructions per watt": insts / avg_w */
} power_summary_t;
void power_summarise(const power_energy_t *e, double seconds, uint64_t insts, power_summary_t *out);

#endif
