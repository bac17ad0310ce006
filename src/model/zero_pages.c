/* zero_pages.c — see zero_pages.h. */
#include "zero_pages.h"
#include "util/common.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Below this an array is left to calloc: a mapping costs a system call and
 * at least a page, and clearing a few KiB costs less than either. */
#define ZERO_PAGES_MIN 4096u

static void out_of_memory(size_t n, size_t sz)
{
    fprintf(stderr, "ctasim: out of memory allocating %zu x %zu bytes\n", n, sz);
    abort();
}

static size_t array_bytes(size_t n, size_t sz)
{
    n = n ? n : 1;
    sz = sz ? sz : 1;
    if (n > SIZE_MAX / sz)
        out_of_memory(n, sz);
    return n * sz;
}

/* Freed mappings are kept for the next table of the same size instead of
 * unmapped: munmap of pages a run has written cost 35 us a call here, 45 ms
 * for the 1300 tables of a 132-core GPU (its L1 tables are built again at
 * the first launch, and all are freed at the end), more than the start-up
 * saved. A kept mapping is cleared when it is handed out again
 * (clear_mapping). One list for the process (tables are built and freed
 * outside the hot loop; experiments build GPUs on several
 * threads), so it is behind a mutex; what it holds is reachable, not leaked,
 * and the process's exit returns it. */
typedef struct kept {
    struct kept *next;
    void *p;      /* the mapping: the list's nodes are apart from it, so that */
    size_t bytes; /* freeing a table never writes (and faults in) its pages */
} kept_t;
static kept_t *kept_list;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/* Zero a kept mapping again. MADV_DONTNEED drops its pages, so that it
 * reads as zero and costs only what is written next: neither clearing pages
 * a run never touched (that would fault them all in) nor trusting mincore,
 * which calls a page that was swapped out "not resident" although it still
 * holds the run's data. Where madvise fails, the mapping is cleared. */
static void clear_mapping(void *p, size_t bytes)
{
    if (madvise(p, bytes, MADV_DONTNEED) != 0)
        memset(p, 0, bytes);
}

void *zero_pages_alloc(size_t n, size_t sz)
{
    const size_t bytes = array_bytes(n, sz);
    if (bytes < ZERO_PAGES_MIN)
        return cs_xcalloc(n, sz);
    pthread_mutex_lock(&kept_lock);
    for (kept_t **k = &kept_list; *k; k = &(*k)->next)
        if ((*k)->bytes == bytes) {
            kept_t *hit = *k;
            *k = hit->next;
            pthread_mutex_unlock(&kept_lock);
            void *p = hit->p;
            free(hit);
            clear_mapping(p, bytes);
            return p;
        }
    pthread_mutex_unlock(&kept_lock);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        out_of_memory(n, sz);
    return p;
}

void zero_pages_free(void *p, size_t n, size_t sz)
{
    if (!p)
        return;
    const size_t bytes = array_bytes(n, sz);
    if (bytes < ZERO_PAGES_MIN) {
        free(p);
        return;
    }
    kept_t *k = cs_xmalloc(sizeof *k);
    k->p = p;
    k->bytes = bytes;
    pthread_mutex_lock(&kept_lock);
    k->next = kept_list;
    kept_list = k;
    pthread_mutex_unlock(&kept_lock);
}

void zero_pages_trim(void)
{
    pthread_mutex_lock(&kept_lock);
    kept_t *k = kept_list;
    kept_list = NULL;
    pthread_mutex_unlock(&kept_lock);
    while (k) {
        kept_t *next = k->next;
        munmap(k->p, k->bytes);
        free(k);
        k = next;
    }
}
