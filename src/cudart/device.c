/* device.c — the one device: its properties and attributes are those of the
 * simulated configuration (--config/--set), so a program that sizes its grid
 * from them sizes it for the GPU being simulated.
 *
 * The compute capability reported is the lowest PTX target the program
 * carries (compute_75 -> 7.5): ctasim runs that PTX, and a program checking
 * the capability it was built for must accept the device. */
#include <stdio.h>
#include <string.h>

#include "cudart/cudart.h"

static int current_device;

cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return cr_ret(cudaErrorInvalidValue);
    *count = 1;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int dev) { return dev == 0 ? cudaSuccess : cr_ret(cudaErrorInvalidDevice); }

cudaError_t cudaGetDevice(int *dev)
{
    if (!dev)
        return cr_ret(cudaErrorInvalidValue);
    *dev = current_device;
    return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned flags)
{
    (void)flags;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
    if (!flags)
        return cr_ret(cudaErrorInvalidValue);
    *flags = 0;
    return cudaSuccess;
}

cudaError_t cudaInitDevice(int dev, unsigned dflags, unsigned flags)
{
    (void)dflags, (void)flags;
    return cudaSetDevice(dev);
}

cudaError_t cudaRuntimeGetVersion(int *v)
{
    if (!v)
        return cr_ret(cudaErrorInvalidValue);
    *v = 13000;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *v) { return cudaRuntimeGetVersion(v); }

static unsigned cc(void) { return cr.ptx_arch ? cr.ptx_arch : 75; }

static uint32_t shmem_per_block(void)
{
    const gpu_config_t *c = cr.cfg;
    uint32_t b = c->shmem_per_block ? c->shmem_per_block : c->shmem_per_sm;
    return b < 48 * 1024 ? b : 48 * 1024; /* without opting in, as on a GPU */
}

static uint32_t max_threads_per_block(void)
{
    uint32_t t = cr.cfg->max_threads_per_sm;
    return t < 1024 ? t : 1024;
}

static uint32_t l2_bytes(void)
{
    const cache_config_t *l2 = &cr.cfg->l2;
    return l2->enabled ? l2->nsets * l2->line_size * l2->assoc * config_n_l2(cr.cfg) : 0;
}

/* Answer for attribute a, or -1 when this runtime does not know it. */
static long long attribute(int a)
{
    const gpu_config_t *c = cr.cfg;
    switch (a) {
    case cudaDevAttrMaxThreadsPerBlock: return max_threads_per_block();
    case cudaDevAttrMaxBlockDimX: case cudaDevAttrMaxBlockDimY: return max_threads_per_block();
    case cudaDevAttrMaxBlockDimZ: return 64;
    case cudaDevAttrMaxGridDimX: return 2147483647;
    case cudaDevAttrMaxGridDimY: case cudaDevAttrMaxGridDimZ: return 65535;
    case cudaDevAttrMaxSharedMemoryPerBlock: return shmem_per_block();
    case cudaDevAttrTotalConstantMemory: return 65536;
    case cudaDevAttrWarpSize: return c->warp_size;
    case cudaDevAttrMaxPitch: return 2147483647;
    case cudaDevAttrMaxRegistersPerBlock:
        return c->registers_per_block ? c->registers_per_block : c->registers_per_sm;
    case cudaDevAttrClockRate: return (long long)(c->clk_core_mhz * 1000); /* kHz */
    case cudaDevAttrTextureAlignment: return 512;
    case cudaDevAttrGpuOverlap: return 1;
    case cudaDevAttrMultiProcessorCount: return config_n_sm(c);
    case cudaDevAttrKernelExecTimeout: case cudaDevAttrIntegrated: case cudaDevAttrEccEnabled: return 0;
    case cudaDevAttrCanMapHostMemory: return 0; /* kernels cannot read host memory here */
    case cudaDevAttrComputeMode: return 0;
    case cudaDevAttrConcurrentKernels: return c->max_concurrent_kernel > 1;
    case cudaDevAttrPciBusId: case cudaDevAttrPciDeviceId: case cudaDevAttrPciDomainId: return 0;
    case cudaDevAttrMemoryClockRate: return (long long)(c->clk_dram_mhz * 1000);
    case cudaDevAttrGlobalMemoryBusWidth: return (long long)c->n_mem * c->n_mem_per_ctrlr * c->dram_buswidth * 8;
    case cudaDevAttrL2CacheSize: return l2_bytes();
    case cudaDevAttrMaxThreadsPerMultiProcessor: return c->max_threads_per_sm;
    case cudaDevAttrAsyncEngineCount: return 1;
    case cudaDevAttrUnifiedAddressing: return 1;
    case cudaDevAttrComputeCapabilityMajor: return cc() / 10;
    case cudaDevAttrComputeCapabilityMinor: return cc() % 10;
    case cudaDevAttrGlobalL1CacheSupported: case cudaDevAttrLocalL1CacheSupported: return 1;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: return c->shmem_per_sm;
    case cudaDevAttrMaxRegistersPerMultiprocessor: return c->registers_per_sm;
    case cudaDevAttrManagedMemory: case cudaDevAttrCooperativeLaunch: return 0;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin:
        return c->shmem_per_block ? c->shmem_per_block : c->shmem_per_sm;
    case cudaDevAttrMaxBlocksPerMultiprocessor: return c->max_cta_per_sm;
    case cudaDevAttrReservedSharedMemoryPerBlock: return 0;
    default: return -1;
    }
}

cudaError_t cudaDeviceGetAttribute(int *value, int attr, int dev)
{
    if (!value)
        return cr_ret(cudaErrorInvalidValue);
    if (dev != 0)
        return cr_ret(cudaErrorInvalidDevice);
    long long v = attribute(attr);
    if (v < 0) /* never a made-up answer */
        cr_fatal("the program asked cudaDeviceGetAttribute for attribute %d, which ctasim's CUDA runtime does not "
                 "model",
                 attr);
    *value = (int)v;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cuda_device_prop_t *p, int dev)
{
    if (!p)
        return cr_ret(cudaErrorInvalidValue);
    if (dev != 0)
        return cr_ret(cudaErrorInvalidDevice);
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "ctasim simulated GPU (%u SMs at %.0f MHz)", config_n_sm(cr.cfg),
             cr.cfg->clk_core_mhz);
    memcpy(p->uuid, "ctasim-simulated", 16);
    p->totalGlobalMem = (size_t)16 << 30; /* as cudaMemGetInfo */
    p->sharedMemPerBlock = (size_t)attribute(cudaDevAttrMaxSharedMemoryPerBlock);
    p->regsPerBlock = (int)attribute(cudaDevAttrMaxRegistersPerBlock);
    p->warpSize = (int)attribute(cudaDevAttrWarpSize);
    p->memPitch = (size_t)attribute(cudaDevAttrMaxPitch);
    p->maxThreadsPerBlock = (int)attribute(cudaDevAttrMaxThreadsPerBlock);
    for (int i = 0; i < 3; i++) {
        p->maxThreadsDim[i] = (int)attribute(cudaDevAttrMaxBlockDimX + i);
        p->maxGridSize[i] = (int)attribute(cudaDevAttrMaxGridDimX + i);
    }
    p->totalConstMem = (size_t)attribute(cudaDevAttrTotalConstantMemory);
    p->major = (int)(cc() / 10);
    p->minor = (int)(cc() % 10);
    p->textureAlignment = 512;
    p->texturePitchAlignment = 512;
    p->multiProcessorCount = (int)attribute(cudaDevAttrMultiProcessorCount);
    p->surfaceAlignment = 512;
    p->concurrentKernels = (int)attribute(cudaDevAttrConcurrentKernels);
    p->asyncEngineCount = 1;
    p->unifiedAddressing = 1;
    p->memoryBusWidth = (int)attribute(cudaDevAttrGlobalMemoryBusWidth);
    p->l2CacheSize = (int)attribute(cudaDevAttrL2CacheSize);
    p->maxThreadsPerMultiProcessor = (int)attribute(cudaDevAttrMaxThreadsPerMultiProcessor);
    p->globalL1CacheSupported = p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = (size_t)attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    p->regsPerMultiprocessor = (int)attribute(cudaDevAttrMaxRegistersPerMultiprocessor);
    p->sharedMemPerBlockOptin = (size_t)attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin);
    p->maxBlocksPerMultiProcessor = (int)attribute(cudaDevAttrMaxBlocksPerMultiprocessor);
    p->deviceNumaId = p->hostNumaId = -1;
    return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *dev, const cuda_device_prop_t *p)
{
    (void)p;
    if (!dev)
        return cr_ret(cudaErrorInvalidValue);
    *dev = 0;
    return cudaSuccess;
}

/* Everything queued runs; the statistics are printed once, at exit. */
cudaError_t cudaDeviceReset(void)
{
    cr_lock();
    cr_sync();
    cr_unlock();
    return cudaSuccess;
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

/* hints the configuration decides instead */
cudaError_t cudaDeviceSetCacheConfig(int config)
{
    (void)config;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(int *config)
{
    if (!config)
        return cr_ret(cudaErrorInvalidValue);
    *config = 0; /* cudaFuncCachePreferNone */
    return cudaSuccess;
}

enum { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2 };

cudaError_t cudaDeviceSetLimit(int limit, size_t value)
{
    (void)value;
    /* the interpreter's stack and printf buffer do not run out */
    if (limit == cudaLimitStackSize || limit == cudaLimitPrintfFifoSize || limit == cudaLimitMallocHeapSize)
        return cudaSuccess;
    return cr_ret(cudaErrorNotSupported);
}

cudaError_t cudaDeviceGetLimit(size_t *value, int limit)
{
    if (!value)
        return cr_ret(cudaErrorInvalidValue);
    switch (limit) {
    case cudaLimitStackSize: *value = 1024; return cudaSuccess;
    case cudaLimitPrintfFifoSize: *value = 1 << 20; return cudaSuccess;
    case cudaLimitMallocHeapSize: *value = 8 << 20; return cudaSuccess;
    default: return cr_ret(cudaErrorNotSupported);
    }
}
