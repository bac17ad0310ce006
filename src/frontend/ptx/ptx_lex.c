/* ptx_lex.c — PTX tokenizer (see ptx_lex.h). */
#include "ptx_lex.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_ident_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%' || c == '.';
}
static int is_ident_char(int c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

int ptx_tok_is(const ptx_token_t *t, const char *s)
{
    size_t n = strlen(s);
    return t->len == n && memcmp(t->text, s, n) == 0;
}

/* Parse a number starting at p (a digit); sets the token and returns the end. */
static const char *lex_number(const char *p, const char *end, ptx_token_t *t, int *bad)
{
    const char *s = p;
    *bad = 0;
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'f' || p[1] == 'F' || p[1] == 'd' || p[1] == 'D')) {
        int digits = (p[1] == 'f' || p[1] == 'F') ? 8 : 16;
        uint64_t v = 0;
        p += 2;
        int n = 0;
        while (p < end && cs_hex_digit((unsigned char)*p) >= 0 && n < digits) {
            v = (v << 4) | (uint64_t)cs_hex_digit((unsigned char)*p);
            p++;
            n++;
        }
        if (n != digits || (p < end && is_ident_char((unsigned char)*p)))
            *bad = 1;
        t->kind = digits == 8 ? TOK_F32 : TOK_F64;
        t->u = v;
        return p;
    }
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        uint64_t v = 0;
        p += 2;
        int n = 0;
        while (p < end && cs_hex_digit((unsigned char)*p) >= 0) {
            v = (v << 4) | (uint64_t)cs_hex_digit((unsigned char)*p);
            p++;
            n++;
        }
        if (p < end && (*p == 'U' || *p == 'u'))
            p++;
        if (n == 0 || n > 16)
            *bad = 1;
        t->kind = TOK_INT;
        t->u = v;
        return p;
    }
    /* decimal integer, octal (leading 0), or decimal float */
    const char *q = p;
    while (q < end && *q >= '0' && *q <= '9')
        q++;
    if (q < end && (*q == '.' || *q == 'e' || *q == 'E')) {
        char buf[64];
        const char *r = q;
        if (*r == '.')
            for (r++; r < end && *r >= '0' && *r <= '9'; r++) {
            }
        if (r < end && (*r == 'e' || *r == 'E')) {
            r++;
            if (r < end && (*r == '+' || *r == '-'))
                r++;
            while (r < end && *r >= '0' && *r <= '9')
                r++;
        }
        size_t n = (size_t)(r - s);
        if (n >= sizeof buf) {
            *bad = 1;
            return r;
        }
        memcpy(buf, s, n);
        buf[n] = 0;
        t->kind = TOK_FLOAT;
        t->d = strtod(buf, NULL);
        return r;
    }
    uint64_t v = 0;
    int octal = p[0] == '0' && q - p > 1;
    for (const char *r = p; r < q; r++) {
        unsigned dgt = (unsigned)(*r - '0');
        if (octal && dgt > 7)
            *bad = 1;
        uint64_t base = octal ? 8 : 10;
        if (v > (UINT64_MAX - dgt) / base)
            *bad = 1;
        v = v * base + dgt;
    }
    if (q < end && (*q == 'U' || *q == 'u'))
        q++;
    t->kind = TOK_INT;
    t->u = v;
    return q;
}

long ptx_lex(const char *filename, const char *text, size_t len, ptx_token_t **out, cs_error_t *err)
{
    size_t cap = len / 3 + 16, n = 0;
    ptx_token_t *toks = cs_xmalloc(cap * sizeof *toks);
    const char *p = text, *end = text + len;
    uint32_t line = 1;
    while (p < end) {
        int c = (unsigned char)*p;
        if (c == '\n') {
            line++;
            p++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p++;
            continue;
        }
        if (c == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (c == '/' && p + 1 < end && p[1] == '*') {
            uint32_t start_line = line;
            p += 2;
            while (p + 1 < end && !(p[0] == '*' && p[1] == '/')) {
                if (*p == '\n')
                    line++;
                p++;
            }
            if (p + 1 >= end) {
                free(toks);
                return cs_err(err, filename, start_line, "unterminated comment");
            }
            p += 2;
            continue;
        }
        if (n + 2 > cap) {
            cap *= 2;
            toks = cs_xrealloc(toks, cap * sizeof *toks);
        }
        ptx_token_t *t = &toks[n];
        memset(t, 0, sizeof *t);
        t->line = line;
        t->text = p;
        if (is_ident_start(c)) {
            const char *q = p + 1;
            for (;;) {
                if (q < end && is_ident_char((unsigned char)*q))
                    q++;
                else if (q + 2 < end && q[0] == ':' && q[1] == ':' && is_ident_char((unsigned char)q[2]))
                    q += 2; /* cache hints: .L1::no_allocate */
                else
                    break;
            }
            t->kind = TOK_IDENT;
            p = q;
        } else if (c >= '0' && c <= '9') {
            int bad;
            p = lex_number(p, end, t, &bad);
            if (bad) {
                const char *num = t->text;
                free(toks);
                return cs_err(err, filename, line, "malformed number '%.*s'", (int)CS_MIN(p - num, 40), num);
            }
        } else if (c == '"') {
            const char *q = p + 1;
            while (q < end && *q != '"' && *q != '\n')
                q++;
            if (q >= end || *q != '"') {
                free(toks);
                return cs_err(err, filename, line, "unterminated string");
            }
            t->kind = TOK_STRING;
            t->text = p + 1;
            t->len = (uint32_t)(q - p - 1);
            p = q + 1;
            n++;
            continue;
        } else if (strchr("{}[](),;+-@!<>:|=", c) && c) {
            t->kind = TOK_PUNCT;
            t->c = (char)c;
            p++;
        } else {
            free(toks);
            if (c >= 0x20 && c < 0x7f)
                return cs_err(err, filename, line, "unexpected character '%c'", c);
            return cs_err(err, filename, line, "unexpected byte 0x%02x", c);
        }
        t->len = (uint32_t)(p - t->text);
        n++;
    }
    memset(&toks[n], 0, sizeof toks[n]);
    toks[n].kind = TOK_EOF;
    toks[n].line = line;
    toks[n].text = end;
    *out = toks;
    return (long)n + 1;
}
