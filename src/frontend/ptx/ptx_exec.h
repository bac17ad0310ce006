/* ptx_exec.h — functional SIMT execution of PTX, one warp instruction at a time.
 *
 * A launch (ptx_launch_t) holds what all CTAs of one kernel share: module,
 * kernel, dimensions, the parameter buffer and device memory. A CTA owns its
 * shared memory and warps; each warp owns its registers (64-bit slot per
 * register per lane), per-lane local memory, a SIMT reconvergence stack and a
 * call stack. ptx_warp_step() executes exactly one PTX instruction for the
 * warp's current active mask and returns its timing-model view.
 *
 * Reconvergence: a divergent branch turns the current stack entry into the
 * reconvergence entry at the branch's immediate post-dominator and pushes the
 * two sides; an entry is popped when it reaches its reconvergence pc. Lanes
 * that exit are removed from every entry; lanes that `ret` from a .func are
 * removed from the callee's entries, and the call completes once those are
 * all popped. */
#ifndef CTASIM_PTX_EXEC_H
#define CTASIM_PTX_EXEC_H

#include "frontend/kernel.h"
#include "ptx_ir.h"
#include "ptx_mem.h"

typedef struct ptx_launch {
    const ptx_module_t *module;
    uint32_t kernel;        /* function index */
    dim3_t grid, block;
    uint32_t dyn_shmem;
    uint64_t shared_bytes;  /* static + dynamic */
    uint8_t *params;        /* kernel parameter buffer (owned) */
    uint64_t params_size;
    ptx_device_memory_t *mem;
    uint32_t smid;          /* value of %smid (the timing model may set it per CTA) */
    /* Thread block clusters (ptx_launch_set_cluster): CTAs per cluster in
     * x, y, z ({1,1,1} when launched without one: every CTA its own
     * cluster, as PTX defines it). CTA index `cta_linear` of ptx_cta_create
     * counts cluster by cluster (cluster-major, rank order inside), so a
     * cluster's CTAs are begun one after another. */
    dim3_t cluster;
    uint32_t cluster_size;
    bool explicit_cluster;      /* launched with a cluster shape (%is_explicit_cluster) */
    struct ptx_cta **members;   /* live CTAs by cluster * cluster_size + rank (cluster_size > 1) */
    int32_t debug_op, debug_bias; /* copies of the module's test hook */
    uint8_t debug_type;
    int8_t approx_edge;           /* the module's CTASIM_PTX_APPROX (ptx_approx.c) */
} ptx_launch_t;

typedef struct ptx_cta ptx_cta_t;

/* Check the kernel can run with these dimensions; builds the launch. `args`
 * is the packed parameter buffer (args_size must equal the kernel's). */
int ptx_launch_init(ptx_launch_t *L, const ptx_module_t *m, const char *kernel, dim3_t grid, dim3_t block,
                    uint32_t dyn_shmem, const void *args, size_t args_size, ptx_device_memory_t *mem,
                    cs_error_t *err);
void ptx_launch_release(ptx_launch_t *L);
/* The cluster shape of the launch: `cluster` as a launch attribute gave it,
 * {0,0,0} for none (the kernel's .reqnctapercluster then decides). Refuses
 * a shape that does not divide the grid, differs from the kernel's
 * .reqnctapercluster, passes .maxclusterrank or PTX_MAX_CLUSTER_CTAS, and an
 * .explicitcluster kernel launched without one. */
#define PTX_MAX_CLUSTER_CTAS 16 /* sm_90 with non-portable sizes allowed; 8 portable */
int ptx_launch_set_cluster(ptx_launch_t *L, dim3_t cluster, cs_error_t *err);

/* The CTA runs on core `core`: its device-memory writes go to that core's
 * log (ptx_writes.h). */
ptx_cta_t *ptx_cta_create(const ptx_launch_t *L, uint64_t cta_linear, uint32_t core);
/* Execute the warp's next instruction: 1 = *out describes it, 0 = the warp
 * has finished, -1 = runtime error (err names kernel, line and thread),
 * WARP_NEXT_LATER = its last device-memory writes are not published yet. */
int ptx_warp_step(ptx_cta_t *c, unsigned warp, const warp_inst_t **out, cs_error_t *err);
/* Before ptx_cta_destroy, while the device memory lives: a CTA that ends
 * with writes unpublished (a run that failed, a caller that stopped
 * stepping) leaves its atomics to apply without returning into its freed
 * registers. */
void ptx_cta_forget_writes(ptx_cta_t *c);
void ptx_cta_destroy(ptx_cta_t *c);

/* What the CTAs wrote into a memory's logs (ptx_mem_writes) since the last
 * call becomes visible: every core's log (ptx_writes.h), in core order,
 * applied and emptied; atomics compute their old values into their warps'
 * registers. The serial phase calls it after each core phase (the
 * front-end's publish); a phase without writes costs a load. */
struct ptx_writes;
void ptx_publish_writes(struct ptx_writes *w);

/* Place .global/.const variables of m in mem (once per module). */
int ptx_module_bind(ptx_module_t *m, ptx_device_memory_t *mem, cs_error_t *err);

#endif
