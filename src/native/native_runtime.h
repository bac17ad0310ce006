/* native_runtime.h — the runtime API of include/ctasim_runtime.h on a real
 * GPU, through the CUDA driver (cuda_driver.h).
 *
 * The suite's drivers (src/apps/) call ctasim_malloc, ctasim_launch, ... and
 * do not know which implementation they are linked with: the simulator's
 * (src/frontend/ptx/runtime.c, linked into build/ctasim) or this one (linked
 * into build/ctasim-native only). Same PTX, same inputs, same checks.
 *
 * What the GPU adds, set once per process with native_setup():
 *  - every launch is bracketed by two CUDA events, so each kernel's GPU time
 *    is known after the run (native_launches);
 *  - device buffers and streams outlive a run (native_release_buffers), and
 *    copies queued before a launch finish before its start event: a timed
 *    run's events hold its kernels, not first-use costs or transfers;
 *  - a CTA cap per SM is made by padding the launch's dynamic shared memory
 *    until the driver's occupancy calculator allows no more than the cap
 *    (the kernel never touches the padding), with the shared-memory
 *    carve-out pinned so that the L1's size does not change with the cap.
 */
#ifndef CTASIM_NATIVE_RUNTIME_H
#define CTASIM_NATIVE_RUNTIME_H

#include "ctasim_runtime.h"

typedef struct native_setup {
    uint32_t max_ctas;   /* CTAs per SM at most; 0 = as many as fit */
    int carveout_pct;    /* shared-memory carve-out in percent, -1 = the driver's choice */
} native_setup_t;

typedef struct native_device_info {
    char name[128];
    int driver_version; /* e.g. 13000 */
    int cc_major, cc_minor;
    int sm_count;
    int clock_khz;  /* the SM clock the driver reports (maximum boost) */
    int mem_clock_khz;
    int l2_bytes;
    int shmem_per_sm, shmem_per_block_optin, shmem_reserved_per_block;
} native_device_info_t;

/* Load the driver, take the first GPU's primary context. Called once before
 * ctasim_create (which fails with a clear line otherwise). */
int native_setup(const native_setup_t *s, native_device_info_t *info, cs_error_t *err);

/* One kernel launch as the GPU ran it. */
typedef struct native_launch {
    char kernel[96];
    dim3_t grid, block;
    uint32_t dyn_shmem;     /* what the program asked for */
    uint32_t pad_shmem;     /* added to make the CTA cap */
    int ctas_per_sm;        /* the driver's occupancy answer with the padding */
    int regs;               /* registers per thread ptxas chose for this GPU */
    float ms;               /* GPU time between the launch's two events */
} native_launch_t;

/* The launches of rt so far, in launch order; times are known once
 * ctasim_synchronize (or a copy back) has returned. */
size_t native_launches(const ctasim_runtime_t *rt, const native_launch_t **out);

/* Free the device buffers finished runs gave back. Between the runs of one
 * workload a buffer is kept and handed to the next run's allocation of the
 * same size (so the timed runs use the buffers the warm-up run's kernels
 * already touched); between workloads they go. */
void native_release_buffers(void);

/* Keep the GPU busy for about ms milliseconds (a spin kernel on every SM):
 * an idle H100 runs at 345 MHz and takes a while to reach its boost clock. */
int native_warm_up(double ms, cs_error_t *err);

#endif
