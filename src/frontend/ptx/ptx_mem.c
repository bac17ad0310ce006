/* ptx_mem.c — sparse paged device memory (see ptx_mem.h).
 *
 * Pages live in an open-addressing hash table keyed by page number. Freed
 * pages keep their slot with valid = 0 (addresses are never reused, so a
 * dangling pointer faults instead of reading someone else's data). A one-entry
 * cache of the last page makes the common streaming access a compare. */
#include "ptx_mem.h"
#include "ptx_writes.h"

#include <stdlib.h>
#include <string.h>

typedef struct page {
    uint64_t pageno; /* UINT64_MAX = empty slot */
    uint8_t *data;
    uint32_t valid;  /* bytes [0, valid) of the page belong to a live allocation */
} page_t;

typedef struct allocation {
    uint64_t addr, size;
} allocation_t;

struct ptx_device_memory {
    page_t *slots;
    size_t cap, used;
    page_t *last;
    uint64_t next_addr;
    uint64_t live_bytes;
    allocation_t *allocs;
    size_t n_allocs, allocs_cap;
    ptx_writes_t writes; /* the kernels' writes not yet published */
};

#define MAX_LIVE_BYTES (64ull << 30)

static size_t hash_page(uint64_t pn, size_t cap) { return (size_t)((pn * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1); }

ptx_device_memory_t *ptx_mem_create(void)
{
    ptx_device_memory_t *m = cs_xcalloc(1, sizeof *m);
    m->cap = 1024;
    m->slots = cs_xcalloc(m->cap, sizeof *m->slots);
    for (size_t i = 0; i < m->cap; i++)
        m->slots[i].pageno = UINT64_MAX;
    m->next_addr = PTX_HEAP_BASE;
    return m;
}

void ptx_mem_destroy(ptx_device_memory_t *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++)
        free(m->slots[i].data);
    free(m->slots);
    free(m->allocs);
    ptx_writes_free(&m->writes);
    free(m);
}

static page_t *find_page(ptx_device_memory_t *m, uint64_t pn)
{
    size_t i = hash_page(pn, m->cap);
    while (m->slots[i].pageno != UINT64_MAX) {
        if (m->slots[i].pageno == pn)
            return &m->slots[i];
        i = (i + 1) & (m->cap - 1);
    }
    return NULL;
}

static page_t *insert_page(ptx_device_memory_t *m, uint64_t pn)
{
    if ((m->used + 1) * 2 > m->cap) {
        size_t ocap = m->cap;
        page_t *old = m->slots;
        m->cap *= 2;
        m->slots = cs_xcalloc(m->cap, sizeof *m->slots);
        for (size_t i = 0; i < m->cap; i++)
            m->slots[i].pageno = UINT64_MAX;
        for (size_t i = 0; i < ocap; i++) {
            if (old[i].pageno == UINT64_MAX)
                continue;
            size_t j = hash_page(old[i].pageno, m->cap);
            while (m->slots[j].pageno != UINT64_MAX)
                j = (j + 1) & (m->cap - 1);
            m->slots[j] = old[i];
        }
        free(old);
        m->last = NULL;
    }
    size_t i = hash_page(pn, m->cap);
    while (m->slots[i].pageno != UINT64_MAX)
        i = (i + 1) & (m->cap - 1);
    m->slots[i].pageno = pn;
    m->slots[i].data = NULL;
    m->slots[i].valid = 0;
    m->used++;
    return &m->slots[i];
}

uint64_t ptx_mem_alloc(ptx_device_memory_t *m, uint64_t size)
{
    if (size == 0 || size > MAX_LIVE_BYTES || m->live_bytes + size > MAX_LIVE_BYTES)
        return 0;
    uint64_t addr = m->next_addr;
    uint64_t npages = (size + PTX_PAGE_SIZE - 1) >> PTX_PAGE_SHIFT;
    for (uint64_t k = 0; k < npages; k++) {
        page_t *pg = insert_page(m, (addr >> PTX_PAGE_SHIFT) + k);
        uint64_t rest = size - k * PTX_PAGE_SIZE;
        pg->valid = (uint32_t)(rest >= PTX_PAGE_SIZE ? PTX_PAGE_SIZE : rest);
        pg->data = cs_xcalloc(1, pg->valid);
    }
    m->next_addr += npages * PTX_PAGE_SIZE;
    m->live_bytes += size;
    if (m->n_allocs == m->allocs_cap) {
        m->allocs_cap = m->allocs_cap ? m->allocs_cap * 2 : 16;
        m->allocs = cs_xrealloc(m->allocs, m->allocs_cap * sizeof *m->allocs);
    }
    m->allocs[m->n_allocs++] = (allocation_t){addr, size};
    return addr;
}

static long find_alloc(ptx_device_memory_t *m, uint64_t addr)
{
    for (size_t i = m->n_allocs; i-- > 0;)
        if (m->allocs[i].addr == addr)
            return (long)i;
    return -1;
}

int ptx_mem_free(ptx_device_memory_t *m, uint64_t addr)
{
    long i = find_alloc(m, addr);
    if (i < 0)
        return -1;
    uint64_t size = m->allocs[i].size;
    for (uint64_t k = 0; k * PTX_PAGE_SIZE < size; k++) {
        page_t *pg = find_page(m, (addr >> PTX_PAGE_SHIFT) + k);
        if (pg) {
            free(pg->data);
            pg->data = NULL;
            pg->valid = 0;
        }
    }
    m->live_bytes -= size;
    m->allocs[i] = m->allocs[--m->n_allocs];
    m->last = NULL;
    return 0;
}

struct ptx_writes *ptx_mem_writes(ptx_device_memory_t *m) { return &m->writes; }

uint8_t *ptx_mem_ptr(ptx_device_memory_t *m, uint64_t addr, uint64_t n)
{
    uint64_t pn = addr >> PTX_PAGE_SHIFT, off = addr & (PTX_PAGE_SIZE - 1);
    page_t *pg = m->last;
    if (!pg || pg->pageno != pn) {
        pg = find_page(m, pn);
        if (!pg)
            return NULL;
        m->last = pg;
    }
    if (off + n > pg->valid)
        return NULL;
    return pg->data + off;
}

uint8_t *ptx_mem_page(ptx_device_memory_t *m, uint64_t addr, uint64_t *lo, uint64_t *hi)
{
    const page_t *pg = find_page(m, addr >> PTX_PAGE_SHIFT);
    uint64_t first = addr & ~(PTX_PAGE_SIZE - 1);
    if (!pg || addr - first >= pg->valid)
        return NULL;
    *lo = first;
    *hi = first + pg->valid;
    return pg->data;
}

static int copy(ptx_device_memory_t *m, uint64_t addr, uint8_t *host, const uint8_t *src, int byte, uint64_t n)
{
    while (n) {
        uint64_t off = addr & (PTX_PAGE_SIZE - 1);
        uint64_t chunk = CS_MIN(n, PTX_PAGE_SIZE - off);
        uint8_t *p = ptx_mem_ptr(m, addr, chunk);
        if (!p)
            return -1;
        if (host)
            memcpy(host, p, chunk), host += chunk;
        else if (src)
            memcpy(p, src, chunk), src += chunk;
        else
            memset(p, byte, chunk);
        addr += chunk;
        n -= chunk;
    }
    return 0;
}

int ptx_mem_write(ptx_device_memory_t *m, uint64_t addr, const void *src, uint64_t n)
{
    return copy(m, addr, NULL, src, 0, n);
}
int ptx_mem_read(ptx_device_memory_t *m, uint64_t addr, void *dst, uint64_t n)
{
    return copy(m, addr, dst, NULL, 0, n);
}
int ptx_mem_set(ptx_device_memory_t *m, uint64_t addr, int byte, uint64_t n)
{
    return copy(m, addr, NULL, NULL, byte, n);
}
