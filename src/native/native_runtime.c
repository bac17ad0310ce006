/* native_runtime.c — include/ctasim_runtime.h on a real GPU (see
 * native_runtime.h). Linked into build/ctasim-native only; the simulator's
 * implementation of the same functions is src/frontend/ptx/runtime.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuda_driver.h"
#include "native_runtime.h"

/* A device buffer a finished run gave back, kept for the next run of the
 * same workload (native_release_buffers frees them between workloads). */
typedef struct {
    cu_deviceptr_t p;
    size_t bytes;
} kept_buffer_t;

typedef struct stream_slot {
    uint32_t id;
    cu_stream_t s;
} stream_slot_t;

/* The process's one GPU, driver and settings: a CUDA context is per process
 * and JIT-compiling a module costs milliseconds, so modules outlive the
 * runtimes that loaded them (a workload run five times compiles once).
 * So do the device buffers and streams: on an H100 the first kernel of
 * every timed run took 5.6 to 24.4 us longer than later launches of it
 * (docs/FIDELITY.md, "What the errors point at", cause 1) when each run
 * allocated fresh buffers and streams; a buffer of a size an earlier run of
 * the workload freed is that run's buffer again (zeroed, its pages already
 * mapped by the warm-up run's kernels), and a stream id is the same stream
 * in every run. */
static struct {
    int ready;
    cuda_driver_t drv;
    cu_device_t dev;
    cu_context_t ctx;
    native_setup_t setup;
    native_device_info_t info;
    ctasim_module_t *modules;
    kept_buffer_t *kept;
    size_t n_kept, kept_cap;
    stream_slot_t *streams;
    size_t n_streams;
} gpu;

/* A kernel of a module, with what its launches need decided once. */
typedef struct native_func {
    char *name;
    cu_function_t fn;
    int nparams;          /* -1: the driver cannot say (before CUDA 12.4) */
    int regs, static_shmem;
    int attrs_set;        /* carve-out and dynamic-shared-memory limit applied */
    /* the last padding decided: block size and dynamic shared memory it was for */
    unsigned pad_threads, pad_dyn, pad, pad_ctas;
    struct native_func *next;
} native_func_t;

struct ctasim_module {
    char *path;
    cu_module_t mod;
    native_func_t *funcs;
    ctasim_module_t *next;
};

typedef struct {
    cu_event_t start, end;
} event_pair_t;

struct ctasim_runtime {
    cu_deviceptr_t *allocs;
    size_t *alloc_bytes;
    size_t n_allocs, allocs_cap;
    native_launch_t *launches;
    event_pair_t *events; /* per launch; NULL fields once its time is read */
    size_t n_launches, launches_cap;
    /* a copy or memset was queued since the last wait for the GPU: the next
     * launch waits for it before its start event, so that its time is the
     * kernel's alone, not the end of a transfer */
    int transfer_queued;
};

static int drv_fail(cs_error_t *err, const char *what, cu_result_t r)
{
    return cs_err(err, NULL, 0, "native: %s: %s", what, cuda_driver_error(&gpu.drv, r));
}

static int attr(int which)
{
    int v = 0;
    return gpu.drv.device_attr(&v, which, gpu.dev) == 0 ? v : 0;
}

int native_setup(const native_setup_t *s, native_device_info_t *info, cs_error_t *err)
{
    if (!gpu.ready) {
        if (cuda_driver_load(&gpu.drv, err) < 0)
            return -1;
        cu_result_t r;
        if ((r = gpu.drv.init(0)) != 0)
            return drv_fail(err, "cuInit (is there a GPU?)", r);
        if ((r = gpu.drv.device_get(&gpu.dev, 0)) != 0)
            return drv_fail(err, "cuDeviceGet(0)", r);
        if ((r = gpu.drv.primary_ctx_retain(&gpu.ctx, gpu.dev)) != 0 || (r = gpu.drv.ctx_set_current(gpu.ctx)) != 0)
            return drv_fail(err, "the GPU's primary context", r);
        native_device_info_t *d = &gpu.info;
        gpu.drv.device_get_name(d->name, sizeof d->name - 1, gpu.dev);
        gpu.drv.driver_version(&d->driver_version);
        d->cc_major = attr(CUDEV_CC_MAJOR);
        d->cc_minor = attr(CUDEV_CC_MINOR);
        d->sm_count = attr(CUDEV_SM_COUNT);
        d->clock_khz = attr(CUDEV_CLOCK_RATE_KHZ);
        d->mem_clock_khz = attr(CUDEV_MEMORY_CLOCK_KHZ);
        d->l2_bytes = attr(CUDEV_L2_BYTES);
        d->shmem_per_sm = attr(CUDEV_SHMEM_PER_SM);
        d->shmem_per_block_optin = attr(CUDEV_SHMEM_PER_BLOCK_OPTIN);
        d->shmem_reserved_per_block = attr(CUDEV_SHMEM_RESERVED_PER_BLOCK);
        gpu.ready = 1;
    }
    if (s->carveout_pct > 100)
        return cs_err(err, NULL, 0, "native: carve-out %d %% is not a percentage", s->carveout_pct);
    gpu.setup = *s;
    if (info)
        *info = gpu.info;
    return 0;
}

ctasim_runtime_t *ctasim_create(void)
{
    if (!gpu.ready)
        return NULL; /* native_setup first; the caller checks */
    return cs_xcalloc(1, sizeof(ctasim_runtime_t));
}

static void read_times(ctasim_runtime_t *rt)
{
    for (size_t i = 0; i < rt->n_launches; i++) {
        event_pair_t *e = &rt->events[i];
        if (!e->start)
            continue;
        float ms = -1;
        if (gpu.drv.event_elapsed(&ms, e->start, e->end) == 0)
            rt->launches[i].ms = ms;
        gpu.drv.event_destroy(e->start);
        gpu.drv.event_destroy(e->end);
        e->start = e->end = NULL;
    }
}

int ctasim_synchronize(ctasim_runtime_t *rt, cs_error_t *err)
{
    cu_result_t r = gpu.drv.ctx_synchronize();
    if (r != 0)
        return drv_fail(err, "a kernel failed on the GPU", r);
    rt->transfer_queued = 0;
    read_times(rt);
    return 0;
}

/* A buffer a run is done with, for the next run's allocation of its size. */
static void keep_buffer(cu_deviceptr_t p, size_t bytes)
{
    if (gpu.n_kept == gpu.kept_cap) {
        gpu.kept_cap = gpu.kept_cap ? 2 * gpu.kept_cap : 32;
        gpu.kept = cs_xrealloc(gpu.kept, gpu.kept_cap * sizeof *gpu.kept);
    }
    gpu.kept[gpu.n_kept++] = (kept_buffer_t){p, bytes};
}

/* The kept buffer of exactly `bytes` given back first (runs of a workload
 * allocate the same sizes in the same order), or 0. */
static cu_deviceptr_t reuse_buffer(size_t bytes)
{
    for (size_t i = 0; i < gpu.n_kept; i++)
        if (gpu.kept[i].bytes == bytes) {
            cu_deviceptr_t p = gpu.kept[i].p;
            memmove(&gpu.kept[i], &gpu.kept[i + 1], (gpu.n_kept - i - 1) * sizeof *gpu.kept);
            gpu.n_kept--;
            return p;
        }
    return 0;
}

void ctasim_destroy(ctasim_runtime_t *rt)
{
    if (!rt)
        return;
    gpu.drv.ctx_synchronize();
    read_times(rt);
    for (size_t i = 0; i < rt->n_allocs; i++)
        if (rt->allocs[i])
            keep_buffer(rt->allocs[i], rt->alloc_bytes[i]);
    free(rt->allocs);
    free(rt->alloc_bytes);
    free(rt->launches);
    free(rt->events);
    free(rt);
}

void native_release_buffers(void)
{
    for (size_t i = 0; i < gpu.n_kept; i++)
        gpu.drv.mem_free(gpu.kept[i].p);
    gpu.n_kept = 0;
}

void ctasim_set_executor(ctasim_runtime_t *rt, const ctasim_executor_t *ex)
{
    (void)rt;
    (void)ex; /* the GPU runs the launches: there is no executor to choose */
}

static int load_image(const char *name, const char *ptx, ctasim_module_t **out, cs_error_t *err)
{
    for (ctasim_module_t *m = gpu.modules; m; m = m->next)
        if (!strcmp(m->path, name)) {
            *out = m;
            return 0;
        }
    char log[4096] = "";
    int opts[] = {CUJIT_ERROR_LOG, CUJIT_ERROR_LOG_SIZE};
    void *vals[] = {log, (void *)(uintptr_t)sizeof log};
    cu_module_t mod;
    cu_result_t r = gpu.drv.module_load_data_ex(&mod, ptx, 2, opts, vals);
    if (r != 0) {
        char *nl = strchr(log, '\n');
        if (nl)
            *nl = 0;
        return cs_err(err, name, 0, "the driver refused the PTX: %s%s%s", cuda_driver_error(&gpu.drv, r),
                      log[0] ? ": " : "", log);
    }
    ctasim_module_t *m = cs_xcalloc(1, sizeof *m);
    m->path = cs_xstrdup(name);
    m->mod = mod;
    m->next = gpu.modules;
    gpu.modules = m;
    *out = m;
    return 0;
}

int ctasim_module_load_file(ctasim_runtime_t *rt, const char *path, ctasim_module_t **out, cs_error_t *err)
{
    (void)rt;
    for (ctasim_module_t *m = gpu.modules; m; m = m->next)
        if (!strcmp(m->path, path)) {
            *out = m;
            return 0;
        }
    char *text;
    size_t len;
    if (cs_read_file(path, 64u << 20, &text, &len, err) < 0)
        return -1;
    int rc = load_image(path, text, out, err);
    free(text);
    return rc;
}

int ctasim_module_load_string(ctasim_runtime_t *rt, const char *name, const char *ptx, size_t len,
                              ctasim_module_t **out, cs_error_t *err)
{
    (void)rt;
    char *text = cs_xmalloc(len + 1);
    memcpy(text, ptx, len);
    text[len] = 0;
    int rc = load_image(name, text, out, err);
    free(text);
    return rc;
}

static native_func_t *find_func(ctasim_module_t *mod, const char *kernel, cs_error_t *err)
{
    for (native_func_t *f = mod->funcs; f; f = f->next)
        if (!strcmp(f->name, kernel))
            return f;
    cu_function_t fn;
    cu_result_t r = gpu.drv.module_get_function(&fn, mod->mod, kernel);
    if (r != 0) {
        cs_err(err, mod->path, 0, "no kernel '%s' on the GPU: %s", kernel, cuda_driver_error(&gpu.drv, r));
        return NULL;
    }
    native_func_t *f = cs_xcalloc(1, sizeof *f);
    f->name = cs_xstrdup(kernel);
    f->fn = fn;
    f->nparams = -1;
    if (gpu.drv.func_get_param_info) {
        size_t off, bytes;
        int n = 0;
        while (n < 4096 && gpu.drv.func_get_param_info(fn, (size_t)n, &off, &bytes) == 0)
            n++;
        f->nparams = n;
    }
    gpu.drv.func_get_attr(&f->regs, CUFUNC_NUM_REGS, fn);
    gpu.drv.func_get_attr(&f->static_shmem, CUFUNC_STATIC_SHMEM, fn);
    f->next = mod->funcs;
    mod->funcs = f;
    return f;
}

int ctasim_set_kernel_regs(ctasim_module_t *mod, const char *kernel, uint32_t regs, cs_error_t *err)
{
    (void)regs;
    return cs_err(err, mod->path, 0, "%s: on a GPU ptxas decides the registers; --regs applies to simulation only",
                  kernel);
}

int ctasim_kernel_resources(ctasim_module_t *mod, const char *kernel, uint32_t *regs, uint32_t *static_shmem,
                            cs_error_t *err)
{
    native_func_t *f = find_func(mod, kernel, err);
    if (!f)
        return -1;
    if (regs)
        *regs = (uint32_t)f->regs;
    if (static_shmem)
        *static_shmem = (uint32_t)f->static_shmem;
    return 0;
}

int ctasim_kernel_params(ctasim_module_t *mod, const char *kernel, size_t *count, size_t *sizes, size_t max,
                         cs_error_t *err)
{
    native_func_t *f = find_func(mod, kernel, err);
    if (!f)
        return -1;
    if (f->nparams < 0)
        return cs_err(err, mod->path, 0, "%s: this driver cannot list a kernel's parameters (CUDA 12.4+ can)",
                      kernel);
    *count = (size_t)f->nparams;
    for (size_t i = 0; i < max && i < (size_t)f->nparams; i++) {
        size_t off;
        gpu.drv.func_get_param_info(f->fn, i, &off, &sizes[i]);
    }
    return 0;
}

int ctasim_kernel_param_info(ctasim_module_t *mod, const char *kernel, const char **names, const char **types,
                             size_t max, cs_error_t *err)
{
    (void)names;
    (void)types;
    (void)max;
    return cs_err(err, mod->path, 0, "%s: parameter names and types are known to the simulator's PTX parser only",
                  kernel);
}

static void track_alloc(ctasim_runtime_t *rt, cu_deviceptr_t p, size_t bytes)
{
    if (rt->n_allocs == rt->allocs_cap) {
        rt->allocs_cap = rt->allocs_cap ? 2 * rt->allocs_cap : 32;
        rt->allocs = cs_xrealloc(rt->allocs, rt->allocs_cap * sizeof *rt->allocs);
        rt->alloc_bytes = cs_xrealloc(rt->alloc_bytes, rt->allocs_cap * sizeof *rt->alloc_bytes);
    }
    rt->alloc_bytes[rt->n_allocs] = bytes;
    rt->allocs[rt->n_allocs++] = p;
}

int ctasim_malloc(ctasim_runtime_t *rt, uint64_t *dptr, size_t bytes, cs_error_t *err)
{
    size_t n = bytes ? bytes : 1;
    cu_deviceptr_t p = reuse_buffer(n);
    cu_result_t r;
    if (p) {
        /* as fresh as a new allocation reads in practice: zeroed (a driver
         * that relies on fresh memory being zero still passes its check) */
        if ((r = gpu.drv.memset_d8(p, 0, n)) != 0) {
            gpu.drv.mem_free(p);
            return drv_fail(err, "cuMemsetD8 (clearing a reused buffer)", r);
        }
        rt->transfer_queued = 1;
    } else if ((r = gpu.drv.mem_alloc(&p, n)) != 0) {
        char what[64];
        snprintf(what, sizeof what, "cuMemAlloc(%zu bytes)", bytes);
        return drv_fail(err, what, r);
    }
    track_alloc(rt, p, n);
    *dptr = p;
    return 0;
}

int ctasim_free(ctasim_runtime_t *rt, uint64_t dptr, cs_error_t *err)
{
    for (size_t i = 0; i < rt->n_allocs; i++)
        if (rt->allocs[i] == dptr) {
            rt->allocs[i] = 0;
            keep_buffer(dptr, rt->alloc_bytes[i]);
            return 0;
        }
    return cs_err(err, NULL, 0, "native: free of 0x%llx, which ctasim_malloc did not return",
                  (unsigned long long)dptr);
}

int ctasim_memcpy_htod(ctasim_runtime_t *rt, uint64_t dst, const void *src, size_t bytes, cs_error_t *err)
{
    rt->transfer_queued = 1;
    cu_result_t r = gpu.drv.memcpy_htod(dst, src, bytes);
    return r ? drv_fail(err, "copy to the GPU", r) : 0;
}

int ctasim_memcpy_dtoh(ctasim_runtime_t *rt, void *dst, uint64_t src, size_t bytes, cs_error_t *err)
{
    if (ctasim_synchronize(rt, err) < 0) /* a failed kernel is named as such, not as a failed copy */
        return -1;
    cu_result_t r = gpu.drv.memcpy_dtoh(dst, src, bytes);
    return r ? drv_fail(err, "copy from the GPU", r) : 0;
}

int ctasim_memset(ctasim_runtime_t *rt, uint64_t dst, int value, size_t bytes, cs_error_t *err)
{
    rt->transfer_queued = 1;
    cu_result_t r = gpu.drv.memset_d8(dst, (unsigned char)value, bytes);
    return r ? drv_fail(err, "cuMemsetD8", r) : 0;
}

int ctasim_symbol_address(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *symbol, uint64_t *addr,
                          size_t *size, cs_error_t *err)
{
    (void)rt;
    cu_deviceptr_t p;
    size_t n;
    cu_result_t r = gpu.drv.module_get_global(&p, &n, mod->mod, symbol);
    if (r != 0)
        return cs_err(err, mod->path, 0, "no module variable '%s' on the GPU: %s", symbol,
                      cuda_driver_error(&gpu.drv, r));
    *addr = p;
    if (size)
        *size = n;
    return 0;
}

int ctasim_set_const(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *symbol, const void *src, size_t bytes,
                     cs_error_t *err)
{
    uint64_t p;
    size_t n;
    if (ctasim_symbol_address(rt, mod, symbol, &p, &n, err) < 0)
        return -1;
    if (bytes > n)
        return cs_err(err, mod->path, 0, "'%s' holds %zu bytes; %zu written", symbol, n, bytes);
    /* a launch queued before reads the old value: the copy waits for it */
    if (ctasim_synchronize(rt, err) < 0)
        return -1;
    return ctasim_memcpy_htod(rt, p, src, bytes, err);
}

/* The dynamic shared memory to add to a launch so that at most the cap's
 * CTAs fit on an SM, asked of the driver's own occupancy calculator (which
 * knows the registers, warps and shared-memory granularity of this GPU):
 * the smallest padding whose answer is at most the cap, by bisection. */
static int decide_padding(native_func_t *f, unsigned threads, unsigned dyn, cs_error_t *err)
{
    if (f->pad_threads == threads && f->pad_dyn == dyn && f->pad_ctas)
        return 0;
    const native_device_info_t *d = &gpu.info;
    if (!f->attrs_set) {
        cu_result_t r;
        if (gpu.setup.carveout_pct >= 0 &&
            (r = gpu.drv.func_set_attr(f->fn, CUFUNC_CARVEOUT_PCT, gpu.setup.carveout_pct)) != 0)
            return drv_fail(err, "pinning the shared-memory carve-out", r);
        int most = d->shmem_per_block_optin - f->static_shmem;
        if (gpu.setup.max_ctas && most > 0 && (r = gpu.drv.func_set_attr(f->fn, CUFUNC_MAX_DYN_SHMEM, most)) != 0)
            return drv_fail(err, "allowing opt-in dynamic shared memory", r);
        f->attrs_set = 1;
    }
    int n = 0;
    cu_result_t r = gpu.drv.occupancy(&n, f->fn, (int)threads, dyn);
    if (r != 0)
        return drv_fail(err, "the occupancy calculator", r);
    unsigned pad = 0;
    if (gpu.setup.max_ctas && (unsigned)n > gpu.setup.max_ctas) {
        unsigned lo = 1, hi = (unsigned)(d->shmem_per_block_optin - f->static_shmem) - dyn;
        int at_hi = 0;
        if ((r = gpu.drv.occupancy(&at_hi, f->fn, (int)threads, dyn + hi)) != 0)
            return drv_fail(err, "the occupancy calculator", r);
        if ((unsigned)at_hi > gpu.setup.max_ctas)
            return cs_err(err, NULL, 0, "native: %s: no padding of shared memory caps it at %u CTAs per SM (%d fit)",
                          f->name, gpu.setup.max_ctas, at_hi);
        while (lo < hi) { /* invariant: occupancy(hi) <= cap */
            unsigned mid = lo + (hi - lo) / 2;
            int m = 0;
            if ((r = gpu.drv.occupancy(&m, f->fn, (int)threads, dyn + mid)) != 0)
                return drv_fail(err, "the occupancy calculator", r);
            if ((unsigned)m <= gpu.setup.max_ctas)
                hi = mid;
            else
                lo = mid + 1;
        }
        pad = hi;
        if ((r = gpu.drv.occupancy(&n, f->fn, (int)threads, dyn + pad)) != 0)
            return drv_fail(err, "the occupancy calculator", r);
    }
    f->pad_threads = threads;
    f->pad_dyn = dyn;
    f->pad = pad;
    f->pad_ctas = (unsigned)n;
    return 0;
}

/* The stream of a program's stream id: created at its first use in the
 * process and the same one in every later run (the driver keeps streams
 * until the context ends, which is the process's end). */
static cu_stream_t stream_for(uint32_t id, cs_error_t *err, int *ok)
{
    *ok = 1;
    if (id == 0)
        return NULL; /* the legacy default stream: copies order after it */
    for (size_t i = 0; i < gpu.n_streams; i++)
        if (gpu.streams[i].id == id)
            return gpu.streams[i].s;
    cu_stream_t s;
    cu_result_t r = gpu.drv.stream_create(&s, 0);
    if (r != 0) {
        *ok = 0;
        drv_fail(err, "cuStreamCreate", r);
        return NULL;
    }
    gpu.streams = cs_xrealloc(gpu.streams, (gpu.n_streams + 1) * sizeof *gpu.streams);
    gpu.streams[gpu.n_streams++] = (stream_slot_t){id, s};
    return s;
}

int ctasim_launch(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *kernel, dim3_t grid, dim3_t block,
                  uint32_t dyn_shmem, uint32_t stream, void *const *args, size_t nargs, cs_error_t *err)
{
    dim3_t none = {0, 0, 0};
    return ctasim_launch_cluster(rt, mod, kernel, grid, block, none, dyn_shmem, stream, args, nargs, err);
}

/* A launch with a cluster shape goes through cuLaunchKernelEx with the
 * cluster-dimension attribute (a kernel compiled with __cluster_dims__
 * needs none: the driver knows its shape); a cluster of more than 8 CTAs
 * first allows the non-portable sizes for the kernel, as CUDA requires. */
static cu_result_t launch_on(native_func_t *f, dim3_t grid, dim3_t block, dim3_t cluster, unsigned shmem,
                             cu_stream_t s, void *const *args, cs_error_t *err, int *refused)
{
    *refused = 0;
    if (!cluster.x && !cluster.y && !cluster.z)
        return gpu.drv.launch(f->fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shmem, s, (void **)args,
                              NULL);
    if (!gpu.drv.launch_ex) {
        *refused = 1;
        cs_err(err, NULL, 0, "native: %s: a cluster launch needs cuLaunchKernelEx (CUDA 12+ driver)", f->name);
        return -1;
    }
    if (dim3_count(cluster) > 8)
        gpu.drv.func_set_attr(f->fn, CUFUNC_NON_PORTABLE_CLUSTER_OK, 1);
    cu_launch_attr_t attr;
    memset(&attr, 0, sizeof attr);
    attr.id = CULAUNCH_CLUSTER_DIMENSION;
    attr.value.cluster_dim.x = cluster.x ? cluster.x : 1;
    attr.value.cluster_dim.y = cluster.y ? cluster.y : 1;
    attr.value.cluster_dim.z = cluster.z ? cluster.z : 1;
    cu_launch_config_t cfg = {{grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, shmem, s, &attr, 1};
    return gpu.drv.launch_ex(&cfg, f->fn, (void **)args, NULL);
}

int ctasim_launch_cluster(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *kernel, dim3_t grid, dim3_t block,
                          dim3_t cluster, uint32_t dyn_shmem, uint32_t stream, void *const *args, size_t nargs,
                          cs_error_t *err)
{
    native_func_t *f = find_func(mod, kernel, err);
    if (!f)
        return -1;
    if (f->nparams >= 0 && (size_t)f->nparams != nargs)
        return cs_err(err, mod->path, 0, "%s takes %d parameters, %zu given", kernel, f->nparams, nargs);
    unsigned threads = block.x * block.y * block.z;
    if (decide_padding(f, threads, dyn_shmem, err) < 0)
        return -1;
    int ok;
    cu_stream_t s = stream_for(stream, err, &ok);
    if (!ok)
        return -1;
    /* copies and memsets queued before (inputs, a reused buffer's clearing)
     * finish before the start event is recorded: they are not the kernel's */
    if (rt->transfer_queued && ctasim_synchronize(rt, err) < 0)
        return -1;
    if (rt->n_launches == rt->launches_cap) {
        rt->launches_cap = rt->launches_cap ? 2 * rt->launches_cap : 64;
        rt->launches = cs_xrealloc(rt->launches, rt->launches_cap * sizeof *rt->launches);
        rt->events = cs_xrealloc(rt->events, rt->launches_cap * sizeof *rt->events);
    }
    event_pair_t ev = {0};
    cu_result_t r;
    if ((r = gpu.drv.event_create(&ev.start, 0)) != 0 || (r = gpu.drv.event_create(&ev.end, 0)) != 0)
        return drv_fail(err, "cuEventCreate", r);
    gpu.drv.event_record(ev.start, s);
    int refused;
    r = launch_on(f, grid, block, cluster, dyn_shmem + f->pad, s, args, err, &refused);
    if (r != 0) {
        if (refused) {
            gpu.drv.event_destroy(ev.start);
            gpu.drv.event_destroy(ev.end);
            return -1;
        }
        gpu.drv.event_destroy(ev.start);
        gpu.drv.event_destroy(ev.end);
        char what[256];
        snprintf(what, sizeof what, "launching %s (grid %ux%ux%u, block %ux%ux%u, %u B dynamic shared memory)",
                 kernel, grid.x, grid.y, grid.z, block.x, block.y, block.z, dyn_shmem + f->pad);
        return drv_fail(err, what, r);
    }
    gpu.drv.event_record(ev.end, s);
    native_launch_t *l = &rt->launches[rt->n_launches];
    memset(l, 0, sizeof *l);
    snprintf(l->kernel, sizeof l->kernel, "%s", kernel);
    l->grid = grid;
    l->block = block;
    l->dyn_shmem = dyn_shmem;
    l->pad_shmem = f->pad;
    l->ctas_per_sm = (int)f->pad_ctas;
    l->regs = f->regs;
    l->ms = -1;
    rt->events[rt->n_launches++] = ev;
    return 0;
}

size_t native_launches(const ctasim_runtime_t *rt, const native_launch_t **out)
{
    *out = rt->launches;
    return rt->n_launches;
}

uint64_t ctasim_warp_insts(const ctasim_runtime_t *rt)
{
    (void)rt;
    return 0; /* the GPU does not count them for us (a profiler would) */
}

uint32_t ctasim_kernels_launched(const ctasim_runtime_t *rt) { return (uint32_t)rt->n_launches; }

int ctasim_debug_perturb(ctasim_module_t *mod, const char *opcode, int32_t bias)
{
    (void)mod;
    (void)opcode;
    (void)bias;
    return -1; /* the GPU's arithmetic is its own */
}

int ctasim_run_functional(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err)
{
    (void)ctx;
    (void)kernels;
    (void)n;
    return cs_err(err, NULL, 0, "native: there is no functional executor on the GPU back-end");
}

/* A kernel that spins on fused multiply-adds: enough arithmetic to load
 * every SM, one store so that the compiler keeps it. PTX 7.0 for sm_52 is
 * accepted by every driver that runs CUDA 11 and later. */
static const char spin_ptx[] = ".version 7.0\n"
                               ".target sm_52\n"
                               ".address_size 64\n"
                               ".visible .entry ctasim_spin(.param .u64 out, .param .u32 n)\n"
                               "{\n"
                               " .reg .pred %p<3>; .reg .f32 %f<2>; .reg .b32 %r<4>; .reg .b64 %rd<2>;\n"
                               " ld.param.u64 %rd1, [out]; ld.param.u32 %r1, [n];\n"
                               " mov.f32 %f1, 0f3F800000; mov.u32 %r2, 0;\n"
                               "LOOP:\n"
                               " fma.rn.f32 %f1, %f1, 0f3F7FFFFF, 0f3A83126F;\n"
                               " add.u32 %r2, %r2, 1; setp.lt.u32 %p1, %r2, %r1; @%p1 bra LOOP;\n"
                               " mov.u32 %r3, %tid.x; setp.ne.u32 %p2, %r3, 0; @%p2 bra DONE;\n"
                               " st.global.f32 [%rd1], %f1;\n"
                               "DONE:\n"
                               " ret;\n"
                               "}\n";

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int native_warm_up(double ms, cs_error_t *err)
{
    if (ms <= 0)
        return 0;
    ctasim_runtime_t *rt = ctasim_create();
    if (!rt)
        return cs_err(err, NULL, 0, "native: no GPU set up");
    ctasim_module_t *mod;
    uint64_t out = 0;
    int rc = ctasim_module_load_string(rt, "<warm-up kernel>", spin_ptx, sizeof spin_ptx - 1, &mod, err);
    if (rc == 0)
        rc = ctasim_malloc(rt, &out, 4, err);
    uint32_t iters = 1u << 18;
    double t0 = now_ms();
    dim3_t grid = {(uint32_t)(gpu.info.sm_count > 0 ? gpu.info.sm_count : 1) * 8, 1, 1}, block = {256, 1, 1};
    while (rc == 0 && now_ms() - t0 < ms) {
        void *args[] = {&out, &iters};
        rc = ctasim_launch(rt, mod, "ctasim_spin", grid, block, 0, 0, args, 2, err);
        if (rc == 0)
            rc = ctasim_synchronize(rt, err);
        rt->n_launches = 0; /* its times are of no interest */
    }
    ctasim_destroy(rt);
    return rc;
}
