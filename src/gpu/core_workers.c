/* core_workers.c — the thread team of the parallel core phase (see core_workers.h).
 *
 * A batch is one 64-bit word, `batch`: generation (high 32 bits), number of
 * items (16 bits), next item to take (low 16 bits). The caller publishes a
 * batch by storing a new generation with next = 0; every thread, the caller
 * included, claims items with a compare-and-swap that succeeds only while
 * the generation is the one it saw and items are left, and counts each item
 * it finished in `finished`. The caller returns once all items are finished,
 * whoever ran them: it never waits for a team thread that was not scheduled
 * in time (a loaded machine), it just runs more items itself. A thread late
 * for a batch finds its generation gone and claims nothing.
 *
 * Waiting team threads spin (pause, then yield the CPU), then sleep on
 * `wake`; the caller signals only when `sleepers` says one sleeps. The
 * generation store and `sleepers` are sequentially consistent so that a
 * thread going to sleep either sees the new batch or is counted by the
 * caller (no lost wake-up). */
#include "core_workers.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "util/common.h"

/* Spins before yielding, then yields before sleeping: a cycle's batch and the
 * serial phase between two batches take microseconds. */
#define SPIN_PAUSES 256
#define SPIN_YIELDS 16

#define ITEM_BITS 16
#define ITEM_MASK ((1u << ITEM_BITS) - 1)

struct core_workers {
    unsigned n_threads; /* team size, the caller included */
    pthread_t *tid;
    core_work_fn fn;
    void *ctx;
    uint32_t generation;      /* the caller's last published generation */
    _Atomic uint64_t batch;   /* generation | n_items | next */
    atomic_uint finished;     /* items of the current batch finished */
    atomic_uint sleepers;
    atomic_bool quit;
    pthread_mutex_t mu;
    pthread_cond_t wake;
};

static inline void cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static inline uint32_t batch_generation(uint64_t b) { return (uint32_t)(b >> 32); }

/* Run items of generation `gen` while any are left; returns how many. */
static uint32_t take_items(core_workers_t *w, uint32_t gen)
{
    uint32_t ran = 0;
    uint64_t b = atomic_load_explicit(&w->batch, memory_order_acquire);
    for (;;) {
        uint32_t n = (uint32_t)(b >> ITEM_BITS) & ITEM_MASK, i = (uint32_t)b & ITEM_MASK;
        if (batch_generation(b) != gen || i >= n)
            return ran;
        if (!atomic_compare_exchange_weak_explicit(&w->batch, &b, b + 1, memory_order_acq_rel,
                                                   memory_order_acquire))
            continue; /* b now holds the current word */
        w->fn(w->ctx, i);
        ran++;
        atomic_fetch_add_explicit(&w->finished, 1, memory_order_release);
        b = atomic_load_explicit(&w->batch, memory_order_acquire);
    }
}

/* A team thread: the first generation other than `seen`. */
static uint32_t wait_generation(core_workers_t *w, uint32_t seen)
{
    uint32_t g;
    for (unsigned spin = 0; spin < SPIN_PAUSES + SPIN_YIELDS; spin++) {
        if ((g = batch_generation(atomic_load_explicit(&w->batch, memory_order_acquire))) != seen)
            return g;
        if (spin < SPIN_PAUSES)
            cpu_pause();
        else
            sched_yield();
    }
    pthread_mutex_lock(&w->mu);
    atomic_fetch_add(&w->sleepers, 1);
    while ((g = batch_generation(atomic_load(&w->batch))) == seen && !atomic_load(&w->quit))
        pthread_cond_wait(&w->wake, &w->mu);
    atomic_fetch_sub(&w->sleepers, 1);
    pthread_mutex_unlock(&w->mu);
    return g;
}

static void *team_main(void *arg)
{
    core_workers_t *w = arg;
    uint32_t seen = 0;
    for (;;) {
        seen = wait_generation(w, seen);
        if (atomic_load_explicit(&w->quit, memory_order_acquire))
            return NULL;
        (void)take_items(w, seen);
    }
}

static void wake_sleepers(core_workers_t *w)
{
    if (atomic_load(&w->sleepers)) {
        pthread_mutex_lock(&w->mu);
        pthread_cond_broadcast(&w->wake);
        pthread_mutex_unlock(&w->mu);
    }
}

core_workers_t *core_workers_create(unsigned threads, core_work_fn fn, void *ctx)
{
    core_workers_t *w = cs_xcalloc(1, sizeof *w);
    w->n_threads = threads < 2 ? 2 : threads;
    w->fn = fn;
    w->ctx = ctx;
    atomic_init(&w->batch, 0);
    atomic_init(&w->finished, 0);
    atomic_init(&w->sleepers, 0);
    atomic_init(&w->quit, false);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->wake, NULL);
    w->tid = cs_xcalloc(w->n_threads - 1, sizeof *w->tid);
    for (unsigned i = 0; i + 1 < w->n_threads; i++)
        if (pthread_create(&w->tid[i], NULL, team_main, w) != 0) {
            w->n_threads = i + 1; /* fewer threads than asked: the team is what started */
            break;
        }
    return w;
}

unsigned core_workers_threads(const core_workers_t *w) { return w->n_threads; }

uint32_t core_workers_run(core_workers_t *w, uint32_t n_items)
{
    if (w->n_threads < 2 || n_items > ITEM_MASK) {
        for (uint32_t i = 0; i < n_items; i++)
            w->fn(w->ctx, i);
        return n_items;
    }
    const uint32_t gen = ++w->generation;
    atomic_store_explicit(&w->finished, 0, memory_order_relaxed);
    /* sequentially consistent: ordered before the sleepers check */
    atomic_store(&w->batch, (uint64_t)gen << 32 | (uint64_t)n_items << ITEM_BITS);
    wake_sleepers(w);
    const uint32_t mine = take_items(w, gen);
    for (unsigned spin = 0; atomic_load_explicit(&w->finished, memory_order_acquire) < n_items; spin++) {
        if (spin < SPIN_PAUSES)
            cpu_pause();
        else
            sched_yield();
    }
    return mine;
}

void core_workers_destroy(core_workers_t *w)
{
    if (!w)
        return;
    atomic_store(&w->quit, true);
    /* a new generation with no items: every team thread returns from its wait */
    atomic_store(&w->batch, (uint64_t)(++w->generation) << 32);
    pthread_mutex_lock(&w->mu);
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->mu);
    for (unsigned i = 0; i + 1 < w->n_threads; i++)
        pthread_join(w->tid[i], NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->wake);
    free(w->tid);
    free(w);
}
