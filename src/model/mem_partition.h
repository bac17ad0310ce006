/* mem_partition.h — an L2 slice (sub-partition) and its path to DRAM.
 *
 * Requests arriving from the crossbar first spend l2_rop_latency L2 cycles in
 * a fixed-delay queue (GPGPU-Sim's ROP queue), then access the L2 tag array
 * (one access per L2 cycle). Reads that hit become replies; misses allocate an
 * MSHR (merging with a fetch of the same line in flight) and send a fetch of
 * the missing sectors to the channel's DRAM queue. Writes are write-back,
 * write-allocate without fetch (the written sectors become valid and dirty);
 * dirty victims are written back to DRAM. Atomics are performed at the L2 as
 * a read-modify-write and answered with data. Replies wait in a queue for the
 * reply crossbar. Two slices share a DRAM channel (n_sub_partition_per_mchannel). */
#ifndef CTASIM_MEM_PARTITION_H
#define CTASIM_MEM_PARTITION_H

#include "cache.h"
#include "icnt.h"

struct gpu;

typedef struct l2_slice {
    uint32_t id, channel;
    cache_t cache;
    mshr_table_t mshr;
    mem_req_t **mshr_req;   /* per MSHR entry: requests waiting (linked via next) */
    req_fifo_t rop;         /* arrived, waiting out the ROP latency (ready in L2 cycles) */
    uint32_t rop_cap;
    uint32_t rop_delay; /* -gpgpu_l2_rop_latency in L2 cycles */
    req_fifo_t to_dram;     /* fetches and write-backs waiting for DRAM queue space */
    req_fifo_t fills;       /* DRAM replies waiting to be installed */
    req_fifo_t replies;     /* replies waiting for the reply crossbar */
    uint64_t dram_reads, dram_writes; /* requests this slice sent */
} l2_slice_t;

void l2_init(l2_slice_t *l, struct gpu *g, uint32_t id);
void l2_free(l2_slice_t *l);
/* One L2 cycle: accept arrivals, one tag access, one fill, replies out. */
void l2_cycle(l2_slice_t *l, struct gpu *g, uint64_t now);
bool l2_idle(const l2_slice_t *l);
uint64_t l2_next_event(const l2_slice_t *l, uint64_t now);
/* One DRAM cycle for channel `ch`: push waiting requests, step the channel, route completions. */
void mem_channel_cycle(struct gpu *g, uint32_t ch, uint64_t now);

#endif
