/* req_fifo.h — a FIFO of memory requests linked through mem_req_t.next:
 * the hand-off between the memory path's stages (cores, interconnect, L2
 * slices, DRAM channels). */
#ifndef CTASIM_REQ_FIFO_H
#define CTASIM_REQ_FIFO_H

#include "mem_req.h"

typedef struct req_fifo {
    mem_req_t *head, *tail;
    uint32_t count;
} req_fifo_t;

static inline void fifo_push(req_fifo_t *q, mem_req_t *r)
{
    r->next = NULL;
    if (q->tail)
        q->tail->next = r;
    else
        q->head = r;
    q->tail = r;
    q->count++;
}
static inline mem_req_t *fifo_pop(req_fifo_t *q)
{
    mem_req_t *r = q->head;
    if (r) {
        q->head = r->next;
        if (!q->head)
            q->tail = NULL;
        q->count--;
        r->next = NULL;
    }
    return r;
}

#endif
