/* fake_libcuda.c — a stand-in for the CUDA driver (libcuda.so.1), for the
 * tests of `ctasim native` on machines without a GPU (every CI machine).
 *
 * It exports the driver entry points src/native/cuda_driver.c loads and
 * answers them with ctasim's own PTX runtime (functional execution), so
 * `CTASIM_LIBCUDA=build/tests/libfakecuda.so ctasim native VADD` drives the
 * whole native path — module loading, parameter passing, copies, module
 * variables, launches, events, the CTA cap's padding — and the workload's
 * own check says whether the arguments reached the kernel intact.
 *
 * What it pretends to be, so that tests can derive its answers by hand:
 * 132 SMs at 1980 MHz, 228 KB of shared memory per SM (233472 bytes), 227 KB
 * per block with opt-in, 1 KB reserved per CTA, 2048 threads and 32 CTAs
 * per SM. Its occupancy calculator counts threads, CTAs and shared memory
 * (no registers, no allocation granularity):
 *   CTAs per SM = min(32, 2048 / threads, 233472 / (static + dynamic + 1024)).
 * Each launch "takes" 0.001 ms per CTA, so times are deterministic, plus
 * the first-use costs the H100 showed on the first kernel of a run
 * (docs/FIDELITY.md, "What the errors point at", cause 1), modelled so that
 * a back-end that lets them into its timed runs gets the times wrong:
 *   - a function's first launch: + FIRST_LAUNCH_MS;
 *   - each buffer from cuMemAlloc a kernel argument points at for the
 *     first time (cold address translations): + COLD_BUFFER_MS;
 *   - a copy or memset not yet waited for (cuCtxSynchronize) when a launch
 *     is queued: its tail, + COPY_TAIL_MS, lands between the launch's events.
 * With CTASIM_FAKE_COUNTS set, the process's module loads, allocations and
 * streams are written to standard error at exit ("fake libcuda: ...").
 * Linked with -Bsymbolic: its ctasim_* calls stay inside it even though the
 * program that loads it defines functions of the same names. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctasim_runtime.h"

typedef int CUresult;
enum { OK = 0, INVALID_VALUE = 1, NOT_FOUND = 500, LAUNCH_FAILED = 719 };

static ctasim_runtime_t *rt;
static double clock_ms; /* the fake GPU's timeline */

#define FIRST_LAUNCH_MS 0.010
#define COLD_BUFFER_MS 0.005
#define COPY_TAIL_MS 0.002

static struct {
    unsigned module_loads, allocations, streams;
} counts;
static int copy_pending; /* a copy or memset since the last cuCtxSynchronize */

/* Live allocations and whether a kernel has touched each yet. */
typedef struct {
    uint64_t p;
    int touched;
} fake_buffer_t;
static fake_buffer_t *buffers;
static size_t n_buffers;

static void report_counts(void)
{
    fprintf(stderr, "fake libcuda: %u module loads, %u allocations, %u streams\n", counts.module_loads,
            counts.allocations, counts.streams);
}

typedef struct fake_func {
    ctasim_module_t *mod;
    char name[128];
    size_t nparams;
    size_t sizes[64];
    uint32_t regs, static_shmem;
    int max_dyn;
    int launched;
} fake_func_t;

typedef struct {
    double at;
    int recorded;
} fake_event_t;

enum { SM_COUNT = 132, CLOCK_KHZ = 1980000, SHMEM_PER_SM = 233472, SHMEM_OPTIN = 232448, RESERVED = 1024 };

CUresult cuInit(unsigned flags)
{
    (void)flags;
    if (!rt) {
        rt = ctasim_create();
        if (getenv("CTASIM_FAKE_COUNTS"))
            atexit(report_counts);
    }
    return OK;
}
CUresult cuDriverGetVersion(int *v)
{
    *v = 13000;
    return OK;
}
CUresult cuDeviceGet(int *d, int ordinal)
{
    *d = ordinal;
    return ordinal == 0 ? OK : INVALID_VALUE;
}
CUresult cuDeviceGetName(char *name, int len, int d)
{
    (void)d;
    snprintf(name, (size_t)len, "ctasim fake GPU (tests)");
    return OK;
}
CUresult cuDeviceGetAttribute(int *v, int attr, int d)
{
    (void)d;
    switch (attr) {
    case 13: *v = CLOCK_KHZ; break;
    case 16: *v = SM_COUNT; break;
    case 36: *v = 2619000; break;
    case 38: *v = 50 << 20; break;
    case 39: *v = 2048; break;
    case 75: *v = 9; break;
    case 76: *v = 0; break;
    case 81: *v = SHMEM_PER_SM; break;
    case 97: *v = SHMEM_OPTIN; break;
    case 111: *v = RESERVED; break;
    default: return INVALID_VALUE;
    }
    return OK;
}
CUresult cuDevicePrimaryCtxRetain(void **c, int d)
{
    (void)d;
    *c = &rt;
    return OK;
}
CUresult cuCtxSetCurrent(void *c)
{
    (void)c;
    return OK;
}
CUresult cuCtxSynchronize(void)
{
    copy_pending = 0;
    return ctasim_synchronize(rt, NULL) == 0 ? OK : LAUNCH_FAILED;
}

CUresult cuModuleLoadDataEx(void **m, const void *image, unsigned n, int *opts, void **vals)
{
    cs_error_t err;
    ctasim_module_t *mod;
    counts.module_loads++;
    if (ctasim_module_load_string(rt, "fake", image, strlen(image), &mod, &err) < 0) {
        for (unsigned i = 0; i < n; i++) /* the error log, as the driver fills it */
            if (opts[i] == 5)
                snprintf(vals[i], 256, "%.200s\n", err.msg);
        return 218; /* CUDA_ERROR_INVALID_PTX */
    }
    *m = mod;
    return OK;
}
CUresult cuModuleUnload(void *m)
{
    (void)m;
    return OK;
}
CUresult cuModuleGetFunction(void **f, void *m, const char *name)
{
    fake_func_t *fn = calloc(1, sizeof *fn);
    fn->mod = m;
    snprintf(fn->name, sizeof fn->name, "%s", name);
    if (ctasim_kernel_params(m, name, &fn->nparams, fn->sizes, 64, NULL) < 0 ||
        ctasim_kernel_resources(m, name, &fn->regs, &fn->static_shmem, NULL) < 0) {
        free(fn);
        return NOT_FOUND;
    }
    fn->max_dyn = 48 * 1024;
    *f = fn;
    return OK;
}
CUresult cuModuleGetGlobal_v2(uint64_t *p, size_t *bytes, void *m, const char *name)
{
    return ctasim_symbol_address(rt, m, name, p, bytes, NULL) == 0 ? OK : NOT_FOUND;
}
CUresult cuFuncGetAttribute(int *v, int attr, void *f)
{
    fake_func_t *fn = f;
    *v = attr == 4 ? (int)fn->regs : attr == 1 ? (int)fn->static_shmem : 0;
    return OK;
}
CUresult cuFuncSetAttribute(void *f, int attr, int v)
{
    fake_func_t *fn = f;
    if (attr == 8) {
        if (v < 0 || (uint32_t)v + fn->static_shmem > SHMEM_OPTIN)
            return INVALID_VALUE;
        fn->max_dyn = v;
    } else if (attr == 9 && (v < -1 || v > 100)) {
        return INVALID_VALUE;
    }
    return OK;
}
CUresult cuFuncGetParamInfo(void *f, size_t index, size_t *offset, size_t *bytes)
{
    fake_func_t *fn = f;
    if (index >= fn->nparams)
        return INVALID_VALUE;
    *offset = 0;
    *bytes = fn->sizes[index];
    return OK;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, void *f, int threads, size_t dyn)
{
    fake_func_t *fn = f;
    if (threads <= 0 || threads > 1024)
        return INVALID_VALUE;
    size_t per_cta = fn->static_shmem + dyn + RESERVED;
    size_t n = 32;
    n = n < 2048 / (size_t)threads ? n : 2048 / (size_t)threads;
    n = n < SHMEM_PER_SM / per_cta ? n : SHMEM_PER_SM / per_cta;
    *blocks = (int)n;
    return OK;
}
CUresult cuMemAlloc_v2(uint64_t *p, size_t bytes)
{
    if (ctasim_malloc(rt, p, bytes, NULL) < 0)
        return 2;
    counts.allocations++;
    buffers = realloc(buffers, (n_buffers + 1) * sizeof *buffers);
    buffers[n_buffers++] = (fake_buffer_t){*p, 0};
    return OK;
}
CUresult cuMemFree_v2(uint64_t p)
{
    for (size_t i = 0; i < n_buffers; i++)
        if (buffers[i].p == p) {
            buffers[i] = buffers[--n_buffers];
            break;
        }
    return ctasim_free(rt, p, NULL) == 0 ? OK : INVALID_VALUE;
}
/* What a launch adds to the timeline besides its CTAs (the costs above). */
static double first_use_ms(fake_func_t *fn, void **params)
{
    double ms = 0;
    if (!fn->launched)
        ms += FIRST_LAUNCH_MS;
    fn->launched = 1;
    for (size_t i = 0; i < fn->nparams; i++) {
        if (fn->sizes[i] != 8)
            continue;
        uint64_t v;
        memcpy(&v, params[i], 8);
        for (size_t b = 0; b < n_buffers; b++)
            if (buffers[b].p == v && !buffers[b].touched) {
                buffers[b].touched = 1;
                ms += COLD_BUFFER_MS;
            }
    }
    if (copy_pending)
        ms += COPY_TAIL_MS;
    copy_pending = 0;
    return ms;
}
CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n)
{
    copy_pending = 1;
    return ctasim_memcpy_htod(rt, dst, src, n, NULL) == 0 ? OK : INVALID_VALUE;
}
CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n)
{
    return ctasim_memcpy_dtoh(rt, dst, src, n, NULL) == 0 ? OK : INVALID_VALUE;
}
CUresult cuMemsetD8_v2(uint64_t dst, unsigned char v, size_t n)
{
    copy_pending = 1;
    return ctasim_memset(rt, dst, v, n, NULL) == 0 ? OK : INVALID_VALUE;
}
CUresult cuStreamCreate(void **s, unsigned flags)
{
    (void)flags;
    static int streams;
    counts.streams++;
    *s = &streams;
    return OK;
}
CUresult cuEventCreate(void **e, unsigned flags)
{
    (void)flags;
    *e = calloc(1, sizeof(fake_event_t));
    return OK;
}
CUresult cuEventDestroy_v2(void *e)
{
    free(e);
    return OK;
}
CUresult cuEventRecord(void *e, void *s)
{
    (void)s;
    fake_event_t *ev = e;
    ev->at = clock_ms;
    ev->recorded = 1;
    return OK;
}
CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b)
{
    fake_event_t *x = a, *y = b;
    if (!x->recorded || !y->recorded)
        return 600; /* CUDA_ERROR_NOT_READY */
    *ms = (float)(y->at - x->at);
    return OK;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shmem, void *s, void **params, void **extra)
{
    (void)s;
    (void)extra;
    fake_func_t *fn = f;
    if ((int)shmem > fn->max_dyn || shmem + fn->static_shmem > SHMEM_OPTIN)
        return INVALID_VALUE; /* as the driver: over the function's dynamic limit */
    dim3_t grid = {gx, gy, gz}, block = {bx, by, bz};
    if (ctasim_launch(rt, fn->mod, fn->name, grid, block, shmem, 0, params, fn->nparams, NULL) < 0)
        return LAUNCH_FAILED;
    clock_ms += first_use_ms(fn, params) + 0.001 * (double)gx * gy * gz;
    return OK;
}
/* cuLaunchKernelEx with CUlaunchConfig / CUlaunchAttribute as CUDA 12+ lay
 * them out; the cluster-dimension attribute (id 4) is the one understood. */
typedef struct {
    int id;
    char pad[4];
    union {
        char bytes[64];
        void *align;
        unsigned dim[3];
    } value;
} fake_attr_t;
typedef struct {
    unsigned grid[3], block[3], shmem;
    void *stream;
    fake_attr_t *attrs;
    unsigned nattrs;
} fake_config_t;
CUresult cuLaunchKernelEx(const fake_config_t *cfg, void *f, void **params, void **extra)
{
    (void)extra;
    fake_func_t *fn = f;
    dim3_t cluster = {0, 0, 0};
    for (unsigned i = 0; i < cfg->nattrs; i++) {
        if (cfg->attrs[i].id != 4)
            return INVALID_VALUE;
        cluster = (dim3_t){cfg->attrs[i].value.dim[0], cfg->attrs[i].value.dim[1], cfg->attrs[i].value.dim[2]};
    }
    dim3_t grid = {cfg->grid[0], cfg->grid[1], cfg->grid[2]}, block = {cfg->block[0], cfg->block[1], cfg->block[2]};
    if ((int)cfg->shmem > fn->max_dyn)
        return INVALID_VALUE;
    if (ctasim_launch_cluster(rt, fn->mod, fn->name, grid, block, cluster, cfg->shmem, 0, params, fn->nparams, NULL) < 0)
        return LAUNCH_FAILED;
    clock_ms += first_use_ms(fn, params) + 0.001 * (double)grid.x * grid.y * grid.z;
    return OK;
}
CUresult cuGetErrorString(CUresult r, const char **s)
{
    *s = r == INVALID_VALUE ? "invalid argument (fake driver)" : "error (fake driver)";
    return OK;
}
