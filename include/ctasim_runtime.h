/* ctasim_runtime.h — host runtime API of ctasim's PTX front-end.
 *
 * What the CUDA driver API is to CUDA: load PTX modules, manage device
 * memory, set constants, launch kernels, synchronise. Kernels are executed
 * functionally by the PTX interpreter; *how* they are driven is up to the
 * executor: by default a built-in functional-only executor runs every CTA to
 * completion; a simulator installs its own executor (ctasim_set_executor) and
 * receives each batch of launches as kernel_desc_t (kernel.h) to run through
 * its timing model.
 *
 * Launches are queued and run at ctasim_synchronize() or at the next
 * operation that needs their results (memcpy to/from the device, memset,
 * free, set_const), in launch order.
 *
 * Every function returns 0 on success or -1 with err->msg set (one line,
 * "FILE:LINE: message" where a source location is known). err may be NULL.
 *
 *   ctasim_runtime_t *rt = ctasim_create();
 *   ctasim_module_t *mod;
 *   ctasim_module_load_file(rt, "workloads/ptx/vadd.ptx", &mod, &err);
 *   uint64_t a; ctasim_malloc(rt, &a, n * 4, &err);
 *   ctasim_memcpy_htod(rt, a, host_a, n * 4, &err);
 *   void *args[] = {&a, &b, &c, &n};
 *   ctasim_launch(rt, mod, "vadd", grid, block, 0, 0, args, 4, &err);
 *   ctasim_memcpy_dtoh(rt, host_c, c, n * 4, &err);   // runs the kernel first
 *   ctasim_destroy(rt);
 */
#ifndef CTASIM_RUNTIME_H
#define CTASIM_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "util/common.h"

typedef struct ctasim_runtime ctasim_runtime_t;
/* A kernel launch as the timing model takes it (src/frontend/kernel.h). */
typedef struct kernel_desc kernel_desc_t;
typedef struct ctasim_module ctasim_module_t;

/* Who runs the queued launches. run_kernels receives the launches in order
 * (kernel ids assigned, stream set); it must drive each kernel's cta_source
 * until every CTA finished. It does NOT destroy the sources: the runtime
 * does after it returns. Return 0, or -1 with err set. */
typedef struct ctasim_executor {
    void *ctx;
    int (*run_kernels)(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err);
} ctasim_executor_t;

ctasim_runtime_t *ctasim_create(void);
void ctasim_destroy(ctasim_runtime_t *rt);

/* NULL restores the built-in functional executor. */
void ctasim_set_executor(ctasim_runtime_t *rt, const ctasim_executor_t *ex);

/* Modules. A file NAME.ptx may have a ptxas -v report NAME.ptxas.txt beside
 * it: registers per thread and static shared memory are taken from it. */
int ctasim_module_load_file(ctasim_runtime_t *rt, const char *path, ctasim_module_t **out, cs_error_t *err);
int ctasim_module_load_string(ctasim_runtime_t *rt, const char *name, const char *ptx, size_t len,
                              ctasim_module_t **out, cs_error_t *err);
/* Override registers per thread for one kernel, 1..255 (0 = decide as usual:
 * the ptxas report beside the PTX, a ptxas run, a liveness estimate; see
 * src/frontend/ptx/ptx_regs.h). */
int ctasim_set_kernel_regs(ctasim_module_t *mod, const char *kernel, uint32_t regs, cs_error_t *err);

/* Registers per thread and static shared memory (bytes) of a kernel, as a
 * launch would decide them (an explicit count, else ptx_regs.h's order). */
int ctasim_kernel_resources(ctasim_module_t *mod, const char *kernel, uint32_t *regs, uint32_t *static_shmem,
                            cs_error_t *err);

/* Device memory. Addresses are device pointers (pass them as kernel arguments). */
int ctasim_malloc(ctasim_runtime_t *rt, uint64_t *dptr, size_t bytes, cs_error_t *err);
int ctasim_free(ctasim_runtime_t *rt, uint64_t dptr, cs_error_t *err);
int ctasim_memcpy_htod(ctasim_runtime_t *rt, uint64_t dst, const void *src, size_t bytes, cs_error_t *err);
int ctasim_memcpy_dtoh(ctasim_runtime_t *rt, void *dst, uint64_t src, size_t bytes, cs_error_t *err);
int ctasim_memset(ctasim_runtime_t *rt, uint64_t dst, int value, size_t bytes, cs_error_t *err);

/* Module-scope .const or .global variables: write bytes at offset 0, or get
 * the device address and size. */
int ctasim_set_const(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *symbol, const void *src, size_t bytes,
                     cs_error_t *err);
int ctasim_symbol_address(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *symbol, uint64_t *addr,
                          size_t *size, cs_error_t *err);

/* Number and sizes (bytes) of a kernel's parameters. */
int ctasim_kernel_params(ctasim_module_t *mod, const char *kernel, size_t *count, size_t *sizes, size_t max,
                         cs_error_t *err);

/* The name and the PTX type of each parameter as declared (the type
 * without the dot: "u32", "f32", "b8" for a byte array), into
 * names/types[0..min(count, max)); the strings live as long as the module. */
int ctasim_kernel_param_info(ctasim_module_t *mod, const char *kernel, const char **names, const char **types,
                             size_t max, cs_error_t *err);

/* Queue a launch. args[i] points to the value of parameter i (as
 * cuLaunchKernel's kernelParams); nargs must equal the kernel's parameter
 * count. The values are copied now. */
int ctasim_launch(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *kernel, dim3_t grid, dim3_t block,
                  uint32_t dyn_shmem, uint32_t stream, void *const *args, size_t nargs, cs_error_t *err);

/* ctasim_launch with a cluster shape (CUDA's cudaLaunchAttributeClusterDimension):
 * CTAs per cluster in x, y, z, {0,0,0} for none. A kernel compiled with
 * __cluster_dims__ (.reqnctapercluster) has its shape without it; a shape
 * given must match it. The grid must be a whole number of clusters. */
int ctasim_launch_cluster(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *kernel, dim3_t grid, dim3_t block,
                          dim3_t cluster, uint32_t dyn_shmem, uint32_t stream, void *const *args, size_t nargs,
                          cs_error_t *err);

/* Run every queued launch through the executor. */
int ctasim_synchronize(ctasim_runtime_t *rt, cs_error_t *err);

/* Warp instructions executed by all kernels so far (functional count). */
uint64_t ctasim_warp_insts(const ctasim_runtime_t *rt);
/* Kernels launched so far. */
uint32_t ctasim_kernels_launched(const ctasim_runtime_t *rt);

/* Test hook: every "op" or "op.type" (e.g. "add.f32", "mad.s32") executed by
 * this module's later launches adds `bias` to its result (0 = off). Exists to
 * prove the workload output checks catch a wrong opcode. -1 if unknown. */
int ctasim_debug_perturb(ctasim_module_t *mod, const char *opcode, int32_t bias);

/* The built-in executor, for embedders that want to run a batch functionally. */
int ctasim_run_functional(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err);

#endif
