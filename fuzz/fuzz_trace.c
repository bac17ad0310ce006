/* fuzz_trace.c — libFuzzer target for the Accel-Sim trace reader.
 *
 * The input is a kernel trace file (header + thread blocks), parsed from
 * memory through trace_kernel_open_mem and drained completely: several CTAs
 * are kept alive at once, as the timing model does, and every field the
 * model would read (including the addresses of active lanes) is touched so
 * the sanitizers see any out-of-bounds or uninitialised access. Errors are
 * expected; crashes, leaks and sanitizer reports are the bugs. Inputs of
 * odd size are parsed by the parse-ahead thread (trace_reader.c), the others
 * sequentially: both paths are fuzzed, at most half the inputs pay for a
 * thread.
 *
 *   clang -std=c11 -D_GNU_SOURCE -DCS_HAVE_LZMA=1 -g -O1 -Isrc \
 *     -fsanitize=fuzzer,address,undefined fuzz/fuzz_trace.c src/frontend/trace_reader.c \
 *     src/frontend/sass_opcodes.c src/frontend/line_reader.c src/util/common.c -llzma -o build-fuzz/fuzz_trace
 *   build-fuzz/fuzz_trace -max_total_time=60 fuzz/corpus/trace */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/trace_reader.h"

#define ALIVE_CTAS 3
#define MAX_CTAS 4096 /* a huge grid fails at the first missing CTA anyway */

static volatile uint64_t sink;

static void consume(const warp_inst_t *in)
{
    uint64_t h = in->pc ^ in->active_mask ^ in->unit ^ in->lat ^ in->space ^ in->flags ^ in->access_size;
    for (unsigned i = 0; i < in->ndst && i < INST_MAX_DST; i++)
        h += in->dst[i];
    for (unsigned i = 0; i < in->nsrc && i < INST_MAX_SRC; i++)
        h += in->src[i];
    if (in->addr)
        for (unsigned lane = 0; lane < WARP_SIZE; lane++)
            h += in->addr[lane];
    sink += h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kernel_desc_t k;
    cs_error_t err;
    setenv("CTASIM_PARSE_AHEAD", size & 1 ? "1" : "0", 1);
    if (trace_kernel_open_mem("fuzz.traceg", data, size, &k, &err) < 0)
        return 0;
    uint64_t ctas = dim3_count(k.grid);
    unsigned warps = kernel_warps_per_cta(&k);
    void *alive[ALIVE_CTAS] = {0};
    uint64_t next = 0;
    bool failed = false;
    while (!failed && next < ctas && next < MAX_CTAS) {
        /* begin up to ALIVE_CTAS, then drain the oldest round-robin style */
        for (unsigned s = 0; s < ALIVE_CTAS && next < ctas && next < MAX_CTAS; s++) {
            if (alive[s])
                continue;
            alive[s] = k.ops->cta_begin(k.src, next++, 0, &err);
            if (!alive[s]) {
                failed = true;
                break;
            }
        }
        for (unsigned s = 0; s < ALIVE_CTAS; s++) {
            if (!alive[s])
                continue;
            for (unsigned w = 0; w <= warps; w++) { /* one past the end: must be an error, not a crash */
                const warp_inst_t *in;
                int rc;
                while ((rc = k.ops->warp_next(alive[s], w, &in, &err)) == 1)
                    consume(in);
            }
            k.ops->cta_end(k.src, alive[s]);
            alive[s] = NULL;
        }
    }
    for (unsigned s = 0; s < ALIVE_CTAS; s++)
        if (alive[s])
            k.ops->cta_end(k.src, alive[s]);
    /* after an error every later call must fail cleanly too */
    if (failed && k.ops->cta_begin(k.src, next, 0, &err) != NULL)
        __builtin_trap();
    trace_counts_t counts;
    trace_kernel_counts(&k, &counts);
    sink += counts.warp_insts;
    k.ops->destroy(k.src);
    return 0;
}
