/* ptx_parse.c — PTX text -> IR (ptx_ir.h).
 *
 * A recursive-descent parser over the token array from ptx_lex.c. Module
 * directives that do not affect execution (.target, .file, .loc, .pragma,
 * performance hints) are skipped; .version is only checked against the
 * newest PTX ISA version known (check_version). Everything that would change
 * what a kernel computes but is not implemented is rejected with
 * "FILE:LINE: unsupported ..." so a run never silently computes the wrong
 * thing. Names are resolved here: registers to flat slot indices, labels to
 * instruction indices, variables to symbol ids, call targets to functions.
 *
 * Scopes: `{ }` blocks inside a body open a scope (nvcc re-declares
 * `param0` and `temp_param_reg` in every call block), so the function's
 * name table is a stack truncated at each closing brace. */
#include "ptx_float.h"
#include "ptx_ir.h"
#include "ptx_lex.h"
#include "ptx_mma.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- tables */

static enum ptx_type type_from(const char *s, size_t n) { return ptx_type_from_name(s, n); }

static const char *const sreg_names[SR__COUNT] = {
    "%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z",
    "%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z",
    "%laneid", "%warpid", "%nwarpid", "%smid", "%nsmid", "%gridid",
    "%clock", "%clock64", "%lanemask_eq", "%lanemask_lt", "%lanemask_le",
    "%lanemask_gt", "%lanemask_ge", "%dynamic_smem_size", "%total_smem_size",
    "%clusterid.x", "%clusterid.y", "%clusterid.z", "%nclusterid.x", "%nclusterid.y", "%nclusterid.z",
    "%cluster_ctaid.x", "%cluster_ctaid.y", "%cluster_ctaid.z",
    "%cluster_nctaid.x", "%cluster_nctaid.y", "%cluster_nctaid.z",
    "%cluster_ctarank", "%cluster_nctarank", "%is_explicit_cluster",
};

/* ----------------------------------------------------------- parser state */

enum scope_kind { SC_REG, SC_REGRANGE, SC_SYM, SC_MARK };

typedef struct scope_entry {
    const char *name;
    uint32_t len;
    uint8_t kind;
    uint32_t base;  /* register index or symbol id */
    uint32_t count; /* SC_REGRANGE: number of registers */
} scope_entry_t;

typedef struct label {
    const char *name;
    uint32_t len;
    uint32_t inst;
} label_t;

typedef struct fixup {
    const char *name;
    uint32_t len;
    uint32_t func, inst, line;
} fixup_t;

typedef struct parser {
    const char *file;
    ptx_token_t *t;
    size_t pos, ntok;
    cs_error_t *err;
    ptx_module_t *m;
    size_t syms_cap, funcs_cap;
    /* module scope: symbol ids */
    uint32_t *modsyms;
    size_t n_modsyms, modsyms_cap;
    /* current function */
    ptx_function_t *f;
    uint32_t fidx;
    size_t insts_cap, regs_cap, callsyms_cap;
    scope_entry_t *scope;
    size_t n_scope, scope_cap;
    label_t *labels;
    size_t n_labels, labels_cap;
    fixup_t *branches;
    size_t n_branches, branches_cap;
    bool nounroll; /* a .pragma "nounroll" waits for the next instruction */
    /* whole module */
    fixup_t *calls;
    size_t n_calls, calls_cap;
} parser_t;

#define GROW(arr, n, cap)                                                                  \
    do {                                                                                   \
        if ((n) >= (cap)) {                                                                \
            (cap) = (cap) ? (cap)*2 : 16;                                                  \
            (arr) = cs_xrealloc((arr), (cap) * sizeof *(arr));                             \
        }                                                                                  \
    } while (0)

static const ptx_token_t *peek(parser_t *p) { return &p->t[p->pos]; }
static const ptx_token_t *peek2(parser_t *p) { return &p->t[p->pos + 1 < p->ntok ? p->pos + 1 : p->pos]; }
static const ptx_token_t *next(parser_t *p)
{
    const ptx_token_t *t = &p->t[p->pos];
    if (t->kind != TOK_EOF)
        p->pos++;
    return t;
}
static int is_punct(const ptx_token_t *t, char c) { return t->kind == TOK_PUNCT && t->c == c; }
static int accept(parser_t *p, char c)
{
    if (is_punct(peek(p), c)) {
        p->pos++;
        return 1;
    }
    return 0;
}

static int perr(parser_t *p, const ptx_token_t *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int perr(parser_t *p, const ptx_token_t *t, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cs_err(p->err, p->file, t->line, "%s", msg);
}

static const char *tokdesc(const ptx_token_t *t, char *buf, size_t n)
{
    if (t->kind == TOK_EOF)
        return "end of file";
    snprintf(buf, n, "'%.*s'", (int)CS_MIN(t->len, 60u), t->text);
    return buf;
}

static int expect(parser_t *p, char c)
{
    if (accept(p, c))
        return 0;
    char b[80];
    return perr(p, peek(p), "expected '%c', found %s", c, tokdesc(peek(p), b, sizeof b));
}

static int expect_int(parser_t *p, uint64_t *v)
{
    const ptx_token_t *t = peek(p);
    if (t->kind != TOK_INT) {
        char b[80];
        return perr(p, t, "expected an integer, found %s", tokdesc(t, b, sizeof b));
    }
    *v = next(p)->u;
    return 0;
}

/* Skip the remaining tokens of a directive that has no ';' (ends at line end). */
static void skip_line(parser_t *p, uint32_t line)
{
    while (peek(p)->kind != TOK_EOF && peek(p)->line == line)
        p->pos++;
}

static int skip_to_semicolon(parser_t *p)
{
    while (peek(p)->kind != TOK_EOF && !is_punct(peek(p), ';') && !is_punct(peek(p), '}') &&
           !is_punct(peek(p), '{'))
        p->pos++;
    return expect(p, ';');
}

static char *dup_tok(const ptx_token_t *t)
{
    char *s = cs_xmalloc(t->len + 1);
    memcpy(s, t->text, t->len);
    s[t->len] = 0;
    return s;
}

/* ----------------------------------------------------------- symbols */

static uint32_t new_symbol(parser_t *p, const ptx_token_t *name, enum ptx_space space)
{
    GROW(p->m->syms, p->m->n_syms, p->syms_cap);
    ptx_symbol_t *s = &p->m->syms[p->m->n_syms];
    memset(s, 0, sizeof *s);
    s->name = dup_tok(name);
    s->space = (uint8_t)space;
    s->align = 1;
    return p->m->n_syms++;
}

static int name_eq(const char *a, uint32_t alen, const ptx_token_t *t) { return alen == t->len && memcmp(a, t->text, alen) == 0; }

static int find_modsym(parser_t *p, const ptx_token_t *t)
{
    for (size_t i = p->n_modsyms; i-- > 0;) {
        const ptx_symbol_t *s = &p->m->syms[p->modsyms[i]];
        if (strlen(s->name) == t->len && memcmp(s->name, t->text, t->len) == 0)
            return (int)p->modsyms[i];
    }
    return -1;
}

static int find_func(parser_t *p, const char *name, size_t len)
{
    for (uint32_t i = 0; i < p->m->n_funcs; i++)
        if (strlen(p->m->funcs[i].name) == len && memcmp(p->m->funcs[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

static void scope_push(parser_t *p, const ptx_token_t *name, uint8_t kind, uint32_t base, uint32_t count)
{
    GROW(p->scope, p->n_scope, p->scope_cap);
    scope_entry_t *e = &p->scope[p->n_scope++];
    e->name = name ? name->text : NULL;
    e->len = name ? name->len : 0;
    e->kind = kind;
    e->base = base;
    e->count = count;
}

/* Resolve a name inside a function: 1 = register (*idx), 2 = symbol (*idx), 0 = unknown. */
static int lookup(parser_t *p, const ptx_token_t *t, uint32_t *idx)
{
    for (size_t i = p->n_scope; i-- > 0;) {
        const scope_entry_t *e = &p->scope[i];
        if (e->kind == SC_MARK)
            continue;
        if (e->kind == SC_REGRANGE) {
            if (t->len > e->len && memcmp(t->text, e->name, e->len) == 0) {
                uint64_t v = 0;
                uint32_t k = e->len;
                if (t->text[k] == '0' && t->len > k + 1)
                    continue; /* "%r01" is not a member of %r<N> */
                for (; k < t->len && t->text[k] >= '0' && t->text[k] <= '9' && v < 0xffffffffu; k++)
                    v = v * 10 + (uint64_t)(t->text[k] - '0');
                if (k == t->len && v < e->count) {
                    *idx = e->base + (uint32_t)v;
                    return 1;
                }
            }
            continue;
        }
        if (name_eq(e->name, e->len, t)) {
            *idx = e->base;
            return e->kind == SC_REG ? 1 : 2;
        }
    }
    int s = find_modsym(p, t);
    if (s >= 0) {
        *idx = (uint32_t)s;
        return 2;
    }
    return 0;
}

/* ----------------------------------------------------------- declarations */

#define MAX_REGS 60000u /* scoreboard register numbers must stay < 65536 */

static int declare_regs(parser_t *p)
{
    /* after ".reg": [.v2|.v4] .type name[<N>] {, name[<N>]} ; */
    const ptx_token_t *tt = next(p);
    if (tt->kind == TOK_IDENT && (ptx_tok_is(tt, ".v2") || ptx_tok_is(tt, ".v4")))
        return perr(p, tt, "unsupported: vector registers ('.reg %.*s')", (int)tt->len, tt->text);
    enum ptx_type type = tt->kind == TOK_IDENT && tt->len > 1 && tt->text[0] == '.' ? type_from(tt->text + 1, tt->len - 1) : PT_NONE;
    if (type == PT_NONE || type == PT_B128) {
        char b[80];
        return perr(p, tt, "expected a register type after .reg, found %s", tokdesc(tt, b, sizeof b));
    }
    for (;;) {
        const ptx_token_t *name = next(p);
        if (name->kind != TOK_IDENT || name->text[0] == '.') {
            char b[80];
            return perr(p, name, "expected a register name, found %s", tokdesc(name, b, sizeof b));
        }
        uint64_t count = 1;
        int range = 0;
        if (accept(p, '<')) {
            if (expect_int(p, &count) < 0 || expect(p, '>') < 0)
                return -1;
            range = 1;
        }
        if (count > MAX_REGS || p->f->n_regs + count > MAX_REGS)
            return perr(p, name, "too many registers in function (limit %u)", MAX_REGS);
        uint32_t base = p->f->n_regs;
        while (p->f->n_regs + count > p->regs_cap) {
            p->regs_cap = p->regs_cap ? p->regs_cap * 2 : 64;
            p->f->reg_types = cs_xrealloc(p->f->reg_types, p->regs_cap);
        }
        for (uint64_t i = 0; i < count; i++)
            p->f->reg_types[base + i] = (uint8_t)type;
        p->f->n_regs += (uint32_t)count;
        scope_push(p, name, range ? SC_REGRANGE : SC_REG, base, (uint32_t)count);
        if (accept(p, ','))
            continue;
        return expect(p, ';');
    }
}

static uint64_t align_up(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

static int parse_init_value(parser_t *p, ptx_symbol_t *s, uint64_t *at, unsigned esz, enum ptx_type et, int depth)
{
    if (depth > 8)
        return perr(p, peek(p), "initialiser nested too deeply");
    if (accept(p, '{')) {
        if (accept(p, '}'))
            return 0;
        do {
            if (parse_init_value(p, s, at, esz, et, depth + 1) < 0)
                return -1;
        } while (accept(p, ','));
        return expect(p, '}');
    }
    int neg = accept(p, '-');
    const ptx_token_t *t = next(p);
    uint64_t bits;
    if (t->kind == TOK_IDENT && (ptx_tok_is(t, "generic") || t->text[0] != '.')) {
        int paren = 0;
        if (ptx_tok_is(t, "generic")) {
            if (expect(p, '(') < 0)
                return -1;
            t = next(p);
            paren = 1;
        }
        int target = find_modsym(p, t);
        if (target < 0)
            return perr(p, t, "unknown symbol '%.*s' in initialiser", (int)t->len, t->text);
        int64_t addend = 0;
        if (paren && expect(p, ')') < 0)
            return -1;
        if (accept(p, '+')) {
            uint64_t v;
            if (expect_int(p, &v) < 0)
                return -1;
            addend = (int64_t)v;
        }
        if (*at + esz <= s->size) {
            s->relocs = cs_xrealloc(s->relocs, (s->n_relocs + 1) * sizeof *s->relocs);
            s->relocs[s->n_relocs++] = (struct ptx_reloc){*at, (uint32_t)target, esz, addend};
        }
        *at += esz;
        return 0;
    }
    if (t->kind == TOK_INT) {
        bits = neg ? (uint64_t)-(int64_t)t->u : t->u;
        if (ptx_type_kind(et) == TK_FLOAT)
            bits = et == PT_F64 ? ptx_f64_bits(neg ? -(double)t->u : (double)t->u)
                                : ptx_f32_bits(neg ? -(float)t->u : (float)t->u);
    } else if (t->kind == TOK_F32) {
        bits = et == PT_F64 ? ptx_f64_bits((double)ptx_bits_f32(t->u)) : t->u;
        if (neg)
            bits ^= et == PT_F64 ? 0x8000000000000000ull : 0x80000000ull;
    } else if (t->kind == TOK_F64) {
        bits = et == PT_F64 ? t->u : ptx_f32_bits((float)ptx_bits_f64(t->u));
        if (neg)
            bits ^= et == PT_F64 ? 0x8000000000000000ull : 0x80000000ull;
    } else if (t->kind == TOK_FLOAT) {
        double d = neg ? -t->d : t->d;
        bits = et == PT_F64 ? ptx_f64_bits(d) : et == PT_F16 ? ptx_f32_to_f16((float)d) : ptx_f32_bits((float)d);
    } else {
        char b[80];
        return perr(p, t, "bad initialiser value %s", tokdesc(t, b, sizeof b));
    }
    if (*at + esz > s->size)
        return perr(p, t, "too many initialiser values for '%s'", s->name);
    if (!s->init)
        s->init = cs_xcalloc(1, s->size);
    memcpy(s->init + *at, &bits, esz); /* little-endian host, as the device */
    *at += esz;
    return 0;
}

#define MAX_VAR_BYTES (1ull << 32)

/* Parse "[.align N] [.ptr .space .align N] [.vN] .type name[dims] [= init]" after
 * the space keyword. Returns the symbol id or -1. */
static long parse_var(parser_t *p, enum ptx_space space, int is_extern, int allow_init)
{
    uint64_t align = 0, vec = 1;
    enum ptx_type type = PT_NONE;
    for (;;) {
        const ptx_token_t *t = peek(p);
        if (t->kind != TOK_IDENT || t->text[0] != '.')
            break;
        p->pos++;
        if (ptx_tok_is(t, ".align")) {
            if (expect_int(p, &align) < 0)
                return -1;
            if (align == 0 || (align & (align - 1)) || align > 4096)
                return perr(p, t, "bad alignment %llu", (unsigned long long)align);
        } else if (ptx_tok_is(t, ".v2")) {
            vec = 2;
        } else if (ptx_tok_is(t, ".v4")) {
            vec = 4;
        } else if (ptx_tok_is(t, ".ptr") || ptx_tok_is(t, ".global") || ptx_tok_is(t, ".shared") ||
                   ptx_tok_is(t, ".const") || ptx_tok_is(t, ".local")) {
            /* kernel parameter attributes: only a hint */
        } else {
            enum ptx_type ty = type_from(t->text + 1, t->len - 1);
            if (ty == PT_NONE || ty == PT_PRED)
                return perr(p, t, "unsupported variable attribute '%.*s'", (int)t->len, t->text);
            type = ty;
        }
    }
    if (type == PT_NONE)
        return perr(p, peek(p), "variable declaration without a type");
    const ptx_token_t *name = next(p);
    if (name->kind != TOK_IDENT || name->text[0] == '.' || name->text[0] == '%') {
        char b[80];
        return perr(p, name, "expected a variable name, found %s", tokdesc(name, b, sizeof b));
    }
    uint64_t esz = ptx_type_size(type) * vec, count = 1;
    int unsized = 0;
    while (accept(p, '[')) {
        if (accept(p, ']')) {
            unsized = 1;
            continue;
        }
        uint64_t d;
        if (expect_int(p, &d) < 0 || expect(p, ']') < 0)
            return -1;
        if (d == 0 || count > MAX_VAR_BYTES / d)
            return perr(p, name, "bad array size for '%.*s'", (int)name->len, name->text);
        count *= d;
    }
    if (count > MAX_VAR_BYTES / esz)
        return perr(p, name, "variable '%.*s' too large", (int)name->len, name->text);
    uint32_t id = new_symbol(p, name, space);
    ptx_symbol_t *s = &p->m->syms[id];
    s->type = type;
    s->align = (uint32_t)(align ? align : esz > 16 ? 16 : esz);
    s->size = unsized ? 0 : esz * count;
    s->is_extern = (uint8_t)(is_extern || unsized);
    if (accept(p, '=')) {
        if (!allow_init || unsized)
            return perr(p, name, "initialiser not allowed for '%s'", s->name);
        uint64_t at = 0;
        if (parse_init_value(p, &p->m->syms[id], &at, (unsigned)ptx_type_size(type), type, 0) < 0)
            return -1;
    }
    return id;
}

/* Place a function-scope variable in the frame / shared window. */
static void place_symbol(parser_t *p, uint32_t id)
{
    ptx_symbol_t *s = &p->m->syms[id];
    if (s->space == PS_SHARED) {
        if (s->is_extern) {
            if (s->align > p->m->dyn_shared_align)
                p->m->dyn_shared_align = s->align;
        } else {
            s->offset = align_up(p->m->static_shared_bytes, s->align);
            p->m->static_shared_bytes = s->offset + s->size;
        }
    } else if (s->space == PS_LOCAL || (s->space == PS_PARAM && !s->kernel_param)) {
        s->offset = align_up(p->f->frame_bytes, s->align);
        p->f->frame_bytes = s->offset + s->size;
    } else if (s->space == PS_PARAM && s->kernel_param) {
        s->offset = align_up(p->f->param_bytes, s->align);
        p->f->param_bytes = s->offset + s->size;
    }
}

/* ----------------------------------------------------------- instructions */

static int opcode_from(const char *s, size_t n)
{
    for (int i = 0; i < OP__COUNT; i++)
        if (strlen(ptx_opcode_name((enum ptx_opcode)i)) == n && memcmp(ptx_opcode_name((enum ptx_opcode)i), s, n) == 0)
            return i;
    return -1;
}

typedef struct modspec {
    const char *name;
    int8_t kind; /* what it sets */
    uint8_t val;
} modspec_t;

enum { MK_SPACE, MK_RND, MK_FLAG, MK_VEC, MK_IGNORE };

static const modspec_t common_mods[] = {
    {"global", MK_SPACE, PS_GLOBAL}, {"shared", MK_SPACE, PS_SHARED}, {"shared::cta", MK_SPACE, PS_SHARED},
    {"shared::cluster", MK_SPACE, PS_SHARED_CLUSTER},
    {"local", MK_SPACE, PS_LOCAL},   {"const", MK_SPACE, PS_CONST},   {"param", MK_SPACE, PS_PARAM},
    {"rn", MK_RND, RND_RN},   {"rz", MK_RND, RND_RZ},   {"rm", MK_RND, RND_RM},   {"rp", MK_RND, RND_RP},
    {"rni", MK_RND, RND_RNI}, {"rzi", MK_RND, RND_RZI}, {"rmi", MK_RND, RND_RMI}, {"rpi", MK_RND, RND_RPI},
    {"ftz", MK_FLAG, 0}, {"sat", MK_FLAG, 1}, {"approx", MK_FLAG, 2}, {"wide", MK_FLAG, 3},
    {"hi", MK_FLAG, 4}, {"lo", MK_FLAG, 5}, {"to", MK_FLAG, 7}, {"shiftamt", MK_FLAG, 8},
    {"full", MK_FLAG, 9}, {"v2", MK_VEC, 2}, {"v4", MK_VEC, 4},
    /* cache operators, memory-model qualifiers, scopes: no functional effect here */
    {"nc", MK_IGNORE, 0}, {"ca", MK_IGNORE, 0}, {"cg", MK_IGNORE, 0}, {"cs", MK_IGNORE, 0},
    {"lu", MK_IGNORE, 0}, {"cv", MK_IGNORE, 0}, {"wb", MK_IGNORE, 0}, {"wt", MK_IGNORE, 0},
    {"volatile", MK_IGNORE, 0}, {"relaxed", MK_IGNORE, 0}, {"acquire", MK_IGNORE, 0},
    {"release", MK_IGNORE, 0}, {"acq_rel", MK_IGNORE, 0}, {"sc", MK_IGNORE, 0}, {"weak", MK_IGNORE, 0},
    {"gpu", MK_IGNORE, 0}, {"sys", MK_IGNORE, 0}, {"cta", MK_IGNORE, 0}, {"gl", MK_IGNORE, 0},
    {"sync", MK_IGNORE, 0}, {"aligned", MK_IGNORE, 0}, {"noftz", MK_IGNORE, 0},
};

static const char *const cmp_names[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                                        "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
static const struct {
    const char *name;
    uint8_t op;
} subop_names[] = {
    {"add", ATOM_ADD}, {"min", ATOM_MIN}, {"max", ATOM_MAX}, {"exch", ATOM_EXCH}, {"cas", ATOM_CAS},
    {"and", ATOM_AND}, {"or", ATOM_OR},   {"xor", ATOM_XOR}, {"inc", ATOM_INC},   {"dec", ATOM_DEC},
};
static const struct {
    const char *name;
    uint8_t op;
} mode_names[] = {
    {"up", SHFL_UP}, {"down", SHFL_DOWN}, {"bfly", SHFL_BFLY}, {"idx", SHFL_IDX},
    {"all", VOTE_ALL}, {"any", VOTE_ANY}, {"uni", VOTE_UNI}, {"ballot", VOTE_BALLOT},
    {"finite", TESTP_FINITE}, {"infinite", TESTP_INFINITE}, {"number", TESTP_NUMBER},
    {"notanumber", TESTP_NOTANUMBER}, {"normal", TESTP_NORMAL}, {"subnormal", TESTP_SUBNORMAL},
    {"f4e", PRMT_F4E}, {"b4e", PRMT_B4E}, {"rc8", PRMT_RC8}, {"ecl", PRMT_ECL}, {"ecr", PRMT_ECR}, {"rc16", PRMT_RC16},
};

static int mod_is(const char *s, size_t n, const char *name) { return strlen(name) == n && memcmp(s, name, n) == 0; }

/* Apply one ".mod" of opcode op to the instruction; 0 ok, -1 unknown. */
static int apply_modifier(ptx_inst_t *in, const char *s, size_t n, enum ptx_type *types, int *ntypes)
{
    int op = in->op;
    /* bar.red / barrier.red: a barrier that also reduces a predicate over the
     * CTA; its own opcode, since unlike bar.sync it writes its first operand */
    if ((op == OP_BAR || op == OP_BARRIER) && in->subop == SUB_NONE && mod_is(s, n, "red")) {
        in->op = OP_BAR_RED;
        return 0;
    }
    if (op == OP_BAR_RED && (mod_is(s, n, "popc") || mod_is(s, n, "and") || mod_is(s, n, "or"))) {
        in->subop = s[0] == 'p' ? BAR_RED_POPC : s[0] == 'a' ? BAR_RED_AND : BAR_RED_OR;
        return 0;
    }
    /* cp.async: the copy goes from .global to .shared whatever the order of
     * the two space qualifiers, so they are checked, not stored */
    if (op == OP_CP) {
        if (mod_is(s, n, "async") && in->subop == SUB_NONE) {
            in->subop = CP_ASYNC;
            return 0;
        }
        if (in->subop == CP_ASYNC && (mod_is(s, n, "commit_group") || mod_is(s, n, "wait_group") ||
                                      mod_is(s, n, "wait_all"))) {
            in->subop = s[0] == 'c' ? CP_ASYNC_COMMIT : mod_is(s, n, "wait_all") ? CP_ASYNC_WAIT_ALL : CP_ASYNC_WAIT;
            return 0;
        }
        if (in->subop == CP_ASYNC && (mod_is(s, n, "shared") || mod_is(s, n, "shared::cta") || mod_is(s, n, "global")))
            return 0;
    }
    if (op == OP_SETP || op == OP_SET || op == OP_SLCT) {
        for (size_t i = 0; i < CS_ARRAY_LEN(cmp_names); i++)
            if (mod_is(s, n, cmp_names[i]) && op != OP_SLCT) {
                in->cmp = (uint8_t)i;
                return 0;
            }
        if (mod_is(s, n, "and") || mod_is(s, n, "or") || mod_is(s, n, "xor")) {
            in->bool_op = s[0] == 'a' ? BOOL_AND : s[0] == 'o' ? BOOL_OR : BOOL_XOR;
            return 0;
        }
    }
    if (op == OP_ATOM || op == OP_RED || op == OP_REDUX) {
        for (size_t i = 0; i < CS_ARRAY_LEN(subop_names); i++)
            if (mod_is(s, n, subop_names[i].name)) {
                in->subop = subop_names[i].op;
                return 0;
            }
    }
    if (op == OP_SHFL || op == OP_VOTE || op == OP_TESTP || op == OP_PRMT || op == OP_MATCH) {
        for (size_t i = 0; i < CS_ARRAY_LEN(mode_names); i++)
            if (mod_is(s, n, mode_names[i].name)) {
                in->subop = mode_names[i].op;
                return 0;
            }
    }
    if (op == OP_SHF) {
        if (mod_is(s, n, "l") || mod_is(s, n, "r")) {
            in->subop = s[0] == 'l' ? SHF_L : SHF_R;
            return 0;
        }
        if (mod_is(s, n, "wrap") || mod_is(s, n, "clamp")) {
            in->flags |= s[0] == 'w' ? PF_WRAP : PF_CLAMP;
            return 0;
        }
    }
    if ((op == OP_BRA || op == OP_CALL || op == OP_RET) && mod_is(s, n, "uni")) {
        in->flags |= PF_UNI;
        return 0;
    }
    if ((op == OP_BAR || op == OP_BARRIER) && (mod_is(s, n, "warp"))) {
        in->subop = 1; /* bar.warp.sync: warp-level only */
        return 0;
    }
    /* barrier.cluster.arrive / .wait (their .aligned, .relaxed, .release,
     * .acquire qualifiers are the common ignored ones: the interpreter's
     * memory is sequentially consistent, so ordering adds nothing) */
    if (op == OP_BARRIER && in->subop == SUB_NONE && mod_is(s, n, "cluster")) {
        in->subop = BAR_CLUSTER;
        return 0;
    }
    if (op == OP_BARRIER && in->subop == BAR_CLUSTER && (mod_is(s, n, "arrive") || mod_is(s, n, "wait"))) {
        in->subop = s[0] == 'a' ? BAR_CLUSTER_ARRIVE : BAR_CLUSTER_WAIT;
        return 0;
    }
    if (op == OP_MEMBAR || op == OP_FENCE) /* every scope/semantics qualifier is a fence */
        return 0;
    if (n > 1 && (s[0] == 'L' || s[0] == 'l') && memchr(s, ':', n)) /* .L1::evict_last etc. */
        return 0;
    if (n == 2 && s[0] == 'c' && s[1] == 'c') {
        in->flags |= PF_CC;
        return 0;
    }
    enum ptx_type ty = type_from(s, n);
    if (ty != PT_NONE) {
        if (*ntypes < 3)
            types[(*ntypes)++] = ty;
        return 0;
    }
    for (size_t i = 0; i < CS_ARRAY_LEN(common_mods); i++) {
        if (!mod_is(s, n, common_mods[i].name))
            continue;
        switch (common_mods[i].kind) {
        case MK_SPACE: in->space = common_mods[i].val; break;
        case MK_RND: in->rnd = common_mods[i].val; break;
        case MK_FLAG: in->flags |= (uint16_t)(1u << common_mods[i].val); break;
        case MK_VEC: in->vec = common_mods[i].val; break;
        default: break;
        }
        return 0;
    }
    return -1;
}

static uint64_t imm_for_type(const ptx_token_t *t, int neg, enum ptx_type ty)
{
    enum ptx_type_kind k = ptx_type_kind(ty);
    double d;
    switch (t->kind) {
    case TOK_INT:
        if (k != TK_FLOAT)
            return neg ? (uint64_t)-(int64_t)t->u : t->u;
        d = (double)t->u;
        break;
    case TOK_F32:
        if (k != TK_FLOAT || ty == PT_F32)
            return neg ? t->u ^ 0x80000000u : t->u;
        d = ptx_bits_f32(t->u);
        break;
    case TOK_F64:
        if (k != TK_FLOAT || ty == PT_F64)
            return neg ? t->u ^ 0x8000000000000000ull : t->u;
        d = ptx_bits_f64(t->u);
        break;
    default:
        d = t->d;
        break;
    }
    if (neg)
        d = -d;
    if (ty == PT_F64)
        return ptx_f64_bits(d);
    if (ty == PT_F16)
        return ptx_f32_to_f16((float)d);
    if (k == TK_FLOAT)
        return ptx_f32_bits((float)d);
    /* a float literal for an integer type: saturating conversion, never UB */
    if (!(d == d))
        return 0;
    if (d >= 9.2e18)
        return (uint64_t)INT64_MAX;
    if (d <= -9.2e18)
        return (uint64_t)INT64_MIN;
    return (uint64_t)(int64_t)d;
}

static int sreg_from(const ptx_token_t *t)
{
    for (int i = 0; i < SR__COUNT; i++)
        if (ptx_tok_is(t, sreg_names[i]))
            return i;
    return -1;
}

/* Read a register name that must resolve to a register (vector elements, guards). */
static int expect_reg(parser_t *p, uint32_t *reg)
{
    const ptx_token_t *t = next(p);
    uint32_t idx;
    if (t->kind == TOK_IDENT && ptx_tok_is(t, "_")) {
        *reg = PTX_NO_REG;
        return 0;
    }
    if (t->kind != TOK_IDENT || lookup(p, t, &idx) != 1) {
        char b[80];
        return perr(p, t, "expected a register, found %s", tokdesc(t, b, sizeof b));
    }
    *reg = idx;
    return 0;
}

static int add_branch_fixup(parser_t *p, const ptx_token_t *t, uint32_t op_index)
{
    GROW(p->branches, p->n_branches, p->branches_cap);
    p->branches[p->n_branches++] = (fixup_t){t->text, t->len, op_index, p->f->n_insts, t->line};
    return 0;
}

static int parse_param_list(parser_t *p, ptx_operand_t *o)
{
    /* after '(' : sym {, sym} ')' */
    o->kind = OPK_PARAMS;
    o->imm = p->f->n_call_syms;
    o->nvec = 0;
    if (accept(p, ')'))
        return 0;
    do {
        const ptx_token_t *t = next(p);
        uint32_t idx;
        if (t->kind != TOK_IDENT || lookup(p, t, &idx) != 2 || p->m->syms[idx].space != PS_PARAM) {
            char b[80];
            return perr(p, t, "unsupported call argument %s (only .param variables)", tokdesc(t, b, sizeof b));
        }
        if (o->nvec == 255)
            return perr(p, t, "too many call arguments");
        GROW(p->f->call_syms, p->f->n_call_syms, p->callsyms_cap);
        p->f->call_syms[p->f->n_call_syms++] = idx;
        o->nvec++;
    } while (accept(p, ','));
    return expect(p, ')');
}

static int parse_call(parser_t *p, ptx_inst_t *in)
{
    in->nops = 3;
    in->ops[0].kind = OPK_PARAMS;
    in->ops[0].imm = p->f->n_call_syms;
    in->ops[2] = in->ops[0];
    if (accept(p, '(')) {
        if (parse_param_list(p, &in->ops[0]) < 0 || expect(p, ',') < 0)
            return -1;
    }
    const ptx_token_t *t = next(p);
    if (t->kind != TOK_IDENT || t->text[0] == '%' || t->text[0] == '.') {
        char b[80];
        return perr(p, t, "unsupported call target %s (indirect calls are not supported)", tokdesc(t, b, sizeof b));
    }
    in->ops[1].kind = OPK_FUNC;
    GROW(p->calls, p->n_calls, p->calls_cap);
    p->calls[p->n_calls++] = (fixup_t){t->text, t->len, p->fidx, p->f->n_insts, t->line};
    in->ops[2].imm = p->f->n_call_syms;
    if (accept(p, ',')) {
        if (expect(p, '(') < 0 || parse_param_list(p, &in->ops[2]) < 0)
            return -1;
        if (accept(p, ','))
            return perr(p, peek(p), "unsupported: call with a prototype (indirect call)");
    }
    return expect(p, ';');
}

static int parse_operand(parser_t *p, ptx_inst_t *in, ptx_operand_t *o, uint32_t op_index, enum ptx_type imm_type)
{
    const ptx_token_t *t = peek(p);
    char b[80];
    if (accept(p, '[')) {
        o->kind = OPK_ADDR;
        o->reg = PTX_NO_REG;
        o->sym = PTX_NO_SYM;
        const ptx_token_t *a = next(p);
        if (a->kind == TOK_IDENT) {
            uint32_t idx;
            int r = lookup(p, a, &idx);
            if (r == 1)
                o->reg = idx;
            else if (r == 2)
                o->sym = idx;
            else
                return perr(p, a, "unknown name '%.*s' in address", (int)a->len, a->text);
        } else if (a->kind == TOK_INT) {
            o->imm = (int64_t)a->u;
        } else {
            return perr(p, a, "bad address %s", tokdesc(a, b, sizeof b));
        }
        while (is_punct(peek(p), '+') || is_punct(peek(p), '-')) {
            int neg = next(p)->c == '-';
            if (accept(p, '-'))
                neg = !neg;
            uint64_t v;
            if (expect_int(p, &v) < 0)
                return -1;
            o->imm += neg ? -(int64_t)v : (int64_t)v;
        }
        return expect(p, ']');
    }
    if (accept(p, '{')) {
        o->kind = OPK_VEC;
        do {
            unsigned max = in->op == OP_WMMA || in->op == OP_WMMA_ST ? PTX_MAX_VEC : 4; /* wmma fragments: 8 */
            if (o->nvec == max)
                return perr(p, peek(p), "vector operand with more than %u elements", max);
            if (expect_reg(p, &o->vec[o->nvec]) < 0)
                return -1;
            o->nvec++;
        } while (accept(p, ','));
        return expect(p, '}');
    }
    int neg = 0;
    if (accept(p, '!')) {
        o->neg = 1;
        t = peek(p);
        if (t->kind != TOK_IDENT)
            return perr(p, t, "expected a predicate after '!'");
    }
    if (accept(p, '-'))
        neg = 1;
    t = next(p);
    if (t->kind == TOK_INT || t->kind == TOK_F32 || t->kind == TOK_F64 || t->kind == TOK_FLOAT) {
        o->kind = OPK_IMM;
        o->imm = (int64_t)imm_for_type(t, neg, imm_type);
        return 0;
    }
    if (t->kind != TOK_IDENT || neg)
        return perr(p, t, "bad operand %s", tokdesc(t, b, sizeof b));
    uint32_t idx;
    int r = lookup(p, t, &idx);
    if (r == 1) {
        o->kind = OPK_REG;
        o->reg = idx;
        if (accept(p, '|')) { /* setp p|q, shfl d|p */
            o->kind = OPK_VEC;
            o->nvec = 2;
            o->vec[0] = idx;
            if (expect_reg(p, &o->vec[1]) < 0)
                return -1;
        }
        return 0;
    }
    if (r == 2) {
        o->kind = OPK_SYM;
        o->sym = idx;
        if (accept(p, '+')) {
            uint64_t v;
            if (expect_int(p, &v) < 0)
                return -1;
            o->imm = (int64_t)v;
        }
        return 0;
    }
    int sr = sreg_from(t);
    if (sr >= 0) {
        o->kind = OPK_SREG;
        o->reg = (uint32_t)sr;
        return 0;
    }
    /* WARP_SZ: the PTX ISA's run-time constant for the warp size (nvcc
     * emits it for the warpSize variable, e.g. `mov.u32 %r1, WARP_SZ;`) */
    if (ptx_tok_is(t, "WARP_SZ")) {
        o->kind = OPK_IMM;
        o->imm = 32;
        return 0;
    }
    if (t->text[0] == '%')
        return perr(p, t, "unknown register '%.*s'", (int)t->len, t->text);
    if (in->op == OP_BRA) {
        o->kind = OPK_LABEL;
        return add_branch_fixup(p, t, op_index);
    }
    return perr(p, t, "unknown name '%.*s'", (int)t->len, t->text);
}

/* Operand roles per opcode: d = destination register, D = register or {vector},
 * s = source value, S = source or {vector}, a = [address], l = label.
 * Upper-case in the optional tail means the same. */
typedef struct opspec {
    const char *roles;
    uint8_t min, max;
} opspec_t;

static opspec_t op_spec(int op)
{
    switch (op) {
    case OP_MOV: return (opspec_t){"DS", 2, 2};
    case OP_LD: case OP_LDU: return (opspec_t){"Da", 2, 2};
    case OP_ST: return (opspec_t){"aS", 2, 2};
    case OP_MAD: case OP_MAD24: case OP_SAD: case OP_FMA: case OP_SLCT: case OP_BFE: case OP_PRMT: case OP_SHF:
    case OP_MADC:
        return (opspec_t){"dsss", 4, 4};
    case OP_BFI: return (opspec_t){"dssss", 5, 5};
    case OP_SETP: return (opspec_t){"Dsss", 3, 4};
    case OP_SET: return (opspec_t){"dsss", 3, 4};
    case OP_SELP: return (opspec_t){"dsss", 4, 4};
    case OP_BRA: return (opspec_t){"l", 1, 1};
    case OP_CVT: return (opspec_t){"dss", 2, 3}; /* 3: cvt.rn.f16x2.f32, check_semantics */
    case OP_CVTA: case OP_NOT: case OP_CNOT: case OP_NEG: case OP_ABS: case OP_RCP:
    case OP_SQRT: case OP_RSQRT: case OP_EX2: case OP_LG2: case OP_SIN: case OP_COS: case OP_TANH:
    case OP_POPC: case OP_CLZ: case OP_BREV: case OP_BFIND: case OP_TESTP:
        return (opspec_t){"ds", 2, 2};
    case OP_ATOM: return (opspec_t){"DaSs", 3, 4}; /* {vectors}: .v2/.v4, check_semantics */
    case OP_RED: return (opspec_t){"aS", 2, 2};
    case OP_BAR: case OP_BARRIER: return (opspec_t){"ss", 0, 2};
    case OP_MAPA: return (opspec_t){"dss", 3, 3};
    case OP_MATCH: return (opspec_t){"Dss", 3, 3}; /* d (match.all: d|p), a, membermask */
    case OP_REDUX: return (opspec_t){"dss", 3, 3};
    case OP_BAR_RED: return (opspec_t){"dsss", 3, 4}; /* d, barrier, [threads,] {!}c */
    case OP_CP: return (opspec_t){"aass", 0, 4};    /* by sub-operation: check_semantics */
    case OP_RET: case OP_EXIT: case OP_MEMBAR: case OP_FENCE: case OP_NOP: case OP_TRAP:
        return (opspec_t){"", 0, 0};
    case OP_SHFL: return (opspec_t){"Dssss", 4, 5};
    case OP_VOTE: return (opspec_t){"dss", 2, 3};
    case OP_ACTIVEMASK: return (opspec_t){"d", 1, 1};
    case OP_PREFETCH: return (opspec_t){"a", 1, 1};
    case OP_MMA: return (opspec_t){"DSSS", 4, 4};
    default: return (opspec_t){"dss", 3, 3}; /* binary arithmetic / logic */
    }
}

static int check_operands(parser_t *p, const ptx_inst_t *in, const ptx_token_t *optok)
{
    if (in->op == OP_WMMA || in->op == OP_WMMA_ST) /* by form: ptx_wmma_check */
        return 0;
    if (in->op == OP_CP && in->subop != CP_ASYNC) /* commit_group, wait_group N: check_semantics */
        return 0;
    opspec_t sp = op_spec(in->op);
    const char *name = ptx_opcode_name((enum ptx_opcode)in->op);
    if (in->nops < sp.min || in->nops > sp.max)
        return perr(p, optok, "'%s' takes %u%s operands, found %u", name, sp.min,
                    sp.min == sp.max ? "" : " or more", in->nops);
    for (unsigned i = 0; i < in->nops; i++) {
        const ptx_operand_t *o = &in->ops[i];
        char role = sp.roles[i];
        int ok;
        switch (role) {
        case 'd': ok = o->kind == OPK_REG; break;
        case 'D': ok = o->kind == OPK_REG || o->kind == OPK_VEC; break;
        case 's': ok = o->kind == OPK_REG || o->kind == OPK_IMM || o->kind == OPK_SREG || o->kind == OPK_SYM; break;
        case 'S': ok = o->kind == OPK_REG || o->kind == OPK_IMM || o->kind == OPK_SREG || o->kind == OPK_SYM || o->kind == OPK_VEC; break;
        case 'a': ok = o->kind == OPK_ADDR; break;
        case 'l': ok = o->kind == OPK_LABEL; break;
        default: ok = 0;
        }
        if (!ok)
            return perr(p, optok, "bad operand %u of '%s'", i + 1, name);
        if (o->kind == OPK_VEC)
            for (unsigned k = 0; k < o->nvec; k++)
                if (o->vec[k] == PTX_NO_REG && role == 'S')
                    return perr(p, optok, "'_' used as a source of '%s'", name);
    }
    return 0;
}

/* Post-parse semantic checks: the combinations the interpreter implements. */
static int check_semantics(parser_t *p, ptx_inst_t *in, const ptx_token_t *optok)
{
    const char *name = ptx_opcode_name((enum ptx_opcode)in->op);
    enum ptx_type ty = (enum ptx_type)in->type;
    if (ty == PT_B128 || (in->type2 == PT_B128))
        return perr(p, optok, "unsupported type .b128 in '%s'", name);
    switch (in->op) {
    case OP_LD: case OP_LDU: case OP_ST: {
        if (ty == PT_NONE || ty == PT_PRED)
            return perr(p, optok, "'%s' needs a data type", name);
        const ptx_operand_t *v = &in->ops[in->op == OP_ST ? 1 : 0];
        unsigned want = in->vec ? in->vec : 1;
        if ((v->kind == OPK_VEC) != (want > 1) || (v->kind == OPK_VEC && v->nvec != want))
            return perr(p, optok, "'%s' vector operand does not match .v%u", name, want);
        if (v->kind != OPK_VEC && in->op != OP_ST && v->kind != OPK_REG)
            return perr(p, optok, "bad destination of '%s'", name);
        break;
    }
    case OP_MOV:
        if (in->ops[0].kind == OPK_VEC && in->ops[1].kind == OPK_VEC)
            return perr(p, optok, "unsupported vector-to-vector mov");
        if ((in->ops[0].kind == OPK_VEC || in->ops[1].kind == OPK_VEC) && ptx_type_size(ty) < 2)
            return perr(p, optok, "unsupported vector mov of .%s", ptx_type_name(ty));
        break;
    case OP_SETP:
        if (in->nops == 4 && in->bool_op == BOOL_NONE)
            return perr(p, optok, "setp with 4 operands needs .and/.or/.xor");
        if (in->ops[0].kind == OPK_VEC && in->ops[0].nvec != 2)
            return perr(p, optok, "bad setp destination");
        break;
    case OP_SHFL:
        if (in->subop < SHFL_UP || in->subop > SHFL_IDX)
            return perr(p, optok, "shfl needs .up/.down/.bfly/.idx");
        if (in->ops[0].kind == OPK_VEC && in->ops[0].nvec != 2)
            return perr(p, optok, "bad shfl destination");
        break;
    case OP_SHF:
        if ((in->subop != SHF_L && in->subop != SHF_R) || !(in->flags & (PF_WRAP | PF_CLAMP)) ||
            (in->flags & PF_WRAP && in->flags & PF_CLAMP))
            return perr(p, optok, "shf needs .l/.r and one of .wrap/.clamp");
        if (ty != PT_B32)
            return perr(p, optok, "shf is .b32 only");
        break;
    case OP_VOTE:
        if (in->subop < VOTE_ALL || in->subop > VOTE_BALLOT)
            return perr(p, optok, "vote needs .all/.any/.uni/.ballot");
        break;
    case OP_MATCH:
        if (in->subop != VOTE_ANY && in->subop != VOTE_ALL)
            return perr(p, optok, "match needs .any or .all");
        if (ty != PT_B32 && ty != PT_B64)
            return perr(p, optok, "match is .b32 or .b64");
        if (in->ops[0].kind == OPK_VEC && (in->subop != VOTE_ALL || in->ops[0].nvec != 2))
            return perr(p, optok, "bad match destination (d, or d|p for match.all)");
        break;
    case OP_REDUX:
        if (in->subop != ATOM_ADD && in->subop != ATOM_MIN && in->subop != ATOM_MAX && in->subop != ATOM_AND &&
            in->subop != ATOM_OR && in->subop != ATOM_XOR)
            return perr(p, optok, "redux.sync needs .add/.min/.max/.and/.or/.xor");
        if (in->subop == ATOM_AND || in->subop == ATOM_OR || in->subop == ATOM_XOR ? ty != PT_B32
                                                                                  : ty != PT_U32 && ty != PT_S32)
            return perr(p, optok, "unsupported redux.sync type .%s (.add/.min/.max take .u32/.s32, .and/.or/.xor .b32)",
                        ptx_type_name(ty));
        break;
    case OP_BAR_RED:
        if (in->subop == SUB_NONE)
            return perr(p, optok, "bar.red needs .popc, .and or .or");
        if (ty != (in->subop == BAR_RED_POPC ? PT_U32 : PT_PRED))
            return perr(p, optok, "bar.red.popc is .u32, bar.red.and/.or .pred");
        break;
    case OP_CP:
        if (in->subop == SUB_NONE)
            return perr(p, optok, "unsupported: 'cp' without .async (cp.async.bulk and cp.reduce are not modelled)");
        if (in->subop == CP_ASYNC) {
            if (in->nops < 3 || in->ops[0].kind != OPK_ADDR || in->ops[1].kind != OPK_ADDR ||
                in->ops[2].kind != OPK_IMM || (in->nops == 4 && in->ops[3].kind == OPK_ADDR))
                return perr(p, optok, "cp.async takes [shared], [global], cp-size{, src-size}");
            if (in->ops[2].imm != 4 && in->ops[2].imm != 8 && in->ops[2].imm != 16)
                return perr(p, optok, "cp.async copies 4, 8 or 16 bytes, not %lld", (long long)in->ops[2].imm);
        } else if (in->subop == CP_ASYNC_WAIT) {
            if (in->nops != 1 || in->ops[0].kind != OPK_IMM || in->ops[0].imm < 0)
                return perr(p, optok, "cp.async.wait_group takes one constant N >= 0 (the newest groups left pending)");
        } else if (in->nops) {
            return perr(p, optok, "cp.async.%s takes no operand", in->subop == CP_ASYNC_COMMIT ? "commit_group" : "wait_all");
        }
        break;
    case OP_ATOM: case OP_RED:
        if (in->subop < ATOM_ADD || in->subop > ATOM_DEC)
            return perr(p, optok, "'%s' needs an operation (.add, .cas, ...)", name);
        if ((in->subop == ATOM_CAS) != (in->op == OP_ATOM && in->nops == 4))
            return perr(p, optok, "atom.cas takes 4 operands, other atomics 3");
        /* 16 bits: cas.b16 (sm_70) and add.noftz.f16 (sm_70); f16x2 add is 4 bytes */
        if (ty == PT_F16X2 ? in->subop != ATOM_ADD
            : ptx_type_size(ty) == 2 ? !(ty == PT_B16 && in->subop == ATOM_CAS) && !(ty == PT_F16 && in->subop == ATOM_ADD)
                                     : ptx_type_size(ty) != 4 && ptx_type_size(ty) != 8)
            return perr(p, optok, "unsupported atomic type .%s for this operation", ptx_type_name(ty));
        if (ptx_type_kind(ty) == TK_FLOAT && in->subop != ATOM_ADD && in->subop != ATOM_EXCH &&
            in->subop != ATOM_MIN && in->subop != ATOM_MAX)
            return perr(p, optok, "unsupported float atomic operation");
        if (in->space != PS_GLOBAL && in->space != PS_SHARED && in->space != PS_SHARED_CLUSTER &&
            in->space != PS_GENERIC)
            return perr(p, optok, "unsupported atomic state space");
        if (in->vec <= 1 && (in->ops[0].kind == OPK_VEC || in->ops[in->op == OP_ATOM ? 2 : 1].kind == OPK_VEC))
            return perr(p, optok, "a {vector} operand needs .v2 or .v4");
        if (in->vec > 1) { /* sm_90's .v2/.v4 .f32 add/min/max on global memory, {vectors} */
            const ptx_operand_t *d = &in->ops[0], *b = &in->ops[in->op == OP_ATOM ? 2 : 1];
            if (ty != PT_F32 || in->subop == ATOM_EXCH || in->space != PS_GLOBAL)
                return perr(p, optok, "unsupported vector atomic (only .global .v2/.v4 .f32 add, min, max)");
            if (b->kind != OPK_VEC || b->nvec != in->vec || (in->op == OP_ATOM && (d->kind != OPK_VEC || d->nvec != in->vec)))
                return perr(p, optok, "vector atomic operands do not match .v%u", in->vec);
        }
        break;
    case OP_CVT:
        if (ty == PT_F16X2 && in->type2 == PT_F32 && in->nops == 3 && in->rnd == RND_RN && !(in->flags & PF_SAT))
            break; /* cvt.rn.f16x2.f32 d, a, b (sm_80): two floats packed */
        if (in->nops != 2)
            return perr(p, optok, "'cvt' takes 2 operands (3 only as cvt.rn.f16x2.f32)");
        if (in->type2 == PT_NONE || ty == PT_PRED || in->type2 == PT_PRED || ty == PT_F16X2 || in->type2 == PT_F16X2)
            return perr(p, optok, "unsupported cvt types");
        break;
    case OP_CVTA:
        if (in->space != PS_GLOBAL && in->space != PS_SHARED && in->space != PS_LOCAL &&
            in->space != PS_CONST && in->space != PS_PARAM)
            return perr(p, optok, "cvta needs a state space");
        break;
    case OP_BAR: case OP_BARRIER:
        if (in->subop == BAR_CLUSTER)
            return perr(p, optok, "barrier.cluster needs .arrive or .wait");
        if ((in->subop == BAR_CLUSTER_ARRIVE || in->subop == BAR_CLUSTER_WAIT) && in->nops)
            return perr(p, optok, "barrier.cluster takes no operands");
        if (in->subop == SUB_NONE && in->nops == 0)
            return perr(p, optok, "'%s' needs a barrier number", name);
        break;
    case OP_MMA: case OP_WMMA: case OP_WMMA_ST: {
        char why[200];
        if ((in->op == OP_MMA ? ptx_mma_check(in, why, sizeof why) : ptx_wmma_check(in, why, sizeof why)) < 0)
            return perr(p, optok, "unsupported: %s", why);
        break;
    }
    case OP_MAPA:
        if (in->space != PS_GENERIC && in->space != PS_SHARED_CLUSTER)
            return perr(p, optok, "mapa maps generic or .shared::cluster addresses");
        if (ty != PT_U32 && ty != PT_U64)
            return perr(p, optok, "mapa needs .u32 or .u64");
        break;
    case OP_TESTP:
        if (in->subop < TESTP_FINITE || in->subop > TESTP_SUBNORMAL)
            return perr(p, optok, "testp needs a test (.finite, ...)");
        break;
    default:
        break;
    }
    /* extended-precision arithmetic: the carry flag of add/sub/mad .cc and
     * addc/subc/madc, on 32-bit integers (and 64-bit add/sub); mad .lo or .hi */
    if ((in->flags & PF_CC) || in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC) {
        int is_add = in->op == OP_ADD || in->op == OP_SUB || in->op == OP_ADDC || in->op == OP_SUBC;
        int is_mad = in->op == OP_MAD || in->op == OP_MADC;
        int k = ptx_type_kind(ty), sz = ptx_type_size(ty);
        if (!(is_add || is_mad))
            return perr(p, optok, "unsupported: carry (.cc) in '%s'", name);
        if ((k != TK_SIGNED && k != TK_UNSIGNED) || !(sz == 4 || (sz == 8 && is_add)) ||
            (in->flags & (PF_SAT | PF_WIDE)) || (is_mad && !(in->flags & (PF_HI | PF_LO))))
            return perr(p, optok, "'%s' with carry needs .u32/.s32 (add/sub also .u64/.s64) and mad .lo or .hi", name);
    }
    /* f16x2: moved, loaded, stored, packed by cvt.rn.f16x2.f32 and added by atom/red (their cases above) */
    if (ty == PT_F16X2 && in->op != OP_MOV && in->op != OP_LD && in->op != OP_ST && in->op != OP_CVT &&
        in->op != OP_ATOM && in->op != OP_RED)
        return perr(p, optok, "unsupported: .f16x2 arithmetic in '%s'", name);
    if (in->vec > 1 && in->op != OP_LD && in->op != OP_LDU && in->op != OP_ST && in->op != OP_ATOM && in->op != OP_RED)
        return perr(p, optok, "unsupported vector modifier on '%s'", name);
    return 0;
}

static int parse_instruction(parser_t *p, uint32_t guard, int guard_neg)
{
    const ptx_token_t *optok = next(p);
    if (optok->kind != TOK_IDENT) {
        char b[80];
        return perr(p, optok, "expected an instruction, found %s", tokdesc(optok, b, sizeof b));
    }
    const char *s = optok->text, *end = s + optok->len;
    const char *dot = memchr(s, '.', optok->len);
    size_t oplen = dot ? (size_t)(dot - s) : optok->len;
    int op = opcode_from(s, oplen);
    if (op < 0 && oplen == 5 && memcmp(s, "wgmma", 5) == 0)
        return perr(p, optok, "unsupported: '%.*s' (Hopper's asynchronous warpgroup MMA is not modelled; "
                    "mma.sync is)", (int)CS_MIN(optok->len, 60u), s);
    if (op < 0)
        return perr(p, optok, "unsupported opcode '%.*s'", (int)CS_MIN(optok->len, 60u), s);
    if (p->f->n_insts >= 10000000)
        return perr(p, optok, "function too long");
    GROW(p->f->insts, p->f->n_insts, p->insts_cap);
    ptx_inst_t *in = &p->f->insts[p->f->n_insts];
    memset(in, 0, sizeof *in);
    in->op = (uint8_t)op;
    in->guard = guard;
    in->guard_neg = (uint8_t)guard_neg;
    in->line = optok->line;
    in->vec = 1;
    enum ptx_type types[3] = {PT_NONE, PT_NONE, PT_NONE};
    int ntypes = 0;
    for (const char *m = dot; m && m < end;) {
        const char *ms = m + 1, *me = ms;
        while (me < end && *me != '.')
            me++;
        if (op == OP_MMA || op == OP_WMMA) {
            char why[160];
            int rc = op == OP_MMA ? ptx_mma_modifier(in, ms, (size_t)(me - ms), why, sizeof why)
                                  : ptx_wmma_modifier(in, ms, (size_t)(me - ms), why, sizeof why);
            if (rc < 0) {
                if (why[0])
                    return perr(p, optok, "unsupported: %s", why);
                return perr(p, optok, "unsupported opcode '%.*s' (modifier '.%.*s')", (int)CS_MIN(optok->len, 60u),
                            s, (int)(me - ms), ms);
            }
            m = me < end ? me : NULL;
            continue;
        }
        if (apply_modifier(in, ms, (size_t)(me - ms), types, &ntypes) < 0)
            return perr(p, optok, "unsupported opcode '%.*s' (modifier '.%.*s')", (int)CS_MIN(optok->len, 60u), s,
                        (int)(me - ms), ms);
        m = me < end ? me : NULL;
    }
    if (op != OP_MMA && op != OP_WMMA) { /* their types are decoded by ptx_mma.c */
        in->type = (uint8_t)types[0];
        in->type2 = (uint8_t)types[1];
    }
    op = in->op; /* bar.red: a modifier changed the opcode */
    if (op == OP_WMMA && in->subop == WMMA_STORE_D) /* the one wmma without a destination */
        in->op = (uint8_t)(op = OP_WMMA_ST);
    if (op == OP_CALL)
        return parse_call(p, in) < 0 ? -1 : (int)(p->f->n_insts++, 0);
    enum ptx_type imm_type = op == OP_CVT ? types[1] : types[0];
    if (op == OP_SETP || op == OP_SET)
        imm_type = op == OP_SET ? types[1] : types[0];
    if (!is_punct(peek(p), ';')) {
        do {
            if (in->nops == PTX_MAX_OPS)
                return perr(p, optok, "too many operands");
            ptx_operand_t *o = &in->ops[in->nops];
            /* shift amounts, bit positions and shfl lanes are u32 whatever the type */
            enum ptx_type it = imm_type;
            if (((op == OP_SHL || op == OP_SHR) && in->nops == 2) || ((op == OP_BFE) && in->nops >= 2) ||
                ((op == OP_BFI) && in->nops >= 3) || op == OP_SHFL || op == OP_PRMT || op == OP_SHF ||
                (op == OP_SELP && in->nops == 3) || (op == OP_SLCT && in->nops == 3))
                it = op == OP_SLCT ? types[1] : PT_U32;
            if (op == OP_ATOM || op == OP_RED || op == OP_LD || op == OP_ST)
                it = types[0];
            if (parse_operand(p, in, o, in->nops, it) < 0)
                return -1;
            in->nops++;
        } while (accept(p, ','));
    }
    if (expect(p, ';') < 0)
        return -1;
    if (check_operands(p, in, optok) < 0 || check_semantics(p, in, optok) < 0)
        return -1;
    /* kernel parameters are read through the launch's constant bank */
    if ((op == OP_LD) && in->space == PS_PARAM && in->ops[1].sym != PTX_NO_SYM &&
        p->m->syms[in->ops[1].sym].kernel_param)
        in->flags |= PF_KPARAM;
    p->f->n_insts++;
    return 0;
}

/* ----------------------------------------------------------- functions */

static int parse_formal_params(parser_t *p, uint32_t **list, uint32_t *count, int kernel)
{
    /* after '(' : .param ... name {, ...} ')' */
    if (accept(p, ')'))
        return 0;
    do {
        const ptx_token_t *t = next(p);
        if (!ptx_tok_is(t, ".param") && !ptx_tok_is(t, ".reg")) {
            char b[80];
            return perr(p, t, "expected .param, found %s", tokdesc(t, b, sizeof b));
        }
        if (ptx_tok_is(t, ".reg"))
            return perr(p, t, "unsupported: .reg function parameters");
        long id = parse_var(p, PS_PARAM, 0, 0);
        if (id < 0)
            return -1;
        p->m->syms[id].kernel_param = (uint8_t)kernel;
        place_symbol(p, (uint32_t)id);
        *list = cs_xrealloc(*list, (*count + 1) * sizeof **list);
        (*list)[(*count)++] = (uint32_t)id;
        ptx_token_t nt = {.text = p->m->syms[id].name, .len = (uint32_t)strlen(p->m->syms[id].name)};
        scope_push(p, &nt, SC_SYM, (uint32_t)id, 1);
    } while (accept(p, ','));
    return expect(p, ')');
}

static int parse_body(parser_t *p)
{
    int depth = 1;
    for (;;) {
        const ptx_token_t *t = peek(p);
        if (t->kind == TOK_EOF)
            return perr(p, t, "unexpected end of file in function '%s'", p->f->name);
        if (accept(p, '{')) {
            if (++depth > 64)
                return perr(p, t, "blocks nested too deeply");
            scope_push(p, NULL, SC_MARK, 0, 0);
            continue;
        }
        if (accept(p, '}')) {
            if (--depth == 0)
                return 0;
            while (p->n_scope > 0 && p->scope[p->n_scope - 1].kind != SC_MARK)
                p->n_scope--;
            if (p->n_scope > 0)
                p->n_scope--;
            continue;
        }
        if (t->kind == TOK_IDENT && is_punct(peek2(p), ':')) { /* label */
            p->pos += 2;
            GROW(p->labels, p->n_labels, p->labels_cap);
            for (size_t i = 0; i < p->n_labels; i++)
                if (name_eq(p->labels[i].name, p->labels[i].len, t))
                    return perr(p, t, "duplicate label '%.*s'", (int)t->len, t->text);
            p->labels[p->n_labels++] = (label_t){t->text, t->len, p->f->n_insts};
            continue;
        }
        if (accept(p, '@')) {
            int neg = accept(p, '!');
            uint32_t g;
            const ptx_token_t *gt = peek(p);
            if (expect_reg(p, &g) < 0)
                return -1;
            if (g == PTX_NO_REG)
                return perr(p, gt, "bad guard predicate");
            if (parse_instruction(p, g, neg) < 0)
                return -1;
            continue;
        }
        if (t->kind == TOK_IDENT && t->text[0] == '.') {
            p->pos++;
            if (ptx_tok_is(t, ".reg")) {
                if (declare_regs(p) < 0)
                    return -1;
            } else if (ptx_tok_is(t, ".local") || ptx_tok_is(t, ".shared") || ptx_tok_is(t, ".param")) {
                enum ptx_space sp = t->text[1] == 'l' ? PS_LOCAL : t->text[1] == 's' ? PS_SHARED : PS_PARAM;
                long id = parse_var(p, sp, 0, 0);
                if (id < 0)
                    return -1;
                if (sp == PS_SHARED && p->m->syms[id].is_extern)
                    return perr(p, t, "unsupported: function-scope .extern .shared");
                place_symbol(p, (uint32_t)id);
                const ptx_symbol_t *s = &p->m->syms[id];
                ptx_token_t nt = {.text = s->name, .len = (uint32_t)strlen(s->name)};
                scope_push(p, &nt, SC_SYM, (uint32_t)id, 1);
                if (expect(p, ';') < 0)
                    return -1;
            } else if (ptx_tok_is(t, ".loc") || ptx_tok_is(t, ".file") || ptx_tok_is(t, ".section")) {
                skip_line(p, t->line);
            } else if (ptx_tok_is(t, ".pragma")) {
                if (peek(p)->kind == TOK_STRING && peek(p)->len == 8 && !memcmp(peek(p)->text, "nounroll", 8))
                    p->nounroll = true;
                if (skip_to_semicolon(p) < 0)
                    return -1;
            } else {
                return perr(p, t, "unsupported directive '%.*s' in function body", (int)t->len, t->text);
            }
            continue;
        }
        uint32_t before = p->f->n_insts;
        if (parse_instruction(p, PTX_NO_REG, 0) < 0)
            return -1;
        if (p->nounroll && p->f->n_insts > before) { /* the loop this instruction heads */
            p->f->insts[before].flags |= PF_NOUNROLL;
            p->nounroll = false;
        }
    }
}

static int finish_function(parser_t *p)
{
    ptx_function_t *f = p->f;
    for (size_t i = 0; i < p->n_branches; i++) {
        const fixup_t *fx = &p->branches[i];
        size_t k;
        for (k = 0; k < p->n_labels; k++)
            if (p->labels[k].len == fx->len && memcmp(p->labels[k].name, fx->name, fx->len) == 0)
                break;
        if (k == p->n_labels)
            return cs_err(p->err, p->file, fx->line, "undefined label '%.*s'", (int)CS_MIN(fx->len, 60u), fx->name);
        f->insts[fx->inst].ops[fx->func].imm = p->labels[k].inst;
    }
    /* a body that can fall off its end behaves as if it ended in ret */
    if (f->n_insts == 0 || (f->insts[f->n_insts - 1].op != OP_RET && f->insts[f->n_insts - 1].op != OP_EXIT &&
                            f->insts[f->n_insts - 1].op != OP_BRA) ||
        f->insts[f->n_insts - 1].guard != PTX_NO_REG) {
        GROW(f->insts, f->n_insts, p->insts_cap);
        ptx_inst_t *r = &f->insts[f->n_insts++];
        memset(r, 0, sizeof *r);
        r->op = OP_RET;
        r->guard = PTX_NO_REG;
        r->vec = 1;
        r->line = peek(p)->line;
    }
    for (uint32_t i = 0; i < f->n_insts; i++) /* a label at the very end */
        if (f->insts[i].op == OP_BRA && (uint64_t)f->insts[i].ops[0].imm >= f->n_insts)
            return cs_err(p->err, p->file, f->insts[i].line, "branch to the end of the function");
    ptx_cfg_compute_ipdom(f);
    return 0;
}

static int parse_function(parser_t *p, int is_kernel, int is_extern)
{
    const ptx_token_t *kw = &p->t[p->pos - 1];
    uint32_t *rets = NULL, nrets = 0;
    /* the function state must exist before formal params are placed */
    GROW(p->m->funcs, p->m->n_funcs, p->funcs_cap);
    ptx_function_t tmp;
    memset(&tmp, 0, sizeof tmp);
    p->f = &tmp;
    p->n_scope = p->n_labels = p->n_branches = 0;
    p->insts_cap = p->regs_cap = p->callsyms_cap = 0;
    scope_push(p, NULL, SC_MARK, 0, 0);
    int rc = -1;
    if (!is_kernel && accept(p, '(')) {
        if (parse_formal_params(p, &rets, &nrets, 0) < 0)
            goto fail;
    }
    tmp.rets = rets;
    tmp.n_rets = nrets;
    const ptx_token_t *name = next(p);
    if (name->kind != TOK_IDENT || name->text[0] == '.' || name->text[0] == '%') {
        char b[80];
        perr(p, name, "expected a function name after %.*s, found %s", (int)kw->len, kw->text, tokdesc(name, b, sizeof b));
        goto fail;
    }
    tmp.name = dup_tok(name);
    tmp.line = name->line;
    int existing = find_func(p, tmp.name, strlen(tmp.name));
    p->fidx = existing >= 0 ? (uint32_t)existing : p->m->n_funcs;
    tmp.is_kernel = is_kernel;
    if (accept(p, '(') && parse_formal_params(p, &tmp.params, &tmp.n_params, is_kernel) < 0)
        goto fail;
    /* performance directives */
    for (;;) {
        const ptx_token_t *t = peek(p);
        if (t->kind != TOK_IDENT || t->text[0] != '.')
            break;
        p->pos++;
        uint32_t *dims = ptx_tok_is(t, ".maxntid")            ? tmp.maxntid
                         : ptx_tok_is(t, ".reqntid")           ? tmp.reqntid
                         : ptx_tok_is(t, ".reqnctapercluster") ? tmp.reqncluster
                                                               : NULL;
        if (ptx_tok_is(t, ".explicitcluster"))
            tmp.explicit_cluster = true;
        if (dims || ptx_tok_is(t, ".minnctapersm") || ptx_tok_is(t, ".maxnreg") || ptx_tok_is(t, ".maxnctapersm") ||
            ptx_tok_is(t, ".noreturn") || ptx_tok_is(t, ".maxclusterrank") || ptx_tok_is(t, ".reqnctapercluster") ||
            ptx_tok_is(t, ".explicitcluster")) {
            bool maxnreg = ptx_tok_is(t, ".maxnreg"), maxrank = ptx_tok_is(t, ".maxclusterrank");
            for (int k = 0; k < 3 && peek(p)->kind == TOK_INT; k++) {
                uint64_t v = next(p)->u;
                if (dims)
                    dims[k] = (uint32_t)CS_MIN(v, 0xffffffffull);
                if (maxnreg && k == 0)
                    tmp.maxnreg = (uint32_t)CS_MIN(v, 0xffffffffull);
                if (maxrank && k == 0)
                    tmp.maxclusterrank = (uint32_t)CS_MIN(v, 0xffffffffull);
                if (!accept(p, ','))
                    break;
            }
            continue;
        }
        if (ptx_tok_is(t, ".pragma")) {
            if (skip_to_semicolon(p) < 0)
                goto fail;
            continue;
        }
        perr(p, t, "unsupported function directive '%.*s'", (int)t->len, t->text);
        goto fail;
    }
    if (accept(p, ';')) { /* prototype */
        if (existing < 0) {
            p->m->funcs[p->m->n_funcs++] = tmp;
            p->f = NULL;
            return 0;
        }
        rc = 0;
        goto fail; /* drop the duplicate declaration */
    }
    if (is_extern) {
        perr(p, name, "extern function '%s' with a body", tmp.name);
        goto fail;
    }
    if (existing >= 0 && p->m->funcs[existing].defined) {
        perr(p, name, "function '%s' defined twice", tmp.name);
        goto fail;
    }
    if (expect(p, '{') < 0 || parse_body(p) < 0 || finish_function(p) < 0)
        goto fail;
    tmp.defined = true;
    if (existing >= 0) {
        ptx_function_t *old = &p->m->funcs[existing];
        free(old->name);
        free(old->params);
        free(old->rets);
        *old = tmp;
    } else {
        p->m->funcs[p->m->n_funcs++] = tmp;
    }
    p->f = NULL;
    return 0;
fail:
    free(tmp.name);
    free(tmp.params);
    free(tmp.rets);
    free(tmp.insts);
    free(tmp.reg_types);
    free(tmp.call_syms);
    p->f = NULL;
    return rc;
}

/* ----------------------------------------------------------- module */

static int parse_module_var(parser_t *p, const ptx_token_t *kw, int is_extern)
{
    enum ptx_space sp = ptx_tok_is(kw, ".global") ? PS_GLOBAL : ptx_tok_is(kw, ".const") ? PS_CONST : PS_SHARED;
    for (;;) {
        long id = parse_var(p, sp, is_extern, sp != PS_SHARED);
        if (id < 0)
            return -1;
        ptx_symbol_t *s = &p->m->syms[id];
        if (s->is_extern && sp != PS_SHARED)
            return perr(p, kw, "unsupported: extern %s variable '%s'", sp == PS_GLOBAL ? ".global" : ".const", s->name);
        if (!s->is_extern && s->size == 0)
            return perr(p, kw, "zero-sized variable '%s'", s->name);
        ptx_function_t dummy;
        memset(&dummy, 0, sizeof dummy);
        p->f = &dummy;
        place_symbol(p, (uint32_t)id);
        p->f = NULL;
        GROW(p->modsyms, p->n_modsyms, p->modsyms_cap);
        p->modsyms[p->n_modsyms++] = (uint32_t)id;
        if (!accept(p, ','))
            break;
        /* "a, b" shares the declaration's attributes only in simple cases; re-parse the type */
        return perr(p, peek(p), "unsupported: several variables in one declaration");
    }
    return expect(p, ';');
}

/* The newest PTX ISA version this front-end knows: the one CUDA 13.0's nvcc
 * emits (ptxas 13.0 refuses anything newer), the toolchain that generated the
 * committed workloads/ptx. A newer file may use instructions or semantics
 * written after this parser was, so, as ptxas does, it is refused instead of
 * run on guesses. Raise this after `make ptx` with a newer CUDA and green
 * tests. */
#define PTX_NEWEST_KNOWN_MAJOR 9
#define PTX_NEWEST_KNOWN_MINOR 0

/* One decimal field of a version, saturating far above any real version. */
static unsigned long version_field(const char **s, const char *end)
{
    unsigned long v = 0;
    for (; *s < end && **s >= '0' && **s <= '9'; (*s)++)
        v = v > 100000 ? v : v * 10 + (unsigned long)(**s - '0');
    return v;
}

/* `.version MAJOR.MINOR`: must be on the directive's line, exactly two
 * decimal fields (the lexer reads "9.0" as a float literal; its text is
 * parsed here so that 9.10 is not taken for 9.1), and not newer than the
 * newest version known. */
static int check_version(parser_t *p, const ptx_token_t *directive)
{
    const ptx_token_t *v = peek(p);
    const char *s = v->text, *end = v->text + v->len;
    unsigned long major = 0, minor = 0;
    int well_formed = v->line == directive->line && (v->kind == TOK_FLOAT || v->kind == TOK_INT);
    if (well_formed) {
        const char *start = s;
        major = version_field(&s, end);
        well_formed = s > start && s < end && *s == '.';
        if (well_formed) {
            start = ++s;
            minor = version_field(&s, end);
            well_formed = s > start && s == end;
        }
    }
    if (!well_formed)
        return perr(p, directive, "malformed .version (expected MAJOR.MINOR, such as .version %d.%d)",
                    PTX_NEWEST_KNOWN_MAJOR, PTX_NEWEST_KNOWN_MINOR);
    if (major > PTX_NEWEST_KNOWN_MAJOR || (major == PTX_NEWEST_KNOWN_MAJOR && minor > PTX_NEWEST_KNOWN_MINOR))
        return perr(p, v, "PTX ISA version %.*s is newer than the newest this simulator knows (%d.%d)",
                    (int)CS_MIN(v->len, 20u), v->text, PTX_NEWEST_KNOWN_MAJOR, PTX_NEWEST_KNOWN_MINOR);
    return 0;
}

static int parse_module(parser_t *p)
{
    for (;;) {
        const ptx_token_t *t = next(p);
        if (t->kind == TOK_EOF)
            break;
        if (t->kind != TOK_IDENT || t->text[0] != '.') {
            char b[80];
            return perr(p, t, "unexpected %s at module scope", tokdesc(t, b, sizeof b));
        }
        if (ptx_tok_is(t, ".version") || ptx_tok_is(t, ".target") || ptx_tok_is(t, ".address_size") ||
            ptx_tok_is(t, ".file") || ptx_tok_is(t, ".loc") || ptx_tok_is(t, ".section")) {
            if (ptx_tok_is(t, ".address_size") && peek(p)->kind == TOK_INT && peek(p)->u != 64)
                return perr(p, t, "unsupported: .address_size %llu (only 64)", (unsigned long long)peek(p)->u);
            if (ptx_tok_is(t, ".version") && check_version(p, t) < 0)
                return -1;
            if (ptx_tok_is(t, ".target") && !p->m->target[0] && peek(p)->kind == TOK_IDENT &&
                peek(p)->line == t->line && peek(p)->len < sizeof p->m->target) /* sm_75 (ptxas -arch) */
                snprintf(p->m->target, sizeof p->m->target, "%.*s", (int)peek(p)->len, peek(p)->text);
            skip_line(p, t->line);
            continue;
        }
        if (ptx_tok_is(t, ".pragma")) {
            if (skip_to_semicolon(p) < 0)
                return -1;
            continue;
        }
        int is_extern = 0;
        while (ptx_tok_is(t, ".visible") || ptx_tok_is(t, ".extern") || ptx_tok_is(t, ".weak") || ptx_tok_is(t, ".common")) {
            if (ptx_tok_is(t, ".extern"))
                is_extern = 1;
            t = next(p);
        }
        if (ptx_tok_is(t, ".entry") || ptx_tok_is(t, ".func")) {
            if (parse_function(p, t->text[1] == 'e', is_extern) < 0)
                return -1;
        } else if (ptx_tok_is(t, ".global") || ptx_tok_is(t, ".const") || ptx_tok_is(t, ".shared")) {
            if (parse_module_var(p, t, is_extern) < 0)
                return -1;
        } else {
            return perr(p, t, "unsupported directive '%.*s'", (int)CS_MIN(t->len, 60u), t->text);
        }
    }
    /* calls */
    for (size_t i = 0; i < p->n_calls; i++) {
        const fixup_t *c = &p->calls[i];
        int fi = find_func(p, c->name, c->len);
        if (fi < 0)
            return cs_err(p->err, p->file, c->line, "call to undeclared function '%.*s'", (int)CS_MIN(c->len, 60u), c->name);
        const ptx_function_t *callee = &p->m->funcs[fi];
        if (!callee->defined)
            return cs_err(p->err, p->file, c->line, "unsupported: call to external function '%s'", callee->name);
        if (callee->is_kernel)
            return cs_err(p->err, p->file, c->line, "call to kernel '%s'", callee->name);
        ptx_inst_t *in = &p->m->funcs[c->func].insts[c->inst];
        if (in->ops[0].nvec != callee->n_rets || in->ops[2].nvec != callee->n_params)
            return cs_err(p->err, p->file, c->line, "call to '%s' with the wrong number of parameters", callee->name);
        in->ops[1].imm = fi;
    }
    /* dynamic shared memory starts after the static variables */
    uint64_t dyn = align_up(p->m->static_shared_bytes, p->m->dyn_shared_align ? p->m->dyn_shared_align : 16);
    for (uint32_t i = 0; i < p->m->n_syms; i++)
        if (p->m->syms[i].space == PS_SHARED && p->m->syms[i].is_extern)
            p->m->syms[i].offset = dyn;
    enum ptx_contract_mode contract;
    if (ptx_float_rules_from_env(&contract, &p->m->approx_edge, p->err) < 0)
        return -1;
    uint64_t pc = 0;
    for (uint32_t fi = 0; fi < p->m->n_funcs; fi++) {
        ptx_function_t *f = &p->m->funcs[fi];
        f->code_base = pc;
        pc += ((uint64_t)f->n_insts * 16 + 255) & ~255ull;
        for (uint32_t i = 0; i < f->n_insts; i++) {
            ptx_timing_template(p->m, f, &f->insts[i], &f->insts[i].timing);
            ptx_exec_classify(&f->insts[i]);
        }
        f->n_contracted = ptx_contract(f, contract);
        ptx_assign_slots(f);
    }
    return 0;
}

ptx_module_t *ptx_parse(const char *filename, const char *text, size_t len, cs_error_t *err)
{
    parser_t p;
    memset(&p, 0, sizeof p);
    p.file = filename ? filename : "<ptx>";
    p.err = err;
    long n = ptx_lex(p.file, text, len, &p.t, err);
    if (n < 0)
        return NULL;
    p.ntok = (size_t)n;
    p.m = cs_xcalloc(1, sizeof *p.m);
    p.m->filename = cs_xstrdup(p.file);
    p.m->source_hash = cs_fnv1a64(text, len);
    p.m->debug_op = -1;
    int rc = parse_module(&p);
    free(p.t);
    free(p.modsyms);
    free(p.scope);
    free(p.labels);
    free(p.branches);
    free(p.calls);
    if (rc < 0) {
        ptx_module_free(p.m);
        return NULL;
    }
    return p.m;
}

/* Real PTX modules are at most a few MiB (the suite's are under 1 MiB); anything
 * far larger is not PTX. */
#define PTX_FILE_MAX ((size_t)64 << 20)

ptx_module_t *ptx_parse_file(const char *path, cs_error_t *err)
{
    char *buf;
    size_t n;
    if (cs_read_file(path, PTX_FILE_MAX, &buf, &n, err) < 0)
        return NULL;
    ptx_module_t *m = ptx_parse(path, buf, n, err);
    free(buf);
    if (m)
        m->from_file = true;
    return m;
}

void ptx_module_free(ptx_module_t *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->n_funcs; i++) {
        ptx_function_t *f = &m->funcs[i];
        free(f->name);
        free(f->insts);
        free(f->xinsts);
        free(f->reg_types);
        free(f->params);
        free(f->rets);
        free(f->call_syms);
    }
    for (uint32_t i = 0; i < m->n_syms; i++) {
        free(m->syms[i].name);
        free(m->syms[i].init);
        free(m->syms[i].relocs);
    }
    free(m->funcs);
    free(m->syms);
    free(m->filename);
    free(m->regs_memo);
    free(m);
}

int ptx_debug_perturb(ptx_module_t *m, const char *opcode, int32_t bias)
{
    const char *dot = strchr(opcode, '.');
    size_t n = dot ? (size_t)(dot - opcode) : strlen(opcode);
    int op = opcode_from(opcode, n);
    enum ptx_type t = dot ? type_from(dot + 1, strlen(dot + 1)) : PT_NONE;
    if (op < 0 || (dot && t == PT_NONE))
        return -1;
    m->debug_op = bias ? op : -1;
    m->debug_type = (uint8_t)t;
    m->debug_bias = bias;
    return 0;
}

