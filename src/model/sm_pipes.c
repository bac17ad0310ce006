/* sm_pipes.c — a core's execution pipelines (see sm_pipes.h). */
#include "sm_pipes.h"

#include <stdlib.h>

void sm_pipes_init(sm_pipes_t *u, const sm_pipes_params_t *p)
{
    u->p = *p;
    for (unsigned k = 0; k < UNIT__COUNT; k++)
        u->free_at[k] = p->n_unit[k] ? cs_xcalloc(p->n_unit[k], sizeof(uint64_t)) : NULL;
}

void sm_pipes_free(sm_pipes_t *u)
{
    for (unsigned k = 0; k < UNIT__COUNT; k++)
        free(u->free_at[k]);
}
