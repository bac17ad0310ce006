/* bench_addrmap.c — cost of one address decode (GTX 480 mapping, 6 channels,
 * linear partition indexing). The decoder runs once per memory request that
 * leaves a core, so this bounds what address mapping adds to a simulation.
 * Moved here from tests/test_addrmap.c, where it could not fail. */
#include <inttypes.h>
#include <stdio.h>

#include "bench_common.h"
#include "model/addrmap.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
#define DECODES 10000000

int main(void)
{
    addrmap_t m;
    cs_error_t err;
    if (addrmap_init(&m, GTX480_MAP, 6, 2, 0, &err) != 0) {
        fprintf(stderr, "bench_addrmap: %s\n", err.msg);
        return 1;
    }
    double ns[BENCH_REPEATS];
    uint64_t checksum = 0; /* printed, so the decodes cannot be optimised away */
    for (int rep = 0; rep < BENCH_REPEATS; rep++) {
        double t0 = bench_cpu_seconds();
        for (uint64_t i = 0; i < DECODES; i++) {
            dram_coord_t d;
            addrmap_decode(&m, i * 128, &d);
            checksum += d.channel + d.bank + d.row + d.col;
        }
        ns[rep] = (bench_cpu_seconds() - t0) * 1e9 / DECODES;
    }
    printf("bench: address decode (gtx480 mapping)  median %.1f ns per address  (checksum %" PRIu64 ")\n",
           bench_median(ns, BENCH_REPEATS), checksum);
    return 0;
}
