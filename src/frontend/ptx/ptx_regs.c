/* ptx_regs.c — registers per thread of a PTX kernel: the ptxas report, a
 * cached or fresh ptxas run, or a liveness estimate (see ptx_regs.h). */
#include "ptx_regs.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ====================================================== liveness estimate */

typedef uint64_t word_t;
#define WBITS 64

static inline void bit_set(word_t *s, uint32_t r) { s[r / WBITS] |= (word_t)1 << (r % WBITS); }
static inline void bit_clr(word_t *s, uint32_t r) { s[r / WBITS] &= ~((word_t)1 << (r % WBITS)); }
static inline int bit_get(const word_t *s, uint32_t r) { return (int)((s[r / WBITS] >> (r % WBITS)) & 1); }

#define MAX_INST_REGS (PTX_MAX_OPS * 4 + 1)

/* Registers instruction `in` writes (defs) and reads (uses). */
static void inst_regs(const ptx_inst_t *in, uint32_t *defs, unsigned *nd, uint32_t *uses, unsigned *nu)
{
    *nd = *nu = 0;
    unsigned first_src = 0;
    if (ptx_op_writes_first_operand((enum ptx_opcode)in->op) && in->nops > 0) {
        const ptx_operand_t *d = &in->ops[0];
        if (d->kind == OPK_REG)
            defs[(*nd)++] = d->reg;
        else if (d->kind == OPK_VEC)
            for (unsigned k = 0; k < d->nvec; k++)
                if (d->vec[k] != PTX_NO_REG)
                    defs[(*nd)++] = d->vec[k];
        first_src = 1;
    }
    if (in->op != OP_CALL)
        for (unsigned i = first_src; i < in->nops; i++) {
            const ptx_operand_t *s = &in->ops[i];
            if ((s->kind == OPK_REG || s->kind == OPK_ADDR) && s->reg != PTX_NO_REG)
                uses[(*nu)++] = s->reg;
            else if (s->kind == OPK_VEC)
                for (unsigned k = 0; k < s->nvec; k++)
                    if (s->vec[k] != PTX_NO_REG)
                        uses[(*nu)++] = s->vec[k];
        }
    if (in->guard != PTX_NO_REG)
        uses[(*nu)++] = in->guard;
}

/* 32-bit registers a PTX register takes: predicates none (they live in the
 * separate predicate file), 64-bit two, 128-bit four. */
static unsigned reg_width(const ptx_function_t *f, uint32_t r)
{
    enum ptx_type t = (enum ptx_type)f->reg_types[r];
    if (t == PT_PRED)
        return 0;
    unsigned sz = ptx_type_size(t);
    return sz <= 4 ? 1 : (sz + 3) / 4;
}

/* Does this definition give its register a value ptxas needs no register
 * for: a kernel parameter (SASS reads c[0x0][...]), an immediate or a
 * symbol's address (an instruction's immediate operand), %ntid/%nctaid
 * (constant bank too), or a move or cvta of such a value? */
static int constant_def(const ptx_inst_t *in, const word_t *konst)
{
    if (in->guard != PTX_NO_REG)
        return 0;
    if (in->op == OP_LD && (in->flags & PF_KPARAM) && in->ops[0].kind == OPK_REG)
        return 1;
    if ((in->op == OP_MOV || in->op == OP_CVTA) && in->nops == 2 && in->ops[0].kind == OPK_REG) {
        const ptx_operand_t *s = &in->ops[1];
        if (s->kind == OPK_IMM || s->kind == OPK_SYM)
            return 1;
        if (s->kind == OPK_SREG && ((s->reg >= SR_NTID_X && s->reg <= SR_NTID_Z) ||
                                    (s->reg >= SR_NCTAID_X && s->reg <= SR_NCTAID_Z)))
            return 1;
        if (s->kind == OPK_REG && bit_get(konst, s->reg))
            return 1;
    }
    return 0;
}

/* ------------------------------------------------ block scheduling
 *
 * ptxas reorders each block before it allocates registers: it starts
 * long-latency work (memory loads, SFU functions) as early as their operands
 * allow, computing the addresses first and issuing the loads back to back,
 * so the values loaded for later use are live together (an unrolled loop's
 * loads; a run of global loads each stored to shared memory). Everything
 * else stays in PTX order, close to its consumers. Each block is therefore
 * list-scheduled first, from a dependence graph: registers (read after
 * write, write after read, write after write), memory (a store orders
 * against every access that may alias it: the same state space, or generic,
 * unless both address the same base at disjoint offsets; constant and
 * kernel-parameter reads order against nothing), barriers, fences, atomics
 * and calls (against every memory access), and the block's branch (last).
 * Among the instructions whose predecessors are placed it takes, by class
 * and then PTX order: (2) arithmetic that feeds a load or an SFU function,
 * directly or through more arithmetic, and the SFU functions; (1) loads;
 * (0) the rest. */

enum { CLASS_REST = 0, CLASS_LOAD = 1, CLASS_FEEDS = 2 };

typedef struct sched {
    uint32_t *npred, *edge_start, *edges;
    uint8_t *raw, *cls, *done;
    uint32_t edge_cap;
    uint32_t *last_def;     /* per register: index in the block of its last write (UINT32_MAX none) */
    uint32_t **readers;     /* per register: readers since that write */
    uint32_t *nreaders, *readers_cap;
    uint32_t nr;
    int hoist_store_addresses; /* straight-line code: ptxas computes store addresses early */
} sched_t;

static void sched_init(sched_t *s, uint32_t n, uint32_t nr)
{
    memset(s, 0, sizeof *s);
    s->npred = cs_xmalloc(n * sizeof *s->npred);
    s->edge_start = cs_xmalloc((n + 1) * sizeof *s->edge_start);
    s->cls = cs_xmalloc(n);
    s->done = cs_xmalloc(n);
    s->last_def = cs_xmalloc(nr * sizeof *s->last_def);
    s->readers = cs_xcalloc(nr, sizeof *s->readers);
    s->nreaders = cs_xcalloc(nr, sizeof *s->nreaders);
    s->readers_cap = cs_xcalloc(nr, sizeof *s->readers_cap);
    s->nr = nr;
}

static void sched_free(sched_t *s)
{
    for (uint32_t r = 0; r < s->nr; r++)
        free(s->readers[r]);
    free(s->readers);
    free(s->nreaders);
    free(s->readers_cap);
    free(s->last_def);
    free(s->npred);
    free(s->edge_start);
    free(s->edges);
    free(s->raw);
    free(s->cls);
    free(s->done);
}

/* A load or store of memory (not a kernel parameter or constant read). */
static int is_memory(const ptx_inst_t *in)
{
    switch (in->op) {
    case OP_LD: case OP_LDU:
        return !(in->flags & PF_KPARAM) && in->space != PS_PARAM && in->space != PS_CONST;
    case OP_ST: case OP_ATOM: case OP_RED:
        return 1;
    default:
        return 0;
    }
}

/* A load with latency worth hiding: memory or the constant cache. */
static int is_long_load(const ptx_inst_t *in)
{
    return (in->op == OP_LD || in->op == OP_LDU) && (is_memory(in) || in->space == PS_CONST);
}

static int is_fence(const ptx_inst_t *in)
{
    return in->op == OP_BAR || in->op == OP_BARRIER || in->op == OP_BAR_RED || in->op == OP_MEMBAR || in->op == OP_FENCE ||
           in->op == OP_ATOM || in->op == OP_RED || in->op == OP_CALL;
}

/* The address operand of a memory instruction. */
static const ptx_operand_t *address_of(const ptx_inst_t *in)
{
    return &in->ops[in->op == OP_ST || in->op == OP_RED ? 0 : 1];
}

static uint32_t access_bytes(const ptx_inst_t *in)
{
    return ptx_type_size((enum ptx_type)in->type) * (in->vec ? in->vec : 1);
}

/* May two memory instructions touch the same bytes? Not when their state
 * spaces differ (neither generic), nor when they address the same register
 * or symbol at offsets far enough apart (an unrolled loop's [%rd+0],
 * [%rd+1024]). */
static int may_alias(const ptx_inst_t *a, const ptx_inst_t *b)
{
    if (a->space != b->space && a->space != PS_GENERIC && b->space != PS_GENERIC)
        return 0;
    const ptx_operand_t *x = address_of(a), *y = address_of(b);
    if (x->kind == OPK_ADDR && y->kind == OPK_ADDR && x->reg == y->reg && x->sym == y->sym) {
        int64_t d = x->imm - y->imm;
        if (d >= (int64_t)access_bytes(b) || -d >= (int64_t)access_bytes(a))
            return 0;
    }
    return 1;
}

/* Does `st`, a global store, take its address from what `def` writes? ptxas
 * computes store addresses with the load addresses, up front. */
static int stores_through(const ptx_inst_t *st, const ptx_inst_t *def)
{
    if (st->op != OP_ST || st->space != PS_GLOBAL || def->nops == 0 || def->ops[0].kind != OPK_REG)
        return 0;
    const ptx_operand_t *a = address_of(st);
    return a->kind == OPK_ADDR && a->reg == def->ops[0].reg;
}

/* edges of the block before CSR */
typedef struct edge_list {
    uint32_t *from, *to;
    uint8_t *raw;
    uint32_t n, cap;
} edge_list_t;

static void add_edge(edge_list_t *e, uint32_t from, uint32_t to, int raw)
{
    if (e->n == e->cap) {
        e->cap = e->cap ? e->cap * 2 : 256;
        e->from = cs_xrealloc(e->from, e->cap * sizeof *e->from);
        e->to = cs_xrealloc(e->to, e->cap * sizeof *e->to);
        e->raw = cs_xrealloc(e->raw, e->cap);
    }
    e->from[e->n] = from, e->to[e->n] = to, e->raw[e->n] = (uint8_t)raw;
    e->n++;
}

static void add_reader(sched_t *s, uint32_t r, uint32_t k)
{
    if (s->nreaders[r] == s->readers_cap[r]) {
        s->readers_cap[r] = s->readers_cap[r] ? s->readers_cap[r] * 2 : 4;
        s->readers[r] = cs_xrealloc(s->readers[r], s->readers_cap[r] * sizeof *s->readers[r]);
    }
    s->readers[r][s->nreaders[r]++] = k;
}

/* order[0..len) = the indices of ins[0..len) in scheduled order. */
static void schedule_block(const ptx_inst_t *ins, uint32_t len, sched_t *s, uint32_t *order)
{
    uint32_t defs[MAX_INST_REGS], uses[MAX_INST_REGS];
    unsigned nd, nu;
    edge_list_t e = {0};
    for (uint32_t k = 0; k < len; k++) { /* reset the registers the block touches */
        inst_regs(&ins[k], defs, &nd, uses, &nu);
        for (unsigned j = 0; j < nd; j++)
            s->last_def[defs[j]] = UINT32_MAX, s->nreaders[defs[j]] = 0;
        for (unsigned j = 0; j < nu; j++)
            s->last_def[uses[j]] = UINT32_MAX, s->nreaders[uses[j]] = 0;
    }
    uint32_t last_fence = UINT32_MAX;
    for (uint32_t k = 0; k < len; k++) {
        const ptx_inst_t *in = &ins[k];
        inst_regs(in, defs, &nd, uses, &nu);
        for (unsigned j = 0; j < nu; j++)
            if (s->last_def[uses[j]] != UINT32_MAX)
                add_edge(&e, s->last_def[uses[j]], k, 1);
        for (unsigned j = 0; j < nd; j++) {
            uint32_t r = defs[j];
            if (s->last_def[r] != UINT32_MAX)
                add_edge(&e, s->last_def[r], k, 0);
            for (uint32_t q = 0; q < s->nreaders[r]; q++)
                if (s->readers[r][q] != k)
                    add_edge(&e, s->readers[r][q], k, 0);
        }
        for (unsigned j = 0; j < nu; j++)
            add_reader(s, uses[j], k);
        for (unsigned j = 0; j < nd; j++) {
            s->last_def[defs[j]] = k;
            s->nreaders[defs[j]] = 0;
        }
        int mem = is_memory(in), fence = is_fence(in);
        if (mem || fence) {
            if (last_fence != UINT32_MAX)
                add_edge(&e, last_fence, k, 0);
            int writes = in->op != OP_LD && in->op != OP_LDU;
            for (uint32_t q = last_fence == UINT32_MAX ? 0 : last_fence + 1; q < k; q++) {
                const ptx_inst_t *p = &ins[q];
                if (!is_memory(p))
                    continue;
                int pw = p->op != OP_LD && p->op != OP_LDU;
                if (fence || ((writes || pw) && may_alias(in, p)))
                    add_edge(&e, q, k, 0);
            }
            if (fence)
                last_fence = k;
        }
    }
    const ptx_inst_t *last = &ins[len - 1];
    if (last->op == OP_BRA || last->op == OP_RET || last->op == OP_EXIT || last->op == OP_TRAP)
        for (uint32_t k = 0; k + 1 < len; k++)
            add_edge(&e, k, len - 1, 0);
    /* successor lists (CSR) */
    memset(s->edge_start, 0, (len + 1) * sizeof *s->edge_start);
    memset(s->npred, 0, len * sizeof *s->npred);
    for (uint32_t i = 0; i < e.n; i++) {
        s->edge_start[e.from[i] + 1]++;
        s->npred[e.to[i]]++;
    }
    for (uint32_t k = 0; k < len; k++)
        s->edge_start[k + 1] += s->edge_start[k];
    if (e.n > s->edge_cap) {
        s->edge_cap = e.n;
        s->edges = cs_xrealloc(s->edges, e.n * sizeof *s->edges);
        s->raw = cs_xrealloc(s->raw, e.n);
    }
    uint32_t *fill = cs_xmalloc((len + 1) * sizeof *fill);
    memcpy(fill, s->edge_start, (len + 1) * sizeof *fill);
    for (uint32_t i = 0; i < e.n; i++) {
        uint32_t at = fill[e.from[i]]++;
        s->edges[at] = e.to[i];
        s->raw[at] = e.raw[i];
    }
    free(fill);
    free(e.from);
    free(e.to);
    free(e.raw);
    /* classes (edges go forward, so one backward pass sees every consumer) */
    for (uint32_t k = len; k-- > 0;) {
        const ptx_inst_t *in = &ins[k];
        s->cls[k] = is_long_load(in) ? CLASS_LOAD : in->timing.unit == UNIT_SFU ? CLASS_FEEDS : CLASS_REST;
        if (in->op == OP_LD || in->op == OP_LDU)
            continue;
        for (uint32_t i = s->edge_start[k]; i < s->edge_start[k + 1] && s->cls[k] == CLASS_REST; i++)
            if (s->raw[i] && (s->cls[s->edges[i]] != CLASS_REST || (s->hoist_store_addresses && stores_through(&ins[s->edges[i]], in))))
                s->cls[k] = CLASS_FEEDS;
    }
    memset(s->done, 0, len);
    for (uint32_t placed = 0; placed < len;) {
        uint32_t best = UINT32_MAX;
        for (uint32_t k = 0; k < len; k++)
            if (!s->done[k] && !s->npred[k] && (best == UINT32_MAX || s->cls[k] > s->cls[best]))
                best = k;
        s->done[best] = 1;
        order[placed++] = best;
        for (uint32_t i = s->edge_start[best]; i < s->edge_start[best + 1]; i++)
            s->npred[s->edges[i]]--;
    }
}

/* The most 32-bit registers live (and defined) at once in the block ins[0..len)
 * once scheduled: live_out and def_in are the sets at its end and start;
 * registers are numbered below nregs, width[r] counts each. */
static uint32_t block_pressure(const ptx_inst_t *ins, uint32_t len, uint32_t nregs, const unsigned *width,
                               const word_t *live_out, const word_t *def_in, int unrolled)
{
    size_t nw = (nregs + WBITS - 1) / WBITS;
    uint32_t defs[MAX_INST_REGS], uses[MAX_INST_REGS];
    unsigned nd, nu;
    uint32_t *order = cs_xmalloc(len * sizeof *order), maxlive = 0;
    sched_t sc;
    sched_init(&sc, len, nregs);
    sc.hoist_store_addresses = !unrolled;
    schedule_block(ins, len, &sc, order);
    sched_free(&sc);
    word_t *defd = cs_xmalloc(nw * (size_t)(len + 1) * sizeof *defd); /* defined before the k-th scheduled instruction */
    word_t *cur = cs_xmalloc(nw * sizeof *cur);
    memcpy(defd, def_in, nw * sizeof *defd);
    for (uint32_t k = 0; k < len; k++) {
        memcpy(defd + (size_t)(k + 1) * nw, defd + (size_t)k * nw, nw * sizeof *defd);
        inst_regs(&ins[order[k]], defs, &nd, uses, &nu);
        for (unsigned j = 0; j < nd; j++)
            bit_set(defd + (size_t)(k + 1) * nw, defs[j]);
    }
    memcpy(cur, live_out, nw * sizeof *cur);
    for (uint32_t k = len + 1; k-- > 0;) {
        /* cur = live at the point before the k-th scheduled instruction */
        const word_t *d = defd + (size_t)k * nw;
        uint32_t live = 0;
        for (size_t w = 0; w < nw; w++)
            for (word_t x = cur[w] & d[w]; x; x &= x - 1)
                live += width[w * WBITS + (uint32_t)__builtin_ctzll(x)];
        if (live > maxlive)
            maxlive = live;
        if (k == 0)
            break;
        const ptx_inst_t *in = &ins[order[k - 1]];
        inst_regs(in, defs, &nd, uses, &nu);
        if (in->guard == PTX_NO_REG)
            for (unsigned j = 0; j < nd; j++)
                bit_clr(cur, defs[j]);
        for (unsigned j = 0; j < nu; j++)
            bit_set(cur, uses[j]);
    }
    free(cur);
    free(defd);
    free(order);
    return maxlive;
}

/* Rename the registers of one operand: uses through name[]. */
static void rename_uses(ptx_operand_t *o, const uint32_t *name)
{
    if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg != PTX_NO_REG)
        o->reg = name[o->reg];
    else if (o->kind == OPK_VEC)
        for (unsigned k = 0; k < o->nvec; k++)
            if (o->vec[k] != PTX_NO_REG)
                o->vec[k] = name[o->vec[k]];
}

/* Can ptxas unroll the loop that block ins[0..len) forms by itself (its
 * last instruction branches back to its first)? Only a counted loop (its
 * trip count follows from a constant step), not with .pragma "nounroll",
 * and not around barriers, calls or atomics. */
static int unrollable(const ptx_inst_t *ins, uint32_t len, uint32_t first)
{
    const ptx_inst_t *last = &ins[len - 1];
    if (last->op != OP_BRA || last->guard == PTX_NO_REG || last->ops[0].kind != OPK_LABEL ||
        (uint32_t)last->ops[0].imm != first || (ins[0].flags & PF_NOUNROLL) || len > PTX_UNROLL_MAX_BODY)
        return 0;
    for (uint32_t k = 0; k < len; k++)
        if (is_fence(&ins[k]))
            return 0;
    /* a counted loop: the branch's predicate compares a register the body
     * steps by a constant (add/sub r, r, IMM) */
    const ptx_inst_t *cmp = NULL;
    for (uint32_t k = len - 1; k-- > 0 && !cmp;)
        if (ins[k].op == OP_SETP && ins[k].ops[0].kind == OPK_REG && ins[k].ops[0].reg == last->guard)
            cmp = &ins[k];
    if (!cmp)
        return 0;
    for (unsigned i = 1; i < 3 && i < cmp->nops; i++) {
        if (cmp->ops[i].kind != OPK_REG)
            continue;
        uint32_t r = cmp->ops[i].reg;
        for (uint32_t k = 0; k + 1 < len; k++) {
            const ptx_inst_t *in = &ins[k];
            if ((in->op == OP_ADD || in->op == OP_SUB) && in->guard == PTX_NO_REG && in->nops == 3 &&
                in->ops[0].kind == OPK_REG && in->ops[0].reg == r && in->ops[1].kind == OPK_REG &&
                in->ops[1].reg == r && in->ops[2].kind == OPK_IMM)
                return 1;
        }
    }
    return 0;
}

/* Pressure of the self-loop ins[0..len) unrolled PTX_UNROLL times, as ptxas
 * unrolls a small loop: copy c's definitions get fresh register numbers
 * (the last copy keeps the original ones, so the loop's live-out set is
 * unchanged), its uses read the copy before's; only the last copy branches
 * back. A register also written under a guard keeps its number. */
static uint32_t unrolled_pressure(const ptx_function_t *f, const ptx_inst_t *ins, uint32_t len, const unsigned *width,
                                  const word_t *live_out, const word_t *def_in)
{
    uint32_t nr = f->n_regs, U = PTX_UNROLL, nregs = nr * U;
    size_t nw = (nr + WBITS - 1) / WBITS, nwu = (nregs + WBITS - 1) / WBITS;
    uint32_t defs[MAX_INST_REGS], uses[MAX_INST_REGS];
    unsigned nd, nu;
    uint8_t *keep = cs_xcalloc(nr, 1);
    for (uint32_t k = 0; k < len; k++)
        if (ins[k].guard != PTX_NO_REG) {
            inst_regs(&ins[k], defs, &nd, uses, &nu);
            for (unsigned j = 0; j < nd; j++)
                keep[defs[j]] = 1;
        }
    uint32_t *name = cs_xmalloc(nr * sizeof *name);
    for (uint32_t r = 0; r < nr; r++)
        name[r] = r;
    ptx_inst_t *u = cs_xmalloc((size_t)len * U * sizeof *u);
    uint32_t n = 0;
    for (uint32_t c = 0; c < U; c++)
        for (uint32_t k = 0; k < len; k++) {
            if (k == len - 1 && c + 1 < U)
                continue; /* the back branch: only the last copy's */
            ptx_inst_t in = ins[k];
            unsigned first_src = ptx_op_writes_first_operand((enum ptx_opcode)in.op) && in.nops > 0 ? 1 : 0;
            for (unsigned i = first_src; i < in.nops; i++)
                rename_uses(&in.ops[i], name);
            if (in.guard != PTX_NO_REG)
                in.guard = name[in.guard];
            if (first_src) {
                ptx_operand_t *d = &in.ops[0];
                uint32_t *regs = d->kind == OPK_REG ? &d->reg : d->kind == OPK_VEC ? d->vec : NULL;
                unsigned cnt = d->kind == OPK_REG ? 1 : d->kind == OPK_VEC ? d->nvec : 0;
                for (unsigned j = 0; regs && j < cnt; j++) {
                    uint32_t r = regs[j];
                    if (r == PTX_NO_REG)
                        continue;
                    if (!keep[r])
                        name[r] = c + 1 < U ? r + (c + 1) * nr : r;
                    regs[j] = name[r];
                }
            }
            u[n++] = in;
        }
    unsigned *wu = cs_xmalloc(nregs * sizeof *wu);
    for (uint32_t r = 0; r < nregs; r++)
        wu[r] = width[r % nr];
    word_t *lo = cs_xcalloc(nwu, sizeof *lo), *di = cs_xcalloc(nwu, sizeof *di);
    memcpy(lo, live_out, nw * sizeof *lo);
    memcpy(di, def_in, nw * sizeof *di);
    uint32_t p = block_pressure(u, n, nregs, wu, lo, di, 1);
    free(lo);
    free(di);
    free(wu);
    free(u);
    free(name);
    free(keep);
    return p;
}

uint32_t ptx_estimate_regs(const ptx_module_t *m, uint32_t fi)
{
    const ptx_function_t *f = &m->funcs[fi];
    uint32_t n = f->n_insts, nr = f->n_regs;
    if (n == 0 || nr == 0)
        return PTX_REGS_OVERHEAD;
    size_t nw = (nr + WBITS - 1) / WBITS;
    uint32_t defs[MAX_INST_REGS], uses[MAX_INST_REGS];
    unsigned nd, nu;

    /* registers holding constants: the greatest set closed under constant_def */
    word_t *konst = cs_xcalloc(nw, sizeof *konst);
    for (uint32_t i = 0; i < n; i++) {
        inst_regs(&f->insts[i], defs, &nd, uses, &nu);
        for (unsigned k = 0; k < nd; k++)
            bit_set(konst, defs[k]);
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t i = 0; i < n; i++) {
            inst_regs(&f->insts[i], defs, &nd, uses, &nu);
            if (nd == 0 || constant_def(&f->insts[i], konst))
                continue;
            for (unsigned k = 0; k < nd; k++)
                if (bit_get(konst, defs[k])) {
                    bit_clr(konst, defs[k]);
                    changed = 1;
                }
        }
    }
    /* a 64-bit address must be in registers to be dereferenced (SASS has
     * no constant-bank address operand): such a constant is a register */
    for (uint32_t i = 0; i < n; i++) {
        const ptx_inst_t *in = &f->insts[i];
        for (unsigned k = 0; k < in->nops; k++) {
            const ptx_operand_t *o = &in->ops[k];
            if (o->kind == OPK_ADDR && o->reg != PTX_NO_REG && reg_width(f, o->reg) == 2)
                bit_clr(konst, o->reg);
        }
    }
    unsigned *width = cs_xmalloc(nr * sizeof *width);
    for (uint32_t r = 0; r < nr; r++)
        width[r] = bit_get(konst, r) ? 0 : reg_width(f, r);

    /* basic blocks and their successors (as ptx_cfg.c; exit = none) */
    uint8_t *leader = cs_xcalloc(n + 1, 1);
    leader[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ptx_inst_t *in = &f->insts[i];
        if (in->op == OP_BRA && in->ops[0].kind == OPK_LABEL)
            leader[in->ops[0].imm] = 1;
        if ((in->op == OP_BRA || in->op == OP_RET || in->op == OP_EXIT || in->op == OP_TRAP) && i + 1 < n)
            leader[i + 1] = 1;
    }
    uint32_t *block_of = cs_xmalloc(n * sizeof *block_of), *start = cs_xmalloc((n + 1) * sizeof *start), nb = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (leader[i])
            start[nb++] = i;
        block_of[i] = nb - 1;
    }
    start[nb] = n;
    uint32_t (*succ)[2] = cs_xmalloc(nb * sizeof *succ);
    uint8_t *nsucc = cs_xcalloc(nb, 1);
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t last = start[b + 1] - 1;
        const ptx_inst_t *in = &f->insts[last];
        int guarded = in->guard != PTX_NO_REG, falls = last + 1 < n;
        if (in->op == OP_BRA && in->ops[0].kind == OPK_LABEL) {
            succ[b][nsucc[b]++] = block_of[in->ops[0].imm];
            if (guarded && falls)
                succ[b][nsucc[b]++] = block_of[last + 1];
        } else if (in->op == OP_RET || in->op == OP_EXIT || in->op == OP_TRAP) {
            if (guarded && falls)
                succ[b][nsucc[b]++] = block_of[last + 1];
        } else if (falls) {
            succ[b][nsucc[b]++] = block_of[last + 1];
        }
    }

    /* forward: registers that may hold a value (defined on some path);
     * backward: registers whose value may still be read. A guarded write
     * does not end the register's previous value. */
    word_t *din = cs_xcalloc((size_t)nb * nw, sizeof *din), *dout = cs_xcalloc((size_t)nb * nw, sizeof *dout);
    word_t *lin = cs_xcalloc((size_t)nb * nw, sizeof *lin), *lout = cs_xcalloc((size_t)nb * nw, sizeof *lout);
    word_t *cur = cs_xmalloc(nw * sizeof *cur);
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t b = 0; b < nb; b++) {
            memcpy(cur, din + (size_t)b * nw, nw * sizeof *cur);
            for (uint32_t i = start[b]; i < start[b + 1]; i++) {
                inst_regs(&f->insts[i], defs, &nd, uses, &nu);
                for (unsigned k = 0; k < nd; k++)
                    bit_set(cur, defs[k]);
            }
            word_t *o = dout + (size_t)b * nw;
            for (size_t w = 0; w < nw; w++)
                if (cur[w] & ~o[w]) {
                    o[w] |= cur[w];
                    changed = 1;
                }
            for (unsigned s = 0; s < nsucc[b]; s++) {
                word_t *si = din + (size_t)succ[b][s] * nw;
                for (size_t w = 0; w < nw; w++)
                    if (o[w] & ~si[w]) {
                        si[w] |= o[w];
                        changed = 1;
                    }
            }
        }
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t b = nb; b-- > 0;) {
            word_t *o = lout + (size_t)b * nw;
            for (unsigned s = 0; s < nsucc[b]; s++) {
                const word_t *si = lin + (size_t)succ[b][s] * nw;
                for (size_t w = 0; w < nw; w++)
                    o[w] |= si[w];
            }
            memcpy(cur, o, nw * sizeof *cur);
            for (uint32_t i = start[b + 1]; i-- > start[b];) {
                const ptx_inst_t *in = &f->insts[i];
                inst_regs(in, defs, &nd, uses, &nu);
                if (in->guard == PTX_NO_REG)
                    for (unsigned k = 0; k < nd; k++)
                        bit_clr(cur, defs[k]);
                for (unsigned k = 0; k < nu; k++)
                    bit_set(cur, uses[k]);
            }
            word_t *li = lin + (size_t)b * nw;
            for (size_t w = 0; w < nw; w++)
                if (cur[w] & ~li[w]) {
                    li[w] |= cur[w];
                    changed = 1;
                }
        }
    }

    /* the most registers any block needs at once, scheduled (and unrolled) as ptxas would */
    uint32_t maxlive = 0;
    for (uint32_t b = 0; b < nb; b++) {
        const ptx_inst_t *ins = f->insts + start[b];
        uint32_t len = start[b + 1] - start[b];
        uint32_t p = unrollable(ins, len, start[b])
                         ? unrolled_pressure(f, ins, len, width, lout + (size_t)b * nw, din + (size_t)b * nw)
                         : block_pressure(ins, len, nr, width, lout + (size_t)b * nw, din + (size_t)b * nw, 0);
        if (p > maxlive)
            maxlive = p;
    }
    free(cur);
    free(din);
    free(dout);
    free(lin);
    free(lout);
    free(succ);
    free(nsucc);
    free(block_of);
    free(start);
    free(leader);
    free(width);
    free(konst);
    uint32_t est = maxlive + PTX_REGS_OVERHEAD;
    /* .maxnreg N: ptxas keeps to N (spilling beyond it) */
    if (f->maxnreg && est > f->maxnreg)
        est = f->maxnreg;
    return est > PTX_REGS_MAX ? PTX_REGS_MAX : est;
}

/* ================================================= static shared memory */

static void mark_shared(const ptx_module_t *m, uint32_t fi, uint8_t *func_seen, uint8_t *sym_used)
{
    if (func_seen[fi])
        return;
    func_seen[fi] = 1;
    const ptx_function_t *f = &m->funcs[fi];
    for (uint32_t i = 0; i < f->n_insts; i++) {
        const ptx_inst_t *in = &f->insts[i];
        for (unsigned k = 0; k < in->nops; k++) {
            const ptx_operand_t *o = &in->ops[k];
            if ((o->kind == OPK_SYM || o->kind == OPK_ADDR) && o->sym != PTX_NO_SYM && o->sym < m->n_syms)
                sym_used[o->sym] = 1;
            else if (o->kind == OPK_FUNC && o->imm >= 0 && (uint64_t)o->imm < m->n_funcs)
                mark_shared(m, (uint32_t)o->imm, func_seen, sym_used);
        }
    }
}

uint32_t ptx_kernel_static_shared(const ptx_module_t *m, uint32_t fi)
{
    uint8_t *func_seen = cs_xcalloc(m->n_funcs, 1), *sym_used = cs_xcalloc(m->n_syms ? m->n_syms : 1, 1);
    mark_shared(m, fi, func_seen, sym_used);
    uint64_t bytes = 0;
    for (uint32_t i = 0; i < m->n_syms; i++) {
        const ptx_symbol_t *sy = &m->syms[i];
        if (!sym_used[i] || sy->space != PS_SHARED || sy->is_extern)
            continue;
        uint64_t a = sy->align ? sy->align : 1;
        bytes = (bytes + a - 1) / a * a + sy->size;
    }
    free(func_seen);
    free(sym_used);
    return bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)bytes;
}

/* ============================================================ ptxas */

static int disabled_value(const char *v)
{
    return !strcmp(v, "off") || !strcmp(v, "0") || !strcmp(v, "none") || !strcmp(v, "no");
}

static int executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int ptx_find_ptxas(char *path, size_t n)
{
    path[0] = '\0';
    const char *env = getenv("CTASIM_PTXAS");
    if (env && *env) {
        if (disabled_value(env))
            return 0;
        if (!executable(env))
            return 0;
        snprintf(path, n, "%s", env);
        return 1;
    }
    const char *p = getenv("PATH");
    while (p && *p) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        if (len && len < n - 8) {
            snprintf(path, n, "%.*s/ptxas", (int)len, p);
            if (executable(path))
                return 1;
        }
        p = colon ? colon + 1 : NULL;
    }
    const char *homes[] = {getenv("CUDA_HOME"), getenv("CUDA_INSTALL_PATH"), "/usr/local/cuda"};
    for (size_t i = 0; i < sizeof homes / sizeof *homes; i++)
        if (homes[i] && *homes[i]) {
            snprintf(path, n, "%s/bin/ptxas", homes[i]);
            if (executable(path))
                return 1;
        }
    path[0] = '\0';
    return 0;
}

static int ptxas_disabled(void)
{
    const char *env = getenv("CTASIM_PTXAS");
    return env && *env && disabled_value(env);
}

static double ptxas_timeout(void)
{
    const char *env = getenv("CTASIM_PTXAS_TIMEOUT");
    char *end;
    double t = env && *env ? strtod(env, &end) : 0;
    return env && *env && !*end && t > 0 && t <= 86400 ? t : 60.0;
}

/* A directory for temporary files: $TMPDIR or /tmp. */
static const char *tmp_dir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

/* Run `ptxas -v [-arch=ARCH] PTX -o /dev/null` with its output in the file
 * out_path; 0 when it exited 0, else -1 with why set. Never waits longer
 * than the timeout: the child is killed and reaped. */
static int run_ptxas(const char *ptxas, const char *arch, const char *ptx, const char *out_path, char *why, size_t wn)
{
    int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(why, wn, "cannot write %s: %s", out_path, strerror(errno));
        return -1;
    }
    char arch_opt[64];
    snprintf(arch_opt, sizeof arch_opt, "-arch=%s", arch);
    char *argv[8];
    int a = 0;
    argv[a++] = (char *)ptxas;
    argv[a++] = "-v";
    if (arch[0])
        argv[a++] = arch_opt;
    argv[a++] = (char *)ptx;
    argv[a++] = "-o";
    argv[a++] = "/dev/null";
    argv[a] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fd, 1);
    posix_spawn_file_actions_adddup2(&fa, fd, 2);
    pid_t pid;
    int rc = posix_spawn(&pid, ptxas, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd);
    if (rc != 0) {
        snprintf(why, wn, "cannot run %s: %s", ptxas, strerror(rc));
        return -1;
    }
    double limit = ptxas_timeout(), waited = 0;
    int status = 0;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR) {
            snprintf(why, wn, "waiting for ptxas: %s", strerror(errno));
            return -1;
        }
        if (waited >= limit) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            snprintf(why, wn, "ptxas did not finish in %g s (CTASIM_PTXAS_TIMEOUT)", limit);
            return -1;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        waited += 0.01;
    }
    if (WIFSIGNALED(status)) {
        snprintf(why, wn, "ptxas was killed by signal %d", WTERMSIG(status));
        return -1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        /* its first error line says why */
        char line[200] = "";
        FILE *fp = fopen(out_path, "r");
        if (fp) {
            char buf[512];
            while (fgets(buf, sizeof buf, fp))
                if (strstr(buf, "error") || strstr(buf, "fatal")) {
                    buf[strcspn(buf, "\r\n")] = '\0';
                    cs_printable(buf, strlen(buf), 150, line, sizeof line);
                    break;
                }
            fclose(fp);
        }
        snprintf(why, wn, "ptxas failed (exit %d)%s%s", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                 line[0] ? ": " : "", line);
        return -1;
    }
    return 0;
}

/* ============================================================ the cache */

#define CACHE_TAG "# ctasim ptxas cache: PTX content fnv1a64 "

/* "dir/NAME.ptx" -> "dir/NAME<suffix>" */
static void sibling_path(const char *ptx, const char *suffix, char *buf, size_t n)
{
    size_t len = strlen(ptx);
    if (len >= 4 && strcmp(ptx + len - 4, ".ptx") == 0)
        len -= 4;
    snprintf(buf, n, "%.*s%s", (int)len, ptx, suffix);
}

/* $XDG_CACHE_HOME/ctasim (or ~/.cache/ctasim); 0 when there is neither. */
static int user_cache_dir(char *buf, size_t n)
{
    const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
    if (x && x[0] == '/')
        snprintf(buf, n, "%s/ctasim", x);
    else if (h && *h)
        snprintf(buf, n, "%s/.cache/ctasim", h);
    else
        return 0;
    return 1;
}

static void user_cache_path(const ptx_module_t *m, char *buf, size_t n)
{
    char dir[768];
    if (!user_cache_dir(dir, sizeof dir)) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, n, "%s/ptxas-%016llx.txt", dir, (unsigned long long)m->source_hash);
}

/* Is `path` a cache file for this PTX text, with an entry for `kernel`? */
static int read_cache(const ptx_module_t *m, const char *path, const char *kernel, uint32_t *regs, uint32_t *smem)
{
    if (!path[0])
        return 0;
    FILE *fp = fopen(path, "r");
    if (!fp)
        return 0;
    char line[512], want[128];
    int ok = fgets(line, sizeof line, fp) != NULL;
    fclose(fp);
    snprintf(want, sizeof want, CACHE_TAG "%016llx", (unsigned long long)m->source_hash);
    if (!ok || strncmp(line, want, strlen(want)) != 0)
        return 0;
    return ptx_read_ptxas_report(path, kernel, regs, smem) == 0;
}

/* Write the report lines of ptxas's output `out_path` to the cache file
 * `path` (through a temporary file and a rename, so a reader never sees half
 * of it); 0 written, -1 with why set. */
static int write_cache(const ptx_module_t *m, const char *arch, const char *ptxas, const char *out_path,
                       const char *path, char *why, size_t wn)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(why, wn, "cannot create %.180s: %s", tmp, strerror(errno));
        return -1;
    }
    FILE *out = fdopen(fd, "w"), *in = fopen(out_path, "r");
    if (!out || !in) {
        snprintf(why, wn, "cannot write %.180s: %s", tmp, strerror(errno));
        if (out)
            fclose(out);
        else
            close(fd);
        if (in)
            fclose(in);
        unlink(tmp);
        return -1;
    }
    fprintf(out, CACHE_TAG "%016llx, ptxas -v -arch=%s, %s\n", (unsigned long long)m->source_hash,
            arch[0] ? arch : "(ptxas default)", ptxas);
    char line[1024];
    while (fgets(line, sizeof line, in))
        if (!strncmp(line, "ptxas info", 10) && !strstr(line, "Compile time"))
            fputs(line, out);
    fclose(in);
    int bad = ferror(out);
    if (fclose(out) != 0 || bad) {
        snprintf(why, wn, "cannot write %.180s", tmp);
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(why, wn, "cannot rename a file to %.180s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* mkdir -p of the user cache directory. */
static int make_dirs(const char *dir)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0700) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(buf, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

/* Does the file the module was parsed from still hold the same text? */
static int file_unchanged(const ptx_module_t *m)
{
    char *buf;
    size_t len;
    cs_error_t err;
    if (cs_read_file(m->filename, (size_t)64 << 20, &buf, &len, &err) < 0)
        return 0;
    int same = cs_fnv1a64(buf, len) == m->source_hash;
    free(buf);
    return same;
}

/* Run ptxas on m's file and cache the report; 0 with r filled (source
 * PTXAS_RUN), -1 with r->why set. */
static int ptxas_path(const ptx_module_t *m, const char *kernel, ptx_regs_t *r)
{
    char ptxas[1024];
    if (!ptx_find_ptxas(ptxas, sizeof ptxas)) {
        const char *env = getenv("CTASIM_PTXAS");
        if (env && *env)
            snprintf(r->why, sizeof r->why, "CTASIM_PTXAS=%.150s is not an executable file", env);
        else
            snprintf(r->why, sizeof r->why, "no ptxas found");
        return -1;
    }
    if (!file_unchanged(m)) {
        snprintf(r->why, sizeof r->why, "%s changed since it was loaded", m->filename);
        return -1;
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/ctasim-ptxas-XXXXXX", tmp_dir());
    if (!mkdtemp(dir)) {
        snprintf(r->why, sizeof r->why, "cannot create a temporary directory in %s: %s", tmp_dir(), strerror(errno));
        return -1;
    }
    char out[1100];
    snprintf(out, sizeof out, "%s/ptxas.out", dir);
    /* the PTX's .target, else (or when ptxas refuses it) ptxas's default */
    const char *arch = m->target;
    char why[256] = "";
    int rc = run_ptxas(ptxas, arch, m->filename, out, why, sizeof why);
    if (rc < 0 && arch[0] && !strstr(why, "did not finish")) {
        char why2[256];
        if (run_ptxas(ptxas, "", m->filename, out, why2, sizeof why2) == 0) {
            rc = 0;
            arch = "";
        }
    }
    uint32_t regs = 0, smem = 0;
    if (rc == 0 && ptx_read_ptxas_report(out, kernel, &regs, &smem) < 0) {
        snprintf(why, sizeof why, "no 'Used N registers' for %s in ptxas's output", kernel);
        rc = -1;
    }
    if (rc == 0) {
        r->regs = regs;
        r->smem = smem;
        r->source = PTX_REGS_PTXAS_RUN;
        r->file[0] = '\0';
        /* cache: beside the PTX, else in the user cache */
        char path[1024], why_beside[256] = "", why_user[256] = "";
        sibling_path(m->filename, ".ptxas-cache.txt", path, sizeof path);
        if (write_cache(m, arch, ptxas, out, path, why_beside, sizeof why_beside) == 0) {
            snprintf(r->file, sizeof r->file, "%s", path);
        } else {
            char udir[768];
            user_cache_path(m, path, sizeof path);
            if (!path[0])
                snprintf(why_user, sizeof why_user, "no HOME or XDG_CACHE_HOME");
            else if (user_cache_dir(udir, sizeof udir) && make_dirs(udir) != 0)
                snprintf(why_user, sizeof why_user, "cannot create %.180s: %s", udir, strerror(errno));
            else if (write_cache(m, arch, ptxas, out, path, why_user, sizeof why_user) == 0)
                snprintf(r->file, sizeof r->file, "%s", path);
            if (!r->file[0])
                snprintf(r->why, sizeof r->why, "%.120s; %.120s", why_beside, why_user);
        }
    } else {
        snprintf(r->why, sizeof r->why, "%s", why);
    }
    unlink(out);
    rmdir(dir);
    return rc;
}

/* ============================================================ decision */

void ptx_kernel_regs(ptx_module_t *m, uint32_t fi, unsigned flags, ptx_regs_t *out)
{
    if (flags == 0 && m->regs_memo && m->regs_memo[fi].source != PTX_REGS_UNDECIDED) {
        *out = m->regs_memo[fi];
        return;
    }
    const char *kernel = m->funcs[fi].name;
    ptx_regs_t r;
    memset(&r, 0, sizeof r);
    uint32_t regs = 0, smem = 0;
    char path[1024];
    sibling_path(m->filename, ".ptxas.txt", path, sizeof path);
    if (!(flags & PTX_REGS_NO_REPORT) && ptx_read_ptxas_report(path, kernel, &regs, &smem) == 0) {
        r.source = PTX_REGS_REPORT;
        snprintf(r.file, sizeof r.file, "%s", path);
    } else if (flags & PTX_REGS_NO_PTXAS) {
        snprintf(r.why, sizeof r.why, "ptxas not asked");
    } else if (ptxas_disabled()) {
        snprintf(r.why, sizeof r.why, "ptxas disabled by CTASIM_PTXAS");
    } else if (!m->from_file) {
        snprintf(r.why, sizeof r.why, "the PTX was not loaded from a file");
    } else {
        char cache[1024];
        sibling_path(m->filename, ".ptxas-cache.txt", cache, sizeof cache);
        int hit = read_cache(m, cache, kernel, &regs, &smem);
        if (!hit) {
            user_cache_path(m, cache, sizeof cache);
            hit = read_cache(m, cache, kernel, &regs, &smem);
        }
        if (hit) {
            r.source = PTX_REGS_PTXAS_CACHED;
            snprintf(r.file, sizeof r.file, "%s", cache);
        } else if (ptxas_path(m, kernel, &r) == 0) {
            regs = r.regs;
            smem = r.smem;
        }
    }
    if (r.source == PTX_REGS_UNDECIDED) {
        r.source = PTX_REGS_ESTIMATE;
        regs = ptx_estimate_regs(m, fi);
        smem = ptx_kernel_static_shared(m, fi);
    }
    r.regs = regs;
    r.smem = smem;
    *out = r;
    if (flags == 0) {
        if (!m->regs_memo)
            m->regs_memo = cs_xcalloc(m->n_funcs, sizeof *m->regs_memo);
        m->regs_memo[fi] = r;
    }
}

const char *ptx_regs_warning(const char *kernel, const ptx_regs_t *r, char *buf, size_t n)
{
    switch (r->source) {
    case PTX_REGS_PTXAS_RUN:
        if (r->file[0])
            snprintf(buf, n, "ctasim: warning: registers for %s: %u from a ptxas run (cached in %s)", kernel, r->regs,
                     r->file);
        else
            snprintf(buf, n, "ctasim: warning: registers for %s: %u from a ptxas run (not cached: %s)", kernel,
                     r->regs, r->why);
        break;
    case PTX_REGS_PTXAS_CACHED:
        snprintf(buf, n, "ctasim: warning: registers for %s: %u from an earlier ptxas run (cached in %s)", kernel,
                 r->regs, r->file);
        break;
    case PTX_REGS_ESTIMATE:
        snprintf(buf, n, "ctasim: warning: registers for %s: %u estimated from PTX liveness (%s)", kernel, r->regs,
                 r->why);
        break;
    default:
        buf[0] = '\0';
        break;
    }
    return buf;
}

int ptx_read_ptxas_report(const char *report_path, const char *kernel, uint32_t *regs, uint32_t *smem)
{
    FILE *fp = fopen(report_path, "r");
    if (!fp)
        return -1;
    char line[1024], want[600];
    snprintf(want, sizeof want, "Function properties for %s", kernel);
    int in_kernel = 0, found = 0;
    while (fgets(line, sizeof line, fp)) {
        char *p = strstr(line, "Function properties for ");
        if (p) {
            size_t n = strlen(want);
            in_kernel = strncmp(p, want, n) == 0 && (p[n] == '\n' || p[n] == '\r' || p[n] == 0 || p[n] == ' ');
            continue;
        }
        if (!in_kernel)
            continue;
        char *u = strstr(line, "Used ");
        if (u) {
            unsigned r = 0;
            if (sscanf(u, "Used %u registers", &r) == 1) {
                *regs = r;
                *smem = 0;
                char *sm = strstr(line, " bytes smem");
                if (sm) {
                    char *q = sm;
                    while (q > line && q[-1] >= '0' && q[-1] <= '9')
                        q--;
                    *smem = (uint32_t)strtoul(q, NULL, 10);
                }
                found = 1;
                break;
            }
        }
    }
    fclose(fp);
    return found ? 0 : -1;
}
