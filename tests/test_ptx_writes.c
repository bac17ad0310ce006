/* test_ptx_writes.c — device-memory writes of the PTX interpreter go through
 * per-core logs published in core order (ptx_writes.h), so the values a run
 * computes do not depend on which thread ticked which core:
 *   - atomics of one phase apply in core order, whatever order the cores
 *     stepped in, and return their old values at publication;
 *   - a load sees what was published before the phase, not a store of the
 *     same phase on another core;
 *   - a warp that wrote waits (WARP_NEXT_LATER) until its writes are
 *     published, so a thread reads its own writes; through the timing model
 *     that wait is a refetch at the core's next cycle;
 *   - a CTA that ends with writes unpublished (a failed run) leaves its
 *     atomics to apply without writing its freed registers. */
#include "frontend/ptx/ptx_exec.h"
#include "frontend/ptx/ptx_source.h"
#include "frontend/ptx/ptx_writes.h"
#include "gpu/gpu.h"
#include "policy/registry.h"
#include "test.h"

#include <string.h>

#define HEAD ".version 8.0\n.target sm_80\n.address_size 64\n"

/* counter[0] += 1 by atomic; out[ctaid] = the old value */
static const char *const counter_src = HEAD
    ".visible .entry bump(.param .u64 p_ctr, .param .u64 p_out)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n"
    "ld.param.u64 %rd0, [p_ctr];\nld.param.u64 %rd1, [p_out];\n"
    "atom.global.add.u32 %r1, [%rd0], 1;\n"
    "mov.u32 %r2, %ctaid.x;\nmul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
    "st.global.u32 [%rd3], %r1;\nret;\n}\n"
    /* x = 7 */
    ".visible .entry writer(.param .u64 p_x)\n{\n.reg .b64 %rd<2>;\n"
    "ld.param.u64 %rd0, [p_x];\nst.global.u32 [%rd0], 7;\nret;\n}\n"
    /* out[ctaid] = x */
    ".visible .entry reader(.param .u64 p_x, .param .u64 p_out)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n"
    "ld.param.u64 %rd0, [p_x];\nld.param.u64 %rd1, [p_out];\nld.global.u32 %r1, [%rd0];\n"
    "mov.u32 %r2, %ctaid.x;\nmul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
    "st.global.u32 [%rd3], %r1;\nret;\n}\n";

typedef struct fixture {
    ptx_module_t *m;
    ptx_device_memory_t *mem;
    uint64_t a, b; /* two buffers of 4 KB */
} fixture_t;

static bool open_fixture(fixture_t *f, const char *src)
{
    cs_error_t err;
    f->m = ptx_parse("w.ptx", src, strlen(src), &err);
    f->mem = ptx_mem_create();
    if (!f->m)
        printf("  %s\n", err.msg);
    f->a = ptx_mem_alloc(f->mem, 4096);
    f->b = ptx_mem_alloc(f->mem, 4096);
    return f->m != NULL;
}

static void close_fixture(fixture_t *f)
{
    ptx_module_free(f->m);
    ptx_mem_destroy(f->mem);
}

static bool desc(fixture_t *f, const char *kernel, uint32_t ctas, const uint64_t *args, size_t n_args,
                 kernel_desc_t *k)
{
    cs_error_t err;
    if (ptx_kernel_desc(f->m, kernel, (dim3_t){ctas, 1, 1}, (dim3_t){1, 1, 1}, (dim3_t){0, 0, 0}, 0, args,
                        n_args * sizeof *args, f->mem, 32, k, &err) < 0) {
        printf("  %s\n", err.msg);
        return false;
    }
    return true;
}

static uint32_t word(fixture_t *f, uint64_t addr)
{
    uint32_t v = 0;
    CHECK_EQ(ptx_mem_read(f->mem, addr, &v, 4), 0);
    return v;
}

/* Steps warp 0 of a CTA n times, each returning an instruction. */
static void step(const kernel_desc_t *k, void *cta, unsigned n)
{
    cs_error_t err;
    const warp_inst_t *in;
    for (unsigned i = 0; i < n; i++)
        CHECK_EQ(k->ops->warp_next(cta, 0, &in, &err), 1);
}

static void finish(const kernel_desc_t *k, void *cta)
{
    cs_error_t err;
    const warp_inst_t *in;
    while (cta_source_next_now(k->ops, k->src, cta, 0, &in, &err) == 1)
        ;
}

static void atomics_apply_in_core_order(void)
{
    fixture_t f;
    if (!open_fixture(&f, counter_src))
        return;
    kernel_desc_t k;
    const uint64_t args[2] = {f.a, f.b};
    CHECK(desc(&f, "bump", 3, args, 2, &k));
    CHECK(k.ops->parallel_safe && k.ops->publish);
    /* CTA 0 on core 2, CTA 1 on core 0, CTA 2 on core 1; stepped in CTA order */
    cs_error_t err;
    static const uint32_t core_of[3] = {2, 0, 1};
    void *cta[3];
    for (unsigned i = 0; i < 3; i++)
        cta[i] = k.ops->cta_begin(k.src, i, core_of[i], &err);
    const warp_inst_t *in;
    for (unsigned i = 0; i < 3; i++) {
        step(&k, cta[i], 3); /* two ld.param and the atomic */
        CHECK_EQ(k.ops->warp_next(cta[i], 0, &in, &err), WARP_NEXT_LATER);
    }
    CHECK_EQ(word(&f, f.a), 0); /* nothing applied before publication */
    k.ops->publish(k.src);
    CHECK_EQ(word(&f, f.a), 3);
    for (unsigned i = 0; i < 3; i++)
        finish(&k, cta[i]);
    /* old values by core: core 0 (CTA 1) first, then core 1 (CTA 2), core 2 (CTA 0) */
    CHECK_EQ(word(&f, f.b + 4), 0);
    CHECK_EQ(word(&f, f.b + 8), 1);
    CHECK_EQ(word(&f, f.b + 0), 2);
    for (unsigned i = 0; i < 3; i++)
        k.ops->cta_end(k.src, cta[i]);
    k.ops->destroy(k.src);
    close_fixture(&f);
}

static void loads_see_what_was_published(void)
{
    fixture_t f;
    if (!open_fixture(&f, counter_src))
        return;
    kernel_desc_t w, r;
    const uint64_t wargs[1] = {f.a}, rargs[2] = {f.a, f.b};
    CHECK(desc(&f, "writer", 1, wargs, 1, &w));
    CHECK(desc(&f, "reader", 2, rargs, 2, &r));
    cs_error_t err;
    const warp_inst_t *in;
    /* the writer on core 1 stores first; the reader on core 0 loads in the
     * same phase: the old value, though core 0 publishes first */
    void *wc = w.ops->cta_begin(w.src, 0, 1, &err), *rc = r.ops->cta_begin(r.src, 0, 0, &err);
    step(&w, wc, 2);
    CHECK_EQ(w.ops->warp_next(wc, 0, &in, &err), WARP_NEXT_LATER);
    step(&r, rc, 3); /* two ld.param and the load */
    r.ops->publish(r.src); /* one memory: the reader's publication is the writer's too */
    CHECK_EQ(word(&f, f.a), 7);
    finish(&r, rc);
    CHECK_EQ(word(&f, f.b), 0);
    /* a later phase sees it */
    void *rc1 = r.ops->cta_begin(r.src, 1, 0, &err);
    finish(&r, rc1);
    CHECK_EQ(word(&f, f.b + 4), 7);
    finish(&w, wc);
    w.ops->cta_end(w.src, wc);
    r.ops->cta_end(r.src, rc);
    r.ops->cta_end(r.src, rc1);
    w.ops->destroy(w.src);
    r.ops->destroy(r.src);
    close_fixture(&f);
}

static void ended_cta_keeps_its_atomics_not_its_registers(void)
{
    fixture_t f;
    if (!open_fixture(&f, counter_src))
        return;
    kernel_desc_t k;
    const uint64_t args[2] = {f.a, f.b};
    CHECK(desc(&f, "bump", 1, args, 2, &k));
    cs_error_t err;
    void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
    step(&k, cta, 3);
    k.ops->cta_end(k.src, cta); /* freed with the atomic's old value still to come (ASan: no write after free) */
    k.ops->publish(k.src);
    CHECK_EQ(word(&f, f.a), 1);
    k.ops->destroy(k.src);
    close_fixture(&f);
}

/* The front-end under the timing model, counting its WARP_NEXT_LATER answers. */
static const cta_source_ops_t *inner;
static unsigned laters;
static int counting_next(void *cta, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    int r = inner->warp_next(cta, warp, out, err);
    laters += r == WARP_NEXT_LATER;
    return r;
}

/* The first instruction stores to a .global variable: the core fetches it
 * when the CTA starts and issues it in the same cycle, so the next fetch
 * comes before the store is published and is retried at the next cycle; the
 * load after it reads the stored value. */
static void timing_model_refetches_after_a_write(void)
{
    fixture_t f;
    const char *src = HEAD ".visible .global .align 4 .u32 g[2];\n"
                           ".visible .entry first_store()\n{\n.reg .b32 %r<2>;\n"
                           "st.global.u32 [g], 41;\nld.global.u32 %r1, [g];\nadd.u32 %r1, %r1, 1;\n"
                           "st.global.u32 [g+4], %r1;\nret;\n}\n";
    if (!open_fixture(&f, src))
        return;
    cs_error_t err;
    CHECK_EQ(ptx_module_bind(f.m, f.mem, &err), 0);
    kernel_desc_t k;
    CHECK(desc(&f, "first_store", 4, NULL, 0, &k));
    inner = k.ops;
    cta_source_ops_t counting = *k.ops;
    counting.warp_next = counting_next;
    k.ops = &counting;
    laters = 0;
    gpu_config_t cfg;
    config_defaults(&cfg);
    gpu_t *g = gpu_create_named(&cfg, NULL, NULL, &err);
    CHECK(g != NULL);
    CHECK_EQ(gpu_launch(g, &k, &err), 0);
    CHECK_EQ(gpu_run(g, &err), 0);
    CHECK(laters >= 1);
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    CHECK_EQ(t.warp_insts, 4 * 5);
    uint64_t gaddr = f.m->syms[ptx_find_symbol(f.m, "g")].addr;
    CHECK_EQ(word(&f, gaddr), 41);
    CHECK_EQ(word(&f, gaddr + 4), 42);
    gpu_destroy(g);
    close_fixture(&f);
}

int main(void)
{
    RUN(atomics_apply_in_core_order);
    RUN(loads_see_what_was_published);
    RUN(ended_cta_keeps_its_atomics_not_its_registers);
    RUN(timing_model_refetches_after_a_write);
    TEST_EXIT();
}
