/* team_choice.c — see team_choice.h. */
#include "team_choice.h"

enum { TIMING_TEAM, TIMING_SERIAL, RUNNING }; /* team_choice_t.phase; the first two index ns */
#define NOT_STARTED UINT64_MAX

void team_choice_init(team_choice_t *c)
{
    *c = (team_choice_t){.phase = RUNNING, .team = false, .until = NOT_STARTED};
}

bool team_choice_pick(team_choice_t *c, uint64_t now, bool *timed)
{
    *timed = false;
    if (c->phase == RUNNING) {
        if (c->until == NOT_STARTED) /* the phase's first eligible cycle */
            c->until = now + CHOICE_FIRST;
        if (now < c->until)
            return c->team;
        c->phase = TIMING_SERIAL;
        c->block = 0;
        c->count = 0;
        c->ns[0] = c->ns[1] = 0;
        c->items[0] = c->items[1] = 0;
        c->block_ns = 0;
    }
    *timed = true;
    return c->phase == TIMING_TEAM;
}

/* The timing is over: `team` runs the next c->epoch cycles, which double
 * (up to CHOICE_EPOCH) while the timings agree and start again at
 * CHOICE_EPOCH_FIRST when one changes its mind. */
static int decided(team_choice_t *c, uint64_t now, bool team)
{
    if (c->epoch && team == c->team)
        c->epoch = c->epoch * 2 < CHOICE_EPOCH ? c->epoch * 2 : CHOICE_EPOCH;
    else
        c->epoch = CHOICE_EPOCH_FIRST;
    c->team = team;
    c->phase = RUNNING;
    c->until = now + c->epoch;
    return team;
}

int team_choice_timed(team_choice_t *c, uint64_t now, uint64_t ns, uint32_t items)
{
    if (c->count >= CHOICE_WARMUP) {
        c->ns[c->phase] += ns;
        c->items[c->phase] += items;
    }
    c->block_ns += ns;
    if (c->phase == TIMING_TEAM && c->block_ns > CHOICE_GIVE_UP * c->serial_block_ns)
        return decided(c, now, false); /* the team cannot win this timing */
    if (++c->count < CHOICE_BLOCK)
        return -1;
    c->count = 0;
    if (c->phase == TIMING_SERIAL) {
        c->serial_block_ns = c->block_ns;
        c->block_ns = 0;
        c->phase = TIMING_TEAM;
        return -1;
    }
    c->block_ns = 0;
    /* after each pair of blocks: a clear difference decides at once, so a
     * timing costs a lost block pair, not four, where the answer is plain.
     * Time per unit ticked, not per cycle: a memory-bound kernel's cores
     * are due in bursts, and two blocks of 48 cycles may hold twice as many
     * ticks one as the other (team / serial = ns_t / items_t * items_s / ns_s) */
    const uint64_t team = c->ns[TIMING_TEAM] * c->items[TIMING_SERIAL] * 100,
                   serial = c->ns[TIMING_SERIAL] * (c->items[TIMING_TEAM] ? c->items[TIMING_TEAM] : 1);
    if (team <= serial * CHOICE_CLEAR_WIN_PCT)
        return decided(c, now, true);
    if (team >= serial * CHOICE_CLEAR_LOSS_PCT)
        return decided(c, now, false);
    if (++c->block < CHOICE_BLOCKS) {
        c->phase = TIMING_SERIAL;
        return -1;
    }
    return decided(c, now, team < serial * (100 - CHOICE_MARGIN_PCT));
}

bool team_choice_decided(const team_choice_t *c) { return c->phase == RUNNING; }
