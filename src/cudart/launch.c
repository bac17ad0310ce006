/* launch.c — kernel launches and what a program asks about a kernel.
 *
 * A CUDA 13 program launches through its host stub: <<<...>>> pushes the
 * configuration (__cudaPushCallConfiguration), the stub pops it, looks its
 * kernel up once (__cudaGetKernel) and calls __cudaLaunchKernel with one
 * pointer per parameter. cudaLaunchKernel (by host function) is the
 * explicit form. Each launch is queued on ctasim's runtime and simulated on
 * the configured GPU at the next synchronising call. */
#include <string.h>

#include "cudart/cudart.h"

#define MAX_PARAMS 256
#define CONFIG_DEPTH 16

typedef struct call_config {
    cuda_dim3_t grid, block;
    size_t shmem;
    cudaStream_t stream;
} call_config_t;

/* <<<>>> configurations nest when an argument expression launches too */
static _Thread_local call_config_t configs[CONFIG_DEPTH];
static _Thread_local unsigned n_configs;

unsigned __cudaPushCallConfiguration(cuda_dim3_t grid, cuda_dim3_t block, size_t shmem, cudaStream_t stream)
{
    if (n_configs == CONFIG_DEPTH)
        cr_fatal("kernel launches nested deeper than %d in one expression", CONFIG_DEPTH);
    configs[n_configs++] = (call_config_t){grid, block, shmem, stream};
    return 0;
}

cudaError_t __cudaPopCallConfiguration(cuda_dim3_t *grid, cuda_dim3_t *block, size_t *shmem, cudaStream_t *stream)
{
    if (!n_configs)
        return cr_ret(cudaErrorInvalidConfiguration);
    call_config_t c = configs[--n_configs];
    *grid = c.grid, *block = c.block, *shmem = c.shmem, *stream = c.stream;
    return cudaSuccess;
}

static uint32_t max_threads_per_block(void)
{
    uint32_t t = cr.cfg->max_threads_per_sm;
    return t < 1024 ? t : 1024;
}

static cudaError_t launch_cluster(struct cr_kernel *k, cuda_dim3_t grid, cuda_dim3_t block, cuda_dim3_t cluster,
                                  void **args, size_t shmem, cudaStream_t stream)
{
    if (!k)
        return cr_ret(cudaErrorInvalidDeviceFunction);
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    /* what a GPU refuses with an error the program can check, not a stop.
     * CUDA 13 answers cudaErrorInvalidValue here (measured on an H200,
     * driver 580: a 4096-thread block and a zero-block grid), not the
     * cudaErrorInvalidConfiguration of earlier releases. */
    if (!grid.x || !grid.y || !grid.z || grid.y > 65535 || grid.z > 65535 || !threads ||
        threads > max_threads_per_block() || block.z > 64)
        return cr_ret(cudaErrorInvalidValue);
    cr_lock();
    ctasim_module_t *mod = cr_module_of(k->m);
    cs_error_t err;
    uint32_t regs, smem;
    size_t n, sizes[MAX_PARAMS];
    if (ctasim_kernel_resources(mod, k->name, &regs, &smem, &err) < 0 ||
        ctasim_kernel_params(mod, k->name, &n, sizes, MAX_PARAMS, &err) < 0)
        cr_fatal("%s", err.msg);
    uint32_t dyn_limit = k->max_dyn_shmem > 48 * 1024 ? (uint32_t)k->max_dyn_shmem : 48 * 1024;
    uint32_t block_limit = cr.cfg->shmem_per_block ? cr.cfg->shmem_per_block : cr.cfg->shmem_per_sm;
    if (shmem > dyn_limit || smem + shmem > block_limit) {
        cr_unlock();
        return cr_ret(cudaErrorInvalidValue);
    }
    dim3_t g = {grid.x, grid.y, grid.z}, b = {block.x, block.y, block.z}, c = {cluster.x, cluster.y, cluster.z};
    if (ctasim_launch_cluster(cr.rt, mod, k->name, g, b, c, (uint32_t)shmem, cr_stream_id(stream), args, n, &err) < 0)
        cr_fatal("%s", err.msg);
    cr_unlock();
    return cudaSuccess;
}

static cudaError_t launch(struct cr_kernel *k, cuda_dim3_t grid, cuda_dim3_t block, void **args, size_t shmem,
                          cudaStream_t stream)
{
    return launch_cluster(k, grid, block, (cuda_dim3_t){0, 0, 0}, args, shmem, stream);
}

/* cudaLaunchKernelEx's C form: the configuration's attributes may give a
 * cluster shape; any other attribute stops the run with one line (it would
 * otherwise be accepted and ignored). */
cudaError_t cudaLaunchKernelExC(const cuda_launch_config_t *config, const void *func, void **args)
{
    if (!config || (config->numAttrs && !config->attrs))
        return cr_ret(cudaErrorInvalidValue);
    cuda_dim3_t cluster = {0, 0, 0};
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const cuda_launch_attribute_t *a = &config->attrs[i];
        if (a->id != cudaLaunchAttributeClusterDimension)
            cr_fatal("cudaLaunchKernelExC: launch attribute %d is not modelled (ctasim takes "
                     "cudaLaunchAttributeClusterDimension only)",
                     a->id);
        cluster = (cuda_dim3_t){a->val.clusterDim.x, a->val.clusterDim.y, a->val.clusterDim.z};
    }
    cr_lock();
    struct cr_kernel *k = cr_find_kernel(func);
    cr_unlock();
    return launch_cluster(k, config->gridDim, config->blockDim, cluster, args, config->dynamicSmemBytes,
                          config->stream);
}

cudaError_t cudaLaunchKernelExC_ptsz(const cuda_launch_config_t *config, const void *func, void **args)
{
    return cudaLaunchKernelExC(config, func, args);
}

cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, cuda_dim3_t grid, cuda_dim3_t block, void **args, size_t shmem,
                               cudaStream_t stream)
{
    return launch(kernel, grid, block, args, shmem, stream);
}

cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, cuda_dim3_t grid, cuda_dim3_t block, void **args,
                                    size_t shmem, cudaStream_t stream)
{
    return launch(kernel, grid, block, args, shmem, stream);
}

cudaError_t cudaLaunchKernel(const void *func, cuda_dim3_t grid, cuda_dim3_t block, void **args, size_t shmem,
                             cudaStream_t stream)
{
    cr_lock();
    struct cr_kernel *k = cr_find_kernel(func);
    cr_unlock();
    return launch(k, grid, block, args, shmem, stream);
}

cudaError_t cudaLaunchKernel_ptsz(const void *func, cuda_dim3_t grid, cuda_dim3_t block, void **args, size_t shmem,
                                  cudaStream_t stream)
{
    return cudaLaunchKernel(func, grid, block, args, shmem, stream);
}

cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value)
{
    cr_lock();
    struct cr_kernel *k = cr_find_kernel(func);
    cr_unlock();
    if (!k)
        return cr_ret(cudaErrorInvalidDeviceFunction);
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
        uint32_t limit = cr.cfg->shmem_per_block ? cr.cfg->shmem_per_block : cr.cfg->shmem_per_sm;
        if (value < 0 || (uint32_t)value > limit)
            return cr_ret(cudaErrorInvalidValue);
        k->max_dyn_shmem = value;
        return cudaSuccess;
    }
    if (attr == cudaFuncAttributePreferredSharedMemoryCarveout)
        return value >= -1 && value <= 100 ? cudaSuccess : cr_ret(cudaErrorInvalidValue); /* a hint */
    return cr_ret(cudaErrorInvalidValue);
}

/* cudaFuncCachePrefer*: a hint the L1/shared split of the config overrides */
cudaError_t cudaFuncSetCacheConfig(const void *func, int config)
{
    (void)config;
    return func ? cudaSuccess : cr_ret(cudaErrorInvalidDeviceFunction);
}

static int resources(const void *func, struct cr_kernel **kp, uint32_t *regs, uint32_t *smem)
{
    cr_lock();
    struct cr_kernel *k = cr_find_kernel(func);
    if (k) {
        cs_error_t err;
        if (ctasim_kernel_resources(cr_module_of(k->m), k->name, regs, smem, &err) < 0)
            cr_fatal("%s", err.msg);
    }
    cr_unlock();
    *kp = k;
    return k ? 0 : -1;
}

cudaError_t cudaFuncGetAttributes(cuda_func_attributes_t *attr, const void *func)
{
    struct cr_kernel *k;
    uint32_t regs, smem;
    if (!attr)
        return cr_ret(cudaErrorInvalidValue);
    if (resources(func, &k, &regs, &smem) < 0)
        return cr_ret(cudaErrorInvalidDeviceFunction);
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = smem;
    attr->numRegs = (int)regs;
    /* the most threads a block of this kernel can have: registers bound it */
    uint32_t t = max_threads_per_block();
    if (regs && cr.cfg->registers_per_sm / regs < t)
        t = cr.cfg->registers_per_sm / regs / 32 * 32;
    attr->maxThreadsPerBlock = (int)t;
    attr->ptxVersion = attr->binaryVersion = (int)k->m->arch;
    attr->maxDynamicSharedSizeBytes = k->max_dyn_shmem ? k->max_dyn_shmem : (int)(48 * 1024 - smem);
    attr->preferredShmemCarveout = -1;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func, int block_size,
                                                          size_t dyn_shmem)
{
    struct cr_kernel *k;
    uint32_t regs, smem;
    if (!blocks || block_size <= 0)
        return cr_ret(cudaErrorInvalidValue);
    if (resources(func, &k, &regs, &smem) < 0)
        return cr_ret(cudaErrorInvalidDeviceFunction);
    kernel_desc_t d;
    memset(&d, 0, sizeof d);
    d.grid = (dim3_t){1, 1, 1};
    d.block = (dim3_t){(uint32_t)block_size, 1, 1};
    d.shmem_bytes = smem + (uint32_t)dyn_shmem;
    d.regs_per_thread = regs;
    /* the timing model's own rule (gpu.c), so the answer is what it does */
    *blocks = (int)gpu_occupancy(cr.cfg, &d, NULL);
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, const void *func, int block_size,
                                                                   size_t dyn_shmem, unsigned flags)
{
    (void)flags;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, func, block_size, dyn_shmem);
}
