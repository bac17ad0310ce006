/* ptx_contract.c — multiply-add contraction, as the GPU's code generator does.
 *
 * The PTX ISA lets the code generator fuse a `mul` and a dependent `add` or
 * `sub` that carry no rounding modifier into one fused multiply-add ("mul/add
 * sequences with no rounding modifiers may be optimized to use
 * fused-multiply-add instructions on the target device"), and ptxas does it
 * by default (--fmad=true). The fused result skips the rounding of the
 * product, so it can differ from mul-then-add in the last bit: on a real H100
 * the exact CPU checks of four of our workloads failed by one ulp for this
 * reason, while an interpreter that rounds each instruction passed them.
 *
 * So the interpreter contracts too. Which pairs ptxas fuses is its choice;
 * the rule here is the conservative core every such compiler applies: a
 * `mul.f32`/`mul.f64` with no rounding modifier and no guard whose result
 * has exactly one reader, an `add`/`sub` of the same type with no rounding
 * modifier in the same basic block, with neither source of the mul written
 * in between. Where both operands of one add are such products (STN's
 * `a*b - c*d`) the ISA allows either fusion; `CTASIM_PTX_CONTRACT` picks one
 * (`first`, the default, fuses the first operand as LLVM's combiner does;
 * `second` the other; `off` none), so a workload's check can be run under
 * every legal reading (tests/cli/test_contract.sh): a check that passes
 * under all of them passes whatever the hardware's compiler chose.
 *
 * Only the interpreter's copy of the instructions (f->xinsts) changes: the
 * add becomes an fma of the mul's sources, the mul stays (its result is now
 * dead). The timing templates keep both instructions as they were, so the
 * cycles the timing model counts do not change with the mode.
 */
#include "ptx_ir.h"

#include <stdlib.h>
#include <string.h>

/* The index of $var's value in words[0..n) (unset or empty: 0), or an error
 * naming the variable and the words it takes. */
static int env_word(const char *var, const char *const *words, unsigned n, unsigned *choice, cs_error_t *err)
{
    const char *v = getenv(var);
    *choice = 0;
    if (!v || !*v)
        return 0;
    for (unsigned i = 0; i < n; i++)
        if (strcmp(v, words[i]) == 0) {
            *choice = i;
            return 0;
        }
    return cs_err(err, NULL, 0, "%s=%s: expected %s, %s or %s", var, v, words[0], words[1], words[2]);
}

int ptx_float_rules_from_env(enum ptx_contract_mode *contract, int8_t *approx_edge, cs_error_t *err)
{
    static const char *const contract_words[] = {"first", "second", "off"}; /* enum ptx_contract_mode order */
    static const char *const approx_words[] = {"exact", "low", "high"};
    static const int8_t approx_dirs[] = {0, -1, 1};
    unsigned c, a;
    if (env_word("CTASIM_PTX_CONTRACT", contract_words, 3, &c, err) < 0 ||
        env_word("CTASIM_PTX_APPROX", approx_words, 3, &a, err) < 0)
        return -1;
    *contract = (enum ptx_contract_mode)c;
    *approx_edge = approx_dirs[a];
    return 0;
}

static int plain(const ptx_operand_t *o) { return (o->kind == OPK_REG && !o->neg) || o->kind == OPK_IMM; }

/* Count the reads of every register (sources, address bases, vector
 * elements, guards) and the writes (first operands of writing opcodes). */
static void count_uses(const ptx_function_t *f, uint32_t *reads, uint32_t *writes)
{
    for (uint32_t i = 0; i < f->n_insts; i++) {
        const ptx_inst_t *in = &f->insts[i];
        unsigned first_src = 0;
        if (ptx_op_writes_first_operand((enum ptx_opcode)in->op) && in->nops > 0) {
            const ptx_operand_t *d = &in->ops[0];
            if (d->kind == OPK_REG && d->reg < f->n_regs)
                writes[d->reg]++;
            else if (d->kind == OPK_VEC)
                for (unsigned k = 0; k < d->nvec && k < PTX_MAX_VEC; k++)
                    if (d->vec[k] < f->n_regs)
                        writes[d->vec[k]]++;
            first_src = 1;
        }
        for (unsigned s = first_src; s < in->nops && s < PTX_MAX_OPS; s++) {
            const ptx_operand_t *o = &in->ops[s];
            if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg < f->n_regs)
                reads[o->reg]++;
            else if (o->kind == OPK_VEC)
                for (unsigned k = 0; k < o->nvec && k < PTX_MAX_VEC; k++)
                    if (o->vec[k] < f->n_regs)
                        reads[o->vec[k]]++;
        }
        if (in->guard < f->n_regs)
            reads[in->guard]++;
    }
}

/* Whether instruction `in` writes register r. */
static int writes_reg(const ptx_inst_t *in, uint32_t r)
{
    if (!ptx_op_writes_first_operand((enum ptx_opcode)in->op) || in->nops == 0)
        return 0;
    const ptx_operand_t *d = &in->ops[0];
    if (d->kind == OPK_REG)
        return d->reg == r;
    if (d->kind == OPK_VEC)
        for (unsigned k = 0; k < d->nvec && k < PTX_MAX_VEC; k++)
            if (d->vec[k] == r)
                return 1;
    return 0;
}

static int ends_block(const ptx_inst_t *in)
{
    return in->op == OP_BRA || in->op == OP_CALL || in->op == OP_RET || in->op == OP_EXIT;
}

/* The index of the mul whose only reader is operand `k` of the add at index
 * j, or -1 when that operand is not a product the rules allow to fuse. */
static long fusable_mul(const ptx_function_t *f, const uint32_t *reads, const uint32_t *writes, const uint32_t *def_at,
                        const uint8_t *is_target, uint32_t j, unsigned k)
{
    const ptx_inst_t *a = &f->insts[j];
    const ptx_operand_t *o = &a->ops[k];
    if (o->kind != OPK_REG || o->reg >= f->n_regs || reads[o->reg] != 1 || writes[o->reg] != 1)
        return -1;
    uint32_t i = def_at[o->reg];
    if (i >= j)
        return -1;
    const ptx_inst_t *m = &f->insts[i];
    if (m->op != OP_MUL || m->type != a->type || m->rnd != RND_NONE || m->nops != 3 || m->guard != PTX_NO_REG ||
        (m->flags & ~PF_FTZ) || (m->flags & PF_FTZ) != (a->flags & PF_FTZ) || !plain(&m->ops[1]) ||
        !plain(&m->ops[2]) || m->ops[0].kind != OPK_REG)
        return -1;
    for (uint32_t q = i + 1; q <= j; q++)
        if (is_target[q])
            return -1;
    for (uint32_t q = i; q < j; q++)
        if (ends_block(&f->insts[q]))
            return -1;
    for (uint32_t q = i + 1; q < j; q++)
        for (unsigned s = 1; s <= 2; s++)
            if (m->ops[s].kind == OPK_REG && writes_reg(&f->insts[q], m->ops[s].reg))
                return -1;
    return (long)i;
}

uint32_t ptx_contract(ptx_function_t *f, enum ptx_contract_mode mode)
{
    if (mode == PTX_CONTRACT_OFF || f->n_insts == 0 || f->n_regs == 0)
        return 0;
    uint32_t n = f->n_regs, ni = f->n_insts;
    uint32_t *reads = cs_xcalloc(n, sizeof *reads), *writes = cs_xcalloc(n, sizeof *writes);
    uint32_t *def_at = cs_xmalloc((size_t)n * sizeof *def_at);
    uint8_t *is_target = cs_xcalloc((size_t)ni + 1, 1);
    count_uses(f, reads, writes);
    for (uint32_t r = 0; r < n; r++)
        def_at[r] = UINT32_MAX;
    for (uint32_t i = 0; i < ni; i++) {
        const ptx_inst_t *in = &f->insts[i];
        if (in->op == OP_BRA && in->nops > 0 && (uint64_t)in->ops[0].imm <= ni)
            is_target[in->ops[0].imm] = 1;
        if (ptx_op_writes_first_operand((enum ptx_opcode)in->op) && in->nops > 0 && in->ops[0].kind == OPK_REG &&
            in->ops[0].reg < n)
            def_at[in->ops[0].reg] = i;
    }
    uint32_t fused = 0;
    for (uint32_t j = 0; j < ni; j++) {
        const ptx_inst_t *a = &f->insts[j];
        if ((a->op != OP_ADD && a->op != OP_SUB) || (a->type != PT_F32 && a->type != PT_F64) || a->rnd != RND_NONE ||
            a->nops != 3 || (a->flags & ~(PF_FTZ | PF_SAT)) || !plain(&a->ops[1]) || !plain(&a->ops[2]) ||
            a->ops[0].kind != OPK_REG)
            continue;
        if (a->ops[1].kind == OPK_REG && a->ops[2].kind == OPK_REG && a->ops[1].reg == a->ops[2].reg)
            continue;
        long m1 = fusable_mul(f, reads, writes, def_at, is_target, j, 1);
        long m2 = fusable_mul(f, reads, writes, def_at, is_target, j, 2);
        unsigned k;
        if (m1 >= 0 && (m2 < 0 || mode == PTX_CONTRACT_FIRST))
            k = 1;
        else if (m2 >= 0)
            k = 2;
        else
            continue;
        const ptx_inst_t *m = &f->insts[k == 1 ? m1 : m2];
        if (!f->xinsts) {
            f->xinsts = cs_xmalloc((size_t)ni * sizeof *f->xinsts);
            memcpy(f->xinsts, f->insts, (size_t)ni * sizeof *f->xinsts);
        }
        ptx_inst_t *x = &f->xinsts[j];
        ptx_operand_t addend = a->ops[k == 1 ? 2 : 1];
        x->op = OP_FMA;
        x->rnd = RND_RN;
        x->nops = 4;
        x->ops[1] = m->ops[1];
        x->ops[2] = m->ops[2];
        x->ops[3] = addend;
        /* a*b - c = fma(a, b, -c); c - a*b = fma(-a, b, c): negations are exact */
        x->fneg = a->op == OP_SUB ? (k == 1 ? PTX_FNEG_ADDEND : PTX_FNEG_PRODUCT) : 0;
        ptx_exec_classify(x);
        fused++;
    }
    free(reads);
    free(writes);
    free(def_at);
    free(is_target);
    return fused;
}
