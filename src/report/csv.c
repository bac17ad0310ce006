/* csv.c — see csv.h. */
#include "csv.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* RFC 4180: a cell may be quoted ("claso:pa=1,pl=0"), a quote inside it
 * doubled; quoted cells may hold commas and line breaks. Cells are cut in
 * place: the unquoted text is written back over the input (it is never
 * longer), each cell NUL-terminated. */
int csv_parse(char *text, const char *path, csv_t *c, cs_error_t *err)
{
    memset(c, 0, sizeof *c);
    c->data = text;
    size_t cap = 0, ncell = 0, line = 1, row_start = 0, row_line = 1;
    char *r = text, *w = text;
    bool row_empty = true;
    while (*r) {
        /* one cell */
        char *cell = w;
        bool quoted = *r == '"';
        if (quoted) {
            r++;
            for (;;) {
                if (!*r) {
                    csv_free(c);
                    return cs_err(err, path, row_line, "a quoted cell that never ends");
                }
                if (*r == '"' && r[1] == '"') {
                    *w++ = '"';
                    r += 2;
                } else if (*r == '"') {
                    r++;
                    break;
                } else {
                    line += *r == '\n';
                    *w++ = *r++;
                }
            }
            if (*r && *r != ',' && *r != '\n' && !(*r == '\r' && r[1] == '\n')) {
                csv_free(c);
                return cs_err(err, path, row_line, "text after a quoted cell");
            }
        } else {
            while (*r && *r != ',' && *r != '\n' && !(*r == '\r' && r[1] == '\n'))
                *w++ = *r++;
        }
        char sep = *r;
        if (sep == '\r')
            r++, sep = '\n';
        if (sep)
            r++;
        *w++ = '\0';
        if (cell[0] || quoted || sep == ',')
            row_empty = false;
        if (ncell + 1 > cap) {
            cap = (ncell + 1) * 2;
            c->cell = cs_xrealloc(c->cell, cap * sizeof *c->cell);
        }
        c->cell[ncell++] = cell;
        if (sep == ',')
            continue;
        /* end of a row */
        size_t cols = ncell - row_start;
        if (row_empty) { /* blank line: skipped */
            ncell = row_start;
        } else if (!c->cols) {
            c->cols = cols;
            row_start = ncell;
        } else if (cols != c->cols) {
            size_t want = c->cols; /* csv_free clears it */
            csv_free(c);
            return cs_err(err, path, row_line, "%zu cells where the header has %zu", cols, want);
        } else {
            row_start = ncell;
        }
        row_empty = true;
        line += sep == '\n';
        row_line = line;
    }
    if (ncell != row_start) { /* a last row cut short before its comma's cell */
        size_t want = c->cols;
        csv_free(c);
        return cs_err(err, path, row_line, "%zu cells where the header has %zu", ncell - row_start, want);
    }
    if (!c->cols) {
        csv_free(c);
        return cs_err(err, path, 0, "empty table");
    }
    c->rows = ncell / c->cols - 1;
    if (!c->rows) {
        csv_free(c);
        return cs_err(err, path, 0, "a header and no rows");
    }
    return 0;
}

int csv_load(const char *path, csv_t *c, cs_error_t *err)
{
    char *data;
    size_t len;
    memset(c, 0, sizeof *c);
    if (cs_read_file(path, (size_t)256 << 20, &data, &len, err) < 0)
        return -1;
    return csv_parse(data, path, c, err);
}

void csv_free(csv_t *c)
{
    free(c->data);
    free(c->cell);
    memset(c, 0, sizeof *c);
}

int csv_col(const csv_t *c, const char *name)
{
    for (size_t i = 0; i < c->cols; i++)
        if (!strcmp(c->cell[i], name))
            return (int)i;
    return -1;
}

const char *csv_header(const csv_t *c, size_t col) { return col < c->cols ? c->cell[col] : ""; }

const char *csv_cell(const csv_t *c, size_t r, int col)
{
    if (col < 0 || (size_t)col >= c->cols || r >= c->rows)
        return "";
    return c->cell[(r + 1) * c->cols + (size_t)col];
}

double csv_num(const csv_t *c, size_t r, int col)
{
    const char *s = csv_cell(c, r, col);
    if (!*s)
        return NAN;
    char *end;
    double v = strtod(s, &end);
    return *end || !isfinite(v) ? NAN : v;
}
