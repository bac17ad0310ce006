/* warp_sca.c — sequential-CTA-aware warp scheduling (Lee et al., HPCA'14
 * §4.2), the warp scheduler that goes with Block CTA Scheduling (BCS).
 *
 * BCS places a block of consecutive CTAs (2k, 2k+1 for block=2) on one core,
 * because neighbouring CTAs of a 2D grid touch the same L1 lines (a 16x16 CTA
 * row of 4-byte words is 64 bytes: two neighbours fill one 128-byte line).
 * SCA schedules to exploit that, in the paper's words: warps are scheduled
 * round-robin "between two warps of neighboring thread blocks", the set is
 * prioritised greedily "similar to GTO ... until one of the two warps stall.
 * Then, the next group of warps within the same block is scheduled."
 *
 * Implementation of that rule:
 * - A block is the set of resident CTAs with the same (kernel, cta_id / block).
 *   A warp group is the warps with the same warp_in_cta across the block's
 *   CTAs (warp i of CTA 2k and warp i of CTA 2k+1 cover the same rows, so
 *   the same lines). Inside a group the older CTA's warp comes first.
 * - One group is greedy: it is listed first, its warps alternating
 *   (round-robin: after warp a issues, its partner goes first next cycle).
 * - The greedy group keeps priority while its warps keep issuing in turn.
 *   When the warp whose turn it was cannot issue (the SM issues its partner
 *   instead), one of the two has stalled and priority passes to the next group
 *   of the same block (warp_in_cta i+1, wrapping). When neither can issue
 *   (the SM issues a warp of another group), the issuer's group becomes greedy
 *   — GTO's "then the next ready warp" at group granularity.
 * - After the greedy group come the other groups of its block in rotation
 *   order, then the other blocks oldest first (a block's age is its oldest
 *   CTA's), each block's groups in warp order: GTO's oldest-first fallback.
 * - A lone CTA (its block has no other CTA on this core: a 1D kernel, which
 *   BCS leaves unblocked, or a pair whose partner finished): Fig. 10 runs
 *   "GTO ... for 1D workload while SCA is used as the warp scheduler for 2D
 *   workloads", so with lone=gto (the default) the greedy warp of a lone CTA
 *   is followed by every other block oldest first, as GTO does, not by the
 *   rest of its own CTA. lone=same keeps SCA's block rule for it
 *   (greedy-then-next-warp-of-the-same-CTA), the reading before this option:
 *   on lee-fig19's Type III/IV set at default size it cost KMN 21.5 % under
 *   lcs+bcs (KMN's CTAs are 1D).
 * Parameters: block=2 (CTAs per BCS block; match the CTA policy's block=K),
 * lone=gto|same.
 *
 * Cost: the group layout is rebuilt only when warps come or go (view epoch);
 * order() is O(warps), no allocation, and lists only the ready warps
 * (lists_every_ready: the core leaves out those it knows to wait). */
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "model/warp_policy.h"
#include "register.h"

#define SCA_MAX CONFIG_MAX_WARPS_PER_SM /* the most warp slots a core has */

typedef struct {
    uint32_t block; /* CTAs per BCS block */
    bool lone_gto;  /* lone=gto: a lone CTA's greedy warp is followed as GTO follows it */
    /* layout, rebuilt when the view's epoch changes */
    bool layout_valid;
    uint32_t epoch;
    unsigned nw, ng, nb;
    uint16_t warp[SCA_MAX];        /* live warps: blocks oldest first, groups by warp_in_cta, older CTA first */
    uint8_t gfirst[SCA_MAX];       /* group g: warp[gfirst[g] .. + gsize[g]) */
    uint8_t gsize[SCA_MAX];
    uint8_t gblock[SCA_MAX];       /* block of group g */
    uint8_t bfirst[SCA_MAX];       /* block b: groups bfirst[b] .. + bgroups[b] */
    uint8_t bgroups[SCA_MAX];
    bool blone[SCA_MAX];           /* block b has one CTA on this core (every group one warp) */
    int16_t group_of[SCA_MAX];     /* slot -> group, -1 if not live */
    uint64_t age_of[SCA_MAX];      /* slot -> age of the warp the layout saw */
    uint64_t cta_age[SCA_MAX];     /* slot -> its CTA's launch age (warp_info_t.cta_age) */
    /* greedy state, kept across rebuilds through a slot and its warp's age */
    bool has_greedy;
    uint32_t greedy_slot;          /* a member of the greedy group */
    uint64_t greedy_age;
    uint32_t turn_slot;            /* member of the greedy group whose turn it is */
} sca_state_t;

static void *sca_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    uint32_t block;
    if (policy_arg_u32(a, "block", 2, &block, err) < 0)
        return NULL;
    if (block == 0) {
        cs_err(err, NULL, 0, "policy 'sca': block must be at least 1");
        return NULL;
    }
    const char *lone = policy_arg_str(a, "lone", "gto");
    if (strcmp(lone, "gto") && strcmp(lone, "same")) {
        cs_err(err, NULL, 0, "policy 'sca': lone=%s: expected gto or same", lone);
        return NULL;
    }
    if (max_warps > SCA_MAX) {
        cs_err(err, NULL, 0, "policy 'sca': at most %u warps per core", SCA_MAX);
        return NULL;
    }
    sca_state_t *s = cs_xcalloc(1, sizeof *s);
    s->block = block;
    s->lone_gto = !strcmp(lone, "gto");
    return s;
}

static bool same_block(const sca_state_t *s, const warp_info_t *a, const warp_info_t *b)
{
    return a->kernel == b->kernel && a->cta_id / s->block == b->cta_id / s->block;
}

/* Sort key: (block age, warp_in_cta, CTA age); ages of CTAs and blocks are
 * those of their oldest live warp. */
static bool sca_before(const sca_state_t *s, uint16_t a, uint64_t ba, uint16_t b, uint64_t bb,
                       const warp_info_t *warps)
{
    if (ba != bb)
        return ba < bb;
    if (warps[a].warp_in_cta != warps[b].warp_in_cta)
        return warps[a].warp_in_cta < warps[b].warp_in_cta;
    return s->cta_age[a] < s->cta_age[b];
}

static void sca_rebuild(sca_state_t *s, const sched_view_t *v)
{
    uint64_t bage[SCA_MAX]; /* per entry of warp[]: its block's age */
    s->nw = 0;
    for (unsigned i = 0; i < SCA_MAX; i++)
        s->group_of[i] = -1;
    for (unsigned i = 0; i < v->n && i < SCA_MAX; i++)
        s->cta_age[v->slots[i]] = v->warps[v->slots[i]].cta_age;
    for (unsigned i = 0; i < v->n && s->nw < SCA_MAX; i++) {
        uint16_t w = v->slots[i];
        const warp_info_t *wi = &v->warps[w];
        if (!wi->valid)
            continue;
        uint64_t ba = s->cta_age[w];
        for (unsigned j = 0; j < v->n; j++) {
            uint16_t o = v->slots[j];
            if (v->warps[o].valid && same_block(s, wi, &v->warps[o]) && s->cta_age[o] < ba)
                ba = s->cta_age[o];
        }
        unsigned k = s->nw++;
        while (k > 0 && sca_before(s, w, ba, s->warp[k - 1], bage[k - 1], v->warps)) {
            s->warp[k] = s->warp[k - 1];
            bage[k] = bage[k - 1];
            k--;
        }
        s->warp[k] = w;
        bage[k] = ba;
    }
    s->ng = s->nb = 0;
    for (unsigned k = 0; k < s->nw; k++) {
        const warp_info_t *wi = &v->warps[s->warp[k]];
        const warp_info_t *prev = k ? &v->warps[s->warp[k - 1]] : NULL;
        bool new_block = !prev || !same_block(s, wi, prev);
        if (new_block) {
            s->bfirst[s->nb] = (uint8_t)s->ng;
            s->bgroups[s->nb] = 0;
            s->blone[s->nb] = true;
            s->nb++;
        }
        if (new_block || wi->warp_in_cta != prev->warp_in_cta) {
            s->gfirst[s->ng] = (uint8_t)k;
            s->gsize[s->ng] = 0;
            s->gblock[s->ng] = (uint8_t)(s->nb - 1);
            s->bgroups[s->nb - 1]++;
            s->ng++;
        }
        s->gsize[s->ng - 1]++;
        if (s->gsize[s->ng - 1] > 1)
            s->blone[s->nb - 1] = false;
        s->group_of[s->warp[k]] = (int16_t)(s->ng - 1);
        s->age_of[s->warp[k]] = wi->age;
    }
    s->epoch = v->epoch;
    s->layout_valid = true;
}

static void sca_refresh(sca_state_t *s, const sched_view_t *v)
{
    if (!s->layout_valid || s->epoch != v->epoch)
        sca_rebuild(s, v);
}

/* The greedy group, or -1 (none yet, or its warps are gone). */
static int sca_greedy_group(const sca_state_t *s)
{
    if (!s->has_greedy || s->greedy_slot >= SCA_MAX || s->group_of[s->greedy_slot] < 0 ||
        s->age_of[s->greedy_slot] != s->greedy_age)
        return -1;
    return s->group_of[s->greedy_slot];
}

static unsigned emit_group(const sca_state_t *s, const sched_view_t *v, unsigned g, unsigned start, uint16_t *out,
                           unsigned m)
{
    for (unsigned j = 0; j < s->gsize[g]; j++) {
        unsigned p = start + j;
        if (p >= s->gsize[g])
            p -= s->gsize[g];
        uint16_t w = s->warp[s->gfirst[g] + p];
        if ((v->ready >> w) & 1) /* lists_every_ready: the ready warps, in this order */
            out[m++] = w;
    }
    return m;
}

static unsigned sca_order(void *st, const sched_view_t *v, uint16_t *out)
{
    sca_state_t *s = st;
    sca_refresh(s, v);
    unsigned m = 0;
    int cur = sca_greedy_group(s);
    int cur_block = -1;
    if (cur >= 0) {
        unsigned start = 0;
        for (unsigned j = 0; j < s->gsize[cur]; j++)
            if (s->warp[s->gfirst[cur] + j] == s->turn_slot)
                start = j;
        m = emit_group(s, v, (unsigned)cur, start, out, m);
        if (s->lone_gto && s->blone[s->gblock[cur]]) {
            /* a lone CTA: then the oldest first, as GTO (its own CTA in its place) */
            for (unsigned g = 0; g < s->ng; g++)
                if ((int)g != cur)
                    m = emit_group(s, v, g, 0, out, m);
            return m;
        }
        cur_block = s->gblock[cur];
        unsigned first = s->bfirst[cur_block], n = s->bgroups[cur_block];
        for (unsigned k = 1; k < n; k++) /* the rest of the block, in rotation after the greedy group */
            m = emit_group(s, v, first + ((unsigned)cur - first + k) % n, 0, out, m);
    }
    for (unsigned b = 0; b < s->nb; b++) {
        if ((int)b == cur_block)
            continue;
        for (unsigned k = 0; k < s->bgroups[b]; k++)
            m = emit_group(s, v, s->bfirst[b] + k, 0, out, m);
    }
    return m;
}

static void sca_set_greedy(sca_state_t *s, unsigned g, unsigned turn_pos)
{
    uint16_t anchor = s->warp[s->gfirst[g]];
    s->has_greedy = true;
    s->greedy_slot = anchor;
    s->greedy_age = s->age_of[anchor];
    s->turn_slot = s->warp[s->gfirst[g] + turn_pos % s->gsize[g]];
}

static void sca_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    sca_state_t *s = st;
    sca_refresh(s, v);
    if (slot >= SCA_MAX || s->group_of[slot] < 0)
        return;
    unsigned g = (unsigned)s->group_of[slot];
    unsigned pos = 0;
    while (s->warp[s->gfirst[g] + pos] != slot)
        pos++;
    int cur = sca_greedy_group(s);
    if ((int)g != cur) {
        /* the greedy group could not issue at all: the issuer's group takes over */
        sca_set_greedy(s, g, pos + 1);
    } else if (slot == s->turn_slot) {
        sca_set_greedy(s, g, pos + 1); /* round-robin inside the group */
    } else {
        /* the warp whose turn it was stalled: the next group of the same block */
        unsigned b = s->gblock[g], first = s->bfirst[b], n = s->bgroups[b];
        sca_set_greedy(s, first + (g - first + 1) % n, 0);
    }
}

const warp_policy_ops_t warp_policy_sca = {
    .name = "sca",
    .summary = "sequential-CTA-aware: greedy round-robin over warp i of a BCS block's CTAs, then warp i+1 "
               "(Lee et al.)",
    .params = "block=2 (CTAs per BCS block),lone=gto|same",
    .create = sca_create,
    .destroy = free,
    .order = sca_order,
    .lists_every_ready = true,
    .issued = sca_issued,
};
WARP_POLICY_REGISTER(warp_policy_sca);
