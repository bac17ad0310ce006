/* zero_pages.h — zeroed arrays whose memory costs nothing until written.
 *
 * A GPU of 132 cores builds hundreds of per-unit tables sized for the worst
 * case (an L1's 512 MSHRs with 8 waiters each, 1024 loads in flight, tag
 * indexes) of which a short run uses a few entries. calloc hands such arrays
 * out of the heap and clears them with memset, so building them touched
 * every page: 70 % of a QV100 start-up (docs/SPEED.md "Start-up"). Arrays
 * from zero_pages_alloc come from fresh anonymous pages the kernel zeroes on
 * their first touch, so only the pages a run writes are ever paid for; the
 * tables keep all-zero as their initial state for that reason. Fresh arrays
 * are carved out of a few large mappings, not one mmap each: an array of a
 * page or more on whole pages, a smaller one packed with others on a cache
 * line and, unlike calloc's, without a header that would fault its page in
 * although the array is never written. */
#ifndef CTASIM_ZERO_PAGES_H
#define CTASIM_ZERO_PAGES_H

#include <stddef.h>

/* n * sz zero bytes (at least one), aligned on a cache line (on a page from
 * 4 KiB; under AddressSanitizer calloc's, so that overflows are caught);
 * exits with an error when out of memory, as cs_xcalloc does. */
void *zero_pages_alloc(size_t n, size_t sz);
/* zero_pages_alloc for an array of which every 2 MiB will be written at
 * once (a GPU's cores: sm_init writes a page of each 41 KB core): from
 * 2 MiB on, its 2 MiB-aligned part asks for transparent huge pages, so that
 * it costs a fault per 2 MiB (and clearing them whole) instead of one per
 * core. At 132 cores that was a page fault per core, 14 us each on the
 * development machine, the largest share of the start-up left (docs/SPEED.md,
 * s37). Not for a sparse table: a huge page is cleared whole at its first
 * touch. Freed with zero_pages_free. */
void *zero_pages_alloc_dense(size_t n, size_t sz);
/* Frees what zero_pages_alloc(n, sz) returned, with the same n and sz: a
 * mapping is kept for the next array of its size (cleared then), never
 * unmapped (zero_pages.c says why). */
void zero_pages_free(void *p, size_t n, size_t sz);
/* Unmaps every kept array of a page or more and forgets the small ones (the
 * next arrays are fresh pages again). For a
 * measurement that must see a build's own faults: tests/test_startup.c. */
void zero_pages_trim(void);
/* Whether freed arrays are kept for reuse: not under AddressSanitizer, where
 * every array is calloc's and goes back to free (zero_pages.c). */
int zero_pages_keeps(void);
/* How many mmap calls zero_pages has made so far (the process's): a build's
 * count is a few, whatever the number of tables (tests/test_startup.c). */
unsigned long zero_pages_mappings(void);

#endif
