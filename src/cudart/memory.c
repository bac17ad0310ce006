/* memory.c — device memory, pinned host memory, copies and module
 * variables. Device pointers the program holds are ctasim's simulated
 * device addresses (never host-dereferenceable, as on a GPU); host memory is
 * ordinary memory ("pinned" changes nothing in a simulation). Every copy
 * first runs the queued kernels it may depend on (the runtime does that). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart/cudart.h"

/* A GPU faults only on an unmapped page: cudaMalloc sub-allocates from
 * mapped chunks (2 MiB), after the context's own buffers, so a read a little
 * before or after an allocation returns some other bytes and the program goes
 * on. Real programs rely on it: Rodinia srad_v2 loads one row above and below
 * its image and discards the value, Parboil spmv loads x[-1] for its padding
 * entries and multiplies it by zero. ctasim's memory reports every access
 * outside an allocation (ptx_mem.h), so each allocation here carries
 * ALLOC_GUARD zeroed bytes on each side: such reads see zeros, as harmless as
 * on the GPU, while an access farther out still stops the run with its line.
 * A multiple of 256, the alignment cudaMalloc guarantees. */
#define ALLOC_GUARD ((uint64_t)16384)

/* The live allocations (the addresses the program holds, without the
 * guards): cudaMemcpyDefault and cudaFree need to know a device pointer from
 * a host one. */
typedef struct alloc {
    uint64_t base, size;
} alloc_t;
static alloc_t *allocs;
static size_t n_allocs, cap_allocs;

uint64_t cr_dptr(const void *p) { return (uint64_t)(uintptr_t)p; }

static alloc_t *find_alloc(uint64_t a)
{
    for (size_t i = 0; i < n_allocs; i++)
        if (a >= allocs[i].base && a - allocs[i].base < allocs[i].size)
            return &allocs[i];
    return NULL;
}

bool cr_is_device(const void *p, size_t n)
{
    uint64_t a = cr_dptr(p);
    alloc_t *al = find_alloc(a);
    if (al)
        return n <= al->size - (a - al->base);
    /* a module variable's address (cudaGetSymbolAddress) is device memory too */
    for (size_t i = 0; i < cr.n_vars; i++) {
        uint64_t va;
        size_t vs;
        cs_error_t err;
        if (cr.vars[i]->m->mod &&
            ctasim_symbol_address(cr.rt, cr.vars[i]->m->mod, cr.vars[i]->name, &va, &vs, &err) == 0 && a >= va &&
            a - va < vs)
            return n <= vs - (a - va);
    }
    return false;
}

cudaError_t cudaMalloc(void **ptr, size_t size)
{
    if (!ptr)
        return cr_ret(cudaErrorInvalidValue);
    if (!size) { /* as CUDA: success and a NULL pointer */
        *ptr = NULL;
        return cudaSuccess;
    }
    cr_lock();
    uint64_t d;
    cs_error_t err;
    int bad = size > SIZE_MAX - 2 * ALLOC_GUARD || ctasim_malloc(cr.rt, &d, size + 2 * ALLOC_GUARD, &err) < 0;
    if (!bad) {
        d += ALLOC_GUARD;
        if (n_allocs == cap_allocs) {
            cap_allocs = cap_allocs ? 2 * cap_allocs : 64;
            allocs = cs_xrealloc(allocs, cap_allocs * sizeof *allocs);
        }
        allocs[n_allocs++] = (alloc_t){d, size};
        *ptr = (void *)(uintptr_t)d;
    }
    cr_unlock();
    return bad ? cr_ret(cudaErrorMemoryAllocation) : cudaSuccess;
}

cudaError_t cudaFree(void *ptr)
{
    if (!ptr)
        return cudaSuccess;
    cr_lock();
    cudaError_t e = cudaSuccess;
    alloc_t *al = find_alloc(cr_dptr(ptr));
    cs_error_t err;
    if (!al || al->base != cr_dptr(ptr))
        e = cudaErrorInvalidValue;
    else if (ctasim_free(cr.rt, al->base - ALLOC_GUARD, &err) < 0)
        cr_fatal("%s", err.msg);
    else
        *al = allocs[--n_allocs];
    cr_unlock();
    return cr_ret(e);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    if (!ptr)
        return cr_ret(cudaErrorInvalidValue);
    /* page-aligned like the driver's; at least one byte so NULL means failure */
    void *p = NULL;
    if (posix_memalign(&p, 4096, size ? size : 1) != 0)
        return cr_ret(cudaErrorMemoryAllocation);
    *ptr = p;
    return cudaSuccess;
}

#define cudaHostAllocMapped 0x02

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags)
{
    /* mapped memory is allocated; a kernel cannot read it, and
     * cudaHostGetDevicePointer says so */
    (void)flags;
    return cudaMallocHost(ptr, size);
}

cudaError_t cudaFreeHost(void *ptr)
{
    free(ptr);
    return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags)
{
    (void)ptr, (void)size, (void)flags;
    return cudaSuccess; /* pinning changes nothing here */
}

cudaError_t cudaHostUnregister(void *ptr)
{
    (void)ptr;
    return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **dptr, void *host, unsigned flags)
{
    (void)dptr, (void)host, (void)flags;
    cr_fatal("the program called cudaHostGetDevicePointer: kernels reading host memory (zero-copy) are not "
             "supported by ctasim's CUDA runtime");
}

/* CTASIM_CUDART_DTOH=FILE: every device-to-host copy's bytes are appended
 * to FILE, in the program's order. For checking programs that print nothing
 * they compute (Rodinia backprop, gaussian without its verbose build): the
 * suite runner compares what came back from the device with a CPU reference
 * (tools/run_suites.sh, docs/SUITES.md). Only the one-dimensional copies
 * (cudaMemcpy and its Async form), which those programs use. Lock held. */
static void record_dtoh(const void *host, size_t n)
{
    static FILE *f;
    static int state; /* 0 not looked at, 1 recording, 2 off */
    if (state == 0) {
        const char *path = getenv("CTASIM_CUDART_DTOH");
        state = path && *path ? 1 : 2;
        if (state == 1 && !(f = fopen(path, "ab")))
            cr_fatal("CTASIM_CUDART_DTOH=%s: cannot open: %s", path, strerror(errno));
    }
    if (state == 1 && (fwrite(host, 1, n, f) != n || fflush(f) != 0))
        cr_fatal("CTASIM_CUDART_DTOH: error writing %zu bytes", n);
}

/* One copy of n bytes, kind resolved. Lock held. */
static cudaError_t copy(void *dst, const void *src, size_t n, int kind)
{
    if (!n)
        return cudaSuccess;
    if (kind == cudaMemcpyDefault) {
        bool dd = cr_is_device(dst, n), sd = cr_is_device(src, n);
        kind = dd ? (sd ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                  : (sd ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
    }
    cs_error_t err;
    int bad = 0;
    switch (kind) {
    case cudaMemcpyHostToHost:
        cr_sync(); /* ordered after the kernels queued before it, as on a stream */
        memmove(dst, src, n);
        break;
    case cudaMemcpyHostToDevice:
        if (!cr_is_device(dst, n))
            return cudaErrorInvalidValue;
        bad = ctasim_memcpy_htod(cr.rt, cr_dptr(dst), src, n, &err) < 0;
        break;
    case cudaMemcpyDeviceToHost:
        if (!cr_is_device(src, n))
            return cudaErrorInvalidValue;
        bad = ctasim_memcpy_dtoh(cr.rt, dst, cr_dptr(src), n, &err) < 0;
        if (!bad)
            record_dtoh(dst, n);
        break;
    case cudaMemcpyDeviceToDevice: {
        if (!cr_is_device(src, n) || !cr_is_device(dst, n))
            return cudaErrorInvalidValue;
        /* through the host: the runtime has no device-side copy */
        void *tmp = cs_xmalloc(n);
        bad = ctasim_memcpy_dtoh(cr.rt, tmp, cr_dptr(src), n, &err) < 0 ||
              ctasim_memcpy_htod(cr.rt, cr_dptr(dst), tmp, n, &err) < 0;
        free(tmp);
        break;
    }
    default:
        return cudaErrorInvalidMemcpyDirection;
    }
    if (bad)
        cr_fatal("%s", err.msg); /* a kernel before it failed to simulate */
    if (gpu_stopped(cr.g))
        cr_sync(); /* reports the stop */
    return cudaSuccess;
}

static cudaError_t locked_copy(void *dst, const void *src, size_t n, int kind)
{
    cr_lock();
    cudaError_t e = copy(dst, src, n, kind);
    cr_unlock();
    return cr_ret(e);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind) { return locked_copy(dst, src, n, kind); }

/* Asynchronous forms complete before they return: the order of a stream is
 * kept, and the simulated time is that of the kernels, not the host. */
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t s)
{
    (void)s;
    return locked_copy(dst, src, n, kind);
}

static cudaError_t copy_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                           int kind)
{
    if (width > dpitch || width > spitch)
        return cr_ret(cudaErrorInvalidPitchValue);
    cr_lock();
    cudaError_t e = cudaSuccess;
    for (size_t r = 0; r < height && e == cudaSuccess; r++)
        e = copy((char *)dst + r * dpitch, (const char *)src + r * spitch, width, kind);
    cr_unlock();
    return cr_ret(e);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         int kind)
{
    return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                              size_t height, int kind, cudaStream_t s)
{
    (void)s;
    return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
    if (!pitch)
        return cr_ret(cudaErrorInvalidValue);
    /* rows start 512-byte aligned, as cudaDeviceProp.texturePitchAlignment says */
    *pitch = (width + 511) / 512 * 512;
    return cudaMalloc(ptr, *pitch * height);
}

static cudaError_t set(void *ptr, int value, size_t n)
{
    if (!n)
        return cudaSuccess;
    cr_lock();
    cudaError_t e = cudaSuccess;
    cs_error_t err;
    if (!cr_is_device(ptr, n))
        e = cudaErrorInvalidValue;
    else if (ctasim_memset(cr.rt, cr_dptr(ptr), value, n, &err) < 0)
        cr_fatal("%s", err.msg);
    cr_unlock();
    return cr_ret(e);
}

cudaError_t cudaMemset(void *ptr, int value, size_t n) { return set(ptr, value, n); }

cudaError_t cudaMemsetAsync(void *ptr, int value, size_t n, cudaStream_t s)
{
    (void)s;
    return set(ptr, value, n);
}

cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width, size_t height)
{
    if (width > pitch)
        return cr_ret(cudaErrorInvalidPitchValue);
    for (size_t r = 0; r < height; r++) {
        cudaError_t e = set((char *)ptr + r * pitch, value, width);
        if (e)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    /* the simulated memory grows on demand: report a nominal 16 GiB */
    if (free_bytes)
        *free_bytes = (size_t)15 << 30;
    if (total)
        *total = (size_t)16 << 30;
    return cudaSuccess;
}

/* ---- module variables (__device__, __constant__) ---- */

/* The device address of the variable whose host shadow is `symbol`. */
static cudaError_t symbol_address(const void *symbol, uint64_t *addr, size_t *size)
{
    cr_var_t *v = cr_find_var(symbol);
    if (!v)
        return cudaErrorInvalidSymbol;
    cs_error_t err;
    if (ctasim_symbol_address(cr.rt, cr_module_of(v->m), v->name, addr, size, &err) < 0)
        cr_fatal("%s", err.msg);
    return cudaSuccess;
}

static cudaError_t symbol_copy(const void *symbol, void *host, size_t n, size_t offset, int kind, bool to_symbol)
{
    cr_lock();
    uint64_t addr;
    size_t size;
    cudaError_t e = symbol_address(symbol, &addr, &size);
    if (e == cudaSuccess && (offset > size || n > size - offset))
        e = cudaErrorInvalidValue;
    if (e == cudaSuccess) {
        void *dev = (void *)(uintptr_t)(addr + offset);
        /* the variable is not a cudaMalloc'd block: copy by address directly */
        cs_error_t err;
        int bad = 0;
        bool host_side = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToHost ||
                         (kind == cudaMemcpyDefault && !cr_is_device(host, n));
        if (host_side)
            bad = to_symbol ? ctasim_memcpy_htod(cr.rt, cr_dptr(dev), host, n, &err) < 0
                            : ctasim_memcpy_dtoh(cr.rt, host, cr_dptr(dev), n, &err) < 0;
        else if (kind == cudaMemcpyDeviceToDevice || kind == cudaMemcpyDefault) {
            void *tmp = cs_xmalloc(n ? n : 1);
            bad = to_symbol ? ctasim_memcpy_dtoh(cr.rt, tmp, cr_dptr(host), n, &err) < 0 ||
                                  ctasim_memcpy_htod(cr.rt, cr_dptr(dev), tmp, n, &err) < 0
                            : ctasim_memcpy_dtoh(cr.rt, tmp, cr_dptr(dev), n, &err) < 0 ||
                                  ctasim_memcpy_htod(cr.rt, cr_dptr(host), tmp, n, &err) < 0;
            free(tmp);
        } else
            e = cudaErrorInvalidMemcpyDirection;
        if (bad)
            cr_fatal("%s", err.msg);
    }
    cr_unlock();
    return cr_ret(e);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset, int kind)
{
    return symbol_copy(symbol, (void *)src, n, offset, kind, true);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset, int kind)
{
    return symbol_copy(symbol, dst, n, offset, kind, false);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n, size_t offset, int kind,
                                    cudaStream_t s)
{
    (void)s;
    return symbol_copy(symbol, (void *)src, n, offset, kind, true);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset, int kind,
                                      cudaStream_t s)
{
    (void)s;
    return symbol_copy(symbol, dst, n, offset, kind, false);
}

cudaError_t cudaGetSymbolAddress(void **dev, const void *symbol)
{
    if (!dev)
        return cr_ret(cudaErrorInvalidValue);
    cr_lock();
    uint64_t addr;
    size_t size;
    cudaError_t e = symbol_address(symbol, &addr, &size);
    cr_unlock();
    if (e == cudaSuccess)
        *dev = (void *)(uintptr_t)addr;
    return cr_ret(e);
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    if (!size)
        return cr_ret(cudaErrorInvalidValue);
    cr_lock();
    uint64_t addr;
    cudaError_t e = symbol_address(symbol, &addr, size);
    cr_unlock();
    return cr_ret(e);
}
