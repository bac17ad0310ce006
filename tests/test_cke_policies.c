/* test_cke_policies.c — the concurrent-kernel policies (cke, spatial, mcke,
 * lcs+mcke) and what mixes report:
 *   - properties on real runs of four synthetic kernels on three streams,
 *     stepped one core cycle at a time: every CTA of every kernel issued
 *     exactly once and in order, per-core resources never exceeded by the
 *     sum of the kernels' CTAs, spatial's partition and mcke's per-kernel
 *     limits respected at every issue, no kernel starved while it has CTAs
 *     left, stream order kept. A probe link appended to each chain checks
 *     what holds at the moment a CTA is issued.
 *   - spatial exact: two identical compute kernels on disjoint halves of
 *     the GPU take exactly the cycles of one of them alone on half the GPU.
 *   - per-kernel statistics sum to the totals; STP/ANTT/fairness on hand
 *     numbers; mcke refuses a pair that cannot share a core. */
#include "gpu/gpu_internal.h"
#include "gpu/multiprog.h"
#include "gpu/metrics.h"
#include "policy/bypass_learn.h"
#include "frontend/synth.h"
#include "test.h"
#include "test_launch.h"
#include "policy/registry.h"

/* ------------------------------------------------------------------------ */
/* the probe: a link that checks each issued CTA */

#define PK_MAX 8
typedef struct probe_state {
    const char *spec;       /* the chain under test */
    uint32_t mcke_lim[4];   /* explicit mcke limits (0: none) */
    uint64_t issued[PK_MAX];
    uint64_t bad_order, bad_stream, bad_partition, bad_limit;
} probe_state_t;
static probe_state_t probe; /* the tests run one GPU at a time */

static uint32_t stream_rank(struct gpu *g, const kernel_run_t *k)
{
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64), r = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool first = run[i]->desc.stream < k->desc.stream;
        for (uint32_t j = 0; j < i && first; j++)
            first = run[j]->desc.stream != run[i]->desc.stream;
        r += first;
    }
    return r;
}

static void probe_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    const kernel_run_t *k = cta->kernel;
    if (k->index < PK_MAX) {
        /* exactly once, in order: the ids of a kernel come 0, 1, 2, ... */
        if (cta->cta_id != probe.issued[k->index])
            probe.bad_order++;
        probe.issued[k->index]++;
    }
    /* stream order: every earlier kernel of the stream is done */
    for (uint32_t i = 0; i < k->index; i++) {
        const kernel_run_t *e = gpu_kernel(g, i);
        if (e->desc.stream == k->desc.stream && e->state != KERNEL_DONE)
            probe.bad_stream++;
    }
    uint32_t res = gpu_sm_resident_ctas(g, cta->sm, k);
    if (res > gpu_chain_cap(g, cta->sm, k, NULL))
        probe.bad_limit++;
    if (strstr(probe.spec, "mcke")) {
        uint32_t r = stream_rank(g, k);
        if (r < 4 && probe.mcke_lim[r] && res > probe.mcke_lim[r])
            probe.bad_limit++;
    }
    if (strstr(probe.spec, "spatial")) {
        const kernel_run_t *run[64];
        uint32_t n = gpu_running_kernels(g, run, 64), N = gpu_n_sm(g);
        for (uint32_t i = 0; i < n; i++)
            if (run[i] == k) {
                uint32_t lo = n <= N ? i * N / n : i % N, hi = n <= N ? (i + 1) * N / n : i % N + 1;
                if (cta->sm < lo || cta->sm >= hi)
                    probe.bad_partition++;
            }
    }
}

static const cta_policy_ops_t probe_ops = {
    .name = "ckeprobe", .summary = "test probe", .params = "", .cta_issued = probe_issued};

/* ------------------------------------------------------------------------ */
/* helpers */

static gpu_config_t test_cfg(uint32_t cores)
{
    gpu_config_t c;
    config_defaults(&c);
    c.n_clusters = cores;
    c.n_cores_per_cluster = 1;
    return c;
}


/* Every core's resident CTAs, summed over their kernels, within its resources. */
static bool resources_ok(const gpu_t *g)
{
    const gpu_config_t *c = gpu_config(g);
    for (uint32_t s = 0; s < gpu_n_sm(g); s++) {
        cta_info_t ci[64];
        uint32_t n = gpu_sm_ctas(g, s, ci, 64);
        uint64_t th = 0, wa = 0, rg = 0, sh = 0;
        for (uint32_t i = 0; i < n; i++) {
            th += ci[i].kernel->threads_per_cta;
            wa += ci[i].kernel->warps_per_cta;
            rg += ci[i].kernel->regs_per_cta;
            sh += ci[i].kernel->shmem_per_cta;
        }
        if (n > c->max_cta_per_sm || th > c->max_threads_per_sm || wa > CONFIG_MAX_WARPS_PER_SM ||
            rg > c->registers_per_sm || sh > c->shmem_per_sm)
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------------ */
/* properties */

static const struct {
    const char *spec;
    uint32_t stream;
} mix_kernels[] = {
    {"strided:ctas=60,threads=128,iters=3", 0},
    {"compute:ctas=40,threads=256,iters=6", 1},
    {"stream:ctas=30,threads=64,iters=4", 0}, /* after the first, same stream */
    {"shmem:ctas=24,threads=128,iters=4", 2},
};
#define N_MIX (sizeof mix_kernels / sizeof mix_kernels[0])
#define STARVE_BOUND 20000 /* core cycles: longer than any CTA of these kernels lives */

static unsigned stream_shift; /* 16: streams as a mix numbers them (tlpmod's profiles) */
static bool greedy;           /* default concurrency: later kernels wait for what earlier ones leave */

static void check_concurrent_properties(const char *policy, const uint32_t lim[4])
{
    memset(&probe, 0, sizeof probe);
    probe.spec = policy;
    if (lim)
        memcpy(probe.mcke_lim, lim, sizeof probe.mcke_lim);
    char chain[128];
    snprintf(chain, sizeof chain, "%s+ckeprobe", policy);
    gpu_config_t c = test_cfg(4);
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, chain, "gto", &err);
    CHECK(g != NULL);
    if (!g) {
        printf("  %s: %s\n", chain, err.msg);
        return;
    }
    for (unsigned i = 0; i < N_MIX; i++)
        CHECK_EQ(test_launch_spec(g, mix_kernels[i].spec, mix_kernels[i].stream << stream_shift), 0);
    uint64_t starve[N_MIX] = {0}, worst = 0, resource_bad = 0, steps = 0;
    bool cke = !strncmp(policy, "cke", 3) || greedy;
    for (;;) {
        int r = gpu_run_until(g, gpu_cycle(g) + 1, &err);
        CHECK(r >= 0);
        if (r != 0)
            break;
        steps++;
        resource_bad += !resources_ok(g);
        const kernel_run_t *run[16];
        uint32_t n = gpu_running_kernels(g, run, 16);
        bool earlier_left = false;
        for (uint32_t i = 0; i < n; i++) {
            const kernel_run_t *k = run[i];
            uint64_t res = 0;
            for (uint32_t s = 0; s < gpu_n_sm(g); s++)
                res += gpu_sm_resident_ctas(g, s, k);
            bool left = k->next_cta < k->total_ctas;
            /* cke's rule: a later kernel waits while an earlier one has CTAs to place */
            if (left && res == 0 && !(cke && earlier_left))
                starve[k->index] += 1;
            else
                starve[k->index] = 0;
            if (starve[k->index] > worst)
                worst = starve[k->index];
            earlier_left |= left;
        }
        if (steps > 5000000)
            break;
    }
    CHECK(steps > 100);
    CHECK_EQ(resource_bad, 0);
    CHECK(worst < STARVE_BOUND);
    CHECK_EQ(probe.bad_order, 0);
    CHECK_EQ(probe.bad_stream, 0);
    CHECK_EQ(probe.bad_partition, 0);
    CHECK_EQ(probe.bad_limit, 0);
    for (unsigned i = 0; i < N_MIX; i++) {
        const kernel_run_t *k = gpu_kernel(g, i);
        CHECK_EQ(k->state, KERNEL_DONE);
        CHECK_EQ(probe.issued[i], k->total_ctas);
        CHECK_EQ(k->ctas_done, k->total_ctas);
    }
    if (test_case_failed)
        printf("  policy %s: worst starvation %" PRIu64 " cycles\n", policy, worst);
    gpu_destroy(g);
}

static void props_cke(void) { check_concurrent_properties("cke", NULL); }
static void props_cke_caps(void) { check_concurrent_properties("cke:a=2,b=1", NULL); }
static void props_spatial(void) { check_concurrent_properties("spatial", NULL); }
static void props_mcke_given(void) { check_concurrent_properties("mcke:a=2,b=3,c=1", (uint32_t[4]){2, 3, 1, 0}); }
static void props_mcke_default(void) { check_concurrent_properties("mcke", NULL); }
static void props_lcs_mcke(void) { check_concurrent_properties("lcs+mcke", NULL); }
static void props_rr_cke_chain(void) { check_concurrent_properties("cke+claso", NULL); }
static void props_tlpmod(void)
{
    stream_shift = 16;
    check_concurrent_properties("tlpmod:p0=down/1,p1=optimal/2,p2=up/4", NULL);
    greedy = true; /* both Up: default concurrency */
    check_concurrent_properties("tlpmod:p0=up/4,p1=up/4+bypass", NULL);
    greedy = false;
    check_concurrent_properties("tlpmod:p0=optimal/2,p1=down/1+bypass:period=700", NULL);
    stream_shift = 0;
}

/* The most CTAs of each of two compute kernels (stream 0 and mix stream 1)
 * on a core while both run, under the CTA policy SPEC. */
static void tlpmod_pair_max(const char *spec, uint32_t *max0_out, uint32_t *max1_out)
{
    gpu_config_t c = test_cfg(4);
    cs_error_t err;
    *max0_out = *max1_out = 0;
    gpu_t *g = gpu_create_named(&c, spec, "gto", &err);
    CHECK(g != NULL);
    if (!g)
        return;
    /* 256 threads each, 1536 per core: beside 2 of A's, 4 of B's */
    CHECK_EQ(test_launch_spec(g, "compute:ctas=80,threads=256,iters=8", 0), 0);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=80,threads=256,iters=8", 1 << 16), 0);
    uint32_t max0 = 0, max1 = 0;
    for (;;) {
        int r = gpu_run_until(g, gpu_cycle(g) + 1, &err);
        if (r != 0)
            break;
        bool both = gpu_kernel(g, 0)->state == KERNEL_RUNNING && gpu_kernel(g, 1)->state == KERNEL_RUNNING;
        for (uint32_t s = 0; s < 4 && both; s++) {
            uint32_t a = gpu_sm_resident_ctas(g, s, gpu_kernel(g, 0)), b = gpu_sm_resident_ctas(g, s, gpu_kernel(g, 1));
            max0 = a > max0 ? a : max0;
            max1 = b > max1 ? b : max1;
        }
    }
    *max0_out = max0;
    *max1_out = max1;
    gpu_destroy(g);
}

/* tlpmod's Tb: the Down kernel at opt(A), the Up kernel fills the rest */
static void tlpmod_limits_pair(void)
{
    uint32_t max0, max1;
    tlpmod_pair_max("tlpmod:p0=down/2,p1=up/6", &max0, &max1);
    CHECK_EQ(max0, 2);
    CHECK_EQ(max1, 4);
}

/* III-A's other rules: both Up is default concurrency (no limit: the first
 * kernel fills a core, 6 of 6); the Down/Optimal kernel is A whichever stream
 * it is on (B on stream 0 fills the 4 left beside A's 2); both Down/Optimal:
 * the older is A (Tb_A = 3, Tb_B = the 3 left, not 1 and 5) */
static void tlpmod_decision_rules(void)
{
    uint32_t max0, max1;
    tlpmod_pair_max("tlpmod:p0=up/6,p1=up/6", &max0, &max1);
    CHECK_EQ(max0, 6);
    tlpmod_pair_max("tlpmod:p0=up/6,p1=down/2", &max0, &max1);
    CHECK_EQ(max0, 4);
    CHECK_EQ(max1, 2);
    tlpmod_pair_max("tlpmod:p0=optimal/3,p1=down/1", &max0, &max1);
    CHECK_EQ(max0, 3);
    CHECK_EQ(max1, 3);
}

/* a profile naming a kernel holds only that kernel: the same pair when the
 * name matches, default concurrency (both Up) when it names another */
static void tlpmod_profile_of_one_kernel(void)
{
    uint32_t max0, max1;
    tlpmod_pair_max("tlpmod:p0=down/2/compute,p1=up/6", &max0, &max1);
    CHECK_EQ(max0, 2);
    CHECK_EQ(max1, 4);
    tlpmod_pair_max("tlpmod:p0=down/2/not_this_kernel,p1=up/6", &max0, &max1);
    CHECK(max0 > 2);
}

/* Li & Liang III-B's steps on hand-made stall samples */
static void bypass_learning_steps(void)
{
    bypass_learn_t l;
    /* A bypasses, grows to 2, a third makes it worse: back to 2 */
    bypass_learn_init(&l, 3, 2, true);
    CHECK(l.by[0] == 0 && l.by[1] == 0 && l.step == BL_NONE);
    bypass_learn_sample(&l, 100); /* Stall_none */
    CHECK(l.by[0] == 1 && l.by[1] == 0 && l.step == BL_TRY_A);
    bypass_learn_sample(&l, 90); /* Stall_A */
    CHECK(l.by[0] == 0 && l.by[1] == 1 && l.step == BL_TRY_B);
    bypass_learn_sample(&l, 95); /* Stall_B: A is the lesser */
    CHECK_EQ(l.chosen, 0);
    CHECK(l.by[0] == 2 && l.by[1] == 0 && l.step == BL_GROW); /* trying By_A + 1 */
    bypass_learn_sample(&l, 80);                              /* better: keep 2, try 3 */
    CHECK(l.by[0] == 3 && l.step == BL_GROW);
    bypass_learn_sample(&l, 85); /* worse: back to 2, done */
    CHECK(l.by[0] == 2 && l.by[1] == 0 && l.step == BL_DONE);
    bypass_learn_sample(&l, 1); /* done stays done */
    CHECK(l.by[0] == 2 && l.step == BL_DONE);
    /* no bypassing beats both */
    bypass_learn_init(&l, 3, 2, true);
    bypass_learn_sample(&l, 50);
    bypass_learn_sample(&l, 60);
    bypass_learn_sample(&l, 70);
    CHECK(l.chosen == -1 && l.by[0] == 0 && l.by[1] == 0 && l.step == BL_DONE);
    /* B bypasses and grows to its Tb (2), where it stops */
    bypass_learn_init(&l, 3, 2, true);
    bypass_learn_sample(&l, 100);
    bypass_learn_sample(&l, 95);
    bypass_learn_sample(&l, 90);
    CHECK(l.chosen == 1 && l.by[0] == 0 && l.by[1] == 2 && l.step == BL_GROW);
    bypass_learn_sample(&l, 70);
    CHECK(l.by[1] == 2 && l.step == BL_DONE);
    /* one kernel only: step 3 skipped */
    bypass_learn_init(&l, 4, 0, false);
    bypass_learn_sample(&l, 100);
    CHECK(l.by[0] == 1 && l.step == BL_TRY_A);
    bypass_learn_sample(&l, 99);
    CHECK(l.chosen == 0 && l.by[0] == 2 && l.step == BL_GROW);
    /* Tb_A = 1: A at its limit at once */
    bypass_learn_init(&l, 1, 1, true);
    bypass_learn_sample(&l, 100);
    bypass_learn_sample(&l, 10);
    bypass_learn_sample(&l, 20);
    CHECK(l.chosen == 0 && l.by[0] == 1 && l.step == BL_DONE);
}

/* A bypass-tagged CTA's loads neither hit nor allocate in L1; untagged as before */
static void bypass_tags_skip_l1(void)
{
    const char *spec = "stream:ctas=48,threads=128,iters=4,store=0";
    const char *chains[3] = {"cke", "cke+bypass:a=64", "cke+bypass:a=1"};
    uint64_t acc[3], byp[3], hits[3], l1tot[3];
    for (unsigned i = 0; i < 3; i++) {
        gpu_config_t c = test_cfg(4);
        cs_error_t err;
        gpu_t *g = gpu_create_named(&c, chains[i], "gto", &err);
        CHECK(g != NULL);
        if (!g)
            return;
        CHECK_EQ(test_launch_spec(g, spec, 0), 0);
        CHECK_EQ(gpu_run(g, &err), 0);
        const kernel_stats_t *k = &gpu_kernel(g, 0)->st;
        gpu_totals_t t;
        gpu_get_totals(g, &t);
        acc[i] = k->l1_accesses;
        byp[i] = k->l1_bypassed;
        hits[i] = k->l1_hits;
        l1tot[i] = t.l1_accesses;
        gpu_destroy(g);
    }
    CHECK(acc[0] > 0 && byp[0] == 0);
    CHECK_EQ(acc[1], 0); /* every CTA tagged: no L1 lookup at all */
    CHECK_EQ(hits[1], 0);
    CHECK_EQ(l1tot[1], 0);
    CHECK(byp[1] > 0);
    CHECK(acc[2] > 0 && byp[2] > 0); /* one CTA per core tagged */
    CHECK(acc[2] < acc[0]);
}

/* stall=rate: periods of different lengths compare per cycle. Stall_none
 * 1000 stall cycles in a 5000-cycle period (0.2 per cycle), Stall_A 3000 in
 * 20000 (0.15), Stall_B 2400 in 10000 (0.24): A bypasses by rate, while
 * the raw counts pick no bypass (1000 is the least). */
static void bypass_stall_rate_compares_unequal_periods(void)
{
    CHECK_EQ(bypass_period_stall(1000, 5000, true), 204);  /* 0.2 x 1024, floored */
    CHECK_EQ(bypass_period_stall(3000, 20000, true), 153);
    CHECK_EQ(bypass_period_stall(3000, 20000, false), 3000);
    CHECK_EQ(bypass_period_stall(7, 0, true), 7 * 1024); /* an empty period does not divide by 0 */
    const uint64_t stall[3] = {1000, 3000, 2400}, len[3] = {5000, 20000, 10000};
    for (int rate = 0; rate < 2; rate++) {
        bypass_learn_t l;
        bypass_learn_init(&l, 4, 4, true);
        for (unsigned i = 0; i < 3; i++)
            bypass_learn_sample(&l, bypass_period_stall(stall[i], len[i], rate));
        if (rate) {
            CHECK_EQ(l.chosen, 0);
            CHECK(l.by[0] == 2 && l.by[1] == 0 && l.step == BL_GROW); /* A at 1, trying 2 */
        } else {
            CHECK_EQ(l.chosen, -1);
            CHECK(l.by[0] == 0 && l.by[1] == 0 && l.step == BL_DONE);
        }
    }
}

/* The largest value of a policy metric's series over the run (-1: none). */
static double series_max(const gpu_t *g, const char *name)
{
    const uint64_t *cyc;
    const double *v;
    size_t n = gpu_metric_series(g, name, &cyc, &v);
    double m = -1;
    for (size_t i = 0; i < n; i++)
        m = v[i] > m ? v[i] : m;
    return m;
}

/* scope=sm: each core learns from its own stall. Two CTAs of a streaming
 * kernel on a 4-core GPU leave cores 2 and 3 idle: their stall is 0 in every
 * period, so their learners keep no bypass (a tie goes to none), while the
 * two busy cores, whose stall falls after the first period, choose A. A
 * learner fed the whole GPU's stall (scope=gpu) makes one choice for all. */
static void bypass_scope_sm_learns_per_core(void)
{
    const char *spec = "stream:ctas=2,threads=256,iters=64,store=0";
    double sms_a[2], by_a[2]; /* the series' largest values: cores choosing A, By_A (scope=sm: the mean) */
    double last_by_a[2], final_by_a[2]; /* By_A's last sample and its final metric */
    const char *chains[2] = {"cke+bypass:scope=sm,period=300", "cke+bypass:scope=gpu,period=300"};
    for (unsigned i = 0; i < 2; i++) {
        gpu_config_t c = test_cfg(4);
        cs_error_t err;
        gpu_t *g = gpu_create_named(&c, chains[i], "gto", &err);
        CHECK(g != NULL);
        if (!g)
            return;
        CHECK_EQ(test_launch_spec(g, spec, 0), 0);
        CHECK_EQ(gpu_run(g, &err), 0);
        sms_a[i] = series_max(g, "bypass.sms_a");
        by_a[i] = series_max(g, "bypass.by_a");
        const uint64_t *cyc;
        const double *v;
        size_t ns = gpu_metric_series(g, "bypass.by_a", &cyc, &v);
        last_by_a[i] = ns ? v[ns - 1] : -1;
        final_by_a[i] = -1;
        metrics_get(gpu_metrics(g), "bypass.by_a", &final_by_a[i]);
        gpu_destroy(g);
    }
    CHECK_EQ(sms_a[0], 2);   /* the two busy cores chose A, the idle two none */
    CHECK(final_by_a[1] >= 1); /* the run's final metric is what was learned, not the reset at the last kernel's end */
    CHECK_EQ(final_by_a[1], last_by_a[1]);
    CHECK(by_a[1] >= 1);     /* the GPU-wide learner chose A as well */
    CHECK_EQ(sms_a[1], -1);  /* scope=gpu has no per-core counts */
}

/* mcke's limits are used: with a=1 the first kernel never has two CTAs on a core */
static void mcke_limits_hold_on_every_core(void)
{
    gpu_config_t c = test_cfg(4);
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, "mcke:a=1,b=2", "gto", &err);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(test_launch_spec(g, "compute:ctas=40,threads=128,iters=8", 0), 0);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=40,threads=128,iters=8", 1), 0);
    uint32_t max0 = 0, max1 = 0, both = 0;
    for (;;) {
        int r = gpu_run_until(g, gpu_cycle(g) + 1, &err);
        if (r != 0)
            break;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t a = gpu_sm_resident_ctas(g, s, gpu_kernel(g, 0)), b = gpu_sm_resident_ctas(g, s, gpu_kernel(g, 1));
            max0 = a > max0 ? a : max0;
            max1 = b > max1 ? b : max1;
            both += a && b;
        }
    }
    CHECK_EQ(max0, 1);
    CHECK_EQ(max1, 2);
    CHECK(both > 0); /* both kernels shared cores */
    gpu_destroy(g);
}

/* ------------------------------------------------------------------------ */
/* spatial exact: two identical kernels on disjoint halves = one alone on half the GPU */

static uint64_t kernel_cycles(const kernel_run_t *k) { return k->end_cycle - k->start_cycle; }

static void spatial_halves_equal_half_gpu_alone(void)
{
    const char *spec = "compute:ctas=64,threads=256,iters=8,ilp=2";
    cs_error_t err;
    gpu_config_t full = test_cfg(8), half = test_cfg(4);
    gpu_t *g = gpu_create_named(&full, "spatial", "gto", &err);
    gpu_t *h = gpu_create_named(&half, "rr", "gto", &err);
    CHECK(g && h);
    if (!g || !h)
        return;
    CHECK_EQ(test_launch_spec(g, spec, 0), 0);
    CHECK_EQ(test_launch_spec(g, spec, 1), 0);
    CHECK_EQ(test_launch_spec(h, spec, 0), 0);
    CHECK_EQ(gpu_run(g, &err), 0);
    CHECK_EQ(gpu_run(h, &err), 0);
    uint64_t alone = kernel_cycles(gpu_kernel(h, 0));
    CHECK(alone > 1000);
    CHECK_EQ(kernel_cycles(gpu_kernel(g, 0)), alone);
    CHECK_EQ(kernel_cycles(gpu_kernel(g, 1)), alone);
    /* and each stayed on its half */
    uint64_t ctas_lo = 0, ctas_hi = 0;
    for (uint32_t s = 0; s < 8; s++) {
        if (s < 4)
            ctas_lo += gpu_sm_counters(g, s)->ctas_issued;
        else
            ctas_hi += gpu_sm_counters(g, s)->ctas_issued;
    }
    CHECK_EQ(ctas_lo, 64);
    CHECK_EQ(ctas_hi, 64);
    gpu_destroy(g);
    gpu_destroy(h);
}

/* ------------------------------------------------------------------------ */
/* per-kernel statistics sum to the totals */

static void per_kernel_stats_sum_to_totals(void)
{
    const char *policies[] = {"cke", "mcke:a=2,b=2", "spatial"};
    for (unsigned p = 0; p < 3; p++) {
        gpu_config_t c = test_cfg(4);
        cs_error_t err;
        gpu_t *g = gpu_create_named(&c, policies[p], "gto", &err);
        CHECK(g != NULL);
        if (!g)
            return;
        CHECK_EQ(test_launch_spec(g, "stream:ctas=40,threads=128,iters=4", 0), 0);
        CHECK_EQ(test_launch_spec(g, "strided:ctas=30,threads=128,iters=3", 1), 0);
        CHECK_EQ(test_launch_spec(g, "stream:ctas=20,threads=64,iters=2,store=0", 0), 0);
        CHECK_EQ(test_launch_spec(g, "compute:ctas=20,threads=64,iters=4", 2), 0);
        CHECK_EQ(gpu_run(g, &err), 0);
        gpu_totals_t t;
        gpu_get_totals(g, &t);
        kernel_stats_t s;
        memset(&s, 0, sizeof s);
        uint64_t insts = 0, winsts = 0;
        for (uint32_t i = 0; i < gpu_n_kernels(g); i++) {
            const kernel_run_t *k = gpu_kernel(g, i);
            const uint64_t *a = (const uint64_t *)&k->st;
            uint64_t *b = (uint64_t *)&s;
            for (size_t j = 0; j < sizeof s / sizeof(uint64_t); j++)
                b[j] += a[j];
            insts += k->thread_insts;
            winsts += k->warp_insts;
        }
        uint64_t st_struct = 0, st_mem = 0, bypassed = 0;
        for (uint32_t i = 0; i < gpu_n_sm(g); i++) {
            st_struct += gpu_sm_counters(g, i)->struct_stall;
            st_mem += gpu_sm_counters(g, i)->mem_stall;
            bypassed += gpu_sm_counters(g, i)->l1_bypassed;
        }
        CHECK_EQ(insts, t.thread_insts);
        CHECK_EQ(winsts, t.warp_insts);
        CHECK(t.l1_accesses > 0 && t.l2_accesses > 0 && t.dram_reads > 0 && t.dram_writes > 0);
        CHECK_EQ(s.l1_accesses, t.l1_accesses);
        CHECK_EQ(s.l1_hits, t.l1_hits);
        CHECK_EQ(s.l1_misses, t.l1_misses);
        CHECK_EQ(s.l1_pending_hits, t.l1_pending_hits);
        CHECK_EQ(s.l1_bypassed, bypassed);
        CHECK_EQ(s.l2_accesses, t.l2_accesses);
        CHECK_EQ(s.l2_hits, t.l2_hits);
        CHECK_EQ(s.l2_misses, t.l2_misses);
        CHECK_EQ(s.l2_pending_hits, t.l2_pending_hits);
        CHECK_EQ(s.dram_reads, t.dram_reads);
        CHECK_EQ(s.dram_writes, t.dram_writes);
        CHECK(st_struct + st_mem > 0);
        CHECK_EQ(s.struct_stall, st_struct);
        CHECK_EQ(s.mem_stall, st_mem);
        gpu_destroy(g);
    }
}

/* ------------------------------------------------------------------------ */
/* STP / ANTT / fairness by hand */

static void multiprogram_metrics_by_hand(void)
{
    /* A: 100 alone, 200 shared (slowdown 2); B: 300 alone, 900 shared (3) */
    uint64_t shared[] = {200, 900}, alone[] = {100, 300};
    double slow[2];
    mp_metrics_t m;
    CHECK_EQ(mp_metrics(shared, alone, 2, slow, &m), 0);
    CHECK_NEAR(slow[0], 2.0, 1e-12);
    CHECK_NEAR(slow[1], 3.0, 1e-12);
    CHECK_NEAR(m.stp, 0.5 + 1.0 / 3.0, 1e-12);
    CHECK_NEAR(m.antt, 2.5, 1e-12);
    CHECK_NEAR(m.fairness, 2.0 / 3.0, 1e-12);
    /* no interference at all: STP = n, ANTT = 1, fairness 1 */
    uint64_t same[] = {50, 70, 90};
    CHECK_EQ(mp_metrics(same, same, 3, NULL, &m), 0);
    CHECK_NEAR(m.stp, 3.0, 1e-12);
    CHECK_NEAR(m.antt, 1.0, 1e-12);
    CHECK_NEAR(m.fairness, 1.0, 1e-12);
    /* a workload that got faster (slowdown 0.5) counts for 2 in STP */
    uint64_t s2[] = {50}, a2[] = {100};
    CHECK_EQ(mp_metrics(s2, a2, 1, NULL, &m), 0);
    CHECK_NEAR(m.stp, 2.0, 1e-12);
    uint64_t zero[] = {0};
    CHECK_EQ(mp_metrics(zero, a2, 1, NULL, &m), -1);
    CHECK_EQ(mp_metrics(NULL, NULL, 0, NULL, &m), -1);
}

/* ------------------------------------------------------------------------ */
/* mcke refuses a pair that cannot share a core */

static void mcke_pair_that_cannot_share_a_core_fails(void)
{
    gpu_config_t c = test_cfg(2);
    c.max_threads_per_sm = 256;
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, "mcke", "gto", &err);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(test_launch_spec(g, "compute:ctas=8,threads=256,iters=2", 0), 0);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=8,threads=256,iters=2", 1), 0);
    CHECK_EQ(gpu_run(g, &err), -1);
    CHECK(strstr(err.msg, "do not fit on one core together") != NULL);
    CHECK(strchr(err.msg, '\n') == NULL);
    gpu_destroy(g);
    /* the same pair one after the other (same stream) is fine */
    g = gpu_create_named(&c, "mcke", "gto", &err);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=8,threads=256,iters=2", 0), 0);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=8,threads=256,iters=2", 0), 0);
    CHECK_EQ(gpu_run(g, &err), 0);
    gpu_destroy(g);
}

/* ------------------------------------------------------------------------ */
/* -gpgpu_concurrent_kernel_sm: a core per kernel (0) or shared (1) */

typedef struct {
    uint32_t shared_core_cycles;   /* core-cycles a core held CTAs of both kernels */
    uint32_t first_wave[2];        /* cores holding each kernel once both have started */
    uint32_t max_per_core[2];
} sm_mode_t;

static sm_mode_t run_sm_mode(uint32_t concurrent_kernel_sm, const char *chain)
{
    sm_mode_t o = {0};
    gpu_config_t c = test_cfg(4);
    c.concurrent_kernel_sm = concurrent_kernel_sm;
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, chain, "gto", &err);
    CHECK(g != NULL);
    if (!g)
        return o;
    /* 256 threads: six of either kernel fill a core's 1536 threads */
    CHECK_EQ(test_launch_spec(g, "compute:ctas=60,threads=256,iters=8", 0), 0);
    CHECK_EQ(test_launch_spec(g, "compute:ctas=60,threads=256,iters=8", 1), 0);
    bool seen_wave = false;
    for (;;) {
        if (gpu_run_until(g, gpu_cycle(g) + 1, &err) != 0)
            break;
        uint32_t held[2] = {0, 0};
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t n[2];
            for (unsigned k = 0; k < 2; k++) {
                n[k] = gpu_sm_resident_ctas(g, s, gpu_kernel(g, k));
                held[k] += n[k] > 0;
                o.max_per_core[k] = n[k] > o.max_per_core[k] ? n[k] : o.max_per_core[k];
            }
            o.shared_core_cycles += n[0] && n[1];
        }
        /* the first wave's split: a CTA a core a cycle, so by cycle 16 every
         * core is full (at most 6 CTAs each), and none has ended yet */
        if (!seen_wave && gpu_cycle(g) >= 16) {
            seen_wave = true;
            CHECK_EQ(gpu_kernel(g, 0)->ctas_done + gpu_kernel(g, 1)->ctas_done, 0);
            o.first_wave[0] = held[0];
            o.first_wave[1] = held[1];
        }
    }
    CHECK(gpu_kernel(g, 0)->state == KERNEL_DONE && gpu_kernel(g, 1)->state == KERNEL_DONE);
    gpu_destroy(g);
    return o;
}

/* 0: never two kernels on a core, and the empty cores of the first wave
 * alternate between the kernels (GPGPU-Sim 3.x's round-robin select_kernel):
 * two cores each, where launch order would give all four to the first. 1:
 * the second kernel fills what the first's caps leave on every core. */
static void concurrent_kernel_sm_modes(void)
{
    sm_mode_t x = run_sm_mode(0, "cke");
    CHECK_EQ(x.shared_core_cycles, 0);
    CHECK_EQ(x.first_wave[0], 2);
    CHECK_EQ(x.first_wave[1], 2);
    CHECK_EQ(x.max_per_core[0], 6);
    CHECK_EQ(x.max_per_core[1], 6);
    sm_mode_t xc = run_sm_mode(0, "cke:a=2,b=4"); /* caps do not open a core to the other kernel */
    CHECK_EQ(xc.shared_core_cycles, 0);
    CHECK_EQ(xc.max_per_core[0], 2);
    CHECK_EQ(xc.max_per_core[1], 4);
    sm_mode_t sc = run_sm_mode(1, "cke:a=2,b=4");
    CHECK(sc.shared_core_cycles > 0);
    CHECK_EQ(sc.first_wave[0], 4);
    CHECK_EQ(sc.first_wave[1], 4);
    CHECK_EQ(sc.max_per_core[0], 2);
    CHECK_EQ(sc.max_per_core[1], 4);
    sm_mode_t s = run_sm_mode(1, "cke"); /* uncapped: the first kernel fills every core first */
    CHECK_EQ(s.first_wave[0], 4);
    CHECK_EQ(s.first_wave[1], 0);
    /* mcke shares cores by definition: refused on a core-per-kernel GPU */
    gpu_config_t c = test_cfg(4);
    c.concurrent_kernel_sm = 0;
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, "mcke:a=1,b=2", "gto", &err);
    CHECK(g == NULL);
    if (g)
        gpu_destroy(g);
    else
        CHECK(strstr(err.msg, "gpgpu_concurrent_kernel_sm") != NULL);
}

int main(void)
{
    cs_error_t err;
    if (cta_policy_register(&probe_ops, &err) < 0) {
        printf("FAIL register probe: %s\n", err.msg);
        return 1;
    }
    RUN(props_cke);
    RUN(props_cke_caps);
    RUN(props_spatial);
    RUN(props_mcke_given);
    RUN(props_mcke_default);
    RUN(props_lcs_mcke);
    RUN(props_rr_cke_chain);
    RUN(props_tlpmod);
    RUN(tlpmod_limits_pair);
    RUN(tlpmod_profile_of_one_kernel);
    RUN(tlpmod_decision_rules);
    RUN(bypass_learning_steps);
    RUN(bypass_tags_skip_l1);
    RUN(bypass_stall_rate_compares_unequal_periods);
    RUN(bypass_scope_sm_learns_per_core);
    RUN(mcke_limits_hold_on_every_core);
    RUN(spatial_halves_equal_half_gpu_alone);
    RUN(per_kernel_stats_sum_to_totals);
    RUN(multiprogram_metrics_by_hand);
    RUN(mcke_pair_that_cannot_share_a_core_fails);
    RUN(concurrent_kernel_sm_modes);
    TEST_EXIT();
}
