/* mem_partition.c — L2 slices and their DRAM channels (see mem_partition.h). */
#include "mem_partition.h"
#include "zero_pages.h"

#include <stdlib.h>
#include <string.h>

/* A kernel's counts kept by one slice while defer_kst (see l2_slice_t). */
typedef struct l2_kdelta {
    kernel_stats_t *kst;
    kernel_stats_t d;
} l2_kdelta_t;

_Static_assert(sizeof(kernel_stats_t) % sizeof(uint64_t) == 0, "kernel_stats_t: uint64_t counters only (folded as an array)");

/* Where the counts of an access for kernel counters `k` go: k itself, or,
 * while the slice ticks on a worker thread, the slice's delta for k (a slice
 * sees the few kernels running at once: a linear search). */
static kernel_stats_t *count_target(l2_slice_t *l, kernel_stats_t *k)
{
    if (!k || !l->defer_kst)
        return k;
    for (uint32_t i = 0; i < l->n_kdelta; i++)
        if (l->kdelta[i].kst == k)
            return &l->kdelta[i].d;
    if (l->n_kdelta == l->cap_kdelta) {
        l->cap_kdelta = l->cap_kdelta ? 2 * l->cap_kdelta : 4;
        l->kdelta = cs_xrealloc(l->kdelta, l->cap_kdelta * sizeof *l->kdelta);
    }
    l2_kdelta_t *e = &l->kdelta[l->n_kdelta++];
    memset(e, 0, sizeof *e);
    e->kst = k;
    return &e->d;
}

void l2_fold_kernel_deltas(l2_slice_t *l)
{
    for (uint32_t i = 0; i < l->n_kdelta; i++) {
        const uint64_t *from = (const uint64_t *)&l->kdelta[i].d;
        uint64_t *to = (uint64_t *)l->kdelta[i].kst;
        for (size_t j = 0; j < sizeof(kernel_stats_t) / sizeof(uint64_t); j++)
            to[j] += from[j];
    }
    l->n_kdelta = 0;
}

/* The access being handled counts for the kernel of counters k. */
static void set_current_kernel(l2_slice_t *l, kernel_stats_t *k)
{
    l->cur_kst = k;
    l->cur_count = count_target(l, k);
}

void l2_init(l2_slice_t *l, const mem_ports_t *io, uint32_t id)
{
    const gpu_config_t *cfg = io->cfg;
    memset(l, 0, sizeof *l);
    l->id = id;
    l->io = io;
    l->channel = id / cfg->n_sub_partition_per_mchannel;
    cache_init(&l->cache, &cfg->l2);
    l->cache.part_map = io->amap;
    mshr_init(&l->mshr, cfg->l2.mshr_entries, cfg->l2.mshr_max_merge);
    l->mshr_req = zero_pages_alloc(l->mshr.n, sizeof *l->mshr_req); /* no heap header: unwritten until used */
    l->inq_cap = cfg->partition_queue ? cfg->partition_queue : 64;
    l->rop_delay = config_rop_latency_l2(cfg);
    l->rop_ready = CS_NEVER;
    l->pool = io->pool;
}

void l2_free(l2_slice_t *l)
{
    cache_free(&l->cache);
    mshr_free(&l->mshr);
    zero_pages_free(l->mshr_req, l->mshr.n, sizeof *l->mshr_req);
    free(l->kdelta);
}

bool l2_idle(const l2_slice_t *l)
{
    return !l->rop.count && !l->inq.count && !l->to_dram.count && !l->fills.count && !l->replies.count;
}

uint64_t l2_next_event(const l2_slice_t *l, uint64_t now)
{
    if (l->inq.count || l->to_dram.count || l->fills.count || l->replies.count)
        return now;
    return l->rop_ready > now ? l->rop_ready : now; /* (CS_NEVER when empty) */
}

/* A DRAM request for `line` (fetch of `mask` sectors, or a write-back). */
static mem_req_t *dram_req(l2_slice_t *l, uint64_t line_addr, uint8_t type, uint8_t mask)
{
    mem_req_t *d = req_alloc(l->pool);
    d->addr = line_addr;
    d->type = type;
    d->sector_mask = mask;
    d->kst = l->cur_kst;
    if (l->cur_count) {
        if (type == REQ_WRITE)
            l->cur_count->dram_writes++;
        else
            l->cur_count->dram_reads++;
    }
    uint32_t line_bytes = 1u << l->cache.line_shift;
    d->bytes = l->cache.cfg.sectored ? (uint32_t)__builtin_popcount(mask) * SECTOR_BYTES : line_bytes;
    dram_coord_t dc;
    addrmap_decode(l->io->amap, line_addr, &dc);
    d->channel = l->channel; /* the slice's own channel: the address maps here */
    d->sub_partition = l->id;
    d->bank = dc.bank;
    d->row = dc.row;
    d->col = dc.col;
    return d;
}

static void write_back_victim(l2_slice_t *l, const cache_line_t *ev)
{
    if (!ev->dirty_mask)
        return;
    l->cache.stats.writebacks++;
    mem_req_t *wb = dram_req(l, ev->line << l->cache.line_shift, REQ_WRITE, ev->dirty_mask);
    fifo_push(&l->to_dram, wb);
}

static void send_reply(l2_slice_t *l, mem_req_t *r) { fifo_push(&l->replies, r); }

/* Allocate-on-miss ('m'): a frame is taken, and its victim written back, when
 * the miss is seen; the fetched sectors stay reserved until the fill. Returns
 * NULL when every frame of the set is reserved: the access retries. */
static cache_line_t *allocate_now(l2_slice_t *l, uint64_t line)
{
    cache_line_t ev;
    cache_line_t *cl = cache_allocate(&l->cache, line, &ev);
    if (cl)
        write_back_victim(l, &ev);
    return cl;
}

/* Tag access for request r. Returns false if it must retry (no MSHR, or with
 * allocate-on-miss no frame to reserve). */
static bool l2_access(l2_slice_t *l, mem_req_t *r)
{
    cache_t *c = &l->cache;
    uint64_t line = cache_line_of(c, r->addr);
    uint8_t need = c->cfg.sectored ? (r->sector_mask ? r->sector_mask : c->full_mask) : c->full_mask;
    bool on_miss = c->cfg.alloc_policy == 'm';
    set_current_kernel(l, r->kst);

    if (r->type == REQ_WRITE) {
        cache_line_t *cl = cache_find(c, line, true);
        if (!cl && !(cl = allocate_now(l, line))) {
            cache_count_reservation_fail(c);
            return false;
        }
        cache_count_write(c, (cl->valid_mask & need) == need);
        cache_count_kernel_write(l->cur_count, true, (cl->valid_mask & need) == need);
        /* write-allocate without fetch: the written sectors are now valid and dirty */
        cache_mark_dirty(c, cl, need, true);
        r->bytes = 0; /* the acknowledgement is a header-only packet */
        send_reply(l, r);
        return true;
    }

    /* reads and atomics */
    cache_line_t *cl;
    int slot;
    cache_outcome_t o = cache_classify_read(c, &l->mshr, line, line, need, &cl, &slot);
    if (o == CACHE_HIT) {
        cache_count_read(c, o);
        cache_count_kernel_read(l->cur_count, true, o);
        if (r->type == REQ_ATOMIC)
            cache_mark_dirty(c, cl, need, true);
        send_reply(l, r);
        return true;
    }
    if (o == CACHE_PENDING_HIT || o == CACHE_MISS_MERGE) {
        mshr_entry_t *e = &l->mshr.e[slot];
        if (e->nwait >= l->mshr.max_merge) {
            cache_count_reservation_fail(c);
            return false;
        }
        if (o == CACHE_MISS_MERGE) { /* extend the fetch in flight by the sectors it lacks */
            uint8_t missing = need & (uint8_t)~e->fetch_mask & (uint8_t)~(cl ? cl->valid_mask : 0);
            if (on_miss && !cl && !(cl = allocate_now(l, line))) {
                cache_count_reservation_fail(c);
                return false;
            }
            if (on_miss)
                cl->reserved_mask |= missing;
            if (cl)
                e->frame = cache_frame_of(c, cl);
            e->fetch_mask |= missing;
            e->pending_fetches++;
            fifo_push(&l->to_dram, dram_req(l, line << c->line_shift, REQ_READ, missing));
        }
        e->nwait++;
    } else {
        if (mshr_full(&l->mshr)) {
            cache_count_reservation_fail(c);
            return false;
        }
        if (on_miss && !cl && !(cl = allocate_now(l, line))) {
            cache_count_reservation_fail(c);
            return false;
        }
        uint8_t fetch = need;
        if (cl)
            fetch &= (uint8_t)~cl->valid_mask;
        if (!c->cfg.sectored)
            fetch = c->full_mask;
        if (on_miss)
            cl->reserved_mask |= fetch;
        slot = mshr_alloc(&l->mshr, line);
        mshr_entry_t *e = &l->mshr.e[slot];
        e->nwait = 1;
        e->fetch_mask = fetch;
        e->pending_fetches = 1;
        e->frame = cache_frame_of(c, cl);
        l->mshr_req[slot] = NULL;
        fifo_push(&l->to_dram, dram_req(l, line << c->line_shift, REQ_READ, fetch));
    }
    cache_count_read(c, o);
    cache_count_kernel_read(l->cur_count, true, o);
    r->next = l->mshr_req[slot];
    l->mshr_req[slot] = r;
    r->l2_mshr_slot = (uint32_t)slot;
    return true;
}

/* DRAM data for a fetch arrived: install and answer the waiters. */
static void l2_fill(l2_slice_t *l, mem_req_t *d)
{
    cache_t *c = &l->cache;
    uint64_t line = cache_line_of(c, d->addr);
    int slot = mshr_find(&l->mshr, line);
    set_current_kernel(l, d->kst);
    cache_line_t *cl = cache_find_near(c, line, slot >= 0 ? l->mshr.e[slot].frame : -1);
    if (!cl) /* allocate-on-fill; with allocate-on-miss the frame is reserved already */
        cl = allocate_now(l, line);
    if (cl) /* (no frame: every one reserved by other fetches; the data passes through) */
        cache_fill_sectors(cl, c->cfg.sectored ? d->sector_mask : c->full_mask);
    req_free(l->pool, d);
    if (slot < 0)
        return;
    mshr_entry_t *e = &l->mshr.e[slot];
    if (--e->pending_fetches)
        return;
    /* answer in arrival order (the list is LIFO) */
    mem_req_t *list = l->mshr_req[slot], *rev = NULL;
    while (list) {
        mem_req_t *n = list->next;
        list->next = rev;
        rev = list;
        list = n;
    }
    while (rev) {
        mem_req_t *n = rev->next;
        if (rev->type == REQ_ATOMIC && cl)
            cache_mark_dirty(c, cl, rev->sector_mask ? rev->sector_mask : c->full_mask, true);
        send_reply(l, rev);
        rev = n;
    }
    l->mshr_req[slot] = NULL;
    mshr_release(&l->mshr, slot);
}

void l2_warm(l2_slice_t *l, uint64_t addr, uint8_t sector_mask)
{
    cache_t *c = &l->cache;
    uint64_t line = cache_line_of(c, addr);
    cache_line_t *cl = cache_find(c, line, false);
    if (!cl) /* a victim is dropped without a write-back, as GPGPU-Sim's tag fill */
        cl = cache_allocate(c, line, NULL);
    if (cl) /* (no frame when every one is reserved: the copy leaves nothing) */
        cache_fill_sectors(cl, c->cfg.sectored ? sector_mask : c->full_mask);
}

void l2_cycle(l2_slice_t *l, uint64_t now, uint64_t icnt_now)
{
    const mem_ports_t *io = l->io;
    uint32_t node = l->id;
    /* arrivals from the request crossbar enter the ROP delay line, while the
     * queue after it has room for a request broken into four sectors (as
     * GPGPU-Sim checks) */
    if (l->inq.count + 4 <= l->inq_cap || l->inq.count == 0) {
        mem_req_t *r = xbar_pop(io->req_net, node, icnt_now);
        if (r) {
            r->ready = now + l->rop_delay;
            if (!l->rop.head)
                l->rop_ready = r->ready;
            fifo_push(&l->rop, r);
            cache_prefetch(&l->cache, cache_line_of(&l->cache, r->addr)); /* looked up after the ROP delay */
        }
    }
    /* one fill per cycle */
    if (l->fills.head)
        l2_fill(l, fifo_pop(&l->fills));
    /* one request per cycle leaves the ROP delay line */
    if (l->rop_ready <= now && l->inq.count < l->inq_cap) {
        fifo_push(&l->inq, fifo_pop(&l->rop));
        l->rop_ready = l->rop.head ? l->rop.head->ready : CS_NEVER;
    }
    /* one tag access per cycle */
    if (l->inq.head && l->replies.count < 64 && l->to_dram.count < 64) {
        mem_req_t *r = l->inq.head;
        fifo_pop(&l->inq);
        if (!l2_access(l, r)) { /* put it back at the head: retry next cycle */
            r->next = l->inq.head;
            l->inq.head = r;
            if (!l->inq.tail)
                l->inq.tail = r;
            l->inq.count++;
        }
    }
    /* replies to the reply crossbar */
    if (l->replies.head) {
        mem_req_t *r = l->replies.head;
        uint32_t bytes = io->cfg->icnt_ctrl_bytes + r->bytes;
        if (xbar_can_push(io->reply_net, node, bytes)) {
            fifo_pop(&l->replies);
            xbar_push(io->reply_net, node, r->sm, r, bytes);
        }
    }
}

void mem_channel_init(mem_channel_t *m, const mem_ports_t *io, uint32_t id, l2_slice_t *slices, uint32_t n_slices)
{
    memset(m, 0, sizeof *m);
    m->id = id;
    m->dram = dram_create(io->cfg, id);
    m->slices = slices;
    m->n_slices = n_slices;
    m->first_slice = slices[0].id;
}

void mem_channel_free(mem_channel_t *m)
{
    if (m->dram)
        dram_destroy(m->dram);
    m->dram = NULL;
}

bool mem_channel_due(const mem_channel_t *m)
{
    if (!dram_idle(m->dram))
        return true;
    for (uint32_t k = 0; k < m->n_slices; k++)
        if (m->slices[k].to_dram.count)
            return true;
    return false;
}

void mem_channel_cycle(mem_channel_t *m, uint64_t now)
{
    dram_channel_t *d = m->dram;
    uint32_t nsub = m->n_slices;
    /* one request per DRAM cycle enters the channel (as GPGPU-Sim's), the
     * slices taking turns: the first, in rotating order, with one waiting */
    for (uint32_t k = 0; k < nsub; k++) {
        l2_slice_t *l = &m->slices[(uint32_t)((now + k) % nsub)];
        if (l->to_dram.head) {
            if (dram_can_accept(d))
                dram_push(d, fifo_pop(&l->to_dram), now);
            break;
        }
    }
    dram_cycle(d, now);
    mem_req_t *r;
    while ((r = dram_pop_done(d, now)) != NULL) {
        l2_slice_t *l = &m->slices[r->sub_partition - m->first_slice];
        if (r->type == REQ_WRITE)
            req_free(l->pool, r);
        else {
            fifo_push(&l->fills, r);
            cache_prefetch(&l->cache, cache_line_of(&l->cache, r->addr)); /* installed at a later L2 tick */
        }
    }
}
