/* test_policy_steps.c — the steps of docs/policies/ (each .md)'s line-by-line
 * tables that had no test of their own (docs/ISSUE26.md maps every row to
 * its test; the others live in test_cta_policies.c, test_warp_policies.c,
 * test_cke_policies.c, test_tcs_monitor.c and test_gating.c):
 *   - LCS Eq. 1 (lcs_eq1.h): the paper's worked example under each rounding,
 *     and the bounds [1, T_max];
 *   - DYNCORE row 4: k and t_act scaled from the paper's 30-core numbers,
 *     and the strict comparisons of rows 3-4 at G_act = t_act;
 *   - CLASO lines 2-3 and 8-13: the credit counts with p_A, p_L above
 *     the defaults, and every global credit used exactly;
 *   - mCKE row 5: every kernel's foothold on a core before a second CTA of
 *     another kernel there;
 *   - tlpmod row 1: Li & Liang's Up / Optimal / Down classification and
 *     opt(k) from a static sweep's IPC curve (src/cli/classify.c, linked in
 *     by the Makefile's rule for this test); rows 4 and 7: the pair of a
 *     pool, a kernel alone;
 *   - TB-level bypass: the sampling period, and the stall it learns from.
 * Each case names the broken variant it catches. White-box access
 * (gpu_internal.h) only to add to a core's act_cycles counter and to call
 * the chain's own sample() hook, as test_gating.c does. */
#include <math.h>

#include "cli/classify.h"
#include "frontend/synth.h"
#include "gpu/gpu_internal.h"
#include "policy/lcs_eq1.h"
#include "policy/policy_metrics.h"
#include "policy/registry.h"
#include "test.h"
#include "test_launch.h"

static gpu_config_t cores_cfg(uint32_t cores)
{
    gpu_config_t c;
    config_defaults(&c);
    c.n_clusters = cores;
    c.n_cores_per_cluster = 1;
    return c;
}

static gpu_t *make_gpu(const gpu_config_t *cfg, const char *cta, const char *warp)
{
    cs_error_t err;
    if (config_validate((gpu_config_t *)cfg, &err) < 0) {
        printf("  config: %s\n", err.msg);
        return NULL;
    }
    gpu_t *g = gpu_create_named(cfg, cta, warp, &err);
    if (!g)
        printf("  gpu_create_named(%s): %s\n", cta, err.msg);
    return g;
}


static double metric(const gpu_t *g, const char *name)
{
    double v = NAN;
    gpu_metric_get(g, name, &v);
    return v;
}

/* ------------------------------------------------------------------------ */
/* LCS, Eq. 1 (docs/policies/lcs.md, "Phase 2, Eq. 1" and "Phase 2,
 * rounding"). The paper's worked example (Fig. 7(b)): CTAs issued 4, 3, 3
 * and 0 instructions when the first finished: T_new = 10 / 4 = 2.5, which
 * the paper calls 3. Catches: nearest computed as floor (2 on 10/4) or as
 * ceil (3 on 9/4, where nearest gives 2); halves rounded down (2 on 10/4);
 * the clamp to [1, T_max] missing (0 for a quotient under 1/2, 10 above a
 * T_max of 6). */
static void lcs_eq1_worked_example_and_bounds(void)
{
    CHECK_EQ(lcs_eq1(10, 4, LCS_ROUND_NEAREST, 8), 3); /* the paper's 3 */
    CHECK_EQ(lcs_eq1(10, 4, LCS_ROUND_FLOOR, 8), 2);
    CHECK_EQ(lcs_eq1(10, 4, LCS_ROUND_CEIL, 8), 3);
    CHECK_EQ(lcs_eq1(9, 4, LCS_ROUND_NEAREST, 8), 2); /* 2.25: nearest is not ceil */
    CHECK_EQ(lcs_eq1(9, 4, LCS_ROUND_CEIL, 8), 3);
    CHECK_EQ(lcs_eq1(11, 4, LCS_ROUND_NEAREST, 8), 3); /* 2.75 */
    CHECK_EQ(lcs_eq1(11, 4, LCS_ROUND_FLOOR, 8), 2);
    CHECK_EQ(lcs_eq1(8, 4, LCS_ROUND_CEIL, 8), 2); /* exact quotients are themselves */
    CHECK_EQ(lcs_eq1(1, 4, LCS_ROUND_NEAREST, 8), 1); /* 0.25 rounds to 0: at least 1 */
    CHECK_EQ(lcs_eq1(1, 4, LCS_ROUND_FLOOR, 8), 1);
    CHECK_EQ(lcs_eq1(40, 4, LCS_ROUND_NEAREST, 6), 6); /* 10: at most T_max */
    CHECK_EQ(lcs_eq1(40, 4, LCS_ROUND_CEIL, 6), 6);
}

/* ------------------------------------------------------------------------ */
/* DYNCORE (docs/policies/dyncore.md rows 3 and 4). */

static void dyncore_sample_with(gpu_t *g, uint32_t core, uint64_t add_act)
{
    g->sm[core].c.act_cycles += add_act;
    cta_link_t *p = &g->chain.link[0];
    p->ops->sample(p->st, g, gpu_cycle(g));
}

static uint32_t cores_off(const gpu_t *g, uint32_t *lowest_off)
{
    uint32_t n = 0;
    *lowest_off = UINT32_MAX;
    for (uint32_t c = 0; c < gpu_n_sm(g); c++)
        if (gpu_sm_state(g, c) == CORE_OFF) {
            n++;
            if (c < *lowest_off)
                *lowest_off = c;
        }
    return n;
}

/* Row 4 with the defaults: k = round(8 x cores / 30) and t_act = 40960 x
 * cores / 30 x period / 2048. 30 cores: the paper's k = 8 and t_act = 40960;
 * 28 cores: 7 and 38229; period 4096 doubles t_act. A low G_act turns off
 * exactly k cores, the highest-index ones. Catches: k or t_act not scaled
 * with the cores (8 / 40960 on 28), t_act not scaled with the period, k
 * truncated instead of rounded (17 cores: 8 x 17 / 30 = 4.53 gives 5, not
 * 4). */
static void dyncore_default_k_and_t_act_scale(void)
{
    static const struct {
        uint32_t cores;
        const char *spec;
        uint32_t k;
        double t_act;
    } want[] = {
        {30, "dyncore", 8, 40960}, {28, "dyncore", 7, 38229}, {17, "dyncore", 5, 23211},
        {30, "dyncore:period=4096", 8, 81920},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(want); i++) {
        gpu_config_t c = cores_cfg(want[i].cores);
        gpu_t *g = make_gpu(&c, want[i].spec, "gto");
        CHECK(g != NULL);
        if (!g)
            continue;
        CHECK_EQ(test_launch_spec(g, "compute:ctas=400,threads=128,iters=40", 0), 0);
        cs_error_t err;
        CHECK_EQ(gpu_run_until(g, 50, &err), 0);
        CHECK_EQ(metric(g, METRIC_DYNCORE_T_ACT), want[i].t_act);
        uint32_t lowest;
        CHECK_EQ(cores_off(g, &lowest), 0);
        dyncore_sample_with(g, 0, 0); /* G_act: at most 50 cycles a core, far below t_act */
        uint32_t off = cores_off(g, &lowest);
        if (off != want[i].k)
            printf("  %u cores, %s: %u off, want %u\n", want[i].cores, want[i].spec, off, want[i].k);
        CHECK_EQ(off, want[i].k);
        CHECK_EQ(lowest, want[i].cores - want[i].k); /* the highest-index cores */
        gpu_destroy(g);
    }
}

/* Rows 3-4: "greater than t_act" keeps (or brings back) every core, "G_act <
 * t_act" turns cores off; at G_act = t_act exactly neither happens. G_act is
 * the act_cycles the cores gained since the last sample, so right after one
 * sample the test sets it exactly by adding to one core. Catches: <= in place
 * of < (cores off at G_act = t_act), >= in place of > (draining cores brought
 * back at G_act = t_act). */
static void dyncore_g_act_equal_to_t_act_changes_nothing(void)
{
    gpu_config_t c = cores_cfg(6);
    gpu_t *g = make_gpu(&c, "dyncore:period=1000000,k=2,t_act=5000", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(test_launch_spec(g, "compute:ctas=48,threads=128,iters=40", 0), 0);
    cs_error_t err;
    CHECK_EQ(gpu_run_until(g, 50, &err), 0);
    uint32_t lowest;
    dyncore_sample_with(g, 0, 100000); /* high: nothing to do, the window restarts */
    CHECK_EQ(cores_off(g, &lowest), 0);
    dyncore_sample_with(g, 0, 5000); /* G_act = t_act: nothing turned off */
    CHECK_EQ(cores_off(g, &lowest), 0);
    dyncore_sample_with(g, 0, 4999); /* below: two off (draining) */
    CHECK_EQ(cores_off(g, &lowest), 2);
    CHECK_EQ(lowest, 4);
    dyncore_sample_with(g, 0, 5000); /* G_act = t_act while they drain: they stay off */
    CHECK_EQ(cores_off(g, &lowest), 2);
    dyncore_sample_with(g, 0, 5001); /* above: both back */
    CHECK_EQ(cores_off(g, &lowest), 0);
    CHECK_EQ(metric(g, METRIC_DYNCORE_RETURNS), 2);
    gpu_destroy(g);
}

/* ------------------------------------------------------------------------ */
/* CLASO (docs/policies/claso.md lines 2-3 and 8-13). 23 CTAs on 4 cores,
 * all alike, so LRR's round-robin gives the cores 6, 6, 6 and 5 CTAs.
 *   pa=1,pl=0: C_p = ceil(23/4) + 0 = 6, C_g = (22 mod 4) + 1 + 0 = 3; a
 *     core's first 5 CTAs take local credits only (C_p after >= 1), its 6th
 *     a global one too: 3 cores x 1 = 3, C_g left 0.
 *   pa=2,pl=1: C_p = 6 + 1 = 7, C_g = 3 + 1 x 4 = 7; the first 4 CTAs are
 *     free (C_p after >= 3), the 5th and 6th take global ones: 2+2+2+1 = 7.
 * Catches: floor on line 2 (C_p 5 / 6), C_g without (p_A - 1) n_core (3
 * with pa=2), line 8's threshold p_A alone or p_L alone where credits are
 * taken (fewer global credits used: some left at the end), and credits that do not add up to
 * n_cta (a CTA refused for good, the kernel unfinished). */
static void claso_credits_with_levels(void)
{
    static const struct {
        const char *spec;
        double local, global;
    } want[] = {{"rr+claso", 6, 3}, {"rr+claso:pa=2,pl=1", 7, 7}, {"rr+claso:pa=2", 6, 7}};
    for (size_t i = 0; i < CS_ARRAY_LEN(want); i++) {
        gpu_config_t c = cores_cfg(4);
        gpu_t *g = make_gpu(&c, want[i].spec, "lrr");
        CHECK(g != NULL);
        if (!g)
            continue;
        CHECK_EQ(test_launch_spec(g, "compute:ctas=23,threads=128,iters=20", 0), 0);
        cs_error_t err;
        int rc = gpu_run(g, &err);
        if (rc < 0)
            printf("  %s: %s\n", want[i].spec, err.msg);
        CHECK_EQ(rc, 0);
        CHECK_EQ(gpu_kernel(g, 0)->ctas_done, 23);
        CHECK_EQ(metric(g, METRIC_CLASO_LOCAL_CREDITS), want[i].local);
        CHECK_EQ(metric(g, METRIC_CLASO_GLOBAL_CREDITS), want[i].global);
        double left = metric(g, METRIC_CLASO_GLOBAL_LEFT);
        if (left != 0)
            printf("  %s: %g global credits left\n", want[i].spec, left);
        CHECK_EQ(left, 0);
        for (uint32_t s = 0; s < 4; s++)
            CHECK(gpu_sm_counters(g, s)->ctas_issued <= (uint64_t)want[i].local);
        gpu_destroy(g);
    }
}

/* ------------------------------------------------------------------------ */
/* mCKE row 5: on a shared core every running kernel gets one CTA (its
 * foothold) before any kernel takes a second one there; then each fills up
 * to its limit. Two long kernels launched together, limits 3 and 3, four
 * cores. Catches: the first kernel filling a core to its limit first (a
 * core with 2 of one kernel and none of the other), limits not applied (4 of
 * one kernel), the second kernel never reaching its limit. */
static void mcke_foothold_before_a_second_cta(void)
{
    gpu_config_t c = cores_cfg(4);
    gpu_t *g = make_gpu(&c, "mcke:a=3,b=3", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(test_launch_spec(g, "compute:ctas=40,threads=128,iters=200", 0), 0);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=40,threads=128,iters=200", 1), 0);
    cs_error_t err;
    uint32_t without_foothold = 0, max_res[2] = {0, 0}, full_cores = 0;
    while (gpu_cycle(g) < 400 && gpu_run_until(g, gpu_cycle(g) + 1, &err) == 0) {
        const kernel_run_t *k[2] = {gpu_kernel(g, 0), gpu_kernel(g, 1)};
        full_cores = 0;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t r[2] = {gpu_sm_resident_ctas(g, s, k[0]), gpu_sm_resident_ctas(g, s, k[1])};
            for (int i = 0; i < 2; i++) {
                max_res[i] = r[i] > max_res[i] ? r[i] : max_res[i];
                if (r[i] >= 2 && r[1 - i] == 0 && k[1 - i]->state == KERNEL_RUNNING)
                    without_foothold++;
            }
            full_cores += r[0] == 3 && r[1] == 3;
        }
    }
    CHECK_EQ(without_foothold, 0);
    CHECK_EQ(max_res[0], 3);
    CHECK_EQ(max_res[1], 3);
    CHECK_EQ(full_cores, 4); /* at cycle 400 every core holds 3 + 3 */
    gpu_destroy(g);
}

/* ------------------------------------------------------------------------ */
/* tlpmod row 1 (docs/policies/tlpmod.md): Li & Liang §II's types from a
 * kernel's IPC at caps 1..N: Up (best at the most CTAs), Down (best at the
 * fewest), Optimal (best in between); IPCs within the tolerance of the best
 * count as the best. opt(k) is the best cap. Catches: Up and Down swapped,
 * the tolerance ignored (a curve flat within 2 % called Optimal), the
 * tolerance applied the wrong way round (a 5 % peak called Up), opt taken as
 * the last cap within tolerance rather than the best. */
static ipc_curve_t curve(const double *ipc, unsigned n)
{
    ipc_curve_t c = {.lo = 1, .hi = n};
    for (unsigned i = 0; i < n; i++)
        c.ipc[i + 1] = ipc[i];
    return c;
}

static void tlpmod_classification_up_optimal_down(void)
{
    ipc_curve_t up = curve((const double[]){1.0, 1.5, 1.8, 2.0}, 4);
    ipc_curve_t down = curve((const double[]){2.0, 1.7, 1.5, 1.2}, 4);
    ipc_curve_t optimal = curve((const double[]){1.0, 2.0, 2.1, 1.9}, 4);
    ipc_curve_t flat_top = curve((const double[]){1.0, 2.0, 2.02, 1.99}, 4); /* last within 2 % of the best */
    ipc_curve_t peak5 = curve((const double[]){1.0, 2.0, 2.1, 1.99}, 4);     /* last 5 % below the best */
    CHECK(!strcmp(classify_liliang(&up, 0.02), "Up"));
    CHECK(!strcmp(classify_liliang(&down, 0.02), "Down"));
    CHECK(!strcmp(classify_liliang(&optimal, 0.02), "Optimal"));
    CHECK(!strcmp(classify_liliang(&flat_top, 0.02), "Up"));
    CHECK(!strcmp(classify_liliang(&flat_top, 0.0), "Optimal"));
    CHECK(!strcmp(classify_liliang(&peak5, 0.02), "Optimal"));
    CHECK_EQ(curve_opt(&up), 4);
    CHECK_EQ(curve_opt(&down), 1);
    CHECK_EQ(curve_opt(&optimal), 3);
    CHECK_EQ(curve_opt(&flat_top), 3);
}

/* ------------------------------------------------------------------------ */
/* TB-level bypass, the sampling period (docs/policies/tlpmod.md §III-B,
 * "Sampling period"): "the lifetime of Tb_A thread blocks ... that
 * concurrently execute". Default: 5000 cycles until a CTA of the pair has
 * finished, then the mean lifetime of those finished, at least 500;
 * period=N fixes it. One compute kernel, one CTA per core at a time (all
 * alike, no memory), so every lifetime is core 0's first one, measured here
 * by stepping. Catches: the first period not 5000, the lifetime not taken
 * (5000 kept), a sum of lifetimes in place of the mean, the floor of 500
 * missing (short CTAs), period=N ignored. */
static uint32_t bypass_period_after_first_sample(const char *spec, const char *kernel, uint64_t *first_life)
{
    gpu_config_t c = cores_cfg(4);
    c.max_cta_per_sm = 1;
    gpu_t *g = make_gpu(&c, spec, "gto");
    CHECK(g != NULL);
    if (!g)
        return 0;
    CHECK_EQ(test_launch_spec(g, kernel, 0), 0);
    cs_error_t err;
    const cta_link_t *link = &g->chain.link[0];
    uint32_t first_period = 0;
    uint64_t start = 0, life = 0, done0 = 0;
    /* up to just after the first sample, at cycle first_period */
    while ((!first_period || gpu_cycle(g) <= first_period + 1) && gpu_cycle(g) < 100000 &&
           gpu_run_until(g, gpu_cycle(g) + 1, &err) == 0) {
        if (!first_period)
            first_period = link->sample_period;
        if (!start && gpu_sm_resident_ctas(g, 0, NULL))
            start = gpu_cycle(g);
        if (!life && gpu_sm_counters(g, 0)->ctas_done > done0)
            life = gpu_cycle(g) - start;
    }
    const char *fixed = strstr(spec, "period=");
    CHECK_EQ(first_period, fixed ? (uint32_t)atoi(fixed + 7) : 5000);
    CHECK(gpu_kernel(g, 0)->state == KERNEL_RUNNING); /* still learning: a period to read */
    uint32_t p = link->sample_period;
    *first_life = life;
    gpu_destroy(g);
    return p;
}

static void bypass_period_is_a_cta_lifetime(void)
{
    uint64_t life;
    uint32_t p = bypass_period_after_first_sample("bypass", "compute:ctas=400,threads=128,iters=60", &life);
    printf("  CTA lifetime about %llu cycles, period after the first sample %u\n", (unsigned long long)life, p);
    CHECK(life > 500 && life < 5000);
    CHECK(p >= life * 0.97 && p <= life * 1.03);
    p = bypass_period_after_first_sample("bypass", "compute:ctas=4000,threads=128,iters=1", &life);
    printf("  short CTAs: lifetime about %llu cycles, period %u\n", (unsigned long long)life, p);
    CHECK(life > 0 && life < 500);
    CHECK_EQ(p, 500);
    p = bypass_period_after_first_sample("bypass:period=1200", "compute:ctas=400,threads=128,iters=60", &life);
    CHECK_EQ(p, 1200);
}

/* ------------------------------------------------------------------------ */
/* tlpmod rows 4, 5 and 7 and the kernel alone (docs/policies/tlpmod.md
 * §III-A): with more than two kernels running, the two oldest are the pair
 * (Tb_A = opt(A), Tb_B what fits beside) and the others run unlimited; a
 * Down/Optimal kernel alone is held to its opt, an Up kernel alone is not.
 * 256-thread CTAs, 1536 threads a core: beside 2 of A's, 4 of B's. The
 * published tlpmod.tb.kN (-1: no limit) after a few cycles. Catches: the
 * pair taken as the newest two (kernel 2's profile, Down/1, applied; kernel
 * 0 unlimited), Tb_B not from the resources left (6 or 1), a kernel alone
 * left unlimited whatever its type or held to opt when Up. */
static void tlpmod_pool_pairs_the_two_oldest(void)
{
    static const char *const k256 = "compute:ctas=200,threads=256,iters=200";
    gpu_config_t c = cores_cfg(4);
    gpu_t *g = make_gpu(&c, "tlpmod:p0=down/2,p1=up/6,p2=down/1", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    for (uint32_t st = 0; st < 3; st++)
        CHECK_EQ(test_launch_spec(g, k256, st << 16), 0);
    cs_error_t err;
    CHECK_EQ(gpu_run_until(g, 20, &err), 0);
    CHECK_EQ(gpu_kernel(g, 2)->state, KERNEL_RUNNING);
    CHECK_EQ(metric(g, "tlpmod.tb.k0"), 2);
    CHECK_EQ(metric(g, "tlpmod.tb.k1"), 4);
    CHECK_EQ(metric(g, "tlpmod.tb.k2"), -1);
    gpu_destroy(g);
    static const struct {
        const char *spec;
        double tb;
    } alone[] = {{"tlpmod:p0=down/2", 2}, {"tlpmod:p0=optimal/3", 3}, {"tlpmod:p0=up/6", -1}};
    for (size_t i = 0; i < CS_ARRAY_LEN(alone); i++) {
        gpu_config_t c1 = cores_cfg(4);
        g = make_gpu(&c1, alone[i].spec, "gto");
        CHECK(g != NULL);
        if (!g)
            continue;
        CHECK_EQ(test_launch_spec(g, k256, 0), 0);
        CHECK_EQ(gpu_run_until(g, 20, &err), 0);
        CHECK_EQ(metric(g, "tlpmod.tb.k0"), alone[i].tb);
        uint32_t most = 0;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t r = gpu_sm_resident_ctas(g, s, NULL);
            most = r > most ? r : most;
        }
        CHECK_EQ(most, alone[i].tb < 0 ? 6 : alone[i].tb); /* held on the cores too */
        gpu_destroy(g);
    }
}

/* ------------------------------------------------------------------------ */
/* TB-level bypass, the stall it learns from (docs/policies/tlpmod.md §III-B,
 * "Stall = structural + memory stall"). One kernel (no B): Stall_none, then
 * Stall_A; A bypasses when Stall_A < Stall_none. The test adds to core 0's
 * counters between two manual samples (period=1000000: the policy never
 * samples by itself): Stall_none = 1000 structural + 1000 memory = 2000,
 * Stall_A = 1800 + 100 (case 1) or 100 + 1800 (case 2) = 1900: A bypasses
 * in both. Catches: the structural stall alone (1800 > 1000 in case 1: no
 * bypass) or the memory stall alone (1800 > 1000 in case 2). The few real
 * stall cycles of the 30 cycles run are far below the margins. */
static void bypass_sample_adding(gpu_t *g, uint64_t add_struct, uint64_t add_mem)
{
    g->sm[0].c.struct_stall += add_struct;
    g->sm[0].c.mem_stall += add_mem;
    cta_link_t *p = &g->chain.link[0];
    p->ops->sample(p->st, g, gpu_cycle(g));
}

static void bypass_stall_is_structural_plus_memory(void)
{
    static const uint64_t second[2][2] = {{1800, 100}, {100, 1800}};
    for (int i = 0; i < 2; i++) {
        gpu_config_t c = cores_cfg(4);
        gpu_t *g = make_gpu(&c, "bypass:period=1000000", "gto");
        CHECK(g != NULL);
        if (!g)
            continue;
        CHECK_EQ(test_launch_spec(g, "compute:ctas=400,threads=128,iters=60", 0), 0);
        cs_error_t err;
        CHECK_EQ(gpu_run_until(g, 20, &err), 0);
        bypass_sample_adding(g, 1000, 1000); /* Stall_none */
        CHECK_EQ(metric(g, "bypass.by_a"), 1); /* trying A */
        CHECK_EQ(gpu_run_until(g, 30, &err), 0);
        bypass_sample_adding(g, second[i][0], second[i][1]); /* Stall_A */
        double chosen = metric(g, "bypass.chosen");
        if (chosen != 0)
            printf("  Stall_A = %llu structural + %llu memory: chosen %g, want 0 (A)\n",
                   (unsigned long long)second[i][0], (unsigned long long)second[i][1], chosen);
        CHECK_EQ(chosen, 0);
        gpu_destroy(g);
    }
}

int main(void)
{
    RUN(lcs_eq1_worked_example_and_bounds);
    RUN(dyncore_default_k_and_t_act_scale);
    RUN(dyncore_g_act_equal_to_t_act_changes_nothing);
    RUN(claso_credits_with_levels);
    RUN(mcke_foothold_before_a_second_cta);
    RUN(tlpmod_classification_up_optimal_down);
    RUN(tlpmod_pool_pairs_the_two_oldest);
    RUN(bypass_period_is_a_cta_lifetime);
    RUN(bypass_stall_is_structural_plus_memory);
    TEST_EXIT();
}
