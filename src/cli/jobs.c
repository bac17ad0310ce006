/* jobs.c — the worker pool behind sweep and experiment (see jobs.h). Workers
 * take the next job index from a shared counter; nothing else is shared. */
#include "jobs.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/common.h"

typedef struct pool {
    size_t n, next, done;
    job_fn_t fn;
    job_progress_fn_t progress;
    void *ctx;
    pthread_mutex_t lock;
} pool_t;

static void *worker(void *arg)
{
    pool_t *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next < p->n ? p->next++ : p->n;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->n)
            return NULL;
        p->fn(p->ctx, i);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (p->progress)
            p->progress(p->ctx, p->done, p->n);
        pthread_mutex_unlock(&p->lock);
    }
}

/* jobs_run's thread count while one runs (0: none) */
static atomic_uint running;

unsigned jobs_running(void)
{
    const unsigned n = atomic_load(&running);
    return n ? n : 1;
}

unsigned jobs_threads_used(size_t n, unsigned threads)
{
    if (threads < 1)
        threads = 1;
    if (threads > CLI_MAX_JOBS)
        threads = CLI_MAX_JOBS;
    return n < threads ? (unsigned)(n ? n : 1) : threads;
}

void jobs_run(size_t n, unsigned threads, job_fn_t fn, job_progress_fn_t progress, void *ctx)
{
    pool_t p = {.n = n, .fn = fn, .progress = progress, .ctx = ctx};
    pthread_mutex_init(&p.lock, NULL);
    unsigned extra = jobs_threads_used(n, threads) - 1; /* the caller works too */
    const unsigned outer = atomic_exchange(&running, extra + 1); /* (a batch inside a batch: its own count) */
    pthread_t *th = extra ? cs_xcalloc(extra, sizeof *th) : NULL;
    unsigned started = 0;
    while (started < extra && pthread_create(&th[started], NULL, worker, &p) == 0)
        started++;
    worker(&p);
    for (unsigned j = 0; j < started; j++)
        pthread_join(th[j], NULL);
    free(th);
    atomic_store(&running, outer);
    pthread_mutex_destroy(&p.lock);
}

unsigned jobs_default(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 1)
        return 1;
    return online > (long)CLI_MAX_JOBS ? CLI_MAX_JOBS : (unsigned)online;
}
