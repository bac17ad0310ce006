/* ptx_mma.c — mma.sync: modifiers, operand checks and the fragment
 * arithmetic (see ptx_mma.h).
 *
 * Fragment layouts (PTX ISA, "Matrix Fragments for mma.m16n8k4/k8/k16").
 * With g = laneid / 4 ("groupID") and t = laneid % 4 ("threadID_in_group"),
 * element i of a lane's fragment (for .f16/.bf16 two per 32-bit register,
 * element 2r in the low half of register r; for .tf32 one per register)
 * sits at:
 *   A, .f16/.bf16 (k16: i < 8, k8: i < 4):
 *       row g + 8 * ((i >> 1) & 1), column 2t + (i & 1) + 8 * (i >> 2)
 *   A, .tf32 (k8: i < 4, k4: i < 2):
 *       row g + 8 * (i & 1),        column t + 4 * (i >> 1)
 *   B, .f16/.bf16 (k16: i < 4, k8: i < 2):
 *       row 2t + (i & 1) + 8 * (i >> 1), column g
 *   B, .tf32 (k8: i < 2, k4: i < 1):
 *       row t + 4 * i,              column g
 *   C and D (i < 4; .f32 one per register, .f16 two per register):
 *       row g + 8 * (i >> 1),       column 2t + (i & 1)
 * The smaller shape's layout is the larger one's first elements in every
 * case, which is why one formula serves both.
 *
 * Arithmetic: inputs are widened exactly (f16 and bf16 are subsets of f32;
 * a .tf32 operand is a 32-bit float whose 13 low mantissa bits the tensor
 * core ignores, i.e. truncation). Every product of two such values is exact
 * in double, and so is the sum of up to 16 of them in practice; C plus that
 * sum is rounded once to f32 (round to nearest even), and for .f16
 * accumulators from there to f16. The ISA leaves the order and
 * intermediate precision of the accumulation unspecified, so a real tensor
 * core may differ in the last bit. */
#include "ptx_mma.h"

#include "ptx_float.h"

#include <stdio.h>
#include <string.h>

/* ptx_inst_t.mma_state while decoding: bit 0 = A column-major, bit 1 = B
 * column-major, bits 2-3 = layouts seen, bits 4-6 = types seen. */
#define ST_A_COL 0x01u
#define ST_B_COL 0x02u
#define ST_LAYOUTS(s) (((s) >> 2) & 3u)
#define ST_TYPES(s) (((s) >> 4) & 7u)

static int is(const char *s, size_t n, const char *name) { return strlen(name) == n && memcmp(s, name, n) == 0; }

int ptx_mma_modifier(ptx_inst_t *in, const char *s, size_t n, char *why, size_t whysz)
{
    why[0] = 0;
    if (is(s, n, "sync") || is(s, n, "aligned"))
        return 0;
    if (is(s, n, "m16n8k16") || is(s, n, "m16n8k8") || is(s, n, "m16n8k4")) {
        in->subop = s[6] == '1' ? MMA_M16N8K16 : s[6] == '8' ? MMA_M16N8K8 : MMA_M16N8K4; /* the digit after 'k' */
        return 0;
    }
    if (s[0] == 'm' && n >= 6 && (memchr(s, 'n', n) != NULL) && (memchr(s, 'k', n) != NULL) && s[1] >= '0' && s[1] <= '9') {
        snprintf(why, whysz, "mma shape .%.*s (modelled: m16n8k16, m16n8k8, m16n8k4)", (int)n, s);
        return -1;
    }
    if (is(s, n, "row") || is(s, n, "col")) {
        unsigned seen = ST_LAYOUTS(in->mma_state);
        if (seen >= 2) {
            snprintf(why, whysz, "mma with more than two layouts");
            return -1;
        }
        if (s[0] == 'c')
            in->mma_state |= (uint8_t)(seen == 0 ? ST_A_COL : ST_B_COL);
        in->mma_state = (uint8_t)((in->mma_state & ~0x0cu) | ((seen + 1) << 2));
        return 0;
    }
    /* the four types, in order: D, A, B, C */
    int input = is(s, n, "f16") ? MMA_IN_F16 : is(s, n, "bf16") ? MMA_IN_BF16 : is(s, n, "tf32") ? MMA_IN_TF32 : MMA_IN_NONE;
    int is_f32 = is(s, n, "f32");
    if (input != MMA_IN_NONE || is_f32) {
        unsigned k = ST_TYPES(in->mma_state);
        if (k == 0 || k == 3) { /* D or C: an accumulator type */
            if (!is_f32 && input != MMA_IN_F16) {
                snprintf(why, whysz, "mma accumulator type .%.*s (modelled: .f32, .f16)", (int)n, s);
                return -1;
            }
            if (k == 0)
                in->type = is_f32 ? PT_F32 : PT_F16;
            else
                in->type2 = is_f32 ? PT_F32 : PT_F16;
        } else if (k == 1 || k == 2) { /* A, B: input types, the same for both */
            if (input == MMA_IN_NONE) {
                snprintf(why, whysz, "mma input type .f32 (modelled: .f16, .bf16, .tf32)");
                return -1;
            }
            if (k == 2 && input != in->abtype) {
                snprintf(why, whysz, "mma with different A and B types");
                return -1;
            }
            in->abtype = (uint8_t)input;
        } else {
            snprintf(why, whysz, "mma with more than four types");
            return -1;
        }
        in->mma_state = (uint8_t)((in->mma_state & ~0x70u) | ((k + 1) << 4));
        return 0;
    }
    if (is(s, n, "satfinite"))
        snprintf(why, whysz, "mma .satfinite");
    else if (is(s, n, "sp") || is(s, n, "sp::ordered_metadata"))
        snprintf(why, whysz, "sparse mma (mma.sp)");
    else if (is(s, n, "s8") || is(s, n, "u8") || is(s, n, "s4") || is(s, n, "u4") || is(s, n, "b1") ||
             is(s, n, "s32") || is(s, n, "f64") || is(s, n, "e4m3") || is(s, n, "e5m2"))
        snprintf(why, whysz, "mma type .%.*s (modelled: .f16, .bf16, .tf32 inputs)", (int)n, s);
    return -1;
}

unsigned ptx_mma_regs(const ptx_inst_t *in, unsigned which)
{
    unsigned k = in->subop == MMA_M16N8K16 ? 16 : in->subop == MMA_M16N8K8 ? 8 : 4;
    unsigned per_reg = in->abtype == MMA_IN_TF32 ? 1 : 2; /* input elements per register */
    switch (which) {
    case 0: return in->type == PT_F16 ? 2 : 4;
    case 3: return in->type2 == PT_F16 ? 2 : 4;
    case 1: return 16 * k / 32 / per_reg; /* M x K over 32 lanes */
    default: return k * 8 / 32 / per_reg; /* K x N over 32 lanes */
    }
}

int ptx_mma_check(const ptx_inst_t *in, char *why, size_t whysz)
{
    unsigned st = in->mma_state;
    if (in->subop != MMA_M16N8K16 && in->subop != MMA_M16N8K8 && in->subop != MMA_M16N8K4)
        return snprintf(why, whysz, "mma needs a shape (.m16n8k16, .m16n8k8 or .m16n8k4)"), -1;
    if (ST_LAYOUTS(st) != 2 || (st & ST_A_COL) || !(st & ST_B_COL))
        return snprintf(why, whysz, "mma of these shapes needs .row.col (A row-major, B column-major)"), -1;
    if (ST_TYPES(st) != 4)
        return snprintf(why, whysz, "mma needs four types (.dtype.atype.btype.ctype)"), -1;
    if (in->abtype == MMA_IN_TF32 && in->subop == MMA_M16N8K16)
        return snprintf(why, whysz, "mma .m16n8k16 with .tf32 inputs (tf32 shapes: m16n8k8, m16n8k4)"), -1;
    if (in->abtype != MMA_IN_TF32 && in->subop == MMA_M16N8K4)
        return snprintf(why, whysz, "mma .m16n8k4 with .%s inputs (only .tf32)", in->abtype == MMA_IN_BF16 ? "bf16" : "f16"), -1;
    if (in->abtype != MMA_IN_F16 && (in->type != PT_F32 || in->type2 != PT_F32))
        return snprintf(why, whysz, "mma with .bf16/.tf32 inputs needs .f32 accumulators"), -1;
    if (in->nops != 4)
        return snprintf(why, whysz, "mma takes 4 operands (d, a, b, c), found %u", in->nops), -1;
    static const char *const names[4] = {"d", "a", "b", "c"};
    for (unsigned w = 0; w < 4; w++) {
        const ptx_operand_t *o = &in->ops[w];
        unsigned want = ptx_mma_regs(in, w);
        if (o->kind != OPK_VEC || o->nvec != want)
            return snprintf(why, whysz, "mma operand %s must be a vector of %u registers", names[w], want), -1;
        for (unsigned k = 0; k < o->nvec; k++)
            if (o->vec[k] == PTX_NO_REG)
                return snprintf(why, whysz, "'_' in mma operand %s", names[w]), -1;
    }
    return 0;
}

/* One input element of A or B, widened exactly. */
static double input_value(uint32_t reg, unsigned half, unsigned input)
{
    switch (input) {
    case MMA_IN_F16: return ptx_f16_to_f32((uint16_t)(reg >> (16 * half)));
    case MMA_IN_BF16: return ptx_bits_f32((uint32_t)(reg >> (16 * half)) << 16);
    default: return ptx_bits_f32(reg & 0xffffe000u); /* tf32: the 13 low mantissa bits are ignored */
    }
}

void ptx_mma_compute(const ptx_inst_t *in, uint32_t frag[4][4][32])
{
    unsigned k = in->subop == MMA_M16N8K16 ? 16 : in->subop == MMA_M16N8K8 ? 8 : 4;
    int tf32 = in->abtype == MMA_IN_TF32;
    unsigned na = 16 * k / 32, nb = k * 8 / 32; /* elements per lane */
    double a[16][16], b[16][8], acc[16][8];
    for (unsigned lane = 0; lane < 32; lane++) {
        unsigned g = lane >> 2, t = lane & 3;
        for (unsigned i = 0; i < na; i++) {
            unsigned row = tf32 ? g + 8 * (i & 1) : g + 8 * ((i >> 1) & 1);
            unsigned col = tf32 ? t + 4 * (i >> 1) : 2 * t + (i & 1) + 8 * (i >> 2);
            uint32_t reg = frag[1][tf32 ? i : i / 2][lane];
            a[row][col] = input_value(reg, tf32 ? 0 : i & 1, in->abtype);
        }
        for (unsigned i = 0; i < nb; i++) {
            unsigned row = tf32 ? t + 4 * i : 2 * t + (i & 1) + 8 * (i >> 1);
            uint32_t reg = frag[2][tf32 ? i : i / 2][lane];
            b[row][g] = input_value(reg, tf32 ? 0 : i & 1, in->abtype);
        }
        for (unsigned i = 0; i < 4; i++) {
            unsigned row = g + 8 * (i >> 1), col = 2 * t + (i & 1);
            acc[row][col] = in->type2 == PT_F16 ? ptx_f16_to_f32((uint16_t)(frag[3][i / 2][lane] >> (16 * (i & 1))))
                                                : ptx_bits_f32(frag[3][i][lane]);
        }
    }
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 8; c++) {
            double sum = 0;
            for (unsigned j = 0; j < k; j++)
                sum += a[r][j] * b[j][c];
            acc[r][c] += sum;
        }
    for (unsigned lane = 0; lane < 32; lane++) {
        unsigned g = lane >> 2, t = lane & 3;
        if (in->type == PT_F16) {
            frag[0][0][lane] = frag[0][1][lane] = 0;
            for (unsigned i = 0; i < 4; i++) {
                unsigned row = g + 8 * (i >> 1), col = 2 * t + (i & 1);
                uint32_t h = ptx_f32_to_f16((float)acc[row][col]);
                frag[0][i / 2][lane] |= h << (16 * (i & 1));
            }
        } else {
            for (unsigned i = 0; i < 4; i++)
                frag[0][i][lane] = (uint32_t)ptx_f32_bits((float)acc[g + 8 * (i >> 1)][2 * t + (i & 1)]);
        }
    }
}

/* ---------------------------------------------------------------- wmma
 *
 * ctasim's distribution of the 16x16 wmma fragments (the ISA leaves it to
 * the implementation), chosen to be the mma.m16n8k16 layouts above, twice
 * along N, as an sm_80 compiler lowers wmma to two HMMA.16816: element e
 * (0..7) of a lane, with h = e >> 2 and i = e & 3,
 *   A: row g + 8 * ((e >> 1) & 1), column 2t + (e & 1) + 8h
 *   B: row 2t + (i & 1) + 8 * (i >> 1), column g + 8h
 *   C, D: row g + 8 * (i >> 1), column 2t + (i & 1) + 8h
 * Each is a one-to-one map of (lane, e) onto the 256 elements. */

enum { WM_A, WM_B, WM_CD };

static void wmma_position(unsigned matrix, unsigned lane, unsigned e, unsigned *row, unsigned *col)
{
    unsigned g = lane >> 2, t = lane & 3, h = e >> 2, i = e & 3;
    switch (matrix) {
    case WM_A: *row = g + 8 * ((e >> 1) & 1); *col = 2 * t + (e & 1) + 8 * h; break;
    case WM_B: *row = 2 * t + (i & 1) + 8 * (i >> 1); *col = g + 8 * h; break;
    default: *row = g + 8 * (i >> 1); *col = 2 * t + (i & 1) + 8 * h; break;
    }
}

#define WST_SHAPE 0x80u /* mma_state: .m16n16k16 seen */

int ptx_wmma_modifier(ptx_inst_t *in, const char *s, size_t n, char *why, size_t whysz)
{
    why[0] = 0;
    if (in->subop == SUB_NONE) { /* the first modifier: what it does */
        if (is(s, n, "load") || is(s, n, "store") || is(s, n, "mma")) {
            in->subop = s[0] == 'l' ? WMMA_LOAD_A : s[0] == 's' ? WMMA_STORE_D : WMMA_MMA;
            in->mma_state = 0x40; /* a/b/c/d still to come for load and store */
            if (in->subop == WMMA_MMA)
                in->mma_state = 0;
            return 0;
        }
        snprintf(why, whysz, "wmma.%.*s (modelled: wmma.load, wmma.mma, wmma.store)", (int)n, s);
        return -1;
    }
    if (in->mma_state & 0x40) { /* the matrix of a load or store */
        in->mma_state &= (uint8_t)~0x40u;
        if (in->subop == WMMA_LOAD_A && (is(s, n, "a") || is(s, n, "b") || is(s, n, "c"))) {
            in->subop = s[0] == 'a' ? WMMA_LOAD_A : s[0] == 'b' ? WMMA_LOAD_B : WMMA_LOAD_C;
            return 0;
        }
        if (in->subop == WMMA_STORE_D && is(s, n, "d"))
            return 0;
        snprintf(why, whysz, "wmma.%s.%.*s", in->subop == WMMA_STORE_D ? "store" : "load", (int)n, s);
        return -1;
    }
    if (is(s, n, "sync") || is(s, n, "aligned"))
        return 0;
    if (is(s, n, "m16n16k16")) {
        in->mma_state |= WST_SHAPE;
        return 0;
    }
    if (is(s, n, "m32n8k16") || is(s, n, "m8n32k16") || is(s, n, "m8n8k32") || is(s, n, "m8n8k128") ||
        is(s, n, "m16n16k8") || is(s, n, "m8n8k4")) {
        snprintf(why, whysz, "wmma shape .%.*s (modelled: m16n16k16)", (int)n, s);
        return -1;
    }
    if (is(s, n, "row") || is(s, n, "col")) {
        unsigned seen = ST_LAYOUTS(in->mma_state);
        if (seen >= (in->subop == WMMA_MMA ? 2u : 1u)) {
            snprintf(why, whysz, "wmma with too many layouts");
            return -1;
        }
        if (s[0] == 'c')
            in->mma_state |= (uint8_t)(seen == 0 ? ST_A_COL : ST_B_COL);
        in->mma_state = (uint8_t)((in->mma_state & ~0x0cu) | ((seen + 1) << 2));
        return 0;
    }
    if (in->subop != WMMA_MMA && (is(s, n, "global") || is(s, n, "shared") || is(s, n, "shared::cta"))) {
        in->space = s[0] == 'g' ? PS_GLOBAL : PS_SHARED;
        return 0;
    }
    int input = is(s, n, "f16") ? MMA_IN_F16 : is(s, n, "bf16") ? MMA_IN_BF16 : MMA_IN_NONE;
    int is_f32 = is(s, n, "f32");
    if (input != MMA_IN_NONE || is_f32) {
        unsigned k = ST_TYPES(in->mma_state);
        if (k >= (in->subop == WMMA_MMA ? 4u : 1u)) {
            snprintf(why, whysz, "wmma with too many types");
            return -1;
        }
        if (in->subop == WMMA_LOAD_A || in->subop == WMMA_LOAD_B) {
            if (input == MMA_IN_NONE) {
                snprintf(why, whysz, "wmma.load.%c of .f32 (modelled: .f16, .bf16)", in->subop == WMMA_LOAD_A ? 'a' : 'b');
                return -1;
            }
            in->abtype = (uint8_t)input;
        } else if (in->subop != WMMA_MMA) { /* load.c, store.d */
            if (input == MMA_IN_BF16) {
                snprintf(why, whysz, "wmma accumulator of .bf16 (modelled: .f32, .f16)");
                return -1;
            }
            in->type = is_f32 ? PT_F32 : PT_F16;
        } else { /* mma: DTYPE.CTYPE (f16 inputs) or f32.bf16.bf16.f32; sorted out in the check */
            uint8_t code = (uint8_t)(is_f32 ? PT_F32 : input == MMA_IN_F16 ? PT_F16 : 0xff);
            if (k == 0)
                in->type = code;
            else if (k == 1)
                in->type2 = code;
            else if (k == 2)
                in->abtype = code; /* the third of four: C's type, kept until the check */
            else
                in->cmp = code;    /* the fourth */
        }
        in->mma_state = (uint8_t)((in->mma_state & ~0x70u) | ((k + 1) << 4));
        return 0;
    }
    if (is(s, n, "satfinite"))
        snprintf(why, whysz, "wmma .satfinite");
    else if (is(s, n, "s8") || is(s, n, "u8") || is(s, n, "s4") || is(s, n, "u4") || is(s, n, "b1") ||
             is(s, n, "s32") || is(s, n, "f64") || is(s, n, "tf32"))
        snprintf(why, whysz, "wmma type .%.*s (modelled: .f16, .bf16 inputs)", (int)n, s);
    return -1;
}

/* Registers of the fragment of `matrix` with 16-bit (or, for C/D, 32-bit)
 * elements. */
static unsigned wmma_frag_regs(unsigned matrix, unsigned input_or_acc)
{
    if (matrix == WM_CD)
        return input_or_acc == PT_F32 ? 8 : 4;
    return input_or_acc == MMA_IN_F16 ? 8 : 4;
}

static int wmma_vec_ok(const ptx_operand_t *o, unsigned want, const char *name, char *why, size_t whysz)
{
    if (o->kind != OPK_VEC || o->nvec != want)
        return snprintf(why, whysz, "wmma operand %s must be a vector of %u registers", name, want), -1;
    for (unsigned k = 0; k < o->nvec; k++)
        if (o->vec[k] == PTX_NO_REG)
            return snprintf(why, whysz, "'_' in wmma operand %s", name), -1;
    return 0;
}

int ptx_wmma_check(ptx_inst_t *in, char *why, size_t whysz)
{
    unsigned st = in->mma_state;
    if (!(st & WST_SHAPE))
        return snprintf(why, whysz, "wmma needs the shape .m16n16k16"), -1;
    if (in->subop == WMMA_MMA) {
        ptx_inst_t *w = in; /* settle the types decoded by ptx_wmma_modifier */
        if (ST_LAYOUTS(st) != 2)
            return snprintf(why, whysz, "wmma.mma needs two layouts (.row/.col for A, then B)"), -1;
        if (ST_TYPES(st) == 2 && (in->type == PT_F32 || in->type == PT_F16) && (in->type2 == PT_F32 || in->type2 == PT_F16)) {
            w->abtype = MMA_IN_F16; /* DTYPE.CTYPE: f16 inputs */
        } else if (ST_TYPES(st) == 4 && in->type == PT_F32 && in->type2 == 0xff && in->abtype == 0xff && in->cmp == PT_F32) {
            w->abtype = MMA_IN_BF16; /* f32.bf16.bf16.f32 */
            w->type2 = PT_F32;
        } else {
            return snprintf(why, whysz, "wmma.mma types (modelled: .DTYPE.CTYPE of .f16/.f32 with .f16 inputs, .f32.bf16.bf16.f32)"), -1;
        }
        w->cmp = 0;
        if (in->nops != 4)
            return snprintf(why, whysz, "wmma.mma takes 4 operands (d, a, b, c), found %u", in->nops), -1;
        if (wmma_vec_ok(&in->ops[0], wmma_frag_regs(WM_CD, in->type), "d", why, whysz) < 0 ||
            wmma_vec_ok(&in->ops[1], wmma_frag_regs(WM_A, in->abtype), "a", why, whysz) < 0 ||
            wmma_vec_ok(&in->ops[2], wmma_frag_regs(WM_B, in->abtype), "b", why, whysz) < 0 ||
            wmma_vec_ok(&in->ops[3], wmma_frag_regs(WM_CD, in->type2), "c", why, whysz) < 0)
            return -1;
        return 0;
    }
    if (ST_LAYOUTS(st) != 1 || ST_TYPES(st) != 1)
        return snprintf(why, whysz, "wmma.load/store needs one layout (.row or .col) and one type"), -1;
    if (in->nops != 3)
        return snprintf(why, whysz, "wmma.load/store needs 3 operands (the stride too), found %u", in->nops), -1;
    unsigned fi = ptx_wmma_frag_operand(in), ai = 1 - fi;
    unsigned matrix = in->subop == WMMA_LOAD_A ? WM_A : in->subop == WMMA_LOAD_B ? WM_B : WM_CD;
    unsigned want = wmma_frag_regs(matrix, matrix == WM_CD ? in->type : in->abtype);
    if (wmma_vec_ok(&in->ops[fi], want, "fragment", why, whysz) < 0)
        return -1;
    if (in->ops[ai].kind != OPK_ADDR)
        return snprintf(why, whysz, "wmma.load/store needs an [address]"), -1;
    if (in->ops[2].kind != OPK_REG && in->ops[2].kind != OPK_IMM)
        return snprintf(why, whysz, "wmma stride must be a register or an immediate"), -1;
    return 0;
}

void ptx_wmma_lane_access(const ptx_inst_t *in, unsigned lane, uint64_t stride, ptx_wmma_access_t *acc)
{
    unsigned matrix = in->subop == WMMA_LOAD_A ? WM_A : in->subop == WMMA_LOAD_B ? WM_B : WM_CD;
    int wide = matrix == WM_CD && in->type == PT_F32;
    int col_major = (in->mma_state & ST_A_COL) != 0;
    acc->elements = 8;
    acc->esize = wide ? 4 : 2;
    acc->ncopy = matrix != WM_CD && in->abtype == MMA_IN_F16 ? 4 : 0;
    for (unsigned e = 0; e < 8; e++) {
        unsigned r, c;
        wmma_position(matrix, lane, e, &r, &c);
        acc->offset[e] = col_major ? (uint64_t)c * stride + r : (uint64_t)r * stride + c;
        acc->reg[e] = (uint8_t)(wide ? e : e / 2);
        acc->shift[e] = (uint8_t)(wide ? 0 : 16 * (e & 1));
    }
    for (unsigned r = 0; r < acc->ncopy; r++)
        acc->copy_to[r] = (uint8_t)(r + 4);
}

void ptx_wmma_compute(const ptx_inst_t *in, uint32_t frag[4][8][32])
{
    double a[16][16], b[16][16], acc[16][16];
    for (unsigned lane = 0; lane < 32; lane++)
        for (unsigned e = 0; e < 8; e++) {
            unsigned r, c;
            wmma_position(WM_A, lane, e, &r, &c);
            a[r][c] = input_value(frag[1][e / 2][lane], e & 1, in->abtype);
            wmma_position(WM_B, lane, e, &r, &c);
            b[r][c] = input_value(frag[2][e / 2][lane], e & 1, in->abtype);
            wmma_position(WM_CD, lane, e, &r, &c);
            acc[r][c] = in->type2 == PT_F16 ? ptx_f16_to_f32((uint16_t)(frag[3][e / 2][lane] >> (16 * (e & 1))))
                                            : ptx_bits_f32(frag[3][e][lane]);
        }
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 16; c++) {
            double sum = 0;
            for (unsigned j = 0; j < 16; j++)
                sum += a[r][j] * b[j][c];
            acc[r][c] += sum;
        }
    for (unsigned lane = 0; lane < 32; lane++) {
        if (in->type == PT_F16)
            for (unsigned k = 0; k < 4; k++)
                frag[0][k][lane] = 0;
        for (unsigned e = 0; e < 8; e++) {
            unsigned r, c;
            wmma_position(WM_CD, lane, e, &r, &c);
            if (in->type == PT_F16)
                frag[0][e / 2][lane] |= (uint32_t)ptx_f32_to_f16((float)acc[r][c]) << (16 * (e & 1));
            else
                frag[0][e][lane] = (uint32_t)ptx_f32_bits((float)acc[r][c]);
        }
    }
}
