/* cache.h — a set-associative tag array (LRU or FIFO, optional 32-byte sectors)
 * and an MSHR table, shared by the L1 data cache and the L2 slices.
 *
 * The tag array stores no data: the simulator is timing-only below the
 * front-end. Addresses handed in are byte addresses; the cache works on line
 * addresses (addr >> line_shift). Sector masks have one bit per 32-byte
 * sector of a line (at most 8 sectors for 256-byte lines); a non-sectored
 * cache treats every fill as all sectors. */
#ifndef CTASIM_CACHE_H
#define CTASIM_CACHE_H

#include "config/config.h"
#include "model/addrmap.h"
#include "model/key_index.h"
#include "model/counters.h"

#define SECTOR_BYTES 32u

/* A frame holds a line when any of its three masks is non-zero. A sector can
 * be valid (readable), reserved (allocate-on-miss: its fetch is in flight and
 * the frame may not be evicted until it lands) and dirty (written; with a
 * lazy write-allocate a partly written sector is dirty but not readable). */
typedef struct cache_line {
    uint64_t line;         /* line address (byte address >> line_shift) */
    uint8_t valid_mask;    /* sectors readable */
    uint8_t dirty_mask;    /* sectors written and not yet written back */
    uint8_t reserved_mask; /* sectors whose fetch is in flight (allocate-on-miss) */
    uint16_t owner;        /* who filled it (L1: warp slot), for victim-tag policies such as CCWS */
    /* The set's frames in order of last use (LRU) or allocation (FIFO),
     * oldest first: ways of the previous and next frame (NO_WAY at the ends). */
    uint32_t older, newer;
} cache_line_t;
#define CACHE_NO_WAY UINT32_MAX

static inline bool cache_line_present(const cache_line_t *l)
{
    return (l->valid_mask | l->dirty_mask | l->reserved_mask) != 0;
}

typedef struct cache_stats {
    uint64_t accesses, hits, misses;   /* reads and writes together */
    uint64_t read_accesses, read_misses;
    uint64_t write_accesses, write_misses;
    uint64_t mshr_merges, reservation_fails, evictions, writebacks;
    uint64_t pending_hits; /* merges whose fetch in flight brings every sector needed (not misses) */
} cache_stats_t;

typedef struct cache {
    cache_config_t cfg;
    uint32_t nsets, assoc, line_shift, set_bits, sectors_per_line;
    uint8_t full_mask;   /* all sectors of a line */
    cache_line_t *lines; /* nsets * assoc */
    /* Replacement order without a scan of the set (64 to 256 ways in QV100's
     * L1): per set, the way of its oldest and newest frame in the list that
     * cache_line_t.older/newer links. A use (LRU) or an allocation moves a
     * frame to the newest end, so the list is the order of GPGPU-Sim's
     * last-use stamps. */
    uint32_t *oldest, *newest;
    /* A bit per frame that may hold no line: set whenever a frame empties or
     * is handed out empty; cleared lazily when found present. Every empty
     * frame has its bit, so the lowest empty frame of a set is found without
     * a scan. */
    uint64_t *maybe_empty;
    /* A bit per set whose replacement order and maybe_empty bits are set up:
     * a set is set up by the first allocation into it (cache_allocate), so
     * that building a cache writes none of its frames (zero_pages.h) and a
     * run pays only for the sets it uses. Frames of a set not set up are all
     * zero: empty. */
    uint64_t *set_ready;
    /* Per set, how many of its ways are in its replacement order: ways
     * 0 .. linked-1, the ways allocated into at least once since the set was
     * set up (an allocation takes the lowest empty way, so a way joins the
     * order only after every lower way did). A way at or past `linked` is
     * empty and was never written, so a short run that fills a few ways of a
     * 256-way set writes only their frames. The ways not linked yet would
     * sit at the oldest end of the full order in index order, and the order
     * is read (oldest_evictable) only when every way is present, hence
     * linked: keeping them out of it changes no victim. */
    uint32_t *linked;
    /* The frame cache_allocate handed out last (empty; its caller normally
     * fills or reserves it at once): its bit is set only if it is still
     * empty at the next allocation, so that allocation does not have to
     * look at a frame long out of the host's caches. -1: none. */
    int64_t handed_out;
    /* Frame of each line by line address, so that a lookup does not scan
     * every way of a set (64 to 256 in QV100's L1). Kept by cache_allocate:
     * the entry of a line points at the frame last allocated for it, whose
     * `line` is that line; a frame whose masks have all emptied since keeps
     * its entry, and cache_find checks presence. At most one entry per frame. */
    key_index_t tag_index;
    const addrmap_t *part_map; /* L2: sets are indexed by the address inside the partition; NULL: the address */
    uint32_t dirty_lines;      /* frames with a dirty sector (kept by cache_mark_dirty / cache_clear_sectors) */
    uint32_t dirty_evict_pct;  /* -gpgpu_l1_cache_write_ratio: dirty frames are no victims while fewer
                                * than this percentage of all frames are dirty (0: always victims) */
    cache_stats_t stats;
} cache_t;

void cache_init(cache_t *c, const cache_config_t *cfg);
void cache_free(cache_t *c);
/* Change the number of ways (the unified L1's resize at a kernel launch); the
 * cache comes back empty. */
void cache_set_assoc(cache_t *c, uint32_t assoc);
/* Drop every line (-gpgpu_flush_l1_cache between kernels). */
void cache_invalidate_all(cache_t *c);

static inline uint64_t cache_line_of(const cache_t *c, uint64_t addr) { return addr >> c->line_shift; }
/* Sector mask covered by [addr, addr+bytes) within its line (bytes clipped to the line). */
uint8_t cache_sector_mask(const cache_t *c, uint64_t addr, uint32_t bytes);

/* A lookup of `line` is coming (a request in a delay line): start loading
 * its tag-index position into the host's caches. */
static inline void cache_prefetch(const cache_t *c, uint64_t line) { key_index_prefetch(&c->tag_index, line); }
/* Tag match for `line`, or NULL. `touch` updates LRU state. */
cache_line_t *cache_find(cache_t *c, uint64_t line, bool touch);
/* Frame index of l, for cache_find_near. */
static inline int32_t cache_frame_of(const cache_t *c, const cache_line_t *l) { return l ? (int32_t)(l - c->lines) : -1; }
/* cache_find(c, line, false) that first tries frame `guess` (a frame index
 * remembered from earlier, -1 none): a present frame holding the line is the
 * only one, so a right guess skips the index, a wrong one costs a lookup. */
static inline cache_line_t *cache_find_near(cache_t *c, uint64_t line, int32_t guess)
{
    if (guess >= 0 && (uint64_t)guess < (uint64_t)c->nsets * c->assoc) {
        cache_line_t *l = &c->lines[guess];
        if (l->line == line && cache_line_present(l))
            return l;
    }
    return cache_find(c, line, false);
}

/* Allocate a frame for `line` (must not be present): an empty frame if the
 * set has one, else the LRU/FIFO victim among the frames that may be evicted
 * (not reserved; not dirty while the dirty share is below dirty_evict_pct —
 * if only dirty ones are left they are taken all the same, since a
 * write-through L1 never cleans them). If a line was evicted, *evicted
 * receives a copy (masks 0 otherwise). The new frame has empty masks.
 * Returns NULL when every frame of the set is reserved (GPGPU-Sim's
 * RESERVATION_FAIL): the access must wait. */
cache_line_t *cache_allocate(cache_t *c, uint64_t line, cache_line_t *evicted);
/* Sectors `mask` become dirty (written), and readable too when `readable`. */
void cache_mark_dirty(cache_t *c, cache_line_t *l, uint8_t mask, bool readable);
/* Sectors `mask` lose every state (write-evict of part of a line). */
void cache_clear_sectors(cache_t *c, cache_line_t *l, uint8_t mask);
/* A fetch of `mask` landed: the sectors turn valid and are no longer reserved. */
static inline void cache_fill_sectors(cache_line_t *l, uint8_t mask)
{
    l->valid_mask |= mask;
    l->reserved_mask &= (uint8_t)~mask;
}

/* --- MSHR table --------------------------------------------------------
 * One entry per line being fetched; each entry collects up to max_merge
 * waiter ids (opaque 32-bit tokens chosen by the owner). */
typedef struct mshr_entry {
    uint64_t line;          /* the key: line address, or sector address (see cache_classify_read) */
    uint8_t fetch_mask;     /* sectors requested from below */
    uint8_t pending_fetches;/* fetches not yet returned */
    uint16_t nwait;
    bool valid;
    int32_t frame;          /* the owner's guess of the frame the fill lands in (cache_find_near), -1 none */
} mshr_entry_t;

typedef struct mshr_table {
    uint32_t n, max_merge, used;
    mshr_entry_t *e;
    uint32_t *waiters;      /* n * max_merge */
    /* Lookup without a scan of up to n entries (512 in QV100's L1): the
     * valid entries by key, and a bit per free entry for mshr_alloc. */
    key_index_t index;
    uint64_t *free_bits;
} mshr_table_t;

/* How a read of `need` sectors finds its line, GPGPU-Sim's access classes.
 * One owner for L1 and L2; what each cache then does differs (the L1 waits
 * when a fetch in flight lacks sectors, the L2 extends that fetch). */
typedef enum cache_outcome {
    CACHE_HIT,         /* every sector needed is valid */
    CACHE_PENDING_HIT, /* not valid yet, but a fetch in flight brings the rest (HIT_RESERVED) */
    CACHE_MISS_MERGE,  /* a fetch of the line is in flight but lacks some sector needed */
    CACHE_MISS,        /* no fetch of the line in flight */
} cache_outcome_t;

/* Classify a read (touches the line for LRU when present). *line_out = the
 * resident line or NULL; *slot = the MSHR entry in flight or -1. The MSHR
 * table is searched for `mshr_key`: the line, or for a cache whose MSHRs track
 * single sectors (GPGPU-Sim's sectored L1 from Maxwell on) the sector address. */
cache_outcome_t cache_classify_read(cache_t *c, const mshr_table_t *m, uint64_t line, uint64_t mshr_key,
                                    uint8_t need, cache_line_t **line_out, int *slot);
/* Count one access in c->stats, the only place cache statistics are kept. */
void cache_count_read(cache_t *c, cache_outcome_t o);
/* The same access counted for its kernel (k may be NULL), L1 or L2 column. */
void cache_count_kernel_read(kernel_stats_t *k, bool l2, cache_outcome_t o);
void cache_count_kernel_write(kernel_stats_t *k, bool l2, bool hit);
void cache_count_write(cache_t *c, bool hit);
static inline void cache_count_reservation_fail(cache_t *c) { c->stats.reservation_fails++; }

void mshr_init(mshr_table_t *m, uint32_t entries, uint32_t max_merge);
void mshr_free(mshr_table_t *m);
/* Entry fetching `line`, or -1. */
int mshr_find(const mshr_table_t *m, uint64_t line);
/* New entry for `line`, which must not have one (mshr_find said -1): the
 * free entry with the lowest index; -1 if the table is full. */
int mshr_alloc(mshr_table_t *m, uint64_t line);
/* Add a waiter; false if the entry's merge capacity is exhausted. */
bool mshr_add_waiter(mshr_table_t *m, int slot, uint32_t token);
static inline const uint32_t *mshr_waiters(const mshr_table_t *m, int slot) { return m->waiters + (size_t)slot * m->max_merge; }
void mshr_release(mshr_table_t *m, int slot);
static inline bool mshr_full(const mshr_table_t *m) { return m->used >= m->n; }

#endif
