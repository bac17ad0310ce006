/* fatbin.h — the PTX inside the fat binary nvcc embeds in a program.
 *
 * nvcc places each translation unit's device code in a fat binary and hands
 * the runtime a wrapper at start-up (__cudaRegisterFatBinary). Layout as
 * measured on nvcc 13.0 output (docs/ARCHITECTURE.md, "CUDA programs"):
 *
 *   wrapper   u32 magic 0x466243b1, u32 version, u64 pointer to the fatbin,
 *             u64 (unused here)
 *   fatbin    u32 magic 0xBA55ED50, u16 version, u16 header size (16),
 *             u64 size of the entries that follow the header
 *   entry     u16 kind (1 PTX, 2 ELF cubin), u16 version, u32 header size,
 *             u64 payload size (padded), u32 compressed size (0: plain),
 *             ..., u32 at +24 PTX version, u32 at +28 arch (75 = sm_75),
 *             u64 at +40 flags (0x8000: payload zstd-compressed),
 *             u64 at +56 uncompressed size; the payload follows the header.
 *
 * Only PTX entries are used: ctasim interprets PTX, not SASS. */
#ifndef CUDART_FATBIN_H
#define CUDART_FATBIN_H

#include <stddef.h>
#include <stdint.h>

#include "util/common.h"

#define FATBIN_WRAPPER_MAGIC 0x466243b1u
#define FATBIN_MAGIC 0xBA55ED50u

/* Size in bytes of the fatbin at `data` as its header says (header
 * included), or 0 with err set when `avail` bytes do not hold a header. */
size_t fatbin_size(const void *data, size_t avail, cs_error_t *err);

/* The PTX text of the fatbin's lowest-arch PTX entry (the one with the
 * fewest features the interpreter must know), NUL-terminated and malloc'd,
 * in *ptx (length *len). `len` bytes at data are all that is read. 0, or -1
 * with one line in err: bad magic, an entry beyond the end, no PTX entry,
 * a compressed entry without libzstd, a corrupt compressed payload. */
int fatbin_extract_ptx(const void *data, size_t len, char **ptx, size_t *ptx_len, unsigned *arch, cs_error_t *err);

#endif
