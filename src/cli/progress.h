/* progress.h — the progress line of sweeps and experiments: on a terminal a
 * bar with done/total, failures and an estimate of the time left; otherwise
 * plain lines at each tenth of the work (and at least every minute). */
#ifndef CTASIM_PROGRESS_H
#define CTASIM_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

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

#endif
