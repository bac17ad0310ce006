/* bench_dram.c — cost of one DRAM channel cycle (gtx480 preset), loaded and
 * idle. Loaded: the scheduler queue kept full of 128-byte reads to random
 * rows of random banks, the case where FR-FCFS has the most to search. Idle:
 * dram_cycle() on an empty channel, which the memory partition avoids by
 * skipping to dram_next_event() but which must stay cheap anyway. Moved here
 * from tests/test_dram.c, where it could not fail. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bench_common.h"
#include "model/dram.h"

#define LOADED_REQUESTS 200000
#define IDLE_CYCLES 50000000ull
/* Requests in flight are bounded by the scheduler and return queues (64 +
 * 116 on gtx480); the ring is far larger, so a slot is never reused early. */
#define RING 1024

/* CPU ns per channel cycle. *checksum folds in the completion order: printed,
 * so the work cannot be optimised away, and equal across builds of one model. */
static double loaded_ns_per_cycle(const gpu_config_t *c, uint64_t *checksum)
{
    dram_channel_t *d = dram_create(c, 0);
    mem_req_t *ring = calloc(RING, sizeof *ring);
    if (!ring) {
        fprintf(stderr, "bench_dram: out of memory\n");
        exit(1);
    }
    uint64_t x = 0x2545F4914F6CDD1Dull, t = 0;
    int pushed = 0, done = 0;
    double t0 = bench_cpu_seconds();
    while (done < LOADED_REQUESTS) {
        while (pushed < LOADED_REQUESTS && dram_can_accept(d)) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            mem_req_t *r = &ring[pushed % RING];
            memset(r, 0, sizeof *r);
            r->type = REQ_READ;
            r->bytes = 128;
            r->bank = (uint32_t)(x >> 20) % c->dram.nbk;
            r->row = (uint32_t)(x >> 40) % 4096;
            r->mshr_slot = (uint32_t)pushed;
            dram_push(d, r, t);
            pushed++;
        }
        dram_cycle(d, t);
        mem_req_t *r;
        while ((r = dram_pop_done(d, t)) != NULL) {
            *checksum = *checksum * 1000003u + t * 131u + r->mshr_slot;
            done++;
        }
        t++;
    }
    double ns = (bench_cpu_seconds() - t0) * 1e9 / (double)dram_get_stats(d)->cycles;
    free(ring);
    dram_destroy(d);
    return ns;
}

static double idle_ns_per_cycle(const gpu_config_t *c)
{
    dram_channel_t *d = dram_create(c, 0);
    double t0 = bench_cpu_seconds();
    for (uint64_t t = 0; t < IDLE_CYCLES; t++)
        dram_cycle(d, t);
    double ns = (bench_cpu_seconds() - t0) * 1e9 / (double)IDLE_CYCLES;
    dram_destroy(d);
    return ns;
}

int main(void)
{
    gpu_config_t c;
    cs_error_t err;
    if (config_load_preset(&c, "gtx480", &err) != 0) {
        fprintf(stderr, "bench_dram: %s\n", err.msg);
        return 1;
    }
    double loaded[BENCH_REPEATS], idle[BENCH_REPEATS];
    uint64_t checksum = 0;
    for (int rep = 0; rep < BENCH_REPEATS; rep++) {
        loaded[rep] = loaded_ns_per_cycle(&c, &checksum);
        idle[rep] = idle_ns_per_cycle(&c);
    }
    printf("bench: DRAM channel, queue full of random rows  median %.1f ns per cycle  (checksum %" PRIu64 ")\n",
           bench_median(loaded, BENCH_REPEATS), checksum);
    printf("bench: DRAM channel, idle                       median %.2f ns per cycle\n",
           bench_median(idle, BENCH_REPEATS));
    return 0;
}
