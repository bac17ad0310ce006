/* warp_owl.c — CTA-aware warp scheduling of OWL (Jog et al., ASPLOS'13), the
 * scheduling part, as Yu et al. (IJPP'14, CLASO) stack on it: "an upgrade of
 * TL with the warp pre-emption mechanism to improve the cache efficiency".
 *
 * OWL has four parts; this file implements the first two, which are the
 * per-core warp scheduler:
 * 1. CTA-aware two-level scheduling: fetch groups are made of whole CTAs
 *    (warps of a CTA share data, so scheduling them together keeps that data
 *    in L1), round-robin among the warps of a group.
 * 2. Locality-aware prioritisation (the "pre-emption"): groups have a fixed
 *    priority, oldest CTAs first. The highest-priority group issues whenever
 *    any of its warps can; lower groups only fill its stalls, and the top
 *    group takes the core back (pre-empts) as soon as its data returns. New
 *    CTAs join at the bottom, so a group keeps priority until it finishes.
 *    With preempt=0 the group switching is plain two-level instead (rotate to
 *    the next group when every warp of the active one waits on memory, as in
 *    warp_tl.c) — OWL's part 1 alone, for comparison.
 * Not implemented: part 3 (bank-level-parallelism-aware group choice across
 * cores) and part 4 (opportunistic memory-side prefetching) — they act on the
 * memory system, not on the per-core issue order.
 *
 * Interpretations:
 * - Group formation: the scheduler's live CTAs, oldest first, are cut into
 *   groups of consecutive whole CTAs, each with at least `group` of this
 *   scheduler's warps (default 8, the fetch-group size of the two-level
 *   scheduler OWL builds on); the last group may be smaller. Groups are
 *   re-cut when CTAs arrive or leave.
 * - Round-robin within a group starts after the member that issued last.
 *
 * Cost: the group layout is rebuilt only when warps come or go (view epoch);
 * order() is O(warps), no allocation, and lists only the ready warps
 * (lists_every_ready: the core leaves out those it knows to wait). */
#include <stdlib.h>

#include "config/config.h"
#include "model/warp_policy.h"
#include "register.h"

#define OWL_MAX CONFIG_MAX_WARPS_PER_SM /* the most warp slots a core has */

typedef struct {
    uint32_t group;   /* minimum warps per CTA group */
    bool preempt;     /* locality-aware fixed priority (1) or two-level rotation (0) */
    /* layout, rebuilt when the view's epoch changes */
    bool layout_valid;
    uint32_t epoch;
    unsigned nw, ng;
    uint16_t warp[OWL_MAX];     /* live warps, oldest CTA first, warp order inside a CTA */
    uint8_t gfirst[OWL_MAX + 1]; /* group g: warp[gfirst[g] .. gfirst[g + 1]) */
    int16_t group_of[OWL_MAX];  /* slot -> group, -1 if not live */
    /* round-robin: per slot, when it last issued (a policy-local sequence number) */
    uint64_t issue_seq[OWL_MAX];
    uint64_t owner_age[OWL_MAX];
    uint64_t cta_age[OWL_MAX];  /* slot -> its CTA's launch age (warp_info_t.cta_age) */
    uint64_t seq;
    /* preempt=0: the active group, kept through rebuilds by a member slot and its age */
    bool has_active;
    uint32_t active_slot;
    uint64_t active_age;
} owl_state_t;

static void *owl_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    uint32_t group, preempt;
    if (policy_arg_u32(a, "group", 8, &group, err) < 0 || policy_arg_u32(a, "preempt", 1, &preempt, err) < 0)
        return NULL;
    if (group == 0 || preempt > 1) {
        cs_err(err, NULL, 0, "policy 'owl': need group >= 1 and preempt=0|1");
        return NULL;
    }
    if (max_warps > OWL_MAX) {
        cs_err(err, NULL, 0, "policy 'owl': at most %u warps per core", OWL_MAX);
        return NULL;
    }
    owl_state_t *s = cs_xcalloc(1, sizeof *s);
    s->group = group;
    s->preempt = preempt;
    for (unsigned i = 0; i < OWL_MAX; i++)
        s->owner_age[i] = UINT64_MAX;
    return s;
}

static void owl_rebuild(owl_state_t *s, const sched_view_t *v)
{
    s->nw = 0;
    for (unsigned i = 0; i < OWL_MAX; i++)
        s->group_of[i] = -1;
    for (unsigned i = 0; i < v->n && i < OWL_MAX; i++)
        s->cta_age[v->slots[i]] = v->warps[v->slots[i]].cta_age;
    for (unsigned i = 0; i < v->n && s->nw < OWL_MAX; i++) {
        uint16_t w = v->slots[i];
        const warp_info_t *wi = &v->warps[w];
        if (!wi->valid)
            continue;
        if (s->owner_age[w] != wi->age) { /* a new warp in this slot: it has not issued yet */
            s->owner_age[w] = wi->age;
            s->issue_seq[w] = 0;
        }
        unsigned k = s->nw++; /* oldest CTA first, then by age inside the CTA */
        while (k > 0 && (s->cta_age[s->warp[k - 1]] > s->cta_age[w] ||
                         (s->cta_age[s->warp[k - 1]] == s->cta_age[w] && v->warps[s->warp[k - 1]].age > wi->age))) {
            s->warp[k] = s->warp[k - 1];
            k--;
        }
        s->warp[k] = w;
    }
    s->ng = 0;
    unsigned in_group = 0;
    for (unsigned k = 0; k < s->nw; k++) {
        bool new_cta = k == 0 || s->cta_age[s->warp[k]] != s->cta_age[s->warp[k - 1]];
        if (k == 0 || (new_cta && in_group >= s->group)) { /* groups end only at CTA boundaries */
            s->gfirst[s->ng++] = (uint8_t)k;
            in_group = 0;
        }
        in_group++;
        s->group_of[s->warp[k]] = (int16_t)(s->ng - 1);
    }
    s->gfirst[s->ng] = (uint8_t)s->nw;
    s->epoch = v->epoch;
    s->layout_valid = true;
}

static void owl_refresh(owl_state_t *s, const sched_view_t *v)
{
    if (!s->layout_valid || s->epoch != v->epoch)
        owl_rebuild(s, v);
}

static unsigned emit_group(const owl_state_t *s, const sched_view_t *v, unsigned g, uint16_t *out, unsigned m)
{
    unsigned lo = s->gfirst[g], len = s->gfirst[g + 1] - lo, start = 0;
    uint64_t latest = 0;
    for (unsigned j = 0; j < len; j++) /* round-robin: start after the member that issued last */
        if (s->issue_seq[s->warp[lo + j]] > latest) {
            latest = s->issue_seq[s->warp[lo + j]];
            start = j + 1;
        }
    for (unsigned j = 0; j < len; j++) {
        unsigned p = (start + j) % len;
        uint16_t w = s->warp[lo + p];
        if ((v->ready >> w) & 1) /* lists_every_ready: the ready warps, in this order */
            out[m++] = w;
    }
    return m;
}

static int owl_active_group(const owl_state_t *s)
{
    if (!s->has_active || s->active_slot >= OWL_MAX || s->group_of[s->active_slot] < 0 ||
        s->owner_age[s->active_slot] != s->active_age)
        return 0;
    return s->group_of[s->active_slot];
}

static unsigned owl_order(void *st, const sched_view_t *v, uint16_t *out)
{
    owl_state_t *s = st;
    owl_refresh(s, v);
    unsigned m = 0;
    unsigned first = s->preempt ? 0 : (unsigned)owl_active_group(s);
    for (unsigned k = 0; k < s->ng; k++)
        m = emit_group(s, v, (first + k) % s->ng, out, m);
    return m;
}

static bool owl_group_long_stalled(const owl_state_t *s, const sched_view_t *v, unsigned g)
{
    for (unsigned k = s->gfirst[g]; k < s->gfirst[g + 1]; k++) {
        const warp_info_t *wi = &v->warps[s->warp[k]];
        if (wi->valid && wi->has_inst && !wi->waiting_mem)
            return false;
    }
    return true;
}

static void owl_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    owl_state_t *s = st;
    owl_refresh(s, v);
    if (slot >= OWL_MAX || s->group_of[slot] < 0)
        return;
    s->issue_seq[slot] = ++s->seq;
    if (s->preempt)
        return;
    unsigned g = (unsigned)s->group_of[slot], active = (unsigned)owl_active_group(s);
    /* follow the active group as its members issue; leave it only when all of it waits on memory */
    if (g == active || owl_group_long_stalled(s, v, active)) {
        s->has_active = true;
        s->active_slot = slot;
        s->active_age = v->warps[slot].age;
    }
}

const warp_policy_ops_t warp_policy_owl = {
    .name = "owl",
    .summary = "OWL CTA-aware scheduling: groups of whole CTAs, oldest group pre-empts, round-robin inside "
               "(Jog et al.)",
    .params = "group=8 (min warps per CTA group),preempt=1 (0: two-level rotation between CTA groups)",
    .create = owl_create,
    .destroy = free,
    .order = owl_order,
    .lists_every_ready = true,
    .issued = owl_issued,
};
WARP_POLICY_REGISTER(warp_policy_owl);
