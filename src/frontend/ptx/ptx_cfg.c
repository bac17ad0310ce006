/* ptx_cfg.c — basic blocks and immediate post-dominators of a PTX function.
 *
 * The SIMT reconvergence stack needs, for every branch, the point where the
 * diverged paths are guaranteed to meet again: the immediate post-dominator
 * (ipdom) of the branch's block. Computed with the Cooper-Harvey-Kennedy
 * iterative algorithm on the reversed CFG, rooted at a virtual exit node that
 * every ret/exit flows to. Blocks that cannot reach the exit (infinite loops)
 * get the exit as their ipdom: lanes in them never reconverge anyway. */
#include "ptx_ir.h"

#include <stdlib.h>
#include <string.h>


static int is_terminator(const ptx_inst_t *in)
{
    return in->op == OP_BRA || in->op == OP_RET || in->op == OP_EXIT || in->op == OP_TRAP;
}

/* Successors of block b (ending at instruction `last`): up to 2. exit = nblocks. */
static unsigned successors(const ptx_function_t *f, const uint32_t *block_of, uint32_t nblocks, uint32_t last,
                           uint32_t out[2])
{
    const ptx_inst_t *in = &f->insts[last];
    unsigned n = 0;
    int guarded = in->guard != PTX_NO_REG;
    if (in->op == OP_BRA) {
        out[n++] = block_of[in->ops[0].imm];
        if (guarded && last + 1 < f->n_insts)
            out[n++] = block_of[last + 1];
    } else if (in->op == OP_RET || in->op == OP_EXIT || in->op == OP_TRAP) {
        out[n++] = nblocks;
        if (guarded && last + 1 < f->n_insts)
            out[n++] = block_of[last + 1];
    } else {
        out[n++] = last + 1 < f->n_insts ? block_of[last + 1] : nblocks;
    }
    if (n == 2 && out[0] == out[1])
        n = 1;
    return n;
}

void ptx_cfg_compute_ipdom(ptx_function_t *f)
{
    uint32_t n = f->n_insts;
    if (n == 0)
        return;
    uint8_t *leader = cs_xcalloc(n + 1, 1);
    leader[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ptx_inst_t *in = &f->insts[i];
        if (in->op == OP_BRA)
            leader[in->ops[0].imm] = 1;
        if (is_terminator(in) && i + 1 < n)
            leader[i + 1] = 1;
    }
    uint32_t *block_of = cs_xmalloc(n * sizeof *block_of);
    uint32_t *start = cs_xmalloc((n + 1) * sizeof *start);
    uint32_t nb = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (leader[i])
            start[nb++] = i;
        block_of[i] = nb - 1;
    }
    start[nb] = n; /* the exit node "starts" at n_insts */
    uint32_t total = nb + 1, exit_node = nb;
    /* successor lists (<= 2 each) and predecessor lists in CSR form */
    uint32_t (*succ)[2] = cs_xmalloc(total * sizeof *succ);
    uint8_t *nsucc = cs_xcalloc(total, 1);
    uint32_t *npred = cs_xcalloc(total + 1, sizeof *npred);
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t last = start[b + 1] - 1;
        nsucc[b] = (uint8_t)successors(f, block_of, nb, last, succ[b]);
        for (unsigned k = 0; k < nsucc[b]; k++)
            npred[succ[b][k] + 1]++;
    }
    for (uint32_t b = 0; b < total; b++)
        npred[b + 1] += npred[b];
    uint32_t *pred = cs_xmalloc((npred[total] + 1) * sizeof *pred);
    uint32_t *fill = cs_xmalloc(total * sizeof *fill);
    memcpy(fill, npred, total * sizeof *fill);
    for (uint32_t b = 0; b < nb; b++)
        for (unsigned k = 0; k < nsucc[b]; k++)
            pred[fill[succ[b][k]]++] = b;
    /* postorder of the reversed graph from the exit (iterative DFS over predecessors) */
    uint32_t *po = cs_xmalloc(total * sizeof *po); /* node -> postorder number */
    uint32_t *order = cs_xmalloc(total * sizeof *order);
    uint32_t *stack = cs_xmalloc(total * sizeof *stack), *iter = cs_xcalloc(total, sizeof *iter);
    uint8_t *seen = cs_xcalloc(total, 1);
    uint32_t sp = 0, count = 0;
    for (uint32_t b = 0; b < total; b++)
        po[b] = UINT32_MAX;
    stack[sp++] = exit_node;
    seen[exit_node] = 1;
    while (sp) {
        uint32_t v = stack[sp - 1];
        if (npred[v] + iter[v] < npred[v + 1]) {
            uint32_t w = pred[npred[v] + iter[v]++];
            if (!seen[w]) {
                seen[w] = 1;
                stack[sp++] = w;
            }
        } else {
            po[v] = count;
            order[count++] = v;
            sp--;
        }
    }
    uint32_t *idom = cs_xmalloc(total * sizeof *idom);
    for (uint32_t b = 0; b < total; b++)
        idom[b] = UINT32_MAX;
    idom[exit_node] = exit_node;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (uint32_t k = count - 1; k-- > 0;) { /* reverse postorder, skipping the root */
            uint32_t v = order[k], nd = UINT32_MAX;
            for (unsigned s = 0; s < nsucc[v]; s++) {
                uint32_t w = succ[v][s];
                if (idom[w] == UINT32_MAX)
                    continue;
                if (nd == UINT32_MAX) {
                    nd = w;
                    continue;
                }
                uint32_t a = w, c = nd;
                while (a != c) {
                    while (po[a] < po[c])
                        a = idom[a];
                    while (po[c] < po[a])
                        c = idom[c];
                }
                nd = a;
            }
            if (nd != UINT32_MAX && idom[v] != nd) {
                idom[v] = nd;
                changed = 1;
            }
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = block_of[i];
        uint32_t d = idom[b] == UINT32_MAX ? exit_node : idom[b];
        f->insts[i].ipdom = start[d];
    }
    free(leader);
    free(block_of);
    free(start);
    free(succ);
    free(nsucc);
    free(npred);
    free(pred);
    free(fill);
    free(po);
    free(order);
    free(stack);
    free(iter);
    free(seen);
    free(idom);
}
