/* ptx_source.h — the PTX interpreter as a timing-model front-end.
 *
 * ptx_kernel_desc() packages one launch as a kernel_desc_t whose cta_source
 * executes the kernel functionally as the timing model pulls instructions
 * (see kernel.h for the ordering contract that makes that correct). */
#ifndef CTASIM_PTX_SOURCE_H
#define CTASIM_PTX_SOURCE_H

#include "frontend/kernel.h"
#include "ptx_exec.h"

extern const cta_source_ops_t ptx_cta_source_ops;     /* kernels without clusters */
extern const cta_source_ops_t ptx_cluster_source_ops; /* thread block clusters: serial */

/* Fill *out for a launch of `kernel` (module must be bound to mem). args is
 * the packed parameter buffer (args_size bytes, the kernel's .param layout).
 * regs_per_thread: 0 = as ptx_kernel_regs decides (ptx_regs.h: the ptxas
 * report NAME.ptxas.txt beside NAME.ptx, else a cached or fresh ptxas run,
 * else a liveness estimate; the last three print one warning per kernel of
 * the module on stderr), else exactly that many.
 * shmem_bytes = static (ptxas report, else the .shared variables the kernel
 * uses) + dynamic.
 * cluster: CTAs per cluster as a launch attribute gives it, {0,0,0} for
 * none (the kernel's .reqnctapercluster, if any, then decides; see
 * ptx_launch_set_cluster); out->cluster is the launch's shape.
 * The caller releases out->src through out->ops->destroy. */
int ptx_kernel_desc(ptx_module_t *m, const char *kernel, dim3_t grid, dim3_t block, dim3_t cluster,
                    uint32_t dyn_shmem, const void *args, size_t args_size, ptx_device_memory_t *mem,
                    uint32_t regs_per_thread, kernel_desc_t *out, cs_error_t *err);

/* Warp instructions executed so far by a PTX kernel_desc's source. */
uint64_t ptx_source_executed(const kernel_desc_t *k);

#endif
