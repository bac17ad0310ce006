/* app_sto.c — STO: StoreGPU-style direct hashing: MD5 (RFC 1321) of every
 * 512-byte chunk of a buffer, one thread per chunk, 128-thread CTAs that
 * stage their chunks' blocks in shared memory (workloads/kernels/sto.cu).
 * The buffer is random bytes. The CPU reference is an MD5 written from the
 * RFC, checked first against the RFC's test vectors ("" and "abc"); the
 * digests must match exactly. The kernel's rotates compile to shf.l.wrap,
 * which the PTX interpreter gained for it.
 *
 * Property reproduced: integer hashing, mostly compute (Kayiran et al.
 * Type-C), whose memory latency still grows with the CTAs per core (the
 * paper sees DYNCTA cut STO's round-trip latency 4x and beat the best static
 * CTA count). `ctasim run --size default STO` (GTX 480 preset, 128 CTAs, 4
 * per core by registers: 50 per thread): 185192 cycles, IPC 487, L1 miss
 * rate 98% (each 128-byte line is read in two halves, one block step apart,
 * and is evicted in between), DRAM bandwidth utilisation 0.35, average
 * memory latency 527 cycles; --max-ctas 2: 274037 cycles, --max-ctas 1:
 * 435759. With --config pact13-30sm (3 CTAs per core by shared memory):
 * 330380 cycles, latency 1440; --max-ctas 2: 302378 (8% fewer, latency
 * 1079); --max-ctas 1: 366996 (latency 609). */
#include <stdio.h>
#include <string.h>

#include "apps.h"

#define CHUNK 512
#define BLOCK 128

static uint32_t rotl(uint32_t x, int s) { return (x << s) | (x >> (32 - s)); }

static void md5_compress(uint32_t h[4], const uint8_t blk[64])
{
    static const uint32_t K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
    static const int S[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t m[16];
    for (int i = 0; i < 16; i++) /* little-endian words */
        m[i] = blk[4 * i] | (uint32_t)blk[4 * i + 1] << 8 | (uint32_t)blk[4 * i + 2] << 16 |
               (uint32_t)blk[4 * i + 3] << 24;
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; i++) {
        int r = i / 16, g;
        uint32_t f;
        if (r == 0) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (r == 1) {
            f = (b & d) | (c & ~d);
            g = (5 * i + 1) % 16;
        } else if (r == 2) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rotl(a + f + K[i] + m[g], S[r][i % 4]);
        a = t;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
}

/* MD5 of msg[0..n): digest as four little-endian words, as the kernel writes it. */
static void md5(const uint8_t *msg, size_t n, uint32_t h[4])
{
    h[0] = 0x67452301;
    h[1] = 0xefcdab89;
    h[2] = 0x98badcfe;
    h[3] = 0x10325476;
    size_t i = 0;
    for (; i + 64 <= n; i += 64)
        md5_compress(h, msg + i);
    uint8_t tail[128] = {0};
    size_t r = n - i, len = r < 56 ? 64 : 128;
    memcpy(tail, msg + i, r);
    tail[r] = 0x80;
    uint64_t bits = (uint64_t)n * 8;
    for (int k = 0; k < 8; k++)
        tail[len - 8 + k] = (uint8_t)(bits >> (8 * k));
    md5_compress(h, tail);
    if (len == 128)
        md5_compress(h, tail + 64);
}

/* The RFC 1321 test vectors, as digest bytes. */
static int md5_self_test(void)
{
    static const struct {
        const char *msg;
        uint8_t want[16];
    } v[2] = {
        {"", {0xd4, 0x1d, 0x8c, 0xd9, 0x8f, 0x00, 0xb2, 0x04, 0xe9, 0x80, 0x09, 0x98, 0xec, 0xf8, 0x42, 0x7e}},
        {"abc", {0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0, 0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72}},
    };
    for (int k = 0; k < 2; k++) {
        uint32_t h[4];
        md5((const uint8_t *)v[k].msg, strlen(v[k].msg), h);
        for (int i = 0; i < 16; i++)
            if ((uint8_t)(h[i / 4] >> (8 * (i % 4))) != v[k].want[i])
                return 0;
    }
    return 1;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for StoreGPU; here 512 CTAs
     * (65536 chunks, 32 MB). */
    int n_cta = (int)app_pick(c, 4, 128, 512), n = n_cta * BLOCK;
    size_t bytes = (size_t)n * CHUNK;
    uint8_t *data = app_host_alloc(c, bytes, err);
    uint32_t *want = app_host_alloc(c, sizeof(uint32_t) * 4 * n, err),
             *got = app_host_alloc(c, sizeof(uint32_t) * 4 * n, err);
    if (!data || !want || !got)
        return -1;
    if (!md5_self_test()) {
        snprintf(c->detail, sizeof c->detail, "the reference MD5 fails the RFC 1321 test vectors");
        return 0;
    }
    for (size_t i = 0; i < bytes; i += 4) {
        uint32_t r = app_rand(c) ^ app_rand(c) << 16; /* app_rand has 31 random bits */
        memcpy(data + i, &r, 4);
    }
    for (int k = 0; k < n; k++)
        md5(data + (size_t)k * CHUNK, CHUNK, want + 4 * k);
    ctasim_module_t *m;
    uint64_t d_data, d_dig;
    int r = -1;
    if (app_load_module(c, "sto.ptx", &m, err) < 0 || app_upload(c, &d_data, data, bytes, err) < 0 ||
        app_alloc_zero(c, &d_dig, sizeof(uint32_t) * 4 * n, err) < 0)
        goto out;
    void *args[] = {&d_data, &d_dig};
    dim3_t grid = {(uint32_t)n_cta, 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "sto_md5", grid, block, 0, 0, args, 2, err) < 0 ||
        app_download(c, got, d_dig, sizeof(uint32_t) * 4 * n, err) < 0)
        goto out;
    r = app_check_u32(c, "digest", got, want, (size_t)4 * n);
out:
    return r;
}

const app_def_t app_sto = {"STO", "MD5 of every 512-byte chunk, one thread per chunk (StoreGPU direct hashing)",
                           "compute-bound", run};
