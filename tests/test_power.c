/* test_power.c — the power model (model/power.c, gpu/gpu_power.c).
 *
 * Every expected figure is computed here, independently of the model's code:
 * from the parameters and either hand-counted events (the synthetic compute
 * kernel's closed-form instruction count) or the timing model's public
 * counters. */
#include <math.h>

#include "config/config.h"
#include "frontend/synth.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "model/power.h"
#include "gpu/cta_policy.h"
#include "test.h"
#include "policy/registry.h"

#define REL_NEAR(a, b) CHECK_NEAR((a), (b), 1e-9 * fabs((double)(b)) + 1e-18)

static gpu_config_t small_gpu(uint32_t cores)
{
    gpu_config_t c;
    config_defaults(&c);
    c.n_clusters = cores;
    c.n_cores_per_cluster = 1;
    c.power.enabled = true;
    return c;
}

/* Every energy 0: a test sets the few it checks. */
static void zero_power(gpu_config_t *c)
{
    power_params_t keep = c->power;
    memset(&c->power, 0, sizeof c->power);
    c->power.enabled = keep.enabled;
}

static gpu_t *run_spec(const gpu_config_t *c, const char *cta, const char *input)
{
    cs_error_t err;
    gpu_t *g = gpu_create_named(c, cta, "gto", &err);
    if (!g) {
        printf("  gpu_create: %s\n", err.msg);
        return NULL;
    }
    workload_t *w = synth_workload_open(input, &err);
    if (!w) {
        printf("  %s: %s\n", input, err.msg);
        gpu_destroy(g);
        return NULL;
    }
    int rc = gpu_run_workload(g, w, &err);
    workload_destroy(w);
    if (rc < 0) {
        printf("  run: %s\n", err.msg);
        gpu_destroy(g);
        return NULL;
    }
    return g;
}

static double metric(const gpu_t *g, const char *name)
{
    double v = -1;
    CHECK(gpu_metric_get(g, name, &v));
    return v;
}

/* --- the arithmetic, by hand ------------------------------------------------ */

static void energy_identity_by_hand(void)
{
    power_params_t p = {0};
    for (int e = 0; e < PEV__COUNT; e++)
        p.event_pj[e] = 10.0 + e; /* a different energy per event */
    p.sm_static_w = 2.0;
    p.sm_rf_static_w = 0.5;
    p.sm_shmem_static_w = 0.25;
    p.sm_idle_w = 0.75;
    p.l2_static_w = 0.3;
    p.icnt_static_w = 1.5;
    p.mc_static_w = 0.7;
    p.dram_static_w = 1.1;
    p.wakeup_energy_nj = 4;
    power_machine_t m = {.core_hz = 1e9, .registers_per_sm = 32768, .shmem_per_sm = 49152};
    power_sm_counts_t sm = {.cycles = 1000, .gated_cycles = 200, .wakeups = 3};
    for (int e = 0; e <= PEV_L1_FILL; e++)
        sm.events[e] = 100u * (unsigned)(e + 1);
    power_uncore_counts_t un = {.core_cycles = 1000, .n_l2 = 4, .n_mc = 2};
    for (int e = PEV_L2_HIT; e < PEV__COUNT; e++)
        un.events[e] = 7u * (unsigned)(e + 1);

    power_energy_t en = {{0}};
    power_add_sm(&p, &m, &sm, &en);
    power_add_uncore(&p, &m, &un, &en);

    /* by hand: sum of events x energy, then static power x time */
    double dyn = 0;
    for (int e = 0; e <= PEV_L1_FILL; e++)
        dyn += 100.0 * (e + 1) * (10.0 + e) * 1e-12;
    for (int e = PEV_L2_HIT; e < PEV__COUNT; e++)
        dyn += 7.0 * (e + 1) * (10.0 + e) * 1e-12;
    dyn += 3 * 4e-9; /* wake-ups */
    const double t = 1e-6; /* 1000 cycles at 1 GHz */
    /* no PCPG: the SM leaks all 1000 cycles; its clock runs 800 */
    double stat = 2.0 * t + 0.75 * 800e-9 + (4 * 0.3 + 1.5 + 2 * 0.7 + 2 * 1.1) * t;
    REL_NEAR(power_dynamic(&en), dyn);
    REL_NEAR(power_static(&en), stat);
    REL_NEAR(power_total(&en), dyn + stat);
    double sum = 0;
    for (int c = 0; c < PC__COUNT; c++)
        sum += en.component[c];
    REL_NEAR(sum, power_total(&en));
    /* event energies land in their components */
    REL_NEAR(en.component[PC_REGFILE], (300.0 * 12 + 400.0 * 13) * 1e-12);
    REL_NEAR(en.component[PC_DRAM], 7.0 * ((PEV_DRAM_ACT + 1) * (10.0 + PEV_DRAM_ACT) +
                                           (PEV_DRAM_PRE + 1) * (10.0 + PEV_DRAM_PRE) +
                                           (PEV_DRAM_RD + 1) * (10.0 + PEV_DRAM_RD) +
                                           (PEV_DRAM_WR + 1) * (10.0 + PEV_DRAM_WR)) * 1e-12);

    /* PCPG: the 200 gated cycles cost nothing */
    p.pcpg = true;
    power_energy_t g2 = {{0}};
    power_add_sm(&p, &m, &sm, &g2);
    REL_NEAR(g2.component[PC_SM_STATIC] + g2.component[PC_RF_STATIC] + g2.component[PC_SHMEM_STATIC], 2.0 * 800e-9);
    REL_NEAR(g2.component[PC_SM_IDLE], 0.75 * 800e-9);

    /* summary figures */
    power_summary_t s;
    power_summarise(&en, 2e-6, 5000, &s);
    REL_NEAR(s.avg_w, power_total(&en) / 2e-6);
    REL_NEAR(s.edp_js, power_total(&en) * 2e-6);
    REL_NEAR(s.inst_per_j, 5000 / power_total(&en));
    REL_NEAR(s.inst_per_w, 5000 / s.avg_w);
}

/* With one of two possible CTAs resident all the time, the unused half of the
 * register file and shared memory draws nothing. */
static void rf_shmem_gating_by_hand(void)
{
    power_params_t p = {0};
    p.sm_static_w = 3.0;
    p.sm_rf_static_w = 1.0;
    p.sm_shmem_static_w = 0.5;
    power_machine_t m = {.core_hz = 1e9, .registers_per_sm = 32768, .shmem_per_sm = 49152};
    power_sm_counts_t c = {.cycles = 1000};
    c.reg_alloc_cycles = 16384ull * 1000;   /* one CTA of 16384 registers ... */
    c.shmem_alloc_cycles = 24576ull * 1000; /* ... and 24 KB, of two that fit */
    power_energy_t off = {{0}}, on = {{0}};
    power_add_sm(&p, &m, &c, &off);
    p.gate_unused_rf_shmem = true;
    power_add_sm(&p, &m, &c, &on);
    CHECK_NEAR(off.component[PC_RF_STATIC], 1e-6, 1e-18);
    CHECK_NEAR(on.component[PC_RF_STATIC], 0.5e-6, 1e-18);
    CHECK_NEAR(off.component[PC_SHMEM_STATIC], 0.5e-6, 1e-18);
    CHECK_NEAR(on.component[PC_SHMEM_STATIC], 0.25e-6, 1e-18);
    /* the rest of the SM is not gated */
    CHECK_NEAR(on.component[PC_SM_STATIC], 1.5e-6, 1e-18);
    CHECK_NEAR(off.component[PC_SM_STATIC], 1.5e-6, 1e-18);
}

/* Kayiran et al. §5.2: idle power is half of a fully active GPU's power. */
static void kayiran_idle_is_half_of_full(void)
{
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "pact13-30sm", &err), 0);
    power_machine_t m = {.core_hz = c.clk_core_mhz * 1e6, .registers_per_sm = c.registers_per_sm,
                         .shmem_per_sm = c.shmem_per_sm};
    power_energy_t idle = {{0}}, full = {{0}};
    for (uint32_t i = 0; i < config_n_sm(&c); i++) {
        power_sm_counts_t s = {.cycles = 100000};
        power_add_sm(&c.power, &m, &s, &idle);
        s.events[PEV_SM_ACTIVE_CYCLE] = 100000; /* active every cycle */
        s.events[PEV_FETCH_DECODE] = 200000;
        s.events[PEV_SP_LANE] = 6400000;
        power_add_sm(&c.power, &m, &s, &full);
    }
    power_uncore_counts_t u = {.core_cycles = 100000, .n_l2 = config_n_l2(&c), .n_mc = c.n_mem};
    u.events[PEV_DRAM_RD] = 5000; /* the relative model leaves the memory out */
    power_add_uncore(&c.power, &m, &u, &idle);
    power_add_uncore(&c.power, &m, &u, &full);
    REL_NEAR(power_total(&idle), power_total(&full) / 2);
    /* per core: 1.3 W idle, 2.6 W fully active */
    REL_NEAR(power_total(&idle) / (100000 / m.core_hz), 30 * 1.3);
    /* with PCPG a turned-off core draws nothing, without it idle power */
    gpu_config_t g = c;
    g.power.pcpg = true;
    power_sm_counts_t off = {.cycles = 100000, .gated_cycles = 100000};
    power_energy_t e1 = {{0}}, e2 = {{0}};
    power_add_sm(&g.power, &m, &off, &e1);
    power_add_sm(&c.power, &m, &off, &e2);
    CHECK(power_total(&e1) == 0.0);
    REL_NEAR(power_total(&e2), 1.3 * 100000 / m.core_hz);
}

/* --- runs ------------------------------------------------------------------- */

/* A synthetic compute kernel: warp instructions by hand (test_synth.c's
 * closed form: 4 + iters x (ilp + 3) per warp), joules by hand. */
static void energy_identity_on_a_hand_built_run(void)
{
    gpu_config_t c = small_gpu(4);
    zero_power(&c);
    c.power.event_pj[PEV_FETCH_DECODE] = 3.0;
    c.power.sm_static_w = 2.0;
    c.power.l2_static_w = 0.5;
    c.power.dram_static_w = 0.25;
    gpu_t *g = run_spec(&c, "rr", "compute:ctas=8,threads=64,iters=10,ilp=2");
    if (!g) {
        CHECK(0);
        return;
    }
    const uint64_t warp_insts = 8ull * 2 * (4 + 10 * (2 + 3));
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    CHECK_EQ(t.warp_insts, warp_insts);
    const double secs = (double)gpu_cycle(g) / (c.clk_core_mhz * 1e6);
    const double expect = (double)warp_insts * 3e-12 + (4 * 2.0 + config_n_l2(&c) * 0.5 + c.n_mem * 0.25) * secs;
    REL_NEAR(metric(g, "power.energy_j"), expect);
    REL_NEAR(metric(g, "power.dynamic_j"), (double)warp_insts * 3e-12);
    REL_NEAR(metric(g, "power.static_j"), expect - (double)warp_insts * 3e-12);
    REL_NEAR(metric(g, "power.avg_w"), expect / secs);
    REL_NEAR(metric(g, "power.edp_js"), expect * secs);
    gpu_destroy(g);
}

/* Every event energy non-zero on a kernel touching every level of the memory
 * system: the total is the sum over the public counters, and the components
 * (and the per-SM energies plus the uncore) sum to it. */
static void energy_identity_from_counters(void)
{
    gpu_config_t c = small_gpu(3);
    for (int e = 0; e < PEV__COUNT; e++)
        c.power.event_pj[e] = 1.0 + 0.5 * e;
    c.power.wakeup_energy_nj = 0;
    gpu_t *g = run_spec(&c, "rr", "stream:ctas=12,threads=128,iters=4");
    if (!g) {
        CHECK(0);
        return;
    }
    const power_params_t *p = &c.power;
    double dyn = 0, sm_static = 0;
    const double period = 1.0 / (c.clk_core_mhz * 1e6);
    double per_sm_sum = 0;
    for (uint32_t i = 0; i < gpu_n_sm(g); i++) {
        const sm_counters_t *k = gpu_sm_counters(g, i);
        const cache_stats_t *l1 = gpu_sm_l1_stats(g, i);
        double e = 0;
        e += k->warp_insts * p->event_pj[PEV_FETCH_DECODE] + k->act_cycles * p->event_pj[PEV_SM_ACTIVE_CYCLE];
        e += k->reg_reads * p->event_pj[PEV_REG_READ] + k->reg_writes * p->event_pj[PEV_REG_WRITE];
        e += k->unit_lane_ops[UNIT_SP] * p->event_pj[PEV_SP_LANE] + k->unit_lane_ops[UNIT_INT] * p->event_pj[PEV_INT_LANE];
        e += k->unit_lane_ops[UNIT_DP] * p->event_pj[PEV_DP_LANE] + k->unit_lane_ops[UNIT_SFU] * p->event_pj[PEV_SFU_LANE];
        e += k->unit_lane_ops[UNIT_TENSOR] * p->event_pj[PEV_TENSOR_LANE];
        e += k->unit_lane_ops[UNIT_LDST] * p->event_pj[PEV_LDST_LANE];
        e += k->shmem_accesses * p->event_pj[PEV_SHMEM_ACCESS];
        e += (k->shmem_bank_cycles - k->shmem_accesses) * p->event_pj[PEV_SHMEM_REPLAY];
        e += k->const_accesses * p->event_pj[PEV_CONST_ACCESS];
        e += l1->hits * p->event_pj[PEV_L1_HIT] + (l1->misses + l1->pending_hits) * p->event_pj[PEV_L1_MISS];
        e += l1->read_misses * p->event_pj[PEV_L1_FILL];
        e *= 1e-12;
        double s = (p->sm_static_w + p->sm_idle_w) * (double)k->cycles * period; /* nothing gated */
        CHECK_EQ(k->cycles, gpu_cycle(g));
        REL_NEAR(gpu_power_sm_energy(g, i), e + s);
        per_sm_sum += gpu_power_sm_energy(g, i);
        dyn += e;
        sm_static += s;
    }
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    double mem = (double)(t.l2_hits) * p->event_pj[PEV_L2_HIT] +
                 (double)(t.l2_misses + t.l2_pending_hits) * p->event_pj[PEV_L2_MISS] +
                 (double)(t.icnt_req_flits + t.icnt_reply_flits) * p->event_pj[PEV_ICNT_FLIT];
    uint64_t act = 0, pre = 0, rd = 0, wr = 0, reads = 0;
    for (uint32_t ch = 0; ch < g->n_ch; ch++) {
        const dram_stats_t *d = dram_get_stats(g->ch[ch].dram);
        act += d->activates;
        pre += d->precharges;
        wr += d->write_commands;
        rd += d->col_commands - d->write_commands;
        reads += d->reads;
    }
    CHECK(act > 0 && rd > 0 && t.l2_accesses > 0 && t.icnt_req_flits > 0);
    CHECK_EQ(reads, t.dram_reads);
    mem += (double)reads * p->event_pj[PEV_L2_FILL] + (double)act * p->event_pj[PEV_DRAM_ACT] +
           (double)pre * p->event_pj[PEV_DRAM_PRE] + (double)rd * p->event_pj[PEV_DRAM_RD] +
           (double)wr * p->event_pj[PEV_DRAM_WR];
    mem *= 1e-12;
    const double secs = (double)gpu_cycle(g) * period;
    double uncore_static = (config_n_l2(&c) * p->l2_static_w + p->icnt_static_w +
                            c.n_mem * (p->mc_static_w + p->dram_static_w)) * secs;
    const double total = dyn + sm_static + mem + uncore_static;
    REL_NEAR(metric(g, "power.energy_j"), total);
    REL_NEAR(metric(g, "power.dynamic_j"), dyn + mem);
    REL_NEAR(metric(g, "power.static_j"), sm_static + uncore_static);
    const power_energy_t *comp;
    const power_summary_t *s = gpu_power_summary(g, &comp);
    CHECK(s != NULL);
    if (s) {
        double sum = 0;
        for (int k = 0; k < PC__COUNT; k++)
            sum += comp->component[k];
        REL_NEAR(sum, s->energy_j);
        REL_NEAR(per_sm_sum + mem + uncore_static, s->energy_j);
    }
    gpu_destroy(g);
}

/* A test policy: core 0 is OFF from the start (it never gets a CTA). */
static void *off0_create(gpu_t *g, cta_link_t *self, policy_args_t *args, cs_error_t *err)
{
    (void)self;
    (void)args;
    (void)err;
    gpu_set_sm_state(g, 0, CORE_OFF);
    static int token;
    return &token;
}
static const cta_policy_ops_t off0_policy = {.name = "test_off0", .summary = "core 0 off (tests)",
                                             .create = off0_create};

static void gated_core_draws_nothing(void)
{
    static bool registered;
    cs_error_t err;
    if (!registered)
        registered = cta_policy_register(&off0_policy, &err) == 0;
    CHECK(registered);
    for (int pcpg = 0; pcpg <= 1; pcpg++) {
        gpu_config_t c = small_gpu(3);
        c.power.pcpg = pcpg;
        gpu_t *g = run_spec(&c, "rr+test_off0", "stream:ctas=12,threads=128,iters=4");
        if (!g) {
            CHECK(0);
            return;
        }
        const sm_counters_t *k = gpu_sm_counters(g, 0);
        CHECK_EQ(k->ctas_issued, 0);
        CHECK_EQ(k->gated_cycles, gpu_cycle(g));
        CHECK_EQ(gpu_sm_counters(g, 1)->gated_cycles, 0);
        power_sm_counts_t counts;
        gpu_power_sm_counts(g, 0, &counts);
        for (int e = 0; e < PEV__COUNT; e++)
            CHECK_EQ(counts.events[e], 0); /* no dynamic energy */
        const double secs = (double)gpu_cycle(g) / (c.clk_core_mhz * 1e6);
        /* no static either with PCPG; without it leakage only (its clock is gated) */
        if (pcpg)
            CHECK(gpu_power_sm_energy(g, 0) == 0.0);
        else
            REL_NEAR(gpu_power_sm_energy(g, 0), c.power.sm_static_w * secs);
        CHECK(gpu_power_sm_energy(g, 1) > c.power.sm_static_w * secs);
        gpu_destroy(g);
    }
}

/* -power_sm_active_util: the active-cycle energy is charged in every cycle
 * a core holds a CTA (Kayiran's utilised core, pact13-30sm), stalled or not,
 * not only in its act_cycles; an OFF core holds none and is charged none.
 * On a memory-bound kernel the two differ (stalled cycles with a CTA). */
static void active_util_charges_resident_cycles(void)
{
    static bool registered;
    cs_error_t err;
    if (!registered)
        registered = cta_policy_register(&off0_policy, &err) == 0 || cta_policy_find(off0_policy.name) != NULL;
    CHECK(registered);
    uint64_t charged[2] = {0, 0};
    for (int util = 0; util <= 1; util++) {
        gpu_config_t c = small_gpu(3);
        zero_power(&c);
        c.power.event_pj[PEV_SM_ACTIVE_CYCLE] = 1000.0;
        c.power.sm_active_util = util;
        gpu_t *g = run_spec(&c, "rr+test_off0", "stream:ctas=12,threads=128,iters=4");
        if (!g) {
            CHECK(0);
            return;
        }
        for (uint32_t i = 0; i < gpu_n_sm(g); i++) {
            const sm_counters_t *k = gpu_sm_counters(g, i);
            power_sm_counts_t counts;
            gpu_power_sm_counts(g, i, &counts);
            CHECK_EQ(counts.events[PEV_SM_ACTIVE_CYCLE], util ? k->cycles - k->no_cta_cycles : k->act_cycles);
            if (counts.events[PEV_SM_ACTIVE_CYCLE])
                REL_NEAR(gpu_power_sm_energy(g, i), (double)counts.events[PEV_SM_ACTIVE_CYCLE] * 1e-9);
            else
                CHECK(gpu_power_sm_energy(g, i) == 0.0);
            charged[util] += counts.events[PEV_SM_ACTIVE_CYCLE];
        }
        power_sm_counts_t off;
        gpu_power_sm_counts(g, 0, &off);
        CHECK_EQ(off.events[PEV_SM_ACTIVE_CYCLE], 0);
        gpu_destroy(g);
    }
    CHECK(charged[1] > charged[0]);
    /* the preset of Kayiran's relative model reads it this way */
    gpu_config_t k;
    CHECK_EQ(config_load_preset(&k, "pact13-30sm", &err), 0);
    CHECK(k.power.sm_active_util);
    gpu_config_t d;
    config_defaults(&d);
    CHECK(!d.power.sm_active_util);
}

/* A test policy: core 0 OFF from the start, back ON at cycle 300. */
static void *wake0_create(gpu_t *g, cta_link_t *self, policy_args_t *args, cs_error_t *err)
{
    (void)args;
    (void)err;
    gpu_set_sm_state(g, 0, CORE_OFF);
    gpu_policy_set_sample_period(g, self, 300);
    static int token;
    return &token;
}
static void wake0_sample(void *st, gpu_t *g, uint64_t cycle)
{
    (void)st;
    if (gpu_sm_state(g, 0) == CORE_OFF && cycle >= 300)
        gpu_set_sm_state(g, 0, CORE_ACTIVE);
}
static const cta_policy_ops_t wake0_policy = {.name = "test_wake0", .summary = "core 0 off until cycle 300 (tests)",
                                              .create = wake0_create, .sample = wake0_sample};

/* A gated core that is turned on again pays one wake-up; it was gated for
 * exactly the cycles before, and with PCPG leaked nothing then. */
static void wakeup_energy(void)
{
    static bool registered;
    cs_error_t err;
    if (!registered)
        registered = cta_policy_register(&wake0_policy, &err) == 0;
    CHECK(registered);
    gpu_config_t c = small_gpu(2);
    zero_power(&c);
    c.power.pcpg = true;
    c.power.sm_static_w = 1.0;
    c.power.wakeup_energy_nj = 7.0;
    gpu_t *g = run_spec(&c, "rr+test_wake0", "compute:ctas=16,threads=128,iters=40");
    if (!g) {
        CHECK(0);
        return;
    }
    const sm_counters_t *k = gpu_sm_counters(g, 0);
    CHECK_EQ(k->wakeups, 1);
    CHECK_EQ(k->gated_cycles, 299); /* cycles 1..299; ON from the sample at 300 */
    CHECK(k->ctas_issued > 0);
    CHECK_EQ(gpu_sm_counters(g, 1)->wakeups, 0);
    const double period = 1.0 / (c.clk_core_mhz * 1e6);
    REL_NEAR(gpu_power_sm_energy(g, 0), 7e-9 + 1.0 * (double)(gpu_cycle(g) - 299) * period);
    const power_energy_t *comp;
    CHECK(gpu_power_summary(g, &comp) != NULL);
    REL_NEAR(comp->component[PC_WAKEUP], 7e-9);
    gpu_destroy(g);
}

/* The allocation integral is sum over CTAs of registers x resident cycles;
 * with one CTA of half the register file and half the shared memory per core
 * (two would fit), gating charges exactly half of their leakage over the
 * CTA's residence, nothing outside it. */
static cta_info_t seen[64];
static uint32_t n_seen;
static void rec_finished(void *st, gpu_t *g, const cta_info_t *cta)
{
    (void)st;
    (void)g;
    if (n_seen < 64)
        seen[n_seen++] = *cta;
}
static const cta_policy_ops_t rec_policy = {.name = "test_rec", .summary = "records CTAs (tests)",
                                            .cta_finished = rec_finished};

static void rf_shmem_gating_on_a_run(void)
{
    static bool registered;
    cs_error_t err;
    if (!registered)
        registered = cta_policy_register(&rec_policy, &err) == 0;
    CHECK(registered);
    gpu_config_t c = small_gpu(3);
    zero_power(&c);
    c.power.sm_static_w = 2.0;
    c.power.sm_rf_static_w = 0.8;
    c.power.sm_shmem_static_w = 0.4;
    c.power.gate_unused_rf_shmem = true;
    n_seen = 0;
    /* 64 regs x 256 threads = 16384 of 32768; 24 KB of 48 KB: two CTAs fit, one per core runs */
    gpu_t *g = run_spec(&c, "rr+test_rec", "shmem:ctas=3,threads=256,regs=64,shmem=24576,iters=8");
    if (!g) {
        CHECK(0);
        return;
    }
    CHECK_EQ(gpu_kernel(g, 0)->occupancy_limit, 2);
    CHECK_EQ(n_seen, 3);
    const double period = 1.0 / (c.clk_core_mhz * 1e6);
    for (uint32_t i = 0; i < n_seen; i++) {
        const cta_info_t *ci = &seen[i];
        const uint64_t resident = ci->end_cycle - ci->start_cycle;
        power_sm_counts_t counts;
        gpu_power_sm_counts(g, ci->sm, &counts);
        CHECK_EQ(counts.reg_alloc_cycles, 16384ull * resident);
        CHECK_EQ(counts.shmem_alloc_cycles, 24576ull * resident);
        /* RF + shared memory leak half of their power while the CTA is resident */
        const double expect = (0.8 + 0.4) / 2 * (double)resident * period +
                              (2.0 - 0.8 - 0.4) * (double)gpu_cycle(g) * period;
        REL_NEAR(gpu_power_sm_energy(g, ci->sm), expect);
    }
    gpu_destroy(g);
}

/* -power_wakeup_cycles W: core 0, gated until the sample at cycle 300, takes
 * its first CTA W cycles later than it does with ideal gating, and never
 * before; the other core is not delayed. */
static uint64_t first_start_on(uint32_t sm)
{
    uint64_t first = UINT64_MAX;
    for (uint32_t i = 0; i < n_seen; i++)
        if (seen[i].sm == sm && seen[i].start_cycle < first)
            first = seen[i].start_cycle;
    return first;
}

static void wakeup_latency_delays_the_first_cta(void)
{
    /* the earlier tests registered both policies; a second registration fails */
    cs_error_t err;
    cta_policy_register(&wake0_policy, &err);
    cta_policy_register(&rec_policy, &err);
    uint64_t first0[2], first1[2], wakes[2];
    const uint32_t latency[2] = {0, 150};
    for (int i = 0; i < 2; i++) {
        gpu_config_t c = small_gpu(2);
        c.power.wakeup_cycles = latency[i];
        n_seen = 0;
        gpu_t *g = run_spec(&c, "rr+test_wake0+test_rec", "compute:ctas=48,threads=128,iters=60");
        if (!g) {
            CHECK(0);
            return;
        }
        CHECK_EQ(n_seen, 48);
        first0[i] = first_start_on(0);
        first1[i] = first_start_on(1);
        wakes[i] = gpu_sm_counters(g, 0)->wakeups;
        gpu_destroy(g);
    }
    printf("  core 0's first CTA at %llu (ideal gating), %llu (150-cycle wake-up)\n", (unsigned long long)first0[0],
           (unsigned long long)first0[1]);
    CHECK_EQ(wakes[0], 1);
    CHECK_EQ(wakes[1], 1);
    CHECK(first0[0] >= 300 && first0[0] < 310);
    CHECK_EQ(first0[1], first0[0] + 150);
    CHECK_EQ(first1[0], first1[1]);
}

/* The power model measures; it changes no statistic. */
static void power_changes_no_statistic(void)
{
    gpu_config_t c = small_gpu(4);
    c.power.enabled = false;
    gpu_t *a = run_spec(&c, "dyncta:period=500", "stream:ctas=40,threads=128,iters=6");
    c.power.enabled = true;
    c.power.sample_period = 37;
    gpu_t *b = run_spec(&c, "dyncta:period=500", "stream:ctas=40,threads=128,iters=6");
    if (!a || !b) {
        gpu_destroy(a);
        gpu_destroy(b);
        CHECK(0);
        return;
    }
    CHECK_EQ(gpu_cycle(a), gpu_cycle(b));
    for (uint32_t i = 0; i < gpu_n_sm(a); i++)
        CHECK(memcmp(gpu_sm_counters(a, i), gpu_sm_counters(b, i), sizeof(sm_counters_t)) == 0);
    gpu_totals_t ta, tb;
    gpu_get_totals(a, &ta);
    gpu_get_totals(b, &tb);
    ta.sim_wall_seconds = tb.sim_wall_seconds = 0;
    CHECK(memcmp(&ta, &tb, sizeof ta) == 0);
    double v;
    CHECK(!gpu_metric_get(a, "power.energy_j", &v));
    gpu_destroy(a);
    gpu_destroy(b);
}

/* The power_w series: a point every period, the last one partial; the
 * time-weighted mean of the points is the run's average power. */
static void power_series(void)
{
    gpu_config_t c = small_gpu(2);
    c.power.sample_period = 250;
    gpu_t *g = run_spec(&c, "rr", "stream:ctas=8,threads=128,iters=4");
    if (!g) {
        CHECK(0);
        return;
    }
    const uint64_t *cyc;
    const double *w;
    size_t n = gpu_metric_series(g, "power_w", &cyc, &w);
    CHECK(n >= 2);
    double j = 0;
    uint64_t prev = 0;
    const double hz = c.clk_core_mhz * 1e6;
    for (size_t i = 0; i < n; i++) {
        if (i + 1 < n)
            CHECK_EQ(cyc[i], 250 * (i + 1));
        CHECK(w[i] > 0);
        /* point i covers the cycles accounted since the last one: sample at
         * cycle c covers up to c - 1; the last point up to the end */
        uint64_t upto = i + 1 < n ? cyc[i] - 1 : gpu_cycle(g);
        j += w[i] * (double)(upto - prev) / hz;
        prev = upto;
    }
    REL_NEAR(j, metric(g, "power.energy_j"));
    gpu_destroy(g);
}

/* Kernels one after another: each kernel's energy is the GPU's between its
 * start and end; together they are the total less the gaps between them. */
static void per_kernel_energy(void)
{
    gpu_config_t c = small_gpu(2);
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, "rr", "gto", &err);
    CHECK(g != NULL);
    if (!g)
        return;
    const char *specs[] = {"compute:ctas=4,iters=20", "stream:ctas=4,threads=128,iters=2"};
    workload_t *w[2];
    for (int i = 0; i < 2; i++) {
        kernel_desc_t k;
        w[i] = synth_workload_open(specs[i], &err);
        CHECK(w[i] && workload_next_kernel(w[i], &k, &err) == 1);
        CHECK_EQ(gpu_launch(g, &k, &err), 0);
    }
    CHECK_EQ(gpu_run(g, &err), 0);
    uint64_t c0, c1;
    double e0 = gpu_power_kernel_energy(g, 0, &c0), e1 = gpu_power_kernel_energy(g, 1, &c1);
    CHECK(e0 > 0 && e1 > 0);
    CHECK(c0 > 0 && c1 > 0);
    CHECK(e0 + e1 <= metric(g, "power.energy_j") * (1 + 1e-12));
    CHECK(c0 + c1 <= gpu_cycle(g));
    for (int i = 0; i < 2; i++)
        workload_destroy(w[i]);
    gpu_destroy(g);
}

/* --- bad parameters -------------------------------------------------------- */

static void expect_set_error(const char *name, const char *value, const char *msg)
{
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    config_load_opts_t o = {.allow_unknown = true};
    CHECK(config_set_opts(&c, name, value, &o, &err) < 0);
    if (!strstr(err.msg, msg)) {
        printf("  --set %s=%s: '%s' lacks '%s'\n", name, value, err.msg, msg);
        CHECK(0);
    }
}

static void bad_parameters(void)
{
    expect_set_error("power_sm_static_w", "-1", "-power_sm_static_w: must not be negative ('-1')");
    expect_set_error("power_dram_rd_pj", "-0.5", "-power_dram_rd_pj: must not be negative");
    expect_set_error("power_l1_hit_pj", "abc", "-power_l1_hit_pj: not a number ('abc')");
    expect_set_error("power_l1_hit_pj", "nan", "not a number");
    expect_set_error("power_l1_hit_pj", "inf", "not a number");
    expect_set_error("power_l1_hit_pj", "1e999", "not a number");
    expect_set_error("power_l1_hit_pj", "0x10", "not a number");
    expect_set_error("power_simulation_enabled", "2", "-power_simulation_enabled: expected 0 or 1");
    expect_set_error("power_sample_period", "-5", "-power_sample_period: must not be negative");
    expect_set_error("power_sm_statik_w", "1", "unknown option -power_sm_statik_w (did you mean -power_sm_static_w?)");
    expect_set_error("power_xyz", "1", "unknown option -power_xyz");
    /* in an option file an unknown power parameter is an error even with
     * --allow-unknown; GPGPU-Sim's own power options are skipped */
    gpu_config_t f;
    config_defaults(&f);
    cs_error_t ferr;
    config_load_opts_t lo = {.allow_unknown = true};
    static const char bad[] = "-power_simulation_mode 0\n-power_xyz 3\n";
    CHECK(config_load_text_opts(&f, bad, sizeof bad - 1, "t.cfg", &lo, &ferr) < 0);
    CHECK(strstr(ferr.msg, "t.cfg:2: unknown option -power_xyz") != NULL);
    static const char good[] = "-power_simulation_mode 0\n-power_sm_static_w 1.5\n";
    CHECK_EQ(config_load_text_opts(&f, good, sizeof good - 1, "t.cfg", &lo, &ferr), 0);
    CHECK(f.power.sm_static_w == 1.5);
    /* shares beyond the SM's static power */
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    c.power.sm_rf_static_w = c.power.sm_static_w;
    CHECK(config_validate(&c, &err) < 0);
    CHECK(strstr(err.msg, "-power_sm_rf_static_w + -power_sm_shmem_static_w") != NULL);
    /* a good value reads back */
    config_defaults(&c);
    config_load_opts_t o = {.allow_unknown = true};
    CHECK_EQ(config_set_opts(&c, "power_sm_static_w", "1.25e0", &o, &err), 0);
    CHECK(c.power.sm_static_w == 1.25);
}

int main(void)
{
    RUN(energy_identity_by_hand);
    RUN(rf_shmem_gating_by_hand);
    RUN(kayiran_idle_is_half_of_full);
    RUN(energy_identity_on_a_hand_built_run);
    RUN(energy_identity_from_counters);
    RUN(gated_core_draws_nothing);
    RUN(active_util_charges_resident_cycles);
    RUN(wakeup_energy);
    RUN(rf_shmem_gating_on_a_run);
    RUN(wakeup_latency_delays_the_first_cta);
    RUN(power_changes_no_statistic);
    RUN(power_series);
    RUN(per_kernel_energy);
    RUN(bad_parameters);
    TEST_EXIT();
}
