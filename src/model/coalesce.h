/* coalesce.h — turning one warp memory instruction into memory accesses.
 *
 * Global/local: lanes touching the same cache line merge into one access
 * (Fermi-style 128-byte segments when the line is 128 bytes); each access
 * records which 32-byte sectors the warp touched, so sectored caches fetch only
 * those. Or, for Maxwell and later, one access per 32-byte sector. Accesses
 * are ordered by the lowest lane that touched them.
 * Shared: the number of serialised passes caused by bank conflicts (lanes
 * reading the same word are broadcast, not a conflict). */
#ifndef CTASIM_COALESCE_H
#define CTASIM_COALESCE_H

#include "frontend/inst.h"

#define COALESCE_MAX_ACCESSES (2 * WARP_SIZE) /* each lane may straddle two lines */

typedef struct mem_access {
    uint64_t line_addr;   /* byte address of the line */
    uint8_t sector_mask;  /* 32-byte sectors touched within the line */
    uint8_t _pad[3];
    uint32_t bytes;       /* distinct bytes touched (write payload) */
} mem_access_t;

/* Returns the number of accesses written to out[]. line_size is a power of two. */
unsigned coalesce_warp(const warp_inst_t *in, uint32_t line_size, mem_access_t *out);
/* One access per 32-byte sector touched (GPGPU-Sim's rule from Maxwell on,
 * -gpgpu_coalesce_arch >= 40: every request is a sector), each naming its line
 * of line_size bytes and the one sector in sector_mask. */
unsigned coalesce_warp_sectors(const warp_inst_t *in, uint32_t line_size, mem_access_t *out);

/* Passes needed by a shared-memory instruction: max over banks of distinct
 * words mapped to that bank (>= 1 when any lane is active). */
unsigned shmem_conflict_degree(const warp_inst_t *in, uint32_t nbanks, uint32_t bank_width);

#endif
