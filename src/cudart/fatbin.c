/* fatbin.c — find and unpack the PTX of an nvcc fat binary (fatbin.h).
 *
 * The input comes from the program being run, so every offset is checked
 * against the length before it is read: a truncated or corrupt fatbin gives
 * one error line, never a read beyond it (tests/test_fatbin.c, fuzz). */
#include <stdlib.h>
#include <string.h>

#include "cudart/fatbin.h"

#ifdef CS_HAVE_ZSTD
#include <zstd.h>
#endif

#define ENTRY_PTX 1
#define ENTRY_FLAG_ZSTD 0x8000u
/* earlier toolkits' compression (not zstd): not read, refused by name */
#define ENTRY_FLAG_OLD_COMPRESSION 0x2000u
/* larger than any PTX nvcc writes for a program; bounds a corrupt size */
#define PTX_MAX ((uint64_t)1 << 30)

static uint16_t rd16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const unsigned char *p) { return (uint32_t)rd16(p) | (uint32_t)rd16(p + 2) << 16; }
static uint64_t rd64(const unsigned char *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

size_t fatbin_size(const void *data, size_t avail, cs_error_t *err)
{
    const unsigned char *p = data;
    if (avail < 16) {
        cs_err(err, NULL, 0, "fatbin: %zu bytes, shorter than its 16-byte header", avail);
        return 0;
    }
    if (rd32(p) != FATBIN_MAGIC) {
        cs_err(err, NULL, 0, "fatbin: magic 0x%08x is not 0x%08x", rd32(p), FATBIN_MAGIC);
        return 0;
    }
    uint16_t hsize = rd16(p + 6);
    uint64_t body = rd64(p + 8);
    if (hsize < 16 || body > PTX_MAX * 16) {
        cs_err(err, NULL, 0, "fatbin: implausible header (header %u bytes, body %llu bytes)", hsize,
               (unsigned long long)body);
        return 0;
    }
    return (size_t)hsize + (size_t)body;
}

static int unpack(const unsigned char *payload, uint64_t stored, uint64_t raw_size, bool zstd, char **out,
                  size_t *out_len, cs_error_t *err)
{
    if (!zstd) {
        /* the payload is padded with NULs: the text ends at the first */
        size_t n = strnlen((const char *)payload, (size_t)stored);
        char *s = cs_xmalloc(n + 1);
        memcpy(s, payload, n);
        s[n] = '\0';
        *out = s;
        *out_len = n;
        return 0;
    }
#ifdef CS_HAVE_ZSTD
    if (raw_size == 0 || raw_size > PTX_MAX)
        return cs_err(err, NULL, 0, "fatbin: compressed PTX entry claims %llu bytes uncompressed",
                      (unsigned long long)raw_size);
    char *s = cs_xmalloc((size_t)raw_size + 1);
    size_t got = ZSTD_decompress(s, (size_t)raw_size, payload, (size_t)stored);
    if (ZSTD_isError(got)) {
        free(s);
        return cs_err(err, NULL, 0, "fatbin: compressed PTX entry is corrupt (zstd: %s)", ZSTD_getErrorName(got));
    }
    got = strnlen(s, got);
    s[got] = '\0';
    *out = s;
    *out_len = got;
    return 0;
#else
    (void)raw_size, (void)out, (void)out_len;
    return cs_err(err, NULL, 0,
                  "the program's PTX is zstd-compressed and this ctasim was built without libzstd: rebuild ctasim "
                  "with libzstd-dev installed, or compile the program with nvcc -no-compress");
#endif
}

int fatbin_extract_ptx(const void *data, size_t len, char **ptx, size_t *ptx_len, unsigned *arch, cs_error_t *err)
{
    const unsigned char *base = data;
    size_t total = fatbin_size(data, len, err);
    if (!total)
        return -1;
    if (total > len)
        return cs_err(err, NULL, 0, "fatbin: header says %zu bytes, only %zu present", total, len);
    size_t off = rd16(base + 6), best = 0;
    unsigned best_arch = 0;
    while (off < total) {
        if (total - off < 64)
            return cs_err(err, NULL, 0, "fatbin: entry at offset %zu is cut short", off);
        const unsigned char *e = base + off;
        uint32_t hsize = rd32(e + 4);
        uint64_t psize = rd64(e + 8);
        if (hsize < 64 || hsize > total - off || psize > total - off - hsize)
            return cs_err(err, NULL, 0, "fatbin: entry at offset %zu (header %u, payload %llu bytes) overruns the %zu-byte fatbin",
                          off, hsize, (unsigned long long)psize, total);
        unsigned a = rd32(e + 28);
        if (rd16(e) == ENTRY_PTX && (!best || a < best_arch))
            best = off, best_arch = a;
        off += hsize + (size_t)psize;
    }
    if (!best)
        return cs_err(err, NULL, 0,
                      "fatbin holds no PTX (only SASS for a real GPU): compile with -gencode "
                      "arch=compute_75,code=compute_75 (or any code=compute_XX) so ctasim gets PTX");
    const unsigned char *e = base + best;
    uint32_t hsize = rd32(e + 4), csize = rd32(e + 16);
    uint64_t psize = rd64(e + 8), flags = hsize >= 48 ? rd64(e + 40) : 0, raw = hsize >= 64 ? rd64(e + 56) : 0;
    bool zstd = (flags & ENTRY_FLAG_ZSTD) != 0;
    if (!zstd && (flags & ENTRY_FLAG_OLD_COMPRESSION))
        return cs_err(err, NULL, 0,
                      "fatbin: the PTX is compressed with a scheme other than zstd (flags 0x%llx): compile the "
                      "program with nvcc -no-compress",
                      (unsigned long long)flags);
    uint64_t stored = zstd && csize ? csize : psize;
    if (stored > psize)
        return cs_err(err, NULL, 0, "fatbin: PTX entry's compressed size %llu exceeds its payload %llu",
                      (unsigned long long)stored, (unsigned long long)psize);
    if (arch)
        *arch = best_arch;
    return unpack(e + hsize, stored, raw, zstd, ptx, ptx_len, err);
}
