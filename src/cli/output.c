/* output.c — creating output directories and writing result files with every
 * error checked (see output.h). */
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/tempfile.h"

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

/* An output being written: its temporary and where it goes when complete.
 * Keyed by the FILE, so callers keep the plain FILE * interface; sweeps and
 * experiments write from several threads, hence the lock. */
typedef struct pending {
    FILE *f;
    char *tmp;  /* NULL: written in place (a device or a FIFO) */
    char *dest; /* the rename's target: PATH, or what a link at PATH points to */
    struct pending *next;
} pending_t;

static pending_t *pending;
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;

static pending_t *pending_take(FILE *f)
{
    pthread_mutex_lock(&pending_lock);
    pending_t **pp = &pending;
    while (*pp && (*pp)->f != f)
        pp = &(*pp)->next;
    pending_t *p = *pp;
    if (p)
        *pp = p->next;
    pthread_mutex_unlock(&pending_lock);
    return p;
}

static void pending_free(pending_t *p)
{
    if (!p)
        return;
    free(p->tmp);
    free(p->dest);
    free(p);
}

FILE *cli_output_open(const char *path, cs_error_t *err)
{
    pending_t *p = cs_xcalloc(1, sizeof *p);
    int e = 0;
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        /* refused now: the rename at the end would fail after the work */
        cs_err(err, path, 0, "cannot write: %s", strerror(EISDIR));
        free(p);
        return NULL;
    }
    if (exists && access(path, W_OK) != 0) {
        /* a file made read-only stays protected, as when it was opened in place */
        cs_err(err, path, 0, "cannot write: %s", strerror(errno));
        free(p);
        return NULL;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        /* /dev/null, /dev/stdout, a FIFO: nothing to truncate, and a rename
         * would replace the device itself */
        p->f = fopen(path, "w");
        e = errno;
    } else {
        /* through a link, the file it names is replaced and the link kept */
        struct stat lst;
        char *real = exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) ? realpath(path, NULL) : NULL;
        p->dest = real ? real : cs_xstrdup(path);
        size_t n = strlen(p->dest) + 32;
        p->tmp = cs_xmalloc(n);
        snprintf(p->tmp, n, "%s.tmp.%ld", p->dest, (long)getpid());
        temp_track(p->tmp, false); /* before it exists: a signal then finds nothing to remove */
        p->f = fopen(p->tmp, "w");
        e = errno;
        if (p->f && exists)
            fchmod(fileno(p->f), st.st_mode & 07777); /* the replaced file's permissions */
        if (!p->f)
            temp_forget(p->tmp);
    }
    if (!p->f) {
        cs_err(err, path, 0, "cannot write: %s", strerror(e));
        pending_free(p);
        return NULL;
    }
    FILE *f = p->f;
    pthread_mutex_lock(&pending_lock);
    p->next = pending;
    pending = p;
    pthread_mutex_unlock(&pending_lock);
    return f;
}

/* fclose with every write error of the stream's life reported */
static int close_checked(FILE *f, const char *path, cs_error_t *err)
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

int cli_output_close(FILE *f, const char *path, cs_error_t *err)
{
    pending_t *p = pending_take(f);
    int rc = close_checked(f, path, err);
    if (p && p->tmp) {
        if (rc == 0 && rename(p->tmp, p->dest) != 0)
            rc = cs_err(err, path, 0, "cannot write: %s", strerror(errno));
        if (rc < 0)
            unlink(p->tmp);
        temp_forget(p->tmp);
    }
    pending_free(p);
    return rc;
}

void cli_output_abandon(FILE *f)
{
    pending_t *p = pending_take(f);
    fclose(f);
    if (p && p->tmp) {
        unlink(p->tmp);
        temp_forget(p->tmp);
    }
    pending_free(p);
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

/* DIR without its trailing slashes (but "/" stays "/"), malloc'd */
static char *strip_slashes(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    char *s = cs_xmalloc(n + 1);
    memcpy(s, dir, n);
    s[n] = '\0';
    return s;
}

char *cli_output_dir_temp(const char *dir, cs_error_t *err)
{
    char *d = strip_slashes(dir);
    char *slash = strrchr(d, '/');
    if (slash && slash != d) {
        /* the parents as mkdir -p makes them; DIR itself is left alone */
        *slash = '\0';
        int rc = cli_output_dir(d, err);
        *slash = '/';
        if (rc < 0) {
            free(d);
            return NULL;
        }
    }
    size_t n = strlen(d) + 32;
    char *tmp = cs_xmalloc(n);
    snprintf(tmp, n, "%s.tmp.%ld", d, (long)getpid());
    free(d);
    temp_track(tmp, true);
    if (mkdir(tmp, 0777) != 0) {
        int e = errno;
        temp_forget(tmp);
        free(tmp);
        cs_err(err, dir, 0, "cannot create output directory: %s", strerror(e));
        return NULL;
    }
    return tmp;
}

void cli_output_dir_discard(char *tmp)
{
    if (!tmp)
        return;
    temp_remove_dir(tmp);
    free(tmp);
}

/* Is NAME one of the N names? */
static bool among(char **names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], name))
            return true;
    return false;
}

int cli_output_dir_commit(char *tmp, const char *dir, const char *last, bool (*stale)(const char *name),
                          cs_error_t *err)
{
    /* held off while files move: Ctrl-C here would leave DIR half old, half
     * new; a signal that came meanwhile is delivered at the end */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int rc = 0;
    struct stat st;
    if (lstat(dir, &st) != 0 && errno == ENOENT) {
        if (rename(tmp, dir) != 0)
            rc = cs_err(err, dir, 0, "cannot create output directory: %s", strerror(errno));
    } else {
        /* DIR exists: move the files in one by one, LAST after the others
         * (kernelslist.g: a reader never sees a list naming missing files) */
        char **names = NULL;
        size_t n = 0, cap = 0;
        DIR *d = opendir(tmp);
        for (struct dirent *e; d && (e = readdir(d));) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                names = cs_xrealloc(names, cap * sizeof *names);
            }
            names[n++] = cs_xstrdup(e->d_name);
        }
        if (d)
            closedir(d);
        else
            rc = cs_err(err, tmp, 0, "cannot read: %s", strerror(errno));
        for (int round = 0; round < 2 && rc == 0; round++)
            for (size_t i = 0; i < n && rc == 0; i++) {
                if ((last && !strcmp(names[i], last)) != (round == 1))
                    continue;
                size_t fl = strlen(tmp) + strlen(names[i]) + 2, tl = strlen(dir) + strlen(names[i]) + 2;
                char *from = cs_xmalloc(fl), *to = cs_xmalloc(tl);
                snprintf(from, fl, "%s/%s", tmp, names[i]);
                snprintf(to, tl, "%s/%s", dir, names[i]);
                if (rename(from, to) != 0)
                    rc = cs_err(err, to, 0, "cannot write: %s", strerror(errno));
                free(from);
                free(to);
            }
        /* what the replaced output had and the new one has not */
        if (rc == 0 && stale && (d = opendir(dir))) {
            for (struct dirent *e; (e = readdir(d));)
                if (stale(e->d_name) && !among(names, n, e->d_name)) {
                    size_t pl = strlen(dir) + strlen(e->d_name) + 2;
                    char *path = cs_xmalloc(pl);
                    snprintf(path, pl, "%s/%s", dir, e->d_name);
                    unlink(path);
                    free(path);
                }
            closedir(d);
        }
        for (size_t i = 0; i < n; i++)
            free(names[i]);
        free(names);
    }
    cli_output_dir_discard(tmp); /* gone when renamed; else what is left of it */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

void cli_file_tag(char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-'))
            *s = '_';
}
