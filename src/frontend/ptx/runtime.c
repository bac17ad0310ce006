/* runtime.c — host runtime API (include/ctasim_runtime.h) over the PTX
 * parser, device memory and interpreter. Independent of the timing model:
 * the executor hook decides how launches are driven. */
#include "ctasim_runtime.h"
#include "frontend/kernel.h"
#include "ptx_source.h"
#include "ptx_regs.h"

#include <stdlib.h>
#include <string.h>

typedef struct kernel_regs {
    char *kernel;
    uint32_t regs;
} kernel_regs_t;

struct ctasim_module {
    ptx_module_t *ptx;
    kernel_regs_t *regs;
    size_t n_regs;
    ctasim_module_t *next;
};

struct ctasim_runtime {
    ptx_device_memory_t *mem;
    ctasim_module_t *modules;
    ctasim_executor_t exec;
    kernel_desc_t *queue;
    size_t n_queue, queue_cap;
    /* host-to-device copies since the last launch: they go with the next
     * kernel (kernel_desc_t.h2d_copies), for -gpgpu_perf_sim_memcpy */
    mem_range_t *copies;
    uint32_t n_copies, copies_cap;
    uint32_t next_id;
    uint64_t warp_insts;
};

ctasim_runtime_t *ctasim_create(void)
{
    ctasim_runtime_t *rt = cs_xcalloc(1, sizeof *rt);
    rt->mem = ptx_mem_create();
    rt->exec.run_kernels = ctasim_run_functional;
    rt->next_id = 1;
    return rt;
}

static void drop_queue(ctasim_runtime_t *rt)
{
    for (size_t i = 0; i < rt->n_queue; i++) {
        rt->warp_insts += ptx_source_executed(&rt->queue[i]);
        rt->queue[i].ops->destroy(rt->queue[i].src);
        free((void *)rt->queue[i].h2d_copies);
    }
    rt->n_queue = 0;
}

void ctasim_destroy(ctasim_runtime_t *rt)
{
    if (!rt)
        return;
    drop_queue(rt);
    free(rt->queue);
    free(rt->copies);
    while (rt->modules) {
        ctasim_module_t *m = rt->modules;
        rt->modules = m->next;
        ptx_module_free(m->ptx);
        for (size_t i = 0; i < m->n_regs; i++)
            free(m->regs[i].kernel);
        free(m->regs);
        free(m);
    }
    ptx_mem_destroy(rt->mem);
    free(rt);
}

void ctasim_set_executor(ctasim_runtime_t *rt, const ctasim_executor_t *ex)
{
    if (ex && ex->run_kernels)
        rt->exec = *ex;
    else
        rt->exec = (ctasim_executor_t){NULL, ctasim_run_functional};
}

static int add_module(ctasim_runtime_t *rt, ptx_module_t *pm, ctasim_module_t **out, cs_error_t *err)
{
    if (!pm)
        return -1;
    if (ptx_module_bind(pm, rt->mem, err) < 0) {
        ptx_module_free(pm);
        return -1;
    }
    ctasim_module_t *m = cs_xcalloc(1, sizeof *m);
    m->ptx = pm;
    m->next = rt->modules;
    rt->modules = m;
    *out = m;
    return 0;
}

int ctasim_module_load_file(ctasim_runtime_t *rt, const char *path, ctasim_module_t **out, cs_error_t *err)
{
    return add_module(rt, ptx_parse_file(path, err), out, err);
}

int ctasim_module_load_string(ctasim_runtime_t *rt, const char *name, const char *ptx, size_t len,
                              ctasim_module_t **out, cs_error_t *err)
{
    return add_module(rt, ptx_parse(name ? name : "<string>", ptx, len, err), out, err);
}

static const ptx_function_t *kernel_of(ctasim_module_t *mod, const char *kernel, cs_error_t *err)
{
    int k = ptx_find_function(mod->ptx, kernel);
    if (k < 0 || !mod->ptx->funcs[k].is_kernel) {
        cs_err(err, mod->ptx->filename, 0, "no kernel '%s' in the module", kernel);
        return NULL;
    }
    return &mod->ptx->funcs[k];
}

int ctasim_set_kernel_regs(ctasim_module_t *mod, const char *kernel, uint32_t regs, cs_error_t *err)
{
    if (!kernel_of(mod, kernel, err))
        return -1;
    if (regs > 255)
        return cs_err(err, NULL, 0, "kernel '%s': %u registers per thread (at most 255)", kernel, regs);
    for (size_t i = 0; i < mod->n_regs; i++)
        if (strcmp(mod->regs[i].kernel, kernel) == 0) {
            mod->regs[i].regs = regs;
            return 0;
        }
    mod->regs = cs_xrealloc(mod->regs, (mod->n_regs + 1) * sizeof *mod->regs);
    mod->regs[mod->n_regs++] = (kernel_regs_t){cs_xstrdup(kernel), regs};
    return 0;
}

int ctasim_kernel_resources(ctasim_module_t *mod, const char *kernel, uint32_t *regs, uint32_t *static_shmem,
                            cs_error_t *err)
{
    const ptx_function_t *f = kernel_of(mod, kernel, err);
    if (!f)
        return -1;
    uint32_t fi = (uint32_t)(f - mod->ptx->funcs);
    ptx_regs_t r;
    ptx_kernel_regs(mod->ptx, fi, 0, &r);
    *regs = r.regs;
    for (size_t i = 0; i < mod->n_regs; i++) /* an explicit count wins, as at launch */
        if (strcmp(mod->regs[i].kernel, kernel) == 0)
            *regs = mod->regs[i].regs;
    *static_shmem = r.smem;
    return 0;
}

int ctasim_malloc(ctasim_runtime_t *rt, uint64_t *dptr, size_t bytes, cs_error_t *err)
{
    *dptr = ptx_mem_alloc(rt->mem, bytes);
    if (!*dptr)
        return cs_err(err, NULL, 0, "device allocation of %zu bytes failed", bytes);
    return 0;
}

int ctasim_free(ctasim_runtime_t *rt, uint64_t dptr, cs_error_t *err)
{
    if (ctasim_synchronize(rt, err) < 0)
        return -1;
    if (ptx_mem_free(rt->mem, dptr) < 0)
        return cs_err(err, NULL, 0, "free of 0x%llx: not an allocation", (unsigned long long)dptr);
    return 0;
}

int ctasim_memcpy_htod(ctasim_runtime_t *rt, uint64_t dst, const void *src, size_t bytes, cs_error_t *err)
{
    if (ctasim_synchronize(rt, err) < 0)
        return -1;
    if (ptx_mem_write(rt->mem, dst, src, bytes) < 0)
        return cs_err(err, NULL, 0, "memcpy to device: [0x%llx, +%zu) is not allocated", (unsigned long long)dst, bytes);
    if (rt->n_copies == rt->copies_cap) {
        rt->copies_cap = rt->copies_cap ? rt->copies_cap * 2 : 8;
        rt->copies = cs_xrealloc(rt->copies, rt->copies_cap * sizeof *rt->copies);
    }
    rt->copies[rt->n_copies++] = (mem_range_t){dst, bytes};
    return 0;
}

int ctasim_memcpy_dtoh(ctasim_runtime_t *rt, void *dst, uint64_t src, size_t bytes, cs_error_t *err)
{
    if (ctasim_synchronize(rt, err) < 0)
        return -1;
    if (ptx_mem_read(rt->mem, src, dst, bytes) < 0)
        return cs_err(err, NULL, 0, "memcpy from device: [0x%llx, +%zu) is not allocated", (unsigned long long)src, bytes);
    return 0;
}

int ctasim_memset(ctasim_runtime_t *rt, uint64_t dst, int value, size_t bytes, cs_error_t *err)
{
    if (ctasim_synchronize(rt, err) < 0)
        return -1;
    if (ptx_mem_set(rt->mem, dst, value, bytes) < 0)
        return cs_err(err, NULL, 0, "memset: [0x%llx, +%zu) is not allocated", (unsigned long long)dst, bytes);
    return 0;
}

int ctasim_symbol_address(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *symbol, uint64_t *addr,
                          size_t *size, cs_error_t *err)
{
    int s = ptx_find_symbol(mod->ptx, symbol);
    if (s < 0)
        return cs_err(err, mod->ptx->filename, 0, "no .const or .global variable '%s'", symbol);
    if (addr)
        *addr = mod->ptx->syms[s].addr;
    if (size)
        *size = mod->ptx->syms[s].size;
    return 0;
}

int ctasim_set_const(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *symbol, const void *src, size_t bytes,
                     cs_error_t *err)
{
    uint64_t addr = 0;
    size_t size = 0;
    if (ctasim_symbol_address(rt, mod, symbol, &addr, &size, err) < 0)
        return -1;
    if (bytes > size)
        return cs_err(err, mod->ptx->filename, 0, "'%s' is %zu bytes, %zu given", symbol, size, bytes);
    return ctasim_memcpy_htod(rt, addr, src, bytes, err);
}

int ctasim_kernel_params(ctasim_module_t *mod, const char *kernel, size_t *count, size_t *sizes, size_t max,
                         cs_error_t *err)
{
    const ptx_function_t *f = kernel_of(mod, kernel, err);
    if (!f)
        return -1;
    *count = f->n_params;
    for (size_t i = 0; i < f->n_params && i < max; i++)
        sizes[i] = mod->ptx->syms[f->params[i]].size;
    return 0;
}

int ctasim_kernel_param_info(ctasim_module_t *mod, const char *kernel, const char **names, const char **types,
                             size_t max, cs_error_t *err)
{
    const ptx_function_t *f = kernel_of(mod, kernel, err);
    if (!f)
        return -1;
    for (size_t i = 0; i < f->n_params && i < max; i++) {
        names[i] = mod->ptx->syms[f->params[i]].name;
        types[i] = ptx_type_name(mod->ptx->syms[f->params[i]].type);
    }
    return 0;
}

int ctasim_launch(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *kernel, dim3_t grid, dim3_t block,
                  uint32_t dyn_shmem, uint32_t stream, void *const *args, size_t nargs, cs_error_t *err)
{
    return ctasim_launch_cluster(rt, mod, kernel, grid, block, (dim3_t){0, 0, 0}, dyn_shmem, stream, args, nargs, err);
}

int ctasim_launch_cluster(ctasim_runtime_t *rt, ctasim_module_t *mod, const char *kernel, dim3_t grid, dim3_t block,
                          dim3_t cluster, uint32_t dyn_shmem, uint32_t stream, void *const *args, size_t nargs,
                          cs_error_t *err)
{
    const ptx_function_t *f = kernel_of(mod, kernel, err);
    if (!f)
        return -1;
    if (nargs != f->n_params)
        return cs_err(err, NULL, 0, "kernel '%s' takes %u arguments, %zu given", kernel, f->n_params, nargs);
    uint8_t *buf = cs_xcalloc(1, f->param_bytes ? f->param_bytes : 1);
    for (size_t i = 0; i < nargs; i++) {
        const ptx_symbol_t *s = &mod->ptx->syms[f->params[i]];
        if (!args || !args[i]) {
            free(buf);
            return cs_err(err, NULL, 0, "kernel '%s': argument %zu is NULL", kernel, i);
        }
        memcpy(buf + s->offset, args[i], s->size);
    }
    uint32_t regs = 0;
    for (size_t i = 0; i < mod->n_regs; i++)
        if (strcmp(mod->regs[i].kernel, kernel) == 0)
            regs = mod->regs[i].regs;
    kernel_desc_t k;
    int rc = ptx_kernel_desc(mod->ptx, kernel, grid, block, cluster, dyn_shmem, buf, f->param_bytes, rt->mem, regs, &k, err);
    free(buf);
    if (rc < 0)
        return -1;
    k.id = rt->next_id++;
    k.stream = stream;
    if (rt->n_copies) {
        mem_range_t *c = cs_xmalloc(rt->n_copies * sizeof *c);
        memcpy(c, rt->copies, rt->n_copies * sizeof *c);
        k.h2d_copies = c;
        k.n_h2d_copies = rt->n_copies;
        rt->n_copies = 0;
    }
    if (rt->n_queue == rt->queue_cap) {
        rt->queue_cap = rt->queue_cap ? rt->queue_cap * 2 : 8;
        rt->queue = cs_xrealloc(rt->queue, rt->queue_cap * sizeof *rt->queue);
    }
    rt->queue[rt->n_queue++] = k;
    return 0;
}

int ctasim_synchronize(ctasim_runtime_t *rt, cs_error_t *err)
{
    if (rt->n_queue == 0)
        return 0;
    int rc = rt->exec.run_kernels(rt->exec.ctx, rt->queue, rt->n_queue, err);
    drop_queue(rt);
    return rc < 0 ? -1 : 0;
}

uint64_t ctasim_warp_insts(const ctasim_runtime_t *rt) { return rt->warp_insts; }
uint32_t ctasim_kernels_launched(const ctasim_runtime_t *rt) { return rt->next_id - 1; }

int ctasim_debug_perturb(ctasim_module_t *mod, const char *opcode, int32_t bias)
{
    return ptx_debug_perturb(mod->ptx, opcode, bias);
}

/* ------------------------------------------------------------ functional executor */

enum { W_RUN, W_BARRIER, W_CLUSTER_WAIT, W_DONE };

/* One cluster at a time (a CTA when the launch has no clusters), in launch
 * order; within it each running warp runs until it reaches a barrier or
 * finishes. A CTA's barrier releases once none of its unfinished warps runs
 * or waits at the cluster barrier; barrier.cluster.wait releases a warp once
 * every unfinished warp of the cluster arrived as often as it did (a phase
 * completes when all live warps arrived; warps that exit stop counting).
 * Deterministic. */
static int run_kernel(kernel_desc_t *k, cs_error_t *err)
{
    uint64_t ctas = dim3_count(k->grid);
    unsigned nw = kernel_warps_per_cta(k), cs = kernel_cluster_size(k), total = nw * cs;
    uint8_t *state = cs_xmalloc(total ? total : 1);
    uint32_t *arrives = cs_xmalloc((total ? total : 1) * sizeof *arrives);
    void **cta = cs_xcalloc(cs, sizeof *cta);
    int rc = 0;
    for (uint64_t first = 0; first < ctas && rc == 0; first += cs) {
        for (unsigned r = 0; r < cs && rc == 0; r++)
            if (!(cta[r] = k->ops->cta_begin(k->src, first + r, 0, err)))
                rc = -1;
        memset(state, W_RUN, total);
        memset(arrives, 0, total * sizeof *arrives);
        unsigned done = 0, live = total, arrived = 0;
        uint32_t phases = 0;
        while (done < total && rc == 0) {
            bool moved = false;
            for (unsigned i = 0; i < total && rc == 0; i++) {
                while (state[i] == W_RUN) {
                    const warp_inst_t *in;
                    int r = cta_source_next_now(k->ops, k->src, cta[i / nw], i % nw, &in, err);
                    moved = true;
                    if (r < 0) {
                        rc = -1;
                        break;
                    }
                    if (r == 0) {
                        state[i] = W_DONE;
                        done++;
                        live--;
                    } else if (in->flags & INST_BARRIER) {
                        state[i] = W_BARRIER;
                    } else if (in->flags & INST_CLUSTER_ARRIVE) {
                        arrives[i]++;
                        arrived++;
                    } else if ((in->flags & INST_CLUSTER_WAIT) && phases < arrives[i]) {
                        state[i] = W_CLUSTER_WAIT;
                    }
                    if (arrived && arrived >= live) { /* every live warp arrived: the phase completes */
                        phases++;
                        arrived = 0;
                    }
                }
            }
            for (unsigned i = 0; i < total; i++)
                if (state[i] == W_CLUSTER_WAIT && phases >= arrives[i]) {
                    state[i] = W_RUN;
                    moved = true;
                }
            for (unsigned r = 0; r < cs; r++) { /* a CTA whose unfinished warps all wait at its barrier */
                bool all = true;
                for (unsigned w = 0; w < nw; w++)
                    all &= state[r * nw + w] == W_BARRIER || state[r * nw + w] == W_DONE;
                for (unsigned w = 0; w < nw && all; w++)
                    if (state[r * nw + w] == W_BARRIER) {
                        state[r * nw + w] = W_RUN;
                        moved = true;
                    }
            }
            if (!moved && done < total && rc == 0)
                rc = cs_err(err, NULL, 0, "kernel '%s': deadlock: warps wait at barriers that cannot release", k->name);
        }
        for (unsigned r = 0; r < cs; r++)
            if (cta[r]) {
                k->ops->cta_end(k->src, cta[r]);
                cta[r] = NULL;
            }
    }
    free(cta);
    free(arrives);
    free(state);
    return rc;
}

int ctasim_run_functional(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++)
        if (run_kernel(&kernels[i], err) < 0)
            return -1;
    return 0;
}
