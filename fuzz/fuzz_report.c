/* fuzz_report.c — libFuzzer target for the report's readers (report/json.c,
 * report/csv.c): whatever the bytes, parsing never crashes, leaks or reads
 * out of bounds, and a document that parses is a tree whose every member
 * can be looked up by its own key. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report/csv.h"
#include "report/json.h"

static void walk(const jv_t *v, int depth)
{
    if (depth > 70)
        abort(); /* the reader limits nesting to 64 */
    for (size_t i = 0; i < v->n; i++) {
        if (v->kind == JV_OBJ && json_get(v, v->keys[i]) == NULL)
            abort();
        walk(&v->items[i], depth + 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jv_t v;
    cs_error_t err;
    if (json_parse((const char *)data, size, "fuzz", &v, &err) == 0) {
        walk(&v, 0);
        json_free(&v);
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    csv_t c;
    if (csv_parse(text, "fuzz", &c, &err) == 0) { /* takes TEXT */
        for (size_t r = 0; r < c.rows; r++)
            for (size_t k = 0; k < c.cols; k++)
                (void)csv_num(&c, r, (int)k);
        csv_free(&c);
    }
    return 0;
}
