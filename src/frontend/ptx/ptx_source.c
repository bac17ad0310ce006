/* ptx_source.c — cta_source_ops_t over the PTX interpreter (see ptx_source.h). */
#include "ptx_source.h"
#include "ptx_regs.h"
#include "ptx_writes.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A kernel that fails part way (a run-time error) leaves CTAs on the cores;
 * the runtime destroys the source when the batch returns, the GPU ends
 * those CTAs only when it is destroyed, and ending a CTA reads the launch
 * (its cluster's member table). So the source lives until its last CTA has
 * ended: src_destroy marks it released, the last src_cta_end frees it.
 * Cores end CTAs on several threads at once: the counts are atomic, and a
 * CTA counts its instructions itself, adding them when it ends. */
typedef struct ptx_source {
    ptx_launch_t launch;
    ptx_writes_t *writes; /* its memory's logs: publish looks at them every cycle */
    _Atomic uint64_t executed;
    _Atomic uint64_t live_ctas;
    bool released;
} ptx_source_t;

static void src_free(ptx_source_t *src)
{
    ptx_launch_release(&src->launch);
    free(src);
}

typedef struct source_cta {
    ptx_source_t *src;
    ptx_cta_t *cta;
    uint64_t executed;
} source_cta_t;

static void *src_cta_begin(void *s, uint64_t cta_linear, uint32_t core, cs_error_t *err)
{
    ptx_source_t *src = s;
    if (cta_linear >= dim3_count(src->launch.grid)) {
        cs_err(err, NULL, 0, "kernel '%s': CTA %llu out of range", src->launch.module->funcs[src->launch.kernel].name,
               (unsigned long long)cta_linear);
        return NULL;
    }
    source_cta_t *c = cs_xmalloc(sizeof *c);
    c->src = src;
    c->cta = ptx_cta_create(&src->launch, cta_linear, core);
    atomic_fetch_add_explicit(&src->live_ctas, 1, memory_order_relaxed);
    return c;
}

static int src_warp_next(void *cta, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    source_cta_t *c = cta;
    int rc = ptx_warp_step(c->cta, warp, out, err);
    if (rc == 1)
        c->executed++;
    return rc;
}

static void src_cta_end(void *s, void *cta)
{
    source_cta_t *c = cta;
    if (!c)
        return;
    ptx_source_t *src = c->src;
    atomic_fetch_add_explicit(&src->executed, c->executed, memory_order_relaxed);
    /* released: the runtime has let go of the source, and of the device
     * memory maybe; every core phase of the GPU was published by then */
    if (!src->released)
        ptx_cta_forget_writes(c->cta);
    ptx_cta_destroy(c->cta);
    free(c);
    /* released is set in the serial phase, after the kernel's cores ticked */
    if (atomic_fetch_sub_explicit(&src->live_ctas, 1, memory_order_acq_rel) == 1 && src->released)
        src_free(src);
}

static void src_destroy(void *s)
{
    ptx_source_t *src = s;
    if (!src)
        return;
    src->released = true;
    if (src->live_ctas == 0)
        src_free(src);
}

static void src_publish(void *s) { ptx_publish_writes(((ptx_source_t *)s)->writes); }

/* parallel_safe: warp_next writes device memory through its core's log
 * (ptx_writes.h), published in core order after each core phase, so the
 * values do not depend on which thread ran a core */
const cta_source_ops_t ptx_cta_source_ops = {src_cta_begin, src_warp_next, src_cta_end, src_destroy, true, src_publish};
/* Thread block clusters are not: a CTA reads and writes the shared memory of
 * its cluster's CTAs on other cores (distributed shared memory) at once. */
const cta_source_ops_t ptx_cluster_source_ops = {src_cta_begin, src_warp_next, src_cta_end, src_destroy, false,
                                                 src_publish};

uint64_t ptx_source_executed(const kernel_desc_t *k)
{
    return k->ops == &ptx_cta_source_ops || k->ops == &ptx_cluster_source_ops
               ? atomic_load_explicit(&((ptx_source_t *)k->src)->executed, memory_order_relaxed)
               : 0;
}

int ptx_kernel_desc(ptx_module_t *m, const char *kernel, dim3_t grid, dim3_t block, dim3_t cluster,
                    uint32_t dyn_shmem, const void *args, size_t args_size, ptx_device_memory_t *mem,
                    uint32_t regs_per_thread, kernel_desc_t *out, cs_error_t *err)
{
    if (ptx_module_bind(m, mem, err) < 0)
        return -1;
    ptx_source_t *src = cs_xcalloc(1, sizeof *src);
    if (ptx_launch_init(&src->launch, m, kernel, grid, block, dyn_shmem, args, args_size, mem, err) < 0) {
        free(src);
        return -1;
    }
    if (ptx_launch_set_cluster(&src->launch, cluster, err) < 0) {
        ptx_launch_release(&src->launch);
        free(src);
        return -1;
    }
    uint32_t fi = src->launch.kernel, regs, smem;
    if (regs_per_thread) { /* given: no ptxas run, no estimate, no warning */
        ptx_regs_t r;
        ptx_kernel_regs(m, fi, PTX_REGS_NO_PTXAS, &r);
        regs = regs_per_thread;
        smem = r.smem;
    } else {
        ptx_regs_t r;
        ptx_kernel_regs(m, fi, 0, &r);
        regs = r.regs;
        smem = r.smem;
        if (!m->regs_memo[fi].warned) {
            char line[1600];
            if (ptx_regs_warning(kernel, &r, line, sizeof line)[0])
                fprintf(stderr, "%s\n", line);
            m->regs_memo[fi].warned = 1;
        }
    }
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", kernel);
    out->grid = grid;
    out->block = block;
    out->shmem_bytes = smem + dyn_shmem;
    out->regs_per_thread = regs;
    if (src->launch.cluster_size > 1)
        out->cluster = src->launch.cluster;
    out->ops = src->launch.cluster_size > 1 ? &ptx_cluster_source_ops : &ptx_cta_source_ops;
    src->writes = ptx_mem_writes(mem);
    out->src = src;
    return 0;
}
