/* addrmap.h — physical address -> (channel, sub-partition, bank, row, column).
 *
 * The mapping is GPGPU-Sim's -gpgpu_mem_addr_mapping string, e.g.
 *   dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS
 * 64 characters from bit 63 (left) to bit 0 (right) ('.' separators ignored):
 * D = channel ("dram id") bits, B = bank, R = row, C = column, S = byte-in-burst,
 * 0 = unused. "dramid@N;" places the channel index at bit N computed as a
 * modulo when the channel count is not a power of two (no D letters then).
 * The sub-partition (L2 slice) inside a channel is selected by the low bits of
 * the bank number, as GPGPU-Sim does.
 * partition_indexing (-gpgpu_memory_partition_indexing): 0 plain; 1 XOR the
 * channel with row bits; 2 IPOLY-like hash; 6 IPOLY inside groups of 2^k
 * slices (IPOLY-modulo, addrmap.c). */
#ifndef CTASIM_ADDRMAP_H
#define CTASIM_ADDRMAP_H

#include "util/common.h"
#include "ipoly.h"

/* Runs of adjacent address bits: run k takes len[k] bits from bit src[k] of
 * the address to bit dst[k] of the field. */
typedef struct addr_runs {
    uint8_t n;
    uint8_t src[32], len[32], dst[32];
} addr_runs_t;

typedef struct addrmap {
    uint32_t n_channels;
    uint32_t n_sub_per_channel;
    uint32_t indexing;
    int dramid_at;              /* -1 if the channel comes from D letters */
    /* per-field bit lists, LSB first */
    uint8_t nbits_d, nbits_b, nbits_r, nbits_c, nbits_s;
    uint8_t bits_d[64], bits_b[64], bits_r[64], bits_c[64], bits_s[64];
    /* the same fields as runs of adjacent bits, for decoding: a field is a
     * few runs (QV100's bank bits are two), not one shift per bit */
    addr_runs_t runs_d, runs_b, runs_r, runs_c;
    ipoly_table_t ipoly; /* -gpgpu_memory_partition_indexing 2, and 6 with degree log2(ipolym_group) */
    uint32_t ipolym_group; /* 6: the power-of-two factor of the slice count (slices per IPOLY group) */
} addrmap_t;

typedef struct dram_coord {
    uint32_t channel;       /* 0..n_channels-1 */
    uint32_t sub_partition; /* global L2 slice id: channel * n_sub + local */
    uint32_t bank, row, col;
} dram_coord_t;

/* Parse `spec` for a system of n_channels channels; err names "-gpgpu_mem_addr_mapping". */
int addrmap_init(addrmap_t *m, const char *spec, uint32_t n_channels, uint32_t n_sub_per_channel,
                 uint32_t indexing, cs_error_t *err);
void addrmap_decode(const addrmap_t *m, uint64_t addr, dram_coord_t *out);
/* The address inside its memory partition: the channel bits and the bits that
 * choose the L2 slice removed (the bits above slide down). GPGPU-Sim indexes
 * L2 sets with it, so that a slice's lines spread over all of its sets. */
uint64_t addrmap_partition_address(const addrmap_t *m, uint64_t addr);

#endif
