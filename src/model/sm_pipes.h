/* sm_pipes.h — a core's execution pipelines: the instances of each unit
 * (SP, INT, DP, SFU, branch, tensor), each busy until a cycle.
 *
 * An instruction of latency class C issued at `now` holds its instance for
 * occupancy[C] cycles (the initiation interval, times the passes of a SIMD
 * unit narrower than a warp) and its results are ready latency[C] cycles
 * after issue (the class's latency plus the pipeline's write-back stages).
 * A class the config gives no unit of runs on the unit GPGPU-Sim's Fermi
 * config names (unit_map: INT on SP, DP on SFU, tensor on SP). With
 * sub-cores (-gpgpu_sub_core_model) scheduler s owns the instances
 * i = s mod n_sched, or instance s mod n when a unit has fewer instances than
 * there are schedulers (GPGPU-Sim's split of each unit among the sub-cores).
 *
 * The LD/ST unit is not here (sm_ldst.h); its entry only counts issues.
 * sm_pipes_find_free and sm_pipes_issue run once per instruction: inline. */
#ifndef CTASIM_SM_PIPES_H
#define CTASIM_SM_PIPES_H

#include "frontend/inst.h"
#include "util/common.h"

/* What the pipelines take from the configuration (sm_params.c fills it). */
typedef struct sm_pipes_params {
    uint32_t n_sched;                  /* warp schedulers of the core */
    bool sub_cores;                    /* -gpgpu_sub_core_model */
    uint32_t n_unit[UNIT__COUNT];      /* instances of each unit */
    uint32_t unit_map[UNIT__COUNT];    /* the unit an instruction's class runs on */
    uint64_t occupancy[LAT__COUNT];    /* cycles an instance stays busy per instruction */
    uint64_t latency[LAT__COUNT];      /* cycles from issue to its results being usable */
} sm_pipes_params_t;

typedef struct sm_pipes {
    uint64_t *free_at[UNIT__COUNT];    /* per instance: busy before this cycle */
    sm_pipes_params_t p;
} sm_pipes_t;

void sm_pipes_init(sm_pipes_t *u, const sm_pipes_params_t *p);
void sm_pipes_free(sm_pipes_t *u);

/* A free instance of `unit` for scheduler `sch` at `now` into *instance (the
 * lowest free one it may use); false if none, with *free_at lowered to the
 * first cycle one of them frees. */
static inline bool sm_pipes_find_free(const sm_pipes_t *u, uint32_t unit, uint32_t sch, uint64_t now,
                                      uint64_t *free_at, uint32_t *instance)
{
    const uint64_t *f = u->free_at[unit];
    const uint32_t n = u->p.n_unit[unit];
    uint32_t first = 0, step = 1;
    if (u->p.sub_cores && u->p.n_sched > 1) {
        first = n >= u->p.n_sched ? sch : sch % n;
        step = n >= u->p.n_sched ? u->p.n_sched : n;
    }
    for (uint32_t i = first; i < n; i += step) {
        if (f[i] <= now) {
            *instance = i;
            return true;
        }
        if (f[i] < *free_at)
            *free_at = f[i];
    }
    return false;
}

/* Issue an instruction of latency class `lat` to `instance` of `unit` at
 * `now`; returns the cycle its results are ready. */
static inline uint64_t sm_pipes_issue(sm_pipes_t *u, uint32_t unit, uint32_t instance, uint32_t lat, uint64_t now)
{
    u->free_at[unit][instance] = now + u->p.occupancy[lat];
    return now + u->p.latency[lat];
}

#endif
