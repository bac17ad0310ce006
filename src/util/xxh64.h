/* xxh64.h — XXH64 (seed 0), the 64-bit xxHash of Yann Collet's published
 * specification, over a byte stream fed in pieces of any size.
 *
 * Why this hash: provenance checksums every input file, and a trace can be
 * gigabytes of text. FNV-1a, used before, takes one multiply per byte in a
 * dependent chain (about 6 % of a plain-text trace run); XXH64 consumes 32
 * bytes per step in four independent lanes, an order of magnitude faster,
 * and a user can check the value with the standard tool (`xxh64sum FILE`,
 * Debian's xxhash package). A content key, not a signature. */
#ifndef CTASIM_XXH64_H
#define CTASIM_XXH64_H

#include <stddef.h>
#include <stdint.h>

typedef struct cs_xxh64 {
    uint64_t lane[4];         /* the four accumulators */
    uint64_t total;           /* bytes fed so far */
    unsigned char stripe[32]; /* an unfinished 32-byte stripe */
    uint32_t held;            /* bytes in it */
} cs_xxh64_t;

void cs_xxh64_init(cs_xxh64_t *s);
void cs_xxh64_update(cs_xxh64_t *s, const void *data, size_t len);
/* The hash of everything fed so far (the state is left unchanged). */
uint64_t cs_xxh64_digest(const cs_xxh64_t *s);
/* One buffer at once. */
uint64_t cs_xxh64(const void *data, size_t len);

#endif
