/* progress.h — the progress line of sweeps and experiments: on a terminal a
 * bar with done/total, failures and an estimate of the time left; otherwise
 * plain lines at each tenth of the work (and at least every minute). */
#ifndef CTASIM_PROGRESS_H
#define CTASIM_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct progress {
    const char *label; /* "lee-fig4", "sweep" */
    const char *unit;  /* "runs", "points" */
    bool tty;
    double start, last_line;
    size_t last_tenth;
} progress_t;

/* Start the clock; tty: stderr is a terminal. */
void progress_start(progress_t *p, const char *label, const char *unit, bool tty);
/* done of total finished, failed of them failed (called from the job pool,
 * one call at a time). */
void progress_update(progress_t *p, size_t done, size_t total, size_t failed);
/* "1h02m", "3m05s", "12s" */
void progress_format_seconds(double s, char *buf, size_t n);

/* One simulation's progress on a terminal (`ctasim run`): a line rewritten
 * in place with cycles, instructions, the simulation rate and, for the
 * kernels running now, CTAs done and an estimate of the time left in them
 * (the run's total is not known in advance: kernels are launched as the
 * host code or the trace reaches them). */
typedef struct run_progress {
    bool shown;              /* something is on the line */
    uint32_t kernels_done;   /* when the running set last changed ... */
    double set_start;        /* ... and the wall time then */
} run_progress_t;
struct gpu_progress;
void run_progress_print(void *ctx, const struct gpu_progress *p);
/* Seconds between updates: 0.5, or $CTASIM_PROGRESS_INTERVAL (tests). */
double run_progress_interval(void);
/* Clear the line, if anything was shown, before the results print. */
void run_progress_finish(run_progress_t *rp);

#endif
