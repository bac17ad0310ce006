/* ptx_writes.h — the device-memory writes of one core phase, kept per core
 * and made visible at the phase's end, in core order.
 *
 * Why: with --threads the cores of one cycle tick on several threads at
 * once. Were a store to land in device memory as it executes, a load of
 * another core in the same cycle would see it or not depending on which
 * thread ran first, and the results would depend on the thread count. So a
 * warp's global stores and atomics go to its core's log, and the GPU's
 * serial phase publishes the logs after every core phase (the `publish`
 * operation of kernel.h): core by core in core order, each log in the order
 * it was written, so atomics return the same values for every thread
 * count. A load reads device memory as published, whichever thread runs it.
 * A warp that wrote does not execute again until its writes are published
 * (warp_next answers WARP_NEXT_LATER), so a thread always reads its own
 * writes; the timing model pulls a warp's next instruction only when the
 * previous one issues, a cycle or more after it executed, so the wait is
 * rare. Shared memory belongs to one CTA and is written at once.
 *
 * What another core's warp sees: every write published before the current
 * core phase, none of the current one. */
#ifndef CTASIM_PTX_WRITES_H
#define CTASIM_PTX_WRITES_H

#include "util/common.h"

#include <stdatomic.h>
#include <string.h>

struct ptx_inst;

/* One lane's store of up to 8 bytes (wider ones take several), or one
 * lane's element of an atomic: 24 bytes, since a store-heavy kernel logs a
 * few per instruction. */
#define PTX_WRITE_ATOMIC 0xffffffffu
typedef struct ptx_write {
    uint8_t *at;    /* host address in device memory, bounds checked when executed */
    uint64_t value; /* a store's bytes, little-endian */
    uint32_t size;  /* bytes stored (1 to 8), or PTX_WRITE_ATOMIC */
    uint32_t atom;  /* an atomic: its index in the log's atoms */
} ptx_write_t;

typedef struct ptx_atomic_write {
    const struct ptx_inst *in; /* the atom/red instruction: operation and type */
    uint64_t b, c;             /* its operands */
    uint64_t *old_to;          /* the lane's destination register (NULL: red) */
    const void *owner;         /* the CTA, to forget the register if it ends first */
} ptx_atomic_write_t;

/* A core's log: written by the thread that ticks the core, read and emptied
 * by the serial phase; a cache line of its own. */
typedef struct ptx_core_writes {
    _Alignas(64) ptx_write_t *log;
    uint32_t n, cap;
    ptx_atomic_write_t *atoms;
    uint32_t n_atoms, cap_atoms;
    const uint64_t *published; /* the memory's publications so far (ptx_writes_t) */
    atomic_bool *written;      /* the memory's: some log holds entries (ptx_writes_t) */
} ptx_core_writes_t;

typedef struct ptx_writes {
    ptx_core_writes_t **core;
    uint32_t n_core;
    /* publications so far: a warp that wrote waits for the next. One
     * counter, not one per log, so a publication writes no line of a core
     * that wrote nothing. */
    uint64_t published;
    /* set by a log's first entry of a phase (by the core's thread): a phase
     * without writes publishes without visiting every core's log */
    atomic_bool written;
} ptx_writes_t;

/* The log of core `core`, made on first use (serial phase: cta_begin). */
ptx_core_writes_t *ptx_writes_core(ptx_writes_t *w, uint32_t core);
/* Every core's log, in core order, applied to memory and emptied:
 * ptx_publish_writes (ptx_exec.h), which knows the atomics. */
/* A CTA ends before its writes were published (a run that failed): its
 * atomics still apply, but no longer return into its registers. */
void ptx_writes_forget(ptx_core_writes_t *log, const void *owner);
void ptx_writes_free(ptx_writes_t *w);

static inline ptx_write_t *ptx_writes_add(ptx_core_writes_t *log)
{
    if (__builtin_expect(log->n == log->cap, 0)) {
        log->cap = log->cap ? 2 * log->cap : 256;
        log->log = cs_xrealloc(log->log, log->cap * sizeof *log->log);
    }
    if (!log->n && !atomic_load_explicit(log->written, memory_order_relaxed))
        atomic_store_explicit(log->written, true, memory_order_relaxed);
    return &log->log[log->n++];
}

/* A store of n <= 8 bytes (value's low bytes) at host address at. */
static inline void ptx_writes_store(ptx_core_writes_t *log, uint8_t *at, uint64_t value, unsigned n)
{
    ptx_write_t *e = ptx_writes_add(log);
    e->at = at;
    e->value = value;
    e->size = n;
}

/* A store of n bytes of any width. */
static inline void ptx_writes_store_bytes(ptx_core_writes_t *log, uint8_t *at, const uint8_t *bytes, unsigned n)
{
    for (unsigned done = 0; done < n; done += 8) {
        uint64_t v = 0;
        const unsigned k = n - done < 8 ? n - done : 8;
        memcpy(&v, bytes + done, k);
        ptx_writes_store(log, at + done, v, k);
    }
}

/* An atomic's element: the entry to fill. */
static inline ptx_atomic_write_t *ptx_writes_atomic(ptx_core_writes_t *log, uint8_t *at)
{
    if (log->n_atoms == log->cap_atoms) {
        log->cap_atoms = log->cap_atoms ? 2 * log->cap_atoms : 64;
        log->atoms = cs_xrealloc(log->atoms, log->cap_atoms * sizeof *log->atoms);
    }
    ptx_write_t *e = ptx_writes_add(log);
    e->at = at;
    e->size = PTX_WRITE_ATOMIC;
    e->atom = log->n_atoms;
    return &log->atoms[log->n_atoms++];
}

#endif
