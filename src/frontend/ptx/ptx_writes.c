/* ptx_writes.c — publication of the per-core write logs (see ptx_writes.h). */
#include "ptx_writes.h"
#include "ptx_exec.h"

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

void ptx_writes_publish(ptx_writes_t *w)
{
    w->published++; /* every waiting warp goes on, whether or not its log held entries */
    if (!atomic_load_explicit(&w->written, memory_order_relaxed))
        return;
    atomic_store_explicit(&w->written, false, memory_order_relaxed);
    for (uint32_t i = 0; i < w->n_core; i++) {
        ptx_core_writes_t *log = w->core[i];
        if (!log || !log->n)
            continue;
        for (uint32_t k = 0; k < log->n; k++) {
            const ptx_write_t *e = &log->log[k];
            switch (e->size) { /* fixed sizes: a move each (little-endian host) */
            case 4: memcpy(e->at, &e->value, 4); break;
            case 8: memcpy(e->at, &e->value, 8); break;
            case 1: memcpy(e->at, &e->value, 1); break;
            case 2: memcpy(e->at, &e->value, 2); break;
            case PTX_WRITE_ATOMIC: {
                const ptx_atomic_write_t *a = &log->atoms[e->atom];
                uint64_t old = ptx_atom_commit(a->in, e->at, a->b, a->c);
                if (a->old_to)
                    *a->old_to = old;
                break;
            }
            default: memcpy(e->at, &e->value, e->size); break;
            }
        }
        log->n = log->n_atoms = 0;
    }
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
