/* line_reader.h — buffered line input for the text trace formats.
 *
 * Sources: a plain file, an xz-compressed file (detected by its magic bytes;
 * needs a build with -DCS_HAVE_LZMA=1 and liblzma), or a memory buffer (fuzz
 * targets, tests). Lines are handed out in place from one large buffer: no
 * per-line allocation, one memchr per line, which is what lets the trace
 * reader parse millions of lines per second.
 *
 * Every line is checked once here so parsers never see surprises:
 *   - the trailing '\n' (and a '\r' before it) is removed and the line is
 *     NUL-terminated;
 *   - a NUL byte inside a line is an error (text formats never contain one);
 *   - a line longer than LINE_READER_MAX_LINE bytes is an error, so a garbage
 *     file cannot make the buffer grow without bound.
 * Errors are "FILE:LINE: what" (FILE = the path given at open). */
#ifndef CTASIM_LINE_READER_H
#define CTASIM_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "util/common.h"

#define LINE_READER_MAX_LINE (1u << 20) /* 1 MiB */

typedef struct line_reader line_reader_t;

/* Open a file; .xz content is decompressed transparently. NULL + err on
 * failure ("PATH: cannot open: No such file or directory"). */
line_reader_t *line_reader_open(const char *path, cs_error_t *err);

/* Read lines from a copy of data[0..len); `name` is used in messages. Content
 * starting with the xz magic is decompressed as a file would be. */
line_reader_t *line_reader_open_mem(const char *name, const void *data, size_t len, cs_error_t *err);

/* Next line: 1 = *line and *len set (valid until the next call; the text may be
 * modified by the caller within [0, len)), 0 = end of input, -1 = error. */
int line_reader_next(line_reader_t *r, char **line, size_t *len, cs_error_t *err);

/* Number of the line last returned (1-based; 0 before the first). */
unsigned long line_reader_lineno(const line_reader_t *r);

const char *line_reader_path(const line_reader_t *r);

/* Was this build compiled with liblzma (-DCS_HAVE_LZMA=1)? */
bool line_reader_xz_supported(void);

void line_reader_close(line_reader_t *r);

#endif
