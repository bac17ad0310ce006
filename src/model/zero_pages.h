/* zero_pages.h — zeroed arrays whose memory costs nothing until written.
 *
 * A GPU of 132 cores builds hundreds of per-unit tables sized for the worst
 * case (an L1's 512 MSHRs with 8 waiters each, 1024 loads in flight, tag
 * indexes) of which a short run uses a few entries. calloc hands such arrays
 * out of the heap and clears them with memset, so building them touched
 * every page: 70 % of a QV100 start-up (docs/SPEED.md "Start-up"). Arrays
 * from zero_pages_alloc come from fresh anonymous pages the kernel zeroes on
 * their first touch, so only the pages a run writes are ever paid for; the
 * tables keep all-zero as their initial state for that reason. */
#ifndef CTASIM_ZERO_PAGES_H
#define CTASIM_ZERO_PAGES_H

#include <stddef.h>

/* n * sz zero bytes (at least one); exits with an error when out of memory,
 * as cs_xcalloc does. Small arrays come from calloc. */
void *zero_pages_alloc(size_t n, size_t sz);
/* Frees what zero_pages_alloc(n, sz) returned, with the same n and sz: a
 * mapping is kept for the next array of its size (cleared then), never
 * unmapped (zero_pages.c says why). */
void zero_pages_free(void *p, size_t n, size_t sz);
/* Unmaps every kept mapping (the next tables are fresh pages again). For a
 * measurement that must see a build's own faults: tests/test_startup.c. */
void zero_pages_trim(void);

#endif
