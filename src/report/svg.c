/* svg.c — see svg.h. */
#include "svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/common.h"

void sb_init(sbuf_t *b)
{
    b->cap = 256;
    b->n = 0;
    b->s = cs_xmalloc(b->cap);
    b->s[0] = '\0';
}

void sb_free(sbuf_t *b)
{
    free(b->s);
    b->s = NULL;
    b->n = b->cap = 0;
}

static void reserve(sbuf_t *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    while (b->n + more + 1 > b->cap)
        b->cap *= 2;
    b->s = cs_xrealloc(b->s, b->cap);
}

void sb_putn(sbuf_t *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

void sb_puts(sbuf_t *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_vprintf(sbuf_t *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int len = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    if (len < 0) {
        va_end(ap2);
        return;
    }
    if ((size_t)len + 1 > b->cap - b->n) {
        reserve(b, (size_t)len);
        vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap2);
    }
    va_end(ap2);
    b->n += (size_t)len;
}

void sb_printf(sbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

void sb_escape(sbuf_t *b, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': sb_puts(b, "&amp;"); break;
        case '<': sb_puts(b, "&lt;"); break;
        case '>': sb_puts(b, "&gt;"); break;
        case '"': sb_puts(b, "&quot;"); break;
        case '\'': sb_puts(b, "&#39;"); break;
        default:
            if (c >= 0x20 || c == '\n' || c == '\t')
                sb_putn(b, (const char *)&c, 1);
        }
    }
}

void sb_num(sbuf_t *b, double v)
{
    if (!isfinite(v))
        v = 0;
    double r = round(v * 100) / 100;
    if (r == 0)
        r = 0; /* -0 */
    char buf[64];
    snprintf(buf, sizeof buf, "%.2f", r);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = buf + strlen(buf) - 1;
        while (end > dot && *end == '0')
            *end-- = '\0';
        if (end == dot)
            *end = '\0';
    }
    sb_puts(b, buf);
}

static void attr_num(sbuf_t *b, const char *name, double v)
{
    sb_printf(b, " %s=\"", name);
    sb_num(b, v);
    sb_puts(b, "\"");
}

static void attr_str(sbuf_t *b, const char *name, const char *v)
{
    if (!v)
        return;
    sb_printf(b, " %s=\"", name);
    sb_escape(b, v);
    sb_puts(b, "\"");
}

void svg_begin(sbuf_t *b, double width, double height, const char *label)
{
    sb_puts(b, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
    attr_num(b, "width", width);
    attr_num(b, "height", height);
    sb_puts(b, " viewBox=\"0 0 ");
    sb_num(b, width);
    sb_puts(b, " ");
    sb_num(b, height);
    sb_puts(b, "\" font-family=\"sans-serif\" role=\"img\"");
    attr_str(b, "aria-label", label);
    sb_puts(b, ">\n");
    if (label) {
        sb_puts(b, "<title>");
        sb_escape(b, label);
        sb_puts(b, "</title>\n");
    }
}

void svg_end(sbuf_t *b) { sb_puts(b, "</svg>\n"); }

void svg_line(sbuf_t *b, double x1, double y1, double x2, double y2, const char *stroke, double width,
              const char *dash)
{
    sb_puts(b, "<line");
    attr_num(b, "x1", x1);
    attr_num(b, "y1", y1);
    attr_num(b, "x2", x2);
    attr_num(b, "y2", y2);
    attr_str(b, "stroke", stroke ? stroke : "#000");
    attr_num(b, "stroke-width", width);
    attr_str(b, "stroke-dasharray", dash);
    sb_puts(b, "/>\n");
}

static void close_with_title(sbuf_t *b, const char *tag, const char *title)
{
    if (!title) {
        sb_puts(b, "/>\n");
        return;
    }
    sb_puts(b, "><title>");
    sb_escape(b, title);
    sb_printf(b, "</title></%s>\n", tag);
}

void svg_rect(sbuf_t *b, double x, double y, double w, double h, const char *fill, const char *title)
{
    sb_puts(b, "<rect");
    attr_num(b, "x", x);
    attr_num(b, "y", y);
    attr_num(b, "width", w < 0 ? 0 : w);
    attr_num(b, "height", h < 0 ? 0 : h);
    attr_str(b, "fill", fill ? fill : "none");
    close_with_title(b, "rect", title);
}

void svg_circle(sbuf_t *b, double cx, double cy, double r, const char *fill, const char *title)
{
    sb_puts(b, "<circle");
    attr_num(b, "cx", cx);
    attr_num(b, "cy", cy);
    attr_num(b, "r", r);
    attr_str(b, "fill", fill ? fill : "#000");
    close_with_title(b, "circle", title);
}

void svg_text(sbuf_t *b, double x, double y, const char *anchor, double size, double rotate, const char *text)
{
    sb_puts(b, "<text");
    attr_num(b, "x", x);
    attr_num(b, "y", y);
    attr_num(b, "font-size", size);
    attr_str(b, "text-anchor", anchor && strcmp(anchor, "start") ? anchor : NULL);
    if (rotate != 0) {
        sb_puts(b, " transform=\"rotate(");
        sb_num(b, rotate);
        sb_puts(b, " ");
        sb_num(b, x);
        sb_puts(b, " ");
        sb_num(b, y);
        sb_puts(b, ")\"");
    }
    sb_puts(b, ">");
    sb_escape(b, text);
    sb_puts(b, "</text>\n");
}

void svg_polyline(sbuf_t *b, const double *xs, const double *ys, size_t n, const char *stroke, double width,
                  const char *dash)
{
    sb_puts(b, "<polyline points=\"");
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_puts(b, " ");
        sb_num(b, xs[i]);
        sb_puts(b, ",");
        sb_num(b, ys[i]);
    }
    sb_puts(b, "\" fill=\"none\"");
    attr_str(b, "stroke", stroke ? stroke : "#000");
    attr_num(b, "stroke-width", width);
    attr_str(b, "stroke-dasharray", dash);
    sb_puts(b, "/>\n");
}
