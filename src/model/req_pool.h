/* req_pool.h — where memory requests come from and go back to.
 *
 * Requests are carved from slabs and recycled through a free list; the slabs
 * are freed together when the pool is destroyed, wherever the requests still
 * are (a run stopped early leaves some in queues). One pool serves a whole GPU:
 * cores allocate load/store requests, L2 slices allocate DRAM fetches and
 * write-backs, and whoever consumes a request last gives it back.
 *
 * With cores ticked on worker threads (gpu.c, "--threads"), each core has a
 * pool of its own besides: a request may be given back to another pool than
 * the one it came from (a store freed by an L2 slice), so the GPU moves free
 * requests between pools in its serial phase (req_pool_balance). Which
 * request object serves which access never changes a result: nothing orders
 * or hashes requests by their address in memory. */
#ifndef CTASIM_REQ_POOL_H
#define CTASIM_REQ_POOL_H

#include "mem_req.h"

typedef struct req_pool {
    mem_req_t *free_list;
    void **slabs;
    uint32_t n_slabs, cap_slabs;
    uint64_t allocated; /* requests ever carved (pool size), for leak checks in tests */
    uint64_t in_use;    /* handed out and not given back (summed over pools when several share requests) */
    uint32_t n_free;    /* requests on free_list */
} req_pool_t;

void req_pool_init(req_pool_t *p);
void req_pool_destroy(req_pool_t *p);
/* A zeroed request. */
mem_req_t *req_alloc(req_pool_t *p);
void req_free(req_pool_t *p, mem_req_t *r);
/* Keep p's free list between lo and hi requests by moving free requests
 * from or to `spare` (the GPU's shared pool): a core's pool neither runs
 * dry while the shared one holds the requests it freed, nor hoards them. */
void req_pool_balance(req_pool_t *p, req_pool_t *spare, uint32_t lo, uint32_t hi);

#endif
