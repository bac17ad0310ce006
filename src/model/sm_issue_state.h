/* sm_issue_state.h — the issue stage's state (sm_issue_t) and its stall
 * flags, apart from its functions (sm_issue.h) so that the units that only
 * touch this state (clearing a warp's cached verdict) do not depend on the
 * issue stage's code, which calls them: the core's files then depend on each
 * other one way (sm.h says which). */
#ifndef CTASIM_SM_ISSUE_STATE_H
#define CTASIM_SM_ISSUE_STATE_H

#include "config/config.h"
#include "sm_scoreboard.h"

#define SM_TIMED_WHEEL 64    /* slots of the timed-hint wheel (a power of two) */

/* Why a warp could not issue this cycle (bit flags, collected per cycle). */
enum {
    BLK_MEMDATA = SB_WAIT_LOAD, /* operand from an outstanding load */
    BLK_ALUDEP = SB_WAIT_ALU,   /* operand from an ALU instruction still in flight */
    BLK_UNIT = 1u << 2,    /* execution unit busy */
    BLK_LDST = 1u << 3,    /* LD/ST unit full or memory throttled */
    BLK_VALID = 1u << 4,   /* at least one warp had a valid instruction */
    BLK_ISSUED = 1u << 5,
    BLK_LDST_STALL = 1u << 6, /* LD/ST unit could not make progress */
    BLK_HAS_CTA = 1u << 7,
    BLK_SB_SCHED = 1u << 8,   /* (count) a scheduler saw a scoreboard conflict: stored separately */
};

typedef struct sm_issue {
    /* Cached scoreboard verdict of each warp's current instruction: no need
     * to look again before hint_ready[w] (CS_NEVER: until one of the warp's
     * loads completes). Kept apart from warp_t so that the issue stage, which
     * walks every warp each cycle, reads one small array instead of a cache
     * line per warp. */
    uint64_t hint_ready[CONFIG_MAX_WARPS_PER_SM];
    uint8_t hint_flags[CONFIG_MAX_WARPS_PER_SM];
    /* Bit per warp whose hint is CS_NEVER (it waits for one of its loads),
     * one mask per flag of its verdict (BLK_MEMDATA, BLK_ALUDEP): with a
     * policy that lists every ready warp, these warps are skipped as a set
     * (sched_view.skip). */
    uint64_t never_mem, never_alu;
    /* Bit per warp whose hint is a finite cycle (it waits out an ALU
     * result or a free scoreboard entry): with a policy that lists every
     * ready warp, such a warp is left out of the order until its cycle and
     * accounted for as a set, like never_*. */
    uint64_t timed_hint;
    /* The same warps by the cycle of their hint, modulo SM_TIMED_WHEEL: warp
     * w of timed_hint is in timed_wheel[hint_ready[w] % SM_TIMED_WHEEL]. At
     * the start of each evaluation the issue stage drops the hints due by
     * then, looking only at the slots of the cycles since the last one it
     * looked at (timed_swept), so that within a stage every warp of
     * timed_hint still waits; a slot may also hold hints a turn or more
     * later, which stay. */
    uint64_t timed_wheel[SM_TIMED_WHEEL];
    uint64_t timed_swept;
    /* Bit per warp whose current instruction passed the scoreboard check
     * (and then waited for the LD/ST unit or an execution unit): it keeps
     * passing, since only the warp's own issue adds entries and every change
     * of instruction or scoreboard goes through set_hint, which clears the
     * bit. clear_unit[w] is that instruction's unit
     * class. */
    uint64_t sb_clear;
    uint8_t clear_unit[CONFIG_MAX_WARPS_PER_SM];
    uint64_t inst_mask;       /* bit per warp that is valid and has an instruction (winfo) */
    /* bit per warp whose front-end answered WARP_NEXT_LATER (kernel.h): its
     * writes are published after this core phase, so the core fetches again
     * at its next cycle (sm_refetch) */
    uint64_t refetch;
    /* schedulers: the warp slots of each (warp w belongs to w mod n_sched) */
    uint16_t sched_slots[CONFIG_MAX_SCHED_PER_SM][CONFIG_MAX_WARPS_PER_SM];
    uint32_t sched_n[CONFIG_MAX_SCHED_PER_SM];
    uint64_t sched_mask[CONFIG_MAX_SCHED_PER_SM]; /* bit per slot of each scheduler */
    /* The issue stage is skipped while nothing it depends on changed: a load
     * completing, a new instruction, a barrier release, the LD/ST unit freeing
     * a slot, a CTA arriving set dirty; ALU results and units set wake. */
    bool dirty;
    uint64_t wake;
    uint32_t flags;           /* verdict of the last evaluation */
    uint64_t sb_count;        /* scoreboard conflicts that evaluation counted */
    uint32_t noready;         /* schedulers of that evaluation with no ready instruction (c_mem_sched) */
    uint32_t memwait;         /* schedulers of that evaluation stalled on the memory side (c_mem_sched_mem) */
} sm_issue_t;

/* Forget warp w's cached scoreboard verdict: look again at its next evaluation. */
static inline void sm_hint_clear(sm_issue_t *is, uint32_t w)
{
    const uint64_t bit = 1ull << w;
    if (is->timed_hint & bit) { /* (its old hint is due later than now) */
        is->timed_hint &= ~bit;
        is->timed_wheel[is->hint_ready[w] % SM_TIMED_WHEEL] &= ~bit;
    }
    is->hint_ready[w] = 0;
    is->hint_flags[w] = 0;
    is->never_mem &= ~bit;
    is->never_alu &= ~bit;
    is->sb_clear &= ~bit;
}

#endif
