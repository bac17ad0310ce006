/* common.c — error formatting and checked allocation. */
#include "common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cs_err(cs_error_t *err, const char *file, unsigned long line, const char *fmt, ...)
{
    if (!err)
        return -1;
    size_t n = 0;
    if (file && line)
        n = (size_t)snprintf(err->msg, sizeof err->msg, "%s:%lu: ", file, line);
    else if (file)
        n = (size_t)snprintf(err->msg, sizeof err->msg, "%s: ", file);
    if (n >= sizeof err->msg)
        n = sizeof err->msg - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg + n, sizeof err->msg - n, fmt, ap);
    va_end(ap);
    /* One line, always: a stray newline in user data must not split the message. */
    for (char *p = err->msg; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    return -1;
}

static void out_of_memory(size_t n)
{
    fprintf(stderr, "ctasim: out of memory allocating %zu bytes\n", n);
    abort();
}

void *cs_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory(n);
    return p;
}

void *cs_xaligned_calloc(size_t align, size_t n, size_t sz)
{
    size_t bytes = (n ? n : 1) * (sz ? sz : 1);
    bytes = (bytes + align - 1) / align * align;
    void *p = aligned_alloc(align, bytes);
    if (!p)
        out_of_memory(bytes);
    memset(p, 0, bytes);
    return p;
}

void *cs_xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p)
        out_of_memory(n * sz);
    return p;
}

void *cs_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory(n);
    return q;
}

char *cs_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = cs_xmalloc(n);
    memcpy(p, s, n);
    return p;
}

int cs_read_file(const char *path, size_t max_bytes, char **data, size_t *len, cs_error_t *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cs_err(err, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *buf = cs_xmalloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n > max_bytes) {
            fclose(f);
            free(buf);
            return cs_err(err, path, 0, "larger than %zu MiB, the most this input may hold", max_bytes >> 20);
        }
        if (n == cap) {
            cap *= 2;
            buf = cs_xrealloc(buf, cap + 1);
        }
    }
    /* a read error ends the loop like the end of the file does */
    int read_failed = ferror(f), e = errno;
    fclose(f);
    if (read_failed) {
        free(buf);
        return cs_err(err, path, 0, "cannot read: %s", strerror(e));
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
}

uint64_t cs_fnv1a64_update(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

uint64_t cs_fnv1a64(const void *data, size_t len) { return cs_fnv1a64_update(CS_FNV1A64_BASIS, data, len); }

const char *cs_printable(const char *s, size_t len, size_t max, char *out, size_t outsz)
{
    size_t n = 0, i = 0;
    for (; i < len && n + 4 < outsz && i < max; i++) {
        unsigned char ch = (unsigned char)s[i];
        out[n++] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    if (i < len && n + 4 <= outsz) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return out;
}

int cs_exe_path(char *path, size_t size)
{
    ssize_t n = size ? readlink("/proc/self/exe", path, size - 1) : -1;
    if (n <= 0)
        return -1;
    if ((size_t)n >= size - 1) {
        errno = ENAMETOOLONG;
        return -1;
    }
    path[n] = '\0';
    return 0;
}

int cs_exe_dir(char *dir, size_t size)
{
    if (cs_exe_path(dir, size) < 0)
        return -1;
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    return 0;
}
