/* trace_rules.c — the Accel-Sim trace rules of trace_rules.h, checked.
 *
 * Why each rule: what Accel-Sim's reader does with a line that breaks it.
 *   - ndst <= 1, nsrc <= 4: the reader asserts on more (its MAX_DST and
 *     MAX_SRC are 1 and 4); NVBit traces list only the first register of a
 *     vector operand.
 *   - registers R<n>, n <= 255: it reads each register with "R%d", so UR<n>
 *     (or P<n>) leaves the register undefined; real SASS has R0..R254 and
 *     RZ, which NVBit reports as R255. A trace cannot tell RZ from a real
 *     register, so R255 is accepted; writers must keep R255 for RZ.
 *   - PC <= 0xffffffff: it reads the PC into a 32-bit unsigned; a longer one
 *     fails the stream and every later field of the line.
 *   - mask: 8 hex digits, as the tracer writes it (bit i = lane i).
 *   - opcode: an unknown base opcode stops the simulation ("undefined
 *     instruction"); we check the base against ctasim's table for the
 *     binary version (sass_opcodes.c follows Accel-Sim's tables).
 *   - mem_width: Accel-Sim ignores its value and takes the per-lane width
 *     from the opcode (first dot-part that is a number, or U<bits>, divided
 *     by 8; else 4 bytes). A trace whose mem_width disagrees would be
 *     simulated with another width than the one it records, so both that
 *     rule's width and ctasim's (sass_access_size) must equal mem_width.
 *   - address mode 1 decodes only up to the first gap in the mask (later
 *     lanes get address 0) and reads the stride as an int; mode 2 uses one
 *     delta fewer than the active lanes and asserts if they are not there
 *     (it reads one more: the immediate NVBit's tracer writes at the end of
 *     every line, which is then lost, harmless for memory instructions);
 *     other modes assert.
 *   - `insts = n`: the reader sizes the warp to n and fills lines in order;
 *     more lines throw, fewer leave uninitialised instructions.
 *   - header: it stops at the first '#' line and drops it; if that were
 *     `#BEGIN_TB`, the first CTA's `thread block` line would assert.
 *   - every line ends with '\n' (its line reader asserts so); a '\r' stays in
 *     the text (a kernel file name with one cannot be opened).
 *   - kernel files are opened with popen("cat FILE") / "xz -dc FILE", so a
 *     name with a space or a shell character would break; the name must end
 *     in .traceg or .xz.
 *   - unknown header keys and lines in kernelslist.g that are neither a
 *     kernel nor a memcpy are silently ignored by Accel-Sim; we reject them,
 *     as they are mistakes in a trace we write.
 */
#include "trace_rules.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "line_reader.h"
#include "sass_opcodes.h"

#define MAX_TRACER_VERSION 5

/* ------------------------------------------------------------ tokens */

typedef struct tok {
    const char *p;
    size_t n;
} tok_t;

/* Next space-separated token of *pp (p[0..] up to NUL); false (and an empty
 * token) at the end. */
static bool next_tok(const char **pp, tok_t *t)
{
    const char *p = *pp;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\0') {
        *pp = p;
        t->p = p;
        t->n = 0;
        return false;
    }
    t->p = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    t->n = (size_t)(p - t->p);
    *pp = p;
    return true;
}

/* Token text for messages, cut to a readable length. */
static const char *show(const tok_t *t, char *buf, size_t cap)
{
    size_t n = t->n < cap - 4 ? t->n : cap - 4;
    memcpy(buf, t->p, n);
    strcpy(buf + n, t->n > n ? "..." : "");
    return buf;
}

/* Unsigned decimal: digits only, value <= max. */
static bool dec_u64(const char *p, size_t n, uint64_t max, uint64_t *out)
{
    if (n == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        unsigned d = (unsigned)(p[i] - '0');
        if (d > max || v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* Signed decimal in [min, max]. */
static bool dec_s64(const char *p, size_t n, int64_t min, int64_t max, int64_t *out)
{
    bool neg = n > 0 && p[0] == '-';
    if (n > 0 && (p[0] == '-' || p[0] == '+')) {
        p++;
        n--;
    }
    uint64_t mag;
    uint64_t lim = neg ? (uint64_t)(-(min + 1)) + 1 : (uint64_t)max;
    if (!dec_u64(p, n, lim, &mag))
        return false;
    *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
    return true;
}

/* Hex digits only (prefix handled by the caller), value fits `bits`. */
static bool hex_digits(const char *p, size_t n, unsigned bits, uint64_t *out)
{
    if (n == 0)
        return false;
    uint64_t v = 0;
    unsigned significant = 0; /* digits after the leading zeros */
    for (size_t i = 0; i < n; i++) {
        int d = cs_hex_digit((unsigned char)p[i]);
        if (d < 0)
            return false;
        if (v || d)
            significant++;
        v = (v << 4) | (uint64_t)d;
    }
    if (significant * 4 > bits)
        return false;
    *out = v;
    return true;
}

/* "0x" + 1..16 hex digits (a 64-bit address). */
static bool hex_addr(const tok_t *t, uint64_t *out)
{
    return t->n > 2 && t->p[0] == '0' && (t->p[1] == 'x' || t->p[1] == 'X') && hex_digits(t->p + 2, t->n - 2, 64, out);
}

/* ------------------------------------------------------- instruction */

/* The per-lane width Accel-Sim takes from an opcode: the first dot-part
 * (the base included) that is all digits gives bits, else one that is 'U'
 * and digits; 4 bytes if none. */
static unsigned accelsim_width(const char *op)
{
    const char *p = op;
    while (*p) {
        const char *end = strchr(p, '.');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        uint64_t bits;
        if (dec_u64(p, n, 1u << 20, &bits))
            return (unsigned)(bits / 8);
        if (n > 1 && p[0] == 'U' && dec_u64(p + 1, n - 1, 1u << 20, &bits))
            return (unsigned)(bits / 8);
        p += n;
        if (*p == '.')
            p++;
    }
    return 4;
}

static int check_register(const tok_t *t, const char *role, unsigned i, cs_error_t *err)
{
    char buf[40];
    uint64_t n;
    if (t->n >= 2 && t->p[0] == 'R' && dec_u64(t->p + 1, t->n - 1, UINT32_MAX, &n)) {
        if (n > TRACE_REG_RZ)
            return cs_err(err, NULL, 0, "%s register %u is %s: SASS has R0..R254 and RZ (R255)", role, i,
                          show(t, buf, sizeof buf));
        return 0;
    }
    if (t->n >= 3 && t->p[0] == 'U' && t->p[1] == 'R')
        return cs_err(err, NULL, 0,
                      "%s register %u is %s: Accel-Sim reads registers as R<n> only (NVBit traces leave uniform "
                      "registers out)",
                      role, i, show(t, buf, sizeof buf));
    return cs_err(err, NULL, 0, "%s register %u is '%s', not R<n>", role, i, show(t, buf, sizeof buf));
}

static bool opcode_chars_ok(const tok_t *t)
{
    bool part_start = true;
    for (size_t i = 0; i < t->n; i++) {
        char c = t->p[i];
        if (c == '.') {
            if (part_start)
                return false; /* empty part */
            part_start = true;
            continue;
        }
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
        if (part_start && i == 0 && !(c >= 'A' && c <= 'Z'))
            return false;
        part_start = false;
    }
    return !part_start;
}

int trace_check_inst_line(const char *line, const trace_line_ctx_t *ctx, cs_error_t *err)
{
    const char *p = line;
    tok_t t;
    char buf[48];
    uint64_t v;
    if (ctx->tracer_version < 3)
        for (int i = 0; i < 4; i++)
            if (!next_tok(&p, &t) || !dec_u64(t.p, t.n, UINT32_MAX, &v))
                return cs_err(err, NULL, 0, "tracer version %u: expected 'ctaX ctaY ctaZ warp' first",
                              ctx->tracer_version);
    if (ctx->lineinfo && (!next_tok(&p, &t) || !dec_u64(t.p, t.n, UINT32_MAX, &v)))
        return cs_err(err, NULL, 0, "lineinfo is on: expected a source line number first");
    if (!next_tok(&p, &t))
        return cs_err(err, NULL, 0, "empty instruction line");
    if (!hex_digits(t.p, t.n, 32, &v))
        return cs_err(err, NULL, 0, "PC '%s' is not hex that fits 32 bits", show(&t, buf, sizeof buf));
    if (!next_tok(&p, &t) || t.n != 8 || !hex_digits(t.p, t.n, 32, &v))
        return cs_err(err, NULL, 0, "active mask '%s' is not 8 hex digits", t.n ? show(&t, buf, sizeof buf) : "");
    uint32_t mask = (uint32_t)v;
    unsigned active = (unsigned)__builtin_popcount(mask);

    if (!next_tok(&p, &t) || !dec_u64(t.p, t.n, 255, &v))
        return cs_err(err, NULL, 0, "missing or bad destination count");
    if (v > TRACE_MAX_DST)
        return cs_err(err, NULL, 0,
                      "%u destination registers: Accel-Sim's reader takes at most %d (an NVBit trace lists only the "
                      "first register of a vector destination)",
                      (unsigned)v, TRACE_MAX_DST);
    unsigned ndst = (unsigned)v;
    for (unsigned i = 0; i < ndst; i++) {
        if (!next_tok(&p, &t))
            return cs_err(err, NULL, 0, "missing destination register");
        if (check_register(&t, "destination", i, err) < 0)
            return -1;
    }

    if (!next_tok(&p, &t))
        return cs_err(err, NULL, 0, "missing opcode");
    char op[64];
    if (t.n >= sizeof op || !opcode_chars_ok(&t))
        return cs_err(err, NULL, 0, "bad opcode '%s' (BASE[.MODIFIER...], upper case)", show(&t, buf, sizeof buf));
    memcpy(op, t.p, t.n);
    op[t.n] = '\0';
    sass_op_info_t info;
    if (!sass_lookup(ctx->binary_version, op, &info))
        return cs_err(err, NULL, 0, "opcode '%s' unknown for binary version %u", op, ctx->binary_version);

    if (!next_tok(&p, &t) || !dec_u64(t.p, t.n, 255, &v))
        return cs_err(err, NULL, 0, "missing or bad source count after %s", op);
    if (v > TRACE_MAX_SRC)
        return cs_err(err, NULL, 0, "%u source registers: Accel-Sim's reader takes at most %d", (unsigned)v,
                      TRACE_MAX_SRC);
    unsigned nsrc = (unsigned)v;
    for (unsigned i = 0; i < nsrc; i++) {
        if (!next_tok(&p, &t))
            return cs_err(err, NULL, 0, "missing source register");
        if (check_register(&t, "source", i, err) < 0)
            return -1;
    }

    if (!next_tok(&p, &t) || !dec_u64(t.p, t.n, UINT32_MAX, &v))
        return cs_err(err, NULL, 0, "missing or bad memory width");
    unsigned width = (unsigned)v;
    if (width > 0) {
        unsigned aw = accelsim_width(op), cw = sass_access_size(op);
        if (width != aw || width != cw)
            return cs_err(err, NULL, 0,
                          "memory width %u but opcode %s means %u bytes per lane to Accel-Sim (%u to ctasim): both "
                          "readers take the width from the opcode",
                          width, op, aw, cw);
        if (!next_tok(&p, &t) || t.n != 1 || t.p[0] < '0' || t.p[0] > '2')
            return cs_err(err, NULL, 0, "address mode '%s': Accel-Sim knows 0 (list), 1 (base stride), 2 (base deltas)",
                          t.n ? show(&t, buf, sizeof buf) : "");
        int mode = t.p[0] - '0';
        if (mode == 0) {
            for (unsigned i = 0; i < active; i++)
                if (!next_tok(&p, &t) || !hex_addr(&t, &v))
                    return cs_err(err, NULL, 0, "mode 0 needs one 0x address per active lane (%u): address %u is %s",
                                  active, i, t.n ? show(&t, buf, sizeof buf) : "missing");
        } else {
            if (active == 0)
                return cs_err(err, NULL, 0, "mode %d with no active lane (write mode 0 and no address)", mode);
            if (!next_tok(&p, &t) || !hex_addr(&t, &v))
                return cs_err(err, NULL, 0, "mode %d base address is not 0x<hex>", mode);
            if (mode == 1) {
                uint32_t m = mask >> __builtin_ctz(mask);
                if (m & (m + 1))
                    return cs_err(err, NULL, 0,
                                  "mode 1 with a gap in mask %08x: Accel-Sim gives the lanes after the gap address 0",
                                  mask);
                int64_t s;
                if (!next_tok(&p, &t) || !dec_s64(t.p, t.n, INT32_MIN, INT32_MAX, &s))
                    return cs_err(err, NULL, 0, "mode 1 stride '%s' is not a 32-bit signed decimal",
                                  t.n ? show(&t, buf, sizeof buf) : "");
            } else {
                for (unsigned i = 0; i + 1 < active; i++) {
                    int64_t d;
                    if (!next_tok(&p, &t) || !dec_s64(t.p, t.n, INT64_MIN, INT64_MAX, &d))
                        return cs_err(err, NULL, 0, "mode 2 needs %u signed deltas (active lanes - 1): delta %u is %s",
                                      active - 1, i, t.n ? show(&t, buf, sizeof buf) : "missing");
                }
            }
        }
    }
    if (next_tok(&p, &t)) {
        bool is_hex = t.n > 2 && t.p[0] == '0' && (t.p[1] == 'x' || t.p[1] == 'X');
        if (!(is_hex ? hex_digits(t.p + 2, t.n - 2, 64, &v) : dec_u64(t.p, t.n, UINT64_MAX, &v)))
            return cs_err(err, NULL, 0, "'%s' at the end is not an immediate%s", show(&t, buf, sizeof buf),
                          width ? " (too many addresses?)" : "");
        if (next_tok(&p, &t))
            return cs_err(err, NULL, 0, "unexpected '%s' after the immediate%s", show(&t, buf, sizeof buf),
                          width ? " (too many addresses?)" : "");
    }
    return 0;
}

/* ------------------------------------------------------ kernelslist.g */

static bool has_control_char(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return true;
    return false;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

int trace_check_kernelslist_line(const char *line, cs_error_t *err)
{
    size_t n = strlen(line);
    if (has_control_char(line, n))
        return cs_err(err, NULL, 0, "control character in the line");
    if (n == 0)
        return 0;
    if (strncmp(line, "MemcpyHtoD,", 11) == 0) {
        const char *a = line + 11, *c = strchr(a, ',');
        uint64_t v;
        tok_t addr = {a, c ? (size_t)(c - a) : 0};
        if (!c || !hex_addr(&addr, &v) || !dec_u64(c + 1, strlen(c + 1), UINT64_MAX, &v))
            return cs_err(err, NULL, 0, "expected MemcpyHtoD,0x<hex address>,<decimal bytes> (three fields)");
        return 0;
    }
    if (strncmp(line, "MemcpyDtoH,", 11) == 0) /* Accel-Sim skips these */
        return 0;
    if (strncmp(line, "kernel", 6) == 0) {
        for (const char *p = line; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
                  *p == '_' || *p == '-' || *p == '/'))
                return cs_err(err, NULL, 0,
                              "kernel file name with '%c': Accel-Sim opens it through a shell command", *p);
        if (!ends_with(line, ".traceg") && !ends_with(line, ".traceg.xz"))
            return cs_err(err, NULL, 0, "kernel file '%s' does not end in .traceg or .traceg.xz", line);
        return 0;
    }
    return cs_err(err, NULL, 0, "neither a kernel file nor a memcpy (Accel-Sim would ignore the line)");
}

/* -------------------------------------------------------- kernel file */

enum hdr_key {
    K_NAME, K_ID, K_GRID, K_BLOCK, K_SHMEM, K_NREGS, K_BINARY, K_STREAM, K_SHMEM_BASE, K_LOCAL_BASE, K_NVBIT,
    K_TRACER, K_LINEINFO, K__COUNT
};

static const char *const hdr_names[K__COUNT] = {
    "kernel name", "kernel id", "grid dim", "block dim", "shmem", "nregs", "binary version", "cuda stream id",
    "shmem base_addr", "local mem base_addr", "nvbit version", "accelsim tracer version", "enable lineinfo",
};

#define HDR_REQUIRED                                                                                       \
    ((1u << K_NAME) | (1u << K_GRID) | (1u << K_BLOCK) | (1u << K_SHMEM) | (1u << K_NREGS) |               \
     (1u << K_BINARY) | (1u << K_STREAM) | (1u << K_SHMEM_BASE) | (1u << K_LOCAL_BASE) | (1u << K_NVBIT) | \
     (1u << K_TRACER))

enum kstate {
    S_HEADER,   /* before `#traces format` */
    S_BETWEEN,  /* between CTAs: `#BEGIN_TB` or blank */
    S_TB_START, /* after `#BEGIN_TB`: `thread block = ...` */
    S_TB,       /* in a CTA: `warp = w` or `#END_TB` */
    S_WARP,     /* after `warp = w`: `insts = n` */
    S_INSTS,    /* instruction lines of the warp */
};

struct trace_kernel_check {
    char *name;
    unsigned long lineno;
    enum kstate state;
    unsigned seen; /* header keys, bit per enum hdr_key */
    dim3_t grid, block;
    trace_line_ctx_t ctx;
    uint64_t ctas_done, ctas;
    unsigned warps_per_cta, warp;
    uint64_t warps_seen[32]; /* bit per warp of the current CTA (1024 threads / 32 = 32 warps) */
    uint64_t insts_left, insts_total;
};

trace_kernel_check_t *trace_kernel_check_new(const char *name)
{
    trace_kernel_check_t *c = cs_xcalloc(1, sizeof *c);
    c->name = cs_xstrdup(name ? name : "kernel");
    return c;
}

void trace_kernel_check_free(trace_kernel_check_t *c)
{
    if (!c)
        return;
    free(c->name);
    free(c);
}


/* "(x,y,z)" or "x,y,z" with each value 1..max (0 allowed when zero_ok). */
static bool parse_triple(const char *s, bool parens, uint32_t min, dim3_t *out)
{
    uint32_t v[3];
    const char *p = s;
    if (parens && *p++ != '(')
        return false;
    for (int i = 0; i < 3; i++) {
        const char *q = p;
        while (*q >= '0' && *q <= '9')
            q++;
        uint64_t x;
        if (!dec_u64(p, (size_t)(q - p), INT32_MAX, &x) || x < min)
            return false;
        v[i] = (uint32_t)x;
        p = q;
        if (i < 2 && *p++ != ',')
            return false;
    }
    if (parens && *p++ != ')')
        return false;
    if (*p)
        return false;
    *out = (dim3_t){v[0], v[1], v[2]};
    return true;
}

/* "key = N" with N decimal <= max. */
static bool parse_keyed_uint(const char *line, const char *key, uint64_t max, uint64_t *out)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) != 0 || strncmp(line + k, " = ", 3) != 0)
        return false;
    const char *v = line + k + 3;
    return dec_u64(v, strlen(v), max, out);
}

static int header_line(trace_kernel_check_t *c, const char *line, cs_error_t *err)
{
    if (line[0] != '-')
        return cs_err(err, NULL, 0, "header lines are '-key = value' (or blank)");
    const char *eq = strstr(line, " = ");
    if (!eq)
        return cs_err(err, NULL, 0, "header line without ' = '");
    size_t klen = (size_t)(eq - (line + 1));
    int key = -1;
    for (int i = 0; i < K__COUNT; i++)
        if (strlen(hdr_names[i]) == klen && memcmp(line + 1, hdr_names[i], klen) == 0)
            key = i;
    if (key < 0)
        return cs_err(err, NULL, 0, "unknown header key '%.*s' (Accel-Sim would ignore it)", (int)klen, line + 1);
    if (c->seen & (1u << key))
        return cs_err(err, NULL, 0, "header key '%s' given twice", hdr_names[key]);
    c->seen |= 1u << key;
    const char *val = eq + 3;
    size_t vlen = strlen(val);
    uint64_t v = 0;
    tok_t t = {val, vlen};
    bool ok = true;
    switch ((enum hdr_key)key) {
    case K_NAME: case K_NVBIT:
        ok = vlen > 0 && val[0] != ' ';
        break;
    case K_ID: case K_STREAM:
        ok = dec_u64(val, vlen, key == K_ID ? INT32_MAX : UINT64_MAX, &v);
        break;
    case K_GRID:
        ok = parse_triple(val, true, 1, &c->grid);
        break;
    case K_BLOCK:
        ok = parse_triple(val, true, 1, &c->block) && dim3_count(c->block) <= 1024;
        break;
    case K_SHMEM:
        ok = dec_u64(val, vlen, INT32_MAX, &v);
        break;
    case K_NREGS:
        ok = dec_u64(val, vlen, 255, &v);
        break;
    case K_BINARY:
        ok = dec_u64(val, vlen, 1000, &v) && sass_version_supported((unsigned)v);
        c->ctx.binary_version = ok ? (unsigned)v : 0;
        break;
    case K_SHMEM_BASE: case K_LOCAL_BASE:
        ok = hex_addr(&t, &v);
        break;
    case K_TRACER:
        ok = dec_u64(val, vlen, MAX_TRACER_VERSION, &v) && v >= 1;
        c->ctx.tracer_version = ok ? (unsigned)v : 0;
        break;
    case K_LINEINFO:
        ok = dec_u64(val, vlen, 1, &v);
        c->ctx.lineinfo = ok && v == 1;
        break;
    case K__COUNT:
        break;
    }
    if (!ok) {
        const char *want = key == K_GRID || key == K_BLOCK ? " (expected (x,y,z), each >= 1, a block <= 1024 threads)"
                         : key == K_NREGS ? " (0..255)"
                         : key == K_BINARY ? " (one with an opcode table: 60, 61, 70, 75, 80, 86)"
                         : key == K_TRACER ? " (1..5)"
                         : key == K_SHMEM_BASE || key == K_LOCAL_BASE ? " (expected 0x<hex>)"
                         : "";
        return cs_err(err, NULL, 0, "bad value '%s' for '%s'%s", val, hdr_names[key], want);
    }
    return 0;
}

static int end_header(trace_kernel_check_t *c, const char *line, cs_error_t *err)
{
    if (strncmp(line, "#traces format", 14) != 0)
        return cs_err(err, NULL, 0,
                      "the header must end with '#traces format = ...' (Accel-Sim drops the first '#' line)");
    unsigned missing = HDR_REQUIRED & ~c->seen;
    if (missing)
        return cs_err(err, NULL, 0, "header lacks '-%s = ...'", hdr_names[__builtin_ctz(missing)]);
    c->ctas = dim3_count(c->grid);
    c->warps_per_cta = (unsigned)CS_DIV_CEIL(dim3_count(c->block), 32);
    c->state = S_BETWEEN;
    return 0;
}

static bool is_structural(const char *s)
{
    return s[0] == '#' || strncmp(s, "warp", 4) == 0 || strncmp(s, "insts", 5) == 0 || strncmp(s, "thread", 6) == 0;
}

static int kernel_line(trace_kernel_check_t *c, const char *line, cs_error_t *err)
{
    uint64_t v;
    if (line[0] == '\0')
        return 0; /* blank lines are skipped everywhere */
    switch (c->state) {
    case S_HEADER:
        return line[0] == '#' ? end_header(c, line, err) : header_line(c, line, err);
    case S_BETWEEN:
        if (strcmp(line, "#BEGIN_TB") != 0)
            return cs_err(err, NULL, 0, "expected #BEGIN_TB between thread blocks");
        if (c->ctas_done == c->ctas)
            return cs_err(err, NULL, 0, "more thread blocks than the grid's %llu", (unsigned long long)c->ctas);
        c->state = S_TB_START;
        memset(c->warps_seen, 0, sizeof c->warps_seen);
        return 0;
    case S_TB_START: {
        dim3_t b, want = dim3_unlinear(c->grid, c->ctas_done);
        if (strncmp(line, "thread block = ", 15) != 0 || !parse_triple(line + 15, false, 0, &b))
            return cs_err(err, NULL, 0, "expected 'thread block = x,y,z' after #BEGIN_TB");
        if (b.x != want.x || b.y != want.y || b.z != want.z)
            return cs_err(err, NULL, 0, "thread block %u,%u,%u where launch order has %u,%u,%u", b.x, b.y, b.z,
                          want.x, want.y, want.z);
        c->state = S_TB;
        return 0;
    }
    case S_TB:
        if (strcmp(line, "#END_TB") == 0) {
            c->ctas_done++;
            c->state = S_BETWEEN;
            return 0;
        }
        if (!is_structural(line))
            return cs_err(err, NULL, 0, "instruction line outside a warp (more lines than 'insts = %llu' of warp %u?)",
                          (unsigned long long)c->insts_total, c->warp);
        if (!parse_keyed_uint(line, "warp", UINT32_MAX, &v))
            return cs_err(err, NULL, 0, "expected 'warp = N' or #END_TB");
        if (v >= c->warps_per_cta)
            return cs_err(err, NULL, 0, "warp %llu: a CTA of this block has %u warps", (unsigned long long)v,
                          c->warps_per_cta);
        if (c->warps_seen[v / 64] & (1ull << (v % 64)))
            return cs_err(err, NULL, 0, "warp %llu twice in one thread block", (unsigned long long)v);
        c->warps_seen[v / 64] |= 1ull << (v % 64);
        c->warp = (unsigned)v;
        c->state = S_WARP;
        return 0;
    case S_WARP:
        if (!parse_keyed_uint(line, "insts", UINT32_MAX, &v))
            return cs_err(err, NULL, 0, "expected 'insts = N' after 'warp = %u'", c->warp);
        c->insts_left = c->insts_total = v;
        c->state = v ? S_INSTS : S_TB;
        return 0;
    case S_INSTS: {
        if (is_structural(line))
            return cs_err(err, NULL, 0, "warp %u: 'insts = %llu' but only %llu instruction lines", c->warp,
                          (unsigned long long)c->insts_total, (unsigned long long)(c->insts_total - c->insts_left));
        cs_error_t e;
        if (trace_check_inst_line(line, &c->ctx, &e) < 0)
            return cs_err(err, NULL, 0, "%s", e.msg);
        if (--c->insts_left == 0)
            c->state = S_TB;
        return 0;
    }
    }
    return 0;
}

int trace_kernel_check_line(trace_kernel_check_t *c, const char *line, size_t len, cs_error_t *err)
{
    c->lineno++;
    cs_error_t e;
    if (has_control_char(line, len))
        return cs_err(err, c->name, c->lineno, "control character (a '\\r', tab or NUL) in the line");
    if (kernel_line(c, line, &e) < 0)
        return cs_err(err, c->name, c->lineno, "%s", e.msg);
    return 0;
}

int trace_kernel_check_end(trace_kernel_check_t *c, bool ended_with_newline, cs_error_t *err)
{
    if (!ended_with_newline)
        return cs_err(err, c->name, c->lineno, "the last line does not end with a newline");
    const char *what = c->state == S_HEADER  ? "no '#traces format' line: the header never ends"
                     : c->state == S_BETWEEN ? NULL
                     : c->state == S_INSTS   ? "the file ends inside a warp's instructions"
                                             : "the file ends inside a thread block";
    if (what)
        return cs_err(err, c->name, c->lineno, "%s", what);
    if (c->ctas_done != c->ctas)
        return cs_err(err, c->name, c->lineno, "%llu thread blocks, the grid has %llu",
                      (unsigned long long)c->ctas_done, (unsigned long long)c->ctas);
    return 0;
}

int trace_check_kernel_mem(const char *name, const char *text, size_t len, cs_error_t *err)
{
    trace_kernel_check_t *c = trace_kernel_check_new(name);
    char *copy = cs_xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    int rc = 0;
    size_t at = 0;
    bool newline = true;
    while (rc == 0 && at < len) {
        char *nl = memchr(copy + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (copy + at)) : len - at;
        copy[at + n] = '\0';
        rc = trace_kernel_check_line(c, copy + at, n, err);
        newline = nl != NULL;
        at += n + 1;
    }
    if (rc == 0)
        rc = trace_kernel_check_end(c, newline, err);
    free(copy);
    trace_kernel_check_free(c);
    return rc;
}

int trace_check_kernel_file(const char *path, cs_error_t *err)
{
    trace_kernel_check_t *c = trace_kernel_check_new(path);
    int rc = 0;
    if (ends_with(path, ".xz")) {
        /* the line reader decompresses, but drops '\r' and the last newline's absence */
        line_reader_t *r = line_reader_open(path, err);
        if (!r) {
            trace_kernel_check_free(c);
            return -1;
        }
        char *line;
        size_t len;
        while (rc == 0 && (rc = line_reader_next(r, &line, &len, err)) > 0)
            rc = trace_kernel_check_line(c, line, len, err);
        line_reader_close(r);
        if (rc == 0)
            rc = trace_kernel_check_end(c, true, err);
        trace_kernel_check_free(c);
        return rc;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        trace_kernel_check_free(c);
        return cs_err(err, path, 0, "cannot open: %s", strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    bool newline = true;
    while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
        newline = line[n - 1] == '\n';
        if (newline)
            line[--n] = '\0';
        rc = trace_kernel_check_line(c, line, (size_t)n, err);
    }
    if (rc == 0 && ferror(f))
        rc = cs_err(err, path, 0, "read failed: %s", strerror(errno));
    if (rc == 0)
        rc = trace_kernel_check_end(c, newline, err);
    free(line);
    fclose(f);
    trace_kernel_check_free(c);
    return rc;
}

/* -------------------------------------------------------- directory */

int trace_check_dir(const char *kernelslist_path, unsigned *kernels, cs_error_t *err)
{
    struct stat st;
    char *list;
    if (stat(kernelslist_path, &st) == 0 && S_ISDIR(st.st_mode)) {
        size_t n = strlen(kernelslist_path) + 16;
        list = cs_xmalloc(n);
        snprintf(list, n, "%s/kernelslist.g", kernelslist_path);
    } else {
        list = cs_xstrdup(kernelslist_path);
    }
    char *dir = cs_xstrdup(list);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        strcpy(dir, ".");
    if (kernels)
        *kernels = 0;
    char *text;
    size_t len;
    int rc = cs_read_file(list, 1u << 26, &text, &len, err);
    if (rc < 0) {
        free(dir);
        free(list);
        return -1;
    }
    unsigned long lineno = 0;
    for (size_t at = 0; rc == 0 && at < len;) {
        char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        char *line = text + at;
        line[n] = '\0';
        lineno++;
        cs_error_t e;
        if (memchr(line, '\0', n) || trace_check_kernelslist_line(line, &e) < 0) {
            rc = cs_err(err, list, lineno, "%s", memchr(line, '\0', n) ? "NUL byte in the line" : e.msg);
            break;
        }
        if (strncmp(line, "kernel", 6) == 0) {
            size_t pn = strlen(dir) + n + 2;
            char *path = cs_xmalloc(pn);
            snprintf(path, pn, "%s/%s", dir, line);
            rc = trace_check_kernel_file(path, err);
            free(path);
            if (rc == 0 && kernels)
                (*kernels)++;
        }
        at += n + 1;
    }
    free(text);
    free(dir);
    free(list);
    return rc;
}
