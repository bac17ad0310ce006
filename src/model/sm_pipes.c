/* sm_pipes.c — a core's execution pipelines (see sm_pipes.h). */
#include "sm_pipes.h"
#include "zero_pages.h"

#include <stdlib.h>

void sm_pipes_init(sm_pipes_t *u, const sm_pipes_params_t *p)
{
    u->p = *p;
    for (unsigned k = 0; k < UNIT__COUNT; k++)
        /* zero pages: no heap header written beside it, so the unit classes a
         * run never issues to cost no page (zero_pages.h) */
        u->free_at[k] = p->n_unit[k] ? zero_pages_alloc(p->n_unit[k], sizeof(uint64_t)) : NULL;
}

void sm_pipes_free(sm_pipes_t *u)
{
    for (unsigned k = 0; k < UNIT__COUNT; k++)
        zero_pages_free(u->free_at[k], u->p.n_unit[k], sizeof(uint64_t));
}
