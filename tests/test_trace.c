/* test_trace.c — Accel-Sim trace reader, writer and SASS opcode tables.
 * Run from the repository root (fixtures under tests/data/traces/). */
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "frontend/sass_opcodes.h"
#include "test.h"
#include "frontend/trace_reader.h"
#include "frontend/trace_writer.h"

#define FIXTURES "tests/data/traces"
#define SHMEM_BASE 0x00007f0000000000ull
#define LOCAL_BASE 0x00007e0000000000ull

/* ------------------------------------------------------------ helpers */

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    buf[got] = '\0';
    *len = got;
    return buf;
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        printf("  cannot write %s\n", path);
        exit(2);
    }
    fwrite(data, 1, len, f);
    fclose(f);
}

static char tmp_dir[256];

static const char *tmp_path(const char *name)
{
    static char buf[4][512];
    static int next;
    char *p = buf[next++ & 3];
    snprintf(p, 512, "%s/%s", tmp_dir, name);
    return p;
}

/* Replace the first occurrence of `from` by `to` in text (returns a new string). */
static char *replace_once(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        return NULL;
    size_t a = (size_t)(at - text), fl = strlen(from), tl = strlen(to), rest = strlen(at + fl);
    char *out = malloc(a + tl + rest + 1);
    memcpy(out, text, a);
    memcpy(out + a, to, tl);
    memcpy(out + a + tl, at + fl, rest + 1);
    return out;
}

/* Drain a kernel CTA by CTA (one alive at a time). 0 ok, -1 error (err set). */
static int drain_kernel(kernel_desc_t *k, uint64_t *warp_insts, uint64_t *thread_insts, cs_error_t *err)
{
    uint64_t ctas = dim3_count(k->grid);
    unsigned nwarps = kernel_warps_per_cta(k);
    for (uint64_t c = 0; c < ctas; c++) {
        void *cta = k->ops->cta_begin(k->src, c, 0, err);
        if (!cta)
            return -1;
        for (unsigned w = 0; w < nwarps; w++) {
            const warp_inst_t *in;
            int rc;
            while ((rc = k->ops->warp_next(cta, w, &in, err)) == 1) {
                if (warp_insts)
                    (*warp_insts)++;
                if (thread_insts)
                    *thread_insts += (unsigned)__builtin_popcount(in->active_mask);
            }
            if (rc < 0) {
                k->ops->cta_end(k->src, cta);
                return -1;
            }
        }
        k->ops->cta_end(k->src, cta);
    }
    return 0;
}

/* Open a kernel file and drain it; returns 0 or -1 with err. */
static int open_and_drain(const char *path, cs_error_t *err)
{
    kernel_desc_t k;
    if (trace_kernel_open(path, &k, err) < 0)
        return -1;
    int rc = drain_kernel(&k, NULL, NULL, err);
    k.ops->destroy(k.src);
    return rc;
}

static bool starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* err must read "PATH:LINE: ...<what>..." */
static void check_error_at(const cs_error_t *err, const char *path, unsigned long line, const char *what)
{
    char prefix[600];
    snprintf(prefix, sizeof prefix, "%s:%lu: ", path, line);
    if (!starts_with(err->msg, prefix) || !strstr(err->msg, what)) {
        printf("  expected \"%s...%s\", got \"%s\"\n", prefix, what, err->msg);
        test_case_failed = 1;
    }
}

/* Count instruction lines and active threads the simple way (sscanf), as an
 * independent check of the reader's totals. prefix_fields: tokens before
 * the PC (cta/warp prefix, line number). */
static void count_by_scanning(const char *path, int prefix_fields, uint64_t *warp_insts, uint64_t *thread_insts)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    int remaining = 0;
    *warp_insts = *thread_insts = 0;
    while (f && fgets(line, sizeof line, f)) {
        int n;
        if (sscanf(line, "insts = %d", &n) == 1) {
            remaining = n;
            continue;
        }
        if (remaining > 0 && line[0] != '\n') {
            char *p = line;
            for (int i = 0; i < prefix_fields; i++)
                strtoull(p, &p, 10);
            unsigned long long pc, mask;
            if (sscanf(p, "%llx %llx", &pc, &mask) == 2) {
                (*warp_insts)++;
                *thread_insts += (unsigned)__builtin_popcountll(mask);
            }
            remaining--;
        }
    }
    if (f)
        fclose(f);
}

/* ------------------------------------------------------- SASS tables */

static void test_sass_classes(void)
{
    sass_op_info_t i;
    CHECK(sass_version_supported(70) && sass_version_supported(75) && sass_version_supported(80) &&
          sass_version_supported(86) && sass_version_supported(60) && sass_version_supported(61));
    CHECK(!sass_version_supported(35) && !sass_version_supported(0) && !sass_version_supported(90));

    CHECK(sass_lookup(70, "FFMA", &i) && i.unit == UNIT_SP && i.lat == LAT_FP_MAD);
    CHECK(sass_lookup(70, "FADD.FTZ", &i) && i.unit == UNIT_SP && i.lat == LAT_FP_ADD);
    CHECK(sass_lookup(70, "FMUL", &i) && i.lat == LAT_FP_MUL);
    CHECK(sass_lookup(70, "FMNMX", &i) && i.lat == LAT_FP_MAX);
    CHECK(sass_lookup(70, "HFMA2.MMA", &i) && i.unit == UNIT_SP && i.lat == LAT_FP_MAD);
    CHECK(sass_lookup(70, "MUFU.EX2", &i) && i.unit == UNIT_SFU && i.lat == LAT_SFU);
    CHECK(sass_lookup(70, "DFMA", &i) && i.unit == UNIT_DP && i.lat == LAT_DP_MAD);
    CHECK(sass_lookup(70, "DADD", &i) && i.lat == LAT_DP_ADD);
    CHECK(sass_lookup(70, "DMUL", &i) && i.lat == LAT_DP_MUL);
    CHECK(sass_lookup(70, "IMAD.WIDE.U32", &i) && i.unit == UNIT_INT && i.lat == LAT_INT_MAD);
    CHECK(sass_lookup(70, "IADD3", &i) && i.unit == UNIT_INT && i.lat == LAT_INT_ADD);
    CHECK(sass_lookup(70, "IMNMX", &i) && i.lat == LAT_INT_MAX);
    CHECK(sass_lookup(70, "SHFL.BFLY", &i) && i.unit == UNIT_INT && i.lat == LAT_INT_SHFL);
    CHECK(sass_lookup(70, "S2R", &i) && i.unit == UNIT_INT);
    CHECK(sass_lookup(70, "F2I.FTZ.TRUNC", &i) && i.unit == UNIT_INT);
    CHECK(sass_lookup(70, "HMMA.884.F32.F32.STEP0", &i) && i.unit == UNIT_TENSOR && i.lat == LAT_TENSOR);
    CHECK(sass_lookup(80, "IMMA.16816.S8.S8", &i) && i.unit == UNIT_TENSOR);
    CHECK(sass_lookup(80, "DMMA.884", &i) && i.unit == UNIT_TENSOR);
    CHECK(!sass_lookup(70, "DMMA.884", &i));

    CHECK(sass_lookup(70, "LDG.E.64.SYS", &i) && i.unit == UNIT_LDST && i.space == SPACE_GLOBAL && i.flags == INST_LOAD);
    CHECK(sass_lookup(70, "STG.E", &i) && i.space == SPACE_GLOBAL && i.flags == INST_STORE);
    CHECK(sass_lookup(70, "LDS.U.128", &i) && i.space == SPACE_SHARED && i.flags == INST_LOAD);
    CHECK(sass_lookup(70, "STS", &i) && i.space == SPACE_SHARED && i.flags == INST_STORE);
    CHECK(sass_lookup(70, "LDL", &i) && i.space == SPACE_LOCAL && i.flags == INST_LOAD);
    CHECK(sass_lookup(70, "STL.64", &i) && i.space == SPACE_LOCAL && i.flags == INST_STORE);
    CHECK(sass_lookup(70, "ATOMG.E.ADD.STRONG.GPU", &i) && i.space == SPACE_GLOBAL && i.flags == INST_ATOMIC);
    CHECK(sass_lookup(70, "ATOMS.ADD", &i) && i.space == SPACE_SHARED && i.flags == INST_ATOMIC);
    CHECK(sass_lookup(70, "RED.E.ADD.F32.FTZ.RN", &i) && i.flags == INST_ATOMIC);
    CHECK(sass_lookup(70, "LDC.64", &i) && i.unit == UNIT_LDST && i.space == SPACE_CONST);
    CHECK(sass_lookup(70, "TEX.SCR.LL", &i) && i.unit == UNIT_LDST && i.space == SPACE_TEX);
    CHECK(sass_lookup(70, "MEMBAR.SC.GPU", &i) && i.unit == UNIT_LDST && i.flags == INST_MEMBAR);
    CHECK(sass_lookup(70, "LD.E", &i) && i.space == SPACE_GLOBAL && sass_is_generic_memory("LD.E"));
    CHECK(sass_is_generic_memory("ST.E.64") && sass_is_generic_memory("ATOM.E.ADD") && !sass_is_generic_memory("LDG.E"));
    CHECK(sass_lookup(80, "LDGSTS.E.BYPASS.128", &i) && i.unit == UNIT_LDST && i.space == SPACE_GLOBAL);
    CHECK(!sass_lookup(75, "LDGSTS.E", &i));
    CHECK(sass_lookup(75, "LDSM.16.M88.4", &i) && i.space == SPACE_SHARED);
    CHECK(!sass_lookup(70, "LDSM.16.M88.4", &i));

    CHECK(sass_lookup(70, "EXIT", &i) && i.unit == UNIT_BRANCH && i.flags == INST_EXIT);
    CHECK(sass_lookup(70, "BAR.SYNC", &i) && i.unit == UNIT_BRANCH && i.flags == INST_BARRIER);
    CHECK(sass_lookup(70, "BAR.SYNC.DEFER_BLOCKING", &i) && i.flags == INST_BARRIER);
    CHECK(sass_lookup(70, "BAR.RED.POPC", &i) && i.flags == INST_BARRIER);
    CHECK(sass_lookup(70, "BAR", &i) && i.flags == INST_BARRIER);
    CHECK(sass_lookup(70, "BAR.ARV", &i) && i.unit == UNIT_BRANCH && i.flags == 0);
    CHECK(sass_lookup(70, "BRA", &i) && i.unit == UNIT_BRANCH && i.lat == LAT_BRANCH);
    CHECK(sass_lookup(70, "BSSY", &i) && sass_lookup(70, "WARPSYNC", &i) && sass_lookup(70, "CALL.ABS.NOINC", &i));
    CHECK(sass_lookup(70, "NOP", &i) && i.unit == UNIT_BRANCH);

    /* uniform datapath exists from Turing on */
    CHECK(sass_lookup(75, "UIADD3", &i) && i.unit == UNIT_INT);
    CHECK(sass_lookup(86, "ULDC.64", &i) && i.unit == UNIT_INT);
    CHECK(!sass_lookup(70, "UMOV", &i));
    /* Pascal-only opcodes */
    CHECK(sass_lookup(61, "XMAD.MRG", &i) && i.unit == UNIT_INT && i.lat == LAT_INT_MAD);
    CHECK(sass_lookup(60, "SSY", &i) && i.unit == UNIT_BRANCH);
    CHECK(!sass_lookup(70, "XMAD", &i));

    CHECK(!sass_lookup(70, "FOO", &i));
    CHECK(!sass_lookup(70, "", &i));
    CHECK(!sass_lookup(70, ".E", &i));
    CHECK(!sass_lookup(35, "FFMA", &i));
}

static void test_sass_access_size(void)
{
    CHECK_EQ(sass_access_size("LDG.E"), 4);
    CHECK_EQ(sass_access_size("LDG.E.64.SYS"), 8);
    CHECK_EQ(sass_access_size("LDG.E.128"), 16);
    CHECK_EQ(sass_access_size("LDS.U.128"), 16);
    CHECK_EQ(sass_access_size("STG.E.U8"), 1);
    CHECK_EQ(sass_access_size("LDG.E.S16"), 2);
    CHECK_EQ(sass_access_size("LDG.E.U16.CONSTANT"), 2);
    CHECK_EQ(sass_access_size("ATOMG.E.ADD.F64.RN"), 8);
    CHECK_EQ(sass_access_size("ATOM.E.CAS.64"), 8);
    CHECK_EQ(sass_access_size("LDSM.16.M88.4"), 16);
    CHECK_EQ(sass_access_size("LDSM.16.MT88.2"), 8);
    CHECK_EQ(sass_access_size("LDSM.16.M88"), 4);
    CHECK_EQ(sass_access_size("LD"), 4);
    CHECK_EQ(sass_access_size("ST.E.SYS.5"), 4);
    CHECK_EQ(sass_access_size(""), 4);
}

/* ---------------------------------------------------------- reading */

static const warp_inst_t *next_inst(kernel_desc_t *k, void *cta, unsigned w)
{
    const warp_inst_t *in = NULL;
    cs_error_t err;
    if (k->ops->warp_next(cta, w, &in, &err) != 1) {
        printf("  warp %u ended early\n", w);
        test_case_failed = 1;
        return NULL;
    }
    return in;
}

/* kernel-1.traceg: header, every address mode, generic classification, flags. */
static void check_kernel1(kernel_desc_t *k)
{
    cs_error_t err;
    CHECK(strcmp(k->name, "_Z6vecaddPfS_S_i") == 0);
    CHECK_EQ(k->id, 1);
    CHECK_EQ(k->stream, 0);
    CHECK(k->grid.x == 2 && k->grid.y == 1 && k->grid.z == 1);
    CHECK(k->block.x == 64 && k->block.y == 1 && k->block.z == 1);
    CHECK_EQ(k->shmem_bytes, 1024);
    CHECK_EQ(k->regs_per_thread, 24);
    CHECK(k->ops != NULL && k->src != NULL);

    void *cta0 = k->ops->cta_begin(k->src, 0, 0, &err);
    CHECK(cta0 != NULL);
    if (!cta0)
        return;
    /* CTA 1 begun while CTA 0 is alive: must not disturb CTA 0 */
    void *cta1 = k->ops->cta_begin(k->src, 1, 0, &err);
    CHECK(cta1 != NULL);

    const warp_inst_t *in;
    /* warp 1 was listed first in the file */
    in = next_inst(k, cta0, 1);
    if (!in)
        return;
    CHECK_EQ(in->pc, 0);
    CHECK_EQ(in->unit, UNIT_INT);
    CHECK_EQ(in->lat, LAT_INT_MAD);
    CHECK_EQ(in->ndst, 1);
    CHECK_EQ(in->dst[0], 1);
    CHECK_EQ(in->nsrc, 2);
    CHECK_EQ(in->src[0], 255);
    CHECK_EQ(in->src[1], 2);
    CHECK(in->addr == NULL);
    in = next_inst(k, cta0, 1); /* LDG.E.64.SYS, mode 1 over lanes 0..15 */
    if (!in)
        return;
    CHECK_EQ(in->pc, 0x10);
    CHECK_EQ(in->active_mask, 0xffff);
    CHECK_EQ(in->unit, UNIT_LDST);
    CHECK_EQ(in->space, SPACE_GLOBAL);
    CHECK_EQ(in->flags, INST_LOAD);
    CHECK_EQ(in->access_size, 8);
    CHECK(in->addr != NULL);
    for (unsigned l = 0; in->addr && l < 16; l++)
        CHECK_EQ(in->addr[l], 0x7f1000000000ull + 8 * l);
    in = next_inst(k, cta0, 1);
    if (!in)
        return;
    CHECK_EQ(in->flags, INST_EXIT);
    CHECK_EQ(in->unit, UNIT_BRANCH);
    CHECK_EQ(k->ops->warp_next(cta0, 1, &in, &err), 0);

    in = next_inst(k, cta0, 0); /* IMAD */
    in = next_inst(k, cta0, 0); /* LDG.E list */
    if (!in)
        return;
    CHECK_EQ(in->active_mask, 0xf);
    CHECK_EQ(in->access_size, 4);
    CHECK(in->addr && in->addr[0] == 0x100 && in->addr[1] == 0x104 && in->addr[2] == 0x200 && in->addr[3] == 0x20c);
    in = next_inst(k, cta0, 0); /* STG.E base+stride -4 over lanes 28..31 */
    if (!in)
        return;
    CHECK_EQ(in->flags, INST_STORE);
    CHECK_EQ(in->ndst, 0);
    CHECK_EQ(in->nsrc, 2);
    CHECK(in->addr && in->addr[28] == 0x1000 && in->addr[29] == 0xffc && in->addr[30] == 0xff8 && in->addr[31] == 0xff4);
    in = next_inst(k, cta0, 0); /* LDS.U.128 base+delta over lanes 0,2,8,10 */
    if (!in)
        return;
    CHECK_EQ(in->space, SPACE_SHARED);
    CHECK_EQ(in->access_size, 16);
    CHECK(in->addr && in->addr[0] == 0x40 && in->addr[2] == 0x50 && in->addr[8] == 0x30 && in->addr[10] == 0x70);
    in = next_inst(k, cta0, 0); /* generic LD inside the shared window */
    if (!in)
        return;
    CHECK_EQ(in->space, SPACE_SHARED);
    CHECK(in->addr && in->addr[0] == SHMEM_BASE + 0x100 && in->addr[1] == SHMEM_BASE + 0x104);
    in = next_inst(k, cta0, 0); /* generic LD inside the local window */
    if (!in)
        return;
    CHECK_EQ(in->space, SPACE_LOCAL);
    CHECK(in->addr && in->addr[0] == LOCAL_BASE + 0x10 && in->addr[1] == LOCAL_BASE + 0x14);
    in = next_inst(k, cta0, 0); /* generic LD past the shared window: global */
    if (!in)
        return;
    CHECK_EQ(in->space, SPACE_GLOBAL);
    in = next_inst(k, cta0, 0);
    if (!in)
        return;
    CHECK_EQ(in->flags, INST_BARRIER);
    CHECK_EQ(in->unit, UNIT_BRANCH);
    in = next_inst(k, cta0, 0); /* DEPBAR.LE with an immediate */
    if (!in)
        return;
    CHECK_EQ(in->unit, UNIT_BRANCH);
    CHECK_EQ(in->flags, 0);
    in = next_inst(k, cta0, 0); /* FFMA */
    if (!in)
        return;
    CHECK_EQ(in->unit, UNIT_SP);
    CHECK_EQ(in->lat, LAT_FP_MAD);
    CHECK_EQ(in->nsrc, 3);
    CHECK(in->src[0] == 1 && in->src[1] == 4 && in->src[2] == 6);
    in = next_inst(k, cta0, 0);
    if (!in)
        return;
    CHECK_EQ(in->flags, INST_EXIT);
    CHECK_EQ(k->ops->warp_next(cta0, 0, &in, &err), 0);
    CHECK_EQ(k->ops->warp_next(cta0, 0, &in, &err), 0);
    CHECK_EQ(k->ops->warp_next(cta0, 2, &in, &err), -1);
    k->ops->cta_end(k->src, cta0);

    if (cta1) {
        in = next_inst(k, cta1, 0);
        CHECK(in && in->unit == UNIT_SFU);
        in = next_inst(k, cta1, 0);
        CHECK(in && in->flags == INST_EXIT);
        CHECK_EQ(k->ops->warp_next(cta1, 0, &in, &err), 0);
        CHECK_EQ(k->ops->warp_next(cta1, 1, &in, &err), 0); /* warp 1 not in the trace: no instructions */
        k->ops->cta_end(k->src, cta1);
    }
    /* no CTA 2 */
    CHECK(k->ops->cta_begin(k->src, 2, 0, &err) == NULL);
}

static void test_workload_fixture(void)
{
    cs_error_t err;
    workload_t *w = trace_workload_open(FIXTURES "/basic", &err);
    CHECK(w != NULL);
    if (!w) {
        printf("  %s\n", err.msg);
        return;
    }
    trace_counts_t c;
    trace_workload_counts(w, &c);
    CHECK_EQ(c.memcpy_bytes, 4096 + 1000);
    CHECK_EQ(c.warp_insts, 0);

    kernel_desc_t k1;
    CHECK_EQ(workload_next_kernel(w, &k1, &err), 1);
    check_kernel1(&k1);
    /* the two MemcpyHtoD lines before kernel 1 travel with it (the L2 warming) */
    CHECK_EQ(k1.n_h2d_copies, 2);
    if (k1.n_h2d_copies == 2) {
        CHECK_EQ(k1.h2d_copies[0].addr, 0x7f1000000000ull);
        CHECK_EQ(k1.h2d_copies[0].bytes, 4096);
        CHECK_EQ(k1.h2d_copies[1].addr, 0x7f1000001000ull);
        CHECK_EQ(k1.h2d_copies[1].bytes, 1000);
    }
    k1.ops->destroy(k1.src);
    trace_workload_counts(w, &c);
    CHECK_EQ(c.warp_insts, 16);
    CHECK_EQ(c.thread_insts, 321);

    kernel_desc_t k2;
    int rc = workload_next_kernel(w, &k2, &err);
    if (trace_xz_supported()) {
        CHECK_EQ(rc, 1);
        if (rc == 1) {
            CHECK(strcmp(k2.name, "ampere_kernel(int*)") == 0);
            CHECK_EQ(k2.n_h2d_copies, 0); /* a MemcpyDtoH warms nothing */
            CHECK_EQ(k2.id, 2);
            CHECK_EQ(k2.stream, 1);
            CHECK(k2.grid.x == 1 && k2.grid.y == 2 && k2.grid.z == 1);
            CHECK_EQ(k2.regs_per_thread, 16);
            void *cta = k2.ops->cta_begin(k2.src, 0, 0, &err);
            CHECK(cta != NULL);
            if (cta) {
                const warp_inst_t *in = next_inst(&k2, cta, 0); /* v3 + lineinfo */
                CHECK(in && in->unit == UNIT_INT && in->pc == 0);
                in = next_inst(&k2, cta, 0);
                CHECK(in && in->unit == UNIT_LDST && in->access_size == 16 && in->addr);
                for (unsigned l = 0; in && in->addr && l < 32; l++)
                    CHECK_EQ(in->addr[l], 0x7f2000000000ull + 16 * l);
                k2.ops->cta_end(k2.src, cta);
            }
            cta = k2.ops->cta_begin(k2.src, 1, 0, &err);
            CHECK(cta != NULL);
            if (cta) {
                const warp_inst_t *in = next_inst(&k2, cta, 0); /* UIADD3 with a uniform source */
                CHECK(in && in->nsrc == 2 && in->src[0] == TRACE_UREG_BASE + 4 && in->src[1] == 5);
                CHECK(in && in->active_mask == 0x7fffffff);
                k2.ops->cta_end(k2.src, cta);
            }
            k2.ops->destroy(k2.src);
        } else {
            printf("  %s\n", err.msg);
        }
        trace_workload_counts(w, &c);
        CHECK_EQ(c.warp_insts, 16 + 5);
        CHECK_EQ(c.thread_insts, 321 + 3 * 32 + 2 * 31);
        CHECK_EQ(workload_next_kernel(w, &k2, &err), 0);
    } else {
        CHECK_EQ(rc, -1);
        CHECK(strstr(err.msg, "kernel-2.traceg.xz: .xz traces need liblzma (rebuild with liblzma-dev installed)") != NULL);
    }
    workload_destroy(w);
}

/* kernelslist path given as the file; kernel sources outlive the workload */
static void test_workload_by_file_and_lifetime(void)
{
    cs_error_t err;
    workload_t *w = trace_workload_open(FIXTURES "/basic/kernelslist.g", &err);
    CHECK(w != NULL);
    if (!w)
        return;
    kernel_desc_t k;
    CHECK_EQ(workload_next_kernel(w, &k, &err), 1);
    workload_destroy(w);
    uint64_t wi = 0, ti = 0;
    CHECK_EQ(drain_kernel(&k, &wi, &ti, &err), 0);
    CHECK_EQ(wi, 16);
    CHECK_EQ(ti, 321);
    k.ops->destroy(k.src);
}

static void test_counts_match_independent_scan(void)
{
    uint64_t scan_w, scan_t;
    count_by_scanning(FIXTURES "/basic/kernel-1.traceg", 0, &scan_w, &scan_t);
    CHECK_EQ(scan_w, 16);
    CHECK_EQ(scan_t, 321);
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open(FIXTURES "/basic/kernel-1.traceg", &k, &err), 0);
    uint64_t wi = 0, ti = 0;
    CHECK_EQ(drain_kernel(&k, &wi, &ti, &err), 0);
    trace_counts_t c;
    trace_kernel_counts(&k, &c);
    CHECK_EQ(c.warp_insts, scan_w);
    CHECK_EQ(c.thread_insts, scan_t);
    CHECK_EQ(wi, scan_w);
    CHECK_EQ(ti, scan_t);
    k.ops->destroy(k.src);

    count_by_scanning(FIXTURES "/v2/kernel-1.traceg", 4, &scan_w, &scan_t);
    CHECK_EQ(trace_kernel_open(FIXTURES "/v2/kernel-1.traceg", &k, &err), 0);
    CHECK_EQ(drain_kernel(&k, NULL, NULL, &err), 0);
    trace_kernel_counts(&k, &c);
    CHECK_EQ(c.warp_insts, scan_w);
    CHECK_EQ(c.thread_insts, scan_t);
    CHECK_EQ(scan_w, 3);
    k.ops->destroy(k.src);
}

/* tracer version < 3: "ctaX ctaY ctaZ warp" before the PC; Pascal opcodes */
static void test_v2_prefix(void)
{
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open(FIXTURES "/v2/kernel-1.traceg", &k, &err), 0);
    void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
    CHECK(cta != NULL);
    if (cta) {
        const warp_inst_t *in = next_inst(&k, cta, 0);
        CHECK(in && in->pc == 8 && in->unit == UNIT_INT && in->lat == LAT_INT_MAD && in->dst[0] == 0);
        in = next_inst(&k, cta, 0);
        CHECK(in && in->addr && in->addr[0] == 0x500000 && in->addr[31] == 0x500000 + 31 * 4);
        in = next_inst(&k, cta, 0);
        CHECK(in && in->flags == INST_EXIT);
        k.ops->cta_end(k.src, cta);
    }
    k.ops->destroy(k.src);
}

static void test_open_from_memory(void)
{
    size_t len;
    char *text = read_file(FIXTURES "/basic/kernel-1.traceg", &len);
    CHECK(text != NULL);
    if (!text)
        return;
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open_mem("mem.traceg", text, len, &k, &err), 0);
    free(text); /* the reader keeps its own copy */
    uint64_t wi = 0, ti = 0;
    CHECK_EQ(drain_kernel(&k, &wi, &ti, &err), 0);
    CHECK_EQ(wi, 16);
    CHECK_EQ(ti, 321);
    k.ops->destroy(k.src);

    /* CRLF line ends and no final newline are accepted */
    const char *crlf = "-kernel name = k\r\n-grid dim = (1,1,1)\r\n-block dim = (32,1,1)\r\n-shmem = 0\r\n"
                       "-nregs = 1\r\n-binary version = 75\r\n-accelsim tracer version = 4\r\n#x\r\n"
                       "#BEGIN_TB\r\nthread block = 0,0,0\r\nwarp = 0\r\ninsts = 1\r\n"
                       "0000 ffffffff 0 EXIT 0 0\r\n#END_TB";
    CHECK_EQ(trace_kernel_open_mem("crlf.traceg", crlf, strlen(crlf), &k, &err), 0);
    wi = 0;
    CHECK_EQ(drain_kernel(&k, &wi, NULL, &err), 0);
    CHECK_EQ(wi, 1);
    k.ops->destroy(k.src);

    /* addresses recorded on an op that does not access memory are dropped */
    const char *qspc = "-kernel name = q\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 1\n"
                       "-binary version = 70\n-accelsim tracer version = 4\n#\n#BEGIN_TB\nthread block = 0,0,0\n"
                       "warp = 0\ninsts = 1\n0000 00000003 1 R1 QSPC.E.S 1 R2 4 1 0x7f0000000000 4 0\n#END_TB\n";
    CHECK_EQ(trace_kernel_open_mem("qspc.traceg", qspc, strlen(qspc), &k, &err), 0);
    void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
    CHECK(cta != NULL);
    if (cta) {
        const warp_inst_t *in = next_inst(&k, cta, 0);
        CHECK(in && in->unit == UNIT_INT && in->addr == NULL && in->active_mask == 3);
        k.ops->cta_end(k.src, cta);
    }
    k.ops->destroy(k.src);
}

/* Delta lists repeated at a PC reuse their parse (the reader's delta memo):
 * the same text must give the same addresses from another base, and text
 * that only starts like the memo's, or the same text under another mask,
 * must be parsed anew. */
static void test_delta_memo(void)
{
    const char *text =
        "-kernel name = d\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 4\n"
        "-binary version = 70\n-accelsim tracer version = 4\n#\n#BEGIN_TB\nthread block = 0,0,0\n"
        "warp = 0\ninsts = 8\n"
        "0010 0000000f 1 R1 LDG.E 1 R2 4 2 0x100 4 4 4\n"   /* evenly spaced */
        "0010 0000000f 1 R1 LDG.E 1 R2 4 2 0x200 4 4 4\n"   /* the same deltas from another base */
        "0010 0000000f 1 R1 LDG.E 1 R2 4 2 0x300 4 4 44\n"  /* starts like the memo's text, another list */
        "0010 00000007 1 R1 LDG.E 1 R2 4 2 0x400 4 4 44\n"  /* 3 lanes: 2 deltas, then an immediate */
        "0020 000000f0 1 R1 LDG.E 1 R2 4 2 0x1000 -4 8 4\n" /* a list */
        "0020 000000f0 1 R1 LDG.E 1 R2 4 2 0x2000 -4 8 4\n" /* the same list from another base */
        "0020 000000f0 1 R1 LDG.E 1 R2 4 2 0x3000 -4  8 4\n" /* two spaces: parsed anew, same deltas */
        "0030 ffffffff 0 EXIT 0 0\n#END_TB\n";
    static const struct {
        uint32_t mask;
        uint64_t addr[4];
    } want[7] = {
        {0x0f, {0x100, 0x104, 0x108, 0x10c}}, {0x0f, {0x200, 0x204, 0x208, 0x20c}},
        {0x0f, {0x300, 0x304, 0x308, 0x334}}, {0x07, {0x400, 0x404, 0x408, 0}},
        {0xf0, {0x1000, 0xffc, 0x1004, 0x1008}}, {0xf0, {0x2000, 0x1ffc, 0x2004, 0x2008}},
        {0xf0, {0x3000, 0x2ffc, 0x3004, 0x3008}},
    };
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open_mem("delta.traceg", text, strlen(text), &k, &err), 0);
    void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
    CHECK(cta != NULL);
    if (!cta) {
        k.ops->destroy(k.src);
        return;
    }
    for (unsigned i = 0; i < 7; i++) {
        const warp_inst_t *in = next_inst(&k, cta, 0);
        if (!in)
            break;
        CHECK_EQ(in->active_mask, want[i].mask);
        CHECK(in->addr != NULL);
        unsigned n = 0;
        for (uint32_t m = want[i].mask; in->addr && m; m &= m - 1, n++)
            if (in->addr[__builtin_ctz(m)] != want[i].addr[n]) {
                printf("  line %u lane %d: 0x%llx, want 0x%llx\n", i + 1, __builtin_ctz(m),
                       (unsigned long long)in->addr[__builtin_ctz(m)], (unsigned long long)want[i].addr[n]);
                test_case_failed = 1;
            }
    }
    const warp_inst_t *in = next_inst(&k, cta, 0); /* the stream stayed in step */
    CHECK(in && in->flags == INST_EXIT);
    k.ops->cta_end(k.src, cta);
    k.ops->destroy(k.src);
}

static void test_cta_order_enforced(void)
{
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open(FIXTURES "/basic/kernel-1.traceg", &k, &err), 0);
    CHECK(k.ops->cta_begin(k.src, 1, 0, &err) == NULL);
    CHECK(strstr(err.msg, "out of order") != NULL);
    void *c0 = k.ops->cta_begin(k.src, 0, 0, &err);
    CHECK(c0 != NULL);
    if (c0)
        k.ops->cta_end(k.src, c0);
    k.ops->destroy(k.src);

    /* a trace whose second block is not CTA (1,0,0) */
    size_t len;
    char *text = read_file(FIXTURES "/basic/kernel-1.traceg", &len);
    char *bad = replace_once(text, "thread block = 1,0,0", "thread block = 0,0,0");
    const char *path = tmp_path("order.traceg");
    write_file(path, bad, strlen(bad));
    CHECK_EQ(open_and_drain(path, &err), -1);
    check_error_at(&err, path, 45, "out of launch order: expected 1,0,0");
    free(bad);
    free(text);
}

/* -------------------------------------------------- generated traces */

static const char *gen_header(unsigned grid_x, unsigned block_x)
{
    static char buf[1024];
    snprintf(buf, sizeof buf,
             "-kernel name = generated\n-kernel id = 7\n-grid dim = (%u,1,1)\n-block dim = (%u,1,1)\n-shmem = 0\n"
             "-nregs = 32\n-binary version = 70\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"
             "-local mem base_addr = 0x00007e0000000000\n-nvbit version = 1.5.5\n-accelsim tracer version = 4\n"
             "-enable lineinfo = 0\n\n#traces format = PC mask ...\n\n",
             grid_x, block_x);
    return buf;
}

/* A realistic mix: ALU lines, coalesced loads (mode 1), scattered stores (mode 2), some mode 0. */
static void gen_warp(FILE *f, unsigned warp, unsigned n, uint64_t seed, uint64_t *threads)
{
    fprintf(f, "warp = %u\ninsts = %u\n", warp, n);
    for (unsigned i = 0; i < n; i++) {
        unsigned pc = i * 16;
        unsigned kind = (unsigned)((seed + i * 2654435761u) % 20);
        uint32_t mask = (i % 7 == 6) ? 0x0000ffffu : 0xffffffffu;
        *threads += (unsigned)__builtin_popcount(mask);
        if (i == n - 1)
            fprintf(f, "%04x %08x 0 EXIT 0 0 0\n", pc, mask);
        else if (kind < 12)
            fprintf(f, "%04x %08x 1 R%u FFMA 3 R%u R%u R%u 0 0\n", pc, mask, i % 60, (i + 1) % 60, (i + 2) % 60,
                    (i + 3) % 60);
        else if (kind < 15)
            fprintf(f, "%04x %08x 1 R%u IMAD.WIDE.U32 2 R2 R3 0 0\n", pc, mask, i % 60);
        else if (kind < 18)
            fprintf(f, "%04x %08x 1 R%u LDG.E.SYS 1 R2 4 1 0x7f12%08x 4 0\n", pc, mask, i % 60, (i * 128) & 0xfffffff);
        else if (kind < 19) {
            fprintf(f, "%04x %08x 0 STG.E 2 R2 R4 4 2 0x7f1300000000", pc, mask);
            for (unsigned l = 1; l < (unsigned)__builtin_popcount(mask); l++)
                fprintf(f, " %d", (int)((l * 37) % 200) - 100);
            fprintf(f, " 0\n");
        } else {
            fprintf(f, "%04x %08x 1 R%u LDG.E 1 R2 4 0", pc, mask, i % 60);
            for (uint32_t m = mask; m; m &= m - 1)
                fprintf(f, " 0x%016llx", 0x7f1400000000ull + (unsigned long long)__builtin_ctz(m) * 260);
            fprintf(f, " 0\n");
        }
    }
    fprintf(f, "\n");
}

static const char *gen_trace(const char *name, unsigned ctas, unsigned warps, unsigned insts, uint64_t *warp_insts,
                             uint64_t *thread_insts)
{
    const char *path = tmp_path(name);
    FILE *f = fopen(path, "w");
    fputs(gen_header(ctas, warps * 32), f);
    *warp_insts = *thread_insts = 0;
    for (unsigned c = 0; c < ctas; c++) {
        fprintf(f, "#BEGIN_TB\n\nthread block = %u,0,0\n\n", c);
        for (unsigned w = 0; w < warps; w++) {
            unsigned n = insts + (c + w) % 5;
            gen_warp(f, w, n, c * 31 + w, thread_insts);
            *warp_insts += n;
        }
        fprintf(f, "#END_TB\n\n");
    }
    fclose(f);
    return path;
}

/* 2000 CTAs read with at most 5 alive, round-robin over warps as a timing model would. */
static void test_streaming_many_ctas(void)
{
    uint64_t want_w, want_t;
    const char *path = gen_trace("stream.traceg", 2000, 4, 20, &want_w, &want_t);
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open(path, &k, &err), 0);
    CHECK_EQ(k.id, 7);
    enum { ALIVE = 5 };
    void *alive[ALIVE] = {0};
    uint64_t next = 0, done = 0, got_w = 0, got_t = 0;
    int failures = 0;
    while (done < 2000 && failures == 0) {
        for (int s = 0; s < ALIVE; s++) {
            if (!alive[s] && next < 2000) {
                alive[s] = k.ops->cta_begin(k.src, next++, 0, &err);
                if (!alive[s]) {
                    printf("  %s\n", err.msg);
                    failures++;
                }
            }
        }
        /* one instruction from every warp of every alive CTA per round */
        for (int s = 0; s < ALIVE; s++) {
            if (!alive[s])
                continue;
            bool any = false;
            for (unsigned w = 0; w < 4; w++) {
                const warp_inst_t *in;
                int rc = k.ops->warp_next(alive[s], w, &in, &err);
                if (rc == 1) {
                    got_w++;
                    got_t += (unsigned)__builtin_popcount(in->active_mask);
                    if (in->addr) /* addresses of active lanes are readable */
                        for (uint32_t m = in->active_mask; m; m &= m - 1)
                            got_t += in->addr[__builtin_ctz(m)] == 0 ? 1000000 : 0;
                    any = true;
                }
            }
            if (!any) {
                k.ops->cta_end(k.src, alive[s]);
                alive[s] = NULL;
                done++;
            }
        }
    }
    CHECK_EQ(done, 2000);
    CHECK_EQ(got_w, want_w);
    CHECK_EQ(got_t, want_t);
    trace_counts_t c;
    trace_kernel_counts(&k, &c);
    CHECK_EQ(c.warp_insts, want_w);
    CHECK_EQ(c.thread_insts, want_t);
    k.ops->destroy(k.src);
    unlink(path);
}

/* Everything a kernel hands out, folded into one number: each instruction's
 * fields and active addresses, in CTA, warp and instruction order; stops at
 * CTA `stop_at` (destroying the source with its parse-ahead still running)
 * or at the first error, whose text goes to msg. counts: the reader's. */
static uint64_t digest_kernel(const char *path, uint64_t stop_at, char *msg, size_t msgsz, trace_counts_t *counts)
{
    kernel_desc_t k;
    cs_error_t err;
    uint64_t h = 0xcbf29ce484222325ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 0x100000001b3ull)
    msg[0] = '\0';
    memset(counts, 0, sizeof *counts);
    if (trace_kernel_open(path, &k, &err) < 0) {
        snprintf(msg, msgsz, "%s", err.msg);
        return 0;
    }
    const uint64_t ctas = dim3_count(k.grid);
    const unsigned nwarps = kernel_warps_per_cta(&k);
    for (uint64_t c = 0; c < ctas && c < stop_at; c++) {
        void *cta = k.ops->cta_begin(k.src, c, 0, &err);
        if (!cta) {
            snprintf(msg, msgsz, "%s", err.msg);
            break;
        }
        for (unsigned w = 0; w < nwarps; w++) {
            const warp_inst_t *in;
            while (k.ops->warp_next(cta, w, &in, &err) == 1) {
                MIX(in->pc);
                MIX(in->active_mask);
                MIX(in->unit | in->lat << 8 | in->space << 16 | (uint64_t)in->access_size << 24);
                MIX(in->ndst | in->nsrc << 8);
                for (unsigned i = 0; i < in->ndst; i++)
                    MIX(in->dst[i]);
                for (unsigned i = 0; i < in->nsrc; i++)
                    MIX(in->src[i]);
                if (in->addr)
                    for (uint32_t m = in->active_mask; m; m &= m - 1)
                        MIX(in->addr[__builtin_ctz(m)]);
            }
        }
        k.ops->cta_end(k.src, cta);
    }
#undef MIX
    trace_kernel_counts(&k, counts);
    k.ops->destroy(k.src);
    return h;
}

/* Parse-ahead (trace_reader.c) against the sequential parse, the ring at
 * its full depth ("1") and at 3 CTAs (the parser waits for room): the same
 * digest, error text and counts. Returns how many modes differed. */
static int ahead_differs(const char *path, uint64_t stop_at, bool expect_error, const char *where)
{
    char msg0[CS_ERRMSG_MAX], msg[CS_ERRMSG_MAX];
    trace_counts_t c0, c;
    setenv("CTASIM_PARSE_AHEAD", "0", 1);
    const uint64_t h0 = digest_kernel(path, stop_at, msg0, sizeof msg0, &c0);
    int differ = (msg0[0] != 0) != expect_error;
    static const char *const modes[] = {"1", "3"};
    for (size_t m = 0; m < 2; m++) {
        setenv("CTASIM_PARSE_AHEAD", modes[m], 1);
        const uint64_t h = digest_kernel(path, stop_at, msg, sizeof msg, &c);
        if (h != h0 || strcmp(msg, msg0) || c.warp_insts != c0.warp_insts || c.thread_insts != c0.thread_insts) {
            printf("  %s, parse-ahead %s: \"%s\" / \"%s\"\n", where, modes[m], msg0, msg);
            differ++;
        }
    }
    unsetenv("CTASIM_PARSE_AHEAD");
    return differ;
}

/* The parse-ahead thread (trace_reader.c, CTASIM_PARSE_AHEAD) hands out
 * exactly what the sequential parse does: the same instructions and counts
 * on a 2000-CTA kernel, whole or stopped early, and the same error at every
 * cut of a truncated file and in a malformed one. */
static void parse_ahead_matches_sequential(void)
{
    uint64_t want_w, want_t;
    const char *big = gen_trace("ahead.traceg", 2000, 4, 20, &want_w, &want_t);
    const uint64_t stops[] = {UINT64_MAX, 0, 1, 70, 1999};
    for (size_t i = 0; i < sizeof stops / sizeof *stops; i++)
        CHECK_EQ(ahead_differs(big, stops[i], false, "whole file"), 0);
    char msg[CS_ERRMSG_MAX];
    trace_counts_t c;
    setenv("CTASIM_PARSE_AHEAD", "3", 1);
    digest_kernel(big, UINT64_MAX, msg, sizeof msg, &c);
    unsetenv("CTASIM_PARSE_AHEAD");
    CHECK_EQ(c.warp_insts, want_w);
    CHECK_EQ(c.thread_insts, want_t);
    /* cuts every 37 bytes through the first CTAs, then six through the rest */
    size_t len;
    char *text = read_file(big, &len);
    const char *cut_path = tmp_path("ahead-cut.traceg");
    int differ = 0;
    for (size_t cut = 0; text && cut < len; cut += (cut < 4000 ? 37 : len / 7 + 1)) {
        write_file(cut_path, text, cut);
        char where[64];
        snprintf(where, sizeof where, "cut at %zu", cut);
        if (differ < 3)
            differ += ahead_differs(cut_path, UINT64_MAX, true, where);
    }
    CHECK_EQ(differ, 0);
    /* garbage in the middle of CTA 1500 */
    if (text) {
        char *at = strstr(text, "thread block = 1500,0,0");
        CHECK(at != NULL);
        if (at) {
            at = strchr(strstr(at, "insts = "), '\n') + 1;
            memcpy(at, "zz", 2);
            write_file(cut_path, text, len);
            CHECK_EQ(ahead_differs(cut_path, UINT64_MAX, true, "bad PC"), 0);
            trace_counts_t c0;
            setenv("CTASIM_PARSE_AHEAD", "0", 1);
            digest_kernel(cut_path, UINT64_MAX, msg, sizeof msg, &c0);
            unsetenv("CTASIM_PARSE_AHEAD");
            CHECK(strstr(msg, "bad PC 'zz") != NULL);
        }
    }
    free(text);
    unlink(cut_path);
    unlink(big);
}

/* Parse speed on a generated trace: reported, not asserted (sanitizer builds are slow). */
static void test_parse_speed(void)
{
    uint64_t want_w, want_t;
    const char *path = gen_trace("speed.traceg", 2000, 8, 60, &want_w, &want_t);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kernel_desc_t k;
    cs_error_t err;
    uint64_t wi = 0;
    CHECK_EQ(trace_kernel_open(path, &k, &err), 0);
    CHECK_EQ(drain_kernel(&k, &wi, NULL, &err), 0);
    k.ops->destroy(k.src);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    CHECK_EQ(wi, want_w);
    printf("  parsed %llu instruction lines in %.3f s: %.2f M lines/s\n", (unsigned long long)wi, s,
           (double)wi / s * 1e-6);
    unlink(path);
}

/* ------------------------------------------------------------ errors */

/* Every truncation of a good trace fails with "FILE:LINE: ..." — except cuts
 * after the last #END_TB. */
static void test_truncated_everywhere(void)
{
    size_t len;
    char *text = read_file(FIXTURES "/basic/kernel-1.traceg", &len);
    CHECK(text != NULL);
    if (!text)
        return;
    const char *last_end = strstr(strstr(text, "thread block = 1,0,0"), "#END_TB");
    size_t complete = (size_t)(last_end - text) + strlen("#END_TB");
    const char *path = tmp_path("trunc.traceg");
    size_t prefix = strlen(path) + 1;
    int unexpected = 0;
    for (size_t cut = 0; cut <= len; cut += (cut < complete - 40 ? 3 : 1)) {
        write_file(path, text, cut);
        cs_error_t err;
        err.msg[0] = '\0';
        int rc = open_and_drain(path, &err);
        bool should_fail = cut < complete;
        bool prefixed = starts_with(err.msg, path) && err.msg[prefix - 1] == ':';
        if ((rc < 0) != should_fail || (rc < 0 && !prefixed)) {
            if (unexpected++ < 3)
                printf("  cut at %zu: rc %d, \"%s\"\n", cut, rc, err.msg);
        }
    }
    CHECK_EQ(unexpected, 0);

    /* inside warp 0 after 5 complete instruction lines */
    const char *warp0 = strstr(text, "insts = 11\n") + strlen("insts = 11\n");
    const char *p = warp0;
    for (int i = 0; i < 5; i++)
        p = strchr(p, '\n') + 1;
    write_file(path, text, (size_t)(p - text));
    cs_error_t err;
    CHECK_EQ(open_and_drain(path, &err), -1);
    check_error_at(&err, path, 34, "unexpected end of file: warp 0 expects 11 instructions, got 5");
    free(text);
}

typedef struct broken_case {
    const char *from, *to; /* edit applied to kernel-1.traceg */
    unsigned long line;
    const char *what;
} broken_case_t;

static void test_malformed_kernels(void)
{
    static const broken_case_t cases[] = {
        {"0010 0000ffff", "0010 0000fgff", 24, "bad active mask '0000fgff'"},
        {"0010 0000ffff", "0010 100000000", 24, "bad active mask"},
        {"insts = 3", "insts = 4", 27, "warp 1 expects 4 instructions, got 3"},
        {"insts = 3", "insts = 2", 25, "unexpected line inside CTA 0"},
        {"IMAD.MOV.U32 2 R255", "FOO 2 R255", 23, "unknown opcode 'FOO' for binary version 70"},
        {"1 R4 LDG.E 1 R2 4 0 0x0000000000000100 0x0000000000000104 0x200 0x20c 0",
         "1 R4 LDG.E 1 R2 4 0 0x0000000000000100 0x0000000000000104", 30, "missing addresses: 4 active lanes, 2"},
        {"2 0x40 16 -32 64 0", "2 0x40 16 -32", 32, "too few address deltas: 4 active lanes need 3, got 2"},
        {"2 0x40 16 -32 64 0", "2 0x40 16 -32 64 0 7", 32, "unexpected '7' at the end of the instruction"},
        {"STG.E 2 R2 R4 4 1 0x1000 -4 0", "STG.E 2 R2 R4 4 1 0x1000", 31, "missing stride"},
        {"FFMA 3 R1 R4 R6", "FFMA 3 R1 X4 R6", 38, "bad source register 'X4'"},
        {"1 R10 FFMA", "1 10 FFMA", 38, "bad destination register '10'"},
        {"1 R10 FFMA", "5 R10 FFMA", 38, "bad destination count"},
        {"1 R1 MUFU.RSQ 1 R2 0 0", "1 R1 MUFU.RSQ 7 R2 0 0", 49, "bad source count"},
        {"4 0 0x7e0000000010", "4 3 0x7e0000000010", 34, "bad address mode '3'"},
        {"0 EXIT 0 0 0\n\nwarp = 0", "0 EXIT 0 4 0\n\nwarp = 0", 25, "missing addresses: 32 active lanes, 0 addresses"},
        {"warp = 0\ninsts = 11", "warp = 1\ninsts = 11", 27, "warp 1 listed twice"},
        {"warp = 0\ninsts = 11", "warp = 2\ninsts = 11", 27, "warp 2 out of range"},
        {"insts = 11", "insts = x", 28, "bad 'insts = N' line"},
        {"#END_TB\n\n#BEGIN_TB", "#END_TB\n\ngarbage\n#BEGIN_TB", 43, "expected #BEGIN_TB"},
        {"0090 ffffffff", "0090 ff\xfe\x01" "ffff", 38, "bad active mask 'ff??ffff'"},
        {"-grid dim = (2,1,1)", "-grid dim = (0,1,1)", 15, "invalid grid dim (0,1,1)"},
        {"-block dim = (64,1,1)", "-block dim = (64,32,1)", 15, "invalid block dim (64,32,1)"},
        {"-binary version = 70", "-binary version = 35", 15, "unsupported binary version 35"},
        {"-nregs = 24\n", "", 14, "kernel header lacks '-nregs = ...'"},
        {"-grid dim = (2,1,1)", "-grid dim = 2,1,1", 3, "bad grid dim"},
        {"-accelsim tracer version = 4", "-accelsim tracer version = 9", 12, "unsupported accelsim tracer version 9"},
        {"-kernel id = 1\n", "kernel id = 1\n", 2, "expected a '-key = value' header line"},
        {"#BEGIN_TB\n\nthread block = 0,0,0\n", "#BEGIN_TB\n\nwarp = 0\n", 19, "'warp =' before 'thread block ='"},
        {"#END_TB\n\n#BEGIN_TB\n\nthread block = 1,0,0", "#END_TB\n\n#BEGIN_TB\n\nthread block = 1,0", 45,
         "bad 'thread block = x,y,z' line"},
    };
    size_t len;
    char *text = read_file(FIXTURES "/basic/kernel-1.traceg", &len);
    if (!text)
        return;
    const char *path = tmp_path("broken.traceg");
    for (size_t i = 0; i < CS_ARRAY_LEN(cases); i++) {
        char *bad = replace_once(text, cases[i].from, cases[i].to);
        if (!bad) {
            printf("  case %zu: pattern not found\n", i);
            test_case_failed = 1;
            continue;
        }
        write_file(path, bad, strlen(bad));
        cs_error_t err;
        err.msg[0] = '\0';
        int rc = open_and_drain(path, &err);
        if (rc != -1) {
            printf("  case %zu (%s) unexpectedly parsed\n", i, cases[i].what);
            test_case_failed = 1;
        } else {
            check_error_at(&err, path, cases[i].line, cases[i].what);
        }
        free(bad);
    }
    /* content after the last CTA */
    char *extra = malloc(len + 64);
    snprintf(extra, len + 64, "%s#BEGIN_TB\n", text);
    write_file(path, extra, strlen(extra));
    cs_error_t err;
    CHECK_EQ(open_and_drain(path, &err), -1);
    check_error_at(&err, path, 53, "content after the last CTA");
    free(extra);
    free(text);
}

static void test_binary_garbage(void)
{
    size_t len;
    char *text = read_file(FIXTURES "/basic/kernel-1.traceg", &len);
    if (!text)
        return;
    const char *path = tmp_path("nul.traceg");
    cs_error_t err;

    /* a NUL byte inside an instruction line */
    char *copy = malloc(len);
    memcpy(copy, text, len);
    char *at = strstr(copy, "0090 ffffffff");
    at[6] = '\0';
    write_file(path, copy, len);
    CHECK_EQ(open_and_drain(path, &err), -1);
    check_error_at(&err, path, 38, "NUL byte");
    free(copy);

    /* random bytes in place of the CTA body */
    const char *body = strstr(text, "#BEGIN_TB");
    size_t head = (size_t)(body - text);
    char *junk = malloc(head + 4096);
    memcpy(junk, text, head);
    uint32_t x = 12345;
    for (size_t i = 0; i < 4096; i++) {
        x = x * 1103515245u + 12345u;
        junk[head + i] = (char)(x >> 16);
    }
    write_file(path, junk, head + 4096);
    err.msg[0] = '\0';
    CHECK_EQ(open_and_drain(path, &err), -1);
    CHECK(starts_with(err.msg, path));
    free(junk);

    /* a 2 MiB line */
    size_t big = (size_t)2 << 20;
    char *longline = malloc(head + big + 1);
    memcpy(longline, text, head);
    memset(longline + head, 'A', big);
    longline[head + big] = '\n';
    write_file(path, longline, head + big + 1);
    CHECK_EQ(open_and_drain(path, &err), -1);
    check_error_at(&err, path, 17, "line too long");
    free(longline);

    /* not a trace at all */
    write_file(path, "\x7f" "ELF\x02\x01\x01", 7);
    CHECK_EQ(open_and_drain(path, &err), -1);
    check_error_at(&err, path, 1, "expected a '-key = value' header line");
    write_file(path, "", 0);
    CHECK_EQ(open_and_drain(path, &err), -1);
    CHECK(strstr(err.msg, "unexpected end of file in the kernel header") != NULL);
    free(text);
}

static void test_kernelslist_errors(void)
{
    cs_error_t err;
    /* missing kernel file: reported against the kernelslist line */
    const char *list = tmp_path("kernelslist.g");
    write_file(list, "MemcpyHtoD,0x1000,64\n\nkernel-1.traceg\n", 38);
    workload_t *w = trace_workload_open(tmp_dir, &err);
    CHECK(w != NULL);
    if (w) {
        kernel_desc_t k;
        unlink(tmp_path("kernel-1.traceg"));
        CHECK_EQ(workload_next_kernel(w, &k, &err), -1);
        check_error_at(&err, list, 3, "cannot open 'kernel-1.traceg': No such file or directory");
        workload_destroy(w);
    }
    /* malformed MemcpyHtoD */
    static const char *bad_memcpy[] = {
        "MemcpyHtoD,0x1000\n", "MemcpyHtoD,0x1000,12,3\n", "MemcpyHtoD,1000,12\n", "MemcpyHtoD,0x1000,-1\n",
        "MemcpyHtoD,0xZZ,5\n",
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(bad_memcpy); i++) {
        char buf[128];
        snprintf(buf, sizeof buf, "kernel-1.traceg\n%s", bad_memcpy[i]);
        write_file(list, buf, strlen(buf));
        CHECK(trace_workload_open(list, &err) == NULL);
        check_error_at(&err, list, 2, "bad MemcpyHtoD line");
    }
    /* missing kernelslist */
    CHECK(trace_workload_open(tmp_path("nowhere/kernelslist.g"), &err) == NULL);
    CHECK(strstr(err.msg, "No such file or directory") != NULL);
    unlink(list);
}

static void test_xz_handling(void)
{
    cs_error_t err;
    const char *path = tmp_path("bad.traceg.xz");
    write_file(path, "not xz at all\n", 14);
    CHECK_EQ(open_and_drain(path, &err), -1);
    if (trace_xz_supported())
        CHECK(strstr(err.msg, "not an xz file") != NULL);
    else
        CHECK(strstr(err.msg, ".xz traces need liblzma (rebuild with liblzma-dev installed)") != NULL);
    if (!trace_xz_supported())
        return;
    /* a truncated xz stream */
    size_t len;
    char *xz = read_file(FIXTURES "/basic/kernel-2.traceg.xz", &len);
    CHECK(xz != NULL);
    if (!xz)
        return;
    write_file(path, xz, len / 2);
    CHECK_EQ(open_and_drain(path, &err), -1);
    CHECK(starts_with(err.msg, path));
    free(xz);
}

/* ------------------------------------------------------------ writer */

static warp_inst_t make_inst(uint64_t pc, uint32_t mask, uint8_t unit, uint8_t lat, uint8_t space, uint8_t flags,
                             uint8_t size)
{
    warp_inst_t in;
    memset(&in, 0, sizeof in);
    in.pc = pc;
    in.active_mask = mask;
    in.unit = unit;
    in.lat = lat;
    in.space = space;
    in.flags = flags;
    in.access_size = size;
    return in;
}

static void push_inst(warp_inst_t *insts, size_t *n, uint32_t mask, uint8_t unit, uint8_t lat, uint8_t space,
                      uint8_t flags, uint8_t size)
{
    insts[*n] = make_inst(*n * 16, mask, unit, lat, space, flags, size);
    (*n)++;
}

/* The writer renames registers per kernel (trace_writer.c): every key to
 * one of R0..R254, one to one while a kernel has at most 255 keys (all the
 * kernels here), so a written-and-read-back register must follow one
 * consistent one-to-one renaming instead of being equal. */
typedef struct renaming {
    int32_t reg_of[65536]; /* key -> register, -1 = not seen */
    int32_t key_of[256];   /* register -> key, -1 = free */
} renaming_t;

static void renaming_init(renaming_t *r)
{
    memset(r->reg_of, -1, sizeof r->reg_of);
    memset(r->key_of, -1, sizeof r->key_of);
}

static bool renamed(renaming_t *r, uint16_t key, uint16_t reg)
{
    if (reg >= 255) /* R255 is RZ: never written for a register */
        return false;
    if (r->reg_of[key] < 0 && r->key_of[reg] < 0) {
        r->reg_of[key] = reg;
        r->key_of[reg] = key;
    }
    return r->reg_of[key] == reg;
}

/* b is a, written and read back: the same instruction, with at most one
 * destination and four sources (Accel-Sim's limits: the writer keeps the
 * first ones), renamed registers. */
static bool same_inst(const warp_inst_t *a, const warp_inst_t *b, renaming_t *ren)
{
    if (a->pc != b->pc || a->active_mask != b->active_mask || a->unit != b->unit || a->lat != b->lat ||
        a->space != b->space || a->flags != b->flags || CS_MIN(a->ndst, 1) != b->ndst ||
        CS_MIN(a->nsrc, 4) != b->nsrc)
        return false;
    if ((a->unit == UNIT_LDST) && a->access_size != b->access_size)
        return false;
    for (unsigned i = 0; i < b->ndst; i++)
        if (!renamed(ren, a->dst[i], b->dst[i]))
            return false;
    for (unsigned i = 0; i < b->nsrc; i++)
        if (!renamed(ren, a->src[i], b->src[i]))
            return false;
    if ((a->addr == NULL) != (b->addr == NULL))
        return false;
    if (a->addr)
        for (uint32_t m = a->active_mask; m; m &= m - 1)
            if (a->addr[__builtin_ctz(m)] != b->addr[__builtin_ctz(m)])
                return false;
    return true;
}

static void test_writer_round_trip(void)
{
    /* every canonical class, and each address encoding */
    static uint64_t a_list[WARP_SIZE], a_stride[WARP_SIZE], a_delta[WARP_SIZE], a_gap[WARP_SIZE], a_huge[WARP_SIZE],
        a_one[WARP_SIZE], a_neg[WARP_SIZE];
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        a_stride[l] = 0x7f1000000000ull + 4 * l;
        a_delta[l] = 0x7f1000000000ull + (l * l * 8);
        a_gap[l] = 0x2000 + 8 * l;
        a_huge[l] = (l & 1) ? 0xfffffffffffff000ull : 0x10; /* deltas beyond int64: list */
        a_list[l] = 0x5000 + 128 * l;
        a_one[l] = 0xdead0;
        a_neg[l] = 0x90000 - 64 * l;
    }
    warp_inst_t insts[40];
    size_t n = 0;
    const uint8_t sp_lats[] = {LAT_FP_ADD, LAT_FP_MUL, LAT_FP_MAD, LAT_FP_MAX};
    for (size_t i = 0; i < sizeof sp_lats; i++)
        push_inst(insts, &n, 0xffffffff, UNIT_SP, sp_lats[i], SPACE_NONE, 0, 0);
    const uint8_t int_lats[] = {LAT_INT_ADD, LAT_INT_MAX, LAT_INT_MUL, LAT_INT_MAD, LAT_INT_SHFL};
    for (size_t i = 0; i < sizeof int_lats; i++)
        push_inst(insts, &n, 0x0000ffff, UNIT_INT, int_lats[i], SPACE_NONE, 0, 0);
    const uint8_t dp_lats[] = {LAT_DP_ADD, LAT_DP_MUL, LAT_DP_MAD};
    for (size_t i = 0; i < sizeof dp_lats; i++)
        push_inst(insts, &n, 0xffffffff, UNIT_DP, dp_lats[i], SPACE_NONE, 0, 0);
    push_inst(insts, &n, 0xffffffff, UNIT_SFU, LAT_SFU, SPACE_NONE, 0, 0);
    push_inst(insts, &n, 0xffffffff, UNIT_TENSOR, LAT_TENSOR, SPACE_NONE, 0, 0);
    push_inst(insts, &n, 0xffffffff, UNIT_BRANCH, LAT_BRANCH, SPACE_NONE, 0, 0);
    push_inst(insts, &n, 0xffffffff, UNIT_BRANCH, LAT_BRANCH, SPACE_NONE, INST_BARRIER, 0);
    /* memory: space x kind x size, with the address encodings */
    struct { uint8_t space, flags, size; uint32_t mask; const uint64_t *addr; } mem[] = {
        {SPACE_GLOBAL, INST_LOAD, 4, 0xffffffff, a_stride},
        {SPACE_GLOBAL, INST_LOAD, 8, 0xffffffff, a_delta},
        {SPACE_GLOBAL, INST_LOAD, 16, 0x00ff00ff, a_gap}, /* evenly spaced but not contiguous: delta */
        {SPACE_GLOBAL, INST_LOAD, 1, 0xffffffff, a_huge},
        {SPACE_GLOBAL, INST_STORE, 2, 0x00000010, a_one},
        {SPACE_GLOBAL, INST_STORE, 4, 0xfffffff0, a_neg},
        {SPACE_GLOBAL, INST_ATOMIC, 4, 0xffffffff, a_list},
        {SPACE_GLOBAL, INST_ATOMIC, 8, 0x0000000f, a_list},
        {SPACE_LOCAL, INST_LOAD, 4, 0xffffffff, a_stride},
        {SPACE_LOCAL, INST_STORE, 8, 0xffffffff, a_stride},
        {SPACE_SHARED, INST_LOAD, 16, 0xffffffff, a_list},
        {SPACE_SHARED, INST_STORE, 4, 0x80000001, a_list},
        {SPACE_SHARED, INST_ATOMIC, 4, 0xffffffff, a_list},
        {SPACE_CONST, INST_LOAD, 8, 0xffffffff, a_stride},
        {SPACE_GLOBAL, INST_LOAD, 4, 0x00000000, a_stride}, /* no active lane */
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(mem); i++) {
        insts[n] = make_inst(n * 16, mem[i].mask, UNIT_LDST, LAT_INT_ADD, mem[i].space, mem[i].flags, mem[i].size);
        insts[n].addr = mem[i].addr;
        insts[n].ndst = 1;
        insts[n].dst[0] = (uint16_t)(10 + i);
        insts[n].nsrc = 2;
        insts[n].src[0] = 2;
        insts[n].src[1] = (uint16_t)(TRACE_UREG_BASE + 3);
        n++;
    }
    push_inst(insts, &n, 0xffffffff, UNIT_LDST, LAT_INT_ADD, SPACE_NONE, INST_MEMBAR, 4); /* MEMBAR */
    insts[n] = make_inst(n * 16, 0xffffffff, UNIT_INT, LAT_INT_MAD, SPACE_NONE, 0, 0);
    insts[n].ndst = 4;
    insts[n].nsrc = 6;
    for (unsigned r = 0; r < 4; r++)
        insts[n].dst[r] = (uint16_t)(100 + r);
    for (unsigned r = 0; r < 6; r++)
        insts[n].src[r] = (uint16_t)(200 + r);
    n++;
    push_inst(insts, &n, 0xffffffff, UNIT_BRANCH, LAT_BRANCH, SPACE_NONE, INST_EXIT, 0);
    CHECK(n <= CS_ARRAY_LEN(insts));

    /* memory instructions other than MEMBAR carry an access size: */
    for (size_t i = 0; i < n; i++)
        if (insts[i].unit == UNIT_LDST && !insts[i].access_size)
            insts[i].access_size = 4;

    cs_error_t err;
    const char *dir = tmp_path("written");
    trace_writer_t *w = trace_writer_open(dir, 70, &err);
    CHECK(w != NULL);
    if (!w) {
        printf("  %s\n", err.msg);
        return;
    }
    kernel_desc_t k;
    memset(&k, 0, sizeof k);
    snprintf(k.name, sizeof k.name, "round_trip");
    k.id = 3;
    k.stream = 2;
    k.grid = (dim3_t){2, 1, 1};
    k.block = (dim3_t){64, 1, 1};
    k.shmem_bytes = 4096;
    k.regs_per_thread = 40;
    CHECK_EQ(trace_writer_memcpy(w, 0x7f1000000000ull, 8192, &err), 0);
    CHECK_EQ(trace_writer_begin_kernel(w, &k, &err), 0);
    for (unsigned c = 0; c < 2; c++) {
        CHECK_EQ(trace_writer_begin_cta(w, (dim3_t){c, 0, 0}, &err), 0);
        CHECK_EQ(trace_writer_warp(w, 1, insts, NULL, n, &err), 0);
        if (c == 0)
            CHECK_EQ(trace_writer_warp(w, 0, insts, NULL, 3, &err), 0);
        CHECK_EQ(trace_writer_warp(w, 1, insts, NULL, 1, &err), -1); /* twice */
        CHECK_EQ(trace_writer_warp(w, 2, insts, NULL, 1, &err), -1); /* out of range */
        CHECK_EQ(trace_writer_end_cta(w, &err), 0);
    }
    CHECK_EQ(trace_writer_end_kernel(w, &err), 0);
    CHECK_EQ(trace_writer_close(w, &err), 0);

    workload_t *wl = trace_workload_open(dir, &err);
    CHECK(wl != NULL);
    if (!wl) {
        printf("  %s\n", err.msg);
        return;
    }
    trace_counts_t counts;
    trace_workload_counts(wl, &counts);
    CHECK_EQ(counts.memcpy_bytes, 8192);
    kernel_desc_t r;
    CHECK_EQ(workload_next_kernel(wl, &r, &err), 1);
    CHECK(strcmp(r.name, "round_trip") == 0);
    CHECK(r.id == 3 && r.stream == 2 && r.grid.x == 2 && r.block.x == 64 && r.shmem_bytes == 4096 &&
          r.regs_per_thread == 40);
    static renaming_t ren;
    renaming_init(&ren); /* one renaming for the whole kernel */
    for (unsigned c = 0; c < 2; c++) {
        void *cta = r.ops->cta_begin(r.src, c, 0, &err);
        CHECK(cta != NULL);
        if (!cta) {
            printf("  %s\n", err.msg);
            break;
        }
        for (size_t i = 0; i < n; i++) {
            const warp_inst_t *in = next_inst(&r, cta, 1);
            if (!in)
                break;
            if (!same_inst(&insts[i], in, &ren)) {
                printf("  CTA %u instruction %zu differs after the round trip\n", c, i);
                test_case_failed = 1;
            }
        }
        const warp_inst_t *in;
        CHECK_EQ(r.ops->warp_next(cta, 1, &in, &err), 0);
        CHECK_EQ(r.ops->warp_next(cta, 0, &in, &err), c == 0 ? 1 : 0);
        r.ops->cta_end(r.src, cta);
    }
    r.ops->destroy(r.src);
    CHECK_EQ(workload_next_kernel(wl, &r, &err), 0);
    workload_destroy(wl);

    /* the encodings chosen: look at the text. Registers are renamed in
     * order of first use: the first memory instruction's destination (key
     * 10) is R0, its sources (key 2, UR3) R1 and R2; a uniform register is
     * written as an R (Accel-Sim reads R<n> only). */
    size_t len;
    char *text = read_file(tmp_path("written/kernel-3.traceg"), &len);
    CHECK(text != NULL);
    if (text) {
        CHECK(strstr(text, "-accelsim tracer version = 4\n") != NULL);
        CHECK(strstr(text, " 1 R0 LDG.E 2 R1 R2 4 1 0x7f1000000000 4\n") != NULL);   /* stride */
        CHECK(strstr(text, " LDG.E.64 2 R1 R2 8 2 0x7f1000000000 8 24 40") != NULL); /* delta */
        CHECK(strstr(text, " LDG.E.128 2 R1 R2 16 2 0x2000 8 8 8 8 8 8 8 72 8") != NULL);
        CHECK(strstr(text, " LDG.E.U8 2 R1 R2 1 0 0x10 0xfffffffffffff000") != NULL); /* list */
        CHECK(strstr(text, " STG.E.U16 2 R1 R2 2 2 0xdead0\n") != NULL);              /* one lane */
        CHECK(strstr(text, " 1 0x8ff00 -64\n") != NULL);                               /* negative stride */
        /* 4 destinations and 6 sources: the first of each kind Accel-Sim takes */
        CHECK(strstr(text, " ffffffff 1 R17 IMAD 4 R18 R19 R20 R21 0\n") != NULL);
        CHECK(strstr(text, " UR") == NULL && strstr(text, " R255 ") == NULL);
        free(text);
    }
}

/* Dump a kernel read from a trace through the generic exporter; read both back. */
static void test_writer_dump_kernel(void)
{
    cs_error_t err;
    kernel_desc_t src;
    CHECK_EQ(trace_kernel_open(FIXTURES "/basic/kernel-1.traceg", &src, &err), 0);
    const char *dir = tmp_path("dumped");
    trace_writer_t *w = trace_writer_open(dir, 70, &err);
    CHECK(w != NULL);
    if (!w)
        return;
    CHECK_EQ(trace_writer_dump_kernel(w, &src, &err), 0);
    CHECK_EQ(trace_writer_close(w, &err), 0);
    src.ops->destroy(src.src);

    kernel_desc_t a, b;
    CHECK_EQ(trace_kernel_open(FIXTURES "/basic/kernel-1.traceg", &a, &err), 0);
    CHECK_EQ(trace_kernel_open(tmp_path("dumped/kernel-1.traceg"), &b, &err), 0);
    CHECK(strcmp(a.name, b.name) == 0 && a.grid.x == b.grid.x && a.block.x == b.block.x);
    static renaming_t ren; /* the fixture's RZ (R255) becomes an ordinary register too */
    renaming_init(&ren);
    for (uint64_t c = 0; c < 2; c++) {
        void *ca = a.ops->cta_begin(a.src, c, 0, &err);
        void *cb = b.ops->cta_begin(b.src, c, 0, &err);
        CHECK(ca && cb);
        if (!ca || !cb)
            break;
        for (unsigned wi = 0; wi < 2; wi++) {
            for (;;) {
                const warp_inst_t *ia, *ib;
                int ra = a.ops->warp_next(ca, wi, &ia, &err);
                int rb = b.ops->warp_next(cb, wi, &ib, &err);
                CHECK_EQ(ra, rb);
                if (ra != 1 || rb != 1)
                    break;
                if (!same_inst(ia, ib, &ren)) {
                    printf("  CTA %llu warp %u pc %llx differs\n", (unsigned long long)c, wi,
                           (unsigned long long)ia->pc);
                    test_case_failed = 1;
                }
            }
        }
        a.ops->cta_end(a.src, ca);
        b.ops->cta_end(b.src, cb);
    }
    a.ops->destroy(a.src);
    b.ops->destroy(b.src);
}

/* Writer names read back to the classes they came from, for every version. */
static void test_canonical_names_all_versions(void)
{
    const unsigned versions[] = {70, 75, 80, 86};
    for (size_t v = 0; v < CS_ARRAY_LEN(versions); v++) {
        const char *names[] = {"FADD", "FMUL", "FFMA", "FMNMX", "IADD3", "IMNMX", "IMUL", "IMAD", "SHFL.IDX",
                               "DADD", "DMUL", "DFMA", "MUFU.EX2", "HMMA.884.F32.F32", "LDG.E", "STG.E",
                               "ATOMG.E.ADD", "LDL", "STL", "LDS", "STS", "ATOMS.ADD", "LDC", "TEX", "EXIT",
                               "BAR.SYNC", "BRA", "MEMBAR.SC.GPU", "CCTL.IVALL"};
        for (size_t i = 0; i < CS_ARRAY_LEN(names); i++) {
            sass_op_info_t info;
            if (!sass_lookup(versions[v], names[i], &info)) {
                printf("  %s unknown for %u\n", names[i], versions[v]);
                test_case_failed = 1;
            }
        }
    }
}

int main(int argc, char **argv)
{
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/ctasim_test_trace_%d", (int)getpid());
    mkdir(tmp_dir, 0777);
    if (argc > 1 && !strcmp(argv[1], "--parse-ahead")) { /* the ThreadSanitizer run (tests/run_tsan.sh) */
        RUN(parse_ahead_matches_sequential);
        rmdir(tmp_dir);
        TEST_EXIT();
    }
    RUN(test_sass_classes);
    RUN(test_sass_access_size);
    RUN(test_workload_fixture);
    RUN(test_workload_by_file_and_lifetime);
    RUN(test_counts_match_independent_scan);
    RUN(test_v2_prefix);
    RUN(test_open_from_memory);
    RUN(test_delta_memo);
    RUN(test_cta_order_enforced);
    RUN(test_streaming_many_ctas);
    RUN(parse_ahead_matches_sequential);
    RUN(test_parse_speed);
    RUN(test_truncated_everywhere);
    RUN(test_malformed_kernels);
    RUN(test_binary_garbage);
    RUN(test_kernelslist_errors);
    RUN(test_xz_handling);
    RUN(test_writer_round_trip);
    RUN(test_writer_dump_kernel);
    RUN(test_canonical_names_all_versions);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmp_dir);
    TEST_EXIT();
}
