/* json.c — see json.h. */
#include "json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 64

typedef struct jp {
    const char *s;
    size_t n, i;
    const char *path;
    cs_error_t *err;
} jp_t;

static int fail(jp_t *p, const char *what)
{
    if (p->i >= p->n)
        return cs_err(p->err, p->path, 0, "truncated JSON: the document ends at byte %zu while %s", p->n, what);
    char shown[24];
    cs_printable(p->s + p->i, p->n - p->i < 12 ? p->n - p->i : 12, 12, shown, sizeof shown);
    return cs_err(p->err, p->path, 0, "not valid JSON at byte %zu (%s, found '%s')", p->i, what, shown);
}

static void ws(jp_t *p)
{
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\n' || p->s[p->i] == '\r' || p->s[p->i] == '\t'))
        p->i++;
}

static int value(jp_t *p, jv_t *v, int depth);

static void put_utf8(char *out, size_t *o, unsigned long c)
{
    if (c < 0x80) {
        out[(*o)++] = (char)c;
    } else if (c < 0x800) {
        out[(*o)++] = (char)(0xc0 | (c >> 6));
        out[(*o)++] = (char)(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        out[(*o)++] = (char)(0xe0 | (c >> 12));
        out[(*o)++] = (char)(0x80 | ((c >> 6) & 0x3f));
        out[(*o)++] = (char)(0x80 | (c & 0x3f));
    } else {
        out[(*o)++] = (char)(0xf0 | (c >> 18));
        out[(*o)++] = (char)(0x80 | ((c >> 12) & 0x3f));
        out[(*o)++] = (char)(0x80 | ((c >> 6) & 0x3f));
        out[(*o)++] = (char)(0x80 | (c & 0x3f));
    }
}

static int hex4(jp_t *p, unsigned long *c)
{
    *c = 0;
    for (int k = 0; k < 4; k++, p->i++) {
        int d = p->i < p->n ? cs_hex_digit((unsigned char)p->s[p->i]) : -1;
        if (d < 0)
            return fail(p, "reading a \\u escape");
        *c = *c * 16 + (unsigned long)d;
    }
    return 0;
}

/* At the opening quote. The result is at most as long as the source. */
static int string(jp_t *p, char **out)
{
    p->i++;
    size_t start = p->i, o = 0;
    char *buf = NULL;
    /* first pass: find the end to size the buffer */
    size_t j = start;
    while (j < p->n && p->s[j] != '"')
        j += p->s[j] == '\\' ? 2 : 1;
    buf = cs_xmalloc(j - start + 8);
    while (1) {
        if (p->i >= p->n) {
            free(buf);
            return fail(p, "reading a string");
        }
        unsigned char c = (unsigned char)p->s[p->i];
        if (c == '"') {
            p->i++;
            break;
        }
        if (c < 0x20) {
            free(buf);
            return fail(p, "a control character inside a string");
        }
        if (c != '\\') {
            buf[o++] = (char)c;
            p->i++;
            continue;
        }
        p->i++;
        if (p->i >= p->n) {
            free(buf);
            return fail(p, "reading a string");
        }
        char e = p->s[p->i++];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = e ? strchr(from, e) : NULL;
        if (k) {
            buf[o++] = to[k - from];
            continue;
        }
        if (e != 'u') {
            p->i--;
            free(buf);
            return fail(p, "an unknown escape in a string");
        }
        unsigned long cp;
        if (hex4(p, &cp) < 0) {
            free(buf);
            return -1;
        }
        if (cp >= 0xd800 && cp < 0xdc00 && p->i + 1 < p->n && p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
            p->i += 2;
            unsigned long lo;
            if (hex4(p, &lo) < 0) {
                free(buf);
                return -1;
            }
            cp = lo >= 0xdc00 && lo < 0xe000 ? 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00) : 0xfffd;
        } else if (cp >= 0xd800 && cp < 0xe000) {
            cp = 0xfffd;
        }
        put_utf8(buf, &o, cp); /* at most 4 bytes for a 6- or 12-byte escape */
    }
    buf[o] = '\0';
    *out = buf;
    return 0;
}

static int number(jp_t *p, jv_t *v)
{
    size_t st = p->i;
    if (p->i < p->n && p->s[p->i] == '-')
        p->i++;
    if (p->i >= p->n)
        return fail(p, "reading a number");
    if (p->s[p->i] == '0')
        p->i++;
    else if (p->s[p->i] >= '1' && p->s[p->i] <= '9')
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
            p->i++;
    else
        return fail(p, "expecting a digit");
    if (p->i < p->n && p->s[p->i] == '.') {
        p->i++;
        size_t d = p->i;
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
            p->i++;
        if (d == p->i)
            return fail(p, "expecting a digit after '.'");
    }
    if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        p->i++;
        if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-'))
            p->i++;
        size_t d = p->i;
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
            p->i++;
        if (d == p->i)
            return fail(p, "expecting an exponent");
    }
    char tmp[64];
    size_t len = p->i - st;
    if (len >= sizeof tmp) {
        char *big = cs_xmalloc(len + 1);
        memcpy(big, p->s + st, len);
        big[len] = '\0';
        v->num = strtod(big, NULL);
        free(big);
    } else {
        memcpy(tmp, p->s + st, len);
        tmp[len] = '\0';
        v->num = strtod(tmp, NULL);
    }
    v->kind = JV_NUM;
    return 0;
}

static int literal(jp_t *p, const char *word, jv_t *v, jv_kind_t kind, double num)
{
    size_t len = strlen(word);
    for (size_t k = 0; k < len; k++, p->i++)
        if (p->i >= p->n || p->s[p->i] != word[k])
            return fail(p, "expecting a value");
    v->kind = kind;
    v->num = num;
    return 0;
}

static void push(jv_t *v, size_t *cap, jv_t item, char *key)
{
    if (v->n == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        v->items = cs_xrealloc(v->items, *cap * sizeof *v->items);
        if (v->kind == JV_OBJ)
            v->keys = cs_xrealloc(v->keys, *cap * sizeof *v->keys);
    }
    v->items[v->n] = item;
    if (v->kind == JV_OBJ)
        v->keys[v->n] = key;
    v->n++;
}

static int container(jp_t *p, jv_t *v, int depth, bool obj)
{
    if (depth >= JSON_MAX_DEPTH)
        return fail(p, "nesting deeper than 64");
    v->kind = obj ? JV_OBJ : JV_ARR;
    size_t cap = 0;
    p->i++;
    ws(p);
    if (p->i < p->n && p->s[p->i] == (obj ? '}' : ']')) {
        p->i++;
        return 0;
    }
    while (1) {
        char *key = NULL;
        ws(p);
        if (obj) {
            if (p->i >= p->n || p->s[p->i] != '"')
                return fail(p, "expecting a member name");
            if (string(p, &key) < 0)
                return -1;
            ws(p);
            if (p->i >= p->n || p->s[p->i] != ':') {
                free(key);
                return fail(p, "expecting ':'");
            }
            p->i++;
        }
        jv_t item;
        memset(&item, 0, sizeof item);
        if (value(p, &item, depth + 1) < 0) {
            free(key);
            json_free(&item);
            return -1;
        }
        push(v, &cap, item, key);
        ws(p);
        if (p->i < p->n && p->s[p->i] == ',') {
            p->i++;
            continue;
        }
        if (p->i < p->n && p->s[p->i] == (obj ? '}' : ']')) {
            p->i++;
            return 0;
        }
        return fail(p, obj ? "expecting ',' or '}'" : "expecting ',' or ']'");
    }
}

static int value(jp_t *p, jv_t *v, int depth)
{
    ws(p);
    if (p->i >= p->n)
        return fail(p, "expecting a value");
    char c = p->s[p->i];
    switch (c) {
    case '{': return container(p, v, depth, true);
    case '[': return container(p, v, depth, false);
    case '"':
        v->kind = JV_STR;
        return string(p, &v->str);
    case 't': return literal(p, "true", v, JV_BOOL, 1);
    case 'f': return literal(p, "false", v, JV_BOOL, 0);
    case 'n': return literal(p, "null", v, JV_NULL, 0);
    default:
        if (c == '-' || (c >= '0' && c <= '9'))
            return number(p, v);
        return fail(p, "expecting a value");
    }
}

int json_parse(const char *text, size_t len, const char *path, jv_t *out, cs_error_t *err)
{
    jp_t p = {.s = text, .n = len, .path = path, .err = err};
    memset(out, 0, sizeof *out);
    if (value(&p, out, 0) < 0) {
        json_free(out);
        return -1;
    }
    ws(&p);
    if (p.i < p.n) {
        json_free(out);
        return fail(&p, "expecting the end of the document");
    }
    return 0;
}

int json_load(const char *path, jv_t *out, cs_error_t *err)
{
    char *data;
    size_t len;
    memset(out, 0, sizeof *out);
    if (cs_read_file(path, (size_t)1 << 30, &data, &len, err) < 0)
        return -1;
    int rc = json_parse(data, len, path, out, err);
    free(data);
    return rc;
}

void json_free(jv_t *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++) {
        json_free(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    memset(v, 0, sizeof *v);
}

const jv_t *json_get(const jv_t *v, const char *key)
{
    if (!v || v->kind != JV_OBJ)
        return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (!strcmp(v->keys[i], key))
            return &v->items[i];
    return NULL;
}

double json_num(const jv_t *v, double dflt) { return v && v->kind == JV_NUM ? v->num : dflt; }

const char *json_str(const jv_t *v) { return v && v->kind == JV_STR ? v->str : NULL; }
