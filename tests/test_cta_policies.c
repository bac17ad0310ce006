/* test_cta_policies.c — the CTA policies of the papers (lcs, bcs, dyncta,
 * claso): each paper's worked example as an exact scenario, plus property
 * tests on real runs.
 *
 * How the scenarios are driven:
 *   - A scripted front-end (script_src below) gives each CTA one warp with an
 *     instruction mix chosen per CTA: independent ALU ops, a dependent ALU
 *     chain (for a known duration), an SFU op whose initiation interval holds
 *     the only SFU for thousands of cycles (a warp that must not issue yet),
 *     and a global load (a CTA that stays resident until its data returns).
 *   - The GPU is stepped one core cycle at a time: max_cycles is set one past
 *     the current cycle and gpu_run() is called again. A run that reaches
 *     max_cycles returns 0 and resumes where it stopped. Between steps the
 *     test looks at CTA placement through the public queries. The
 *     stepped_run_matches_plain_run case checks that stepping changes nothing.
 *   - White-box access (gpu_internal.h) is used only to set max_cycles, read
 *     a CTA's paused flag (gpu.h has no query for it), set counter values
 *     for DYNCTA's sample() and call that hook on the chain's own policy
 *     instance. */
#include <math.h>

#include "gpu/gpu_internal.h"
#include "gpu/metrics.h"
#include "frontend/synth.h"
#include "policy/cta_dyncta.h"
#include "policy/policy_metrics.h"
#include "test.h"
#include "policy/registry.h"

/* ------------------------------------------------------------------------ */
/* a scripted front-end: one warp per CTA, a few segments of instructions */

enum seg_kind { SEG_ALU, SEG_CHAIN, SEG_SFU, SEG_LOAD };
typedef struct seg {
    enum seg_kind kind;
    uint32_t count;
} seg_t;
#define SEGS_MAX 4

typedef struct script_src script_src_t;
typedef void (*program_fn)(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX]);

struct script_src {
    program_fn program;
    const uint32_t *chain_len; /* per CTA, for programs that use it */
    uint32_t n_chain_len;
    uint64_t base; /* load addresses: distinct per kernel */
};

typedef struct script_cta {
    uint64_t cta, base;
    seg_t seg[SEGS_MAX];
    unsigned si;      /* current segment */
    uint32_t in_seg;  /* instructions emitted in it */
    uint32_t emitted; /* in total */
    warp_inst_t inst;
    uint64_t addr[WARP_SIZE];
} script_cta_t;

static void *script_cta_begin(void *src, uint64_t cta, uint32_t core, cs_error_t *err)
{
    (void)core;
    script_src_t *s = src;
    script_cta_t *c = cs_xcalloc(1, sizeof *c);
    c->cta = cta;
    c->base = s->base;
    s->program(s, cta, c->seg);
    return c;
}

static int script_warp_next(void *cta, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    script_cta_t *c = cta;
    while (c->si < SEGS_MAX && c->in_seg >= c->seg[c->si].count) {
        c->si++;
        c->in_seg = 0;
    }
    if (c->si == SEGS_MAX)
        return 0;
    warp_inst_t *in = &c->inst;
    memset(in, 0, sizeof *in);
    in->pc = 8 * c->emitted;
    in->active_mask = 0xffffffffu;
    in->ndst = 1;
    switch (c->seg[c->si].kind) {
    case SEG_ALU: /* independent: rotating destination registers */
        in->unit = UNIT_SP;
        in->lat = LAT_FP_ADD;
        in->dst[0] = (uint16_t)(10 + c->emitted % 8);
        break;
    case SEG_CHAIN: /* R1 = R1 + x: one per ALU latency */
        in->unit = UNIT_SP;
        in->lat = LAT_FP_ADD;
        in->dst[0] = 1;
        in->src[0] = 1;
        in->nsrc = 1;
        break;
    case SEG_SFU:
        in->unit = UNIT_SFU;
        in->lat = LAT_SFU;
        in->dst[0] = 20;
        break;
    case SEG_LOAD: /* one line per CTA and kernel: always a miss */
        in->unit = UNIT_LDST;
        in->lat = LAT_INT_ADD;
        in->space = SPACE_GLOBAL;
        in->flags = INST_LOAD;
        in->access_size = 4;
        in->dst[0] = 30;
        for (unsigned l = 0; l < WARP_SIZE; l++)
            c->addr[l] = c->base + c->cta * 0x10000ull + 4ull * l;
        in->addr = c->addr;
        break;
    }
    c->in_seg++;
    c->emitted++;
    *out = in;
    return 1;
}

static void script_cta_end(void *src, void *cta) { free(cta); }
static void script_destroy(void *src) { free(src); }

static const cta_source_ops_t script_ops = {
    .cta_begin = script_cta_begin,
    .warp_next = script_warp_next,
    .cta_end = script_cta_end,
    .destroy = script_destroy,
};

static uint64_t program_insts(const script_src_t *s, uint64_t ctas)
{
    uint64_t n = 0;
    for (uint64_t c = 0; c < ctas; c++) {
        seg_t seg[SEGS_MAX] = {{0}};
        s->program(s, c, seg);
        for (unsigned i = 0; i < SEGS_MAX; i++)
            n += seg[i].count;
    }
    return n;
}

/* Launch a scripted kernel of `ctas` one-warp CTAs; block2d labels the
 * 32-thread block 8x4 (a 2D kernel for BCS) instead of 32x1. */
static int launch_script(gpu_t *g, program_fn program, const uint32_t *chain_len, uint32_t n_chain_len,
                         uint32_t ctas, bool block2d)
{
    script_src_t *s = cs_xcalloc(1, sizeof *s);
    s->program = program;
    s->chain_len = chain_len;
    s->n_chain_len = n_chain_len;
    s->base = 0x10000000ull * (1 + gpu_n_kernels(g));
    kernel_desc_t k;
    memset(&k, 0, sizeof k);
    snprintf(k.name, sizeof k.name, "script");
    k.id = gpu_n_kernels(g) + 1;
    k.grid = (dim3_t){ctas, 1, 1};
    k.block = block2d ? (dim3_t){8, 4, 1} : (dim3_t){32, 1, 1};
    k.regs_per_thread = 16;
    k.expected_warp_insts = program_insts(s, ctas);
    k.ops = &script_ops;
    k.src = s;
    cs_error_t err;
    if (gpu_launch(g, &k, &err) < 0) {
        printf("  launch: %s\n", err.msg);
        free(s);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* GPU helpers */

static gpu_config_t test_cfg(uint32_t cores, uint32_t max_ctas)
{
    gpu_config_t c;
    config_defaults(&c);
    c.n_clusters = cores;
    c.n_cores_per_cluster = 1;
    c.max_ctas_override = max_ctas;
    c.lat[LAT_FP_ADD] = 10;
    c.init[LAT_FP_ADD] = 1;
    return c;
}

static gpu_t *make_gpu(const gpu_config_t *cfg, const char *cta, const char *warp)
{
    cs_error_t err;
    gpu_t *g = gpu_create_named(cfg, cta, warp, &err);
    if (!g)
        printf("  gpu_create_named(%s): %s\n", cta, err.msg);
    return g;
}

static bool all_done(const gpu_t *g)
{
    for (uint32_t i = 0; i < gpu_n_kernels(g); i++)
        if (gpu_kernel(g, i)->state != KERNEL_DONE)
            return false;
    return true;
}

/* One more core cycle (idle skipping may jump further). */
static int step(gpu_t *g)
{
    cs_error_t err;
    int rc = gpu_run_until(g, gpu_cycle(g) + 1, &err) < 0 ? -1 : 0;
    if (rc < 0)
        printf("  step at cycle %llu: %s\n", (unsigned long long)gpu_cycle(g), err.msg);
    return rc;
}

static int step_n(gpu_t *g, unsigned n)
{
    for (unsigned i = 0; i < n && !all_done(g); i++)
        if (step(g) < 0)
            return -1;
    return 0;
}

/* Core a CTA of kernel 0 is resident on, or -1. */
static int core_of(const gpu_t *g, uint64_t cta_id)
{
    cta_info_t buf[64];
    for (uint32_t sm = 0; sm < gpu_n_sm(g); sm++) {
        uint32_t n = gpu_sm_ctas(g, sm, buf, 64);
        for (uint32_t i = 0; i < n; i++)
            if (buf[i].kernel->index == 0 && buf[i].cta_id == cta_id)
                return (int)sm;
    }
    return -1;
}

/* Is CTA cta_id of kernel 0 on core sm paused? -1 if not resident. */
static int paused_of(const gpu_t *g, uint32_t sm, uint64_t cta_id)
{
    cta_info_t buf[64];
    uint32_t n = gpu_sm_ctas(g, sm, buf, 64);
    for (uint32_t i = 0; i < n; i++)
        if (buf[i].kernel->index == 0 && buf[i].cta_id == cta_id)
            return buf[i].paused;
    return -1;
}

static uint64_t total_issued(const gpu_t *g)
{
    uint64_t n = 0;
    for (uint32_t sm = 0; sm < gpu_n_sm(g); sm++)
        n += gpu_sm_counters(g, sm)->ctas_issued;
    return n;
}

static double metric(const gpu_t *g, const char *name)
{
    double v = NAN;
    gpu_metric_get(g, name, &v);
    return v;
}

/* ------------------------------------------------------------------------ */
/* LCS — Lee et al. Fig. 7(b): T_max = 4, greedy warp scheduler. When CTA0
 * finishes it has issued 4 instructions, CTA1 and CTA2 3 each, CTA3 none.
 *   CTA0: SFU (holds the one SFU for 3000 cycles), ALU, ALU, LOAD: it issues
 *         all four, then stays resident until its load returns;
 *   CTA1, CTA2: ALU, ALU, ALU, SFU: three issue, the SFU waits;
 *   CTA3: SFU first: nothing issues;
 *   CTA4..7: four ALU ops.
 * With one scheduler running GTO, CTA0 issues first, then CTA1 and CTA2
 * three each. Everything else waits on the SFU until CTA0's load completes. */

static void fig7b_program(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX])
{
    switch (cta) {
    case 0:
        out[0] = (seg_t){SEG_SFU, 1};
        out[1] = (seg_t){SEG_ALU, 2};
        out[2] = (seg_t){SEG_LOAD, 1};
        break;
    case 1:
    case 2:
        out[0] = (seg_t){SEG_ALU, 3};
        out[1] = (seg_t){SEG_SFU, 1};
        break;
    case 3:
        out[0] = (seg_t){SEG_SFU, 1};
        out[1] = (seg_t){SEG_ALU, 3};
        break;
    default:
        out[0] = (seg_t){SEG_ALU, 4};
    }
}

static gpu_config_t fig7b_cfg(void)
{
    gpu_config_t c = test_cfg(1, 4);
    c.num_sched_per_core = 1;
    c.num_units[UNIT_BRANCH] = 1;
    c.num_units[UNIT_SFU] = 1;
    c.lat[LAT_SFU] = 20;
    c.init[LAT_SFU] = 3000;
    return c;
}

/* Fig. 7(b) with CTA2 issuing two instructions before its SFU op instead of
 * three: counts 4, 3, 2, 0 at CTA0's end, 9/4 = 2.25 (nearest 2, ceil 3). */
static void fig7b_variant_program(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX])
{
    if (cta == 2) {
        out[0] = (seg_t){SEG_ALU, 2};
        out[1] = (seg_t){SEG_SFU, 1};
        out[2] = (seg_t){SEG_ALU, 1};
        return;
    }
    fig7b_program(s, cta, out);
}

/* Run a Fig. 7(b)-like kernel under `spec`; checks the counts of CTAs 0-3 when
 * CTA0 finishes against want[] and lazy execution; returns T_new. */
static double run_fig7b_with(const char *spec, program_fn program, const uint64_t want[4])
{
    gpu_config_t c = fig7b_cfg();
    gpu_t *g = make_gpu(&c, spec, "gto");
    if (!g || launch_script(g, program, NULL, 0, 8, false) < 0) {
        CHECK(0);
        gpu_destroy(g);
        return -1;
    }
    /* counts when CTA0 finishes: observed one step before it leaves */
    uint64_t inst_at_finish[4] = {0};
    double t_new = NAN, quotient = NAN;
    bool cta0_gone = false;
    while (!all_done(g)) {
        cta_info_t buf[8];
        uint32_t n = gpu_sm_ctas(g, 0, buf, 8);
        if (!cta0_gone)
            for (uint32_t i = 0; i < n; i++)
                if (buf[i].cta_id < 4)
                    inst_at_finish[buf[i].cta_id] = buf[i].warp_insts;
        uint64_t issued = gpu_sm_counters(g, 0)->ctas_issued;
        if (step(g) < 0) {
            CHECK(0);
            break;
        }
        if (!cta0_gone && core_of(g, 0) < 0 && gpu_sm_counters(g, 0)->ctas_done > 0) {
            cta0_gone = true;
            t_new = metric(g, METRIC_LCS_T_NEW);
            quotient = metric(g, METRIC_LCS_QUOTIENT);
        }
        /* lazy execution: once T_new is known no CTA starts on a core
         * that then holds more than T_new of the kernel */
        if (cta0_gone && gpu_sm_counters(g, 0)->ctas_issued > issued)
            CHECK(gpu_sm_resident_ctas(g, 0, gpu_kernel(g, 0)) <= t_new);
        CHECK(gpu_cycle(g) < 200000);
        if (gpu_cycle(g) >= 200000)
            break;
    }
    for (int i = 0; i < 4; i++)
        CHECK_EQ(inst_at_finish[i], want[i]);
    /* Eq. 1 before rounding: sum / max of exactly those counts (10/4 = 2.5
     * for the paper's example), whatever the rounding */
    double sum = (double)(want[0] + want[1] + want[2] + want[3]), max = 0;
    for (int i = 0; i < 4; i++)
        max = want[i] > max ? (double)want[i] : max;
    CHECK(fabs(quotient - sum / max) < 1e-12);
    CHECK(fabs(metric(g, METRIC_LCS_QUOTIENT ".k0") - sum / max) < 1e-12);
    CHECK_EQ(total_issued(g), 8);
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    CHECK_EQ(t.warp_insts, 32);
    gpu_destroy(g);
    return t_new;
}

static double run_fig7b(const char *spec)
{
    static const uint64_t paper[4] = {4, 3, 3, 0}; /* Fig. 7(b) */
    return run_fig7b_with(spec, fig7b_program, paper);
}

/* Lee et al. §4.1's worked example, number for number: when CTA0 finishes
 * it has issued 4 instructions, CTA1 and CTA2 3 each, CTA3 none (checked in
 * run_fig7b_with); sum 10, max 4, and "T_new = [10/4] = 3 and thus, the new
 * maximum number of threads blocks is reduce from 4 to 3". LCS's default
 * rounding (to the nearest, halves up) gives the paper's 3; floor, the symbol
 * the paper prints, would give 2. */
static void lcs_fig7b_t_new(void)
{
    CHECK_EQ(run_fig7b("lcs"), 3);
    CHECK_EQ(run_fig7b("lcs:round=nearest"), 3);
    CHECK_EQ(run_fig7b("lcs:round=floor"), 2);
    CHECK_EQ(run_fig7b("lcs:round=ceil"), 3);
    CHECK_EQ(run_fig7b("lcs:round=ceil,core=first"), 3);
}

/* Where nearest and ceil part: 4, 3, 2, 0 -> 9/4 = 2.25. Nearest (the
 * default) gives 2, ceil 3 (§5.1's modification), floor 2. */
static void lcs_rounding_nearest_is_not_ceil(void)
{
    static const uint64_t want[4] = {4, 3, 2, 0};
    CHECK_EQ(run_fig7b_with("lcs", fig7b_variant_program, want), 2);
    CHECK_EQ(run_fig7b_with("lcs:round=ceil", fig7b_variant_program, want), 3);
    CHECK_EQ(run_fig7b_with("lcs:round=floor", fig7b_variant_program, want), 2);
}

/* Every CTA: three ALU ops and a load that keeps it resident. All four
 * CTAs issue everything before the first load returns: T_new = 16/4 = 4. */
static void even_program(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX])
{
    out[0] = (seg_t){SEG_ALU, 3};
    out[1] = (seg_t){SEG_LOAD, 1};
}

/* LCS starts over for each kernel: the Fig. 7(b) kernel (T_new 3 with ceil)
 * and then an even kernel, which monitors at T_max again and gets 4. */
static void lcs_repeats_per_kernel(void)
{
    gpu_config_t c = fig7b_cfg();
    gpu_t *g = make_gpu(&c, "lcs:round=ceil", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch_script(g, fig7b_program, NULL, 0, 8, false), 0);
    CHECK_EQ(launch_script(g, even_program, NULL, 0, 8, false), 0);
    cs_error_t err;
    CHECK_EQ(gpu_run(g, &err), 0);
    CHECK_EQ(metric(g, METRIC_LCS_T_NEW ".k0"), 3);
    CHECK_EQ(metric(g, METRIC_LCS_T_NEW ".k1"), 4);
    CHECK_EQ(metric(g, METRIC_LCS_T_NEW), 4);
    CHECK_EQ(total_issued(g), 16);
    gpu_destroy(g);
}

/* scope=name: the second launch of the kernel function "script" skips the
 * monitor phase and runs at the T_new learned from the first (3, where its
 * own monitor phase would have found 4): no core ever holds more than 3 of
 * its CTAs. The default scope measures it again (the test above). */
static void lcs_scope_name_reuses_t_new(void)
{
    gpu_config_t c = fig7b_cfg();
    gpu_t *g = make_gpu(&c, "lcs:round=ceil,scope=name", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch_script(g, fig7b_program, NULL, 0, 8, false), 0);
    CHECK_EQ(launch_script(g, even_program, NULL, 0, 8, false), 0);
    uint32_t most = 0;
    while (!all_done(g) && step(g) == 0)
        if (gpu_n_kernels(g) > 1 && gpu_kernel(g, 1)->state != KERNEL_QUEUED)
            for (uint32_t sm = 0; sm < gpu_n_sm(g); sm++) {
                uint32_t r = gpu_sm_resident_ctas(g, sm, gpu_kernel(g, 1));
                most = r > most ? r : most;
            }
    CHECK(all_done(g));
    CHECK_EQ(metric(g, METRIC_LCS_T_NEW ".k0"), 3);
    CHECK_EQ(metric(g, METRIC_LCS_T_NEW ".k1"), 3);
    CHECK_EQ(most, 3);
    CHECK_EQ(total_issued(g), 16);
    gpu_destroy(g);
}

/* core=each (§4.1's per-core form): two cores, CTAs dealt round-robin (CTA 0
 * to core 0, CTA 1 to core 1, ...), core 0's first four the Fig. 7(b)
 * programs and core 1's even_program. A core's first CTA finishes before it
 * is offered another CTA, so its counts at that moment, and so its own
 * T_new, do not depend on when the other core decided: core=each holds on
 * each core the T_new that core=0 and core=1 find when monitoring that core
 * alone, and publishes their mean. The two cores find different values here
 * (4 and 2), so a core=each that read one core for both would fail. */
static void two_core_program(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX])
{
    if (cta >= 8)
        out[0] = (seg_t){SEG_ALU, 4};
    else if (cta % 2)
        even_program(s, cta, out);
    else
        fig7b_program(s, cta / 2, out);
}

static double two_core_t_new(const char *spec)
{
    gpu_config_t c = fig7b_cfg();
    c.n_clusters = 2;
    gpu_t *g = make_gpu(&c, spec, "gto");
    CHECK(g != NULL);
    if (!g)
        return NAN;
    CHECK_EQ(launch_script(g, two_core_program, NULL, 0, 24, false), 0);
    int core0 = -1;
    while (!all_done(g) && step(g) == 0 && gpu_cycle(g) < 200000)
        if (core0 < 0)
            core0 = core_of(g, 0);
    CHECK(all_done(g));
    CHECK_EQ(core0, 0);
    CHECK_EQ(total_issued(g), 24);
    double t = metric(g, METRIC_LCS_T_NEW ".k0");
    gpu_destroy(g);
    return t;
}

static void lcs_core_each_decides_per_core(void)
{
    double t0 = two_core_t_new("lcs:core=0"), t1 = two_core_t_new("lcs:core=1");
    CHECK_EQ(t0, 4);
    CHECK_EQ(t1, 2);
    CHECK_EQ(two_core_t_new("lcs:core=first"), t0); /* CTA 0's core is core 0 */
    CHECK_EQ(two_core_t_new("lcs:core=each"), (t0 + t1) / 2);
}

/* ------------------------------------------------------------------------ */
/* DYNCTA — Kayiran et al. §4.1: N = 4, n = 3, CTA1 the oldest and CTA3 the
 * newest on the core (our CTAs 0, 1, 2). Decrement: CTA3 paused; again: CTA2
 * paused too; n = 1 cannot go lower; increment: CTA2 resumes; again: all
 * equal; and no new CTA is issued while a paused CTA is present. The policy
 * in the GPU's chain has period=1000000, so it never samples by itself. The
 * test sets the window's C_idle / C_mem by adding to the core's cumulative
 * counters and calls the chain's sample() hook. */

static void dyncta_sample_with(gpu_t *g, uint64_t add_idle, uint64_t add_mem)
{
    g->sm[0].c.outcome[OUT_IDLE] += add_idle;
    g->sm[0].c.c_mem += add_mem;
    cta_link_t *p = &g->chain.link[0];
    p->ops->sample(p->st, g, gpu_cycle(g));
}

static void long_chain_program(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX])
{
    uint32_t len = cta < s->n_chain_len ? s->chain_len[cta] : 5000;
    out[0] = (seg_t){SEG_CHAIN, len};
}

/* One core, N = 4, DYNCTA's own sampling off (period=1000000), eight long
 * CTAs launched and 40 cycles run: n = floor(N/2) = 2 CTAs on the core. */
static gpu_t *dyncta_one_core_gpu(void)
{
    gpu_config_t c = test_cfg(1, 4);
    gpu_t *g = make_gpu(&c, "dyncta:period=1000000", "gto");
    CHECK(g != NULL);
    if (!g)
        return NULL;
    CHECK_EQ(launch_script(g, long_chain_program, NULL, 0, 8, false), 0);
    CHECK_EQ(step_n(g, 40), 0);
    return g;
}

static void dyncta_pausing_sequence(void)
{
    gpu_t *g = dyncta_one_core_gpu();
    if (!g)
        return;
    const kernel_run_t *k = gpu_kernel(g, 0);
    CHECK_EQ(k->max_ctas_per_sm, 4);            /* N */
    CHECK_EQ(gpu_sm_resident_ctas(g, 0, k), 2); /* n = floor(N/2) */
    /* increment (C_idle high): n = 3 */
    dyncta_sample_with(g, 100, 0);
    CHECK_EQ(step_n(g, 10), 0);
    CHECK_EQ(gpu_sm_resident_ctas(g, 0, k), 3);
    CHECK_EQ(paused_of(g, 0, 0) + paused_of(g, 0, 1) + paused_of(g, 0, 2), 0);
    /* decrement (C_mem >= t_mem_h): n = 2, the newest CTA is paused */
    dyncta_sample_with(g, 0, 1000);
    CHECK_EQ(paused_of(g, 0, 0), 0);
    CHECK_EQ(paused_of(g, 0, 1), 0);
    CHECK_EQ(paused_of(g, 0, 2), 1);
    /* decrement again: n = 1, the second newest too */
    dyncta_sample_with(g, 0, 1000);
    CHECK_EQ(paused_of(g, 0, 0), 0);
    CHECK_EQ(paused_of(g, 0, 1), 1);
    CHECK_EQ(paused_of(g, 0, 2), 1);
    /* n = 1 is the floor */
    dyncta_sample_with(g, 0, 1000);
    CHECK_EQ(paused_of(g, 0, 0), 0);
    CHECK_EQ(paused_of(g, 0, 1), 1);
    CHECK_EQ(paused_of(g, 0, 2), 1);
    /* the oldest keeps running while the others are paused */
    CHECK_EQ(step_n(g, 30), 0);
    CHECK_EQ(gpu_sm_resident_ctas(g, 0, k), 3);
    CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 3);
    /* increment (C_mem < t_mem_l): n = 2, the least recently assigned paused
     * CTA resumes; no new CTA is issued */
    dyncta_sample_with(g, 0, 0);
    CHECK_EQ(paused_of(g, 0, 1), 0);
    CHECK_EQ(paused_of(g, 0, 2), 1);
    CHECK_EQ(step_n(g, 30), 0);
    CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 3);
    /* increment: n = 3, all three have the same priority, still no new CTA */
    dyncta_sample_with(g, 0, 0);
    CHECK_EQ(paused_of(g, 0, 0) + paused_of(g, 0, 1) + paused_of(g, 0, 2), 0);
    CHECK_EQ(step_n(g, 30), 0);
    CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 3);
    /* increment: n = 4 = N, now a new CTA is issued */
    dyncta_sample_with(g, 20, 0);
    CHECK_EQ(step_n(g, 10), 0);
    CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 4);
    CHECK_EQ(gpu_sm_resident_ctas(g, 0, k), 4);
    CHECK_EQ(paused_of(g, 0, 3), 0);
    /* n = N: a further increment changes nothing */
    dyncta_sample_with(g, 20, 0);
    CHECK_EQ(step_n(g, 10), 0);
    CHECK_EQ(gpu_sm_resident_ctas(g, 0, k), 4);
    gpu_destroy(g);
}

/* dyncta.resident_avg beside dyncta.n_avg: n falls at once, the CTAs a core
 * holds only when they finish (pausing deprioritises, it does not evict).
 * One core, N = 4: n 2 -> 3 (the third CTA comes after the sample), 3 -> 2,
 * 2 -> 1 while three CTAs stay: n at the samples 3, 2, 1 (mean 2), resident
 * 2, 3, 3 (mean 8/3). */
static void dyncta_resident_beside_n(void)
{
    gpu_t *g = dyncta_one_core_gpu();
    if (!g)
        return;
    dyncta_sample_with(g, 100, 0); /* C_idle high: n = 3 */
    CHECK_EQ(step_n(g, 10), 0);
    dyncta_sample_with(g, 0, 1000); /* C_mem high: n = 2 */
    dyncta_sample_with(g, 0, 1000); /* n = 1 */
    double n_avg = -1, resident_avg = -1;
    CHECK(metrics_get(gpu_metrics(g), METRIC_DYNCTA_N_AVG, &n_avg));
    CHECK(metrics_get(gpu_metrics(g), METRIC_DYNCTA_RESIDENT_AVG, &resident_avg));
    CHECK_EQ(n_avg, 2.0);
    CHECK_EQ(resident_avg, 8.0 / 3.0);
    gpu_destroy(g);
}

/* cmem=wait: C_mem is the core's c_mem_wait counter, not c_mem. The same
 * window (c_mem low, c_mem_wait high) raises n under cmem=all and lowers it
 * under cmem=wait. */
static void dyncta_cmem_wait_reads_its_counter(void)
{
    const char *specs[2] = {"dyncta:period=1000000", "dyncta:period=1000000,cmem=wait"};
    uint32_t paused[2];
    for (int i = 0; i < 2; i++) {
        gpu_config_t c = test_cfg(1, 4);
        gpu_t *g = make_gpu(&c, specs[i], "gto");
        CHECK(g != NULL);
        if (!g)
            return;
        CHECK_EQ(launch_script(g, long_chain_program, NULL, 0, 8, false), 0);
        CHECK_EQ(step_n(g, 40), 0);
        dyncta_sample_with(g, 100, 0); /* n = 3 either way (C_idle high) */
        CHECK_EQ(step_n(g, 10), 0);
        CHECK_EQ(gpu_sm_resident_ctas(g, 0, gpu_kernel(g, 0)), 3);
        g->sm[0].c.c_mem_wait += 1000; /* >= t_mem_h; c_mem stays below t_mem_l */
        dyncta_sample_with(g, 0, 0);
        paused[i] = paused_of(g, 0, 0) + paused_of(g, 0, 1) + paused_of(g, 0, 2);
        gpu_destroy(g);
    }
    CHECK_EQ(paused[0], 0); /* cmem=all: C_mem low, n = 4 */
    CHECK_EQ(paused[1], 1); /* cmem=wait: C_mem high, n = 2, the newest paused */
}

/* Algorithm 1's decision table, through the policy: one window of C_idle
 * and C_mem against t_idle=16, t_mem_l=128, t_mem_h=384 (given explicitly,
 * so a change of the defaults does not move the table), from n = 2 of N = 4:
 *   C_idle >= t_idle                  -> n + 1
 *   C_idle <  t_idle, C_mem < t_mem_l -> n + 1
 *   C_idle <  t_idle, t_mem_l <= C_mem < t_mem_h -> n
 *   C_idle <  t_idle, C_mem >= t_mem_h -> n - 1
 * at each side of every threshold, for each reading of C_mem: the feed adds
 * to the counter that reading names (cmem=sched and cmem=schedmem divide by
 * the 2 schedulers per core, so they are fed twice the window's value, plus
 * one that the division must drop). A policy that compared with > instead of
 * >=, read another counter, swapped the branches or ignored C_idle fails. */
enum { FEED_ALL, FEED_WAIT, FEED_SCHED, FEED_SCHEDMEM };

static uint32_t dyncta_n_after_with(const char *spec, const char *defaults, int feed, uint64_t c_idle, uint64_t c_mem)
{
    gpu_config_t c = test_cfg(1, 4);
    c.num_sched_per_core = 2;
    snprintf(c.dyncta_defaults, sizeof c.dyncta_defaults, "%s", defaults);
    gpu_t *g = make_gpu(&c, spec, "gto");
    CHECK(g != NULL);
    if (!g)
        return 0;
    CHECK_EQ(launch_script(g, long_chain_program, NULL, 0, 8, false), 0);
    CHECK_EQ(step_n(g, 40), 0);
    const kernel_run_t *k = gpu_kernel(g, 0);
    cta_link_t *p = &g->chain.link[0];
    const dyncta_kernel_t *e = cta_link_kernel_state(p, k);
    CHECK_EQ(e->max_n, 4);
    CHECK_EQ(e->n[0], 2);
    /* the window so far (40 cycles of a running core) must not decide: the
     * counters are re-based here, as a sample would */
    p->ops->sample(p->st, g, gpu_cycle(g));
    e->n[0] = 2;
    sm_counters_t *ctr = &g->sm[0].c;
    ctr->outcome[OUT_IDLE] += c_idle;
    switch (feed) {
    case FEED_ALL:
        ctr->c_mem += c_mem;
        break;
    case FEED_WAIT:
        ctr->c_mem_wait += c_mem;
        break;
    case FEED_SCHED:
        ctr->c_mem_sched += 2 * c_mem + 1;
        break;
    default:
        ctr->c_mem_sched_mem += 2 * c_mem + 1;
        break;
    }
    p->ops->sample(p->st, g, gpu_cycle(g));
    uint32_t n = e->n[0];
    gpu_destroy(g);
    return n;
}

static uint32_t dyncta_n_after(const char *cmem, int feed, uint64_t c_idle, uint64_t c_mem)
{
    char spec[128];
    snprintf(spec, sizeof spec, "dyncta:period=1000000,t_idle=16,t_mem_l=128,t_mem_h=384,cmem=%s", cmem);
    return dyncta_n_after_with(spec, "", feed, c_idle, c_mem);
}

/* A preset's -ctasim_dyncta_defaults sets the thresholds and the reading
 * where the policy's arguments do not: C_mem_wait = 500 is high against the
 * paper's t_mem_h = 384 (n 2 -> 1) but medium against the preset's 900 (n
 * stays 2), and only under cmem=wait (c_mem, fed nothing, is low: n + 1). */
static void dyncta_preset_defaults(void)
{
    CHECK_EQ(dyncta_n_after_with("dyncta:period=1000000,cmem=wait", "", FEED_WAIT, 0, 500), 1);
    CHECK_EQ(dyncta_n_after_with("dyncta:period=1000000", "cmem=wait,t_mem_h=900", FEED_WAIT, 0, 500), 2);
    CHECK_EQ(dyncta_n_after_with("dyncta:period=1000000", "t_mem_h=900", FEED_WAIT, 0, 500), 3);
    CHECK_EQ(dyncta_n_after_with("dyncta:period=1000000,t_mem_h=384", "cmem=wait,t_mem_h=900", FEED_WAIT, 0, 500), 1);
    gpu_config_t c = test_cfg(1, 4);
    snprintf(c.dyncta_defaults, sizeof c.dyncta_defaults, "t_mem_x=3");
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, "dyncta", "gto", &err);
    CHECK(g == NULL);
    if (g)
        gpu_destroy(g);
    else
        CHECK(strstr(err.msg, "ctasim_dyncta_defaults") && strstr(err.msg, "t_mem_x"));
}

static void dyncta_decision_table(void)
{
    static const char *const cmem[] = {"all", "wait", "sched", "schedmem"};
    static const uint64_t idles[] = {0, 15, 16, 500};
    static const uint64_t mems[] = {0, 127, 128, 383, 384, 2000};
    for (int r = 0; r < 4; r++)
        for (size_t i = 0; i < sizeof idles / sizeof *idles; i++)
            for (size_t m = 0; m < sizeof mems / sizeof *mems; m++) {
                uint32_t want = idles[i] >= 16 ? 3 : mems[m] < 128 ? 3 : mems[m] >= 384 ? 1 : 2;
                uint32_t got = dyncta_n_after(cmem[r], r, idles[i], mems[m]);
                if (got != want)
                    printf("  cmem=%s C_idle=%llu C_mem=%llu: n %u, want %u\n", cmem[r], (unsigned long long)idles[i],
                           (unsigned long long)mems[m], got, want);
                CHECK_EQ(got, want);
                CHECK_EQ(dyncta_step(idles[i], mems[m], 16, 128, 384), (int)want - 2);
            }
}

/* A paused CTA resumes when a running CTA finishes (the CTA count drops to n),
 * and the free slot is not refilled while the CTA count is not below n. */
static void dyncta_finish_resumes_paused(void)
{
    static const uint32_t len[] = {20, 3000, 3000, 3000};
    gpu_config_t c = test_cfg(1, 4);
    gpu_t *g = make_gpu(&c, "dyncta:period=1000000", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ(launch_script(g, long_chain_program, len, 4, 6, false), 0);
    CHECK_EQ(step_n(g, 5), 0);
    dyncta_sample_with(g, 100, 0); /* n = 3 */
    CHECK_EQ(step_n(g, 5), 0);
    CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 3);
    dyncta_sample_with(g, 0, 1000); /* n = 2: CTA 2 paused */
    CHECK_EQ(paused_of(g, 0, 2), 1);
    while (core_of(g, 0) >= 0 && gpu_cycle(g) < 5000)
        if (step(g) < 0)
            break;
    CHECK_EQ(core_of(g, 0), -1); /* CTA 0 (20 x 10 cycles) finished */
    CHECK_EQ(paused_of(g, 0, 1), 0);
    CHECK_EQ(paused_of(g, 0, 2), 0);
    CHECK_EQ(step_n(g, 30), 0);
    CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 3); /* nCTA = n = 2 */
    gpu_destroy(g);
}

/* ------------------------------------------------------------------------ */
/* CLASO — Yu et al. §3.2: 17 CTAs, 4 cores, 3 CTAs per core, p_A = 1,
 * p_L = 0: 5 local credits per core and 1 global credit.
 *
 * The paper's Fig. 9 places CTA c, c+4, c+8 on core c. Our dispatcher
 * rotates its starting core each cycle, so its first 12 CTAs land
 * differently. The test first finds where each of CTAs 0..11 lands and its
 * rank on that core, and then gives it the duration of the paper CTA with
 * the same core and rank. Core 3 is the fastest: its second CTA (paper CTA7)
 * finishes first, then its third (CTA11), then its first (CTA3). Then core 0
 * (CTA4, CTA0, CTA8), core 1, core 2. CTAs 12..16 are long. */

static const uint32_t claso_role_cycles[4][3] = {
    {350, 300, 400}, /* core 0: CTA0, CTA4, CTA8 */
    {550, 500, 600}, /* core 1 */
    {750, 700, 800}, /* core 2 */
    {200, 100, 150}, /* core 3: CTA3, CTA7, CTA11 */
};

static int claso_initial_placement(int core[12], int rank[12])
{
    gpu_config_t c = test_cfg(4, 3);
    gpu_t *g = make_gpu(&c, "rr", "lrr");
    if (!g)
        return -1;
    launch_script(g, long_chain_program, NULL, 0, 17, false);
    while (total_issued(g) < 12 && gpu_cycle(g) < 100)
        if (step(g) < 0)
            break;
    int per_core[4] = {0};
    for (uint64_t id = 0; id < 12; id++) {
        core[id] = core_of(g, id);
        if (core[id] < 0 || core[id] > 3) {
            gpu_destroy(g);
            return -1;
        }
        rank[id] = per_core[core[id]]++;
    }
    gpu_destroy(g);
    return 0;
}

/* Runs the case study; core_of_cta[id] gets the core each CTA ran on. */
static int claso_case_study(const char *spec, int core_of_cta[17], gpu_t **out)
{
    int core[12], rank[12];
    if (claso_initial_placement(core, rank) < 0)
        return -1;
    static uint32_t len[17];
    for (unsigned id = 0; id < 17; id++)
        len[id] = id < 12 ? claso_role_cycles[core[id]][rank[id]] / 10 : 150; /* 10-cycle chain links */
    gpu_config_t c = test_cfg(4, 3);
    gpu_t *g = make_gpu(&c, spec, "lrr");
    if (!g)
        return -1;
    launch_script(g, long_chain_program, len, 17, 17, false);
    for (unsigned id = 0; id < 17; id++)
        core_of_cta[id] = -1;
    while (!all_done(g) && gpu_cycle(g) < 100000) {
        if (step(g) < 0)
            break;
        for (unsigned id = 0; id < 17; id++)
            if (core_of_cta[id] < 0)
                core_of_cta[id] = core_of(g, id);
        for (uint32_t sm = 0; sm < 4; sm++)
            CHECK(gpu_sm_resident_ctas(g, sm, NULL) <= 3);
    }
    *out = g;
    return all_done(g) ? 0 : -1;
}

static void claso_case_study_17_ctas_4_cores(void)
{
    int where[17];
    gpu_t *g = NULL;
    /* baseline (Fig. 9): core 3 takes 12, 13, 14 and core 0 takes 15, 16 */
    CHECK_EQ(claso_case_study("rr", where, &g), 0);
    CHECK_EQ(where[12], 3);
    CHECK_EQ(where[13], 3);
    CHECK_EQ(where[14], 3);
    CHECK_EQ(where[15], 0);
    CHECK_EQ(where[16], 0);
    if (g) {
        CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 5);
        CHECK_EQ(gpu_sm_counters(g, 1)->ctas_issued, 3);
        CHECK_EQ(gpu_sm_counters(g, 2)->ctas_issued, 3);
        CHECK_EQ(gpu_sm_counters(g, 3)->ctas_issued, 6);
    }
    gpu_destroy(g);
    g = NULL;

    /* CLASO (Fig. 10). Core 3: CTA12 on a local credit, CTA13 on its last
     * local credit plus the global credit, then refused (no local credit).
     * Core 0: CTA14 on a local credit, then refused (global credit gone),
     * then refused (no local credit). Cores 1 and 2: one more CTA each. */
    CHECK_EQ(claso_case_study("rr+claso", where, &g), 0);
    CHECK_EQ(where[12], 3);
    CHECK_EQ(where[13], 3);
    CHECK_EQ(where[14], 0);
    CHECK_EQ(where[15], 1);
    CHECK_EQ(where[16], 2);
    if (g) {
        CHECK_EQ(metric(g, METRIC_CLASO_LOCAL_CREDITS), 5);
        CHECK_EQ(metric(g, METRIC_CLASO_GLOBAL_CREDITS), 1);
        /* final balance: 4, 4, 4, 5 CTAs; the global credit spent; cores
         * 0..2 keep the one local credit they were refused on */
        CHECK_EQ(gpu_sm_counters(g, 0)->ctas_issued, 4);
        CHECK_EQ(gpu_sm_counters(g, 1)->ctas_issued, 4);
        CHECK_EQ(gpu_sm_counters(g, 2)->ctas_issued, 4);
        CHECK_EQ(gpu_sm_counters(g, 3)->ctas_issued, 5);
        CHECK_EQ(metric(g, METRIC_CLASO_GLOBAL_LEFT), 0);
        CHECK_EQ(metric(g, METRIC_CLASO_LOCAL_LEFT_MAX), 1);
        gpu_totals_t t;
        gpu_get_totals(g, &t);
        printf("  claso case study: %llu cycles\n", (unsigned long long)t.cycles);
    }
    gpu_destroy(g);
}

/* The credit arithmetic of Alg. 1 lines 2-3 for pa/pl variants and grids that
 * the core count does and does not divide (4 cores): C_p = ceil(n/4) + p_L and
 * C_g = ((n - 1) mod 4) + 1 + (p_A - 1) * 4, computed here independently of the
 * policy, and the credits add up: every CTA issued, no core above its local
 * credits, and the global credits left are C_g less those the cores took beyond
 * their first C_p - (p_A + p_L) (each CTA past that point takes one).
 * Catches floor for ceil (17 CTAs: 4 for 5), a layer count off by one
 * (pa=3: 9 for 13), p_L not added, and credits that strand a CTA. */
static void claso_credit_arithmetic(void)
{
    static const struct {
        const char *spec;
        uint32_t pa, pl;
    } specs[] = {{"rr+claso", 1, 0}, {"rr+claso:pa=2", 2, 0}, {"rr+claso:pa=2,pl=1", 2, 1}, {"claso:pa=3,pl=2", 3, 2}};
    const uint32_t grids[] = {1, 3, 4, 5, 17, 23};
    const uint32_t cores = 4;
    for (unsigned s = 0; s < CS_ARRAY_LEN(specs); s++)
        for (unsigned i = 0; i < CS_ARRAY_LEN(grids); i++) {
            const uint32_t n = grids[i];
            const double want_local = (n + cores - 1) / cores + specs[s].pl;
            const double want_global = (n - 1) % cores + 1 + (specs[s].pa - 1) * cores;
            gpu_config_t c = test_cfg(cores, 3);
            gpu_t *g = make_gpu(&c, specs[s].spec, "lrr");
            CHECK(g != NULL);
            if (!g)
                continue;
            launch_script(g, long_chain_program, (const uint32_t[]){30, 10, 20, 5, 40, 15, 25, 35}, 8, n, false);
            cs_error_t err;
            int rc = gpu_run(g, &err);
            if (rc < 0)
                printf("  %s grid %u: %s\n", specs[s].spec, n, err.msg);
            CHECK_EQ(rc, 0);
            CHECK_EQ(total_issued(g), n);
            CHECK(all_done(g));
            CHECK_EQ(metric(g, METRIC_CLASO_LOCAL_CREDITS), want_local);
            CHECK_EQ(metric(g, METRIC_CLASO_GLOBAL_CREDITS), want_global);
            /* a CTA takes a global credit once its core's local credits after
             * it fall below p_A + p_L (line 8), i.e. past its first free ones */
            const uint32_t level = specs[s].pa + specs[s].pl;
            const uint64_t free_per_core = want_local > level ? (uint64_t)want_local - level : 0;
            uint64_t taken = 0;
            for (uint32_t k = 0; k < cores; k++) {
                const uint64_t issued = gpu_sm_counters(g, k)->ctas_issued;
                CHECK(issued <= (uint64_t)want_local);
                taken += issued > free_per_core ? issued - free_per_core : 0;
            }
            CHECK_EQ(metric(g, METRIC_CLASO_GLOBAL_LEFT), want_global - (double)taken);
            gpu_destroy(g);
        }
}

/* ------------------------------------------------------------------------ */
/* BCS — pairs of consecutive CTAs go to one core; a core gets a pair only
 * when both fit, and (wait=pair) only after one of its pairs has finished
 * entirely. 3 cores, 4 CTAs per core (two pairs), durations that differ
 * within each pair so pairs finish one CTA at a time. */

static const uint32_t bcs_len[] = {10, 40, 30, 12, 25, 8, 50, 20, 9, 33, 17, 41, 22, 6, 38, 14};

static void bcs_program(const script_src_t *s, uint64_t cta, seg_t out[SEGS_MAX])
{
    out[0] = (seg_t){SEG_CHAIN, s->chain_len[cta % s->n_chain_len]};
}

typedef struct bcs_watch {
    int core[64];
    int state[64]; /* 0 not yet issued, 1 resident, 2 finished */
    unsigned max_live_pairs;
    bool partner_room_ok, pairs_together, under_t_new;
    double t_new, blocks_cut;
} bcs_watch_t;

/* t_new: LCS's decision before this step (NaN if none yet) */
static void bcs_observe(gpu_t *g, uint32_t ctas, bcs_watch_t *w, double t_new)
{
    const kernel_run_t *k = gpu_kernel(g, 0);
    for (uint64_t id = 0; id < ctas; id++) {
        int c = core_of(g, id);
        if (w->state[id] == 0 && c >= 0) {
            w->state[id] = 1;
            w->core[id] = c;
            if (!isnan(t_new) && gpu_sm_resident_ctas(g, c, k) > t_new)
                w->under_t_new = false;
            /* the first CTA of a pair starts only with room for the second */
            if ((id % 2) == 0 && id + 1 < ctas && core_of(g, id + 1) < 0 && gpu_sm_free_ctas(g, c, k) < 1)
                w->partner_room_ok = false;
        } else if (w->state[id] == 1 && c < 0)
            w->state[id] = 2;
    }
    for (uint32_t sm = 0; sm < gpu_n_sm(g); sm++) {
        unsigned live = 0;
        for (uint64_t p = 0; 2 * p < ctas; p++) {
            uint64_t a = 2 * p, b = 2 * p + 1 < ctas ? 2 * p + 1 : a;
            bool on = (w->state[a] == 1 && w->core[a] == (int)sm) || (w->state[b] == 1 && w->core[b] == (int)sm) ||
                      (w->state[a] == 2 && w->state[b] == 0 && w->core[a] == (int)sm);
            live += on;
        }
        if (live > w->max_live_pairs)
            w->max_live_pairs = live;
    }
}

static int run_bcs_on(uint32_t cores, const char *spec, uint32_t ctas, bool block2d, bcs_watch_t *w,
                      gpu_totals_t *t)
{
    memset(w, 0, sizeof *w);
    w->partner_room_ok = w->pairs_together = w->under_t_new = true;
    gpu_config_t c = test_cfg(cores, 4);
    gpu_t *g = make_gpu(&c, spec, "gto");
    if (!g)
        return -1;
    launch_script(g, bcs_program, bcs_len, CS_ARRAY_LEN(bcs_len), ctas, block2d);
    int rc = 0;
    while (!all_done(g) && rc == 0 && gpu_cycle(g) < 100000) {
        double t_new = metric(g, METRIC_LCS_T_NEW ".k0");
        rc = step(g);
        bcs_observe(g, ctas, w, t_new);
    }
    w->t_new = metric(g, METRIC_LCS_T_NEW ".k0");
    w->blocks_cut = metric(g, METRIC_BCS_BLOCKS_CUT);
    for (uint64_t id = 0; id + 1 < ctas; id += 2)
        if (w->core[id] != w->core[id + 1])
            w->pairs_together = false;
    if (!all_done(g) || total_issued(g) != ctas)
        rc = -1;
    gpu_get_totals(g, t);
    gpu_destroy(g);
    return rc;
}

static int run_bcs(const char *spec, uint32_t ctas, bool block2d, bcs_watch_t *w, gpu_totals_t *t)
{
    return run_bcs_on(3, spec, ctas, block2d, w, t);
}

static void bcs_pairs_share_a_core(void)
{
    bcs_watch_t w;
    gpu_totals_t t;
    /* 2D kernel, odd grid: pairs 0-1 ... 34-35 and a last block of one */
    CHECK_EQ(run_bcs("bcs", 37, true, &w, &t), 0);
    CHECK(w.pairs_together);
    CHECK(w.partner_room_ok);
    CHECK(w.max_live_pairs <= 2); /* wait=pair: cap 4 / block 2 */
    CHECK_EQ(t.warp_insts, program_insts(&(script_src_t){.program = bcs_program, .chain_len = bcs_len,
                                                            .n_chain_len = CS_ARRAY_LEN(bcs_len)},
                                             37));
    /* wait=room: still pairs on one core with room for both, but a core may
     * take a new pair while two half-finished pairs hold it */
    CHECK_EQ(run_bcs("bcs:wait=room", 37, true, &w, &t), 0);
    CHECK(w.pairs_together);
    CHECK(w.partner_room_ok);
    printf("  wait=room: up to %u pairs live on a core (wait=pair: 2)\n", w.max_live_pairs);
    CHECK(w.max_live_pairs > 2);
    /* block=3 with apply=all on a 1D kernel */
    CHECK_EQ(run_bcs("bcs:block=3,apply=all", 20, false, &w, &t), 0);
    /* the baseline splits pairs (a control for the observation itself) */
    CHECK_EQ(run_bcs("rr", 37, true, &w, &t), 0);
    CHECK(!w.pairs_together);
}

/* §4.2: BCS does not apply to one-dimensional CTAs, so on a 1D kernel bcs
 * is exactly the baseline. */
static void bcs_1d_kernel_is_baseline(void)
{
    bcs_watch_t w;
    gpu_totals_t a, b;
    CHECK_EQ(run_bcs("rr", 30, false, &w, &a), 0);
    CHECK_EQ(run_bcs("bcs", 30, false, &w, &b), 0);
    CHECK_EQ(a.cycles, b.cycles);
    CHECK_EQ(a.warp_insts, b.warp_insts);
}

/* Fig. 10's chain: on a 2D kernel, pairs during LCS's monitor phase, and
 * afterwards a pair goes only to a core where it fits under T_new. */
static void lcs_bcs_chain_keeps_pairs_under_t_new(void)
{
    bcs_watch_t w;
    gpu_totals_t t;
    CHECK_EQ(run_bcs("lcs+bcs", 37, true, &w, &t), 0);
    printf("  lcs+bcs: T_new = %g, blocks cut: %g\n", w.t_new, isnan(w.blocks_cut) ? 0 : w.blocks_cut);
    CHECK(!isnan(w.t_new));
    CHECK(w.pairs_together);
    CHECK(w.partner_room_ok);
    CHECK(w.under_t_new);
    CHECK(w.max_live_pairs <= 2);
    CHECK(isnan(w.blocks_cut)); /* BCS knew T_new: no block had to be cut */
}

/* A link with a count cap (static:n=3, before or after bcs in the chain)
 * answers gpu_chain_cap, so BCS starts a pair only where both CTAs fit under
 * it: no pair is ever cut and every pair shares a core. A link that refuses
 * by other rules (CLASO's credits) may still refuse a half-issued pair's
 * second CTA; that must not stall the kernel: the pair is cut, the CTA goes
 * elsewhere, and everything still runs once. */
static void bcs_cuts_a_pair_another_link_refuses(void)
{
    const char *specs[] = {"bcs+static:n=3", "static:n=3+bcs"};
    for (unsigned i = 0; i < CS_ARRAY_LEN(specs); i++) {
        bcs_watch_t w;
        gpu_totals_t t;
        CHECK_EQ(run_bcs(specs[i], 37, true, &w, &t), 0);
        printf("  %s: blocks cut: %g\n", specs[i], w.blocks_cut);
        CHECK(!(w.blocks_cut > 0)); /* NaN: the metric was never published */
        CHECK(w.pairs_together);
        CHECK(w.partner_room_ok);
    }
    /* CLASO: 16 CTAs on 15 cores leave one global credit, so most cores
     * can take one CTA only. Every pair but the first is cut, whichever core
     * the dispatcher visits first. */
    const char *claso_specs[] = {"bcs+claso", "lcs+bcs+claso", "dyncta+bcs+claso"};
    for (unsigned i = 0; i < CS_ARRAY_LEN(claso_specs); i++) {
        bcs_watch_t w;
        gpu_totals_t t;
        CHECK_EQ(run_bcs_on(15, claso_specs[i], 16, true, &w, &t), 0);
        printf("  %s, 16 CTAs on 15 cores: blocks cut: %g\n", claso_specs[i], w.blocks_cut);
        CHECK(w.blocks_cut >= 6);
    }
}

/* ------------------------------------------------------------------------ */
/* Property tests: real runs, several kernels (two in sequence on stream 0,
 * one concurrent on stream 1; the second is labelled 2D), stepped cycle by
 * cycle. Every CTA runs exactly once, no core exceeds the occupancy limit
 * (or a policy's own cap), and the run finishes. */

typedef struct prop_kernel {
    const char *spec;
    uint32_t stream;
    bool block2d;
} prop_kernel_t;

#define PROP_CORES 4
static const prop_kernel_t prop_kernels[] = {
    {"strided:ctas=75,threads=128,iters=3", 0, false}, /* 8 per core: 2+ waves */
    {"compute:ctas=53,threads=256,iters=6", 0, true},  /* 6 per core */
    {"stream:ctas=45,threads=64,iters=4", 1, false},   /* concurrent, stream 1 */
};

static int launch_synth(gpu_t *g, const prop_kernel_t *pk, uint64_t *expected)
{
    cs_error_t err;
    workload_t *w = synth_workload_open(pk->spec, &err);
    if (!w) {
        printf("  %s: %s\n", pk->spec, err.msg);
        return -1;
    }
    kernel_desc_t k;
    int rc = workload_next_kernel(w, &k, &err) == 1 ? 0 : -1;
    if (rc == 0) {
        k.stream = pk->stream;
        if (pk->block2d && k.block.x % 16 == 0 && k.block.x > 16)
            k.block = (dim3_t){16, k.block.x / 16, 1};
        *expected += k.expected_warp_insts;
        rc = gpu_launch(g, &k, &err);
        if (rc < 0 && k.ops->destroy)
            k.ops->destroy(k.src);
    }
    if (rc < 0)
        printf("  %s: %s\n", pk->spec, err.msg);
    workload_destroy(w);
    return rc;
}

/* c_mem_wait counts every cycle c_mem does and the cycles where a warp
 * waiting on an ALU result is the only thing between them: on an
 * uncoalesced kernel (loads, then two dependent FFMAs) it is the larger. */
static void c_mem_wait_contains_c_mem(void)
{
    gpu_config_t c = test_cfg(PROP_CORES, 8);
    gpu_t *g = make_gpu(&c, "rr", "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    uint64_t expected = 0;
    CHECK_EQ(launch_synth(g, &prop_kernels[0], &expected), 0);
    cs_error_t err;
    CHECK_EQ(gpu_run(g, &err), 0);
    uint64_t all = 0, wait = 0;
    for (uint32_t i = 0; i < PROP_CORES; i++) {
        const sm_counters_t *k = gpu_sm_counters(g, i);
        CHECK(k->c_mem_wait >= k->c_mem);
        CHECK(k->c_mem_wait <= k->cycles - k->outcome[OUT_ACTIVE]);
        all += k->c_mem;
        wait += k->c_mem_wait;
    }
    printf("  c_mem %llu, c_mem_wait %llu core-cycles\n", (unsigned long long)all, (unsigned long long)wait);
    CHECK(wait > all);
    gpu_destroy(g);
}

/* Extra per-core cap a policy promises: static:n=N -> N. */
static uint32_t spec_cap(const char *spec)
{
    const char *p = strstr(spec, "static:n=");
    return p ? (uint32_t)atoi(p + 9) : UINT32_MAX;
}

/* --active-cores for the property runs (0: all) */
static uint32_t prop_active_cores;

static void check_policy_properties(const char *spec, bool stepped)
{
    gpu_config_t c = test_cfg(PROP_CORES, 0);
    c.active_cores = prop_active_cores;
    gpu_t *g = make_gpu(&c, spec, "gto");
    CHECK(g != NULL);
    if (!g)
        return;
    uint64_t expected = 0, total = 0;
    for (unsigned i = 0; i < CS_ARRAY_LEN(prop_kernels); i++)
        CHECK_EQ(launch_synth(g, &prop_kernels[i], &expected), 0);
    for (uint32_t i = 0; i < gpu_n_kernels(g); i++)
        total += gpu_kernel(g, i)->total_ctas;
    uint32_t cap = spec_cap(spec);
    bool lcs = strstr(spec, "lcs") != NULL;
    uint64_t paused_steps = 0;
    int rc = 0;
    if (stepped) {
        while (!all_done(g) && rc == 0) {
            uint64_t before = gpu_cycle(g);
            double t_new[3];
            for (uint32_t kk = 0; kk < 3 && kk < gpu_n_kernels(g); kk++) {
                char name[32];
                snprintf(name, sizeof name, METRIC_LCS_T_NEW ".k%u", kk);
                t_new[kk] = metric(g, name);
            }
            rc = step(g);
            for (uint32_t sm = 0; sm < PROP_CORES; sm++)
                paused_steps += g->sm[sm].any_paused;
            for (uint32_t sm = 0; sm < PROP_CORES; sm++) {
                cta_info_t buf[64];
                uint32_t n = gpu_sm_ctas(g, sm, buf, 64);
                for (uint32_t kk = 0; kk < gpu_n_kernels(g); kk++) {
                    const kernel_run_t *k = gpu_kernel(g, kk);
                    if (k->state != KERNEL_RUNNING)
                        continue;
                    uint32_t here = gpu_sm_resident_ctas(g, sm, k);
                    CHECK(here <= k->max_ctas_per_sm);
                    CHECK(here <= cap);
                    /* LCS: a CTA started after T_new leaves at most T_new */
                    bool started = false;
                    for (uint32_t i = 0; i < n; i++)
                        started |= buf[i].kernel == k && buf[i].start_cycle > before;
                    if (lcs && started && kk < 3 && !isnan(t_new[kk]))
                        CHECK(here <= t_new[kk]);
                }
            }
            if (gpu_cycle(g) > 2000000) {
                printf("  %s: no end after 2M cycles\n", spec);
                rc = -1;
            }
        }
    } else {
        cs_error_t err;
        rc = gpu_run(g, &err);
        if (rc < 0)
            printf("  %s: %s\n", spec, err.msg);
    }
    CHECK_EQ(rc, 0);
    CHECK(all_done(g));
    for (uint32_t i = 0; i < gpu_n_kernels(g); i++) {
        const kernel_run_t *k = gpu_kernel(g, i);
        CHECK_EQ(k->next_cta, k->total_ctas);
        CHECK_EQ(k->ctas_done, k->total_ctas);
    }
    CHECK_EQ(total_issued(g), total);
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    CHECK_EQ(t.warp_insts, expected); /* every instruction of every CTA, once */
    for (uint32_t sm = prop_active_cores; prop_active_cores && sm < PROP_CORES; sm++)
        CHECK_EQ(gpu_sm_counters(g, sm)->ctas_issued, 0);
    uint64_t gated = 0;
    for (uint32_t sm = 0; sm < PROP_CORES; sm++)
        gated += gpu_sm_counters(g, sm)->gated_cycles;
    printf("  %-30s %8llu cycles", spec, (unsigned long long)t.cycles);
    if (prop_active_cores)
        printf(" on %u cores", prop_active_cores);
    if (gated)
        printf(", %llu gated core-cycles", (unsigned long long)gated);
    if (strstr(spec, "dyncta")) {
        printf(", mean n %.2f, core-steps with a paused CTA %llu", metric(g, METRIC_DYNCTA_N_AVG),
               (unsigned long long)paused_steps);
        /* with a low t_mem_h the strided kernel makes DYNCTA pause */
        if (stepped && strstr(spec, "t_mem_h=64"))
            CHECK(paused_steps > 0);
    }
    printf("\n");
    gpu_destroy(g);
}

static void every_policy_runs_every_cta_once(void)
{
    const char *specs[] = {"rr",           "static:n=2",   "lcs",          "lcs:round=ceil,core=first",
                           "bcs",          "bcs:wait=room", "dyncta",      "claso",
                           "rr+claso",     "dyncta+claso", "lcs+bcs",      "lcs+claso",
                           "bcs+claso",    "lcs+bcs+claso", "dyncta:period=256,t_mem_l=32,t_mem_h=64", "bcs+static:n=3",
                           "dyncta+bcs"};
    for (unsigned i = 0; i < CS_ARRAY_LEN(specs); i++)
        check_policy_properties(specs[i], true);
}

/* The gating policies (tcs, htcs, dyncore; small periods so that they act on
 * these short kernels) alone and in chains, and --active-cores. */
static const char *const gating_specs[] = {
    "tcs",
    "tcs:mon=300,min=600,thr=0",
    "htcs:mon=300,min=600,thr=0",
    "htcs:mon=300,min=600",
    "tcs:mon=300,min=600,thr=0,throttle=0,reset=window",
    "tcs:mon=300,min=600,thr=0,stall=cmem",
    "tcs:mon=300,min=600,thr=0,reduce=grid",
    "htcs:mon=300,min=600,thr=0,reduce=grid+claso",
    "tcs:mon=300,min=600,thr=0+lcs",
    "lcs+tcs:mon=300,min=600,thr=0",
    "tcs:mon=300,min=600,thr=0+claso",
    "claso+htcs:mon=300,min=600,thr=0",
    "dyncore",
    "dyncore:period=256,k=2,t_act=100000",
    "dyncore:period=256,k=3,t_act=100000+claso",
    "dyncore:period=256,k=1,t_act=600,t_mem_l=32,t_mem_h=64",
};

static void gating_policies_run_every_cta_once(void)
{
    for (unsigned i = 0; i < CS_ARRAY_LEN(gating_specs); i++)
        check_policy_properties(gating_specs[i], true);
}

static void active_cores_runs_every_cta_once(void)
{
    const char *specs[] = {"rr", "claso", "lcs+bcs", "dyncta", "tcs:mon=300,min=600,thr=0",
                           "htcs:mon=300,min=600,thr=0+claso", "dyncore:period=256,k=1,t_act=100000"};
    prop_active_cores = 3;
    for (unsigned i = 0; i < CS_ARRAY_LEN(specs); i++)
        check_policy_properties(specs[i], true);
    prop_active_cores = 0;
}

/* The stepping harness does not change the simulation. */
static void stepped_run_matches_plain_run_with(const char *spec, uint32_t active_cores)
{
    gpu_totals_t a, b;
    for (int stepped = 0; stepped < 2; stepped++) {
        gpu_config_t c = test_cfg(PROP_CORES, 0);
        c.active_cores = active_cores;
        gpu_t *g = make_gpu(&c, spec, "gto");
        CHECK(g != NULL);
        if (!g)
            return;
        uint64_t expected = 0;
        launch_synth(g, &prop_kernels[0], &expected);
        cs_error_t err;
        if (stepped)
            while (!all_done(g) && step(g) == 0)
                ;
        else
            CHECK_EQ(gpu_run(g, &err), 0);
        gpu_get_totals(g, stepped ? &b : &a);
        gpu_destroy(g);
    }
    CHECK_EQ(a.cycles, b.cycles);
    CHECK_EQ(a.warp_insts, b.warp_insts);
    CHECK_EQ(a.l1_misses, b.l1_misses);
}

static void stepped_run_matches_plain_run(void) { stepped_run_matches_plain_run_with("dyncta+claso", 0); }

static void stepped_run_matches_plain_run_gating(void)
{
    for (unsigned i = 0; i < CS_ARRAY_LEN(gating_specs); i++)
        stepped_run_matches_plain_run_with(gating_specs[i], 0);
    stepped_run_matches_plain_run_with("rr", 3);
    stepped_run_matches_plain_run_with("tcs:mon=300,min=600,thr=0", 3);
}

/* A policy defined by the test itself: asks for samples from create() and
 * counts them, to show a period set there takes effect and that a
 * registered out-of-tree policy chains like a built-in one. */
typedef struct sampler {
    uint32_t period;
    uint64_t samples, last_cycle;
    uint64_t stale; /* samples at which some core's counters lagged the clock */
} sampler_t;

static void *sampler_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    sampler_t *s = calloc(1, sizeof *s);
    if (policy_arg_u32(a, "period", 100, &s->period, err) < 0) {
        free(s);
        return NULL;
    }
    gpu_policy_set_sample_period(g, self, s->period);
    return s;
}

static void sampler_sample(void *st, struct gpu *g, uint64_t cycle)
{
    sampler_t *s = st;
    s->samples++;
    s->last_cycle = cycle;
    /* every core, asleep or not, has accounted each cycle before this one */
    for (uint32_t i = 0; i < gpu_n_sm(g); i++)
        if (gpu_sm_counters(g, i)->cycles != cycle - 1)
            s->stale++;
}

static sampler_t *last_sampler;
static void sampler_destroy(void *st) { last_sampler = st; }

static const cta_policy_ops_t sampler_policy = {
    .name = "test_sampler",
    .summary = "test: counts samples",
    .create = sampler_create,
    .destroy = sampler_destroy,
    .sample = sampler_sample,
};

static void sample_period_set_in_create_takes_effect(void)
{
    cs_error_t err;
    CHECK_EQ(cta_policy_register(&sampler_policy, &err), 0);
    CHECK(cta_policy_register(&sampler_policy, &err) < 0); /* twice is an error */
    gpu_config_t c = test_cfg(PROP_CORES, 0);
    gpu_t *g = make_gpu(&c, "rr+test_sampler:period=64", NULL);
    if (!g)
        return;
    uint64_t expected = 0;
    CHECK_EQ(launch_synth(g, &prop_kernels[0], &expected), 0);
    CHECK_EQ(gpu_run(g, &err), 0);
    uint64_t cycles = gpu_cycle(g);
    gpu_destroy(g);
    sampler_t *s = last_sampler;
    CHECK(s != NULL);
    if (!s)
        return;
    printf("  %llu samples over %llu cycles, last at %llu\n", (unsigned long long)s->samples,
           (unsigned long long)cycles, (unsigned long long)s->last_cycle);
    CHECK(cycles > 1000);
    CHECK_EQ(s->samples, cycles / 64);
    CHECK_EQ(s->last_cycle, (cycles / 64) * 64);
    CHECK_EQ(s->stale, 0);
    free(s);
}

static void bad_arguments_are_rejected(void)
{
    const char *bad[] = {"lcs:round=up", "lcs:scope=kernel", "lcs:core=each,scope=name", "lcs:core=99", "lcs:core=x", "bcs:wait=never", "bcs:apply=3d",
                         "bcs:block=0",  "claso:pa=0",  "dyncta:period=0", "dyncta:t_low=3", "claso:pl=-1"};
    gpu_config_t c = test_cfg(15, 0);
    for (unsigned i = 0; i < CS_ARRAY_LEN(bad); i++) {
        cs_error_t err;
        gpu_t *g = gpu_create_named(&c, bad[i], NULL, &err);
        CHECK(g == NULL);
        if (g) {
            printf("  accepted %s\n", bad[i]);
            gpu_destroy(g);
        }
    }
    const char *good[] = {"lcs:round=ceil,core=3", "bcs:block=4,wait=room,apply=all",
                          "dyncta:period=4096,t_idle=8,t_mem_l=64,t_mem_h=192", "rr+claso:pa=2,pl=1"};
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
    RUN(lcs_fig7b_t_new);
    RUN(lcs_rounding_nearest_is_not_ceil);
    RUN(lcs_repeats_per_kernel);
    RUN(lcs_scope_name_reuses_t_new);
    RUN(lcs_core_each_decides_per_core);
    RUN(dyncta_pausing_sequence);
    RUN(dyncta_resident_beside_n);
    RUN(dyncta_cmem_wait_reads_its_counter);
    RUN(dyncta_decision_table);
    RUN(dyncta_preset_defaults);
    RUN(c_mem_wait_contains_c_mem);
    RUN(dyncta_finish_resumes_paused);
    RUN(claso_case_study_17_ctas_4_cores);
    RUN(claso_credit_arithmetic);
    RUN(bcs_pairs_share_a_core);
    RUN(bcs_1d_kernel_is_baseline);
    RUN(lcs_bcs_chain_keeps_pairs_under_t_new);
    RUN(bcs_cuts_a_pair_another_link_refuses);
    RUN(stepped_run_matches_plain_run);
    RUN(every_policy_runs_every_cta_once);
    RUN(gating_policies_run_every_cta_once);
    RUN(active_cores_runs_every_cta_once);
    RUN(stepped_run_matches_plain_run_gating);
    RUN(bad_arguments_are_rejected);
    RUN(sample_period_set_in_create_takes_effect);
    TEST_EXIT();
}
