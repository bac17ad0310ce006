/* sm_cta.c — a core's CTAs and warps: resources and admission, a CTA's
 * start (its warps' first fetch), a warp's fetch of its next instruction,
 * barriers, a warp's and a CTA's end, and what they count to their kernels.
 * The units call down into this file (the LD/ST unit ends warps whose last
 * load completes; the issue stage fetches and arrives at barriers); it calls
 * none of them, so the calls between the core's files run one way. */
#include "sm_cta.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Kernel counters: straight into the kernel, or, while the core ticks on a
 * worker thread (defer_shared), into the core's own deltas, which the GPU adds
 * to the kernels before anything reads them (sm_fold_kernel_deltas). Integer
 * sums: the order and the moment they are added in change nothing. */

_Static_assert(sizeof(kernel_stats_t) % sizeof(uint64_t) == 0, "kernel_stats_t: uint64_t counters only (folded as an array)");

kernel_delta_t *sm_kernel_delta(sm_t *s, kernel_run_t *k)
{
    for (uint32_t i = 0; i < s->n_kdelta; i++)
        if (s->kdelta[i].kernel == k)
            return &s->kdelta[i];
    /* a core touches at most SM_KDELTA_MAX kernels in one cycle, and the GPU
     * folds the deltas once more than that are held after one: SM_KDELTA_CAP.
     * Were that bound ever wrong, the run fails with a line rather than
     * write past the table (the last entry takes the count meanwhile). */
    if (s->n_kdelta == SM_KDELTA_CAP) {
        if (!s->failed) {
            cs_err(&s->err, NULL, 0, "internal error: core %u counted to more than %u kernels between two folds",
                   s->id, (unsigned)SM_KDELTA_CAP);
            s->failed = true;
        }
        return &s->kdelta[SM_KDELTA_CAP - 1];
    }
    kernel_delta_t *d = &s->kdelta[s->n_kdelta++];
    memset(d, 0, sizeof *d);
    d->kernel = k;
    return d;
}

void sm_fold_kernel_deltas(sm_t *s)
{
    for (uint32_t i = 0; i < s->n_kdelta; i++) {
        const kernel_delta_t *d = &s->kdelta[i];
        kernel_run_t *k = d->kernel;
        k->warp_insts += d->warp_insts;
        k->thread_insts += d->thread_insts;
        const uint64_t *from = (const uint64_t *)&d->st;
        uint64_t *to = (uint64_t *)&k->st;
        for (size_t f = 0; f < sizeof d->st / sizeof(uint64_t); f++)
            to[f] += from[f];
    }
    s->n_kdelta = 0;
}

/* ------------------------------------------------------------------------ */

uint32_t sm_room(const sm_t *s, const kernel_run_t *k)
{
    const gpu_config_t *cfg = s->cfg;
    uint32_t slots = cfg->max_cta_per_sm < MAX_CTAS_PER_SM ? cfg->max_cta_per_sm : MAX_CTAS_PER_SM;
    uint32_t resident = sm_resident_ctas(s, k);
    if (s->used_ctas >= slots || resident >= k->max_ctas_per_sm)
        return 0;
    uint32_t n = CS_MIN(slots - s->used_ctas, k->max_ctas_per_sm - resident);
#define ROOM(used, per, cap)                                         \
    if (per) {                                                       \
        uint32_t r_ = (used) + (per) > (cap) ? 0 : ((cap) - (used)) / (per); \
        n = CS_MIN(n, r_);                                           \
    }
    ROOM(s->used_threads, k->threads_per_cta, cfg->max_threads_per_sm);
    ROOM(s->used_warps, k->warps_per_cta, MAX_WARPS_PER_SM);
    ROOM(s->used_regs, k->regs_per_cta, cfg->registers_per_sm);
    ROOM(s->used_shmem, k->shmem_per_cta, cfg->shmem_per_sm);
#undef ROOM
    return n;
}

bool sm_fits(const sm_t *s, const kernel_run_t *k)
{
    const gpu_config_t *cfg = s->cfg;
    if (s->used_ctas >= cfg->max_cta_per_sm || s->used_ctas >= MAX_CTAS_PER_SM)
        return false;
    if (sm_resident_ctas(s, k) >= k->max_ctas_per_sm)
        return false;
    if (s->used_threads + k->threads_per_cta > cfg->max_threads_per_sm)
        return false;
    if (s->used_warps + k->warps_per_cta > MAX_WARPS_PER_SM)
        return false;
    if (s->used_regs + k->regs_per_cta > cfg->registers_per_sm)
        return false;
    if (s->used_shmem + k->shmem_per_cta > cfg->shmem_per_sm)
        return false;
    return true;
}

uint32_t sm_resident_ctas(const sm_t *s, const kernel_run_t *k)
{
    if (!k)
        return s->used_ctas;
    uint32_t n = 0;
    for (uint32_t m = s->cta_mask; m; m &= m - 1)
        n += s->cta[__builtin_ctz(m)].kernel == k;
    return n;
}


/* ------------------------------------------------------------------------ */

void sm_barrier_release_check(sm_t *s, cta_slot_t *c, uint64_t now)
{
    if (!c->bar_arrived || c->bar_arrived < c->live_warps)
        return;
    c->bar_arrived = 0;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        uint32_t w = c->warp_slot[i];
        warp_t *wp = &s->warp[w];
        if (wp->at_barrier) {
            wp->at_barrier = false;
            if (sm_fetch(s, w, now) < 0)
                return;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* cp.async's groups (sm_async.h) */

void sm_async_arrived(sm_t *s, uint32_t w, uint8_t slot, uint64_t ready)
{
    async_groups_t *g = &s->warp[w].async;
    async_copy_arrived(g, slot, ready);
    uint64_t at;
    if (g->parked && async_ready(g, g->parked, &at))
        sm_async_release_at(s, w, at);
}

void sm_async_release_at(sm_t *s, uint32_t w, uint64_t at)
{
    s->warp[w].async.release_at = at;
    s->async_due |= 1ull << w;
}

int sm_async_release_due(sm_t *s, uint64_t now)
{
    for (uint64_t m = s->async_due; m; m &= m - 1) {
        const uint32_t w = (uint32_t)__builtin_ctzll(m);
        warp_t *wp = &s->warp[w];
        if (wp->async.release_at > now)
            continue;
        s->async_due &= ~(1ull << w);
        async_complete(&wp->async, wp->async.parked);
        wp->async.parked = 0;
        s->iss.dirty = true;
        if (sm_fetch(s, w, now) < 0)
            return -1;
    }
    return 0;
}

uint64_t sm_async_next_release(const sm_t *s)
{
    uint64_t t = CS_NEVER;
    for (uint64_t m = s->async_due; m; m &= m - 1) {
        const warp_t *wp = &s->warp[__builtin_ctzll(m)];
        if (wp->async.release_at < t)
            t = wp->async.release_at;
    }
    return t;
}

/* ------------------------------------------------------------------------ */
/* The cluster barrier: its state is the cluster's, its warps on several
 * cores of a GPC. A completed phase fetches the next instruction of every
 * warp of the cluster waiting for it, on its own core, and wakes that core
 * (a sleeping core ticks again from the next cycle; its slept cycles are
 * accounted as it left them, sm_catch_up). The cores of a cluster kernel
 * tick on one thread (the PTX front-end is not parallel_safe). */

static void cluster_release(cluster_run_t *cl, uint64_t now)
{
    for (uint32_t m = 0; m < cl->size; m++) {
        sm_t *s = cl->member[m].sm;
        if (!s || !sm_cta_used(s, cl->member[m].slot))
            continue;
        cta_slot_t *c = &s->cta[cl->member[m].slot];
        if (c->cluster != cl)
            continue;
        for (uint32_t i = 0; i < c->nwarps; i++) {
            uint32_t w = c->warp_slot[i];
            warp_t *wp = &s->warp[w];
            if (s->winfo[w].valid && wp->at_cluster_wait && wp->cluster_arrives <= cl->phases) {
                wp->at_cluster_wait = false;
                if (sm_fetch(s, w, now) < 0)
                    return;
                if (*s->wake > now + 1)
                    *s->wake = now + 1;
            }
        }
    }
}

static void cluster_check(cluster_run_t *cl, uint64_t now)
{
    if (!cl->arrived || cl->arrived < cl->live_warps)
        return;
    cl->arrived = 0;
    cl->phases++;
    cluster_release(cl, now);
}

bool sm_cluster_barrier(sm_t *s, uint32_t w, uint32_t flags, uint64_t now)
{
    uint32_t slot = s->winfo[w].cta_slot;
    cta_slot_t *c = &s->cta[slot];
    warp_t *wp = &s->warp[w];
    if (!c->cluster) { /* a launch without clusters: the CTA is its own cluster */
        cluster_run_t *cl = cs_xcalloc(1, sizeof *cl);
        cl->size = cl->live_ctas = 1;
        cl->live_warps = c->live_warps;
        cl->member[0] = (struct cluster_member){s, slot};
        c->cluster = cl;
    }
    cluster_run_t *cl = c->cluster;
    if (flags & INST_CLUSTER_ARRIVE) {
        wp->cluster_arrives++;
        cl->arrived++;
        cluster_check(cl, now);
        return false;
    }
    if (cl->phases >= wp->cluster_arrives)
        return false;
    wp->at_cluster_wait = true;
    return true;
}

void sm_set_cta_cluster(sm_t *s, uint32_t slot, cluster_run_t *cl)
{
    if (sm_cta_used(s, slot))
        s->cta[slot].cluster = cl;
}

void sm_cta_info(const sm_t *s, uint32_t slot, cta_info_t *out)
{
    const cta_slot_t *c = &s->cta[slot];
    *out = (cta_info_t){.kernel = c->kernel, .cta_id = c->cta_id, .sm = s->id, .slot = slot,
                        .start_cycle = c->start_cycle, .end_cycle = 0, .warp_insts = c->warp_insts,
                        .paused = c->paused, .cluster_size = kernel_cluster_size(&c->kernel->desc)};
}

/* Bring the allocation integrals up to `now` before the allocation changes. */
static void alloc_integrate(sm_t *s, uint64_t now)
{
    sm_alloc_integral(s, now, &s->c.reg_alloc_cycles, &s->c.shmem_alloc_cycles);
    if (now > s->alloc_mark)
        s->alloc_mark = now;
}

/* The kernel stall cycles are charged to: the most CTAs on the core, ties to
 * the earlier launch; the last such kernel when none is resident. It changes
 * only when a CTA starts or ends, so it is worked out there, not in the
 * per-cycle accounting. */
static void update_stall_owner(sm_t *s)
{
    const kernel_run_t *best = NULL;
    uint32_t best_n = 0;
    for (uint32_t m = s->cta_mask; m; m &= m - 1) {
        const kernel_run_t *k = s->cta[__builtin_ctz(m)].kernel;
        if (k == best)
            continue;
        uint32_t n = sm_resident_ctas(s, k);
        if (n > best_n || (n == best_n && k->index < best->index)) {
            best = k;
            best_n = n;
        }
    }
    if (best)
        s->stall_kernel = (kernel_run_t *)best;
}

/* The CTA's last warp finished: end its front-end state, free its slot and
 * resources now, and leave an event for the GPU (the policies hear of it
 * when the GPU drains the events, and by then the CTA is no longer resident). */
static void cta_complete(sm_t *s, cta_slot_t *c, uint64_t now)
{
    kernel_run_t *k = c->kernel;
    if (c->cluster && --c->cluster->live_ctas == 0)
        free(c->cluster); /* the cluster's last CTA */
    c->cluster = NULL;
    alloc_integrate(s, now);
    c->kernel->desc.ops->cta_end(k->desc.src, c->fe);
    c->fe = NULL;
    s->used_ctas--;
    s->used_threads -= k->threads_per_cta;
    s->used_regs -= k->regs_per_cta;
    s->used_shmem -= k->shmem_per_cta;
    s->used_warps -= k->warps_per_cta;
    s->c.ctas_done++;
    cta_info_t *ev = &s->finished[s->n_finished++];
    sm_cta_info(s, (uint32_t)(c - s->cta), ev);
    ev->end_cycle = now;
    c->paused = false;
    c->bypass_l1 = false;
    s->cta_mask &= ~(1u << (c - s->cta));
    update_stall_owner(s);
    sm_update_any_paused(s);
}

void sm_update_any_paused(sm_t *s)
{
    s->any_paused = false;
    for (uint32_t m = s->cta_mask; m; m &= m - 1)
        if (s->cta[__builtin_ctz(m)].paused)
            s->any_paused = true;
}

void sm_warp_finish(sm_t *s, uint32_t w, uint64_t now)
{
    warp_info_t *wi = &s->winfo[w];
    wi->valid = false;
    s->warp_epoch++;
    s->iss.dirty = true;
    cta_slot_t *c = &s->cta[wi->cta_slot];
    if (c->cluster) { /* an exited warp no longer counts at the cluster barrier */
        c->cluster->live_warps--;
        cluster_check(c->cluster, now);
    }
    c->live_warps--;
    if (c->live_warps == 0)
        cta_complete(s, c, now);
    else
        sm_barrier_release_check(s, c, now);
}

int sm_start_cta(sm_t *s, kernel_run_t *k, uint64_t cta_id, void *fe, uint64_t now)
{
    const uint32_t all = MAX_CTAS_PER_SM == 32 ? ~0u : (1u << MAX_CTAS_PER_SM) - 1;
    if ((s->cta_mask & all) == all) {
        cs_err(&s->err, NULL, 0, "internal error: a CTA given to a core whose %u CTA slots are all used",
               MAX_CTAS_PER_SM);
        return -1;
    }
    const uint32_t slot = (uint32_t)__builtin_ctz(~s->cta_mask);
    cta_slot_t *c = &s->cta[slot];
    memset(c, 0, sizeof *c);
    s->cta_mask |= 1u << slot;
    c->kernel = k;
    c->fe = fe;
    c->cta_id = cta_id;
    c->nwarps = k->warps_per_cta;
    c->live_warps = c->nwarps;
    c->start_cycle = now;
    update_stall_owner(s);
    alloc_integrate(s, now);
    s->used_ctas++;
    s->used_threads += k->threads_per_cta;
    s->used_regs += k->regs_per_cta;
    s->used_shmem += k->shmem_per_cta;
    s->used_warps += k->warps_per_cta;
    s->c.ctas_issued++;
    s->warp_epoch++;
    uint32_t w = 0;
    uint64_t cta_age = s->warp_age_seq;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        while (s->winfo[w].valid)
            w++;
        c->warp_slot[i] = (uint16_t)w;
        warp_t *wp = &s->warp[w];
        memset(wp, 0, sizeof *wp);
        sm_hint_clear(&s->iss, w);
        s->iss.inst_mask &= ~(1ull << w);
        s->iss.refetch &= ~(1ull << w);
        s->winfo[w] = (warp_info_t){.valid = true, .cta_slot = slot, .cta_id = cta_id,
                                    .kernel = k->index, .warp_in_cta = i, .age = s->warp_age_seq++,
                                    .cta_age = cta_age};
        w++;
    }
    for (uint32_t i = 0; i < c->nwarps && sm_cta_used(s, slot); i++)
        if (sm_fetch(s, c->warp_slot[i], now) < 0)
            return -1;
    *s->wake = now;
    s->iss.dirty = true;
    return (int)slot;
}

/* ------------------------------------------------------------------------ */
/* Fetch */

int sm_refetch(sm_t *s, uint64_t now)
{
    uint64_t m = s->iss.refetch;
    s->iss.refetch = 0;
    for (; m; m &= m - 1) {
        const uint32_t w = (uint32_t)__builtin_ctzll(m);
        if (s->winfo[w].valid && sm_fetch(s, w, now) < 0)
            return -1;
    }
    return 0;
}

/* Pull warp w's next instruction from the front-end. */
int sm_fetch(sm_t *s, uint32_t w, uint64_t now)
{
    warp_t *wp = &s->warp[w];
    cta_slot_t *c = &s->cta[s->winfo[w].cta_slot];
    const warp_inst_t *in = NULL;
    cs_error_t e;
    sm_hint_clear(&s->iss, w); /* a new instruction, or none */
    int r = c->kernel->desc.ops->warp_next(c->fe, s->winfo[w].warp_in_cta, &in, &e);
    if (r < 0) {
        if (!s->failed) {
            s->err = e;
            s->failed = true;
        }
        return -1;
    }
    if (r == WARP_NEXT_LATER) {
        wp->inst = NULL;
        s->winfo[w].has_inst = false;
        s->iss.inst_mask &= ~(1ull << w);
        s->iss.refetch |= 1ull << w;
        if (*s->wake > now + 1)
            *s->wake = now + 1;
        return 0;
    }
    if (r == 0) {
        wp->inst = NULL;
        wp->fetch_done = true;
        s->winfo[w].has_inst = false;
        s->iss.inst_mask &= ~(1ull << w);
        sm_warp_try_finish(s, w, now);
        return 0;
    }
    wp->ibuf = *in;
    wp->inst = &wp->ibuf;
    s->winfo[w].has_inst = true;
    s->iss.inst_mask |= 1ull << w;
    s->iss.dirty = true;
    return 0;
}
