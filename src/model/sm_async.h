/* sm_async.h — a warp's groups of asynchronous copies (PTX cp.async, SASS
 * LDGSTS), as cp.async.commit_group, cp.async.wait_group N and
 * cp.async.wait_all see them.
 *
 * Each copy is a global load in the LD/ST unit that writes no register; it
 * joins the warp's open group at issue and leaves it when its data has
 * arrived (sm_ldst.c, the load's record). commit_group closes the open
 * group and opens the next; wait_group N lets the warp go on once at most
 * the N newest committed groups still have copies in flight (the open,
 * uncommitted group is not waited for); wait_all is commit_group and then
 * wait_group 0. A commit or wait whose condition does not hold parks the
 * warp (sm_issue.c) until the copy that makes it hold has its data, and the
 * warp's next instruction is fetched the cycle that data is ready, as a
 * load's destination register would be (the reply plus the pipeline
 * latency; sm_cta.c, sm_async_arrived and sm_async_release_due).
 *
 * The groups are a ring of ASYNC_GROUPS slots: the open group and the
 * ASYNC_GROUPS - 1 newest committed ones. A commit that would reuse the
 * slot of a group still in flight (an eighth group outstanding) waits for
 * it, so no group is ever forgotten; real pipelines keep 2 to 4 stages.
 * wait_group N with N >= ASYNC_WAIT_MAX_N (inst.h) waits for the groups
 * older than the ring's newest ASYNC_WAIT_MAX_N, all there can be.
 *
 * The copy's data itself is in shared memory at issue (the functional
 * model): a program that reads it after its wait reads what the hardware
 * would; the wait's time is what this file gives the timing model. */
#ifndef CTASIM_SM_ASYNC_H
#define CTASIM_SM_ASYNC_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/inst.h"

#define ASYNC_GROUPS 8
#define ASYNC_NO_SLOT 0xffu
_Static_assert(ASYNC_WAIT_MAX_N + 1 < ASYNC_GROUPS, "a wait must look at one committed group at least");

typedef struct async_groups {
    uint16_t pending[ASYNC_GROUPS]; /* copies in flight, per group slot */
    uint64_t done_at[ASYNC_GROUPS]; /* the latest cycle a copy of the slot's group has its data ready */
    uint8_t open;                   /* the open group's slot */
    uint8_t parked;                 /* enum inst_async of the commit or wait the warp is parked at; 0: none */
    uint64_t release_at;            /* parked and its condition holds: the cycle it holds from */
} async_groups_t;

/* A copy issued: it joins the open group. Returns its slot. */
static inline uint8_t async_copy_issued(async_groups_t *g)
{
    g->pending[g->open]++;
    return g->open;
}

/* A copy of slot `slot` has its data, ready at cycle `ready`. */
static inline void async_copy_arrived(async_groups_t *g, uint8_t slot, uint64_t ready)
{
    g->pending[slot]--;
    if (ready > g->done_at[slot])
        g->done_at[slot] = ready;
}

/* One group the commit or wait looks at: false while a copy of it is in
 * flight, else *at raised to the cycle its data is all ready. */
static inline bool async_group_done(const async_groups_t *g, unsigned slot, uint64_t *at)
{
    if (g->pending[slot])
        return false;
    if (g->done_at[slot] > *at)
        *at = g->done_at[slot];
    return true;
}

/* Whether the commit or wait `code` (ASYNC_COMMIT and above) can complete
 * once every copy it waits for has arrived: true with *at the cycle from
 * which it holds (0 if it holds already), false while a copy it waits for
 * is in flight. */
static inline bool async_ready(const async_groups_t *g, uint8_t code, uint64_t *at)
{
    *at = 0;
    if (code == ASYNC_COMMIT) /* the next open slot must be free: its group (the oldest) complete */
        return async_group_done(g, (g->open + 1) % ASYNC_GROUPS, at);
    /* wait_all: every slot; wait_group N: the committed groups older than
     * the newest N, i.e. the slots open - (N + 1) down to open - (ASYNC_GROUPS - 1) */
    const unsigned first = code == ASYNC_WAIT_ALL ? 0 : (unsigned)(code - ASYNC_WAIT_NEWEST) + 1;
    for (unsigned k = first; k < ASYNC_GROUPS; k++)
        if (!async_group_done(g, (g->open + ASYNC_GROUPS - k) % ASYNC_GROUPS, at))
            return false;
    return true;
}

/* What `code` does once it holds: commit and wait_all open a new group. */
static inline void async_complete(async_groups_t *g, uint8_t code)
{
    if (code == ASYNC_COMMIT || code == ASYNC_WAIT_ALL) {
        g->open = (uint8_t)((g->open + 1) % ASYNC_GROUPS);
        g->done_at[g->open] = 0;
    }
}

#endif
