/* team_choice.h — for one phase of a simulated cycle (the cores' ticks, the
 * L2 slices', the DRAM channels'), whether it runs on the thread team
 * (core_workers.h) or on the calling thread, by time. gpu.c asks
 * team_choice_pick at each of the phase's cycles with enough due units and,
 * when that cycle was timed, passes its time to team_choice_timed.
 *
 * The phase (its ticks and the merge after them) runs up to CHOICE_BLOCKS
 * blocks of CHOICE_BLOCK of its clock's cycles on this thread, each followed
 * by as many on the team, and the faster runs for the next epoch (the team
 * only when at least CHOICE_MARGIN_PCT % faster: it costs CPU time), then
 * the two are timed again. The first epoch is CHOICE_EPOCH_FIRST cycles, and
 * each timing that agrees with the last doubles it up to CHOICE_EPOCH: a
 * kernel's first cycles, which touch its memory for the first time, run
 * slower on two threads than on one (the page faults of both wait on one
 * another), and a decision taken then should not hold for long. A pair of blocks that shows a
 * plain difference (the team at most CHOICE_CLEAR_WIN_PCT % of this thread's
 * time, or at least CHOICE_CLEAR_LOSS_PCT %) decides at once. The first CHOICE_WARMUP cycles of a block
 * are not timed: they pay what a switch costs once (the team waking from
 * its sleep, the cores' state moving into the other CPU's caches, a kernel's
 * first touch of its memory), which a whole epoch amortises; timing them
 * let one 256-cycle window at a kernel's start, the team just woken, decide
 * for 32768 cycles. Alternating blocks let a change of load or of the
 * kernel's behaviour during the timing weigh on both sides alike. A machine
 * without free cores, a GPU too small or a phase too short for the
 * hand-offs to pay all end on this thread, the team sleeping. Where a core
 * or slice ticks never changes a result; only the wall time depends on the
 * choice.
 *
 * What a timing may cost (docs/SPEED.md "What the team choice may cost"):
 * a phase runs on this thread for CHOICE_FIRST cycles of its clock from its
 * first cycle with enough due units before it is timed at all, so a run too
 * short to win a timing back never pays for one (a team block at most twice
 * as slow costs under CHOICE_BLOCK cycles: an eighth of CHOICE_FIRST for a
 * run that ends right after it, and less for every longer one, as the epochs
 * double; s38 lowered it from 16 384, with which a 17 500-cycle
 * compute-bound run of 132 cores ran two thirds on one thread and the
 * H100-sized memory-bound bench cases were never timed, docs/SPEED.md
 * "s38"); and a team
 * block whose whole time (its untimed cycles too) passes CHOICE_GIVE_UP
 * times that of the block on this thread before it ends the timing at once,
 * for this thread: on a loaded machine a team cycle can wait for a CPU for
 * a scheduler's time slice, and 256 such cycles cost more than a short
 * run's whole simulation. */
#ifndef CTASIM_TEAM_CHOICE_H
#define CTASIM_TEAM_CHOICE_H

#include <stdbool.h>
#include <stdint.h>

#define CHOICE_BLOCK 64      /* cycles of a block */
#define CHOICE_WARMUP 16     /* untimed cycles at a block's start */
#define CHOICE_BLOCKS 4      /* block pairs (this thread, then the team) of a timing */
#define CHOICE_EPOCH 32768   /* the most cycles a decision holds */
#define CHOICE_EPOCH_FIRST 512 /* the cycles a first (or changed) decision holds */
#define CHOICE_MARGIN_PCT 5  /* how much faster the team must be */
#define CHOICE_CLEAR_WIN_PCT 80   /* a team at most this % of this thread's time wins after one pair */
#define CHOICE_CLEAR_LOSS_PCT 125 /* a team at least this % of it loses after one pair */
#define CHOICE_FIRST 512     /* cycles from the phase's first eligible one to its first timing */
#define CHOICE_GIVE_UP 2     /* a team block this many times the other's ends the timing */

typedef struct team_choice {
    uint8_t phase;            /* timing this thread's block, the team's, or running the decision */
    uint8_t block;            /* block pairs timed so far */
    uint32_t count;           /* cycles of the current block */
    uint64_t ns[2];           /* time of the timed cycles: on the team, on this thread */
    uint64_t items[2];        /* the units they ticked */
    uint64_t block_ns;        /* time of the current block's cycles, untimed ones too */
    uint64_t serial_block_ns; /* the same for the last block on this thread */
    uint64_t until;           /* the phase's cycle at which the decision is timed again
                                 (UINT64_MAX: set at its first eligible cycle) */
    uint32_t epoch;           /* cycles the last decision holds (0: none yet) */
    bool team;                /* the decision: the team was faster */
} team_choice_t;

/* Before the first cycle: this thread, the first timing CHOICE_FIRST
 * cycles after the first eligible one. */
void team_choice_init(team_choice_t *c);
/* Whether this eligible cycle (`now`, the phase's clock) runs on the team;
 * *timed says whether it is part of a timing (the caller then times the
 * cycle, its merge included, and calls team_choice_timed). */
bool team_choice_pick(team_choice_t *c, uint64_t now, bool *timed);
/* A timed cycle took ns to tick `items` units: returns 1 or 0 when the
 * timing decided (the team, this thread), -1 while it goes on. The sides are
 * compared by time per unit ticked. */
int team_choice_timed(team_choice_t *c, uint64_t now, uint64_t ns, uint32_t items);
/* Whether a decision holds (no timing under way). */
bool team_choice_decided(const team_choice_t *c);

#endif
