/* ptx_timing.c — what the timing model sees of each PTX instruction.
 *
 * Computed once per instruction at parse time (ptx_inst_t.timing); the
 * interpreter copies it and adds pc, active mask and addresses. The mapping
 * follows the SASS an sm_7x compiler emits, so PTX-driven runs and trace-driven
 * runs of the same kernel use the same units and latency classes as
 * sass_opcodes.c: f32 arithmetic on SP, integer on INT, f64 on DP, MUFU
 * functions on SFU, memory on LDST (latency class LAT_INT_ADD, as the trace
 * front-end), control on BRANCH. Reads of kernel parameters and of a .func's
 * .param variables become register moves (SASS reads c[0x0][...] or passes
 * arguments in registers), not memory accesses. */
#include "ptx_ir.h"

#include <string.h>

static void set(warp_inst_t *o, enum exec_unit u, enum lat_class l)
{
    o->unit = (uint8_t)u;
    o->lat = (uint8_t)l;
}

static void add_reg(uint16_t *list, uint8_t *n, unsigned max, uint32_t reg)
{
    if (reg == PTX_NO_REG || *n >= max)
        return;
    for (unsigned i = 0; i < *n; i++)
        if (list[i] == reg)
            return;
    list[(*n)++] = (uint16_t)reg;
}

static enum mem_space mem_space_of(unsigned s)
{
    switch (s) {
    case PS_SHARED: return SPACE_SHARED;
    case PS_SHARED_CLUSTER: return SPACE_DSMEM; /* refined per access: the own CTA's is SPACE_SHARED */
    case PS_LOCAL: return SPACE_LOCAL;
    case PS_CONST: case PS_PARAM: return SPACE_CONST;
    default: return SPACE_GLOBAL; /* generic: refined per access at run time */
    }
}

static void arith(const ptx_inst_t *in, warp_inst_t *o)
{
    enum ptx_type t = (enum ptx_type)in->type;
    enum ptx_type_kind k = ptx_type_kind(t);
    int f64 = t == PT_F64, fl = k == TK_FLOAT;
    switch (in->op) {
    case OP_ADD: case OP_SUB: case OP_ADDC: case OP_SUBC: case OP_NEG: case OP_ABS: case OP_SETP: case OP_SET: case OP_COPYSIGN:
    case OP_TESTP:
        if (fl)
            set(o, f64 ? UNIT_DP : UNIT_SP, f64 ? LAT_DP_ADD : LAT_FP_ADD);
        else
            set(o, UNIT_INT, LAT_INT_ADD);
        break;
    case OP_MIN: case OP_MAX:
        if (fl)
            set(o, f64 ? UNIT_DP : UNIT_SP, f64 ? LAT_DP_MAX : LAT_FP_MAX);
        else
            set(o, UNIT_INT, LAT_INT_MAX);
        break;
    case OP_MUL: case OP_MUL24:
        if (fl)
            set(o, f64 ? UNIT_DP : UNIT_SP, f64 ? LAT_DP_MUL : LAT_FP_MUL);
        else
            set(o, UNIT_INT, LAT_INT_MUL);
        break;
    case OP_MAD: case OP_FMA: case OP_MAD24: case OP_SAD: case OP_MADC:
        if (fl)
            set(o, f64 ? UNIT_DP : UNIT_SP, f64 ? LAT_DP_MAD : LAT_FP_MAD);
        else
            set(o, UNIT_INT, LAT_INT_MAD);
        break;
    case OP_DIV: case OP_REM:
        if (!fl)
            set(o, UNIT_INT, LAT_INT_DIV);
        else if (f64)
            set(o, UNIT_DP, LAT_DP_DIV);
        else if (in->flags & PF_APPROX)
            set(o, UNIT_SFU, LAT_SFU);
        else
            set(o, UNIT_SP, LAT_FP_DIV);
        break;
    case OP_RCP: case OP_SQRT:
        if (f64 && !(in->flags & PF_APPROX))
            set(o, UNIT_DP, LAT_DP_DIV);
        else
            set(o, UNIT_SFU, LAT_SFU);
        break;
    case OP_RSQRT: case OP_EX2: case OP_LG2: case OP_SIN: case OP_COS: case OP_TANH:
        set(o, UNIT_SFU, LAT_SFU);
        break;
    case OP_CVT: {
        enum ptx_type s = (enum ptx_type)in->type2;
        if (t == PT_F64 || s == PT_F64)
            set(o, UNIT_DP, LAT_DP_ADD);
        else if (fl || ptx_type_kind(s) == TK_FLOAT)
            set(o, UNIT_SP, LAT_FP_ADD);
        else
            set(o, UNIT_INT, LAT_INT_ADD);
        break;
    }
    case OP_SHFL: case OP_MATCH: case OP_REDUX: /* warp-wide exchanges, as SASS's SHFL, MATCH, REDUX */
        set(o, UNIT_INT, LAT_INT_SHFL);
        break;
    default:
        set(o, UNIT_INT, LAT_INT_ADD);
        break;
    }
    if ((in->op == OP_SETP || in->op == OP_SET) && !fl)
        set(o, UNIT_INT, LAT_INT_ADD);
}

/* An mma reads up to 10 registers (A, B, C) and writes 4 (D), a wmma up
 * to 24 and 8: more than warp_inst_t holds (INST_MAX_SRC = 6, INST_MAX_DST
 * = 4). A fragment's registers are written together (by one mma or wmma
 * load, or by loads issued back to back), so the scoreboard sees the guard
 * and the scalar sources (address, stride), then every fragment by its
 * first register, then by its last, then the rest while room remains: a
 * dependency on any fragment, e.g. a chain of mma's through C = D, is seen
 * through its first and last registers, whichever instruction wrote it. */
static void add_fragments(const ptx_inst_t *in, unsigned from, unsigned to, uint16_t *list, uint8_t *n, unsigned max)
{
    for (unsigned pass = 0; pass < 4; pass++)
        for (unsigned i = from; i < to; i++) {
            const ptx_operand_t *s = &in->ops[i];
            if (pass == 0 && (s->kind == OPK_REG || (s->kind == OPK_ADDR && s->reg != PTX_NO_REG)))
                add_reg(list, n, max, s->reg);
            if (s->kind != OPK_VEC || s->nvec == 0)
                continue;
            if (pass == 1)
                add_reg(list, n, max, s->vec[0]);
            else if (pass == 2)
                add_reg(list, n, max, s->vec[s->nvec - 1]);
            else if (pass == 3)
                for (unsigned k = 1; k + 1 < s->nvec; k++)
                    add_reg(list, n, max, s->vec[k]);
        }
}

static void tensor_registers(const ptx_inst_t *in, warp_inst_t *o)
{
    add_reg(o->src, &o->nsrc, INST_MAX_SRC, in->guard);
    unsigned first_src = ptx_op_writes_first_operand((enum ptx_opcode)in->op) ? 1 : 0;
    if (first_src)
        add_fragments(in, 0, 1, o->dst, &o->ndst, INST_MAX_DST);
    add_fragments(in, first_src, in->nops, o->src, &o->nsrc, INST_MAX_SRC);
}

void ptx_timing_template(const ptx_module_t *m, const ptx_function_t *f, const ptx_inst_t *in, warp_inst_t *o)
{
    memset(o, 0, sizeof *o);
    o->space = SPACE_NONE;
    enum ptx_opcode op = (enum ptx_opcode)in->op;
    switch (op) {
    case OP_BRA: case OP_CALL: case OP_NOP: case OP_TRAP:
        set(o, UNIT_BRANCH, LAT_BRANCH);
        break;
    case OP_RET: case OP_EXIT:
        set(o, UNIT_BRANCH, LAT_BRANCH);
        if (op == OP_EXIT || f->is_kernel)
            o->flags = INST_EXIT;
        break;
    case OP_BAR_RED: /* a CTA barrier whose result is ready at its release */
        set(o, UNIT_BRANCH, LAT_BRANCH);
        o->flags = INST_BARRIER;
        break;
    case OP_CP:
        if (in->subop != CP_ASYNC) { /* commit_group, wait_group N, wait_all: the warp's groups (sm_async.h) */
            set(o, UNIT_INT, LAT_INT_ADD);
            if (in->subop == CP_ASYNC_COMMIT)
                o->async = ASYNC_COMMIT;
            else if (in->subop == CP_ASYNC_WAIT_ALL)
                o->async = ASYNC_WAIT_ALL;
            else
                o->async = (uint8_t)(ASYNC_WAIT_NEWEST +
                                     (in->ops[0].imm > ASYNC_WAIT_MAX_N ? ASYNC_WAIT_MAX_N : in->ops[0].imm));
            break;
        }
        /* the copy: a global load of cp-size bytes per lane that no register
         * waits for (LDGSTS); its data is in shared memory at issue (the
         * functional model), and its arrival is what wait_group waits for */
        o->async = ASYNC_COPY;
        set(o, UNIT_LDST, LAT_INT_ADD);
        o->space = SPACE_GLOBAL;
        o->access_size = (uint8_t)in->ops[2].imm;
        o->flags = INST_LOAD;
        break;
    case OP_BAR: case OP_BARRIER:
        set(o, UNIT_BRANCH, LAT_BRANCH);
        if (in->subop == BAR_CLUSTER_ARRIVE)
            o->flags = INST_CLUSTER_ARRIVE;
        else if (in->subop == BAR_CLUSTER_WAIT)
            o->flags = INST_CLUSTER_WAIT;
        else if (in->subop != 1) /* bar.warp.sync only synchronises the warp */
            o->flags = INST_BARRIER;
        break;
    case OP_MEMBAR: case OP_FENCE:
        set(o, UNIT_LDST, LAT_INT_ADD);
        o->flags = INST_MEMBAR;
        break;
    case OP_PREFETCH:
        set(o, UNIT_INT, LAT_INT_ADD);
        break;
    case OP_LD: case OP_LDU: case OP_ST: case OP_ATOM: case OP_RED: {
        const ptx_operand_t *a = &in->ops[op == OP_ST || op == OP_RED ? 0 : 1];
        int func_param = in->space == PS_PARAM && a->sym != PTX_NO_SYM && !m->syms[a->sym].kernel_param;
        if ((in->flags & PF_KPARAM) || func_param || (in->space == PS_PARAM && !f->is_kernel)) {
            set(o, UNIT_INT, LAT_INT_ADD);
            break;
        }
        set(o, UNIT_LDST, LAT_INT_ADD);
        o->space = (uint8_t)mem_space_of(in->space);
        o->access_size = (uint8_t)(ptx_type_size((enum ptx_type)in->type) * (in->vec ? in->vec : 1));
        o->flags = op == OP_LD || op == OP_LDU ? INST_LOAD : op == OP_ST ? INST_STORE : INST_ATOMIC;
        break;
    }
    case OP_MMA:
        set(o, UNIT_TENSOR, LAT_TENSOR);
        break;
    case OP_WMMA: case OP_WMMA_ST:
        if (in->subop == WMMA_MMA) { /* one issue: SASS has two HMMA.16816 (see Tensor cores) */
            set(o, UNIT_TENSOR, LAT_TENSOR);
            break;
        }
        /* a fragment load/store: the warp's accesses as 32 lanes of 16 bytes
         * over the tile's 16 rows (ptx_exec.c) */
        set(o, UNIT_LDST, LAT_INT_ADD);
        o->space = (uint8_t)mem_space_of(in->space);
        o->access_size = 16;
        o->flags = op == OP_WMMA_ST ? INST_STORE : INST_LOAD;
        break;
    default:
        arith(in, o);
        break;
    }
    if (op == OP_MMA || op == OP_WMMA || op == OP_WMMA_ST) {
        tensor_registers(in, o);
        return;
    }
    /* scoreboard registers: flat register indices of the function */
    unsigned first_src = 0;
    if (ptx_op_writes_first_operand(op) && in->nops > 0) {
        const ptx_operand_t *d = &in->ops[0];
        if (d->kind == OPK_REG)
            add_reg(o->dst, &o->ndst, INST_MAX_DST, d->reg);
        else if (d->kind == OPK_VEC)
            for (unsigned k = 0; k < d->nvec; k++)
                add_reg(o->dst, &o->ndst, INST_MAX_DST, d->vec[k]);
        first_src = 1;
    }
    if (op != OP_CALL)
        for (unsigned i = first_src; i < in->nops; i++) {
            const ptx_operand_t *s = &in->ops[i];
            if (s->kind == OPK_REG || (s->kind == OPK_ADDR && s->reg != PTX_NO_REG))
                add_reg(o->src, &o->nsrc, INST_MAX_SRC, s->reg);
            else if (s->kind == OPK_VEC)
                for (unsigned k = 0; k < s->nvec; k++)
                    add_reg(o->src, &o->nsrc, INST_MAX_SRC, s->vec[k]);
        }
    add_reg(o->src, &o->nsrc, INST_MAX_SRC, in->guard);
}
