/* sm.c — one core: issue, scoreboard, execution units, LD/ST unit, L1D.
 * See sm.h for the pipeline and the latency conventions. */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_REC UINT32_MAX

/* Why a warp could not issue this cycle (bit flags, collected per cycle). */
enum {
    BLK_MEMDATA = 1u << 0, /* operand from an outstanding load */
    BLK_ALUDEP = 1u << 1,  /* operand from an ALU instruction still in flight */
    BLK_UNIT = 1u << 2,    /* execution unit busy */
    BLK_LDST = 1u << 3,    /* LD/ST unit full or memory throttled */
    BLK_VALID = 1u << 4,   /* at least one warp had a valid instruction */
    BLK_ISSUED = 1u << 5,
    BLK_LDST_STALL = 1u << 6, /* LD/ST unit could not make progress */
    BLK_HAS_CTA = 1u << 7,
    BLK_SB_SCHED = 1u << 8,   /* (count) a scheduler saw a scoreboard conflict: stored separately */
};

/* ------------------------------------------------------------------------ */
/* Kernel counters: straight into the kernel, or, while the core ticks on a
 * worker thread (defer_shared), into the core's own deltas, which the GPU adds
 * to the kernels after the parallel phase (sm_fold_kernel_deltas). Integer
 * sums: the order they are added in changes nothing. */

_Static_assert(sizeof(kernel_stats_t) % sizeof(uint64_t) == 0, "kernel_stats_t: uint64_t counters only (folded as an array)");

static kernel_delta_t *kernel_delta(sm_t *s, kernel_run_t *k)
{
    for (uint32_t i = 0; i < s->n_kdelta; i++)
        if (s->kdelta[i].kernel == k)
            return &s->kdelta[i];
    /* a core touches at most its resident CTAs' kernels and the one its
     * stall cycles go to in one cycle: SM_KDELTA_MAX */
    kernel_delta_t *d = &s->kdelta[s->n_kdelta++];
    memset(d, 0, sizeof *d);
    d->kernel = k;
    return d;
}

kernel_stats_t *sm_kernel_stats(sm_t *s, kernel_run_t *k)
{
    return s->defer_shared ? &kernel_delta(s, k)->st : &k->st;
}

static void sm_count_kernel_insts(sm_t *s, kernel_run_t *k, uint32_t lanes)
{
    if (s->defer_shared) {
        kernel_delta_t *d = kernel_delta(s, k);
        d->warp_insts++;
        d->thread_insts += lanes;
    } else {
        k->warp_insts++;
        k->thread_insts += lanes;
    }
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

int sm_init(sm_t *s, const mem_ports_t *io, uint32_t id, const warp_policy_ops_t *wp, const char *warp_spec,
            cs_error_t *err)
{
    const gpu_config_t *cfg = io->cfg;
    memset(s, 0, sizeof *s);
    s->id = id;
    s->io = io;
    s->pool = io->pool;
    s->cfg = cfg;
    s->wp = wp;
    s->n_sched = cfg->num_sched_per_core; /* 1..MAX_SCHED_PER_SM, checked by config_validate */
    for (unsigned u = 0; u < UNIT__COUNT; u++)
        s->unit_map[u] = u;
    /* Units the config does not provide run on the unit GPGPU-Sim's Fermi
     * config names: INT on SP, DP on SFU, tensor on SP. */
    if (!cfg->num_units[UNIT_SFU])
        s->unit_map[UNIT_SFU] = UNIT_SP;
    if (!cfg->num_units[UNIT_INT])
        s->unit_map[UNIT_INT] = UNIT_SP;
    if (!cfg->num_units[UNIT_DP])
        s->unit_map[UNIT_DP] = s->unit_map[UNIT_SFU];
    if (!cfg->num_units[UNIT_TENSOR])
        s->unit_map[UNIT_TENSOR] = UNIT_SP;
    for (unsigned u = 0; u < UNIT__COUNT; u++) {
        uint32_t n = cfg->num_units[u];
        if (u == UNIT_LDST)
            n = 1;
        if (u == UNIT_BRANCH)
            n = s->n_sched;
        if (u == UNIT_SP && n == 0)
            n = 1;
        s->n_unit[u] = n;
        s->unit_free[u] = n ? cs_xcalloc(n, sizeof(uint64_t)) : NULL;
    }
    for (uint32_t w = 0; w < MAX_WARPS_PER_SM; w++) {
        uint32_t sch = w % s->n_sched;
        s->sched_slots[sch][s->sched_n[sch]++] = (uint16_t)w;
        s->sched_mask[sch] |= 1ull << w;
    }
    if (cfg->l1d.enabled) {
        cache_init(&s->l1, &cfg->l1d);
        s->l1.dirty_evict_pct = cfg->l1_write_ratio;
        mshr_init(&s->mshr, cfg->l1d.mshr_entries, cfg->l1d.mshr_max_merge);
    } else {
        /* no L1: every global access bypasses; MSHR table unused */
        cache_config_t none = {.enabled = false, .nsets = 1, .line_size = 128, .assoc = 1};
        cache_init(&s->l1, &none);
        mshr_init(&s->mshr, 1, 1);
    }
    s->missq_cap = cfg->l1d.miss_queue ? cfg->l1d.miss_queue : 8;
    /* Maxwell and later (GPGPU-Sim's coalescing arch >= 40): every access is
     * one 32-byte sector, and a sectored L1 keeps one MSHR entry per sector. */
    s->sector_accesses = cfg->coalesce_arch >= 40;
    s->sector_mshr = s->sector_accesses && s->l1.cfg.sectored;
    s->l1_bank_shift = 0;
    while ((1u << s->l1_bank_shift) < cfg->l1_bank_interleave)
        s->l1_bank_shift++;
    s->lrec_n = MAX_WARPS_PER_SM * SB_MAX;
    s->lrec = cs_xcalloc(s->lrec_n, sizeof *s->lrec);
    for (uint32_t i = 0; i < s->lrec_n; i++)
        s->lrec[i].next_free = i + 1 < s->lrec_n ? i + 1 : NO_REC;
    s->lrec_free = 0;
    s->wake = 0;
    s->last_cycle = 0;
    s->last_outcome = OUT_IDLE;
    for (uint32_t i = 0; i < s->n_sched; i++) {
        policy_args_t a;
        if (policy_args_parse(&a, warp_spec, err) < 0)
            return -1;
        s->wp_state[i] = wp->create(&a, id, i, MAX_WARPS_PER_SM, err);
        if (!s->wp_state[i] || policy_args_check_unused(&a, err) < 0)
            return -1;
    }
    return 0;
}

void sm_free(sm_t *s)
{
    for (uint32_t c = 0; c < MAX_CTAS_PER_SM; c++)
        if (s->cta[c].used && s->cta[c].fe)
            s->cta[c].kernel->desc.ops->cta_end(s->cta[c].kernel->desc.src, s->cta[c].fe);
    for (unsigned u = 0; u < UNIT__COUNT; u++)
        free(s->unit_free[u]);
    for (uint32_t i = 0; i < s->n_sched; i++)
        if (s->wp_state[i] && s->wp->destroy)
            s->wp->destroy(s->wp_state[i]);
    cache_free(&s->l1);
    mshr_free(&s->mshr);
    free(s->lrec);
}

/* ------------------------------------------------------------------------ */

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
    for (uint32_t i = 0; i < MAX_CTAS_PER_SM; i++)
        if (s->cta[i].used && s->cta[i].kernel == k)
            n++;
    return n;
}

bool sm_idle(const sm_t *s)
{
    return !s->used_ctas && !s->ldst_count && !s->missq.count && !s->mshr.used;
}

/* ------------------------------------------------------------------------ */

static void warp_try_finish(sm_t *s, uint32_t w, uint64_t now);

_Static_assert(MAX_WARPS_PER_SM <= 64, "warp bit masks are 64 bits");

/* Forget warp w's cached scoreboard verdict: look again at its next evaluation. */
static inline void clear_hint(sm_t *s, uint32_t w)
{
    const uint64_t bit = 1ull << w;
    if (s->timed_hint & bit) { /* (its old hint is due later than now) */
        s->timed_hint &= ~bit;
        s->timed_wheel[s->hint_ready[w] % SM_TIMED_WHEEL] &= ~bit;
    }
    s->hint_ready[w] = 0;
    s->hint_flags[w] = 0;
    s->never_mem &= ~bit;
    s->never_alu &= ~bit;
    s->sb_clear &= ~bit;
}

/* Cache warp w's scoreboard verdict, found in this cycle's evaluation (it
 * had none): blocked by `flags` until `ready`, a cycle after this one
 * (CS_NEVER: until one of its loads completes). */
static void set_hint(sm_t *s, uint32_t w, uint32_t flags, uint64_t ready)
{
    const uint64_t bit = 1ull << w;
    s->hint_ready[w] = ready;
    s->hint_flags[w] = (uint8_t)flags;
    if (ready != CS_NEVER) { /* after timed_swept (= this cycle) */
        s->timed_hint |= bit;
        s->timed_wheel[ready % SM_TIMED_WHEEL] |= bit;
    } else {
        s->never_mem |= (flags & BLK_MEMDATA) ? bit : 0;
        s->never_alu |= (flags & BLK_ALUDEP) ? bit : 0;
    }
}

/* Pull warp w's next instruction from the front-end. */
static int fetch(sm_t *s, uint32_t w, uint64_t now)
{
    warp_t *wp = &s->warp[w];
    cta_slot_t *c = &s->cta[s->winfo[w].cta_slot];
    const warp_inst_t *in = NULL;
    cs_error_t e;
    clear_hint(s, w); /* a new instruction, or none */
    int r = c->kernel->desc.ops->warp_next(c->fe, s->winfo[w].warp_in_cta, &in, &e);
    if (r < 0) {
        if (!s->failed) {
            s->err = e;
            s->failed = true;
        }
        return -1;
    }
    if (r == 0) {
        wp->inst = NULL;
        wp->fetch_done = true;
        s->winfo[w].has_inst = false;
        s->inst_mask &= ~(1ull << w);
        warp_try_finish(s, w, now);
        return 0;
    }
    wp->ibuf = *in;
    wp->inst = &wp->ibuf;
    s->winfo[w].has_inst = true;
    s->inst_mask |= 1ull << w;
    s->issue_dirty = true;
    return 0;
}

static void barrier_release_check(sm_t *s, cta_slot_t *c, uint64_t now)
{
    if (!c->bar_arrived || c->bar_arrived < c->live_warps)
        return;
    c->bar_arrived = 0;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        uint32_t w = c->warp_slot[i];
        warp_t *wp = &s->warp[w];
        if (wp->at_barrier) {
            wp->at_barrier = false;
            if (fetch(s, w, now) < 0)
                return;
        }
    }
}

void sm_cta_info(const sm_t *s, uint32_t slot, cta_info_t *out)
{
    const cta_slot_t *c = &s->cta[slot];
    *out = (cta_info_t){.kernel = c->kernel, .cta_id = c->cta_id, .sm = s->id, .slot = slot,
                        .start_cycle = c->start_cycle, .end_cycle = 0, .warp_insts = c->warp_insts,
                        .paused = c->paused};
}

/* The CTA's last warp finished: end its front-end state, free its slot and
 * resources now, and leave an event for the GPU (the policies hear of it
 * when the GPU drains the events, and by then the CTA is no longer resident). */
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
    for (uint32_t i = 0; i < MAX_CTAS_PER_SM; i++) {
        if (!s->cta[i].used)
            continue;
        const kernel_run_t *k = s->cta[i].kernel;
        if (k == best)
            continue;
        uint32_t n = 0;
        for (uint32_t j = 0; j < MAX_CTAS_PER_SM; j++)
            n += s->cta[j].used && s->cta[j].kernel == k;
        if (n > best_n || (n == best_n && k->index < best->index)) {
            best = k;
            best_n = n;
        }
    }
    if (best)
        s->stall_kernel = (kernel_run_t *)best;
}

static void cta_complete(sm_t *s, cta_slot_t *c, uint64_t now)
{
    kernel_run_t *k = c->kernel;
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
    c->used = false;
    c->paused = false;
    c->bypass_l1 = false;
    update_stall_owner(s);
    s->any_paused = false;
    for (uint32_t i = 0; i < MAX_CTAS_PER_SM; i++)
        if (s->cta[i].used && s->cta[i].paused)
            s->any_paused = true;
}

static void warp_try_finish(sm_t *s, uint32_t w, uint64_t now)
{
    warp_t *wp = &s->warp[w];
    warp_info_t *wi = &s->winfo[w];
    if (!wi->valid || !wp->fetch_done || wp->outstanding_loads || wp->ldst_inflight || wp->pending_stores)
        return;
    wi->valid = false;
    s->warp_epoch++;
    s->issue_dirty = true;
    cta_slot_t *c = &s->cta[wi->cta_slot];
    c->live_warps--;
    if (c->live_warps == 0)
        cta_complete(s, c, now);
    else
        barrier_release_check(s, c, now);
}

int sm_start_cta(sm_t *s, kernel_run_t *k, uint64_t cta_id, void *fe, uint64_t now)
{
    uint32_t slot = 0;
    while (slot < MAX_CTAS_PER_SM && s->cta[slot].used)
        slot++;
    cta_slot_t *c = &s->cta[slot];
    memset(c, 0, sizeof *c);
    c->used = true;
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
        clear_hint(s, w);
        s->inst_mask &= ~(1ull << w);
        s->winfo[w] = (warp_info_t){.valid = true, .cta_slot = slot, .cta_id = cta_id,
                                    .kernel = k->index, .warp_in_cta = i, .age = s->warp_age_seq++,
                                    .cta_age = cta_age};
        w++;
    }
    for (uint32_t i = 0; i < c->nwarps && c->used; i++)
        if (fetch(s, c->warp_slot[i], now) < 0)
            return -1;
    s->wake = now;
    s->issue_dirty = true;
    return (int)slot;
}

/* ------------------------------------------------------------------------ */
/* Scoreboard */

/* 0 if inst may issue; otherwise BLK_MEMDATA or BLK_ALUDEP. Expired entries are dropped. */
static uint32_t sb_check(warp_t *wp, const warp_inst_t *in, uint64_t now, uint64_t *ready_at)
{
    uint32_t blk = 0;
    for (uint32_t i = 0; i < wp->n_sb;) {
        sb_entry_t *e = &wp->sb[i];
        if (e->ready <= now) { /* retired: compact */
            *e = wp->sb[--wp->n_sb];
            continue;
        }
        uint16_t r = e->reg;
        bool hit = false;
        for (uint32_t j = 0; j < in->nsrc && !hit; j++)
            hit = in->src[j] == r;
        for (uint32_t j = 0; j < in->ndst && !hit; j++)
            hit = in->dst[j] == r;
        if (hit) {
            if (e->ready == CS_NEVER)
                blk |= BLK_MEMDATA;
            else {
                blk |= BLK_ALUDEP;
                if (e->ready < *ready_at)
                    *ready_at = e->ready;
            }
        }
        i++;
    }
    if (!blk && wp->n_sb + in->ndst > SB_MAX) { /* table full: wait for a retirement */
        blk = BLK_ALUDEP;
        /* the first entry to retire frees a slot; entries of loads still in
         * flight retire after their load completes, which wakes the warp */
        for (uint32_t i = 0; i < wp->n_sb; i++)
            if (wp->sb[i].ready < *ready_at)
                *ready_at = wp->sb[i].ready;
    }
    return blk;
}

static void sb_add(warp_t *wp, uint16_t reg, uint64_t ready)
{
    wp->sb[wp->n_sb].reg = reg;
    wp->sb[wp->n_sb].ready = ready;
    wp->n_sb++;
}

/* ------------------------------------------------------------------------ */
/* Loads */

static uint32_t lrec_alloc(sm_t *s, uint32_t w, const warp_inst_t *in)
{
    uint32_t id = s->lrec_free;
    if (id == NO_REC)
        return NO_REC;
    load_rec_t *r = &s->lrec[id];
    s->lrec_free = r->next_free;
    r->warp = (uint16_t)w;
    r->ndst = in->ndst;
    for (uint32_t i = 0; i < in->ndst; i++)
        r->dst[i] = in->dst[i];
    r->outstanding = 0;
    r->ready = 0;
    r->all_sent = false;
    return id;
}

/* The load's data is all known: release its registers at r->ready. */
static void lrec_try_complete(sm_t *s, uint32_t id, uint64_t now)
{
    load_rec_t *r = &s->lrec[id];
    if (!r->all_sent || r->outstanding)
        return;
    /* the data is written back through the same stages as an ALU result */
    uint64_t ready = (r->ready > now ? r->ready : now) + s->cfg->pipeline_latency;
    warp_t *wp = &s->warp[r->warp];
    for (uint32_t d = 0; d < r->ndst; d++)
        for (uint32_t i = 0; i < wp->n_sb; i++)
            if (wp->sb[i].reg == r->dst[d] && wp->sb[i].ready == CS_NEVER) {
                wp->sb[i].ready = ready;
                break;
            }
    wp->outstanding_loads--;
    clear_hint(s, r->warp); /* its instruction may have been waiting for this load */
    s->issue_dirty = true;
    s->winfo[r->warp].waiting_mem = wp->outstanding_loads != 0;
    r->next_free = s->lrec_free;
    s->lrec_free = id;
    if (ready > now && ready < s->wake)
        s->wake = ready;
    warp_try_finish(s, r->warp, now);
}

/* A frame of the L1 for `line`, evicting a victim (CCWS-like policies hear
 * of the lost line); NULL when every frame of the set is reserved. */
static cache_line_t *l1_allocate(sm_t *s, uint64_t line, uint32_t warp)
{
    cache_line_t ev;
    cache_line_t *l = cache_allocate(&s->l1, line, &ev);
    if (!l)
        return NULL;
    l->owner = (uint16_t)warp;
    if (cache_line_present(&ev) && s->wp->l1_evict) /* lost locality */
        s->wp->l1_evict(s->wp_state[ev.owner % s->n_sched], ev.owner, ev.line);
    return l;
}

/* A reply for the L1 (fill) or for a bypassing load/atomic arrived. */
static void handle_reply(sm_t *s, mem_req_t *r, uint64_t now)
{
    s->ldst_asleep = false; /* an MSHR, a frame or miss-queue room may be free */
    if (r->type == REQ_WRITE) { /* store acknowledgement: the warp may now finish */
        s->warp[r->warp].pending_stores--;
        warp_try_finish(s, r->warp, now);
        req_free(s->pool, r);
        return;
    }
    uint64_t lat = now - r->t_core_issue;
    s->c.mem_lat_sum += lat;
    s->c.mem_lat_count++;
    if (lat > s->c.mem_lat_max)
        s->c.mem_lat_max = lat;
    if (r->bypass_l1 || r->type == REQ_ATOMIC) {
        load_rec_t *lr = &s->lrec[r->mshr_slot];
        lr->outstanding--;
        if (lr->ready < now)
            lr->ready = now;
        lrec_try_complete(s, r->mshr_slot, now);
    } else {
        uint64_t line = cache_line_of(&s->l1, r->addr);
        int slot = (int)r->mshr_slot;
        cache_line_t *l = cache_find_near(&s->l1, line, s->mshr.e[slot].frame);
        if (!l) /* allocate-on-fill; with allocate-on-miss the frame is reserved already */
            l = l1_allocate(s, line, r->warp);
        if (l) /* (no frame: every one reserved by other fetches; the data passes through) */
            cache_fill_sectors(l, s->l1.cfg.sectored ? r->sector_mask : s->l1.full_mask);
        const uint32_t *wt = mshr_waiters(&s->mshr, slot);
        uint32_t nw = s->mshr.e[slot].nwait;
        mshr_release(&s->mshr, slot);
        for (uint32_t i = 0; i < nw; i++) {
            load_rec_t *lr = &s->lrec[wt[i]];
            lr->outstanding--;
            if (lr->ready < now)
                lr->ready = now;
            lrec_try_complete(s, wt[i], now);
        }
    }
    req_free(s->pool, r);
}

/* ------------------------------------------------------------------------ */
/* LD/ST unit: one access per cycle of the instruction at the head. */

static mem_req_t *make_req(sm_t *s, const ldst_op_t *op, const mem_access_t *a, uint8_t type, uint64_t now)
{
    mem_req_t *r = req_alloc(s->pool);
    r->addr = a->line_addr;
    r->type = type;
    r->sm = (uint16_t)s->id;
    r->warp = op->warp;
    r->cta_slot = op->cta_slot;
    r->sector_mask = a->sector_mask;
    r->t_core_issue = now;
    r->kst = &s->cta[op->cta_slot].kernel->st;
    uint32_t line_bytes = 1u << s->l1.line_shift;
    if (type == REQ_WRITE || type == REQ_ATOMIC)
        r->bytes = a->bytes;
    else if (s->l1.cfg.sectored || r->bypass_l1)
        r->bytes = (uint32_t)__builtin_popcount(a->sector_mask) * SECTOR_BYTES;
    else
        r->bytes = line_bytes;
    if (r->bytes > line_bytes)
        r->bytes = line_bytes;
    dram_coord_t dc;
    addrmap_decode(s->io->amap, r->addr, &dc);
    r->sub_partition = dc.sub_partition;
    r->channel = dc.channel;
    r->bank = dc.bank;
    r->row = dc.row;
    r->col = dc.col;
    return r;
}

static void op_done(sm_t *s, ldst_op_t *op, uint64_t now)
{
    if (op->load_rec != NO_REC) {
        s->lrec[op->load_rec].all_sent = true;
        lrec_try_complete(s, op->load_rec, now);
    }
    s->warp[op->warp].ldst_inflight--;
    s->ldst_head = (s->ldst_head + 1) % LDST_QUEUE;
    s->ldst_count--;
    s->issue_dirty = true; /* a memory instruction may issue again */
    warp_try_finish(s, op->warp, now);
}

/* What a global store does to the L1, by the cache string's write policy and
 * write-allocate letters (the store itself always goes on to the L2: the L1
 * is write-through or write-evict; a write-back L1, 'B', is treated as 'T').
 * A hit is every sector written already valid or written.
 *   'E' / 'L' (Fermi: write-evict for global data): a hit drops the sectors.
 *   'T' / 'B': a hit marks them written.
 *   miss with 'N': nothing. With 'L' (lazy fetch-on-read; 'W' and 'F' taken
 *   as the same): allocate a frame without fetching; the sectors are written,
 *   and readable when the store covered them whole.
 * Returns false when a frame is needed and every one of the set is reserved. */
static bool l1_store(sm_t *s, uint32_t warp, const mem_access_t *a, kernel_stats_t *kst)
{
    cache_t *c = &s->l1;
    uint64_t line = cache_line_of(c, a->line_addr);
    uint8_t mask = c->cfg.sectored ? a->sector_mask : c->full_mask;
    uint32_t mask_bytes = c->cfg.sectored ? (uint32_t)__builtin_popcount(mask) * SECTOR_BYTES : 1u << c->line_shift;
    bool whole = a->bytes >= mask_bytes;
    cache_line_t *l = cache_find(c, line, false);
    bool hit = l && ((l->valid_mask | l->dirty_mask) & mask) == mask;
    char wp = c->cfg.write_policy;
    if (hit && (wp == 'T' || wp == 'B')) {
        cache_find(c, line, true); /* a write hit is a use */
        cache_mark_dirty(c, l, mask, whole);
    } else if (hit) {
        cache_clear_sectors(c, l, mask);
    } else if (c->cfg.write_alloc != 'N') {
        if (!l && !(l = l1_allocate(s, line, warp)))
            return false;
        cache_mark_dirty(c, l, mask, whole);
    }
    cache_count_write(c, hit);
    cache_count_kernel_write(kst, false, hit);
    return true;
}

/* The L1 bank an access goes to (GPGPU-Sim's linear bank function). */
static uint32_t l1_bank(const sm_t *s, const mem_access_t *a)
{
    uint64_t addr = a->line_addr + (uint64_t)__builtin_ctz(a->sector_mask | 0x100u) * 32u;
    return (uint32_t)(addr >> s->l1_bank_shift) & (s->cfg->l1_banks - 1);
}

/* One global/local access `a` of the instruction at the head of the LD/ST
 * unit. Returns false when it must wait for resources (miss queue, MSHR, a
 * frame to reserve), having changed nothing. */
static bool global_access(sm_t *s, ldst_op_t *op, const mem_access_t *a, uint64_t now)
{
    const gpu_config_t *cfg = s->cfg;
    load_rec_t *lr = op->load_rec != NO_REC ? &s->lrec[op->load_rec] : NULL;
    cta_slot_t *c = &s->cta[op->cta_slot];
    bool is_store = op->flags & INST_STORE, is_atomic = op->flags & INST_ATOMIC;
    bool bypass = is_atomic || !cfg->l1d.enabled || cfg->gmem_skip_l1d || c->bypass_l1;

    if (is_atomic || is_store) {
        if (s->missq.count >= s->missq_cap)
            return false;
        if (is_store && !is_atomic && cfg->l1d.enabled && !l1_store(s, op->warp, a, sm_kernel_stats(s, c->kernel))) {
            cache_count_reservation_fail(&s->l1);
            return false;
        }
        mem_req_t *r = make_req(s, op, a, is_atomic ? REQ_ATOMIC : REQ_WRITE, now);
        if (is_atomic) {
            r->mshr_slot = op->load_rec;
            r->bypass_l1 = 1;
            lr->outstanding++;
            s->c.atomic_requests++;
        } else {
            s->c.store_requests++;
            s->warp[op->warp].pending_stores++;
        }
        fifo_push(&s->missq, r);
    } else if (bypass) {
        if (s->missq.count >= s->missq_cap)
            return false;
        mem_req_t *r = make_req(s, op, a, REQ_READ, now);
        r->bypass_l1 = 1;
        r->bytes = (uint32_t)__builtin_popcount(a->sector_mask) * SECTOR_BYTES;
        r->mshr_slot = op->load_rec;
        lr->outstanding++;
        s->c.l1_bypassed++;
        sm_kernel_stats(s, c->kernel)->l1_bypassed++;
        s->c.load_requests++;
        fifo_push(&s->missq, r);
    } else {
        uint64_t line = cache_line_of(&s->l1, a->line_addr);
        uint64_t key = s->sector_mshr ? (a->line_addr >> 5) + (uint64_t)__builtin_ctz(a->sector_mask | 0x100u) : line;
        cache_line_t *l;
        int slot;
        cache_outcome_t o = cache_classify_read(&s->l1, &s->mshr, line, key, a->sector_mask, &l, &slot);
        if (o == CACHE_HIT) {
            uint64_t rdy = now + cfg->l1_latency - 1;
            if (rdy > lr->ready)
                lr->ready = rdy;
        } else if (o == CACHE_PENDING_HIT) {
            if (!mshr_add_waiter(&s->mshr, slot, op->load_rec)) {
                cache_count_reservation_fail(&s->l1);
                return false;
            }
            lr->outstanding++;
        } else {
            /* A fetch in flight that lacks some sectors: wait for it (rare; the
             * L1 does not extend fetches). Or no MSHR / miss-queue room. */
            if (o == CACHE_MISS_MERGE || mshr_full(&s->mshr) || s->missq.count >= s->missq_cap) {
                cache_count_reservation_fail(&s->l1);
                return false;
            }
            uint8_t need = s->l1.cfg.sectored ? a->sector_mask : s->l1.full_mask;
            if (s->l1.cfg.alloc_policy == 'm') { /* allocate-on-miss: reserve the frame now */
                if (!l && !(l = l1_allocate(s, line, op->warp))) {
                    cache_count_reservation_fail(&s->l1);
                    return false;
                }
                l->reserved_mask |= need;
            }
            slot = mshr_alloc(&s->mshr, key);
            mshr_add_waiter(&s->mshr, slot, op->load_rec);
            s->mshr.e[slot].fetch_mask = need;
            s->mshr.e[slot].frame = cache_frame_of(&s->l1, l);
            mem_req_t *r = make_req(s, op, a, REQ_READ, now);
            r->sector_mask = need;
            r->mshr_slot = (uint32_t)slot;
            s->c.load_requests++;
            fifo_push(&s->missq, r);
            if (s->wp->l1_miss)
                s->wp->l1_miss(s->wp_state[op->warp % s->n_sched], op->warp, line);
            lr->outstanding++;
        }
        cache_count_read(&s->l1, o);
        cache_count_kernel_read(sm_kernel_stats(s, c->kernel), false, o);
    }
    return true;
}

/* Returns true if the unit could not make progress for lack of resources. */
static bool ldst_step(sm_t *s, uint64_t now)
{
    if (!s->ldst_count)
        return false;
    const gpu_config_t *cfg = s->cfg;
    ldst_op_t *op = &s->ldst[s->ldst_head];
    load_rec_t *lr = op->load_rec != NO_REC ? &s->lrec[op->load_rec] : NULL;

    if (op->space == SPACE_SHARED) {
        /* one pass per cycle; the data of the last pass is ready smem_latency after issue + extra passes */
        s->c.shmem_bank_cycles++;
        if (--op->passes_left == 0) {
            if (lr) {
                uint64_t rdy = op->issue_cycle + cfg->smem_latency + (now - op->issue_cycle) - 1;
                if (rdy > lr->ready)
                    lr->ready = rdy;
            }
            op_done(s, op, now);
        }
        return false;
    }
    if (op->space == SPACE_CONST || op->space == SPACE_TEX) {
        s->c.const_accesses++;
        if (lr) {
            uint64_t rdy = now + cfg->const_latency - 1;
            if (rdy > lr->ready)
                lr->ready = rdy;
        }
        op_done(s, op, now);
        return false;
    }

    /* Global and local: up to one access per L1 bank per cycle, in order; an
     * access to a bank already used this cycle waits for the next. */
    uint32_t used_banks = 0;
    for (uint32_t k = 0; k < cfg->l1_banks; k++) {
        const mem_access_t *a = &op->acc[op->next];
        uint32_t bank = cfg->l1_banks > 1 ? l1_bank(s, a) : 0;
        if (used_banks & (1u << bank))
            break;
        const uint64_t fails_before = s->l1.stats.reservation_fails;
        if (!global_access(s, op, a, now)) {
            if (k)
                return false;
            s->ldst_asleep = true;
            s->ldst_retry_fails = (uint8_t)(s->l1.stats.reservation_fails - fails_before);
            return true;
        }
        used_banks |= 1u << bank;
        if (++op->next == op->naccess) {
            op_done(s, op, now);
            break;
        }
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Issue */

static void issue(sm_t *s, uint32_t w, uint32_t unit, uint32_t inst_unit, uint32_t instance, uint64_t now)
{
    const gpu_config_t *cfg = s->cfg;
    warp_t *wp = &s->warp[w];
    warp_info_t *wi = &s->winfo[w];
    const warp_inst_t *in = wp->inst;
    cta_slot_t *c = &s->cta[wi->cta_slot];
    uint32_t lanes = (uint32_t)__builtin_popcount(in->active_mask);

    s->c.warp_insts++;
    s->c.thread_insts += lanes;
    s->c.unit_issues[inst_unit]++;
    s->c.unit_lane_ops[inst_unit] += lanes;
    s->c.reg_reads += in->nsrc;
    s->c.reg_writes += in->ndst;
    c->warp_insts++;
    sm_count_kernel_insts(s, c->kernel, lanes);
    wi->last_issue = now;

    if (inst_unit == UNIT_LDST) {
        ldst_op_t *op = &s->ldst[(s->ldst_head + s->ldst_count) % LDST_QUEUE];
        s->ldst_count++;
        wp->ldst_inflight++;
        op->warp = (uint16_t)w;
        op->cta_slot = (uint16_t)wi->cta_slot;
        op->flags = in->flags;
        op->space = in->space;
        op->issue_cycle = now;
        op->next = 0;
        op->naccess = 0;
        op->load_rec = NO_REC;
        if (in->flags & (INST_LOAD | INST_ATOMIC)) {
            op->load_rec = lrec_alloc(s, w, in);
            wp->outstanding_loads++;
            wi->waiting_mem = true;
            for (uint32_t d = 0; d < in->ndst; d++)
                sb_add(wp, in->dst[d], CS_NEVER);
        }
        if (in->space == SPACE_SHARED) {
            op->passes_left = shmem_conflict_degree(in, cfg->shmem_num_banks, cfg->shmem_bank_width);
            if (!op->passes_left)
                op->passes_left = 1;
            s->c.shmem_accesses++;
        } else if ((in->space == SPACE_GLOBAL || in->space == SPACE_LOCAL) && in->active_mask && in->addr) {
            op->naccess = (uint8_t)(s->sector_accesses ? coalesce_warp_sectors(in, 1u << s->l1.line_shift, op->acc)
                                                       : coalesce_warp(in, 1u << s->l1.line_shift, op->acc));
            /* the L1 looks these lines up over the next cycles */
            if (cfg->l1d.enabled && !(in->flags & INST_ATOMIC))
                for (uint32_t i = 0; i < op->naccess; i++)
                    cache_prefetch(&s->l1, cache_line_of(&s->l1, op->acc[i].line_addr));
        }
        /* Constant/texture loads, fences, and memory instructions without
         * addresses (all lanes off, LDC/MEMBAR in traces) take the fixed-latency path. */
        if (in->space != SPACE_SHARED && !op->naccess)
            op->space = SPACE_CONST;
    } else {
        uint64_t occ = cfg->init[in->lat] ? cfg->init[in->lat] : 1;
        if (cfg->simd_width && cfg->simd_width < WARP_SIZE)
            occ *= WARP_SIZE / cfg->simd_width;
        s->unit_free[unit][instance] = now + occ;
        uint64_t lat = cfg->lat[in->lat] ? cfg->lat[in->lat] : 1;
        for (uint32_t d = 0; d < in->ndst; d++)
            sb_add(wp, in->dst[d], now + lat + cfg->pipeline_latency);
    }

    if (s->wp->issued) {
        const uint32_t sch = w % s->n_sched;
        const sched_view_t v = {.slots = s->sched_slots[sch], .n = s->sched_n[sch], .warps = s->winfo,
                                .now = now, .sm = s->id, .sched = sch, .epoch = s->warp_epoch};
        s->wp->issued(s->wp_state[sch], &v, w);
    }

    if (in->flags & INST_BARRIER) {
        wp->inst = NULL;
        wi->has_inst = false;
        s->inst_mask &= ~(1ull << w);
        wp->at_barrier = true;
        c->bar_arrived++;
        barrier_release_check(s, c, now);
        return;
    }
    fetch(s, w, now);
}

/* A free instance of `unit` for scheduler `sch` into *instance. Without
 * sub-cores any instance will do (the lowest free one). With
 * -gpgpu_sub_core_model each scheduler owns the instances i with
 * i mod n_sched == sch, or instance sch mod n when there are fewer instances
 * than schedulers (GPGPU-Sim's split of each unit among the sub-cores). */
static bool unit_available(sm_t *s, uint32_t unit, uint32_t sch, uint64_t now, uint64_t *free_at,
                           uint32_t *instance)
{
    const uint64_t *f = s->unit_free[unit];
    const uint32_t n = s->n_unit[unit];
    uint32_t first = 0, step = 1;
    if (s->cfg->sub_core_model && s->n_sched > 1) {
        first = n >= s->n_sched ? sch : sch % n;
        step = n >= s->n_sched ? s->n_sched : n;
    }
    for (uint32_t i = first; i < n; i += step) {
        if (f[i] <= now) {
            *instance = i;
            return true;
        }
        if (f[i] < *free_at)
            *free_at = f[i];
    }
    return false;
}

/* Schedulers. Returns the stall flags of the cycle; *next_ready gets the
 * earliest future cycle at which a blocked warp could become ready. */
static uint32_t issue_stage(sm_t *s, uint64_t now, uint64_t *next_ready)
{
    uint32_t flags = 0, noready = 0, memwait = 0;
    uint64_t waiting_idle = 0; /* skipped waiting warps of schedulers that issued nothing */
    uint16_t order[MAX_WARPS_PER_SM];
    /* timed hints come due: drop them from timed_hint, so that every warp
     * left there waits past now (a timed hint is only ever set to a cycle
     * after the one that sets it). Only the wheel's slots of the cycles
     * since the last sweep can hold them. */
    if (s->timed_hint) {
        const uint64_t span = now - s->timed_swept;
        const uint64_t first = span >= SM_TIMED_WHEEL ? now - (SM_TIMED_WHEEL - 1) : s->timed_swept + 1;
        for (uint64_t c = first; c <= now; c++) {
            uint64_t *slot = &s->timed_wheel[c % SM_TIMED_WHEEL];
            for (uint64_t m = *slot; m; m &= m - 1) {
                const uint32_t w = (uint32_t)__builtin_ctzll(m);
                if (s->hint_ready[w] <= now) {
                    *slot &= ~(1ull << w);
                    s->timed_hint &= ~(1ull << w);
                }
            }
        }
    }
    s->timed_swept = now;
    const bool listing = s->wp->lists_every_ready;
    for (uint32_t sch = 0; sch < s->n_sched; sch++) {
        /* warps known to wait on a load: left out by a policy that lists
         * exactly the ready mask */
        uint64_t skip = 0, ready = 0, waiting = 0;
        if (listing) {
            const uint64_t mine = s->inst_mask & s->sched_mask[sch];
            skip = mine & (s->never_mem | s->never_alu);
            /* warps whose cached verdict still holds: the loop below would
             * only OR in their flags and take the earliest of their cycles,
             * which matters only when this scheduler issues nothing (after
             * an issue the cycle is active and re-evaluated next cycle) */
            waiting = mine & ~skip & s->timed_hint;
            ready = mine & ~skip & ~waiting;
        }
        /* A listing policy with nothing or one warp to list lists nothing or
         * that warp: no call (its order() keeps no state that the call would
         * change). In a memory-bound kernel that is most evaluations. */
        unsigned n;
        if (listing && !(ready & (ready - 1))) {
            n = ready ? 1 : 0;
            order[0] = (uint16_t)__builtin_ctzll(ready | 1ull << 63);
        } else {
            const sched_view_t v = {.slots = s->sched_slots[sch], .n = s->sched_n[sch], .warps = s->winfo,
                                    .now = now, .sm = s->id, .sched = sch, .epoch = s->warp_epoch,
                                    .ready = ready};
            n = s->wp->order(s->wp_state[sch], &v, order);
        }
        if (s->any_paused && n > 1) { /* paused CTAs' warps go last, order otherwise kept */
            uint16_t tmp[MAX_WARPS_PER_SM];
            unsigned m = 0;
            for (unsigned i = 0; i < n; i++)
                if (!s->cta[s->winfo[order[i]].cta_slot].paused)
                    tmp[m++] = order[i];
            for (unsigned i = 0; i < n; i++)
                if (s->cta[s->winfo[order[i]].cta_slot].paused)
                    tmp[m++] = order[i];
            memcpy(order, tmp, n * sizeof *order);
        }
        uint32_t sflags = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t w = order[i];
            /* has_inst: the warp's instruction buffer (warp_t.inst) is full;
             * a listing policy lists only warps of inst_mask, which are */
            if (!listing && (!s->winfo[w].has_inst || !s->winfo[w].valid))
                continue;
            sflags |= BLK_VALID;
            if (s->hint_ready[w] > now) { /* verdict cached from an earlier cycle */
                sflags |= s->hint_flags[w];
                if (s->hint_ready[w] < *next_ready)
                    *next_ready = s->hint_ready[w];
                continue;
            }
            uint32_t inst_unit;
            if ((s->sb_clear >> w) & 1) { /* passed the scoreboard before: still does */
                inst_unit = s->clear_unit[w];
            } else {
                warp_t *wp = &s->warp[w];
                const warp_inst_t *in = wp->inst;
                uint64_t alu_ready = CS_NEVER;
                uint32_t blk = sb_check(wp, in, now, &alu_ready);
                if (blk) {
                    sflags |= blk;
                    set_hint(s, w, blk, (blk & BLK_MEMDATA) ? CS_NEVER : alu_ready);
                    if (alu_ready < *next_ready)
                        *next_ready = alu_ready;
                    continue;
                }
                inst_unit = in->unit < UNIT__COUNT ? in->unit : UNIT_SP;
                s->sb_clear |= 1ull << w;
                s->clear_unit[w] = (uint8_t)inst_unit;
            }
            if (inst_unit == UNIT_LDST) {
                if (s->ldst_count >= LDST_QUEUE || s->mem_throttle || s->lrec_free == NO_REC) {
                    sflags |= BLK_LDST;
                    continue;
                }
                issue(s, w, UNIT_LDST, UNIT_LDST, 0, now);
            } else {
                uint32_t unit = s->unit_map[inst_unit], instance = 0;
                if (!unit_available(s, unit, sch, now, next_ready, &instance)) {
                    sflags |= BLK_UNIT;
                    continue;
                }
                issue(s, w, unit, inst_unit, instance, now);
            }
            sflags |= BLK_ISSUED;
            break;
        }
        /* The skipped warps, as the loop would have seen them had they been
         * listed: valid, blocked by their cached verdict's flags, no
         * next_ready. Only a cycle without an issue depends on them: after an
         * issue the cycle is active whatever other stall bits it has (and
         * the next cycle is evaluated afresh). */
        if (waiting && !(sflags & BLK_ISSUED)) {
            /* nothing issued, so no hint of theirs changed in the loop; a
             * timed hint's verdict is always BLK_ALUDEP (a load's operand
             * makes it CS_NEVER). Their cycles matter only if no scheduler
             * issues: taken below, together. */
            sflags |= BLK_VALID | BLK_ALUDEP;
            waiting_idle |= waiting;
        }
        if (skip && !(sflags & BLK_ISSUED))
            sflags |= BLK_VALID | ((skip & s->never_mem) ? BLK_MEMDATA : 0) | ((skip & s->never_alu) ? BLK_ALUDEP : 0);
        if (!(sflags & BLK_ISSUED) && (sflags & (BLK_MEMDATA | BLK_ALUDEP)))
            s->c.sb_conflicts++;
        /* GPGPU-Sim's "no ready instruction": valid instructions, none past the scoreboard */
        if ((sflags & (BLK_VALID | BLK_ISSUED | BLK_UNIT | BLK_LDST)) == BLK_VALID)
            noready++;
        /* and Kayiran's "all the warps are waiting for their data", per scheduler */
        if ((sflags & (BLK_VALID | BLK_ISSUED | BLK_UNIT | BLK_ALUDEP)) == BLK_VALID && (sflags & (BLK_MEMDATA | BLK_LDST)))
            memwait++;
        flags |= sflags;
        if (s->failed)
            break;
    }
    s->issue_noready = noready;
    s->issue_memwait = memwait;
    /* After an issue the core looks again next cycle whatever next_ready
     * says; without one, the skipped waiting warps' cycles bound it. */
    if (!(flags & BLK_ISSUED))
        for (uint64_t m = waiting_idle; m; m &= m - 1) {
            const uint32_t w = (uint32_t)__builtin_ctzll(m);
            if (s->hint_ready[w] < *next_ready)
                *next_ready = s->hint_ready[w];
        }
    return flags;
}

/* ------------------------------------------------------------------------ */

static enum issue_outcome classify(uint32_t f)
{
    if (f & BLK_ISSUED)
        return OUT_ACTIVE;
    if (!(f & BLK_VALID))
        return OUT_IDLE;
    if ((f & (BLK_MEMDATA | BLK_ALUDEP | BLK_UNIT | BLK_LDST)) == BLK_MEMDATA)
        return OUT_MEM_STALL;
    return OUT_CORE_STALL;
}


static void account(sm_t *s, uint32_t f, uint64_t ncycles)
{
    sm_counters_t *c = &s->c;
    enum issue_outcome o = classify(f);
    c->cycles += ncycles;
    c->outcome[o] += ncycles;
    if (!(f & BLK_HAS_CTA)) {
        c->no_cta_cycles += ncycles;
        if (s->state == CORE_OFF)
            c->gated_cycles += ncycles;
    } else if (o == OUT_ACTIVE || (f & BLK_UNIT))
        /* Kayiran's N_act: the core "can fetch new warps". A ready warp
         * held back only by a busy execution unit (a SIMD unit narrower than
         * the warp takes several cycles per instruction) is a compute-bound
         * core, not an inactive one; counting only issue cycles would make
         * every kernel Type-M on an 8-wide SIMT config. */
        c->act_cycles += ncycles;
    else
        c->inact_cycles += ncycles;
    /* per scheduler, also in a cycle another scheduler issued in; a verdict
     * replayed (sleeping core, unchanged issue stage) repeats its count */
    if (f & BLK_VALID) {
        c->c_mem_sched += ncycles * s->issue_noready;
        c->c_mem_sched_mem += ncycles * s->issue_memwait;
    }
    if (o != OUT_ACTIVE) {
        /* Kayiran's C_mem: every blocked warp waits on the memory side */
        if ((f & (BLK_MEMDATA | BLK_LDST)) && !(f & (BLK_ALUDEP | BLK_UNIT)))
            c->c_mem += ncycles;
        if ((f & (BLK_MEMDATA | BLK_LDST)) && !(f & BLK_UNIT))
            c->c_mem_wait += ncycles;
        kernel_stats_t *ks = s->stall_kernel ? sm_kernel_stats(s, s->stall_kernel) : NULL;
        if (f & (BLK_UNIT | BLK_LDST)) {
            c->struct_stall += ncycles;
            if (ks)
                ks->struct_stall += ncycles;
        }
        if (f & BLK_MEMDATA) {
            c->mem_stall += ncycles;
            if (ks)
                ks->mem_stall += ncycles;
        }
    }
    if (f & (BLK_LDST_STALL | BLK_LDST)) {
        c->ldst_stall_cycles += ncycles;
        c->ldst_stall_run += ncycles;
        if (c->ldst_stall_run > c->ldst_stall_run_max)
            c->ldst_stall_run_max = c->ldst_stall_run;
    } else {
        c->ldst_stall_run = 0;
    }
}

void sm_catch_up(sm_t *s, uint64_t now)
{
    if (now > s->last_cycle + 1) {
        uint64_t n = now - s->last_cycle - 1;
        account(s, s->last_flags, n);
        /* A sleeping core's schedulers see what they saw in its last
         * evaluated cycle: as many scoreboard conflicts per cycle as that
         * evaluation counted (issue_sb), not one per scheduler (a scheduler
         * without a blocked warp has none). An issuing core never sleeps. */
        if (!(s->last_flags & BLK_ISSUED) && (s->last_flags & (BLK_MEMDATA | BLK_ALUDEP)))
            s->c.sb_conflicts += n * s->issue_sb;
        /* a sleeping LD/ST unit's retries: each fails as its first did */
        if (s->ldst_asleep)
            s->l1.stats.reservation_fails += n * s->ldst_retry_fails;
        s->last_cycle = now - 1;
    }
}

int sm_cycle(sm_t *s, uint64_t now, uint64_t icnt_now)
{
    const mem_ports_t *io = s->io;
    sm_catch_up(s, now);
    s->last_cycle = now;
    bool busy = false;
    if (s->ldst_recheck) {
        s->ldst_recheck = false;
        s->ldst_asleep = false;
    }

    /* 1. one reply per cycle */
    mem_req_t *r = xbar_pop(io->reply_net, s->id, icnt_now);
    if (r) {
        handle_reply(s, r, now);
        busy = true;
    }
    /* 2. LD/ST unit */
    bool ldst_stalled = false;
    if (s->ldst_asleep) { /* no change until a reply or the miss queue drains */
        ldst_stalled = true;
        s->l1.stats.reservation_fails += s->ldst_retry_fails;
    } else if (s->ldst_count) {
        ldst_stalled = ldst_step(s, now);
        busy = true;
    }
    /* 3. inject the head of the miss queue */
    if (s->missq.head) {
        mem_req_t *h = s->missq.head;
        uint32_t bytes = s->cfg->icnt_ctrl_bytes + (h->type == REQ_READ ? 0 : h->bytes);
        if (xbar_can_push(io->req_net, s->id, bytes)) {
            fifo_pop(&s->missq);
            s->ldst_asleep = false;
            xbar_push(io->req_net, s->id, h->sub_partition, h, bytes);
        } else {
            ldst_stalled = true;
        }
        busy = true;
    }
    /* 4. issue (or the previous verdict, if nothing it depends on changed) */
    uint64_t next_ready = CS_NEVER;
    uint32_t flags = 0;
    if (s->used_ctas) {
        if (s->issue_dirty || now >= s->issue_wake || s->mem_throttle) {
            uint64_t sb0 = s->c.sb_conflicts;
            s->issue_dirty = false;
            flags = issue_stage(s, now, &next_ready) | BLK_HAS_CTA;
            if (s->failed)
                return -1;
            s->issue_flags = flags & ~(uint32_t)BLK_LDST_STALL;
            s->issue_sb = s->c.sb_conflicts - sb0;
            s->issue_wake = (flags & BLK_ISSUED) ? now + 1 : next_ready;
        } else {
            flags = s->issue_flags;
            s->c.sb_conflicts += s->issue_sb;
            next_ready = s->issue_wake;
        }
    }
    if (ldst_stalled)
        flags |= BLK_LDST_STALL;
    account(s, flags, 1);
    s->last_flags = flags;
    if (flags & BLK_ISSUED)
        busy = true;

    /* 5. sleep until something can change */
    /* A sleeping LD/ST unit waits for a reply (sm_due wakes the core) or the
     * miss queue to drain (a non-empty queue keeps the core ticking); under a
     * memory throttle the issue stage is evaluated every cycle. */
    const bool ldst_waits = s->ldst_asleep && !s->mem_throttle;
    if (busy || (s->ldst_count && !ldst_waits) || s->missq.count ||
        xbar_has_arrival(io->reply_net, s->id, icnt_now))
        s->wake = now + 1;
    else
        s->wake = next_ready > now ? next_ready : now + 1; /* replies wake us through sm_due */
    return s->failed ? -1 : (int)s->n_finished;
}

uint32_t sm_take_finished(sm_t *s, cta_info_t *out)
{
    uint32_t n = s->n_finished;
    memcpy(out, s->finished, n * sizeof *out);
    s->n_finished = 0;
    return n;
}
