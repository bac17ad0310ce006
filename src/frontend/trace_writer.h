/* trace_writer.h — write Accel-Sim traces (tracer version 4 format) so other
 * front-ends (synthetic kernels, the PTX interpreter) can export what they
 * run, to be replayed here or by Accel-Sim. Addresses are written with the
 * most compact of the three encodings that represents them exactly. */
#ifndef CTASIM_TRACE_WRITER_H
#define CTASIM_TRACE_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "kernel.h"

typedef struct trace_writer trace_writer_t;

/* Create DIR (if needed) and DIR/kernelslist.g. binary_version chooses the opcode names (e.g. 70). */
trace_writer_t *trace_writer_open(const char *dir, unsigned binary_version, cs_error_t *err);
int trace_writer_memcpy(trace_writer_t *w, uint64_t addr, uint64_t bytes, cs_error_t *err);
/* Start kernel-<id>.traceg with the header taken from k (name, grid, block, shmem, regs, stream). */
int trace_writer_begin_kernel(trace_writer_t *w, const kernel_desc_t *k, cs_error_t *err);
int trace_writer_begin_cta(trace_writer_t *w, dim3_t cta, cs_error_t *err);
/* One warp's instructions, all at once (the format lists a warp's instructions contiguously).
 * `opcodes[i]` is the SASS opcode text for insts[i]; pass NULL to derive a name from unit/lat/flags. */
int trace_writer_warp(trace_writer_t *w, unsigned warp, const warp_inst_t *insts, const char *const *opcodes,
                      size_t n, cs_error_t *err);
int trace_writer_end_cta(trace_writer_t *w, cs_error_t *err);
int trace_writer_end_kernel(trace_writer_t *w, cs_error_t *err);
int trace_writer_close(trace_writer_t *w, cs_error_t *err);
/* Before the first kernel: write kernel-<id>.traceg.xz (xz, as Accel-Sim
 * reads them) instead of plain text. An error when the build has no liblzma. */
int trace_writer_set_compress(trace_writer_t *w, bool compress, cs_error_t *err);
/* trace_writer_close, and the bytes written (kernel files and the list). */
int trace_writer_finish(trace_writer_t *w, uint64_t *bytes, cs_error_t *err);

/* Dump an entire kernel source (every CTA, every warp) to the writer: the
 * generic exporter used by `ctasim trace`. */
int trace_writer_dump_kernel(trace_writer_t *w, const kernel_desc_t *k, cs_error_t *err);

#endif
