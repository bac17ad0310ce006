/* ptx_lex.h — PTX tokenizer.
 *
 * The whole text is tokenized up front into an array (PTX files are at most a
 * few MB). Identifiers keep their dots ("ld.global.v4.f32", "%tid.x",
 * ".reg") and cache-hint "::" pairs ("ld.global.L1::no_allocate"), so the
 * parser splits instruction modifiers itself. Comments are dropped. */
#ifndef CTASIM_PTX_LEX_H
#define CTASIM_PTX_LEX_H

#include "util/common.h"

enum ptx_tok_kind {
    TOK_EOF = 0,
    TOK_IDENT,  /* names, directives (.x), registers (%x), labels ($x) */
    TOK_INT,    /* integer literal: u */
    TOK_F32,    /* 0fXXXXXXXX: u = the 32 bits */
    TOK_F64,    /* 0dXXXXXXXXXXXXXXXX: u = the 64 bits */
    TOK_FLOAT,  /* decimal float literal: d */
    TOK_STRING, /* "..." (text excludes quotes) */
    TOK_PUNCT,  /* one character in c */
};

typedef struct ptx_token {
    uint8_t kind;
    char c;
    uint32_t line;
    uint32_t len;
    const char *text;
    uint64_t u;
    double d;
} ptx_token_t;

/* Tokenize; returns the number of tokens (a TOK_EOF is appended) or -1 with
 * err set (e.g. an unterminated comment or string, or a stray byte). */
long ptx_lex(const char *filename, const char *text, size_t len, ptx_token_t **out, cs_error_t *err);

/* Token text equals s (NUL-terminated). */
int ptx_tok_is(const ptx_token_t *t, const char *s);

#endif
