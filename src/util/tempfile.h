/* tempfile.h — the temporaries this process has not yet renamed into place.
 *
 * Result files are written to a temporary beside their final name and
 * renamed when complete, so an interrupted or failed command never leaves a
 * truncated result, nor a truncated copy of an older one. Whoever creates
 * such a temporary registers it here; SIGINT, SIGTERM and SIGHUP then remove
 * every registered temporary before the process dies of the signal (exit
 * status 128+n, as if no handler were installed), and exit() removes any a
 * failing path forgot. Lives in util/ because both the command line and the
 * report writer make temporaries. Linux (getdents64) for directories. */
#ifndef CTASIM_TEMPFILE_H
#define CTASIM_TEMPFILE_H

#include <stdbool.h>

/* Register PATH (a file, or with IS_DIR a directory whose entries are files)
 * as a temporary; installs the signal handlers on first use. Registering is
 * best effort: 0, or -1 when PATH is too long or the registry is full (the
 * temporary then survives a signal, nothing worse). Thread-safe. */
int temp_track(const char *path, bool is_dir);
/* PATH is no temporary any more: renamed into place or already removed.
 * Call it after the rename, so a signal in between finds nothing to remove
 * rather than leaving a temporary behind. */
void temp_forget(const char *path);
/* Remove the directory temporary PATH and the files in it, and forget it. */
void temp_remove_dir(const char *path);

#endif
