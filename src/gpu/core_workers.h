/* core_workers.h — a fixed team of threads that runs one batch of items at a
 * time: the parallel core phase of a simulated cycle (gpu.c, --threads).
 *
 * core_workers_run(w, n) calls fn(ctx, i) once for every i in 0..n-1, spread
 * over the team and the calling thread, and returns when all n calls have
 * returned; everything the calls wrote is then visible to the caller, and
 * everything the caller wrote before the run is visible to the calls. Which
 * thread runs which item is not fixed (first come, first served), so fn must
 * give the same result on any thread: each item touches its own state only.
 *
 * A batch per simulated cycle is short (microseconds), so waiting threads
 * spin for a while before they sleep on a condition variable, and the caller
 * wakes sleepers only when there are any. */
#ifndef CTASIM_CORE_WORKERS_H
#define CTASIM_CORE_WORKERS_H

#include <stdint.h>

typedef void (*core_work_fn)(void *ctx, uint32_t item);
typedef struct core_workers core_workers_t;

/* A team of `threads` (>= 2) including the caller: threads - 1 are started. */
core_workers_t *core_workers_create(unsigned threads, core_work_fn fn, void *ctx);
/* Returns once every item has run (the calling thread runs its share). */
void core_workers_run(core_workers_t *w, uint32_t n_items);
/* The same for another kind of item (the memory side's phases): fn(ctx, i)
 * for this batch only. */
void core_workers_run_fn(core_workers_t *w, core_work_fn fn, void *ctx, uint32_t n_items);
/* Nanoseconds the caller spent waiting for other threads' items (a build with
 * -DCTASIM_PHASE_PROFILE; 0 otherwise). */
uint64_t core_workers_wait_ns(const core_workers_t *w);
unsigned core_workers_threads(const core_workers_t *w);
/* Pin team thread k (1 .. threads - 1) to the k-th CPU this process may run
 * on (its affinity mask, in CPU order), leaving the caller (thread 0) to the
 * scheduler: it also runs the serial phases and shares its CPU with nothing
 * of the team. Returns how many threads were pinned (0 where the mask has
 * fewer CPUs than the team, or the system refuses). Speed only. */
unsigned core_workers_pin(core_workers_t *w);
/* Stop and join the team (NULL: nothing). */
void core_workers_destroy(core_workers_t *w);

#endif
