/* json_escape.h — the one JSON string escaper of the tree: every JSON
 * document ctasim writes quotes its strings here ('"' and '\' escaped,
 * control characters as \u00XX, other bytes as they are). */
#ifndef CTASIM_JSON_ESCAPE_H
#define CTASIM_JSON_ESCAPE_H

#include <stdio.h>

/* Write s as a JSON string literal, quotes included (NULL: ""). */
void json_put_str(FILE *f, const char *s);
/* The same literal in a new string (free it). */
char *json_quote(const char *s);

#endif
