/* cache.c — tag array and MSHR table (see cache.h). */
#include "cache.h"
#include "ipoly.h"
#include "zero_pages.h"

#include <stdlib.h>
#include <string.h>

static uint32_t log2u(uint32_t v)
{
    uint32_t r = 0;
    while ((1u << r) < v)
        r++;
    return r;
}

/* Every frame empty; each set's order (its ways in index order) and its
 * maybe_empty bits are set up when it is first allocated into (set_up). */
static void reset_frames(cache_t *c)
{
    c->handed_out = -1;
    c->dirty_lines = 0;
    /* no set set up since the last reset: nothing was allocated, so the
     * frames and the tag index are all zero still, and clearing them would
     * only fault in pages a run never used (a core whose L1 a kernel did not
     * touch, at every launch) */
    const size_t ready_words = ((size_t)c->nsets + 63) / 64;
    size_t w = 0;
    while (w < ready_words && !c->set_ready[w])
        w++;
    if (w == ready_words)
        return;
    /* only the linked frames of the sets set up were written */
    for (; w < ready_words; w++)
        for (uint64_t bits = c->set_ready[w]; bits; bits &= bits - 1) {
            const size_t set = w * 64 + (size_t)__builtin_ctzll(bits);
            memset(c->lines + set * c->assoc, 0, c->linked[set] * sizeof *c->lines);
        }
    memset(c->set_ready, 0, ready_words * sizeof *c->set_ready);
    key_index_clear(&c->tag_index);
}

/* A set's first use since the cache was built or invalidated: its order
 * empty (ways join it as they are first allocated, cache_t.linked), every
 * frame (all empty) marked maybe empty. No frame is written. */
static void set_up(cache_t *c, uint32_t set)
{
    for (uint32_t w = 0; w < c->assoc; w++) {
        const size_t f = (size_t)set * c->assoc + w;
        c->maybe_empty[f / 64] |= 1ull << (f % 64);
    }
    c->oldest[set] = c->newest[set] = CACHE_NO_WAY;
    c->linked[set] = 0;
    c->set_ready[set / 64] |= 1ull << (set % 64);
}

/* Storage for nsets x assoc frames, all empty: nothing is written (every
 * set is set up at its first allocation), so a cache a run never uses costs
 * no memory. */
static void alloc_frames(cache_t *c)
{
    const size_t frames = (size_t)c->nsets * c->assoc;
    c->lines = zero_pages_alloc(frames, sizeof *c->lines);
    c->oldest = zero_pages_alloc(c->nsets, sizeof *c->oldest);
    c->newest = zero_pages_alloc(c->nsets, sizeof *c->newest);
    c->maybe_empty = zero_pages_alloc((frames + 63) / 64, sizeof *c->maybe_empty);
    c->set_ready = zero_pages_alloc(((size_t)c->nsets + 63) / 64, sizeof *c->set_ready);
    c->linked = zero_pages_alloc(c->nsets, sizeof *c->linked);
    key_index_init(&c->tag_index, (uint32_t)frames);
    c->handed_out = -1;
    c->dirty_lines = 0;
}

static void free_frames(cache_t *c)
{
    const size_t frames = (size_t)c->nsets * c->assoc;
    zero_pages_free(c->lines, frames, sizeof *c->lines);
    zero_pages_free(c->oldest, c->nsets, sizeof *c->oldest);
    zero_pages_free(c->newest, c->nsets, sizeof *c->newest);
    zero_pages_free(c->maybe_empty, (frames + 63) / 64, sizeof *c->maybe_empty);
    zero_pages_free(c->set_ready, ((size_t)c->nsets + 63) / 64, sizeof *c->set_ready);
    zero_pages_free(c->linked, c->nsets, sizeof *c->linked);
    key_index_free(&c->tag_index);
    c->linked = NULL;
    c->lines = NULL;
    c->oldest = c->newest = NULL;
    c->maybe_empty = c->set_ready = NULL;
}

void cache_init(cache_t *c, const cache_config_t *cfg)
{
    memset(c, 0, sizeof *c);
    c->cfg = *cfg;
    c->nsets = cfg->nsets ? cfg->nsets : 1;
    c->assoc = cfg->assoc ? cfg->assoc : 1;
    c->line_shift = log2u(cfg->line_size ? cfg->line_size : 128);
    c->set_bits = log2u(c->nsets);
    c->sectors_per_line = cfg->line_size >= SECTOR_BYTES ? cfg->line_size / SECTOR_BYTES : 1;
    if (c->sectors_per_line > 8)
        c->sectors_per_line = 8; /* masks are 8 bits: 256-byte lines at most are sectored */
    c->full_mask = (uint8_t)((1u << c->sectors_per_line) - 1u);
    alloc_frames(c);
}

void cache_set_assoc(cache_t *c, uint32_t assoc)
{
    assoc = assoc ? assoc : 1;
    if (assoc == c->assoc && c->lines) {
        /* the same geometry (most launches): emptied in place, as
         * cache_invalidate_all does, not unmapped and mapped again (12
         * system calls a core at every launch of a 132-core GPU) */
        reset_frames(c);
        return;
    }
    free_frames(c);
    c->assoc = c->cfg.assoc = assoc;
    alloc_frames(c);
}

void cache_invalidate_all(cache_t *c) { reset_frames(c); }

void cache_free(cache_t *c) { free_frames(c); }

uint8_t cache_sector_mask(const cache_t *c, uint64_t addr, uint32_t bytes)
{
    if (!c->cfg.sectored)
        return c->full_mask;
    uint32_t line_bytes = 1u << c->line_shift;
    uint32_t off = (uint32_t)(addr & (line_bytes - 1));
    uint32_t end = off + (bytes ? bytes : 1);
    if (end > line_bytes)
        end = line_bytes;
    uint32_t first = off / SECTOR_BYTES, last = (end - 1) / SECTOR_BYTES;
    uint32_t mask = 0;
    for (uint32_t s = first; s <= last && s < 8; s++)
        mask |= 1u << s;
    return (uint8_t)mask;
}

/* GPGPU-Sim's Fermi set hash (after Nugteren et al., HPCA'14), 32 or 64 sets:
 * the low five index bits XOR address bits 13, 14, 15, 17 and 19; with 64 sets
 * address bit 12 is the sixth index bit. */
static uint32_t fermi_hash(uint64_t addr, uint32_t nsets, unsigned line_shift)
{
    uint32_t lower = (uint32_t)(addr >> line_shift) & 0x1F;
    uint32_t upper = (uint32_t)((addr >> 13) & 7) | (uint32_t)((addr >> 14) & 8) | (uint32_t)((addr >> 15) & 16);
    uint32_t set = lower ^ upper;
    if (nsets == 64)
        set |= (uint32_t)(addr >> 7) & 0x20;
    return set;
}

/* Set index, GPGPU-Sim's functions by the cache string's letter: 'L' linear;
 * 'X' the index XOR the next higher bits; 'P' IPOLY (ipoly.h); 'H' the Fermi
 * hash for 32 or 64 sets. Where GPGPU-Sim has no such function (a set count
 * that is not a power of two; 'H' at other set counts) an xor-fold of the
 * upper line-address bits onto the index is our stand-in. The L2 indexes
 * with the address inside its partition (addrmap_partition_address), as
 * GPGPU-Sim does. */
static uint32_t set_index(const cache_t *c, uint64_t line)
{
    if (c->part_map)
        line = addrmap_partition_address(c->part_map, line << c->line_shift) >> c->line_shift;
    if (c->nsets & (c->nsets - 1))
        return (uint32_t)(line % c->nsets);
    if (c->set_bits == 0)
        return 0;
    uint32_t index = (uint32_t)line & (c->nsets - 1);
    uint64_t high = line >> c->set_bits;
    switch (c->cfg.set_index_fn) {
    case 'L':
        return index;
    case 'X':
        return index ^ ((uint32_t)high & (c->nsets - 1));
    case 'P':
        if (c->set_bits <= IPOLY_MAX_DEGREE)
            return ipoly_hash(high, index, c->set_bits);
        break;
    case 'H':
        if (c->nsets == 32 || c->nsets == 64)
            return fermi_hash(line << c->line_shift, c->nsets, c->line_shift);
        break;
    }
    uint64_t x = line, folded = 0;
    while (x) {
        folded ^= x;
        x >>= c->set_bits;
    }
    return (uint32_t)(folded & (c->nsets - 1));
}

/* Move frame f (a frame index) to the newest end of its set's order. */
static void make_newest(cache_t *c, uint32_t f)
{
    const uint32_t set = f / c->assoc;
    cache_line_t *ways = c->lines + (size_t)set * c->assoc;
    const uint32_t w = f - set * c->assoc;
    if (c->newest[set] == w)
        return;
    cache_line_t *l = &ways[w];
    /* unlink (w is not the newest, so it has a newer neighbour) */
    ways[l->newer].older = l->older;
    if (l->older != CACHE_NO_WAY)
        ways[l->older].newer = l->newer;
    else
        c->oldest[set] = l->newer;
    /* append */
    l->older = c->newest[set];
    l->newer = CACHE_NO_WAY;
    ways[c->newest[set]].newer = w;
    c->newest[set] = w;
}

/* Way w of `set`, never allocated into since the set was set up (w is
 * c->linked[set]), joins the newest end of its order. */
static void link_newest(cache_t *c, uint32_t set, uint32_t w)
{
    cache_line_t *ways = c->lines + (size_t)set * c->assoc;
    ways[w].older = c->newest[set];
    ways[w].newer = CACHE_NO_WAY;
    if (c->newest[set] != CACHE_NO_WAY)
        ways[c->newest[set]].newer = w;
    else
        c->oldest[set] = w;
    c->newest[set] = w;
    c->linked[set] = w + 1;
}

static inline void note_maybe_empty(cache_t *c, const cache_line_t *l)
{
    const size_t f = (size_t)(l - c->lines);
    c->maybe_empty[f / 64] |= 1ull << (f % 64);
}

/* The lowest empty way of `set`, or -1 (clearing the bits of frames found
 * present on the way). */
static int32_t lowest_empty_way(cache_t *c, uint32_t set)
{
    const size_t base = (size_t)set * c->assoc, end = base + c->assoc;
    const size_t unlinked = base + c->linked[set]; /* frames from here on are empty, never written */
    size_t i = base;
    while (i < end) {
        const size_t word = i / 64;
        const uint64_t bits = c->maybe_empty[word] & (~0ull << (i % 64));
        if (!bits) {
            i = (word + 1) * 64;
            continue;
        }
        const size_t f = word * 64 + (size_t)__builtin_ctzll(bits);
        if (f >= end)
            break;
        if (f >= unlinked || !cache_line_present(&c->lines[f]))
            return (int32_t)(f - base);
        c->maybe_empty[word] &= ~(1ull << (f % 64));
        i = f + 1;
    }
    return -1;
}

/* A line is present in at most one frame: cache_allocate is only asked for
 * a line that has none, and the frame it gives becomes the line's entry in
 * tag_index. So the indexed frame is the one a scan of the set would find. */
cache_line_t *cache_find(cache_t *c, uint64_t line, bool touch)
{
    const int32_t f = key_index_find(&c->tag_index, line);
    if (f < 0)
        return NULL;
    cache_line_t *l = &c->lines[f];
    if (!cache_line_present(l))
        return NULL;
    if (touch && c->cfg.replacement != 'F')
        make_newest(c, (uint32_t)f);
    return l;
}

/* May frame l be evicted now? Reserved frames never (their fetch would have
 * nowhere to land); dirty ones only once the dirty share reaches the write
 * ratio (GPGPU-Sim's -gpgpu_l1_cache_write_ratio: keep written lines while
 * there are few of them). */
static bool evictable(const cache_line_t *l, bool dirty_ok)
{
    if (l->reserved_mask)
        return false;
    return dirty_ok || !l->dirty_mask;
}

/* The oldest evictable frame of a set whose frames are all present. */
static cache_line_t *oldest_evictable(const cache_t *c, uint32_t set, bool dirty_ok)
{
    cache_line_t *ways = c->lines + (size_t)set * c->assoc;
    for (uint32_t w = c->oldest[set]; w != CACHE_NO_WAY; w = ways[w].newer)
        if (evictable(&ways[w], dirty_ok))
            return &ways[w];
    return NULL;
}

cache_line_t *cache_allocate(cache_t *c, uint64_t line, cache_line_t *evicted)
{
    if (c->handed_out >= 0 && !cache_line_present(&c->lines[c->handed_out]))
        note_maybe_empty(c, &c->lines[c->handed_out]);
    c->handed_out = -1;
    const uint32_t set = set_index(c, line);
    if (!(c->set_ready[set / 64] >> (set % 64) & 1))
        set_up(c, set);
    uint64_t frames = (uint64_t)c->nsets * c->assoc;
    bool dirty_ok = (uint64_t)c->dirty_lines * 100 >= (uint64_t)c->dirty_evict_pct * frames;
    /* an empty frame (the lowest), else the oldest that may be evicted */
    const int32_t empty = lowest_empty_way(c, set);
    cache_line_t *victim = empty >= 0 ? &c->lines[(size_t)set * c->assoc + (uint32_t)empty]
                                      : oldest_evictable(c, set, dirty_ok);
    if (!victim && !dirty_ok) /* only dirty frames left: take one rather than wait forever */
        victim = oldest_evictable(c, set, true);
    if (evicted)
        memset(evicted, 0, sizeof *evicted);
    if (!victim)
        return NULL;
    const int32_t frame = (int32_t)(victim - c->lines);
    const uint32_t way = (uint32_t)frame - set * c->assoc;
    /* a way never linked holds nothing and no entry points at it: it is not
     * read (its page may be fresh, and a read before the write below would
     * cost a second fault) */
    const bool fresh = way >= c->linked[set];
    if (!fresh && cache_line_present(victim)) {
        c->stats.evictions++;
        if (evicted)
            *evicted = *victim;
        if (victim->dirty_mask)
            c->dirty_lines--;
    }
    /* the frame's old line loses its entry (if it still points here) */
    if (!fresh)
        key_index_remove_if(&c->tag_index, victim->line, frame);
    key_index_set(&c->tag_index, line, frame);
    victim->line = line;
    victim->valid_mask = victim->dirty_mask = victim->reserved_mask = 0;
    c->maybe_empty[frame / 64] &= ~(1ull << (frame % 64));
    c->handed_out = frame; /* empty until its caller sets a mask */
    if (fresh)
        link_newest(c, set, way);
    else
        make_newest(c, (uint32_t)frame);
    return victim;
}

void cache_mark_dirty(cache_t *c, cache_line_t *l, uint8_t mask, bool readable)
{
    if (!l->dirty_mask && mask)
        c->dirty_lines++;
    l->dirty_mask |= mask;
    if (readable)
        l->valid_mask |= mask;
}

void cache_clear_sectors(cache_t *c, cache_line_t *l, uint8_t mask)
{
    bool was_dirty = l->dirty_mask != 0;
    l->valid_mask &= (uint8_t)~mask;
    l->dirty_mask &= (uint8_t)~mask;
    l->reserved_mask &= (uint8_t)~mask;
    if (was_dirty && !l->dirty_mask)
        c->dirty_lines--;
    if (!cache_line_present(l))
        note_maybe_empty(c, l);
}

void mshr_init(mshr_table_t *m, uint32_t entries, uint32_t max_merge)
{
    m->n = entries ? entries : 1;
    m->max_merge = max_merge ? max_merge : 1;
    m->used = 0;
    m->e = zero_pages_alloc(m->n, sizeof *m->e);
    m->waiters = zero_pages_alloc((size_t)m->n * m->max_merge, sizeof *m->waiters);
    key_index_init(&m->index, m->n);
    const uint32_t words = (m->n + 63) / 64;
    m->free_bits = cs_xcalloc(words, sizeof *m->free_bits);
    for (uint32_t i = 0; i < m->n; i++)
        m->free_bits[i / 64] |= 1ull << (i % 64);
}

void mshr_free(mshr_table_t *m)
{
    zero_pages_free(m->e, m->n, sizeof *m->e);
    zero_pages_free(m->waiters, (size_t)m->n * m->max_merge, sizeof *m->waiters);
    key_index_free(&m->index);
    free(m->free_bits);
    m->e = NULL;
    m->waiters = NULL;
    m->free_bits = NULL;
}

int mshr_find(const mshr_table_t *m, uint64_t line) { return key_index_find(&m->index, line); }

int mshr_alloc(mshr_table_t *m, uint64_t line)
{
    if (m->used >= m->n)
        return -1;
    uint32_t w = 0;
    while (!m->free_bits[w])
        w++;
    const int32_t i = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(m->free_bits[w]));
    m->free_bits[w] &= m->free_bits[w] - 1;
    m->e[i] = (mshr_entry_t){.line = line, .valid = true, .frame = -1};
    m->used++;
    key_index_set(&m->index, line, i);
    return (int)i;
}

bool mshr_add_waiter(mshr_table_t *m, int slot, uint32_t token)
{
    mshr_entry_t *e = &m->e[slot];
    if (e->nwait >= m->max_merge)
        return false;
    m->waiters[(size_t)slot * m->max_merge + e->nwait++] = token;
    return true;
}

void mshr_release(mshr_table_t *m, int slot)
{
    if (m->e[slot].valid) {
        key_index_remove(&m->index, m->e[slot].line);
        m->e[slot].valid = false;
        m->used--;
        m->free_bits[slot / 64] |= 1ull << (slot % 64);
    }
}

/* ------------------------------------------------------------------------ */
/* Access classes and statistics, shared by L1 and L2 */

cache_outcome_t cache_classify_read(cache_t *c, const mshr_table_t *m, uint64_t line, uint64_t mshr_key,
                                    uint8_t need, cache_line_t **line_out, int *slot)
{
    cache_line_t *cl = cache_find(c, line, true);
    *line_out = cl;
    *slot = -1;
    if (cl && (cl->valid_mask & need) == need)
        return CACHE_HIT;
    *slot = mshr_find(m, mshr_key);
    if (*slot < 0)
        return CACHE_MISS;
    /* sectors already valid need no fetch: the access waits only for the rest */
    uint8_t covered = m->e[*slot].fetch_mask | (cl ? cl->valid_mask : 0);
    return (need & (uint8_t)~covered) ? CACHE_MISS_MERGE : CACHE_PENDING_HIT;
}

void cache_count_read(cache_t *c, cache_outcome_t o)
{
    c->stats.accesses++;
    c->stats.read_accesses++;
    switch (o) {
    case CACHE_HIT:
        c->stats.hits++;
        break;
    case CACHE_PENDING_HIT: /* GPGPU-Sim's HIT_RESERVED: neither a hit nor a miss */
        c->stats.pending_hits++;
        c->stats.mshr_merges++;
        break;
    case CACHE_MISS_MERGE: /* merged, and still fetches sectors: a miss */
    case CACHE_MISS:
        c->stats.mshr_merges += o == CACHE_MISS_MERGE;
        c->stats.misses++;
        c->stats.read_misses++;
        break;
    }
}

void cache_count_kernel_read(kernel_stats_t *k, bool l2, cache_outcome_t o)
{
    if (!k)
        return;
    uint64_t *acc = l2 ? &k->l2_accesses : &k->l1_accesses, *hit = l2 ? &k->l2_hits : &k->l1_hits,
             *miss = l2 ? &k->l2_misses : &k->l1_misses, *pend = l2 ? &k->l2_pending_hits : &k->l1_pending_hits;
    (*acc)++;
    if (o == CACHE_HIT)
        (*hit)++;
    else if (o == CACHE_PENDING_HIT)
        (*pend)++;
    else
        (*miss)++;
}

void cache_count_kernel_write(kernel_stats_t *k, bool l2, bool hit)
{
    if (!k)
        return;
    if (l2) {
        k->l2_accesses++;
        hit ? k->l2_hits++ : k->l2_misses++;
    } else {
        k->l1_accesses++;
        hit ? k->l1_hits++ : k->l1_misses++;
    }
}

void cache_count_write(cache_t *c, bool hit)
{
    c->stats.accesses++;
    c->stats.write_accesses++;
    if (hit) {
        c->stats.hits++;
    } else {
        c->stats.misses++;
        c->stats.write_misses++;
    }
}
