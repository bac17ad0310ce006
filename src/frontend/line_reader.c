/* line_reader.c — buffered line input over plain files, xz files and memory.
 *
 * Layering: a raw byte source (file descriptor or memory copy) optionally
 * wrapped by an xz decoder fills one line buffer; lines are found with memchr
 * and returned in place. The buffer starts at 256 KiB and only grows when a
 * single line does not fit, never past LINE_READER_MAX_LINE + 1. */
#include "line_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if CS_HAVE_LZMA
#include <lzma.h>
#endif

#define INITIAL_BUFFER (256u * 1024u)
#define XZ_INPUT_CHUNK (64u * 1024u)

static const unsigned char xz_magic[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};

struct line_reader {
    char *path;
    /* raw source: fd >= 0, or the memory copy */
    int fd;
    unsigned char *mem;
    size_t mem_len, mem_pos;
    bool raw_eof;

    bool is_xz;
#if CS_HAVE_LZMA
    lzma_stream xz;
    unsigned char *xz_in;
    size_t xz_in_cap;
    bool xz_done;
#endif

    /* decoded text: unread bytes are buf[start, end); buf[0, scanned) holds no '\n' past start */
    char *buf;
    size_t cap, start, end, scanned;
    bool eof; /* the source has no more bytes */
    unsigned long lineno;
};

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

/* Read up to n raw (possibly compressed) bytes: >0 bytes, 0 at end, -1 error. */
static long raw_read(line_reader_t *r, void *dst, size_t n, cs_error_t *err)
{
    if (r->raw_eof)
        return 0;
    if (r->fd < 0) {
        size_t left = r->mem_len - r->mem_pos;
        if (n > left)
            n = left;
        memcpy(dst, r->mem + r->mem_pos, n);
        r->mem_pos += n;
        if (n == 0)
            r->raw_eof = true;
        return (long)n;
    }
    for (;;) {
        ssize_t got = read(r->fd, dst, n);
        if (got >= 0) {
            if (got == 0)
                r->raw_eof = true;
            return (long)got;
        }
        if (errno != EINTR)
            return cs_err(err, r->path, 0, "read error: %s", strerror(errno));
    }
}

#if CS_HAVE_LZMA
static const char *xz_reason(lzma_ret ret)
{
    switch (ret) {
    case LZMA_MEM_ERROR: return "out of memory";
    case LZMA_MEMLIMIT_ERROR: return "memory limit exceeded";
    case LZMA_FORMAT_ERROR: return "not an xz file";
    case LZMA_OPTIONS_ERROR: return "unsupported xz options";
    case LZMA_DATA_ERROR: return "corrupt xz data";
    case LZMA_BUF_ERROR: return "truncated xz data";
    default: return "xz decoder error";
    }
}

/* Decompress into dst: >0 bytes, 0 at the end of the stream, -1 error. */
static long xz_read(line_reader_t *r, void *dst, size_t n, cs_error_t *err)
{
    if (r->xz_done)
        return 0;
    r->xz.next_out = dst;
    r->xz.avail_out = n;
    for (;;) {
        if (r->xz.avail_in == 0 && !r->raw_eof) {
            long got = raw_read(r, r->xz_in, r->xz_in_cap, err);
            if (got < 0)
                return -1;
            r->xz.next_in = r->xz_in;
            r->xz.avail_in = (size_t)got;
        }
        lzma_ret ret = lzma_code(&r->xz, r->raw_eof ? LZMA_FINISH : LZMA_RUN);
        size_t produced = n - r->xz.avail_out;
        if (ret == LZMA_STREAM_END) {
            r->xz_done = true;
            return (long)produced;
        }
        if (ret != LZMA_OK)
            return cs_err(err, r->path, 0, "cannot decompress: %s", xz_reason(ret));
        if (produced > 0)
            return (long)produced;
        /* no output yet: more input needed; lzma reports LZMA_BUF_ERROR if
         * it cannot make progress at all, so this loop terminates */
    }
}
#endif

static long source_read(line_reader_t *r, void *dst, size_t n, cs_error_t *err)
{
#if CS_HAVE_LZMA
    if (r->is_xz)
        return xz_read(r, dst, n, err);
#endif
    return raw_read(r, dst, n, err);
}

/* Peek at the first raw bytes to decide between plain text and xz. The bytes
 * read land in the line buffer (plain) or the decoder input (xz). */
static int detect_format(line_reader_t *r, cs_error_t *err)
{
    size_t have = 0;
    while (have < sizeof xz_magic) {
        long got = raw_read(r, r->buf + have, r->cap - have, err);
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        have += (size_t)got;
    }
    bool magic = have >= sizeof xz_magic && memcmp(r->buf, xz_magic, sizeof xz_magic) == 0;
    if (!magic && has_suffix(r->path, ".xz") && have > 0)
        return cs_err(err, r->path, 0, "not an xz file (no xz header)");
    if (!magic) {
        r->end = have;
        return 0;
    }
#if CS_HAVE_LZMA
    r->is_xz = true;
    r->xz = (lzma_stream)LZMA_STREAM_INIT;
    /* 1 GiB is far beyond any xz preset's dictionary; the cap only stops a
     * hostile header from asking for absurd memory */
    lzma_ret ret = lzma_stream_decoder(&r->xz, (uint64_t)1 << 30, LZMA_CONCATENATED);
    if (ret != LZMA_OK)
        return cs_err(err, r->path, 0, "cannot decompress: %s", xz_reason(ret));
    r->xz_in = cs_xmalloc(XZ_INPUT_CHUNK > have ? XZ_INPUT_CHUNK : have);
    r->xz_in_cap = XZ_INPUT_CHUNK > have ? XZ_INPUT_CHUNK : have;
    memcpy(r->xz_in, r->buf, have);
    r->xz.next_in = r->xz_in;
    r->xz.avail_in = have;
    return 0;
#else
    return cs_err(err, r->path, 0, ".xz traces need liblzma (rebuild with liblzma-dev installed)");
#endif
}

static line_reader_t *reader_new(const char *path, size_t cap)
{
    line_reader_t *r = cs_xcalloc(1, sizeof *r);
    r->path = cs_xstrdup(path);
    r->fd = -1;
    r->cap = cap;
    r->buf = cs_xmalloc(r->cap);
    return r;
}

static line_reader_t *finish_open(line_reader_t *r, cs_error_t *err)
{
    if (detect_format(r, err) < 0) {
        line_reader_close(r);
        return NULL;
    }
    return r;
}

line_reader_t *line_reader_open(const char *path, cs_error_t *err)
{
#if !CS_HAVE_LZMA
    /* say what is missing before the user wonders about garbage parse errors */
    if (has_suffix(path, ".xz")) {
        cs_err(err, path, 0, ".xz traces need liblzma (rebuild with liblzma-dev installed)");
        return NULL;
    }
#endif
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cs_err(err, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    line_reader_t *r = reader_new(path, INITIAL_BUFFER);
    r->fd = fd;
    return finish_open(r, err);
}

line_reader_t *line_reader_open_mem(const char *name, const void *data, size_t len, cs_error_t *err)
{
    /* small inputs (tests, fuzzing) get a small buffer; it grows on demand */
    size_t cap = len + 2 < INITIAL_BUFFER ? (len + 2 > 64 ? len + 2 : 64) : INITIAL_BUFFER;
    line_reader_t *r = reader_new(name, cap);
    r->mem = cs_xmalloc(len);
    if (len)
        memcpy(r->mem, data, len);
    r->mem_len = len;
    return finish_open(r, err);
}

/* Make room after `end`: drop consumed bytes, grow if a long line fills the buffer. */
static void make_room(line_reader_t *r)
{
    if (r->start > 0) {
        size_t unread = r->end - r->start;
        memmove(r->buf, r->buf + r->start, unread);
        r->scanned -= r->start;
        r->end = unread;
        r->start = 0;
    }
    if (r->end == r->cap) {
        size_t limit = (size_t)LINE_READER_MAX_LINE + 2; /* line + '\n' + room for the NUL */
        size_t ncap = r->cap * 2 < limit ? r->cap * 2 : limit;
        r->buf = cs_xrealloc(r->buf, ncap);
        r->cap = ncap;
    }
}

static int hand_out(line_reader_t *r, char *line, size_t len, char **out, size_t *out_len, cs_error_t *err)
{
    r->lineno++;
    if (len > LINE_READER_MAX_LINE)
        return cs_err(err, r->path, r->lineno, "line too long (over %u bytes)", LINE_READER_MAX_LINE);
    if (len > 0 && line[len - 1] == '\r')
        len--;
    line[len] = '\0';
    if (memchr(line, '\0', len))
        return cs_err(err, r->path, r->lineno, "NUL byte in line (binary data in a text trace?)");
    *out = line;
    *out_len = len;
    return 1;
}

int line_reader_next(line_reader_t *r, char **line, size_t *len, cs_error_t *err)
{
    for (;;) {
        size_t from = r->scanned > r->start ? r->scanned : r->start;
        char *nl = memchr(r->buf + from, '\n', r->end - from);
        if (nl) {
            char *text = r->buf + r->start;
            r->start = (size_t)(nl - r->buf) + 1;
            r->scanned = r->start;
            return hand_out(r, text, (size_t)(nl - text), line, len, err);
        }
        r->scanned = r->end;
        if (r->end - r->start > LINE_READER_MAX_LINE)
            return cs_err(err, r->path, r->lineno + 1, "line too long (over %u bytes)", LINE_READER_MAX_LINE);
        if (r->eof) {
            if (r->start == r->end)
                return 0;
            /* last line without '\n': make sure the NUL terminator fits */
            if (r->end == r->cap)
                make_room(r);
            char *text = r->buf + r->start;
            size_t n = r->end - r->start;
            r->start = r->end;
            return hand_out(r, text, n, line, len, err);
        }
        make_room(r);
        long got = source_read(r, r->buf + r->end, r->cap - r->end, err);
        if (got < 0)
            return -1;
        if (got == 0)
            r->eof = true;
        r->end += (size_t)got;
    }
}

unsigned long line_reader_lineno(const line_reader_t *r) { return r->lineno; }

const char *line_reader_path(const line_reader_t *r) { return r->path; }

bool line_reader_xz_supported(void)
{
#if CS_HAVE_LZMA
    return true;
#else
    return false;
#endif
}

void line_reader_close(line_reader_t *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
#if CS_HAVE_LZMA
    if (r->is_xz)
        lzma_end(&r->xz);
    free(r->xz_in);
#endif
    free(r->mem);
    free(r->buf);
    free(r->path);
    free(r);
}
