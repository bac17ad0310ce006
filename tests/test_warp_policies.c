/* test_warp_policies.c — the warp schedulers of the papers (tl, sca, ccws,
 * owl; lrr and gto as the baselines).
 *
 * Two kinds of checks:
 * - unit tests drive a policy's order()/issued()/l1_* directly with a
 *   hand-built scheduler view and check the exact priority order the paper's
 *   rule implies;
 * - real runs of synthetic kernels through the GPU: every policy completes
 *   every warp instruction exactly once, policies that should change the
 *   schedule change the cycle count, and CCWS cuts L1 misses on a kernel that
 *   thrashes the L1 under GTO. */
#include "gpu/gpu.h"
#include "frontend/synth.h"
#include "model/warp_policy.h"
#include "test.h"
#include "policy/registry.h"

/* ------------------------------------------------------------------------ */
/* A hand-built scheduler: one scheduler owning slots 0..n-1. */

typedef struct {
    warp_info_t warps[64];
    uint16_t slots[64];
    sched_view_t v;
    const warp_policy_ops_t *ops;
    void *st;
    uint64_t next_age;
    uint64_t blocked; /* slots the core would know to be blocked (left out of v.ready) */
} fake_sched_t;

static int fake_init(fake_sched_t *f, const char *spec, unsigned nslots)
{
    memset(f, 0, sizeof *f);
    for (unsigned i = 0; i < nslots; i++)
        f->slots[i] = (uint16_t)i;
    f->v = (sched_view_t){.slots = f->slots, .n = nslots, .warps = f->warps, .now = 1000, .epoch = 1};
    policy_args_t a;
    cs_error_t err;
    if (policy_args_parse(&a, spec, &err) < 0 || !(f->ops = warp_policy_find(a.name))) {
        printf("  bad policy spec %s\n", spec);
        return -1;
    }
    f->st = f->ops->create(&a, 0, 0, 64, &err);
    if (!f->st || policy_args_check_unused(&a, &err) < 0) {
        printf("  create %s: %s\n", spec, err.msg);
        return -1;
    }
    return 0;
}

static void fake_destroy(fake_sched_t *f)
{
    if (f->st)
        f->ops->destroy(f->st);
    f->st = NULL;
}

/* A CTA of `nwarps` warps in consecutive slots, launched now (ages follow launch order). */
static void fake_cta(fake_sched_t *f, unsigned first_slot, unsigned nwarps, uint64_t cta_id, uint32_t cta_slot)
{
    uint64_t cta_age = f->next_age;
    for (unsigned i = 0; i < nwarps; i++)
        f->warps[first_slot + i] = (warp_info_t){.valid = true, .has_inst = true, .cta_slot = cta_slot,
                                                 .cta_id = cta_id, .warp_in_cta = i, .age = f->next_age++,
                                                 .cta_age = cta_age};
    f->v.epoch++;
}

static void fake_cta_done(fake_sched_t *f, unsigned first_slot, unsigned nwarps)
{
    for (unsigned i = 0; i < nwarps; i++)
        f->warps[first_slot + i].valid = f->warps[first_slot + i].has_inst = false;
    f->v.epoch++;
}

/* What the SM does when `slot` issues. */
static void fake_issue(fake_sched_t *f, uint32_t slot)
{
    f->warps[slot].last_issue = f->v.now;
    if (f->ops->issued)
        f->ops->issued(f->st, &f->v, slot);
}

/* The ready mask the core passes to a policy that lists every ready warp. */
static void fake_ready(fake_sched_t *f)
{
    f->v.ready = 0;
    if (!f->ops->lists_every_ready)
        return;
    for (unsigned i = 0; i < f->v.n; i++) {
        const unsigned w = f->slots[i];
        if (f->warps[w].valid && f->warps[w].has_inst && !((f->blocked >> w) & 1))
            f->v.ready |= 1ull << w;
    }
}

static void expect_order(fake_sched_t *f, const int *want, unsigned nwant, int line)
{
    uint16_t got[64];
    fake_ready(f);
    unsigned n = f->ops->order(f->st, &f->v, got);
    bool same = n == nwant;
    for (unsigned i = 0; same && i < n; i++)
        same = got[i] == want[i];
    if (same)
        return;
    printf("  line %d: order", line);
    for (unsigned i = 0; i < n; i++)
        printf(" %u", got[i]);
    printf(", expected");
    for (unsigned i = 0; i < nwant; i++)
        printf(" %d", want[i]);
    printf("\n");
    test_case_failed = 1;
}

#define EXPECT_ORDER(f, ...)                                                                                          \
    do {                                                                                                              \
        const int want_[] = {__VA_ARGS__};                                                                            \
        expect_order((f), want_, sizeof want_ / sizeof want_[0], __LINE__);                                           \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Unit tests: exact priority orders */

static void baselines_lrr_and_gto(void)
{
    fake_sched_t f;
    if (fake_init(&f, "lrr", 4) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 0, 4, 0, 0);
    EXPECT_ORDER(&f, 0, 1, 2, 3);
    fake_issue(&f, 1);
    EXPECT_ORDER(&f, 2, 3, 0, 1);
    fake_destroy(&f);

    if (fake_init(&f, "gto", 4) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 2, 2, 0, 0); /* older CTA in the higher slots */
    fake_cta(&f, 0, 2, 1, 1);
    EXPECT_ORDER(&f, 2, 3, 0, 1);
    fake_issue(&f, 0);
    EXPECT_ORDER(&f, 0, 2, 3, 1);
    fake_destroy(&f);
}

/* lrr and gto list every ready warp, so the core leaves the warps it knows
 * to be blocked out of v->ready: the rest keep their order, the greedy warp
 * included, and a warp without an instruction is not listed. */
static void baselines_leave_out_skipped_warps(void)
{
    fake_sched_t f;
    if (fake_init(&f, "lrr", 4) < 0) {
        test_case_failed = 1;
        return;
    }
    CHECK(f.ops->lists_every_ready);
    fake_cta(&f, 0, 4, 0, 0);
    fake_issue(&f, 1);
    f.blocked = 1u << 3 | 1u << 0;
    EXPECT_ORDER(&f, 2, 1);
    f.warps[2].has_inst = false;
    EXPECT_ORDER(&f, 1);
    fake_destroy(&f);

    if (fake_init(&f, "gto", 4) < 0) {
        test_case_failed = 1;
        return;
    }
    CHECK(f.ops->lists_every_ready);
    fake_cta(&f, 2, 2, 0, 0);
    fake_cta(&f, 0, 2, 1, 1);
    fake_issue(&f, 0);
    f.blocked = 1u << 2;
    EXPECT_ORDER(&f, 0, 3, 1);
    f.blocked = 1u << 0 | 1u << 3; /* the greedy warp too */
    EXPECT_ORDER(&f, 2, 1);
    fake_destroy(&f);
}

/* Narasiman et al.: round-robin inside the active fetch group; the next group
 * only once every warp of the active one waits on a long-latency operation. */
static void tl_switches_group_when_active_group_stalls(void)
{
    fake_sched_t f;
    if (fake_init(&f, "tl:group=4", 12) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 0, 12, 0, 0);
    EXPECT_ORDER(&f, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    fake_issue(&f, 0);
    EXPECT_ORDER(&f, 1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11); /* round-robin inside group 0 */
    fake_issue(&f, 1);
    EXPECT_ORDER(&f, 2, 3, 0, 1, 4, 5, 6, 7, 8, 9, 10, 11);

    /* 0..2 wait on loads, 3 only on an ALU result: warp 5 fills the cycle,
     * but group 0 is not long-stalled and keeps priority */
    f.warps[0].waiting_mem = f.warps[1].waiting_mem = f.warps[2].waiting_mem = true;
    fake_issue(&f, 5);
    EXPECT_ORDER(&f, 2, 3, 0, 1, 6, 7, 4, 5, 8, 9, 10, 11);

    /* now all of group 0 waits on memory: the issuing group becomes active */
    f.warps[3].waiting_mem = true;
    fake_issue(&f, 6);
    EXPECT_ORDER(&f, 7, 4, 5, 6, 8, 9, 10, 11, 2, 3, 0, 1);

    /* group 1 waits too (one warp at a barrier counts as waiting); group 2
     * takes over and the rotation continues 2 -> 0 -> 1 */
    f.warps[4].waiting_mem = f.warps[5].waiting_mem = f.warps[6].waiting_mem = true;
    f.warps[7].has_inst = false;
    fake_issue(&f, 8);
    EXPECT_ORDER(&f, 9, 10, 11, 8, 2, 3, 0, 1, 4, 5, 6);

    /* a warp without an instruction is never listed */
    f.warps[10].has_inst = false;
    EXPECT_ORDER(&f, 9, 11, 8, 2, 3, 0, 1, 4, 5, 6);
    fake_destroy(&f);

    /* group size from the spec; default 8 */
    CHECK(fake_init(&f, "tl", 16) == 0);
    fake_cta(&f, 0, 16, 0, 0);
    fake_issue(&f, 0);
    EXPECT_ORDER(&f, 1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 14, 15);
    fake_destroy(&f);
}

/* Lee et al. §4.2: warp i of the two CTAs of a BCS block alternate, greedily,
 * until one stalls; then warp i+1 of the block. The older CTA goes first. */
static void sca_pairs_warps_of_consecutive_ctas(void)
{
    fake_sched_t f;
    if (fake_init(&f, "sca", 6) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 0, 2, 4, 0); /* block 2 = CTAs 4 and 5 */
    fake_cta(&f, 2, 2, 5, 1);
    fake_cta(&f, 4, 2, 7, 2); /* block 3: CTA 7 alone (6 went elsewhere) */
    /* groups: {0,2} {1,3} | {4} {5} */
    EXPECT_ORDER(&f, 0, 2, 1, 3, 4, 5);
    fake_issue(&f, 0);
    EXPECT_ORDER(&f, 2, 0, 1, 3, 4, 5); /* round-robin inside the pair: the partner next */
    fake_issue(&f, 2);
    EXPECT_ORDER(&f, 0, 2, 1, 3, 4, 5);
    fake_issue(&f, 2); /* warp 0 could not issue in its turn: the pair stalled */
    EXPECT_ORDER(&f, 1, 3, 0, 2, 4, 5); /* next group of the same block */
    fake_issue(&f, 1);
    EXPECT_ORDER(&f, 3, 1, 0, 2, 4, 5);
    fake_issue(&f, 4); /* the whole block stalled: CTA 7's warp takes over greedily */
    /* CTA 7 is lone (lone=gto, Fig. 10's GTO for what BCS did not pair):
     * then the oldest first, its own other warp last */
    EXPECT_ORDER(&f, 4, 0, 2, 1, 3, 5);
    fake_issue(&f, 4);
    EXPECT_ORDER(&f, 4, 0, 2, 1, 3, 5);
    /* CTA 5 finishes: CTA 4's warps become singleton groups */
    fake_cta_done(&f, 2, 2);
    fake_issue(&f, 1);
    EXPECT_ORDER(&f, 1, 0, 4, 5);
    fake_destroy(&f);

    /* the older CTA of a pair is preferred, wherever its slots are */
    if (fake_init(&f, "sca", 4) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 2, 2, 9, 0); /* CTA 9 arrived first */
    fake_cta(&f, 0, 2, 8, 1);
    EXPECT_ORDER(&f, 2, 0, 3, 1);
    fake_destroy(&f);

    /* block=1: no pairing. lone=same: greedy then the next warp of the same
     * CTA; lone=gto (the default): greedy then the oldest, GTO */
    const char *lone[] = {"sca:block=1,lone=same", "sca:block=1"};
    for (int v = 0; v < 2; v++) {
        if (fake_init(&f, lone[v], 4) < 0) {
            test_case_failed = 1;
            return;
        }
        fake_cta(&f, 0, 2, 4, 0);
        fake_cta(&f, 2, 2, 5, 1);
        EXPECT_ORDER(&f, 0, 1, 2, 3);
        fake_issue(&f, 3);
        if (v == 0)
            EXPECT_ORDER(&f, 3, 2, 0, 1);
        else
            EXPECT_ORDER(&f, 3, 0, 1, 2);
        fake_destroy(&f);
    }
}

/* Rogers et al.: lost locality seen by the VTA raises a warp's score; the
 * cumulative cutoff then throttles the lowest-scored warps; scores decay. */
static void ccws_throttles_on_vta_hits_and_recovers_as_scores_decay(void)
{
    fake_sched_t f;
    if (fake_init(&f, "ccws:vta=4,base=100,hit=100,decay=1", 4) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 0, 4, 0, 0);
    EXPECT_ORDER(&f, 0, 1, 2, 3); /* no lost locality: plain GTO */
    fake_issue(&f, 1);
    EXPECT_ORDER(&f, 1, 0, 2, 3);

    /* a miss on a line nobody lost is not lost locality */
    f.ops->l1_miss(f.st, 2, 0xA00);
    EXPECT_ORDER(&f, 1, 0, 2, 3);
    /* warp 2's line is evicted, then warp 2 misses on it: VTA hit, LLS 200.
     * Stack: 2 (200) 0 (300) 1 (400 = cutoff) | 3 (500) throttled */
    f.ops->l1_evict(f.st, 2, 0xA00);
    f.ops->l1_miss(f.st, 2, 0xA00);
    EXPECT_ORDER(&f, 1, 0, 2);
    /* the VTA entry was consumed: the same miss again is not a second hit */
    f.ops->l1_miss(f.st, 2, 0xA00);
    EXPECT_ORDER(&f, 1, 0, 2);
    /* repeated losses: 300 pushes out warp 1 (the greedy one), 400 leaves warp 2 alone */
    f.ops->l1_evict(f.st, 2, 0xA80);
    f.ops->l1_miss(f.st, 2, 0xA80);
    EXPECT_ORDER(&f, 0, 2);
    f.ops->l1_evict(f.st, 2, 0xB00);
    f.ops->l1_miss(f.st, 2, 0xB00);
    EXPECT_ORDER(&f, 2);
    /* the top of the stack issues even above the cutoff */
    f.ops->l1_evict(f.st, 2, 0xB80);
    f.ops->l1_miss(f.st, 2, 0xB80);
    EXPECT_ORDER(&f, 2);

    /* decay, 1 point per cycle: 500 -> 300 -> 200 -> base */
    f.v.now = 1200;
    EXPECT_ORDER(&f, 0, 2);
    f.v.now = 1300;
    EXPECT_ORDER(&f, 1, 0, 2);
    f.v.now = 1400;
    EXPECT_ORDER(&f, 1, 0, 2, 3);
    f.v.now = 5000;
    EXPECT_ORDER(&f, 1, 0, 2, 3);

    /* VTA capacity 4, oldest victim dropped first */
    for (uint64_t l = 1; l <= 5; l++)
        f.ops->l1_evict(f.st, 0, l << 7);
    f.ops->l1_miss(f.st, 0, 1 << 7);
    EXPECT_ORDER(&f, 1, 0, 2, 3);
    f.ops->l1_miss(f.st, 0, 5 << 7); /* hit: warp 0 at 200, warp 3 out */
    EXPECT_ORDER(&f, 1, 0, 2);

    /* only warps holding an instruction are stacked: with warp 0 at a barrier
     * the three others fit the cutoff of three */
    f.warps[0].has_inst = false;
    EXPECT_ORDER(&f, 1, 2, 3);
    f.warps[0].has_inst = true;

    /* a new warp in a slot starts from base with an empty VTA (the SM
     * orders before the new warp can miss) */
    fake_cta_done(&f, 0, 4);
    fake_cta(&f, 0, 4, 1, 0);
    EXPECT_ORDER(&f, 1, 0, 2, 3);
    f.ops->l1_miss(f.st, 0, 2 << 7); /* was in the old warp's VTA */
    EXPECT_ORDER(&f, 1, 0, 2, 3);
    fake_destroy(&f);
}

/* Jog et al.: groups of whole CTAs; the oldest group keeps priority and takes
 * the core back as soon as it can issue; round-robin inside a group. */
static void owl_prioritises_the_oldest_cta_group(void)
{
    fake_sched_t f;
    if (fake_init(&f, "owl:group=4", 8) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 0, 2, 10, 0); /* A */
    fake_cta(&f, 2, 2, 11, 1); /* B */
    fake_cta(&f, 4, 2, 12, 2); /* C */
    fake_cta(&f, 6, 2, 13, 3); /* D */
    /* groups {A,B} {C,D} */
    EXPECT_ORDER(&f, 0, 1, 2, 3, 4, 5, 6, 7);
    fake_issue(&f, 2);
    EXPECT_ORDER(&f, 3, 0, 1, 2, 4, 5, 6, 7);
    fake_issue(&f, 5); /* group {A,B} stalled: {C,D} fills in ... */
    EXPECT_ORDER(&f, 3, 0, 1, 2, 6, 7, 4, 5); /* ... but {A,B} stays on top (pre-emption) */
    f.warps[0].waiting_mem = f.warps[1].waiting_mem = f.warps[2].waiting_mem = f.warps[3].waiting_mem = true;
    fake_issue(&f, 6);
    EXPECT_ORDER(&f, 3, 0, 1, 2, 7, 4, 5, 6);
    fake_issue(&f, 3);
    EXPECT_ORDER(&f, 0, 1, 2, 3, 7, 4, 5, 6);
    /* A finishes: groups re-cut as {B,C} {D}, B and C keep their rotation */
    fake_cta_done(&f, 0, 2);
    EXPECT_ORDER(&f, 4, 5, 2, 3, 7, 6);
    /* a new CTA joins at the bottom */
    fake_cta(&f, 0, 2, 14, 0);
    EXPECT_ORDER(&f, 4, 5, 2, 3, 7, 0, 1, 6);
    fake_destroy(&f);

    /* preempt=0: OWL's CTA-aware two-level part alone rotates between groups */
    if (fake_init(&f, "owl:group=4,preempt=0", 8) < 0) {
        test_case_failed = 1;
        return;
    }
    fake_cta(&f, 0, 2, 10, 0);
    fake_cta(&f, 2, 2, 11, 1);
    fake_cta(&f, 4, 2, 12, 2);
    fake_cta(&f, 6, 2, 13, 3);
    fake_issue(&f, 2);
    fake_issue(&f, 5); /* {A,B} not waiting on memory: keeps priority */
    EXPECT_ORDER(&f, 3, 0, 1, 2, 6, 7, 4, 5);
    f.warps[0].waiting_mem = f.warps[1].waiting_mem = f.warps[2].waiting_mem = f.warps[3].waiting_mem = true;
    fake_issue(&f, 6);
    EXPECT_ORDER(&f, 7, 4, 5, 6, 3, 0, 1, 2);
    fake_destroy(&f);
}

static void bad_arguments_are_refused(void)
{
    const char *bad[] = {"tl:group=0", "sca:block=0", "sca:lone=pair", "ccws:vta=0", "owl:preempt=2", "tl:size=4"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        policy_args_t a;
        cs_error_t err = {{0}};
        CHECK(policy_args_parse(&a, bad[i], &err) == 0);
        const warp_policy_ops_t *ops = warp_policy_find(a.name);
        CHECK(ops != NULL);
        if (!ops)
            continue;
        void *st = ops->create(&a, 0, 0, 64, &err);
        bool refused = !st || policy_args_check_unused(&a, &err) < 0;
        CHECK(refused);
        if (!refused)
            printf("  accepted %s\n", bad[i]);
        if (st)
            ops->destroy(st);
    }
}

/* ------------------------------------------------------------------------ */
/* Real runs */

typedef struct {
    gpu_totals_t t;
    uint64_t expected_warp_insts;
    int rc;
} run_result_t;

static void run_synth(const char *spec, const char *warp, run_result_t *r)
{
    memset(r, 0, sizeof *r);
    gpu_config_t cfg;
    config_defaults(&cfg);
    cs_error_t err;
    workload_t *w = synth_workload_open(spec, &err);
    if (!w) {
        printf("  synth_workload_open(%s): %s\n", spec, err.msg);
        r->rc = -1;
        return;
    }
    gpu_t *g = gpu_create_named(&cfg, NULL, warp, &err);
    if (!g) {
        printf("  gpu_create_named(%s): %s\n", warp, err.msg);
        workload_destroy(w);
        r->rc = -1;
        return;
    }
    kernel_desc_t k;
    if (workload_next_kernel(w, &k, &err) != 1 || gpu_launch(g, &k, &err) < 0 || gpu_run(g, &err) < 0) {
        printf("  run %s under %s: %s\n", spec, warp, err.msg);
        r->rc = -1;
    }
    r->expected_warp_insts = k.expected_warp_insts;
    gpu_get_totals(g, &r->t);
    gpu_destroy(g);
    workload_destroy(w);
}

static const char *const all_policies[] = {"lrr", "gto", "tl", "sca", "ccws", "owl"};
#define NPOL (sizeof all_policies / sizeof all_policies[0])

/* Every policy runs every instruction exactly once; the ones that reorder
 * warps differently from GTO change the timing. */
static void every_policy_completes_synthetic_kernels(void)
{
    const char *kernels[] = {
        "strided:ctas=30,threads=256,iters=4",
        "chase:ctas=60,threads=256,iters=32,footprint=2048,stride=128",
    };
    for (unsigned k = 0; k < 2; k++) {
        run_result_t r[NPOL];
        for (unsigned p = 0; p < NPOL; p++) {
            run_synth(kernels[k], all_policies[p], &r[p]);
            CHECK_EQ(r[p].rc, 0);
            CHECK(r[p].expected_warp_insts > 0);
            CHECK_EQ(r[p].t.warp_insts, r[p].expected_warp_insts);
            printf("  %-60s %-5s cycles %8" PRIu64 "  l1 misses %8" PRIu64 "\n", kernels[k], all_policies[p],
                   r[p].t.cycles, r[p].t.l1_misses);
        }
        const run_result_t *gto = &r[1];
        CHECK(r[0].t.cycles != gto->t.cycles); /* lrr */
        CHECK(r[2].t.cycles != gto->t.cycles); /* tl */
        /* sca: CTAs dealt round-robin (no BCS) put no pair on a core, every
         * CTA is lone and SCA is GTO (lone=gto, Fig. 10) */
        CHECK_EQ(r[3].t.cycles, gto->t.cycles);
        CHECK(r[5].t.cycles != gto->t.cycles); /* owl */
    }
}

/* Each warp cycles over its own 8 lines (1 KiB) 8 times; 48 warps per core
 * want 384 lines of a 128-line L1, so GTO (which lets every warp have a load
 * in flight) thrashes it. CCWS sees the refetched victims in the VTAs,
 * throttles, and keeps the survivors' lines resident. */
static void ccws_cuts_l1_misses_on_a_thrashing_kernel(void)
{
    const char *k = "chase:ctas=90,threads=256,iters=64,footprint=1024,stride=128";
    run_result_t gto, ccws;
    run_synth(k, "gto", &gto);
    run_synth(k, "ccws", &ccws);
    CHECK_EQ(gto.rc, 0);
    CHECK_EQ(ccws.rc, 0);
    CHECK_EQ(gto.t.warp_insts, gto.expected_warp_insts);
    CHECK_EQ(ccws.t.warp_insts, ccws.expected_warp_insts);
    printf("  gto:  cycles %" PRIu64 ", L1 misses %" PRIu64 " / %" PRIu64 "\n", gto.t.cycles, gto.t.l1_misses,
           gto.t.l1_accesses);
    printf("  ccws: cycles %" PRIu64 ", L1 misses %" PRIu64 " / %" PRIu64 "\n", ccws.t.cycles, ccws.t.l1_misses,
           ccws.t.l1_accesses);
    CHECK(ccws.t.l1_misses < gto.t.l1_misses);
    CHECK(ccws.t.cycles != gto.t.cycles);
}

/* Same inputs, same statistics (no hidden state across runs). */
static void policies_are_deterministic(void)
{
    for (unsigned p = 2; p < NPOL; p++) {
        run_result_t a, b;
        run_synth("chase:ctas=30,threads=256,iters=16,footprint=1024,stride=128", all_policies[p], &a);
        run_synth("chase:ctas=30,threads=256,iters=16,footprint=1024,stride=128", all_policies[p], &b);
        CHECK_EQ(a.rc, 0);
        CHECK_EQ(a.t.cycles, b.t.cycles);
        CHECK_EQ(a.t.l1_misses, b.t.l1_misses);
    }
}

int main(void)
{
    RUN(baselines_lrr_and_gto);
    RUN(baselines_leave_out_skipped_warps);
    RUN(tl_switches_group_when_active_group_stalls);
    RUN(sca_pairs_warps_of_consecutive_ctas);
    RUN(ccws_throttles_on_vta_hits_and_recovers_as_scores_decay);
    RUN(owl_prioritises_the_oldest_cta_group);
    RUN(bad_arguments_are_refused);
    RUN(every_policy_completes_synthetic_kernels);
    RUN(ccws_cuts_l1_misses_on_a_thrashing_kernel);
    RUN(policies_are_deterministic);
    TEST_EXIT();
}
