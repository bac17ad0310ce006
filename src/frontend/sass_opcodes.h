/* sass_opcodes.h — SASS opcode -> (execution unit, latency class, memory
 * space, flags) for a binary version, in the spirit of Accel-Sim's opcode
 * tables (trace_opcode.h / *_opcode.h). Binary versions 70 (Volta), 75
 * (Turing), 80 and 86 (Ampere) must be covered; 60/61 (Pascal) welcome. */
#ifndef CTASIM_SASS_OPCODES_H
#define CTASIM_SASS_OPCODES_H

#include <stdbool.h>

#include "inst.h"

typedef struct sass_op_info {
    uint8_t unit;   /* enum exec_unit */
    uint8_t lat;    /* enum lat_class */
    uint8_t space;  /* enum mem_space for memory ops; SPACE_NONE otherwise (generic LD/ST: SPACE_GLOBAL, reclassified by address) */
    uint8_t flags;  /* INST_* */
} sass_op_info_t;

/* Look up the base opcode (text before the first '.') of `opcode`, e.g.
 * "LDG.E.128.SYS" -> LDG. Returns false if unknown for that binary version
 * or if the version has no table. */
bool sass_lookup(unsigned binary_version, const char *opcode, sass_op_info_t *out);
/* Per-lane access size in bytes from the opcode suffix (".64" -> 8, ".128" -> 16, ".U8" -> 1), default 4. */
unsigned sass_access_size(const char *opcode);
/* Is there a table for this binary version? */
bool sass_version_supported(unsigned binary_version);
/* Generic-address memory opcode (LD, ST, ATOM, RED): its space is decided by
 * the address (shared/local windows), the table says SPACE_GLOBAL. */
bool sass_is_generic_memory(const char *opcode);

#endif
