/* warp_ccws.c — cache-conscious wavefront scheduling (Rogers et al.,
 * MICRO'12), as Lee et al. (HPCA'14 §5.4) compare against it: "dynamically
 * controls the number of warps which are allowed to be scheduled ... GTO
 * scheduling is used within the selected warp boundary".
 *
 * Mechanism:
 * - Lost-locality detection. Each warp has a victim tag array (VTA): when an
 *   L1 line is evicted, its tag goes into the VTA of the warp that filled it
 *   (l1_evict's owner_slot). An L1 miss of a warp that hits in its own VTA is
 *   intra-warp locality lost to contention; the tag leaves the VTA (the line
 *   is being refetched) and the warp's lost-locality score (LLS) rises by
 *   `hit`.
 * - Scores start at `base` and decay by `decay` per core cycle back to base.
 * - Throttling. Each cycle the scheduler's warps that hold an instruction are
 *   stacked by score, largest first (equal scores: older warp first). Walking
 *   the stack, a warp may issue while the cumulative score stays within the
 *   cutoff = (number of stacked warps) x base x cutoff_pct/100; the warps
 *   pushed past the cutoff may not issue at all this cycle. With no lost
 *   locality every score is base and exactly all warps fit; each `hit` points
 *   of extra score push one base-score warp out. The top of the stack may
 *   always issue (even if its own score exceeds the cutoff), so some warp can
 *   always make progress.
 * - The warps allowed to issue are ordered GTO: the last issuer first if it
 *   still may issue, then oldest first.
 *
 * Parameters and why these values:
 *   vta=16        tags per warp (fully associative, FIFO): our reading of a
 *                 512-entry VTA per core shared by 32 wavefronts.
 *   base=100      base locality score: scores are in units of one warp's
 *                 share of the cutoff.
 *   hit=100       score added per VTA hit: one detected loss displaces one
 *                 base-score warp.
 *   decay=0.25    score points lost per cycle (linear decay toward base): one
 *                 hit throttles one warp for hit/decay = 400 cycles, about one
 *                 loaded L1-miss round trip on the gtx480 preset (avg_mem_latency
 *                 300-380 on thrashing kernels). A detected loss must outlast
 *                 the refetch it caused, or the throttle lapses before the
 *                 warp can even reuse the line (decay=1 lets a hit expire in
 *                 100 cycles, less than an unloaded L2 hit, and throttled a
 *                 thrashing chase kernel hardly at all: 7% fewer misses vs 72%).
 *   cutoff_pct=100  cutoff = stacked warps x base (our reading of the
 *                 paper's cutoff: active warps x base locality score).
 * The MICRO'12 text is not among the papers this project reproduces; where its published constants
 * could not be checked these are our choices, stated here and in `ctasim list`.
 *
 * Simplifications: only misses that allocate an MSHR are looked up in the VTA
 * (a miss that merges into an in-flight fill lost nothing new). A slot's VTA
 * and score are reset when a new warp takes the slot (seen at the next
 * order()). A VTA hit is stamped with the cycle of the last order()/issued()
 * call, the only clock a policy sees. While the core sleeps on a cached issue
 * verdict, a throttled warp is let in at the next event rather than at the
 * exact cycle its score decays.
 *
 * Behaviour to expect (tests/test_warp_policies.c): on a kernel whose warps
 * re-walk a private working set many times, CCWS cuts L1 misses several-fold;
 * on one whose reuse comes once, after the lines are already gone, the VTA
 * still reports the loss and throttling only serialises the refetches
 * (slower than GTO) — the reactive weakness Lee et al. point out.
 *
 * Cost: order() is O(warps + k^2) with k the warps whose score is above base
 * (usually few); no allocation. */
#include <math.h>
#include <stdlib.h>

#include "config/config.h"
#include "model/warp_policy.h"
#include "register.h"

#define CCWS_MAX CONFIG_MAX_WARPS_PER_SM /* the most warp slots a core has */
#define CCWS_SCORE_CAP (1u << 30)

typedef struct {
    uint32_t vta_n, base, hit, cutoff_pct;
    double decay;   /* score points lost per cycle */
    uint64_t clock; /* latest cycle seen */
    uint64_t calm_at; /* from this cycle on every score is back at base: no throttling to compute */
    /* per slot */
    bool owned[CCWS_MAX];
    uint64_t owner_age[CCWS_MAX];
    uint32_t score[CCWS_MAX];  /* score at stamp[] */
    uint64_t stamp[CCWS_MAX];
    uint8_t vta_count[CCWS_MAX];
    uint64_t *vta;             /* [slot * vta_n + i], oldest first */
    /* GTO part: live warps sorted by age, rebuilt when the epoch changes */
    bool sorted_valid;
    uint32_t epoch;
    unsigned nsorted;
    uint16_t sorted[CCWS_MAX];
    uint32_t last_slot;
} ccws_state_t;

static void ccws_destroy(void *st)
{
    ccws_state_t *s = st;
    if (s)
        free(s->vta);
    free(s);
}

static void *ccws_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    uint32_t vta, base, hit, pct;
    double decay;
    if (policy_arg_u32(a, "vta", 16, &vta, err) < 0 || policy_arg_u32(a, "base", 100, &base, err) < 0 ||
        policy_arg_u32(a, "hit", 100, &hit, err) < 0 || policy_arg_double(a, "decay", 0.25, &decay, err) < 0 ||
        policy_arg_u32(a, "cutoff_pct", 100, &pct, err) < 0)
        return NULL;
    if (vta == 0 || vta > 255 || base == 0 || base > 1000000 || hit > 1000000 || pct == 0 || pct > 100000 ||
        !(decay >= 0 && decay <= 1e6)) {
        cs_err(err, NULL, 0, "policy 'ccws': need 1 <= vta <= 255, 1 <= base <= 1e6, hit <= 1e6, "
                             "0 <= decay <= 1e6, 1 <= cutoff_pct <= 1e5");
        return NULL;
    }
    if (max_warps > CCWS_MAX) {
        cs_err(err, NULL, 0, "policy 'ccws': at most %u warps per core", CCWS_MAX);
        return NULL;
    }
    ccws_state_t *s = cs_xcalloc(1, sizeof *s);
    s->vta_n = vta;
    s->base = base;
    s->hit = hit;
    s->decay = decay;
    s->cutoff_pct = pct;
    s->last_slot = UINT32_MAX;
    s->vta = cs_xcalloc((size_t)CCWS_MAX * vta, sizeof *s->vta);
    for (uint32_t w = 0; w < CCWS_MAX; w++)
        s->score[w] = base;
    return s;
}

static uint32_t score_at(const ccws_state_t *s, uint32_t w, uint64_t now)
{
    uint32_t sc = s->score[w];
    if (now <= s->stamp[w] || sc <= s->base)
        return sc < s->base ? s->base : sc;
    double drop = (double)(now - s->stamp[w]) * s->decay; /* exact for the cycle counts and rates in use */
    return drop >= (double)(sc - s->base) ? s->base : sc - (uint32_t)drop;
}

static void reset_slot(ccws_state_t *s, uint32_t w, uint64_t age)
{
    s->owned[w] = true;
    s->owner_age[w] = age;
    s->score[w] = s->base;
    s->stamp[w] = s->clock;
    s->vta_count[w] = 0;
}

static void ccws_refresh(ccws_state_t *s, const sched_view_t *v)
{
    if (v->now > s->clock)
        s->clock = v->now;
    if (s->sorted_valid && s->epoch == v->epoch)
        return;
    s->nsorted = 0;
    for (unsigned i = 0; i < v->n && i < CCWS_MAX; i++) {
        uint16_t w = v->slots[i];
        const warp_info_t *wi = &v->warps[w];
        if (!wi->valid)
            continue;
        if (!s->owned[w] || s->owner_age[w] != wi->age) /* a new warp in this slot */
            reset_slot(s, w, wi->age);
        unsigned j = s->nsorted++;
        while (j > 0 && v->warps[s->sorted[j - 1]].age > wi->age) {
            s->sorted[j] = s->sorted[j - 1];
            j--;
        }
        s->sorted[j] = w;
    }
    s->epoch = v->epoch;
    s->sorted_valid = true;
}

/* Mark in allowed[] (indexed by slot) the warps within the cumulative cutoff. */
static void ccws_cutoff(ccws_state_t *s, const sched_view_t *v, bool *allowed)
{
    uint16_t high[CCWS_MAX]; /* warps above base score, sorted largest first */
    uint32_t high_score[CCWS_MAX];
    unsigned nhigh = 0, nstack = 0;
    for (unsigned i = 0; i < s->nsorted; i++) { /* age order, so equal scores stay oldest first */
        uint16_t w = s->sorted[i];
        if (!v->warps[w].valid || !v->warps[w].has_inst)
            continue;
        nstack++;
        uint32_t sc = score_at(s, w, v->now);
        if (sc <= s->base)
            continue;
        unsigned j = nhigh++;
        while (j > 0 && high_score[j - 1] < sc) {
            high[j] = high[j - 1];
            high_score[j] = high_score[j - 1];
            j--;
        }
        high[j] = w;
        high_score[j] = sc;
    }
    uint64_t cutoff = (uint64_t)nstack * s->base * s->cutoff_pct / 100, sum = 0;
    bool first = true;
    for (unsigned j = 0; j < nhigh; j++) {
        sum += high_score[j];
        allowed[high[j]] = first || sum <= cutoff;
        first = false;
    }
    for (unsigned i = 0; i < s->nsorted; i++) {
        uint16_t w = s->sorted[i];
        if (!v->warps[w].valid || !v->warps[w].has_inst || score_at(s, w, v->now) > s->base)
            continue;
        sum += s->base;
        allowed[w] = first || sum <= cutoff;
        first = false;
    }
}

static unsigned ccws_order(void *st, const sched_view_t *v, uint16_t *out)
{
    ccws_state_t *s = st;
    ccws_refresh(s, v);
    bool allowed[CCWS_MAX];
    if (v->now >= s->calm_at) { /* the common case: plain GTO */
        for (unsigned i = 0; i < s->nsorted; i++)
            allowed[s->sorted[i]] = true;
    } else {
        for (unsigned i = 0; i < s->nsorted; i++)
            allowed[s->sorted[i]] = false;
        ccws_cutoff(s, v, allowed);
    }
    unsigned n = 0;
    uint32_t last = s->last_slot;
    if (last < CCWS_MAX && v->warps[last].valid && v->warps[last].has_inst && allowed[last])
        out[n++] = (uint16_t)last;
    for (unsigned i = 0; i < s->nsorted; i++) {
        uint16_t w = s->sorted[i];
        if (!v->warps[w].valid || !v->warps[w].has_inst)
            continue;
        if (allowed[w] && w != last)
            out[n++] = w;
    }
    return n;
}

static void ccws_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    ccws_state_t *s = st;
    if (v->now > s->clock)
        s->clock = v->now;
    s->last_slot = slot;
}

static void ccws_l1_evict(void *st, uint32_t owner_slot, uint64_t line)
{
    ccws_state_t *s = st;
    if (owner_slot >= CCWS_MAX)
        return;
    uint64_t *tags = &s->vta[(size_t)owner_slot * s->vta_n];
    if (s->vta_count[owner_slot] == s->vta_n) { /* full: drop the oldest victim */
        for (unsigned i = 1; i < s->vta_n; i++)
            tags[i - 1] = tags[i];
        s->vta_count[owner_slot]--;
    }
    tags[s->vta_count[owner_slot]++] = line;
}

static void ccws_l1_miss(void *st, uint32_t slot, uint64_t line)
{
    ccws_state_t *s = st;
    if (slot >= CCWS_MAX)
        return;
    uint64_t *tags = &s->vta[(size_t)slot * s->vta_n];
    unsigned n = s->vta_count[slot];
    for (unsigned i = 0; i < n; i++) {
        if (tags[i] != line)
            continue;
        for (unsigned j = i + 1; j < n; j++) /* the line is being refetched: forget the victim */
            tags[j - 1] = tags[j];
        s->vta_count[slot]--;
        uint64_t sc = (uint64_t)score_at(s, slot, s->clock) + s->hit;
        s->score[slot] = sc > CCWS_SCORE_CAP ? CCWS_SCORE_CAP : (uint32_t)sc;
        s->stamp[slot] = s->clock;
        double calm = s->decay > 0 ? (double)s->clock + ceil((double)(s->score[slot] - s->base) / s->decay) + 1 : 1e19;
        uint64_t calm_at = calm >= 1.8e19 ? UINT64_MAX : (uint64_t)calm;
        if (calm_at > s->calm_at)
            s->calm_at = calm_at;
        return;
    }
}

const warp_policy_ops_t warp_policy_ccws = {
    .name = "ccws",
    .summary = "cache-conscious wavefront scheduling: VTA lost-locality scores throttle warps, GTO among the "
               "rest (Rogers et al.)",
    .params = "vta=16,base=100,hit=100,decay=0.25 (points/cycle),cutoff_pct=100",
    .create = ccws_create,
    .destroy = ccws_destroy,
    .order = ccws_order,
    .issued = ccws_issued,
    .l1_miss = ccws_l1_miss,
    .l1_evict = ccws_l1_evict,
};
WARP_POLICY_REGISTER(warp_policy_ccws);
