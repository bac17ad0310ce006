/* output.c — creating output directories and writing result files with every
 * error checked (see output.h). */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int make_one_dir(const char *path, const char *shown, cs_error_t *err)
{
    if (mkdir(path, 0777) == 0)
        return 0;
    int e = errno;
    struct stat st;
    if (e == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    if (e == EEXIST)
        return cs_err(err, shown, 0, "cannot create output directory: %s is not a directory", path);
    return cs_err(err, shown, 0, "cannot create output directory: %s", strerror(e));
}

int cli_output_dir(const char *path, cs_error_t *err)
{
    if (!path[0])
        return cs_err(err, NULL, 0, "output directory is an empty name");
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof buf)
        return cs_err(err, NULL, 0, "output directory name is %zu characters long (at most %zu)", n, sizeof buf - 1);
    memcpy(buf, path, n + 1);
    /* parents first: every '/' after the first character ends one */
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/' || p[-1] == '/')
            continue;
        *p = '\0';
        int rc = make_one_dir(buf, path, err);
        *p = '/';
        if (rc < 0)
            return -1;
    }
    if (make_one_dir(buf, path, err) < 0)
        return -1;
    if (access(path, W_OK | X_OK) != 0)
        return cs_err(err, path, 0, "cannot write into output directory: %s", strerror(errno));
    return 0;
}

FILE *cli_output_open(const char *path, cs_error_t *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        cs_err(err, path, 0, "cannot write: %s", strerror(errno));
    return f;
}

int cli_output_close(FILE *f, const char *path, cs_error_t *err)
{
    /* an fprintf that failed earlier set the error flag; its errno is gone by
     * now, so the flush's errno is the best reason there is */
    bool failed_before = ferror(f) != 0;
    errno = 0;
    int flush_failed = fflush(f) != 0;
    int flush_errno = errno;
    int close_failed = fclose(f) != 0;
    int close_errno = errno;
    if (!failed_before && !flush_failed && !close_failed)
        return 0;
    int e = flush_failed ? flush_errno : close_failed ? close_errno : EIO;
    return cs_err(err, path, 0, "cannot write: %s", strerror(e ? e : EIO));
}

void cli_csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

FILE *cli_output_open_whole(const char *path, cs_error_t *err)
{
    char tmp[4200];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
        cs_err(err, path, 0, "path too long");
        return NULL;
    }
    return cli_output_open(tmp, err);
}

int cli_output_close_whole(FILE *f, const char *path, cs_error_t *err)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (cli_output_close(f, path, err) < 0) {
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return cs_err(err, path, 0, "cannot write: %s", strerror(e));
    }
    return 0;
}

void cli_file_tag(char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-'))
            *s = '_';
}
