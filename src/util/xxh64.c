/* xxh64.c — XXH64 with seed 0, written from the algorithm's specification
 * (xxhash_spec.md, "XXH64 algorithm description"); see xxh64.h for why.
 * Inputs are read as little-endian words (memcpy on a little-endian host,
 * bytes assembled otherwise), so the value is the same on any host. */
#include "xxh64.h"

#include <string.h>

#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P4 0x85EBCA77C2B2AE63ull
#define P5 0x27D4EB2F165667C5ull

static inline uint64_t rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

static inline uint64_t read64(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, sizeof v); /* one load; the byte loop below is not merged into one */
    return v;
#else
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
#endif
}

static inline uint32_t read32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* One lane's step over one 8-byte word. */
static inline uint64_t lane_round(uint64_t acc, uint64_t word)
{
    acc += word * P2;
    acc = rotl64(acc, 31);
    return acc * P1;
}

static inline void consume_stripe(uint64_t lane[4], const unsigned char *p)
{
    lane[0] = lane_round(lane[0], read64(p));
    lane[1] = lane_round(lane[1], read64(p + 8));
    lane[2] = lane_round(lane[2], read64(p + 16));
    lane[3] = lane_round(lane[3], read64(p + 24));
}

void cs_xxh64_init(cs_xxh64_t *s)
{
    memset(s, 0, sizeof *s);
    s->lane[0] = P1 + P2; /* seed 0 */
    s->lane[1] = P2;
    s->lane[2] = 0;
    s->lane[3] = (uint64_t)0 - P1;
}

void cs_xxh64_update(cs_xxh64_t *s, const void *data, size_t len)
{
    const unsigned char *p = data;
    s->total += len;
    if (s->held) { /* finish the stripe left over from the last piece */
        size_t take = 32 - s->held < len ? 32 - s->held : len;
        memcpy(s->stripe + s->held, p, take);
        s->held += (uint32_t)take;
        p += take;
        len -= take;
        if (s->held < 32)
            return;
        consume_stripe(s->lane, s->stripe);
        s->held = 0;
    }
    uint64_t lane[4] = {s->lane[0], s->lane[1], s->lane[2], s->lane[3]};
    for (; len >= 32; p += 32, len -= 32)
        consume_stripe(lane, p);
    memcpy(s->lane, lane, sizeof lane);
    memcpy(s->stripe, p, len);
    s->held = (uint32_t)len;
}

static inline uint64_t merge_lane(uint64_t acc, uint64_t lane)
{
    acc ^= lane_round(0, lane);
    return acc * P1 + P4;
}

uint64_t cs_xxh64_digest(const cs_xxh64_t *s)
{
    uint64_t acc;
    if (s->total >= 32) {
        acc = rotl64(s->lane[0], 1) + rotl64(s->lane[1], 7) + rotl64(s->lane[2], 12) + rotl64(s->lane[3], 18);
        for (int i = 0; i < 4; i++)
            acc = merge_lane(acc, s->lane[i]);
    } else {
        acc = P5; /* seed 0 + P5 */
    }
    acc += s->total;
    const unsigned char *p = s->stripe;
    size_t left = s->held;
    for (; left >= 8; p += 8, left -= 8) {
        acc ^= lane_round(0, read64(p));
        acc = rotl64(acc, 27) * P1 + P4;
    }
    if (left >= 4) {
        acc ^= (uint64_t)read32(p) * P1;
        acc = rotl64(acc, 23) * P2 + P3;
        p += 4;
        left -= 4;
    }
    for (; left; p++, left--) {
        acc ^= *p * P5;
        acc = rotl64(acc, 11) * P1;
    }
    acc ^= acc >> 33;
    acc *= P2;
    acc ^= acc >> 29;
    acc *= P3;
    acc ^= acc >> 32;
    return acc;
}

uint64_t cs_xxh64(const void *data, size_t len)
{
    cs_xxh64_t s;
    cs_xxh64_init(&s);
    cs_xxh64_update(&s, data, len);
    return cs_xxh64_digest(&s);
}
