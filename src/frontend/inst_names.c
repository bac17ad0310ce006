/* inst_names.c — short printable names for the enums of inst.h.
 *
 * The names appear in statistics output and in configuration messages, so
 * they are stable, lowercase and free of spaces. An out-of-range value (a
 * corrupted instruction, a bug in a front-end) gets "?" rather than a crash. */
#include "inst.h"

#include <stddef.h>

const char *exec_unit_name(enum exec_unit u)
{
    static const char *const names[UNIT__COUNT] = {
        [UNIT_SP] = "sp",       [UNIT_INT] = "int",   [UNIT_DP] = "dp",
        [UNIT_SFU] = "sfu",     [UNIT_LDST] = "ldst", [UNIT_BRANCH] = "branch",
        [UNIT_TENSOR] = "tensor",
    };
    if ((unsigned)u >= UNIT__COUNT || !names[u])
        return "?";
    return names[u];
}

const char *lat_class_name(enum lat_class c)
{
    static const char *const names[LAT__COUNT] = {
        [LAT_INT_ADD] = "int_add", [LAT_INT_MAX] = "int_max", [LAT_INT_MUL] = "int_mul",
        [LAT_INT_MAD] = "int_mad", [LAT_INT_DIV] = "int_div", [LAT_INT_SHFL] = "int_shfl",
        [LAT_FP_ADD] = "fp_add",   [LAT_FP_MAX] = "fp_max",   [LAT_FP_MUL] = "fp_mul",
        [LAT_FP_MAD] = "fp_mad",   [LAT_FP_DIV] = "fp_div",
        [LAT_DP_ADD] = "dp_add",   [LAT_DP_MAX] = "dp_max",   [LAT_DP_MUL] = "dp_mul",
        [LAT_DP_MAD] = "dp_mad",   [LAT_DP_DIV] = "dp_div",
        [LAT_SFU] = "sfu",         [LAT_TENSOR] = "tensor",   [LAT_BRANCH] = "branch",
    };
    if ((unsigned)c >= LAT__COUNT || !names[c])
        return "?";
    return names[c];
}
