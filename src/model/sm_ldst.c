/* sm_ldst.c — a core's LD/ST unit and L1 data cache (see sm_ldst.h). */
#include "sm_ldst.h"
#include "sm_cta.h"
#include "zero_pages.h"

#include <stdlib.h>

void sm_ldst_init(sm_ldst_t *u, const sm_ldst_params_t *p, uint32_t max_loads)
{
    u->p = *p;
    if (p->l1d.enabled) {
        cache_init(&u->l1, &p->l1d);
        u->l1.dirty_evict_pct = p->l1_write_ratio;
        mshr_init(&u->mshr, p->mshr_entries, p->mshr_max_merge);
    } else {
        /* no L1: every global access bypasses; MSHR table unused */
        cache_config_t none = {.enabled = false, .nsets = 1, .line_size = 128, .assoc = 1};
        cache_init(&u->l1, &none);
        mshr_init(&u->mshr, 1, 1);
    }
    /* a sectored L1 under sector accesses keeps one MSHR entry per sector */
    u->sector_mshr = p->sector_accesses && u->l1.cfg.sectored;
    u->lrec_n = max_loads;
    u->lrec = zero_pages_alloc(u->lrec_n, sizeof *u->lrec);
    u->lrec_free = u->lrec_n ? 0 : LDST_NO_REC;
    u->lrec_fresh = 0;
}

void sm_ldst_free(sm_ldst_t *u)
{
    cache_free(&u->l1);
    mshr_free(&u->mshr);
    zero_pages_free(u->lrec, u->lrec_n, sizeof *u->lrec);
}

/* ------------------------------------------------------------------------ */
/* Loads in flight */

static uint32_t lrec_alloc(sm_t *s, uint32_t w, const warp_inst_t *in)
{
    sm_ldst_t *u = &s->ldst;
    uint32_t id = u->lrec_free;
    if (id == LDST_NO_REC)
        return LDST_NO_REC;
    load_rec_t *r = &u->lrec[id];
    if (id == u->lrec_fresh) /* the first use of this record: the next is the next one */
        u->lrec_free = ++u->lrec_fresh < u->lrec_n ? u->lrec_fresh : LDST_NO_REC;
    else
        u->lrec_free = r->next_free;
    r->warp = (uint16_t)w;
    r->ndst = in->ndst;
    for (uint32_t i = 0; i < in->ndst; i++)
        r->dst[i] = in->dst[i];
    r->outstanding = 0;
    r->ready = 0;
    r->all_sent = false;
    r->async_slot = in->async == ASYNC_COPY ? async_copy_issued(&s->warp[w].async) : ASYNC_NO_SLOT;
    return id;
}

/* The load's data is all known: release its registers at r->ready. */
static void lrec_try_complete(sm_t *s, uint32_t id, uint64_t now)
{
    sm_ldst_t *u = &s->ldst;
    load_rec_t *r = &u->lrec[id];
    if (!r->all_sent || r->outstanding)
        return;
    /* the data is written back through the same stages as an ALU result */
    uint64_t ready = (r->ready > now ? r->ready : now) + u->p.pipeline_latency;
    warp_t *wp = &s->warp[r->warp];
    for (uint32_t d = 0; d < r->ndst; d++)
        sb_release_load(&wp->sb, r->dst[d], ready);
    wp->outstanding_loads--;
    sm_hint_clear(&s->iss, r->warp); /* its instruction may have been waiting for this load */
    s->iss.dirty = true;
    s->winfo[r->warp].waiting_mem = wp->outstanding_loads != 0;
    r->next_free = u->lrec_free;
    u->lrec_free = id;
    if (ready > now && ready < *s->wake)
        *s->wake = ready;
    if (r->async_slot != ASYNC_NO_SLOT) {
        /* a cp.async copy: its data is in shared memory from `ready` on, as
         * a load's is in its register; a warp parked at a commit or wait
         * this copy held goes on from then */
        sm_async_arrived(s, r->warp, r->async_slot, ready);
    }
    sm_warp_try_finish(s, r->warp, now);
}

/* A frame of the L1 for `line`, evicting a victim (CCWS-like policies hear
 * of the lost line); NULL when every frame of the set is reserved. */
static cache_line_t *l1_allocate(sm_t *s, uint64_t line, uint32_t warp)
{
    sm_ldst_t *u = &s->ldst;
    cache_line_t ev;
    cache_line_t *l = cache_allocate(&u->l1, line, &ev);
    if (!l)
        return NULL;
    l->owner = (uint16_t)warp;
    if (cache_line_present(&ev) && s->wp->l1_evict) /* lost locality */
        s->wp->l1_evict(s->wp_state[ev.owner % s->n_sched], ev.owner, ev.line);
    return l;
}

/* A reply for the L1 (fill) or for a bypassing load/atomic arrived. */
static void ldst_reply(sm_t *s, mem_req_t *r, uint64_t now)
{
    sm_ldst_t *u = &s->ldst;
    u->asleep = false; /* an MSHR, a frame or miss-queue room may be free */
    if (r->type == REQ_WRITE) { /* store acknowledgement: the warp may now finish */
        s->warp[r->warp].pending_stores--;
        sm_warp_try_finish(s, r->warp, now);
        req_free(s->pool, r);
        return;
    }
    uint64_t lat = now - r->t_core_issue;
    s->c.mem_lat_sum += lat;
    s->c.mem_lat_count++;
    if (lat > s->c.mem_lat_max)
        s->c.mem_lat_max = lat;
    if (r->bypass_l1 || r->type == REQ_ATOMIC) {
        load_rec_t *lr = &u->lrec[r->mshr_slot];
        lr->outstanding--;
        if (lr->ready < now)
            lr->ready = now;
        lrec_try_complete(s, r->mshr_slot, now);
    } else {
        uint64_t line = cache_line_of(&u->l1, r->addr);
        int slot = (int)r->mshr_slot;
        cache_line_t *l = cache_find_near(&u->l1, line, u->mshr.e[slot].frame);
        if (!l) /* allocate-on-fill; with allocate-on-miss the frame is reserved already */
            l = l1_allocate(s, line, r->warp);
        if (l) /* (no frame: every one reserved by other fetches; the data passes through) */
            cache_fill_sectors(l, u->l1.cfg.sectored ? r->sector_mask : u->l1.full_mask);
        const uint32_t *wt = mshr_waiters(&u->mshr, slot);
        uint32_t nw = u->mshr.e[slot].nwait;
        mshr_release(&u->mshr, slot);
        for (uint32_t i = 0; i < nw; i++) {
            load_rec_t *lr = &u->lrec[wt[i]];
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
    sm_ldst_t *u = &s->ldst;
    mem_req_t *r = req_alloc(s->pool);
    r->addr = a->line_addr;
    r->type = type;
    r->sm = (uint16_t)s->id;
    r->warp = op->warp;
    r->cta_slot = op->cta_slot;
    r->sector_mask = a->sector_mask;
    r->t_core_issue = now;
    r->kst = &s->cta[op->cta_slot].kernel->st;
    uint32_t line_bytes = 1u << u->l1.line_shift;
    if (type == REQ_WRITE || type == REQ_ATOMIC)
        r->bytes = a->bytes;
    else if (u->l1.cfg.sectored || r->bypass_l1)
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
    sm_ldst_t *u = &s->ldst;
    if (op->load_rec != LDST_NO_REC) {
        u->lrec[op->load_rec].all_sent = true;
        lrec_try_complete(s, op->load_rec, now);
    }
    s->warp[op->warp].ldst_inflight--;
    u->head = (u->head + 1) % LDST_QUEUE;
    u->count--;
    s->iss.dirty = true; /* a memory instruction may issue again */
    sm_warp_try_finish(s, op->warp, now);
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
    sm_ldst_t *u = &s->ldst;
    cache_t *c = &u->l1;
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
    const sm_ldst_t *u = &s->ldst;
    uint64_t addr = a->line_addr + (uint64_t)__builtin_ctz(a->sector_mask | 0x100u) * 32u;
    return (uint32_t)(addr >> u->p.l1_bank_shift) & (u->p.l1_banks - 1);
}

/* One global/local access `a` of the instruction at the head of the LD/ST
 * unit. Returns false when it must wait for resources (miss queue, MSHR, a
 * frame to reserve), having changed nothing. */
static bool global_access(sm_t *s, ldst_op_t *op, const mem_access_t *a, uint64_t now)
{
    sm_ldst_t *u = &s->ldst;
    load_rec_t *lr = op->load_rec != LDST_NO_REC ? &u->lrec[op->load_rec] : NULL;
    cta_slot_t *c = &s->cta[op->cta_slot];
    bool is_store = op->flags & INST_STORE, is_atomic = op->flags & INST_ATOMIC;
    bool bypass = is_atomic || !u->p.l1d.enabled || u->p.gmem_skip_l1d || c->bypass_l1;

    if (is_atomic || is_store) {
        if (u->missq.count >= u->p.missq_cap)
            return false;
        if (is_store && !is_atomic && u->p.l1d.enabled && !l1_store(s, op->warp, a, sm_kernel_stats(s, c->kernel))) {
            cache_count_reservation_fail(&u->l1);
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
        fifo_push(&u->missq, r);
    } else if (bypass) {
        if (u->missq.count >= u->p.missq_cap)
            return false;
        mem_req_t *r = make_req(s, op, a, REQ_READ, now);
        r->bypass_l1 = 1;
        r->bytes = (uint32_t)__builtin_popcount(a->sector_mask) * SECTOR_BYTES;
        r->mshr_slot = op->load_rec;
        lr->outstanding++;
        s->c.l1_bypassed++;
        sm_kernel_stats(s, c->kernel)->l1_bypassed++;
        s->c.load_requests++;
        fifo_push(&u->missq, r);
    } else {
        uint64_t line = cache_line_of(&u->l1, a->line_addr);
        uint64_t key = u->sector_mshr ? (a->line_addr >> 5) + (uint64_t)__builtin_ctz(a->sector_mask | 0x100u) : line;
        cache_line_t *l;
        int slot;
        cache_outcome_t o = cache_classify_read(&u->l1, &u->mshr, line, key, a->sector_mask, &l, &slot);
        if (o == CACHE_HIT) {
            uint64_t rdy = now + u->p.l1_latency - 1;
            if (rdy > lr->ready)
                lr->ready = rdy;
        } else if (o == CACHE_PENDING_HIT) {
            if (!mshr_add_waiter(&u->mshr, slot, op->load_rec)) {
                cache_count_reservation_fail(&u->l1);
                return false;
            }
            lr->outstanding++;
        } else {
            /* A fetch in flight that lacks some sectors: wait for it (rare; the
             * L1 does not extend fetches). Or no MSHR / miss-queue room. */
            if (o == CACHE_MISS_MERGE || mshr_full(&u->mshr) || u->missq.count >= u->p.missq_cap) {
                cache_count_reservation_fail(&u->l1);
                return false;
            }
            uint8_t need = u->l1.cfg.sectored ? a->sector_mask : u->l1.full_mask;
            if (u->l1.cfg.alloc_policy == 'm') { /* allocate-on-miss: reserve the frame now */
                if (!l && !(l = l1_allocate(s, line, op->warp))) {
                    cache_count_reservation_fail(&u->l1);
                    return false;
                }
                l->reserved_mask |= need;
            }
            slot = mshr_alloc(&u->mshr, key);
            mshr_add_waiter(&u->mshr, slot, op->load_rec);
            u->mshr.e[slot].fetch_mask = need;
            u->mshr.e[slot].frame = cache_frame_of(&u->l1, l);
            mem_req_t *r = make_req(s, op, a, REQ_READ, now);
            r->sector_mask = need;
            r->mshr_slot = (uint32_t)slot;
            s->c.load_requests++;
            fifo_push(&u->missq, r);
            if (s->wp->l1_miss)
                s->wp->l1_miss(s->wp_state[op->warp % s->n_sched], op->warp, line);
            lr->outstanding++;
        }
        cache_count_read(&u->l1, o);
        cache_count_kernel_read(sm_kernel_stats(s, c->kernel), false, o);
    }
    return true;
}

static bool ldst_step(sm_t *s, uint64_t now)
{
    sm_ldst_t *u = &s->ldst;
    if (!u->count)
        return false;
    ldst_op_t *op = &u->op[u->head];
    load_rec_t *lr = op->load_rec != LDST_NO_REC ? &u->lrec[op->load_rec] : NULL;

    if (op->space == SPACE_SHARED) {
        /* one pass per cycle; the data of the last pass is ready smem_latency after issue + extra passes */
        s->c.shmem_bank_cycles++;
        if (--op->passes_left == 0) {
            if (lr) {
                uint64_t rdy = op->issue_cycle + u->p.smem_latency + (now - op->issue_cycle) - 1;
                if (rdy > lr->ready)
                    lr->ready = rdy;
            }
            op_done(s, op, now);
        }
        return false;
    }
    if (op->space == SPACE_DSMEM) {
        /* distributed shared memory: one 32-byte sector onto the GPC's
         * SM-to-SM network per cycle; the last sector's data is back
         * dsmem_latency after it left (no contention with other cores) */
        if (--op->passes_left == 0) {
            if (lr) {
                uint64_t rdy = now + u->p.dsmem_latency - 1;
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
            uint64_t rdy = now + u->p.const_latency - 1;
            if (rdy > lr->ready)
                lr->ready = rdy;
        }
        op_done(s, op, now);
        return false;
    }

    /* Global and local: up to one access per L1 bank per cycle, in order; an
     * access to a bank already used this cycle waits for the next. */
    uint32_t used_banks = 0;
    for (uint32_t k = 0; k < u->p.l1_banks; k++) {
        const mem_access_t *a = &op->acc[op->next];
        uint32_t bank = u->p.l1_banks > 1 ? l1_bank(s, a) : 0;
        if (used_banks & (1u << bank))
            break;
        const uint64_t fails_before = u->l1.stats.reservation_fails;
        if (!global_access(s, op, a, now)) {
            if (k)
                return false;
            u->asleep = true;
            u->retry_fails = (uint8_t)(u->l1.stats.reservation_fails - fails_before);
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
/* Issue into the unit */

/* The 32-byte sectors a distributed shared memory access touches (the
 * front-end's addresses keep the target CTA's rank above the offset, so two
 * CTAs' sectors differ), at least 1: the SM-to-SM network moves one a cycle. */
static uint32_t dsmem_sectors(const warp_inst_t *in)
{
    uint64_t seen[WARP_SIZE * 2];
    uint32_t n = 0;
    for (uint32_t l = 0; l < WARP_SIZE && in->addr; l++) {
        if (!(in->active_mask >> l & 1))
            continue;
        uint32_t size = in->access_size ? in->access_size : 4;
        for (uint64_t sec = in->addr[l] >> 5; sec <= (in->addr[l] + size - 1) >> 5; sec++) {
            uint32_t k = 0;
            while (k < n && seen[k] != sec)
                k++;
            if (k == n && n < CS_ARRAY_LEN(seen))
                seen[n++] = sec;
        }
    }
    return n ? n : 1;
}

void sm_ldst_accept(sm_t *s, uint32_t w, const warp_inst_t *in, uint64_t now)
{
    sm_ldst_t *u = &s->ldst;
    warp_t *wp = &s->warp[w];
    warp_info_t *wi = &s->winfo[w];
    ldst_op_t *op = &u->op[(u->head + u->count) % LDST_QUEUE];
    u->count++;
    wp->ldst_inflight++;
    op->warp = (uint16_t)w;
    op->cta_slot = (uint16_t)wi->cta_slot;
    op->flags = in->flags;
    op->space = in->space;
    op->issue_cycle = now;
    op->next = 0;
    op->naccess = 0;
    op->load_rec = LDST_NO_REC;
    if (in->flags & (INST_LOAD | INST_ATOMIC)) {
        op->load_rec = lrec_alloc(s, w, in);
        wp->outstanding_loads++;
        wi->waiting_mem = true;
        for (uint32_t d = 0; d < in->ndst; d++)
            sb_add(&wp->sb, in->dst[d], CS_NEVER);
    }
    if (in->space == SPACE_SHARED) {
        op->passes_left = shmem_conflict_degree(in, u->p.shmem_num_banks, u->p.shmem_bank_width);
        if (!op->passes_left)
            op->passes_left = 1;
        s->c.shmem_accesses++;
    } else if (in->space == SPACE_DSMEM) {
        op->passes_left = dsmem_sectors(in);
    } else if ((in->space == SPACE_GLOBAL || in->space == SPACE_LOCAL) && in->active_mask && in->addr) {
        op->naccess = (uint8_t)(u->p.sector_accesses ? coalesce_warp_sectors(in, 1u << u->l1.line_shift, op->acc)
                                                   : coalesce_warp(in, 1u << u->l1.line_shift, op->acc));
        /* the L1 looks these lines up over the next cycles */
        if (u->p.l1d.enabled && !(in->flags & INST_ATOMIC))
            for (uint32_t i = 0; i < op->naccess; i++)
                cache_prefetch(&u->l1, cache_line_of(&u->l1, op->acc[i].line_addr));
    }
    /* Constant/texture loads, fences, and memory instructions without
     * addresses (all lanes off, LDC/MEMBAR in traces) take the fixed-latency path. */
    if (in->space != SPACE_SHARED && in->space != SPACE_DSMEM && !op->naccess)
        op->space = SPACE_CONST;
}

/* The head of the miss queue into the request network; false if it has no room. */
static bool ldst_inject(sm_t *s)
{
    sm_ldst_t *u = &s->ldst;
    mem_req_t *h = u->missq.head;
    uint32_t bytes = u->p.icnt_ctrl_bytes + (h->type == REQ_READ ? 0 : h->bytes);
    if (!xbar_can_push(s->io->req_net, s->id, bytes))
        return false;
    fifo_pop(&u->missq);
    u->asleep = false;
    xbar_push(s->io->req_net, s->id, h->sub_partition, h, bytes);
    u->net_inflight++;
    return true;
}

/* ------------------------------------------------------------------------ */
/* The unit's cycle */

bool sm_ldst_cycle(sm_t *s, uint64_t now, uint64_t icnt_now, bool *stalled)
{
    sm_ldst_t *u = &s->ldst;
    bool busy = false;
    if (u->recheck) {
        u->recheck = false;
        u->asleep = false;
    }
    /* 1. one reply per cycle */
    mem_req_t *r = xbar_pop(s->io->reply_net, s->id, icnt_now);
    if (r) {
        u->net_inflight--;
        ldst_reply(s, r, now);
        busy = true;
    }
    /* 2. one step of the head instruction */
    if (u->asleep) { /* no change until a reply or the miss queue drains */
        *stalled = true;
        u->l1.stats.reservation_fails += u->retry_fails;
    } else if (u->count) {
        *stalled = ldst_step(s, now);
        busy = true;
    }
    /* 3. inject the head of the miss queue */
    if (u->missq.head) {
        if (!ldst_inject(s))
            *stalled = true;
        busy = true;
    }
    return busy;
}
