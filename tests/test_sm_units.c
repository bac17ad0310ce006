/* test_sm_units.c — the core's units on their own, without a core around
 * them (tests/test_sm.c drives the whole core; these pin each unit's rule
 * down where a number can be checked directly). */
#include "model/sm_params.h"
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

/* The pipelines' parameters from the config: a class without units runs on
 * the fallback unit; a SIMD unit of 8 lanes holds an instruction 4 times its
 * initiation interval; results come lat + pipeline latency after issue. */
static void pipes_params_from_the_config(void)
{
    gpu_config_t cfg;
    config_defaults(&cfg);
    cfg.num_units[UNIT_DP] = 0;
    cfg.num_units[UNIT_SFU] = 0;
    cfg.simd_width = 8;
    cfg.init[LAT_FP_ADD] = 2;
    cfg.lat[LAT_FP_ADD] = 4;
    cfg.pipeline_latency = 5;
    sm_params_t p;
    sm_params_from_config(&p, &cfg);
    CHECK_EQ(p.pipes.unit_map[UNIT_DP], UNIT_SP);
    CHECK_EQ(p.pipes.unit_map[UNIT_SFU], UNIT_SP);
    CHECK_EQ(p.pipes.n_unit[UNIT_LDST], 1);
    CHECK_EQ(p.pipes.n_unit[UNIT_BRANCH], cfg.num_sched_per_core);
    CHECK_EQ(p.pipes.occupancy[LAT_FP_ADD], 2 * 32 / 8);
    CHECK_EQ(p.pipes.latency[LAT_FP_ADD], 4 + 5);
    sm_pipes_t u;
    sm_pipes_init(&u, &p.pipes);
    uint32_t inst = 99;
    uint64_t free_at = CS_NEVER;
    for (uint32_t i = 0; i < p.pipes.n_unit[UNIT_SP]; i++) {
        CHECK(sm_pipes_find_free(&u, UNIT_SP, 0, 10, &free_at, &inst));
        CHECK_EQ(inst, i);
        CHECK_EQ(sm_pipes_issue(&u, UNIT_SP, inst, LAT_FP_ADD, 10), 19);
    }
    CHECK(!sm_pipes_find_free(&u, UNIT_SP, 0, 17, &free_at, &inst));
    CHECK_EQ(free_at, 18);
    CHECK(sm_pipes_find_free(&u, UNIT_SP, 0, 18, &free_at, &inst));
    sm_pipes_free(&u);
}

/* Sub-cores: 4 schedulers, 2 SFU instances: scheduler 3 may use instance 1
 * only (3 mod 2), so it waits while instance 0 is free. */
static void pipes_sub_cores_own_their_instances(void)
{
    sm_pipes_params_t p = {.n_sched = 4, .sub_cores = true};
    p.n_unit[UNIT_SFU] = 2;
    p.occupancy[LAT_SFU] = 8;
    p.latency[LAT_SFU] = 20;
    sm_pipes_t u;
    sm_pipes_init(&u, &p);
    uint32_t inst = 99;
    uint64_t free_at = CS_NEVER;
    CHECK(sm_pipes_find_free(&u, UNIT_SFU, 3, 0, &free_at, &inst));
    CHECK_EQ(inst, 1);
    sm_pipes_issue(&u, UNIT_SFU, inst, LAT_SFU, 0);
    CHECK(!sm_pipes_find_free(&u, UNIT_SFU, 3, 7, &free_at, &inst));
    CHECK_EQ(free_at, 8);
    CHECK(sm_pipes_find_free(&u, UNIT_SFU, 2, 7, &free_at, &inst));
    CHECK_EQ(inst, 0);
    sm_pipes_free(&u);
}

int main(void)
{
    RUN(scoreboard_raw_blocks_until_the_result);
    RUN(scoreboard_waw_and_loads);
    RUN(scoreboard_full_table);
    RUN(pipes_params_from_the_config);
    RUN(pipes_sub_cores_own_their_instances);
    TEST_EXIT();
}
