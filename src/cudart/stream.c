/* stream.c — streams, events and synchronisation.
 *
 * Kernels of different streams are queued together and simulated as one
 * batch at the next synchronising call, so the timing model runs them
 * concurrently where the config allows (-gpgpu_max_concurrent_kernel).
 * An event records the simulated time: recording runs everything queued
 * and takes the GPU's core cycle; cudaEventElapsedTime converts cycles
 * with the config's core clock. The host's own time is not simulated. */
#include <stdlib.h>

#include "cudart/cudart.h"

struct CUstream_st {
    uint32_t id;
};

struct CUevent_st {
    uint64_t cycle;
    bool recorded, timing;
};

/* handles 0, cudaStreamLegacy (1) and cudaStreamPerThread (2) are the default stream */
uint32_t cr_stream_id(cudaStream_t s) { return (uintptr_t)s <= 2 ? 0 : s->id; }

static uint32_t next_stream = 1;

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags)
{
    (void)flags;
    if (!s)
        return cr_ret(cudaErrorInvalidValue);
    cr_lock();
    *s = cs_xcalloc(1, sizeof **s);
    (*s)->id = next_stream++;
    cr_unlock();
    return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *s) { return cudaStreamCreateWithFlags(s, 0); }

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int priority)
{
    (void)priority;
    return cudaStreamCreateWithFlags(s, flags);
}

cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    if ((uintptr_t)s <= 2)
        return cr_ret(cudaErrorInvalidResourceHandle);
    free(s); /* its queued work still runs: the queue holds only its id */
    return cudaSuccess;
}

static cudaError_t sync_all(void)
{
    cr_lock();
    cr_sync();
    cr_unlock();
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    (void)s;
    return sync_all();
}

cudaError_t cudaStreamQuery(cudaStream_t s)
{
    (void)s;
    return sync_all(); /* done once simulated */
}

cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags)
{
    (void)s, (void)flags;
    /* the event was recorded after everything before it had run */
    return e ? cudaSuccess : cr_ret(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaDeviceSynchronize(void) { return sync_all(); }

cudaError_t cudaThreadSynchronize(void) { return sync_all(); }

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags)
{
    if (!e)
        return cr_ret(cudaErrorInvalidValue);
    *e = cs_xcalloc(1, sizeof **e);
    (*e)->timing = !(flags & 0x02); /* cudaEventDisableTiming */
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *e) { return cudaEventCreateWithFlags(e, 0); }

cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    if (!e)
        return cr_ret(cudaErrorInvalidResourceHandle);
    free(e);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    (void)s;
    if (!e)
        return cr_ret(cudaErrorInvalidResourceHandle);
    cr_lock();
    cr_sync();
    e->cycle = gpu_cycle(cr.g);
    e->recorded = true;
    cr_unlock();
    return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s, unsigned flags)
{
    (void)flags;
    return cudaEventRecord(e, s);
}

cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    return e ? cudaSuccess : cr_ret(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventQuery(cudaEvent_t e)
{
    return e ? cudaSuccess : cr_ret(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms)
        return cr_ret(cudaErrorInvalidValue);
    if (!start || !end)
        return cr_ret(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded)
        return cr_ret(cudaErrorInvalidResourceHandle);
    if (!start->timing || !end->timing)
        return cr_ret(cudaErrorInvalidResourceHandle);
    double cycles = (double)end->cycle - (double)start->cycle;
    *ms = (float)(cycles / (cr.cfg->clk_core_mhz * 1e3)); /* MHz * 1e3 = cycles per ms */
    return cudaSuccess;
}
