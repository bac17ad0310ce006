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
 * core sends no request until released.
 *
 * Then every policy the registry holds, CTA and warp, found by iterating it
 * (a new policy file is checked without an edit here): each CTA policy
 * chained before the probe, each warp policy wrapped so that every order()
 * answer is checked against its view; and the create rule both kinds share
 * (a create that fails without a message is named by the caller). */
#include "frontend/synth.h"
#include "gpu/gpu.h"
#include "gpu/cta_policy.h"
#include "model/warp_policy.h"
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
    /* admitted by every link: the core holds no more than the kernel's
     * occupancy and the chain's cap (every link's cap, the probe's too) */
    uint32_t here = gpu_sm_resident_ctas(g, cta->sm, cta->kernel);
    if (here > cta->kernel->max_ctas_per_sm)
        violation(p, "more CTAs resident than the kernel's occupancy", here, cta->kernel->max_ctas_per_sm);
    if (here > gpu_chain_cap(g, cta->sm, cta->kernel, NULL))
        violation(p, "more CTAs resident than the chain's cap", here, gpu_chain_cap(g, cta->sm, cta->kernel, NULL));
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

static gpu_t *run_spec(const gpu_config_t *c, const char *cta, const char *warp, const char *input,
                       uint64_t stop_cycle)
{
    cs_error_t err;
    gpu_t *g = gpu_create_named(c, cta, warp, &err);
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
            gpu_t *g = run_spec(&cfg, chains[c], "gto", inputs[i], 0);
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
    gpu_t *g = run_spec(&cfg, "probe:n=2+probe:n=3", "gto", "stream:ctas=20,iters=2", 0);
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
        gpu_t *g = run_spec(&cfg, spec, "gto", "stream:ctas=40,iters=8", 0);
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
    gpu_t *g = run_spec(&cfg, "probe:bypass=1", "gto", "stream:ctas=20,iters=4,store=0", 0);
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
    gpu_t *g = run_spec(&cfg, "probe:throttle=1,at=3000", "gto", "stream:ctas=4,iters=4", 0);
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

/* ------------------------------------------------------------------------ */
/* Every registered policy, whatever file it lives in: the registry is
 * iterated, so a new policy is checked here without an edit of this file. */

/* P's spec: its name, with its example arguments when it has required ones. */
static void cta_spec_of(char *out, size_t n, const cta_policy_ops_t *ops, const char *then)
{
    snprintf(out, n, "%s%s%s%s", ops->name, ops->example_args ? ":" : "", ops->example_args ? ops->example_args : "",
             then);
}

/* Each registered CTA policy, as the first link with the probe after it:
 * the probe sees a consistent resident view and the documented order in
 * every hook while the policy acts, every CTA starts and finishes once and
 * every instruction runs once, on kernels of several waves. */
static void every_registered_cta_policy_keeps_the_contract(void)
{
    register_probe();
    const char *inputs[] = {"stream:ctas=90,iters=4", "shmem:ctas=40,iters=4"};
    unsigned policies = 0;
    for (const cta_policy_ops_t *const *ops = cta_policy_all(); *ops; ops++) {
        if (*ops == &probe_policy)
            continue;
        printf("%s %s", policies++ ? "" : "  CTA policies checked:", (*ops)->name);
        char spec[128];
        cta_spec_of(spec, sizeof spec, *ops, "+probe");
        for (size_t i = 0; i < CS_ARRAY_LEN(inputs); i++) {
            gpu_config_t cfg = small_gpu(4);
            n_probes = 0;
            gpu_t *g = run_spec(&cfg, spec, "gto", inputs[i], 0);
            CHECK(g != NULL);
            if (!g) {
                printf("  %s on %s did not run\n", spec, inputs[i]);
                continue;
            }
            const probe_t *p = last_probe[0];
            const kernel_run_t *k = gpu_kernel(g, 0);
            gpu_totals_t t;
            gpu_get_totals(g, &t);
            CHECK_EQ(p->violations, 0);
            CHECK_EQ(p->issued, k->total_ctas);
            CHECK_EQ(p->finished, k->total_ctas);
            CHECK_EQ(p->kernels_done, 1);
            CHECK_EQ(k->state, KERNEL_DONE);
            CHECK_EQ(t.warp_insts, k->desc.expected_warp_insts);
            if (p->violations || p->finished != k->total_ctas)
                printf("  in chain %s on %s\n", spec, inputs[i]);
            gpu_destroy(g);
        }
    }
    printf("\n");
    CHECK(policies >= 2); /* the registry is not empty: rr and more */
}

/* A warp policy as the core sees it, wrapped so that each order() answer is
 * checked against the scheduler's view: at most v->n slots, each one of the
 * scheduler's own slots with a live warp, none twice, and with
 * lists_every_ready exactly the slots of v->ready. */
static const warp_policy_ops_t *checked_inner;
static uint64_t order_violations, order_calls;

typedef struct checked {
    void *inner;
} checked_t;

static void *checked_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    /* a stateless policy (no create) gets NULL, as the core would give it */
    void *inner = checked_inner->create ? checked_inner->create(a, sm, sched, max_warps, err) : NULL;
    if (!inner && checked_inner->create)
        return NULL;
    checked_t *c = calloc(1, sizeof *c);
    c->inner = inner;
    return c;
}

static void checked_destroy(void *st)
{
    checked_t *c = st;
    if (checked_inner->destroy)
        checked_inner->destroy(c->inner);
    free(c);
}

static void order_violation(const char *what, const sched_view_t *v, unsigned a)
{
    if (order_violations++ < 5)
        printf("  %s: order() %s (core %u, scheduler %u, cycle %" PRIu64 ", %u)\n", checked_inner->name, what, v->sm,
               v->sched, v->now, a);
}

static unsigned checked_order(void *st, const sched_view_t *v, uint16_t *out)
{
    checked_t *c = st;
    unsigned n = checked_inner->order(c->inner, v, out);
    order_calls++;
    if (n > v->n) {
        order_violation("listed more slots than the view has", v, n);
        return 0;
    }
    uint64_t seen = 0;
    for (unsigned i = 0; i < n; i++) {
        bool mine = false;
        for (unsigned j = 0; j < v->n && !mine; j++)
            mine = v->slots[j] == out[i];
        if (!mine || out[i] >= 64)
            order_violation("listed a slot not of its scheduler", v, out[i]);
        else if (seen >> out[i] & 1)
            order_violation("listed a slot twice", v, out[i]);
        else if (!v->warps[out[i]].valid)
            order_violation("listed a slot without a live warp", v, out[i]);
        else
            seen |= 1ull << out[i];
    }
    if (checked_inner->lists_every_ready && seen != v->ready)
        order_violation("did not list exactly the ready slots", v, n);
    return n;
}

static void checked_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    checked_inner->issued(((checked_t *)st)->inner, v, slot);
}

static void checked_l1_miss(void *st, uint32_t slot, uint64_t line)
{
    checked_inner->l1_miss(((checked_t *)st)->inner, slot, line);
}

static void checked_l1_evict(void *st, uint32_t owner_slot, uint64_t line)
{
    checked_inner->l1_evict(((checked_t *)st)->inner, owner_slot, line);
}

/* One run of INPUT under the checked wrapper of warp policy OPS (CTA chain:
 * the probe); its totals into *t. */
static int run_checked_warp(const warp_policy_ops_t *ops, const char *input, gpu_totals_t *t, uint64_t *expected)
{
    checked_inner = ops;
    warp_policy_ops_t checked = *ops; /* same name, summary and lists_every_ready */
    checked.create = checked_create;
    checked.destroy = checked_destroy;
    checked.order = checked_order;
    checked.issued = ops->issued ? checked_issued : NULL;
    checked.l1_miss = ops->l1_miss ? checked_l1_miss : NULL;
    checked.l1_evict = ops->l1_evict ? checked_l1_evict : NULL;
    gpu_config_t cfg = small_gpu(4);
    gpu_policies_t pol;
    cs_error_t err;
    if (policies_resolve(&pol, &cfg, "probe", ops->name, &err) < 0) {
        printf("  %s: %s\n", ops->name, err.msg);
        return -1;
    }
    pol.warp = &checked;
    n_probes = 0;
    gpu_t *g = gpu_create(&cfg, &pol, &err);
    workload_t *w = g ? synth_workload_open(input, &err) : NULL;
    kernel_desc_t k;
    int rc = w && workload_next_kernel(w, &k, &err) == 1 && gpu_launch(g, &k, &err) == 0 && gpu_run(g, &err) == 0
                 ? 0
                 : -1;
    if (rc < 0)
        printf("  %s on %s: %s\n", ops->name, input, err.msg);
    else {
        gpu_get_totals(g, t);
        *expected = k.expected_warp_insts;
        CHECK_EQ(last_probe[0]->violations, 0);
    }
    if (w)
        workload_destroy(w);
    gpu_destroy(g);
    return rc;
}

/* Each registered warp policy, with its defaults: every order() answer
 * keeps the contract, every warp instruction runs once, and the same run
 * twice gives the same cycles (no state outside the instance). */
static void every_registered_warp_policy_keeps_the_contract(void)
{
    register_probe();
    const char *inputs[] = {"strided:ctas=30,threads=256,iters=4",
                            "chase:ctas=40,threads=256,iters=16,footprint=1024,stride=128"};
    unsigned policies = 0;
    for (const warp_policy_ops_t *const *ops = warp_policy_all(); *ops; ops++) {
        printf("%s %s", policies++ ? "" : "  warp policies checked:", (*ops)->name);
        fflush(stdout);
        CHECK((*ops)->order != NULL); /* create is optional (a stateless policy) */
        if (!(*ops)->order)
            continue;
        for (size_t i = 0; i < CS_ARRAY_LEN(inputs); i++) {
            gpu_totals_t a, b;
            uint64_t expected = 0, again = 0;
            order_violations = order_calls = 0;
            CHECK_EQ(run_checked_warp(*ops, inputs[i], &a, &expected), 0);
            CHECK_EQ(order_violations, 0);
            CHECK(order_calls > 0);
            CHECK(expected > 0);
            CHECK_EQ(a.warp_insts, expected);
            CHECK_EQ(run_checked_warp(*ops, inputs[i], &b, &again), 0);
            CHECK_EQ(a.cycles, b.cycles);
        }
    }
    printf("\n");
    CHECK(policies >= 2);
}

/* The create rule (gpu/cta_policy.h, model/warp_policy.h): a create that
 * fails without a message is named by the caller, for both kinds. */
static void *mute_cta_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err) { return NULL; }
static const cta_policy_ops_t mute_cta = {.name = "mute", .summary = "test: create fails silently", .params = "",
                                          .create = mute_cta_create};
static void *mute_warp_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    return NULL;
}

static void a_create_failing_without_a_message_is_named(void)
{
    cs_error_t err;
    static bool done;
    if (!done)
        CHECK_EQ(cta_policy_register(&mute_cta, &err), 0);
    done = true;
    gpu_config_t cfg = small_gpu(2);
    gpu_t *g = gpu_create_named(&cfg, "rr+mute", "gto", &err);
    CHECK(g == NULL);
    CHECK(strstr(err.msg, "CTA policy 'mute': create failed without an error message") != NULL);
    gpu_destroy(g);

    gpu_policies_t pol;
    CHECK_EQ(policies_resolve(&pol, &cfg, "rr", "gto", &err), 0);
    warp_policy_ops_t mute_warp = *pol.warp;
    mute_warp.name = "mute";
    mute_warp.create = mute_warp_create;
    pol.warp = &mute_warp;
    g = gpu_create(&cfg, &pol, &err);
    CHECK(g == NULL);
    CHECK(strstr(err.msg, "warp policy 'mute': create failed without an error message") != NULL);
    gpu_destroy(g);
}

/* A warp policy without create, as a CTA link may be: stateless, its hooks
 * get st == NULL, and it takes no arguments. This one lists the ready slots
 * youngest first (the reverse of the view's order), so a core that ignored
 * it would issue in another order and take other cycles. */
static unsigned stateless_calls, stateless_with_state;
static unsigned stateless_order(void *st, const sched_view_t *v, uint16_t *out)
{
    stateless_calls++;
    stateless_with_state += st != NULL;
    unsigned n = 0;
    for (unsigned i = v->n; i-- > 0;)
        if (v->warps[v->slots[i]].valid)
            out[n++] = v->slots[i];
    return n;
}

static int run_stateless(const warp_policy_ops_t *ops, const char *args, gpu_totals_t *t, uint64_t *expected,
                         cs_error_t *err)
{
    gpu_config_t cfg = small_gpu(2);
    gpu_policies_t pol;
    if (policies_resolve(&pol, &cfg, "rr", "gto", err) < 0)
        return -1;
    pol.warp = ops;
    if (args)
        snprintf(pol.warp_spec, sizeof pol.warp_spec, "%s:%s", ops->name, args);
    gpu_t *g = gpu_create(&cfg, &pol, err);
    workload_t *w = g ? synth_workload_open("strided:ctas=8,threads=256,iters=4", err) : NULL;
    kernel_desc_t k;
    int rc = w && workload_next_kernel(w, &k, err) == 1 && gpu_launch(g, &k, err) == 0 && gpu_run(g, err) == 0 ? 0 : -1;
    if (rc == 0) {
        gpu_get_totals(g, t);
        *expected = k.expected_warp_insts;
    }
    if (w)
        workload_destroy(w);
    gpu_destroy(g);
    return rc;
}

static void a_warp_policy_may_leave_create_out(void)
{
    const warp_policy_ops_t stateless = {.name = "stateless", .summary = "test: youngest first, no state",
                                         .params = "", .order = stateless_order};
    cs_error_t err;
    gpu_totals_t t, lrr;
    uint64_t expected = 0, expected_lrr = 0;
    stateless_calls = stateless_with_state = 0;
    CHECK_EQ(run_stateless(&stateless, NULL, &t, &expected, &err), 0);
    CHECK(stateless_calls > 0);
    CHECK_EQ(stateless_with_state, 0);
    CHECK(expected > 0);
    CHECK_EQ(t.warp_insts, expected);
    /* its order is the one the core followed: not the cycles of lrr */
    CHECK_EQ(run_stateless(warp_policy_find("lrr"), NULL, &lrr, &expected_lrr, &err), 0);
    CHECK_EQ(lrr.warp_insts, expected_lrr);
    CHECK(lrr.cycles != t.cycles);
    /* no create, so no arguments: one given is refused, not ignored */
    CHECK_EQ(run_stateless(&stateless, "depth=2", &t, &expected, &err), -1);
    CHECK(strstr(err.msg, "depth") != NULL);
}

int main(void)
{
    RUN(resident_view_is_consistent_in_every_hook);
    RUN(chain_cap_excludes_the_asking_link_only);
    RUN(throttle_and_off_take_no_ctas_and_only_off_is_gated);
    RUN(bypass_tagged_ctas_never_touch_l1);
    RUN(mem_throttle_holds_requests_until_released);
    RUN(every_registered_cta_policy_keeps_the_contract);
    RUN(every_registered_warp_policy_keeps_the_contract);
    RUN(a_create_failing_without_a_message_is_named);
    RUN(a_warp_policy_may_leave_create_out);
    TEST_EXIT();
}
