/* ptx_exec.c — functional SIMT interpreter (see ptx_exec.h).
 *
 * Per instruction: compute the executing lanes (stack-top mask AND guard),
 * run the opcode over those lanes, advance the stack, fill the warp_inst_t
 * copy of the instruction's precomputed timing template with pc, mask and
 * per-lane addresses. Nothing here allocates or touches strings except calls
 * (which may grow a warp's register/local stacks) and error reporting.
 *
 * Address spaces (64-bit values held in registers):
 *   global/const: device addresses (ptx_mem);
 *   shared: offsets in the CTA's shared memory; generic form = PTX_SHARED_WINDOW + offset;
 *   local: offsets in the lane's local memory; generic form = PTX_LOCAL_WINDOW + offset;
 *   param: kernel parameters are offsets in the launch's buffer; .param
 *          variables of a function (call arguments, formal parameters of a
 *          .func) live in the lane's local frame, tagged with PARAM_FRAME_TAG.
 * Integer semantics the ISA leaves to the machine follow sm_7x hardware:
 * x/0 = all ones (u) or -1/+1 by the sign of x (s), x%0 = x, INT_MIN/-1 = INT_MIN. */
#include "ptx_exec.h"
#include "ptx_float.h"
#include "ptx_mma.h"
#include "ptx_writes.h"

#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARAM_FRAME_TAG 0x4000000000000000ull
#define LOCAL_TIMING_BASE 0x0000f00000000000ull
#define MAX_CALL_DEPTH 64

typedef struct simt_entry {
    uint32_t pc, rpc, mask, _pad;
} simt_entry_t;

typedef struct call_frame {
    uint32_t func;
    uint32_t call_pc;     /* caller's call instruction */
    uint32_t stack_base;  /* SIMT depth at entry: entries above belong to the callee */
    uint64_t reg_base;    /* slot offset of this frame's registers */
    uint64_t local_base;  /* byte offset of this frame in each lane's local memory */
} call_frame_t;

#define PTX_BAR_RED_IDS 16 /* barriers 0..15, as bar.sync */

typedef struct ptx_warp {
    uint32_t index;
    uint32_t live;        /* lanes that exist and have not exited */
    simt_entry_t *stack;
    uint32_t depth, stack_cap;
    call_frame_t frames[MAX_CALL_DEPTH];
    uint32_t nframes;
    uint64_t *regs;
    uint64_t regs_cap;    /* slots */
    uint8_t *local;       /* lane-major: lane * local_cap + offset */
    uint64_t local_cap;
    uint64_t local_used;  /* end of the deepest live frame: accesses beyond fault */
    uint64_t executed;    /* %clock */
    uint32_t carry;       /* CC.CF per lane: the carry of add/sub/mad .cc, read by addc/subc/madc */
    /* bar.red: the warp's contribution is in the CTA's slot at arrival; its
     * result is written at the warp's next step, which the barrier holds back
     * until every warp of the CTA has arrived (bar_red_finish) */
    uint8_t bar_red_pending, bar_red_id, bar_red_kind;
    uint32_t bar_red_reg, bar_red_mask;
    uint32_t bar_red_gen[PTX_BAR_RED_IDS]; /* bar.red arrivals on each barrier */
    /* the warp wrote device memory: it runs again once the memory's logs
     * have been published this many times (ptx_writes.h) */
    uint64_t wait_published;
    warp_inst_t out;
    uint64_t addr[WARP_SIZE];
} ptx_warp_t;

struct ptx_cta {
    const ptx_launch_t *L;
    uint64_t linear;        /* launch order: cluster * cluster_size + rank */
    dim3_t ctaid;
    uint64_t cluster;       /* linear cluster index (x fastest) */
    uint32_t rank;          /* %cluster_ctarank */
    uint8_t *shared;
    unsigned nwarps;
    uint32_t threads;
    ptx_warp_t *warps;
    ptx_core_writes_t *writes; /* its core's log of device-memory writes */
    /* bar.red's reduction per barrier, two generations: a warp can arrive at
     * the next bar.red of a barrier before a slower one has read the last
     * result, never two ahead (it would have to pass the barrier between) */
    struct bar_red_slot {
        uint32_t gen, value;
        bool used;
    } bar_red[PTX_BAR_RED_IDS][2];
};

/* ------------------------------------------------------------ launch */

int ptx_launch_init(ptx_launch_t *L, const ptx_module_t *m, const char *kernel, dim3_t grid, dim3_t block,
                    uint32_t dyn_shmem, const void *args, size_t args_size, ptx_device_memory_t *mem,
                    cs_error_t *err)
{
    memset(L, 0, sizeof *L);
    int k = ptx_find_function(m, kernel);
    if (k < 0 || !m->funcs[k].is_kernel)
        return cs_err(err, m->filename, 0, "no kernel '%s' in the module", kernel);
    const ptx_function_t *f = &m->funcs[k];
    if (!m->bound)
        return cs_err(err, m->filename, 0, "kernel '%s': module not bound to device memory", kernel);
    uint64_t threads = dim3_count(block);
    if (threads == 0 || dim3_count(grid) == 0)
        return cs_err(err, NULL, 0, "kernel '%s': empty grid or block", kernel);
    if (threads > 1024 || block.z > 64)
        return cs_err(err, NULL, 0, "kernel '%s': %llu threads per block (at most 1024, z at most 64)", kernel,
                      (unsigned long long)threads);
    if (grid.y > 65535 || grid.z > 65535)
        return cs_err(err, NULL, 0, "kernel '%s': grid y/z at most 65535", kernel);
    for (int d = 0; d < 3; d++) {
        uint32_t b = d == 0 ? block.x : d == 1 ? block.y : block.z;
        if (f->reqntid[0] && b != (f->reqntid[d] ? f->reqntid[d] : 1))
            return cs_err(err, NULL, 0, "kernel '%s': block does not match .reqntid", kernel);
    }
    if (f->maxntid[0]) {
        uint64_t mx = (uint64_t)f->maxntid[0] * (f->maxntid[1] ? f->maxntid[1] : 1) * (f->maxntid[2] ? f->maxntid[2] : 1);
        if (threads > mx)
            return cs_err(err, NULL, 0, "kernel '%s': %llu threads per block exceeds .maxntid %llu", kernel,
                          (unsigned long long)threads, (unsigned long long)mx);
    }
    if (args_size != f->param_bytes)
        return cs_err(err, NULL, 0, "kernel '%s': argument buffer is %zu bytes, the kernel takes %llu", kernel,
                      args_size, (unsigned long long)f->param_bytes);
    uint64_t shared = m->static_shared_bytes;
    if (dyn_shmem) {
        uint64_t a = m->dyn_shared_align ? m->dyn_shared_align : 16;
        shared = (shared + a - 1) / a * a + dyn_shmem;
    }
    if (shared > (1u << 20))
        return cs_err(err, NULL, 0, "kernel '%s': %llu bytes of shared memory per block", kernel,
                      (unsigned long long)shared);
    L->module = m;
    L->kernel = (uint32_t)k;
    L->grid = grid;
    L->block = block;
    L->dyn_shmem = dyn_shmem;
    L->shared_bytes = shared;
    L->params_size = args_size;
    L->params = cs_xmalloc(args_size ? args_size : 1);
    if (args_size)
        memcpy(L->params, args, args_size);
    L->mem = mem;
    L->debug_op = m->debug_op;
    L->debug_bias = m->debug_bias;
    L->debug_type = m->debug_type;
    L->approx_edge = m->approx_edge;
    L->cluster = (dim3_t){1, 1, 1};
    L->cluster_size = 1;
    return 0;
}

int ptx_launch_set_cluster(ptx_launch_t *L, dim3_t cluster, cs_error_t *err)
{
    const ptx_function_t *f = &L->module->funcs[L->kernel];
    const char *name = f->name;
    dim3_t req = {f->reqncluster[0], f->reqncluster[1] ? f->reqncluster[1] : 1,
                  f->reqncluster[2] ? f->reqncluster[2] : 1};
    bool given = cluster.x || cluster.y || cluster.z;
    if (given && (!cluster.x || !cluster.y || !cluster.z))
        return cs_err(err, NULL, 0, "kernel '%s': cluster shape %ux%ux%u has a zero dimension", name, cluster.x,
                      cluster.y, cluster.z);
    if (given && req.x && (cluster.x != req.x || cluster.y != req.y || cluster.z != req.z))
        return cs_err(err, NULL, 0, "kernel '%s': launched with clusters of %ux%ux%u, its .reqnctapercluster is %ux%ux%u",
                      name, cluster.x, cluster.y, cluster.z, req.x, req.y, req.z);
    if (!given && req.x)
        cluster = req, given = true;
    if (!given && f->explicit_cluster)
        return cs_err(err, NULL, 0, "kernel '%s' is .explicitcluster: it needs a launch with a cluster shape", name);
    if (!given)
        return 0;
    uint64_t n = dim3_count(cluster);
    if (n > PTX_MAX_CLUSTER_CTAS)
        return cs_err(err, NULL, 0, "kernel '%s': a cluster of %llu CTAs (at most %u; 8 is the portable size)", name,
                      (unsigned long long)n, PTX_MAX_CLUSTER_CTAS);
    if (f->maxclusterrank && n > f->maxclusterrank)
        return cs_err(err, NULL, 0, "kernel '%s': a cluster of %llu CTAs passes its .maxclusterrank %u", name,
                      (unsigned long long)n, f->maxclusterrank);
    if (L->grid.x % cluster.x || L->grid.y % cluster.y || L->grid.z % cluster.z)
        return cs_err(err, NULL, 0, "kernel '%s': grid %ux%ux%u is not a whole number of %ux%ux%u clusters", name,
                      L->grid.x, L->grid.y, L->grid.z, cluster.x, cluster.y, cluster.z);
    L->cluster = cluster;
    L->cluster_size = (uint32_t)n;
    L->explicit_cluster = true;
    free(L->members);
    L->members = n > 1 ? cs_xcalloc(dim3_count(L->grid), sizeof *L->members) : NULL;
    return 0;
}

void ptx_launch_release(ptx_launch_t *L)
{
    free(L->params);
    L->params = NULL;
    free(L->members);
    L->members = NULL;
}

int ptx_module_bind(ptx_module_t *m, ptx_device_memory_t *mem, cs_error_t *err)
{
    if (m->bound)
        return 0;
    for (uint32_t i = 0; i < m->n_syms; i++) {
        ptx_symbol_t *s = &m->syms[i];
        if ((s->space != PS_GLOBAL && s->space != PS_CONST) || s->size == 0)
            continue;
        s->addr = ptx_mem_alloc(mem, s->size);
        if (!s->addr)
            return cs_err(err, m->filename, 0, "cannot allocate %llu bytes for '%s'", (unsigned long long)s->size, s->name);
        if (s->init && ptx_mem_write(mem, s->addr, s->init, s->size) < 0)
            return cs_err(err, m->filename, 0, "cannot initialise '%s'", s->name);
    }
    for (uint32_t i = 0; i < m->n_syms; i++) { /* addresses of symbols inside initialisers */
        ptx_symbol_t *s = &m->syms[i];
        for (uint32_t r = 0; r < s->n_relocs; r++) {
            const ptx_symbol_t *t = &m->syms[s->relocs[r].sym];
            uint64_t v = (t->space == PS_SHARED ? t->offset : t->addr) + (uint64_t)s->relocs[r].addend;
            if (s->addr && ptx_mem_write(mem, s->addr + s->relocs[r].at, &v, s->relocs[r].width) < 0)
                return cs_err(err, m->filename, 0, "cannot initialise '%s'", s->name);
        }
    }
    m->bound = true;
    return 0;
}

/* ------------------------------------------------------------ CTA / warps */

/* The instructions and register file size the interpreter runs with:
 * registers renamed to shared slots (ptx_slots.c) when the parser made them. */
static inline const ptx_inst_t *exec_insts(const ptx_function_t *f) { return f->xinsts ? f->xinsts : f->insts; }
static inline uint32_t exec_regs(const ptx_function_t *f) { return f->xinsts ? f->n_slots : f->n_regs; }

static void warp_grow_regs(ptx_warp_t *w, uint64_t slots)
{
    if (slots <= w->regs_cap && w->regs)
        return;
    uint64_t cap = w->regs_cap ? w->regs_cap : 256;
    while (cap < slots)
        cap *= 2;
    w->regs = cs_xrealloc(w->regs, cap * sizeof *w->regs);
    memset(w->regs + w->regs_cap, 0, (cap - w->regs_cap) * sizeof *w->regs);
    w->regs_cap = cap;
}

static void warp_grow_local(ptx_warp_t *w, uint64_t bytes)
{
    if (bytes <= w->local_cap && w->local)
        return;
    uint64_t cap = w->local_cap ? w->local_cap : 64;
    while (cap < bytes)
        cap *= 2;
    uint8_t *n = cs_xcalloc(WARP_SIZE, cap);
    for (unsigned l = 0; l < WARP_SIZE && w->local; l++)
        memcpy(n + l * cap, w->local + l * w->local_cap, w->local_cap);
    free(w->local);
    w->local = n;
    w->local_cap = cap;
}

static void push(ptx_warp_t *w, uint32_t pc, uint32_t rpc, uint32_t mask)
{
    if (w->depth == w->stack_cap) {
        w->stack_cap = w->stack_cap ? w->stack_cap * 2 : 8;
        w->stack = cs_xrealloc(w->stack, w->stack_cap * sizeof *w->stack);
    }
    w->stack[w->depth++] = (simt_entry_t){pc, rpc, mask, 0};
}

ptx_cta_t *ptx_cta_create(const ptx_launch_t *L, uint64_t cta_linear, uint32_t core)
{
    ptx_cta_t *c = cs_xcalloc(1, sizeof *c);
    const ptx_function_t *k = &L->module->funcs[L->kernel];
    c->L = L;
    c->writes = ptx_writes_core(ptx_mem_writes(L->mem), core);
    c->linear = cta_linear;
    /* cluster-major launch order: the cluster's place in the grid of
     * clusters, then the rank's place inside the cluster */
    c->cluster = cta_linear / L->cluster_size;
    c->rank = (uint32_t)(cta_linear % L->cluster_size);
    dim3_t nclusters = {L->grid.x / L->cluster.x, L->grid.y / L->cluster.y, L->grid.z / L->cluster.z};
    dim3_t cl = dim3_unlinear(nclusters, c->cluster), in = dim3_unlinear(L->cluster, c->rank);
    c->ctaid = (dim3_t){cl.x * L->cluster.x + in.x, cl.y * L->cluster.y + in.y, cl.z * L->cluster.z + in.z};
    if (L->members)
        L->members[cta_linear] = c;
    c->threads = (uint32_t)dim3_count(L->block);
    c->nwarps = (c->threads + WARP_SIZE - 1) / WARP_SIZE;
    c->shared = cs_xcalloc(1, L->shared_bytes ? L->shared_bytes : 1);
    c->warps = cs_xcalloc(c->nwarps, sizeof *c->warps);
    for (unsigned i = 0; i < c->nwarps; i++) {
        ptx_warp_t *w = &c->warps[i];
        uint32_t n = c->threads - i * WARP_SIZE;
        w->index = i;
        w->live = n >= WARP_SIZE ? 0xffffffffu : (1u << n) - 1;
        warp_grow_regs(w, (uint64_t)exec_regs(k) * WARP_SIZE);
        warp_grow_local(w, k->frame_bytes);
        w->frames[0] = (call_frame_t){L->kernel, 0, 0, 0, 0};
        w->nframes = 1;
        push(w, 0, UINT32_MAX, w->live);
    }
    return c;
}

/* Warp w wrote device memory this phase: it waits for the next publication. */
static inline void wait_for_publication(const ptx_cta_t *c, ptx_warp_t *w)
{
    w->wait_published = *c->writes->published + 1;
}

static inline bool waits_for_publication(const ptx_cta_t *c, const ptx_warp_t *w)
{
    return w->wait_published > *c->writes->published;
}

void ptx_cta_forget_writes(ptx_cta_t *c)
{
    for (unsigned i = 0; i < c->nwarps; i++)
        if (waits_for_publication(c, &c->warps[i])) {
            ptx_writes_forget(c->writes, c);
            return;
        }
}

void ptx_cta_destroy(ptx_cta_t *c)
{
    if (!c)
        return;
    if (c->L->members)
        c->L->members[c->linear] = NULL;
    for (unsigned i = 0; i < c->nwarps; i++) {
        free(c->warps[i].regs);
        free(c->warps[i].local);
        free(c->warps[i].stack);
    }
    free(c->warps);
    free(c->shared);
    free(c);
}

/* ------------------------------------------------------------ value helpers */

static inline uint64_t sext(uint64_t v, unsigned bytes)
{
    unsigned sh = 64 - 8 * bytes;
    return bytes >= 8 ? v : (uint64_t)((int64_t)(v << sh) >> sh);
}
static inline uint64_t zext(uint64_t v, unsigned bytes) { return bytes >= 8 ? v : v & ((1ull << (8 * bytes)) - 1); }

/* Normalise v to type t: sign-extend signed types, zero-extend the rest. */
static inline uint64_t norm(uint64_t v, enum ptx_type t)
{
    unsigned sz = ptx_type_size(t);
    if (t == PT_PRED)
        return v & 1;
    return ptx_type_kind(t) == TK_SIGNED ? sext(v, sz) : zext(v, sz ? sz : 8);
}

typedef struct exec_ctx {
    ptx_cta_t *c;
    ptx_warp_t *w;
    const ptx_function_t *f;
    const ptx_inst_t *in;
    uint64_t *R; /* current frame's registers: R[reg * 32 + lane] */
    uint64_t local_base;
    cs_error_t *err;
    bool dsmem;  /* a lane of this instruction reached another CTA's shared memory */
    /* the device-memory page resolve() found last, [page_lo, page_hi) at
     * page_host: lanes of one instruction mostly share it (a cache of this
     * instruction's own, so cores on different threads share none) */
    uint64_t page_lo, page_hi;
    uint8_t *page_host;
} exec_ctx_t;

#define REG(x, r, lane) ((x)->R[(size_t)(r) * WARP_SIZE + (lane)])

static uint64_t sreg_value(const exec_ctx_t *x, unsigned id, unsigned lane)
{
    const ptx_cta_t *c = x->c;
    uint32_t t = x->w->index * WARP_SIZE + lane;
    const dim3_t b = c->L->block;
    switch (id) {
    case SR_TID_X: return t % b.x;
    case SR_TID_Y: return (t / b.x) % b.y;
    case SR_TID_Z: return t / (b.x * b.y);
    case SR_NTID_X: return b.x;
    case SR_NTID_Y: return b.y;
    case SR_NTID_Z: return b.z;
    case SR_CTAID_X: return c->ctaid.x;
    case SR_CTAID_Y: return c->ctaid.y;
    case SR_CTAID_Z: return c->ctaid.z;
    case SR_NCTAID_X: return c->L->grid.x;
    case SR_NCTAID_Y: return c->L->grid.y;
    case SR_NCTAID_Z: return c->L->grid.z;
    case SR_LANEID: return lane;
    case SR_WARPID: return x->w->index;
    case SR_NWARPID: return c->nwarps;
    case SR_SMID: return c->L->smid;
    case SR_NSMID: return 1;
    case SR_GRIDID: return 1;
    case SR_CLOCK: return (uint32_t)x->w->executed;
    case SR_CLOCK64: return x->w->executed;
    case SR_LANEMASK_EQ: return 1u << lane;
    case SR_LANEMASK_LT: return (1u << lane) - 1;
    case SR_LANEMASK_LE: return (uint32_t)((2ull << lane) - 1);
    case SR_LANEMASK_GT: return ~(uint32_t)((2ull << lane) - 1);
    case SR_LANEMASK_GE: return ~((1u << lane) - 1);
    case SR_DYN_SMEM: return c->L->dyn_shmem;
    case SR_TOTAL_SMEM: return c->L->shared_bytes;
    case SR_CLUSTERID_X: return c->ctaid.x / c->L->cluster.x;
    case SR_CLUSTERID_Y: return c->ctaid.y / c->L->cluster.y;
    case SR_CLUSTERID_Z: return c->ctaid.z / c->L->cluster.z;
    case SR_NCLUSTERID_X: return c->L->grid.x / c->L->cluster.x;
    case SR_NCLUSTERID_Y: return c->L->grid.y / c->L->cluster.y;
    case SR_NCLUSTERID_Z: return c->L->grid.z / c->L->cluster.z;
    case SR_CLUSTER_CTAID_X: return c->ctaid.x % c->L->cluster.x;
    case SR_CLUSTER_CTAID_Y: return c->ctaid.y % c->L->cluster.y;
    case SR_CLUSTER_CTAID_Z: return c->ctaid.z % c->L->cluster.z;
    case SR_CLUSTER_NCTAID_X: return c->L->cluster.x;
    case SR_CLUSTER_NCTAID_Y: return c->L->cluster.y;
    case SR_CLUSTER_NCTAID_Z: return c->L->cluster.z;
    case SR_CLUSTER_CTARANK: return c->rank;
    case SR_CLUSTER_NCTARANK: return c->L->cluster_size;
    case SR_IS_EXPLICIT_CLUSTER: return c->L->explicit_cluster;
    default: return 0;
    }
}

static uint64_t symbol_value(const exec_ctx_t *x, uint32_t sym)
{
    const ptx_symbol_t *s = &x->c->L->module->syms[sym];
    switch (s->space) {
    case PS_GLOBAL: case PS_CONST: return s->addr;
    case PS_SHARED: return s->offset;
    case PS_LOCAL: return x->local_base + s->offset;
    case PS_PARAM: return s->kernel_param ? s->offset : PARAM_FRAME_TAG | (x->local_base + s->offset);
    default: return 0;
    }
}

static inline uint64_t src(const exec_ctx_t *x, const ptx_operand_t *o, unsigned lane)
{
    switch (o->kind) {
    case OPK_REG: {
        uint64_t v = REG(x, o->reg, lane);
        return o->neg ? !(v & 1) : v;
    }
    case OPK_IMM: return (uint64_t)o->imm;
    case OPK_SREG: return sreg_value(x, o->reg, lane);
    case OPK_SYM: return symbol_value(x, o->sym) + (uint64_t)o->imm;
    default: return 0;
    }
}

static inline void dst(exec_ctx_t *x, uint32_t reg, unsigned lane, uint64_t v)
{
    if (reg != PTX_NO_REG)
        REG(x, reg, lane) = v;
}

static int rt_err(exec_ctx_t *x, unsigned lane, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int rt_err(exec_ctx_t *x, unsigned lane, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const ptx_cta_t *c = x->c;
    const dim3_t b = c->L->block;
    uint32_t t = x->w->index * WARP_SIZE + lane;
    return cs_err(x->err, c->L->module->filename, x->in->line,
                  "kernel '%s': %s (block (%u,%u,%u), thread (%u,%u,%u))", c->L->module->funcs[c->L->kernel].name,
                  msg, c->ctaid.x, c->ctaid.y, c->ctaid.z, t % b.x, (t / b.x) % b.y, t / (b.x * b.y));
}

/* ------------------------------------------------------------ memory */

static const char *space_name(unsigned s)
{
    static const char *const n[] = {"generic", "global", "shared", "local", "const", "param", "reg", "shared::cluster"};
    return s < CS_ARRAY_LEN(n) ? n[s] : "?";
}

/* Host pointer for a lane's access of `size` bytes at `a` in `space`, and the
 * address/space the timing model sees. NULL (error set) when out of bounds. */
static uint8_t *resolve(exec_ctx_t *x, unsigned space, uint64_t a, unsigned size, unsigned lane, int write,
                        uint64_t *taddr, uint8_t *tspace)
{
    const ptx_launch_t *L = x->c->L;
    unsigned sp = space;
    uint64_t orig = a;
    if (sp == PS_GENERIC) {
        if (a - PTX_SHARED_WINDOW < PTX_WINDOW_SIZE) {
            sp = PS_SHARED_CLUSTER; /* the window holds the cluster's CTAs (ptx_ir.h) */
            a -= PTX_SHARED_WINDOW;
        } else if (a - PTX_LOCAL_WINDOW < PTX_WINDOW_SIZE) {
            sp = PS_LOCAL;
            a -= PTX_LOCAL_WINDOW;
        } else {
            sp = PS_GLOBAL;
        }
    }
    if (sp == PS_PARAM && (a & PARAM_FRAME_TAG)) {
        sp = PS_LOCAL;
        a &= ~PARAM_FRAME_TAG;
    }
    const uint8_t *remote = NULL; /* another CTA's shared memory (distributed shared memory) */
    if (sp == PS_SHARED_CLUSTER) {
        uint64_t field = a >> PTX_DSMEM_RANK_SHIFT, off = a & ((1ull << PTX_DSMEM_RANK_SHIFT) - 1);
        const ptx_cta_t *c = x->c;
        if (field == 0 || field - 1 == c->rank) {
            sp = PS_SHARED; /* the executing CTA's own shared memory */
            a = off;
        } else if (field - 1 >= L->cluster_size) {
            return rt_err(x, lane, "shared::cluster %s at 0x%llx names CTA rank %llu; the cluster has %u", write ? "write" : "read",
                          (unsigned long long)orig, (unsigned long long)(field - 1), L->cluster_size),
                   NULL;
        } else {
            const ptx_cta_t *t = L->members[c->cluster * L->cluster_size + (field - 1)];
            if (!t)
                return rt_err(x, lane, "shared::cluster %s at 0x%llx: CTA rank %llu of the cluster has exited (or not started)",
                              write ? "write" : "read", (unsigned long long)orig, (unsigned long long)(field - 1)),
                       NULL;
            remote = t->shared;
        }
    }
    uint8_t *p = NULL;
    switch (sp) {
    case PS_GLOBAL:
    case PS_CONST:
        if (write && sp == PS_CONST)
            break;
        /* ptx_mem_page, not ptx_mem_ptr: its one-page cache is shared state */
        if (!(a >= x->page_lo && a < x->page_hi) &&
            !(x->page_host = ptx_mem_page(L->mem, a, &x->page_lo, &x->page_hi)))
            x->page_lo = x->page_hi = 0;
        p = x->page_host && size <= x->page_hi - a ? x->page_host + (a - x->page_lo) : NULL;
        *taddr = a;
        *tspace = sp == PS_CONST ? SPACE_CONST : SPACE_GLOBAL;
        break;
    case PS_SHARED:
        if (a < L->shared_bytes && size <= L->shared_bytes - a)
            p = x->c->shared + a;
        *taddr = a;
        *tspace = SPACE_SHARED;
        break;
    case PS_SHARED_CLUSTER: { /* remote: the rank stays in the timing address */
        uint64_t off = a & ((1ull << PTX_DSMEM_RANK_SHIFT) - 1);
        if (off < L->shared_bytes && size <= L->shared_bytes - off)
            p = (uint8_t *)remote + off;
        *taddr = a;
        *tspace = SPACE_DSMEM;
        x->dsmem = true;
        break;
    }
    case PS_LOCAL: {
        ptx_warp_t *w = x->w;
        if (a < w->local_used && size <= w->local_used - a)
            p = w->local + (uint64_t)lane * w->local_cap + a;
        uint64_t gtid = x->c->linear * x->c->threads + w->index * WARP_SIZE + lane;
        *taddr = LOCAL_TIMING_BASE + (((a >> 2) * dim3_count(L->grid) * x->c->threads + gtid) << 2) + (a & 3);
        *tspace = SPACE_LOCAL;
        break;
    }
    case PS_PARAM:
        if (!write && a < L->params_size && size <= L->params_size - a)
            p = L->params + a;
        *taddr = a;
        *tspace = SPACE_CONST;
        break;
    default:
        break;
    }
    if (!p)
        rt_err(x, lane, "out-of-bounds %s %s of %u bytes at 0x%llx", space_name(sp), write ? "write" : "read", size,
               (unsigned long long)orig);
    return p;
}

/* Fixed-size copies for the usual widths so the compiler emits one move
 * instead of a memcpy call per lane. Little-endian host. */
static inline uint64_t load_bytes(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    switch (n) {
    case 1: return *p;
    case 2: { uint16_t h; memcpy(&h, p, 2); return h; }
    case 4: { uint32_t w; memcpy(&w, p, 4); return w; }
    case 8: memcpy(&v, p, 8); return v;
    default: memcpy(&v, p, n); return v;
    }
}
static inline void store_bytes(uint8_t *p, uint64_t v, unsigned n)
{
    switch (n) {
    case 1: *p = (uint8_t)v; break;
    case 2: { uint16_t h = (uint16_t)v; memcpy(p, &h, 2); break; }
    case 4: { uint32_t w = (uint32_t)v; memcpy(p, &w, 4); break; }
    case 8: memcpy(p, &v, 8); break;
    default: memcpy(p, &v, n); break;
    }
}

static inline uint64_t addr_of(const exec_ctx_t *x, const ptx_operand_t *o, unsigned lane)
{
    uint64_t base = o->reg != PTX_NO_REG ? REG(x, o->reg, lane) : o->sym != PTX_NO_SYM ? symbol_value(x, o->sym) : 0;
    return base + (uint64_t)o->imm;
}

/* ------------------------------------------------------------ float helpers */

static inline float ftz32(float f, int ftz) { return ftz && fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f; }

static inline float fsat(float f) { return isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f; }
static inline double dsat(double f) { return isnan(f) ? 0.0 : f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f; }

static int fe_mode(unsigned rnd)
{
    switch (rnd) {
    case RND_RZ: case RND_RZI: return FE_TOWARDZERO;
    case RND_RM: case RND_RMI: return FE_DOWNWARD;
    case RND_RP: case RND_RPI: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

/* Read a float operand as double (f16, f32 with .ftz, f64). */
static inline double fget(uint64_t bits, enum ptx_type t, int ftz)
{
    if (t == PT_F64)
        return ptx_bits_f64(bits);
    if (t == PT_F16)
        return ptx_f16_to_f32((uint16_t)bits);
    return ftz32(ptx_bits_f32(bits), ftz);
}

static inline uint64_t fput(double v, enum ptx_type t, int ftz, int sat)
{
    if (t == PT_F64)
        return ptx_f64_bits(sat ? dsat(v) : v);
    float f = (float)v;
    if (sat)
        f = fsat(f);
    if (t == PT_F16)
        return ptx_f32_to_f16(f);
    return ptx_f32_bits(ftz32(f, ftz));
}

static float fminmax32(float a, float b, int is_max)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == b && a == 0.0f) /* -0 < +0 */
        return (signbit(a) != 0) ^ is_max ? a : b;
    return is_max ? (a > b ? a : b) : (a < b ? a : b);
}
static double fminmax64(double a, double b, int is_max)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == b && a == 0.0)
        return (signbit(a) != 0) ^ is_max ? a : b;
    return is_max ? (a > b ? a : b) : (a < b ? a : b);
}

/* Round a float to an integral value per .rni/.rzi/.rmi/.rpi. */
static double round_integral(double v, unsigned rnd)
{
    switch (rnd) {
    case RND_RZI: return trunc(v);
    case RND_RMI: return floor(v);
    case RND_RPI: return ceil(v);
    default: return nearbyint(v); /* to nearest even in the default environment */
    }
}

/* ------------------------------------------------------------ scalar ALU */

static int compare(const ptx_inst_t *in, uint64_t a, uint64_t b)
{
    enum ptx_type t = (enum ptx_type)in->type;
    enum ptx_type_kind k = ptx_type_kind(t);
    if (k == TK_FLOAT) {
        int ftz = (in->flags & PF_FTZ) != 0;
        double x = fget(a, t, ftz), y = fget(b, t, ftz);
        int un = isnan(x) || isnan(y);
        switch (in->cmp) {
        case CMP_EQ: return !un && x == y;
        case CMP_NE: return !un && x != y;
        case CMP_LT: return !un && x < y;
        case CMP_LE: return !un && x <= y;
        case CMP_GT: return !un && x > y;
        case CMP_GE: return !un && x >= y;
        case CMP_EQU: return un || x == y;
        case CMP_NEU: return un || x != y;
        case CMP_LTU: return un || x < y;
        case CMP_LEU: return un || x <= y;
        case CMP_GTU: return un || x > y;
        case CMP_GEU: return un || x >= y;
        case CMP_NUM: return !un;
        case CMP_NAN: return un;
        default: return 0;
        }
    }
    uint64_t ua = norm(a, t), ub = norm(b, t);
    int64_t sa = (int64_t)ua, sb = (int64_t)ub;
    int is_signed = k == TK_SIGNED;
    switch (in->cmp) {
    case CMP_EQ: return ua == ub;
    case CMP_NE: return ua != ub;
    case CMP_LT: return is_signed ? sa < sb : ua < ub;
    case CMP_LE: return is_signed ? sa <= sb : ua <= ub;
    case CMP_GT: return is_signed ? sa > sb : ua > ub;
    case CMP_GE: return is_signed ? sa >= sb : ua >= ub;
    case CMP_LO: return ua < ub;
    case CMP_LS: return ua <= ub;
    case CMP_HI: return ua > ub;
    case CMP_HS: return ua >= ub;
    default: return 0;
    }
}

static inline uint64_t umulhi64(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
static inline uint64_t smulhi64(int64_t a, int64_t b) { return (uint64_t)(((__int128)a * b) >> 64); }

/* Integer multiply per .lo/.hi/.wide of type t (a, b normalised). */
static uint64_t imul(const ptx_inst_t *in, uint64_t a, uint64_t b, enum ptx_type t)
{
    unsigned sz = ptx_type_size(t);
    int s = ptx_type_kind(t) == TK_SIGNED;
    if (in->flags & PF_WIDE)
        return s ? (uint64_t)((int64_t)a * (int64_t)b) : a * b; /* operands <= 32 bits: exact */
    if (in->flags & PF_HI) {
        if (sz == 8)
            return s ? smulhi64((int64_t)a, (int64_t)b) : umulhi64(a, b);
        uint64_t p = s ? (uint64_t)((int64_t)a * (int64_t)b) : a * b;
        return s ? (uint64_t)((int64_t)p >> (8 * sz)) : p >> (8 * sz);
    }
    return a * b;
}

static uint64_t idiv(uint64_t a, uint64_t b, enum ptx_type t, int rem)
{
    unsigned sz = ptx_type_size(t);
    if (ptx_type_kind(t) == TK_SIGNED) {
        int64_t x = (int64_t)a, y = (int64_t)b;
        if (y == 0)
            return rem ? (uint64_t)x : (uint64_t)(x >= 0 ? -1 : 1);
        int64_t mn = sz == 8 ? INT64_MIN : -(1ll << (8 * sz - 1));
        if (y == -1 && x == mn)
            return rem ? 0 : (uint64_t)x;
        return rem ? (uint64_t)(x % y) : (uint64_t)(x / y);
    }
    if (b == 0)
        return rem ? a : UINT64_MAX;
    return rem ? a % b : a / b;
}

static uint64_t sat_s32(int64_t v) { return (uint64_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v); }

static uint64_t bfe(uint64_t a, uint32_t pos, uint32_t len, enum ptx_type t)
{
    unsigned msb = ptx_type_size(t) * 8 - 1;
    pos &= 0xff;
    len &= 0xff;
    int s = ptx_type_kind(t) == TK_SIGNED;
    uint64_t d = 0;
    unsigned sbit;
    if (!s || len == 0)
        sbit = 0;
    else
        sbit = (unsigned)((a >> CS_MIN(pos + len - 1, msb)) & 1);
    for (unsigned i = 0; i <= msb; i++) {
        unsigned bit = (i < len && pos + i <= msb) ? (unsigned)((a >> (pos + i)) & 1) : sbit;
        d |= (uint64_t)bit << i;
    }
    return d;
}

static uint64_t bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, enum ptx_type t)
{
    unsigned msb = ptx_type_size(t) * 8 - 1;
    pos &= 0xff;
    len &= 0xff;
    uint64_t f = b;
    for (unsigned i = 0; i < len && pos + i <= msb; i++) {
        f &= ~(1ull << (pos + i));
        f |= ((a >> i) & 1) << (pos + i);
    }
    return f;
}

static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, unsigned mode)
{
    uint64_t tmp = ((uint64_t)b << 32) | a;
    uint8_t byte[8];
    for (int i = 0; i < 8; i++)
        byte[i] = (uint8_t)(tmp >> (8 * i));
    uint32_t d = 0;
    if (mode == SUB_NONE) {
        for (int i = 0; i < 4; i++) {
            unsigned sel = (c >> (4 * i)) & 0xf;
            uint8_t v = byte[sel & 7];
            if (sel & 8)
                v = (v & 0x80) ? 0xff : 0;
            d |= (uint32_t)v << (8 * i);
        }
        return d;
    }
    unsigned n = c & 3, idx[4];
    static const unsigned f4e[4][4] = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}};
    static const unsigned b4e[4][4] = {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}};
    static const unsigned rc8[4][4] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
    static const unsigned ecl[4][4] = {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
    static const unsigned ecr[4][4] = {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
    static const unsigned rc16[4][4] = {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
    const unsigned(*tab)[4] = mode == PRMT_F4E ? f4e : mode == PRMT_B4E ? b4e : mode == PRMT_RC8 ? rc8
                             : mode == PRMT_ECL ? ecl : mode == PRMT_ECR ? ecr : rc16;
    for (int i = 0; i < 4; i++)
        idx[i] = tab[n][i];
    for (int i = 0; i < 4; i++)
        d |= (uint32_t)byte[idx[i]] << (8 * i);
    return d;
}

/* shf.{l,r}.{wrap,clamp}.b32: the funnel {b:a} shifted by c, the upper (l)
 * or lower (r) 32 bits. */
static uint32_t shf(uint32_t a, uint32_t b, uint32_t c, unsigned dir, unsigned flags)
{
    uint32_t n = (flags & PF_CLAMP) ? (c < 32 ? c : 32) : c & 31;
    uint64_t v = (uint64_t)b << 32 | a;
    return dir == SHF_L ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
}

/* Float arithmetic of the common binary/ternary/unary opcodes. */
static uint64_t falu(const ptx_inst_t *in, uint64_t ra, uint64_t rb, uint64_t rc)
{
    enum ptx_type t = (enum ptx_type)in->type;
    int ftz = (in->flags & PF_FTZ) != 0, sat = (in->flags & PF_SAT) != 0;
    if (t == PT_F32 || t == PT_F16) {
        /* compute in single precision so results round exactly as the device */
        float a = (float)fget(ra, t, ftz), b = (float)fget(rb, t, ftz), c = (float)fget(rc, t, ftz), r;
        switch (in->op) {
        case OP_ADD: r = a + b; break;
        case OP_SUB: r = a - b; break;
        case OP_MUL: r = a * b; break;
        case OP_MAD: case OP_FMA: r = fmaf(in->fneg & PTX_FNEG_PRODUCT ? -a : a, b, in->fneg & PTX_FNEG_ADDEND ? -c : c); break;
        case OP_DIV: r = a / b; break;
        case OP_MIN: r = fminmax32(a, b, 0); break;
        case OP_MAX: r = fminmax32(a, b, 1); break;
        case OP_NEG: return t == PT_F16 ? (ra ^ 0x8000) & 0xffff : ptx_f32_bits(-a);
        case OP_ABS: return t == PT_F16 ? ra & 0x7fff : ptx_f32_bits(fabsf(a));
        case OP_RCP: r = 1.0f / a; break;
        case OP_SQRT: r = sqrtf(a); break;
        case OP_RSQRT: r = 1.0f / sqrtf(a); break;
        case OP_EX2: r = exp2f(a); break;
        case OP_LG2: r = log2f(a); break;
        case OP_SIN: r = sinf(a); break;
        case OP_COS: r = cosf(a); break;
        case OP_TANH: r = tanhf(a); break;
        case OP_COPYSIGN: r = copysignf(b, a); break;
        default: r = 0; break;
        }
        return fput(r, t, ftz, sat);
    }
    double a = ptx_bits_f64(ra), b = ptx_bits_f64(rb), c = ptx_bits_f64(rc), r;
    switch (in->op) {
    case OP_ADD: r = a + b; break;
    case OP_SUB: r = a - b; break;
    case OP_MUL: r = a * b; break;
    case OP_MAD: case OP_FMA: r = fma(in->fneg & PTX_FNEG_PRODUCT ? -a : a, b, in->fneg & PTX_FNEG_ADDEND ? -c : c); break;
    case OP_DIV: r = a / b; break;
    case OP_MIN: r = fminmax64(a, b, 0); break;
    case OP_MAX: r = fminmax64(a, b, 1); break;
    case OP_NEG: return ptx_f64_bits(-a);
    case OP_ABS: return ptx_f64_bits(fabs(a));
    case OP_RCP: r = 1.0 / a; break;
    case OP_SQRT: r = sqrt(a); break;
    case OP_RSQRT: r = 1.0 / sqrt(a); break;
    case OP_EX2: r = exp2(a); break;
    case OP_LG2: r = log2(a); break;
    case OP_SIN: r = sin(a); break;
    case OP_COS: r = cos(a); break;
    case OP_TANH: r = tanh(a); break;
    case OP_COPYSIGN: r = copysign(b, a); break;
    default: r = 0; break;
    }
    return fput(r, PT_F64, 0, sat);
}

/* Integer / bit ALU. a, b, c raw operand values. */
static uint64_t ialu(const ptx_inst_t *in, uint64_t a, uint64_t b, uint64_t c)
{
    enum ptx_type t = (enum ptx_type)in->type;
    unsigned sz = ptx_type_size(t);
    int s = ptx_type_kind(t) == TK_SIGNED;
    unsigned bits = sz * 8;
    if (t == PT_PRED) {
        a &= 1, b &= 1, c &= 1;
        switch (in->op) {
        case OP_AND: return a & b;
        case OP_OR: return a | b;
        case OP_XOR: return a ^ b;
        case OP_NOT: return !a;
        default: return 0;
        }
    }
    a = norm(a, t);
    b = norm(b, t);
    switch (in->op) {
    case OP_ADD:
        if (in->flags & PF_SAT)
            return sat_s32((int64_t)a + (int64_t)b);
        return a + b;
    case OP_SUB:
        if (in->flags & PF_SAT)
            return sat_s32((int64_t)a - (int64_t)b);
        return a - b;
    case OP_MUL: return imul(in, a, b, t);
    case OP_MAD: {
        c = norm(c, (in->flags & PF_WIDE) ? (s ? PT_S64 : PT_U64) : t);
        if ((in->flags & PF_SAT) && (in->flags & PF_HI))
            return sat_s32((int64_t)(int32_t)imul(in, a, b, t) + (int64_t)(int32_t)c);
        return imul(in, a, b, t) + c;
    }
    case OP_MUL24: case OP_MAD24: {
        uint64_t x = s ? sext(a, 3) : zext(a, 3), y = s ? sext(b, 3) : zext(b, 3);
        uint64_t p = s ? (uint64_t)((int64_t)x * (int64_t)y) : x * y; /* 48-bit product */
        uint64_t r = (in->flags & PF_HI) ? p >> 16 : p;
        if (in->op == OP_MAD24)
            r += c;
        return r;
    }
    case OP_SAD: {
        uint64_t d = s ? ((int64_t)a < (int64_t)b ? b - a : a - b) : (a < b ? b - a : a - b);
        return d + c;
    }
    case OP_DIV: return idiv(a, b, t, 0);
    case OP_REM: return idiv(a, b, t, 1);
    case OP_MIN: return s ? ((int64_t)a < (int64_t)b ? a : b) : (a < b ? a : b);
    case OP_MAX: return s ? ((int64_t)a > (int64_t)b ? a : b) : (a > b ? a : b);
    case OP_ABS: return (int64_t)a < 0 ? (uint64_t)0 - a : a;
    case OP_NEG: return (uint64_t)0 - a;
    case OP_AND: return a & b;
    case OP_OR: return a | b;
    case OP_XOR: return a ^ b;
    case OP_NOT: return ~a;
    case OP_CNOT: return zext(a, sz) == 0;
    case OP_SHL: {
        uint32_t n = (uint32_t)b;
        return n >= bits ? 0 : a << n;
    }
    case OP_SHR: {
        uint32_t n = (uint32_t)b; /* b is u32 whatever the type: re-read unnormalised */
        if (s)
            return n >= bits ? ((int64_t)a < 0 ? UINT64_MAX : 0) : (uint64_t)((int64_t)a >> n);
        return n >= bits ? 0 : zext(a, sz) >> n;
    }
    case OP_POPC: return (uint64_t)__builtin_popcountll(zext(a, sz));
    case OP_CLZ: {
        uint64_t v = zext(a, sz);
        return v == 0 ? bits : (uint64_t)(__builtin_clzll(v) - (64 - (int)bits));
    }
    case OP_BREV: {
        uint64_t r = 0, v = zext(a, sz);
        for (unsigned i = 0; i < bits; i++)
            r |= ((v >> i) & 1) << (bits - 1 - i);
        return r;
    }
    case OP_BFIND: {
        uint64_t v = zext(a, sz);
        if (s && (int64_t)a < 0)
            v = zext(~a, sz);
        if (v == 0)
            return 0xffffffffu;
        unsigned msb = 63 - (unsigned)__builtin_clzll(v);
        return (in->flags & PF_SHIFTAMT) ? bits - 1 - msb : msb;
    }
    case OP_COPYSIGN: return 0;
    default: return 0;
    }
}

/* ------------------------------------------------------------ cvt */

static uint64_t clamp_int(double v, enum ptx_type t)
{
    unsigned sz = ptx_type_size(t);
    if (isnan(v))
        return 0;
    if (ptx_type_kind(t) == TK_SIGNED) {
        double lo = -ldexp(1.0, (int)(8 * sz - 1)), hi = ldexp(1.0, (int)(8 * sz - 1));
        if (v <= lo)
            return (uint64_t)(sz == 8 ? INT64_MIN : (int64_t)lo);
        if (v >= hi)
            return sz == 8 ? (uint64_t)INT64_MAX : (uint64_t)((int64_t)hi - 1);
        return (uint64_t)(int64_t)v;
    }
    double hi = ldexp(1.0, (int)(8 * sz));
    if (v <= 0)
        return 0;
    if (v >= hi)
        return sz == 8 ? UINT64_MAX : (uint64_t)hi - 1;
    return (uint64_t)v;
}

static uint64_t cvt(const ptx_inst_t *in, uint64_t a)
{
    enum ptx_type dt = (enum ptx_type)in->type, st = (enum ptx_type)in->type2;
    enum ptx_type_kind dk = ptx_type_kind(dt), sk = ptx_type_kind(st);
    int ftz = (in->flags & PF_FTZ) != 0, sat = (in->flags & PF_SAT) != 0;
    if (sk != TK_FLOAT && dk != TK_FLOAT) {
        uint64_t v = norm(a, st);
        if (sat) {
            unsigned dsz = ptx_type_size(dt);
            int ss = sk == TK_SIGNED, ds = dk == TK_SIGNED;
            int64_t sv = (int64_t)v;
            if (ds) {
                int64_t lo = dsz == 8 ? INT64_MIN : -(1ll << (8 * dsz - 1)), hi = dsz == 8 ? INT64_MAX : (1ll << (8 * dsz - 1)) - 1;
                if (ss)
                    v = (uint64_t)(sv < lo ? lo : sv > hi ? hi : sv);
                else
                    v = v > (uint64_t)hi ? (uint64_t)hi : v;
            } else {
                uint64_t hi = dsz == 8 ? UINT64_MAX : (1ull << (8 * dsz)) - 1;
                if (ss && sv < 0)
                    v = 0;
                else
                    v = v > hi ? hi : v;
            }
        }
        return norm(v, dt);
    }
    if (sk == TK_FLOAT && dk != TK_FLOAT) { /* float -> int: round, saturate, NaN -> 0 */
        double v = fget(a, st, ftz);
        return norm(clamp_int(round_integral(v, in->rnd ? in->rnd : RND_RZI), dt), dt);
    }
    if (sk != TK_FLOAT) { /* int -> float */
        uint64_t v = norm(a, st);
        int mode = fe_mode(in->rnd);
        if (mode != FE_TONEAREST)
            fesetround(mode);
        volatile double d = 0;
        volatile float f = 0;
        if (dt == PT_F64)
            d = sk == TK_SIGNED ? (double)(int64_t)v : (double)v;
        else
            f = sk == TK_SIGNED ? (float)(int64_t)v : (float)v;
        if (mode != FE_TONEAREST)
            fesetround(FE_TONEAREST);
        if (dt == PT_F64)
            return fput(d, dt, 0, sat);
        return fput(f, dt, ftz, sat);
    }
    /* float -> float */
    double v = fget(a, st, ftz && st == PT_F32);
    if (in->rnd >= RND_RNI)
        v = round_integral(v, in->rnd);
    if (dt == PT_F32 && st == PT_F64 && in->rnd >= RND_RZ && in->rnd <= RND_RP) {
        fesetround(fe_mode(in->rnd));
        volatile float f = (float)v;
        fesetround(FE_TONEAREST);
        return fput(f, dt, ftz, sat);
    }
    return fput(v, dt, ftz && dt == PT_F32, sat);
}

static int testp(unsigned mode, uint64_t a, enum ptx_type t)
{
    double v = t == PT_F64 ? ptx_bits_f64(a) : ptx_bits_f32(a);
    int cls = t == PT_F64 ? fpclassify(v) : fpclassify(ptx_bits_f32(a));
    switch (mode) {
    case TESTP_FINITE: return isfinite(v);
    case TESTP_INFINITE: return isinf(v);
    case TESTP_NUMBER: return !isnan(v);
    case TESTP_NOTANUMBER: return isnan(v) != 0;
    case TESTP_NORMAL: return cls == FP_NORMAL;
    case TESTP_SUBNORMAL: return cls == FP_SUBNORMAL;
    default: return 0;
    }
}

/* ------------------------------------------------------------ atomics */

static uint64_t atom_apply(const ptx_inst_t *in, uint64_t old, uint64_t b, uint64_t c)
{
    enum ptx_type t = (enum ptx_type)in->type;
    unsigned sz = ptx_type_size(t);
    enum ptx_type_kind k = ptx_type_kind(t);
    if (k == TK_FLOAT) {
        if (in->subop == ATOM_EXCH)
            return b;
        if (t == PT_F16 || t == PT_F16X2) { /* .noftz add in half precision, each half of f16x2 alone;
                                             * f32's 24 bits >= 2 x 11 + 2, so rounding twice is exact */
            uint64_t r = 0;
            for (unsigned h = 0; h < sz / 2; h++) {
                float o = ptx_f16_to_f32((uint16_t)(old >> 16 * h)), v = ptx_f16_to_f32((uint16_t)(b >> 16 * h));
                r |= (uint64_t)ptx_f32_to_f16(o + v) << 16 * h;
            }
            return r;
        }
        if (sz == 4) {
            float o = ptx_bits_f32(old), v = ptx_bits_f32(b);
            return ptx_f32_bits(in->subop == ATOM_ADD ? o + v : fminmax32(o, v, in->subop == ATOM_MAX));
        }
        double o = ptx_bits_f64(old), v = ptx_bits_f64(b);
        return ptx_f64_bits(in->subop == ATOM_ADD ? o + v : fminmax64(o, v, in->subop == ATOM_MAX));
    }
    old = norm(old, t);
    b = norm(b, t);
    int s = k == TK_SIGNED;
    switch (in->subop) {
    case ATOM_ADD: return old + b;
    case ATOM_MIN: return s ? ((int64_t)old < (int64_t)b ? old : b) : (old < b ? old : b);
    case ATOM_MAX: return s ? ((int64_t)old > (int64_t)b ? old : b) : (old > b ? old : b);
    case ATOM_EXCH: return b;
    case ATOM_CAS: return old == b ? c : old;
    case ATOM_AND: return old & b;
    case ATOM_OR: return old | b;
    case ATOM_XOR: return old ^ b;
    case ATOM_INC: return zext(old, sz) >= zext(b, sz) ? 0 : old + 1;
    case ATOM_DEC: return (zext(old, sz) == 0 || zext(old, sz) > zext(b, sz)) ? b : old - 1;
    default: return old;
    }
}

/* One lane's element of an atom/red on the bytes at `at`: the old value as
 * the destination register holds it. */
static uint64_t atom_commit(const ptx_inst_t *in, uint8_t *at, uint64_t b, uint64_t c)
{
    enum ptx_type t = (enum ptx_type)in->type;
    unsigned esz = ptx_type_size(t);
    uint64_t old = load_bytes(at, esz);
    store_bytes(at, atom_apply(in, old, b, c), esz);
    return norm(old, t);
}

void ptx_publish_writes(ptx_writes_t *w)
{
    /* nothing written since the last call: no warp waits either (a warp
     * waits only for writes of its own, which set `written`) */
    if (!atomic_load_explicit(&w->written, memory_order_relaxed))
        return;
    atomic_store_explicit(&w->written, false, memory_order_relaxed);
    w->published++; /* every waiting warp goes on */
    for (uint32_t i = 0; i < w->n_core; i++) {
        ptx_core_writes_t *log = w->core[i];
        if (!log || !log->n)
            continue;
        for (uint32_t k = 0; k < log->n; k++) {
            const ptx_write_t *e = &log->log[k];
            switch (e->size) { /* fixed sizes: a move each (little-endian host) */
            case 4: memcpy(e->at, &e->value, 4); break;
            case 8: memcpy(e->at, &e->value, 8); break;
            case 1: memcpy(e->at, &e->value, 1); break;
            case 2: memcpy(e->at, &e->value, 2); break;
            case PTX_WRITE_ATOMIC: {
                const ptx_atomic_write_t *a = &log->atoms[e->atom];
                uint64_t old = atom_commit(a->in, e->at, a->b, a->c);
                if (a->old_to)
                    *a->old_to = old;
                break;
            }
            default: memcpy(e->at, &e->value, e->size); break;
            }
        }
        log->n = log->n_atoms = 0;
    }
}

/* A lane's store of n bytes (v, little-endian) at host address p, which
 * resolve() placed in tspace: device memory through the core's log, the
 * CTA's own memories at once. */
static inline void write_bytes(exec_ctx_t *x, uint8_t *p, uint8_t tspace, const uint8_t *v, unsigned n)
{
    if (tspace == SPACE_GLOBAL) {
        ptx_writes_store_bytes(x->c->writes, p, v, n);
        wait_for_publication(x->c, x->w);
    } else {
        memcpy(p, v, n);
    }
}

/* ------------------------------------------------------------ control flow */

/* Remove lanes from stack entries [from, depth). */
static void remove_lanes(ptx_warp_t *w, uint32_t from, uint32_t lanes)
{
    for (uint32_t i = from; i < w->depth; i++)
        w->stack[i].mask &= ~lanes;
}

static void set_frame(exec_ctx_t *x)
{
    const call_frame_t *fr = &x->w->frames[x->w->nframes - 1];
    x->f = &x->c->L->module->funcs[fr->func];
    x->R = x->w->regs + fr->reg_base;
    x->local_base = fr->local_base;
    x->w->local_used = fr->local_base + x->f->frame_bytes;
}

static void copy_params(exec_ctx_t *x, const ptx_function_t *from_f, uint64_t from_base, const uint32_t *from_syms,
                        uint64_t to_base, const uint32_t *to_syms, uint32_t n, uint32_t lanes)
{
    const ptx_symbol_t *syms = x->c->L->module->syms;
    ptx_warp_t *w = x->w;
    (void)from_f;
    for (uint32_t i = 0; i < n; i++) {
        const ptx_symbol_t *a = &syms[from_syms[i]], *b = &syms[to_syms[i]];
        uint64_t size = CS_MIN(a->size, b->size);
        for (unsigned l = 0; l < WARP_SIZE; l++)
            if (lanes >> l & 1)
                memmove(w->local + l * w->local_cap + to_base + b->offset, w->local + l * w->local_cap + from_base + a->offset,
                        size);
    }
}

static int do_call(exec_ctx_t *x, simt_entry_t *top, uint32_t pc, uint32_t lanes)
{
    ptx_warp_t *w = x->w;
    const ptx_inst_t *in = x->in;
    const ptx_module_t *m = x->c->L->module;
    const ptx_function_t *callee = &m->funcs[in->ops[1].imm];
    if (w->nframes == MAX_CALL_DEPTH)
        return rt_err(x, (unsigned)__builtin_ctz(lanes), "call depth exceeds %d", MAX_CALL_DEPTH);
    const call_frame_t *cur = &w->frames[w->nframes - 1];
    uint64_t reg_base = cur->reg_base + (uint64_t)exec_regs(x->f) * WARP_SIZE;
    uint64_t local_base = (cur->local_base + x->f->frame_bytes + 15) & ~15ull;
    warp_grow_regs(w, reg_base + (uint64_t)exec_regs(callee) * WARP_SIZE);
    warp_grow_local(w, local_base + callee->frame_bytes);
    memset(w->regs + reg_base, 0, (uint64_t)exec_regs(callee) * WARP_SIZE * sizeof *w->regs);
    copy_params(x, x->f, cur->local_base, &x->f->call_syms[in->ops[2].imm], local_base, callee->params, callee->n_params,
                lanes);
    top->pc = pc + 1;
    uint32_t base = w->depth;
    w->frames[w->nframes++] = (call_frame_t){(uint32_t)in->ops[1].imm, pc, base, reg_base, local_base};
    push(w, 0, UINT32_MAX, lanes);
    set_frame(x);
    return 0;
}

/* Pop finished entries; complete calls whose callee entries are all gone.
 * Returns the top entry or NULL when the warp is done. */
static simt_entry_t *settle(exec_ctx_t *x)
{
    ptx_warp_t *w = x->w;
    for (;;) {
        if (w->nframes > 1 && w->depth == w->frames[w->nframes - 1].stack_base) {
            /* callee finished: copy return values into the caller's variables */
            const call_frame_t *fr = &w->frames[w->nframes - 1];
            const ptx_module_t *m = x->c->L->module;
            const ptx_function_t *callee = &m->funcs[fr->func];
            const call_frame_t *caller = &w->frames[w->nframes - 2];
            const ptx_function_t *cf = &m->funcs[caller->func];
            const ptx_inst_t *call = &exec_insts(cf)[fr->call_pc];
            uint32_t lanes = w->depth ? w->stack[w->depth - 1].mask : 0;
            copy_params(x, callee, fr->local_base, callee->rets, caller->local_base, &cf->call_syms[call->ops[0].imm],
                        callee->n_rets, lanes);
            w->nframes--;
            set_frame(x);
            continue;
        }
        if (w->depth == 0)
            return NULL;
        simt_entry_t *top = &w->stack[w->depth - 1];
        if (top->mask == 0 || top->pc == top->rpc) {
            w->depth--;
            continue;
        }
        return top;
    }
}

/* ------------------------------------------------------------ step */

#define FOR_LANES(mask, l) for (uint32_t _m = (mask), l; _m && (l = (uint32_t)__builtin_ctz(_m), 1); _m &= _m - 1)

/* Extended-precision integer arithmetic: add/sub/mad with .cc (carry out
 * into CC.CF) and addc/subc/madc (carry in, and out with .cc). For sub the
 * flag is the borrow, so sub.cc then subc subtracts a two-word number. The
 * parser allows 32-bit operands (add/sub also 64-bit) and mad .lo/.hi. */
static void carry_arith(exec_ctx_t *x, uint32_t exec)
{
    const ptx_inst_t *in = x->in;
    const ptx_operand_t *op = in->ops;
    int wide = ptx_type_size((enum ptx_type)in->type) == 8;
    int sgn = ptx_type_kind((enum ptx_type)in->type) == TK_SIGNED;
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    int carry_in = in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC;
    uint32_t carry_out = 0;
    FOR_LANES(exec, l) {
        uint64_t a = src(x, &op[1], l) & mask, b = src(x, &op[2], l) & mask;
        uint64_t ci = carry_in ? (x->w->carry >> l) & 1 : 0, r, co;
        switch (in->op) {
        case OP_ADD: case OP_ADDC:
            r = a + b + ci;
            co = wide ? (r < a || (ci && r == a)) : r >> 32;
            break;
        case OP_SUB: case OP_SUBC:
            r = a - b - ci;
            co = wide ? (a < b || (ci && a == b)) : a < b + ci;
            break;
        default: { /* mad, madc: the low or high word of the 64-bit product */
            uint64_t prod = sgn ? (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b) : a * b;
            uint64_t half = (in->flags & PF_HI) ? prod >> 32 : prod & mask;
            r = half + (src(x, &op[3], l) & mask) + ci;
            co = r >> 32;
            break;
        }
        }
        dst(x, op[0].reg, l, r & mask);
        carry_out |= (uint32_t)(co & 1) << l;
    }
    if (in->flags & PF_CC)
        x->w->carry = (x->w->carry & ~exec) | carry_out;
}


static int exec_memory(exec_ctx_t *x, uint32_t exec, warp_inst_t *out)
{
    const ptx_inst_t *in = x->in;
    ptx_warp_t *w = x->w;
    enum ptx_type t = (enum ptx_type)in->type;
    unsigned esz = ptx_type_size(t), vec = in->vec ? in->vec : 1;
    uint8_t tspace = out->space;
    switch (in->op) {
    case OP_LD: case OP_LDU: {
        const ptx_operand_t *d = &in->ops[0], *a = &in->ops[1];
        FOR_LANES(exec, l) {
            uint64_t ad = addr_of(x, a, l);
            uint8_t *p = resolve(x, in->space, ad, esz * vec, l, 0, &w->addr[l], &tspace);
            if (!p)
                return -1;
            if (vec == 1) {
                dst(x, d->reg, l, norm(load_bytes(p, esz), t));
            } else {
                for (unsigned k = 0; k < vec; k++)
                    dst(x, d->vec[k], l, norm(load_bytes(p + k * esz, esz), t));
            }
        }
        break;
    }
    case OP_ST: {
        const ptx_operand_t *a = &in->ops[0], *v = &in->ops[1];
        FOR_LANES(exec, l) {
            uint64_t ad = addr_of(x, a, l);
            uint8_t *p = resolve(x, in->space, ad, esz * vec, l, 1, &w->addr[l], &tspace);
            if (!p)
                return -1;
            uint8_t bytes[4 * 16];
            if (vec == 1)
                store_bytes(bytes, src(x, v, l), esz);
            else
                for (unsigned k = 0; k < vec; k++)
                    store_bytes(bytes + k * esz, REG(x, v->vec[k], l), esz);
            write_bytes(x, p, tspace, bytes, esz * vec);
        }
        break;
    }
    case OP_ATOM: case OP_RED: {
        int is_atom = in->op == OP_ATOM;
        const ptx_operand_t *a = &in->ops[is_atom ? 1 : 0], *bop = &in->ops[is_atom ? 2 : 1];
        FOR_LANES(exec, l) { /* lane order: deterministic results */
            uint64_t ad = addr_of(x, a, l);
            if (esz > 1 && (ad & (esz * vec - 1)))
                return rt_err(x, l, "misaligned %u-byte atomic at 0x%llx", esz * vec, (unsigned long long)ad);
            uint8_t *p = resolve(x, in->space, ad, esz * vec, l, 1, &w->addr[l], &tspace);
            if (!p)
                return -1;
            if (tspace != SPACE_GLOBAL && tspace != SPACE_SHARED && tspace != SPACE_DSMEM)
                return rt_err(x, l, "atomic on %s memory", tspace == SPACE_LOCAL ? "local" : "constant");
            /* .v2/.v4 (sm_90): each element an atomic of its own at the next
             * address; every source read before a destination is written (a
             * destination may share a source's slot, ptx_slots.c) */
            uint64_t olds[4], bs[4];
            uint64_t c = is_atom && in->nops == 4 ? src(x, &in->ops[3], l) : 0;
            for (unsigned k = 0; k < vec; k++)
                bs[k] = vec > 1 ? REG(x, bop->vec[k], l) : src(x, bop, l);
            if (tspace == SPACE_GLOBAL) { /* at publication, in core order (ptx_writes.h) */
                for (unsigned k = 0; k < vec; k++) {
                    ptx_atomic_write_t *e = ptx_writes_atomic(x->c->writes, p + k * esz);
                    const uint32_t d = vec > 1 ? in->ops[0].vec[k] : in->ops[0].reg;
                    e->in = in;
                    e->b = bs[k];
                    e->c = c;
                    e->old_to = is_atom && d != PTX_NO_REG ? &REG(x, d, l) : NULL;
                    e->owner = x->c;
                }
                wait_for_publication(x->c, w);
                continue;
            }
            for (unsigned k = 0; k < vec; k++) {
                olds[k] = load_bytes(p + k * esz, esz);
                store_bytes(p + k * esz, atom_apply(in, olds[k], bs[k], c), esz);
            }
            if (is_atom)
                for (unsigned k = 0; k < vec; k++)
                    dst(x, vec > 1 ? in->ops[0].vec[k] : in->ops[0].reg, l, norm(olds[k], t));
        }
        break;
    }
    case OP_CP: { /* cp.async: cp-size bytes from global to shared, zeros past src-size */
        const unsigned cp = (unsigned)in->ops[2].imm;
        FOR_LANES(exec, l) {
            uint64_t to_a = addr_of(x, &in->ops[0], l), from_a = addr_of(x, &in->ops[1], l);
            uint64_t n = in->nops == 4 ? src(x, &in->ops[3], l) : cp;
            if (n > cp)
                return rt_err(x, l, "cp.async src-size %llu above its cp-size %u", (unsigned long long)n, cp);
            if ((to_a | from_a) & (cp - 1))
                return rt_err(x, l, "misaligned %u-byte cp.async (0x%llx to 0x%llx)", cp,
                              (unsigned long long)from_a, (unsigned long long)to_a);
            const uint8_t *from = NULL;
            w->addr[l] = from_a;
            if (n && !(from = resolve(x, PS_GLOBAL, from_a, (unsigned)n, l, 0, &w->addr[l], &tspace)))
                return -1;
            uint64_t shared_taddr;
            uint8_t shared_space;
            uint8_t *to = resolve(x, PS_SHARED, to_a, cp, l, 1, &shared_taddr, &shared_space);
            if (!to)
                return -1;
            if (n)
                memcpy(to, from, (size_t)n);
            memset(to + n, 0, cp - (size_t)n);
        }
        break;
    }
    default:
        break;
    }
    /* a generic access lands in one space for all lanes in practice; report the
     * last lane's. Function .param accesses are registers in SASS: no address. */
    if (out->unit == UNIT_LDST) {
        /* one lane in another CTA makes the whole access a DSMEM one */
        out->space = x->dsmem ? SPACE_DSMEM : tspace;
        out->addr = w->addr;
    }
    return 0;
}

/* wmma.load / wmma.store of a fragment, the whole warp (ptx_mma.h): each
 * lane's 8 elements, at the element offsets of ctasim's fragment layout.
 * The timing model sees the tile instead: lane l reads or writes 16 bytes
 * at the start of half l % 2 of the tile's row (or, column-major, column)
 * l / 2, which touches the same 32-byte sectors as the elements do. */
/* mma.sync and wmma.mma: every lane's fragment registers of the operands
 * B, A and C (operands 1..3) read into frag[v][k][lane] (k < per_op
 * registers per operand), and D's (operand 0) written back from frag[0]. */
static void gather_fragments(exec_ctx_t *x, const ptx_operand_t *op, uint32_t *frag, unsigned per_op)
{
    for (unsigned v = 1; v < 4; v++)
        for (unsigned k = 0; k < op[v].nvec; k++)
            for (unsigned l = 0; l < WARP_SIZE; l++)
                frag[((size_t)v * per_op + k) * WARP_SIZE + l] = (uint32_t)REG(x, op[v].vec[k], l);
}

static void scatter_fragment(exec_ctx_t *x, const ptx_operand_t *d, const uint32_t *frag)
{
    for (unsigned k = 0; k < d->nvec; k++)
        for (unsigned l = 0; l < WARP_SIZE; l++)
            dst(x, d->vec[k], l, frag[(size_t)k * WARP_SIZE + l]);
}

static int whole_warp_err(exec_ctx_t *x, uint32_t exec, const char *what)
{
    return rt_err(x, (unsigned)__builtin_ctz(exec), "%s executed by %d of 32 lanes (it needs the whole warp)", what,
                  __builtin_popcount(exec));
}

static int exec_wmma_memory(exec_ctx_t *x, warp_inst_t *out)
{
    const ptx_inst_t *in = x->in;
    ptx_warp_t *w = x->w;
    int store = in->op == OP_WMMA_ST;
    const ptx_operand_t *frag = &in->ops[ptx_wmma_frag_operand(in)], *a = &in->ops[store ? 0 : 1];
    uint8_t tspace = out->space;
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        uint64_t base = addr_of(x, a, l), stride = src(x, &in->ops[2], l) & 0xffffffffu;
        ptx_wmma_access_t acc;
        ptx_wmma_lane_access(in, l, stride, &acc);
        uint64_t vals[8] = {0};
        for (unsigned e = 0; e < acc.elements; e++) {
            uint64_t taddr;
            uint8_t *p = resolve(x, in->space, base + acc.offset[e] * acc.esize, acc.esize, l, store, &taddr, &tspace);
            if (!p)
                return -1;
            if (store) {
                uint8_t bytes[8];
                store_bytes(bytes, REG(x, frag->vec[acc.reg[e]], l) >> acc.shift[e], acc.esize);
                write_bytes(x, p, tspace, bytes, acc.esize);
            } else
                vals[acc.reg[e]] |= load_bytes(p, acc.esize) << acc.shift[e];
        }
        if (!store) {
            for (unsigned r = 0; r < acc.ncopy; r++)
                vals[acc.copy_to[r]] = vals[r];
            for (unsigned k = 0; k < frag->nvec; k++)
                dst(x, frag->vec[k], l, vals[k]);
        }
        uint64_t line_bytes = 16ull * acc.esize;
        uint64_t at = base + (l / 2) * stride * acc.esize + (l % 2) * (line_bytes / 2);
        if (!resolve(x, in->space, at, 16, l, store, &w->addr[l], &tspace))
            return -1;
    }
    out->space = tspace;
    out->addr = w->addr;
    return 0;
}

/* ------------------------------------------------------------ fast paths
 *
 * The instructions that make up most of every kernel (integer and f32
 * arithmetic, integer compares, moves, scalar loads and stores of shared and
 * global memory) run through loops specialised by opcode, with operands read
 * straight from the register file. Each computes exactly what the general
 * path computes: ptx_exec_classify() admits only the forms for which the
 * equivalence is plain (no .sat, .ftz, .hi, rounding other than the default,
 * predicate negation, vectors or special registers). */

enum fast_kind {
    FK_NONE = 0,
    FK_INT,   /* add sub mul.lo mad.lo and or xor shl shr on a 32/64-bit integer type; mul.wide.{s,u}32 */
    FK_F32,   /* add sub mul mad fma .f32 */
    FK_SETP,  /* setp.CMP on an integer type, one destination, no boolean op */
    FK_MOV,   /* mov of a register or an immediate */
    FK_CVT,   /* cvt between integer types without .sat */
    FK_INT_MISC, /* min max on an integer type; abs neg not (unary) */
    FK_PRED,  /* and or xor not .pred */
    FK_SELP,  /* selp */
    FK_SHF,   /* shf.{l,r}.{wrap,clamp}.b32 */
    FK_LD,    /* ld/ldu of one element from .shared, .global, .local or .const */
    FK_ST,    /* st of one element to .shared, .global or .local */
};

static int plain_source(const ptx_operand_t *o) { return (o->kind == OPK_REG && !o->neg) || o->kind == OPK_IMM; }
static int int_type_32_64(enum ptx_type t)
{
    enum ptx_type_kind k = ptx_type_kind(t);
    return (k == TK_BITS || k == TK_UNSIGNED || k == TK_SIGNED) && (ptx_type_size(t) == 4 || ptx_type_size(t) == 8);
}
static int scalar_int_type(enum ptx_type t)
{
    enum ptx_type_kind k = ptx_type_kind(t);
    return (k == TK_BITS || k == TK_UNSIGNED || k == TK_SIGNED) && ptx_type_size(t) >= 1 && ptx_type_size(t) <= 8;
}
static int dest_reg(const ptx_operand_t *o) { return o->kind == OPK_REG && o->reg != PTX_NO_REG; }

/* add sub mul mad fma and or xor shl shr: FK_INT, FK_F32 or none */
static enum fast_kind classify_arith(const ptx_inst_t *in)
{
    enum ptx_type t = (enum ptx_type)in->type;
    const ptx_operand_t *op = in->ops;
    unsigned n = in->op == OP_MAD || in->op == OP_FMA ? 4 : 3;
    if (in->nops != n || !dest_reg(&op[0]) || in->flags & (PF_SAT | PF_FTZ | PF_HI | PF_CC) || in->fneg)
        return FK_NONE;
    for (unsigned i = 1; i < n; i++)
        if (!plain_source(&op[i]))
            return FK_NONE;
    if (t == PT_F32 && (in->rnd == RND_NONE || in->rnd == RND_RN) && in->op != OP_AND && in->op != OP_OR &&
        in->op != OP_XOR && in->op != OP_SHL && in->op != OP_SHR)
        return FK_F32;
    if (in->op == OP_FMA || !int_type_32_64(t))
        return FK_NONE;
    if (in->flags & PF_WIDE) /* mul.wide.{s,u}32 only */
        return in->op == OP_MUL && ptx_type_size(t) == 4 && ptx_type_kind(t) != TK_BITS ? FK_INT : FK_NONE;
    return FK_INT;
}

static enum fast_kind classify(const ptx_inst_t *in)
{
    enum ptx_type t = (enum ptx_type)in->type;
    const ptx_operand_t *op = in->ops;
    switch (in->op) {
    case OP_AND: case OP_OR: case OP_XOR: case OP_NOT:
        if (t == PT_PRED) {
            unsigned n = in->op == OP_NOT ? 2 : 3;
            if (in->nops != n || !dest_reg(&op[0]))
                return FK_NONE;
            for (unsigned i = 1; i < n; i++)
                if (!plain_source(&op[i]))
                    return FK_NONE;
            return FK_PRED;
        }
        if (in->op == OP_NOT)
            return in->nops == 2 && dest_reg(&op[0]) && plain_source(&op[1]) && scalar_int_type(t) ? FK_INT_MISC : FK_NONE;
        return classify_arith(in); /* and/or/xor of an integer type */
    case OP_ADD: case OP_SUB: case OP_SHL: case OP_SHR:
    case OP_MUL: case OP_MAD: case OP_FMA:
        return classify_arith(in);
    case OP_MIN: case OP_MAX:
        return in->nops == 3 && dest_reg(&op[0]) && plain_source(&op[1]) && plain_source(&op[2]) && scalar_int_type(t) &&
                       !(in->flags & (PF_SAT | PF_CC))
                   ? FK_INT_MISC
                   : FK_NONE;
    case OP_ABS: case OP_NEG:
        return in->nops == 2 && dest_reg(&op[0]) && plain_source(&op[1]) && scalar_int_type(t) && !(in->flags & PF_SAT)
                   ? FK_INT_MISC
                   : FK_NONE;
    case OP_SELP:
        return in->nops == 4 && dest_reg(&op[0]) && plain_source(&op[1]) && plain_source(&op[2]) && plain_source(&op[3])
                   ? FK_SELP
                   : FK_NONE;
    case OP_SETP:
        if (in->nops != 3 || in->bool_op != BOOL_NONE || !dest_reg(&op[0]) || !scalar_int_type(t) ||
            !plain_source(&op[1]) || !plain_source(&op[2]) || in->cmp > CMP_HS)
            return FK_NONE;
        return FK_SETP;
    case OP_MOV:
        return in->nops == 2 && dest_reg(&op[0]) && plain_source(&op[1]) && t != PT_PRED && ptx_type_size(t) <= 8 ? FK_MOV
                                                                                                               : FK_NONE;
    case OP_CVT:
        return in->nops == 2 && dest_reg(&op[0]) && plain_source(&op[1]) && !(in->flags & PF_SAT) && scalar_int_type(t) &&
                       scalar_int_type((enum ptx_type)in->type2)
                   ? FK_CVT
                   : FK_NONE;
    case OP_SHF:
        return in->nops == 4 && dest_reg(&op[0]) && plain_source(&op[1]) && plain_source(&op[2]) && plain_source(&op[3])
                   ? FK_SHF
                   : FK_NONE;
    case OP_LD: case OP_LDU: case OP_ST: {
        unsigned sz = ptx_type_size(t);
        int space_ok = in->space == PS_SHARED || in->space == PS_GLOBAL || in->space == PS_LOCAL ||
                       (in->space == PS_CONST && in->op != OP_ST);
        if (in->vec > 1 || (in->flags & PF_KPARAM) || !space_ok || (sz != 1 && sz != 2 && sz != 4 && sz != 8) ||
            in->nops != 2 || t == PT_PRED)
            return FK_NONE;
        if (in->op == OP_ST)
            return op[0].kind == OPK_ADDR && plain_source(&op[1]) ? FK_ST : FK_NONE;
        return op[1].kind == OPK_ADDR && dest_reg(&op[0]) ? FK_LD : FK_NONE;
    }
    default:
        return FK_NONE;
    }
}

void ptx_exec_classify(ptx_inst_t *in) { in->fast = (uint8_t)classify(in); }

/* Lane values of a plain source: the register's 32 slots (stride 1) or the
 * immediate (stride 0). */
static inline const uint64_t *lanes_of(const exec_ctx_t *x, const ptx_operand_t *o, unsigned *stride)
{
    if (o->kind == OPK_REG) {
        *stride = 1;
        return &REG(x, o->reg, 0);
    }
    *stride = 0;
    return (const uint64_t *)&o->imm;
}

/* norm() with the type's width and signedness decided once per instruction. */
typedef struct norm_spec {
    unsigned shift; /* 64 - bits */
    int is_signed;
} norm_spec_t;
static inline norm_spec_t norm_spec_of(enum ptx_type t)
{
    return (norm_spec_t){64 - 8 * ptx_type_size(t), ptx_type_kind(t) == TK_SIGNED};
}
static inline uint64_t norm_by(uint64_t v, norm_spec_t n)
{
    return n.is_signed ? (uint64_t)((int64_t)(v << n.shift) >> n.shift) : (v << n.shift) >> n.shift;
}

#define LANES2(EXPR)                                            \
    FOR_LANES(exec, l) {                                        \
        uint64_t a = A[l * sa], b = B[l * sb];                  \
        D[l] = (EXPR);                                          \
    }

static void fast_int(const exec_ctx_t *x, uint32_t exec)
{
    const ptx_inst_t *in = x->in;
    enum ptx_type t = (enum ptx_type)in->type;
    unsigned sa, sb, sc = 0;
    const uint64_t *A = lanes_of(x, &in->ops[1], &sa), *B = lanes_of(x, &in->ops[2], &sb), *C = NULL;
    uint64_t *D = &REG(x, in->ops[0].reg, 0);
    norm_spec_t n = norm_spec_of(t);
    unsigned bits = 8 * ptx_type_size(t);
    if (in->flags & PF_WIDE) { /* mul.wide: 32-bit operands, exact 64-bit product */
        if (n.is_signed)
            LANES2((uint64_t)((int64_t)norm_by(a, n) * (int64_t)norm_by(b, n)))
        else
            LANES2(norm_by(a, n) * norm_by(b, n))
        return;
    }
    switch (in->op) {
    case OP_ADD: LANES2(norm_by(a + b, n)) break;
    case OP_SUB: LANES2(norm_by(a - b, n)) break;
    case OP_MUL: LANES2(norm_by(a * b, n)) break;
    case OP_AND: LANES2(norm_by(a & b, n)) break;
    case OP_OR: LANES2(norm_by(a | b, n)) break;
    case OP_XOR: LANES2(norm_by(a ^ b, n)) break;
    case OP_MAD:
        C = lanes_of(x, &in->ops[3], &sc);
        FOR_LANES(exec, l) D[l] = norm_by(A[l * sa] * B[l * sb] + C[l * sc], n);
        break;
    case OP_SHL: LANES2((uint32_t)b >= bits ? 0 : norm_by(a << (uint32_t)b, n)) break;
    case OP_SHR:
        if (n.is_signed)
            LANES2((uint32_t)b >= bits ? ((int64_t)norm_by(a, n) < 0 ? norm_by(UINT64_MAX, n) : 0)
                                       : norm_by((uint64_t)((int64_t)norm_by(a, n) >> (uint32_t)b), n))
        else
            LANES2((uint32_t)b >= bits ? 0 : norm_by(a, n) >> (uint32_t)b)
        break;
    default: break;
    }
}

static void fast_int_misc(const exec_ctx_t *x, uint32_t exec)
{
    const ptx_inst_t *in = x->in;
    unsigned sa, sb = 0;
    const uint64_t *A = lanes_of(x, &in->ops[1], &sa), *B = in->nops > 2 ? lanes_of(x, &in->ops[2], &sb) : NULL;
    uint64_t *D = &REG(x, in->ops[0].reg, 0);
    norm_spec_t n = norm_spec_of((enum ptx_type)in->type);
#define S(v) ((int64_t)norm_by(v, n))
#define U(v) norm_by(v, n)
    switch (in->op) {
    case OP_MIN: if (n.is_signed) LANES2(S(a) < S(b) ? U(a) : U(b)) else LANES2(U(a) < U(b) ? U(a) : U(b)) break;
    case OP_MAX: if (n.is_signed) LANES2(S(a) > S(b) ? U(a) : U(b)) else LANES2(U(a) > U(b) ? U(a) : U(b)) break;
    case OP_ABS: FOR_LANES(exec, l) { uint64_t a = U(A[l * sa]); D[l] = U((int64_t)a < 0 ? (uint64_t)0 - a : a); } break;
    case OP_NEG: FOR_LANES(exec, l) D[l] = U((uint64_t)0 - U(A[l * sa])); break;
    case OP_NOT: FOR_LANES(exec, l) D[l] = U(~U(A[l * sa])); break;
    default: break;
    }
#undef S
#undef U
}

static void fast_pred(const exec_ctx_t *x, uint32_t exec)
{
    const ptx_inst_t *in = x->in;
    unsigned sa, sb = 0;
    const uint64_t *A = lanes_of(x, &in->ops[1], &sa), *B = in->nops > 2 ? lanes_of(x, &in->ops[2], &sb) : NULL;
    uint64_t *D = &REG(x, in->ops[0].reg, 0);
    switch (in->op) {
    case OP_AND: LANES2((a & b) & 1) break;
    case OP_OR: LANES2((a | b) & 1) break;
    case OP_XOR: LANES2((a ^ b) & 1) break;
    case OP_NOT: FOR_LANES(exec, l) D[l] = (A[l * sa] & 1) ^ 1; break;
    default: break;
    }
}

static void fast_f32(const exec_ctx_t *x, uint32_t exec)
{
    const ptx_inst_t *in = x->in;
    unsigned sa, sb, sc = 0;
    const uint64_t *A = lanes_of(x, &in->ops[1], &sa), *B = lanes_of(x, &in->ops[2], &sb), *C = NULL;
    uint64_t *D = &REG(x, in->ops[0].reg, 0);
#define F(v) ptx_bits_f32(v)
    switch (in->op) {
    case OP_ADD: LANES2(ptx_f32_bits(F(a) + F(b))) break;
    case OP_SUB: LANES2(ptx_f32_bits(F(a) - F(b))) break;
    case OP_MUL: LANES2(ptx_f32_bits(F(a) * F(b))) break;
    case OP_MAD: case OP_FMA:
        C = lanes_of(x, &in->ops[3], &sc);
        FOR_LANES(exec, l) D[l] = ptx_f32_bits(fmaf(F(A[l * sa]), F(B[l * sb]), F(C[l * sc])));
        break;
    default: break;
    }
#undef F
}

static void fast_setp(const exec_ctx_t *x, uint32_t exec)
{
    const ptx_inst_t *in = x->in;
    unsigned sa, sb;
    const uint64_t *A = lanes_of(x, &in->ops[1], &sa), *B = lanes_of(x, &in->ops[2], &sb);
    uint64_t *D = &REG(x, in->ops[0].reg, 0);
    norm_spec_t n = norm_spec_of((enum ptx_type)in->type);
    int sgn = n.is_signed;
#define S(v) ((int64_t)norm_by(v, n))
#define U(v) norm_by(v, n)
    switch (in->cmp) {
    case CMP_EQ: LANES2(U(a) == U(b)) break;
    case CMP_NE: LANES2(U(a) != U(b)) break;
    case CMP_LT: if (sgn) LANES2(S(a) < S(b)) else LANES2(U(a) < U(b)) break;
    case CMP_LE: if (sgn) LANES2(S(a) <= S(b)) else LANES2(U(a) <= U(b)) break;
    case CMP_GT: if (sgn) LANES2(S(a) > S(b)) else LANES2(U(a) > U(b)) break;
    case CMP_GE: if (sgn) LANES2(S(a) >= S(b)) else LANES2(U(a) >= U(b)) break;
    case CMP_LO: LANES2(U(a) < U(b)) break;
    case CMP_LS: LANES2(U(a) <= U(b)) break;
    case CMP_HI: LANES2(U(a) > U(b)) break;
    case CMP_HS: LANES2(U(a) >= U(b)) break;
    default: break;
    }
#undef S
#undef U
}

/* Base address of an OPK_ADDR operand for lane 0's register slot (stride 1)
 * or, without a register, the lane-independent symbol address. */
static inline const uint64_t *addr_base(const exec_ctx_t *x, const ptx_operand_t *o, uint64_t *fixed, unsigned *stride)
{
    if (o->reg != PTX_NO_REG) {
        *stride = 1;
        return &REG(x, o->reg, 0);
    }
    *fixed = o->sym != PTX_NO_SYM ? symbol_value(x, o->sym) : 0;
    *stride = 0;
    return fixed;
}

static int fast_memory(exec_ctx_t *x, uint32_t exec, warp_inst_t *out)
{
    const ptx_inst_t *in = x->in;
    ptx_warp_t *w = x->w;
    const ptx_launch_t *L = x->c->L;
    enum ptx_type t = (enum ptx_type)in->type;
    unsigned esz = ptx_type_size(t);
    int is_store = in->op == OP_ST;
    const ptx_operand_t *a = &in->ops[is_store ? 0 : 1];
    uint64_t fixed, imm = (uint64_t)a->imm;
    unsigned sa, sv = 0;
    const uint64_t *base = addr_base(x, a, &fixed, &sa);
    const uint64_t *V = is_store ? lanes_of(x, &in->ops[1], &sv) : NULL;
    uint64_t *D = is_store ? NULL : &REG(x, in->ops[0].reg, 0);
    norm_spec_t n = norm_spec_of(t);
    if (in->space == PS_SHARED) {
        uint8_t *shared = x->c->shared;
        uint64_t limit = L->shared_bytes;
        FOR_LANES(exec, l) {
            uint64_t ad = base[l * sa] + imm;
            if (!(ad < limit && esz <= limit - ad)) {
                uint64_t ta;
                uint8_t ts;
                resolve(x, PS_SHARED, ad, esz, l, is_store, &ta, &ts); /* reports the fault */
                return -1;
            }
            w->addr[l] = ad;
            if (is_store)
                store_bytes(shared + ad, V[l * sv], esz);
            else
                D[l] = norm_by(load_bytes(shared + ad, esz), n);
        }
        out->space = SPACE_SHARED;
    } else if (in->space == PS_LOCAL) {
        uint64_t limit = w->local_used, cap = w->local_cap;
        /* the timing address interleaves the lanes' words as resolve() does */
        uint64_t threads_per_grid = dim3_count(L->grid) * x->c->threads;
        uint64_t first_tid = x->c->linear * x->c->threads + w->index * WARP_SIZE;
        FOR_LANES(exec, l) {
            uint64_t ad = base[l * sa] + imm;
            if (!(ad < limit && esz <= limit - ad)) {
                uint64_t ta;
                uint8_t ts;
                resolve(x, PS_LOCAL, ad, esz, l, is_store, &ta, &ts); /* reports the fault */
                return -1;
            }
            uint8_t *p = w->local + (uint64_t)l * cap + ad;
            w->addr[l] = LOCAL_TIMING_BASE + (((ad >> 2) * threads_per_grid + first_tid + l) << 2) + (ad & 3);
            if (is_store)
                store_bytes(p, V[l * sv], esz);
            else
                D[l] = norm_by(load_bytes(p, esz), n);
        }
        out->space = SPACE_LOCAL;
    } else {
        /* lanes of one instruction mostly fall in one page: look each page up once */
        uint64_t page_lo = 1, page_hi = 0; /* device addresses [page_lo, page_hi) are at host */
        uint8_t *host = NULL;
        FOR_LANES(exec, l) {
            uint64_t ad = base[l * sa] + imm;
            if (!(ad >= page_lo && ad < page_hi && esz <= page_hi - ad)) {
                host = ptx_mem_page(L->mem, ad, &page_lo, &page_hi);
                if (!host || esz > page_hi - ad) {
                    uint64_t ta;
                    uint8_t ts;
                    resolve(x, in->space, ad, esz, l, is_store, &ta, &ts); /* reports the fault */
                    return -1;
                }
            }
            uint8_t *p = host + (ad - page_lo);
            w->addr[l] = ad;
            if (is_store)
                ptx_writes_store(x->c->writes, p, V[l * sv], esz); /* the value's low bytes */
            else
                D[l] = norm_by(load_bytes(p, esz), n);
        }
        if (is_store && exec)
            wait_for_publication(x->c, w);
        out->space = in->space == PS_CONST ? SPACE_CONST : SPACE_GLOBAL;
    }
    out->addr = w->addr;
    return 0;
}

int ptx_warp_step(ptx_cta_t *c, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    if (warp >= c->nwarps)
        return cs_err(err, NULL, 0, "warp %u out of range (CTA has %u)", warp, c->nwarps);
    ptx_warp_t *w = &c->warps[warp];
    if (waits_for_publication(c, w))
        return WARP_NEXT_LATER;
    exec_ctx_t x = {.c = c, .w = w, .err = err};
    set_frame(&x);
    if (w->bar_red_pending) { /* past the barrier: every warp has added to the result */
        const struct bar_red_slot *slot = &c->bar_red[w->bar_red_id][w->bar_red_kind];
        FOR_LANES(w->bar_red_mask, l) dst(&x, w->bar_red_reg, l, slot->value);
        w->bar_red_pending = 0;
    }
    simt_entry_t *top = settle(&x);
    if (!top)
        return 0;
    uint32_t pc = top->pc;
    const ptx_inst_t *in = &exec_insts(x.f)[pc];
    x.in = in;
    uint32_t active = top->mask, exec = active;
    if (in->guard != PTX_NO_REG) {
        exec = 0;
        FOR_LANES(active, l) {
            if ((REG(&x, in->guard, l) & 1) ^ in->guard_neg)
                exec |= 1u << l;
        }
    }
    warp_inst_t *o = &w->out;
    *o = in->timing;
    o->pc = x.f->code_base + (uint64_t)pc * 16;
    o->active_mask = exec;
    o->addr = NULL;
    w->executed++;
    enum ptx_type t = (enum ptx_type)in->type;
    const ptx_operand_t *op = in->ops;
    uint32_t next_pc = pc + 1;
    if (in->fast != FK_NONE && in->op != c->L->debug_op) {
        switch ((enum fast_kind)in->fast) {
        case FK_INT: fast_int(&x, exec); break;
        case FK_F32: fast_f32(&x, exec); break;
        case FK_SETP: fast_setp(&x, exec); break;
        case FK_INT_MISC: fast_int_misc(&x, exec); break;
        case FK_PRED: fast_pred(&x, exec); break;
        case FK_SELP: {
            unsigned sa, sb, sc;
            const uint64_t *A = lanes_of(&x, &op[1], &sa), *B = lanes_of(&x, &op[2], &sb), *C = lanes_of(&x, &op[3], &sc);
            uint64_t *D = &REG(&x, op[0].reg, 0);
            FOR_LANES(exec, l) D[l] = (C[l * sc] & 1) ? A[l * sa] : B[l * sb];
            break;
        }
        case FK_MOV: {
            unsigned sa;
            const uint64_t *A = lanes_of(&x, &op[1], &sa);
            uint64_t *D = &REG(&x, op[0].reg, 0);
            FOR_LANES(exec, l) D[l] = A[l * sa];
            break;
        }
        case FK_CVT: {
            unsigned sa;
            const uint64_t *A = lanes_of(&x, &op[1], &sa);
            uint64_t *D = &REG(&x, op[0].reg, 0);
            norm_spec_t from = norm_spec_of((enum ptx_type)in->type2), to = norm_spec_of(t);
            FOR_LANES(exec, l) D[l] = norm_by(norm_by(A[l * sa], from), to);
            break;
        }
        case FK_SHF: {
            unsigned sa, sb, sc;
            const uint64_t *A = lanes_of(&x, &op[1], &sa), *B = lanes_of(&x, &op[2], &sb), *C = lanes_of(&x, &op[3], &sc);
            uint64_t *D = &REG(&x, op[0].reg, 0);
            FOR_LANES(exec, l) D[l] = shf((uint32_t)A[l * sa], (uint32_t)B[l * sb], (uint32_t)C[l * sc], in->subop, in->flags);
            break;
        }
        case FK_LD: case FK_ST:
            if (fast_memory(&x, exec, o) < 0)
                return -1;
            break;
        default: break;
        }
        top->pc = next_pc; /* nothing above pushed or popped */
        *out = o;
        return 1;
    }
    switch (in->op) {
    case OP_BRA: {
        uint32_t target = (uint32_t)op[0].imm, taken = exec, not_taken = active & ~exec;
        if (!not_taken || (in->flags & PF_UNI && taken)) {
            next_pc = target;
        } else if (taken) {
            uint32_t rpc = in->ipdom;
            if (top->rpc == rpc) {
                top->pc = pc + 1;
                top->mask = not_taken;
            } else {
                top->pc = rpc;
                push(w, pc + 1, rpc, not_taken);
            }
            push(w, target, rpc, taken);
            *out = o;
            return 1;
        }
        break;
    }
    case OP_EXIT: case OP_RET:
        if (in->op == OP_RET && w->nframes > 1) {
            remove_lanes(w, w->frames[w->nframes - 1].stack_base, exec);
        } else {
            remove_lanes(w, 0, exec);
            w->live &= ~exec;
        }
        if (top->mask) /* lanes predicated off continue */
            top->pc = next_pc;
        *out = o;
        return 1;
    case OP_CALL:
        if (exec) {
            if (exec != active) {
                /* split like a branch: the callers run the call in their own
                 * entry, everyone reconverges right after the call */
                top->pc = pc + 1;
                push(w, pc, pc + 1, exec);
                top = &w->stack[w->depth - 1];
            }
            if (do_call(&x, top, pc, exec) < 0)
                return -1;
        } else {
            top->pc = next_pc;
        }
        *out = o;
        return 1;
    case OP_LD: case OP_LDU: case OP_ST: case OP_ATOM: case OP_RED:
        if (in->flags & PF_KPARAM) { /* constant-bank read: a register move in SASS */
            FOR_LANES(exec, l) {
                uint64_t tmp;
                uint8_t sp;
                uint8_t *p = resolve(&x, PS_PARAM, addr_of(&x, &op[1], l), ptx_type_size(t) * in->vec, l, 0, &tmp, &sp);
                if (!p)
                    return -1;
                if (in->vec <= 1)
                    dst(&x, op[0].reg, l, norm(load_bytes(p, ptx_type_size(t)), t));
                else
                    for (unsigned k = 0; k < in->vec; k++)
                        dst(&x, op[0].vec[k], l, norm(load_bytes(p + k * ptx_type_size(t), ptx_type_size(t)), t));
            }
            break;
        }
        if (exec_memory(&x, exec, o) < 0)
            return -1;
        break;
    case OP_CP: /* cp.async's copy is made at issue: commit_group and wait_group have nothing left to do */
        if (in->subop == CP_ASYNC && exec_memory(&x, exec, o) < 0)
            return -1;
        break;
    case OP_MOV:
        if (op[0].kind == OPK_VEC) { /* unpack */
            unsigned esz = ptx_type_size(t) / op[0].nvec;
            FOR_LANES(exec, l) {
                uint64_t v = src(&x, &op[1], l);
                for (unsigned k = 0; k < op[0].nvec; k++)
                    dst(&x, op[0].vec[k], l, zext(v >> (8 * esz * k), esz));
            }
        } else if (op[1].kind == OPK_VEC) { /* pack */
            unsigned esz = ptx_type_size(t) / op[1].nvec;
            FOR_LANES(exec, l) {
                uint64_t v = 0;
                for (unsigned k = 0; k < op[1].nvec; k++)
                    v |= zext(REG(&x, op[1].vec[k], l), esz) << (8 * esz * k);
                dst(&x, op[0].reg, l, v);
            }
        } else {
            FOR_LANES(exec, l) dst(&x, op[0].reg, l, t == PT_PRED ? src(&x, &op[1], l) & 1 : src(&x, &op[1], l));
        }
        break;
    case OP_CVTA: {
        uint64_t window = in->space == PS_SHARED ? PTX_SHARED_WINDOW : in->space == PS_LOCAL ? PTX_LOCAL_WINDOW : 0;
        FOR_LANES(exec, l) {
            uint64_t v = src(&x, &op[1], l);
            v = (in->flags & PF_TO) ? v - window : v + window;
            dst(&x, op[0].reg, l, ptx_type_size(t) == 4 ? zext(v, 4) : v);
        }
        break;
    }
    case OP_SETP: {
        uint32_t p = op[0].kind == OPK_VEC ? op[0].vec[0] : op[0].reg;
        uint32_t q = op[0].kind == OPK_VEC ? op[0].vec[1] : PTX_NO_REG;
        FOR_LANES(exec, l) {
            int r = compare(in, src(&x, &op[1], l), src(&x, &op[2], l));
            int cc = in->nops == 4 ? (int)(src(&x, &op[3], l) & 1) : 0;
            int rp = r, rq = !r;
            switch (in->bool_op) {
            case BOOL_AND: rp &= cc, rq &= cc; break;
            case BOOL_OR: rp |= cc, rq |= cc; break;
            case BOOL_XOR: rp ^= cc, rq ^= cc; break;
            default: break;
            }
            dst(&x, p, l, (uint64_t)rp);
            dst(&x, q, l, (uint64_t)rq);
        }
        break;
    }
    case OP_SET: {
        enum ptx_type dt = t;
        ptx_inst_t tmp = *in;
        tmp.type = in->type2;
        FOR_LANES(exec, l) {
            int r = compare(&tmp, src(&x, &op[1], l), src(&x, &op[2], l));
            if (in->nops == 4) {
                int cc = (int)(src(&x, &op[3], l) & 1);
                r = in->bool_op == BOOL_AND ? r & cc : in->bool_op == BOOL_OR ? r | cc : r ^ cc;
            }
            uint64_t v = ptx_type_kind(dt) == TK_FLOAT ? (r ? ptx_f32_bits(1.0f) : 0) : (r ? 0xffffffffu : 0);
            dst(&x, op[0].reg, l, v);
        }
        break;
    }
    case OP_SELP:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, (src(&x, &op[3], l) & 1) ? src(&x, &op[1], l) : src(&x, &op[2], l));
        break;
    case OP_SLCT:
        FOR_LANES(exec, l) {
            uint64_t cv = src(&x, &op[3], l);
            int ge = in->type2 == PT_F32 ? ptx_bits_f32(cv) >= 0.0f : (int32_t)cv >= 0;
            dst(&x, op[0].reg, l, ge ? src(&x, &op[1], l) : src(&x, &op[2], l));
        }
        break;
    case OP_CVT:
        if (in->nops == 3) { /* cvt.rn.f16x2.f32 d, a, b: d = {f16(a) high, f16(b) low} (checked at parse) */
            FOR_LANES(exec, l) {
                uint32_t hi = ptx_f32_to_f16(ptx_bits_f32(src(&x, &op[1], l)));
                uint32_t lo = ptx_f32_to_f16(ptx_bits_f32(src(&x, &op[2], l)));
                dst(&x, op[0].reg, l, hi << 16 | lo);
            }
            break;
        }
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, cvt(in, src(&x, &op[1], l)));
        break;
    case OP_TESTP:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, (uint64_t)testp(in->subop, src(&x, &op[1], l), t));
        break;
    case OP_BFE:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, norm(bfe(src(&x, &op[1], l), (uint32_t)src(&x, &op[2], l), (uint32_t)src(&x, &op[3], l), t), t));
        break;
    case OP_BFI:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, zext(bfi(src(&x, &op[1], l), src(&x, &op[2], l), (uint32_t)src(&x, &op[3], l), (uint32_t)src(&x, &op[4], l), t), ptx_type_size(t)));
        break;
    case OP_SHF:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, shf((uint32_t)src(&x, &op[1], l), (uint32_t)src(&x, &op[2], l), (uint32_t)src(&x, &op[3], l), in->subop, in->flags));
        break;
    case OP_PRMT:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, prmt((uint32_t)src(&x, &op[1], l), (uint32_t)src(&x, &op[2], l), (uint32_t)src(&x, &op[3], l), in->subop));
        break;
    case OP_SHFL: {
        uint64_t vals[WARP_SIZE];
        FOR_LANES(active, l) vals[l] = src(&x, &op[1], l);
        uint32_t d = op[0].kind == OPK_VEC ? op[0].vec[0] : op[0].reg;
        uint32_t pd = op[0].kind == OPK_VEC ? op[0].vec[1] : PTX_NO_REG;
        FOR_LANES(exec, l) {
            uint32_t b = (uint32_t)src(&x, &op[2], l), cc = (uint32_t)src(&x, &op[3], l);
            uint32_t clamp = cc & 0x1f, segmask = (cc >> 8) & 0x1f;
            uint32_t max_lane = (l & segmask) | (clamp & ~segmask), min_lane = l & segmask;
            int32_t j;
            int ok;
            switch (in->subop) {
            case SHFL_UP: j = (int32_t)l - (int32_t)b; ok = j >= (int32_t)max_lane; break;
            case SHFL_DOWN: j = (int32_t)(l + b); ok = j <= (int32_t)max_lane; break;
            case SHFL_BFLY: j = (int32_t)(l ^ b); ok = j <= (int32_t)max_lane; break;
            default: j = (int32_t)(min_lane | (b & ~segmask)); ok = j <= (int32_t)max_lane; break;
            }
            if (!ok || j < 0 || j > 31)
                j = (int32_t)l;
            /* reading an inactive lane is undefined in PTX: give its current register */
            uint64_t v = (active >> j & 1) ? vals[j] : src(&x, &op[1], (unsigned)j);
            dst(&x, d, l, zext(v, 4));
            dst(&x, pd, l, (uint64_t)ok);
        }
        break;
    }
    case OP_VOTE: {
        uint32_t ballot = 0, voters = exec;
        FOR_LANES(exec, l) if (src(&x, &op[1], l) & 1) ballot |= 1u << l;
        uint64_t r;
        switch (in->subop) {
        case VOTE_ALL: r = ballot == voters; break;
        case VOTE_ANY: r = ballot != 0; break;
        case VOTE_UNI: r = ballot == 0 || ballot == voters; break;
        default: r = ballot; break;
        }
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, r);
        break;
    }
    case OP_ACTIVEMASK:
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, active);
        break;
    case OP_WMMA: case OP_WMMA_ST:
        if (!exec)
            break;
        if (exec != 0xffffffffu)
            return whole_warp_err(&x, exec, "wmma");
        if (in->subop == WMMA_MMA) {
            uint32_t frag[4][8][32];
            gather_fragments(&x, op, &frag[0][0][0], 8);
            ptx_wmma_compute(in, frag);
            scatter_fragment(&x, &op[0], &frag[0][0][0]);
        } else if (exec_wmma_memory(&x, o) < 0) {
            return -1;
        }
        break;
    case OP_MMA: {
        /* .sync.aligned: the whole warp executes it together (fewer lanes are
         * undefined in the ISA, so an error here rather than a guess) */
        if (!exec)
            break;
        if (exec != 0xffffffffu)
            return whole_warp_err(&x, exec, "mma.sync");
        uint32_t frag[4][4][32];
        gather_fragments(&x, op, &frag[0][0][0], 4);
        ptx_mma_compute(in, frag);
        scatter_fragment(&x, &op[0], &frag[0][0][0]);
        break;
    }
    case OP_MAPA: /* the same offset in the shared memory of CTA rank b of the cluster */
        FOR_LANES(exec, l) {
            uint64_t a = src(&x, &op[1], l), r = src(&x, &op[2], l) & 0xffffffffu;
            int generic = in->space == PS_GENERIC;
            if (generic && a - PTX_SHARED_WINDOW >= PTX_WINDOW_SIZE)
                return rt_err(&x, l, "mapa of 0x%llx, not a shared-memory address", (unsigned long long)a);
            if (r >= c->L->cluster_size)
                return rt_err(&x, l, "mapa to CTA rank %llu; the cluster has %u", (unsigned long long)r,
                              c->L->cluster_size);
            uint64_t off = (generic ? a - PTX_SHARED_WINDOW : a) & ((1ull << PTX_DSMEM_RANK_SHIFT) - 1);
            uint64_t v = ((r + 1) << PTX_DSMEM_RANK_SHIFT | off) + (generic ? PTX_SHARED_WINDOW : 0);
            dst(&x, op[0].reg, l, t == PT_U32 ? zext(v, 4) : v);
        }
        break;
    case OP_MATCH: { /* lanes of the member mask whose value equals this lane's */
        /* every source read before any lane's result is written: the register
         * slots may give the destination a source's slot (ptx_slots.c) */
        uint64_t vals[WARP_SIZE];
        uint32_t members[WARP_SIZE];
        const uint64_t width = t == PT_B64 ? ~0ull : 0xffffffffull;
        FOR_LANES(exec, l) {
            vals[l] = src(&x, &op[1], l) & width;
            members[l] = exec & (uint32_t)src(&x, &op[2], l);
        }
        uint32_t d = op[0].kind == OPK_VEC ? op[0].vec[0] : op[0].reg;
        uint32_t pd = op[0].kind == OPK_VEC ? op[0].vec[1] : PTX_NO_REG;
        FOR_LANES(exec, l) {
            uint32_t same = 0;
            for (unsigned m = 0; m < WARP_SIZE; m++)
                if ((members[l] >> m & 1) && vals[m] == vals[l])
                    same |= 1u << m;
            if (in->subop == VOTE_ANY) {
                dst(&x, d, l, same);
            } else { /* .all: the mask if every member agrees, else 0 and p false */
                dst(&x, d, l, same == members[l] ? members[l] : 0);
                dst(&x, pd, l, same == members[l]);
            }
        }
        break;
    }
    case OP_REDUX: { /* one value over the member lanes, to each of them */
        uint32_t vals[WARP_SIZE], members[WARP_SIZE], result[WARP_SIZE];
        FOR_LANES(exec, l) { /* all read before any is written (as match) */
            vals[l] = (uint32_t)src(&x, &op[1], l);
            members[l] = exec & (uint32_t)src(&x, &op[2], l);
        }
        const uint32_t identity = in->subop == ATOM_AND ? ~0u
                                : in->subop == ATOM_MIN ? (t == PT_S32 ? 0x7fffffffu : ~0u)
                                : in->subop == ATOM_MAX ? (t == PT_S32 ? 0x80000000u : 0u) : 0u;
        FOR_LANES(exec, l) {
            uint32_t r = identity;
            for (unsigned m = 0; m < WARP_SIZE; m++) {
                if (!(members[l] >> m & 1))
                    continue;
                uint32_t v = vals[m];
                switch (in->subop) {
                case ATOM_ADD: r += v; break;
                case ATOM_AND: r &= v; break;
                case ATOM_OR: r |= v; break;
                case ATOM_XOR: r ^= v; break;
                case ATOM_MIN: r = t == PT_S32 ? ((int32_t)v < (int32_t)r ? v : r) : (v < r ? v : r); break;
                default: r = t == PT_S32 ? ((int32_t)v > (int32_t)r ? v : r) : (v > r ? v : r); break;
                }
            }
            result[l] = r;
        }
        FOR_LANES(exec, l) dst(&x, op[0].reg, l, result[l]);
        break;
    }
    case OP_BAR_RED: {
        uint32_t id = (uint32_t)src(&x, &op[1], exec ? (unsigned)__builtin_ctz(exec) : 0);
        if (id >= PTX_BAR_RED_IDS)
            return rt_err(&x, exec ? (unsigned)__builtin_ctz(exec) : 0, "bar.red on barrier %u (0 to %u)", id,
                          PTX_BAR_RED_IDS - 1);
        uint32_t gen = x.w->bar_red_gen[id]++;
        struct bar_red_slot *slot = &c->bar_red[id][gen & 1];
        if (!slot->used || slot->gen != gen) { /* this generation's first warp */
            slot->used = true;
            slot->gen = gen;
            slot->value = in->subop == BAR_RED_AND ? 1 : 0;
        }
        const ptx_operand_t *pred = &op[in->nops - 1];
        uint32_t count = 0, lanes = 0;
        FOR_LANES(exec, l) {
            lanes++;
            count += (uint32_t)(src(&x, pred, l) & 1);
        }
        if (in->subop == BAR_RED_POPC)
            slot->value += count;
        else if (in->subop == BAR_RED_AND)
            slot->value &= count == lanes;
        else
            slot->value |= count != 0;
        x.w->bar_red_pending = 1;
        x.w->bar_red_id = (uint8_t)id;
        x.w->bar_red_kind = (uint8_t)(gen & 1);
        x.w->bar_red_reg = op[0].reg;
        x.w->bar_red_mask = exec;
        break;
    }
    case OP_BAR: case OP_BARRIER:
    case OP_MEMBAR: case OP_FENCE: case OP_NOP: case OP_PREFETCH:
        break; /* barrier waiting is the timing model's (or executor's) job */
    case OP_TRAP:
        return rt_err(&x, exec ? (unsigned)__builtin_ctz(exec) : 0, "trap executed");
    case OP_ADDC: case OP_SUBC: case OP_MADC:
        carry_arith(&x, exec);
        break;
    default: {
        if (in->flags & PF_CC) { /* add.cc, sub.cc, mad.cc */
            carry_arith(&x, exec);
            break;
        }
        int is_float = ptx_type_kind(t) == TK_FLOAT;
        int mode = is_float ? fe_mode(in->rnd) : FE_TONEAREST;
        if (mode != FE_TONEAREST)
            fesetround(mode);
        int perturb = in->op == c->L->debug_op && (c->L->debug_type == PT_NONE || c->L->debug_type == in->type);
        int edge = c->L->approx_edge && t == PT_F32 && (in->flags & PF_APPROX);
        const ptx_operand_t *o3 = in->nops > 3 ? &op[3] : NULL, *o2 = in->nops > 2 ? &op[2] : NULL;
        FOR_LANES(exec, l) {
            uint64_t a = src(&x, &op[1], l), b = o2 ? src(&x, o2, l) : 0, cc = o3 ? src(&x, o3, l) : 0;
            uint64_t r = is_float ? falu(in, a, b, cc) : ialu(in, a, b, cc);
            if (edge)
                r = ptx_f32_bits(ptx_approx_edge((enum ptx_opcode)in->op, ptx_bits_f32(a), ptx_bits_f32(r), c->L->approx_edge));
            if (perturb)
                r = is_float ? (t == PT_F64 ? ptx_f64_bits(ptx_bits_f64(r) + c->L->debug_bias)
                                            : ptx_f32_bits(ptx_bits_f32(r) + (float)c->L->debug_bias))
                             : r + (uint64_t)(int64_t)c->L->debug_bias;
            dst(&x, op[0].reg, l, t == PT_PRED || is_float ? r : norm(r, (in->flags & PF_WIDE) ? (ptx_type_kind(t) == TK_SIGNED ? PT_S64 : PT_U64) : t));
        }
        if (mode != FE_TONEAREST)
            fesetround(FE_TONEAREST);
        break;
    }
    }
    /* the instruction may have pushed/popped (call): re-read the top */
    top = &w->stack[w->depth - 1];
    top->pc = next_pc;
    *out = o;
    return 1;
}
