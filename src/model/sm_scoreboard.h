/* sm_scoreboard.h — a warp's scoreboard: the registers its instructions in
 * flight will write, each with the core cycle its value is ready.
 *
 * An entry is added at issue for every destination register: ready at issue +
 * the unit's latency + the pipeline latency for an ALU result, CS_NEVER for a
 * load's destination until the load's data is all known (sb_release_load sets
 * the cycle then). An instruction may issue when none of its source or
 * destination registers has an entry still pending (RAW and WAW) and the table
 * has room for its destinations. Entries whose cycle has passed are dropped
 * when the warp is next checked.
 *
 * Everything here runs once per warp evaluated per cycle: static inline, so
 * the issue stage pays no call. */
#ifndef CTASIM_SM_SCOREBOARD_H
#define CTASIM_SM_SCOREBOARD_H

#include "frontend/inst.h"
#include "util/common.h"

#define SB_MAX 16 /* pending register writes tracked per warp */

typedef struct sb_entry {
    uint16_t reg;
    uint64_t ready; /* CS_NEVER while a load is outstanding */
} sb_entry_t;

typedef struct scoreboard {
    uint8_t n;
    sb_entry_t e[SB_MAX];
} scoreboard_t;

/* What holds an instruction back (bit flags; the issue stage uses the same
 * bits for its own stall reasons, see sm_issue.h). */
enum {
    SB_WAIT_LOAD = 1u << 0, /* an operand comes from a load still outstanding */
    SB_WAIT_ALU = 1u << 1,  /* an operand comes from an ALU result still in flight, or the table is full */
};

/* 0 if `in` may issue at `now`; otherwise SB_WAIT_LOAD and/or SB_WAIT_ALU,
 * with *ready_at lowered to the earliest cycle an ALU entry in the way retires
 * (loads have no known cycle: their release wakes the warp). Drops the
 * entries retired by `now`. */
static inline uint32_t sb_check(scoreboard_t *sb, const warp_inst_t *in, uint64_t now, uint64_t *ready_at)
{
    uint32_t blk = 0;
    for (uint32_t i = 0; i < sb->n;) {
        sb_entry_t *e = &sb->e[i];
        if (e->ready <= now) { /* retired: compact */
            *e = sb->e[--sb->n];
            continue;
        }
        uint16_t r = e->reg;
        bool hit = false;
        for (uint32_t j = 0; j < in->nsrc && !hit; j++)
            hit = in->src[j] == r;
        for (uint32_t j = 0; j < in->ndst && !hit; j++)
            hit = in->dst[j] == r;
        if (hit) {
            if (e->ready == CS_NEVER)
                blk |= SB_WAIT_LOAD;
            else {
                blk |= SB_WAIT_ALU;
                if (e->ready < *ready_at)
                    *ready_at = e->ready;
            }
        }
        i++;
    }
    if (!blk && sb->n + in->ndst > SB_MAX) { /* table full: wait for a retirement */
        blk = SB_WAIT_ALU;
        /* the first entry to retire frees a slot; entries of loads still in
         * flight retire after their load completes, which wakes the warp */
        for (uint32_t i = 0; i < sb->n; i++)
            if (sb->e[i].ready < *ready_at)
                *ready_at = sb->e[i].ready;
    }
    return blk;
}

/* Register `reg` is written at `ready` (CS_NEVER: by a load, see
 * sb_release_load). The caller checked there is room (sb_check). */
static inline void sb_add(scoreboard_t *sb, uint16_t reg, uint64_t ready)
{
    sb->e[sb->n].reg = reg;
    sb->e[sb->n].ready = ready;
    sb->n++;
}

/* A load's data is known: its destination `reg` is ready at `ready`. */
static inline void sb_release_load(scoreboard_t *sb, uint16_t reg, uint64_t ready)
{
    for (uint32_t i = 0; i < sb->n; i++)
        if (sb->e[i].reg == reg && sb->e[i].ready == CS_NEVER) {
            sb->e[i].ready = ready;
            return;
        }
}

#endif
