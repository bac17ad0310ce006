/* jobs.h — run N independent jobs on J threads.
 *
 * Sweeps and experiments are many independent simulations. A job is an index
 * 0..n-1; the job function writes its result into the caller's slot for that
 * index, so the results come out in index order however the threads were
 * scheduled, and a report built from them does not depend on --jobs. Jobs
 * share nothing but what the caller gives them read-only. */
#ifndef CTASIM_CLI_JOBS_H
#define CTASIM_CLI_JOBS_H

#include <stddef.h>

/* The most threads --jobs accepts anywhere. */
#define CLI_MAX_JOBS 256u

/* Run job `index` of the batch (called from several threads at once). */
typedef void (*job_fn_t)(void *ctx, size_t index);
/* A job finished: `done` of `total` so far. Called one at a time (under the
 * pool's lock), so it may print progress without interleaving. May be NULL. */
typedef void (*job_progress_fn_t)(void *ctx, size_t done, size_t total);

/* Run jobs 0..n-1 on up to `threads` threads (the calling thread is one of
 * them) and return when all have finished. If the system refuses to start a
 * thread, the threads already running do its share: every job still runs. */
void jobs_run(size_t n, unsigned threads, job_fn_t fn, job_progress_fn_t progress, void *ctx);

/* How many threads jobs_run uses for n jobs when asked for `threads`. */
unsigned jobs_threads_used(size_t n, unsigned threads);

/* How many jobs of this process run at once now: jobs_run's threads while
 * it runs, else 1. --threads auto shares the CPUs among them
 * (cli/simulate.c), so a sweep on every CPU runs each simulation on one. */
unsigned jobs_running(void);

/* The default for --jobs: the processors online, within 1..CLI_MAX_JOBS. */
unsigned jobs_default(void);

#endif
