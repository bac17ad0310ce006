/* test_fatbin.c — the fatbin parser (src/cudart/fatbin.c) on fatbins built
 * here the way nvcc 13 lays them out: PTX found (plain and zstd), the
 * lowest-arch PTX preferred, and every truncation and a stream of corrupted
 * copies answered with one error line, never a read past the buffer (run it
 * under make asan to see that). */
#include <stdint.h>

#include "test.h"
#include "cudart/fatbin.h"

#ifdef CS_HAVE_ZSTD
#include <zstd.h>
#endif

static const char PTX75[] = ".version 9.0\n.target sm_75\n.address_size 64\n.visible .entry k() { ret; }\n";
static const char PTX90[] = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k90() { ret; }\n";

static void w16(unsigned char *p, uint16_t v) { p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8); }
static void w32(unsigned char *p, uint32_t v) { w16(p, (uint16_t)v), w16(p + 2, (uint16_t)(v >> 16)); }
static void w64(unsigned char *p, uint64_t v) { w32(p, (uint32_t)v), w32(p + 4, (uint32_t)(v >> 32)); }

/* Append one entry (64-byte header as nvcc writes for PTX) to buf at *len. */
static void add_entry(unsigned char *buf, size_t *len, uint16_t kind, unsigned arch, const void *payload, size_t n,
                      size_t raw, bool zstd)
{
    size_t padded = (n + 7) / 8 * 8;
    unsigned char *e = buf + *len;
    memset(e, 0, 64 + padded);
    w16(e, kind);
    w16(e + 2, 0x0101);
    w32(e + 4, 64);
    w64(e + 8, padded);
    w32(e + 16, zstd ? (uint32_t)n : 0);
    w32(e + 24, 9u << 16);
    w32(e + 28, arch);
    w64(e + 40, zstd ? 0x8011 : 0x11);
    w64(e + 56, zstd ? raw : 0);
    memcpy(e + 64, payload, n);
    *len += 64 + padded;
}

static size_t finish(unsigned char *buf, size_t len)
{
    w32(buf, 0xBA55ED50u);
    w16(buf + 4, 1);
    w16(buf + 6, 16);
    w64(buf + 8, len - 16);
    return len;
}

static size_t build_plain(unsigned char *buf)
{
    size_t len = 16;
    add_entry(buf, &len, 2, 90, "\177ELF-not-really", 16, 0, false); /* a cubin: skipped */
    add_entry(buf, &len, 1, 90, PTX90, sizeof PTX90 - 1, 0, false);
    add_entry(buf, &len, 1, 75, PTX75, sizeof PTX75 - 1, 0, false);
    return finish(buf, len);
}

static void test_plain(void)
{
    unsigned char buf[4096];
    size_t len = build_plain(buf);
    cs_error_t err;
    CHECK_EQ(fatbin_size(buf, len, &err), len);
    char *ptx = NULL;
    size_t n = 0;
    unsigned arch = 0;
    CHECK_EQ(fatbin_extract_ptx(buf, len, &ptx, &n, &arch, &err), 0);
    CHECK_EQ(arch, 75); /* the lowest PTX target */
    CHECK(ptx && n == sizeof PTX75 - 1 && !strcmp(ptx, PTX75));
    free(ptx);
}

static void test_truncated(void)
{
    unsigned char buf[4096];
    size_t len = build_plain(buf);
    for (size_t cut = 0; cut < len; cut++) {
        /* a copy of exactly `cut` bytes on the heap: ASan sees any overrun */
        unsigned char *copy = malloc(cut ? cut : 1);
        memcpy(copy, buf, cut);
        cs_error_t err = {{0}};
        char *ptx = NULL;
        size_t n;
        int rc = fatbin_extract_ptx(copy, cut, &ptx, &n, NULL, &err);
        CHECK_EQ(rc, -1);
        CHECK(err.msg[0] && !strchr(err.msg, '\n'));
        free(ptx);
        free(copy);
    }
}

static void test_corrupt(void)
{
    unsigned char buf[4096];
    cs_error_t err;
    char *ptx = NULL;
    size_t n, len = build_plain(buf);
    /* bad magic */
    buf[0] ^= 1;
    CHECK_EQ(fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err), -1);
    CHECK(strstr(err.msg, "magic") != NULL);
    /* an entry claiming more payload than there is */
    len = build_plain(buf);
    w64(buf + 16 + 8, (uint64_t)1 << 40);
    CHECK_EQ(fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err), -1);
    CHECK(strstr(err.msg, "overruns") != NULL);
    /* no PTX at all: says how to compile so there is */
    len = 16;
    add_entry(buf, &len, 2, 75, "x", 1, 0, false);
    len = finish(buf, len);
    CHECK_EQ(fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err), -1);
    CHECK(strstr(err.msg, "code=compute_") != NULL);
    /* random damage: any answer, one line, no crash */
    uint32_t seed = 12345;
    for (int it = 0; it < 20000; it++) {
        len = build_plain(buf);
        for (int k = 0; k < 1 + it % 4; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % len;
            seed = seed * 1103515245u + 12345u;
            buf[at] = (unsigned char)(seed >> 16);
        }
        err.msg[0] = '\0';
        ptx = NULL;
        if (fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err) == 0)
            CHECK(ptx != NULL && strlen(ptx) == n);
        else
            CHECK(err.msg[0] != '\0');
        free(ptx);
    }
}

static void test_zstd(void)
{
#ifdef CS_HAVE_ZSTD
    unsigned char comp[1024], buf[4096];
    size_t c = ZSTD_compress(comp, sizeof comp, PTX75, sizeof PTX75 - 1, 3);
    CHECK(!ZSTD_isError(c));
    size_t len = 16;
    add_entry(buf, &len, 1, 75, comp, c, sizeof PTX75 - 1, true);
    len = finish(buf, len);
    cs_error_t err;
    char *ptx = NULL;
    size_t n;
    CHECK_EQ(fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err), 0);
    CHECK(ptx && !strcmp(ptx, PTX75));
    free(ptx);
    /* a damaged frame is refused with zstd's reason */
    buf[16 + 64 + 2] ^= 0xff;
    buf[16 + 64 + 5] ^= 0xff;
    ptx = NULL;
    int rc = fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err);
    CHECK(rc == -1 ? strstr(err.msg, "zstd") != NULL : ptx != NULL);
    free(ptx);
#else
    /* without libzstd: one line saying how to get the PTX read */
    unsigned char buf[4096];
    size_t len = 16;
    add_entry(buf, &len, 1, 75, "\x28\xb5\x2f\xfd", 4, 100, true);
    len = finish(buf, len);
    cs_error_t err;
    char *ptx = NULL;
    size_t n;
    CHECK_EQ(fatbin_extract_ptx(buf, len, &ptx, &n, NULL, &err), -1);
    CHECK(strstr(err.msg, "libzstd-dev") && strstr(err.msg, "-no-compress"));
#endif
}

int main(void)
{
    RUN(test_plain);
    RUN(test_truncated);
    RUN(test_corrupt);
    RUN(test_zstd);
    return test_failed_cases != 0;
}
