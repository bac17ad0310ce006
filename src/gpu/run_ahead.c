/* run_ahead.c — run-ahead windows (run_ahead.h). */
#include "run_ahead.h"
#include "launch_rules.h"

/* The end (exclusive) of the window that core cycle `now` opens, or 0. */
static uint64_t window_end_at(gpu_t *g, uint64_t now)
{
    if (!g->windows_allowed || !g->chain_windows || g->running != 1 || g->serial_kernels || g->publishing_kernels)
        return 0;
    uint64_t end = (now / RUN_AHEAD_WINDOW + 1) * RUN_AHEAD_WINDOW;
    if (g->next_sample < end)
        end = g->next_sample;
    if (g->next_power_up < end)
        end = g->next_power_up;
    if (g->window_stop < end)
        end = g->window_stop + 1;
    if (!g->window_kernel) { /* since a kernel was launched, started or ended */
        g->next_kernel_ready = CS_NEVER;
        for (uint32_t i = g->first_unfinished; i < g->n_kernels; i++) {
            const kernel_run_t *k = g->kernels[i];
            if (k->state == KERNEL_RUNNING) {
                g->window_kernel = k;
            } else if (k->state == KERNEL_QUEUED) { /* the dispatcher starts it at that cycle */
                const uint64_t ready = gpu_kernel_ready_cycle(g, i);
                if (ready < g->next_kernel_ready)
                    g->next_kernel_ready = ready;
            }
        }
    }
    if (g->next_kernel_ready < end)
        end = g->next_kernel_ready;
    return end > now + 1 ? end : 0;
}

uint64_t run_ahead_window_end(gpu_t *g, uint64_t now)
{
    if (g->window_cycle != now) {
        g->window_cycle = now;
        g->window_end = window_end_at(g, now);
    }
    return g->window_end;
}

/* Could the dispatcher give core s a CTA while the window lasts? */
static bool room_for_cta(const gpu_t *g, const sm_t *s)
{
    const kernel_run_t *k = g->window_kernel;
    return k->next_cta < k->total_ctas && !gpu_core_held_by_other(g, s, k) && sm_fits(s, k);
}

uint64_t run_ahead(gpu_t *g, sm_t *s, uint64_t now, uint64_t icnt_now, int *rc)
{
    uint64_t last = now;
    if (!run_ahead_window_end(g, now) || room_for_cta(g, s))
        return last;
    /* The interconnect's clock is not advanced: a detached core neither
     * pushes nor finds a reply, so nothing it does reads it. */
    for (;;) {
        const uint64_t next = *s->wake; /* > last: its next cycle with anything to do */
        if (next >= g->window_end)
            return last;
        last = next;
        *rc = sm_cycle(s, next, icnt_now);
        if (*rc != 0 || !sm_detached(s))
            return last;
    }
}

void run_ahead_note_event(gpu_t *g, uint32_t id, uint64_t last, int rc)
{
    g->ahead_event[id] = last;
    g->ahead_rc[id] = rc;
    if (last < g->next_ahead_event)
        g->next_ahead_event = last;
}

int run_ahead_take_due(gpu_t *g, uint64_t now, bool *any_finished, uint32_t *failed)
{
    uint64_t next = CS_NEVER;
    int rc = 0;
    for (uint32_t i = 0; i < g->n_sm; i++) {
        const uint64_t e = g->ahead_event[i];
        if (!e)
            continue;
        if (e > now) {
            if (e < next)
                next = e;
            continue;
        }
        g->ahead_event[i] = 0;
        if (g->ahead_rc[i] < 0) {
            if (!rc)
                *failed = i;
            rc = -1;
        } else {
            *any_finished = true;
        }
    }
    g->next_ahead_event = next;
    return rc;
}
