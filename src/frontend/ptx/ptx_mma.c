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
 * sum is rounded once to the accumulator type (round to nearest even). The
 * ISA leaves the order and intermediate precision of the accumulation
 * unspecified, so a real tensor core may differ in the last bit. */
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
