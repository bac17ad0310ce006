/* common.h — small shared vocabulary: error reporting, dimensions, helpers.
 *
 * Errors: every parser and model entry point that can meet bad input returns a
 * status and fills a cs_error_t. The CLI prints err.msg as ONE line and exits
 * non-zero. Library code never calls exit(): fuzz targets and tests must be
 * able to observe the error. Message convention: "FILE:LINE: what is wrong"
 * (LINE omitted when there is no line). */
#ifndef CTASIM_COMMON_H
#define CTASIM_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CS_ERRMSG_MAX 512

typedef struct cs_error {
    char msg[CS_ERRMSG_MAX];
} cs_error_t;

/* Set err->msg to "file:line: <fmt...>" (", line" part dropped when line == 0,
 * "file: " dropped when file is NULL). Always returns -1 so callers can write
 * `return cs_err(err, path, ln, "bad thing %d", x);`. err may be NULL. */
int cs_err(cs_error_t *err, const char *file, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

typedef struct dim3 {
    uint32_t x, y, z;
} dim3_t;

static inline uint64_t dim3_count(dim3_t d) { return (uint64_t)d.x * d.y * d.z; }

/* Linear CTA index -> (x,y,z) in launch order (x fastest, as CUDA and Accel-Sim). */
static inline dim3_t dim3_unlinear(dim3_t grid, uint64_t linear)
{
    dim3_t r;
    r.x = (uint32_t)(linear % grid.x);
    r.y = (uint32_t)((linear / grid.x) % grid.y);
    r.z = (uint32_t)(linear / ((uint64_t)grid.x * grid.y));
    return r;
}

#define CS_MIN(a, b) ((a) < (b) ? (a) : (b))
#define CS_MAX(a, b) ((a) > (b) ? (a) : (b))
#define CS_DIV_CEIL(a, b) (((a) + (b)-1) / (b))
#define CS_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define CS_NEVER UINT64_MAX /* "no event scheduled" time */

/* xmalloc family: allocation failure is not recoverable for a simulator; print
 * one line and abort rather than return NULL into the model. */
void *cs_xmalloc(size_t n);
void *cs_xcalloc(size_t n, size_t sz);
void *cs_xrealloc(void *p, size_t n);
char *cs_xstrdup(const char *s);
/* n zeroed objects of sz bytes starting on an `align` boundary (a power of
 * two; the size is rounded up to a multiple of it, as aligned_alloc wants):
 * what threads write goes on host cache lines of its own. Freed with free. */
void *cs_xaligned_calloc(size_t align, size_t n, size_t sz);

/* Read a whole file into a malloc'd buffer (one extra NUL byte after it, so
 * text can be parsed in place). More than max_bytes is an error naming the
 * limit: /dev/zero or a mistaken multi-gigabyte file must not run the
 * machine out of memory. 0, or -1 with err (cannot open / read / too big). */
/* Value of hex digit `c`, or -1. */
static inline int cs_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Copy s[0..len) for display in a message: printable ASCII only (a binary
 * file must not put control bytes on the user's terminal), at most `max`
 * characters, "..." when cut short. Returns out. */
const char *cs_printable(const char *s, size_t len, size_t max, char *out, size_t outsz);

/* FNV-1a 64-bit hash of data[0..len): a content key (not cryptographic). */
uint64_t cs_fnv1a64(const void *data, size_t len);
/* The same over pieces: h = CS_FNV1A64_BASIS, then update with each piece. */
#define CS_FNV1A64_BASIS 0xcbf29ce484222325ull
uint64_t cs_fnv1a64_update(uint64_t h, const void *data, size_t len);

int cs_read_file(const char *path, size_t max_bytes, char **data, size_t *len, cs_error_t *err);

/* The running executable's path (from /proc/self/exe) into
 * path[0..size): 0, or -1 with errno set (unreadable, or too long). */
int cs_exe_path(char *path, size_t size);

/* The folder of the running executable, as cs_exe_path without the last
 * component. */
int cs_exe_dir(char *dir, size_t size);

#endif
