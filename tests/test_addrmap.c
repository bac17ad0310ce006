/* test_addrmap.c — the address decoder against hand-computed GTX 480 decodes,
 * against an independent re-statement of GPGPU-Sim's mask-based decoding
 * (addrdec.cc: field masks shifted up by log2(n) above dramid@N) and of its
 * hand-expanded IPOLY equations (hashing.cc), and for balance and validation. */
#include "model/addrmap.h"
#include "test.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"

static addrmap_t map_or_die(const char *spec, uint32_t nch, uint32_t nsub, uint32_t indexing)
{
    addrmap_t m;
    cs_error_t err = {{0}};
    if (addrmap_init(&m, spec, nch, nsub, indexing, &err) != 0) {
        printf("  addrmap_init failed: %s\n", err.msg);
        exit(1);
    }
    return m;
}

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* --- GTX 480: hand-computed decodes ------------------------------------- */

/* Layout below bit 32 (after the channel is removed at bit 8):
 *   bits 0-5 S, 6-7 C[0:1], 8 B[0], 9-12 C[2:5], 13-15 B[1:3], 16-27 R[0:11].
 * chip = (A >> 8) % 6, rest = ((A >> 8) / 6) << 8 | (A & 0xFF). */
static void gtx480_hand_decodes(void)
{
    addrmap_t m = map_or_die(GTX480_MAP, 6, 2, 0);
    dram_coord_t d;

    addrmap_decode(&m, 0, &d);
    CHECK_EQ(d.channel, 0); CHECK_EQ(d.bank, 0); CHECK_EQ(d.row, 0); CHECK_EQ(d.col, 0);
    CHECK_EQ(d.sub_partition, 0);

    addrmap_decode(&m, 0xFF, &d); /* same 256-byte chunk; col = bits 6,7 = 3 */
    CHECK_EQ(d.channel, 0); CHECK_EQ(d.col, 3);

    addrmap_decode(&m, 0x100, &d); /* next chunk: next channel, same everything else */
    CHECK_EQ(d.channel, 1); CHECK_EQ(d.bank, 0); CHECK_EQ(d.row, 0); CHECK_EQ(d.col, 0);
    CHECK_EQ(d.sub_partition, 2);

    /* 0x600 = chunk 6: chip 0, quotient 1 -> rest bit 8 = B[0] = 1: bank 1, slice 1 */
    addrmap_decode(&m, 0x600, &d);
    CHECK_EQ(d.channel, 0); CHECK_EQ(d.bank, 1); CHECK_EQ(d.row, 0); CHECK_EQ(d.col, 0);
    CHECK_EQ(d.sub_partition, 1);

    /* 0x12345678: A>>8 = 0x123456 = 1193046 = 6 * 198841 -> chip 0, q = 0x308B9,
     * rest = 0x308B978: B[0] = bit 8 = 1, B[1:3] = bits 13-15 = 5 -> bank 11;
     * C[0:1] = bits 6,7 of 0x78 = 1, C[2:5] = bits 9-12 = 0xC -> col 49;
     * row = bits 16-27 = 0x308. Slice 0*2 + (11 & 1) = 1. */
    addrmap_decode(&m, 0x12345678, &d);
    CHECK_EQ(d.channel, 0); CHECK_EQ(d.bank, 11); CHECK_EQ(d.col, 49); CHECK_EQ(d.row, 0x308);
    CHECK_EQ(d.sub_partition, 1);

    /* 0x0ABCDFC0: A>>8 = 0xABCDF = 703711 = 6 * 117285 + 1 -> chip 1, q = 0x1CA25,
     * rest = 0x1CA25C0: B[0] = 1, B[1:3] = 1 -> bank 3; C[0:1] = 3, C[2:5] = 2 -> col 11;
     * row 0x1CA. Slice 1*2 + 1 = 3. */
    addrmap_decode(&m, 0x0ABCDFC0, &d);
    CHECK_EQ(d.channel, 1); CHECK_EQ(d.bank, 3); CHECK_EQ(d.col, 11); CHECK_EQ(d.row, 0x1CA);
    CHECK_EQ(d.sub_partition, 3);
}

/* Consecutive 256-byte chunks rotate over the 6 channels; each full rotation
 * flips B[0] and so alternates the L2 slice within the channel. */
static void gtx480_chunks_rotate_over_channels(void)
{
    addrmap_t m = map_or_die(GTX480_MAP, 6, 2, 0);
    for (uint64_t chunk = 0; chunk < 6000; chunk++) {
        dram_coord_t d;
        addrmap_decode(&m, chunk * 256 + 128, &d);
        CHECK_EQ(d.channel, chunk % 6);
        CHECK_EQ(d.sub_partition, (chunk % 6) * 2 + (chunk / 6) % 2);
        if (test_case_failed)
            return;
    }
}

static double max_min_ratio(const unsigned *v, unsigned n)
{
    unsigned lo = v[0], hi = v[0];
    for (unsigned i = 1; i < n; i++) {
        lo = CS_MIN(lo, v[i]);
        hi = CS_MAX(hi, v[i]);
    }
    return lo ? (double)hi / lo : 1e9;
}

/* A 6 MB stream of 128-byte lines spreads evenly over channels, slices and the
 * banks of each channel, and every coordinate is in range. (IPOLY is checked on
 * 8 channels: with 6, GPGPU-Sim folds a 16-slice hash mod 12, which by design
 * gives slices 0-3 twice the share, and we reproduce that.) */
static void streaming_spreads_evenly(void)
{
    static const struct { uint32_t nch, indexing; } cases[] = {{6, 0}, {8, 0}, {8, 1}, {8, 2}};
    for (unsigned k = 0; k < CS_ARRAY_LEN(cases); k++) {
        const uint32_t nch = cases[k].nch;
        addrmap_t m = map_or_die(GTX480_MAP, nch, 2, cases[k].indexing);
        unsigned per_ch[8] = {0}, per_sub[16] = {0}, per_bank[8 * 16] = {0};
        for (uint64_t a = 0x40000000; a < 0x40000000 + (6ull << 20); a += 128) {
            dram_coord_t d;
            addrmap_decode(&m, a, &d);
            CHECK(d.channel < nch && d.sub_partition < 2 * nch && d.bank < 16 && d.row < 4096 && d.col < 64);
            CHECK_EQ(d.sub_partition / 2, d.channel);
            per_ch[d.channel % 8]++;
            per_sub[d.sub_partition % 16]++;
            per_bank[(d.channel % 8) * 16 + d.bank % 16]++;
        }
        double rc = max_min_ratio(per_ch, nch), rs = max_min_ratio(per_sub, 2 * nch),
               rb = max_min_ratio(per_bank, 16 * nch);
        printf("  %u channels, indexing %u: max/min channel %.3f, slice %.3f, bank %.3f\n", nch,
               cases[k].indexing, rc, rs, rb);
        CHECK(rc < 1.05);
        CHECK(rs < 1.05);
        CHECK(rb < 1.05);
    }
}

/* Random 40-bit addresses under every indexing mode: coordinates in range. */
static void coordinates_always_in_range(void)
{
    struct { const char *spec; uint32_t nch, nsub; uint32_t nbk, nrow, ncol; } cases[] = {
        {GTX480_MAP, 6, 2, 16, 4096, 64},
        {GTX480_MAP, 8, 2, 16, 4096, 64},
        {GTX480_MAP, 12, 4, 16, 4096, 64},
        {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBCCCC.CCCSSSSS", 11, 1, 4, 16384, 128},
        {"00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.BBBBCCCC.DDDSSSSS", 8, 2, 16, 65536, 16},
    };
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (unsigned c = 0; c < CS_ARRAY_LEN(cases); c++)
        for (uint32_t ix = 0; ix <= 2; ix++) {
            addrmap_t m = map_or_die(cases[c].spec, cases[c].nch, cases[c].nsub, ix);
            for (int i = 0; i < 20000; i++) {
                dram_coord_t d;
                addrmap_decode(&m, rng_next(&x) & ((1ull << 40) - 1), &d);
                CHECK(d.channel < cases[c].nch);
                CHECK(d.sub_partition < cases[c].nch * cases[c].nsub);
                CHECK_EQ(d.sub_partition / cases[c].nsub, d.channel);
                CHECK(d.bank < cases[c].nbk && d.row < cases[c].nrow && d.col < cases[c].ncol);
                if (test_case_failed) {
                    printf("  case %u indexing %u\n", c, ix);
                    return;
                }
            }
        }
}

/* --- independent GPGPU-Sim reference ------------------------------------ */

/* Letter masks, read the way addrdec_parseoption does (bit 63 first). */
static void ref_masks(const char *spec, uint64_t *d, uint64_t *b, uint64_t *r, uint64_t *c)
{
    const char *p = strchr(spec, ';');
    p = p ? p + 1 : spec;
    *d = *b = *r = *c = 0;
    int ofs = 63;
    for (; *p; p++) {
        uint64_t bit = 1ull << ofs;
        switch (*p) {
        case 'D': *d |= bit; ofs--; break;
        case 'B': *b |= bit; ofs--; break;
        case 'R': *r |= bit; ofs--; break;
        case 'C': *c |= bit; ofs--; break;
        case 'S': case '0': ofs--; break;
        default: break;
        }
    }
}

static uint64_t ref_pext(uint64_t v, uint64_t mask)
{
    uint64_t out = 0;
    for (unsigned i = 0, pos = 0; i < 64; i++)
        if (mask >> i & 1)
            out |= (v >> i & 1) << pos++;
    return out;
}

/* GPGPU-Sim, power-of-two channel count with dramid@N: masks above bit N move
 * up by log2(n) and the channel occupies bits N..N+log2(n)-1. */
static void ref_decode_pow2(const char *spec, unsigned at, unsigned nch, uint64_t a, dram_coord_t *o)
{
    uint64_t d, b, r, c;
    ref_masks(spec, &d, &b, &r, &c);
    unsigned k = 0;
    while ((1u << k) < nch)
        k++;
    uint64_t low = (1ull << at) - 1;
    b = ((b & ~low) << k) | (b & low);
    r = ((r & ~low) << k) | (r & low);
    c = ((c & ~low) << k) | (c & low);
    d = ((1ull << k) - 1) << at;
    o->channel = (uint32_t)ref_pext(a, d);
    o->bank = (uint32_t)ref_pext(a, b);
    o->row = (uint32_t)ref_pext(a, r);
    o->col = (uint32_t)ref_pext(a, c);
}

/* hashing.cc ipoly_hash_function, its equations transcribed as bit lists:
 * output bit j = parity(a & mask_j) ^ b_j. */
static const int ipoly16_eq[4][10] = {
    {11, 10, 9, 8, 6, 4, 3, 0, -1}, {12, 8, 7, 6, 5, 3, 1, 0, -1},
    {9, 8, 7, 6, 4, 2, 1, -1},      {10, 9, 8, 7, 5, 3, 2, -1},
};
static const int ipoly32_eq[5][11] = {
    {13, 12, 11, 10, 9, 6, 5, 3, 0, -1}, {14, 13, 12, 11, 10, 7, 6, 4, 1, -1},
    {14, 10, 9, 8, 7, 6, 3, 2, 0, -1},   {11, 10, 9, 8, 7, 4, 3, 1, -1},
    {12, 11, 10, 9, 8, 5, 4, 2, -1},
};
static const int ipoly64_eq[6][11] = {
    {18, 17, 16, 15, 12, 10, 6, 5, 0, -1}, {15, 13, 12, 11, 10, 7, 5, 1, 0, -1},
    {16, 14, 13, 12, 11, 8, 6, 2, 1, -1},  {17, 15, 14, 13, 12, 9, 7, 3, 2, -1},
    {18, 16, 15, 14, 13, 10, 8, 4, 3, -1}, {17, 16, 15, 14, 11, 9, 5, 4, -1},
};

static uint32_t ref_ipoly(uint64_t a, uint32_t b, unsigned sets)
{
    uint32_t out = 0;
    for (unsigned j = 0; (1u << j) < sets; j++) {
        const int *eq = sets == 16 ? ipoly16_eq[j] : sets == 32 ? ipoly32_eq[j] : ipoly64_eq[j];
        uint32_t bit = (b >> j) & 1;
        for (; *eq >= 0; eq++)
            bit ^= (uint32_t)(a >> *eq) & 1;
        out |= bit << j;
    }
    return out;
}

/* dramid@N with a power-of-two channel count is GPGPU-Sim's mask insertion. */
static void pow2_dramid_matches_gpgpusim_masks(void)
{
    static const unsigned nchs[] = {1, 2, 4, 8, 16, 32};
    uint64_t x = 12345;
    for (unsigned k = 0; k < CS_ARRAY_LEN(nchs); k++) {
        addrmap_t m = map_or_die(GTX480_MAP, nchs[k], 2, 0);
        for (int i = 0; i < 20000; i++) {
            uint64_t a = rng_next(&x) & ((1ull << 36) - 1);
            dram_coord_t got, want;
            addrmap_decode(&m, a, &got);
            ref_decode_pow2(GTX480_MAP, 8, nchs[k], a, &want);
            CHECK_EQ(got.channel, want.channel);
            CHECK_EQ(got.bank, want.bank);
            CHECK_EQ(got.row, want.row);
            CHECK_EQ(got.col, want.col);
            CHECK_EQ(got.sub_partition, want.channel * 2 + (want.bank & 1));
            if (test_case_failed) {
                printf("  %u channels, address 0x%" PRIx64 "\n", nchs[k], a);
                return;
            }
        }
    }
}

/* IPOLY (indexing 2) equals GPGPU-Sim's equations for 16, 32, 64 slices, and
 * for 6 channels (16-slice hash, then mod 12). XOR (indexing 1) is
 * chip ^ (high bits & (n-1)). */
static void partition_indexing_matches_gpgpusim(void)
{
    static const unsigned nchs[] = {8, 16, 32};
    uint64_t x = 777;
    for (unsigned k = 0; k < CS_ARRAY_LEN(nchs); k++) {
        unsigned n = nchs[k], lg = n == 8 ? 3 : n == 16 ? 4 : 5;
        addrmap_t ip = map_or_die(GTX480_MAP, n, 2, 2), xr = map_or_die(GTX480_MAP, n, 2, 1);
        for (int i = 0; i < 20000; i++) {
            uint64_t a = rng_next(&x) & ((1ull << 40) - 1);
            dram_coord_t plain, got;
            ref_decode_pow2(GTX480_MAP, 8, n, a, &plain);
            uint64_t high = a >> (8 + lg + 1); /* ADDR_CHIP_S + log2 channels + log2 slices */
            uint32_t s = ref_ipoly(high, plain.channel * 2 + (plain.bank & 1), n * 2);
            addrmap_decode(&ip, a, &got);
            CHECK_EQ(got.sub_partition, s);
            CHECK_EQ(got.channel, s / 2);
            CHECK_EQ(got.bank, plain.bank);
            addrmap_decode(&xr, a, &got);
            CHECK_EQ(got.channel, plain.channel ^ (high & (n - 1)));
            if (test_case_failed)
                return;
        }
    }
    /* 6 channels: GPGPU-Sim hashes with next_pow2(6) * 2 = 16 sets, then mod 12;
     * high bits are the quotient (A >> 8) / 6. */
    addrmap_t m6 = map_or_die(GTX480_MAP, 6, 2, 2), plain6 = map_or_die(GTX480_MAP, 6, 2, 0);
    for (int i = 0; i < 20000; i++) {
        uint64_t a = rng_next(&x) & ((1ull << 40) - 1);
        dram_coord_t plain, got;
        addrmap_decode(&plain6, a, &plain);
        addrmap_decode(&m6, a, &got);
        uint32_t s = ref_ipoly((a >> 8) / 6, plain.sub_partition, 16) % 12;
        CHECK_EQ(got.sub_partition, s);
        if (test_case_failed)
            return;
    }
}

/* The table form of the IPOLY hash (one lookup per byte of the high bits)
 * equals the bit loop at every degree, high bits beyond those hashed
 * included. */
static void ipoly_table_matches_the_loop(void)
{
    uint64_t x = 99;
    for (unsigned degree = 0; degree <= IPOLY_MAX_DEGREE; degree++) {
        ipoly_table_t t;
        ipoly_table_init(&t, degree);
        for (int i = 0; i < 5000; i++) {
            uint64_t high = rng_next(&x) >> (i % 64);
            uint32_t index = (uint32_t)rng_next(&x) & ((1u << degree) - 1);
            CHECK_EQ(ipoly_table_hash(&t, high, index), ipoly_hash(high, index, degree));
            if (test_case_failed)
                return;
        }
    }
}

/* XOR indexing breaks the power-of-two stride pathology: a stride of
 * n_channels * 256 bytes hits one channel with plain indexing, all with XOR. */
static void xor_indexing_spreads_channel_strides(void)
{
    addrmap_t plain = map_or_die(GTX480_MAP, 8, 2, 0), xr = map_or_die(GTX480_MAP, 8, 2, 1);
    unsigned hit_plain[8] = {0}, hit_xor[8] = {0};
    for (uint64_t i = 0; i < 8192; i++) {
        dram_coord_t d;
        addrmap_decode(&plain, i * 8 * 256 * 2, &d);
        hit_plain[d.channel]++;
        addrmap_decode(&xr, i * 8 * 256 * 2, &d);
        hit_xor[d.channel]++;
    }
    CHECK_EQ(hit_plain[0], 8192);
    CHECK(max_min_ratio(hit_xor, 8) < 1.05);
}

/* --- power-of-two with D letters ----------------------------------------- */

static void d_letters_select_the_channel(void)
{
    /* bits 0-4 S, 5-7 D, 8-11 C, 12-15 B, 16-31 R */
    const char *spec = "00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.BBBBCCCC.DDDSSSSS";
    addrmap_t m = map_or_die(spec, 8, 2, 0);
    CHECK_EQ(m.dramid_at, -1);
    CHECK_EQ(m.nbits_d, 3);
    dram_coord_t d;
    addrmap_decode(&m, 5u << 5, &d);
    CHECK_EQ(d.channel, 5); CHECK_EQ(d.bank, 0); CHECK_EQ(d.sub_partition, 10);
    addrmap_decode(&m, (0xBEEFull << 16) | (0x3u << 12) | (0xAu << 8) | (0x2u << 5) | 0x1F, &d);
    CHECK_EQ(d.channel, 2); CHECK_EQ(d.bank, 3); CHECK_EQ(d.col, 0xA); CHECK_EQ(d.row, 0xBEEF);
    CHECK_EQ(d.sub_partition, 2 * 2 + 1);
    /* lower-case letters and '|' separators are accepted as in GPGPU-Sim */
    addrmap_t lc = map_or_die("00000000|00000000|00000000|00000000|rrrrrrrr|rrrrrrrr|bbbbcccc|dddsssss", 8, 2, 0);
    CHECK_EQ(memcmp(&lc, &m, sizeof m), 0);
    /* a single channel needs no D bits */
    addrmap_t one = map_or_die("00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.BBBBCCCC.CCCSSSSS", 1, 1, 0);
    addrmap_decode(&one, 0xFFFFFFFF, &d);
    CHECK_EQ(d.channel, 0); CHECK_EQ(d.sub_partition, 0);
}

/* --- validation ---------------------------------------------------------- */

/* The address inside the partition (GPGPU-Sim's L2 set index input), QV100's
 * mapping with 32 channels and 2 slices each:
 *   dramid@8;...RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS
 * A = 0x12345: the channel is (A >> 8) mod 32 = 0x123 mod 32 = 3; removing
 * it gives ((0x123 >> 5) << 8) | 0x45 = 0x945. The slice is the lowest bank
 * bit, bit 8 of that (1); removing it too: (0x945 >> 1 above bit 8) | 0x45 =
 * 0x400 | 0x45 = 0x445. With D letters (bits 9-10, 4 channels, one slice)
 * the D bits are dropped: 0x1E00 (bits 9-12) keeps bits 11-12, now 9-10:
 * 0x600. */
static void partition_address_drops_channel_and_slice_bits(void)
{
    addrmap_t q = map_or_die("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS", 32,
                             2, 0);
    CHECK_EQ(addrmap_partition_address(&q, 0x12345), 0x445);
    /* 0x12245: same channel and position, the other slice: the same partition address */
    CHECK_EQ(addrmap_partition_address(&q, 0x12245), 0x445);
    /* D letters at bits 9-10, one slice per channel: 0x1E00 -> bits 11-12 slide down to 9-10 */
    addrmap_t d = map_or_die("00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBDDCCC.CCSSSSSS", 4, 1, 0);
    CHECK_EQ(addrmap_partition_address(&d, 0x1E00), 0x600);
    CHECK_EQ(addrmap_partition_address(&d, 0x01FF), 0x01FF);
}

static void expect_reject(const char *spec, uint32_t nch, uint32_t nsub, uint32_t ix, const char *needle)
{
    addrmap_t m;
    cs_error_t err = {{0}};
    int rc = addrmap_init(&m, spec, nch, nsub, ix, &err);
    CHECK_EQ(rc, -1);
    if (rc == -1 && (!strstr(err.msg, needle) || !strstr(err.msg, "-gpgpu_m"))) {
        printf("  message for \"%s\" lacks \"%s\": %s\n", spec ? spec : "(null)", needle, err.msg);
        test_case_failed = 1;
    }
}

static void bad_mappings_are_rejected(void)
{
    const char *map64_d2 = "00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.BBBBCCCC.0DDSSSSS";
    expect_reject("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSX", 6, 2, 0,
                  "unexpected character 'X'");
    expect_reject("dramid@8;0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6, 2, 0, "32 bit positions given, 64 expected");
    expect_reject("dramid@8;000000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6, 2, 0,
                  "more than 64");
    expect_reject("dramid@x;00000000", 6, 2, 0, "bit number after 'dramid@'");
    expect_reject("dramid@80;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6, 2, 0,
                  "out of range");
    expect_reject("dramid@8 00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6, 2, 0,
                  "expected ';'");
    expect_reject("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CDSSSSSS", 4, 2, 0,
                  "both");
    expect_reject(map64_d2, 8, 2, 0, "2 D bits address 4 channels");
    expect_reject(map64_d2, 6, 2, 0, "not a power of two");
    expect_reject(GTX480_MAP, 0, 2, 0, "1 to 256");
    expect_reject(GTX480_MAP, 300, 2, 0, "1 to 256");
    expect_reject(GTX480_MAP, 6, 32, 0, "4 bank bits cannot choose among 32");
    expect_reject(GTX480_MAP, 6, 2, 3, "-gpgpu_memory_partition_indexing");
    expect_reject("", 6, 2, 0, "empty");
}

/* --- H100: IPOLY-modulo (-gpgpu_memory_partition_indexing 6) ------------ */

#define H100_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS"

/* 40 channels x 2 slices = 80 = 16 x 5: groups of 16 slices, IPOLY of degree
 * 4 (P = x^4 + x + 1, GPGPU-Sim's 16-slot equations) inside each.
 * chip = (A >> 8) mod 40, h = (A >> 8) / 40, local = the bank's bit 0 = A's
 * bit 7 (rest keeps A's low byte), s = 2 chip + local = 16 g + i,
 * s' = 16 g + (i xor H(h)), H(h) = sum of x^(4+j) mod P over h's set bits j:
 * x^4 = 0b0011, x^5 = 0b0110, x^6 = 0b1100, x^7 = 0b1011.
 *   A = 0x80:            chip 0, h 0, local 1: s = 1          -> slice 1,  channel 0
 *   A = 40*256 = 0x2800: chip 0, h 1, local 0: i 0 ^ 3 = 3    -> slice 3,  channel 1
 *   A = 2*40*256:        chip 0, h 2: i 0 ^ 6 = 6             -> slice 6,  channel 3
 *   A = 49*256:          chip 9, h 1: s 18 = 16 + 2, 2^3 = 1  -> slice 17, channel 8
 *   A = 159*256 + 0x80:  chip 39, h 3, local 1: s 79 = 64 + 15,
 *                        15 ^ (3 ^ 6) = 10                    -> slice 74, channel 37
 *   A = 8*40*256:        chip 0, h 8: 0 ^ 0b1011 (x^7)        -> slice 11, channel 5
 * Linear modulo indexing (0) would put the h = 1, 2, 8 ones on slice 0. */
static void ipoly_modulo_hand_decodes(void)
{
    addrmap_t m = map_or_die(H100_MAP, 40, 2, 6);
    CHECK_EQ(m.ipolym_group, 16);
    static const struct { uint64_t a; uint32_t slice, channel; } want[] = {
        {0x0, 0, 0}, {0x80, 1, 0}, {0x2800, 3, 1}, {2 * 40 * 256, 6, 3}, {49 * 256, 17, 8},
        {159 * 256 + 0x80, 74, 37}, {8 * 40 * 256, 11, 5},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        dram_coord_t d;
        addrmap_decode(&m, want[k].a, &d);
        CHECK_EQ(d.sub_partition, want[k].slice);
        CHECK_EQ(d.channel, want[k].channel);
    }
    /* a power-of-two slice count has one group: the same as IPOLY (mode 2) */
    addrmap_t a = map_or_die(GTX480_MAP, 16, 2, 6), b = map_or_die(GTX480_MAP, 16, 2, 2);
    uint64_t x = 99;
    for (int k = 0; k < 20000; k++) {
        uint64_t addr = rng_next(&x) & ((1ull << 40) - 1);
        dram_coord_t da, db;
        addrmap_decode(&a, addr, &da);
        addrmap_decode(&b, addr, &db);
        CHECK_EQ(da.sub_partition, db.sub_partition);
    }
}

/* Every 128-byte line of a contiguous range: each of the 80 slices gets
 * exactly the same number (for each h the map permutes the slices). A
 * stride of 40 x 256 bytes (one channel under linear modulo indexing) covers
 * the 16 slices of its group evenly instead of one. */
static void ipoly_modulo_spreads_evenly(void)
{
    addrmap_t m = map_or_die(H100_MAP, 40, 2, 6);
    uint32_t count[80] = {0};
    const uint64_t lines = 80ull * 4096;
    for (uint64_t a = 0; a < lines * 128; a += 128) {
        dram_coord_t d;
        addrmap_decode(&m, a, &d);
        CHECK(d.sub_partition < 80 && d.channel == d.sub_partition / 2);
        count[d.sub_partition]++;
    }
    for (int s = 0; s < 80; s++)
        CHECK_EQ(count[s], 4096);
    uint32_t hit[80] = {0};
    for (uint64_t k = 0; k < 16 * 64; k++) {
        dram_coord_t d;
        addrmap_decode(&m, 5 * 256 + k * 40 * 256, &d); /* chip 5, local 0: group 0 */
        hit[d.sub_partition]++;
    }
    for (int s = 0; s < 80; s++)
        CHECK_EQ(hit[s], s < 16 ? 64u : 0u);
    expect_reject(H100_MAP, 40, 2, 3, "not supported");
}

int main(void)
{
    RUN(gtx480_hand_decodes);
    RUN(gtx480_chunks_rotate_over_channels);
    RUN(streaming_spreads_evenly);
    RUN(coordinates_always_in_range);
    RUN(pow2_dramid_matches_gpgpusim_masks);
    RUN(partition_indexing_matches_gpgpusim);
    RUN(ipoly_table_matches_the_loop);
    RUN(xor_indexing_spreads_channel_strides);
    RUN(d_letters_select_the_channel);
    RUN(bad_mappings_are_rejected);
    RUN(partition_address_drops_channel_and_slice_bits);
    RUN(ipoly_modulo_hand_decodes);
    RUN(ipoly_modulo_spreads_evenly);
    TEST_EXIT();
}
