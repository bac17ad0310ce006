/* fuzz_ptx.c — libFuzzer target for the PTX parser (and, for inputs that
 * parse, a short bounded execution of the first kernel on one small CTA).
 * Errors are expected; crashes, hangs, leaks and sanitizer reports are bugs.
 *
 *   clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -Iinclude -fsanitize=fuzzer,address,undefined \
 *     fuzz/fuzz_ptx.c src/frontend/ptx/[a-z]*.c src/util/common.c -lm -o build-fuzz/fuzz_ptx
 *   build-fuzz/fuzz_ptx -max_total_time=60 fuzz/corpus/ptx */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "frontend/ptx/ptx_source.h"

#define MAX_STEPS 20000

static volatile uint64_t sink;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cs_error_t err;
    ptx_module_t *m = ptx_parse("fuzz.ptx", (const char *)data, size, &err);
    if (!m)
        return 0;
    ptx_device_memory_t *mem = ptx_mem_create();
    for (uint32_t i = 0; i < m->n_funcs; i++) {
        const ptx_function_t *f = &m->funcs[i];
        if (!f->is_kernel || !f->defined || f->param_bytes > 4096)
            continue;
        uint8_t params[4096] = {0};
        uint64_t buf = ptx_mem_alloc(mem, 4096);
        for (uint64_t off = 0; off + 8 <= f->param_bytes; off += 8)
            memcpy(params + off, &buf, 8); /* every pointer-sized slot points at a buffer */
        kernel_desc_t k;
        dim3_t g = {2, 1, 1}, b = {40, 1, 1};
        dim3_t no_cluster = {0, 0, 0};
        if (ptx_kernel_desc(m, f->name, g, b, no_cluster, 64, params, f->param_bytes, mem, 0, &k, &err) == 0) {
            void *cta = k.ops->cta_begin(k.src, 0, 0, &err);
            unsigned steps = 0;
            for (unsigned w = 0; cta && w < 2; w++) {
                const warp_inst_t *in;
                while (steps++ < MAX_STEPS && cta_source_next_now(k.ops, k.src, cta, w, &in, &err) == 1)
                    sink += in->pc + in->active_mask + (in->addr ? in->addr[0] : 0);
            }
            if (cta)
                k.ops->cta_end(k.src, cta);
            k.ops->destroy(k.src);
        }
        break;
    }
    ptx_mem_destroy(mem);
    ptx_module_free(m);
    return 0;
}
