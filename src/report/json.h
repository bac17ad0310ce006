/* json.h — a small JSON reader for the report: the documents ctasim writes
 * (run/launch/sweep point JSON) read back as a tree.
 *
 * Strict: one value, then only white space; numbers as JSON spells them;
 * strings with the JSON escapes (\uXXXX kept as UTF-8, surrogate pairs
 * joined); nesting at most 64 deep. A document that ends early is reported
 * as truncated, naming the byte offset; anything else wrong names the offset
 * and what was expected there. Object members keep their order. */
#ifndef CTASIM_REPORT_JSON_H
#define CTASIM_REPORT_JSON_H

#include <stddef.h>

#include "util/common.h"

typedef enum { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ } jv_kind_t;

typedef struct jv {
    jv_kind_t kind;
    double num;         /* JV_NUM; JV_BOOL: 0 or 1 */
    char *str;          /* JV_STR */
    struct jv *items;   /* JV_ARR, JV_OBJ: n values */
    char **keys;        /* JV_OBJ: n keys */
    size_t n;
} jv_t;

/* Parse TEXT[0..len) (the name PATH goes into errors). 0, or -1 with err and
 * *out left as null. */
int json_parse(const char *text, size_t len, const char *path, jv_t *out, cs_error_t *err);
/* Read and parse the file PATH (at most 1 GiB). */
int json_load(const char *path, jv_t *out, cs_error_t *err);
void json_free(jv_t *v);
/* Member KEY of an object, NULL if absent or V is no object. */
const jv_t *json_get(const jv_t *v, const char *key);
/* V as a number, DFLT when it is absent or no number. */
double json_num(const jv_t *v, double dflt);
/* V as a string, NULL when it is absent or no string. */
const char *json_str(const jv_t *v);

#endif
