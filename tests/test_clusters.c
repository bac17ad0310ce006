/* test_clusters.c — thread block clusters and distributed shared memory.
 *
 * PTX: the cluster directives and special registers, barrier.cluster, mapa
 * and ld/st/atom.shared::cluster, run by the functional executor, and the
 * launch's refusals. Dispatch (the timing model): a cluster's CTAs start in
 * one cycle on cores of one GPC, a cluster waits until a GPC has room for all
 * of it, and one no GPC can ever hold is refused at launch. Timing: a
 * dependent chain of DSMEM loads whose cycle count changes by exactly what
 * the configuration says (see dsmem_latency_by_hand). */
#include "ctasim_runtime.h"
#include "config/config.h"
#include "frontend/ptx/ptx_ir.h"
#include "gpu/cta_policy.h"
#include "gpu/gpu.h"
#include "policy/cluster_lcs.h"
#include "policy/registry.h"
#include "test.h"
#include "timed_gpu.h"

#include <string.h>

#define HDR ".version 8.0\n.target sm_90\n.address_size 64\n"

/* ------------------------------------------------------------------------ */
/* PTX: directives, special registers, DSMEM, barrier */

static void directives_parsed(void)
{
    const char *src = HDR ".visible .entry k()\n.explicitcluster\n.reqnctapercluster 2, 2, 1\n.maxclusterrank 8\n"
                          "{\nret;\n}\n"
                          ".visible .entry plain()\n{\nret;\n}\n";
    cs_error_t err;
    ptx_module_t *m = ptx_parse("d.ptx", src, strlen(src), &err);
    CHECK(m != NULL);
    if (!m)
        return;
    const ptx_function_t *f = &m->funcs[ptx_find_function(m, "k")];
    CHECK_EQ(f->reqncluster[0], 2);
    CHECK_EQ(f->reqncluster[1], 2);
    CHECK_EQ(f->reqncluster[2], 1);
    CHECK(f->explicit_cluster);
    CHECK_EQ(f->maxclusterrank, 8);
    const ptx_function_t *p = &m->funcs[ptx_find_function(m, "plain")];
    CHECK_EQ(p->reqncluster[0], 0);
    CHECK(!p->explicit_cluster);
    ptx_module_free(m);

    /* what the parser refuses */
    const char *bad[] = {
        HDR ".visible .entry k()\n{\nbarrier.cluster;\nret;\n}\n",
        HDR ".visible .entry k()\n{\nbarrier.cluster.arrive 0;\nret;\n}\n",
        HDR ".visible .entry k()\n{\n.reg .b32 %r<3>;\nmapa.shared::cluster.f32 %r1, %r2, 1;\nret;\n}\n",
        HDR ".visible .entry k()\n{\n.reg .b32 %r<3>;\nmapa.global.u32 %r1, %r2, 1;\nret;\n}\n",
        HDR ".visible .entry k()\n{\nbar.arrive;\nret;\n}\n",
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(bad); i++) {
        ptx_module_t *b = ptx_parse("b.ptx", bad[i], strlen(bad[i]), &err);
        if (b) {
            printf("  accepted bad PTX %zu\n", i);
            ptx_module_free(b);
        }
        CHECK(b == NULL);
    }
}

/* Launch `kernel` of `src` with one u64 output pointer argument (`out_words`
 * u32 words) on the functional executor; 0 ok, -1 with *msg the error. */
static int run_functional(const char *src, const char *kernel, dim3_t grid, dim3_t block, dim3_t cluster,
                          uint32_t *out, size_t out_words, char *msg, size_t msg_len)
{
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m;
    cs_error_t err = {{0}};
    uint64_t dout;
    int rc = -1;
    if (ctasim_module_load_string(rt, "c.ptx", src, strlen(src), &m, &err) < 0 ||
        ctasim_malloc(rt, &dout, out_words * 4, &err) < 0 || ctasim_memset(rt, dout, 0, out_words * 4, &err) < 0)
        goto out;
    void *args[] = {&dout};
    if (ctasim_launch_cluster(rt, m, kernel, grid, block, cluster, 0, 0, args, 1, &err) < 0 ||
        ctasim_synchronize(rt, &err) < 0 || ctasim_memcpy_dtoh(rt, out, dout, out_words * 4, &err) < 0)
        goto out;
    rc = 0;
out:
    if (msg)
        snprintf(msg, msg_len, "%s", err.msg);
    ctasim_destroy(rt);
    return rc;
}

/* Every thread 0 writes its CTA's cluster registers: 12 words per CTA. */
static const char *sreg_src =
    HDR ".visible .entry ids(.param .u64 out)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<20>;\n.reg .b64 %rd<4>;\n"
        "mov.u32 %r1, %tid.x;\nsetp.ne.u32 %p1, %r1, 0;\n@%p1 bra $done;\n"
        "mov.u32 %r2, %ctaid.x;\nmov.u32 %r3, %ctaid.y;\nmov.u32 %r4, %nctaid.x;\nmad.lo.u32 %r5, %r3, %r4, %r2;\n"
        "mul.lo.u32 %r5, %r5, 48;\nld.param.u64 %rd1, [out];\ncvt.u64.u32 %rd2, %r5;\nadd.s64 %rd1, %rd1, %rd2;\n"
        "mov.u32 %r6, %clusterid.x;\nst.global.u32 [%rd1], %r6;\n"
        "mov.u32 %r6, %clusterid.y;\nst.global.u32 [%rd1+4], %r6;\n"
        "mov.u32 %r6, %nclusterid.x;\nst.global.u32 [%rd1+8], %r6;\n"
        "mov.u32 %r6, %nclusterid.y;\nst.global.u32 [%rd1+12], %r6;\n"
        "mov.u32 %r6, %cluster_ctaid.x;\nst.global.u32 [%rd1+16], %r6;\n"
        "mov.u32 %r6, %cluster_ctaid.y;\nst.global.u32 [%rd1+20], %r6;\n"
        "mov.u32 %r6, %cluster_nctaid.x;\nst.global.u32 [%rd1+24], %r6;\n"
        "mov.u32 %r6, %cluster_nctaid.y;\nst.global.u32 [%rd1+28], %r6;\n"
        "mov.u32 %r6, %cluster_ctarank;\nst.global.u32 [%rd1+32], %r6;\n"
        "mov.u32 %r6, %cluster_nctarank;\nst.global.u32 [%rd1+36], %r6;\n"
        "mov.u32 %r6, %is_explicit_cluster;\nst.global.u32 [%rd1+40], %r6;\n"
        "mov.u32 %r6, %clusterid.z;\nst.global.u32 [%rd1+44], %r6;\n"
        "$done:\nret;\n}\n";

static void special_registers(void)
{
    /* grid 4x6 in clusters of 2x3: 2x2 clusters; rank = x + 2y inside */
    uint32_t out[24 * 12];
    char msg[CS_ERRMSG_MAX];
    dim3_t grid = {4, 6, 1}, block = {32, 1, 1};
    CHECK_EQ(run_functional(sreg_src, "ids", grid, block, (dim3_t){2, 3, 1}, out, 24 * 12, msg, sizeof msg), 0);
    int bad = 0;
    for (uint32_t y = 0; y < 6; y++)
        for (uint32_t x = 0; x < 4; x++) {
            const uint32_t *o = &out[(y * 4 + x) * 12];
            uint32_t want[12] = {x / 2, y / 3, 2, 2, x % 2, y % 3, 2, 3, x % 2 + 2 * (y % 3), 6, 1, 0};
            for (int i = 0; i < 12; i++)
                if (o[i] != want[i] && bad++ < 4)
                    printf("  CTA (%u,%u) word %d: %u, want %u\n", x, y, i, o[i], want[i]);
        }
    CHECK_EQ(bad, 0);
    /* without a cluster shape every CTA is a cluster of one, not explicit */
    CHECK_EQ(run_functional(sreg_src, "ids", grid, block, (dim3_t){0, 0, 0}, out, 24 * 12, msg, sizeof msg), 0);
    const uint32_t *o = &out[(5 * 4 + 3) * 12];
    CHECK_EQ(o[0], 3);
    CHECK_EQ(o[1], 5);
    CHECK_EQ(o[2], 4);
    CHECK_EQ(o[8], 0);
    CHECK_EQ(o[9], 1);
    CHECK_EQ(o[10], 0);
}

/* Each CTA of a cluster of 4 stores 10*rank + tid in its shared words, syncs,
 * then reads word tid of rank (rank+1)%4 twice: through mapa.shared::cluster
 * with ld.shared::cluster, and through generic mapa.u64 with a generic ld;
 * every thread then atomically adds 1 to rank 0's counter (atom.shared::cluster),
 * and after a second sync rank 0 writes the counter. */
static const char *dsmem_src =
    HDR ".visible .entry ring(.param .u64 out)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<20>;\n.reg .b64 %rd<10>;\n"
        ".shared .align 4 .b32 buf[33];\n"
        "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %cluster_ctarank;\nmov.u32 %r3, buf;\n"
        "mad.lo.u32 %r4, %r2, 10, %r1;\nshl.b32 %r5, %r1, 2;\nadd.u32 %r6, %r3, %r5;\nst.shared.u32 [%r6], %r4;\n"
        "barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n"
        "add.u32 %r7, %r2, 1;\nrem.u32 %r7, %r7, 4;\n"
        "mapa.shared::cluster.u32 %r8, %r6, %r7;\nld.shared::cluster.u32 %r9, [%r8];\n"
        "cvt.u64.u32 %rd1, %r6;\ncvta.shared.u64 %rd2, %rd1;\nmapa.u64 %rd3, %rd2, %r7;\nld.u32 %r10, [%rd3];\n"
        "mov.u32 %r11, 0;\nadd.u32 %r12, %r3, 128;\nmapa.shared::cluster.u32 %r13, %r12, %r11;\n"
        "atom.shared::cluster.add.u32 %r14, [%r13], 1;\n"
        "ld.param.u64 %rd4, [out];\nmov.u32 %r15, %ctaid.x;\nmad.lo.u32 %r16, %r15, 32, %r1;\n"
        "mul.wide.u32 %rd5, %r16, 8;\nadd.s64 %rd6, %rd4, %rd5;\nst.global.u32 [%rd6], %r9;\nst.global.u32 [%rd6+4], %r10;\n"
        "barrier.cluster.arrive;\nbarrier.cluster.wait;\n"
        "setp.ne.u32 %p1, %r16, 0;\n@%p1 bra $done;\n"
        "ld.shared.u32 %r17, [%r12];\nst.global.u32 [%rd4+1024], %r17;\n"
        "$done:\nret;\n}\n";

static void dsmem_functional(void)
{
    uint32_t out[257];
    char msg[CS_ERRMSG_MAX];
    CHECK_EQ(run_functional(dsmem_src, "ring", (dim3_t){4, 1, 1}, (dim3_t){32, 1, 1}, (dim3_t){4, 1, 1}, out, 257,
                            msg, sizeof msg),
             0);
    int bad = 0;
    for (uint32_t b = 0; b < 4; b++)
        for (uint32_t t = 0; t < 32; t++) {
            uint32_t want = 10 * ((b + 1) % 4) + t;
            if ((out[(b * 32 + t) * 2] != want || out[(b * 32 + t) * 2 + 1] != want) && bad++ < 4)
                printf("  CTA %u thread %u: %u %u, want %u\n", b, t, out[(b * 32 + t) * 2], out[(b * 32 + t) * 2 + 1],
                       want);
        }
    CHECK_EQ(bad, 0);
    CHECK_EQ(out[256], 128); /* 4 CTAs x 32 threads added 1 to rank 0's word */

    /* mapa to a rank the cluster does not have: one clear error */
    CHECK_EQ(run_functional(dsmem_src, "ring", (dim3_t){4, 1, 1}, (dim3_t){32, 1, 1}, (dim3_t){2, 1, 1}, out, 257,
                            msg, sizeof msg),
             -1);
    CHECK(strstr(msg, "mapa to CTA rank 2; the cluster has 2") != NULL);
    /* ld.shared::cta (plain .shared) of a cluster address is out of bounds */
    const char *cta_src =
        HDR ".visible .entry k(.param .u64 out)\n.reqnctapercluster 2\n{\n.reg .b32 %r<6>;\n.shared .b32 s[4];\n"
            "mov.u32 %r1, s;\nmapa.shared::cluster.u32 %r2, %r1, 1;\nld.shared.u32 %r3, [%r2];\nret;\n}\n";
    CHECK_EQ(run_functional(cta_src, "k", (dim3_t){2, 1, 1}, (dim3_t){32, 1, 1}, (dim3_t){0, 0, 0}, out, 1, msg,
                            sizeof msg),
             -1);
    CHECK(strstr(msg, "out-of-bounds shared read") != NULL);
}

static void launch_refusals(void)
{
    uint32_t out[24 * 12];
    char msg[CS_ERRMSG_MAX];
    dim3_t block = {32, 1, 1};
    CHECK_EQ(run_functional(sreg_src, "ids", (dim3_t){5, 1, 1}, block, (dim3_t){2, 1, 1}, out, 24 * 12, msg, sizeof msg),
             -1);
    CHECK(strstr(msg, "grid 5x1x1 is not a whole number of 2x1x1 clusters") != NULL);
    CHECK_EQ(run_functional(sreg_src, "ids", (dim3_t){17, 1, 1}, block, (dim3_t){17, 1, 1}, out, 24 * 12, msg,
                            sizeof msg),
             -1);
    CHECK(strstr(msg, "a cluster of 17 CTAs (at most 16; 8 is the portable size)") != NULL);
    const char *req = HDR ".visible .entry k(.param .u64 out)\n.reqnctapercluster 2, 1, 1\n{\nret;\n}\n";
    CHECK_EQ(run_functional(req, "k", (dim3_t){4, 1, 1}, block, (dim3_t){4, 1, 1}, out, 1, msg, sizeof msg), -1);
    CHECK(strstr(msg, "launched with clusters of 4x1x1, its .reqnctapercluster is 2x1x1") != NULL);
    CHECK_EQ(run_functional(req, "k", (dim3_t){4, 1, 1}, block, (dim3_t){2, 1, 1}, out, 1, msg, sizeof msg), 0);
    const char *expl = HDR ".visible .entry k(.param .u64 out)\n.explicitcluster\n.maxclusterrank 4\n{\nret;\n}\n";
    CHECK_EQ(run_functional(expl, "k", (dim3_t){4, 1, 1}, block, (dim3_t){0, 0, 0}, out, 1, msg, sizeof msg), -1);
    CHECK(strstr(msg, "is .explicitcluster: it needs a launch with a cluster shape") != NULL);
    CHECK_EQ(run_functional(expl, "k", (dim3_t){8, 1, 1}, block, (dim3_t){8, 1, 1}, out, 1, msg, sizeof msg), -1);
    CHECK(strstr(msg, "passes its .maxclusterrank 4") != NULL);
    CHECK_EQ(run_functional(expl, "k", (dim3_t){8, 1, 1}, block, (dim3_t){4, 1, 1}, out, 1, msg, sizeof msg), 0);
}

/* ------------------------------------------------------------------------ */
/* dispatch on the timing model */

/* A CTA spins `n` iterations, then meets its cluster at barrier.cluster. */
static const char *spin_src =
    HDR ".visible .entry spin(.param .u32 n)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<4>;\n"
        "ld.param.u32 %r1, [n];\nmov.u32 %r2, 0;\n"
        "$loop:\nadd.s32 %r2, %r2, 1;\nsetp.lt.s32 %p1, %r2, %r1;\n@%p1 bra $loop;\n"
        "barrier.cluster.arrive;\nbarrier.cluster.wait;\nret;\n}\n";

#define REC_MAX 256
typedef struct rec {
    uint32_t sm;
    uint64_t start, end;
} rec_t;
static rec_t recs[REC_MAX];

static void rec_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    if (cta->cta_id < REC_MAX)
        recs[cta->cta_id] = (rec_t){cta->sm, cta->start_cycle, 0};
}
static void rec_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    if (cta->cta_id < REC_MAX)
        recs[cta->cta_id].end = cta->end_cycle;
}
static const cta_policy_ops_t rec_policy = {
    .name = "test_clrec", .summary = "records where and when each CTA ran (test_clusters)",
    .cta_issued = rec_issued, .cta_finished = rec_finished,
};

/* Run spin on cfg under CTA policy chain `chain` (the recorder is added)
 * with clusters of `cluster` CTAs: 0, or -1 with *msg. */
static int run_spin_with(const gpu_config_t *cfg, const char *chain, uint32_t ctas, uint32_t cluster, uint32_t n,
                         char *msg, size_t len)
{
    static bool registered;
    cs_error_t err = {{0}};
    if (!registered) {
        CHECK_EQ(cta_policy_register(&rec_policy, &err), 0);
        registered = true;
    }
    memset(recs, 0, sizeof recs);
    char spec[128];
    snprintf(spec, sizeof spec, "%s+test_clrec", chain);
    gpu_t *g = gpu_create_named(cfg, spec, NULL, &err);
    if (!g) {
        snprintf(msg, len, "%s", err.msg);
        return -1;
    }
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(rt, &ex);
    ctasim_module_t *m;
    int rc = -1;
    void *args[] = {&n};
    if (ctasim_module_load_string(rt, "spin.ptx", spin_src, strlen(spin_src), &m, &err) == 0 &&
        ctasim_launch_cluster(rt, m, "spin", (dim3_t){ctas, 1, 1}, (dim3_t){32, 1, 1}, (dim3_t){cluster, 1, 1}, 0, 0,
                              args, 1, &err) == 0 &&
        ctasim_synchronize(rt, &err) == 0)
        rc = 0;
    snprintf(msg, len, "%s", err.msg);
    ctasim_destroy(rt);
    gpu_destroy(g);
    return rc;
}

static int run_spin(const gpu_config_t *cfg, uint32_t ctas, uint32_t cluster, uint32_t n, char *msg, size_t len)
{
    return run_spin_with(cfg, "rr", ctas, cluster, n, msg, len);
}

/* H100: clusters of 16 (the largest) land whole on one GPC, one CTA per core,
 * all started in the same cycle. */
static void placement_on_one_gpc(void)
{
    gpu_config_t cfg;
    cs_error_t err;
    char msg[CS_ERRMSG_MAX];
    CHECK_EQ(config_load_preset(&cfg, "h100", &err), 0);
    CHECK_EQ(run_spin(&cfg, 16 * 12, 16, 200, msg, sizeof msg), 0);
    int bad = 0;
    for (uint32_t c = 0; c < 12; c++) {
        const rec_t *first = &recs[c * 16];
        uint32_t gpc = config_gpc_of_sm(&cfg, first->sm);
        for (uint32_t r = 1; r < 16; r++) {
            const rec_t *x = &recs[c * 16 + r];
            if (config_gpc_of_sm(&cfg, x->sm) != gpc || x->start != first->start)
                bad++;
            for (uint32_t q = 0; q < r; q++) /* distinct cores */
                bad += recs[c * 16 + q].sm == x->sm;
        }
    }
    CHECK_EQ(bad, 0);
    /* 8 GPCs take one cluster each in the first cycle; the other four wait
     * for the next dispatch pass */
    uint32_t at_first = 0;
    for (uint32_t c = 0; c < 12; c++)
        at_first += recs[c * 16].start == recs[0].start;
    CHECK_EQ(at_first, 8);
}

/* 15 cores in 5 GPCs of 3, one CTA per core (--max-ctas 1): a GPC holds one
 * cluster of 3 at a time, so 10 clusters run in two waves and no cluster of
 * the second wave starts before one of the first ended. */
static void clusters_wait_for_a_gpc(void)
{
    gpu_config_t cfg;
    char msg[CS_ERRMSG_MAX];
    config_defaults(&cfg);
    cfg.n_gpc = 5;
    cfg.max_ctas_override = 1;
    CHECK_EQ(run_spin(&cfg, 30, 3, 300, msg, sizeof msg), 0);
    uint64_t first_end = CS_NEVER;
    for (uint32_t c = 0; c < 5; c++)
        for (uint32_t r = 0; r < 3; r++)
            if (recs[c * 3 + r].end < first_end)
                first_end = recs[c * 3 + r].end;
    int bad = 0;
    for (uint32_t c = 0; c < 10; c++) {
        for (uint32_t r = 0; r < 3; r++) {
            const rec_t *x = &recs[c * 3 + r];
            bad += x->start != recs[c * 3].start;
            bad += config_gpc_of_sm(&cfg, x->sm) != config_gpc_of_sm(&cfg, recs[c * 3].sm);
            bad += x->end == 0;
        }
        if (c >= 5)
            bad += recs[c * 3].start < first_end;
    }
    CHECK_EQ(bad, 0);
}

/* A cluster no GPC can hold is refused at launch with one line. */
static void too_big_refused(void)
{
    gpu_config_t cfg;
    char msg[CS_ERRMSG_MAX];
    config_defaults(&cfg);
    cfg.n_gpc = 5;
    cfg.max_ctas_override = 1;
    CHECK_EQ(run_spin(&cfg, 8, 4, 10, msg, sizeof msg), -1);
    CHECK(strstr(msg, "kernel 'spin': cannot run on this GPU: a cluster of 4 CTAs does not fit in one GPC (the "
                      "largest holds 3: 3 SMs x 1 CTAs, limited by --max-ctas)") != NULL);
    if (!strstr(msg, "does not fit"))
        printf("  got: %s\n", msg);
    /* cores --active-cores leaves off do not count: one core of 8 CTAs
     * cannot hold a cluster of 16... */
    cs_error_t err;
    CHECK_EQ(config_load_preset(&cfg, "h100", &err), 0);
    cfg.active_cores = 1;
    cfg.max_ctas_override = 8;
    CHECK_EQ(run_spin(&cfg, 32, 16, 10, msg, sizeof msg), -1);
    CHECK(strstr(msg, "the largest holds 8: 1 SMs x 8 CTAs, limited by --max-ctas; --active-cores)") != NULL);
    cfg.active_cores = 2; /* ... while two cores of 8 CTAs each do */
    CHECK_EQ(run_spin(&cfg, 32, 16, 10, msg, sizeof msg), 0);
}

/* The most CTAs (by=0: of one core) or clusters (by=1: of one GPC, a
 * cluster's span from its first start to its last end) resident at once
 * in the recorded run of `ctas` CTAs. */
static uint32_t most_at_once(const gpu_config_t *cfg, uint32_t ctas, uint32_t cluster, int by)
{
    uint32_t units = by ? ctas / cluster : ctas, most = 0;
    for (uint32_t a = 0; a < units; a++) {
        uint32_t n = 0;
        for (uint32_t b = 0; b < units; b++) {
            uint32_t ia = by ? a * cluster : a, ib = by ? b * cluster : b;
            uint64_t sa = recs[ia].start, sb = recs[ib].start, ea = 0, eb = 0;
            for (uint32_t r = 0; r < (by ? cluster : 1); r++) {
                ea = CS_MAX(ea, recs[ia + r].end);
                eb = CS_MAX(eb, recs[ib + r].end);
            }
            bool same = by ? config_gpc_of_sm(cfg, recs[ia].sm) == config_gpc_of_sm(cfg, recs[ib].sm)
                           : recs[ia].sm == recs[ib].sm;
            n += same && sb <= sa && sa < eb; /* b resident when a starts */
        }
        most = CS_MAX(most, n);
    }
    return most;
}

/* The policy contract's cluster cap (clusters:n=N counts clusters per GPC)
 * and a CTA cap (static:n=1) hold for a cluster kernel; without them a GPC
 * of 16 cores holds several clusters of 4, and a core several CTAs. */
static void caps_in_clusters_and_ctas(void)
{
    gpu_config_t cfg;
    cs_error_t err;
    char msg[CS_ERRMSG_MAX];
    CHECK_EQ(config_load_preset(&cfg, "h100", &err), 0);
    const uint32_t ctas = 256, cl = 4;
    CHECK_EQ(run_spin_with(&cfg, "rr", ctas, cl, 400, msg, sizeof msg), 0);
    uint32_t free_clusters = most_at_once(&cfg, ctas, cl, 1), free_ctas = most_at_once(&cfg, ctas, cl, 0);
    CHECK_EQ(run_spin_with(&cfg, "rr+clusters:n=1", ctas, cl, 400, msg, sizeof msg), 0);
    uint32_t capped_clusters = most_at_once(&cfg, ctas, cl, 1);
    CHECK_EQ(run_spin_with(&cfg, "static:n=1", ctas, cl, 400, msg, sizeof msg), 0);
    uint32_t capped_ctas = most_at_once(&cfg, ctas, cl, 0);
    printf("  clusters per GPC at once: %u (rr), %u (clusters:n=1); CTAs per core: %u (rr), %u (static:n=1)\n",
           free_clusters, capped_clusters, free_ctas, capped_ctas);
    CHECK(free_clusters > 1);
    CHECK_EQ(capped_clusters, 1);
    CHECK(free_ctas > 1);
    CHECK_EQ(capped_ctas, 1);
    /* a kernel without clusters runs under it (nothing to count) */
    CHECK_EQ(run_spin_with(&cfg, "rr+clusters:n=1", 64, 1, 400, msg, sizeof msg), 0);
}

/* clusterlcs: Eq. 1 counted in clusters, by hand. A GPC holds three
 * clusters of 4 when the first CTA of the kernel finishes (CTA 20, 120 warp
 * instructions); the samples come in core order, not cluster order:
 *   cluster 5 (CTAs 20-23): 120 + 110 + 100 + 90 = 420
 *   cluster 6 (CTAs 24-27): 100 + 100 +  90 + 90 = 380
 *   cluster 9 (CTAs 36-39):  40 +  30 +  30 + 20 = 120 (placed later)
 * T = 920 / 420 = 2.19: 2 clusters (nearest and floor), 3 (ceil). Counted
 * per CTA (no grouping) it would be 920 / 120 = 7.67 -> 8 of 12 units. A
 * quotient of exactly 2.5 (400, 400, 200) is 3 nearest (halves up), 2 floor;
 * nothing issued yet leaves the GPC unthrottled (all 3 clusters). */
static void clusterlcs_by_hand(void)
{
    static const uint64_t cl[12] = {5, 6, 9, 5, 6, 9, 5, 6, 9, 5, 6, 9};
    static const uint64_t in[12] = {120, 100, 40, 110, 100, 30, 100, 90, 30, 90, 90, 20};
    cluster_lcs_sample_t s[12];
    double q;
    uint32_t m;
    const enum lcs_round rounds[3] = {LCS_ROUND_NEAREST, LCS_ROUND_FLOOR, LCS_ROUND_CEIL};
    const uint32_t want[3] = {2, 2, 3};
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < 12; i++)
            s[i] = (cluster_lcs_sample_t){cl[i], in[i]};
        CHECK_EQ(cluster_lcs_count(s, 12, rounds[r], &q, &m), want[r]);
        CHECK_EQ(m, 3);
        CHECK(q > 920.0 / 420 - 1e-12 && q < 920.0 / 420 + 1e-12);
    }
    cluster_lcs_sample_t half[6] = {{1, 200}, {2, 150}, {3, 100}, {1, 200}, {2, 250}, {3, 100}};
    CHECK_EQ(cluster_lcs_count(half, 6, LCS_ROUND_NEAREST, &q, &m), 3);
    CHECK(q == 2.5);
    cluster_lcs_sample_t half2[6] = {{1, 200}, {2, 150}, {3, 100}, {1, 200}, {2, 250}, {3, 100}};
    CHECK_EQ(cluster_lcs_count(half2, 6, LCS_ROUND_FLOOR, &q, &m), 2);
    cluster_lcs_sample_t idle[4] = {{7, 0}, {7, 0}, {8, 0}, {9, 0}};
    CHECK_EQ(cluster_lcs_count(idle, 4, LCS_ROUND_NEAREST, &q, &m), 3);
}

/* clusterlcs on the timing model: every cluster lands whole on one GPC, its
 * CTAs begun in one cycle, whichever count the GPCs decide. On the h100
 * preset with one CTA per core (--max-ctas 1) a 16-SM GPC holds 4 clusters
 * of 4 (an 18-SM one also 4: 16 cores used), so 64 clusters run in two
 * waves. The spin kernel's clusters issue alike, the later-placed ones a
 * few instructions behind (a GPC takes one cluster per cycle): Eq. 1 gives
 * just under 4, which rounds to 4 (nearest: the run equals rr's to the
 * cycle, for gpc=each and gpc=first) or to 3 (floor: at most 3 clusters per
 * GPC after the first cluster ends, and a slower run). */
static void clusterlcs_dispatch(void)
{
    gpu_config_t cfg;
    cs_error_t err;
    char msg[CS_ERRMSG_MAX];
    CHECK_EQ(config_load_preset(&cfg, "h100", &err), 0);
    cfg.max_ctas_override = 1;
    const uint32_t ctas = 256, cl = 4;
    const char *chains[4] = {"rr", "rr+clusterlcs", "rr+clusterlcs:gpc=first", "rr+clusterlcs:round=floor"};
    uint64_t last_end[4] = {0};
    uint32_t most[4] = {0}, second_wave_most[4] = {0};
    for (int c = 0; c < 4; c++) {
        CHECK_EQ(run_spin_with(&cfg, chains[c], ctas, cl, 300, msg, sizeof msg), 0);
        int bad = 0;
        for (uint32_t k = 0; k < ctas / cl; k++)
            for (uint32_t r = 0; r < cl; r++) {
                const rec_t *x = &recs[k * cl + r], *first = &recs[k * cl];
                bad += config_gpc_of_sm(&cfg, x->sm) != config_gpc_of_sm(&cfg, first->sm);
                bad += x->start != first->start;
                bad += x->end == 0;
                last_end[c] = CS_MAX(last_end[c], x->end);
            }
        CHECK_EQ(bad, 0);
        most[c] = most_at_once(&cfg, ctas, cl, 1);
        /* clusters per GPC at the start of any cluster placed after the
         * first cluster ended */
        uint64_t first_end = CS_NEVER;
        for (uint32_t i = 0; i < ctas; i++)
            first_end = CS_MIN(first_end, recs[i].end);
        for (uint32_t a = 0; a < ctas / cl; a++) {
            if (recs[a * cl].start < first_end)
                continue;
            uint32_t n = 0;
            for (uint32_t b = 0; b < ctas / cl; b++) {
                uint64_t eb = 0;
                for (uint32_t r = 0; r < cl; r++)
                    eb = CS_MAX(eb, recs[b * cl + r].end);
                n += config_gpc_of_sm(&cfg, recs[a * cl].sm) == config_gpc_of_sm(&cfg, recs[b * cl].sm) &&
                     recs[b * cl].start <= recs[a * cl].start && recs[a * cl].start < eb;
            }
            second_wave_most[c] = CS_MAX(second_wave_most[c], n);
        }
        printf("  %-26s last CTA ends %llu, clusters per GPC at once %u (after the first end %u)\n", chains[c],
               (unsigned long long)last_end[c], most[c], second_wave_most[c]);
    }
    CHECK_EQ(most[0], 4);
    CHECK_EQ(last_end[1], last_end[0]);
    CHECK_EQ(last_end[2], last_end[0]);
    CHECK_EQ(second_wave_most[1], 4);
    CHECK_EQ(second_wave_most[3], 3);
    CHECK(last_end[3] > last_end[0]);
    /* a wrong argument is one line */
    CHECK_EQ(run_spin_with(&cfg, "rr+clusterlcs:gpc=some", ctas, cl, 10, msg, sizeof msg), -1);
    CHECK(strstr(msg, "gpc must be each or first (got 'some')") != NULL);
    if (!strstr(msg, "gpc must be"))
        printf("  got: %s\n", msg);
}

/* ------------------------------------------------------------------------ */
/* DSMEM latency */

/* Two CTAs (one warp each) follow a chain of n dependent loads through
 * shared::cluster addresses of rank (own rank XOR peer): peer 0 reads its own
 * shared memory, peer 1 the other CTA's. buf[0] holds its own address, so
 * every load returns the address of the next. */
static const char *chase_src =
    HDR ".visible .entry chase(.param .u32 peer, .param .u32 n)\n.reqnctapercluster 2, 1, 1\n{\n"
        ".reg .pred %p<2>;\n.reg .b32 %r<12>;\n.shared .align 4 .b32 buf[8];\n"
        "ld.param.u32 %r1, [peer];\nld.param.u32 %r2, [n];\nmov.u32 %r3, %cluster_ctarank;\nxor.b32 %r4, %r3, %r1;\n"
        "mov.u32 %r5, buf;\nst.shared.u32 [%r5], %r5;\n"
        "barrier.cluster.arrive;\nbarrier.cluster.wait;\n"
        "mov.u32 %r6, 0;\nmov.u32 %r7, %r5;\n"
        "$loop:\nmapa.shared::cluster.u32 %r8, %r7, %r4;\nld.shared::cluster.u32 %r7, [%r8];\n"
        "add.s32 %r6, %r6, 1;\nsetp.lt.u32 %p1, %r6, %r2;\n@%p1 bra $loop;\n"
        "add.u32 %r9, %r7, %r6;\n"
        "barrier.cluster.arrive;\nbarrier.cluster.wait;\nret;\n}\n";

static uint64_t chase_cycles(uint32_t peer, uint32_t n, uint32_t dsmem_latency)
{
    gpu_config_t cfg;
    cs_error_t err = {{0}};
    CHECK_EQ(config_load_preset(&cfg, "h100", &err), 0);
    cfg.dsmem_latency = dsmem_latency;
    timed_gpu_t tg;
    if (timed_gpu_open(&tg, &cfg, &err) < 0)
        return 0;
    void *args[] = {&peer, &n};
    const bool ran = timed_gpu_launch(&tg, chase_src, "chase", (dim3_t){2, 1, 1}, (dim3_t){32, 1, 1}, args, 2, &err);
    return timed_gpu_close(&tg, ran);
}

/* By hand: each of the n loop iterations waits for its load before the next
 * mapa can issue (the last load's value is used after the loop: without that
 * use the last load's latency overlaps the kernel's end), and nothing else
 * in the iteration waits on memory, so the
 * kernel's cycles grow by exactly n x (the load's latency difference):
 * remote against local, n x (dsmem_latency - smem_latency) = 64 x (180 - 29)
 * on the h100 preset; raising -ctasim_dsmem_latency by 100, n x 100. The two
 * CTAs run on two cores (clusters are spread), each the same chain. */
static void dsmem_latency_by_hand(void)
{
    gpu_config_t cfg;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&cfg, "h100", &err), 0);
    const uint32_t n = 64;
    uint64_t local = chase_cycles(0, n, 180), remote = chase_cycles(1, n, 180), slower = chase_cycles(1, n, 280);
    uint64_t local2 = chase_cycles(0, 2 * n, 180), remote2 = chase_cycles(1, 2 * n, 180);
    printf("  h100: %u-load chain %llu cycles local, %llu remote (dsmem 180), %llu remote (dsmem 280); smem latency %u\n",
           n, (unsigned long long)local, (unsigned long long)remote, (unsigned long long)slower, cfg.smem_latency);
    CHECK_EQ(remote - local, (uint64_t)n * (180 - cfg.smem_latency));
    CHECK_EQ(slower - remote, (uint64_t)n * 100);
    /* the same by the chain's length: n more loads cost n x (180 - 29)
     * more when they are remote */
    CHECK_EQ((remote2 - remote) - (local2 - local), (uint64_t)n * (180 - cfg.smem_latency));
}

int main(void)
{
    RUN(directives_parsed);
    RUN(special_registers);
    RUN(dsmem_functional);
    RUN(launch_refusals);
    RUN(placement_on_one_gpc);
    RUN(clusters_wait_for_a_gpc);
    RUN(too_big_refused);
    RUN(caps_in_clusters_and_ctas);
    RUN(clusterlcs_by_hand);
    RUN(clusterlcs_dispatch);
    RUN(dsmem_latency_by_hand);
    TEST_EXIT();
}
