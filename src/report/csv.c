/* csv.c — see csv.h. */
#include "csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int csv_parse(char *text, const char *path, csv_t *c, cs_error_t *err)
{
    memset(c, 0, sizeof *c);
    c->data = text;
    size_t cap = 0, ncell = 0, line = 0;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        char *end = nl ? nl : p + strlen(p);
        char *next = nl ? nl + 1 : end;
        line++;
        if (end > p && end[-1] == '\r')
            end[-1] = '\0';
        *end = '\0';
        if (!*p) { /* blank line: skipped */
            p = next;
            continue;
        }
        size_t cols = 1;
        for (char *q = p; *q; q++)
            cols += *q == ',';
        if (!c->cols)
            c->cols = cols;
        else if (cols != c->cols) {
            csv_free(c);
            return cs_err(err, path, line, "%zu cells where the header has %zu", cols, c->cols);
        }
        if (ncell + cols > cap) {
            cap = (ncell + cols) * 2;
            c->cell = cs_xrealloc(c->cell, cap * sizeof *c->cell);
        }
        for (char *q = p;;) {
            c->cell[ncell++] = q;
            char *comma = strchr(q, ',');
            if (!comma)
                break;
            *comma = '\0';
            q = comma + 1;
        }
        p = next;
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
