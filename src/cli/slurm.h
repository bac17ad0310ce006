/* slurm.h — run a sweep's points as a Slurm job array (`--backend slurm`).
 *
 * The sweep plans its points as always; the points still missing from its
 * directory are submitted with sbatch as one job array whose task K runs
 * `ctasim sweep <the same arguments> --run-point K` (an experiment's runs:
 * `ctasim experiment NAME <the same arguments> --run-index K`): exactly the local
 * point's simulation, writing the same JSON (atomically) into the same
 * directory. A shared filesystem is assumed, as on real clusters. squeue is
 * polled until no task is pending or running; points whose JSON is still
 * missing then (a task that failed, was cancelled or hit its time limit) are
 * submitted again, up to a number of retries. The sweep then collects the
 * results as a resumed local sweep does, so summary and classification are
 * the same files a local run writes.
 *
 * Slurm's own commands are run with posix_spawnp (no shell): sbatch, squeue
 * and scancel from PATH; $CTASIM_SBATCH / $CTASIM_SQUEUE override them
 * (tests). */
#ifndef CTASIM_CLI_SLURM_H
#define CTASIM_CLI_SLURM_H

#include <stdbool.h>
#include <stddef.h>

#include "util/common.h"

#define SLURM_MAX_EXTRA 16

typedef struct slurm_opts {
    const char *partition;            /* --slurm-partition: sbatch --partition */
    const char *time_limit;           /* --slurm-time: sbatch --time (Slurm's formats) */
    const char *mem;                  /* --slurm-mem: sbatch --mem (e.g. 2G) */
    const char *extra[SLURM_MAX_EXTRA]; /* --slurm-opt: passed to sbatch as given */
    unsigned n_extra;
    unsigned retries;                 /* --slurm-retries: resubmissions of failed points (default 2) */
    unsigned poll_seconds;            /* --slurm-poll: seconds between squeue calls (default 5) */
    unsigned max_running;             /* --slurm-max-running: the array's %N throttle (0: none) */
} slurm_opts_t;

void slurm_opts_default(slurm_opts_t *o);
/* One --slurm-* option of sweep or experiment with its value: 0, or -1 with
 * err naming the option (an unknown --slurm-* name, a bad number). */
int slurm_parse_option(slurm_opts_t *o, const char *name, const char *value, cs_error_t *err);

/* Is point i done (its result complete in the directory)? */
typedef bool (*slurm_point_done_fn)(void *ctx, size_t point);
/* Called after each poll: done of total points complete so far. */
typedef void (*slurm_progress_fn)(void *ctx, size_t done, size_t total);

/* Run the points of `todo` (indices, n of them) through Slurm. work_dir is
 * where the job scripts and the tasks' logs go (DIR/slurm); argv/argc the
 * sweep's command line (argv[0] is replaced by this executable's absolute
 * path in the job). Returns 0 when every point is done, or -1 with err
 * naming the points that failed after the retries (and where their logs
 * are), or why sbatch/squeue could not be used. */
typedef struct slurm_batch {
    const char *label;       /* "sweep", "lee-fig4": the progress lines' and messages' prefix */
    const char *unit;        /* "points", "runs" */
    const char *task_option; /* "--run-point", "--run-index": appended with the task's index */
} slurm_batch_t;
int slurm_run_points(const slurm_opts_t *o, const slurm_batch_t *b, const char *work_dir, int argc, char **argv,
                     const size_t *todo, size_t n, size_t total, slurm_point_done_fn done,
                     slurm_progress_fn progress, void *ctx, cs_error_t *err);

#endif
