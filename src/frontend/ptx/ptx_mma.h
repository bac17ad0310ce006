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

#endif
