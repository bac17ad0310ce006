/* trace_rules.h — a checker for Accel-Sim traces: does a trace directory, a
 * kernel file or one instruction line follow the rules that Accel-Sim's
 * trace reader (gpu-simulator/trace-parser) needs to load it unchanged?
 *
 * Our own reader (trace_reader.c) is deliberately more forgiving: it reads
 * up to INST_MAX_DST destinations, UR registers and any R<n>. The writer
 * (trace_writer.c) must produce what Accel-Sim reads, and this checker is
 * how the tests hold it to that. The rules, in short (the .c file says why
 * each one exists, i.e. what Accel-Sim does with a line that breaks it):
 *
 * kernelslist.g: blank lines; `MemcpyHtoD,0x<hex>,<decimal>` (three fields);
 *   `MemcpyDtoH,...` (ignored by Accel-Sim); kernel files named
 *   `kernel...traceg` or `kernel...traceg.xz`, relative to the list, made of
 *   [A-Za-z0-9._/-] only (Accel-Sim opens them through a shell command).
 *   Nothing else.
 * Kernel file: every line ends with '\n' and holds no control character.
 *   Header lines `-key = value`, each known key at most once; required:
 *   kernel name, grid dim, block dim, shmem, nregs (<= 255), binary version
 *   (one with an opcode table), cuda stream id, shmem base_addr, local mem
 *   base_addr, nvbit version, accelsim tracer version (1..5); optional:
 *   kernel id, enable lineinfo (0/1). The header ends with a line starting
 *   `#traces format`. Then, for every CTA of the grid in launch order
 *   (x fastest): `#BEGIN_TB`, `thread block = x,y,z`, per warp (each at most
 *   once, index below the warps per CTA) `warp = w` and `insts = n` followed
 *   by exactly n instruction lines, then `#END_TB`. Blank lines anywhere;
 *   nothing else.
 * Instruction line: [ctaX ctaY ctaZ warp (tracer version < 3)] [line number
 *   (lineinfo)] PC (hex, 32 bits) mask (8 hex digits) ndst (<= 1) R<n>...
 *   OPCODE (a base known for the binary version, dot-separated modifiers)
 *   nsrc (<= 4) R<n>... mem_width [mode addresses] [immediate]. Registers
 *   R0..R255 (R255 is RZ; no UR, no P). mem_width 0, or the per-lane width
 *   that both Accel-Sim and ctasim derive from the opcode suffix; then mode
 *   0 (one 0x address per active lane), 1 (`0xBASE STRIDE`, active lanes
 *   contiguous, stride an int32) or 2 (`0xBASE` and one signed delta fewer
 *   than the active lanes); at most one immediate at the end.
 *
 * Errors are "FILE:LINE: what" through cs_error_t. */
#ifndef CTASIM_TRACE_RULES_H
#define CTASIM_TRACE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "util/common.h"

/* Accel-Sim's reader (its MAX_DST / MAX_SRC) */
#define TRACE_MAX_DST 1
#define TRACE_MAX_SRC 4
/* R255 is RZ in SASS: the highest real register is R254 */
#define TRACE_REG_RZ 255

/* What an instruction line's syntax depends on, from its kernel's header. */
typedef struct trace_line_ctx {
    unsigned binary_version; /* opcode table */
    unsigned tracer_version; /* < 3: lines start with "ctaX ctaY ctaZ warp" */
    bool lineinfo;           /* lines start with a source line number */
} trace_line_ctx_t;

/* One instruction line (without its newline). 0 if it follows the rules,
 * else -1 with err->msg saying what is wrong (no file:line prefix). */
int trace_check_inst_line(const char *line, const trace_line_ctx_t *ctx, cs_error_t *err);

/* One line of kernelslist.g (without its newline), same convention. */
int trace_check_kernelslist_line(const char *line, cs_error_t *err);

/* A whole kernel file, line by line: _line for each line (without its
 * newline; len bytes, NULs included), then _end. `name` prefixes messages. */
typedef struct trace_kernel_check trace_kernel_check_t;
trace_kernel_check_t *trace_kernel_check_new(const char *name);
int trace_kernel_check_line(trace_kernel_check_t *c, const char *line, size_t len, cs_error_t *err);
/* After the last line: did the file end with a newline? Checks that every
 * CTA of the grid was there. */
int trace_kernel_check_end(trace_kernel_check_t *c, bool ended_with_newline, cs_error_t *err);
void trace_kernel_check_free(trace_kernel_check_t *c);

/* A kernel file held in memory / on disk (.xz files are decompressed; for
 * them the newline and '\r' rules are not checked). */
int trace_check_kernel_mem(const char *name, const char *text, size_t len, cs_error_t *err);
int trace_check_kernel_file(const char *path, cs_error_t *err);

/* A trace directory: kernelslist.g (path to it, or its directory) and every
 * kernel file it names. *kernels (may be NULL) counts the kernel files. */
int trace_check_dir(const char *kernelslist_path, unsigned *kernels, cs_error_t *err);

#endif
