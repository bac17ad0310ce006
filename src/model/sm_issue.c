/* sm_issue.c — a core's fetch and issue (see sm_issue.h). */
#include "sm_issue.h"
#include "sm_cta.h"
#include "sm_ldst.h"

#include <string.h>

_Static_assert(MAX_WARPS_PER_SM <= 64, "warp bit masks are 64 bits");

/* ------------------------------------------------------------------------ */
/* Scoreboard verdicts */

/* Cache warp w's scoreboard verdict, found in this cycle's evaluation (it
 * had none): blocked by `flags` until `ready`, a cycle after this one
 * (CS_NEVER: until one of its loads completes). */
static void set_hint(sm_t *s, uint32_t w, uint32_t flags, uint64_t ready)
{
    const uint64_t bit = 1ull << w;
    s->iss.hint_ready[w] = ready;
    s->iss.hint_flags[w] = (uint8_t)flags;
    if (ready != CS_NEVER) { /* after timed_swept (= this cycle) */
        s->iss.timed_hint |= bit;
        s->iss.timed_wheel[ready % SM_TIMED_WHEEL] |= bit;
    } else {
        s->iss.never_mem |= (flags & BLK_MEMDATA) ? bit : 0;
        s->iss.never_alu |= (flags & BLK_ALUDEP) ? bit : 0;
    }
}

/* ------------------------------------------------------------------------ */
/* Issue */

/* Warp w issued an instruction that holds it (a barrier, a cluster wait, a
 * cp.async commit or wait): no instruction in its buffer until whatever
 * releases it fetches the next (sm_cta.c). */
static void park(sm_t *s, uint32_t w)
{
    s->warp[w].inst = NULL;
    s->winfo[w].has_inst = false;
    s->iss.inst_mask &= ~(1ull << w);
}

static void issue(sm_t *s, uint32_t w, uint32_t unit, uint32_t inst_unit, uint32_t instance, uint64_t now)
{
    warp_t *wp = &s->warp[w];
    warp_info_t *wi = &s->winfo[w];
    const warp_inst_t *in = wp->inst;
    cta_slot_t *c = &s->cta[wi->cta_slot];
    uint32_t lanes = (uint32_t)__builtin_popcount(in->active_mask);

    s->c.warp_insts++;
    s->c.thread_insts += lanes;
    s->c.unit_issues[inst_unit]++;
    s->c.unit_lane_ops[inst_unit] += lanes;
    s->c.reg_reads += in->nsrc;
    s->c.reg_writes += in->ndst;
    c->warp_insts++;
    sm_count_kernel_insts(s, c->kernel, lanes);
    wi->last_issue = now;

    if (inst_unit == UNIT_LDST) {
        sm_ldst_accept(s, w, in, now);
    } else {
        const uint64_t ready = sm_pipes_issue(&s->pipes, unit, instance, in->lat, now);
        for (uint32_t d = 0; d < in->ndst; d++)
            sb_add(&wp->sb, in->dst[d], ready);
    }

    if (s->wp->issued) {
        const uint32_t sch = w % s->n_sched;
        const sched_view_t v = {.slots = s->iss.sched_slots[sch], .n = s->iss.sched_n[sch], .warps = s->winfo,
                                .now = now, .sm = s->id, .sched = sch, .epoch = s->warp_epoch};
        s->wp->issued(s->wp_state[sch], &v, w);
    }

    if (in->flags & INST_BARRIER) {
        park(s, w);
        wp->at_barrier = true;
        c->bar_arrived++;
        sm_barrier_release_check(s, c, now);
        return;
    }
    if ((in->flags & (INST_CLUSTER_ARRIVE | INST_CLUSTER_WAIT)) && sm_cluster_barrier(s, w, in->flags, now)) {
        park(s, w); /* until its cluster's phase completes */
        return;
    }
    if (in->async >= ASYNC_COMMIT) { /* cp.async's commit_group, wait_group, wait_all (sm_async.h) */
        uint64_t at;
        const bool holds = async_ready(&wp->async, in->async, &at);
        if (!holds || at > now) { /* until its copies arrive (sm_async_arrived) or their data is ready */
            park(s, w);
            wp->async.parked = in->async;
            if (holds)
                sm_async_release_at(s, w, at);
            return;
        }
        async_complete(&wp->async, in->async);
    }
    sm_fetch(s, w, now);
}

/* Schedulers */

/* Warp w belongs to scheduler w % n_sched. Laid out at a core's first issue
 * stage instead of in sm_init: those 1.1 KB of slots and masks lie past the
 * fields sm_init writes, and a core that never issues (most of a 132-core
 * GPU on a small kernel) then never faults their page in (sm_state.h). */
static void layout_schedulers(sm_t *s)
{
    for (uint32_t w = 0; w < MAX_WARPS_PER_SM; w++) {
        uint32_t sch = w % s->n_sched;
        s->iss.sched_slots[sch][s->iss.sched_n[sch]++] = (uint16_t)w;
        s->iss.sched_mask[sch] |= 1ull << w;
    }
}

uint32_t sm_issue_stage(sm_t *s, uint64_t now, uint64_t *next_ready)
{
    if (__builtin_expect(!s->iss.sched_n[0], 0)) /* scheduler 0 has warp 0 once laid out */
        layout_schedulers(s);
    uint32_t flags = 0, noready = 0, memwait = 0;
    uint64_t waiting_idle = 0; /* skipped waiting warps of schedulers that issued nothing */
    uint16_t order[MAX_WARPS_PER_SM];
    /* timed hints come due: drop them from timed_hint, so that every warp
     * left there waits past now (a timed hint is only ever set to a cycle
     * after the one that sets it). Only the wheel's slots of the cycles
     * since the last sweep can hold them. */
    if (s->iss.timed_hint) {
        const uint64_t span = now - s->iss.timed_swept;
        const uint64_t first = span >= SM_TIMED_WHEEL ? now - (SM_TIMED_WHEEL - 1) : s->iss.timed_swept + 1;
        for (uint64_t c = first; c <= now; c++) {
            uint64_t *slot = &s->iss.timed_wheel[c % SM_TIMED_WHEEL];
            for (uint64_t m = *slot; m; m &= m - 1) {
                const uint32_t w = (uint32_t)__builtin_ctzll(m);
                if (s->iss.hint_ready[w] <= now) {
                    *slot &= ~(1ull << w);
                    s->iss.timed_hint &= ~(1ull << w);
                }
            }
        }
    }
    s->iss.timed_swept = now;
    const bool listing = s->wp->lists_every_ready;
    for (uint32_t sch = 0; sch < s->n_sched; sch++) {
        /* warps known to wait on a load: left out by a policy that lists
         * exactly the ready mask */
        uint64_t skip = 0, ready = 0, waiting = 0;
        if (listing) {
            const uint64_t mine = s->iss.inst_mask & s->iss.sched_mask[sch];
            skip = mine & (s->iss.never_mem | s->iss.never_alu);
            /* warps whose cached verdict still holds: the loop below would
             * only OR in their flags and take the earliest of their cycles,
             * which matters only when this scheduler issues nothing (after
             * an issue the cycle is active and re-evaluated next cycle) */
            waiting = mine & ~skip & s->iss.timed_hint;
            ready = mine & ~skip & ~waiting;
        }
        /* A listing policy with nothing or one warp to list lists nothing or
         * that warp: no call (its order() keeps no state that the call would
         * change). In a memory-bound kernel that is most evaluations. */
        unsigned n;
        if (listing && !(ready & (ready - 1))) {
            n = ready ? 1 : 0;
            order[0] = (uint16_t)__builtin_ctzll(ready | 1ull << 63);
        } else {
            const sched_view_t v = {.slots = s->iss.sched_slots[sch], .n = s->iss.sched_n[sch], .warps = s->winfo,
                                    .now = now, .sm = s->id, .sched = sch, .epoch = s->warp_epoch,
                                    .ready = ready};
            n = s->wp->order(s->wp_state[sch], &v, order);
        }
        if (s->any_paused && n > 1) { /* paused CTAs' warps go last, order otherwise kept */
            uint16_t tmp[MAX_WARPS_PER_SM];
            unsigned m = 0;
            for (unsigned i = 0; i < n; i++)
                if (!s->cta[s->winfo[order[i]].cta_slot].paused)
                    tmp[m++] = order[i];
            for (unsigned i = 0; i < n; i++)
                if (s->cta[s->winfo[order[i]].cta_slot].paused)
                    tmp[m++] = order[i];
            memcpy(order, tmp, n * sizeof *order);
        }
        uint32_t sflags = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t w = order[i];
            /* has_inst: the warp's instruction buffer (warp_t.inst) is full;
             * a listing policy lists only warps of inst_mask, which are */
            if (!listing && (!s->winfo[w].has_inst || !s->winfo[w].valid))
                continue;
            sflags |= BLK_VALID;
            if (s->iss.hint_ready[w] > now) { /* verdict cached from an earlier cycle */
                sflags |= s->iss.hint_flags[w];
                if (s->iss.hint_ready[w] < *next_ready)
                    *next_ready = s->iss.hint_ready[w];
                continue;
            }
            uint32_t inst_unit;
            if ((s->iss.sb_clear >> w) & 1) { /* passed the scoreboard before: still does */
                inst_unit = s->iss.clear_unit[w];
            } else {
                warp_t *wp = &s->warp[w];
                const warp_inst_t *in = wp->inst;
                uint64_t alu_ready = CS_NEVER;
                uint32_t blk = sb_check(&wp->sb, in, now, &alu_ready);
                if (blk) {
                    sflags |= blk;
                    set_hint(s, w, blk, (blk & BLK_MEMDATA) ? CS_NEVER : alu_ready);
                    if (alu_ready < *next_ready)
                        *next_ready = alu_ready;
                    continue;
                }
                inst_unit = in->unit < UNIT__COUNT ? in->unit : UNIT_SP;
                s->iss.sb_clear |= 1ull << w;
                s->iss.clear_unit[w] = (uint8_t)inst_unit;
            }
            if (inst_unit == UNIT_LDST) {
                if (!sm_ldst_can_accept(&s->ldst) || s->mem_throttle) {
                    sflags |= BLK_LDST;
                    continue;
                }
                issue(s, w, UNIT_LDST, UNIT_LDST, 0, now);
            } else {
                uint32_t unit = s->pipes.p.unit_map[inst_unit], instance = 0;
                if (!sm_pipes_find_free(&s->pipes, unit, sch, now, next_ready, &instance)) {
                    sflags |= BLK_UNIT;
                    continue;
                }
                issue(s, w, unit, inst_unit, instance, now);
            }
            sflags |= BLK_ISSUED;
            break;
        }
        /* The skipped warps, as the loop would have seen them had they been
         * listed: valid, blocked by their cached verdict's flags, no
         * next_ready. Only a cycle without an issue depends on them: after an
         * issue the cycle is active whatever other stall bits it has (and
         * the next cycle is evaluated afresh). */
        if (waiting && !(sflags & BLK_ISSUED)) {
            /* nothing issued, so no hint of theirs changed in the loop; a
             * timed hint's verdict is always BLK_ALUDEP (a load's operand
             * makes it CS_NEVER). Their cycles matter only if no scheduler
             * issues: taken below, together. */
            sflags |= BLK_VALID | BLK_ALUDEP;
            waiting_idle |= waiting;
        }
        if (skip && !(sflags & BLK_ISSUED))
            sflags |= BLK_VALID | ((skip & s->iss.never_mem) ? BLK_MEMDATA : 0) | ((skip & s->iss.never_alu) ? BLK_ALUDEP : 0);
        if (!(sflags & BLK_ISSUED) && (sflags & (BLK_MEMDATA | BLK_ALUDEP)))
            s->c.sb_conflicts++;
        /* GPGPU-Sim's "no ready instruction": valid instructions, none past the scoreboard */
        if ((sflags & (BLK_VALID | BLK_ISSUED | BLK_UNIT | BLK_LDST)) == BLK_VALID)
            noready++;
        /* and Kayiran's "all the warps are waiting for their data", per scheduler */
        if ((sflags & (BLK_VALID | BLK_ISSUED | BLK_UNIT | BLK_ALUDEP)) == BLK_VALID && (sflags & (BLK_MEMDATA | BLK_LDST)))
            memwait++;
        flags |= sflags;
        if (s->failed)
            break;
    }
    s->iss.noready = noready;
    s->iss.memwait = memwait;
    /* After an issue the core looks again next cycle whatever next_ready
     * says; without one, the skipped waiting warps' cycles bound it. */
    if (!(flags & BLK_ISSUED))
        for (uint64_t m = waiting_idle; m; m &= m - 1) {
            const uint32_t w = (uint32_t)__builtin_ctzll(m);
            if (s->iss.hint_ready[w] < *next_ready)
                *next_ready = s->iss.hint_ready[w];
        }
    return flags;
}

