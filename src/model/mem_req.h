/* mem_req.h — a memory request travelling core -> L1 -> crossbar -> L2 -> DRAM and back. */
#ifndef CTASIM_MEM_REQ_H
#define CTASIM_MEM_REQ_H

#include <stdint.h>

enum mem_req_type { REQ_READ = 0, REQ_WRITE, REQ_ATOMIC };

typedef struct mem_req {
    uint64_t addr;          /* byte address, aligned to the access granule (line or sector) */
    uint32_t bytes;         /* data bytes carried (read: returned; write: sent) */
    uint8_t type;           /* enum mem_req_type */
    uint8_t bypass_l1;      /* per-request L1 bypass (thread-block-level bypassing, gmem_skip_L1D) */
    uint16_t sm;            /* requesting core */
    uint32_t sub_partition; /* destination L2 slice (set by the address decoder) */
    /* DRAM coordinates, filled by the address decoder */
    uint32_t channel, bank, row, col;
    uint64_t t_core_issue;  /* core cycle the request left the LD/ST unit (latency stats) */
    uint32_t mshr_slot;     /* L1 MSHR entry waiting for it (reads) */
    uint32_t l2_mshr_slot;  /* L2 MSHR entry (set by the L2) */
    uint64_t ready;         /* generic "earliest time this can move on" in the owner's clock */
    uint16_t icnt_dst;      /* crossbar output port while in the interconnect */
    uint16_t icnt_flits;    /* packet size in flits while in the interconnect */
    uint16_t warp;          /* requesting warp slot (stats, policies) */
    uint16_t cta_slot;      /* requesting CTA slot (thread-block-level bypassing) */
    uint8_t sector_mask;    /* 32-byte sectors of the line requested */
    uint32_t icnt_t0;       /* mesh: icnt cycle (low 32 bits) the packet was first seen (latency stats) */
    struct kernel_stats *kst; /* the requesting kernel's counters (model/counters.h), or NULL */
    struct mem_req *next;   /* intrusive queue link */
} mem_req_t;

#endif
