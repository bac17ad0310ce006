/* sm_issue.h — a core's issue stage: each scheduler issues at most one
 * instruction per cycle from the warps' instruction buffers (refilled from
 * the front-end by sm_fetch, sm_cta.c, below this unit), the first warp in its policy's order whose
 * instruction passes the scoreboard (sm_scoreboard.h) and finds its unit
 * free (sm_pipes.h, or room in the LD/ST unit, sm_ldst.h).
 *
 * Most of a memory-bound core's cycles change nothing the issue stage looks
 * at, so what it found is kept: per warp the scoreboard's verdict and its
 * cycle (the hints), per core the cycle's verdict and when it can change
 * (dirty, wake). Every change a verdict depends on (a new instruction, a
 * load completing, a barrier released, a CTA arriving) clears the warp's
 * hint and marks the stage dirty. */
#ifndef CTASIM_SM_ISSUE_H
#define CTASIM_SM_ISSUE_H

#include "sm_issue_state.h"

struct sm;
/* The schedulers at `now`. Returns the stall flags of the cycle; *next_ready
 * gets the earliest future cycle at which a blocked warp could become ready. */
uint32_t sm_issue_stage(struct sm *s, uint64_t now, uint64_t *next_ready);

#endif
