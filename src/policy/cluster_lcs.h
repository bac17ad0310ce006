/* cluster_lcs.h — Eq. 1 of Lazy CTA Scheduling counted in thread block
 * clusters (policy/cta_clusterlcs.c), as a function of its own so that a
 * test can give it hand-derived counts. */
#ifndef CTASIM_CLUSTER_LCS_H
#define CTASIM_CLUSTER_LCS_H

#include <stdint.h>

#include "lcs_eq1.h"

/* One CTA's part in the decision: its cluster and the warp instructions it
 * has issued so far. */
typedef struct cluster_lcs_sample {
    uint64_t cluster; /* cta_id / cluster_size */
    uint64_t warp_insts;
} cluster_lcs_sample_t;

/* The clusters a GPC may hold: the samples (the CTAs of one kernel on one
 * GPC, sorted here by cluster) are summed per cluster into inst_c, then
 * T = sum_c inst_c / max_c inst_c, rounded as `round` says and kept
 * between 1 and the number of clusters sampled. *quotient gets the
 * quotient before rounding, *clusters the clusters sampled. With nothing
 * issued, the clusters sampled (no throttle). n >= 1. */
uint32_t cluster_lcs_count(cluster_lcs_sample_t *s, uint32_t n, enum lcs_round round, double *quotient,
                           uint32_t *clusters);

#endif
