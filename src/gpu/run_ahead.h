/* run_ahead.h — run-ahead windows: a core with nothing in the memory system
 * ticks on by itself, within the phase of one core cycle, to the end of a
 * window of cycles, instead of meeting the other units cycle by cycle.
 *
 * On 16 threads a barrier every core cycle cost more than a cycle of 132
 * cores' work (docs/SPEED.md "On 16 cores"), and one thread pays a scan of
 * every core's state each cycle. But a detached core (sm_detached: nothing
 * of it in the memory system, no memory instruction in its LD/ST unit)
 * touches nothing but its own state until it issues a memory instruction,
 * whose first step comes a cycle later, or one of its CTAs ends. So after
 * its tick at `now`, such a core ticks on through its next cycles up to the
 * end of the window `now` lies in (run_ahead), and stops after a cycle that
 * leaves it not detached. Nothing outside may touch it in those cycles,
 * which the window's bounds make sure of (run_ahead.c, window_end_at):
 *   - no reply can reach it (none is owed) and it pushes nothing;
 *   - the dispatcher cannot give it a CTA: it has no room for one of the one
 *     running kernel (or none is left), and no other kernel can start before
 *     the window ends;
 *   - no policy acts on it: the window ends before the next sample and the
 *     next power-up, and none opens under a policy that hears of CTAs issued
 *     or finished (gpu.chain_windows);
 *   - none opens while a front-end publishes writes (PTX: another core's
 *     store must reach its loads at the right cycle) or is not parallel-safe;
 *   - none opens in a run that stops at a kernel's end or a limit.
 * A CTA end or an error reached ahead, at cycle e, waits (run_ahead_note_event)
 * for the serial phase of cycle e, which takes it as if the core had ticked
 * e in its turn (run_ahead_take_events); until then the dispatcher passes over
 * the core (run_ahead_pending: it had no room in those cycles either).
 * Windows are aligned (multiples of RUN_AHEAD_WINDOW), so the cores that ran
 * ahead meet again in the phase at the window's end, one batch for the
 * thread team. A core ticks the same cycles in the same states as cycle by
 * cycle: no number changes (docs/ARCHITECTURE.md "Run-ahead windows"). */
#ifndef CTASIM_RUN_AHEAD_H
#define CTASIM_RUN_AHEAD_H

#include "gpu_internal.h"

#define RUN_AHEAD_WINDOW 256

/* The end (exclusive) of core cycle now's window, 0 where none may open;
 * worked out once per cycle: before a parallel phase, whose threads then
 * only read it, or at the first core of a serial phase that needs it. */
uint64_t run_ahead_window_end(gpu_t *g, uint64_t now);
/* After core s's tick at `now`, which left it detached: its next cycles
 * ahead, where a window is open and no CTA may come to it. Returns the last
 * cycle ticked (`now` if none); *rc is sm_cycle's result for that cycle.
 * On whichever thread ticks the core. */
uint64_t run_ahead(gpu_t *g, sm_t *s, uint64_t now, uint64_t icnt_now, int *rc);
/* Core s's tick at `now` and, when it leaves the core detached, its cycles
 * ahead (run_ahead): the last cycle ticked; *rc as there. */
static inline uint64_t run_ahead_tick(gpu_t *g, sm_t *s, uint64_t now, uint64_t icnt_now, int *rc)
{
    *rc = sm_cycle(s, now, icnt_now);
    return *rc == 0 && sm_detached(s) ? run_ahead(g, s, now, icnt_now, rc) : now;
}
/* Core id reached a CTA's end (rc > 0) or an error (rc < 0) at `last`,
 * ahead of its phase: for the serial phase of that cycle. */
void run_ahead_note_event(gpu_t *g, uint32_t id, uint64_t last, int rc);
/* In the serial phase of core cycle `now`: what cores reached ahead at
 * `now`. CTA ends set *any_finished (they are drained with the others, in
 * core order); an error returns -1 with the first failing core in *failed. */
int run_ahead_take_due(gpu_t *g, uint64_t now, bool *any_finished, uint32_t *failed);
static inline int run_ahead_take_events(gpu_t *g, uint64_t now, bool *any_finished, uint32_t *failed)
{
    return g->next_ahead_event > now ? 0 : run_ahead_take_due(g, now, any_finished, failed);
}
/* Core i holds a CTA end or error reached ahead that its cycle's serial
 * phase has not taken yet. */
static inline bool run_ahead_pending(const gpu_t *g, uint32_t i) { return g->ahead_event[i] != 0; }

#endif
