/* test_ptx_ops.c — PTX opcode semantics against C reference values,
 * reconvergence, calls, memory spaces, atomics, the timing view of
 * instructions, and parser errors. Each case is a tiny hand-written kernel
 * run through the runtime's functional executor: thread t reads in[t] (u64)
 * and writes out[t] (u64). */
#include "ctasim_runtime.h"
#include "frontend/ptx/ptx_ir.h"
#include "frontend/ptx/ptx_regs.h"
#include "frontend/ptx/ptx_source.h"
#include "test.h"

#include <math.h>

#define MAXT 128

static const char *prologue =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    "%s\n" /* module-scope extras */
    ".visible .entry k(.param .u64 k_out, .param .u64 k_in)\n{\n"
    ".reg .pred %%p<16>;\n.reg .b16 %%rs<16>;\n.reg .b32 %%r<64>;\n.reg .b64 %%rd<32>;\n"
    ".reg .f32 %%f<32>;\n.reg .f64 %%fd<16>;\n"
    "ld.param.u64 %%rd0, [k_out];\nld.param.u64 %%rd1, [k_in];\n"
    "mov.u32 %%r0, %%tid.x;\nmul.wide.u32 %%rd2, %%r0, 8;\n"
    "add.s64 %%rd3, %%rd0, %%rd2;\nadd.s64 %%rd4, %%rd1, %%rd2;\n"
    "ld.global.u32 %%r1, [%%rd4];\nld.global.u32 %%r2, [%%rd4+4];\nld.global.u64 %%rd5, [%%rd4];\n"
    "%s\nret;\n}\n";

static char last_err[CS_ERRMSG_MAX];

/* Run `body` (with module-scope `extra`) on n threads (one CTA). 0 ok. */
static int run_kernel_src(const char *extra, const char *body, unsigned n, const uint64_t *in, uint64_t *out)
{
    static char src[16384];
    snprintf(src, sizeof src, prologue, extra ? extra : "", body);
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m;
    cs_error_t err = {{0}};
    uint64_t din, dout;
    int rc = -1;
    if (ctasim_module_load_string(rt, "snippet.ptx", src, strlen(src), &m, &err) < 0)
        goto out;
    if (ctasim_malloc(rt, &din, n * 8, &err) || ctasim_malloc(rt, &dout, n * 8, &err) ||
        ctasim_memcpy_htod(rt, din, in, n * 8, &err))
        goto out;
    void *args[] = {&dout, &din};
    dim3_t g = {1, 1, 1}, b = {n, 1, 1};
    if (ctasim_launch(rt, m, "k", g, b, 0, 0, args, 2, &err) || ctasim_memcpy_dtoh(rt, out, dout, n * 8, &err))
        goto out;
    rc = 0;
out:
    snprintf(last_err, sizeof last_err, "%s", err.msg);
    if (rc)
        printf("  error: %s\n", err.msg);
    ctasim_destroy(rt);
    return rc;
}

static uint64_t pack(uint32_t a, uint32_t b) { return a | (uint64_t)b << 32; }
static uint64_t fpack(float a, float b)
{
    uint32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    return pack(x, y);
}
static float f32_of(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* one binary op on (a, b) pairs: out = op(a, b) as 32 bits */
static void binop32(const char *op, unsigned n, const uint64_t *in, uint64_t *out)
{
    char body[256];
    snprintf(body, sizeof body, "%s %%r3, %%r1, %%r2;\nst.global.u32 [%%rd3], %%r3;\n", op);
    memset(out, 0, n * 8);
    run_kernel_src(NULL, body, n, in, out);
}

static void int_arith(void)
{
    uint64_t in[8], out[8];
    in[0] = pack(0x7fffffff, 1);            /* add.sat.s32 overflow */
    in[1] = pack(0x80000000u, 0xffffffffu); /* add.sat.s32 underflow */
    in[2] = pack(5, 7);
    binop32("add.sat.s32", 3, in, out);
    CHECK_EQ((uint32_t)out[0], 0x7fffffff);
    CHECK_EQ((uint32_t)out[1], 0x80000000u);
    CHECK_EQ((uint32_t)out[2], 12);
    in[0] = pack(0x40000000, 8); /* mul.hi.s32: 2^30*8 = 2^33 -> hi = 2 */
    in[1] = pack((uint32_t)-3, 0x7fffffff);
    binop32("mul.hi.s32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], 2);
    CHECK_EQ((int32_t)out[1], (int32_t)(((int64_t)-3 * 0x7fffffff) >> 32));
    binop32("mul.hi.u32", 2, in, out);
    CHECK_EQ((uint32_t)out[1], (uint32_t)(((uint64_t)0xfffffffdu * 0x7fffffff) >> 32));
    /* division: by zero and overflow as sm_7x produces them */
    in[0] = pack(7, 0);
    in[1] = pack((uint32_t)-7, 0);
    in[2] = pack(0x80000000u, (uint32_t)-1);
    in[3] = pack((uint32_t)-7, 2);
    binop32("div.s32", 4, in, out);
    CHECK_EQ((int32_t)out[0], -1);
    CHECK_EQ((int32_t)out[1], 1);
    CHECK_EQ((uint32_t)out[2], 0x80000000u);
    CHECK_EQ((int32_t)out[3], -3);
    binop32("rem.s32", 4, in, out);
    CHECK_EQ((int32_t)out[0], 7);
    CHECK_EQ((int32_t)out[2], 0);
    CHECK_EQ((int32_t)out[3], -1);
    binop32("div.u32", 1, in, out);
    CHECK_EQ((uint32_t)out[0], 0xffffffffu);
    binop32("rem.u32", 1, in, out);
    CHECK_EQ((uint32_t)out[0], 7);
    /* shifts clamp */
    in[0] = pack(0x80000000u, 40);
    in[1] = pack(0x80000000u, 4);
    binop32("shr.s32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], 0xffffffffu);
    CHECK_EQ((uint32_t)out[1], 0xf8000000u);
    binop32("shr.u32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], 0);
    CHECK_EQ((uint32_t)out[1], 0x08000000u);
    binop32("shl.b32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], 0);
    in[0] = pack(3, 0xfffffff0u);
    binop32("min.s32", 1, in, out);
    CHECK_EQ((int32_t)out[0], -16);
    binop32("min.u32", 1, in, out);
    CHECK_EQ((uint32_t)out[0], 3);
    in[0] = pack(0x00123456, 0x00000100); /* mul24: 24-bit operands */
    binop32("mul24.lo.u32", 1, in, out);
    CHECK_EQ((uint32_t)out[0], 0x12345600);
}

static void int_wide_and_bits(void)
{
    uint64_t in[4] = {pack((uint32_t)-5, 100000), pack(0xffffffffu, 0xffffffffu)}, out[4];
    run_kernel_src(NULL, "mul.wide.s32 %rd6, %r1, %r2;\nst.global.u64 [%rd3], %rd6;\n", 2, in, out);
    CHECK_EQ((int64_t)out[0], -500000);
    CHECK_EQ((int64_t)out[1], 1);
    run_kernel_src(NULL, "mul.wide.u32 %rd6, %r1, %r2;\nst.global.u64 [%rd3], %rd6;\n", 2, in, out);
    CHECK_EQ(out[1], 0xfffffffe00000001ull);
    run_kernel_src(NULL, "mad.wide.s32 %rd6, %r1, %r2, 7;\nst.global.u64 [%rd3], %rd6;\n", 1, in, out);
    CHECK_EQ((int64_t)out[0], -499993);
    in[0] = pack(0x00f0f000, 0);
    run_kernel_src(NULL,
                   "popc.b32 %r3, %r1;\nclz.b32 %r4, %r1;\nbrev.b32 %r5, %r1;\nbfind.u32 %r6, %r1;\n"
                   "st.global.u8 [%rd3], %r3;\nst.global.u8 [%rd3+1], %r4;\nst.global.u32 [%rd3+4], %r5;\n"
                   "st.global.u8 [%rd3+2], %r6;\n",
                   1, in, out);
    CHECK_EQ(out[0] & 0xff, 8);
    CHECK_EQ((out[0] >> 8) & 0xff, 8);
    CHECK_EQ((out[0] >> 16) & 0xff, 23);
    CHECK_EQ((uint32_t)(out[0] >> 32), 0x000f0f00);
    in[0] = pack(0xf0f0abcd, 0);
    run_kernel_src(NULL, "bfe.u32 %r3, %r1, 8, 8;\nbfe.s32 %r4, %r1, 24, 8;\n"
                         "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n",
                   1, in, out);
    CHECK_EQ((uint32_t)out[0], 0xab);
    CHECK_EQ((int32_t)(out[0] >> 32), (int32_t)0xfffffff0);
    run_kernel_src(NULL, "bfi.b32 %r3, 5, %r1, 4, 4;\nprmt.b32 %r4, %r1, 0, 0x0123;\n"
                         "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n",
                   1, in, out);
    CHECK_EQ((uint32_t)out[0], 0xf0f0ab5d);
    CHECK_EQ((uint32_t)(out[0] >> 32), 0xcdabf0f0);
    /* 16-bit types and wide registers: cvt, ld.s8 sign extension */
    in[0] = pack(0x0001fffe, 0);
    run_kernel_src(NULL, "cvt.u16.u32 %rs1, %r1;\nadd.s16 %rs2, %rs1, 3;\ncvt.s32.s16 %r3, %rs2;\n"
                         "ld.global.s8 %r4, [%rd4+1];\nst.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n",
                   1, in, out);
    CHECK_EQ((int32_t)out[0], 1);
    CHECK_EQ((int32_t)(out[0] >> 32), -1);
}

/* shf: funnel shift of {b:a} (b the upper word); the amount is taken mod 32
 * (.wrap) or clamped to 32 (.clamp). Rotates compile to shf.l.wrap with
 * a == b. Every thread has (a, b) = (0x89abcdef, 0x01234567) and shifts by
 * 0, 7, 32 or 39 (by its index) and by the immediate 12. */
static uint32_t shf_ref(uint32_t a, uint32_t b, uint32_t c, int left, int clamp)
{
    uint32_t n = clamp ? (c < 32 ? c : 32) : c & 31;
    uint64_t v = (uint64_t)b << 32 | a;
    return left ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
}

static void funnel_shift(void)
{
    static const uint32_t amount[4] = {0, 7, 32, 39};
    static const char *const ops[4] = {"shf.l.wrap.b32", "shf.r.wrap.b32", "shf.l.clamp.b32", "shf.r.clamp.b32"};
    uint64_t in[4], out[4];
    for (unsigned t = 0; t < 4; t++)
        in[t] = pack(0x89abcdefu, 0x01234567u);
    for (unsigned k = 0; k < 4; k++) {
        char body[512];
        /* amount = 7 t + (t >= 2 ? 18 : 0): 0, 7, 32, 39 */
        snprintf(body, sizeof body,
                 "mul.lo.u32 %%r3, %%r0, 7;\nsetp.ge.u32 %%p1, %%r0, 2;\nselp.u32 %%r4, 18, 0, %%p1;\n"
                 "add.u32 %%r3, %%r3, %%r4;\n%s %%r5, %%r1, %%r2, %%r3;\nst.global.u32 [%%rd3], %%r5;\n"
                 "%s %%r6, %%r1, %%r2, 12;\nst.global.u32 [%%rd3+4], %%r6;\n",
                 ops[k], ops[k]);
        CHECK_EQ(run_kernel_src(NULL, body, 4, in, out), 0);
        for (unsigned t = 0; t < 4; t++) {
            CHECK_EQ((uint32_t)out[t], shf_ref(0x89abcdefu, 0x01234567u, amount[t], k % 2 == 0, k >= 2));
            CHECK_EQ((uint32_t)(out[t] >> 32), shf_ref(0x89abcdefu, 0x01234567u, 12, k % 2 == 0, k >= 2));
        }
    }
    /* hand-checked values: rotate left by 7, funnel right by 4 */
    CHECK_EQ(shf_ref(0x80000001u, 0x80000001u, 7, 1, 0), 0x000000c0u);
    CHECK_EQ(shf_ref(0x89abcdefu, 0x01234567u, 4, 0, 0), 0x789abcdeu);
    uint64_t z[1] = {0};
    CHECK_EQ(run_kernel_src(NULL, "shf.l.b32 %r3, %r1, %r2, 1;\n", 1, z, out), -1);
    CHECK(strstr(last_err, "shf needs") != NULL);
}

static void float_rounding_ftz_sat(void)
{
    uint64_t in[4], out[4];
    /* 1 + 2^-30 is not representable: rz/rm round down, rp up, rn to 1 */
    in[0] = fpack(1.0f, ldexpf(1.0f, -30));
    in[1] = fpack(-1.0f, -ldexpf(1.0f, -30));
    binop32("add.rz.f32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], bits_of(1.0f));
    CHECK_EQ((uint32_t)out[1], bits_of(-1.0f));
    binop32("add.rp.f32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], bits_of(nextafterf(1.0f, 2.0f)));
    CHECK_EQ((uint32_t)out[1], bits_of(-1.0f));
    binop32("add.rm.f32", 2, in, out);
    CHECK_EQ((uint32_t)out[1], bits_of(nextafterf(-1.0f, -2.0f)));
    binop32("add.rn.f32", 2, in, out);
    CHECK_EQ((uint32_t)out[0], bits_of(1.0f));
    binop32("add.f32", 2, in, out); /* default is rn */
    CHECK_EQ((uint32_t)out[0], bits_of(1.0f));
    /* ftz: a subnormal input is flushed, so x * 2^10 stays 0 */
    float sub = ldexpf(1.0f, -140);
    in[0] = fpack(sub, 1024.0f);
    binop32("mul.ftz.f32", 1, in, out);
    CHECK_EQ((uint32_t)out[0], 0);
    binop32("mul.f32", 1, in, out);
    CHECK_EQ(f32_of(out[0]), sub * 1024.0f);
    /* sat clamps to [0,1] and NaN to 0 */
    in[0] = fpack(0.75f, 0.5f);
    in[1] = fpack(-3.0f, 1.0f);
    in[2] = fpack(NAN, 1.0f);
    binop32("add.sat.f32", 3, in, out);
    CHECK_EQ(f32_of(out[0]), 1.0f);
    CHECK_EQ(f32_of(out[1]), 0.0f);
    CHECK_EQ(f32_of(out[2]), 0.0f);
    /* min/max with NaN return the number */
    binop32("min.f32", 3, in, out);
    CHECK_EQ(f32_of(out[2]), 1.0f);
    /* fma is fused: a*b+c with one rounding */
    float a = 1.0f + ldexpf(1.0f, -12), c = -(1.0f + ldexpf(1.0f, -11));
    in[0] = fpack(a, c);
    run_kernel_src(NULL, "mov.b32 %f1, %r1;\nmov.b32 %f2, %r2;\nfma.rn.f32 %f3, %f1, %f1, %f2;\nst.global.f32 [%rd3], %f3;\n",
                   1, in, out);
    CHECK_EQ(f32_of(out[0]), fmaf(a, a, c));
    CHECK(f32_of(out[0]) != 0.0f);
    /* sfu approximations */
    in[0] = fpack(3.0f, 0.0f);
    run_kernel_src(NULL, "mov.b32 %f1, %r1;\nex2.approx.ftz.f32 %f2, %f1;\nlg2.approx.f32 %f3, %f2;\n"
                         "st.global.f32 [%rd3], %f2;\nst.global.f32 [%rd3+4], %f3;\n",
                   1, in, out);
    CHECK_NEAR(f32_of(out[0]), 8.0, 1e-5);
    CHECK_NEAR(f32_of(out[0] >> 32), 3.0, 1e-5);
    /* hex float immediates, f64 */
    run_kernel_src(NULL, "mov.f64 %fd1, 0d4000000000000000;\nmul.f64 %fd2, %fd1, 0d3FF8000000000000;\n"
                         "st.global.f64 [%rd3], %fd2;\n",
                   1, in, out);
    double d;
    memcpy(&d, &out[0], 8);
    CHECK_EQ(d, 3.0);
}

static void cvt_and_compare(void)
{
    uint64_t in[6], out[6];
    in[0] = fpack(1e10f, 0);
    in[1] = fpack(-1e10f, 0);
    in[2] = fpack(NAN, 0);
    in[3] = fpack(2.5f, 0);
    in[4] = fpack(-2.5f, 0);
    in[5] = fpack(3.5f, 0);
    run_kernel_src(NULL, "mov.b32 %f1, %r1;\ncvt.rzi.s32.f32 %r3, %f1;\ncvt.rni.s32.f32 %r4, %f1;\n"
                         "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n",
                   6, in, out);
    CHECK_EQ((int32_t)out[0], INT32_MAX);
    CHECK_EQ((int32_t)out[1], INT32_MIN);
    CHECK_EQ((int32_t)out[2], 0);
    CHECK_EQ((int32_t)out[3], 2);
    CHECK_EQ((int32_t)(out[3] >> 32), 2); /* round half to even */
    CHECK_EQ((int32_t)(out[4] >> 32), -2);
    CHECK_EQ((int32_t)(out[5] >> 32), 4);
    run_kernel_src(NULL, "mov.b32 %f1, %r1;\ncvt.rzi.u32.f32 %r3, %f1;\ncvt.rmi.f32.f32 %f2, %f1;\n"
                         "st.global.u32 [%rd3], %r3;\nst.global.f32 [%rd3+4], %f2;\n",
                   6, in, out);
    CHECK_EQ((uint32_t)out[1], 0); /* negative -> 0 for unsigned */
    CHECK_EQ(f32_of(out[4] >> 32), -3.0f);
    in[0] = pack(300, 0);
    in[1] = pack((uint32_t)-5, 0);
    run_kernel_src(NULL, "cvt.sat.u8.s32 %r3, %r1;\ncvt.sat.s8.s32 %r4, %r1;\ncvt.u8.u32 %r5, %r1;\n"
                         "st.global.u8 [%rd3], %r3;\nst.global.u8 [%rd3+1], %r4;\nst.global.u8 [%rd3+2], %r5;\n",
                   2, in, out);
    CHECK_EQ(out[0] & 0xff, 255);
    CHECK_EQ((out[0] >> 8) & 0xff, 127);
    CHECK_EQ((out[0] >> 16) & 0xff, 44);
    CHECK_EQ(out[1] & 0xff, 0);
    CHECK_EQ((out[1] >> 8) & 0xff, 0xfb);
    /* f16 round trip and int -> float */
    in[0] = pack(0x3e00 /* 1.5 */, 16777217);
    run_kernel_src(NULL, "cvt.u16.u32 %rs1, %r1;\ncvt.f32.f16 %f1, %rs1;\ncvt.rn.f32.u32 %f2, %r2;\n"
                         "cvt.rz.f32.u32 %f3, %r2;\nst.global.f32 [%rd3], %f1;\nst.global.f32 [%rd3+4], %f2;\n",
                   1, in, out);
    CHECK_EQ(f32_of(out[0]), 1.5f);
    CHECK_EQ(f32_of(out[0] >> 32), 16777216.0f);
    /* setp: ordered vs unordered with NaN, and combination */
    in[0] = fpack(NAN, 1.0f);
    in[1] = fpack(0.5f, 1.0f);
    run_kernel_src(NULL, "mov.b32 %f1, %r1;\nmov.b32 %f2, %r2;\nsetp.lt.f32 %p1, %f1, %f2;\nsetp.ltu.f32 %p2, %f1, %f2;\n"
                         "setp.nan.f32 %p3, %f1, %f2;\nsetp.ge.and.f32 %p4|%p5, %f1, %f2, %p2;\n"
                         "selp.u32 %r3, 1, 0, %p1;\nselp.u32 %r4, 1, 0, %p2;\nselp.u32 %r5, 1, 0, %p3;\nselp.u32 %r6, 1, 0, %p5;\n"
                         "st.global.u8 [%rd3], %r3;\nst.global.u8 [%rd3+1], %r4;\nst.global.u8 [%rd3+2], %r5;\n"
                         "st.global.u8 [%rd3+3], %r6;\n",
                   2, in, out);
    CHECK_EQ(out[0] & 0xffffffff, 0x01010100); /* lt=0 ltu=1 nan=1, q = !ge & ltu = 1 */
    CHECK_EQ(out[1] & 0xffffffff, 0x01000101);
}

static void warp_ops(void)
{
    uint64_t in[64] = {0}, out[64];
    for (int i = 0; i < 64; i++)
        in[i] = pack(i * 10, i);
    run_kernel_src(NULL, "shfl.sync.down.b32 %r3|%p1, %r1, 1, 0x1f, -1;\nshfl.sync.bfly.b32 %r4, %r1, 3, 0x1f, -1;\n"
                         "selp.u32 %r5, 1, 0, %p1;\nst.global.u32 [%rd3], %r3;\nst.global.u16 [%rd3+4], %r4;\n"
                         "st.global.u8 [%rd3+6], %r5;\n",
                   64, in, out);
    CHECK_EQ((uint32_t)out[0], 10);
    CHECK_EQ((uint32_t)out[31], 310); /* out of range: own value, p = 0 */
    CHECK_EQ((out[31] >> 48) & 0xff, 0);
    CHECK_EQ((out[30] >> 48) & 0xff, 1);
    CHECK_EQ((out[5] >> 32) & 0xffff, 60);
    CHECK_EQ((uint32_t)out[32], 330);
    run_kernel_src(NULL, "and.b32 %r3, %r2, 1;\nsetp.eq.u32 %p1, %r3, 1;\nvote.sync.ballot.b32 %r4, %p1, -1;\n"
                         "vote.sync.any.pred %p2, %p1, -1;\nvote.sync.all.pred %p3, %p1, -1;\n"
                         "selp.u32 %r5, 1, 0, %p2;\nselp.u32 %r6, 1, 0, %p3;\nactivemask.b32 %r7;\n"
                         "st.global.u32 [%rd3], %r4;\nst.global.u8 [%rd3+4], %r5;\nst.global.u8 [%rd3+5], %r6;\n",
                   40, in, out);
    CHECK_EQ((uint32_t)out[0], 0xaaaaaaaau);
    CHECK_EQ((uint32_t)out[35], 0xaau);
    CHECK_EQ((out[0] >> 32) & 0xffff, 1);
}

/* nested divergence: path id from two nested conditions, then a shuffle that
 * needs every lane reconverged */
static void reconvergence_nested(void)
{
    uint64_t in[32] = {0}, out[32];
    const char *body =
        "and.b32 %r3, %r0, 1;\nand.b32 %r4, %r0, 2;\nmov.u32 %r5, 0;\n"
        "setp.eq.u32 %p1, %r3, 0;\n@%p1 bra EVEN;\n"
        "  setp.eq.u32 %p2, %r4, 0;\n  @%p2 bra ODD_A;\n  mov.u32 %r5, 3;\n  bra ODD_END;\n"
        "ODD_A:\n  mov.u32 %r5, 1;\nODD_END:\n  bra JOIN;\n"
        "EVEN:\n  setp.eq.u32 %p3, %r4, 0;\n  @%p3 bra JOIN;\n  mov.u32 %r5, 2;\n"
        "JOIN:\nactivemask.b32 %r6;\nshfl.sync.idx.b32 %r7, %r5, 3, 0x1f, -1;\n"
        "st.global.u8 [%rd3], %r5;\nst.global.u32 [%rd3+4], %r6;\nst.global.u8 [%rd3+1], %r7;\n";
    CHECK_EQ(run_kernel_src(NULL, body, 32, in, out), 0);
    for (int t = 0; t < 32; t++) {
        int want = (t & 1) ? ((t & 2) ? 3 : 1) : ((t & 2) ? 2 : 0);
        CHECK_EQ(out[t] & 0xff, want);
        CHECK_EQ((uint32_t)(out[t] >> 32), 0xffffffffu);
        CHECK_EQ((out[t] >> 8) & 0xff, 3);
    }
}

/* loop with per-thread trip count (tid), early exit of every third thread,
 * and a barrier afterwards that only the survivors reach */
static void reconvergence_loops_and_exit(void)
{
    uint64_t in[64] = {0}, out[64];
    const char *body =
        "mov.u32 %r3, 0;\nmov.u32 %r4, 0;\n"
        "setp.eq.u32 %p5, %r0, 0;\n@%p5 bra DONE;\n"
        "LOOP:\n  add.s32 %r4, %r4, %r3;\n  add.s32 %r3, %r3, 1;\n  setp.lt.u32 %p1, %r3, %r0;\n  @%p1 bra LOOP;\n"
        "DONE:\nrem.u32 %r5, %r0, 3;\nsetp.eq.u32 %p2, %r5, 0;\n@%p2 bra EARLY;\n"
        "activemask.b32 %r6;\nbar.sync 0;\nst.global.u32 [%rd3], %r4;\nst.global.u32 [%rd3+4], %r6;\nexit;\n"
        "EARLY:\nst.global.u32 [%rd3], 777;\nexit;\n";
    CHECK_EQ(run_kernel_src(NULL, body, 64, in, out), 0);
    for (unsigned t = 0; t < 64; t++) {
        if (t % 3 == 0) {
            CHECK_EQ((uint32_t)out[t], 777);
            continue;
        }
        CHECK_EQ((uint32_t)out[t], t * (t - 1) / 2);
        uint32_t mask = 0;
        for (unsigned l = 0; l < 32; l++)
            if (((t & ~31u) + l) % 3 != 0)
                mask |= 1u << l;
        CHECK_EQ((uint32_t)(out[t] >> 32), mask);
    }
}

/* .func call with .param arguments and return value; .local array; calls
 * from divergent lanes */
static void calls_and_local(void)
{
    const char *extra =
        ".func (.param .b32 sq_ret) sq(.param .b32 sq_x, .param .b32 sq_y)\n{\n"
        ".reg .b32 %r<4>;\n.local .align 4 .b8 buf[16];\n.reg .b64 %rd<3>;\n"
        "ld.param.b32 %r1, [sq_x];\nld.param.b32 %r2, [sq_y];\n"
        "mov.u64 %rd1, buf;\nst.local.u32 [%rd1+8], %r1;\nld.local.u32 %r3, [buf+8];\n"
        "mad.lo.s32 %r3, %r3, %r3, %r2;\nst.param.b32 [sq_ret], %r3;\nret;\n}\n";
    const char *body =
        "setp.lt.u32 %p1, %r0, 5;\n@%p1 bra SKIP;\n"
        "{\n.param .b32 a0;\n.param .b32 a1;\nst.param.b32 [a0], %r0;\nst.param.b32 [a1], 1;\n"
        ".param .b32 rv;\ncall.uni (rv), sq, (a0, a1);\nld.param.b32 %r3, [rv];\n}\n"
        "st.global.u32 [%rd3], %r3;\nSKIP:\nret;\n";
    uint64_t in[40] = {0}, out[40];
    CHECK_EQ(run_kernel_src(extra, body, 40, in, out), 0);
    for (unsigned t = 0; t < 40; t++)
        CHECK_EQ((uint32_t)out[t], t < 5 ? 0 : t * t + 1);
}

/* atomics on shared and global, deterministic; bar.sync between two warps;
 * module .global with initialiser and .const */
static void atomics_shared_barrier(void)
{
    const char *extra = ".global .align 4 .u32 counter[1] = {100};\n.const .align 4 .b32 tab[4] = {5, 6, 7, 8};\n"
                        ".shared .align 4 .b32 sh[64];\n";
    const char *body =
        "mov.u64 %rd6, counter;\natom.global.add.u32 %r3, [%rd6], 1;\n"
        "mov.u32 %r8, sh;\nshl.b32 %r9, %r0, 2;\nadd.s32 %r10, %r8, %r9;\nst.shared.u32 [%r10], %r0;\n"
        "atom.shared.max.s32 %r11, [sh+252], %r0;\n"
        "bar.sync 0;\n"
        "xor.b32 %r12, %r0, 32;\nshl.b32 %r13, %r12, 2;\nadd.s32 %r14, %r8, %r13;\nld.shared.u32 %r15, [%r14];\n"
        "and.b32 %r16, %r0, 3;\nshl.b32 %r16, %r16, 2;\nmov.u64 %rd7, tab;\ncvt.u64.u32 %rd8, %r16;\nadd.s64 %rd7, %rd7, %rd8;\n"
        "ld.const.u32 %r17, [%rd7];\nadd.s32 %r15, %r15, %r17;\n"
        "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r15;\n";
    uint64_t in[64] = {0}, out[64];
    CHECK_EQ(run_kernel_src(extra, body, 64, in, out), 0);
    for (unsigned t = 0; t < 64; t++) {
        CHECK_EQ((uint32_t)out[t], 100 + t); /* lane order within warp, warps in order */
        CHECK_EQ((uint32_t)(out[t] >> 32), (t ^ 32) + 5 + (t & 3));
    }
}

static void vector_ld_st_and_generic(void)
{
    const char *body =
        "ld.global.v2.u32 {%r3, %r4}, [%rd4];\nadd.s32 %r5, %r3, %r4;\n"
        "mov.b64 %rd6, {%r4, %r3};\ncvta.to.global.u64 %rd7, %rd3;\ncvta.global.u64 %rd8, %rd7;\n"
        "st.u64 [%rd8], %rd6;\n"
        ".shared .align 8 .b8 s[256];\nmov.u64 %rd9, s;\ncvta.shared.u64 %rd10, %rd9;\nmul.wide.u32 %rd11, %r0, 4;\n"
        "add.s64 %rd10, %rd10, %rd11;\nst.u32 [%rd10], %r5;\nld.shared.u32 %r6, [%rd9];\n"
        "st.global.u8 [%rd3+3], %r6;\n";
    uint64_t in[4] = {pack(1, 2), pack(3, 4)}, out[4];
    CHECK_EQ(run_kernel_src(NULL, body, 2, in, out), 0);
    CHECK_EQ(out[0], pack(2, 1) | (3ull << 24));
    CHECK_EQ(out[1], pack(4, 3) | (3ull << 24));
}

static void runtime_errors_name_kernel(void)
{
    uint64_t in[1] = {0}, out[1];
    CHECK_EQ(run_kernel_src(NULL, "ld.global.u32 %r3, [%rd5+8];\n", 1, in, out), -1);
    CHECK(strstr(last_err, "kernel 'k'") && strstr(last_err, "out-of-bounds global read"));
    CHECK(strstr(last_err, "snippet.ptx:") != NULL);
    CHECK_EQ(run_kernel_src(NULL, ".local .b8 l[8];\nld.local.u32 %r3, [l+8];\n", 1, in, out), -1);
    CHECK(strstr(last_err, "out-of-bounds local read") != NULL);
    CHECK_EQ(run_kernel_src(NULL, "st.global.u32 [%rd3+8], %r1;\n", 1, in, out), -1);
    CHECK(strstr(last_err, "write") != NULL);
}

static void parse_errors(void)
{
    uint64_t in[1] = {0}, out[1];
    CHECK_EQ(run_kernel_src(NULL, "tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [t, {%f1,%f1}];\n", 1, in, out), -1);
    CHECK(strstr(last_err, "snippet.ptx:") && strstr(last_err, "unsupported opcode 'tex.2d"));
    CHECK_EQ(run_kernel_src(NULL, "add.f32.bogus %f1, %f2, %f3;\n", 1, in, out), -1);
    CHECK(strstr(last_err, "modifier '.bogus'") != NULL);
    CHECK_EQ(run_kernel_src(NULL, "bra NOWHERE;\n", 1, in, out), -1);
    CHECK(strstr(last_err, "undefined label 'NOWHERE'") != NULL);
    CHECK_EQ(run_kernel_src(NULL, "add.s32 %r1, %q9, 1;\n", 1, in, out), -1);
    CHECK(strstr(last_err, "unknown register '%q9'") != NULL);
    CHECK_EQ(run_kernel_src(NULL, "add.s32 %r1, 0x;\n", 1, in, out), -1);
    CHECK_EQ(run_kernel_src(NULL, "add.s32 %r1, %r2;\n", 1, in, out), -1);
    CHECK(strstr(last_err, "operands") != NULL);
    /* carry only on integer add/sub/mad (32-bit; add/sub 64-bit too) */
    CHECK_EQ(run_kernel_src(NULL, "add.cc.f32 %f1, %f2, %f3;\n", 1, in, out), -1);
    CHECK(strstr(last_err, "with carry") != NULL);
    CHECK_EQ(run_kernel_src(NULL, "mul.lo.cc.u32 %r1, %r2, %r3;\n", 1, in, out), -1);
    CHECK_EQ(run_kernel_src(NULL, "ld.global.v4.u32 {%r1,%r2}, [%rd1];\n", 1, in, out), -1);
    /* the line number is the offending line */
    cs_error_t err;
    const char *src = ".version 9.0\n.target sm_75\n.address_size 64\n.visible .entry e()\n{\n\tret;\n\tfoo.bar 1;\n}\n";
    CHECK(ptx_parse("x.ptx", src, strlen(src), &err) == NULL);
    CHECK(strncmp(err.msg, "x.ptx:7: unsupported opcode 'foo.bar'", 37) == 0);
    /* truncated inputs never crash */
    for (size_t n = 0; n < strlen(src); n++) {
        ptx_module_t *m = ptx_parse("x.ptx", src, n, &err);
        ptx_module_free(m);
    }
}

/* Parse a one-kernel module whose first lines are `head`; 0 if it parses, else
 * -1 with the message in err. */
static int parse_with_head(const char *head, cs_error_t *err)
{
    char src[512];
    snprintf(src, sizeof src, "%s\n.target sm_75\n.address_size 64\n.visible .entry e()\n{\n\tret;\n}\n", head);
    ptx_module_t *m = ptx_parse("v.ptx", src, strlen(src), err);
    ptx_module_free(m);
    return m ? 0 : -1;
}

/* Like ptxas, a .version newer than the newest PTX ISA version known is an
 * error naming the file and line, not a module parsed on guesses; the known
 * versions, including the committed workloads' 9.0, parse. */
static void ptx_version_newer_than_known_is_an_error(void)
{
    cs_error_t err;
    CHECK_EQ(parse_with_head("// generated\n.version 99.9", &err), -1);
    CHECK(strcmp(err.msg, "v.ptx:2: PTX ISA version 99.9 is newer than the newest this simulator knows (9.0)") == 0);
    CHECK_EQ(parse_with_head(".version 9.1", &err), -1);
    CHECK(strcmp(err.msg, "v.ptx:1: PTX ISA version 9.1 is newer than the newest this simulator knows (9.0)") == 0);
    /* fields are compared as numbers: 9.10 is not 9.1, and is newer than 9.0 */
    CHECK_EQ(parse_with_head(".version 9.10", &err), -1);
    CHECK(strstr(err.msg, "version 9.10 is newer") != NULL);
    CHECK_EQ(parse_with_head(".version 10.0", &err), -1);
    CHECK_EQ(parse_with_head(".version 123456789012345678901234567890.0", &err), -1);
    CHECK(strstr(err.msg, "is newer than the newest") != NULL);
    CHECK_EQ(parse_with_head(".version 9.0", &err), 0);
    CHECK_EQ(parse_with_head(".version 8.8", &err), 0);
    CHECK_EQ(parse_with_head(".version 1.4", &err), 0);
    static const char *const malformed[] = {".version", ".version 9", ".version 9.", ".version 9.0e1", ".version abc",
                                            ".version\n9.0"};
    for (size_t i = 0; i < CS_ARRAY_LEN(malformed); i++) {
        CHECK_EQ(parse_with_head(malformed[i], &err), -1);
        if (strcmp(err.msg, "v.ptx:1: malformed .version (expected MAJOR.MINOR, such as .version 9.0)") != 0) {
            printf("  '%s': %s\n", malformed[i], err.msg);
            test_case_failed = 1;
        }
    }
}

static void parse_real_module(void)
{
    cs_error_t err;
    ptx_module_t *m = ptx_parse_file("workloads/ptx/mmul.ptx", &err);
    CHECK(m != NULL);
    if (!m)
        return;
    int k = ptx_find_function(m, "mmul");
    CHECK(k >= 0);
    CHECK_EQ(m->static_shared_bytes, 2048);
    const ptx_function_t *f = &m->funcs[k];
    CHECK_EQ(f->n_params, 4);
    CHECK_EQ(f->param_bytes, 28);
    CHECK(f->n_regs >= 12 + 63 + 37 + 16);
    ptx_module_free(m);
}

/* the timing view: units, latency classes, flags, registers, masks, addresses */
static void timing_view(void)
{
    const char *src =
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry t(.param .u64 t_p)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .f32 %f<4>;\n"
        ".reg .f64 %fd<3>;\n.reg .b64 %rd<4>;\n"
        "ld.param.u64 %rd1, [t_p];\n"                     /* 0 */
        "mov.u32 %r1, %tid.x;\n"                          /* 1 */
        "fma.rn.f32 %f1, %f2, %f3, %f1;\n"                /* 2 */
        "mul.lo.s32 %r2, %r1, %r1;\n"                     /* 3 */
        "div.s32 %r3, %r2, 3;\n"                          /* 4 */
        "sin.approx.f32 %f2, %f1;\n"                      /* 5 */
        "add.f64 %fd1, %fd2, %fd2;\n"                     /* 6 */
        "mul.wide.u32 %rd2, %r1, 4;\n"                    /* 7 */
        "add.s64 %rd3, %rd1, %rd2;\n"                     /* 8 */
        "setp.lt.u32 %p1, %r1, 3;\n"                      /* 9 */
        "@%p1 ld.global.v2.f32 {%f1, %f2}, [%rd3+8];\n"   /* 10 */
        "bar.sync 0;\n"                                   /* 11 */
        "@!%p1 bra L;\n"                                  /* 12 */
        "L:\nret;\n}\n";                                  /* 13 */
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *mod;
    cs_error_t err = {{0}};
    CHECK_EQ(ctasim_module_load_string(rt, "t.ptx", src, strlen(src), &mod, &err), 0);
    uint64_t buf;
    ctasim_malloc(rt, &buf, 4096, &err);
    ptx_module_t *pm = ptx_parse("t.ptx", src, strlen(src), &err);
    ptx_device_memory_t *mem = ptx_mem_create();
    kernel_desc_t k;
    dim3_t g = {1, 1, 1}, b = {8, 1, 1};
    uint64_t dbuf = 0;
    CHECK(pm != NULL);
    if (!pm) {
        ctasim_destroy(rt);
        ptx_mem_destroy(mem);
        return;
    }
    dbuf = ptx_mem_alloc(mem, 4096);
    CHECK_EQ(ptx_kernel_desc(pm, "t", g, b, (dim3_t){0, 0, 0}, 0, &dbuf, 8, mem, 0, &k, &err), 0);
    /* no report beside "t.ptx" and not from a file: the liveness estimate */
    CHECK_EQ(k.regs_per_thread, ptx_estimate_regs(pm, (uint32_t)ptx_find_function(pm, "t")));
    CHECK(k.regs_per_thread >= PTX_REGS_OVERHEAD && k.regs_per_thread <= PTX_REGS_MAX);
    void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
    const warp_inst_t *in;
    warp_inst_t seen[16];
    int n = 0;
    while (n < 16 && cta_source_next_now(k.ops, k.src, cta, 0, &in, &err) == 1) {
        seen[n] = *in;
        if (in->addr)
            for (int l = 0; l < 3; l++)
                CHECK_EQ(in->addr[l], dbuf + 8 + 4 * l);
        n++;
    }
    CHECK_EQ(n, 14);
    CHECK_EQ(seen[0].unit, UNIT_INT); /* kernel parameter: constant-bank move */
    CHECK_EQ(seen[2].unit, UNIT_SP);
    CHECK_EQ(seen[2].lat, LAT_FP_MAD);
    CHECK_EQ(seen[3].unit, UNIT_INT);
    CHECK_EQ(seen[3].lat, LAT_INT_MUL);
    CHECK_EQ(seen[4].lat, LAT_INT_DIV);
    CHECK_EQ(seen[5].unit, UNIT_SFU);
    CHECK_EQ(seen[6].unit, UNIT_DP);
    CHECK_EQ(seen[10].unit, UNIT_LDST);
    CHECK_EQ(seen[10].space, SPACE_GLOBAL);
    CHECK_EQ(seen[10].flags, INST_LOAD);
    CHECK_EQ(seen[10].access_size, 8);
    CHECK_EQ(seen[10].active_mask, 0x7);
    CHECK_EQ(seen[10].ndst, 2);
    CHECK_EQ(seen[10].nsrc, 2); /* address register + guard */
    CHECK_EQ(seen[11].flags, INST_BARRIER);
    CHECK_EQ(seen[12].unit, UNIT_BRANCH);
    CHECK_EQ(seen[12].active_mask, 0xf8);
    CHECK_EQ(seen[13].flags, INST_EXIT);
    CHECK_EQ(seen[13].active_mask, 0xff);
    CHECK_EQ(seen[3].dst[0], seen[4].src[0]); /* scoreboard dependency r2 */
    CHECK_EQ(seen[1].pc + 16, seen[2].pc);
    k.ops->cta_end(k.src, cta);
    k.ops->destroy(k.src);
    ptx_module_free(pm);
    ptx_mem_destroy(mem);
    ctasim_destroy(rt);
}

/* The interpreter shares register slots between registers that are never
 * live together (ptx_slots.c): values must be exactly those of one slot per
 * register. %r10 and %r20 (for t >= 16) are read before any write (0), with
 * temporaries written around them; a guarded write must not end %r20's
 * earlier value; a loop carries %r30 across temporaries of its body. */
static void register_slots_keep_values(void)
{
    uint64_t in[32], out[32];
    for (int t = 0; t < 32; t++)
        in[t] = pack((uint32_t)t * 3, 5);
    const char *body =
        "add.s32 %r11, %r10, 1;\n"
        "add.s32 %r21, %r1, 100;\nmul.lo.s32 %r22, %r21, 2;\nxor.b32 %r23, %r22, %r11;\n"
        "setp.lt.u32 %p1, %r0, 16;\n@%p1 mov.u32 %r20, 7;\n"
        "add.s32 %r24, %r23, %r20;\n"
        "mov.u32 %r30, 0;\nmov.u32 %r31, 0;\n"
        "LOOP:\n  add.s32 %r32, %r31, %r2;\n  add.s32 %r30, %r30, %r32;\n  add.s32 %r31, %r31, 1;\n"
        "  setp.lt.u32 %p2, %r31, 4;\n  @%p2 bra LOOP;\n"
        "shl.b32 %r25, %r30, 16;\nadd.s32 %r26, %r25, %r20;\n"
        "st.global.u32 [%rd3], %r24;\nst.global.u32 [%rd3+4], %r26;\n";
    CHECK_EQ(run_kernel_src(NULL, body, 32, in, out), 0);
    for (uint32_t t = 0; t < 32; t++) {
        uint32_t r20 = t < 16 ? 7 : 0, r11 = 1;
        uint32_t r24 = (((t * 3 + 100) * 2) ^ r11) + r20;
        uint32_t r30 = 0;
        for (uint32_t i = 0; i < 4; i++)
            r30 += i + 5;
        CHECK_EQ((uint32_t)out[t], r24);
        CHECK_EQ((uint32_t)(out[t] >> 32), (r30 << 16) + r20);
    }
    /* and the sharing happened: far fewer slots than declared registers */
    static char src[16384];
    snprintf(src, sizeof src, prologue, "", body);
    cs_error_t err = {{0}};
    ptx_module_t *m = ptx_parse("slots.ptx", src, strlen(src), &err);
    CHECK(m != NULL);
    if (m) {
        const ptx_function_t *f = &m->funcs[ptx_find_function(m, "k")];
        CHECK(f->xinsts != NULL);
        CHECK(f->n_slots > 0 && f->n_slots * 4 < f->n_regs);
        ptx_module_free(m);
    }
}

/* Constructs nvcc 13 emits for the vendored suites' programs (docs/SUITES.md),
 * one check each. */
/* The warp- and CTA-wide operations of sm_70..sm_90 code that nvcc 13 emits
 * for __match_any_sync/__match_all_sync, __reduce_*_sync, __syncthreads_count/
 * _and/_or and __pipeline_memcpy_async (cp.async), on two warps; expected
 * values computed here from their definitions in the PTX ISA. */
static void warp_and_cta_reductions(void)
{
    uint64_t in[64], out[64];
    /* match.any: the lanes of the warp holding the same value; match.all: the
     * whole mask and true if every lane agrees, else 0 and false */
    for (int i = 0; i < 64; i++)
        in[i] = pack((uint32_t)(i % 3), (uint32_t)(i / 32 + 7));
    CHECK_EQ(run_kernel_src(NULL, "match.any.sync.b32 %r3, %r1, -1;\nmatch.all.sync.b32 %r4|%p1, %r2, -1;\n"
                                  "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n", 64, in, out), 0);
    for (unsigned i = 0; i < 64; i++) {
        uint32_t want = 0;
        for (unsigned m = 0; m < 32; m++)
            if ((i / 32 * 32 + m) % 3 == i % 3)
                want |= 1u << m;
        CHECK_EQ((uint32_t)out[i], want);
        CHECK_EQ((uint32_t)(out[i] >> 32), 0xffffffffu);
    }
    CHECK_EQ(run_kernel_src(NULL, "match.all.sync.b32 %r3|%p1, %r1, -1;\nselp.u32 %r4, 1, 0, %p1;\n"
                                  "match.all.sync.b32 %r5|%p2, %r2, -1;\nselp.u32 %r6, 256, 0, %p2;\n"
                                  "or.b32 %r4, %r4, %r6;\nst.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n",
                             64, in, out), 0);
    CHECK_EQ(out[5], pack(0, 256));
    CHECK_EQ(out[40], pack(0, 256));

    /* redux.sync over each warp: add and xor and max of u32, min of s32;
     * lanes 0..15 only with a member mask of 0xffff under a guard */
    for (int i = 0; i < 64; i++)
        in[i] = pack((uint32_t)(i * i + 1), (uint32_t)(i % 7 - 3));
    CHECK_EQ(run_kernel_src(NULL, "redux.sync.add.u32 %r3, %r1, -1;\nredux.sync.min.s32 %r4, %r2, -1;\n"
                                  "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n", 64, in, out), 0);
    uint32_t sum[2] = {0}, x[2] = {0}, mx[2] = {0}, sum16[2] = {0};
    for (unsigned w = 0; w < 2; w++)
        for (unsigned m = 0; m < 32; m++) {
            uint32_t v = (32 * w + m) * (32 * w + m) + 1;
            sum[w] += v;
            x[w] ^= v;
            mx[w] = v > mx[w] ? v : mx[w];
            sum16[w] += m < 16 ? v : 0;
        }
    for (unsigned w = 0; w < 2; w++)
        CHECK_EQ(out[32 * w + 3], pack(sum[w], (uint32_t)-3));
    CHECK_EQ(run_kernel_src(NULL, "redux.sync.xor.b32 %r3, %r1, -1;\nredux.sync.max.u32 %r4, %r1, -1;\n"
                                  "st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\n", 64, in, out), 0);
    for (unsigned w = 0; w < 2; w++)
        CHECK_EQ(out[32 * w + 9], pack(x[w], mx[w]));
    CHECK_EQ(run_kernel_src(NULL, "and.b32 %r5, %r0, 31;\nsetp.lt.u32 %p1, %r5, 16;\nmov.u32 %r3, 0;\n"
                                  "@%p1 redux.sync.add.u32 %r3, %r1, 0xffff;\nst.global.u32 [%rd3], %r3;\n", 64, in, out), 0);
    for (unsigned w = 0; w < 2; w++) {
        CHECK_EQ((uint32_t)out[32 * w + 15], sum16[w]);
        CHECK_EQ((uint32_t)out[32 * w + 16], 0);
    }

    /* bar.red over the CTA (64 threads): four in a row on barrier 0, so the
     * generations' slots are reused (popc 13, popc 10, or 1, and 0) */
    for (int i = 0; i < 64; i++)
        in[i] = pack((uint32_t)i, 0);
    CHECK_EQ(run_kernel_src(NULL, "rem.u32 %r3, %r1, 5;\nsetp.eq.u32 %p1, %r3, 0;\nbar.red.popc.u32 %r4, 0, %p1;\n"
                                  "setp.lt.u32 %p2, %r1, 10;\nbar.red.popc.u32 %r5, 0, %p2;\n"
                                  "setp.eq.u32 %p3, %r1, 63;\nbar.red.or.pred %p4, 0, %p3;\n"
                                  "bar.red.and.pred %p5, 0, !%p3;\nselp.u32 %r6, 1, 0, %p4;\nselp.u32 %r7, 2, 0, %p5;\n"
                                  "or.b32 %r6, %r6, %r7;\nshl.b32 %r5, %r5, 8;\nor.b32 %r5, %r5, %r6;\n"
                                  "st.global.u32 [%rd3], %r4;\nst.global.u32 [%rd3+4], %r5;\n", 64, in, out), 0);
    CHECK_EQ(out[0], pack(13, 10 << 8 | 1));
    CHECK_EQ(out[63], pack(13, 10 << 8 | 1));

    /* cp.async: each thread copies its 8 bytes into shared memory, waits,
     * and reads its neighbour's; with a src-size of 4 the upper half is zero */
    for (int i = 0; i < 64; i++)
        in[i] = pack((uint32_t)(i + 100), (uint32_t)(i + 1000));
    const char *sh = ".shared .align 16 .b8 sh[512];\n";
    const char *copy = "mov.u32 %%r3, sh;\nshl.b32 %%r4, %%r0, 3;\nadd.u32 %%r5, %%r3, %%r4;\n"
                       "cp.async.ca.shared.global [%%r5], [%%rd4], 8%s;\ncp.async.commit_group;\ncp.async.wait_group 0;\n"
                       "bar.sync 0;\nxor.b32 %%r6, %%r0, 1;\nshl.b32 %%r6, %%r6, 3;\nadd.u32 %%r7, %%r3, %%r6;\n"
                       "ld.shared.u64 %%rd6, [%%r7];\nst.global.u64 [%%rd3], %%rd6;\n";
    char body[1024];
    snprintf(body, sizeof body, copy, "");
    CHECK_EQ(run_kernel_src(sh, body, 64, in, out), 0);
    CHECK_EQ(out[6], in[7]);
    CHECK_EQ(out[7], in[6]);
    snprintf(body, sizeof body, copy, ", 4");
    CHECK_EQ(run_kernel_src(sh, body, 64, in, out), 0);
    CHECK_EQ(out[6], in[7] & 0xffffffffu);
    /* what is refused, with a line */
    CHECK(run_kernel_src(sh, "cp.async.ca.shared.global [sh], [%rd4], 12;\n", 1, in, out) < 0);
    CHECK(strstr(last_err, "cp.async copies 4, 8 or 16 bytes") != NULL);
    CHECK(run_kernel_src(NULL, "redux.sync.add.b32 %r3, %r1, -1;\n", 1, in, out) < 0);
    CHECK(strstr(last_err, "unsupported redux.sync type .b32") != NULL);
    CHECK(run_kernel_src(NULL, "bar.red.popc.pred %p3, 0, %p1;\n", 1, in, out) < 0);
    CHECK(strstr(last_err, "bar.red.popc is .u32") != NULL);
}

/* Atomics of the widths nvcc 13 emits besides 32/64 bits: add.noftz.f16 and
 * .f16x2 (atomicAdd on __half/__half2), cas.b16 (atomicCAS on unsigned
 * short), and sm_90's vector add .v2.f32 (atomicAdd on float2); 64 threads
 * each add 1 (and 2), one cas wins. Sums of small integers are exact in f16. */
static void atomics_of_every_width(void)
{
    const char *extra = ".global .align 16 .b8 buf[16];\n";
    const char *body = "mov.u64 %rd6, buf;\nmov.b16 %rs1, 0x3c00;\natom.global.add.noftz.f16 %rs2, [%rd6], %rs1;\n"
                       "mov.b32 %r3, 0x40003c00;\natom.global.add.noftz.f16x2 %r4, [%rd6+4], %r3;\n"
                       "mov.b16 %rs3, 7;\natom.global.cas.b16 %rs4, [%rd6+2], 0, %rs3;\n"
                       "mov.f32 %f1, 0f3F800000;\nmov.f32 %f2, 0f40000000;\n"
                       "atom.global.add.v2.f32 {%f3, %f4}, [%rd6+8], {%f1, %f2};\nbar.sync 0;\n"
                       "and.b32 %r5, %r0, 1;\nmul.wide.u32 %rd7, %r5, 8;\nadd.s64 %rd8, %rd6, %rd7;\n"
                       "ld.global.u64 %rd9, [%rd8];\nst.global.u64 [%rd3], %rd9;\n";
    uint64_t in[64] = {0}, out[64];
    CHECK_EQ(run_kernel_src(extra, body, 64, in, out), 0);
    /* f16 64.0 = 0x5400; f16x2 (hi 128.0 = 0x5800, lo 64.0); cas 0 -> 7 once */
    CHECK_EQ(out[0], 0x5800540000075400ull);
    CHECK_EQ(out[1], (uint64_t)bits_of(128.0f) << 32 | bits_of(64.0f));
    CHECK(run_kernel_src(extra, "mov.u64 %rd6, buf;\natom.global.add.u16 %rs2, [%rd6], %rs1;\n", 1, in, out) < 0);
    CHECK(strstr(last_err, "unsupported atomic type .u16") != NULL);
    CHECK(run_kernel_src(extra, "mov.u64 %rd6, buf;\natom.global.exch.v2.f32 {%f3, %f4}, [%rd6], {%f1, %f2};\n", 1, in,
                         out) < 0);
    CHECK(strstr(last_err, "unsupported vector atomic") != NULL);
}

static void suite_constructs(void)
{
    uint64_t in[64] = {0}, out[64];
    for (int i = 0; i < 64; i++)
        in[i] = pack(i, 0);
    /* WARP_SZ, the warp-size constant (cuda-samples reduction's warpSize) */
    run_kernel_src(NULL, "mov.u32 %r3, WARP_SZ;\nadd.u32 %r4, %r3, %r1;\nst.global.u32 [%rd3], %r4;\n", 2, in, out);
    CHECK_EQ((uint32_t)out[0], 32);
    CHECK_EQ((uint32_t)out[1], 33);

    /* carry chains (particlefilter's 64-bit multiply-add as 32-bit words);
     * thread 0 reads r1 = 0xffffffff, r2 = 0x80000001; thread 1 r1 = 0, r2 = 0x10.
     * Each kernel stores hi:lo as one u64. */
    in[0] = pack(0xffffffffu, 0x80000001u);
    in[1] = pack(0, 0x10u);
    static const char *store = "mov.b64 %rd6, {%r3, %r4};\nst.global.u64 [%rd3], %rd6;\n";
    char body[512];
    /* 1:r1 + 2:1: thread 0 carries (4:0), thread 1 does not (2:1) */
    snprintf(body, sizeof body, "add.cc.u32 %%r3, %%r1, 1;\naddc.u32 %%r4, 1, 2;\n%s", store);
    run_kernel_src(NULL, body, 2, in, out);
    CHECK_EQ(out[0], 0x0000000400000000ull);
    CHECK_EQ(out[1], 0x0000000300000001ull);
    /* 5:r1 - 2:1, the flag a borrow: thread 0 none (3:0xfffffffe), thread 1 borrows (2:0xffffffff) */
    snprintf(body, sizeof body, "sub.cc.u32 %%r3, %%r1, 1;\nsubc.u32 %%r4, 5, 2;\n%s", store);
    run_kernel_src(NULL, body, 2, in, out);
    CHECK_EQ(out[0], 0x00000003fffffffeull);
    CHECK_EQ(out[1], 0x00000002ffffffffull);
    /* r2 * 3 + r1 as 64 bits: thread 0 0x1_80000003 + 0xffffffff = 0x2_80000002, thread 1 0x30 */
    snprintf(body, sizeof body, "mad.lo.cc.u32 %%r3, %%r2, 3, %%r1;\nmadc.hi.u32 %%r4, %%r2, 3, 0;\n%s", store);
    run_kernel_src(NULL, body, 2, in, out);
    CHECK_EQ(out[0], 0x0000000280000002ull);
    CHECK_EQ(out[1], 0x0000000000000030ull);
    /* 64-bit add.cc: 0xffffffff_ffffffff + 1 carries into addc */
    snprintf(body, sizeof body,
             "mov.u64 %%rd8, -1;\nadd.cc.u64 %%rd9, %%rd8, 1;\naddc.u32 %%r4, 0, 0;\ncvt.u32.u64 %%r3, %%rd9;\n%s", store);
    run_kernel_src(NULL, body, 1, in, out);
    CHECK_EQ(out[0], 0x0000000100000000ull);
}

/* Run `body` on one thread whose in[0] packs the floats (x, y) into %f1 and
 * %f2, with CTASIM_PTX_CONTRACT / CTASIM_PTX_APPROX set to `contract` /
 * `approx` while the module loads; the f32 the body stores to [%rd3]. */
static float float_rule_run(const char *contract, const char *approx, float x, float y, const char *body)
{
    char src[1024];
    snprintf(src, sizeof src, "mov.b32 %%f1, %%r1;\nmov.b32 %%f2, %%r2;\n%s\n", body);
    setenv("CTASIM_PTX_CONTRACT", contract, 1);
    setenv("CTASIM_PTX_APPROX", approx, 1);
    uint64_t in[1] = {fpack(x, y)}, out[1] = {0};
    int rc = run_kernel_src(NULL, src, 1, in, out);
    unsetenv("CTASIM_PTX_CONTRACT");
    unsetenv("CTASIM_PTX_APPROX");
    CHECK_EQ(rc, 0);
    return f32_of(out[0]);
}

/* Contraction (ptx_contract.c): a = 1 + 2^-12, so a*a = 1 + 2^-11 + 2^-24
 * rounds to 1 + 2^-11 (a tie, to even) and a*a - (1 + 2^-11) is 0 when the
 * product is rounded, 2^-24 when it is fused. An interpreter that never
 * fuses gets 0 everywhere below; one that fuses what the rules forbid (a
 * rounded mul, a product read twice, a block boundary or a source written in
 * between) gets 2^-24 (or garbage) where 0 is expected; one that negates the
 * wrong operand of a sub gets the sign wrong. */
static void contraction_follows_the_rules(void)
{
    const float a = 1.0f + ldexpf(1.0f, -12), c = 1.0f + ldexpf(1.0f, -11), e = ldexpf(1.0f, -24);
    const char *add = "mul.f32 %f3, %f1, %f1;\nneg.f32 %f4, %f2;\nadd.f32 %f5, %f3, %f4;\nst.global.f32 [%rd3], %f5;";
    CHECK_EQ(float_rule_run("first", "exact", a, c, add), e);
    CHECK_EQ(float_rule_run("second", "exact", a, c, add), e);
    CHECK_EQ(float_rule_run("off", "exact", a, c, add), 0.0f);
    /* the addend first: add %f5, %f4, %f3 fuses the second operand */
    CHECK_EQ(float_rule_run("first", "exact", a, c,
                            "mul.f32 %f3, %f1, %f1;\nneg.f32 %f4, %f2;\nadd.f32 %f5, %f4, %f3;\nst.global.f32 [%rd3], %f5;"),
             e);
    /* sub: a*a - c = fma(a, a, -c); c - a*a = fma(-a, a, c) */
    CHECK_EQ(float_rule_run("first", "exact", a, c, "mul.f32 %f3, %f1, %f1;\nsub.f32 %f5, %f3, %f2;\nst.global.f32 [%rd3], %f5;"),
             e);
    CHECK_EQ(float_rule_run("first", "exact", a, c, "mul.f32 %f3, %f1, %f1;\nsub.f32 %f5, %f2, %f3;\nst.global.f32 [%rd3], %f5;"),
             -e);
    /* two products: the mode picks which one is fused */
    const char *two = "mul.f32 %f3, %f1, %f1;\nmul.f32 %f4, %f1, %f1;\nsub.f32 %f5, %f3, %f4;\nst.global.f32 [%rd3], %f5;";
    CHECK_EQ(float_rule_run("first", "exact", a, c, two), e);
    CHECK_EQ(float_rule_run("second", "exact", a, c, two), -e);
    CHECK_EQ(float_rule_run("off", "exact", a, c, two), 0.0f);
    /* what the rules leave alone */
    static const char *const kept[] = {
        "mul.rn.f32 %f3, %f1, %f1;\nsub.f32 %f5, %f3, %f2;\nst.global.f32 [%rd3], %f5;",     /* rounded mul */
        "mul.f32 %f3, %f1, %f1;\nsub.rn.f32 %f5, %f3, %f2;\nst.global.f32 [%rd3], %f5;",     /* rounded sub */
        "mul.f32 %f3, %f1, %f1;\nmov.f32 %f6, %f3;\nsub.f32 %f5, %f3, %f2;\nst.global.f32 [%rd3], %f5;", /* read twice */
        "mul.f32 %f3, %f1, %f1;\nbra L1;\nL1:\nsub.f32 %f5, %f3, %f2;\nst.global.f32 [%rd3], %f5;", /* two blocks */
        "mul.f32 %f3, %f1, %f1;\nmov.f32 %f1, 0f00000000;\nsub.f32 %f5, %f3, %f2;\nst.global.f32 [%rd3], %f5;", /* source written */
        "mul.f32 %f3, %f1, %f1;\nsetp.eq.u32 %p15, %r1, 0;\n@%p15 bra L2;\nL2:\nsub.f32 %f5, %f3, %f2;\n"
        "st.global.f32 [%rd3], %f5;", /* a guarded branch in between */
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(kept); i++) {
        float r = float_rule_run("first", "exact", a, c, kept[i]);
        if (r != 0.0f) {
            printf("  case %zu fused: %g\n", i, (double)r);
            test_case_failed = 1;
        }
    }
    /* f64 fuses too: (1 + 2^-27)^2 - (1 + 2^-26) = 2^-54 fused, 0 rounded */
    const char *f64 = "mov.f64 %fd1, 0d3FF0000002000000;\nmov.f64 %fd2, 0d3FF0000004000000;\nmul.f64 %fd3, %fd1, %fd1;\n"
                      "sub.f64 %fd4, %fd3, %fd2;\nmul.f64 %fd5, %fd4, 0d4350000000000000;\ncvt.rn.f32.f64 %f5, %fd5;\n"
                      "st.global.f32 [%rd3], %f5;"; /* times 2^54: 1 or 0 */
    CHECK_EQ(float_rule_run("first", "exact", 0, 0, f64), 1.0f);
    CHECK_EQ(float_rule_run("off", "exact", 0, 0, f64), 0.0f);
    /* a bad mode is one clear error at load */
    setenv("CTASIM_PTX_CONTRACT", "always", 1);
    uint64_t in[1] = {0}, out[1];
    CHECK(run_kernel_src(NULL, "ret;", 1, in, out) != 0);
    CHECK(strstr(last_err, "CTASIM_PTX_CONTRACT=always: expected first, second or off") != NULL);
    unsetenv("CTASIM_PTX_CONTRACT");
}

/* The .approx edges (ptx_approx.c): low and high move ex2 exactly 2 ulp
 * from the correctly rounded value, and rsqrt, sin and lg2 to within their
 * ISA bound but past half of it (a mode that moved nothing, or past the
 * bound, fails). */
static void approx_edges_stay_within_the_isa_bounds(void)
{
    const float x = 0.3f;
    float r = exp2f(x), lo = float_rule_run("first", "low", x, 0, "ex2.approx.f32 %f3, %f1;\nst.global.f32 [%rd3], %f3;");
    float hi = float_rule_run("first", "high", x, 0, "ex2.approx.ftz.f32 %f3, %f1;\nst.global.f32 [%rd3], %f3;");
    CHECK_EQ(float_rule_run("first", "exact", x, 0, "ex2.approx.f32 %f3, %f1;\nst.global.f32 [%rd3], %f3;"), r);
    CHECK_EQ(lo, nextafterf(nextafterf(r, 0), 0));
    CHECK_EQ(hi, nextafterf(nextafterf(r, 2), 2));
    struct {
        const char *body;
        float in;
        double exact, bound;
    } cases[] = {
        {"rsqrt.approx.f32 %f3, %f1;\nst.global.f32 [%rd3], %f3;", 3.0f, 1 / sqrt(3.0), exp2(-22.9) / sqrt(3.0)},
        {"sin.approx.f32 %f3, %f1;\nst.global.f32 [%rd3], %f3;", 1.0f, sin(1.0), exp2(-20.5)},
        {"lg2.approx.f32 %f3, %f1;\nst.global.f32 [%rd3], %f3;", 1.5f, log2(1.5), exp2(-22)},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(cases); i++)
        for (int dir = -1; dir <= 1; dir += 2) {
            float v = float_rule_run("first", dir < 0 ? "low" : "high", cases[i].in, 0, cases[i].body);
            double d = ((double)v - cases[i].exact) * dir;
            if (!(d <= cases[i].bound && d > cases[i].bound / 2)) {
                printf("  case %zu dir %d: off by %g, bound %g\n", i, dir, d, cases[i].bound);
                test_case_failed = 1;
            }
        }
    setenv("CTASIM_PTX_APPROX", "loose", 1);
    uint64_t in[1] = {0}, out[1];
    CHECK(run_kernel_src(NULL, "ret;", 1, in, out) != 0);
    CHECK(strstr(last_err, "CTASIM_PTX_APPROX=loose: expected exact, low or high") != NULL);
    unsetenv("CTASIM_PTX_APPROX");
}

int main(void)
{
    RUN(int_arith);
    RUN(int_wide_and_bits);
    RUN(funnel_shift);
    RUN(float_rounding_ftz_sat);
    RUN(cvt_and_compare);
    RUN(warp_ops);
    RUN(reconvergence_nested);
    RUN(reconvergence_loops_and_exit);
    RUN(register_slots_keep_values);
    RUN(calls_and_local);
    RUN(atomics_shared_barrier);
    RUN(vector_ld_st_and_generic);
    RUN(runtime_errors_name_kernel);
    RUN(parse_errors);
    RUN(ptx_version_newer_than_known_is_an_error);
    RUN(parse_real_module);
    RUN(timing_view);
    RUN(suite_constructs);
    RUN(warp_and_cta_reductions);
    RUN(atomics_of_every_width);
    RUN(contraction_follows_the_rules);
    RUN(approx_edges_stay_within_the_isa_bounds);
    TEST_EXIT();
}
