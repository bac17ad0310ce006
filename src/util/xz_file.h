/* xz_file.h — write an .xz file through an ordinary FILE (liblzma, when the
 * build found it). */
#ifndef CTASIM_XZ_FILE_H
#define CTASIM_XZ_FILE_H

#include <stdbool.h>
#include <stdio.h>

/* Whether this build can write .xz files. */
bool xz_file_supported(void);
/* A FILE whose writes are compressed into PATH; fclose finishes the stream
 * and reports any write error. NULL with errno set on failure (ENOTSUP
 * without liblzma). */
FILE *xz_file_open_write(const char *path);

#endif
