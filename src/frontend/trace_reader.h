/* trace_reader.h — Accel-Sim trace front-end (reader).
 *
 * Reads kernelslist.g (MemcpyHtoD lines, kernel-N.traceg[.xz] lines), each
 * kernel's header and its thread blocks, streaming one CTA at a time so memory
 * stays bounded by the CTAs resident in the GPU, not by the trace size.
 * Tracer versions 3 and 4 (and < 3 with the cta/warp prefix), lineinfo, the
 * three address encodings (0 list, 1 base+stride, 2 base+delta). SASS opcodes
 * are mapped to units and latency classes by sass_opcodes.h for binary
 * versions 70, 75, 80, 86 (and others Accel-Sim knows, where listed).
 *
 * Errors (truncated file, bad mask, wrong `insts =` count, unknown opcode,
 * garbage) are reported as "FILE:LINE: what" through cs_error_t. */
#ifndef CTASIM_TRACE_READER_H
#define CTASIM_TRACE_READER_H

#include "workload.h"

/* Register numbering shared with the trace writer: R<n> has scoreboard key n,
 * UR<n> (uniform register) key TRACE_UREG_BASE + n. */
#define TRACE_UREG_BASE 32768u

/* Open a trace directory's kernelslist.g (path to the file itself, or to the
 * directory containing it). */
workload_t *trace_workload_open(const char *kernelslist_path, cs_error_t *err);

/* Open one kernel trace file (.traceg or .traceg.xz) directly as a kernel. */
int trace_kernel_open(const char *path, kernel_desc_t *out, cs_error_t *err);

/* Parse a kernel trace held in memory (fuzz targets, tests); the bytes are
 * copied. `name` stands for the file in error messages. */
int trace_kernel_open_mem(const char *name, const void *data, size_t len, kernel_desc_t *out, cs_error_t *err);

/* True when this build can read .xz traces (liblzma found at build time). */
bool trace_xz_supported(void);

/* Stats of the reader, for accounting tests: instructions parsed so far. */
typedef struct trace_counts {
    uint64_t warp_insts;     /* instruction lines parsed */
    uint64_t thread_insts;   /* sum of popcount(mask) */
    uint64_t memcpy_bytes;   /* MemcpyHtoD bytes in kernelslist */
} trace_counts_t;
void trace_workload_counts(const workload_t *w, trace_counts_t *out);
/* The same counts for a kernel opened by trace_kernel_open[_mem] (or handed
 * out by a trace workload: then they are the workload's running totals). */
void trace_kernel_counts(const kernel_desc_t *k, trace_counts_t *out);

#endif
