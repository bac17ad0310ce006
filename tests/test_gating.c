/* test_gating.c — the core-gating policies: TCS's Fig. 5 as an exact
 * scenario on six cores, hTCS's half start, TCS's reset at each kernel,
 * DYNCORE's drain-then-off and the return of a draining core, step by step,
 * and --active-cores.
 *
 * The scenarios run synthetic kernels (frontend/synth.c) on a small GPU and
 * step it one core cycle at a time (gpu_run_until), looking at the core
 * states through gpu_sm_state between steps. White-box access
 * (gpu_internal.h) only to read a core's memory-throttle flag, to add to a
 * core's act_cycles counter (DYNCORE's G_act) and to call the chain's own
 * sample() hook. */
#include <math.h>

#include "frontend/synth.h"
#include "gpu/gpu_internal.h"
#include "policy/policy_metrics.h"
#include "test.h"
#include "policy/registry.h"

static gpu_config_t small_cfg(uint32_t cores, uint32_t channels)
{
    gpu_config_t c;
    config_defaults(&c);
    c.n_clusters = cores;
    c.n_cores_per_cluster = 1;
    c.n_mem = channels;
    return c;
}

static gpu_t *make_gpu(const gpu_config_t *cfg, const char *cta)
{
    cs_error_t err;
    if (config_validate((gpu_config_t *)cfg, &err) < 0) {
        printf("  config: %s\n", err.msg);
        return NULL;
    }
    gpu_t *g = gpu_create_named(cfg, cta, "gto", &err);
    if (!g)
        printf("  gpu_create_named(%s): %s\n", cta, err.msg);
    return g;
}

static int launch(gpu_t *g, const char *spec, uint32_t stream, uint64_t *expected_insts)
{
    cs_error_t err;
    workload_t *w = synth_workload_open(spec, &err);
    if (!w) {
        printf("  %s: %s\n", spec, err.msg);
        return -1;
    }
    kernel_desc_t k;
    int rc = workload_next_kernel(w, &k, &err) == 1 ? 0 : -1;
    if (rc == 0) {
        k.stream = stream;
        if (expected_insts)
            *expected_insts += k.expected_warp_insts;
        rc = gpu_launch(g, &k, &err);
        if (rc < 0 && k.ops->destroy)
            k.ops->destroy(k.src);
    }
    if (rc < 0)
        printf("  %s: %s\n", spec, err.msg);
    workload_destroy(w);
    return rc;
}

static bool all_done(const gpu_t *g)
{
    for (uint32_t i = 0; i < gpu_n_kernels(g); i++)
        if (gpu_kernel(g, i)->state != KERNEL_DONE)
            return false;
    return true;
}

static int step(gpu_t *g)
{
    cs_error_t err;
    int rc = gpu_run_until(g, gpu_cycle(g) + 1, &err) < 0 ? -1 : 0;
    if (rc < 0)
        printf("  step at cycle %llu: %s\n", (unsigned long long)gpu_cycle(g), err.msg);
    return rc;
}

/* "AATTTO": each core's state, A(CTIVE) T(HROTTLE) O(FF); a THROTTLE core
 * whose memory instructions are not held back is 't'. */
static void states(const gpu_t *g, char *out)
{
    uint32_t n = gpu_n_sm(g);
    for (uint32_t c = 0; c < n; c++) {
        enum core_state s = gpu_sm_state(g, c);
        out[c] = s == CORE_ACTIVE ? 'A' : s == CORE_OFF ? 'O' : (g->sm[c].mem_throttle ? 'T' : 't');
    }
    out[n] = 0;
}

static uint32_t count(const char *st, char ch)
{
    uint32_t n = 0;
    for (; *st; st++)
        n += *st == ch;
    return n;
}

static uint64_t issued(const gpu_t *g)
{
    uint64_t n = 0;
    for (uint32_t c = 0; c < gpu_n_sm(g); c++)
        n += gpu_sm_counters(g, c)->ctas_issued;
    return n;
}

static double metric(const gpu_t *g, const char *name)
{
    double v = NAN;
    gpu_metric_get(g, name, &v);
    return v;
}

/* ------------------------------------------------------------------------ */
/* TCS, Song et al. Fig. 5: six cores C0-C5 on one DRAM channel running a
 * strongly memory-bound kernel (uncoalesced loads), MONITOR every 1000
 * cycles for at least 4500 (the kernel's first CTA completes before that),
 * thr = 0 so the stall test decides. Every MONITOR step finds the ACTIVE
 * cores memory bound and throttles the highest-index ACTIVE core:
 *   (a) AAAAAA  (b) AAAAAT  AAAATT  AAATTT  (c) AATTTT   (two ACTIVE cores)
 * MONITOR ends at 4500 cycles. REDUCE: no core takes a CTA; each time an
 * ACTIVE core has finished its CTAs it is gated and the lowest-index
 * THROTTLE core becomes ACTIVE ((d): in the paper C1 finishes first and C2
 * resumes), until no THROTTLE core is left: (e) two ACTIVE, four OFF. Then
 * the two ACTIVE cores run the rest of the kernel. */
#define FIG5_SPEC "tcs:mon=1000,min=4500,thr=0,step=1000,end=first,sat=off"
#define FIG5_KERNEL "strided:ctas=120,threads=64,iters=1"

static void tcs_fig5_six_cores(void)
{
    gpu_config_t c = small_cfg(6, 1);
    gpu_t *g = make_gpu(&c, FIG5_SPEC);
    CHECK(g != NULL);
    if (!g)
        return;
    uint64_t expected = 0;
    CHECK_EQ(launch(g, FIG5_KERNEL, 0, &expected), 0);
    static const char *const monitor_seq[] = {"AAAAAA", "AAAAAT", "AAAATT", "AAATTT", "AATTTT"};
    unsigned monitor_i = 0, reduce_steps = 0;
    char prev[8] = "", now[8];
    uint64_t issued_at_reduce = 0, monitor_end = 0;
    bool reduce_done = false, issued_after = false;
    int rc = 0;
    while (!all_done(g) && rc == 0 && gpu_cycle(g) < 2000000) {
        rc = step(g);
        if (all_done(g))
            break;
        states(g, now);
        if (!strcmp(now, prev))
            continue;
        printf("  cycle %6llu  %s\n", (unsigned long long)gpu_cycle(g), now);
        if (monitor_i < CS_ARRAY_LEN(monitor_seq)) {
            /* MONITOR: exactly the paper's sequence, one core per step at
             * the step's cycle */
            CHECK(!strcmp(now, monitor_seq[monitor_i]));
            if (monitor_i > 0)
                CHECK_EQ(gpu_cycle(g), 1 + 1000 * monitor_i);
            monitor_i++;
            if (monitor_i == CS_ARRAY_LEN(monitor_seq))
                issued_at_reduce = issued(g);
        } else if (!reduce_done) {
            /* REDUCE: d ACTIVE cores that finished went OFF, and the d
             * lowest THROTTLE cores became ACTIVE */
            if (!monitor_end)
                monitor_end = gpu_cycle(g);
            uint32_t d = count(now, 'O') - count(prev, 'O');
            CHECK(d >= 1);
            CHECK_EQ(count(now, 'T'), count(prev, 'T') - d);
            CHECK_EQ(count(now, 'A'), 2);
            uint32_t resumed = 0;
            for (uint32_t k = 0; k < 6; k++) {
                if (prev[k] == 'A' && now[k] == 'O')
                    CHECK_EQ(gpu_sm_resident_ctas(g, k, NULL), 0);
                if (prev[k] == 'T' && now[k] == 'A') {
                    /* the lowest-index THROTTLE cores */
                    for (uint32_t j = 0; j < k; j++)
                        CHECK(prev[j] != 'T' || now[j] == 'A');
                    resumed++;
                }
                CHECK(!(prev[k] == 'O' && now[k] != 'O')); /* gated stays gated */
            }
            CHECK_EQ(resumed, d);
            CHECK_EQ(issued(g), issued_at_reduce); /* no new CTA in REDUCE */
            reduce_steps += d;
            if (count(now, 'T') == 0) {
                reduce_done = true;
                CHECK(!strcmp(now + 2, "OOOO") || count(now, 'O') == 4); /* (e) */
                CHECK_EQ(count(now, 'O'), 4);
            }
        } else {
            CHECK(0); /* after REDUCE the states hold until the kernel ends */
        }
        strcpy(prev, now);
    }
    /* the two ACTIVE cores take CTAs again after REDUCE */
    issued_after = issued(g) > issued_at_reduce;
    CHECK_EQ(rc, 0);
    CHECK(all_done(g));
    CHECK_EQ(monitor_i, 5);
    CHECK_EQ(reduce_steps, 4);
    CHECK(reduce_done);
    CHECK(issued_after);
    CHECK(monitor_end >= 4500);
    CHECK_EQ(metric(g, METRIC_TCS_CORES), 2);
    CHECK_EQ(metric(g, METRIC_TCS_THROTTLED), 4);
    const kernel_run_t *k = gpu_kernel(g, 0);
    CHECK_EQ(k->ctas_done, k->total_ctas);
    CHECK_EQ(issued(g), k->total_ctas);
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    CHECK_EQ(t.warp_insts, expected);
    /* the gated cores counted gated cycles; at the end of the kernel every
     * core is ACTIVE again (§III.B) */
    uint64_t gated = 0;
    for (uint32_t s = 0; s < 6; s++) {
        gated += gpu_sm_counters(g, s)->gated_cycles;
        CHECK_EQ(gpu_sm_state(g, s), CORE_ACTIVE);
        CHECK_EQ(g->sm[s].mem_throttle, 0);
    }
    CHECK(gated > 0);
    printf("  %llu cycles, %llu gated core-cycles\n", (unsigned long long)t.cycles, (unsigned long long)gated);
    gpu_destroy(g);
}

/* The pace and the end of MONITOR (docs/policies/tcs.md, ambiguities 1 and
 * 4) on Fig. 5's kernel: with one step per 1000-cycle window the fourth
 * throttle (two ACTIVE cores) comes at cycle 4001; with a step of 250 the
 * cores are counted at the first step where stall_cycle passes 500 (every
 * 750 cycles), so the fourth throttle comes at 3001 and a fifth (one core)
 * at 3751, before MONITOR ends at 4500. end=first with step=1000 stops at
 * 4500 cycles with two cores; end=converged goes on while the cores stay memory bound
 * (thr = 0), down to one. */
static void run_fig5_pace(const char *spec, uint64_t *two_active_at, double *cores)
{
    gpu_config_t c = small_cfg(6, 1);
    gpu_t *g = make_gpu(&c, spec);
    CHECK(g != NULL);
    *two_active_at = 0;
    *cores = NAN;
    if (!g)
        return;
    CHECK_EQ(launch(g, FIG5_KERNEL, 0, NULL), 0);
    char now[8];
    int rc = 0;
    while (!all_done(g) && rc == 0 && gpu_cycle(g) < 2000000) {
        rc = step(g);
        states(g, now);
        if (!*two_active_at && count(now, 'A') == 2 && count(now, 'T') == 4)
            *two_active_at = gpu_cycle(g);
    }
    CHECK(all_done(g));
    *cores = metric(g, METRIC_TCS_CORES);
    gpu_destroy(g);
}

static void tcs_pace_and_end_readings(void)
{
    uint64_t at_window = 0, at_step = 0, at_conv = 0;
    double c_window = NAN, c_step = NAN, c_conv = NAN;
    run_fig5_pace("tcs:mon=1000,min=4500,thr=0,step=1000,end=first,sat=off", &at_window, &c_window);
    run_fig5_pace("tcs:mon=1000,min=4500,thr=0,step=250,end=first,sat=off", &at_step, &c_step);
    run_fig5_pace("tcs:mon=1000,min=4500,thr=0,step=1000,end=converged,sat=off", &at_conv, &c_conv);
    printf("  two ACTIVE at cycle %llu (step=1000), %llu (step=250); cores %g, %g, end=converged %g\n",
           (unsigned long long)at_window, (unsigned long long)at_step, c_window, c_step, c_conv);
    CHECK_EQ(at_window, 4001);
    CHECK_EQ(at_step, 3001);
    CHECK_EQ(c_window, 2);
    CHECK_EQ(c_step, 1);
    CHECK_EQ(c_conv, 1);
}

/* throttle=0 (Fig. 8(c)): THROTTLE cores keep issuing memory instructions. */
static void tcs_throttle0_keeps_memory_running(void)
{
    gpu_config_t c = small_cfg(6, 1);
    gpu_t *g = make_gpu(&c, "tcs:mon=1000,min=4500,thr=0,throttle=0,step=1000,end=first,sat=off");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch(g, FIG5_KERNEL, 0, NULL), 0);
    char st[8];
    cs_error_t err;
    CHECK_EQ(gpu_run_until(g, 1500, &err), 0);
    states(g, st);
    CHECK(!strcmp(st, "AAAAAt"));
    CHECK_EQ(gpu_run(g, &err), 0);
    gpu_destroy(g);
}

/* TCS starts over at each kernel: two memory-bound kernels in sequence both
 * go through MONITOR from all six cores (per-kernel decision, Fig. 9), and
 * every core is ACTIVE when the second one starts. hTCS starts each kernel
 * with half the cores (ceil(6/2) = 3) ACTIVE and the rest OFF. */
static void run_two_kernels(const char *spec, const char *start_state, double *cores_k0, double *cores_k1)
{
    gpu_config_t c = small_cfg(6, 1);
    gpu_t *g = make_gpu(&c, spec);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch(g, FIG5_KERNEL, 0, NULL), 0);
    CHECK_EQ(launch(g, FIG5_KERNEL, 0, NULL), 0);
    bool seen[2] = {false, false};
    char st[8];
    int rc = 0;
    while (!all_done(g) && rc == 0 && gpu_cycle(g) < 2000000) {
        rc = step(g);
        for (uint32_t k = 0; k < 2; k++) {
            const kernel_run_t *kr = gpu_kernel(g, k);
            if (!seen[k] && kr->state == KERNEL_RUNNING) {
                seen[k] = true;
                states(g, st);
                printf("  %s: kernel %u starts at cycle %llu with %s\n", spec, k,
                       (unsigned long long)gpu_cycle(g), st);
                CHECK(!strcmp(st, start_state));
                if (k == 1)
                    CHECK_EQ(gpu_kernel(g, 0)->state, KERNEL_DONE);
            }
        }
    }
    CHECK_EQ(rc, 0);
    CHECK(seen[0] && seen[1]);
    *cores_k0 = metric(g, METRIC_TCS_CORES ".k0");
    *cores_k1 = metric(g, METRIC_TCS_CORES ".k1");
    gpu_destroy(g);
}

static void tcs_resets_at_each_kernel(void)
{
    double k0 = NAN, k1 = NAN;
    run_two_kernels(FIG5_SPEC, "AAAAAA", &k0, &k1);
    printf("  tcs cores per kernel: %g %g\n", k0, k1);
    CHECK_EQ(k0, 2);
    /* its own decision (the second kernel finds a warm L2 and its first CTA
     * completes later: one more MONITOR step) */
    CHECK(k1 >= 1 && k1 < 6);
}

static void htcs_starts_with_half(void)
{
    double k0 = NAN, k1 = NAN;
    run_two_kernels("htcs:mon=1000,min=4500,thr=0,step=1000,end=first,sat=off", "AAAOOO", &k0, &k1);
    /* memory bound from three cores: 3 -> 2 -> 1 (never 0) */
    printf("  htcs cores per kernel: %g %g\n", k0, k1);
    CHECK(k0 >= 1 && k0 < 3);
    CHECK(k1 >= 1 && k1 < 3);
}

/* hTCS on a compute-bound kernel: the first MONITOR step finds the ACTIVE
 * half not memory bound and turns the other half on. */
static void htcs_compute_kernel_uses_all_cores(void)
{
    gpu_config_t c = small_cfg(6, 1);
    gpu_t *g = make_gpu(&c, "htcs:mon=1000,min=4500,step=1000,end=first,sat=off");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch(g, "compute:ctas=60,threads=128,iters=64", 0, NULL), 0);
    char st[8];
    cs_error_t err;
    CHECK_EQ(gpu_run_until(g, 1000, &err), 0);
    states(g, st);
    CHECK(!strcmp(st, "AAAOOO"));
    for (uint32_t s = 3; s < 6; s++)
        CHECK_EQ(gpu_sm_resident_ctas(g, s, NULL), 0);
    CHECK_EQ(gpu_run_until(g, 1002, &err), 0);
    states(g, st);
    CHECK(!strcmp(st, "AAAAAA"));
    CHECK_EQ(gpu_run(g, &err), 0);
    for (uint32_t s = 3; s < 6; s++)
        CHECK(gpu_sm_counters(g, s)->ctas_issued > 0);
    CHECK_EQ(metric(g, METRIC_TCS_CORES), 6);
    gpu_destroy(g);
}

/* With the paper's thresholds TCS leaves a compute-bound kernel alone: the
 * same cycles as the baseline (Song et al.: "almost no degradation"). */
static void tcs_leaves_compute_bound_kernels_alone(void)
{
    uint64_t cycles[2] = {0, 0};
    const char *specs[2] = {"rr", "tcs"};
    for (int i = 0; i < 2; i++) {
        gpu_config_t c = small_cfg(6, 2);
        gpu_t *g = make_gpu(&c, specs[i]);
        CHECK(g != NULL);
        if (!g)
            return;
        CHECK_EQ(launch(g, "compute:ctas=96,threads=128,iters=400", 0, NULL), 0);
        cs_error_t err;
        CHECK_EQ(gpu_run(g, &err), 0);
        cycles[i] = gpu_cycle(g);
        if (i == 1)
            CHECK_EQ(metric(g, METRIC_TCS_CORES), 6);
        gpu_destroy(g);
    }
    printf("  rr %llu cycles, tcs %llu\n", (unsigned long long)cycles[0], (unsigned long long)cycles[1]);
    CHECK(cycles[0] > 20000); /* long enough for MONITOR to look */
    CHECK(fabs((double)cycles[1] / (double)cycles[0] - 1.0) <= 0.03);
}

/* ------------------------------------------------------------------------ */
/* DYNCORE, step by step. Six cores, k=2, t_act=5000, period=1000000 (the
 * policy never samples by itself: the test calls its sample() hook, after
 * adding to the cores' act_cycles counters to set G_act). A long compute
 * kernel keeps every core busy. */
static void dyncore_sample_with(gpu_t *g, uint64_t add_act_per_core)
{
    for (uint32_t c = 0; c < gpu_n_sm(g); c++)
        g->sm[c].c.act_cycles += add_act_per_core;
    cta_link_t *p = &g->chain.link[0];
    p->ops->sample(p->st, g, gpu_cycle(g));
}

static void dyncore_drain_then_off_and_return(void)
{
    gpu_config_t c = small_cfg(6, 2);
    gpu_t *g = make_gpu(&c, "dyncore:period=1000000,k=2,t_act=5000");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch(g, "compute:ctas=48,threads=128,iters=40", 0, NULL), 0);
    cs_error_t err;
    CHECK_EQ(gpu_run_until(g, 50, &err), 0);
    char st[8];
    states(g, st);
    CHECK(!strcmp(st, "AAAAAA"));
    for (uint32_t s = 0; s < 6; s++)
        CHECK(gpu_sm_resident_ctas(g, s, NULL) > 0);
    /* G_act < t_act (50 cycles of six cores at most): C4 and C5 drain */
    dyncore_sample_with(g, 0);
    states(g, st);
    CHECK(!strcmp(st, "AAAAOO"));
    uint64_t iss4 = gpu_sm_counters(g, 4)->ctas_issued, iss5 = gpu_sm_counters(g, 5)->ctas_issued;
    uint64_t gated5 = gpu_sm_counters(g, 5)->gated_cycles;
    CHECK(gpu_sm_resident_ctas(g, 5, NULL) > 0); /* draining, not gated yet */
    CHECK_EQ(gpu_run_until(g, 300, &err), 0);
    CHECK_EQ(gpu_sm_counters(g, 5)->gated_cycles, gated5);
    /* G_act > t_act while they drain: both return and take CTAs again */
    dyncore_sample_with(g, 2000);
    states(g, st);
    CHECK(!strcmp(st, "AAAAAA"));
    CHECK_EQ(metric(g, METRIC_DYNCORE_RETURNS), 2);
    /* low again: they drain again, and this time they finish */
    dyncore_sample_with(g, 0);
    states(g, st);
    CHECK(!strcmp(st, "AAAAOO"));
    iss4 = gpu_sm_counters(g, 4)->ctas_issued;
    iss5 = gpu_sm_counters(g, 5)->ctas_issued;
    while (gpu_sm_resident_ctas(g, 4, NULL) + gpu_sm_resident_ctas(g, 5, NULL) > 0 && gpu_cycle(g) < 1000000)
        if (step(g) < 0)
            break;
    CHECK_EQ(gpu_sm_resident_ctas(g, 4, NULL) + gpu_sm_resident_ctas(g, 5, NULL), 0);
    CHECK(!all_done(g));
    CHECK_EQ(metric(g, METRIC_DYNCORE_GATED), 2);
    CHECK_EQ(gpu_sm_counters(g, 4)->ctas_issued, iss4); /* no new CTA while draining */
    CHECK_EQ(gpu_sm_counters(g, 5)->ctas_issued, iss5);
    /* gated now: a high G_act does not bring them back, and they count gated cycles */
    dyncore_sample_with(g, 2000);
    states(g, st);
    CHECK(!strcmp(st, "AAAAOO"));
    gated5 = gpu_sm_counters(g, 5)->gated_cycles;
    CHECK_EQ(gpu_run_until(g, gpu_cycle(g) + 200, &err), 0);
    CHECK(gpu_sm_counters(g, 5)->gated_cycles > gated5);
    CHECK_EQ(gpu_run(g, &err), 0);
    CHECK(all_done(g));
    const kernel_run_t *k = gpu_kernel(g, 0);
    CHECK_EQ(k->ctas_done, k->total_ctas);
    CHECK_EQ(issued(g), k->total_ctas);
    states(g, st);
    CHECK(!strcmp(st, "AAAAAA")); /* every core on after the kernel */
    gpu_destroy(g);
}

/* k = 5 of 6: one core always stays on, however low G_act; k = 6 is refused. */
static void dyncore_never_turns_off_the_last_core(void)
{
    gpu_config_t c = small_cfg(6, 2);
    gpu_t *g = make_gpu(&c, "dyncore:period=1000000,k=5,t_act=5000");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch(g, "compute:ctas=48,threads=128,iters=10", 0, NULL), 0);
    cs_error_t err;
    CHECK_EQ(gpu_run_until(g, 50, &err), 0);
    char st[8];
    for (int i = 0; i < 3; i++) {
        dyncore_sample_with(g, 0);
        states(g, st);
        CHECK(!strcmp(st, "AOOOOO"));
    }
    CHECK_EQ(gpu_run(g, &err), 0);
    CHECK(all_done(g));
    CHECK_EQ(issued(g), gpu_kernel(g, 0)->total_ctas);
    gpu_destroy(g);
    gpu_t *bad = gpu_create_named(&c, "dyncore:k=6", NULL, &err);
    CHECK(bad == NULL);
    if (bad)
        gpu_destroy(bad);
    else
        printf("  dyncore:k=6 on 6 cores: %s\n", err.msg);
    c.active_cores = 3;
    bad = gpu_create_named(&c, "dyncore:k=3", NULL, &err);
    CHECK(bad == NULL);
    if (bad)
        gpu_destroy(bad);
}

/* ------------------------------------------------------------------------ */
/* --active-cores: only the first N cores take CTAs; the others are gated for
 * the whole run; a gating policy keeps to the first N. */
static void active_cores_gate_the_rest(void)
{
    const char *specs[] = {"rr", "claso", "tcs:mon=500,min=1000", "htcs:mon=500,min=1000", "dyncore:k=1,t_act=100000",
                           "tcs:mon=500,min=1000+claso"};
    for (unsigned i = 0; i < CS_ARRAY_LEN(specs); i++) {
        gpu_config_t c = small_cfg(6, 2);
        c.active_cores = 4;
        gpu_t *g = make_gpu(&c, specs[i]);
        CHECK(g != NULL);
        if (!g)
            continue;
        uint64_t expected = 0;
        CHECK_EQ(launch(g, FIG5_KERNEL, 0, &expected), 0);
        cs_error_t err;
        CHECK_EQ(gpu_run(g, &err), 0);
        gpu_totals_t t;
        gpu_get_totals(g, &t);
        CHECK_EQ(t.warp_insts, expected);
        CHECK_EQ(issued(g), gpu_kernel(g, 0)->total_ctas);
        for (uint32_t s = 4; s < 6; s++) {
            CHECK_EQ(gpu_sm_counters(g, s)->ctas_issued, 0);
            CHECK_EQ(gpu_sm_counters(g, s)->gated_cycles, t.cycles);
            CHECK_EQ(gpu_sm_state(g, s), CORE_OFF);
        }
        printf("  %-28s %llu cycles\n", specs[i], (unsigned long long)t.cycles);
        gpu_destroy(g);
    }
    gpu_config_t c = small_cfg(6, 2);
    c.active_cores = 7;
    cs_error_t err;
    CHECK(config_validate(&c, &err) < 0);
}

static void bad_arguments_are_rejected(void)
{
    const char *bad[] = {"tcs:mon=0", "tcs:throttle=2", "tcs:stall=mshr", "tcs:reset=never", "tcs:reduce=tail", "htcs:x=1",
                         "dyncore:pcpg=2", "dyncore:k=6", "dyncore:period=0", "tcs:thr=-1",
                         "tcs:step=0", "tcs:mon=100,step=101", "tcs:step=500,reset=window", "tcs:end=never",
                         "tcs:sat=bw", "htcs:sat_tol=100"};
    gpu_config_t c = small_cfg(6, 2);
    for (unsigned i = 0; i < CS_ARRAY_LEN(bad); i++) {
        cs_error_t err;
        gpu_t *g = gpu_create_named(&c, bad[i], NULL, &err);
        CHECK(g == NULL);
        if (g) {
            printf("  accepted %s\n", bad[i]);
            gpu_destroy(g);
        }
    }
    const char *good[] = {"tcs:mon=4096,min=0,thr=300,throttle=0,stall=cmem,reset=window,reduce=grid,step=4096",
                          "tcs:step=1,end=first,sat=ipc,sat_tol=0", "htcs", "dyncore:k=5,pcpg=0",
                          "tcs+lcs", "lcs+tcs", "tcs+claso", "dyncore+claso"};
    for (unsigned i = 0; i < CS_ARRAY_LEN(good); i++) {
        cs_error_t err;
        gpu_t *g = gpu_create_named(&c, good[i], NULL, &err);
        CHECK(g != NULL);
        if (!g)
            printf("  rejected %s: %s\n", good[i], err.msg);
        gpu_destroy(g);
    }
}

int main(void)
{
    RUN(tcs_fig5_six_cores);
    RUN(tcs_pace_and_end_readings);
    RUN(tcs_throttle0_keeps_memory_running);
    RUN(tcs_resets_at_each_kernel);
    RUN(htcs_starts_with_half);
    RUN(htcs_compute_kernel_uses_all_cores);
    RUN(tcs_leaves_compute_bound_kernels_alone);
    RUN(dyncore_drain_then_off_and_return);
    RUN(dyncore_never_turns_off_the_last_core);
    RUN(active_cores_gate_the_rest);
    RUN(bad_arguments_are_rejected);
    TEST_EXIT();
}
