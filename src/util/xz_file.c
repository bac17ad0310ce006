/* xz_file.c — a stdio FILE that writes an .xz file.
 *
 * The trace writer prints its lines with fprintf; a FILE from fopencookie
 * lets the same code write compressed traces: every write feeds liblzma's
 * encoder and what it produces goes to the real file. Closing the FILE
 * finishes the stream (the xz index and footer), so a file that did not close
 * cleanly is not a valid .xz and a reader rejects it instead of reading a
 * truncated trace as complete. */
#include "xz_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if CS_HAVE_LZMA
#include <lzma.h>

/* xz -1: about as fast as writing the trace text; traces compress ~10x. */
#define XZ_FILE_PRESET 1u
#define XZ_OUT_CHUNK (64u * 1024u)

typedef struct xz_cookie {
    FILE *out;
    lzma_stream strm;
    unsigned char buf[XZ_OUT_CHUNK];
    bool failed;
} xz_cookie_t;

/* Run the encoder over what strm holds; write every full output buffer (and,
 * when finishing, the rest). 0, or -1 with errno set. */
static int pump(xz_cookie_t *c, lzma_action action)
{
    for (;;) {
        lzma_ret ret = lzma_code(&c->strm, action);
        if (ret != LZMA_OK && ret != LZMA_STREAM_END) {
            errno = ret == LZMA_MEM_ERROR ? ENOMEM : EIO;
            return -1;
        }
        size_t have = XZ_OUT_CHUNK - c->strm.avail_out;
        if (c->strm.avail_out == 0 || (ret == LZMA_STREAM_END && have)) {
            if (fwrite(c->buf, 1, have, c->out) != have)
                return -1;
            c->strm.next_out = c->buf;
            c->strm.avail_out = XZ_OUT_CHUNK;
        }
        if (ret == LZMA_STREAM_END)
            return 0;
        if (action == LZMA_RUN && c->strm.avail_in == 0)
            return 0;
    }
}

static ssize_t xz_write(void *cookie, const char *data, size_t n)
{
    xz_cookie_t *c = cookie;
    if (c->failed) {
        errno = EIO;
        return -1;
    }
    c->strm.next_in = (const uint8_t *)data;
    c->strm.avail_in = n;
    if (pump(c, LZMA_RUN) < 0) {
        c->failed = true;
        return -1;
    }
    return (ssize_t)n;
}

static int xz_close(void *cookie)
{
    xz_cookie_t *c = cookie;
    int rc = 0;
    if (!c->failed) {
        c->strm.next_in = NULL;
        c->strm.avail_in = 0;
        rc = pump(c, LZMA_FINISH);
    } else {
        rc = -1;
        errno = EIO;
    }
    int saved = errno;
    if (ferror(c->out))
        rc = -1;
    if (fclose(c->out) != 0)
        rc = -1, saved = errno;
    lzma_end(&c->strm);
    free(c);
    errno = saved;
    return rc;
}

bool xz_file_supported(void) { return true; }

FILE *xz_file_open_write(const char *path)
{
    xz_cookie_t *c = calloc(1, sizeof *c);
    if (!c) {
        errno = ENOMEM;
        return NULL;
    }
    c->strm = (lzma_stream)LZMA_STREAM_INIT;
    if (lzma_easy_encoder(&c->strm, XZ_FILE_PRESET, LZMA_CHECK_CRC64) != LZMA_OK) {
        free(c);
        errno = ENOMEM;
        return NULL;
    }
    c->out = fopen(path, "wb");
    if (!c->out) {
        int saved = errno;
        lzma_end(&c->strm);
        free(c);
        errno = saved;
        return NULL;
    }
    c->strm.next_out = c->buf;
    c->strm.avail_out = XZ_OUT_CHUNK;
    cookie_io_functions_t io = {.read = NULL, .write = xz_write, .seek = NULL, .close = xz_close};
    FILE *f = fopencookie(c, "w", io);
    if (!f) {
        int saved = errno;
        fclose(c->out);
        lzma_end(&c->strm);
        free(c);
        errno = saved;
    }
    return f;
}

#else

bool xz_file_supported(void) { return false; }

FILE *xz_file_open_write(const char *path)
{
    (void)path;
    errno = ENOTSUP;
    return NULL;
}

#endif
