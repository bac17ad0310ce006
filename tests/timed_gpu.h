/* timed_gpu.h — for tests: a runtime (include/ctasim_runtime.h) whose
 * launches run on a timing-model GPU of a given configuration, and the
 * cycles they took. Static inline: each test file includes it once. */
#ifndef CTASIM_TESTS_TIMED_GPU_H
#define CTASIM_TESTS_TIMED_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "ctasim_runtime.h"
#include "gpu/gpu.h"
#include "policy/registry.h"

typedef struct timed_gpu {
    gpu_t *gpu;
    ctasim_runtime_t *rt;
    ctasim_executor_t ex; /* the runtime keeps a pointer to it: the struct must not move while open */
} timed_gpu_t;

/* The GPU (default CTA and warp policies) and a runtime launching on it; -1 with err. */
static inline int timed_gpu_open(timed_gpu_t *t, const gpu_config_t *cfg, cs_error_t *err)
{
    t->gpu = gpu_create_named(cfg, NULL, NULL, err);
    if (!t->gpu)
        return -1;
    t->rt = ctasim_create();
    t->ex = (ctasim_executor_t){.ctx = t->gpu, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(t->rt, &t->ex);
    return 0;
}

/* Destroys both; returns the GPU's cycles so far when `ran` (0 otherwise). */
static inline uint64_t timed_gpu_close(timed_gpu_t *t, bool ran)
{
    gpu_totals_t tot = {0};
    if (ran)
        gpu_get_totals(t->gpu, &tot);
    ctasim_destroy(t->rt);
    gpu_destroy(t->gpu);
    return tot.cycles;
}

#endif
