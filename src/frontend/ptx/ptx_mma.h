/* ptx_mma.h — warp-level matrix multiply-accumulate (mma.sync) on the
 * tensor cores: decoding its modifiers, checking its operands, and the
 * arithmetic on the per-lane fragments (ptx_mma.c).
 *
 * mma.sync.aligned.SHAPE.row.col.DTYPE.ATYPE.BTYPE.CTYPE d, a, b, c
 * computes D (MxN) = A (MxK) * B (KxN) + C (MxN) for the whole warp; each
 * lane holds a fixed part of every matrix ("fragment") in its registers,
 * packed as the PTX ISA's "Matrix Fragments for mma.m16n8k*" sections lay
 * them out (see ptx_mma.c). The shapes and types modelled are the ones nvcc
 * emits for sm_80/sm_90 with a row-major A and column-major B:
 *   m16n8k16 and m16n8k8 with .f16 or .bf16 inputs, .f32 (or, for .f16
 *   inputs, .f16) accumulators; m16n8k8 and m16n8k4 with .tf32 inputs and
 *   .f32 accumulators. */
#ifndef CTASIM_PTX_MMA_H
#define CTASIM_PTX_MMA_H

#include "ptx_ir.h"

/* Input element types of A and B (ptx_inst_t.abtype); the accumulator
 * type of D is ptx_inst_t.type and of C ptx_inst_t.type2 (PT_F32 or PT_F16). */
enum ptx_mma_input { MMA_IN_NONE = 0, MMA_IN_F16, MMA_IN_BF16, MMA_IN_TF32 };

/* Apply one ".mod" of an mma instruction (shape, layout, types, .sync,
 * .aligned). 0 = taken; -1 = not an mma modifier or one not modelled, with
 * why[] saying which (empty when the modifier is simply unknown). */
int ptx_mma_modifier(ptx_inst_t *in, const char *s, size_t n, char *why, size_t whysz);

/* After the operands are parsed: the modifiers form a modelled combination
 * and every operand is a vector of the right length. 0 ok, -1 with why[]. */
int ptx_mma_check(const ptx_inst_t *in, char *why, size_t whysz);

/* Registers per lane of operand `which` (0 = D, 1 = A, 2 = B, 3 = C). */
unsigned ptx_mma_regs(const ptx_inst_t *in, unsigned which);

/* The warp's multiply-accumulate: frag[w][r][lane] is the low 32 bits of
 * register r of operand w (0 = D output, 1 = A, 2 = B, 3 = C) in `lane`.
 * Reads A, B and C, writes D. Every lane takes part (.sync.aligned). */
void ptx_mma_compute(const ptx_inst_t *in, uint32_t frag[4][4][32]);

/* ---- wmma: the nvcuda::wmma API's PTX, shape m16n16k16 -------------------
 *
 * wmma.load.{a,b,c}.sync.aligned.LAYOUT.m16n16k16[.global|.shared].TYPE
 *     {frag}, [addr], stride;
 * wmma.mma.sync.aligned.ALAYOUT.BLAYOUT.m16n16k16.DTYPE.CTYPE d, a, b, c
 *     (f16 inputs) or ....m16n16k16.f32.bf16.bf16.f32 d, a, b, c
 * wmma.store.d.sync.aligned.LAYOUT.m16n16k16[.global|.shared].TYPE
 *     [addr], {frag}, stride;
 * The ISA leaves the distribution of a wmma fragment over the lanes to the
 * implementation; ctasim's is in ptx_mma.c (load, mma and store agree on
 * it, and element-wise work on fragments is layout-free). Fragments: A and
 * B .f16 8 registers (16 elements, each of the 8 distinct ones twice, as the
 * ISA's register count implies), .bf16 4; C and D .f32 8, .f16 4. */

/* Apply one ".mod" of a wmma instruction (the first says load, store or
 * mma); as ptx_mma_modifier. wmma.store's opcode becomes OP_WMMA_ST (set by
 * the parser from in->subop). */
int ptx_wmma_modifier(ptx_inst_t *in, const char *s, size_t n, char *why, size_t whysz);
/* After the operands: a modelled form with operands of the right kinds;
 * settles wmma.mma's types (in->type D, type2 C, abtype A and B). */
int ptx_wmma_check(ptx_inst_t *in, char *why, size_t whysz);
/* The fragment (register vector) operand of a wmma load or store. */
static inline unsigned ptx_wmma_frag_operand(const ptx_inst_t *in) { return in->subop == WMMA_STORE_D ? 1 : 0; }

/* One wmma load or store of a lane: `elements` distinct elements of
 * `esize` bytes, element e at element offset offset[e] from the address
 * operand; its value in register reg[e] (the fragment operand's index),
 * bits from shift[e]; a load also writes the copy registers copy_to[r] =
 * register r for r < ncopy (the duplicated half of an f16 A/B fragment). */
typedef struct ptx_wmma_access {
    unsigned elements, esize, ncopy;
    uint64_t offset[8];
    uint8_t reg[8], shift[8];
    uint8_t copy_to[4];
} ptx_wmma_access_t;
void ptx_wmma_lane_access(const ptx_inst_t *in, unsigned lane, uint64_t stride, ptx_wmma_access_t *acc);

/* wmma.mma: frag[w][r][lane] as ptx_mma_compute, w = 0 D, 1 A, 2 B, 3 C. */
void ptx_wmma_compute(const ptx_inst_t *in, uint32_t frag[4][8][32]);

#endif
