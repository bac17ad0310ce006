/* core_workers.c — the thread team of the parallel core phase (see core_workers.h).
 *
 * A batch is one 64-bit word, `batch`: generation (high 32 bits) and number
 * of items (low bits). Its items are split into as many contiguous ranges as
 * the team has threads; range k has its own claim word (generation | end |
 * next item), on a host cache line of its own. Thread k (the caller is 0)
 * claims the items of its own range one by one from the front, then takes
 * what is left of the other ranges from the back, half of the rest at a
 * time, each with a compare-and-swap that succeeds only while the generation
 * is the one it saw and items are left, and adds all the items it ran to
 * `finished` once, when nothing is left. Taking from the back keeps a thief
 * on the same few last cores of a range cycle after cycle; taken from the
 * front one by one (before 2026-11-28), the owner and the thief alternated
 * items, every core of the range's rest changed CPU every cycle and the
 * claim word moved between the CPUs once per item, which on two CPUs of
 * unequal speed (the fast one always steals) cost more than the second
 * thread gave. And the ranges are not even: each phase's split (per item
 * function) follows the items each thread ran in the phase's last batches,
 * so the faster CPU owns more items and steals few (docs/SPEED.md,
 * "Stealing from the back, and a split learnt per phase": the forced team
 * 1.97 -> 1.33 s on 132 cores). Own ranges first keep a core on the same
 * thread cycle after
 * cycle when the same cores are due (items are cores in core order), so its
 * state stays in that CPU's caches instead of moving between CPUs every
 * cycle, which cost more than the parallel work saved. Which thread runs an
 * item changes nothing but speed. The caller returns once all items are
 * finished, whoever ran them: it never waits for a team thread that was not
 * scheduled in time (a loaded machine), it just runs more items itself. A
 * thread late for a batch finds its generation gone and claims nothing.
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
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "util/common.h"

/* A team thread spins (pause) for SPIN_NS before it yields, then yields
 * SPIN_YIELDS times before it sleeps: a cycle's batch and the serial phase
 * between two batches take microseconds, and a sleeping thread costs a
 * futex wake-up per batch (tens of microseconds on a virtual machine, more
 * than a cycle's work). Bounded by time, not by a count of pauses: a pause
 * lasts from a few to 140 CPU cycles depending on the CPU, so 256 of them
 * were anything from 1 to 12 us. The caller's wait spins SPIN_PAUSES before
 * it yields. */
#define SPIN_NS 50000
#define SPIN_CHECK 32 /* pauses between two looks at the clock */
#define SPIN_PAUSES 256
#define SPIN_YIELDS 16

#define SPLIT_FNS 4           /* phases whose split is learnt; more share an even split */
#define SPLIT_MAX_THREADS 64  /* threads whose split is learnt; a larger team splits evenly */
#define SHARE_ONE 65536u

#define ITEM_BITS 16
#define ITEM_MASK ((1u << ITEM_BITS) - 1)

/* The claim word of one range, alone on a host cache line. */
typedef struct claim {
    _Alignas(64) _Atomic uint64_t word; /* generation (32 bits) | end (16) | next item (16) */
    atomic_uint ran; /* items thread k ran in the current batch (written once, before its add to finished) */
} claim_t;

typedef struct team_arg {
    struct core_workers *w;
    unsigned index; /* 1 .. n_threads - 1 */
} team_arg_t;

/* Three groups, each on host cache lines of its own (the struct comes from
 * cs_xaligned_calloc): what the threads only read during a batch; the batch word
 * the waiting threads spin on; the count of finished items every thread adds
 * to. Packed together, each item's add to `finished` took the line holding
 * fn, ctx and n_threads away from the other thread, which read them for its
 * next item, and a spinning thread's reads of `batch` pulled it back. */
struct core_workers {
    unsigned n_threads; /* team size, the caller included */
    pthread_t *tid;
    team_arg_t *arg;
    core_work_fn fn;          /* the current batch's */
    void *ctx;
    core_work_fn fn0;         /* core_workers_run's (given at creation) */
    void *ctx0;
    claim_t *claim;           /* per range, n_threads of them */
#ifdef CTASIM_PHASE_PROFILE
    uint64_t wait_ns;         /* the caller's wait for items run by other threads */
#endif
    uint32_t generation;      /* the caller's last published generation */
    /* per item function (a phase: cores, L2 slices, DRAM channels), each
     * thread's share of a batch in 1/65536, learnt from the items it ran in
     * the phase's last batches (the caller's only) */
    struct split {
        core_work_fn fn;
        uint32_t share[SPLIT_MAX_THREADS];
    } split[SPLIT_FNS];
    unsigned n_split;
    pthread_mutex_t mu;
    pthread_cond_t wake;
    _Alignas(64) _Atomic uint64_t batch; /* generation | n_items */
    atomic_uint sleepers;
    atomic_bool quit;
    _Alignas(64) atomic_uint finished; /* items of the current batch finished */
};

static inline void cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static uint64_t spin_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint32_t batch_generation(uint64_t b) { return (uint32_t)(b >> 32); }

/* Range k of n items over t threads: [k * n / t, (k + 1) * n / t). */
static inline uint32_t range_start(uint32_t n, unsigned t, unsigned k) { return (uint32_t)((uint64_t)n * k / t); }

/* The learnt split of item function fn, or NULL (an even split). */
static struct split *split_of(struct core_workers *w, core_work_fn fn)
{
    if (w->n_threads > SPLIT_MAX_THREADS)
        return NULL;
    for (unsigned i = 0; i < w->n_split; i++)
        if (w->split[i].fn == fn)
            return &w->split[i];
    if (w->n_split == SPLIT_FNS)
        return NULL;
    struct split *sp = &w->split[w->n_split++];
    sp->fn = fn;
    for (unsigned k = 0; k < w->n_threads; k++)
        sp->share[k] = SHARE_ONE / w->n_threads;
    return sp;
}

/* Each thread's share moves a quarter of the way to the part of the batch it
 * ran, never below a sixteenth of an even share, so that a thread the OS
 * did not schedule for a while gets its range back. On CPUs of unequal speed
 * the faster one comes to own more items and steals fewer; which thread
 * runs an item changes no number. */
static void learn_split(struct core_workers *w, struct split *sp, uint32_t n_items)
{
    const uint32_t floor = SHARE_ONE / w->n_threads / 16;
    for (unsigned k = 0; k < w->n_threads; k++) {
        const uint64_t ran = atomic_load_explicit(&w->claim[k].ran, memory_order_relaxed);
        uint32_t part = (uint32_t)(ran * SHARE_ONE / n_items);
        uint32_t s = (3 * sp->share[k] + part) / 4;
        sp->share[k] = s < floor ? floor : s;
    }
}

static inline uint32_t claim_next(uint64_t c) { return (uint32_t)c & ITEM_MASK; }
static inline uint32_t claim_end(uint64_t c) { return (uint32_t)(c >> ITEM_BITS) & ITEM_MASK; }
static inline uint64_t claim_word(uint32_t gen, uint32_t end, uint32_t next)
{
    return (uint64_t)gen << 32 | (uint64_t)end << ITEM_BITS | next;
}

/* The owner of range k runs its items from the front, one claim each (the
 * word stays in the owner's cache while nobody else looks). */
static unsigned take_own(core_workers_t *w, uint32_t gen, unsigned k)
{
    _Atomic uint64_t *c = &w->claim[k].word;
    uint64_t b = atomic_load_explicit(c, memory_order_acquire);
    unsigned done = 0;
    for (;;) {
        if (batch_generation(b) != gen || claim_next(b) >= claim_end(b))
            break;
        if (!atomic_compare_exchange_weak_explicit(c, &b, b + 1, memory_order_acq_rel, memory_order_acquire))
            continue; /* b now holds the current word */
        w->fn(w->ctx, claim_next(b));
        done++;
        b = atomic_load_explicit(c, memory_order_acquire);
    }
    return done;
}

/* Another thread takes the back half of what is left of range k at a time:
 * the items it runs are the range's last ones, much the same cores cycle
 * after cycle (their state stays in its CPU's caches), and it and the owner
 * meet on the claim word once per half, not once per item. */
static unsigned take_stolen(core_workers_t *w, uint32_t gen, unsigned k)
{
    _Atomic uint64_t *c = &w->claim[k].word;
    uint64_t b = atomic_load_explicit(c, memory_order_acquire);
    unsigned done = 0;
    for (;;) {
        const uint32_t next = claim_next(b), end = claim_end(b);
        if (batch_generation(b) != gen || next >= end)
            break;
        const uint32_t from = end - (end - next + 1) / 2;
        if (!atomic_compare_exchange_weak_explicit(c, &b, claim_word(gen, from, next), memory_order_acq_rel,
                                                   memory_order_acquire))
            continue;
        for (uint32_t i = from; i < end; i++)
            w->fn(w->ctx, i);
        done += end - from;
        b = atomic_load_explicit(c, memory_order_acquire);
    }
    return done;
}

/* Thread `self` runs items of generation `gen`: its own range, then what is
 * left of the others. */
static void take_items(core_workers_t *w, uint32_t gen, unsigned self)
{
    const uint64_t b = atomic_load_explicit(&w->batch, memory_order_acquire);
    if (batch_generation(b) != gen)
        return;
    unsigned done = 0;
    for (unsigned j = 0; j < w->n_threads; j++)
        done += j == 0 ? take_own(w, gen, self) : take_stolen(w, gen, (self + j) % w->n_threads);
    if (done) { /* what this thread ran, for the next batch's split; then the items finished */
        atomic_store_explicit(&w->claim[self].ran, done, memory_order_relaxed);
        atomic_fetch_add_explicit(&w->finished, done, memory_order_release);
    }
}

/* A team thread: the first generation other than `seen`. */
static uint32_t wait_generation(core_workers_t *w, uint32_t seen)
{
    uint32_t g;
    const uint64_t start = spin_clock_ns();
    for (unsigned spin = 1;; spin++) {
        if ((g = batch_generation(atomic_load_explicit(&w->batch, memory_order_acquire))) != seen)
            return g;
        cpu_pause();
        if (spin % SPIN_CHECK == 0 && spin_clock_ns() - start >= SPIN_NS)
            break;
    }
    for (unsigned y = 0; y < SPIN_YIELDS; y++) {
        if ((g = batch_generation(atomic_load_explicit(&w->batch, memory_order_acquire))) != seen)
            return g;
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
    const team_arg_t *a = arg;
    core_workers_t *w = a->w;
    uint32_t seen = 0;
    for (;;) {
        seen = wait_generation(w, seen);
        if (atomic_load_explicit(&w->quit, memory_order_acquire))
            return NULL;
        take_items(w, seen, a->index);
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
    core_workers_t *w = cs_xaligned_calloc(_Alignof(core_workers_t), 1, sizeof *w);
    w->n_threads = threads < 2 ? 2 : threads;
    w->fn = w->fn0 = fn;
    w->ctx = w->ctx0 = ctx;
    atomic_init(&w->batch, 0);
    atomic_init(&w->finished, 0);
    atomic_init(&w->sleepers, 0);
    atomic_init(&w->quit, false);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->wake, NULL);
    w->claim = cs_xaligned_calloc(_Alignof(claim_t), w->n_threads, sizeof *w->claim);
    for (unsigned k = 0; k < w->n_threads; k++) {
        atomic_init(&w->claim[k].word, 0);
        atomic_init(&w->claim[k].ran, 0);
    }
    w->tid = cs_xcalloc(w->n_threads - 1, sizeof *w->tid);
    w->arg = cs_xcalloc(w->n_threads - 1, sizeof *w->arg);
    for (unsigned i = 0; i + 1 < w->n_threads; i++) {
        w->arg[i] = (team_arg_t){w, i + 1};
        if (pthread_create(&w->tid[i], NULL, team_main, &w->arg[i]) != 0) {
            w->n_threads = i + 1; /* fewer threads than asked: the team is what started */
            break;
        }
    }
    return w;
}

unsigned core_workers_threads(const core_workers_t *w) { return w->n_threads; }

unsigned core_workers_pin(core_workers_t *w)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || (unsigned)CPU_COUNT(&allowed) < w->n_threads)
        return 0;
    unsigned pinned = 0, k = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && k < w->n_threads; cpu++) {
        if (!CPU_ISSET(cpu, &allowed))
            continue;
        if (k++ == 0)
            continue; /* the first CPU: the caller's, if the scheduler agrees */
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        if (pthread_setaffinity_np(w->tid[k - 2], sizeof one, &one) == 0)
            pinned++;
    }
    return pinned;
}

void core_workers_run(core_workers_t *w, uint32_t n_items) { core_workers_run_fn(w, w->fn0, w->ctx0, n_items); }

void core_workers_run_fn(core_workers_t *w, core_work_fn fn, void *ctx, uint32_t n_items)
{
    if (w->n_threads < 2 || n_items > ITEM_MASK) {
        for (uint32_t i = 0; i < n_items; i++)
            fn(ctx, i);
        return;
    }
    /* Safe to change here: no thread can be inside an item of the previous
     * batch (all finished), and a late thread reads fn only after claiming
     * an item of this batch, which the batch store below publishes. */
    w->fn = fn;
    w->ctx = ctx;
    const uint32_t gen = ++w->generation;
    atomic_store_explicit(&w->finished, 0, memory_order_relaxed);
    struct split *sp = split_of(w, fn);
    uint64_t total = 0, cum = 0;
    if (sp)
        for (unsigned k = 0; k < w->n_threads; k++)
            total += sp->share[k];
    uint32_t start = 0;
    for (unsigned k = 0; k < w->n_threads; k++) { /* each range from its start, before the batch is seen */
        uint32_t end = range_start(n_items, w->n_threads, k + 1);
        if (sp) {
            cum += sp->share[k];
            end = k + 1 == w->n_threads ? n_items : (uint32_t)(n_items * cum / total);
        }
        atomic_store_explicit(&w->claim[k].word, claim_word(gen, end, start), memory_order_relaxed);
        atomic_store_explicit(&w->claim[k].ran, 0, memory_order_relaxed);
        start = end;
    }
    /* sequentially consistent: ordered after the claims and before the sleepers check */
    atomic_store(&w->batch, (uint64_t)gen << 32 | n_items);
    wake_sleepers(w);
    take_items(w, gen, 0);
#ifdef CTASIM_PHASE_PROFILE
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
#endif
    for (unsigned spin = 0; atomic_load_explicit(&w->finished, memory_order_acquire) < n_items; spin++) {
        if (spin < SPIN_PAUSES)
            cpu_pause();
        else
            sched_yield();
    }
#ifdef CTASIM_PHASE_PROFILE
    clock_gettime(CLOCK_MONOTONIC, &t1);
    w->wait_ns += (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)(t1.tv_nsec - t0.tv_nsec);
#endif
    if (sp) /* every thread's `ran` was stored before its add to finished, which the loop above acquired */
        learn_split(w, sp, n_items);
}

uint64_t core_workers_wait_ns(const core_workers_t *w)
{
#ifdef CTASIM_PHASE_PROFILE
    return w->wait_ns;
#else
    (void)w;
    return 0;
#endif
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
    free(w->arg);
    free(w->claim);
    free(w);
}
