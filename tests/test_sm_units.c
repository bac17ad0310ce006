/* test_sm_units.c — the core's units on their own, without a core around
 * them (tests/test_sm.c drives the whole core; these pin each unit's rule
 * down where a number can be checked directly). */
#include "model/sm_scoreboard.h"
#include "test.h"

static warp_inst_t op(uint16_t dst, uint16_t src)
{
    warp_inst_t in = {0};
    in.ndst = 1;
    in.nsrc = 1;
    in.dst[0] = dst;
    in.src[0] = src;
    return in;
}

/* A RAW on an ALU result blocks for exactly its latency: r1 written at issue
 * cycle 10 with latency 4 + pipeline 5 is ready at 19; a reader is blocked at
 * 18 (told 19) and passes at 19, and the retired entry is dropped. */
static void scoreboard_raw_blocks_until_the_result(void)
{
    scoreboard_t sb = {0};
    sb_add(&sb, 1, 10 + 4 + 5);
    warp_inst_t reader = op(2, 1);
    uint64_t at = CS_NEVER;
    CHECK_EQ(sb_check(&sb, &reader, 18, &at), SB_WAIT_ALU);
    CHECK_EQ(at, 19);
    at = CS_NEVER;
    CHECK_EQ(sb_check(&sb, &reader, 19, &at), 0);
    CHECK_EQ(at, CS_NEVER);
    CHECK_EQ(sb.n, 0);
    /* an independent instruction never waits */
    sb_add(&sb, 1, 100);
    warp_inst_t other = op(3, 2);
    CHECK_EQ(sb_check(&sb, &other, 20, &at), 0);
}

/* WAW counts as much as RAW; a load's destination blocks with no cycle
 * until released, then until the cycle it is released at. */
static void scoreboard_waw_and_loads(void)
{
    scoreboard_t sb = {0};
    sb_add(&sb, 7, CS_NEVER);
    warp_inst_t overwrite = op(7, 0);
    uint64_t at = CS_NEVER;
    CHECK_EQ(sb_check(&sb, &overwrite, 50, &at), SB_WAIT_LOAD);
    CHECK_EQ(at, CS_NEVER);
    sb_release_load(&sb, 7, 60);
    CHECK_EQ(sb_check(&sb, &overwrite, 59, &at), SB_WAIT_ALU);
    CHECK_EQ(at, 60);
    at = CS_NEVER;
    CHECK_EQ(sb_check(&sb, &overwrite, 60, &at), 0);
}

/* SB_MAX entries: an independent instruction waits for the first to retire. */
static void scoreboard_full_table(void)
{
    scoreboard_t sb = {0};
    for (uint16_t r = 0; r < SB_MAX; r++)
        sb_add(&sb, (uint16_t)(100 + r), 30 + r);
    warp_inst_t in = op(1, 2);
    uint64_t at = CS_NEVER;
    CHECK_EQ(sb_check(&sb, &in, 29, &at), SB_WAIT_ALU);
    CHECK_EQ(at, 30);
    at = CS_NEVER;
    CHECK_EQ(sb_check(&sb, &in, 30, &at), 0);
    CHECK_EQ(sb.n, SB_MAX - 1);
}

int main(void)
{
    RUN(scoreboard_raw_blocks_until_the_result);
    RUN(scoreboard_waw_and_loads);
    RUN(scoreboard_full_table);
    TEST_EXIT();
}
