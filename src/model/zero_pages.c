/* zero_pages.c — see zero_pages.h. */
#include "zero_pages.h"
#include "util/common.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

void *zero_pages_alloc(size_t n, size_t sz)
{
    const size_t bytes = array_bytes(n, sz);
    if (bytes < ZERO_PAGES_MIN)
        return cs_xcalloc(n, sz);
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
    if (bytes < ZERO_PAGES_MIN)
        free(p);
    else
        munmap(p, bytes);
}
