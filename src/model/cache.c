/* cache.c — tag array and MSHR table (see cache.h). */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

static uint32_t log2u(uint32_t v)
{
    uint32_t r = 0;
    while ((1u << r) < v)
        r++;
    return r;
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
    c->lines = cs_xcalloc((size_t)c->nsets * c->assoc, sizeof *c->lines);
}

void cache_set_assoc(cache_t *c, uint32_t assoc)
{
    assoc = assoc ? assoc : 1;
    free(c->lines);
    c->assoc = c->cfg.assoc = assoc;
    c->lines = cs_xcalloc((size_t)c->nsets * c->assoc, sizeof *c->lines);
}

void cache_invalidate_all(cache_t *c)
{
    memset(c->lines, 0, (size_t)c->nsets * c->assoc * sizeof *c->lines);
}

void cache_free(cache_t *c)
{
    free(c->lines);
    c->lines = NULL;
}

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

/* Set index. 'L' is the line address modulo the set count. The hashed
 * functions ('H' Fermi, 'P' IPOLY, 'X' xor) spread power-of-two strides over
 * all sets, which is their purpose in GPGPU-Sim; we use an xor-fold of the
 * upper line-address bits onto the index bits, our own approximation. */
static uint32_t set_index(const cache_t *c, uint64_t line)
{
    if (c->cfg.set_index_fn == 'L' || (c->nsets & (c->nsets - 1)) || c->set_bits == 0)
        return (uint32_t)(line % c->nsets);
    uint64_t x = line, folded = 0;
    while (x) {
        folded ^= x;
        x >>= c->set_bits;
    }
    return (uint32_t)(folded & (c->nsets - 1));
}

cache_line_t *cache_find(cache_t *c, uint64_t line, bool touch)
{
    cache_line_t *set = c->lines + (size_t)set_index(c, line) * c->assoc;
    for (uint32_t w = 0; w < c->assoc; w++) {
        if (set[w].valid_mask && set[w].line == line) {
            if (touch && c->cfg.replacement != 'F')
                set[w].stamp = ++c->clock;
            return &set[w];
        }
    }
    return NULL;
}

cache_line_t *cache_allocate(cache_t *c, uint64_t line, cache_line_t *evicted)
{
    cache_line_t *set = c->lines + (size_t)set_index(c, line) * c->assoc;
    cache_line_t *victim = NULL;
    for (uint32_t w = 0; w < c->assoc; w++) {
        if (!set[w].valid_mask) {
            victim = &set[w];
            break;
        }
        if (!victim || set[w].stamp < victim->stamp)
            victim = &set[w];
    }
    if (evicted) {
        *evicted = *victim;
        if (!victim->valid_mask)
            evicted->valid_mask = evicted->dirty_mask = 0;
    }
    if (victim->valid_mask)
        c->stats.evictions++;
    victim->line = line;
    victim->valid_mask = 0;
    victim->dirty_mask = 0;
    victim->stamp = ++c->clock;
    return victim;
}

void cache_invalidate(cache_t *c, cache_line_t *l)
{
    (void)c;
    l->valid_mask = 0;
    l->dirty_mask = 0;
}

void mshr_init(mshr_table_t *m, uint32_t entries, uint32_t max_merge)
{
    m->n = entries ? entries : 1;
    m->max_merge = max_merge ? max_merge : 1;
    m->used = 0;
    m->e = cs_xcalloc(m->n, sizeof *m->e);
    m->waiters = cs_xcalloc((size_t)m->n * m->max_merge, sizeof *m->waiters);
}

void mshr_free(mshr_table_t *m)
{
    free(m->e);
    free(m->waiters);
    m->e = NULL;
    m->waiters = NULL;
}

int mshr_find(const mshr_table_t *m, uint64_t line)
{
    if (!m->used)
        return -1;
    for (uint32_t i = 0; i < m->n; i++)
        if (m->e[i].valid && m->e[i].line == line)
            return (int)i;
    return -1;
}

int mshr_alloc(mshr_table_t *m, uint64_t line)
{
    if (m->used >= m->n)
        return -1;
    for (uint32_t i = 0; i < m->n; i++) {
        if (!m->e[i].valid) {
            m->e[i] = (mshr_entry_t){.line = line, .valid = true};
            m->used++;
            return (int)i;
        }
    }
    return -1;
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
        m->e[slot].valid = false;
        m->used--;
    }
}

/* ------------------------------------------------------------------------ */
/* Access classes and statistics, shared by L1 and L2 */

cache_outcome_t cache_classify_read(cache_t *c, const mshr_table_t *m, uint64_t line, uint8_t need,
                                    cache_line_t **line_out, int *slot)
{
    cache_line_t *cl = cache_find(c, line, true);
    *line_out = cl;
    *slot = -1;
    if (cl && (cl->valid_mask & need) == need)
        return CACHE_HIT;
    *slot = mshr_find(m, line);
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
