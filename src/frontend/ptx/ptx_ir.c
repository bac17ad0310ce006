/* ptx_ir.c — the IR's own tables: opcode and type names, type sizes and
 * kinds (see ptx_ir.h). The parser, the interpreter and the timing templates
 * all read them; none of them owns them. */
#include "ptx_ir.h"

#include <string.h>

static const char *const opcode_names[OP__COUNT] = {
#define PTX_OP_NAME(e, s) s,
    PTX_OPCODES(PTX_OP_NAME)
#undef PTX_OP_NAME
};

const char *ptx_opcode_name(enum ptx_opcode op) { return op < OP__COUNT ? opcode_names[op] : "?"; }

const ptx_type_info_t ptx_type_table[PT__COUNT] = {
    [PT_NONE] = {"none", 0, TK_BITS},  [PT_B8] = {"b8", 1, TK_BITS},     [PT_B16] = {"b16", 2, TK_BITS},
    [PT_B32] = {"b32", 4, TK_BITS},    [PT_B64] = {"b64", 8, TK_BITS},   [PT_B128] = {"b128", 16, TK_BITS},
    [PT_U8] = {"u8", 1, TK_UNSIGNED},  [PT_U16] = {"u16", 2, TK_UNSIGNED}, [PT_U32] = {"u32", 4, TK_UNSIGNED},
    [PT_U64] = {"u64", 8, TK_UNSIGNED}, [PT_S8] = {"s8", 1, TK_SIGNED},   [PT_S16] = {"s16", 2, TK_SIGNED},
    [PT_S32] = {"s32", 4, TK_SIGNED},  [PT_S64] = {"s64", 8, TK_SIGNED}, [PT_F16] = {"f16", 2, TK_FLOAT},
    [PT_F16X2] = {"f16x2", 4, TK_FLOAT}, [PT_F32] = {"f32", 4, TK_FLOAT}, [PT_F64] = {"f64", 8, TK_FLOAT},
    [PT_PRED] = {"pred", 1, TK_PRED},
};

const char *ptx_type_name(enum ptx_type t) { return (unsigned)t < PT__COUNT ? ptx_type_table[t].name : "?"; }

enum ptx_type ptx_type_from_name(const char *s, size_t n)
{
    for (int t = 1; t < PT__COUNT; t++)
        if (strlen(ptx_type_table[t].name) == n && memcmp(ptx_type_table[t].name, s, n) == 0)
            return (enum ptx_type)t;
    return PT_NONE;
}

int ptx_find_function(const ptx_module_t *m, const char *name)
{
    for (uint32_t i = 0; i < m->n_funcs; i++)
        if (strcmp(m->funcs[i].name, name) == 0)
            return (int)i;
    return -1;
}

int ptx_find_symbol(const ptx_module_t *m, const char *name)
{
    for (uint32_t i = 0; i < m->n_syms; i++)
        if ((m->syms[i].space == PS_GLOBAL || m->syms[i].space == PS_CONST) && strcmp(m->syms[i].name, name) == 0)
            return (int)i;
    return -1;
}
