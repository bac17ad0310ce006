/* workload.h — a sequence of kernel launches fed to the GPU.
 *
 * Trace directories (kernelslist.g) and built-in synthetic kernels both
 * present themselves as a workload: the driver pulls launches one at a time
 * and hands them to gpu_launch(). Kernel sources are opened lazily (only the
 * header is read at launch time) so a long kernelslist costs no memory until
 * each kernel runs. */
#ifndef CTASIM_WORKLOAD_H
#define CTASIM_WORKLOAD_H

#include "kernel.h"

typedef struct workload workload_t;

typedef struct workload_ops {
    /* Next kernel launch: 1 = *out filled (ownership of out->src passes to the
     * caller, released through out->ops->destroy), 0 = no more, -1 = error. */
    int (*next_kernel)(workload_t *w, kernel_desc_t *out, cs_error_t *err);
    void (*destroy)(workload_t *w);
} workload_ops_t;

struct workload {
    const workload_ops_t *ops;
};

static inline int workload_next_kernel(workload_t *w, kernel_desc_t *out, cs_error_t *err)
{
    return w->ops->next_kernel(w, out, err);
}
static inline void workload_destroy(workload_t *w)
{
    if (w)
        w->ops->destroy(w);
}

#endif
