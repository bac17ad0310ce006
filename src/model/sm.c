/* sm.c — one core as the composition of its units (sm.h): set-up, the
 * cycle's accounting, and sm_cycle ticking the LD/ST unit and the issue
 * stage. See sm.h for the pipeline and the latency conventions. */
#include "sm.h"
#include "sm_issue.h"
#include "sm_ldst.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */

int sm_init(sm_t *s, const mem_ports_t *io, uint32_t id, const warp_policy_ops_t *wp, const char *warp_spec,
            cs_error_t *err)
{
    const gpu_config_t *cfg = io->cfg;
    /* *s is zero already (sm.h): clearing it again would touch all 40 KB of
     * its warp arrays, most of which a run with few warps per core never
     * uses */
    s->id = id;
    s->io = io;
    s->pool = io->pool;
    s->cfg = cfg;
    s->wp = wp;
    sm_params_t prm;
    sm_params_from_config(&prm, cfg);
    s->n_sched = prm.pipes.n_sched;
    sm_pipes_init(&s->pipes, &prm.pipes);
    /* the schedulers' warp slots are laid out at the first issue stage
     * (sm_issue.c): 1.1 KB past the page the fields written here share */
    sm_ldst_init(&s->ldst, &prm.ldst, MAX_WARPS_PER_SM * SB_MAX);
    s->wake = &s->own_wake;
    *s->wake = 0;
    s->last_cycle = 0;
    s->last_outcome = OUT_IDLE;
    for (uint32_t i = 0; i < s->n_sched; i++) {
        policy_args_t a;
        if (policy_args_parse(&a, warp_spec, err) < 0)
            return -1;
        s->wp_state[i] = wp->create ? wp->create(&a, id, i, MAX_WARPS_PER_SM, err) : NULL;
        if ((wp->create && !s->wp_state[i]) || policy_args_check_unused(&a, err) < 0)
            return -1;
    }
    return 0;
}

void sm_free(sm_t *s)
{
    for (uint32_t m = s->cta_mask; m; m &= m - 1) { /* the used slots only: the others' pages stay untouched */
        const cta_slot_t *c = &s->cta[__builtin_ctz(m)];
        if (c->fe)
            c->kernel->desc.ops->cta_end(c->kernel->desc.src, c->fe);
    }
    sm_pipes_free(&s->pipes);
    for (uint32_t i = 0; i < s->n_sched; i++)
        if (s->wp_state[i] && s->wp->destroy)
            s->wp->destroy(s->wp_state[i]);
    sm_ldst_free(&s->ldst);
}

/* ------------------------------------------------------------------------ */

bool sm_idle(const sm_t *s)
{
    return !s->used_ctas && sm_ldst_idle(&s->ldst);
}

/* ------------------------------------------------------------------------ */
/* Accounting */

static enum issue_outcome classify(uint32_t f)
{
    if (f & BLK_ISSUED)
        return OUT_ACTIVE;
    if (!(f & BLK_VALID))
        return OUT_IDLE;
    if ((f & (BLK_MEMDATA | BLK_ALUDEP | BLK_UNIT | BLK_LDST)) == BLK_MEMDATA)
        return OUT_MEM_STALL;
    return OUT_CORE_STALL;
}


static void account(sm_t *s, uint32_t f, uint64_t ncycles)
{
    sm_counters_t *c = &s->c;
    enum issue_outcome o = classify(f);
    c->cycles += ncycles;
    c->outcome[o] += ncycles;
    if (!(f & BLK_HAS_CTA)) {
        c->no_cta_cycles += ncycles;
        if (s->state == CORE_OFF)
            c->gated_cycles += ncycles;
    } else if (o == OUT_ACTIVE || (f & BLK_UNIT))
        /* Kayiran's N_act: the core "can fetch new warps". A ready warp
         * held back only by a busy execution unit (a SIMD unit narrower than
         * the warp takes several cycles per instruction) is a compute-bound
         * core, not an inactive one; counting only issue cycles would make
         * every kernel Type-M on an 8-wide SIMT config. */
        c->act_cycles += ncycles;
    else
        c->inact_cycles += ncycles;
    /* per scheduler, also in a cycle another scheduler issued in; a verdict
     * replayed (sleeping core, unchanged issue stage) repeats its count */
    if (f & BLK_VALID) {
        c->c_mem_sched += ncycles * s->iss.noready;
        c->c_mem_sched_mem += ncycles * s->iss.memwait;
    }
    if (o != OUT_ACTIVE) {
        /* Kayiran's C_mem: every blocked warp waits on the memory side */
        if ((f & (BLK_MEMDATA | BLK_LDST)) && !(f & (BLK_ALUDEP | BLK_UNIT)))
            c->c_mem += ncycles;
        if ((f & (BLK_MEMDATA | BLK_LDST)) && !(f & BLK_UNIT))
            c->c_mem_wait += ncycles;
        kernel_stats_t *ks = s->stall_kernel ? sm_kernel_stats(s, s->stall_kernel) : NULL;
        if (f & (BLK_UNIT | BLK_LDST)) {
            c->struct_stall += ncycles;
            if (ks)
                ks->struct_stall += ncycles;
        }
        if (f & BLK_MEMDATA) {
            c->mem_stall += ncycles;
            if (ks)
                ks->mem_stall += ncycles;
        }
    }
    if (f & (BLK_LDST_STALL | BLK_LDST)) {
        c->ldst_stall_cycles += ncycles;
        c->ldst_stall_run += ncycles;
        if (c->ldst_stall_run > c->ldst_stall_run_max)
            c->ldst_stall_run_max = c->ldst_stall_run;
    } else {
        c->ldst_stall_run = 0;
    }
}

void sm_catch_up(sm_t *s, uint64_t now)
{
    if (now > s->last_cycle + 1) {
        uint64_t n = now - s->last_cycle - 1;
        account(s, s->last_flags, n);
        /* A sleeping core's schedulers see what they saw in its last
         * evaluated cycle: as many scoreboard conflicts per cycle as that
         * evaluation counted (issue_sb), not one per scheduler (a scheduler
         * without a blocked warp has none). An issuing core never sleeps. */
        if (!(s->last_flags & BLK_ISSUED) && (s->last_flags & (BLK_MEMDATA | BLK_ALUDEP)))
            s->c.sb_conflicts += n * s->iss.sb_count;
        /* a sleeping LD/ST unit's retries: each fails as its first did */
        if (s->ldst.asleep)
            s->ldst.l1.stats.reservation_fails += n * s->ldst.retry_fails;
        s->last_cycle = now - 1;
    }
}

int sm_cycle(sm_t *s, uint64_t now, uint64_t icnt_now)
{
    const mem_ports_t *io = s->io;
    sm_catch_up(s, now);
    s->last_cycle = now;
    bool busy = false;

    /* 1.-3. the LD/ST unit: a reply, a step of its head instruction, an
     * injection of the miss queue's head */
    bool ldst_stalled = false;
    if (!sm_ldst_quiet(&s->ldst) || xbar_has_arrival(io->reply_net, s->id, icnt_now))
        busy = sm_ldst_cycle(s, now, icnt_now, &ldst_stalled);
    /* cp.async: warps whose commit or wait ends now go on (sm_async.h) */
    if (s->async_due && sm_async_release_due(s, now) < 0)
        return -1;
    /* warps whose writes the last core phase published */
    if (s->iss.refetch && sm_refetch(s, now) < 0)
        return -1;
    /* 4. issue (or the previous verdict, if nothing it depends on changed) */
    uint64_t next_ready = CS_NEVER;
    uint32_t flags = 0;
    if (s->used_ctas) {
        if (s->iss.dirty || now >= s->iss.wake || s->mem_throttle) {
            uint64_t sb0 = s->c.sb_conflicts;
            s->iss.dirty = false;
            flags = sm_issue_stage(s, now, &next_ready) | BLK_HAS_CTA;
            if (s->failed)
                return -1;
            s->iss.flags = flags & ~(uint32_t)BLK_LDST_STALL;
            s->iss.sb_count = s->c.sb_conflicts - sb0;
            s->iss.wake = (flags & BLK_ISSUED) ? now + 1 : next_ready;
        } else {
            flags = s->iss.flags;
            s->c.sb_conflicts += s->iss.sb_count;
            next_ready = s->iss.wake;
        }
    }
    if (ldst_stalled)
        flags |= BLK_LDST_STALL;
    account(s, flags, 1);
    s->last_flags = flags;
    if (flags & BLK_ISSUED)
        busy = true;

    /* 5. sleep until something can change */
    /* A sleeping LD/ST unit waits for a reply (sm_due wakes the core) or the
     * miss queue to drain (a non-empty queue keeps the core ticking); under a
     * memory throttle the issue stage is evaluated every cycle. */
    const bool ldst_waits = s->ldst.asleep && !s->mem_throttle;
    if (busy || (s->ldst.count && !ldst_waits) || s->ldst.missq.count ||
        xbar_has_arrival(io->reply_net, s->id, icnt_now))
        *s->wake = now + 1;
    else
        *s->wake = next_ready > now ? next_ready : now + 1; /* replies wake us through sm_due */
    if (s->iss.refetch) /* fetched this cycle before their writes were published */
        *s->wake = now + 1;
    if (s->async_due) { /* a warp released at a later cycle (sm_async_release_due) */
        const uint64_t t = sm_async_next_release(s);
        if (t < *s->wake)
            *s->wake = t > now ? t : now + 1;
    }
    return s->failed ? -1 : (int)s->n_finished;
}

uint32_t sm_take_finished(sm_t *s, cta_info_t *out)
{
    uint32_t n = s->n_finished;
    memcpy(out, s->finished, n * sizeof *out);
    s->n_finished = 0;
    return n;
}
