/* req_pool.c — slab allocator for memory requests (see req_pool.h). */
#include "req_pool.h"

#include <stdlib.h>
#include <string.h>

#include "util/common.h"

#define REQ_SLAB 512

void req_pool_init(req_pool_t *p) { memset(p, 0, sizeof *p); }

void req_pool_destroy(req_pool_t *p)
{
    for (uint32_t i = 0; i < p->n_slabs; i++)
        free(p->slabs[i]);
    free(p->slabs);
    memset(p, 0, sizeof *p);
}

mem_req_t *req_alloc(req_pool_t *p)
{
    if (!p->free_list) {
        mem_req_t *slab = cs_xcalloc(REQ_SLAB, sizeof *slab);
        if (p->n_slabs == p->cap_slabs) {
            p->cap_slabs = p->cap_slabs ? 2 * p->cap_slabs : 16;
            p->slabs = cs_xrealloc(p->slabs, p->cap_slabs * sizeof *p->slabs);
        }
        p->slabs[p->n_slabs++] = slab;
        /* pushed in reverse so requests come out in address order */
        for (int i = REQ_SLAB - 1; i >= 0; i--) {
            slab[i].next = p->free_list;
            p->free_list = &slab[i];
        }
        p->allocated += REQ_SLAB;
        p->n_free += REQ_SLAB;
    }
    mem_req_t *r = p->free_list;
    p->free_list = r->next;
    p->n_free--;
    memset(r, 0, sizeof *r);
    p->in_use++;
    return r;
}

void req_free(req_pool_t *p, mem_req_t *r)
{
    r->next = p->free_list;
    p->free_list = r;
    p->n_free++;
    p->in_use--;
}

static void move_free(req_pool_t *from, req_pool_t *to, uint32_t n)
{
    for (; n && from->free_list; n--) {
        mem_req_t *r = from->free_list;
        from->free_list = r->next;
        from->n_free--;
        r->next = to->free_list;
        to->free_list = r;
        to->n_free++;
    }
}

void req_pool_balance(req_pool_t *p, req_pool_t *spare, uint32_t lo, uint32_t hi)
{
    if (p->n_free < lo)
        move_free(spare, p, (lo + hi) / 2 - p->n_free);
    else if (p->n_free > hi)
        move_free(p, spare, p->n_free - (lo + hi) / 2);
}
