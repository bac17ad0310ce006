/* test_key_index.c — the hash index from keys to values (model/key_index.h)
 * grows from a small table to the size its bound needs without losing or
 * changing a key, and the cache's replacement order, whose ways join it at
 * their first allocation (cache_t.linked), picks the same victims as an
 * order that held every way from the start. */
#include "model/cache.h"
#include "model/key_index.h"
#include "test.h"

/* A small deterministic generator (xorshift). */
static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* 1000 keys: the table starts at 128 positions and grows (512, then 2048)
 * to the 2048 that 1000 keys need at half load, never further; every key
 * keeps its value across each growth, removals and a clear. */
static void grows_to_its_bound_and_keeps_every_key(void)
{
    key_index_t x;
    key_index_init(&x, 1000);
    CHECK_EQ(x.mask + 1, KEY_INDEX_FIRST_POSITIONS);
    for (uint32_t i = 0; i < 1000; i++) {
        key_index_set(&x, 0x7f0000000000ull + (uint64_t)i * 4096, (int32_t)i); /* a stride that shares low bits */
        CHECK(x.mask == x.max_mask || 2 * x.count <= x.mask + 1);
        if (i == 63)
            CHECK_EQ(x.mask + 1, 128); /* 64 keys: half of 128 */
        if (i == 64)
            CHECK_EQ(x.mask + 1, 512);
    }
    CHECK_EQ(x.mask + 1, 2048);
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < 1000; i++)
        wrong += key_index_find(&x, 0x7f0000000000ull + (uint64_t)i * 4096) != (int32_t)i;
    CHECK_EQ(wrong, 0);
    CHECK_EQ(key_index_find(&x, 12345), -1);
    for (uint32_t i = 0; i < 1000; i += 2)
        key_index_remove(&x, 0x7f0000000000ull + (uint64_t)i * 4096);
    key_index_remove_if(&x, 0x7f0000000000ull + 1 * 4096, 7); /* another value: kept */
    for (uint32_t i = 0; i < 1000; i++)
        wrong += key_index_find(&x, 0x7f0000000000ull + (uint64_t)i * 4096) != (i % 2 ? (int32_t)i : -1);
    CHECK_EQ(wrong, 0);
    key_index_clear(&x);
    CHECK_EQ(x.count, 0);
    CHECK_EQ(key_index_find(&x, 0x7f0000000000ull + 4096), -1);
    key_index_free(&x);
}

/* Random sets, replacements and removals against a plain table of the
 * same keys: the index answers as the table does after every step. */
static void matches_a_plain_table(void)
{
    enum { KEYS = 300, STEPS = 20000 };
    int32_t plain[KEYS];
    for (int k = 0; k < KEYS; k++)
        plain[k] = -1;
    key_index_t x;
    key_index_init(&x, KEYS);
    uint64_t s = 88172645463325252ull;
    uint32_t wrong = 0, held = 0;
    for (int step = 0; step < STEPS; step++) {
        const uint32_t k = (uint32_t)(next_rand(&s) % KEYS);
        const uint64_t key = (uint64_t)k * 0x100000001ull + 3; /* keys need not be small */
        switch (next_rand(&s) % 4) {
        case 0:
        case 1:
            held += plain[k] < 0;
            plain[k] = (int32_t)(next_rand(&s) % 1000);
            key_index_set(&x, key, plain[k]);
            break;
        case 2:
            held -= plain[k] >= 0;
            plain[k] = -1;
            key_index_remove(&x, key);
            break;
        default:
            if (plain[k] >= 0 && next_rand(&s) % 2) {
                key_index_remove_if(&x, key, plain[k]);
                plain[k] = -1;
                held--;
            } else {
                key_index_remove_if(&x, key, 1000); /* no value is 1000: nothing removed */
            }
        }
        wrong += key_index_find(&x, key) != plain[k];
        wrong += x.mask < x.max_mask && x.count != held; /* kept while it may grow */
    }
    for (uint32_t k = 0; k < KEYS; k++)
        wrong += key_index_find(&x, (uint64_t)k * 0x100000001ull + 3) != plain[k];
    CHECK_EQ(wrong, 0);
    CHECK(x.mask + 1 <= 1024); /* 300 keys: at most 1024 positions */
    key_index_free(&x);
}

static cache_config_t one_set(uint32_t assoc)
{
    cache_config_t c = {.enabled = true, .nsets = 1, .line_size = 128, .assoc = assoc, .replacement = 'L',
                        .set_index_fn = 'L', .mshr_entries = 4, .mshr_max_merge = 2, .miss_queue = 4};
    return c;
}

/* An 8-way set filled in steps, a way emptied on the way, lines touched:
 * the victims are the least recently used of all eight ways, including the
 * ways that joined the order last, and an emptied way is filled before a
 * never-used one. */
static void ways_join_the_order_as_they_are_first_used(void)
{
    cache_config_t cc = one_set(8);
    cache_t c;
    cache_init(&c, &cc);
    for (uint64_t l = 10; l < 13; l++)
        cache_allocate(&c, l, NULL)->valid_mask = c.full_mask;
    CHECK_EQ(c.linked[0], 3);
    cache_line_t *l11 = cache_find(&c, 11, false);
    CHECK(l11 != NULL);
    cache_clear_sectors(&c, l11, c.full_mask); /* way 1 empties */
    cache_line_t *again = cache_allocate(&c, 20, NULL);
    CHECK_EQ(cache_frame_of(&c, again), 1); /* the lowest empty way, not way 3 */
    again->valid_mask = c.full_mask;
    CHECK_EQ(c.linked[0], 3);
    for (uint64_t l = 21; l < 26; l++) /* ways 3..7 */
        cache_allocate(&c, l, NULL)->valid_mask = c.full_mask;
    CHECK_EQ(c.linked[0], 8);
    /* use order now, oldest first: 10, 12, 20, 21, ..., 25; touch 10 and 21 */
    CHECK(cache_find(&c, 10, true) && cache_find(&c, 21, true));
    const uint64_t expect[] = {12, 20, 22, 23, 24, 25, 10, 21};
    uint32_t wrong = 0;
    for (unsigned i = 0; i < 8; i++) {
        cache_line_t ev;
        cache_allocate(&c, 100 + i, &ev)->valid_mask = c.full_mask;
        wrong += ev.line != expect[i];
    }
    CHECK_EQ(wrong, 0);
    CHECK_EQ(c.stats.evictions, 8);
    /* emptied whole: the order starts again from no way */
    cache_invalidate_all(&c);
    CHECK(cache_find(&c, 107, false) == NULL);
    cache_allocate(&c, 5, NULL)->valid_mask = c.full_mask;
    CHECK_EQ(c.linked[0], 1);
    CHECK(cache_find(&c, 5, false) == &c.lines[0]);
    cache_free(&c);
}

int main(void)
{
    RUN(grows_to_its_bound_and_keeps_every_key);
    RUN(matches_a_plain_table);
    RUN(ways_join_the_order_as_they_are_first_used);
    TEST_EXIT();
}
