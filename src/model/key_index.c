/* key_index.c — hash index from keys to values (see key_index.h). */
#include "key_index.h"
#include "zero_pages.h"

#include <stdlib.h>
#include <string.h>

void key_index_init(key_index_t *x, uint32_t max_keys)
{
    uint32_t cap = 2;
    while (cap < 2 * (uint64_t)max_keys)
        cap *= 2;
    x->max_mask = cap - 1;
    x->mask = CS_MIN(cap, KEY_INDEX_FIRST_POSITIONS) - 1;
    x->count = 0;
    x->slot = zero_pages_alloc((size_t)x->mask + 1, sizeof *x->slot); /* all zero: empty */
}

void key_index_free(key_index_t *x)
{
    if (x->slot)
        zero_pages_free(x->slot, (size_t)x->mask + 1, sizeof *x->slot);
    x->slot = NULL;
    x->count = 0;
}

/* Emptied at its present size: a table that grew for a kernel's keys is
 * likely to be filled as much by the next one. */
void key_index_clear(key_index_t *x)
{
    memset(x->slot, 0, ((size_t)x->mask + 1) * sizeof *x->slot);
    x->count = 0;
}

/* Four times the positions (at most the largest size), every key at its
 * place in the larger table. Fourfold, not twofold: a rehash costs a scan of
 * the old table and an insert per key, and a QV100 L1's index reaches its
 * 2 048 positions in two rehashes (from 128, from 512) instead of four,
 * while a short run's few keys still fill a page or two. Out of line and
 * cold: key_index_set (an insert per cache allocation and MSHR) stays a
 * leaf without register saves. */
__attribute__((noinline, cold)) static void grow(key_index_t *x)
{
    key_index_t old = *x;
    x->mask = (uint32_t)CS_MIN(((uint64_t)old.mask + 1) * 4, (uint64_t)old.max_mask + 1) - 1;
    x->slot = zero_pages_alloc((size_t)x->mask + 1, sizeof *x->slot);
    for (uint32_t i = 0; i <= old.mask; i++)
        if (old.slot[i].val1) {
            uint32_t p = key_index_home(x, old.slot[i].key);
            while (x->slot[p].val1)
                p = (p + 1) & x->mask;
            x->slot[p] = old.slot[i];
        }
    zero_pages_free(old.slot, (size_t)old.mask + 1, sizeof *old.slot);
}

void key_index_set(key_index_t *x, uint64_t key, int32_t val)
{
    uint32_t p = key_index_home(x, key);
    while (x->slot[p].val1 && x->slot[p].key != key)
        p = (p + 1) & x->mask;
    if (!x->slot[p].val1 && x->mask < x->max_mask) {
        /* a new key in a table that may still grow: at most half of the
         * positions may hold keys (at the largest size key_index_init's
         * bound keeps it so, and count is no longer kept) */
        if (2 * ((uint64_t)x->count + 1) > (uint64_t)x->mask + 1) {
            grow(x);
            for (p = key_index_home(x, key); x->slot[p].val1; p = (p + 1) & x->mask)
                ;
        }
        x->count++;
    }
    x->slot[p].key = key;
    x->slot[p].val1 = (uint32_t)val + 1;
}

/* Empty position `hole`, moving later keys of its probe run back. */
static void remove_at(key_index_t *x, uint32_t hole)
{
    for (uint32_t p = (hole + 1) & x->mask; x->slot[p].val1; p = (p + 1) & x->mask) {
        /* the key at p may move into the hole unless its home lies in (hole, p] */
        const uint32_t home = key_index_home(x, x->slot[p].key);
        if (((p - home) & x->mask) >= ((p - hole) & x->mask)) {
            x->slot[hole] = x->slot[p];
            hole = p;
        }
    }
    x->slot[hole].val1 = 0;
    if (x->mask < x->max_mask)
        x->count--;
}

void key_index_remove(key_index_t *x, uint64_t key)
{
    uint32_t p = key_index_home(x, key);
    while (x->slot[p].val1 && x->slot[p].key != key)
        p = (p + 1) & x->mask;
    if (x->slot[p].val1)
        remove_at(x, p);
}

void key_index_remove_if(key_index_t *x, uint64_t key, int32_t val)
{
    uint32_t p = key_index_home(x, key);
    while (x->slot[p].val1 && x->slot[p].key != key)
        p = (p + 1) & x->mask;
    if (x->slot[p].val1 && x->slot[p].val1 == (uint32_t)val + 1)
        remove_at(x, p);
}
