/* req_pool.h — where memory requests come from and go back to.
 *
 * Requests are carved from slabs and recycled through a free list; the slabs
 * are freed together when the pool is destroyed, wherever the requests still
 * are (a run stopped early leaves some in queues). One pool serves a whole GPU:
 * cores allocate load/store requests, L2 slices allocate DRAM fetches and
 * write-backs, and whoever consumes a request last gives it back. */
#ifndef CTASIM_REQ_POOL_H
#define CTASIM_REQ_POOL_H

#include "mem_req.h"

typedef struct req_pool {
    mem_req_t *free_list;
    void **slabs;
    uint32_t n_slabs, cap_slabs;
    uint64_t allocated; /* requests ever carved (pool size), for leak checks in tests */
    uint64_t in_use;    /* handed out and not given back */
} req_pool_t;

void req_pool_init(req_pool_t *p);
void req_pool_destroy(req_pool_t *p);
/* A zeroed request. */
mem_req_t *req_alloc(req_pool_t *p);
void req_free(req_pool_t *p, mem_req_t *r);

#endif
