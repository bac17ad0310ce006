/* bypass_learn.h — Li & Liang DATE'16 §III-B: the on-line learning of how
 * many of a kernel's CTAs per core bypass L1 (By_A, By_B), from the stall
 * (structural + memory) of each sampling period. Pure state machine, so a
 * test can drive it with hand-made samples:
 *   1. By_A = By_B = 0; sample: Stall_none.
 *   2. By_A = 1, By_B = 0; sample: Stall_A.
 *   3. By_A = 0, By_B = 1; sample: Stall_B. If Stall_none is the least, no
 *      kernel bypasses (done); else the kernel with the lesser stall bypasses
 *      with By = 1 (ties: A).
 *   4. Try By + 1 for one period: if the stall is smaller, keep it and try
 *      again, else go back to By and stop; stop also at By = Tb (its CTAs
 *      per core).
 *   5. (the tags) a CTA dispatched while fewer than By of its kernel's CTAs
 *      on that core are tagged is tagged to bypass (cta_bypass.c).
 * With no kernel B (one kernel running), step 3 is skipped. */
#ifndef CTASIM_BYPASS_LEARN_H
#define CTASIM_BYPASS_LEARN_H

#include <stdbool.h>
#include <stdint.h>

enum bl_step { BL_NONE = 1, BL_TRY_A, BL_TRY_B, BL_GROW, BL_DONE };

typedef struct bypass_learn {
    enum bl_step step;
    uint32_t by[2];   /* the targets now: By_A, By_B */
    uint32_t tb[2];   /* upper limits: Tb_A, Tb_B */
    bool has_b;
    int chosen;       /* 0 A, 1 B, -1 none (after step 3) */
    uint64_t stall_none, stall_a, stall_b, best;
} bypass_learn_t;

static inline void bypass_learn_init(bypass_learn_t *l, uint32_t tb_a, uint32_t tb_b, bool has_b)
{
    *l = (bypass_learn_t){.step = BL_NONE, .tb = {tb_a, tb_b}, .has_b = has_b, .chosen = -1};
}

/* The stall of the period just ended under the current targets; sets the
 * targets for the next period. */
static inline void bypass_learn_sample(bypass_learn_t *l, uint64_t stall)
{
    switch (l->step) {
    case BL_NONE:
        l->stall_none = stall;
        l->by[0] = l->tb[0] ? 1 : 0;
        l->by[1] = 0;
        l->step = BL_TRY_A;
        if (!l->by[0]) { /* A cannot bypass: go straight to B */
            l->stall_a = UINT64_MAX;
            l->by[1] = l->has_b && l->tb[1] ? 1 : 0;
            l->step = l->by[1] ? BL_TRY_B : BL_DONE;
        }
        break;
    case BL_TRY_A:
        l->stall_a = stall;
        l->by[0] = 0;
        if (l->has_b && l->tb[1]) {
            l->by[1] = 1;
            l->step = BL_TRY_B;
            break;
        }
        l->stall_b = UINT64_MAX;
        goto decide;
    case BL_TRY_B:
        l->stall_b = stall;
        l->by[1] = 0;
    decide:
        if (l->stall_none <= l->stall_a && l->stall_none <= l->stall_b) {
            l->chosen = -1;
            l->by[0] = l->by[1] = 0;
            l->step = BL_DONE;
            break;
        }
        l->chosen = l->stall_a <= l->stall_b ? 0 : 1;
        l->best = l->chosen ? l->stall_b : l->stall_a;
        l->by[l->chosen] = 1;
        if (l->by[l->chosen] < l->tb[l->chosen]) {
            l->by[l->chosen]++; /* try one more */
            l->step = BL_GROW;
        } else {
            l->step = BL_DONE;
        }
        break;
    case BL_GROW:
        if (stall < l->best) {
            l->best = stall;
            if (l->by[l->chosen] < l->tb[l->chosen])
                l->by[l->chosen]++;
            else
                l->step = BL_DONE;
        } else {
            l->by[l->chosen]--;
            l->step = BL_DONE;
        }
        break;
    case BL_DONE:
        break;
    }
}

/* A period's stall as the learning compares it: the stall cycles, or
 * (rate) the stall cycles per cycle of the period x 1024, so that periods of
 * different lengths compare (cta_bypass.c's stall=rate). */
static inline uint64_t bypass_period_stall(uint64_t stall_cycles, uint64_t period_cycles, bool rate)
{
    if (!rate)
        return stall_cycles;
    return period_cycles ? stall_cycles * 1024 / period_cycles : stall_cycles * 1024;
}

#endif
