/* ptx_slots.c — register slots of the interpreter's register file.
 *
 * A PTX function declares one virtual register per value (mmul: 128, cp: 266)
 * and the interpreter keeps 32 lanes x 8 bytes of each per warp, so a warp's
 * registers would take 32-68 KB and the interpreter's working set would be
 * mostly cache misses. Registers that are never live at the same time can
 * share a slot: this file computes per-thread liveness over the function's
 * CFG, an interference graph, and a greedy colouring in register order, and
 * writes f->xinsts, a copy of the instructions whose register operands name
 * slots (f->n_slots of them). Only the interpreter reads xinsts; the timing
 * templates, the scoreboard and the register estimate (ptx_regs.c) keep the
 * PTX register numbers, so nothing the timing model sees changes.
 *
 * Why each thread computes what it did before: a thread runs one path of the
 * CFG and its lane of a slot holds only its own values. A register that is
 * read before any write (it reads 0) is live from the entry to that read, so
 * no register written on the way can share its slot. Writes interfere with
 * everything live after them, dead writes included; a guarded write does not
 * end the register's earlier value. Only a shfl reading a lane that did not
 * execute it (undefined in PTX) could see another register's value. */
#include "ptx_ir.h"

#include <stdlib.h>
#include <string.h>

/* Bounds on the work for one function (parse time, fuzzed input included):
 * beyond them the interpreter keeps one slot per register. */
#define MAX_RENAMED_REGS 8192
#define MAX_LIVE_WORDS (1u << 20) /* instructions x 64-register words per set */
#define MAX_LIVENESS_PASSES 256

typedef uint64_t word_t;
#define WORD_BITS 64

static inline void bit_set(word_t *s, uint32_t i) { s[i / WORD_BITS] |= (word_t)1 << (i % WORD_BITS); }
static inline int bit_get(const word_t *s, uint32_t i) { return (int)((s[i / WORD_BITS] >> (i % WORD_BITS)) & 1); }

static void add_regs(const ptx_operand_t *o, word_t *set)
{
    if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg != PTX_NO_REG)
        bit_set(set, o->reg);
    else if (o->kind == OPK_VEC)
        for (unsigned k = 0; k < o->nvec && k < PTX_MAX_VEC; k++)
            if (o->vec[k] != PTX_NO_REG)
                bit_set(set, o->vec[k]);
}

/* Registers instruction `in` reads (use) and writes (def). */
static void uses_defs(const ptx_inst_t *in, word_t *use, word_t *def)
{
    unsigned first_src = 0;
    if (ptx_op_writes_first_operand((enum ptx_opcode)in->op) && in->nops > 0) {
        add_regs(&in->ops[0], def);
        first_src = 1;
    }
    for (unsigned i = first_src; i < in->nops; i++)
        add_regs(&in->ops[i], use);
    if (in->guard != PTX_NO_REG)
        bit_set(use, in->guard);
}

static void remap(ptx_operand_t *o, const uint32_t *slot)
{
    if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg != PTX_NO_REG)
        o->reg = slot[o->reg];
    else if (o->kind == OPK_VEC)
        for (unsigned k = 0; k < o->nvec && k < PTX_MAX_VEC; k++)
            if (o->vec[k] != PTX_NO_REG)
                o->vec[k] = slot[o->vec[k]];
}

/* Every register operand names a declared register (else: no renaming). */
static int regs_in_range(const ptx_operand_t *o, uint32_t n)
{
    if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg != PTX_NO_REG)
        return o->reg < n;
    if (o->kind == OPK_VEC)
        for (unsigned k = 0; k < o->nvec && k < PTX_MAX_VEC; k++)
            if (o->vec[k] != PTX_NO_REG && o->vec[k] >= n)
                return 0;
    return 1;
}

void ptx_assign_slots(ptx_function_t *f)
{
    uint32_t n = f->n_regs, ni = f->n_insts;
    /* the interpreter's instructions: contracted (ptx_contract) or the PTX's;
     * every early return below keeps them with the PTX numbering */
    const ptx_inst_t *src = f->xinsts ? f->xinsts : f->insts;
    f->n_slots = n;
    if (n == 0 || ni == 0)
        return;
    for (uint32_t i = 0; i < ni; i++) {
        const ptx_inst_t *in = &src[i];
        if (in->nops > PTX_MAX_OPS || (in->guard != PTX_NO_REG && in->guard >= n))
            return;
        for (unsigned k = 0; k < in->nops; k++)
            if (!regs_in_range(&in->ops[k], n))
                return;
    }
    size_t words = (n + WORD_BITS - 1) / WORD_BITS;
    if (n > MAX_RENAMED_REGS || (uint64_t)ni * words > MAX_LIVE_WORDS)
        return; /* not for any real kernel: keep the PTX numbering */
    word_t *use = cs_xcalloc((size_t)ni * words, sizeof *use);
    word_t *def = cs_xcalloc((size_t)ni * words, sizeof *def);
    word_t *kill = cs_xcalloc((size_t)ni * words, sizeof *kill); /* unguarded defs */
    word_t *live_in = cs_xcalloc((size_t)ni * words, sizeof *live_in);
    word_t *live_out = cs_xcalloc((size_t)ni * words, sizeof *live_out);
    for (uint32_t i = 0; i < ni; i++) {
        const ptx_inst_t *in = &src[i];
        uses_defs(in, &use[(size_t)i * words], &def[(size_t)i * words]);
        if (in->guard == PTX_NO_REG)
            memcpy(&kill[(size_t)i * words], &def[(size_t)i * words], words * sizeof *kill);
    }
    /* backward data flow to a fixed point (real kernels: a few passes) */
    int changed = 1;
    for (unsigned pass = 0; changed && pass < MAX_LIVENESS_PASSES; pass++) {
        changed = 0;
        for (uint32_t i = ni; i-- > 0;) {
            const ptx_inst_t *in = &src[i];
            word_t *out = &live_out[(size_t)i * words];
            uint32_t succ[2], ns = 0;
            int falls = 1;
            if (in->op == OP_BRA) {
                uint64_t target = (uint64_t)in->ops[0].imm;
                if (target < ni)
                    succ[ns++] = (uint32_t)target;
                falls = in->guard != PTX_NO_REG;
            } else if (in->op == OP_EXIT || in->op == OP_RET) {
                falls = in->guard != PTX_NO_REG;
            }
            if (falls && i + 1 < ni)
                succ[ns++] = i + 1;
            for (uint32_t s = 0; s < ns; s++) {
                const word_t *sin = &live_in[(size_t)succ[s] * words];
                for (size_t w = 0; w < words; w++)
                    out[w] |= sin[w];
            }
            word_t *inn = &live_in[(size_t)i * words];
            const word_t *u = &use[(size_t)i * words], *k = &kill[(size_t)i * words];
            for (size_t w = 0; w < words; w++) {
                word_t v = u[w] | (out[w] & ~k[w]);
                if (v != inn[w]) {
                    inn[w] = v;
                    changed = 1;
                }
            }
        }
    }
    if (changed) { /* no fixed point in time: keep the PTX numbering */
        free(use);
        free(def);
        free(kill);
        free(live_in);
        free(live_out);
        return;
    }
    /* interference: a write against everything live after it and the other
     * writes of the same instruction; registers live at the entry pairwise */
    word_t *adj = cs_xcalloc((size_t)n * words, sizeof *adj);
    for (uint32_t i = 0; i < ni; i++) {
        const word_t *d = &def[(size_t)i * words], *out = &live_out[(size_t)i * words];
        for (size_t w = 0; w < words; w++)
            for (word_t m = d[w]; m; m &= m - 1) {
                uint32_t r = (uint32_t)(w * WORD_BITS + (unsigned)__builtin_ctzll(m));
                word_t *row = &adj[(size_t)r * words];
                for (size_t v = 0; v < words; v++)
                    row[v] |= out[v] | d[v];
            }
    }
    for (size_t w = 0; w < words; w++)
        for (word_t m = live_in[w]; m; m &= m - 1) {
            uint32_t r = (uint32_t)(w * WORD_BITS + (unsigned)__builtin_ctzll(m));
            word_t *row = &adj[(size_t)r * words];
            for (size_t v = 0; v < words; v++)
                row[v] |= live_in[v];
        }
    /* symmetric closure */
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t q = 0; q < n; q++)
            if (bit_get(&adj[(size_t)r * words], q))
                bit_set(&adj[(size_t)q * words], r);
    /* greedy colouring in register order */
    uint32_t *slot = cs_xmalloc((size_t)n * sizeof *slot);
    uint8_t *taken = cs_xcalloc(n + 1, 1);
    uint32_t n_slots = 0;
    for (uint32_t r = 0; r < n; r++) {
        const word_t *row = &adj[(size_t)r * words];
        memset(taken, 0, n_slots + 1);
        for (uint32_t q = 0; q < r; q++)
            if (q != r && bit_get(row, q))
                taken[slot[q]] = 1;
        uint32_t c = 0;
        while (taken[c])
            c++;
        slot[r] = c;
        if (c + 1 > n_slots)
            n_slots = c + 1;
    }
    ptx_inst_t *renamed = cs_xmalloc((size_t)ni * sizeof *renamed);
    memcpy(renamed, src, (size_t)ni * sizeof *renamed);
    free(f->xinsts);
    f->xinsts = renamed;
    for (uint32_t i = 0; i < ni; i++) {
        ptx_inst_t *in = &f->xinsts[i];
        for (unsigned k = 0; k < in->nops && k < PTX_MAX_OPS; k++)
            remap(&in->ops[k], slot);
        if (in->guard != PTX_NO_REG)
            in->guard = slot[in->guard];
    }
    f->n_slots = n_slots;
    free(slot);
    free(taken);
    free(adj);
    free(use);
    free(def);
    free(kill);
    free(live_in);
    free(live_out);
}
