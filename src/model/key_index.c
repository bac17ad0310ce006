/* key_index.c — hash index from keys to values (see key_index.h). */
#include "key_index.h"

#include <stdlib.h>
#include <string.h>

void key_index_init(key_index_t *x, uint32_t max_keys)
{
    uint32_t cap = 2;
    while (cap < 2 * (uint64_t)max_keys)
        cap *= 2;
    x->mask = cap - 1;
    x->slot = cs_xcalloc(cap, sizeof *x->slot);
    key_index_clear(x);
}

void key_index_free(key_index_t *x)
{
    free(x->slot);
    x->slot = NULL;
}

void key_index_clear(key_index_t *x)
{
    for (size_t p = 0; p <= x->mask; p++)
        x->slot[p].val = -1;
}

void key_index_set(key_index_t *x, uint64_t key, int32_t val)
{
    uint32_t p = key_index_home(x, key);
    while (x->slot[p].val >= 0 && x->slot[p].key != key)
        p = (p + 1) & x->mask;
    x->slot[p].key = key;
    x->slot[p].val = val;
}

/* Empty position `hole`, moving later keys of its probe run back. */
static void remove_at(key_index_t *x, uint32_t hole)
{
    for (uint32_t p = (hole + 1) & x->mask; x->slot[p].val >= 0; p = (p + 1) & x->mask) {
        /* the key at p may move into the hole unless its home lies in (hole, p] */
        const uint32_t home = key_index_home(x, x->slot[p].key);
        if (((p - home) & x->mask) >= ((p - hole) & x->mask)) {
            x->slot[hole] = x->slot[p];
            hole = p;
        }
    }
    x->slot[hole].val = -1;
}

void key_index_remove(key_index_t *x, uint64_t key)
{
    uint32_t p = key_index_home(x, key);
    while (x->slot[p].val >= 0 && x->slot[p].key != key)
        p = (p + 1) & x->mask;
    if (x->slot[p].val >= 0)
        remove_at(x, p);
}

void key_index_remove_if(key_index_t *x, uint64_t key, int32_t val)
{
    uint32_t p = key_index_home(x, key);
    while (x->slot[p].val >= 0 && x->slot[p].key != key)
        p = (p + 1) & x->mask;
    if (x->slot[p].val >= 0 && x->slot[p].val == val)
        remove_at(x, p);
}
