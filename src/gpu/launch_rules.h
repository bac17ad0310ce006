/* launch_rules.h — when a queued kernel may start and which kernels may
 * share a core: the rules of the launch queue and the dispatcher (gpu.c),
 * which the run-ahead windows (run_ahead.c) must foresee. */
#ifndef CTASIM_LAUNCH_RULES_H
#define CTASIM_LAUNCH_RULES_H

#include "gpu_internal.h"

/* When queued kernel `i` may start, or CS_NEVER while an earlier kernel of
 * its stream is unfinished. As in GPGPU-Sim/Accel-Sim, a stream's kernels run
 * one after another and each pays the launch latency from the moment it could
 * be launched: its host launch, or the end of its stream predecessor,
 * whichever is later (so a trace of N kernels pays N launch latencies). */
static inline uint64_t gpu_kernel_ready_cycle(const struct gpu *g, uint32_t i)
{
    const kernel_run_t *k = g->kernels[i];
    uint64_t from = k->launch_cycle;
    for (uint32_t j = i; j-- > 0;) {
        const kernel_run_t *p = g->kernels[j];
        if (p->desc.stream != k->desc.stream)
            continue;
        if (p->state != KERNEL_DONE)
            return CS_NEVER;
        if (p->end_cycle > from)
            from = p->end_cycle;
        break; /* the nearest predecessor finished after all earlier ones */
    }
    return from + g->cfg.kernel_launch_latency;
}

/* -gpgpu_concurrent_kernel_sm 0: k may not join a core holding another kernel's CTAs. */
static inline bool gpu_core_held_by_other(const struct gpu *g, const sm_t *s, const kernel_run_t *k)
{
    return !g->cfg.concurrent_kernel_sm && s->used_ctas && sm_resident_ctas(s, k) != s->used_ctas;
}

#endif
