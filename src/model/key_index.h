/* key_index.h — a hash index from 64-bit keys (line or sector addresses) to
 * small non-negative values (table positions), for lookups that would
 * otherwise scan a table: the MSHRs (up to 512 entries in QV100's L1).
 *
 * Open addressing with linear probing, at most half full; deletion shifts
 * later entries back, so no probe sequence is cut short and there are no
 * tombstones. Keys are kept in the index, so a lookup touches only it. */
#ifndef CTASIM_KEY_INDEX_H
#define CTASIM_KEY_INDEX_H

#include "util/common.h"

/* Key and value side by side: a probe touches one host cache line. The
 * value is stored plus one so that an all-zero table is empty: a new index
 * is then fresh zero pages (zero_pages.h), paid for only where keys land. */
typedef struct key_slot {
    uint64_t key;
    uint32_t val1;  /* the value + 1; 0: empty position */
} key_slot_t;

/* The table starts small and grows fourfold whenever it would be more than
 * half full, up to the size `max_keys` needs. A lookup or an insert touches
 * positions spread over the whole table (the keys are hashed), so a table
 * built whole at its largest size (a QV100 L1's tag index: 2 048 positions,
 * 8 pages) cost a page fault per page for the first keys of even a short
 * run; a growing one costs the pages its keys fill (docs/SPEED.md, s37).
 * Where keys sit in the table is nobody's business but key_index's: no
 * caller reads positions, so growth changes no result. */
#define KEY_INDEX_FIRST_POSITIONS 128u

typedef struct key_index {
    key_slot_t *slot;
    uint32_t mask;     /* positions - 1 */
    uint32_t count;    /* keys held, while below the largest size (only growth reads it) */
    uint32_t max_mask; /* positions - 1 at the largest size */
} key_index_t;

/* An empty index for at most `max_keys` keys at once. */
void key_index_init(key_index_t *x, uint32_t max_keys);
void key_index_free(key_index_t *x);
void key_index_clear(key_index_t *x);

static inline uint32_t key_index_home(const key_index_t *x, uint64_t key)
{
    /* Fibonacci hashing: addresses differ in their middle bits */
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & x->mask;
}

/* The value stored for `key`, or -1. */
static inline int32_t key_index_find(const key_index_t *x, uint64_t key)
{
    for (uint32_t p = key_index_home(x, key);; p = (p + 1) & x->mask)
        if (!x->slot[p].val1 || x->slot[p].key == key)
            return (int32_t)x->slot[p].val1 - 1;
}

/* Ask the host to bring `key`'s home position into its caches (a lookup
 * expected some cycles later). */
static inline void key_index_prefetch(const key_index_t *x, uint64_t key)
{
    __builtin_prefetch(&x->slot[key_index_home(x, key)]);
}

/* Store `val` (>= 0) for `key`, replacing any value it had. */
void key_index_set(key_index_t *x, uint64_t key, int32_t val);
/* Forget `key` (nothing if absent). */
void key_index_remove(key_index_t *x, uint64_t key);
/* Forget `key` only if its value is `val`. */
void key_index_remove_if(key_index_t *x, uint64_t key, int32_t val);

#endif
