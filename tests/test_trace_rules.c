/* test_trace_rules.c — the Accel-Sim trace checker (frontend/trace_rules.h)
 * on hand-written good and bad lines and files, and every workload of the
 * suite exported at small size through the trace writer (as `ctasim trace`
 * does) and checked line by line. Run from the repository root (the
 * workloads load workloads/ptx/). */
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "apps/apps.h"
#include "frontend/trace_reader.h"
#include "frontend/trace_rules.h"
#include "frontend/trace_writer.h"
#include "test.h"

static char tmp_dir[256];

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static char *slurp(const char *path, size_t *len)
{
    char *data;
    cs_error_t err;
    if (cs_read_file(path, 1u << 30, &data, len, &err) < 0) {
        printf("  %s\n", err.msg);
        return NULL;
    }
    return data;
}

static const trace_line_ctx_t V4 = {70, 4, false};

/* ----------------------------------------------------- instruction lines */

static void good_lines_pass(void)
{
    const char *good[] = {
        "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R2 0 0",               /* RZ source, immediate */
        "0010 0000ffff 1 R4 LDG.E.64.SYS 1 R2 8 1 0x7f1000000000 8",   /* base + stride */
        "0020 ffffffff 0 EXIT 0 0",
        "0030 00000505 1 R6 LDS.U.128 1 R3 16 2 0x40 16 -32 64",       /* base + deltas */
        "0030 00000505 1 R6 LDS.U.128 1 R3 16 2 0x40 16 -32 64 0 ",    /* + NVBit's immediate */
        "0040 0000000f 1 R4 LDG.E 1 R2 4 0 0x100 0x104 0x200 0x20c",   /* list */
        "0050 00000010 0 STG.E.U16 2 R2 R3 2 2 0xdead0",               /* one lane: base only */
        "0060 00000000 1 R4 LDG.E 1 R2 4 0",                           /* no active lane */
        "0070 ffffffff 0 DEPBAR.LE 0 0 1",
        "02d0 ffffffff 1 R76 LDC.128 1 R254 16 1 0x200000000 0",       /* the fixed vector load */
        "0080 ffffffff 1 R9 FFMA 3 R1 R4 R6 0",
        "ffffffff ffffffff 0 BRA 0 0",                                 /* largest PC */
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(good); i++) {
        cs_error_t err;
        if (trace_check_inst_line(good[i], &V4, &err) < 0) {
            printf("  rejected good line '%s': %s\n", good[i], err.msg);
            test_case_failed = 1;
        }
    }
    /* prefixes: tracer version < 3 and lineinfo */
    cs_error_t err;
    const trace_line_ctx_t v2 = {70, 2, false}, li = {75, 4, true};
    CHECK_EQ(trace_check_inst_line("0 0 0 1 0000 ffffffff 0 EXIT 0 0", &v2, &err), 0);
    CHECK_EQ(trace_check_inst_line("0000 ffffffff 0 EXIT 0 0", &v2, &err), -1);
    CHECK_EQ(trace_check_inst_line("117 0000 ffffffff 0 EXIT 0 0", &li, &err), 0);
}

static void bad_lines_fail(void)
{
    struct { const char *line, *why; } bad[] = {
        /* what the writer used to write for a vector load */
        {"02d0 ffffffff 4 R76 R77 R78 R79 LDC.128 1 R256 16 1 0x200000000 0", "4 destination registers"},
        {"0000 ffffffff 2 R1 R2 FFMA 0 0", "2 destination registers"},
        {"0000 ffffffff 1 R300 FFMA 0 0", "R300"},
        {"0000 ffffffff 1 R1 FFMA 1 R256 0", "R256"},
        {"0000 ffffffff 1 R1 FFMA 1 UR5 0", "uniform"},
        {"0000 ffffffff 1 P0 FFMA 0 0", "not R<n>"},
        {"0000 ffffffff 1 R1 FFMA 5 R1 R2 R3 R4 R5 0", "5 source registers"},
        {"0000 ffffffff 1 R1 FFMA 3 R1 R2 0", "source register 2 is '0'"},
        {"0000 ffffffff 1 R1 FFMA 2 R1 R2", "missing or bad memory width"},
        {"0000 fffffff 0 EXIT 0 0", "8 hex digits"},
        {"0000 fffffffff 0 EXIT 0 0", "8 hex digits"},
        {"100000000 ffffffff 0 EXIT 0 0", "PC"},
        {"0000 ffffffff 0 FROB 0 0", "unknown for binary version 70"},
        {"0000 ffffffff 0 ldg.e 0 0", "bad opcode"},
        {"0000 ffffffff 0 LDG..E 0 0", "bad opcode"},
        {"0000 ffffffff 1 R1 LDG.E.128 1 R2 4 1 0x100 16", "memory width 4"},   /* opcode says 16 */
        {"0000 ffffffff 1 R1 LDG.E 1 R2 16 1 0x100 16", "memory width 16"},     /* opcode says 4 */
        {"0000 ffffffff 1 R1 LDG.E 1 R2 4 3 0x100", "address mode"},
        {"0000 00000003 1 R1 LDG.E 1 R2 4 0 0x100", "one 0x address per active lane"},
        {"0000 00000001 1 R1 LDG.E 1 R2 4 0 100", "one 0x address per active lane"},
        {"0000 00000005 1 R1 LDG.E 1 R2 4 1 0x100 4", "gap"},
        {"0000 00000003 1 R1 LDG.E 1 R2 4 1 0x100 4294967296", "32-bit"},
        {"0000 00000007 1 R1 LDG.E 1 R2 4 2 0x100 4", "2 signed deltas"},
        {"0000 00000003 1 R1 LDG.E 1 R2 4 2 0x100 4 0 0", "after the immediate"},
        {"0000 00000000 1 R1 LDG.E 1 R2 4 1 0x100 4", "no active lane"},
        {"0000 00000001 1 R1 LDG.E 1 R2 4 0 0x100 0x104 0x108", "too many addresses"},
        {"0000 ffffffff 0 EXIT 0 0 0 0", "after the immediate"},
        {"", "empty"},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(bad); i++) {
        cs_error_t err = {{0}};
        int rc = trace_check_inst_line(bad[i].line, &V4, &err);
        if (rc != -1 || !strstr(err.msg, bad[i].why)) {
            printf("  '%s': rc %d, message '%s' (want '%s')\n", bad[i].line, rc, err.msg, bad[i].why);
            test_case_failed = 1;
        }
    }
}

static void kernelslist_lines(void)
{
    cs_error_t err;
    CHECK_EQ(trace_check_kernelslist_line("", &err), 0);
    CHECK_EQ(trace_check_kernelslist_line("MemcpyHtoD,0x00007f1000000000,8192", &err), 0);
    CHECK_EQ(trace_check_kernelslist_line("MemcpyDtoH,0x00007f1000000000,8192", &err), 0);
    CHECK_EQ(trace_check_kernelslist_line("kernel-1.traceg", &err), 0);
    CHECK_EQ(trace_check_kernelslist_line("kernel-12.traceg.xz", &err), 0);
    CHECK_EQ(trace_check_kernelslist_line("MemcpyHtoD,0x10,8192,1", &err), -1);
    CHECK_EQ(trace_check_kernelslist_line("MemcpyHtoD,16,8192", &err), -1);
    CHECK_EQ(trace_check_kernelslist_line("kernel-1.trace", &err), -1);
    CHECK_EQ(trace_check_kernelslist_line("kernel 1.traceg", &err), -1);
    CHECK_EQ(trace_check_kernelslist_line("kernel-1.traceg\r", &err), -1);
    CHECK_EQ(trace_check_kernelslist_line("README", &err), -1);
}

/* ----------------------------------------------------------- kernel file */

static const char good_kernel[] =
    "-kernel name = k\n"
    "-kernel id = 1\n"
    "-grid dim = (2,1,1)\n"
    "-block dim = (64,1,1)\n"
    "-shmem = 0\n"
    "-nregs = 16\n"
    "-binary version = 70\n"
    "-cuda stream id = 0\n"
    "-shmem base_addr = 0x00007f0000000000\n"
    "-local mem base_addr = 0x00007e0000000000\n"
    "-nvbit version = ctasim\n"
    "-accelsim tracer version = 4\n"
    "-enable lineinfo = 0\n"
    "\n"
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
    "[adrrescompress?] [mem_addresses] immediate\n"
    "\n"
    "#BEGIN_TB\n"
    "\n"
    "thread block = 0,0,0\n"
    "\n"
    "warp = 1\n"
    "insts = 2\n"
    "0000 ffffffff 1 R0 LDG.E 1 R1 4 1 0x1000 4\n"
    "0010 ffffffff 0 EXIT 0 0\n"
    "\n"
    "warp = 0\n"
    "insts = 1\n"
    "0010 ffffffff 0 EXIT 0 0\n"
    "\n"
    "#END_TB\n"
    "\n"
    "#BEGIN_TB\n"
    "thread block = 1,0,0\n"
    "warp = 0\n"
    "insts = 0\n"
    "#END_TB\n";

/* good_kernel with `from` replaced by `to`; the checker must say `why`. */
static void expect_kernel_error(const char *from, const char *to, const char *why)
{
    const char *at = strstr(good_kernel, from);
    if (!at) {
        printf("  '%s' not in the test kernel\n", from);
        test_case_failed = 1;
        return;
    }
    size_t a = (size_t)(at - good_kernel), fl = strlen(from), tl = strlen(to);
    char *text = malloc(sizeof good_kernel + tl);
    memcpy(text, good_kernel, a);
    memcpy(text + a, to, tl);
    strcpy(text + a + tl, at + fl);
    cs_error_t err = {{0}};
    int rc = trace_check_kernel_mem("k.traceg", text, strlen(text), &err);
    if (rc != -1 || !strstr(err.msg, why) || strncmp(err.msg, "k.traceg:", 9) != 0) {
        printf("  '%s' -> '%s': rc %d, message '%s' (want '%s')\n", from, to, rc, err.msg, why);
        test_case_failed = 1;
    }
    free(text);
}

static void kernel_file_structure(void)
{
    cs_error_t err;
    if (trace_check_kernel_mem("k.traceg", good_kernel, strlen(good_kernel), &err) < 0) {
        printf("  good kernel rejected: %s\n", err.msg);
        test_case_failed = 1;
    }
    expect_kernel_error("0000 ffffffff 1 R0 LDG.E 1 R1", "0000 ffffffff 4 R0 R1 R2 R3 LDG.E.128 1 R1",
                        "k.traceg:23: 4 destination registers");
    expect_kernel_error("-nregs = 16\n", "", "lacks '-nregs");
    expect_kernel_error("-nregs = 16\n", "-nregs = 300\n", "bad value '300' for 'nregs'");
    expect_kernel_error("-shmem = 0\n", "-shmem = 0\n-shmem = 0\n", "twice");
    expect_kernel_error("-shmem = 0\n", "-shmem = 0\n-colour = red\n", "unknown header key 'colour'");
    expect_kernel_error("-binary version = 70", "-binary version = 90", "bad value '90'");
    expect_kernel_error("-grid dim = (2,1,1)", "-grid dim = (2,1)", "bad value '(2,1)' for 'grid dim'");
    expect_kernel_error("-block dim = (64,1,1)", "-block dim = (64,32,1)", "block dim");
    expect_kernel_error("-accelsim tracer version = 4", "-accelsim tracer version = 9", "tracer version");
    expect_kernel_error("#traces format", "#BEGIN_TB\n#traces format", "must end with '#traces format");
    expect_kernel_error("thread block = 1,0,0", "thread block = 0,1,0", "launch order has 1,0,0");
    expect_kernel_error("warp = 1\ninsts = 2", "warp = 1\ninsts = 3", "'insts = 3' but only 2");
    expect_kernel_error("warp = 1\ninsts = 2", "warp = 1\ninsts = 1", "outside a warp");
    expect_kernel_error("warp = 1\n", "warp = 2\n", "has 2 warps");
    expect_kernel_error("warp = 0\n", "warp = 1\n", "warp 1 twice");
    expect_kernel_error("#END_TB\n\n#BEGIN_TB", "#END_TB\n# comment\n#BEGIN_TB", "expected #BEGIN_TB");
    expect_kernel_error("thread block = 1,0,0\nwarp = 0\ninsts = 0\n#END_TB\n", "thread block = 1,0,0\n",
                        "ends inside a thread block");
    expect_kernel_error("#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 0\n#END_TB\n", "",
                        "1 thread blocks, the grid has 2");
    expect_kernel_error("#END_TB\n\n#BEGIN_TB", "#END_TB\n\n#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n#BEGIN_TB",
                        "more thread blocks");
    expect_kernel_error("-kernel name = k\n", "-kernel name = k\r\n", "k.traceg:1: control character");
    expect_kernel_error("insts = 0\n#END_TB\n", "insts = 0\n#END_TB", "does not end with a newline");
}

/* Our reader's fixtures: kernel-1 is NVBit-style and passes; kernel-2 (xz)
 * has a uniform register, which only our reader accepts; the tracer
 * version 2 fixture lacks the header keys newer tracers write. */
static void fixtures_against_the_rules(void)
{
    cs_error_t err;
    if (trace_check_kernel_file("tests/data/traces/basic/kernel-1.traceg", &err) < 0) {
        printf("  %s\n", err.msg);
        test_case_failed = 1;
    }
    unsigned n = 0;
    CHECK_EQ(trace_check_dir("tests/data/traces/basic", &n, &err), -1);
    CHECK_EQ(n, 1);
    if (trace_xz_supported())
        CHECK(strstr(err.msg, "kernel-2.traceg.xz:34: source register 0 is UR4") != NULL);
    CHECK_EQ(trace_check_kernel_file("tests/data/traces/v2/kernel-1.traceg", &err), -1);
    CHECK(strstr(err.msg, "header lacks '-shmem base_addr") != NULL);
}

/* ---------------------------------------------------- register renaming */

static int next_inst(kernel_desc_t *k, void *cta, unsigned warp, const warp_inst_t **in)
{
    cs_error_t err;
    int rc = k->ops->warp_next(cta, warp, in, &err);
    if (rc < 0)
        printf("  %s\n", err.msg);
    return rc;
}

/* 404 distinct keys written (more than R0..R254 can hold one to one), UR
 * keys, vector destinations and six sources: the writer keeps one
 * destination and four sources, names R0..R254 only, renames the first 255
 * keys one to one and each key always to the same register, and writes the
 * same file twice. */
static void writer_renames_registers(void)
{
    enum { N = 400 };
    static warp_inst_t insts[N];
    memset(insts, 0, sizeof insts);
    for (unsigned i = 0; i < N; i++) {
        warp_inst_t *in = &insts[i];
        in->pc = 16 * i;
        in->active_mask = 0xffffffff;
        in->unit = UNIT_SP;
        in->lat = LAT_FP_MAD;
        in->ndst = 3; /* a vector destination: only dst[0] is written */
        for (unsigned d = 0; d < 3; d++)
            in->dst[d] = (uint16_t)(1000 + i + 5000 * d);
        in->nsrc = 6; /* values defined earlier (UR0..UR5 by the first) */
        for (unsigned s = 0; s < 6; s++)
            in->src[s] = (uint16_t)(i ? 1000 + (7 * i + 13 * s) % i : TRACE_UREG_BASE + s);
    }
    char dirs[2][300];
    for (int pass = 0; pass < 2; pass++) {
        snprintf(dirs[pass], sizeof dirs[pass], "%s/renamed%d", tmp_dir, pass);
        cs_error_t err;
        trace_writer_t *w = trace_writer_open(dirs[pass], 70, &err);
        CHECK(w != NULL);
        if (!w)
            return;
        kernel_desc_t k;
        memset(&k, 0, sizeof k);
        snprintf(k.name, sizeof k.name, "many_registers");
        k.grid = (dim3_t){1, 1, 1};
        k.block = (dim3_t){32, 1, 1};
        k.regs_per_thread = 255;
        CHECK_EQ(trace_writer_begin_kernel(w, &k, &err), 0);
        CHECK_EQ(trace_writer_begin_cta(w, (dim3_t){0, 0, 0}, &err), 0);
        CHECK_EQ(trace_writer_warp(w, 0, insts, NULL, N, &err), 0);
        CHECK_EQ(trace_writer_end_cta(w, &err), 0);
        CHECK_EQ(trace_writer_end_kernel(w, &err), 0);
        CHECK_EQ(trace_writer_close(w, &err), 0);
        if (trace_check_dir(dirs[pass], NULL, &err) < 0) {
            printf("  %s\n", err.msg);
            test_case_failed = 1;
        }
    }
    char p0[400], p1[400];
    snprintf(p0, sizeof p0, "%s/kernel-1.traceg", dirs[0]);
    snprintf(p1, sizeof p1, "%s/kernel-1.traceg", dirs[1]);
    size_t l0, l1;
    char *a = slurp(p0, &l0), *b = slurp(p1, &l1);
    CHECK(a && b && l0 == l1 && memcmp(a, b, l0) == 0); /* deterministic */
    CHECK(a && !strstr(a, " R255 ") && !strstr(a, " UR"));
    free(a);
    free(b);

    /* read back: key -> register is a function; one to one for the first 255 keys */
    kernel_desc_t k;
    cs_error_t err;
    CHECK_EQ(trace_kernel_open(p0, &k, &err), 0);
    void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
    CHECK(cta != NULL);
    if (!cta)
        return;
    static int reg_of[65536];
    static int key_of[256];
    memset(reg_of, -1, sizeof reg_of);
    memset(key_of, -1, sizeof key_of);
    unsigned seen = 0;
    for (unsigned i = 0; i < N; i++) {
        const warp_inst_t *in;
        if (next_inst(&k, cta, 0, &in) != 1) {
            test_case_failed = 1;
            break;
        }
        CHECK_EQ(in->ndst, 1);
        CHECK_EQ(in->nsrc, 4);
        uint16_t keys[5] = {insts[i].dst[0], insts[i].src[0], insts[i].src[1], insts[i].src[2], insts[i].src[3]};
        uint16_t regs[5] = {in->dst[0], in->src[0], in->src[1], in->src[2], in->src[3]};
        for (unsigned j = 0; j < 5; j++) {
            CHECK(regs[j] < TRACE_REG_RZ);
            if (reg_of[keys[j]] < 0) {
                reg_of[keys[j]] = regs[j];
                if (seen++ < 255) { /* one to one while registers last */
                    CHECK(key_of[regs[j]] < 0);
                    key_of[regs[j]] = keys[j];
                }
            }
            CHECK_EQ(reg_of[keys[j]], regs[j]); /* the same key, the same register */
        }
        if (test_case_failed) {
            printf("  (at instruction %u)\n", i);
            break;
        }
    }
    CHECK(seen > 255); /* the case folds */
    k.ops->cta_end(k.src, cta);
    k.ops->destroy(k.src);
}

/* ------------------------------------------------------ the whole suite */

static int trace_executor(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err)
{
    for (size_t i = 0; i < n; i++)
        if (trace_writer_dump_kernel(ctx, &kernels[i], err) < 0)
            return -1;
    return 0;
}

/* Export one workload at small size into dir (as `ctasim trace --size small
 * NAME -o DIR`). 1 = exported and its output checked, else 0. */
static int export_app(const app_def_t *app, const char *dir)
{
    cs_error_t err;
    trace_writer_t *tw = trace_writer_open(dir, 70, &err);
    if (!tw) {
        printf("  %s\n", err.msg);
        return 0;
    }
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = tw, .run_kernels = trace_executor};
    ctasim_set_executor(rt, &ex);
    char detail[256] = "";
    int r = app_run(app, rt, APP_SMALL, 1, detail, sizeof detail, &err);
    ctasim_destroy(rt);
    if (r < 0) {
        printf("  %s: %s\n", app->name, err.msg);
        trace_writer_close(tw, NULL);
        return 0;
    }
    if (trace_writer_close(tw, &err) < 0) {
        printf("  %s: %s\n", app->name, err.msg);
        return 0;
    }
    if (r != 1)
        printf("  %s: output check failed: %s\n", app->name, detail);
    return r == 1;
}

/* Kernel files of dir that name R255: a PTX register is never RZ, so the
 * writer must not write R255 (the checker accepts it, as RZ). */
static int count_r255(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    size_t len;
    char *list = slurp(path, &len);
    int hits = 0;
    for (char *line = list ? strtok(list, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "kernel", 6) != 0)
            continue;
        char kpath[600];
        snprintf(kpath, sizeof kpath, "%s/%s", dir, line);
        size_t klen;
        char *text = slurp(kpath, &klen);
        if (text && (strstr(text, " R255 ") || strstr(text, " R255\n")))
            hits++;
        free(text);
    }
    free(list);
    return hits;
}

static void every_workload_exports_within_the_rules(void)
{
    double t0 = now_s();
    unsigned long long total_kernels = 0;
    for (unsigned i = 0; i < app_count(); i++) {
        const app_def_t *app = app_at(i);
        char dir[300];
        snprintf(dir, sizeof dir, "%s/suite_%s", tmp_dir, app->name);
        if (strstr(app->traits, "clusters")) { /* no trace format for clusters: the writer refuses them */
            printf("  %-5s not exported: thread block clusters (the writer refuses them)\n", app->name);
            continue;
        }
        double a = now_s();
        if (!export_app(app, dir)) {
            test_case_failed = 1;
            continue;
        }
        double b = now_s();
        cs_error_t err;
        unsigned kernels = 0;
        if (trace_check_dir(dir, &kernels, &err) < 0) {
            /* file:line: what, for the first violation */
            printf("  %s: %s\n", app->name, err.msg);
            test_case_failed = 1;
        } else if (kernels == 0) {
            printf("  %s: no kernel written\n", app->name);
            test_case_failed = 1;
        }
        if (count_r255(dir)) {
            printf("  %s: a kernel file names R255 (RZ) for a real register\n", app->name);
            test_case_failed = 1;
        }
        double c = now_s();
        printf("  %-5s %3u kernel(s)  export %.2f s  check %.2f s\n", app->name, kernels, b - a, c - b);
        total_kernels += kernels;
    }
    printf("  %u workloads, %llu kernels in %.1f s\n", app_count(), total_kernels, now_s() - t0);
}

int main(void)
{
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/ctasim_test_trace_rules_%d", (int)getpid());
    mkdir(tmp_dir, 0777);
    RUN(good_lines_pass);
    RUN(bad_lines_fail);
    RUN(kernelslist_lines);
    RUN(kernel_file_structure);
    RUN(fixtures_against_the_rules);
    RUN(writer_renames_registers);
    RUN(every_workload_exports_within_the_rules);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmp_dir);
    TEST_EXIT();
}
