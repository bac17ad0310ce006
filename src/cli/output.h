/* output.h — result files of the command line, written so that a file is
 * announced only once it is really on disk.
 *
 * stdio buffers: fprintf succeeds and the write error (disk full, a path
 * under /proc) surfaces only at a later flush or at fclose. So a report is
 * written through cli_output_open / cli_output_close, and only a 0 from
 * cli_output_close lets a command print "table in PATH". Output directories
 * are created before any simulation runs, so a bad -o fails in a moment, not
 * after an hour of simulation. */
#ifndef CTASIM_CLI_OUTPUT_H
#define CTASIM_CLI_OUTPUT_H

#include <stdio.h>

#include "util/common.h"

/* Create directory PATH and its missing parents (mkdir -p); it must end up a
 * directory this process can write into. 0, or -1 with the reason. */
int cli_output_dir(const char *path, cs_error_t *err);
/* fopen(path, "w") with the reason in err when it fails. */
FILE *cli_output_open(const char *path, cs_error_t *err);
/* Flush and close F (never NULL); -1 with the reason if anything written to
 * it since it was opened did not reach the file. F is closed either way. */
int cli_output_close(FILE *f, const char *path, cs_error_t *err);

/* A file that appears under its name only once complete (results a rerun
 * trusts, tables a report reads): cli_output_open_whole opens PATH.tmp,
 * cli_output_close_whole closes it and renames it to PATH, or removes it
 * and says why (PATH is then untouched). Ctrl-C or a killed job never
 * leaves a PATH that looks complete. */
FILE *cli_output_open_whole(const char *path, cs_error_t *err);
int cli_output_close_whole(FILE *f, const char *path, cs_error_t *err);

/* Make S usable in a file name: anything but [A-Za-z0-9-] becomes '_'
 * (policy specs such as "claso:pa=1,pl=0" in sweep points and kept runs). */
void cli_file_tag(char *s);

/* One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a
 * comma, a quote or a line break (a policy spec such as claso:pa=1,pl=0). */
void cli_csv_field(FILE *f, const char *s);

#endif
