/* test_ptx_mma.c — mma.sync on the tensor cores, one instruction per shape
 * and type, against a CPU reference.
 *
 * A one-warp kernel loads every lane's fragment registers from memory
 * (lane l: 16 words; A in words 0-3, B in 4-5, C in 6-9), executes one mma
 * and stores D (words 0-3 of lane l's 4). The test packs random matrices into
 * those words with the lane mapping of the PTX ISA's fragment figures, and
 * unpacks D the same way. The mapping functions below are checked first
 * against entries read off the ISA's figures by hand, so a mapping that
 * were wrong in both the test and the interpreter would still fail. */
#include "ctasim_runtime.h"
#include "frontend/ptx/ptx_float.h"
#include "test.h"

#include <math.h>

enum in_type { F16, BF16, TF32 };

typedef struct mma_case {
    const char *name; /* the PTX modifiers after mma.sync.aligned. */
    unsigned k;
    enum in_type in;
    int f16_acc;      /* C and D are .f16 (two per register) */
} mma_case_t;

/* ---- the ISA's lane mappings, written out for the test ------------------ */

/* element i of lane's A fragment -> (row, col) */
static void a_pos(enum in_type in, unsigned lane, unsigned i, unsigned *row, unsigned *col)
{
    unsigned g = lane / 4, t = lane % 4;
    if (in == TF32) {
        *row = i == 0 || i == 2 ? g : g + 8;
        *col = i < 2 ? t : t + 4;
    } else {
        *row = (i == 0 || i == 1 || i == 4 || i == 5) ? g : g + 8;
        *col = i < 4 ? t * 2 + (i & 1) : t * 2 + (i & 1) + 8;
    }
}

static void b_pos(enum in_type in, unsigned lane, unsigned i, unsigned *row, unsigned *col)
{
    unsigned g = lane / 4, t = lane % 4;
    *col = g;
    if (in == TF32)
        *row = i == 0 ? t : t + 4;
    else
        *row = i < 2 ? t * 2 + (i & 1) : t * 2 + (i & 1) + 8;
}

static void c_pos(unsigned lane, unsigned i, unsigned *row, unsigned *col)
{
    unsigned g = lane / 4, t = lane % 4;
    *row = i < 2 ? g : g + 8;
    *col = t * 2 + (i & 1);
}

/* Entries read off the PTX ISA's figures ("MMA .m16n8k16 fragment layout
 * for matrix A with .f16/.bf16 type" etc.): lane, element, row, column. */
static void mappings_match_the_isa_figures(void)
{
    static const unsigned a16[][4] = {
        {0, 0, 0, 0}, {0, 1, 0, 1}, {0, 2, 8, 0}, {0, 5, 0, 9}, {5, 7, 9, 11},
        {31, 0, 7, 6}, {31, 3, 15, 7}, {31, 6, 15, 14}, {2, 4, 0, 12},
    };
    static const unsigned atf[][4] = {{0, 0, 0, 0}, {0, 1, 8, 0}, {0, 2, 0, 4}, {7, 3, 9, 7}, {30, 2, 7, 6}};
    static const unsigned b16[][4] = {{0, 0, 0, 0}, {0, 3, 9, 0}, {6, 1, 5, 1}, {31, 2, 14, 7}};
    static const unsigned btf[][4] = {{0, 0, 0, 0}, {5, 1, 5, 1}, {31, 1, 7, 7}};
    static const unsigned cd[][4] = {{0, 0, 0, 0}, {0, 3, 8, 1}, {13, 2, 11, 2}, {31, 1, 7, 7}, {31, 3, 15, 7}};
    unsigned r, c;
    for (size_t i = 0; i < CS_ARRAY_LEN(a16); i++) {
        a_pos(F16, a16[i][0], a16[i][1], &r, &c);
        CHECK(r == a16[i][2] && c == a16[i][3]);
    }
    for (size_t i = 0; i < CS_ARRAY_LEN(atf); i++) {
        a_pos(TF32, atf[i][0], atf[i][1], &r, &c);
        CHECK(r == atf[i][2] && c == atf[i][3]);
    }
    for (size_t i = 0; i < CS_ARRAY_LEN(b16); i++) {
        b_pos(F16, b16[i][0], b16[i][1], &r, &c);
        CHECK(r == b16[i][2] && c == b16[i][3]);
    }
    for (size_t i = 0; i < CS_ARRAY_LEN(btf); i++) {
        b_pos(TF32, btf[i][0], btf[i][1], &r, &c);
        CHECK(r == btf[i][2] && c == btf[i][3]);
    }
    for (size_t i = 0; i < CS_ARRAY_LEN(cd); i++) {
        c_pos(cd[i][0], cd[i][1], &r, &c);
        CHECK(r == cd[i][2] && c == cd[i][3]);
    }
}

/* ---- running one mma ---------------------------------------------------- */

static uint64_t rng = 1;
static uint32_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

static unsigned regs_a(const mma_case_t *mc) { return 16 * mc->k / 32 / (mc->in == TF32 ? 1 : 2); }
static unsigned regs_b(const mma_case_t *mc) { return mc->k * 8 / 32 / (mc->in == TF32 ? 1 : 2); }
static unsigned regs_cd(const mma_case_t *mc) { return mc->f16_acc ? 2 : 4; }

static void vec(char *buf, size_t n, unsigned first, unsigned count)
{
    size_t at = (size_t)snprintf(buf, n, "{");
    for (unsigned i = 0; i < count; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%%r%u", i ? ", " : "", first + i);
    snprintf(buf + at, n - at, "}");
}

/* Runs `mma.sync.aligned.<name> d, a, b, c` on one warp: in[lane * 16 + w],
 * out[lane * 4 + w]. 0 ok. */
static int run_mma(const char *mods, const mma_case_t *mc, const uint32_t *in, uint32_t *out, char *errbuf)
{
    char src[8192], d[64], a[64], b[64], c[64];
    vec(d, sizeof d, 20, regs_cd(mc));
    vec(a, sizeof a, 0, regs_a(mc));
    vec(b, sizeof b, 4, regs_b(mc));
    vec(c, sizeof c, 6, regs_cd(mc));
    size_t at = (size_t)snprintf(src, sizeof src,
                                 ".version 8.0\n.target sm_80\n.address_size 64\n"
                                 ".visible .entry k(.param .u64 k_out, .param .u64 k_in)\n{\n"
                                 ".reg .b32 %%r<32>;\n.reg .b64 %%rd<8>;\n"
                                 "ld.param.u64 %%rd0, [k_out];\nld.param.u64 %%rd1, [k_in];\n"
                                 "mov.u32 %%r30, %%laneid;\nmul.wide.u32 %%rd2, %%r30, 64;\nadd.s64 %%rd3, %%rd1, %%rd2;\n"
                                 "mul.wide.u32 %%rd4, %%r30, 16;\nadd.s64 %%rd5, %%rd0, %%rd4;\n");
    for (unsigned w = 0; w < 10; w++)
        at += (size_t)snprintf(src + at, sizeof src - at, "ld.global.b32 %%r%u, [%%rd3+%u];\n", w, 4 * w);
    at += (size_t)snprintf(src + at, sizeof src - at, "mma.sync.aligned.%s %s, %s, %s, %s;\n", mods, d, a, b, c);
    for (unsigned w = 0; w < regs_cd(mc); w++)
        at += (size_t)snprintf(src + at, sizeof src - at, "st.global.b32 [%%rd5+%u], %%r%u;\n", 4 * w, 20 + w);
    snprintf(src + at, sizeof src - at, "ret;\n}\n");
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m;
    cs_error_t err = {{0}};
    uint64_t din, dout;
    int rc = -1;
    if (ctasim_module_load_string(rt, "mma.ptx", src, strlen(src), &m, &err) < 0 ||
        ctasim_malloc(rt, &din, 32 * 64, &err) || ctasim_malloc(rt, &dout, 32 * 16, &err) ||
        ctasim_memcpy_htod(rt, din, in, 32 * 64, &err))
        goto out;
    void *args[] = {&dout, &din};
    dim3_t g = {1, 1, 1}, bl = {32, 1, 1};
    if (ctasim_launch(rt, m, "k", g, bl, 0, 0, args, 2, &err) || ctasim_memcpy_dtoh(rt, out, dout, 32 * 16, &err))
        goto out;
    rc = 0;
out:
    snprintf(errbuf, CS_ERRMSG_MAX, "%s", err.msg);
    ctasim_destroy(rt);
    return rc;
}

/* A random input value exactly representable in the input type, as its
 * encoding (16 bits for f16/bf16, 32 for tf32) and its value. Small
 * integers over 8 so that every product and sum is exact in f32 too, and
 * the reference is exact: the test then checks the mapping bit for bit. */
static uint32_t rnd_input(enum in_type in, float *v)
{
    *v = (float)((int)(rnd() % 17) - 8) / 8.0f;
    if (in == F16)
        return ptx_f32_to_f16(*v);
    uint32_t bits = (uint32_t)ptx_f32_bits(*v);
    return in == BF16 ? bits >> 16 : bits | (rnd() & 0x1fffu); /* tf32: junk in the ignored bits */
}

/* The whole warp's mma against D = A * B + C computed here; returns the
 * number of wrong elements of D. */
static int check_case(const mma_case_t *mc)
{
    float A[16][16] = {{0}}, B[16][8] = {{0}}, C[16][8], D[16][8];
    uint32_t in[32 * 16] = {0}, out[32 * 4] = {0};
    unsigned na = 16 * mc->k / 32, nb = mc->k * 8 / 32, per = mc->in == TF32 ? 1 : 2;
    for (unsigned lane = 0; lane < 32; lane++) {
        uint32_t *w = &in[lane * 16];
        unsigned r, c;
        float v;
        for (unsigned i = 0; i < na; i++) {
            uint32_t e = rnd_input(mc->in, &v);
            a_pos(mc->in, lane, i, &r, &c);
            A[r][c] = v;
            w[i / per] |= per == 2 ? e << (16 * (i & 1)) : e;
        }
        for (unsigned i = 0; i < nb; i++) {
            uint32_t e = rnd_input(mc->in, &v);
            b_pos(mc->in, lane, i, &r, &c);
            B[r][c] = v;
            w[4 + i / per] |= per == 2 ? e << (16 * (i & 1)) : e;
        }
        for (unsigned i = 0; i < 4; i++) {
            v = (float)((int)(rnd() % 33) - 16) / 4.0f;
            c_pos(lane, i, &r, &c);
            C[r][c] = v;
            if (mc->f16_acc)
                w[6 + i / 2] |= (uint32_t)ptx_f32_to_f16(v) << (16 * (i & 1));
            else
                w[6 + i] = (uint32_t)ptx_f32_bits(v);
        }
    }
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 8; c++) {
            float s = C[r][c];
            for (unsigned j = 0; j < mc->k; j++)
                s += A[r][j] * B[j][c];
            D[r][c] = s;
        }
    char mods[128], err[CS_ERRMSG_MAX];
    const char *ab = mc->in == F16 ? "f16" : mc->in == BF16 ? "bf16" : "tf32", *acc = mc->f16_acc ? "f16" : "f32";
    snprintf(mods, sizeof mods, "m16n8k%u.row.col.%s.%s.%s.%s", mc->k, acc, ab, ab, acc);
    if (run_mma(mods, mc, in, out, err) < 0) {
        printf("  %s: %s\n", mc->name, err);
        return -1;
    }
    int bad = 0;
    for (unsigned lane = 0; lane < 32; lane++)
        for (unsigned i = 0; i < 4; i++) {
            unsigned r, c;
            c_pos(lane, i, &r, &c);
            uint32_t w = out[lane * 4 + (mc->f16_acc ? i / 2 : i)];
            float got = mc->f16_acc ? ptx_f16_to_f32((uint16_t)(w >> (16 * (i & 1)))) : ptx_bits_f32(w);
            if (got != D[r][c]) {
                if (bad < 3)
                    printf("  %s: lane %u element %u (D[%u][%u]) = %g, want %g\n", mc->name, lane, i, r, c, got, D[r][c]);
                bad++;
            }
        }
    return bad;
}

static void every_shape_matches_the_reference(void)
{
    static const mma_case_t cases[] = {
        {"m16n8k16 f16", 16, F16, 0}, {"m16n8k16 bf16", 16, BF16, 0}, {"m16n8k8 f16", 8, F16, 0},
        {"m16n8k8 bf16", 8, BF16, 0},  {"m16n8k8 tf32", 8, TF32, 0},   {"m16n8k4 tf32", 4, TF32, 0},
        {"m16n8k16 f16 acc f16", 16, F16, 1}, {"m16n8k8 f16 acc f16", 8, F16, 1},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(cases); i++) {
        rng = 7 + i;
        CHECK_EQ(check_case(&cases[i]), 0);
    }
}

/* Rounding: f16 inputs are exact, products are accumulated without rounding
 * and the sum is rounded once to f32. 1 + 2^-24 * 1 is 1 in f32 (a tie, to
 * even); 1 + 3 * 2^-25 rounds up to 1 + 2^-23. With A = [1, 2^-12, 2^-12,
 * 2^-13, 2^-13, 0...] and B = the same in column 0 of row 0: 1 + 2^-24 +
 * 2^-24 + 2^-26 + 2^-26 = 1 + 2^-23 + 2^-25 -> 1 + 2^-23 (nearest). A
 * sequential f32 sum would lose each small term and give exactly 1. */
static void products_accumulate_before_rounding(void)
{
    uint32_t in[32 * 16] = {0}, out[32 * 4] = {0};
    const float a[5] = {1.0f, 0x1p-12f, 0x1p-12f, 0x1p-13f, 0x1p-13f};
    for (unsigned lane = 0; lane < 32; lane++)
        for (unsigned i = 0; i < 8; i++) {
            unsigned r, c;
            a_pos(F16, lane, i, &r, &c);
            if (r == 0 && c < 5)
                in[lane * 16 + i / 2] |= (uint32_t)ptx_f32_to_f16(a[c]) << (16 * (i & 1));
            if (i < 4) {
                b_pos(F16, lane, i, &r, &c);
                if (c == 0 && r < 5)
                    in[lane * 16 + 4 + i / 2] |= (uint32_t)ptx_f32_to_f16(a[r]) << (16 * (i & 1));
            }
        }
    mma_case_t mc = {"rounding", 16, F16, 0};
    char err[CS_ERRMSG_MAX];
    CHECK_EQ(run_mma("m16n8k16.row.col.f32.f16.f16.f32", &mc, in, out, err), 0);
    CHECK_EQ(out[0], ptx_f32_bits(1.0f + 0x1p-23f)); /* lane 0, element 0 = D[0][0]; as bits */
    CHECK_EQ(out[1], 0);
}

/* What is not modelled is refused with one line naming it. */
static void unmodelled_forms_are_refused(void)
{
    static const struct {
        const char *mods, *operands, *want;
    } bad[] = {
        {"m8n8k4.row.col.f32.f16.f16.f32", "{%r20,%r21,%r22,%r23,%r24,%r25,%r26,%r27}, {%r0,%r1}, {%r4,%r5}, {%r6,%r7,%r8,%r9,%r10,%r11,%r12,%r13}", "mma shape .m8n8k4"},
        {"m16n8k16.row.col.f32.f16.f16.f32", "{%r20,%r21,%r22}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6,%r7,%r8,%r9}", "operand d must be a vector of 4"},
        {"m16n8k16.col.col.f32.f16.f16.f32", "{%r20,%r21,%r22,%r23}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6,%r7,%r8,%r9}", ".row.col"},
        {"m16n8k16.row.col.f32.s8.s8.s32", "{%r20,%r21,%r22,%r23}, {%r0,%r1}, {%r4}, {%r6,%r7,%r8,%r9}", "mma type .s8"},
        {"m16n8k16.row.col.f32.tf32.tf32.f32", "{%r20,%r21,%r22,%r23}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6,%r7,%r8,%r9}", "m16n8k16 with .tf32"},
        {"m16n8k16.row.col.f16.bf16.bf16.f16", "{%r20,%r21}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6,%r7}", "needs .f32 accumulators"},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(bad); i++) {
        char src[2048];
        snprintf(src, sizeof src,
                 ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %%r<32>;\n"
                 "mma.sync.aligned.%s %s;\nret;\n}\n", bad[i].mods, bad[i].operands);
        ctasim_runtime_t *rt = ctasim_create();
        ctasim_module_t *m;
        cs_error_t err = {{0}};
        CHECK(ctasim_module_load_string(rt, "bad.ptx", src, strlen(src), &m, &err) < 0);
        if (!strstr(err.msg, bad[i].want))
            printf("  case %zu: '%s' does not say '%s'\n", i, err.msg, bad[i].want);
        CHECK(strstr(err.msg, bad[i].want) != NULL);
        ctasim_destroy(rt);
    }
    /* wgmma: its own line */
    const char *wg = ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n"
                     "wgmma.fence.sync.aligned;\nret;\n}\n";
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m;
    cs_error_t err = {{0}};
    CHECK(ctasim_module_load_string(rt, "wg.ptx", wg, strlen(wg), &m, &err) < 0);
    CHECK(strstr(err.msg, "warpgroup MMA is not modelled") != NULL);
    ctasim_destroy(rt);
}

/* ---- wmma ---------------------------------------------------------------- */

typedef struct wmma_case {
    const char *name;
    int a_col, b_col, c_col, d_col; /* memory layouts */
    int bf16, f16_c, f16_d;         /* input type; accumulator types */
    unsigned stride;                /* leading dimension in elements (>= 16) */
    const char *space;              /* ".global" or "" (generic) */
} wmma_case_t;

static uint32_t regs_list(char *buf, size_t n, const char *prefix, unsigned first, unsigned count)
{
    size_t at = (size_t)snprintf(buf, n, "{");
    for (unsigned i = 0; i < count; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s%u", i ? ", " : "", prefix, first + i);
    snprintf(buf + at, n - at, "}");
    return count;
}

/* Element (r, c) of a 16x16 matrix stored with leading dimension `ld`. */
static size_t at_rc(unsigned r, unsigned c, int col_major, unsigned ld) { return col_major ? (size_t)c * ld + r : (size_t)r * ld + c; }

/* Loads A, B, C with wmma.load, multiplies, stores D; compares D with the
 * product computed here on exact values. Returns the number of wrong
 * elements, -1 on an error. */
static int check_wmma(const wmma_case_t *wc)
{
    unsigned ld = wc->stride, n = 16 * ld;
    uint16_t A[16 * 32] = {0}, B[16 * 32] = {0}, C16[16 * 32] = {0}, D16[16 * 32] = {0};
    float Af[16][16], Bf[16][16], Cf[16][16], C32[16 * 32] = {0}, D32[16 * 32] = {0};
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 16; c++) {
            Af[r][c] = (float)((int)(rnd() % 17) - 8) / 8.0f;
            Bf[r][c] = (float)((int)(rnd() % 17) - 8) / 8.0f;
            Cf[r][c] = (float)((int)(rnd() % 33) - 16) / 4.0f;
            A[at_rc(r, c, wc->a_col, ld)] = wc->bf16 ? (uint16_t)(ptx_f32_bits(Af[r][c]) >> 16) : ptx_f32_to_f16(Af[r][c]);
            B[at_rc(r, c, wc->b_col, ld)] = wc->bf16 ? (uint16_t)(ptx_f32_bits(Bf[r][c]) >> 16) : ptx_f32_to_f16(Bf[r][c]);
            C16[at_rc(r, c, wc->c_col, ld)] = ptx_f32_to_f16(Cf[r][c]);
            C32[at_rc(r, c, wc->c_col, ld)] = Cf[r][c];
        }
    const char *ab = wc->bf16 ? "bf16" : "f16", *ct = wc->f16_c ? "f16" : "f32", *dt = wc->f16_d ? "f16" : "f32";
    unsigned nab = wc->bf16 ? 4 : 8, nc = wc->f16_c ? 4 : 8, nd = wc->f16_d ? 4 : 8;
    char ra[128], rb[128], rc[128], rd[128], types[64], src[4096];
    regs_list(ra, sizeof ra, "%r", 0, nab);
    regs_list(rb, sizeof rb, "%r", 8, nab);
    regs_list(rc, sizeof rc, wc->f16_c ? "%r" : "%f", 16, nc);
    regs_list(rd, sizeof rd, wc->f16_d ? "%r" : "%f", 24, nd);
    if (wc->bf16)
        snprintf(types, sizeof types, "f32.bf16.bf16.f32");
    else
        snprintf(types, sizeof types, "%s.%s", dt, ct);
    const char *lay[2] = {"row", "col"};
    snprintf(src, sizeof src,
             ".version 8.0\n.target sm_80\n.address_size 64\n"
             ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n"
             ".reg .b32 %%r<40>;\n.reg .f32 %%f<40>;\n.reg .b64 %%rd<8>;\n"
             "ld.param.u64 %%rd1, [pa];\nld.param.u64 %%rd2, [pb];\nld.param.u64 %%rd3, [pc];\nld.param.u64 %%rd4, [pd];\n"
             "mov.u32 %%r39, %u;\n"
             "wmma.load.a.sync.aligned.%s.m16n16k16%s.%s %s, [%%rd1], %%r39;\n"
             "wmma.load.b.sync.aligned.%s.m16n16k16%s.%s %s, [%%rd2], %%r39;\n"
             "wmma.load.c.sync.aligned.%s.m16n16k16%s.%s %s, [%%rd3], %u;\n"
             "wmma.mma.sync.aligned.%s.%s.m16n16k16.%s %s, %s, %s, %s;\n"
             "wmma.store.d.sync.aligned.%s.m16n16k16%s.%s [%%rd4], %s, %%r39;\nret;\n}\n",
             ld, lay[wc->a_col], wc->space, ab, ra, lay[wc->b_col], wc->space, ab, rb, lay[wc->c_col], wc->space, ct, rc, ld,
             lay[wc->a_col], lay[wc->b_col], types, rd, ra, rb, rc, lay[wc->d_col], wc->space, dt, rd);
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m;
    cs_error_t err = {{0}};
    uint64_t da, db, dc, dd;
    int bad = -1;
    size_t cbytes = (size_t)n * (wc->f16_c ? 2 : 4), dbytes = (size_t)n * (wc->f16_d ? 2 : 4);
    if (ctasim_module_load_string(rt, "wmma.ptx", src, strlen(src), &m, &err) < 0 || ctasim_malloc(rt, &da, n * 2, &err) ||
        ctasim_malloc(rt, &db, n * 2, &err) || ctasim_malloc(rt, &dc, cbytes, &err) || ctasim_malloc(rt, &dd, dbytes, &err) ||
        ctasim_memcpy_htod(rt, da, A, n * 2, &err) || ctasim_memcpy_htod(rt, db, B, n * 2, &err) ||
        ctasim_memcpy_htod(rt, dc, wc->f16_c ? (const void *)C16 : (const void *)C32, cbytes, &err))
        goto out;
    void *args[] = {&da, &db, &dc, &dd};
    dim3_t g = {1, 1, 1}, bl = {32, 1, 1};
    if (ctasim_launch(rt, m, "k", g, bl, 0, 0, args, 4, &err) ||
        ctasim_memcpy_dtoh(rt, wc->f16_d ? (void *)D16 : (void *)D32, dd, dbytes, &err))
        goto out;
    bad = 0;
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 16; c++) {
            float want = Cf[r][c];
            for (unsigned j = 0; j < 16; j++)
                want += Af[r][j] * Bf[j][c];
            size_t i = at_rc(r, c, wc->d_col, ld);
            float got = wc->f16_d ? ptx_f16_to_f32(D16[i]) : D32[i];
            if (got != want) {
                if (bad < 3)
                    printf("  %s: D[%u][%u] = %g, want %g\n", wc->name, r, c, got, want);
                bad++;
            }
        }
out:
    if (bad < 0)
        printf("  %s: %s\n", wc->name, err.msg);
    ctasim_destroy(rt);
    return bad;
}

/* The forms nvcc 13 emits for nvcuda::wmma at m16n16k16 (f16 inputs with
 * f32 or f16 accumulators, bf16 inputs; every layout; a state space or
 * none; a stride wider than the tile). */
static void wmma_matches_the_reference(void)
{
    static const wmma_case_t cases[] = {
        {"f16 row.col f32", 0, 1, 0, 0, 0, 0, 0, 16, ".global"},
        {"f16 col.row f32, col C/D, stride 24", 1, 0, 1, 1, 0, 0, 0, 24, ".global"},
        {"f16 row.row f16 acc", 0, 0, 0, 1, 0, 1, 1, 16, ""},
        {"f16 col.col f16 C, f32 D", 1, 1, 0, 0, 0, 1, 0, 20, ".global"},
        {"bf16 col.row f32, generic", 1, 0, 1, 1, 1, 0, 0, 16, ""},
        {"bf16 row.col f32, stride 32", 0, 1, 0, 0, 1, 0, 0, 32, ".global"},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(cases); i++) {
        rng = 100 + i;
        CHECK_EQ(check_wmma(&cases[i]), 0);
    }
}

/* The PTX nvcc 13 emits for nvcuda::wmma (tests/data/wmma/wmma_nvcc.cu,
 * committed as PTX): a K loop of f16 mma's, bf16 with column-major A and C,
 * and f16 accumulators through shared memory with an element-wise step on
 * the fragment. Exact values: D must match bit for bit. */
static int run_nvcc_kernel(const char *kernel, const void *a, const void *b, void *c, size_t ab_bytes, size_t c_bytes,
                           int k)
{
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_module_t *m;
    cs_error_t err = {{0}};
    uint64_t da, db, dc;
    int rc = -1;
    if (ctasim_module_load_file(rt, "tests/data/wmma/wmma_nvcc.ptx", &m, &err) < 0 || ctasim_malloc(rt, &da, ab_bytes, &err) ||
        ctasim_malloc(rt, &db, ab_bytes, &err) || ctasim_malloc(rt, &dc, c_bytes, &err) ||
        ctasim_memcpy_htod(rt, da, a, ab_bytes, &err) || ctasim_memcpy_htod(rt, db, b, ab_bytes, &err) ||
        ctasim_memcpy_htod(rt, dc, c, c_bytes, &err))
        goto out;
    void *args[] = {&da, &db, &dc, &k};
    dim3_t g = {1, 1, 1}, bl = {32, 1, 1};
    if (ctasim_launch(rt, m, kernel, g, bl, 0, 0, args, k ? 4 : 3, &err) || ctasim_memcpy_dtoh(rt, c, dc, c_bytes, &err))
        goto out;
    rc = 0;
out:
    if (rc)
        printf("  %s: %s\n", kernel, err.msg);
    ctasim_destroy(rt);
    return rc;
}

static float small_value(void) { return (float)((int)(rnd() % 17) - 8) / 8.0f; }

static void nvcc_wmma_kernels_compute_the_product(void)
{
    enum { K = 64 };
    static uint16_t a[16 * K], b[16 * K];
    static float af[16][K], bf[K][16], c[256];
    rng = 42;
    for (unsigned r = 0; r < 16; r++)
        for (unsigned j = 0; j < K; j++) {
            af[r][j] = small_value();
            bf[j][r] = small_value();
            a[r * K + j] = ptx_f32_to_f16(af[r][j]); /* row-major, ld K */
            b[r * K + j] = ptx_f32_to_f16(bf[j][r]); /* column-major: column r, ld K */
        }
    CHECK_EQ(run_nvcc_kernel("wmma_f16", a, b, c, sizeof a, sizeof c, K), 0);
    int bad = 0;
    for (unsigned r = 0; r < 16; r++)
        for (unsigned n = 0; n < 16; n++) {
            float want = 0;
            for (unsigned j = 0; j < K; j++)
                want += af[r][j] * bf[j][n];
            bad += c[r * 16 + n] != want;
        }
    CHECK_EQ(bad, 0);

    /* bf16: A column-major, B row-major, C and D column-major */
    float cf[16][16];
    for (unsigned r = 0; r < 16; r++)
        for (unsigned n = 0; n < 16; n++) {
            af[r][n] = small_value();
            bf[r][n] = small_value();
            cf[r][n] = (float)((int)(rnd() % 33) - 16) / 4.0f;
            a[n * 16 + r] = (uint16_t)(ptx_f32_bits(af[r][n]) >> 16);
            b[r * 16 + n] = (uint16_t)(ptx_f32_bits(bf[r][n]) >> 16);
            c[n * 16 + r] = cf[r][n];
        }
    CHECK_EQ(run_nvcc_kernel("wmma_bf16", a, b, c, 512, sizeof c, 0), 0);
    bad = 0;
    for (unsigned r = 0; r < 16; r++)
        for (unsigned n = 0; n < 16; n++) {
            float want = cf[r][n];
            for (unsigned j = 0; j < 16; j++)
                want += af[r][j] * bf[j][n];
            bad += c[n * 16 + r] != want;
        }
    CHECK_EQ(bad, 0);

    /* f16 accumulators, doubled element by element: 2 (A B + C), all row-major */
    uint16_t ch[256];
    for (unsigned r = 0; r < 16; r++)
        for (unsigned n = 0; n < 16; n++) {
            af[r][n] = small_value();
            bf[r][n] = small_value();
            cf[r][n] = (float)((int)(rnd() % 33) - 16) / 4.0f;
            a[r * 16 + n] = ptx_f32_to_f16(af[r][n]);
            b[r * 16 + n] = ptx_f32_to_f16(bf[r][n]);
            ch[r * 16 + n] = ptx_f32_to_f16(cf[r][n]);
        }
    CHECK_EQ(run_nvcc_kernel("wmma_half_acc", a, b, ch, 512, sizeof ch, 0), 0);
    bad = 0;
    for (unsigned r = 0; r < 16; r++)
        for (unsigned n = 0; n < 16; n++) {
            float want = cf[r][n];
            for (unsigned j = 0; j < 16; j++)
                want += af[r][j] * bf[j][n];
            bad += ptx_f16_to_f32(ch[r * 16 + n]) != 2 * want;
        }
    CHECK_EQ(bad, 0);
}

int main(void)
{
    RUN(mappings_match_the_isa_figures);
    RUN(every_shape_matches_the_reference);
    RUN(products_accumulate_before_rounding);
    RUN(unmodelled_forms_are_refused);
    RUN(wmma_matches_the_reference);
    RUN(nvcc_wmma_kernels_compute_the_product);
    TEST_EXIT();
}
