/* warp_lrr_gto.c — the two baseline warp schedulers.
 *
 * lrr (loose round-robin): start one past the warp that issued last and go
 *   round the scheduler's warps in slot order.
 * gto (greedy-then-oldest): keep issuing from the warp that issued last while
 *   it can; otherwise the oldest warp (lowest launch age) first.
 * Both list every ready warp (lists_every_ready) and work on the view's
 * ready mask: an order costs in proportion to the warps listed, not to the
 * warps resident, since it is asked for every evaluated cycle. */
#include <stdlib.h>

#include "config/config.h"
#include "model/warp_policy.h"
#include "model/zero_pages.h"
#include "register.h"

/* All zero is the state of a scheduler that has not issued, so that a new
 * one is fresh zero pages (zero_pages.h) written only when its core first
 * issues: four per core, 1 KB of the 132-core GPU's start-up each otherwise
 * (docs/SPEED.md, s37). */
typedef struct {
    uint32_t last_slot1; /* the last issuer + 1, 0 none */
    /* gto: the scheduler's live warps sorted by age, and each one's place in
     * that order (rank[slot]), rebuilt when the epoch changes */
    uint32_t epoch;
    bool sorted_valid;
    unsigned nsorted;
    uint16_t sorted[CONFIG_MAX_WARPS_PER_SM];
    uint8_t rank[CONFIG_MAX_WARPS_PER_SM];
} rr_state_t;

_Static_assert(CONFIG_MAX_WARPS_PER_SM <= 64, "ready masks and ranks are 64 bits");

/* Append the slots of mask m to out[n..], lowest first; returns the new count. */
static unsigned append_slots(uint64_t m, uint16_t *out, unsigned n)
{
    for (; m; m &= m - 1)
        out[n++] = (uint16_t)__builtin_ctzll(m);
    return n;
}

static void *base_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    if (max_warps > CONFIG_MAX_WARPS_PER_SM) {
        cs_err(err, NULL, 0, "warp policy '%s': at most %u warps per core", a->name, CONFIG_MAX_WARPS_PER_SM);
        return NULL;
    }
    return zero_pages_alloc(1, sizeof(rr_state_t));
}

static void base_destroy(void *st) { zero_pages_free(st, 1, sizeof(rr_state_t)); }

static void base_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    rr_state_t *s = st;
    s->last_slot1 = slot + 1;
}

static unsigned lrr_order(void *st, const sched_view_t *v, uint16_t *out)
{
    const rr_state_t *s = st;
    /* Round the scheduler's slot list (ascending) from the one after the
     * last issuer: the ready slots above the last issuer's, then the rest,
     * each lowest first. (When the last issuer is the scheduler's highest
     * slot, or none issued yet, that is every ready slot from the lowest.) */
    const uint32_t last1 = s->last_slot1;
    const uint64_t above = last1 == 0 ? ~0ull : last1 >= 64 ? 0 : ~0ull << last1;
    const unsigned n = append_slots(v->ready & above, out, 0);
    return append_slots(v->ready & ~above, out, n);
}

static unsigned gto_order(void *st, const sched_view_t *v, uint16_t *out)
{
    rr_state_t *s = st;
    if (!s->sorted_valid || s->epoch != v->epoch) {
        /* live warps, insertion-sorted by age (oldest first) */
        s->nsorted = 0;
        for (unsigned i = 0; i < v->n && s->nsorted < CONFIG_MAX_WARPS_PER_SM; i++) {
            uint16_t w = v->slots[i];
            if (!v->warps[w].valid)
                continue;
            unsigned j = s->nsorted++;
            while (j > 0 && v->warps[s->sorted[j - 1]].age > v->warps[w].age) {
                s->sorted[j] = s->sorted[j - 1];
                j--;
            }
            s->sorted[j] = w;
        }
        for (unsigned i = 0; i < s->nsorted; i++)
            s->rank[s->sorted[i]] = (uint8_t)i;
        s->epoch = v->epoch;
        s->sorted_valid = true;
    }
    unsigned n = 0;
    uint64_t rest = v->ready;
    /* greedy: the last issuer first, if it is ready */
    if (s->last_slot1 && ((rest >> (s->last_slot1 - 1)) & 1)) {
        const uint32_t last = s->last_slot1 - 1;
        out[n++] = (uint16_t)last;
        rest &= ~(1ull << last);
    }
    /* then the others by age: their ranks as a mask, lowest (oldest) first */
    uint64_t by_age = 0;
    for (; rest; rest &= rest - 1)
        by_age |= 1ull << s->rank[__builtin_ctzll(rest)];
    for (; by_age; by_age &= by_age - 1)
        out[n++] = s->sorted[__builtin_ctzll(by_age)];
    return n;
}

const warp_policy_ops_t warp_policy_lrr = {
    .name = "lrr",
    .summary = "loose round-robin among ready warps",
    .params = "",
    .create = base_create,
    .destroy = base_destroy,
    .order = lrr_order,
    .lists_every_ready = true,
    .issued = base_issued,
};
WARP_POLICY_REGISTER(warp_policy_lrr);

const warp_policy_ops_t warp_policy_gto = {
    .name = "gto",
    .summary = "greedy-then-oldest (Rogers et al.)",
    .params = "",
    .create = base_create,
    .destroy = base_destroy,
    .order = gto_order,
    .lists_every_ready = true,
    .issued = base_issued,
};
WARP_POLICY_REGISTER(warp_policy_gto);
