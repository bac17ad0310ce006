/* timed_gpu.h — for tests: a runtime (include/ctasim_runtime.h) whose
 * launches run on a timing-model GPU of a given configuration, and the
 * cycles they took. Static inline: each test file includes it once. */
#ifndef CTASIM_TESTS_TIMED_GPU_H
#define CTASIM_TESTS_TIMED_GPU_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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

/* Loads PTX text `src` and runs its kernel `kernel` once to the end;
 * false with err (and a line printed) when any step fails. */
static inline bool timed_gpu_launch(timed_gpu_t *t, const char *src, const char *kernel, dim3_t grid, dim3_t block,
                                    void **args, uint32_t n_args, cs_error_t *err)
{
    ctasim_module_t *m;
    const bool ran = ctasim_module_load_string(t->rt, "test.ptx", src, strlen(src), &m, err) == 0 &&
                     ctasim_launch(t->rt, m, kernel, grid, block, 0, 0, args, n_args, err) == 0 &&
                     ctasim_synchronize(t->rt, err) == 0;
    if (!ran)
        printf("  %s\n", err->msg);
    return ran;
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
