/* json_escape.c — see json_escape.h. */
#include "json_escape.h"

#include <stdlib.h>

#include "common.h"

/* The literal into out (at least 6 * strlen(s) + 3 bytes). */
static void quote(char *out, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    char *w = out;
    *w++ = '"';
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            *w++ = '\\';
            *w++ = (char)ch;
        } else if (ch < 0x20) {
            *w++ = '\\';
            *w++ = 'u';
            *w++ = '0';
            *w++ = '0';
            *w++ = hex[ch >> 4];
            *w++ = hex[ch & 15];
        } else {
            *w++ = (char)ch;
        }
    }
    *w++ = '"';
    *w = 0;
}

char *json_quote(const char *s)
{
    size_t n = 0;
    for (const char *p = s; p && *p; p++)
        n++;
    char *out = cs_xmalloc(6 * n + 3);
    quote(out, s);
    return out;
}

void json_put_str(FILE *f, const char *s)
{
    char *q = json_quote(s);
    fputs(q, f);
    free(q);
}
