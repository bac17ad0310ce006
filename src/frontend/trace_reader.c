/* trace_reader.c — Accel-Sim trace front-end.
 *
 * A kernel file is read strictly sequentially: cta_begin(n) parses the next
 * `#BEGIN_TB ... #END_TB` block, which must be CTA n (traces list CTAs in
 * launch order and the timing model begins them in that order). A CTA's
 * instructions are kept encoded, a few bytes each (see "CTA storage": the
 * parts of an instruction that a PC fixes live once per kernel, addresses
 * stay base + stride where the trace had them so), and decoded one at a time
 * in warp_next; cta_end puts the CTA's buffers on a free list for the next
 * one. Memory is bounded by the resident CTAs, not the trace size, and any
 * number of begun CTAs can be consumed independently.
 *
 * Speed: the per-instruction path is a hand-written tokenizer over the line
 * buffer (no sscanf, no allocation per line) plus a small cache from opcode
 * text to its decoded class, so each distinct opcode string is looked up in
 * the SASS table once per kernel.
 *
 * Interpretations worth knowing (see docs in the header of each function):
 *   - address mode 1 (base + stride): the k-th active lane (k = 0, 1, ...)
 *     gets base + k*stride. Accel-Sim's tracer only writes this mode when the
 *     active lanes are contiguous, where this is exactly what Accel-Sim's
 *     reader computes; for a non-contiguous mask Accel-Sim stops at the first
 *     gap and leaves the later lanes at address 0, which we consider a bug
 *     rather than a format rule.
 *   - address mode 2 (base + delta): active_count - 1 signed deltas between
 *     consecutive active lanes, as the tracer writes them.
 *   - generic LD/ST/ATOM/RED: SHARED if the first active lane's address lies
 *     in [shmem base, shmem base + 16 MiB), LOCAL if in [local base, local
 *     base + 16 MiB), else GLOBAL. 16 MiB covers any CTA's shared memory and
 *     the local window Accel-Sim's tracer reports; a base of 0 (header key
 *     missing, old tracers) disables that window.
 *   - registers: R<n> -> n, UR<n> -> TRACE_UREG_BASE + n, so uniform and
 *     vector registers never alias in the scoreboard.
 *   - LD/ST-unit instructions without addresses in the trace (LDC, TEX,
 *     MEMBAR, CCTL...) are handed out with addr == NULL, and so are
 *     addresses recorded on opcodes that do not access memory (QSPC).
 *
 * Concurrency: cta_begin/destroy of one source must not run concurrently;
 * warp_next on distinct CTAs touches only the CTA (and reads static
 * instructions, which never move or change once written); cta_end takes the
 * store's lock to hand the CTA back.
 *
 * Parse-ahead: where the host has more than one CPU (or CTASIM_PARSE_AHEAD=1;
 * =0 turns it off), opening a kernel starts a thread that parses its CTAs in
 * file order, at most AHEAD_CTAS and AHEAD_BYTES of CTA storage ahead of the
 * last CTA begun, and cta_begin takes them from it in order. The GPU opens
 * the next kernel while one runs (gpu_run_workload), so its first CTAs,
 * which are begun in a burst, are parsed meanwhile. At most AHEAD_THREADS
 * sources of the process parse at once (a later one starts its thread at
 * its first cta_begin if one has finished by then, else parses
 * sequentially): each thread costs its malloc arena and its CTAs in memory
 * (4 threads took HOT's peak from 35 MB to 86 MB for no more speed than 2).
 * The thread runs exactly the sequential parse: the same CTAs, encodings,
 * static table, errors (handed out by the cta_begin that would have met
 * them, the CTAs before it first) and counts (added when a CTA is begun, in
 * both modes), so results do not depend on it; only the wall time does. The
 * parse, its memchr and the file reads are 6 to 15 % of a trace run; on the
 * streaming trace of `make bench` the wall time falls 10 %, on HOT and LBM
 * (QV100, cap 4) 0 to 4 %, their CTAs being begun in bursts the size of the
 * GPU. While the thread runs it owns the line reader, the memo, the opcode
 * cache, the static index and the parse-failure fields; the GPU's thread
 * owns next_cta, the counts and begin_failed, and the two meet only under
 * the ring's lock.
 */
#include "trace_reader.h"

#include <stdarg.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "line_reader.h"
#include "sass_opcodes.h"

#define GENERIC_WINDOW (16ull << 20)
#define MAX_TRACER_VERSION 5
#define OPCODE_CACHE_SIZE 256 /* power of two */
#define OPCODE_CACHE_TEXT 48
#define MAX_WARP_INSTS (1u << 30) /* per warp and CTA; keeps the uint32 counts far from overflow */

/* ---------------------------------------------------------------- counts */

/* Counters shared by a workload and the kernel sources it handed out: either
 * may be destroyed first, so they are reference counted. */
typedef struct shared_counts {
    trace_counts_t c;
    unsigned refs;
} shared_counts_t;

static shared_counts_t *counts_new(void)
{
    shared_counts_t *s = cs_xcalloc(1, sizeof *s);
    s->refs = 1;
    return s;
}

static void counts_release(shared_counts_t *s)
{
    if (s && --s->refs == 0)
        free(s);
}

/* ---------------------------------------------------------- kernel source */

typedef struct opcode_cache_entry {
    char text[OPCODE_CACHE_TEXT]; /* "" = empty slot */
    sass_op_info_t info;
    uint8_t access_size;
    bool generic;
} opcode_cache_entry_t;

/* Instructions a trace repeats: everything of a warp_inst_t but the active
 * mask and the addresses. A PC names one SASS instruction, so a kernel has
 * about as many of these as it has instructions in its code; each dynamic
 * instruction of a CTA is then a few bytes naming one (see "CTA storage"). */
typedef struct static_inst {
    warp_inst_t tmpl;  /* active_mask 0, addr NULL */
    bool has_addrs;    /* an LD/ST-unit op with addresses in the trace */
    bool generic;      /* generic LD/ST/ATOM/RED: space from the first active address */
} static_inst_t;

/* Static instructions live in chunks that never move (chunk k holds
 * STATIC_CHUNK0 << k entries), so warp_next can read them while cta_begin
 * appends to the table for a later CTA. */
#define STATIC_CHUNK0 64u
#define STATIC_CHUNKS 26 /* room for > 2^31 entries */

/* What the CTAs of a kernel share with its source; freed when the source and
 * every CTA are gone (a run that aborts may end CTAs after the source). */
typedef struct trace_store {
    pthread_mutex_t lock; /* refs and free_ctas: cta_end may run on any thread */
    unsigned refs;
    struct trace_cta *free_ctas; /* ended CTAs kept for reuse, their buffers with them */
    static_inst_t *chunk[STATIC_CHUNKS];
    uint32_t nstatic;
    uint64_t shmem_base, local_base; /* generic address windows (0 = none) */
} trace_store_t;

/* One warp of a CTA: its instructions encoded back to back (see "CTA
 * storage") and the one decoded instruction the timing model holds. */
typedef struct warp_stream {
    uint8_t *bytes;
    size_t len, cap;
    uint32_t count;
    bool seen; /* a `warp = w` block was read for it */
    uint64_t addr[WARP_SIZE];
} warp_stream_t;

/* What warp_next reads and writes of a warp on every call, one host cache
 * line per warp apart from the rest: where its next instruction's bytes are,
 * and the one decoded instruction the timing model holds (a warp's state is
 * touched once per instruction, long after its last use, so each distinct
 * line is a host cache miss). */
typedef struct warp_cursor {
    const uint8_t *p; /* next instruction's bytes */
    uint32_t left;    /* instructions not yet handed out */
    warp_inst_t cur;
} warp_cursor_t;
_Static_assert(sizeof(warp_cursor_t) <= 64, "a warp's cursor fits one host cache line");

typedef struct trace_cta {
    struct trace_cta *next_free;
    trace_store_t *store;
    unsigned nwarps;
    warp_cursor_t *cursor; /* set when the CTA is parsed */
    warp_stream_t *warps;
    uint64_t warp_insts, thread_insts; /* parsed: added to the counts when the CTA is begun */
} trace_cta_t;

/* The last instruction text seen at a PC (direct-mapped by PC), from the
 * destination count to the memory width, and what it parsed to. */
#define LINE_MEMO_BITS 9
#define LINE_MEMO_SIZE (1u << LINE_MEMO_BITS)
#define LINE_MEMO_TEXT 54
typedef struct line_memo {
    uint64_t pc;
    uint32_t id; /* static instruction */
    uint8_t len; /* of text; 0 = empty */
    bool mem_width_nonzero;
    bool has_addrs; /* the static instruction's, kept here: the table is not in the host's cache by then */
    char text[LINE_MEMO_TEXT];
} line_memo_t;

/* The last address-delta list seen at a PC (direct-mapped by PC, like the
 * line memo), with its encoding: a PC's lanes usually keep their spacing
 * from one warp to the next (MMUL: fifteen 4s, a 964, fifteen 4s), only the
 * base changes, and the deltas, not the base, are most of a memory line's
 * bytes. Text that matches byte for byte parses to the same deltas, hence the
 * same bytes after the base in the warp's stream (warp_append). */
#define DELTA_MEMO_BITS 8
#define DELTA_MEMO_SIZE (1u << DELTA_MEMO_BITS)
#define DELTA_MEMO_TEXT 160
#define DELTA_MEMO_CODE 64
typedef struct delta_memo {
    uint64_t pc;
    uint32_t mask;
    uint16_t len;       /* of text; 0 = empty */
    uint8_t code_len;
    bool list;          /* RECORD_LIST: code is per-lane deltas, not one stride */
    char text[DELTA_MEMO_TEXT];
    uint8_t code[DELTA_MEMO_CODE];
} delta_memo_t;

/* Dedup of static instructions while parsing: open addressing on the PC. */
typedef struct static_index {
    uint32_t *slot; /* id + 1; 0 = empty */
    uint32_t cap;   /* power of two */
} static_index_t;

typedef struct trace_source {
    line_reader_t *lr; /* NULL once the last CTA was read */
    char *path;
    char name[KERNEL_NAME_MAX];
    uint32_t kernel_id, stream;
    dim3_t grid, block;
    uint32_t shmem, nregs;
    unsigned binary_version, tracer_version;
    bool lineinfo;
    uint64_t shmem_base, local_base;
    unsigned warps_per_cta;
    uint64_t total_ctas, next_cta;
    unsigned long last_line; /* for end-of-file messages */
    cs_error_t failure; /* the parse's error (set by the parser: the parse-ahead thread while it runs) */
    bool begin_failed;  /* cta_begin met a parse failure: repeated to every later call */
    cs_error_t begin_failure;
    struct parse_ahead *ahead; /* the parse-ahead thread, once started (NULL: sequential) */
    shared_counts_t *counts;
    trace_store_t *store;
    static_index_t index;
    struct line_memo *memo; /* LINE_MEMO_SIZE entries */
    delta_memo_t *delta_memo; /* DELTA_MEMO_SIZE entries, from the first delta list on */
    opcode_cache_entry_t opcode_cache[OPCODE_CACHE_SIZE];
} trace_source_t;

/* --------------------------------------------------------------- tokens */

static inline bool is_space(char c) { return c == ' ' || c == '\t'; }

static inline const char *skip_space(const char *p, const char *end)
{
    while (p < end && is_space(*p))
        p++;
    return p;
}

static inline const char *token_end(const char *p, const char *end)
{
    while (p < end && !is_space(*p))
        p++;
    return p;
}

/* Copy a token for an error message: printable ASCII only, at most 40 chars. */
static const char *shown(const char *p, const char *end, char out[48])
{
    return cs_printable(p, (size_t)(token_end(p, end) - p), 40, out, 48);
}

/* Parsers advance *pp past one space-separated token; false if the token is
 * missing or malformed (then *pp points at the offending token).
 * Speed matters here (every byte of a trace goes through these loops), so
 * digit loops stop at the first non-digit instead of also checking `end`:
 * callers guarantee that the character at `end` is not a digit, which holds
 * for line text (NUL-terminated by the line reader) and for the ',' and ' '
 * ends used on kernelslist lines. */
static const uint8_t hex_digit_plus1[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* Active lanes. Portable bit trick: __builtin_popcount becomes a libgcc call
 * without -mpopcnt, which costs more than this on every instruction line. */
static inline unsigned popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static inline bool token_ends_at(const char *p, const char *end) { return p == end || is_space(*p); }

static inline bool parse_hex(const char **pp, const char *end, uint64_t *out)
{
    const char *p = skip_space(*pp, end);
    *pp = p;
    if (p < end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    const char *digits = p;
    uint64_t v = 0;
    unsigned d;
    while ((d = hex_digit_plus1[(unsigned char)*p]) != 0) {
        if (v >> 60)
            return false; /* more than 64 bits */
        v = (v << 4) | (d - 1);
        p++;
    }
    if (p == digits || p > end || !token_ends_at(p, end))
        return false;
    *out = v;
    *pp = p;
    return true;
}

static inline bool parse_dec(const char **pp, const char *end, uint64_t *out)
{
    const char *p = skip_space(*pp, end);
    *pp = p;
    const char *digits = p;
    uint64_t v = 0;
    unsigned d;
    while ((d = (unsigned)(unsigned char)*p - '0') < 10u) {
        if (v >= UINT64_MAX / 10 && (v > UINT64_MAX / 10 || d > UINT64_MAX % 10))
            return false;
        v = v * 10 + d;
        p++;
    }
    if (p == digits || p > end || !token_ends_at(p, end))
        return false;
    *out = v;
    *pp = p;
    return true;
}

static inline bool parse_signed(const char **pp, const char *end, int64_t *out)
{
    const char *p = skip_space(*pp, end);
    const char *start = p;
    bool negative = false;
    if (p < end && (*p == '-' || *p == '+')) {
        negative = *p == '-';
        p++;
    }
    uint64_t mag;
    if (p >= end || (unsigned)(unsigned char)*p - '0' >= 10u || !parse_dec(&p, end, &mag) ||
        mag > (negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) {
        *pp = start;
        return false;
    }
    *out = negative ? (int64_t)(0 - mag) : (int64_t)mag;
    *pp = p;
    return true;
}

/* The usual shape of an address delta, and only that: one space, an optional
 * '-', at most 18 digits (so no overflow), the token's end. A subset of what
 * parse_signed accepts, with the same value; anything else (tabs, several
 * spaces, '+', long numbers, errors) goes to parse_signed. Delta lists are
 * most of a trace's bytes (MMUL: 31 deltas on each memory line), and
 * parse_signed's two space skips and bound checks made parsing 43 % of such
 * a run's instructions. */
static inline bool parse_delta_fast(const char **pp, const char *end, int64_t *out)
{
    const char *p = *pp;
    if (p >= end || *p != ' ')
        return false;
    p++;
    const bool negative = *p == '-'; /* reading *end is safe: see hex_digit_plus1 */
    p += negative;
    const char *digits = p;
    uint64_t v = 0;
    unsigned d;
    while ((d = (unsigned)(unsigned char)*p - '0') < 10u) {
        v = v * 10 + d;
        p++;
    }
    if (p == digits || p - digits > 18 || p > end || !token_ends_at(p, end))
        return false;
    *out = negative ? -(int64_t)v : (int64_t)v;
    *pp = p;
    return true;
}

/* Register operand: R<n> or UR<n>. */
static inline bool parse_register(const char **pp, const char *end, uint16_t *out)
{
    const char *p = skip_space(*pp, end);
    *pp = p;
    unsigned base = 0;
    if (p < end && *p == 'U') {
        base = TRACE_UREG_BASE;
        p++;
    }
    if (p >= end || *p != 'R')
        return false;
    p++;
    uint64_t n;
    const char *q = p;
    if (q >= end || *q < '0' || *q > '9' || !parse_dec(&q, end, &n) || n >= TRACE_UREG_BASE)
        return false;
    *out = (uint16_t)(base + n);
    *pp = q;
    return true;
}

/* "key = a,b,c" style helpers for the structural lines */
static bool match_word(const char **pp, const char *end, const char *word)
{
    size_t n = strlen(word);
    const char *p = skip_space(*pp, end);
    if ((size_t)(end - p) < n || memcmp(p, word, n) != 0)
        return false;
    *pp = p + n;
    return true;
}

static bool at_end(const char *p, const char *end) { return skip_space(p, end) == end; }

/* Parse "x,y,z" (spaces allowed around the numbers), optionally in parentheses. */
static bool parse_triple(const char *p, const char *end, bool parens, dim3_t *out)
{
    uint32_t v[3];
    p = skip_space(p, end);
    if (parens) {
        if (p >= end || *p != '(')
            return false;
        p++;
    }
    for (int i = 0; i < 3; i++) {
        p = skip_space(p, end);
        uint64_t n = 0;
        const char *digits = p;
        for (; p < end && *p >= '0' && *p <= '9'; p++) {
            n = n * 10 + (uint64_t)(*p - '0');
            if (n > UINT32_MAX)
                return false;
        }
        if (p == digits)
            return false;
        v[i] = (uint32_t)n;
        p = skip_space(p, end);
        if (i < 2) {
            if (p >= end || *p != ',')
                return false;
            p++;
        }
    }
    if (parens) {
        if (p >= end || *p != ')')
            return false;
        p++;
    }
    if (!at_end(p, end))
        return false;
    out->x = v[0];
    out->y = v[1];
    out->z = v[2];
    return true;
}

/* ---------------------------------------------------------------- errors */

static int src_fail(trace_source_t *s, cs_error_t *err, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int src_fail(trace_source_t *s, cs_error_t *err, unsigned long line, const char *fmt, ...)
{
    char what[CS_ERRMSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cs_err(&s->failure, s->path, line, "%s", what);
    if (err)
        *err = s->failure;
    return -1;
}

/* Keep an error produced by the line reader (already "FILE:LINE: ..."). */
static int src_fail_from(trace_source_t *s, cs_error_t *err, const cs_error_t *from)
{
    s->failure = *from;
    if (err)
        *err = s->failure;
    return -1;
}

/* Next line (blank lines skipped): 1 line, 0 EOF, -1 error (recorded). */
static int next_line(trace_source_t *s, char **line, size_t *len, cs_error_t *err)
{
    for (;;) {
        cs_error_t lerr;
        int rc = line_reader_next(s->lr, line, len, &lerr);
        if (rc < 0)
            return src_fail_from(s, err, &lerr);
        if (rc == 0) {
            s->last_line = line_reader_lineno(s->lr) + 1;
            return 0;
        }
        const char *p = skip_space(*line, *line + *len);
        if (p != *line + *len)
            return 1;
    }
}

static unsigned long cur_line(const trace_source_t *s) { return line_reader_lineno(s->lr); }

/* ---------------------------------------------------------------- header */

enum header_key_bit {
    HK_NAME = 1u << 0, HK_GRID = 1u << 1, HK_BLOCK = 1u << 2, HK_SHMEM = 1u << 3,
    HK_NREGS = 1u << 4, HK_BINARY = 1u << 5,
};
#define HK_REQUIRED (HK_NAME | HK_GRID | HK_BLOCK | HK_SHMEM | HK_NREGS | HK_BINARY)

static bool header_number(const char *p, const char *end, bool hex, uint64_t *out)
{
    bool ok = hex ? parse_hex(&p, end, out) : parse_dec(&p, end, out);
    return ok && at_end(p, end);
}

static int parse_header(trace_source_t *s, cs_error_t *err)
{
    unsigned seen = 0;
    char *line;
    size_t len;
    for (;;) {
        int rc = next_line(s, &line, &len, err);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return src_fail(s, err, s->last_line, "unexpected end of file in the kernel header (no '#' line)");
        const char *end = line + len;
        const char *p = skip_space(line, end);
        if (*p == '#')
            break;
        if (*p != '-')
            return src_fail(s, err, cur_line(s), "expected a '-key = value' header line");
        const char *eq = memchr(p, '=', (size_t)(end - p));
        if (!eq)
            return src_fail(s, err, cur_line(s), "header line without '='");
        const char *key = p + 1, *key_end = eq;
        while (key_end > key && is_space(key_end[-1]))
            key_end--;
        size_t key_len = (size_t)(key_end - key);
        const char *val = skip_space(eq + 1, end);
        uint64_t num = 0;
#define KEY_IS(k) (key_len == sizeof(k) - 1 && memcmp(key, k, key_len) == 0)
#define NUMBER(hex, limit, what)                                                                   \
    do {                                                                                           \
        if (!header_number(val, end, hex, &num) || num > (limit))                                  \
            return src_fail(s, err, cur_line(s), "bad " what " value");                             \
    } while (0)
        if (KEY_IS("kernel name")) {
            size_t n = (size_t)(end - val);
            while (n > 0 && is_space(val[n - 1]))
                n--;
            if (n >= KERNEL_NAME_MAX)
                n = KERNEL_NAME_MAX - 1;
            memcpy(s->name, val, n);
            s->name[n] = '\0';
            seen |= HK_NAME;
        } else if (KEY_IS("kernel id")) {
            NUMBER(false, UINT32_MAX, "kernel id");
            s->kernel_id = (uint32_t)num;
        } else if (KEY_IS("grid dim")) {
            if (!parse_triple(val, end, true, &s->grid))
                return src_fail(s, err, cur_line(s), "bad grid dim (expected (x,y,z))");
            seen |= HK_GRID;
        } else if (KEY_IS("block dim")) {
            if (!parse_triple(val, end, true, &s->block))
                return src_fail(s, err, cur_line(s), "bad block dim (expected (x,y,z))");
            seen |= HK_BLOCK;
        } else if (KEY_IS("shmem")) {
            NUMBER(false, UINT32_MAX, "shmem");
            s->shmem = (uint32_t)num;
            seen |= HK_SHMEM;
        } else if (KEY_IS("nregs")) {
            NUMBER(false, UINT32_MAX, "nregs");
            s->nregs = (uint32_t)num;
            seen |= HK_NREGS;
        } else if (KEY_IS("binary version")) {
            NUMBER(false, UINT32_MAX, "binary version");
            s->binary_version = (unsigned)num;
            seen |= HK_BINARY;
        } else if (KEY_IS("cuda stream id")) {
            NUMBER(false, UINT32_MAX, "cuda stream id");
            s->stream = (uint32_t)num;
        } else if (KEY_IS("shmem base_addr")) {
            NUMBER(true, UINT64_MAX, "shmem base_addr");
            s->shmem_base = num;
        } else if (KEY_IS("local mem base_addr")) {
            NUMBER(true, UINT64_MAX, "local mem base_addr");
            s->local_base = num;
        } else if (KEY_IS("accelsim tracer version")) {
            NUMBER(false, UINT32_MAX, "accelsim tracer version");
            if (num > MAX_TRACER_VERSION)
                return src_fail(s, err, cur_line(s), "unsupported accelsim tracer version %llu (1 to %d known)",
                                (unsigned long long)num, MAX_TRACER_VERSION);
            s->tracer_version = (unsigned)num;
        } else if (KEY_IS("enable lineinfo")) {
            NUMBER(false, 1, "enable lineinfo");
            s->lineinfo = num == 1;
        }
        /* other keys (nvbit version, cluster dims, ...) do not affect us */
#undef KEY_IS
#undef NUMBER
    }
    unsigned long hdr_end = cur_line(s);
    static const struct { unsigned bit; const char *key; } required[] = {
        {HK_NAME, "kernel name"}, {HK_GRID, "grid dim"}, {HK_BLOCK, "block dim"},
        {HK_SHMEM, "shmem"}, {HK_NREGS, "nregs"}, {HK_BINARY, "binary version"},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(required); i++)
        if (!(seen & required[i].bit))
            return src_fail(s, err, hdr_end, "kernel header lacks '-%s = ...'", required[i].key);
    dim3_t g = s->grid, b = s->block;
    /* CUDA's own limits; they also keep every count below 2^63 */
    if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > 0x7fffffffu || g.y > 65535 || g.z > 65535)
        return src_fail(s, err, hdr_end, "invalid grid dim (%u,%u,%u)", g.x, g.y, g.z);
    if (b.x == 0 || b.y == 0 || b.z == 0 || dim3_count(b) > 1024)
        return src_fail(s, err, hdr_end, "invalid block dim (%u,%u,%u): 1 to 1024 threads per CTA", b.x, b.y, b.z);
    if (!sass_version_supported(s->binary_version))
        return src_fail(s, err, hdr_end, "unsupported binary version %u (known: 60 61 70 75 80 86)", s->binary_version);
    s->total_ctas = dim3_count(g);
    s->warps_per_cta = (unsigned)CS_DIV_CEIL(dim3_count(b), WARP_SIZE);
    return 0;
}

/* ------------------------------------------------------------ CTA storage
 *
 * A CTA's trace is held encoded, one byte stream per warp, because the
 * timing model interleaves warps while the file lists them one after the
 * other. Each dynamic instruction is
 *   varint  static id * 4 + (mask given ? 1 : 0) + (address list ? 2 : 0)
 *   [u32    active mask]                 absent: all 32 lanes active
 *   [u64    first active lane's address] only when the static instruction has
 *                                        addresses and a lane is active, then
 *   either  zigzag varint stride         lane k gets first + k * stride, or
 *           zigzag varint deltas         active - 1 of them, lane to lane
 * so a coalesced LDG costs about 12 bytes instead of 48 + 256, and most
 * other instructions 1 to 2. warp_next decodes the next one into the warp's
 * `cur` and `addr`, which is what the contract lets it hand out (valid until
 * the next warp_next of that warp). Ended CTAs go to the store's free list
 * with their buffers, so a long kernel stops allocating once its resident
 * CTAs have been seen. */

/* The addresses of one instruction line: evenly spaced (first, stride over the
 * active lanes, as address mode 1 gives them) or one per active lane. */
typedef struct addr_set {
    bool evenly_spaced;
    uint64_t first, stride;
    /* set: what follows `first` in the stream is known already (a delta memo's
     * code; `list` says which form), and lane[] is not filled */
    const uint8_t *code;
    uint8_t code_len;
    bool list;
    uint64_t lane[WARP_SIZE];
} addr_set_t;

#define RECORD_MASK 1u
#define RECORD_LIST 2u
#define RECORD_MAX_BYTES (10 + 4 + 8 + (WARP_SIZE - 1) * 10)

static trace_store_t *store_new(uint64_t shmem_base, uint64_t local_base)
{
    trace_store_t *st = cs_xcalloc(1, sizeof *st);
    pthread_mutex_init(&st->lock, NULL);
    st->refs = 1;
    st->shmem_base = shmem_base;
    st->local_base = local_base;
    return st;
}

static void cta_storage_free(trace_cta_t *c)
{
    for (unsigned w = 0; w < c->nwarps; w++)
        free(c->warps[w].bytes);
    free(c->warps);
    free(c->cursor);
    free(c);
}

static void store_release(trace_store_t *st)
{
    if (!st)
        return;
    pthread_mutex_lock(&st->lock);
    bool last = --st->refs == 0;
    pthread_mutex_unlock(&st->lock);
    if (!last)
        return;
    for (trace_cta_t *c = st->free_ctas, *next; c; c = next) {
        next = c->next_free;
        cta_storage_free(c);
    }
    for (int k = 0; k < STATIC_CHUNKS; k++)
        free(st->chunk[k]);
    pthread_mutex_destroy(&st->lock);
    free(st);
}

/* Chunk and offset of static instruction `id`: chunk k starts at
 * STATIC_CHUNK0 * (2^k - 1). */
static inline static_inst_t *static_at(const trace_store_t *st, uint32_t id)
{
    uint64_t q = (uint64_t)id / STATIC_CHUNK0 + 1;
    unsigned k = 63u - (unsigned)__builtin_clzll(q);
    return &st->chunk[k][id - STATIC_CHUNK0 * ((1u << k) - 1)];
}

/* Id of `si` in the kernel's table, added if new. Only cta_begin calls it. */
static uint32_t static_intern(trace_source_t *s, const static_inst_t *si)
{
    trace_store_t *st = s->store;
    static_index_t *ix = &s->index;
    if ((uint64_t)(st->nstatic + 1) * 2 > ix->cap) {
        uint32_t cap = ix->cap ? ix->cap * 2 : 256;
        uint32_t *slot = cs_xcalloc(cap, sizeof *slot);
        for (uint32_t i = 0; i < ix->cap; i++) {
            if (!ix->slot[i])
                continue;
            uint64_t pc = static_at(st, ix->slot[i] - 1)->tmpl.pc;
            uint32_t h = (uint32_t)((pc * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
            while (slot[h])
                h = (h + 1) & (cap - 1);
            slot[h] = ix->slot[i];
        }
        free(ix->slot);
        ix->slot = slot;
        ix->cap = cap;
    }
    uint32_t h = (uint32_t)((si->tmpl.pc * 0x9e3779b97f4a7c15ull) >> 32) & (ix->cap - 1);
    for (; ix->slot[h]; h = (h + 1) & (ix->cap - 1)) {
        const static_inst_t *e = static_at(st, ix->slot[h] - 1);
        if (e->tmpl.pc == si->tmpl.pc && e->has_addrs == si->has_addrs && e->generic == si->generic &&
            memcmp(&e->tmpl, &si->tmpl, sizeof si->tmpl) == 0)
            return ix->slot[h] - 1;
    }
    uint32_t id = st->nstatic;
    uint64_t q = (uint64_t)id / STATIC_CHUNK0 + 1;
    unsigned k = 63u - (unsigned)__builtin_clzll(q);
    if (!st->chunk[k])
        st->chunk[k] = cs_xmalloc(((size_t)STATIC_CHUNK0 << k) * sizeof *st->chunk[k]);
    *static_at(st, id) = *si;
    st->nstatic++;
    ix->slot[h] = id + 1;
    return id;
}

/* An empty CTA: from the free list when there is one. */
static trace_cta_t *cta_acquire(trace_source_t *s)
{
    trace_store_t *st = s->store;
    pthread_mutex_lock(&st->lock);
    trace_cta_t *c = st->free_ctas;
    if (c)
        st->free_ctas = c->next_free;
    st->refs++;
    pthread_mutex_unlock(&st->lock);
    if (!c) {
        c = cs_xcalloc(1, sizeof *c);
        c->nwarps = s->warps_per_cta;
        c->warps = cs_xcalloc(c->nwarps, sizeof *c->warps);
        c->cursor = cs_xaligned_calloc(64, c->nwarps, sizeof *c->cursor);
        c->store = st;
    }
    for (unsigned w = 0; w < c->nwarps; w++) {
        warp_stream_t *ws = &c->warps[w];
        ws->len = 0;
        ws->count = 0;
        ws->seen = false;
    }
    c->warp_insts = c->thread_insts = 0;
    c->next_free = NULL;
    return c;
}

/* Back to the free list; the store lives as long as a CTA refers to it. */
static void cta_release(trace_cta_t *c)
{
    if (!c)
        return;
    trace_store_t *st = c->store;
    pthread_mutex_lock(&st->lock);
    c->next_free = st->free_ctas;
    st->free_ctas = c;
    pthread_mutex_unlock(&st->lock);
    store_release(st);
}

static inline void put_varint(uint8_t **pp, uint64_t v)
{
    uint8_t *p = *pp;
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    *pp = p;
}

static inline uint64_t get_varint(const uint8_t **pp)
{
    const uint8_t *p = *pp;
    uint64_t v = *p & 0x7f;
    unsigned shift = 7;
    while (*p++ & 0x80) {
        v |= (uint64_t)(*p & 0x7f) << shift;
        shift += 7;
    }
    *pp = p;
    return v;
}

static inline uint64_t zigzag(uint64_t d) { return (d << 1) ^ (0 - (d >> 63)); }
static inline uint64_t unzigzag(uint64_t z) { return (z >> 1) ^ (0 - (z & 1)); }

static inline void put_u32(uint8_t **pp, uint32_t v)
{
    memcpy(*pp, &v, sizeof v);
    *pp += sizeof v;
}

static inline void put_u64(uint8_t **pp, uint64_t v)
{
    memcpy(*pp, &v, sizeof v);
    *pp += sizeof v;
}

/* How the active lanes' addresses (mask non-zero) are spaced: false when
 * evenly (any one- or two-lane access is), with the first and the stride;
 * true when they need a list. */
static bool spacing_of(uint32_t mask, const addr_set_t *set, uint64_t *first, uint64_t *stride)
{
    const uint64_t *addr = set->lane;
    uint32_t m = mask;
    *first = addr[__builtin_ctz(m)];
    *stride = 0;
    m &= m - 1;
    if (!m)
        return false;
    uint64_t prev = addr[__builtin_ctz(m)];
    *stride = prev - *first;
    for (m &= m - 1; m; m &= m - 1) {
        uint64_t a = addr[__builtin_ctz(m)];
        if (a - prev != *stride)
            return true;
        prev = a;
    }
    return false;
}

/* What follows the first address in a record: each next active lane's
 * distance from the one before (list), or the one stride. */
static uint8_t *put_spacing(uint8_t *p, uint32_t mask, const addr_set_t *set, bool list, uint64_t first,
                            uint64_t stride)
{
    if (!list) {
        put_varint(&p, zigzag(stride));
        return p;
    }
    uint64_t prev = first;
    for (uint32_t m = mask & (mask - 1); m; m &= m - 1) {
        uint64_t a = set->lane[__builtin_ctz(m)];
        put_varint(&p, zigzag(a - prev));
        prev = a;
    }
    return p;
}

/* Append one instruction: static id, mask and (for has_addrs) the active
 * lanes' addresses. */
static void warp_append(warp_stream_t *ws, uint32_t id, uint32_t mask, bool has_addrs, const addr_set_t *set)
{
    if (ws->cap - ws->len < RECORD_MAX_BYTES) {
        /* a first buffer of 512 bytes, not a page: most warps of a short
         * kernel need a few hundred bytes, and a page each (with malloc's
         * header on the next one) cost a fault a warp (docs/SPEED.md, s37);
         * one that outgrows it goes to a page at once and doubles from
         * there, as before (doubling from 512 made a long trace's warps,
         * 2 048 iterations each, 5 % slower in user CPU) */
        size_t cap = ws->cap ? CS_MAX(ws->cap * 2, (size_t)4096) : 512;
        while (cap - ws->len < RECORD_MAX_BYTES)
            cap *= 2;
        ws->bytes = cs_xrealloc(ws->bytes, cap);
        ws->cap = cap;
    }
    uint8_t *p = ws->bytes + ws->len;
    uint64_t tag = (uint64_t)id << 2;
    bool with_addrs = has_addrs && mask;
    bool list = false;
    uint64_t first = set->first, stride = set->stride;
    if (with_addrs && set->code)
        list = set->list;
    else if (with_addrs && !set->evenly_spaced)
        list = spacing_of(mask, set, &first, &stride);
    if (mask != 0xffffffffu)
        tag |= RECORD_MASK;
    if (list)
        tag |= RECORD_LIST;
    put_varint(&p, tag);
    if (mask != 0xffffffffu)
        put_u32(&p, mask);
    if (with_addrs) {
        put_u64(&p, first);
        if (set->code) {
            memcpy(p, set->code, set->code_len);
            p += set->code_len;
        } else {
            p = put_spacing(p, mask, set, list, first, stride);
        }
    }
    ws->len = (size_t)(p - ws->bytes);
    ws->count++;
}

/* Decode the warp's next instruction into cur->cur (and ws->addr). */
static void warp_decode(const trace_store_t *st, warp_stream_t *ws, warp_cursor_t *cur)
{
    const uint8_t *p = cur->p;
    uint64_t tag = get_varint(&p);
    const static_inst_t *si = static_at(st, (uint32_t)(tag >> 2));
    uint32_t mask = 0xffffffffu;
    if (tag & RECORD_MASK) {
        memcpy(&mask, p, sizeof mask);
        p += sizeof mask;
    }
    cur->cur = si->tmpl;
    cur->cur.active_mask = mask;
    if (si->has_addrs) {
        cur->cur.addr = ws->addr;
        if (mask) {
            uint64_t a;
            memcpy(&a, p, sizeof a);
            p += sizeof a;
            uint32_t m = mask;
            ws->addr[__builtin_ctz(m)] = a;
            m &= m - 1;
            if (tag & RECORD_LIST) {
                for (; m; m &= m - 1) {
                    a += unzigzag(get_varint(&p));
                    ws->addr[__builtin_ctz(m)] = a;
                }
            } else {
                uint64_t stride = unzigzag(get_varint(&p));
                for (; m; m &= m - 1) {
                    a += stride;
                    ws->addr[__builtin_ctz(m)] = a;
                }
            }
            if (si->generic) {
                uint64_t lead = ws->addr[__builtin_ctz(mask)];
                if (st->shmem_base && lead - st->shmem_base < GENERIC_WINDOW)
                    cur->cur.space = SPACE_SHARED;
                else if (st->local_base && lead - st->local_base < GENERIC_WINDOW)
                    cur->cur.space = SPACE_LOCAL;
            }
        }
    }
    cur->p = p;
    /* The warp's stream was parsed long ago and moves a few bytes per fetch,
     * too slowly for the hardware prefetcher: the first load of each cache
     * line missed (a third of this function's time without this). */
    __builtin_prefetch(p + 64);
}

/* ------------------------------------------------------------ instructions */

static const opcode_cache_entry_t *decode_opcode(trace_source_t *s, const char *op, size_t n,
                                                 opcode_cache_entry_t *scratch, cs_error_t *err)
{
    /* cheap hash of length and a few characters; the memcmp below decides */
    uint32_t h = 0;
    if (n > 0)
        h = (uint32_t)n * 131u + (uint8_t)op[0] * 31u + (uint8_t)op[n - 1] * 7u + (uint8_t)op[n / 2] * 17u +
            (uint8_t)op[(n * 3) / 4] * 3u;
    opcode_cache_entry_t *e = &s->opcode_cache[h & (OPCODE_CACHE_SIZE - 1)];
    if (n < OPCODE_CACHE_TEXT && memcmp(e->text, op, n) == 0 && e->text[n] == '\0' && n > 0)
        return e;
    /* op is NUL-terminated by the caller */
    for (size_t i = 0; i < n; i++) {
        char c = op[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_';
        if (!ok) {
            char buf[48];
            src_fail(s, err, cur_line(s), "bad opcode '%s'", shown(op, op + n, buf));
            return NULL;
        }
    }
    opcode_cache_entry_t *slot = n < OPCODE_CACHE_TEXT ? e : scratch;
    sass_op_info_t info;
    if (!sass_lookup(s->binary_version, op, &info)) {
        char buf[48];
        src_fail(s, err, cur_line(s), "unknown opcode '%s' for binary version %u", shown(op, op + n, buf),
                 s->binary_version);
        return NULL;
    }
    slot->info = info;
    slot->access_size = info.unit == UNIT_LDST ? (uint8_t)sass_access_size(op) : 0;
    slot->generic = info.unit == UNIT_LDST && sass_is_generic_memory(op);
    if (slot == e) {
        memcpy(e->text, op, n);
        e->text[n] = '\0';
    }
    return slot;
}

static delta_memo_t *delta_memo_at(trace_source_t *s, uint64_t pc)
{
    if (!s->delta_memo)
        s->delta_memo = cs_xcalloc(DELTA_MEMO_SIZE, sizeof *s->delta_memo);
    return &s->delta_memo[(pc * 0x9e3779b97f4a7c15ull) >> (64 - DELTA_MEMO_BITS)];
}

/* The deltas at *pp are the text memo d last saw at this PC with this mask:
 * the record's code is d's (out->code), *pp moves past them. */
static bool delta_memo_hit(const delta_memo_t *d, uint64_t pc, uint32_t mask, const char **pp, const char *end,
                           addr_set_t *out)
{
    const char *p = *pp;
    if (!d->len || d->pc != pc || d->mask != mask || (size_t)(end - p) < d->len || memcmp(p, d->text, d->len) != 0 ||
        !token_ends_at(p + d->len, end))
        return false;
    out->code = d->code;
    out->code_len = d->code_len;
    out->list = d->list;
    *pp = p + d->len;
    return true;
}

/* Keep the deltas' text [from, to) and their code in d (lane[] holds the
 * parsed addresses), where both fit; the record uses the code too. */
static void delta_memo_fill(delta_memo_t *d, uint64_t pc, uint32_t mask, const char *from, const char *to,
                            addr_set_t *out)
{
    size_t len = (size_t)(to - from);
    if (!mask || !len || len > DELTA_MEMO_TEXT)
        return;
    uint8_t code[RECORD_MAX_BYTES];
    uint64_t first, stride;
    bool list = spacing_of(mask, out, &first, &stride);
    size_t code_len = (size_t)(put_spacing(code, mask, out, list, first, stride) - code);
    if (code_len > DELTA_MEMO_CODE)
        return;
    d->pc = pc;
    d->mask = mask;
    d->len = (uint16_t)len;
    memcpy(d->text, from, len);
    d->code_len = (uint8_t)code_len;
    memcpy(d->code, code, code_len);
    d->list = list;
    out->code = d->code;
    out->code_len = d->code_len;
    out->list = list;
}

/* Addresses after mem_width: mode 1 as base and stride, modes 0 and 2 as
 * per-lane values (active lanes only; the others are left as they are; not
 * even those where a delta memo gives the record's code, out->code). */
static int parse_addresses(trace_source_t *s, uint64_t pc, const char **pp, const char *end, uint32_t mask,
                           addr_set_t *out, cs_error_t *err)
{
    uint64_t *addr = out->lane;
    out->evenly_spaced = false;
    char buf[48];
    uint64_t mode;
    const char *p = skip_space(*pp, end), *mode_at = p;
    if (!parse_dec(&p, end, &mode) || mode > 2) {
        p = mode_at;
        if (at_end(p, end))
            return src_fail(s, err, cur_line(s), "memory instruction without an address mode");
        return src_fail(s, err, cur_line(s), "bad address mode '%s' (0, 1 or 2)", shown(p, end, buf));
    }
    unsigned active = popcount32(mask);
    if (mode == 0) {
        unsigned k = 0;
        for (uint32_t m = mask; m; m &= m - 1, k++) {
            if (!parse_hex(&p, end, &addr[__builtin_ctz(m)])) {
                if (at_end(p, end))
                    return src_fail(s, err, cur_line(s), "missing addresses: %u active lanes, %u addresses", active, k);
                return src_fail(s, err, cur_line(s), "bad address '%s'", shown(p, end, buf));
            }
        }
    } else {
        uint64_t base;
        if (!parse_hex(&p, end, &base)) {
            if (at_end(p, end))
                return src_fail(s, err, cur_line(s), "missing base address");
            return src_fail(s, err, cur_line(s), "bad base address '%s'", shown(p, end, buf));
        }
        if (mode == 1) {
            int64_t stride;
            if (!parse_signed(&p, end, &stride)) {
                if (at_end(p, end))
                    return src_fail(s, err, cur_line(s), "missing stride after base address");
                return src_fail(s, err, cur_line(s), "bad stride '%s'", shown(p, end, buf));
            }
            /* kept as base + stride: lane k gets base + k*stride, wrapping
             * like the hardware's 64-bit adds (warp_decode expands it) */
            out->evenly_spaced = true;
            out->first = base;
            out->stride = (uint64_t)stride;
        } else {
            out->first = base;
            delta_memo_t *memo = delta_memo_at(s, pc);
            if (delta_memo_hit(memo, pc, mask, &p, end, out)) {
                *pp = p;
                return 0;
            }
            const char *deltas = p;
            uint64_t a = base;
            unsigned k = 0;
            for (uint32_t m = mask; m; m &= m - 1, k++) {
                if (k > 0) {
                    int64_t delta;
                    if (!parse_delta_fast(&p, end, &delta) && !parse_signed(&p, end, &delta)) {
                        if (at_end(p, end))
                            return src_fail(s, err, cur_line(s), "too few address deltas: %u active lanes need %u, got %u",
                                            active, active - 1, k - 1);
                        return src_fail(s, err, cur_line(s), "bad address delta '%s'", shown(p, end, buf));
                    }
                    a += (uint64_t)delta;
                }
                addr[__builtin_ctz(m)] = a;
            }
            delta_memo_fill(memo, pc, mask, deltas, p, out);
        }
    }
    *pp = p;
    return 0;
}

/* One instruction line: appended to warp stream `ws`; its active mask into *mask_out. */
static int parse_instruction(trace_source_t *s, warp_stream_t *ws, char *line, size_t len, uint32_t *mask_out,
                             cs_error_t *err)
{
    const char *p = line, *end = line + len;
    char buf[48];
    uint64_t v;
    static_inst_t si;
    memset(&si, 0, sizeof si); /* unused register slots read as 0, and the table compares whole entries */
    warp_inst_t *in = &si.tmpl;
    uint64_t mem_width = 0;
    const char *seg_end = NULL;
    if (s->tracer_version < 3) /* ctaX ctaY ctaZ warp: we know them from the block structure */
        for (int i = 0; i < 4; i++)
            if (!parse_dec(&p, end, &v))
                return src_fail(s, err, cur_line(s), "bad cta/warp prefix '%s' (tracer version %u)", shown(p, end, buf),
                                s->tracer_version);
    if (s->lineinfo && !parse_dec(&p, end, &v))
        return src_fail(s, err, cur_line(s), "bad source line number '%s'", shown(p, end, buf));
    if (!parse_hex(&p, end, &in->pc))
        return src_fail(s, err, cur_line(s), "bad PC '%s'", shown(p, end, buf));
    const char *mask_at = skip_space(p, end); /* shown whole when too large (parse_hex moved past it) */
    if (!parse_hex(&p, end, &v) || v > UINT32_MAX)
        return src_fail(s, err, cur_line(s), "bad active mask '%s' (32-bit hex)", shown(mask_at, end, buf));
    in->active_mask = (uint32_t)v;
    uint32_t mask = in->active_mask;
    /* The text from the destination count to the memory width is the same
     * every time a PC comes back (it is the SASS instruction): when it
     * matches the last one seen at this PC byte for byte, its parse is known. */
    const char *seg = p;
    line_memo_t *memo = &s->memo[(in->pc * 0x9e3779b97f4a7c15ull) >> (64 - LINE_MEMO_BITS)];
    uint32_t id = UINT32_MAX;
    bool has_addrs, mem_width_nonzero;
    if (memo->len && memo->pc == in->pc && (size_t)(end - seg) >= memo->len &&
        memcmp(seg, memo->text, memo->len) == 0 && token_ends_at(seg + memo->len, end)) {
        p = seg + memo->len;
        id = memo->id;
        has_addrs = memo->has_addrs;
        mem_width_nonzero = memo->mem_width_nonzero;
    } else {
        /* parse_dec moves past a number that is too large: show the token
         * from where it starts, not the empty rest after it */
        const char *dst_at = skip_space(p, end);
        if (!parse_dec(&p, end, &v) || v > INST_MAX_DST)
            return src_fail(s, err, cur_line(s), "bad destination count '%s' (0 to %d)", shown(dst_at, end, buf),
                            INST_MAX_DST);
        in->ndst = (uint8_t)v;
        for (unsigned i = 0; i < in->ndst; i++)
            if (!parse_register(&p, end, &in->dst[i]))
                return src_fail(s, err, cur_line(s), "bad destination register '%s' (expected R<n>)",
                                shown(p, end, buf));
        p = skip_space(p, end);
        const char *op = p;
        p = token_end(p, end);
        if (p == op)
            return src_fail(s, err, cur_line(s), "missing opcode");
        size_t op_len = (size_t)(p - op);
        /* NUL-terminate the opcode in place for the table lookup (line[len] is
         * already NUL, so this is in bounds even at the end of the line) */
        char *op_end = line + (p - line);
        char saved = *op_end;
        *op_end = '\0';
        opcode_cache_entry_t scratch;
        const opcode_cache_entry_t *oc = decode_opcode(s, op, op_len, &scratch, err);
        *op_end = saved;
        if (!oc)
            return -1;
        if (!parse_dec(&p, end, &v) || v > INST_MAX_SRC)
            return src_fail(s, err, cur_line(s), "bad source count '%s' (0 to %d)", shown(p, end, buf), INST_MAX_SRC);
        in->nsrc = (uint8_t)v;
        for (unsigned i = 0; i < in->nsrc; i++)
            if (!parse_register(&p, end, &in->src[i]))
                return src_fail(s, err, cur_line(s), "bad source register '%s' (expected R<n>)", shown(p, end, buf));
        if (!parse_dec(&p, end, &mem_width))
            return src_fail(s, err, cur_line(s), "%s", at_end(p, end) ? "missing memory width" : "bad memory width");
        seg_end = p;
        in->unit = oc->info.unit;
        in->lat = oc->info.lat;
        in->space = oc->info.space;
        in->flags = oc->info.flags;
        in->access_size = oc->access_size;
        si.has_addrs = mem_width > 0 && in->unit == UNIT_LDST;
        si.generic = si.has_addrs && oc->generic; /* the space is decided per instance, in warp_decode */
        has_addrs = si.has_addrs;
        mem_width_nonzero = mem_width > 0;
    }
    /* e.g. QSPC takes a generic address: the tracer records it, but the op
     * does not access memory. Its syntax is checked, nothing kept. */
    addr_set_t addr; /* not zeroed: lane[] is written and read for active lanes only */
    addr.evenly_spaced = false;
    addr.first = addr.stride = 0;
    addr.code = NULL;
    if (mem_width_nonzero && parse_addresses(s, in->pc, &p, end, mask, &addr, err) < 0)
        return -1;
    /* optional immediate (DEPBAR and friends), then nothing */
    p = skip_space(p, end);
    if (p < end) {
        int64_t imm;
        bool hex = end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
        bool ok = hex ? parse_hex(&p, end, &v) : parse_signed(&p, end, &imm);
        if (!ok)
            return src_fail(s, err, cur_line(s), "unexpected '%s' at the end of the instruction", shown(p, end, buf));
        p = skip_space(p, end);
        if (p < end)
            return src_fail(s, err, cur_line(s), "unexpected '%s' at the end of the instruction%s", shown(p, end, buf),
                            mem_width_nonzero ? " (too many addresses?)" : "");
    }
    if (id == UINT32_MAX) { /* parsed in full: into the table and the memo */
        in->active_mask = 0;
        id = static_intern(s, &si);
        size_t seg_len = (size_t)(seg_end - seg);
        if (seg_len <= LINE_MEMO_TEXT) {
            memo->pc = in->pc;
            memo->id = id;
            memo->len = (uint8_t)seg_len;
            memo->mem_width_nonzero = mem_width_nonzero;
            memo->has_addrs = has_addrs;
            memcpy(memo->text, seg, seg_len);
        }
    }
    warp_append(ws, id, mask, has_addrs, &addr);
    *mask_out = mask;
    return 0;
}

/* ------------------------------------------------------------------ CTAs */

static bool looks_structural(const char *p)
{
    return *p == '#' || strncmp(p, "warp", 4) == 0 || strncmp(p, "insts", 5) == 0 || strncmp(p, "thread", 6) == 0;
}

/* Read `n` instructions of warp `w`. */
static int parse_warp_body(trace_source_t *s, trace_cta_t *cta, unsigned w, uint64_t n, cs_error_t *err)
{
    warp_stream_t *ws = &cta->warps[w];
    if (n > MAX_WARP_INSTS)
        return src_fail(s, err, cur_line(s), "insts = %llu is more than a warp can hold (%u)", (unsigned long long)n,
                        MAX_WARP_INSTS);
    uint64_t warp_insts = 0, thread_insts = 0;
    for (uint64_t i = 0; i < n; i++) {
        char *line;
        size_t len;
        int rc = next_line(s, &line, &len, err);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return src_fail(s, err, s->last_line,
                            "unexpected end of file: warp %u expects %llu instructions, got %llu", w,
                            (unsigned long long)n, (unsigned long long)i);
        const char *p = skip_space(line, line + len);
        if (cs_hex_digit((unsigned char)*p) < 0 && looks_structural(p))
            return src_fail(s, err, cur_line(s), "warp %u expects %llu instructions, got %llu", w,
                            (unsigned long long)n, (unsigned long long)i);
        uint32_t mask = 0;
        if (parse_instruction(s, ws, line, len, &mask, err) < 0)
            return -1;
        warp_insts++;
        thread_insts += popcount32(mask);
    }
    cta->warp_insts += warp_insts;
    cta->thread_insts += thread_insts;
    return 0;
}

/* After the last CTA only blank lines and '#' comments may follow. */
static int check_trailer(trace_source_t *s, cs_error_t *err)
{
    char *line;
    size_t len;
    int rc;
    while ((rc = next_line(s, &line, &len, err)) > 0) {
        const char *p = skip_space(line, line + len);
        if (*p != '#' || strncmp(p, "#BEGIN_TB", 9) == 0)
            return src_fail(s, err, cur_line(s), "content after the last CTA (grid (%u,%u,%u) has %llu CTAs)",
                            s->grid.x, s->grid.y, s->grid.z, (unsigned long long)s->total_ctas);
    }
    return rc;
}

static int parse_cta(trace_source_t *s, trace_cta_t *cta, uint64_t linear, cs_error_t *err)
{
    char *line;
    size_t len;
    int rc;
    /* find #BEGIN_TB; comment lines between blocks are allowed */
    for (;;) {
        rc = next_line(s, &line, &len, err);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return src_fail(s, err, s->last_line, "unexpected end of file: CTA %llu of %llu missing",
                            (unsigned long long)linear, (unsigned long long)s->total_ctas);
        const char *p = skip_space(line, line + len);
        if (strncmp(p, "#BEGIN_TB", 9) == 0 && at_end(p + 9, line + len))
            break;
        if (*p != '#')
            return src_fail(s, err, cur_line(s), "expected #BEGIN_TB");
    }
    bool have_block = false;
    for (;;) {
        rc = next_line(s, &line, &len, err);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return src_fail(s, err, s->last_line, "unexpected end of file inside CTA %llu (no #END_TB)",
                            (unsigned long long)linear);
        const char *end = line + len;
        const char *p = skip_space(line, end);
        if (strncmp(p, "#END_TB", 7) == 0 && at_end(p + 7, end)) {
            if (!have_block)
                return src_fail(s, err, cur_line(s), "CTA without a 'thread block =' line");
            for (unsigned w = 0; w < cta->nwarps; w++)
                cta->cursor[w] = (warp_cursor_t){.p = cta->warps[w].bytes, .left = cta->warps[w].count};
            return 0;
        }
        if (match_word(&p, end, "thread block")) {
            dim3_t got, want = dim3_unlinear(s->grid, linear);
            p = skip_space(p, end);
            if (p >= end || *p != '=' || !parse_triple(p + 1, end, false, &got))
                return src_fail(s, err, cur_line(s), "bad 'thread block = x,y,z' line");
            if (have_block)
                return src_fail(s, err, cur_line(s), "second 'thread block' line in one CTA");
            if (got.x != want.x || got.y != want.y || got.z != want.z)
                return src_fail(s, err, cur_line(s),
                                "thread block %u,%u,%u out of launch order: expected %u,%u,%u (CTA %llu)", got.x,
                                got.y, got.z, want.x, want.y, want.z, (unsigned long long)linear);
            have_block = true;
            continue;
        }
        if (match_word(&p, end, "warp")) {
            uint64_t w, n;
            p = skip_space(p, end);
            if (!have_block)
                return src_fail(s, err, cur_line(s), "'warp =' before 'thread block ='");
            if (p >= end || *p != '=' || (p++, !parse_dec(&p, end, &w)) || !at_end(p, end))
                return src_fail(s, err, cur_line(s), "bad 'warp = N' line");
            if (w >= cta->nwarps)
                return src_fail(s, err, cur_line(s), "warp %llu out of range: the CTA has %u warps",
                                (unsigned long long)w, cta->nwarps);
            if (cta->warps[w].seen)
                return src_fail(s, err, cur_line(s), "warp %llu listed twice in CTA %llu", (unsigned long long)w,
                                (unsigned long long)linear);
            cta->warps[w].seen = true;
            rc = next_line(s, &line, &len, err);
            if (rc < 0)
                return -1;
            if (rc == 0)
                return src_fail(s, err, s->last_line, "unexpected end of file: expected 'insts =' for warp %llu",
                                (unsigned long long)w);
            end = line + len;
            p = line;
            if (!match_word(&p, end, "insts"))
                return src_fail(s, err, cur_line(s), "expected 'insts = N' after 'warp = %llu'", (unsigned long long)w);
            p = skip_space(p, end);
            if (p >= end || *p != '=' || (p++, !parse_dec(&p, end, &n)) || !at_end(p, end))
                return src_fail(s, err, cur_line(s), "bad 'insts = N' line");
            if (parse_warp_body(s, cta, (unsigned)w, n, err) < 0)
                return -1;
            continue;
        }
        if (match_word(&p, end, "cluster")) /* Hopper tracers: cluster id / cluster cta */
            continue;
        if (*p == '#') {
            char buf[48];
            return src_fail(s, err, cur_line(s), "unexpected '%s' inside a CTA", shown(p, end, buf));
        }
        return src_fail(s, err, cur_line(s), "unexpected line inside CTA %llu (expected 'warp = N' or #END_TB)",
                        (unsigned long long)linear);
    }
}

/* Parse CTA `linear`, the next in the file, into cta; after the last CTA
 * check the trailer and close the file. The parser's side of cta_begin. */
static int parse_next(trace_source_t *s, trace_cta_t *cta, uint64_t linear, cs_error_t *err)
{
    if (parse_cta(s, cta, linear, err) < 0)
        return -1;
    if (linear + 1 == s->total_ctas) {
        int rc = check_trailer(s, err);
        line_reader_close(s->lr); /* the rest of the kernel needs no file */
        s->lr = NULL;
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ parse-ahead */

#define AHEAD_CTAS 4096
#define AHEAD_BYTES (4u << 20)
#define AHEAD_THREADS 2

static atomic_uint ahead_threads; /* parse-ahead threads still parsing, process-wide */

typedef struct parse_ahead {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t parsed; /* a CTA, or the end, is ready */
    pthread_cond_t taken;  /* room in the ring, or stop */
    trace_cta_t *ring[AHEAD_CTAS];
    size_t ring_bytes[AHEAD_CTAS];
    unsigned depth;        /* CTAs the ring may hold: AHEAD_CTAS, or fewer (tests) */
    unsigned head, count;
    size_t bytes;          /* encoded bytes in the ring */
    uint64_t first;        /* the CTA the thread starts at */
    bool finished;         /* no more CTAs will come: all parsed, or `failed` */
    bool failed;
    cs_error_t failure;    /* the parse error, after the CTAs before it */
    bool stop;             /* the source is being destroyed */
} parse_ahead_t;

/* How many CTAs to parse ahead, 0 for none: CTASIM_PARSE_AHEAD=0 off, =1
 * on (AHEAD_CTAS), =N (2 to AHEAD_CTAS) on with a ring of N CTAs (the tests
 * use a small one to exercise the waits); otherwise on when a second CPU is
 * online. */
static unsigned parse_ahead_depth(void)
{
    const char *e = getenv("CTASIM_PARSE_AHEAD");
    if (e && *e) {
        const unsigned long n = strtoul(e, NULL, 10);
        return n == 0 ? 0 : n == 1 || n > AHEAD_CTAS ? AHEAD_CTAS : (unsigned)n;
    }
    return sysconf(_SC_NPROCESSORS_ONLN) > 1 ? AHEAD_CTAS : 0;
}

static size_t cta_encoded_bytes(const trace_cta_t *c)
{
    size_t n = sizeof *c + c->nwarps * (sizeof *c->warps + sizeof *c->cursor);
    for (unsigned w = 0; w < c->nwarps; w++)
        n += c->warps[w].cap;
    return n;
}

static void *parse_ahead_main(void *arg)
{
    trace_source_t *s = arg;
    parse_ahead_t *a = s->ahead;
    for (uint64_t k = a->first; k < s->total_ctas; k++) {
        pthread_mutex_lock(&a->lock);
        while (!a->stop && a->count > 0 && (a->count == a->depth || a->bytes >= AHEAD_BYTES))
            pthread_cond_wait(&a->taken, &a->lock);
        const bool stop = a->stop;
        pthread_mutex_unlock(&a->lock);
        if (stop)
            break;
        trace_cta_t *cta = cta_acquire(s);
        cs_error_t e;
        const int rc = parse_next(s, cta, k, &e);
        const size_t bytes = rc < 0 ? 0 : cta_encoded_bytes(cta);
        if (rc < 0)
            cta_release(cta);
        pthread_mutex_lock(&a->lock);
        if (rc < 0) {
            a->failed = true;
            a->failure = e;
            a->finished = true;
        } else {
            const unsigned slot = (a->head + a->count) % AHEAD_CTAS;
            a->ring[slot] = cta;
            a->ring_bytes[slot] = bytes;
            a->count++;
            a->bytes += bytes;
        }
        pthread_cond_signal(&a->parsed);
        pthread_mutex_unlock(&a->lock);
        if (rc < 0)
            break;
    }
    pthread_mutex_lock(&a->lock);
    a->finished = true;
    pthread_cond_signal(&a->parsed);
    pthread_mutex_unlock(&a->lock);
    atomic_fetch_sub(&ahead_threads, 1);
    return NULL;
}

/* Start the thread at the next CTA if parse-ahead is wanted and fewer than
 * AHEAD_THREADS parse; false if not (the source then parses sequentially). */
static bool parse_ahead_start(trace_source_t *s)
{
    const unsigned depth = s->ahead || !s->lr ? 0 : parse_ahead_depth();
    if (!depth)
        return false;
    unsigned n = atomic_load(&ahead_threads);
    do {
        if (n >= AHEAD_THREADS)
            return false;
    } while (!atomic_compare_exchange_weak(&ahead_threads, &n, n + 1));
    parse_ahead_t *a = cs_xcalloc(1, sizeof *a);
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->parsed, NULL);
    pthread_cond_init(&a->taken, NULL);
    a->first = s->next_cta;
    a->depth = depth;
    s->ahead = a;
    if (pthread_create(&a->thread, NULL, parse_ahead_main, s) != 0) {
        pthread_cond_destroy(&a->taken);
        pthread_cond_destroy(&a->parsed);
        pthread_mutex_destroy(&a->lock);
        free(a);
        s->ahead = NULL;
        atomic_fetch_sub(&ahead_threads, 1);
        return false;
    }
    return true;
}

/* The next CTA from the thread (waiting for it), or NULL with its error. */
static trace_cta_t *parse_ahead_take(trace_source_t *s, cs_error_t *err)
{
    parse_ahead_t *a = s->ahead;
    pthread_mutex_lock(&a->lock);
    while (!a->count && !a->finished)
        pthread_cond_wait(&a->parsed, &a->lock);
    trace_cta_t *cta = NULL;
    if (a->count) {
        cta = a->ring[a->head];
        a->bytes -= a->ring_bytes[a->head];
        a->head = (a->head + 1) % AHEAD_CTAS;
        a->count--;
        pthread_cond_signal(&a->taken);
    } else if (a->failed) {
        s->begin_failed = true;
        s->begin_failure = a->failure;
    } else { /* cannot happen: cta_begin checked the CTA is in the grid */
        s->begin_failed = true;
        cs_err(&s->begin_failure, s->path, 0, "the trace reader's parse-ahead ended early");
    }
    pthread_mutex_unlock(&a->lock);
    if (!cta && err)
        *err = s->begin_failure;
    return cta;
}

/* Stop the thread (it finishes the CTA it is parsing) and free what it parsed. */
static void parse_ahead_stop(trace_source_t *s)
{
    parse_ahead_t *a = s->ahead;
    if (!a)
        return;
    pthread_mutex_lock(&a->lock);
    a->stop = true;
    pthread_cond_signal(&a->taken);
    pthread_mutex_unlock(&a->lock);
    pthread_join(a->thread, NULL);
    for (; a->count; a->count--, a->head = (a->head + 1) % AHEAD_CTAS)
        cta_release(a->ring[a->head]);
    pthread_cond_destroy(&a->taken);
    pthread_cond_destroy(&a->parsed);
    pthread_mutex_destroy(&a->lock);
    free(a);
    s->ahead = NULL;
}

/* ------------------------------------------------------------------ CTAs */

static void *trace_cta_begin(void *src, uint64_t cta_linear, uint32_t core, cs_error_t *err)
{
    (void)core; /* a trace's instructions do not depend on where they run */
    trace_source_t *s = src;
    if (s->begin_failed) {
        if (err)
            *err = s->begin_failure;
        return NULL;
    }
    if (cta_linear >= s->total_ctas) {
        cs_err(err, s->path, 0, "CTA %llu requested, the grid has %llu", (unsigned long long)cta_linear,
               (unsigned long long)s->total_ctas);
        return NULL;
    }
    if (cta_linear != s->next_cta) {
        cs_err(err, s->path, 0, "CTA %llu requested out of order: the trace is read sequentially, next is %llu",
               (unsigned long long)cta_linear, (unsigned long long)s->next_cta);
        return NULL;
    }
    if (!s->ahead && cta_linear == 0) /* none was free when the kernel was opened */
        parse_ahead_start(s);
    trace_cta_t *cta;
    if (s->ahead) {
        cta = parse_ahead_take(s, err);
        if (!cta)
            return NULL;
    } else {
        cta = cta_acquire(s);
        if (parse_next(s, cta, cta_linear, err) < 0) {
            cta_release(cta);
            s->begin_failed = true;
            s->begin_failure = s->failure;
            return NULL;
        }
    }
    s->next_cta++;
    s->counts->c.warp_insts += cta->warp_insts;
    s->counts->c.thread_insts += cta->thread_insts;
    return cta;
}

static int trace_warp_next(void *cta_state, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    trace_cta_t *cta = cta_state;
    if (warp >= cta->nwarps)
        return cs_err(err, NULL, 0, "warp %u out of range (the CTA has %u warps)", warp, cta->nwarps);
    warp_cursor_t *c = &cta->cursor[warp];
    if (!c->left)
        return 0;
    warp_stream_t *w = &cta->warps[warp];
    warp_decode(cta->store, w, c);
    c->left--;
    *out = &c->cur;
    /* A guess, harmless if wrong: the CTA's next warp fetches soon (its
     * scheduler takes warps in slot order), and its cursor line was last
     * touched long ago: a host cache miss. (Reading the cursor here to
     * prefetch its bytes would take that miss now; warp_decode prefetches
     * each warp's next line of bytes.) */
    __builtin_prefetch(&cta->cursor[warp + 1 < cta->nwarps ? warp + 1 : 0]);
    return 1;
}

static void trace_cta_end(void *src, void *cta_state) { cta_release(cta_state); }

static void source_free(trace_source_t *s)
{
    if (!s)
        return;
    parse_ahead_stop(s);
    line_reader_close(s->lr);
    counts_release(s->counts);
    store_release(s->store);
    free(s->index.slot);
    free(s->memo);
    free(s->delta_memo);
    free(s->path);
    free(s);
}

static void trace_source_destroy(void *src) { source_free(src); }

static const cta_source_ops_t trace_cta_ops = {
    .cta_begin = trace_cta_begin,
    .warp_next = trace_warp_next,
    .cta_end = trace_cta_end,
    .destroy = trace_source_destroy,
    .parallel_safe = true, /* warp_next and cta_end touch only the CTA */
};

/* Parse the header of an opened kernel file into *out; takes the reader. */
static int open_source(line_reader_t *lr, shared_counts_t *counts, uint32_t default_id, kernel_desc_t *out,
                       cs_error_t *err)
{
    trace_source_t *s = cs_xcalloc(1, sizeof *s);
    s->lr = lr;
    s->path = cs_xstrdup(line_reader_path(lr));
    s->counts = counts;
    counts->refs++;
    s->kernel_id = default_id;
    if (parse_header(s, err) < 0) {
        source_free(s);
        return -1;
    }
    s->store = store_new(s->shmem_base, s->local_base);
    s->memo = cs_xcalloc(LINE_MEMO_SIZE, sizeof *s->memo);
    memset(out, 0, sizeof *out);
    memcpy(out->name, s->name, sizeof out->name);
    out->id = s->kernel_id;
    out->stream = s->stream;
    out->grid = s->grid;
    out->block = s->block;
    out->shmem_bytes = s->shmem;
    out->regs_per_thread = s->nregs;
    out->expected_warp_insts = 0;
    out->ops = &trace_cta_ops;
    out->src = s;
    parse_ahead_start(s);
    return 0;
}

int trace_kernel_open(const char *path, kernel_desc_t *out, cs_error_t *err)
{
    line_reader_t *lr = line_reader_open(path, err);
    if (!lr)
        return -1;
    shared_counts_t *counts = counts_new();
    int rc = open_source(lr, counts, 1, out, err);
    counts_release(counts);
    return rc;
}

int trace_kernel_open_mem(const char *name, const void *data, size_t len, kernel_desc_t *out, cs_error_t *err)
{
    line_reader_t *lr = line_reader_open_mem(name, data, len, err);
    if (!lr)
        return -1;
    shared_counts_t *counts = counts_new();
    int rc = open_source(lr, counts, 1, out, err);
    counts_release(counts);
    return rc;
}

void trace_kernel_counts(const kernel_desc_t *k, trace_counts_t *out)
{
    const trace_source_t *s = k->src;
    *out = s->counts->c;
}

bool trace_xz_supported(void) { return line_reader_xz_supported(); }

/* -------------------------------------------------------------- workload */

typedef struct kernel_entry {
    char *file;          /* as written in kernelslist.g */
    unsigned long line;  /* where */
    mem_range_t *copies; /* MemcpyHtoD lines between the previous kernel line and this one */
    uint32_t ncopies;
} kernel_entry_t;

typedef struct trace_workload {
    workload_t base;
    char *list_path, *dir;
    kernel_entry_t *kernels;
    size_t nkernels, next;
    shared_counts_t *counts;
    mem_range_t *pending; /* copies read since the last kernel line */
    uint32_t npending, pending_cap;
} trace_workload_t;

static void workload_free(trace_workload_t *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->nkernels; i++) {
        free(w->kernels[i].file);
        free(w->kernels[i].copies);
    }
    free(w->kernels);
    free(w->pending);
    free(w->list_path);
    free(w->dir);
    counts_release(w->counts);
    free(w);
}

static void trace_workload_destroy(workload_t *base) { workload_free((trace_workload_t *)base); }

static int trace_workload_next(workload_t *base, kernel_desc_t *out, cs_error_t *err)
{
    trace_workload_t *w = (trace_workload_t *)base;
    if (w->next >= w->nkernels)
        return 0;
    kernel_entry_t *e = &w->kernels[w->next++];
    size_t n = strlen(w->dir) + strlen(e->file) + 2;
    char *path = cs_xmalloc(n);
    if (e->file[0] == '/')
        snprintf(path, n, "%s", e->file);
    else
        snprintf(path, n, "%s/%s", w->dir, e->file);
    cs_error_t oerr;
    line_reader_t *lr = line_reader_open(path, &oerr);
    if (!lr) {
        /* report against the kernelslist line that named the file */
        if (strstr(oerr.msg, "cannot open: ")) {
            const char *why = strstr(oerr.msg, "cannot open: ") + strlen("cannot open: ");
            cs_err(err, w->list_path, e->line, "cannot open '%s': %s", e->file, why);
        } else if (err) {
            *err = oerr;
        }
        free(path);
        return -1;
    }
    free(path);
    if (open_source(lr, w->counts, (uint32_t)w->next, out, err) < 0)
        return -1;
    out->h2d_copies = e->copies;
    out->n_h2d_copies = e->ncopies;
    return 1;
}

static const workload_ops_t trace_workload_ops = {
    .next_kernel = trace_workload_next,
    .destroy = trace_workload_destroy,
};

/* "MemcpyHtoD,0x<hex>,<bytes>" */
static bool parse_memcpy(const char *line, const char *end, uint64_t *addr_out, uint64_t *bytes)
{
    const char *p = line + strlen("MemcpyHtoD");
    if (p >= end || *p != ',')
        return false;
    const char *f1 = p + 1;
    const char *c2 = memchr(f1, ',', (size_t)(end - f1));
    if (!c2)
        return false;
    const char *q = f1;
    uint64_t addr;
    if (end - q < 2 || q[0] != '0' || (q[1] != 'x' && q[1] != 'X'))
        return false;
    if (!parse_hex(&q, c2, &addr) || q != c2)
        return false;
    q = c2 + 1;
    if (memchr(q, ',', (size_t)(end - q)))
        return false;
    if (!parse_dec(&q, end, bytes) || !at_end(q, end))
        return false;
    *addr_out = addr;
    return true;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* A kernel trace file given instead of a kernel list: run it as a list of
 * that one kernel, from its own directory. */
static workload_t *open_single_kernel(trace_workload_t *w, cs_error_t *err)
{
    const char *path = w->list_path;
    const char *slash = strrchr(path, '/');
    if (slash) {
        size_t dl = slash == path ? 1 : (size_t)(slash - path);
        w->dir = cs_xmalloc(dl + 1);
        memcpy(w->dir, path, dl);
        w->dir[dl] = '\0';
    } else {
        w->dir = cs_xstrdup(".");
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        cs_err(err, path, 0, "cannot open: %s", strerror(errno));
        workload_free(w);
        return NULL;
    }
    fclose(f);
    w->kernels = cs_xcalloc(1, sizeof *w->kernels);
    w->kernels[0].file = cs_xstrdup(slash ? slash + 1 : path);
    w->kernels[0].line = 0;
    w->nkernels = 1;
    return &w->base;
}

workload_t *trace_workload_open(const char *kernelslist_path, cs_error_t *err)
{
    trace_workload_t *w = cs_xcalloc(1, sizeof *w);
    w->base.ops = &trace_workload_ops;
    w->counts = counts_new();
    /* a directory means its kernelslist.g */
    size_t n = strlen(kernelslist_path);
    line_reader_t *lr = NULL;
    struct stat st;
    bool is_dir = stat(kernelslist_path, &st) == 0 && S_ISDIR(st.st_mode);
    if (is_dir) {
        size_t cap_path = n + sizeof "/kernelslist.g";
        w->list_path = cs_xmalloc(cap_path);
        snprintf(w->list_path, cap_path, "%s%skernelslist.g", kernelslist_path,
                 n && kernelslist_path[n - 1] == '/' ? "" : "/");
    } else {
        w->list_path = cs_xstrdup(kernelslist_path);
    }
    if (!is_dir && (ends_with(kernelslist_path, ".traceg") || ends_with(kernelslist_path, ".traceg.xz")))
        return open_single_kernel(w, err);
    lr = line_reader_open(w->list_path, err);
    if (!lr) {
        workload_free(w);
        return NULL;
    }
    const char *slash = strrchr(w->list_path, '/');
    if (slash) {
        w->dir = cs_xmalloc((size_t)(slash - w->list_path) + 2);
        if (slash == w->list_path)
            strcpy(w->dir, "/");
        else {
            memcpy(w->dir, w->list_path, (size_t)(slash - w->list_path));
            w->dir[slash - w->list_path] = '\0';
        }
    } else {
        w->dir = cs_xstrdup(".");
    }
    size_t cap = 0;
    char *line;
    size_t len;
    int rc;
    while ((rc = line_reader_next(lr, &line, &len, err)) > 0) {
        const char *end = line + len;
        const char *p = skip_space(line, end);
        while (end > p && is_space(end[-1]))
            end--;
        if (p == end)
            continue;
        unsigned long ln = line_reader_lineno(lr);
        if ((size_t)(end - p) >= 10 && memcmp(p, "MemcpyHtoD", 10) == 0) {
            uint64_t addr, bytes;
            if (!parse_memcpy(p, end, &addr, &bytes)) {
                cs_err(err, w->list_path, ln, "bad MemcpyHtoD line (expected MemcpyHtoD,0x<address>,<bytes>)");
                rc = -1;
                break;
            }
            w->counts->c.memcpy_bytes += bytes;
            if (w->npending == w->pending_cap) {
                w->pending_cap = w->pending_cap ? w->pending_cap * 2 : 8;
                w->pending = cs_xrealloc(w->pending, w->pending_cap * sizeof *w->pending);
            }
            w->pending[w->npending++] = (mem_range_t){addr, bytes};
        } else if ((size_t)(end - p) >= 6 && memcmp(p, "kernel", 6) == 0) {
            if (w->nkernels == cap) {
                cap = cap ? cap * 2 : 16;
                w->kernels = cs_xrealloc(w->kernels, cap * sizeof *w->kernels);
            }
            kernel_entry_t *e = &w->kernels[w->nkernels++];
            size_t fl = (size_t)(end - p);
            e->file = cs_xmalloc(fl + 1);
            memcpy(e->file, p, fl);
            e->file[fl] = '\0';
            e->line = ln;
            /* the copies listed before this launch are made before it */
            e->copies = w->npending ? cs_xmalloc(w->npending * sizeof *e->copies) : NULL;
            if (w->npending)
                memcpy(e->copies, w->pending, w->npending * sizeof *e->copies);
            e->ncopies = w->npending;
            w->npending = 0;
        }
        /* MemcpyDtoH and other commands do not affect the simulation */
    }
    line_reader_close(lr);
    if (rc == 0 && w->nkernels == 0) {
        /* an empty list, a list an interrupted `ctasim trace` left behind, or
         * a file that is no kernel list at all: nothing to simulate is an error */
        cs_err(err, w->list_path, 0,
               "no kernel in this kernel list (expected lines naming kernel trace files, e.g. kernel-1.traceg)");
        rc = -1;
    }
    if (rc < 0) {
        workload_free(w);
        return NULL;
    }
    return &w->base;
}

void trace_workload_counts(const workload_t *base, trace_counts_t *out)
{
    const trace_workload_t *w = (const trace_workload_t *)base;
    *out = w->counts->c;
}
