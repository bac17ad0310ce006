/* coalesce.c — see coalesce.h. */
#include "coalesce.h"

#include <stdbool.h>
#include <string.h>

#define SECTOR_SIZE 32u

/* The accesses found so far and the range of their line addresses: a line
 * outside [lo, hi] is new without a search, which makes strided and
 * uncoalesced warps (up to 64 distinct lines) linear instead of quadratic. */
typedef struct access_list {
    mem_access_t *out;
    unsigned n;
    uint64_t lo, hi;
} access_list_t;

/* The 32-byte sectors (of the first eight) that bytes [off, off + len) of a line touch. */
static inline uint8_t sectors_of(uint32_t off, uint32_t len)
{
    uint32_t first = off / 32, last = (off + len - 1) / 32;
    if (first >= 8)
        return 0;
    uint32_t top = last < 8 ? last : 7;
    return (uint8_t)(((2u << top) - 1) & ~((1u << first) - 1));
}

static inline void add_bytes(access_list_t *l, uint64_t line_addr, uint32_t off, uint32_t len)
{
    const uint8_t mask = sectors_of(off, len);
    mem_access_t *out = l->out;
    unsigned n = l->n;
    if (n && line_addr >= l->lo && line_addr <= l->hi) {
        /* lanes mostly continue the latest line: look there first */
        unsigned i = n - 1;
        if (out[i].line_addr != line_addr)
            for (i = 0; i < n - 1 && out[i].line_addr != line_addr; i++)
                ;
        if (out[i].line_addr == line_addr) {
            out[i].sector_mask |= mask;
            out[i].bytes += len; /* upper bound on payload; overlap is rare for stores */
            return;
        }
    }
    if (!n || line_addr < l->lo)
        l->lo = line_addr;
    if (!n || line_addr > l->hi)
        l->hi = line_addr;
    out[n].line_addr = line_addr;
    out[n].sector_mask = mask;
    out[n].bytes = len;
    l->n = n + 1;
}

/* A full warp whose lanes access one contiguous range in lane order (each
 * lane's address `size` past the previous one's: a coalesced load or store,
 * the common case) touches the lines of that range, in ascending order,
 * which is the order of their lowest lanes: the general loop's result
 * without a search. 0 if the warp is not such a warp. */
static unsigned coalesce_contiguous(const warp_inst_t *in, uint32_t size, uint32_t line_size, mem_access_t *out)
{
    const uint64_t *a = in->addr;
    if (in->active_mask != 0xffffffffu)
        return 0;
    bool contiguous = true;
    for (unsigned i = 1; i < WARP_SIZE; i++)
        contiguous &= a[i] - a[i - 1] == size;
    const uint64_t lo = a[0], hi = lo + (uint64_t)WARP_SIZE * size; /* [lo, hi) */
    if (!contiguous || hi <= lo)
        return 0; /* (or the range wraps around the address space) */
    unsigned n = 0;
    for (uint64_t line = lo & ~(uint64_t)(line_size - 1); line < hi; line += line_size) {
        const uint64_t from = lo > line ? lo : line, to = hi < line + line_size ? hi : line + line_size;
        out[n].line_addr = line;
        out[n].sector_mask = sectors_of((uint32_t)(from - line), (uint32_t)(to - from));
        out[n].bytes = (uint32_t)(to - from);
        n++;
    }
    return n;
}

unsigned coalesce_warp(const warp_inst_t *in, uint32_t line_size, mem_access_t *out)
{
    access_list_t l = {.out = out};
    uint32_t size = in->access_size ? in->access_size : 4;
    const unsigned contiguous = coalesce_contiguous(in, size, line_size, out);
    if (contiguous)
        return contiguous;
    uint64_t line_mask = ~(uint64_t)(line_size - 1);
    uint32_t mask = in->active_mask;
    while (mask) {
        unsigned lane = (unsigned)__builtin_ctz(mask);
        mask &= mask - 1;
        uint64_t a = in->addr[lane];
        uint64_t line = a & line_mask;
        uint32_t off = (uint32_t)(a - line);
        if (off + size <= line_size) {
            add_bytes(&l, line, off, size);
        } else { /* straddles two lines */
            uint32_t first = line_size - off;
            add_bytes(&l, line, off, first);
            add_bytes(&l, line + line_size, 0, size - first);
        }
    }
    /* A store's payload cannot exceed the line. */
    for (unsigned i = 0; i < l.n; i++)
        if (out[i].bytes > line_size)
            out[i].bytes = line_size;
    return l.n;
}

unsigned coalesce_warp_sectors(const warp_inst_t *in, uint32_t line_size, mem_access_t *out)
{
    if (line_size <= SECTOR_SIZE)
        return coalesce_warp(in, line_size, out);
    unsigned n = coalesce_warp(in, SECTOR_SIZE, out);
    for (unsigned i = 0; i < n; i++) {
        uint64_t sector = out[i].line_addr;
        out[i].line_addr = sector & ~(uint64_t)(line_size - 1);
        out[i].sector_mask = (uint8_t)(1u << ((sector - out[i].line_addr) / SECTOR_SIZE));
    }
    return n;
}

/* Bank of each active lane's first word, with shifts and masks where the
 * bank width and count are powers of two (always, in practice): a 64-bit
 * division per lane was most of this function's time. */
static inline uint64_t word_of(uint64_t addr, uint32_t bank_width, int width_shift)
{
    return width_shift >= 0 ? addr >> width_shift : addr / bank_width;
}

static inline unsigned bank_of(uint64_t word, uint32_t nbanks, bool pow2_banks)
{
    return (unsigned)(pow2_banks ? word & (nbanks - 1) : word % nbanks);
}

unsigned shmem_conflict_degree(const warp_inst_t *in, uint32_t nbanks, uint32_t bank_width)
{
    if (!in->active_mask)
        return 0;
    if (nbanks > 64)
        nbanks = 64;
    uint32_t words_per_lane = (in->access_size + bank_width - 1) / bank_width;
    if (!words_per_lane)
        words_per_lane = 1;
    int width_shift = (bank_width & (bank_width - 1)) == 0 ? __builtin_ctz(bank_width) : -1;
    bool pow2_banks = nbanks && (nbanks & (nbanks - 1)) == 0;
    /* Fast path, one word per lane: when no bank is asked for two different
     * words (distinct banks, or broadcasts of one word) there is one pass. */
    if (words_per_lane == 1) {
        uint64_t seen = 0, bank_word[64];
        bool conflict = false;
        for (uint32_t mask = in->active_mask; mask; mask &= mask - 1) {
            uint64_t word = word_of(in->addr[__builtin_ctz(mask)], bank_width, width_shift);
            unsigned bank = bank_of(word, nbanks, pow2_banks);
            if (!(seen >> bank & 1)) {
                seen |= 1ull << bank;
                bank_word[bank] = word;
            } else if (bank_word[bank] != word) {
                conflict = true;
                break;
            }
        }
        if (!conflict)
            return 1;
    }
    /* distinct words per bank: small arrays, warp-sized work */
    uint64_t words[64][WARP_SIZE * 4];
    unsigned count[64];
    memset(count, 0, sizeof count);
    unsigned degree = 1;
    uint32_t mask = in->active_mask;
    while (mask) {
        unsigned lane = (unsigned)__builtin_ctz(mask);
        mask &= mask - 1;
        for (uint32_t w = 0; w < words_per_lane && w < 4; w++) {
            uint64_t word = word_of(in->addr[lane], bank_width, width_shift) + w;
            unsigned bank = bank_of(word, nbanks, pow2_banks);
            unsigned k;
            for (k = 0; k < count[bank]; k++)
                if (words[bank][k] == word)
                    break;
            if (k == count[bank]) {
                words[bank][count[bank]++] = word;
                if (count[bank] > degree)
                    degree = count[bank];
            }
        }
    }
    return degree;
}
