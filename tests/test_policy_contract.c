/* test_policy_contract.c — the CTA policy contract (gpu/cta_policy.h) seen
 * from inside a policy, and the setters a policy uses (gpu.h).
 *
 * A probe policy registered by the test checks, in every hook, that the
 * resident view is one consistent picture (per-kernel counts add up to the
 * core's count and to what gpu_sm_ctas lists; a CTA is listed during its own
 * cta_issued and gone during its own cta_finished), that events come in the
 * documented order, that its per-kernel state is the framework's zeroed
 * block, and that gpu_chain_cap tells links apart by their handle. Then one
 * test per setter: THROTTLE and OFF cores take no CTAs but only OFF counts
 * gated cycles; a bypass-tagged CTA's loads never touch L1; a memory-throttled
 * core sends no request until released. */
#include "frontend/synth.h"
#include "gpu/gpu.h"
#include "gpu/cta_policy.h"
#include "test.h"
#include "policy/registry.h"

/* ------------------------------------------------------------------------ */
/* the probe */

typedef struct probe_kernel {
    uint32_t magic;   /* 0 at launch: the framework zeroes the block */
    uint64_t issued, finished;
    bool done;
} probe_kernel_t;

typedef struct probe {
    cta_link_t *self;
    uint32_t n;       /* this link's cap (probe:n=N), UINT32_MAX without one */
    uint32_t cap_seen; /* gpu_chain_cap(except self) at the last cta_issued */
    uint64_t violations, hooks, issued, finished, kernels_done;
    uint64_t set_state_at; /* probe:off=C: set core 1 OFF (state=2) / THROTTLE (state=1) at cycle C */
    uint32_t state;
    bool bypass;      /* probe:bypass=1: tag every CTA of core 0 at cta_issued */
    bool throttle;    /* probe:throttle=1: throttle core 0's memory at kernel launch, release at `at` */
    uint64_t released_at, requests_when_released;
} probe_t;

static probe_t *last_probe[2];
static unsigned n_probes;

static void violation(probe_t *p, const char *what, uint64_t a, uint64_t b)
{
    if (p->violations++ < 5)
        printf("  contract violated: %s (%" PRIu64 " vs %" PRIu64 ")\n", what, a, b);
}

/* Every core: counts with and without a kernel agree with the listing. */
static void check_resident_view(probe_t *p, struct gpu *g)
{
    cta_info_t ctas[64];
    for (uint32_t sm = 0; sm < gpu_n_sm(g); sm++) {
        uint32_t listed = gpu_sm_ctas(g, sm, ctas, 64);
        uint32_t all = gpu_sm_resident_ctas(g, sm, NULL);
        uint32_t sum = 0;
        for (uint32_t k = 0; k < gpu_n_kernels(g); k++)
            sum += gpu_sm_resident_ctas(g, sm, gpu_kernel(g, k));
        if (listed != all)
            violation(p, "gpu_sm_ctas count != resident(NULL)", listed, all);
        if (sum != all)
            violation(p, "sum of resident(k) != resident(NULL)", sum, all);
    }
}

static bool listed(struct gpu *g, const cta_info_t *cta)
{
    cta_info_t ctas[64];
    uint32_t n = gpu_sm_ctas(g, cta->sm, ctas, 64);
    for (uint32_t i = 0; i < n; i++)
        if (ctas[i].kernel == cta->kernel && ctas[i].cta_id == cta->cta_id)
            return true;
    return false;
}

static void *probe_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    probe_t *p = calloc(1, sizeof *p);
    uint32_t off_at = 0, state = 2, bypass = 0, throttle = 0;
    if (policy_arg_u32(a, "n", UINT32_MAX, &p->n, err) < 0 || policy_arg_u32(a, "at", 0, &off_at, err) < 0 ||
        policy_arg_u32(a, "state", 2, &state, err) < 0 || policy_arg_u32(a, "bypass", 0, &bypass, err) < 0 ||
        policy_arg_u32(a, "throttle", 0, &throttle, err) < 0) {
        free(p);
        return NULL;
    }
    p->self = self;
    p->set_state_at = off_at;
    p->state = state;
    p->bypass = bypass;
    p->throttle = throttle;
    if (off_at)
        gpu_policy_set_sample_period(g, self, off_at);
    last_probe[n_probes++ % 2] = p;
    return p;
}

static void probe_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    probe_t *p = st;
    probe_kernel_t *e = cta_link_kernel_state(p->self, k);
    p->hooks++;
    if (!e || e->magic || e->issued)
        violation(p, "per-kernel state not a zeroed block at launch", 0, 0);
    if (e)
        e->magic = 0xC7A;
    if (k->state != KERNEL_RUNNING)
        violation(p, "kernel not running in kernel_launched", k->state, KERNEL_RUNNING);
    if (p->throttle)
        gpu_set_mem_throttle(g, 0, true);
    check_resident_view(p, g);
}

static void probe_cta_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    probe_t *p = st;
    probe_kernel_t *e = cta_link_kernel_state(p->self, cta->kernel);
    p->hooks++;
    p->issued++;
    e->issued++;
    if (e->magic != 0xC7A)
        violation(p, "per-kernel state changed between hooks", e->magic, 0xC7A);
    if (!listed(g, cta))
        violation(p, "CTA not resident during its own cta_issued", cta->cta_id, cta->sm);
    if (cta->start_cycle != gpu_cycle(g))
        violation(p, "start_cycle is not now", cta->start_cycle, gpu_cycle(g));
    p->cap_seen = gpu_chain_cap(g, cta->sm, cta->kernel, p->self);
    if (p->bypass && cta->sm == 0)
        gpu_set_cta_bypass(g, cta->sm, cta->slot, true);
    check_resident_view(p, g);
}

static void probe_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    probe_t *p = st;
    probe_kernel_t *e = cta_link_kernel_state(p->self, cta->kernel);
    p->hooks++;
    p->finished++;
    e->finished++;
    if (e->done)
        violation(p, "cta_finished after kernel_finished", cta->cta_id, 0);
    if (listed(g, cta))
        violation(p, "CTA still resident during its own cta_finished", cta->cta_id, cta->sm);
    if (cta->end_cycle != gpu_cycle(g))
        violation(p, "end_cycle is not now", cta->end_cycle, gpu_cycle(g));
    if (cta->warp_insts == 0)
        violation(p, "finished CTA reports no instructions", 0, 1);
    check_resident_view(p, g);
}

static void probe_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    probe_t *p = st;
    probe_kernel_t *e = cta_link_kernel_state(p->self, k);
    p->hooks++;
    p->kernels_done++;
    e->done = true;
    if (e->finished != k->total_ctas || e->issued != k->total_ctas)
        violation(p, "kernel_finished before every CTA finished", e->finished, k->total_ctas);
    for (uint32_t sm = 0; sm < gpu_n_sm(g); sm++)
        if (gpu_sm_resident_ctas(g, sm, k))
            violation(p, "a CTA of a finished kernel is resident", sm, 0);
    check_resident_view(p, g);
}

static void probe_sample(void *st, struct gpu *g, uint64_t cycle)
{
    probe_t *p = st;
    p->hooks++;
    if (p->throttle) { /* release the memory throttle of core 0 */
        p->released_at = cycle;
        p->requests_when_released = gpu_sm_counters(g, 0)->load_requests + gpu_sm_counters(g, 0)->store_requests;
        gpu_set_mem_throttle(g, 0, false);
        gpu_policy_set_sample_period(g, p->self, 0);
    } else if (p->set_state_at && gpu_n_sm(g) > 1) {
        gpu_set_sm_state(g, 1, (enum core_state)p->state);
        gpu_policy_set_sample_period(g, p->self, 0);
    }
    check_resident_view(p, g);
}

static uint32_t probe_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k) { return ((probe_t *)st)->n; }

static const cta_policy_ops_t probe_policy = {
    .name = "probe",
    .summary = "test: checks the policy contract in every hook",
    .params = "n=,at=,state=,bypass=,throttle=",
    .kernel_state_size = sizeof(probe_kernel_t),
    .create = probe_create,
    .destroy = free,
    .kernel_launched = probe_kernel_launched,
    .kernel_finished = probe_kernel_finished,
    .cta_issued = probe_cta_issued,
    .cta_finished = probe_cta_finished,
    .sample = probe_sample,
    .cap = probe_cap,
};

/* ------------------------------------------------------------------------ */

static gpu_config_t small_gpu(uint32_t cores)
{
    gpu_config_t c;
    config_defaults(&c);
    c.n_clusters = cores;
    c.n_cores_per_cluster = 1;
    return c;
}

static gpu_t *run_spec(const gpu_config_t *c, const char *cta, const char *input, uint64_t stop_cycle)
{
    cs_error_t err;
    gpu_t *g = gpu_create_named(c, cta, "gto", &err);
    if (!g) {
        printf("  gpu_create_named(%s): %s\n", cta, err.msg);
        return NULL;
    }
    workload_t *w = synth_workload_open(input, &err);
    if (!w) {
        printf("  %s: %s\n", input, err.msg);
        gpu_destroy(g);
        return NULL;
    }
    int rc;
    if (stop_cycle) { /* launch, step to the cycle, look, then finish */
        kernel_desc_t k;
        rc = workload_next_kernel(w, &k, &err) == 1 && gpu_launch(g, &k, &err) == 0 ? 0 : -1;
        if (rc == 0)
            rc = gpu_run_until(g, stop_cycle, &err) < 0 ? -1 : 0;
    } else {
        rc = gpu_run_workload(g, w, &err);
    }
    workload_destroy(w);
    if (rc < 0) {
        printf("  run: %s\n", err.msg);
        gpu_destroy(g);
        return NULL;
    }
    return g;
}

static bool registered;
static void register_probe(void)
{
    cs_error_t err;
    if (!registered && cta_policy_register(&probe_policy, &err) == 0)
        registered = true;
}

/* The resident view inside every hook, under several chains and kernels
 * (several CTAs per core finishing close together, several waves). */
static void resident_view_is_consistent_in_every_hook(void)
{
    register_probe();
    const char *chains[] = {"probe", "rr+probe", "lcs+probe", "dyncta:period=500+probe", "lcs+bcs:apply=all+probe",
                            "probe+claso"};
    const char *inputs[] = {"stream:ctas=90,iters=4", "shmem:ctas=40,iters=4", "compute:ctas=33,iters=16"};
    for (size_t c = 0; c < sizeof chains / sizeof *chains; c++)
        for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
            gpu_config_t cfg = small_gpu(4);
            n_probes = 0;
            gpu_t *g = run_spec(&cfg, chains[c], inputs[i], 0);
            CHECK(g != NULL);
            if (!g)
                continue;
            probe_t *p = last_probe[0];
            CHECK_EQ(p->violations, 0);
            CHECK_EQ(p->issued, gpu_kernel(g, 0)->total_ctas);
            CHECK_EQ(p->finished, p->issued);
            CHECK_EQ(p->kernels_done, 1);
            if (p->violations)
                printf("  in chain %s on %s\n", chains[c], inputs[i]);
            gpu_destroy(g);
        }
}

/* Two links of the same policy are told apart by their handle: each one's
 * gpu_chain_cap(except self) is the other's cap, and the default admit keeps
 * every core at the smaller cap. */
static void chain_cap_excludes_the_asking_link_only(void)
{
    register_probe();
    gpu_config_t cfg = small_gpu(2);
    n_probes = 0;
    gpu_t *g = run_spec(&cfg, "probe:n=2+probe:n=3", "stream:ctas=20,iters=2", 0);
    CHECK(g != NULL);
    if (!g)
        return;
    probe_t *first = last_probe[0], *second = last_probe[1];
    CHECK_EQ(first->n, 2);
    CHECK_EQ(second->n, 3);
    CHECK_EQ(first->cap_seen, 3);  /* asks without itself: the other link's 3 */
    CHECK_EQ(second->cap_seen, 2); /* and the other way round */
    CHECK_EQ(first->violations + second->violations, 0);
    gpu_destroy(g);
}

/* THROTTLE and OFF: core 1 set at cycle 200, after it received CTAs. Both
 * drain what they hold and take nothing new; only OFF counts gated cycles
 * once drained. */
static void throttle_and_off_take_no_ctas_and_only_off_is_gated(void)
{
    register_probe();
    uint64_t gated[3], ctas[3], no_cta[3];
    for (uint32_t state = 1; state <= 2; state++) {
        gpu_config_t cfg = small_gpu(2);
        char spec[64];
        snprintf(spec, sizeof spec, "probe:at=200,state=%u", state);
        n_probes = 0;
        gpu_t *g = run_spec(&cfg, spec, "stream:ctas=40,iters=8", 0);
        CHECK(g != NULL);
        if (!g)
            return;
        const sm_counters_t *c1 = gpu_sm_counters(g, 1), *c0 = gpu_sm_counters(g, 0);
        gated[state] = c1->gated_cycles;
        ctas[state] = c1->ctas_issued;
        no_cta[state] = c1->no_cta_cycles;
        CHECK_EQ(gpu_sm_state(g, 1), state);
        CHECK(c1->ctas_issued > 0 && c1->ctas_issued < 20); /* some before cycle 200, none after */
        CHECK_EQ(c0->ctas_issued + c1->ctas_issued, 40);
        CHECK_EQ(c0->gated_cycles, 0);
        CHECK_EQ(last_probe[0]->violations, 0);
        gpu_destroy(g);
    }
    CHECK_EQ(gated[1], 0);                 /* THROTTLE: idle, not gated */
    CHECK(no_cta[1] > 0);
    CHECK_EQ(gated[2], no_cta[2]);         /* OFF: every cycle without a CTA after the switch */
    CHECK(gated[2] > 0);
    CHECK_EQ(ctas[1], ctas[2]);            /* same placement up to the switch */
}

/* Bypass-tagged CTAs (every CTA of core 0) never look up or fill L1; core 1's
 * untagged CTAs use it as before. */
static void bypass_tagged_ctas_never_touch_l1(void)
{
    register_probe();
    gpu_config_t cfg = small_gpu(2);
    n_probes = 0;
    gpu_t *g = run_spec(&cfg, "probe:bypass=1", "stream:ctas=20,iters=4,store=0", 0);
    CHECK(g != NULL);
    if (!g)
        return;
    const cache_stats_t *l1_0 = gpu_sm_l1_stats(g, 0), *l1_1 = gpu_sm_l1_stats(g, 1);
    CHECK_EQ(l1_0->accesses, 0);
    CHECK(gpu_sm_counters(g, 0)->l1_bypassed > 0);
    CHECK_EQ(gpu_sm_counters(g, 0)->l1_bypassed, gpu_sm_counters(g, 0)->load_requests);
    CHECK(l1_1->accesses > 0);
    CHECK_EQ(gpu_sm_counters(g, 1)->l1_bypassed, 0);
    gpu_destroy(g);
}

/* A memory-throttled core sends nothing below L1 until released (at cycle
 * 3000, by the probe's sample) while the other core runs; its warps, all
 * waiting to issue a load, must wake when released, and every CTA finishes. */
static void mem_throttle_holds_requests_until_released(void)
{
    register_probe();
    gpu_config_t cfg = small_gpu(2);
    n_probes = 0;
    gpu_t *g = run_spec(&cfg, "probe:throttle=1,at=3000", "stream:ctas=4,iters=4", 0);
    CHECK(g != NULL);
    if (!g)
        return;
    const probe_t *p = last_probe[0];
    const sm_counters_t *c0 = gpu_sm_counters(g, 0), *c1 = gpu_sm_counters(g, 1);
    CHECK_EQ(p->released_at, 3000);
    CHECK(c0->ctas_issued > 0);
    CHECK_EQ(p->requests_when_released, 0); /* nothing left core 0 while throttled */
    CHECK(c0->load_requests > 0);           /* and it ran once released */
    CHECK(c1->load_requests > 0);
    CHECK(c0->ldst_stall_cycles >= 2900);   /* the held LD/ST path is counted */
    CHECK_EQ(gpu_kernel(g, 0)->state, KERNEL_DONE);
    CHECK(gpu_kernel(g, 0)->end_cycle > 3000);
    CHECK_EQ(p->violations, 0);
    gpu_destroy(g);
}

int main(void)
{
    RUN(resident_view_is_consistent_in_every_hook);
    RUN(chain_cap_excludes_the_asking_link_only);
    RUN(throttle_and_off_take_no_ctas_and_only_off_is_gated);
    RUN(bypass_tagged_ctas_never_touch_l1);
    RUN(mem_throttle_holds_requests_until_released);
    TEST_EXIT();
}
