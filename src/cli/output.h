/* output.h — result files of the command line, written so that a file is
 * announced only once it is really on disk.
 *
 * stdio buffers: fprintf succeeds and the write error (disk full, a path
 * under /proc) surfaces only at a later flush or at fclose. So a report is
 * written through cli_output_open / cli_output_close, and only a 0 from
 * cli_output_close lets a command print "table in PATH". A result replaces
 * an earlier file of its name only when complete (a temporary and rename). Output directories
 * are created before any simulation runs, so a bad -o fails in a moment, not
 * after an hour of simulation. */
#ifndef CTASIM_CLI_OUTPUT_H
#define CTASIM_CLI_OUTPUT_H

#include <stdio.h>

#include "util/common.h"

/* Create directory PATH and its missing parents (mkdir -p); it must end up a
 * directory this process can write into. 0, or -1 with the reason. */
int cli_output_dir(const char *path, cs_error_t *err);
/* PATH opened for writing, the reason in err when it cannot be. What is
 * written goes to a temporary beside it (PATH.tmp.<pid>, removed on SIGINT,
 * SIGTERM, SIGHUP and exit: util/tempfile.h) that cli_output_close renames
 * over PATH once every byte is on disk, so PATH is never truncated, nor
 * replaced by a partial result, by a command that fails or is interrupted.
 * Refused at once, before any work: a directory, a directory that does not
 * exist or cannot be written. A device or FIFO (/dev/null, /dev/stdout) is
 * written in place; through a symbolic link the file it names is replaced. */
FILE *cli_output_open(const char *path, cs_error_t *err);
/* Flush and close F (never NULL) and put it in place as PATH; -1 with the
 * reason if anything written to it did not reach the file (PATH is then
 * untouched). F is closed either way. */
int cli_output_close(FILE *f, const char *path, cs_error_t *err);
/* Close F and drop what was written: PATH stays as it was. */
void cli_output_abandon(FILE *f);

/* A directory of outputs written whole (ctasim trace -o DIR): the files go
 * to a temporary directory beside DIR, DIR.tmp.<pid> (DIR's parents made as
 * needed, DIR itself not touched), which cli_output_dir_commit moves into
 * place once complete. NULL with err when it cannot be made. */
char *cli_output_dir_temp(const char *dir, cs_error_t *err);
/* DIR absent: TMP renamed to DIR. DIR present: TMP's files renamed into it
 * one by one, LAST (a name, or NULL) after the others, then the files of DIR
 * that STALE (or NULL) names and the new output lacks are removed (an older
 * trace's kernels). Signals wait until it is done. TMP is removed and freed
 * either way; 0, or -1 with err. */
int cli_output_dir_commit(char *tmp, const char *dir, const char *last, bool (*stale)(const char *name),
                          cs_error_t *err);
/* Remove TMP and what it holds (a failed command); NULL is allowed. Frees it. */
void cli_output_dir_discard(char *tmp);

/* Make S usable in a file name: anything but [A-Za-z0-9-] becomes '_'
 * (policy specs such as "claso:pa=1,pl=0" in sweep points and kept runs). */
void cli_file_tag(char *s);

/* One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a
 * comma, a quote or a line break (a policy spec such as claso:pa=1,pl=0). */
void cli_csv_field(FILE *f, const char *s);

#endif
