/* test_sm.c — one core (model/sm.c) on its own, through its ports.
 *
 * The test builds what the GPU would give a core (configuration, address
 * map, request pool, the two crossbars) and plays both ends of it:
 *   - a scripted front-end (cta_source_ops_t) hands each warp a fixed
 *     instruction list and records the cycle of every pull; a warp's next
 *     instruction is pulled in the cycle its previous one issues (instruction
 *     buffer of depth one, sm.h), so pull k+1 dates the issue of instruction k;
 *   - a fixed-delay memory: whatever leaves the core through the request
 *     crossbar is answered through the reply crossbar D cycles after it
 *     arrived (the same request object comes back, as the L2 sends it).
 * One clock for everything (the gtx480 core and interconnect both run at
 * 700 MHz). Each cycle t runs as gpu.c orders one instant: memory side
 * first (it reads the interconnect clock of the previous instant, t-1, as
 * the L2 does), then both crossbars, then the core (interconnect clock t).
 * The core is ticked only when sm_due says so, as gpu.c does; the ALU case
 * also runs it every cycle and requires identical results and counters.
 *
 * Every expected number is derived by hand in the comments from the gtx480
 * configuration (config_defaults), whose relevant fields are checked first. */
#include "model/sm.h"
#include "test.h"
#include "policy/registry.h"

/* ------------------------------------------------------------------------ */
/* Scripted front-end */

#define MAX_SCRIPT 16
#define MAX_TEST_CTAS 4
#define MAX_TEST_WARPS 4

typedef struct warp_script {
    const warp_inst_t *inst[MAX_SCRIPT];
    unsigned n;
    int fail_at; /* pull index that fails (-1: none) */
} warp_script_t;

typedef struct cta_script {
    warp_script_t w[MAX_TEST_WARPS];
} cta_script_t;

typedef struct fe_src {
    cta_script_t cta[MAX_TEST_CTAS]; /* by linear CTA id */
    uint64_t now;                    /* the cycle being simulated, for pull times */
    unsigned begun, ended;
    /* pull_at[cta][warp][k]: cycle of the k-th warp_next call (k = 0 at CTA start) */
    uint64_t pull_at[MAX_TEST_CTAS][MAX_TEST_WARPS][MAX_SCRIPT + 2];
    unsigned pulls[MAX_TEST_CTAS][MAX_TEST_WARPS];
    unsigned pulls_after_end; /* warp_next called again after it returned 0: contract violation */
} fe_src_t;

typedef struct fe_cta {
    fe_src_t *src;
    uint64_t id;
    unsigned pos[MAX_TEST_WARPS];
    bool done[MAX_TEST_WARPS];
} fe_cta_t;

static void *fe_begin(void *src, uint64_t cta_linear, uint32_t core, cs_error_t *err)
{
    (void)core;
    fe_src_t *s = src;
    if (cta_linear >= MAX_TEST_CTAS) {
        cs_err(err, NULL, 0, "no script for CTA %llu", (unsigned long long)cta_linear);
        return NULL;
    }
    fe_cta_t *c = calloc(1, sizeof *c);
    c->src = s;
    c->id = cta_linear;
    s->begun++;
    return c;
}

static int fe_next(void *cta, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    fe_cta_t *c = cta;
    fe_src_t *s = c->src;
    const warp_script_t *ws = &s->cta[c->id].w[warp];
    unsigned k = s->pulls[c->id][warp]++;
    if (k < MAX_SCRIPT + 2)
        s->pull_at[c->id][warp][k] = s->now;
    if (c->done[warp])
        s->pulls_after_end++;
    if (ws->fail_at >= 0 && (unsigned)ws->fail_at == c->pos[warp])
        return cs_err(err, NULL, 0, "scripted failure: CTA %llu warp %u instruction %u",
                      (unsigned long long)c->id, warp, c->pos[warp]);
    if (c->pos[warp] >= ws->n) {
        c->done[warp] = true;
        return 0;
    }
    *out = ws->inst[c->pos[warp]++];
    return 1;
}

static void fe_end(void *src, void *cta)
{
    ((fe_src_t *)src)->ended++;
    free(cta);
}

static const cta_source_ops_t fe_ops = {.cta_begin = fe_begin, .warp_next = fe_next, .cta_end = fe_end};

/* Issue cycle of instruction k of (cta, warp): the pull that followed it. */
static uint64_t issued_at(const fe_src_t *s, unsigned cta, unsigned warp, unsigned k)
{
    return k + 1 < s->pulls[cta][warp] ? s->pull_at[cta][warp][k + 1] : 0;
}

/* ------------------------------------------------------------------------ */
/* Instructions */

static uint64_t line_a[WARP_SIZE]; /* 32 lanes x 4 bytes: one 128-byte line at 0x10000 */

static void init_addrs(void)
{
    for (unsigned i = 0; i < WARP_SIZE; i++)
        line_a[i] = 0x10000 + 4 * i;
}

static warp_inst_t alu(uint8_t unit, uint8_t lat, uint16_t dst, uint16_t src)
{
    return (warp_inst_t){.active_mask = 0xFFFFFFFFu, .unit = unit, .lat = lat, .ndst = 1, .nsrc = 1,
                         .dst = {dst}, .src = {src}};
}
static warp_inst_t fadd(uint16_t dst, uint16_t src) { return alu(UNIT_SP, LAT_FP_ADD, dst, src); }

static warp_inst_t load(uint16_t dst, const uint64_t *addr)
{
    return (warp_inst_t){.active_mask = 0xFFFFFFFFu, .unit = UNIT_LDST, .lat = LAT_INT_ADD, .space = SPACE_GLOBAL,
                         .flags = INST_LOAD, .access_size = 4, .ndst = 1, .nsrc = 1, .dst = {dst}, .src = {0},
                         .addr = addr};
}

static warp_inst_t store(const uint64_t *addr)
{
    return (warp_inst_t){.active_mask = 0xFFFFFFFFu, .unit = UNIT_LDST, .lat = LAT_INT_ADD, .space = SPACE_GLOBAL,
                         .flags = INST_STORE, .access_size = 4, .nsrc = 2, .src = {0, 9}, .addr = addr};
}

/* ------------------------------------------------------------------------ */
/* The rig: a core, its ports, a kernel and a fixed-delay memory */

typedef struct rig {
    gpu_config_t cfg;
    addrmap_t amap;
    req_pool_t pool;
    xbar_t req_net, reply_net;
    mem_ports_t io;
    sm_t sm;
    bool sm_ok;
    kernel_run_t k;
    fe_src_t fe;
    uint64_t now;        /* the next cycle to simulate */
    bool every_cycle;    /* tick the core every cycle instead of when sm_due */
    uint32_t mem_delay;  /* D: cycles from a request's arrival to its reply's injection */
    req_fifo_t mem_q;    /* requests waiting out D (ready = reply cycle) */
    unsigned mem_seen;   /* requests that reached the memory side */
    unsigned mem_reads, mem_writes;
    uint64_t mem_arrival[16];
    uint64_t finish_cycle[8]; /* cycles in which sm_cycle returned > 0 */
    unsigned n_finish_cycles;
    int last_rc;
} rig_t;

/* The derivations below count a result as usable `lat` cycles after issue:
 * the rig runs without -ctasim_pipeline_latency (the defaults' 5), except
 * where a test sets this. */
static uint32_t rig_pipeline_latency = 0;
static bool rig_sub_cores = false;   /* -gpgpu_sub_core_model */
static uint32_t rig_fp_add_init = 0; /* 0: the defaults' initiation interval */
/* Options set before the core is built (NULL-terminated name/value pairs). */
static const char *const *rig_options = NULL;

static rig_t *rig_new(const char *policy, uint32_t warps_per_cta, uint32_t mem_delay)
{
    rig_t *g = calloc(1, sizeof *g);
    cs_error_t err;
    config_defaults(&g->cfg);
    g->cfg.pipeline_latency = rig_pipeline_latency;
    g->cfg.sub_core_model = rig_sub_cores;
    if (rig_fp_add_init)
        g->cfg.init[LAT_FP_ADD] = rig_fp_add_init;
    for (const char *const *o = rig_options; o && o[0]; o += 2)
        if (config_set(&g->cfg, o[0], o[1], &err) < 0) {
            printf("  %s\n", err.msg);
            test_case_failed = 1;
        }
    if (addrmap_init(&g->amap, g->cfg.addr_mapping, g->cfg.n_mem, g->cfg.n_sub_partition_per_mchannel,
                     g->cfg.partition_indexing, &err) < 0) {
        printf("  addrmap_init: %s\n", err.msg);
        test_case_failed = 1;
    }
    req_pool_init(&g->pool);
    xbar_init(&g->req_net, 1, config_n_l2(&g->cfg), &g->cfg);
    xbar_init(&g->reply_net, config_n_l2(&g->cfg), 1, &g->cfg);
    g->io = (mem_ports_t){.cfg = &g->cfg, .amap = &g->amap, .pool = &g->pool, .req_net = &g->req_net,
                          .reply_net = &g->reply_net};
    const warp_policy_ops_t *wp = warp_policy_find(policy);
    CHECK(wp != NULL);
    if (wp && sm_init(&g->sm, &g->io, 0, wp, policy, &err) == 0)
        g->sm_ok = true;
    else
        printf("  sm_init(%s) failed\n", policy);
    for (unsigned c = 0; c < MAX_TEST_CTAS; c++)
        for (unsigned w = 0; w < MAX_TEST_WARPS; w++)
            g->fe.cta[c].w[w].fail_at = -1;
    g->k.desc.ops = &fe_ops;
    g->k.desc.src = &g->fe;
    g->k.desc.block = (dim3_t){warps_per_cta * WARP_SIZE, 1, 1};
    g->k.desc.grid = (dim3_t){MAX_TEST_CTAS, 1, 1};
    g->k.total_ctas = MAX_TEST_CTAS;
    g->k.warps_per_cta = warps_per_cta;
    g->k.threads_per_cta = warps_per_cta * WARP_SIZE;
    g->k.regs_per_cta = 16 * g->k.threads_per_cta;
    g->k.max_ctas_per_sm = 8;
    g->k.state = KERNEL_RUNNING;
    g->now = 1;
    g->mem_delay = mem_delay;
    return g;
}

static void rig_free(rig_t *g)
{
    if (g->sm_ok)
        sm_free(&g->sm);
    xbar_free(&g->req_net);
    xbar_free(&g->reply_net);
    req_pool_destroy(&g->pool);
    free(g);
}

/* Start CTA `id` (its script in g->fe.cta[id]) in the cycle about to run, as
 * the GPU's dispatcher does before the core tick. Returns the slot or -1. */
static int rig_start(rig_t *g, uint64_t id)
{
    cs_error_t err;
    g->fe.now = g->now;
    CHECK(sm_fits(&g->sm, &g->k));
    void *fe = fe_ops.cta_begin(&g->fe, id, 0, &err);
    if (!fe)
        return -1;
    return sm_start_cta(&g->sm, &g->k, id, fe, g->now);
}

/* Simulate cycle g->now; returns sm_cycle's result (0 when the core was not due). */
static int rig_step(rig_t *g)
{
    const uint64_t t = g->now++;
    /* memory side: arrivals through the interconnect clock of the previous instant */
    for (uint32_t o = 0; o < g->req_net.n_out; o++) {
        mem_req_t *r;
        while ((r = xbar_pop(&g->req_net, o, t - 1)) != NULL) {
            if (g->mem_seen < CS_ARRAY_LEN(g->mem_arrival))
                g->mem_arrival[g->mem_seen] = t;
            g->mem_seen++;
            if (r->type == REQ_WRITE)
                g->mem_writes++;
            else
                g->mem_reads++;
            CHECK_EQ(r->sub_partition, o);
            r->ready = t + g->mem_delay;
            fifo_push(&g->mem_q, r);
        }
    }
    while (g->mem_q.head && g->mem_q.head->ready <= t) {
        mem_req_t *r = fifo_pop(&g->mem_q);
        if (r->type == REQ_WRITE)
            r->bytes = 0; /* as the L2: a store is acknowledged with a header-only packet */
        uint32_t bytes = g->cfg.icnt_ctrl_bytes + r->bytes;
        CHECK(xbar_can_push(&g->reply_net, r->sub_partition, bytes));
        xbar_push(&g->reply_net, r->sub_partition, r->sm, r, bytes);
    }
    xbar_cycle(&g->req_net, t);
    xbar_cycle(&g->reply_net, t);
    g->fe.now = t;
    int rc = 0;
    if (g->every_cycle || sm_due(&g->sm, t, t))
        rc = sm_cycle(&g->sm, t, t);
    if (rc > 0 && g->n_finish_cycles < CS_ARRAY_LEN(g->finish_cycle))
        g->finish_cycle[g->n_finish_cycles++] = t;
    g->last_rc = rc;
    return rc;
}

static bool rig_quiet(const rig_t *g)
{
    return sm_idle(&g->sm) && xbar_idle(&g->req_net) && xbar_idle(&g->reply_net) && !g->mem_q.count;
}

/* Step until the core and the memory side are idle (or a failure, or `limit` cycles). */
static void rig_run(rig_t *g, uint64_t limit)
{
    while (g->now < limit && !rig_quiet(g))
        if (rig_step(g) < 0)
            return;
}

/* ------------------------------------------------------------------------ */

static void gtx480_fields_the_derivations_use(void)
{
    gpu_config_t c;
    config_defaults(&c);
    CHECK_EQ(c.num_sched_per_core, 2);
    CHECK_EQ(c.num_units[UNIT_SP], 2);
    CHECK_EQ(c.num_units[UNIT_SFU], 1);
    CHECK_EQ(c.lat[LAT_FP_ADD], 4);
    CHECK_EQ(c.init[LAT_FP_ADD], 1);
    CHECK_EQ(c.lat[LAT_FP_MAX], 13);
    CHECK_EQ(c.init[LAT_FP_MAX], 2);
    CHECK_EQ(c.lat[LAT_SFU], 8);
    CHECK_EQ(c.init[LAT_SFU], 8);
    CHECK_EQ(c.simd_width, 32);
    CHECK_EQ(c.l1_latency, 35);
    CHECK(c.l1d.enabled && !c.l1d.sectored && c.l1d.line_size == 128);
    CHECK_EQ(c.icnt_latency, 8);
    CHECK_EQ(c.icnt_flit_size, 40);
    CHECK_EQ(c.icnt_ctrl_bytes, 8);
    CHECK_EQ(c.l2_rop_latency, 120);
    CHECK(c.clk_core_mhz == c.clk_icnt_mhz);
}

/* (a) ALU timing, one warp:
 *   i0 FP_MAX r1 <- r0   issues at 1 (the CTA starts in cycle 1)
 *   i1 FP_ADD r2 <- r1   RAW on r1: 1 + lat[FP_MAX] 13           = 14
 *   i2 FP_ADD r3 <- r2   RAW on r2: 14 + lat[FP_ADD] 4            = 18
 *   i3 FP_ADD r4 <- r0   independent: next cycle                  = 19
 *   i4 FP_ADD r5 <- r0   independent (2 SP units, init 1)         = 20
 *   i5 SFU    r6 <- r0   independent                               = 21
 *   i6 SFU    r7 <- r0   one SFU, initiation interval 8: 21 + 8   = 29
 *   i7 FP_ADD r8 <- r7   RAW on r7: 29 + lat[SFU] 8               = 37
 *   i8 FP_ADD r8 <- r0   WAW on r8: 37 + lat[FP_ADD] 4            = 41
 * The warp has no more instructions once i8 issues: the CTA finishes at 41
 * with 9 warp instructions. Same under gto and lrr (one warp), and the same
 * whether the core sleeps between events or is ticked every cycle. */
static const uint64_t chain_issue[] = {1, 14, 18, 19, 20, 21, 29, 37, 41};

static void run_chain(const char *policy, bool every_cycle, sm_counters_t *counters)
{
    warp_inst_t in[] = {
        alu(UNIT_SP, LAT_FP_MAX, 1, 0), fadd(2, 1), fadd(3, 2), fadd(4, 0), fadd(5, 0),
        alu(UNIT_SFU, LAT_SFU, 6, 0), alu(UNIT_SFU, LAT_SFU, 7, 0), fadd(8, 7), fadd(8, 0),
    };
    rig_t *g = rig_new(policy, 1, 0);
    g->every_cycle = every_cycle;
    warp_script_t *ws = &g->fe.cta[0].w[0];
    for (unsigned i = 0; i < CS_ARRAY_LEN(in); i++)
        ws->inst[ws->n++] = &in[i];
    CHECK_EQ(rig_start(g, 0), 0);
    rig_run(g, 200);
    CHECK_EQ(g->last_rc >= 0, 1);
    CHECK_EQ(g->fe.pulls[0][0], CS_ARRAY_LEN(in) + 1);
    for (unsigned i = 0; i < CS_ARRAY_LEN(chain_issue); i++) {
        if (issued_at(&g->fe, 0, 0, i) != chain_issue[i])
            printf("  %s%s: instruction %u issued at %llu, expected %llu\n", policy,
                   every_cycle ? " (every cycle)" : "", i, (unsigned long long)issued_at(&g->fe, 0, 0, i),
                   (unsigned long long)chain_issue[i]);
        CHECK_EQ(issued_at(&g->fe, 0, 0, i), chain_issue[i]);
    }
    CHECK_EQ(g->n_finish_cycles, 1);
    CHECK_EQ(g->finish_cycle[0], 41);
    cta_info_t ev[MAX_CTAS_PER_SM];
    CHECK_EQ(sm_take_finished(&g->sm, ev), 1);
    CHECK_EQ(ev[0].warp_insts, 9);
    CHECK_EQ(g->sm.c.warp_insts, 9);
    CHECK_EQ(g->sm.c.unit_issues[UNIT_SFU], 2);
    CHECK_EQ(g->fe.pulls_after_end, 0);
    CHECK_EQ(g->mem_seen, 0);
    /* counters up to the end of cycle 60 */
    while (g->now <= 60)
        rig_step(g);
    sm_catch_up(&g->sm, 61);
    *counters = g->sm.c;
    rig_free(g);
}

/* -ctasim_pipeline_latency P: a result is usable lat + P cycles after issue,
 * for ALU results and loaded data alike. P = 5: FP_ADD r2 <- r1 after
 * FP_MAX r1 (lat 13) issues at 1 + 13 + 5 = 19; a second FP_ADD on r2
 * (lat 4) at 19 + 4 + 5 = 28. */
static void pipeline_latency_adds_to_every_result(void)
{
    warp_inst_t in[] = {alu(UNIT_SP, LAT_FP_MAX, 1, 0), fadd(2, 1), fadd(3, 2)};
    rig_pipeline_latency = 5;
    rig_t *g = rig_new("gto", 1, 0);
    rig_pipeline_latency = 0;
    warp_script_t *ws = &g->fe.cta[0].w[0];
    for (unsigned i = 0; i < CS_ARRAY_LEN(in); i++)
        ws->inst[ws->n++] = &in[i];
    CHECK_EQ(rig_start(g, 0), 0);
    rig_run(g, 200);
    CHECK_EQ(issued_at(&g->fe, 0, 0, 0), 1);
    CHECK_EQ(issued_at(&g->fe, 0, 0, 1), 19);
    CHECK_EQ(issued_at(&g->fe, 0, 0, 2), 28);
    rig_free(g);
}

/* Waits longer than the core's timed-hint wheel (SM_TIMED_WHEEL cycles), two
 * warps on the two schedulers, pipeline latency P = 100:
 *   warp 0: FP_MAX r1 <- r0 at 1; FP_ADD r2 <- r1 at 1 + 13 + P = 114;
 *           FP_ADD r3 <- r2 at 114 + 4 + P = 218
 *   warp 1: FP_ADD r1 <- r0 at 1; FP_ADD r2 <- r1 at 1 + 4 + P = 105;
 *           FP_ADD r3 <- r2 at 105 + 4 + P = 209
 * At 105 the wheel's slot of 114 is swept with warp 0's hint not yet due;
 * each wait spans more than a turn. Sleeping core and every-cycle ticks alike. */
static void waits_beyond_the_hint_wheel(void)
{
    for (int every = 0; every < 2; every++) {
        warp_inst_t w0[] = {alu(UNIT_SP, LAT_FP_MAX, 1, 0), fadd(2, 1), fadd(3, 2)};
        warp_inst_t w1[] = {fadd(1, 0), fadd(2, 1), fadd(3, 2)};
        rig_pipeline_latency = 100;
        rig_t *g = rig_new("gto", 2, 0);
        rig_pipeline_latency = 0;
        g->every_cycle = every;
        for (unsigned i = 0; i < 3; i++) {
            warp_script_t *a = &g->fe.cta[0].w[0], *b = &g->fe.cta[0].w[1];
            a->inst[a->n++] = &w0[i];
            b->inst[b->n++] = &w1[i];
        }
        CHECK_EQ(rig_start(g, 0), 0);
        rig_run(g, 400);
        static const uint64_t want0[] = {1, 114, 218}, want1[] = {1, 105, 209};
        for (unsigned i = 0; i < 3; i++) {
            CHECK_EQ(issued_at(&g->fe, 0, 0, i), want0[i]);
            CHECK_EQ(issued_at(&g->fe, 0, 1, i), want1[i]);
        }
        CHECK_EQ(g->sm.c.warp_insts, 6);
        rig_free(g);
    }
}

/* -gpgpu_sub_core_model: one warp (scheduler 0 of 2) issues four independent
 * FP_ADDs with initiation interval 2 on the 2 SP units. Shared units: unit 0
 * at 1, unit 1 at 2, unit 0 again at 3, unit 1 at 4. Sub-cores: scheduler 0
 * owns unit 0 only: 1, 3, 5, 7. */
static void sub_cores_split_the_units(void)
{
    warp_inst_t in[] = {fadd(1, 0), fadd(2, 0), fadd(3, 0), fadd(4, 0)};
    for (int sub = 0; sub <= 1; sub++) {
        rig_sub_cores = sub;
        rig_fp_add_init = 2;
        rig_t *g = rig_new("gto", 1, 0);
        rig_sub_cores = false;
        rig_fp_add_init = 0;
        CHECK_EQ(g->cfg.num_units[UNIT_SP], 2);
        CHECK_EQ(g->cfg.num_sched_per_core, 2);
        warp_script_t *ws = &g->fe.cta[0].w[0];
        for (unsigned i = 0; i < CS_ARRAY_LEN(in); i++)
            ws->inst[ws->n++] = &in[i];
        CHECK_EQ(rig_start(g, 0), 0);
        rig_run(g, 200);
        for (unsigned i = 0; i < CS_ARRAY_LEN(in); i++)
            CHECK_EQ(issued_at(&g->fe, 0, 0, i), sub ? 1 + 2 * i : 1 + i);
        rig_free(g);
    }
}

static void alu_chain_latencies(void)
{
    sm_counters_t gto_sleep, gto_every, lrr_sleep;
    run_chain("gto", false, &gto_sleep);
    run_chain("gto", true, &gto_every);
    run_chain("lrr", false, &lrr_sleep);
    /* cycles 1..60 accounted, 9 of them issuing */
    CHECK_EQ(gto_sleep.cycles, 60);
    CHECK_EQ(gto_sleep.outcome[OUT_ACTIVE], 9);
    CHECK_EQ(gto_every.cycles, 60);
    CHECK_EQ(gto_every.outcome[OUT_ACTIVE], 9);
}

/* A full scoreboard (SB_MAX = 16 pending register writes) holds the next
 * instruction until an entry retires, and the core must wake for that:
 *   i0..i3 FP_MAX, four destinations each (r1..r16) <- r0: 1, 2, 3, 4
 *          (2 SP units, initiation interval 2)
 *   i4     FP_ADD r17 <- r0: independent, but the table is full until i0's
 *          results retire at 1 + lat[FP_MAX] 13                    = 14
 * Both with the core sleeping between events and ticked every cycle (the
 * warp used to wait for a load completion that never came: no wake-up). */
static void full_scoreboard_waits_for_a_retirement(void)
{
    warp_inst_t in[5];
    for (unsigned i = 0; i < 4; i++) {
        in[i] = alu(UNIT_SP, LAT_FP_MAX, (uint16_t)(1 + 4 * i), 0);
        in[i].ndst = 4;
        for (unsigned d = 1; d < 4; d++)
            in[i].dst[d] = (uint16_t)(1 + 4 * i + d);
    }
    in[4] = fadd(17, 0);
    for (int every = 0; every <= 1; every++) {
        rig_t *g = rig_new("gto", 1, 0);
        g->every_cycle = every;
        warp_script_t *ws = &g->fe.cta[0].w[0];
        for (unsigned i = 0; i < CS_ARRAY_LEN(in); i++)
            ws->inst[ws->n++] = &in[i];
        CHECK_EQ(rig_start(g, 0), 0);
        rig_run(g, 200);
        CHECK_EQ(g->fe.pulls[0][0], CS_ARRAY_LEN(in) + 1);
        for (unsigned i = 0; i < 4; i++)
            CHECK_EQ(issued_at(&g->fe, 0, 0, i), 1 + i);
        CHECK_EQ(issued_at(&g->fe, 0, 0, 4), 14);
        CHECK_EQ(g->n_finish_cycles, 1);
        rig_free(g);
    }
}

/* Statistics must not depend on the core sleeping (sm.h: "its counters are
 * replayed for the skipped cycles"). The chain above, ticked every cycle and
 * ticked only when due, must end with the same counters. Hand count for
 * sb_conflicts (scheduler-cycles with nothing issued while some warp of that
 * scheduler was blocked by the scoreboard): the one warp sits in scheduler 0;
 * scheduler 1 has no warp and never counts. Cycles with nothing issued and a
 * scoreboard wait: 2..13 (i1 waits on r1) = 12, 15..17 (i2 on r2) = 3, 30..36
 * (i7 on r7) = 7, 38..40 (i8 WAW on r8) = 3; cycles 22..28 are a unit stall
 * (i6 waits for the SFU), not a scoreboard one. 12 + 3 + 7 + 3 = 25.
 * Ticked every cycle the core counts 25. Sleeping, it counts 46: sm_catch_up
 * replays each skipped cycle as n_sched (2) conflicts, not as the 1 the last
 * evaluated cycle counted (issue_sb): 25 + the 21 skipped cycles (3..13,
 * 16..17, 31..36, 39..40). A model bug; this case fails until it is fixed. */
static void counters_do_not_depend_on_sleeping(void)
{
    sm_counters_t a, b;
    run_chain("gto", true, &a);
    run_chain("gto", false, &b);
    CHECK_EQ(a.sb_conflicts, 25);
    CHECK_EQ(b.sb_conflicts, 25);
    CHECK_EQ(a.outcome[OUT_CORE_STALL], b.outcome[OUT_CORE_STALL]);
    CHECK_EQ(a.outcome[OUT_IDLE], b.outcome[OUT_IDLE]);
    CHECK_EQ(a.act_cycles, b.act_cycles);
    CHECK_EQ(a.inact_cycles, b.inact_cycles);
    CHECK_EQ(a.struct_stall, b.struct_stall);
    CHECK_EQ(a.no_cta_cycles, b.no_cta_cycles);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

/* (b), (c), (f) Loads through the L1, memory delay D = 120 (= the gtx480 ROP
 * latency, so the round trip matches the documented L2 hit).
 *   warp 0: i0 LD r1 <- [A]; i1 FP_ADD r2 <- r1; i2 LD r3 <- [A]; i3 FP_ADD r4 <- r3
 *   warp 1: i0 LD r1 <- [A]; i1 FP_ADD r2 <- r1          (A: one 128-byte line)
 * Warp slots 0 and 1 belong to schedulers 0 and 1.
 *   cycle 1: both loads issue (scheduler 0 first: warp 0 heads the LD/ST queue).
 *   cycle 2: LD/ST unit, warp 0's access: L1 miss, MSHR allocated, request in
 *            the miss queue and injected the same cycle (8-byte header: 1 flit).
 *   cycle 3: LD/ST unit, warp 1's access: a fetch of the line is in flight and
 *            brings every sector: pending hit, no request. The request crossbar
 *            grants warp 0's request (pushed after the crossbar ticked in 2):
 *            last flit arrives 3 + icnt_latency 8 + 1 flit - 1 = 11.
 *   cycle 12: the memory side takes it (it reads interconnect cycle 11); the
 *            reply is injected at 12 + 120 = 132: 8 + 128 bytes = 4 flits of 40,
 *            granted at once, arrives 132 + 8 + 4 - 1 = 143.
 *   cycle 143: the core takes the fill; both loads complete; both dependent
 *            adds issue (one per scheduler). Load to use 143 - 1 = 142, the
 *            gtx480 L2-hit latency of docs/ARCHITECTURE.md (1 + 1 + 8 + 1 + 120
 *            + 11). Warp 1 has nothing left: it finishes at 143.
 *            Round trip counted by the core (miss queue at 2 to reply): 141.
 *   cycle 144: warp 0's second load issues.
 *   cycle 145: L1 hit, data ready 144 + l1_latency 35 = 179: the add issues at
 *            179 and the CTA (6 warp instructions) finishes at 179.
 * L1: 3 reads = 1 miss + 1 pending hit + 1 hit; one request left the core. */
static void l1_miss_pending_hit_then_hit(void)
{
    init_addrs();
    warp_inst_t w0[] = {load(1, line_a), fadd(2, 1), load(3, line_a), fadd(4, 3)};
    warp_inst_t w1[] = {load(1, line_a), fadd(2, 1)};
    rig_t *g = rig_new("gto", 2, 120);
    for (unsigned i = 0; i < CS_ARRAY_LEN(w0); i++)
        g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[i];
    for (unsigned i = 0; i < CS_ARRAY_LEN(w1); i++)
        g->fe.cta[0].w[1].inst[g->fe.cta[0].w[1].n++] = &w1[i];
    CHECK_EQ(rig_start(g, 0), 0);
    rig_run(g, 1000);
    CHECK_EQ(g->last_rc >= 0, 1);

    CHECK_EQ(issued_at(&g->fe, 0, 0, 0), 1);
    CHECK_EQ(issued_at(&g->fe, 0, 1, 0), 1);
    CHECK_EQ(g->mem_seen, 1);
    CHECK_EQ(g->mem_arrival[0], 12);
    CHECK_EQ(issued_at(&g->fe, 0, 0, 1), 143); /* miss: load to use 142 */
    CHECK_EQ(issued_at(&g->fe, 0, 1, 1), 143); /* the pending hit completes with the fill */
    CHECK_EQ(issued_at(&g->fe, 0, 0, 2), 144);
    CHECK_EQ(issued_at(&g->fe, 0, 0, 3), 179); /* L1 hit: 144 + 35 */
    CHECK_EQ(issued_at(&g->fe, 0, 0, 3) - issued_at(&g->fe, 0, 0, 2), g->cfg.l1_latency);

    const cache_stats_t *l1 = &g->sm.ldst.l1.stats;
    CHECK_EQ(l1->read_accesses, 3);
    CHECK_EQ(l1->misses, 1);
    CHECK_EQ(l1->read_misses, 1);
    CHECK_EQ(l1->pending_hits, 1);
    CHECK_EQ(l1->hits, 1);
    /* only one request left the core */
    CHECK_EQ(g->sm.c.load_requests, 1);
    CHECK_EQ(g->req_net.stats.packets, 1);
    CHECK_EQ(g->req_net.stats.flits, 1);
    CHECK_EQ(g->reply_net.stats.flits, 4);
    CHECK_EQ(g->sm.c.mem_lat_count, 1);
    CHECK_EQ(g->sm.c.mem_lat_sum, 141);

    CHECK_EQ(g->n_finish_cycles, 1);
    CHECK_EQ(g->finish_cycle[0], 179);
    cta_info_t ev[MAX_CTAS_PER_SM];
    CHECK_EQ(sm_take_finished(&g->sm, ev), 1);
    CHECK_EQ(ev[0].warp_insts, 6);
    CHECK_EQ(ev[0].end_cycle, 179);
    /* (f) nothing leaked: every request came back to the pool */
    CHECK(rig_quiet(g));
    CHECK_EQ(g->pool.in_use, 0);
    CHECK_EQ(g->sm.ldst.mshr.used, 0);
    rig_free(g);
}

/* Stores are write-through, write-evict, no-allocate, and a warp finishes
 * only once its stores are acknowledged. Memory delay D = 10.
 *   cycle 1: ST [A] issues; the warp has nothing left but a store in flight.
 *   cycle 2: LD/ST: write request, 8 + 128 bytes = 4 flits, injected.
 *   cycle 3: granted; last flit at 3 + 8 + 4 - 1 = 14.
 *   cycle 15: memory side takes it; ack (header only, 1 flit) injected at 25,
 *            arrives 25 + 8 + 1 - 1 = 33.
 *   cycle 33: the ack is consumed, the warp and its CTA finish: sm_cycle
 *            returns 1 at 33, not at 1 when the last instruction issued. */
static void store_ack_gates_cta_finish(void)
{
    init_addrs();
    warp_inst_t w0[] = {store(line_a)};
    rig_t *g = rig_new("gto", 1, 10);
    g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[0];
    CHECK_EQ(rig_start(g, 0), 0);
    rig_run(g, 1000);
    CHECK_EQ(g->mem_seen, 1);
    CHECK_EQ(g->mem_writes, 1);
    CHECK_EQ(g->mem_arrival[0], 15);
    CHECK_EQ(g->req_net.stats.flits, 4);
    CHECK_EQ(g->reply_net.stats.flits, 1);
    CHECK_EQ(g->n_finish_cycles, 1);
    CHECK_EQ(g->finish_cycle[0], 33);
    CHECK_EQ(g->sm.c.store_requests, 1);
    CHECK_EQ(g->sm.ldst.l1.stats.write_accesses, 1);
    CHECK_EQ(g->sm.ldst.l1.stats.write_misses, 1);
    CHECK_EQ(g->pool.in_use, 0);
    rig_free(g);
}

/* Write-evict: a store to a line the L1 holds invalidates it, so the next
 * load of the line misses again. One warp, D = 20:
 *   LD r1 <- [A]; FP_ADD r2 <- r1; ST [A]; LD r3 <- [A]; FP_ADD r4 <- r3
 * L1: reads 2 (both misses), writes 1 (a hit: the line was there); three
 * requests leave the core (read, write, read). */
static void store_evicts_l1_line(void)
{
    init_addrs();
    warp_inst_t w0[] = {load(1, line_a), fadd(2, 1), store(line_a), load(3, line_a), fadd(4, 3)};
    rig_t *g = rig_new("lrr", 1, 20);
    for (unsigned i = 0; i < CS_ARRAY_LEN(w0); i++)
        g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[i];
    CHECK_EQ(rig_start(g, 0), 0);
    rig_run(g, 1000);
    const cache_stats_t *l1 = &g->sm.ldst.l1.stats;
    CHECK_EQ(l1->read_accesses, 2);
    CHECK_EQ(l1->read_misses, 2);
    CHECK_EQ(l1->pending_hits, 0);
    CHECK_EQ(l1->write_accesses, 1);
    CHECK_EQ(l1->write_misses, 0);
    CHECK_EQ(g->mem_seen, 3);
    CHECK_EQ(g->mem_reads, 2);
    CHECK_EQ(g->mem_writes, 1);
    CHECK_EQ(g->n_finish_cycles, 1);
    CHECK_EQ(g->pool.in_use, 0);
    rig_free(g);
}

static uint64_t line_b[WARP_SIZE], line_c[WARP_SIZE]; /* the lines at 0x20000 and 0x30000 */

/* One warp loads three lines A, B, C of an L1 with one set of two ways
 * (N:1:128:2), D = 120, then adds on the third:
 *   LD r1 <- [A] issues at 1, its access at 2 misses, the request arrives
 *   at 12 (l1_miss_pending_hit_then_hit: reply at 143); LD r2 <- [B] issues
 *   at 2, misses at 3 (arrives 13); LD r3 <- [C] issues at 3, access at 4.
 * Allocate-on-fill (f): C's miss goes out at 4 and arrives at 14. The three
 *   replies (4 flits each) are injected at 132, 133, 134 but share the reply
 *   port: A's flits leave 132-135 (last arrives 143), B's 136-139 (147), C's
 *   140-143 (151): the add on r3 issues at 151.
 * Allocate-on-miss (m): A and B each reserved the set's two frames at their
 *   miss, so C cannot take one (a reservation fail each cycle) until A's fill
 *   at 143 makes A's frame evictable: C misses at 143 (LRU victim A; B is
 *   still reserved), arrives at 143 + 10 = 153 and its data is back at 153 +
 *   120 + 11 = 284, when the add issues. */
static void allocate_on_miss_reserves_the_frame(void)
{
    init_addrs();
    for (unsigned i = 0; i < WARP_SIZE; i++) {
        line_b[i] = 0x20000 + 4 * i;
        line_c[i] = 0x30000 + 4 * i;
    }
    warp_inst_t w0[] = {load(1, line_a), load(2, line_b), load(3, line_c), fadd(4, 3)};
    static const char *const fill[] = {"gpgpu_cache:dl1", "N:1:128:2,L:L:f:N:L,A:64:8,8", NULL};
    static const char *const miss[] = {"gpgpu_cache:dl1", "N:1:128:2,L:L:m:N:L,A:64:8,8", NULL};
    const char *const *opts[2] = {fill, miss};
    const uint64_t want_arrival[2] = {14, 153}, want_add[2] = {151, 284};
    for (unsigned k = 0; k < 2; k++) {
        rig_options = opts[k];
        rig_t *g = rig_new("gto", 1, 120);
        rig_options = NULL;
        for (unsigned i = 0; i < CS_ARRAY_LEN(w0); i++)
            g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[i];
        CHECK_EQ(rig_start(g, 0), 0);
        rig_run(g, 2000);
        CHECK_EQ(g->mem_seen, 3);
        CHECK_EQ(g->mem_arrival[0], 12);
        CHECK_EQ(g->mem_arrival[1], 13);
        CHECK_EQ(g->mem_arrival[2], want_arrival[k]);
        CHECK_EQ(issued_at(&g->fe, 0, 0, 3), want_add[k]);
        const cache_stats_t *l1 = &g->sm.ldst.l1.stats;
        CHECK_EQ(l1->read_misses, 3);
        /* m: C failed from cycle 4 to 142 */
        CHECK_EQ(l1->reservation_fails, k ? 139 : 0);
        CHECK(rig_quiet(g));
        CHECK_EQ(g->pool.in_use, 0);
        rig_free(g);
    }
}

/* Maxwell-and-later accesses (-gpgpu_coalesce_arch 70, sectored L1 with
 * per-sector MSHRs) and L1 banks. One warp, D = 120:
 *   LD r1 <- [A]; FP_ADD r2 <- r1; LD r3 <- [A]; FP_ADD r4 <- r3
 * The 128-byte line A is four 32-byte sector accesses, in banks 0-3
 * (32-byte interleaving). With 4 banks the LD/ST unit takes all four in one
 * cycle (2); with 1 bank one per cycle (2, 3, 4, 5). Either way each miss
 * is a request of its own (8 + 32 bytes: one flit), and the miss queue sends
 * one per cycle: arrivals 12, 13, 14, 15; replies injected 132-135, one flit
 * each, the last arrives 135 + 8 = 143: the first add issues at 143.
 * The second load issues at 144; its four sector hits take cycle 145 with 4
 * banks (data ready 145 + 35 - 1 = 179) and 145-148 with 1 bank (148 + 34 =
 * 182): the second add issues at 179 or 182. The L1 counts sector accesses:
 * 8 reads, 4 misses, 4 hits. */
static void sector_accesses_and_l1_banks(void)
{
    init_addrs();
    warp_inst_t w0[] = {load(1, line_a), fadd(2, 1), load(3, line_a), fadd(4, 3)};
    static const char *const one[] = {"gpgpu_coalesce_arch", "70", "gpgpu_cache:dl1", "S:4:128:8,L:T:m:L:L,A:64:8,8",
                                      "gpgpu_l1_banks", "1", NULL};
    static const char *const four[] = {"gpgpu_coalesce_arch", "70", "gpgpu_cache:dl1", "S:4:128:8,L:T:m:L:L,A:64:8,8",
                                       "gpgpu_l1_banks", "4", NULL};
    const char *const *opts[2] = {one, four};
    const uint64_t want_add2[2] = {182, 179};
    for (unsigned k = 0; k < 2; k++) {
        rig_options = opts[k];
        rig_t *g = rig_new("gto", 1, 120);
        rig_options = NULL;
        for (unsigned i = 0; i < CS_ARRAY_LEN(w0); i++)
            g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[i];
        CHECK_EQ(rig_start(g, 0), 0);
        rig_run(g, 2000);
        CHECK_EQ(g->mem_seen, 4);
        for (unsigned i = 0; i < 4; i++)
            CHECK_EQ(g->mem_arrival[i], 12 + i);
        CHECK_EQ(g->req_net.stats.flits, 4);
        CHECK_EQ(g->reply_net.stats.flits, 4);
        CHECK_EQ(issued_at(&g->fe, 0, 0, 1), 143);
        CHECK_EQ(issued_at(&g->fe, 0, 0, 2), 144);
        CHECK_EQ(issued_at(&g->fe, 0, 0, 3), want_add2[k]);
        const cache_stats_t *l1 = &g->sm.ldst.l1.stats;
        CHECK_EQ(l1->read_accesses, 8);
        CHECK_EQ(l1->read_misses, 4);
        CHECK_EQ(l1->hits, 4);
        CHECK_EQ(l1->pending_hits, 0);
        CHECK(rig_quiet(g));
        CHECK_EQ(g->pool.in_use, 0);
        rig_free(g);
    }
}

/* Store write-allocate letters. One warp stores a whole line A, then loads
 * it and adds on the result; D = 20.
 *   N (GTX 480's L:L:m:N): the store allocates nothing: the load misses, a
 *     second request leaves the core (one write, one read).
 *   L with write-through T (QV100's L:T:m:L): the store takes a frame without
 *     fetching and writes every byte of the line: the load hits (issue 2,
 *     access 3, data ready 3 + 35 - 1 = 37: the add issues at 37) and only
 *     the write leaves the core. */
static void store_write_allocate_letters(void)
{
    init_addrs();
    warp_inst_t w0[] = {store(line_a), load(1, line_a), fadd(2, 1)};
    static const char *const no_alloc[] = {"gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:64:8,8", NULL};
    static const char *const lazy[] = {"gpgpu_cache:dl1", "N:32:128:4,L:T:m:L:L,A:64:8,8", NULL};
    const char *const *opts[2] = {no_alloc, lazy};
    for (unsigned k = 0; k < 2; k++) {
        rig_options = opts[k];
        rig_t *g = rig_new("gto", 1, 20);
        rig_options = NULL;
        for (unsigned i = 0; i < CS_ARRAY_LEN(w0); i++)
            g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[i];
        CHECK_EQ(rig_start(g, 0), 0);
        rig_run(g, 2000);
        CHECK_EQ(g->mem_writes, 1);
        CHECK_EQ(g->mem_reads, k ? 0 : 1);
        CHECK_EQ(g->sm.ldst.l1.stats.hits, k ? 1 : 0);
        if (k)
            CHECK_EQ(issued_at(&g->fe, 0, 0, 2), 37);
        CHECK_EQ(g->sm.ldst.l1.dirty_lines, k ? 1 : 0);
        CHECK(rig_quiet(g));
        CHECK_EQ(g->pool.in_use, 0);
        rig_free(g);
    }
}

/* (d) The CTA-finished event. Two one-warp CTAs of the same kernel start in
 * cycle 1: CTA 0 in slot 0 (warp slot 0, scheduler 0), CTA 1 in slot 1 (warp
 * slot 1, scheduler 1).
 *   CTA 0: FP_MAX r1 <- r0 (1); FP_ADD r2 <- r1 (1 + 13 = 14): finishes at 14.
 *   CTA 1: three independent FP_ADDs at 1, 2, 3: finishes at 3.
 * sm_cycle returns 1 at 3 and at 14, 0 in every other cycle; in those cycles
 * the CTA is already gone (resident counts drop at once), its event says
 * where it ran, when it started and how many instructions it issued, and
 * cta_end has already been called for it. A CTA with no instruction at all
 * finishes inside sm_start_cta. */
static void cta_finished_event(void)
{
    warp_inst_t c0[] = {alu(UNIT_SP, LAT_FP_MAX, 1, 0), fadd(2, 1)};
    warp_inst_t c1[] = {fadd(1, 0), fadd(2, 0), fadd(3, 0)};
    rig_t *g = rig_new("gto", 1, 0);
    for (unsigned i = 0; i < CS_ARRAY_LEN(c0); i++)
        g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &c0[i];
    for (unsigned i = 0; i < CS_ARRAY_LEN(c1); i++)
        g->fe.cta[1].w[0].inst[g->fe.cta[1].w[0].n++] = &c1[i];
    CHECK_EQ(rig_start(g, 0), 0);
    CHECK_EQ(rig_start(g, 1), 1);
    CHECK_EQ(sm_resident_ctas(&g->sm, NULL), 2);
    CHECK_EQ(g->sm.used_warps, 2);
    cta_info_t ev[MAX_CTAS_PER_SM];
    for (uint64_t t = 1; t <= 20; t++) {
        int rc = rig_step(g);
        if (t == 3 || t == 14)
            CHECK_EQ(rc, 1);
        else
            CHECK_EQ(rc, 0);
        if (t == 3) {
            CHECK_EQ(sm_resident_ctas(&g->sm, NULL), 1);
            CHECK_EQ(sm_resident_ctas(&g->sm, &g->k), 1);
            CHECK_EQ(g->sm.used_warps, 1);
            CHECK_EQ(g->sm.used_threads, WARP_SIZE);
            CHECK_EQ(g->fe.ended, 1);
            CHECK_EQ(sm_take_finished(&g->sm, ev), 1);
            CHECK(ev[0].kernel == &g->k);
            CHECK_EQ(ev[0].cta_id, 1);
            CHECK_EQ(ev[0].sm, 0);
            CHECK_EQ(ev[0].slot, 1);
            CHECK_EQ(ev[0].start_cycle, 1);
            CHECK_EQ(ev[0].end_cycle, 3);
            CHECK_EQ(ev[0].warp_insts, 3);
            CHECK_EQ(sm_take_finished(&g->sm, ev), 0);
        }
        if (t == 14) {
            CHECK_EQ(sm_resident_ctas(&g->sm, NULL), 0);
            CHECK_EQ(sm_resident_ctas(&g->sm, &g->k), 0);
            CHECK_EQ(g->sm.used_warps, 0);
            CHECK_EQ(g->sm.used_regs, 0);
            CHECK_EQ(g->fe.ended, 2);
            CHECK(sm_idle(&g->sm));
            CHECK_EQ(sm_take_finished(&g->sm, ev), 1);
            CHECK_EQ(ev[0].cta_id, 0);
            CHECK_EQ(ev[0].slot, 0);
            CHECK_EQ(ev[0].start_cycle, 1);
            CHECK_EQ(ev[0].end_cycle, 14);
            CHECK_EQ(ev[0].warp_insts, 2);
            CHECK_EQ(sm_take_finished(&g->sm, ev), 0);
        }
    }
    CHECK_EQ(g->sm.c.ctas_done, 2);
    CHECK_EQ(g->k.warp_insts, 5);

    /* An empty CTA (its one warp has no instruction) started at cycle 21
     * finishes inside sm_start_cta: slot 0 again, event waiting, nothing resident. */
    CHECK_EQ(g->now, 21);
    CHECK_EQ(rig_start(g, 2), 0);
    CHECK_EQ(sm_resident_ctas(&g->sm, NULL), 0);
    CHECK_EQ(g->fe.ended, 3);
    CHECK_EQ(sm_take_finished(&g->sm, ev), 1);
    CHECK_EQ(ev[0].cta_id, 2);
    CHECK_EQ(ev[0].slot, 0);
    CHECK_EQ(ev[0].start_cycle, 21);
    CHECK_EQ(ev[0].end_cycle, 21);
    CHECK_EQ(ev[0].warp_insts, 0);
    CHECK_EQ(sm_take_finished(&g->sm, ev), 0);
    CHECK_EQ(rig_step(g), 0);
    rig_free(g);
}

/* (e) A front-end error. The warp's first instruction issues at cycle 1 and
 * the pull that follows it fails: sm_cycle(1) returns -1 and sm_error holds
 * the front-end's message. A failure on the very first pull (inside
 * sm_start_cta) makes sm_start_cta return -1 the same way. Either way
 * sm_free ends the CTAs still resident (cta_end once per cta_begin). */
static void frontend_error(void)
{
    warp_inst_t w0[] = {fadd(1, 0), fadd(2, 0)};
    rig_t *g = rig_new("gto", 1, 0);
    warp_script_t *ws = &g->fe.cta[0].w[0];
    ws->inst[ws->n++] = &w0[0];
    ws->inst[ws->n++] = &w0[1];
    ws->fail_at = 1;
    CHECK_EQ(rig_start(g, 0), 0);
    CHECK(sm_error(&g->sm) == NULL);
    CHECK_EQ(rig_step(g), -1);
    CHECK(sm_error(&g->sm) != NULL);
    if (sm_error(&g->sm)) {
        CHECK(strstr(sm_error(&g->sm)->msg, "scripted failure: CTA 0 warp 0 instruction 1") != NULL);
    }
    CHECK_EQ(issued_at(&g->fe, 0, 0, 0), 1);
    CHECK_EQ(g->fe.ended, 0);
    rig_free(g); /* sm_free ends the resident CTA; ASan checks the rest */

    g = rig_new("gto", 2, 0);
    g->fe.cta[0].w[1].fail_at = 0; /* warp 1's first pull, in sm_start_cta */
    g->fe.cta[0].w[0].inst[g->fe.cta[0].w[0].n++] = &w0[0];
    CHECK_EQ(rig_start(g, 0), -1);
    CHECK(sm_error(&g->sm) != NULL);
    if (sm_error(&g->sm)) {
        CHECK(strstr(sm_error(&g->sm)->msg, "scripted failure: CTA 0 warp 1 instruction 0") != NULL);
    }
    CHECK_EQ(g->fe.begun, 1);
    sm_free(&g->sm);
    g->sm_ok = false;
    CHECK_EQ(g->fe.ended, 1);
    rig_free(g);
}

/* A core on a worker thread counts to kernels through its delta table
 * (defer_shared); the GPU folds it before the table can fill. A table that
 * filled anyway fails the run with a line, never writes past its end, and
 * what it held folds into the right kernels. */
static void kernel_delta_table_never_overflows(void)
{
    sm_t *s = calloc(1, sizeof *s);
    kernel_run_t *k = calloc(SM_KDELTA_CAP + 1, sizeof *k);
    s->defer_shared = true;
    for (uint32_t i = 0; i <= SM_KDELTA_CAP; i++)
        sm_count_kernel_insts(s, &k[i], 32);
    sm_count_kernel_insts(s, &k[0], 32); /* found again: no new entry */
    CHECK_EQ(s->n_kdelta, SM_KDELTA_CAP);
    CHECK(s->failed);
    CHECK(strstr(s->err.msg, "more than") != NULL);
    s->defer_shared = false;
    sm_fold_kernel_deltas(s);
    CHECK_EQ(s->n_kdelta, 0);
    CHECK_EQ(k[0].warp_insts, 2);
    CHECK_EQ(k[0].thread_insts, 64);
    CHECK_EQ(k[1].warp_insts, 1);
    CHECK_EQ(k[SM_KDELTA_CAP - 1].warp_insts, 2); /* its own count and the overflowing one */
    CHECK_EQ(k[SM_KDELTA_CAP].warp_insts, 0);
    free(k);
    free(s);
}

int main(void)
{
    RUN(gtx480_fields_the_derivations_use);
    RUN(alu_chain_latencies);
    RUN(pipeline_latency_adds_to_every_result);
    RUN(waits_beyond_the_hint_wheel);
    RUN(sub_cores_split_the_units);
    RUN(full_scoreboard_waits_for_a_retirement);
    RUN(counters_do_not_depend_on_sleeping);
    RUN(l1_miss_pending_hit_then_hit);
    RUN(store_ack_gates_cta_finish);
    RUN(store_evicts_l1_line);
    RUN(allocate_on_miss_reserves_the_frame);
    RUN(sector_accesses_and_l1_banks);
    RUN(store_write_allocate_letters);
    RUN(cta_finished_event);
    RUN(frontend_error);
    RUN(kernel_delta_table_never_overflows);
    TEST_EXIT();
}
