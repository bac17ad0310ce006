/* test_model.c — microbenchmarks that check the timing model against its own
 * configuration, plus accounting, determinism and occupancy. Each check is a
 * number a broken model would get wrong. */
#include <math.h>

#include "gpu/gpu.h"
#include "frontend/synth.h"
#include "frontend/trace_reader.h"
#include "test.h"
#include "policy/registry.h"

typedef struct run_result {
    gpu_totals_t t;
    uint64_t expected_warp_insts;
    uint64_t ctas_per_sm[128];
    uint32_t max_ctas_per_sm;
    uint64_t act_cycles, inact_cycles; /* summed over cores (Kayiran's RACT) */
    int rc;
} run_result_t;

static gpu_config_t base_cfg(void)
{
    gpu_config_t c;
    config_defaults(&c);
    return c;
}

static void run_synth(const gpu_config_t *cfg, const char *spec, const char *cta, const char *warp, run_result_t *r)
{
    memset(r, 0, sizeof *r);
    cs_error_t err;
    workload_t *w = synth_workload_open(spec, &err);
    if (!w) {
        printf("  synth_workload_open(%s): %s\n", spec, err.msg);
        r->rc = -1;
        return;
    }
    gpu_t *g = gpu_create_named(cfg, cta, warp, &err);
    if (!g) {
        printf("  gpu_create: %s\n", err.msg);
        workload_destroy(w);
        r->rc = -1;
        return;
    }
    kernel_desc_t k;
    if (workload_next_kernel(w, &k, &err) != 1 || gpu_launch(g, &k, &err) < 0 || gpu_run(g, &err) < 0) {
        printf("  run %s: %s\n", spec, err.msg);
        r->rc = -1;
    }
    r->expected_warp_insts = k.expected_warp_insts;
    gpu_get_totals(g, &r->t);
    for (uint32_t i = 0; i < gpu_n_sm(g) && i < 128; i++) {
        const sm_counters_t *sc = gpu_sm_counters(g, i);
        r->ctas_per_sm[i] = sc->ctas_issued;
        r->act_cycles += sc->act_cycles;
        r->inact_cycles += sc->inact_cycles;
    }
    if (gpu_n_kernels(g))
        r->max_ctas_per_sm = gpu_kernel(g, 0)->max_ctas_per_sm;
    gpu_destroy(g);
    workload_destroy(w);
}

/* Per-load latency from two runs of a dependent chain that differ only in length. */
static double chain_latency(const gpu_config_t *cfg, const char *probe, unsigned n1, unsigned n2)
{
    char s1[128], s2[128];
    snprintf(s1, sizeof s1, "%s:iters=%u", probe, n1);
    snprintf(s2, sizeof s2, "%s:iters=%u", probe, n2);
    run_result_t a, b;
    run_synth(cfg, s1, NULL, NULL, &a);
    run_synth(cfg, s2, NULL, NULL, &b);
    if (a.rc || b.rc)
        return -1;
    return (double)(b.t.cycles - a.t.cycles) / (double)(n2 - n1);
}

static void l1_hit_latency_matches_config(void)
{
    gpu_config_t c = base_cfg();
    derived_latency_t d;
    gpu_derived_latency(&c, &d);
    /* load to use: the L1 latency plus the write-back stages */
    double lat = chain_latency(&c, "l1hit", 33, 97);
    CHECK_EQ(lat, c.l1_latency + c.pipeline_latency);
    CHECK_EQ(d.l1_hit, c.l1_latency + c.pipeline_latency);
    /* and it follows the options, not a constant */
    c.l1_latency = 50;
    CHECK_EQ(chain_latency(&c, "l1hit", 33, 97), 50 + c.pipeline_latency);
    c.pipeline_latency = 0;
    CHECK_EQ(chain_latency(&c, "l1hit", 33, 97), 50);
}

static void l2_hit_latency_matches_config(void)
{
    gpu_config_t c = base_cfg();
    derived_latency_t d;
    gpu_derived_latency(&c, &d);
    /* 512 lines cycled: every access misses the 16 KB L1 and hits L2 after the first pass */
    double lat = chain_latency(&c, "l2hit", 1024, 2048);
    printf("  l2 hit: measured %.2f derived %.2f\n", lat, d.l2_hit);
    CHECK_NEAR(lat, d.l2_hit, 0.01);
    c.l2_rop_latency += 40;
    gpu_derived_latency(&c, &d);
    CHECK_NEAR(chain_latency(&c, "l2hit", 1024, 2048), d.l2_hit, 0.01);
}

static void dram_latency_matches_config(void)
{
    gpu_config_t c = base_cfg();
    derived_latency_t d;
    gpu_derived_latency(&c, &d);
    double lat = chain_latency(&c, "dram", 128, 256);
    printf("  dram: measured %.2f derived %.2f (core cycles)\n", lat, d.dram);
    /* clock-domain crossings into the 924 MHz DRAM clock round by up to a cycle each way */
    CHECK_NEAR(lat, d.dram, 2.0);
}

static void streaming_reaches_dram_peak(void)
{
    gpu_config_t c = base_cfg();
    run_result_t r;
    run_synth(&c, "stream:store=0,ctas=720,threads=256,iters=24,alu=1", NULL, NULL, &r);
    CHECK_EQ(r.rc, 0);
    double peak_bytes = (double)c.n_mem * c.n_mem_per_ctrlr * c.dram_buswidth * c.dram_data_cmd_ratio *
                        (double)r.t.dram_cycles / (double)c.n_mem;
    double achieved = (double)r.t.dram_bytes / peak_bytes;
    printf("  streaming: %.1f%% of peak DRAM bandwidth (%llu bytes, row hits %llu / %llu)\n", 100 * achieved,
           (unsigned long long)r.t.dram_bytes, (unsigned long long)r.t.dram_row_hits,
           (unsigned long long)(r.t.dram_row_hits + r.t.dram_row_misses));
    CHECK(achieved >= 0.85);
    CHECK(achieved <= 1.0);
}

static void alu_kernel_issues_at_peak(void)
{
    gpu_config_t c = base_cfg();
    run_result_t r;
    /* 6 CTAs x 8 warps per SM, 8 independent FFMA chains: never a dependence stall */
    run_synth(&c, "compute:ctas=90,threads=256,iters=256,ilp=8", NULL, NULL, &r);
    CHECK_EQ(r.rc, 0);
    double per_sm = (double)r.t.warp_insts / ((double)r.t.cycles * 15);
    printf("  compute: %.3f warp instructions per SM per cycle (peak %u)\n", per_sm, c.num_sched_per_core);
    /* the first and last dependent steps of each warp (lat + pipeline
     * latency) cost ~3% of this short kernel */
    CHECK(per_sm >= 0.95 * c.num_sched_per_core);
    CHECK(per_sm <= c.num_sched_per_core + 1e-9);
}

/* Kayiran's RACT separates compute- from memory-bound kernels on their own
 * 8-wide SIMT config, where a busy SP unit lets a warp issue only every 4th
 * cycle: a pure-ALU kernel must still count as active (Type-C, > 0.66) and a
 * streaming kernel as mostly inactive. */
static void ract_separates_compute_from_memory_on_narrow_simt(void)
{
    gpu_config_t c = base_cfg();
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "pact13-30sm", &err), 0);
    run_result_t alu, mem;
    run_synth(&c, "compute:ctas=120,threads=256,iters=128,ilp=8", NULL, NULL, &alu);
    run_synth(&c, "stream:ctas=240,iters=16", NULL, NULL, &mem);
    CHECK_EQ(alu.rc, 0);
    CHECK_EQ(mem.rc, 0);
    double ract_alu = (double)alu.act_cycles / (double)(alu.act_cycles + alu.inact_cycles + 1);
    double ract_mem = (double)mem.act_cycles / (double)(mem.act_cycles + mem.inact_cycles + 1);
    double issue_rate = (double)alu.t.warp_insts / ((double)alu.t.cycles * config_n_sm(&c));
    printf("  pact13-30sm RACT: compute %.3f (issues %.3f per SM-cycle), stream %.3f\n", ract_alu, issue_rate,
           ract_mem);
    CHECK(issue_rate < 0.6);   /* the narrow unit really does hold issue back */
    CHECK(ract_alu > 0.95);
    CHECK(ract_mem < 0.5);
}

/* Two warps chase one chain on each of two cores: every load's second
 * request merges into the first one's fetch in flight. GPGPU-Sim counts
 * such an access as a pending hit (HIT_RESERVED), not a miss; the same holds
 * in the L2 for the two cores' requests to one line. A miss rate that
 * counted merges would hide the inter-CTA locality BCS exploits. */
static void mshr_merges_are_pending_hits(void)
{
    gpu_config_t c = base_cfg();
    run_result_t r;
    run_synth(&c, "chase:ctas=2,threads=64,iters=32,footprint=1m,stride=4096,shared=1", NULL, NULL, &r);
    CHECK_EQ(r.rc, 0);
    CHECK_EQ(r.t.l1_accesses, 128);
    CHECK_EQ(r.t.l1_misses, 64);
    CHECK_EQ(r.t.l1_pending_hits, 64);
    CHECK_EQ(r.t.l1_hits, 0);
    CHECK_EQ(r.t.l2_accesses, 64);
    CHECK_EQ(r.t.l2_misses, 32);
    CHECK_EQ(r.t.l2_pending_hits, 32);
}

static void max_ctas_sweep_shows_the_papers_premise(void)
{
    gpu_config_t c = base_cfg();
    double lat[9] = {0}, ipc[9] = {0};
    for (unsigned n = 1; n <= 8; n++) {
        c.max_ctas_override = n;
        run_result_t r;
        run_synth(&c, "strided:ctas=240,threads=64,iters=4,stride=32", NULL, NULL, &r);
        lat[n] = r.t.avg_mem_latency;
        run_synth(&c, "compute:ctas=240,threads=128,iters=64,ilp=2", NULL, NULL, &r);
        ipc[n] = r.t.ipc;
    }
    printf("  strided avg latency n=1..8:");
    for (unsigned n = 1; n <= 8; n++)
        printf(" %.0f", lat[n]);
    printf("\n  compute IPC n=1..8:");
    for (unsigned n = 1; n <= 8; n++)
        printf(" %.1f", ipc[n]);
    printf("\n");
    CHECK(lat[8] > 1.5 * lat[1]);
    /* 240 CTAs on 15 SMs leave a short last wave at some caps (n = 7: 7, 7, 2
     * CTAs per SM), whose few requests see an idle memory: allow a 3 % dip. */
    for (unsigned n = 2; n <= 8; n++) {
        CHECK(lat[n] >= lat[n - 1] * 0.97);
        CHECK(ipc[n] >= ipc[n - 1] * 0.995);
    }
}

static void instruction_accounting_is_exact(void)
{
    gpu_config_t c = base_cfg();
    const char *specs[] = {"stream:ctas=37,threads=96,iters=3", "strided:ctas=20", "compute:ctas=16,sfu=1,dp=1",
                           "shmem:ctas=12,conflict=4", "chase:iters=10"};
    for (unsigned i = 0; i < CS_ARRAY_LEN(specs); i++) {
        run_result_t r;
        run_synth(&c, specs[i], NULL, NULL, &r);
        CHECK_EQ(r.rc, 0);
        CHECK_EQ(r.t.warp_insts, r.expected_warp_insts);
    }
}

static void trace_instruction_totals_are_exact(void)
{
    /* the fixture's second kernel is .traceg.xz */
    if (!trace_xz_supported())
        SKIP("tests/data/traces/basic has an .xz kernel and this build has no liblzma");
    gpu_config_t c = base_cfg();
    cs_error_t err;
    workload_t *w = trace_workload_open("tests/data/traces/basic/kernelslist.g", &err);
    CHECK(w != NULL);
    if (!w) {
        printf("  %s\n", err.msg);
        return;
    }
    gpu_t *g = gpu_create_named(&c, NULL, NULL, &err);
    int rc = gpu_run_workload(g, w, &err);
    if (rc < 0)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    trace_counts_t tc;
    trace_workload_counts(w, &tc);
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    printf("  trace: %llu warp / %llu thread instructions; simulated %llu / %llu\n",
           (unsigned long long)tc.warp_insts, (unsigned long long)tc.thread_insts,
           (unsigned long long)t.warp_insts, (unsigned long long)t.thread_insts);
    CHECK(tc.warp_insts > 0);
    CHECK_EQ(t.warp_insts, tc.warp_insts);
    CHECK_EQ(t.thread_insts, tc.thread_insts);
    CHECK_EQ(gpu_n_kernels(g), 2);
    gpu_destroy(g);
    workload_destroy(w);
}

static void runs_are_deterministic(void)
{
    gpu_config_t c = base_cfg();
    run_result_t a, b;
    run_synth(&c, "strided:ctas=60,iters=3", NULL, NULL, &a);
    run_synth(&c, "strided:ctas=60,iters=3", NULL, NULL, &b);
    a.t.sim_wall_seconds = b.t.sim_wall_seconds = 0;
    CHECK(memcmp(&a.t, &b.t, sizeof a.t) == 0);
    CHECK(memcmp(a.ctas_per_sm, b.ctas_per_sm, sizeof a.ctas_per_sm) == 0);
}

static void occupancy_limits_and_rr_placement(void)
{
    gpu_config_t c = base_cfg();
    run_result_t r;
    /* 256 threads x 32 regs = 8192 regs/CTA -> 4 CTAs by registers (32768) */
    run_synth(&c, "compute:ctas=60,threads=256,regs=32,iters=4", NULL, NULL, &r);
    CHECK_EQ(r.max_ctas_per_sm, 4);
    for (unsigned i = 0; i < 15; i++)
        CHECK_EQ(r.ctas_per_sm[i], 4); /* 60 CTAs round-robin over 15 cores */
    /* shared memory: 20 KB per CTA -> 2 of 48 KB */
    run_synth(&c, "shmem:ctas=30,shmem=20480", NULL, NULL, &r);
    CHECK_EQ(r.max_ctas_per_sm, 2);
    /* --max-ctas caps below the resource limit */
    c.max_ctas_override = 3;
    run_synth(&c, "compute:ctas=60,threads=128,iters=4", NULL, NULL, &r);
    CHECK_EQ(r.max_ctas_per_sm, 3);
}

static void static_policy_caps_ctas(void)
{
    gpu_config_t c = base_cfg();
    run_result_t a, b;
    run_synth(&c, "strided:ctas=120,threads=128,iters=2", "static:n=2", NULL, &a);
    c.max_ctas_override = 2;
    run_synth(&c, "strided:ctas=120,threads=128,iters=2", NULL, NULL, &b);
    CHECK_EQ(a.rc, 0);
    /* the static policy and the global cap are the same schedule */
    CHECK_EQ(a.t.cycles, b.t.cycles);
}

static void gto_and_lrr_differ_but_count_the_same(void)
{
    gpu_config_t c = base_cfg();
    run_result_t a, b;
    run_synth(&c, "strided:ctas=60,threads=256,iters=4", NULL, "lrr", &a);
    run_synth(&c, "strided:ctas=60,threads=256,iters=4", NULL, "gto", &b);
    CHECK_EQ(a.t.warp_insts, b.t.warp_insts);
    CHECK(a.t.cycles != b.t.cycles);
}

/* Accel-Sim charges the kernel launch latency at every kernel of a stream,
 * counted from the end of the previous one: three kernels in one stream with
 * latency L start at L, end0 + L and end1 + L; a kernel of another stream
 * starts at L beside the first (overlap allowed). */
static void launch_latency_is_paid_per_kernel(void)
{
    gpu_config_t c = base_cfg();
    c.kernel_launch_latency = 700;
    c.max_concurrent_kernel = 8;
    cs_error_t err;
    gpu_t *g = gpu_create_named(&c, NULL, NULL, &err);
    CHECK(g != NULL);
    workload_t *w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = synth_workload_open("stream:ctas=15,iters=2", &err);
        kernel_desc_t k;
        CHECK_EQ(workload_next_kernel(w[i], &k, &err), 1);
        k.stream = i == 3 ? 1 : 0;
        CHECK_EQ(gpu_launch(g, &k, &err), 0);
    }
    CHECK_EQ(gpu_run(g, &err), 0);
    const kernel_run_t *k0 = gpu_kernel(g, 0), *k1 = gpu_kernel(g, 1), *k2 = gpu_kernel(g, 2),
                       *k3 = gpu_kernel(g, 3);
    CHECK_EQ(k0->start_cycle, 700);
    CHECK_EQ(k1->start_cycle, k0->end_cycle + 700);
    CHECK_EQ(k2->start_cycle, k1->end_cycle + 700);
    CHECK_EQ(k3->start_cycle, 700);
    CHECK_EQ(gpu_cycle(g) >= k2->end_cycle, 1);
    gpu_destroy(g);
    for (int i = 0; i < 4; i++)
        workload_destroy(w[i]);
}

/* Run the synthetic kernels `specs` (NULL-terminated) one after another on
 * one GPU; returns it for inspection (caller destroys). */
static gpu_t *run_kernels(const gpu_config_t *c, const char *const *specs)
{
    cs_error_t err;
    gpu_t *g = gpu_create_named(c, NULL, NULL, &err);
    CHECK(g != NULL);
    workload_t *w[8];
    int n = 0;
    for (; specs[n]; n++) {
        w[n] = synth_workload_open(specs[n], &err);
        kernel_desc_t k;
        CHECK_EQ(workload_next_kernel(w[n], &k, &err), 1);
        CHECK_EQ(gpu_launch(g, &k, &err), 0);
    }
    CHECK_EQ(gpu_run(g, &err), 0);
    for (int i = 0; i < n; i++)
        workload_destroy(w[i]);
    return g;
}

/* -gpgpu_adaptive_cache_config with a 64 KB unified L1 of 32 sets x 128 B
 * (at most 16 ways) and carve-outs 0,8,16,32,48 KB. 8 KB of shared memory per
 * CTA, 6 CTAs per core (threads and shared memory both allow 6; 120 CTAs on
 * 15 cores would allow 8): 48 KB carved out, L1 = round(16 x (1 - 48/64)) = 4
 * ways = 16 KB. Capped at 2 CTAs: 16 KB carved out, 12 ways = 48 KB. No
 * shared memory: all 16 ways, 64 KB. Without the option: the 16 KB as given. */
static void adaptive_l1_takes_what_shared_memory_leaves(void)
{
    gpu_config_t c = base_cfg();
    c.adaptive_l1 = true;
    c.unified_l1d_kb = 64;
    const uint32_t opts[] = {0, 8, 16, 32, 48};
    memcpy(c.shmem_options_kb, opts, sizeof opts);
    c.n_shmem_options = 5;
    cs_error_t err;
    CHECK_EQ(config_validate(&c, &err), 0);
    const char *specs[] = {"shmem:ctas=120,threads=256,shmem=8k,iters=2", "stream:ctas=30,iters=2", NULL};
    gpu_t *g = run_kernels(&c, specs);
    CHECK_EQ(gpu_kernel(g, 0)->max_ctas_per_sm, 6);
    CHECK_EQ(gpu_kernel(g, 0)->l1d_bytes, 16 * 1024);
    CHECK_EQ(gpu_kernel(g, 1)->l1d_bytes, 64 * 1024);
    gpu_destroy(g);
    c.max_ctas_override = 2;
    g = run_kernels(&c, specs);
    CHECK_EQ(gpu_kernel(g, 0)->l1d_bytes, 48 * 1024);
    gpu_destroy(g);
    c.adaptive_l1 = false;
    g = run_kernels(&c, specs);
    CHECK_EQ(gpu_kernel(g, 0)->l1d_bytes, 16 * 1024);
    CHECK_EQ(gpu_kernel(g, 1)->l1d_bytes, 16 * 1024);
    gpu_destroy(g);
}

/* H100's carve-out (-gpgpu_shmem_option 0,8,16,32,64,228 of a 256 KB
 * unified L1 of 4 sets x 128 B: at most 512 ways): the smallest option that
 * holds the shared memory of the CTAs an SM gets.
 *   100 KB per CTA, 264 CTAs on 132 SMs: 2 per SM (233472 / 102400), 200 KB
 *     -> 228 KB carved out, L1 = round(512 x 28/256) = 56 ways = 28 KB;
 *   40 KB per CTA, 132 CTAs: 1 per SM -> 64 KB, 384 ways = 192 KB;
 *   no shared memory -> 0 KB, all 512 ways = 256 KB. */
static void h100_carveout_for_shared_memory(void)
{
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "h100", &err), 0);
    const char *specs[] = {"shmem:ctas=264,threads=128,shmem=102400,iters=1",
                           "shmem:ctas=132,threads=128,shmem=40960,iters=1", "stream:ctas=132,iters=1", NULL};
    gpu_t *g = run_kernels(&c, specs);
    CHECK_EQ(gpu_kernel(g, 0)->max_ctas_per_sm, 2);
    CHECK_EQ(gpu_kernel(g, 0)->l1d_bytes, 28 * 1024);
    CHECK_EQ(gpu_kernel(g, 1)->l1d_bytes, 192 * 1024);
    CHECK_EQ(gpu_kernel(g, 2)->l1d_bytes, 256 * 1024);
    gpu_destroy(g);
}

/* -gpgpu_flush_l1_cache: two runs of a probe whose CTAs each read one
 * 128-byte line (the same for all) 64 times (one miss, then hits), one CTA on each of the 15
 * cores. Flushed between the kernels: 30 L1 read misses in all; kept: the
 * second kernel hits from its first load, 15. */
static void l1_flush_between_kernels(void)
{
    const char *specs[] = {"chase:ctas=15,footprint=128,shared=1", "chase:ctas=15,footprint=128,shared=1", NULL};
    for (int flush = 0; flush <= 1; flush++) {
        gpu_config_t c = base_cfg();
        c.flush_l1 = flush;
        gpu_t *g = run_kernels(&c, specs);
        uint64_t misses = 0;
        for (uint32_t i = 0; i < gpu_n_sm(g); i++)
            misses += gpu_sm_l1_stats(g, i)->read_misses;
        CHECK_EQ(misses, (uint64_t)(flush ? 30 : 15));
        gpu_destroy(g);
    }
}

int main(void)
{
    RUN(l1_hit_latency_matches_config);
    RUN(l2_hit_latency_matches_config);
    RUN(dram_latency_matches_config);
    RUN(streaming_reaches_dram_peak);
    RUN(alu_kernel_issues_at_peak);
    RUN(ract_separates_compute_from_memory_on_narrow_simt);
    RUN(mshr_merges_are_pending_hits);
    RUN(max_ctas_sweep_shows_the_papers_premise);
    RUN(instruction_accounting_is_exact);
    RUN(trace_instruction_totals_are_exact);
    RUN(runs_are_deterministic);
    RUN(occupancy_limits_and_rr_placement);
    RUN(static_policy_caps_ctas);
    RUN(gto_and_lrr_differ_but_count_the_same);
    RUN(launch_latency_is_paid_per_kernel);
    RUN(adaptive_l1_takes_what_shared_memory_leaves);
    RUN(l1_flush_between_kernels);
    RUN(h100_carveout_for_shared_memory);
    TEST_EXIT();
}
