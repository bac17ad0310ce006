/* test_team_choice.c — the team-or-this-thread choice of one phase
 * (gpu/team_choice.c), fed with made-up cycle times: no timing before
 * CHOICE_FIRST cycles, a timing alternates blocks (this thread first), the
 * faster side wins only by the margin, a plain difference decides after one
 * pair of blocks, a team far slower ends the timing at once, and a decision
 * holds for CHOICE_EPOCH_FIRST cycles, doubling up to CHOICE_EPOCH while the
 * timings agree. Which side runs a
 * cycle changes no result (test_parallel); what this checks is what a run
 * pays for the choice, which a wrong rule would multiply (docs/SPEED.md
 * "What the team choice may cost"). */
#include "gpu/team_choice.h"
#include "test.h"

/* Runs a timing from cycle *now on: each timed cycle takes serial_ns on
 * this thread, team_ns on the team. Returns the decision; *team_cycles
 * counts the cycles the team ran. */
static int run_timing(team_choice_t *c, uint64_t *now, uint64_t serial_ns, uint64_t team_ns, unsigned *team_cycles)
{
    *team_cycles = 0;
    for (unsigned i = 0; i < 4 * CHOICE_BLOCKS * CHOICE_BLOCK; i++, (*now)++) {
        bool timed;
        const bool team = team_choice_pick(c, *now, &timed);
        if (!timed)
            return -2; /* a timing must time every cycle until it decides */
        *team_cycles += team;
        const int r = team_choice_timed(c, *now, team ? team_ns : serial_ns, 1);
        if (r >= 0) {
            (*now)++;
            return r;
        }
    }
    return -3;
}

/* A choice whose phase had its first eligible cycle at 0: its first timing
 * starts at the returned cycle, CHOICE_FIRST. */
static uint64_t fresh(team_choice_t *c)
{
    bool timed;
    team_choice_init(c);
    team_choice_pick(c, 0, &timed);
    return CHOICE_FIRST;
}

static void no_timing_before_first(void)
{
    team_choice_t c;
    team_choice_init(&c);
    bool timed = true;
    CHECK(!team_choice_pick(&c, 5000, &timed)); /* the first eligible cycle: this thread */
    CHECK(!timed);
    CHECK(!team_choice_pick(&c, 5000 + CHOICE_FIRST - 1, &timed));
    CHECK(!timed);
    CHECK(!team_choice_pick(&c, 5000 + CHOICE_FIRST, &timed)); /* the timing starts on this thread */
    CHECK(timed);
}

static void faster_team_wins_and_holds(void)
{
    team_choice_t c;
    bool timed;
    uint64_t now = fresh(&c);
    unsigned team_cycles;
    CHECK_EQ(run_timing(&c, &now, 1000, 500, &team_cycles), 1);
    CHECK_EQ(team_cycles, CHOICE_BLOCK); /* twice as fast: one pair of blocks decides */
    CHECK(team_choice_decided(&c));
    uint64_t decided_at = now - 1;
    CHECK(team_choice_pick(&c, decided_at + CHOICE_EPOCH_FIRST - 1, &timed));
    CHECK(!timed);
    team_choice_pick(&c, decided_at + CHOICE_EPOCH_FIRST, &timed); /* timed again */
    CHECK(timed);
    /* the same answer again: the next decision holds twice as long, and so on
     * up to CHOICE_EPOCH */
    now = decided_at + CHOICE_EPOCH_FIRST;
    uint64_t epoch = CHOICE_EPOCH_FIRST;
    for (int i = 0; i < 8; i++) {
        CHECK_EQ(run_timing(&c, &now, 1000, 500, &team_cycles), 1);
        epoch = epoch * 2 < CHOICE_EPOCH ? epoch * 2 : CHOICE_EPOCH;
        decided_at = now - 1;
        CHECK(team_choice_pick(&c, decided_at + epoch - 1, &timed));
        CHECK(!timed);
        now = decided_at + epoch;
    }
    CHECK_EQ(epoch, CHOICE_EPOCH);
    /* a changed answer: back to the first epoch */
    CHECK_EQ(run_timing(&c, &now, 1000, 2000, &team_cycles), 0);
    decided_at = now - 1;
    team_choice_pick(&c, decided_at + CHOICE_EPOCH_FIRST, &timed);
    CHECK(timed);
}

static void margin(void)
{
    team_choice_t c;
    uint64_t now = fresh(&c);
    unsigned team_cycles;
    /* 3 % faster is not enough: the team costs CPU time */
    CHECK_EQ(run_timing(&c, &now, 1000, 970, &team_cycles), 0);
    CHECK_EQ(team_cycles, CHOICE_BLOCKS * CHOICE_BLOCK);
    /* 10 % faster: enough, after the whole timing (not plain after a pair) */
    now = fresh(&c);
    CHECK_EQ(run_timing(&c, &now, 1000, 900, &team_cycles), 1);
    CHECK_EQ(team_cycles, CHOICE_BLOCKS * CHOICE_BLOCK);
    /* 1.5x slower: no give-up below 2x, but one pair of blocks decides */
    now = fresh(&c);
    CHECK_EQ(run_timing(&c, &now, 1000, 1500, &team_cycles), 0);
    CHECK_EQ(team_cycles, CHOICE_BLOCK);
    /* 1.2x slower: not plain, the timing runs to its end */
    now = fresh(&c);
    CHECK_EQ(run_timing(&c, &now, 1000, 1200, &team_cycles), 0);
    CHECK_EQ(team_cycles, CHOICE_BLOCKS * CHOICE_BLOCK);
}

/* A team that waits for a CPU (10x a cycle on this thread) costs the timing
 * at most twice a block on this thread, then it stops for this thread. */
static void slow_team_gives_up(void)
{
    team_choice_t c;
    bool timed;
    uint64_t now = fresh(&c);
    unsigned team_cycles;
    CHECK_EQ(run_timing(&c, &now, 1000, 10000, &team_cycles), 0);
    /* the block on this thread took 64 000 ns: the 13th team cycle passes 128 000 */
    CHECK_EQ(team_cycles, 2 * CHOICE_BLOCK * 1000 / 10000 + 1);
    CHECK(team_choice_decided(&c));
    CHECK(!team_choice_pick(&c, now, &timed));
    CHECK(!timed);
}

/* Blocks are compared by time per unit ticked: here this thread's cycles
 * tick twice the units of the team's (a memory-bound kernel's cores are due
 * in bursts), 1000 ns for 2 against 700 ns for 1. Per cycle the team looks
 * 30 % faster; per unit it is 40 % slower, and loses after one pair. */
static void per_unit_time(void)
{
    team_choice_t c;
    bool timed;
    uint64_t now = fresh(&c);
    unsigned team_cycles = 0;
    int r = -1;
    for (unsigned i = 0; i < 4 * CHOICE_BLOCKS * CHOICE_BLOCK && r < 0; i++, now++) {
        const bool team = team_choice_pick(&c, now, &timed);
        CHECK(timed);
        team_cycles += team;
        r = team_choice_timed(&c, now, team ? 700 : 1000, team ? 1 : 2);
    }
    CHECK_EQ(r, 0);
    CHECK_EQ(team_cycles, CHOICE_BLOCK);
}

int main(void)
{
    RUN(no_timing_before_first);
    RUN(faster_team_wins_and_holds);
    RUN(margin);
    RUN(slow_team_gives_up);
    RUN(per_unit_time);
    TEST_EXIT();
}
