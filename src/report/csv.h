/* csv.h — the comma-separated tables ctasim writes (sweep summary and
 * classification, experiment tables), read back for the report. The first
 * row is the header; cells follow RFC 4180 (a policy spec with commas is
 * quoted); a row with a different number of cells than the header is an
 * error naming its line. */
#ifndef CTASIM_REPORT_CSV_H
#define CTASIM_REPORT_CSV_H

#include <stddef.h>

#include "util/common.h"

typedef struct csv {
    char *data;   /* the file, cut into cells in place */
    char **cell;  /* rows x cols, header first */
    size_t rows;  /* data rows (header not counted) */
    size_t cols;
} csv_t;

/* 0, or -1 with err: unreadable, empty, no data row, ragged row. */
int csv_load(const char *path, csv_t *c, cs_error_t *err);
int csv_parse(char *text, const char *path, csv_t *c, cs_error_t *err); /* takes ownership of TEXT */
void csv_free(csv_t *c);
/* The index of column NAME, -1 if there is none. */
int csv_col(const csv_t *c, const char *name);
const char *csv_header(const csv_t *c, size_t col);
/* Data row R (0 = first after the header), column COL; "" when COL < 0. */
const char *csv_cell(const csv_t *c, size_t r, int col);
/* The cell as a number; NaN when empty, "n/a" or not a number. */
double csv_num(const csv_t *c, size_t r, int col);

#endif
