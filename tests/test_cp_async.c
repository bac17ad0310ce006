/* test_cp_async.c — cp.async's groups in the timing model (sm_async.h).
 *
 * The ring's rules by hand (async_ready / async_complete), then kernels run
 * on the a100 preset whose cycle counts change by what the rules say: a
 * chain through global memory in which each link is copied into shared
 * memory by cp.async and read back after a wait. With the wait, every link
 * waits for its copy, so raising the L1 hit latency by d raises the kernel's
 * cycles by n x d; without any wait (or with wait_group 1 over a single
 * group in flight) the links do not wait and the latency changes nothing.
 * The model before cp.async's groups were kept (the wait a plain issue
 * slot) gave 0 for the first difference. */
#include "config/config.h"
#include "model/sm_async.h"
#include "frontend/ptx/ptx_ir.h"
#include "test.h"
#include "timed_gpu.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The ring by hand */

static void ring_rules(void)
{
    async_groups_t g;
    uint64_t at;
    memset(&g, 0, sizeof g);
    /* nothing in flight: every wait and the commit hold */
    CHECK(async_ready(&g, ASYNC_WAIT_ALL, &at));
    CHECK(async_ready(&g, ASYNC_WAIT_NEWEST + 0, &at));
    CHECK(async_ready(&g, ASYNC_COMMIT, &at));
    CHECK_EQ(at, 0);
    /* two copies in group 0, committed; one copy in group 1, committed;
     * one copy in the open group 2 */
    uint8_t a = async_copy_issued(&g), b = async_copy_issued(&g);
    CHECK_EQ(a, 0);
    CHECK_EQ(b, 0);
    async_complete(&g, ASYNC_COMMIT);
    uint8_t c = async_copy_issued(&g);
    CHECK_EQ(c, 1);
    async_complete(&g, ASYNC_COMMIT);
    uint8_t d = async_copy_issued(&g);
    CHECK_EQ(d, 2);
    /* wait_group 0 waits for groups 0 and 1, not the open group 2 */
    CHECK(!async_ready(&g, ASYNC_WAIT_NEWEST + 0, &at));
    /* wait_group 1 waits for group 0 only */
    CHECK(!async_ready(&g, ASYNC_WAIT_NEWEST + 1, &at));
    async_copy_arrived(&g, a, 100);
    CHECK(!async_ready(&g, ASYNC_WAIT_NEWEST + 1, &at)); /* one of group 0's two is still out */
    async_copy_arrived(&g, b, 90);
    CHECK(async_ready(&g, ASYNC_WAIT_NEWEST + 1, &at));
    CHECK_EQ(at, 100); /* group 0's data is ready when its later copy's is */
    CHECK(!async_ready(&g, ASYNC_WAIT_NEWEST + 0, &at)); /* group 1 */
    async_copy_arrived(&g, c, 120);
    CHECK(async_ready(&g, ASYNC_WAIT_NEWEST + 0, &at));
    CHECK_EQ(at, 120);
    CHECK(!async_ready(&g, ASYNC_WAIT_ALL, &at)); /* wait_all commits the open group and waits for it too */
    async_copy_arrived(&g, d, 80);
    CHECK(async_ready(&g, ASYNC_WAIT_ALL, &at));
    CHECK_EQ(at, 120); /* the latest of all: group 1's */
    async_complete(&g, ASYNC_WAIT_ALL);
    CHECK_EQ(g.open, 3);
    CHECK_EQ(g.done_at[3], 0); /* a new group's own */

    /* the ring is full: seven committed groups in flight and the open one;
     * a commit waits for the oldest, whose slot the next group would take */
    memset(&g, 0, sizeof g);
    uint8_t first = async_copy_issued(&g);
    async_complete(&g, ASYNC_COMMIT);
    for (int k = 1; k < ASYNC_GROUPS - 1; k++) {
        async_copy_issued(&g);
        CHECK(async_ready(&g, ASYNC_COMMIT, &at));
        async_complete(&g, ASYNC_COMMIT);
    }
    async_copy_issued(&g); /* the open group, slot 7 */
    CHECK(!async_ready(&g, ASYNC_COMMIT, &at));
    /* the largest N the ring keeps still waits for the oldest group */
    CHECK(!async_ready(&g, ASYNC_WAIT_NEWEST + ASYNC_WAIT_MAX_N, &at));
    async_copy_arrived(&g, first, 7);
    CHECK(async_ready(&g, ASYNC_COMMIT, &at));
    CHECK_EQ(at, 7);
    CHECK(async_ready(&g, ASYNC_WAIT_NEWEST + ASYNC_WAIT_MAX_N, &at));
}

/* ------------------------------------------------------------------------ */
/* Parsing: what each form takes, and its timing code */

static void forms_parsed(void)
{
    const char *hdr = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n";
    const struct { const char *body; int ok; uint8_t code; } cases[] = {
        {"cp.async.commit_group;", 1, ASYNC_COMMIT},
        {"cp.async.wait_all;", 1, ASYNC_WAIT_ALL},
        {"cp.async.wait_group 0;", 1, ASYNC_WAIT_NEWEST + 0},
        {"cp.async.wait_group 2;", 1, ASYNC_WAIT_NEWEST + 2},
        {"cp.async.wait_group 99;", 1, ASYNC_WAIT_NEWEST + ASYNC_WAIT_MAX_N}, /* all the ring keeps */
        {"cp.async.wait_group;", 0, 0},
        {"cp.async.wait_group -1;", 0, 0},
        {"cp.async.wait_all 1;", 0, 0},
        {"cp.async.commit_group 1;", 0, 0},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(cases); i++) {
        char src[512];
        snprintf(src, sizeof src, "%s%s\nret;\n}\n", hdr, cases[i].body);
        cs_error_t err;
        ptx_module_t *m = ptx_parse("f.ptx", src, strlen(src), &err);
        if ((m != NULL) != cases[i].ok)
            printf("  %s: %s\n", cases[i].body, m ? "accepted" : err.msg);
        CHECK((m != NULL) == cases[i].ok);
        if (m) {
            CHECK_EQ(m->funcs[0].insts[0].timing.async, cases[i].code);
            ptx_module_free(m);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Kernels */

/* One warp; lane 0's chain: n times, copy g[off] into shared memory with
 * cp.async (4 bytes, .ca: it stays in the L1 after the first link), then
 * WAIT, then read it back from shared memory as the next offset. The table
 * holds 0 everywhere, so every link reads the same line (an L1 hit after the
 * first). The value after the loop is stored, so the last link's latency
 * counts too. */
static const char *chase_fmt =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry chase(.param .u64 tab, .param .u64 out, .param .u32 n)\n{\n"
    ".reg .b32 %%r<10>;\n.reg .b64 %%rd<8>;\n.reg .pred %%p<3>;\n"
    ".shared .align 16 .b8 sh[64];\n"
    "ld.param.u64 %%rd1, [tab];\nld.param.u64 %%rd2, [out];\nld.param.u32 %%r2, [n];\n"
    "mov.u32 %%r1, %%tid.x;\nsetp.ne.u32 %%p2, %%r1, 0;\n@%%p2 bra $done;\n"
    "mov.u32 %%r3, sh;\nmov.u32 %%r6, 0;\nmov.u32 %%r7, 0;\n"
    "$loop:\nmul.wide.u32 %%rd3, %%r7, 4;\nadd.s64 %%rd4, %%rd1, %%rd3;\n"
    "cp.async.ca.shared.global [%%r3], [%%rd4], 4;\ncp.async.commit_group;\n%s"
    "ld.shared.u32 %%r7, [%%r3];\n"
    "add.s32 %%r6, %%r6, 1;\nsetp.lt.u32 %%p1, %%r6, %%r2;\n@%%p1 bra $loop;\n"
    "st.global.u32 [%%rd2], %%r7;\n"
    "$done:\nret;\n}\n";

static uint64_t chase_cycles(const char *wait, uint32_t n, uint32_t l1_latency)
{
    char src[2048];
    snprintf(src, sizeof src, chase_fmt, wait);
    gpu_config_t cfg;
    cs_error_t err = {{0}};
    CHECK_EQ(config_load_preset(&cfg, "a100", &err), 0);
    cfg.l1_latency = l1_latency;
    timed_gpu_t tg;
    if (timed_gpu_open(&tg, &cfg, &err) < 0)
        return 0;
    uint64_t tab = 0, out = 0;
    void *args[] = {&tab, &out, &n};
    const bool ran = ctasim_malloc(tg.rt, &tab, 4096, &err) == 0 && ctasim_memset(tg.rt, tab, 0, 4096, &err) == 0 &&
                     ctasim_malloc(tg.rt, &out, 4, &err) == 0 &&
                     timed_gpu_launch(&tg, src, "chase", (dim3_t){1, 1, 1}, (dim3_t){32, 1, 1}, args, 3, &err);
    return timed_gpu_close(&tg, ran);
}

/* Each link's wait holds the chain for its copy: from the copy's issue to
 * its data. The first link misses the L1 (its data comes from the L2); the
 * other n - 1 hit it, and their data has the L1 hit latency in it. So d
 * more cycles of L1 latency are (n - 1) x d more cycles of the kernel, to
 * within one cycle: the kernel ends when the final store's acknowledgement
 * is back, and that store crosses into the L2's clock domain (a100: core
 * 1410 MHz, L2 and interconnect at their own), whose phase the shift moves
 * by a fraction of a cycle (measured: 620 or 620 +- 1 for each step of 20
 * from 33 to 193). Without the waits the links never wait for a copy (its
 * data is there at issue in the functional model) and the latency changes
 * nothing: the chain goes through shared memory only, and the warp's last
 * copy is in long before its final store's acknowledgement. wait_all waits
 * as wait_group 0 does here; wait_group 1 leaves the newest group pending,
 * so a link waits only for the one before it, issued a link earlier: it
 * waits less than wait_group 0 and more than no wait at all. */
static void wait_holds_the_chain(void)
{
    const uint32_t n = 32, d = 40;
    const uint32_t base = 33;
    uint64_t w0 = chase_cycles("cp.async.wait_group 0;\n", n, base);
    uint64_t w0_slow = chase_cycles("cp.async.wait_group 0;\n", n, base + d);
    uint64_t all = chase_cycles("cp.async.wait_all;\n", n, base);
    uint64_t all_slow = chase_cycles("cp.async.wait_all;\n", n, base + d);
    uint64_t none = chase_cycles("", n, base);
    uint64_t none_slow = chase_cycles("", n, base + d);
    uint64_t w1 = chase_cycles("cp.async.wait_group 1;\n", n, base);
    uint64_t w1_slow = chase_cycles("cp.async.wait_group 1;\n", n, base + d);
    printf("  a100, %u links: wait_group 0 %llu -> %llu cycles (L1 latency +%u), wait_all %llu -> %llu, "
           "no wait %llu -> %llu, wait_group 1 %llu -> %llu\n",
           n, (unsigned long long)w0, (unsigned long long)w0_slow, d, (unsigned long long)all,
           (unsigned long long)all_slow, (unsigned long long)none, (unsigned long long)none_slow,
           (unsigned long long)w1, (unsigned long long)w1_slow);
    CHECK(w0 > 0 && none > 0);
    const int64_t expect = (int64_t)(n - 1) * d;
    CHECK((int64_t)(w0_slow - w0) >= expect - 1 && (int64_t)(w0_slow - w0) <= expect + 1);
    CHECK_EQ(all, w0);
    CHECK_EQ(all_slow, w0_slow);
    CHECK_EQ(none_slow, none);
    CHECK(w1 > none && w1 < w0);
    CHECK(w1_slow - w1 < w0_slow - w0);
    /* the waits cost time: n - 1 links of at least the L1's latency each */
    CHECK(w0 >= none + (uint64_t)(n - 1) * base);
}

int main(void)
{
    RUN(ring_rules);
    RUN(forms_parsed);
    RUN(wait_holds_the_chain);
    TEST_EXIT();
}
