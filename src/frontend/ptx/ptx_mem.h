/* ptx_mem.h — sparse paged 64-bit device memory (global and constant data).
 *
 * Allocations come from a bump allocator and always start on a page boundary,
 * so a page belongs to at most one allocation and each page records how many
 * of its bytes are valid: any access outside an allocation (past its end,
 * freed, never allocated) is detected exactly and reported, never a crash.
 * Pages are materialised (zero-filled) at allocation time. */
#ifndef CTASIM_PTX_MEM_H
#define CTASIM_PTX_MEM_H

#include "util/common.h"

#define PTX_PAGE_SHIFT 16
#define PTX_PAGE_SIZE (1ull << PTX_PAGE_SHIFT)
#define PTX_HEAP_BASE 0x0000000200000000ull  /* first device address handed out */
#define PTX_SHARED_WINDOW 0x0000700000000000ull /* generic addresses of the CTA's shared memory */
#define PTX_LOCAL_WINDOW 0x0000710000000000ull  /* generic addresses of a thread's local memory */
#define PTX_WINDOW_SIZE 0x0000000100000000ull

typedef struct ptx_device_memory ptx_device_memory_t;

ptx_device_memory_t *ptx_mem_create(void);
void ptx_mem_destroy(ptx_device_memory_t *m);
/* Allocate size bytes (zeroed); returns the device address or 0 if size is
 * 0 or the heap limit (max_bytes of live pages, 0 = 64 GiB) would be passed. */
uint64_t ptx_mem_alloc(ptx_device_memory_t *m, uint64_t size);
/* Free an allocation by its start address: 0, or -1 if addr is not one. */
int ptx_mem_free(ptx_device_memory_t *m, uint64_t addr);
/* Host pointer for [addr, addr+n) when it lies inside one page of a live
 * allocation, else NULL. Host side only: it caches the last page in m, so
 * the interpreter, whose cores may run on several threads, uses
 * ptx_mem_page. */
uint8_t *ptx_mem_ptr(ptx_device_memory_t *m, uint64_t addr, uint64_t n);
/* The live bytes of the page holding addr: returns the host address of
 * device address *lo, valid for [*lo, *hi) with lo <= addr < hi; NULL when
 * addr is in no live allocation. Touches no shared state (the interpreter
 * keeps the span across the lanes of one instruction). */
uint8_t *ptx_mem_page(ptx_device_memory_t *m, uint64_t addr, uint64_t *lo, uint64_t *hi);
/* Bulk copies of any length (across pages): 0 or -1 if any byte is unmapped. */
int ptx_mem_write(ptx_device_memory_t *m, uint64_t addr, const void *src, uint64_t n);
int ptx_mem_read(ptx_device_memory_t *m, uint64_t addr, void *dst, uint64_t n);
int ptx_mem_set(ptx_device_memory_t *m, uint64_t addr, int byte, uint64_t n);
/* The kernels' writes to this memory not yet published (ptx_writes.h). */
struct ptx_writes *ptx_mem_writes(ptx_device_memory_t *m);

#endif
