/* gating.h — what the core-gating policies (tcs, htcs, dyncore) share: which
 * cores they may use. --active-cores N (-ctasim_active_cores) leaves cores
 * N.. OFF from the start; a gating policy never turns them on. */
#ifndef CTASIM_GATING_H
#define CTASIM_GATING_H

#include "gpu/cta_policy.h"

/* Cores 0..n-1 are the ones a gating policy manages. */
static inline uint32_t gating_n_enabled(const struct gpu *g)
{
    uint32_t n = gpu_n_sm(g), a = gpu_config(g)->active_cores;
    return a && a < n ? a : n;
}

#endif
