/* synth.h — built-in synthetic kernels for tests, demos and benchmarks.
 *
 * Each is a workload of one kernel whose instruction stream is generated on
 * the fly (no storage proportional to the kernel size). Parameters come as
 * "name:key=value,key=value" on the command line (e.g.
 * "stream:ctas=240,threads=256,iters=16"). Kernels:
 *   stream      coalesced streaming: per iteration LDG a[i], FFMA..., STG b[i]
 *   strided     uncoalesced: each lane touches its own line (stride param)
 *   chase       pointer chase: dependent loads, every lane the same address,
 *               cyclic over a footprint (shuffle=1: seeded order)
 *   compute     compute-bound: independent FFMA/IADD chains, no memory
 *   shmem       shared-memory traffic with a chosen bank-conflict degree
 *   l1hit/l2hit/dram  single-warp latency probes (one dependent load chain
 *               over a footprint that fits L1 / fits L2 / misses both)
 * Addresses are deterministic functions of (cta, warp, lane, iteration, seed). */
#ifndef CTASIM_SYNTH_H
#define CTASIM_SYNTH_H

#include "workload.h"

/* spec: "NAME[:k=v,...]". Returns NULL with err set for an unknown name or parameter. */
workload_t *synth_workload_open(const char *spec, cs_error_t *err);
/* Is `name` (before ':') a synthetic kernel? */
bool synth_is_name(const char *spec);
/* List names and one-line descriptions with their parameters and defaults. */
void synth_list(void *FILE_stream);

#endif
