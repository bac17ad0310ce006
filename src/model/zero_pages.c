/* zero_pages.c — see zero_pages.h. */
#include "zero_pages.h"
#include "util/common.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* An array of at least a page takes whole pages (page-aligned, so that
 * madvise and munmap of it touch no neighbour); a smaller one is packed
 * with others of its kind into pages of their own, on a cache line. */
#define ZERO_PAGES_MIN 4096u
#define SMALL_ALIGN 64u
/* Fresh arrays are carved out of large mappings (chunks) instead of one
 * mmap each, and small ones out of runs of pages taken from a chunk. A
 * chunk's pages cost nothing until written, as an array's own mapping did;
 * an array larger than a quarter of a chunk gets a mapping of its own, so
 * that a chunk's unused tail (address space only: never touched) stays
 * under a quarter. MAP_NORESERVE: the kernel need not count a chunk's
 * untouched pages against its commit limit. */
#define CHUNK_BYTES ((size_t)64 << 20)
#define SMALL_RUN_BYTES ((size_t)64 << 10)

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

/* Freed arrays are kept for the next array of the same size instead of
 * unmapped: munmap of pages a run has written cost 35 us a call here, 45 ms
 * for the 1300 tables of a 132-core GPU (its L1 tables are built again at
 * the first launch, and all are freed at the end), more than the start-up
 * saved. A kept array is cleared when it is handed out again
 * (clear_array). Kept arrays are listed by size in a few buckets (a GPU
 * frees a thousand and the next one asks for them in its own order). The
 * state is the process's (tables are built and freed outside the hot loop;
 * experiments build GPUs on several threads), so it is behind a mutex; what
 * it holds is reachable, not leaked, and the process's exit returns it. */
typedef struct kept {
    struct kept *next;
    void *p;      /* the array: the list's nodes are apart from it, so that */
    size_t bytes; /* freeing a table never writes (and faults in) its pages */
} kept_t;
#define KEPT_BUCKETS 64u
static kept_t *kept[KEPT_BUCKETS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static size_t page_bytes;
static char *chunk_next, *chunk_end; /* the current chunk's unused pages */
static char *small_next, *small_end; /* the current run of small arrays */
static unsigned long n_mappings;     /* mmap calls made */

static kept_t **bucket(size_t bytes)
{
    return &kept[(bytes / SMALL_ALIGN * 0x9E3779B1u) % KEPT_BUCKETS];
}

/* Zero a kept array again. A whole-page one is dropped with MADV_DONTNEED,
 * so that it reads as zero and costs only what is written next: neither
 * clearing pages a run never touched (that would fault them all in) nor
 * trusting mincore, which calls a page that was swapped out "not resident"
 * although it still holds the run's data. A small one shares its pages with
 * others and is cleared; so is a big one where madvise fails. */
static void clear_array(void *p, size_t bytes)
{
    if (bytes < ZERO_PAGES_MIN || madvise(p, bytes, MADV_DONTNEED) != 0)
        memset(p, 0, bytes);
}

static void *fresh_mapping(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    n_mappings++;
    return p;
}

static char *align_up(char *p, size_t unit)
{
    return (char *)(((uintptr_t)p + unit - 1) & ~(uintptr_t)(unit - 1));
}

/* Whole pages for `bytes`, on a multiple of `align` (a page, or 2 MiB for a
 * dense array: zero_pages_alloc_dense), the span rounded up to it; called
 * with the lock held. What alignment skips is address space only, never
 * touched. */
static void *carve_pages(size_t bytes, size_t align)
{
    if (!page_bytes)
        page_bytes = (size_t)sysconf(_SC_PAGESIZE);
    const size_t unit = align > page_bytes ? align : page_bytes;
    const size_t span = (bytes + unit - 1) / unit * unit;
    if (span > CHUNK_BYTES / 4) {
        char *m = fresh_mapping(span + unit - page_bytes);
        return m ? align_up(m, unit) : NULL;
    }
    char *at = align_up(chunk_next, unit);
    if (!chunk_next || at + span > chunk_end) {
        char *c = fresh_mapping(CHUNK_BYTES);
        if (!c)
            return NULL;
        chunk_next = c;
        chunk_end = c + CHUNK_BYTES;
        at = align_up(chunk_next, unit);
    }
    chunk_next = at + span;
    return at;
}

/* A cache-line-aligned place for a small array; called with the lock held.
 * Unlike calloc's, it has no header written next to it, so an array never
 * written (an L2 slice's MSHR table on a short run) costs no page. */
static void *carve_small(size_t bytes)
{
    const size_t span = (bytes + SMALL_ALIGN - 1) / SMALL_ALIGN * SMALL_ALIGN;
    if ((size_t)(small_end - small_next) < span) {
        char *run = carve_pages(SMALL_RUN_BYTES, 0);
        if (!run)
            return NULL;
        small_next = run;
        small_end = run + SMALL_RUN_BYTES;
    }
    void *p = small_next;
    small_next += span;
    return p;
}

/* Under AddressSanitizer every array comes from calloc and goes back to free,
 * so that an overflow of a table is caught at the access (carved arrays sit
 * side by side with no redzone between them). The start-up's page counts are
 * not measured there (tests/test_startup.c skips). */
#if defined(__SANITIZE_ADDRESS__)
#define ZERO_PAGES_USE_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZERO_PAGES_USE_HEAP 1
#endif
#endif
#ifndef ZERO_PAGES_USE_HEAP
#define ZERO_PAGES_USE_HEAP 0
#endif

#define HUGE_BYTES ((size_t)2 << 20)

static void *alloc_array(size_t n, size_t sz, int dense)
{
    const size_t bytes = array_bytes(n, sz);
    if (ZERO_PAGES_USE_HEAP)
        return cs_xcalloc(bytes, 1); /* exact size: no padding for an overflow to hide in */
    pthread_mutex_lock(&lock);
    for (kept_t **k = bucket(bytes); *k; k = &(*k)->next)
        if ((*k)->bytes == bytes) {
            kept_t *hit = *k;
            *k = hit->next;
            pthread_mutex_unlock(&lock);
            void *p = hit->p;
            free(hit);
            clear_array(p, bytes); /* a dense one keeps its advice: it is the mapping's */
            return p;
        }
    dense = dense && bytes >= HUGE_BYTES;
    void *p = bytes < ZERO_PAGES_MIN ? carve_small(bytes) : carve_pages(bytes, dense ? HUGE_BYTES : 0);
    pthread_mutex_unlock(&lock);
    if (!p)
        out_of_memory(n, sz);
#ifdef MADV_HUGEPAGE
    /* on 2 MiB boundaries, its span a multiple of 2 MiB: every page of it
     * may be huge. A failure (no THP in this kernel) leaves small pages. */
    if (dense)
        (void)madvise(p, (bytes + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES, MADV_HUGEPAGE);
#endif
    return p;
}

void *zero_pages_alloc(size_t n, size_t sz) { return alloc_array(n, sz, 0); }

void *zero_pages_alloc_dense(size_t n, size_t sz) { return alloc_array(n, sz, 1); }

void zero_pages_free(void *p, size_t n, size_t sz)
{
    if (!p)
        return;
    if (ZERO_PAGES_USE_HEAP) {
        free(p);
        return;
    }
    kept_t *k = cs_xmalloc(sizeof *k);
    k->p = p;
    k->bytes = array_bytes(n, sz);
    pthread_mutex_lock(&lock);
    kept_t **b = bucket(k->bytes);
    k->next = *b;
    *b = k;
    pthread_mutex_unlock(&lock);
}

void zero_pages_trim(void)
{
    pthread_mutex_lock(&lock);
    kept_t *all[KEPT_BUCKETS];
    memcpy(all, kept, sizeof all);
    memset(kept, 0, sizeof kept);
    small_next = small_end = NULL; /* the next small arrays on fresh pages */
    pthread_mutex_unlock(&lock);
    for (unsigned b = 0; b < KEPT_BUCKETS; b++)
        for (kept_t *k = all[b], *next; k; k = next) {
            next = k->next;
            /* a small array's pages hold others: forgotten, not unmapped */
            if (k->bytes >= ZERO_PAGES_MIN)
                munmap(k->p, k->bytes);
            free(k);
        }
}

unsigned long zero_pages_mappings(void)
{
    pthread_mutex_lock(&lock);
    const unsigned long n = n_mappings;
    pthread_mutex_unlock(&lock);
    return n;
}

int zero_pages_keeps(void) { return !ZERO_PAGES_USE_HEAP; }
