/* cta_bcs.c — Block CTA Scheduling (BCS), Lee et al., HPCA'14, §4.2 and §4.3.
 *
 * Consecutive CTAs come in blocks of `block` (the paper uses 2; the final
 * block of a grid may be smaller). All CTAs of a block go to the same core,
 * one after another. Our dispatcher issues at most one CTA per core per
 * cycle, so while a block is half issued only its core may take that
 * kernel's next CTA.
 *
 * Delayed assignment (§4.2): a core is given a block only when it has room
 * for all of it (gpu_sm_free_ctas >= size of the block). With wait=pair
 * (the default) it must also have fewer than floor(cap / block) blocks of
 * the kernel still running, where a block runs until its last CTA finishes.
 * This is the paper's "a new thread block is not allocated to a core until
 * [a] pair of sequential thread blocks finish execution". With a cap of 4,
 * a core that has lost one CTA of each of its two pairs waits for one pair
 * to finish completely. wait=room drops this second test and gives a block
 * as soon as the CTA slots are free.
 *
 * One-dimensional kernels: "BCS is not applicable to workloads with
 * one-dimensional CTAs as there is little inter-CTA L1 locality" (§4.2), and
 * Fig. 10 sends 1D kernels to plain LCS. So with apply=2d (the default) a
 * kernel whose thread block is one-dimensional (block.y == block.z == 1) is
 * not blocked at all, and BCS admits every CTA like `rr`. apply=all blocks
 * every kernel.
 *
 * Combined flow (§4.3, Fig. 10), the chain "lcs+bcs": 1D kernels get LCS
 * alone. 2D kernels get BCS in the monitor phase, and after it each block
 * must fit under LCS's T_new. BCS asks the rest of the chain for its cap
 * (gpu_chain_cap: LCS answers T_new once it has decided; static's n and
 * DYNCTA's per-core n count the same way): cap = min(N, T_new). The block
 * size is at most the cap, so T_new = 1 means single CTAs. The warp
 * scheduler Fig. 10 expects is GTO for 1D kernels and SCA (sequential
 * CTA-aware) for 2D kernels. That choice belongs to the warp policy, not to
 * this file.
 *
 * Interpretations:
 *   - "1D" means a one-dimensional thread block, as in the paper's wording.
 *     The inter-CTA L1 locality it relies on comes from narrow 2D blocks
 *     (16x16 blocks whose rows fill half a 128-byte line).
 *   - Another link (or a core that lost its room) may refuse a half-issued
 *     block's next CTA. If another core asked for that CTA in a dispatch pass
 *     after the block's first CTA, and the block is still unfinished at the
 *     next pass, the block is cut short: its remaining CTAs become a new block
 *     that may go to any core. Without this rule, "bcs+claso" could
 *     deadlock: CLASO may have no credit left on the block's core for its
 *     second CTA. To make sure that next pass happens, admit asks the
 *     dispatcher to look again next cycle (gpu_request_dispatch).
 *
 * Arguments: block=2, wait=pair|room, apply=2d|all.
 * Published: "bcs.blocks_cut", the number of blocks cut short (absent if none). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cta_policy.h"
#include "register.h"
#include "policy_metrics.h"

typedef struct live_block {
    uint64_t first, end; /* CTAs [first, end) */
    uint32_t issued, left; /* CTAs issued so far / still resident */
} live_block_t;

typedef struct bcs_kernel { /* per running kernel, kept by the framework */
    const kernel_run_t *kernel;
    bool blocked;         /* BCS applies to this kernel */
    uint64_t cur_end;     /* end of the most recently started block */
    uint64_t admit_end;   /* end of the block the last admit() agreed to start */
    bool pending;         /* a block is half issued */
    uint32_t pending_core;
    uint64_t started_cycle, other_ask_cycle; /* block start; latest ask by another core */
    live_block_t *live;   /* per core: max_ctas_per_sm + 1 entries */
    uint32_t *n_live;
} bcs_kernel_t;

typedef struct bcs {
    uint32_t block;
    bool wait_pair, apply_all;
    uint32_t n_core;
    cta_link_t *self;
} bcs_t;

static bcs_kernel_t *kernel_state(bcs_t *s, const kernel_run_t *k) { return cta_link_kernel_state(s->self, k); }

static void *bcs_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    uint32_t block;
    if (policy_arg_u32(a, "block", 2, &block, err) < 0)
        return NULL;
    const char *wait = policy_arg_str(a, "wait", "pair");
    const char *apply = policy_arg_str(a, "apply", "2d");
    if (block < 1) {
        cs_err(err, NULL, 0, "policy 'bcs': block must be at least 1");
        return NULL;
    }
    if (strcmp(wait, "pair") && strcmp(wait, "room")) {
        cs_err(err, NULL, 0, "policy 'bcs': wait=%s: expected pair or room", wait);
        return NULL;
    }
    if (strcmp(apply, "2d") && strcmp(apply, "all")) {
        cs_err(err, NULL, 0, "policy 'bcs': apply=%s: expected 2d or all", apply);
        return NULL;
    }
    bcs_t *s = cs_xcalloc(1, sizeof *s);
    s->block = block;
    s->wait_pair = !strcmp(wait, "pair");
    s->apply_all = !strcmp(apply, "all");
    s->n_core = gpu_n_sm(g);
    s->self = self;
    return s;
}

static void bcs_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k)
{
    bcs_t *s = st;
    bcs_kernel_t *e = kernel_state(s, k);
    e->kernel = k;
    bool two_d = k->desc.block.y > 1 || k->desc.block.z > 1;
    e->blocked = s->block > 1 && (s->apply_all || two_d);
    if (e->blocked) {
        e->live = cs_xcalloc((size_t)s->n_core * (k->max_ctas_per_sm + 1u), sizeof *e->live);
        e->n_live = cs_xcalloc(s->n_core, sizeof *e->n_live);
    }
}

static void bcs_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k)
{
    bcs_kernel_t *e = kernel_state(st, k);
    free(e->live);
    free(e->n_live);
}

/* CTAs of the kernel core sm may hold: N, lowered by the other links' caps
 * (LCS's T_new once decided, static's n, DYNCTA's n). At least 1, so a block
 * never has size 0. */
static uint32_t core_cap(bcs_t *s, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    uint32_t cap = gpu_chain_cap(g, sm, k, s->self);
    return cap ? cap : 1;
}

/* A core's running blocks: each holds a resident CTA, except perhaps the
 * half-issued one, so max_ctas_per_sm + 1 entries suffice. */
static live_block_t *core_blocks(bcs_kernel_t *e, uint32_t sm)
{
    return &e->live[(size_t)sm * (e->kernel->max_ctas_per_sm + 1u)];
}

static void drop_if_done(bcs_kernel_t *e, uint32_t sm, live_block_t *b)
{
    if (b->left == 0 && b->issued == b->end - b->first)
        *b = core_blocks(e, sm)[--e->n_live[sm]];
}

/* Cut the half-issued block at the next unissued CTA. */
static void cut_pending_block(struct gpu *g, bcs_kernel_t *e)
{
    uint64_t next = e->kernel->next_cta;
    uint32_t sm = e->pending_core;
    live_block_t *b = core_blocks(e, sm);
    for (uint32_t i = 0; i < e->n_live[sm]; i++)
        if (b[i].first < next && next < b[i].end) {
            b[i].end = next;
            drop_if_done(e, sm, &b[i]);
            break;
        }
    e->pending = false;
    gpu_metric_add(g, METRIC_BCS_BLOCKS_CUT, 1);
}

static bool bcs_admit(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    bcs_t *s = st;
    bcs_kernel_t *e = kernel_state(s, k);
    if (!e->blocked)
        return true;
    uint64_t now = gpu_cycle(g), next = k->next_cta;
    if (e->pending) {
        if (sm == e->pending_core)
            return true;
        /* Stuck: in an earlier pass after the block started, another core
         * already asked. Every pass visits every core, so the block's core
         * had its turn in that pass and did not take the CTA. */
        bool stuck = e->other_ask_cycle > e->started_cycle && now > e->other_ask_cycle;
        e->other_ask_cycle = now;
        if (!stuck) {
            /* look again next cycle, so a stuck block is found even if
             * nothing else happens */
            gpu_request_dispatch(g);
            return false;
        }
        cut_pending_block(g, e);
    }
    /* a block starts at `next` */
    uint32_t cap = core_cap(s, g, sm, k);
    uint32_t block = s->block < cap ? s->block : cap;
    uint64_t limit = next < e->cur_end ? e->cur_end : k->total_ctas; /* rest of a cut block */
    uint64_t size = limit - next < block ? limit - next : block;
    if (gpu_sm_free_ctas(g, sm, k) < size || gpu_sm_resident_ctas(g, sm, k) + size > cap)
        return false;
    if (s->wait_pair && e->n_live[sm] >= cap / block)
        return false;
    e->admit_end = next + size;
    return true;
}

static void bcs_cta_issued(void *st, struct gpu *g, const cta_info_t *cta)
{
    bcs_kernel_t *e = kernel_state(st, cta->kernel);
    if (!e->blocked)
        return;
    uint32_t sm = cta->sm;
    live_block_t *b = core_blocks(e, sm);
    if (!e->pending) { /* first CTA of a block */
        e->cur_end = e->admit_end;
        e->pending_core = sm;
        e->started_cycle = e->other_ask_cycle = gpu_cycle(g);
        b[e->n_live[sm]++] = (live_block_t){.first = cta->cta_id, .end = e->cur_end};
    }
    for (uint32_t i = 0; i < e->n_live[sm]; i++)
        if (b[i].first <= cta->cta_id && cta->cta_id < b[i].end) {
            b[i].issued++;
            b[i].left++;
            break;
        }
    e->pending = cta->cta_id + 1 < e->cur_end;
}

static void bcs_cta_finished(void *st, struct gpu *g, const cta_info_t *cta)
{
    bcs_kernel_t *e = kernel_state(st, cta->kernel);
    if (!e->blocked)
        return;
    live_block_t *b = core_blocks(e, cta->sm);
    for (uint32_t i = 0; i < e->n_live[cta->sm]; i++)
        if (b[i].first <= cta->cta_id && cta->cta_id < b[i].end) {
            b[i].left--;
            drop_if_done(e, cta->sm, &b[i]);
            break;
        }
}

const cta_policy_ops_t cta_policy_bcs = {
    .name = "bcs",
    .summary = "Block CTA Scheduling (Lee et al. HPCA'14 4.2): blocks of consecutive CTAs to one core, delayed",
    .params = "block=2,wait=pair,apply=2d",
    .kernel_state_size = sizeof(bcs_kernel_t),
    .create = bcs_create,
    .destroy = free,
    .kernel_launched = bcs_kernel_launched,
    .kernel_finished = bcs_kernel_finished,
    .admit = bcs_admit,
    .cta_issued = bcs_cta_issued,
    .cta_finished = bcs_cta_finished,
};
CTA_POLICY_REGISTER(cta_policy_bcs);
