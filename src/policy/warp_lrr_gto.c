/* warp_lrr_gto.c — the two baseline warp schedulers.
 *
 * lrr (loose round-robin): start one past the warp that issued last and go
 *   round the scheduler's warps in slot order.
 * gto (greedy-then-oldest): keep issuing from the warp that issued last while
 *   it can; otherwise the oldest warp (lowest launch age) first. */
#include <stdlib.h>

#include "config/config.h"
#include "warp_policy.h"

typedef struct {
    int last; /* index into the scheduler's slot list of the last issuer, -1 none */
    uint32_t last_slot;
    /* gto: the scheduler's live warps sorted by age, rebuilt when the epoch changes */
    uint32_t epoch;
    bool sorted_valid;
    unsigned nsorted;
    uint16_t sorted[CONFIG_MAX_WARPS_PER_SM];
} rr_state_t;

static void *base_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    if (max_warps > CONFIG_MAX_WARPS_PER_SM) {
        cs_err(err, NULL, 0, "warp policy '%s': at most %u warps per core", a->name, CONFIG_MAX_WARPS_PER_SM);
        return NULL;
    }
    rr_state_t *s = cs_xcalloc(1, sizeof *s);
    s->last = -1;
    s->last_slot = UINT32_MAX;
    return s;
}

static void base_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    rr_state_t *s = st;
    s->last_slot = slot;
    for (unsigned i = 0; i < v->n; i++)
        if (v->slots[i] == slot) {
            s->last = (int)i;
            break;
        }
}

static unsigned lrr_order(void *st, const sched_view_t *v, uint16_t *out)
{
    rr_state_t *s = st;
    unsigned n = 0, start = (unsigned)(s->last + 1) % v->n;
    for (unsigned k = 0; k < v->n; k++) {
        unsigned i = start + k;
        if (i >= v->n)
            i -= v->n;
        const uint16_t w = v->slots[i];
        out[n] = w; /* kept if it counts: branch-free, as in gto_order */
        n += (unsigned)(v->warps[w].valid & v->warps[w].has_inst & !((v->skip >> w) & 1));
    }
    return n;
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
        s->epoch = v->epoch;
        s->sorted_valid = true;
    }
    unsigned n = 0;
    /* greedy: the last issuer first, if it still has an instruction */
    if (s->last_slot != UINT32_MAX && v->warps[s->last_slot].valid && v->warps[s->last_slot].has_inst &&
        !((v->skip >> s->last_slot) & 1))
        out[n++] = (uint16_t)s->last_slot;
    /* Branch-free filter: whether a warp has an instruction is close to
     * random from cycle to cycle, and this runs every evaluated cycle. Each
     * slot is written and kept only if it counts; the write stays within
     * v->n because the greedy warp, when listed first, is one of the sorted
     * ones and is skipped here. */
    for (unsigned i = 0; i < s->nsorted; i++) {
        const uint16_t w = s->sorted[i];
        const warp_info_t *wi = &v->warps[w];
        out[n] = w;
        n += (unsigned)((w != s->last_slot) & wi->valid & wi->has_inst & !((v->skip >> w) & 1));
    }
    return n;
}

const warp_policy_ops_t warp_policy_lrr = {
    .name = "lrr",
    .summary = "loose round-robin among ready warps",
    .params = "",
    .create = base_create,
    .destroy = free,
    .order = lrr_order,
    .lists_every_ready = true,
    .issued = base_issued,
};

const warp_policy_ops_t warp_policy_gto = {
    .name = "gto",
    .summary = "greedy-then-oldest (Rogers et al.)",
    .params = "",
    .create = base_create,
    .destroy = free,
    .order = gto_order,
    .lists_every_ready = true,
    .issued = base_issued,
};
