/* ptx_writes.c — the per-core write logs (see ptx_writes.h); their
 * publication, which applies atomics, is the interpreter's
 * (ptx_publish_writes in ptx_exec.c). */
#include "ptx_writes.h"

#include <stdlib.h>
#include <string.h>

ptx_core_writes_t *ptx_writes_core(ptx_writes_t *w, uint32_t core)
{
    if (core >= w->n_core) {
        uint32_t n = core + 1;
        w->core = cs_xrealloc(w->core, n * sizeof *w->core);
        memset(w->core + w->n_core, 0, (n - w->n_core) * sizeof *w->core);
        w->n_core = n;
    }
    if (!w->core[core]) {
        ptx_core_writes_t *log = cs_xaligned_calloc(64, 1, sizeof *log);
        log->published = &w->published;
        log->written = &w->written;
        w->core[core] = log;
    }
    return w->core[core];
}

void ptx_writes_forget(ptx_core_writes_t *log, const void *owner)
{
    for (uint32_t k = 0; k < log->n_atoms; k++)
        if (log->atoms[k].owner == owner)
            log->atoms[k].old_to = NULL;
}

void ptx_writes_free(ptx_writes_t *w)
{
    for (uint32_t i = 0; i < w->n_core; i++)
        if (w->core[i]) {
            free(w->core[i]->log);
            free(w->core[i]->atoms);
            free(w->core[i]);
        }
    free(w->core);
    memset(w, 0, sizeof *w);
}
