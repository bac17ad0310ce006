/* kernel.h — a kernel launch and the front-end interface that feeds it.
 *
 * A front-end (trace reader, synthetic generator, PTX interpreter) provides a
 * cta_source: the timing model asks it to begin a CTA when the CTA scheduler
 * places one, then pulls each warp's instructions one at a time, in program
 * order, when the warp has room in its instruction buffer.
 *
 * Ordering contract the timing model guarantees (the PTX interpreter relies on
 * it for functional correctness):
 *   - CTAs are begun in increasing linear id order (0,1,2,...) per kernel;
 *     with clusters (kernel_desc_t.cluster) all CTAs of a cluster are begun
 *     at once, before any of their warps runs.
 *   - A warp's next instruction is pulled only after its previous instruction
 *     has been *issued*; after a barrier instruction, only once the barrier has
 *     released (every live warp of the CTA issued it).
 *   - cta_end is called once every warp returned 0 from warp_next and every
 *     outstanding access of the CTA completed.
 */
#ifndef CTASIM_KERNEL_H
#define CTASIM_KERNEL_H

#include "util/common.h"
#include "inst.h"

typedef struct cta_source_ops {
    /* Prepare CTA `cta_linear` (index in launch order) of the kernel, to run
     * on core `core` (0-based; the CTA stays there); returns the CTA's state
     * or NULL with err set (e.g. a truncated trace). */
    void *(*cta_begin)(void *src, uint64_t cta_linear, uint32_t core, cs_error_t *err);
    /* Next instruction of warp `warp` (0-based within the CTA).
     * Returns 1 and sets *out, 0 when the warp has no more instructions,
     * -1 with err set on a runtime error, WARP_NEXT_LATER when the warp's
     * last instruction wrote memory that `publish` has not made visible
     * yet: the core asks again next cycle. *out stays valid until the next
     * call for the same warp or cta_end. */
    int (*warp_next)(void *cta, unsigned warp, const warp_inst_t **out, cs_error_t *err);
    void (*cta_end)(void *src, void *cta);
    /* Release the source (called when the kernel finished or the run aborts). */
    void (*destroy)(void *src);
    /* true: warp_next and cta_end on distinct CTAs touch only those CTAs'
     * state, so cores may call them on different threads at once (the
     * parallel core phase, --threads; docs/ARCHITECTURE.md "Parallel
     * simulation of one run"). false (the default): while a kernel of this
     * front-end runs, every core ticks on the GPU's own thread. cta_begin and
     * destroy are always called from the GPU's serial phase. */
    bool parallel_safe;
    /* Optional (NULL: none). Called from the GPU's serial phase after every
     * core phase while the kernel runs: what warp_next wrote to memory the
     * CTAs share during that phase becomes visible to all, core by core in
     * core order, so the values computed do not depend on which thread
     * ticked which core (the PTX front-end, ptx_writes.h). Kernels sharing
     * one memory may each be asked; the first call publishes for all. */
    void (*publish)(void *src);
} cta_source_ops_t;

#define WARP_NEXT_LATER 2 /* warp_next: not this cycle (see above) */

/* warp_next for callers without cycles (the functional executor, the trace
 * writer, tests): what the warp wrote is published at once when it asks. */
static inline int cta_source_next_now(const cta_source_ops_t *ops, void *src, void *cta, unsigned warp,
                                      const warp_inst_t **out, cs_error_t *err)
{
    int r;
    while ((r = ops->warp_next(cta, warp, out, err)) == WARP_NEXT_LATER)
        ops->publish(src);
    return r;
}

#define KERNEL_NAME_MAX 256

/* Everything the timing model needs to know about one launch. */
/* A host-to-device copy (address and size in bytes). */
typedef struct mem_range {
    uint64_t addr, bytes;
} mem_range_t;

typedef struct kernel_desc {
    char name[KERNEL_NAME_MAX];
    uint32_t id;            /* launch id, 1-based as Accel-Sim's kernel id */
    uint32_t stream;        /* kernels of different streams may overlap */
    dim3_t grid, block;
    uint32_t shmem_bytes;   /* static + dynamic shared memory per CTA */
    uint32_t regs_per_thread;
    uint64_t expected_warp_insts;   /* 0 if unknown; used to verify accounting */
    const cta_source_ops_t *ops;
    void *src;
    /* The source belongs to someone else (the PTX runtime destroys its own
     * sources after its executor returns): the GPU must not destroy it. */
    bool borrowed;
    /* Host-to-device copies made since the previous launch (a trace's
     * MemcpyHtoD lines): with -gpgpu_perf_sim_memcpy 1 they fill the L2 when
     * the kernel starts, as GPGPU-Sim's perf_memcpy_to_gpu. Owned by whoever
     * made the descriptor, valid until the run ends. */
    const mem_range_t *h2d_copies;
    uint32_t n_h2d_copies;
    /* Thread block clusters: CTAs per cluster in x, y, z; {0,0,0} (or
     * {1,1,1}) for none. A cluster's CTAs are consecutive in cta_begin's
     * order (the front-end maps that order onto CTA coordinates) and the
     * GPU places them together on the cores of one GPC. */
    dim3_t cluster;
} kernel_desc_t;

/* CTAs per cluster (1 when the launch has no clusters). */
static inline uint32_t kernel_cluster_size(const kernel_desc_t *k)
{
    return k->cluster.x ? (uint32_t)dim3_count(k->cluster) : 1;
}

static inline uint32_t kernel_threads_per_cta(const kernel_desc_t *k) { return (uint32_t)dim3_count(k->block); }
static inline uint32_t kernel_warps_per_cta(const kernel_desc_t *k)
{
    return (kernel_threads_per_cta(k) + WARP_SIZE - 1) / WARP_SIZE;
}

#endif
