/* mem_partition.h — an L2 slice (sub-partition) and its path to DRAM.
 *
 * Requests arriving from the crossbar first spend l2_rop_latency L2 cycles in
 * a fixed-delay queue (GPGPU-Sim's ROP queue, unbounded), then wait in the
 * icnt-to-L2 queue (-gpgpu_dram_partition_queues' first field; the crossbar
 * delivers only while it has room for a request broken into four sectors)
 * for the L2 tag array (one access per L2 cycle). Reads that hit become replies; misses allocate an
 * MSHR (merging with a fetch of the same line in flight) and send a fetch of
 * the missing sectors to the channel's DRAM queue. Writes are write-back,
 * write-allocate without fetch (the written sectors become valid and dirty);
 * dirty victims are written back to DRAM. Atomics are performed at the L2 as
 * a read-modify-write and answered with data. Replies wait in a queue for the
 * reply crossbar. Two slices share a DRAM channel (n_sub_partition_per_mchannel). */
#ifndef CTASIM_MEM_PARTITION_H
#define CTASIM_MEM_PARTITION_H

#include "cache.h"
#include "dram.h"
#include "ports.h"

typedef struct l2_slice {
    uint32_t id, channel;
    const mem_ports_t *io;
    cache_t cache;
    mshr_table_t mshr;
    mem_req_t **mshr_req;   /* per MSHR entry: requests waiting (linked via next) */
    req_fifo_t rop;         /* arrived, waiting out the ROP latency (ready in L2 cycles) */
    uint64_t rop_ready;     /* the ready cycle of rop's head (CS_NEVER: empty), so that the due test,
                             * made for every slice every L2 cycle, reads no packet */
    uint32_t rop_delay;     /* -gpgpu_l2_rop_latency in L2 cycles */
    req_fifo_t inq;         /* past the ROP delay, waiting for the tag array */
    uint32_t inq_cap;       /* icnt-to-L2 queue size */
    req_fifo_t to_dram;     /* fetches and write-backs waiting for DRAM queue space */
    req_fifo_t fills;       /* DRAM replies waiting to be installed */
    req_fifo_t replies;     /* replies waiting for the reply crossbar */
    struct kernel_stats *cur_kst; /* the kernel the access being handled counts for (per-kernel stats) */
    struct kernel_stats *cur_count; /* where its counts go: cur_kst, or the slice's delta for it */
    /* Shared state, for the memory side ticked on worker threads (gpu.c,
     * --threads): the requests the slice (and its channel, for the slice's
     * write-backs) allocates and frees come from `pool`, the GPU's shared
     * pool unless gpu_set_threads gives the slice one of its own; with
     * `defer_kst` the kernels' L2 and DRAM counts go into per-kernel deltas
     * of this slice, which l2_fold_kernel_deltas adds in the serial phase
     * before anything reads the kernels' counters (gpu.c, fold_kernel_deltas). */
    req_pool_t *pool;
    bool defer_kst;
    uint32_t n_kdelta, cap_kdelta;
    struct l2_kdelta *kdelta;
} l2_slice_t;

/* A memory channel: one DRAM channel and the L2 slices in front of it. */
typedef struct mem_channel {
    uint32_t id;
    dram_channel_t *dram;
    l2_slice_t *slices;     /* n_slices consecutive slices, ids first_slice..; a
                             * finished write-back goes back to its slice's pool */
    uint32_t n_slices, first_slice;
} mem_channel_t;

/* Slice `id` is input port `id` of the request crossbar and output port `id`
 * of the reply crossbar. */
void l2_init(l2_slice_t *l, const mem_ports_t *io, uint32_t id);
void l2_free(l2_slice_t *l);
/* Add the kernel counts kept while defer_kst to the kernels; clear them. */
void l2_fold_kernel_deltas(l2_slice_t *l);
/* One L2 cycle (the interconnect's clock reads icnt_now): accept an arrival,
 * one fill, one tag access, one reply out. */
void l2_cycle(l2_slice_t *l, uint64_t now, uint64_t icnt_now);
bool l2_idle(const l2_slice_t *l);
/* Anything for the slice to do at L2 cycle `now`: a request to look up, a
 * fill, a reply to send, the ROP delay line's head due, or an arrival at its
 * port. Requests waiting only for the DRAM channel (to_dram, which the
 * channel takes) or for their ROP latency leave a tick nothing to do, so the
 * slice is not ticked for them (30-60 % of its ticks on memory-bound runs). */
static inline bool l2_due(const l2_slice_t *l, uint64_t now, uint64_t icnt_now)
{
    return l->inq.count || l->fills.count || l->replies.count || l->rop_ready <= now ||
           xbar_has_arrival(l->io->req_net, l->id, icnt_now);
}
uint64_t l2_next_event(const l2_slice_t *l, uint64_t now);
/* A host-to-device copy wrote the sectors `sector_mask` of the line holding
 * `addr`: they become valid (clean) in the slice, as GPGPU-Sim's
 * -gpgpu_perf_sim_memcpy fills its L2 tags. No timing. */
void l2_warm(l2_slice_t *l, uint64_t addr, uint8_t sector_mask);

void mem_channel_init(mem_channel_t *m, const mem_ports_t *io, uint32_t id, l2_slice_t *slices, uint32_t n_slices);
void mem_channel_free(mem_channel_t *m);
/* Work for the DRAM side this cycle: requests in the channel or waiting to enter it. */
bool mem_channel_due(const mem_channel_t *m);
/* One DRAM cycle: the slices push waiting requests in turn, the channel steps,
 * completed reads go to their slice's fill queue. */
void mem_channel_cycle(mem_channel_t *m, uint64_t now);

#endif
