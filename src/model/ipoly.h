/* ipoly.h — IPOLY hashing (Rau, "Pseudo-randomly interleaved memory", ISCA'91):
 * an index XORed with (high(x) * x^degree mod P(x)) over GF(2), P a primitive
 * polynomial of the index's width. Powers-of-two strides then spread over all
 * 2^degree slots. Used for L2 slice selection (-gpgpu_memory_partition_indexing
 * 2) and cache set indexing (set-index letter 'P').
 *
 * For degrees 4, 5 and 6 (16, 32, 64 slots: P = x^4+x+1, x^5+x^2+1, x^6+x+1,
 * the high bits truncated to 13, 15 and 19) this reproduces GPGPU-Sim's
 * hand-expanded equations bit for bit; other degrees are our extension. */
#ifndef CTASIM_IPOLY_H
#define CTASIM_IPOLY_H

#include <stdint.h>

#define IPOLY_MAX_DEGREE 14

/* Primitive polynomials over GF(2) by degree (bit i = coefficient of x^i). */
static const uint32_t ipoly_poly[IPOLY_MAX_DEGREE + 1] = {
    0, 0x3, 0x7, 0xB, 0x13, 0x25, 0x43, 0x83, 0x11D, 0x211, 0x409, 0x805, 0x1053, 0x201B, 0x4443,
};

/* How many high address bits feed the hash (GPGPU-Sim's tables use a[0..12],
 * a[0..14] and a[0..18] for 16, 32 and 64 slots). */
static inline unsigned ipoly_high_bits(unsigned degree)
{
    switch (degree) {
    case 4: return 13;
    case 5: return 15;
    case 6: return 19;
    default: return 24;
    }
}

/* Walks the high bits while keeping x^(degree+i) mod P in `column`: ~20
 * shift/xor steps, no tables. 1 <= degree <= IPOLY_MAX_DEGREE. */
static inline uint32_t ipoly_hash(uint64_t high, uint32_t index, unsigned degree)
{
    const uint32_t poly = ipoly_poly[degree], top = 1u << degree;
    uint32_t column = poly ^ top; /* x^degree mod P */
    uint32_t h = index;
    unsigned nbits = ipoly_high_bits(degree);
    for (unsigned i = 0; i < nbits && high; i++, high >>= 1) {
        h ^= (uint32_t)(-(int32_t)(high & 1)) & column;
        column <<= 1;
        if (column & top)
            column ^= poly;
    }
    return h & (top - 1);
}

/* The same hash by table, for a hash applied per request: the high bits
 * split into bytes, each byte's columns XORed in advance (3 lookups instead
 * of a loop over up to 24 bits). */
typedef struct ipoly_table {
    uint32_t byte[3][256];
    uint32_t high_mask, index_mask;
} ipoly_table_t;

static inline void ipoly_table_init(ipoly_table_t *t, unsigned degree)
{
    const uint32_t poly = ipoly_poly[degree], top = 1u << degree;
    const unsigned nbits = ipoly_high_bits(degree); /* <= 24 */
    uint32_t column = poly ^ top, col[24];
    for (unsigned i = 0; i < nbits; i++) {
        col[i] = column;
        column <<= 1;
        if (column & top)
            column ^= poly;
    }
    for (unsigned k = 0; k < 3; k++)
        for (unsigned b = 0; b < 256; b++) {
            uint32_t v = 0;
            for (unsigned i = 0; i < 8; i++)
                if ((b >> i & 1) && 8 * k + i < nbits)
                    v ^= col[8 * k + i];
            t->byte[k][b] = v;
        }
    t->high_mask = (1u << nbits) - 1;
    t->index_mask = top - 1;
}

/* ipoly_hash(high, index, degree) for the degree t was built for. */
static inline uint32_t ipoly_table_hash(const ipoly_table_t *t, uint64_t high, uint32_t index)
{
    const uint32_t h = (uint32_t)high & t->high_mask;
    return (index ^ t->byte[0][h & 255] ^ t->byte[1][(h >> 8) & 255] ^ t->byte[2][h >> 16]) & t->index_mask;
}

#endif
