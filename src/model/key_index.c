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
    x->keys = cs_xcalloc(cap, sizeof *x->keys);
    x->vals = cs_xcalloc(cap, sizeof *x->vals);
    key_index_clear(x);
}

void key_index_free(key_index_t *x)
{
    free(x->keys);
    free(x->vals);
    x->keys = NULL;
    x->vals = NULL;
}

void key_index_clear(key_index_t *x) { memset(x->vals, 0xff, ((size_t)x->mask + 1) * sizeof *x->vals); }

void key_index_set(key_index_t *x, uint64_t key, int32_t val)
{
    uint32_t p = key_index_home(x, key);
    while (x->vals[p] >= 0 && x->keys[p] != key)
        p = (p + 1) & x->mask;
    x->keys[p] = key;
    x->vals[p] = val;
}

void key_index_remove(key_index_t *x, uint64_t key)
{
    uint32_t hole = key_index_home(x, key);
    while (x->vals[hole] >= 0 && x->keys[hole] != key)
        hole = (hole + 1) & x->mask;
    if (x->vals[hole] < 0)
        return;
    for (uint32_t p = (hole + 1) & x->mask; x->vals[p] >= 0; p = (p + 1) & x->mask) {
        /* the key at p may move into the hole unless its home lies in (hole, p] */
        const uint32_t home = key_index_home(x, x->keys[p]);
        if (((p - home) & x->mask) >= ((p - hole) & x->mask)) {
            x->keys[hole] = x->keys[p];
            x->vals[hole] = x->vals[p];
            hole = p;
        }
    }
    x->vals[hole] = -1;
}
