/* svg.h — a growable text buffer and the few SVG elements the report's
 * charts are drawn with.
 *
 * Our own on purpose: Debian has no small C library that writes SVG charts
 * (the plotting libraries pull in cairo/pango/fontconfig or a scripting
 * runtime), and the report needs only lines, rectangles, circles, text and
 * polylines. Everything written is deterministic: coordinates are printed
 * with two decimals (-0 printed as 0), text is XML-escaped, attribute order is
 * fixed, so the same data gives byte-identical SVG. */
#ifndef CTASIM_REPORT_SVG_H
#define CTASIM_REPORT_SVG_H

#include <stdarg.h>
#include <stddef.h>

typedef struct sbuf {
    char *s; /* NUL-terminated (never NULL after sb_init) */
    size_t n, cap;
} sbuf_t;

void sb_init(sbuf_t *b);
void sb_free(sbuf_t *b);
void sb_puts(sbuf_t *b, const char *s);
void sb_putn(sbuf_t *b, const char *s, size_t n);
void sb_printf(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(sbuf_t *b, const char *fmt, va_list ap);
/* S with & < > " ' as entities and control characters dropped (XML text and
 * attribute values alike). */
void sb_escape(sbuf_t *b, const char *s);
/* A number as SVG coordinates print it: two decimals, trailing zeros cut,
 * never "-0" ("12.5", "3", "-0.25"). */
void sb_num(sbuf_t *b, double v);

/* Elements. Colours and dash patterns are literal attribute values
 * ("#1f77b4", "4 2"); NULL leaves the attribute out. TITLE (a tooltip, may be
 * NULL) becomes a <title> child. */
void svg_begin(sbuf_t *b, double width, double height, const char *label);
void svg_end(sbuf_t *b);
void svg_line(sbuf_t *b, double x1, double y1, double x2, double y2, const char *stroke, double width,
              const char *dash);
void svg_rect(sbuf_t *b, double x, double y, double w, double h, const char *fill, const char *title);
void svg_circle(sbuf_t *b, double cx, double cy, double r, const char *fill, const char *title);
/* ANCHOR: "start", "middle" or "end"; ROTATE: degrees about (x, y), 0 for none. */
void svg_text(sbuf_t *b, double x, double y, const char *anchor, double size, double rotate, const char *text);
/* Points (xs[i], ys[i]); a polyline of N >= 1 points. */
void svg_polyline(sbuf_t *b, const double *xs, const double *ys, size_t n, const char *stroke, double width,
                  const char *dash);

#endif
