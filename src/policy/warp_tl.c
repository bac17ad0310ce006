/* warp_tl.c — two-level warp scheduling with fetch groups (Narasiman et al.,
 * MICRO'11), as Lee et al. (HPCA'14, "TLV") and Yu et al. (IJPP'14, "TL")
 * compare against it.
 *
 * Rule: a scheduler's warps are split into fetch groups of `group` warps. The
 * lower level goes round-robin among the warps of the active fetch group; the
 * upper level keeps that group active until every one of its warps is waiting
 * on a long-latency operation, then moves to the next fetch group (groups
 * rotate round-robin).
 *
 * Interpretations (stated because the papers leave them open):
 * - Fetch groups are static, by warp slot: position i of the scheduler's slot
 *   list (ascending slot numbers) belongs to group i / group, as Narasiman's
 *   groups are formed by warp id. A slot keeps its group when a new CTA reuses
 *   it.
 * - "Waiting on a long-latency operation" = the warp has a load outstanding
 *   (waiting_mem) or holds no instruction (barrier, finished, not resident)
 *   AND no warp of the group could issue this cycle. The second half is learnt
 *   from issued(): the group was listed first, so an issue from another group
 *   means none of its warps was ready. A group whose warps merely wait on ALU
 *   results or a busy unit keeps its priority (short stalls do not switch).
 * - Every ready warp is listed (lists_every_ready: the core leaves out those
 *   it knows to wait), not only the active group's: the active group comes
 *   first, then the following groups in rotation order, each in its own
 *   round-robin order. So when the active group stalls, the first ready warp
 *   of the next groups issues, and its group becomes the active one — the
 *   "switch to the next fetch group" of the paper, skipping groups that have
 *   nothing ready.
 * - GPGPU-Sim's `-gpgpu_scheduler two_level_active:N:...` is mapped to `tl`
 *   by gpu.c; the fetch-group size comes from the spec (`tl:group=N`),
 *   default 8 (Narasiman et al.'s evaluated fetch-group size).
 *
 * Cost: order() is O(warps of the scheduler), no allocation; the core walks
 * only the ready warps it lists. */
#include <stdlib.h>

#include "config/config.h"
#include "model/warp_policy.h"
#include "register.h"

#define TL_MAX_SLOTS CONFIG_MAX_WARPS_PER_SM /* the most warp slots a core has */

typedef struct {
    uint32_t group;                  /* warps per fetch group */
    uint32_t active;                 /* index of the active fetch group */
    uint8_t rr_next[TL_MAX_SLOTS];   /* per group: position inside it where round-robin starts */
} tl_state_t;

static void *tl_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    uint32_t group;
    if (policy_arg_u32(a, "group", 8, &group, err) < 0)
        return NULL;
    if (group == 0 || group > TL_MAX_SLOTS) {
        cs_err(err, NULL, 0, "policy 'tl': group=%u must be 1..%u", group, TL_MAX_SLOTS);
        return NULL;
    }
    if (max_warps > TL_MAX_SLOTS) {
        cs_err(err, NULL, 0, "policy 'tl': at most %u warps per core", TL_MAX_SLOTS);
        return NULL;
    }
    tl_state_t *s = cs_xcalloc(1, sizeof *s);
    s->group = group;
    return s;
}

static unsigned tl_ngroups(const tl_state_t *s, const sched_view_t *v) { return (v->n + s->group - 1) / s->group; }

static unsigned tl_order(void *st, const sched_view_t *v, uint16_t *out)
{
    tl_state_t *s = st;
    unsigned ng = tl_ngroups(s, v), m = 0;
    if (ng == 0)
        return 0;
    if (s->active >= ng)
        s->active = 0;
    for (unsigned k = 0; k < ng; k++) {
        unsigned g = s->active + k;
        if (g >= ng)
            g -= ng;
        unsigned lo = g * s->group;
        unsigned len = v->n - lo < s->group ? v->n - lo : s->group;
        unsigned start = s->rr_next[g] < len ? s->rr_next[g] : 0;
        for (unsigned j = 0; j < len; j++) {
            unsigned p = start + j;
            if (p >= len)
                p -= len;
            uint16_t w = v->slots[lo + p];
            if ((v->ready >> w) & 1) /* lists_every_ready: the ready warps, in this order */
                out[m++] = w;
        }
    }
    return m;
}

/* Every warp of group g is waiting on memory or has nothing to issue. */
static bool tl_group_long_stalled(const tl_state_t *s, const sched_view_t *v, unsigned g)
{
    unsigned lo = g * s->group, hi = lo + s->group < v->n ? lo + s->group : v->n;
    for (unsigned i = lo; i < hi; i++) {
        const warp_info_t *wi = &v->warps[v->slots[i]];
        if (wi->valid && wi->has_inst && !wi->waiting_mem)
            return false;
    }
    return true;
}

static void tl_issued(void *st, const sched_view_t *v, uint32_t slot)
{
    tl_state_t *s = st;
    unsigned pos = 0;
    while (pos < v->n && v->slots[pos] != slot)
        pos++;
    if (pos == v->n)
        return;
    unsigned g = pos / s->group;
    s->rr_next[g] = (uint8_t)(pos % s->group + 1); /* round-robin: the next warp of the group goes first */
    if (g != s->active && (s->active >= tl_ngroups(s, v) || tl_group_long_stalled(s, v, s->active)))
        s->active = g;
}

const warp_policy_ops_t warp_policy_tl = {
    .name = "tl",
    .summary = "two-level: round-robin within a fetch group, next group when all its warps wait on memory "
               "(Narasiman et al.)",
    .params = "group=8 (warps per fetch group)",
    .create = tl_create,
    .destroy = free,
    .order = tl_order,
    .lists_every_ready = true,
    .issued = tl_issued,
};
WARP_POLICY_REGISTER(warp_policy_tl);
