/* test_launch.h — for the policy tests that drive a gpu_t directly: launch
 * the first kernel of a synthetic workload SPEC ("stream:ctas=64,...") on
 * STREAM. 0, or -1 with the reason printed. Static: each test program that
 * includes it gets its own copy. */
#ifndef CTASIM_TEST_LAUNCH_H
#define CTASIM_TEST_LAUNCH_H

#include <stdio.h>

#include "frontend/synth.h"
#include "gpu/gpu.h"

static int test_launch_spec(gpu_t *g, const char *spec, uint32_t stream)
{
    cs_error_t err;
    workload_t *w = synth_workload_open(spec, &err);
    if (!w) {
        printf("  %s: %s\n", spec, err.msg);
        return -1;
    }
    kernel_desc_t k;
    int rc = workload_next_kernel(w, &k, &err) == 1 ? 0 : -1;
    if (rc == 0) {
        k.stream = stream;
        rc = gpu_launch(g, &k, &err);
        if (rc < 0 && k.ops->destroy)
            k.ops->destroy(k.src);
    }
    if (rc < 0)
        printf("  %s: %s\n", spec, err.msg);
    workload_destroy(w);
    return rc;
}

#endif
