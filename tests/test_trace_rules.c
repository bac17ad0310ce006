/* test_trace_rules.c — the Accel-Sim trace checker (frontend/trace_rules.h)
 * on hand-written good and bad lines and files. Run from the repository
 * root (fixtures under tests/data/traces/). */
#include <sys/stat.h>
#include <unistd.h>

#include "frontend/trace_reader.h"
#include "frontend/trace_rules.h"
#include "test.h"

static char tmp_dir[256];

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

int main(void)
{
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/ctasim_test_trace_rules_%d", (int)getpid());
    mkdir(tmp_dir, 0777);
    RUN(good_lines_pass);
    RUN(bad_lines_fail);
    RUN(kernelslist_lines);
    RUN(kernel_file_structure);
    RUN(fixtures_against_the_rules);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmp_dir);
    TEST_EXIT();
}
