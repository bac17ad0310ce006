/* addrmap.c — GPGPU-Sim-compatible physical address decoding (see addrmap.h).
 *
 * Mapping string (-gpgpu_mem_addr_mapping), as GPGPU-Sim's addrdec.cc reads it:
 *   [dramid@N;]<64 letters, bit 63 first>
 * Letters: D channel, B bank, R row, C column, S byte within the burst, 0 bit
 * unused; lower case is accepted; '.', '|' and ' ' are separators. A field's
 * value is its bits packed in order (the lowest listed bit is field bit 0).
 * Unlike GPGPU-Sim, our `col` holds only the C bits (GPGPU-Sim also folds the
 * S bits into its column): the DRAM model needs the column in burst units.
 *
 * Channel selection, in one rule for every case:
 *   - "dramid@N;" with n channels: chip = (addr >> N) mod n, and the other
 *     fields are extracted from  rest = ((addr >> N) / n) << N | (addr mod 2^N),
 *     i.e. the channel index is removed from the address at bit N and the bits
 *     above slide down. For non-power-of-two n this is exactly GPGPU-Sim's
 *     "gap" path. For power-of-two n GPGPU-Sim instead shifts every field mask
 *     above bit N up by log2(n) and puts the channel bits at N..N+log2(n)-1;
 *     that is the same function (tested), computed here with a shift and a mask.
 *     Consecutive 2^N-byte chunks therefore rotate over the channels and no
 *     address space is lost.
 *   - D letters (no dramid@): chip = the D bits; n must be 2^(number of D bits)
 *     (GPGPU-Sim asserts a power of two here).
 *
 * Sub-partition (L2 slice): chip * n_sub + (bank mod n_sub) — the low bank
 * bits, as GPGPU-Sim (which requires n_sub to be a power of two; we accept any
 * n_sub and use the modulo).
 *
 * -gpgpu_memory_partition_indexing, on the "high bits" h = the address above
 * the channel (and sub-partition) bits, as GPGPU-Sim defines them:
 *   dramid@N, n not a power of two: h = (addr >> N) / n
 *   dramid@N, n a power of two:     h = addr >> (N + log2 n + log2 n_sub)
 *   D letters:                      h = addr >> (highest D bit + 1 + log2 n_sub)
 *     (GPGPU-Sim computes this one from ADDR_CHIP_S = -1, which is meaningless;
 *     "the bits above the channel field" is the evident intent.)
 *   0 consecutive: no change.
 *   1 bitwise XOR: chip ^= h & (n - 1). GPGPU-Sim aborts for non-power-of-two n;
 *     we rotate instead, chip = (chip + h) mod n (documented extension).
 *   2 IPOLY: the global sub-partition s = chip * n_sub + local is replaced by
 *     s' = s XOR (h(x) * x^k mod P(x)) over GF(2), k = log2 of the next power of
 *     two >= n * n_sub, P a primitive polynomial of degree k, h truncated to a
 *     fixed number of bits; then s' mod (n * n_sub) when that total is not a
 *     power of two; chip = s' / n_sub. For 16, 32 and 64 slices (P = x^4+x+1,
 *     x^5+x^2+1, x^6+x+1, h truncated to 13, 15, 19 bits) this reproduces
 *     GPGPU-Sim's hand-expanded ipoly_hash_function equations bit for bit; other
 *     sizes are our extension (GPGPU-Sim asserts).
 *   6 IPOLY-modulo (GPGPU-Sim's IPOLY_MODULO, for slice counts that are not a
 *     power of two, e.g. H100's 40 channels x 2 = 80): the total factors as
 *     2^k * m with m odd (80 = 16 x 5). The linear slice s = chip * n_sub +
 *     local is split as s = g * 2^k + i; the group g stays and i is replaced
 *     by the degree-k IPOLY hash of (h, i), h as above:
 *       s' = g * 2^k + ipoly_k(h, i),  chip = s' / n_sub.
 *     So the modulo channel selection (dramid@N with n not a power of two)
 *     picks the group and IPOLY spreads power-of-two strides inside it; for
 *     each h the map is a permutation of the slices, so a contiguous range
 *     spreads evenly. For a power-of-two total (m = 1) it is mode 2. This is
 *     our reading of GPGPU-Sim's description of the mode in addrdec.h ("we
 *     factorize the total numbers of sub partitions into powers of two and
 *     one other number ... within each group, the indexing is done by IPOLY
 *     hashing with degree being the power of two factor"); its hashing code
 *     for the mode was not available to compare against. For H100 (k = 4)
 *     ipoly_4 is GPGPU-Sim's 16-slot equation. */
#include "addrmap.h"
#include "ipoly.h"

#include <string.h>

#define MAP_ERR(err, ...) cs_err((err), NULL, 0, "-gpgpu_mem_addr_mapping: " __VA_ARGS__)

static bool is_pow2(uint32_t v) { return v && !(v & (v - 1)); }

/* ceil(log2(v)) for v >= 1 */
static unsigned log2_ceil(uint32_t v)
{
    unsigned k = 0;
    while ((1ull << k) < v)
        k++;
    return k;
}

static int add_bit(uint8_t *bits, uint8_t *nbits, int pos)
{
    /* The string is read from bit 63 down, so each new bit is the lowest so
     * far: shift the list up and put it first (lists are LSB first). */
    memmove(bits + 1, bits, *nbits);
    bits[0] = (uint8_t)pos;
    (*nbits)++;
    return 0;
}

/* A field's LSB-first bit list as runs of adjacent bits. */
static void make_runs(addr_runs_t *r, const uint8_t *bits, unsigned n)
{
    r->n = 0;
    for (unsigned i = 0; i < n;) {
        unsigned j = i + 1;
        while (j < n && bits[j] == bits[j - 1] + 1)
            j++;
        r->src[r->n] = bits[i];
        r->len[r->n] = (uint8_t)(j - i);
        r->dst[r->n] = (uint8_t)i;
        r->n++;
        i = j;
    }
}

int addrmap_init(addrmap_t *m, const char *spec, uint32_t n_channels, uint32_t n_sub_per_channel,
                 uint32_t indexing, cs_error_t *err)
{
    memset(m, 0, sizeof *m);
    m->dramid_at = -1;
    m->n_channels = n_channels;
    m->n_sub_per_channel = n_sub_per_channel;
    m->indexing = indexing;

    if (n_channels < 1 || n_channels > 256)
        return MAP_ERR(err, "%u channels (-gpgpu_n_mem) not supported, 1 to 256", n_channels);
    if (n_sub_per_channel < 1 || n_sub_per_channel > 64)
        return MAP_ERR(err, "%u sub-partitions per channel not supported, 1 to 64", n_sub_per_channel);
    if (indexing > 2 && indexing != 6)
        return cs_err(err, NULL, 0,
                      "-gpgpu_memory_partition_indexing: %u not supported (0 consecutive, 1 XOR, 2 IPOLY, 6 IPOLY-modulo)",
                      indexing);
    if (!spec || !*spec)
        return MAP_ERR(err, "empty mapping string");

    const char *p = spec;
    while (*p == ' ')
        p++;
    if (!strncmp(p, "dramid@", 7)) {
        p += 7;
        if (*p < '0' || *p > '9')
            return MAP_ERR(err, "expected a bit number after 'dramid@' in \"%s\"", spec);
        unsigned v = 0;
        while (*p >= '0' && *p <= '9' && v < 1000)
            v = v * 10 + (unsigned)(*p++ - '0');
        if (v > 63)
            return MAP_ERR(err, "dramid@%u is out of range (bit 0 to 63)", v);
        if (*p != ';')
            return MAP_ERR(err, "expected ';' after 'dramid@%u' in \"%s\"", v, spec);
        p++;
        m->dramid_at = (int)v;
    }

    int pos = 63; /* bit number of the next letter */
    for (const char *s = p; *s; s++) {
        char ch = *s;
        if (ch == '.' || ch == '|' || ch == ' ')
            continue;
        if (pos < 0)
            return MAP_ERR(err, "more than 64 bit positions in \"%s\"", spec);
        switch (ch) {
        case 'D': case 'd': add_bit(m->bits_d, &m->nbits_d, pos); break;
        case 'B': case 'b': add_bit(m->bits_b, &m->nbits_b, pos); break;
        case 'R': case 'r': add_bit(m->bits_r, &m->nbits_r, pos); break;
        case 'C': case 'c': add_bit(m->bits_c, &m->nbits_c, pos); break;
        case 'S': case 's': add_bit(m->bits_s, &m->nbits_s, pos); break;
        case '0': break;
        default:
            return MAP_ERR(err, "unexpected character '%c' at bit %d of \"%s\" (letters D B R C S 0, '.' separators)",
                           ch, pos, spec);
        }
        pos--;
    }
    if (pos != -1)
        return MAP_ERR(err, "%d bit positions given, 64 expected, in \"%s\"", 63 - pos, spec);

    if (m->nbits_b > 32 || m->nbits_r > 32 || m->nbits_c > 32)
        return MAP_ERR(err, "a bank, row or column field wider than 32 bits");
    if (m->dramid_at >= 0) {
        if (m->nbits_d)
            return MAP_ERR(err, "both 'dramid@%d' and D letters given; use one or the other", m->dramid_at);
    } else {
        if (!is_pow2(n_channels))
            return MAP_ERR(err, "%u channels is not a power of two: D letters cannot select them, use dramid@N;",
                           n_channels);
        if ((1ull << m->nbits_d) != n_channels)
            return MAP_ERR(err, "%u D bits address %llu channels, but -gpgpu_n_mem is %u", m->nbits_d,
                           1ull << m->nbits_d, n_channels);
    }
    if ((1ull << m->nbits_b) < n_sub_per_channel)
        return MAP_ERR(err, "%u bank bits cannot choose among %u L2 slices per channel", m->nbits_b,
                       n_sub_per_channel);
    if (indexing == 2 && log2_ceil(n_channels * n_sub_per_channel) >= IPOLY_MAX_DEGREE + 1)
        return cs_err(err, NULL, 0, "-gpgpu_memory_partition_indexing: IPOLY supports at most %u L2 slices",
                      1u << (IPOLY_MAX_DEGREE));
    make_runs(&m->runs_d, m->bits_d, m->nbits_d);
    make_runs(&m->runs_b, m->bits_b, m->nbits_b);
    make_runs(&m->runs_r, m->bits_r, m->nbits_r);
    make_runs(&m->runs_c, m->bits_c, m->nbits_c);
    if (indexing == 2)
        ipoly_table_init(&m->ipoly, log2_ceil(n_channels * n_sub_per_channel));
    if (indexing == 6) {
        /* total = 2^k * odd: IPOLY of degree k inside each group of 2^k slices */
        const uint32_t total = n_channels * n_sub_per_channel;
        m->ipolym_group = total & (0u - total);
        if (m->ipolym_group > (1u << IPOLY_MAX_DEGREE))
            return cs_err(err, NULL, 0,
                          "-gpgpu_memory_partition_indexing 6: %u L2 slices have a power-of-two factor above %u",
                          total, 1u << IPOLY_MAX_DEGREE);
        if (m->ipolym_group > 1)
            ipoly_table_init(&m->ipoly, (unsigned)__builtin_ctz(m->ipolym_group));
    }
    return 0;
}

/* Software pext: a field's bits of `a`, run by run (one shift and mask when
 * the bits are contiguous, the common case for rows). Fields are at most 32
 * bits (addrmap_init), so a run is at most 32 bits long. */
static inline uint32_t gather(uint64_t a, const addr_runs_t *r)
{
    uint32_t v = 0;
    for (unsigned k = 0; k < r->n; k++)
        v |= (uint32_t)((a >> r->src[k]) & ((1ull << r->len[k]) - 1)) << r->dst[k];
    return v;
}

void addrmap_decode(const addrmap_t *m, uint64_t addr, dram_coord_t *out)
{
    const uint32_t n = m->n_channels, nsub = m->n_sub_per_channel;
    const unsigned sub_bits = log2_ceil(nsub);
    uint64_t rest = addr, high;
    uint32_t chip;

    if (m->dramid_at >= 0) {
        const unsigned at = (unsigned)m->dramid_at;
        const uint64_t low = addr & ((1ull << at) - 1), above = addr >> at;
        if (is_pow2(n)) {
            const unsigned k = (unsigned)__builtin_ctz(n);
            chip = (uint32_t)(above & (n - 1));
            rest = ((k < 64 ? above >> k : 0) << at) | low;
            high = at + k + sub_bits < 64 ? addr >> (at + k + sub_bits) : 0;
        } else {
            /* one division per request; a 32-bit one when the address allows
             * (below 2^(32+N) bytes), which is several times cheaper */
            const uint64_t q = above <= UINT32_MAX ? (uint32_t)above / n : above / n;
            chip = (uint32_t)(above - q * n);
            rest = (q << at) | low;
            high = q;
        }
    } else {
        chip = gather(addr, &m->runs_d);
        const unsigned top = m->nbits_d ? m->bits_d[m->nbits_d - 1] + 1u : 0u;
        high = top + sub_bits < 64 ? addr >> (top + sub_bits) : 0;
    }

    out->bank = gather(rest, &m->runs_b);
    out->row = gather(rest, &m->runs_r);
    out->col = gather(rest, &m->runs_c);
    const uint32_t local = is_pow2(nsub) ? (out->bank & (nsub - 1)) : out->bank % nsub;

    switch (m->indexing) {
    case 1:
        chip = is_pow2(n) ? chip ^ (uint32_t)(high & (n - 1)) : (uint32_t)((chip + high % n) % n);
        break;
    case 2: {
        const uint32_t total = n * nsub;
        uint32_t s = ipoly_table_hash(&m->ipoly, high, chip * nsub + local);
        if (!is_pow2(total))
            s %= total;
        out->channel = s / nsub;
        out->sub_partition = s;
        return;
    }
    case 6: {
        /* IPOLY-modulo: the linear slice s = group * 2^k + i keeps its group
         * (which the modulo channel selection chose) and IPOLY permutes i */
        const uint32_t p = m->ipolym_group, s = chip * nsub + local;
        const uint32_t i = p > 1 ? ipoly_table_hash(&m->ipoly, high, s & (p - 1)) : 0;
        out->sub_partition = (s & ~(p - 1)) | i;
        out->channel = out->sub_partition / nsub;
        return;
    }
    default:
        break;
    }
    out->channel = chip;
    out->sub_partition = chip * nsub + local;
}

/* Remove bit `pos` from v: the bits above it slide down by one. */
static inline uint64_t drop_bit(uint64_t v, unsigned pos)
{
    uint64_t low = v & ((1ull << pos) - 1);
    return ((v >> 1) & ~((1ull << pos) - 1)) | low;
}

uint64_t addrmap_partition_address(const addrmap_t *m, uint64_t addr)
{
    const uint32_t n = m->n_channels, nsub = m->n_sub_per_channel;
    uint64_t rest = addr;
    if (m->dramid_at >= 0) {
        const unsigned at = (unsigned)m->dramid_at;
        const uint64_t low = addr & ((1ull << at) - 1), above = addr >> at;
        rest = ((is_pow2(n) ? above >> __builtin_ctz(n) : above / n) << at) | low;
    } else {
        for (unsigned i = m->nbits_d; i-- > 0;)
            rest = drop_bit(rest, m->bits_d[i]);
    }
    /* the sub-partition bits are the low bank bits (power-of-two counts only, as GPGPU-Sim) */
    if (is_pow2(nsub) && nsub > 1) {
        unsigned k = (unsigned)__builtin_ctz(nsub);
        for (unsigned i = k; i-- > 0;)
            if (i < m->nbits_b)
                rest = drop_bit(rest, m->bits_b[i]);
    }
    return rest;
}
