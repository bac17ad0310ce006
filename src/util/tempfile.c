/* tempfile.c — the registry of live temporaries and the signal handler that
 * removes them (see tempfile.h).
 *
 * The handler may run at any moment on any thread, so it takes no lock and
 * calls only async-signal-safe functions: it reads each slot's atomic state
 * and unlinks the path of a live one. Threads change slots under a mutex;
 * a slot's path is written before its state says it is live, and the state
 * is cleared before the slot can be reused. */
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* More than the temporaries open at once: one per worker thread of a sweep
 * (--jobs at most 256) plus the command's own. */
#define TEMP_SLOTS 320
#define TEMP_PATH_MAX 4096

enum { SLOT_FREE, SLOT_FILE, SLOT_DIR };

/* The states apart from the paths: a slot's path is a page, so states kept
 * beside them put each on a page of its own, and the scan at every exit
 * (remove_all) read 320 pages never written, a page fault each (a tenth of a
 * short run's faults, docs/SPEED.md s37). */
static atomic_int slot_state[TEMP_SLOTS];
static char slot_path[TEMP_SLOTS][TEMP_PATH_MAX];

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const int caught[] = {SIGINT, SIGTERM, SIGHUP};

/* Unlink every file in directory PATH (the trace writer's: files only).
 * readdir may allocate, which a signal handler must not, hence getdents64. */
static void empty_dir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    uint64_t buf[1024]; /* 8-byte aligned, as the records are */
    /* entries unlinked while reading may shift the rest: read again from
     * the start until a pass removes nothing */
    for (int pass = 0; pass < 64; pass++) {
        int removed = 0;
        lseek(fd, 0, SEEK_SET);
        for (;;) {
            long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
            if (n <= 0)
                break;
            for (long off = 0; off < n;) {
                const char *rec = (const char *)buf + off;
                unsigned short reclen;
                memcpy(&reclen, rec + 16, sizeof reclen); /* linux_dirent64: ino, off, reclen, type, name */
                const char *name = rec + 19;
                if (strcmp(name, ".") && strcmp(name, "..") && unlinkat(fd, name, 0) == 0)
                    removed++;
                off += reclen;
            }
        }
        if (!removed)
            break;
    }
    close(fd);
}

static void remove_all(void)
{
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&slot_state[i]) == SLOT_FILE)
            unlink(slot_path[i]);
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&slot_state[i]) == SLOT_DIR) {
            empty_dir(slot_path[i]);
            rmdir(slot_path[i]);
        }
}

static void on_signal(int sig)
{
    int saved = errno;
    remove_all();
    /* die of the same signal, so the caller sees 128+n and not an exit code:
     * the signal is blocked while its handler runs, so the raised one is
     * delivered, with the default action, as the handler returns */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
    errno = saved;
}

/* exit() with a temporary still registered: a failure path that did not
 * remove it (an output is never left half-written under any name) */
static void on_exit_remove(void) { remove_all(); }

static void install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++)
        sigaddset(&sa.sa_mask, caught[i]); /* one handler at a time */
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        struct sigaction old;
        /* a signal the caller ignores (nohup, a background job's SIGINT) stays ignored */
        if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(caught[i], &sa, NULL);
    }
    atexit(on_exit_remove);
}

int temp_track(const char *path, bool is_dir)
{
    pthread_once(&once, install);
    size_t n = strlen(path);
    if (n >= TEMP_PATH_MAX)
        return -1;
    int rc = -1;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&slot_state[i]) == SLOT_FREE) {
            memcpy(slot_path[i], path, n + 1);
            atomic_store(&slot_state[i], is_dir ? SLOT_DIR : SLOT_FILE);
            rc = 0;
            break;
        }
    pthread_mutex_unlock(&lock);
    return rc;
}

void temp_forget(const char *path)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&slot_state[i]) != SLOT_FREE && !strcmp(slot_path[i], path)) {
            atomic_store(&slot_state[i], SLOT_FREE);
            break;
        }
    pthread_mutex_unlock(&lock);
}

void temp_remove_dir(const char *path)
{
    empty_dir(path);
    rmdir(path);
    temp_forget(path);
}
