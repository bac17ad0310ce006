/* synth.c — built-in synthetic kernels generated on the fly.
 *
 * Every kernel is described by a tiny "static program": an array of template
 * instructions (what a compiler would emit as SASS, one per 16-byte PC) with
 * a prologue, one loop body and an epilogue. Each warp walks that program
 * with a step index and an iteration counter; warp_next copies the template,
 * fills the active mask, and, for memory instructions, computes the 32 lane
 * addresses from (CTA, warp, lane, iteration) with additions only. Memory is
 * therefore O(resident CTAs) and the instruction count has a closed form:
 *     per warp = prologue + iters * body + epilogue.
 *
 * Register conventions (scoreboard keys, as the trace reader's R<n>):
 *   R0 tid, R1 ctaid, R2 global thread id / grid-stride index, R3 chase
 *   pointer or loop counter, R4 load/shared address, R5 loaded value,
 *   R6 store address (stream) or shared-load result, R10.. independent
 *   compute chains. Predicates are 200+ so they never alias a register.
 *
 * Parameters are "key=value" lists. Each kernel's defaults are written as
 * such a list too (parsed with the same code), which also defines the keys
 * the kernel accepts and is what `synth_list` prints.
 *
 * Address layout choices worth knowing:
 *   - stream/strided: input at 0x10000000, output on the next 256 MiB
 *     boundary past the input's last byte, so the arrays never overlap.
 *   - chase: every lane of a warp reads the same address; each warp of the
 *     grid chases its own chain (regions footprint bytes apart, rounded to a
 *     line), so extra warps add memory-level parallelism, not sharing.
 *     `seed` matters only with shuffle=1.
 *   - shmem: the address uses the thread index within the CTA,
 *     ((tid*conflict + iter)*4) % shmem, which for warp 0 is the lane formula
 *     and keeps the same bank pattern in every warp (tid = 32*warp + lane).
 */
#include "synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ parameters */

enum param_id {
    P_CTAS, P_THREADS, P_REGS, P_SHMEM, P_SEED, /* common to every kernel */
    P_ITERS, P_ALU, P_STORE, P_STRIDE, P_FOOTPRINT, P_LANES, P_SHUFFLE, P_SHARED,
    P_ILP, P_SFU, P_DP, P_CONFLICT,
    P__COUNT
};

#define COMMON_PARAMS ((1u << P_CTAS) | (1u << P_THREADS) | (1u << P_REGS) | (1u << P_SHMEM) | (1u << P_SEED))
#define MAX_ITERS 0x7fffffffull

typedef struct param_desc {
    const char *key;
    uint64_t min, max;
    uint64_t multiple_of; /* 0 or 1: any value */
    bool bytes;           /* listed with a k/m/g suffix where exact */
} param_desc_t;

static const param_desc_t param_descs[P__COUNT] = {
    [P_CTAS] = {"ctas", 1, 0x7fffffff, 0, false},
    [P_THREADS] = {"threads", 32, 1024, 0, false},
    [P_REGS] = {"regs", 1, 255, 0, false},
    [P_SHMEM] = {"shmem", 0, 0xffffffffull, 0, true},
    [P_SEED] = {"seed", 0, UINT64_MAX, 0, false},
    [P_ITERS] = {"iters", 1, MAX_ITERS, 0, false},
    [P_ALU] = {"alu", 0, 64, 0, false},
    [P_STORE] = {"store", 0, 1, 0, false},
    /* byte strides and footprints stay 4-byte aligned: the loads are 32-bit */
    [P_STRIDE] = {"stride", 4, 1ull << 32, 4, true},
    [P_FOOTPRINT] = {"footprint", 4, 1ull << 40, 4, true},
    [P_LANES] = {"lanes", 1, 32, 0, false},
    [P_SHUFFLE] = {"shuffle", 0, 1, 0, false},
    [P_SHARED] = {"shared", 0, 1, 0, false},
    [P_ILP] = {"ilp", 1, 64, 0, false},
    [P_SFU] = {"sfu", 0, 32, 0, false},
    [P_DP] = {"dp", 0, 32, 0, false},
    [P_CONFLICT] = {"conflict", 1, 32, 0, false},
};

static const char common_defaults[] = "threads=256,regs=16,shmem=0,seed=1";

enum family { FAM_STREAM, FAM_STRIDED, FAM_CHASE, FAM_COMPUTE, FAM_SHMEM };

typedef struct kernel_def {
    const char *name;
    enum family family;
    const char *summary;
    const char *defaults; /* kernel-specific keys and defaults (common ones come first) */
} kernel_def_t;

static const kernel_def_t kernel_defs[] = {
    {"stream", FAM_STREAM, "coalesced grid-stride stream: LDG a[i], alu x FFMA, STG b[i] (store=0: read only)",
     "ctas=240,threads=256,iters=16,alu=2,store=1"},
    {"strided", FAM_STRIDED, "uncoalesced: lane address = stride * element, one line per lane when stride >= 128",
     "ctas=120,threads=256,iters=8,stride=128,alu=2,store=1"},
    {"chase", FAM_CHASE,
     "pointer chase: load i at (i*stride)%footprint, each dependent on the last; a chain per warp "
     "(shuffle=1: seeded slot order; shared=1: every warp chases the same chain)",
     "ctas=1,threads=32,iters=64,stride=128,footprint=4096,lanes=32,shuffle=0,shared=0"},
    {"l1hit", FAM_CHASE, "latency probe: chase over one 128-byte line (first load misses, the rest hit L1)",
     "ctas=1,threads=32,iters=64,stride=128,footprint=128,lanes=32,shuffle=0"},
    {"l2hit", FAM_CHASE, "latency probe: chase cycling 512 lines (64 KiB): misses L1 every time, hits L2 after pass 1",
     "ctas=1,threads=32,iters=2048,stride=128,footprint=64k,lanes=32,shuffle=0"},
    {"dram", FAM_CHASE, "latency probe: chase with a 1 MiB+128 stride over 1 GiB: every load a new, far line",
     "ctas=1,threads=32,iters=64,stride=0x100080,footprint=1g,lanes=32,shuffle=0"},
    {"compute", FAM_COMPUTE, "compute-bound: ilp independent FFMA chains per iteration, plus sfu MUFU and dp DFMA",
     "ctas=120,threads=256,iters=256,ilp=4,sfu=0,dp=0"},
    {"shmem", FAM_SHMEM,
     "shared memory: STS, BAR.SYNC, LDS, FFMA per iteration; gcd(conflict,32)-way bank conflicts",
     "ctas=120,threads=256,iters=32,conflict=1,shmem=8192"},
};

static const kernel_def_t *find_kernel(const char *name, size_t len)
{
    for (size_t i = 0; i < CS_ARRAY_LEN(kernel_defs); i++)
        if (strlen(kernel_defs[i].name) == len && !memcmp(kernel_defs[i].name, name, len))
            return &kernel_defs[i];
    return NULL;
}

static int find_param(const char *key, size_t len)
{
    for (int p = 0; p < P__COUNT; p++)
        if (strlen(param_descs[p].key) == len && !memcmp(param_descs[p].key, key, len))
            return p;
    return -1;
}

/* Decimal or 0x hex, optional k/K (x1024), m/M (x2^20), g/G (x2^30). */
static bool parse_number(const char *s, size_t len, uint64_t *out)
{
    if (len == 0)
        return false;
    uint64_t mult = 1;
    switch (s[len - 1]) {
    case 'k': case 'K': mult = 1ull << 10; len--; break;
    case 'm': case 'M': mult = 1ull << 20; len--; break;
    case 'g': case 'G': mult = 1ull << 30; len--; break;
    default: break;
    }
    unsigned base = 10;
    if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        len -= 2;
    }
    if (len == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned d;
        char c = s[i];
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            return false;
        if (__builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, d, &v))
            return false;
    }
    return !__builtin_mul_overflow(v, mult, out);
}

static void known_keys(uint32_t accepted, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int p = 0; p < P__COUNT && n < size; p++)
        if (accepted & (1u << p))
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", param_descs[p].key);
}

/* Apply "k=v,k=v" to values[]. accepted == 0 accepts every key (defaults);
 * otherwise keys outside it, repeated keys (tracked in *given) and values out
 * of range are errors. *mentioned collects the keys seen. */
static int apply_assignments(const kernel_def_t *def, const char *list, uint32_t accepted, uint64_t *values,
                             uint32_t *given, uint32_t *mentioned, cs_error_t *err)
{
    const char *p = list;
    if (*p == '\0')
        return 0;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq)
            return cs_err(err, NULL, 0, "synthetic kernel '%s': expected key=value, got '%.*s'", def->name,
                          (int)len, p);
        size_t klen = (size_t)(eq - p);
        int id = find_param(p, klen);
        if (id < 0 || (accepted && !(accepted & (1u << id)))) {
            char known[256];
            known_keys(accepted, known, sizeof known);
            return cs_err(err, NULL, 0, "synthetic kernel '%s': unknown parameter '%.*s' (known: %s)", def->name,
                          (int)klen, p, known);
        }
        const param_desc_t *d = &param_descs[id];
        if (given) {
            if (*given & (1u << id))
                return cs_err(err, NULL, 0, "synthetic kernel '%s': parameter '%s' given twice", def->name, d->key);
            *given |= 1u << id;
        }
        const char *val = eq + 1;
        size_t vlen = len - klen - 1;
        uint64_t v;
        if (!parse_number(val, vlen, &v))
            return cs_err(err, NULL, 0, "synthetic kernel '%s': bad value '%.*s' for parameter '%s'", def->name,
                          (int)vlen, val, d->key);
        if (v < d->min || v > d->max)
            return cs_err(err, NULL, 0,
                          "synthetic kernel '%s': parameter '%s' must be in %llu..%llu (got %llu)", def->name,
                          d->key, (unsigned long long)d->min, (unsigned long long)d->max, (unsigned long long)v);
        if (d->multiple_of > 1 && v % d->multiple_of)
            return cs_err(err, NULL, 0, "synthetic kernel '%s': parameter '%s' must be a multiple of %llu (got %llu)",
                          def->name, d->key, (unsigned long long)d->multiple_of, (unsigned long long)v);
        values[id] = v;
        if (mentioned)
            *mentioned |= 1u << id;
        if (!end)
            return 0;
        p = end + 1;
    }
}

/* ---------------------------------------------------------- the program */

enum addr_gen {
    GEN_NONE = 0,
    GEN_GRID_A,  /* base_a + scale * (iter * total_threads + gtid) */
    GEN_GRID_B,  /* the same element in the output array */
    GEN_CHASE,   /* every lane the same address: this warp's chain, load `iter` */
    GEN_SHARED,  /* ((tid * conflict + iter) * 4) % shmem */
};

typedef struct synth_step {
    warp_inst_t tmpl;      /* everything but active_mask and addr */
    uint8_t gen;           /* enum addr_gen */
    bool chase_lanes;      /* active mask limited by the `lanes` parameter */
} synth_step_t;

#define MAX_STEPS 192 /* compute with ilp=64, sfu=32, dp=32 needs 135 */

typedef struct synth_program {
    synth_step_t steps[MAX_STEPS];
    uint32_t nsteps;
    uint32_t loop_begin, loop_end; /* body = steps[loop_begin..loop_end], run `iters` times */
} synth_program_t;

#define PRED_P0 200
#define PC_STEP 16

static synth_step_t *emit(synth_program_t *prog, enum exec_unit unit, enum lat_class lat)
{
    if (prog->nsteps >= MAX_STEPS)
        abort(); /* parameter limits guarantee this cannot happen */
    synth_step_t *s = &prog->steps[prog->nsteps];
    memset(s, 0, sizeof *s);
    s->tmpl.pc = (uint64_t)prog->nsteps * PC_STEP;
    s->tmpl.unit = (uint8_t)unit;
    s->tmpl.lat = (uint8_t)lat;
    prog->nsteps++;
    return s;
}

static void dst(synth_step_t *s, unsigned reg) { s->tmpl.dst[s->tmpl.ndst++] = (uint16_t)reg; }
static void src(synth_step_t *s, unsigned reg) { s->tmpl.src[s->tmpl.nsrc++] = (uint16_t)reg; }

static synth_step_t *emit_mem(synth_program_t *prog, enum mem_space space, uint8_t flags, enum addr_gen gen)
{
    synth_step_t *s = emit(prog, UNIT_LDST, LAT_INT_ADD);
    s->tmpl.space = (uint8_t)space;
    s->tmpl.flags = flags;
    s->tmpl.access_size = 4;
    s->gen = (uint8_t)gen;
    return s;
}

static void emit_prologue(synth_program_t *prog)
{
    synth_step_t *s = emit(prog, UNIT_INT, LAT_INT_ADD); /* S2R R0, SR_TID.X */
    dst(s, 0);
    s = emit(prog, UNIT_INT, LAT_INT_ADD); /* S2R R1, SR_CTAID.X */
    dst(s, 1);
    s = emit(prog, UNIT_INT, LAT_INT_MAD); /* IMAD R2, R1, c[blockDim.x], R0 */
    dst(s, 2);
    src(s, 1);
    src(s, 0);
}

static void emit_ffma(synth_program_t *prog, unsigned d, unsigned a)
{
    synth_step_t *s = emit(prog, UNIT_SP, LAT_FP_MAD);
    dst(s, d);
    src(s, a);
    src(s, a);
}

/* IADD3 counter; ISETP.LT P0, counter; @P0 BRA loop — closes the body. */
static void emit_loop_overhead(synth_program_t *prog, unsigned counter)
{
    synth_step_t *s = emit(prog, UNIT_INT, LAT_INT_ADD);
    dst(s, counter);
    src(s, counter);
    s = emit(prog, UNIT_INT, LAT_INT_ADD);
    dst(s, PRED_P0);
    src(s, counter);
    s = emit(prog, UNIT_BRANCH, LAT_BRANCH);
    src(s, PRED_P0);
}

static void emit_exit(synth_program_t *prog)
{
    synth_step_t *s = emit(prog, UNIT_BRANCH, LAT_BRANCH);
    s->tmpl.flags = INST_EXIT;
}

static void build_program(enum family fam, const uint64_t *v, synth_program_t *prog)
{
    memset(prog, 0, sizeof *prog);
    emit_prologue(prog);
    prog->loop_begin = prog->nsteps;
    synth_step_t *s;
    switch (fam) {
    case FAM_STREAM:
    case FAM_STRIDED:
        s = emit(prog, UNIT_INT, LAT_INT_MAD); /* IMAD.WIDE R4, R2, 4, c[a] */
        dst(s, 4);
        src(s, 2);
        s = emit_mem(prog, SPACE_GLOBAL, INST_LOAD, GEN_GRID_A); /* LDG.E R5, [R4] */
        dst(s, 5);
        src(s, 4);
        for (uint64_t i = 0; i < v[P_ALU]; i++)
            emit_ffma(prog, 5, 5);
        if (v[P_STORE]) {
            s = emit_mem(prog, SPACE_GLOBAL, INST_STORE, GEN_GRID_B); /* STG.E [R6], R5 */
            src(s, 6);
            src(s, 5);
        }
        emit_loop_overhead(prog, 2);
        break;
    case FAM_CHASE:
        /* LDG.E R3, [R3]: nothing else in the loop, so the time per load is pure latency */
        s = emit_mem(prog, SPACE_GLOBAL, INST_LOAD, GEN_CHASE);
        s->chase_lanes = true;
        dst(s, 3);
        src(s, 3);
        break;
    case FAM_COMPUTE:
        for (uint64_t k = 0; k < v[P_ILP]; k++)
            emit_ffma(prog, 10 + (unsigned)k, 10 + (unsigned)k);
        for (uint64_t k = 0; k < v[P_SFU]; k++) { /* MUFU.EX2 Rk, Rk: its own chain each */
            unsigned r = 10 + (unsigned)(v[P_ILP] + k);
            s = emit(prog, UNIT_SFU, LAT_SFU);
            dst(s, r);
            src(s, r);
        }
        for (uint64_t k = 0; k < v[P_DP]; k++) { /* DFMA Rk:Rk+1 on register pairs */
            unsigned r = 10 + (unsigned)(v[P_ILP] + v[P_SFU] + 2 * k);
            s = emit(prog, UNIT_DP, LAT_DP_MAD);
            dst(s, r);
            dst(s, r + 1);
            src(s, r);
            src(s, r + 1);
        }
        emit_loop_overhead(prog, 3);
        break;
    case FAM_SHMEM:
        s = emit(prog, UNIT_INT, LAT_INT_ADD); /* IADD3 R4: this iteration's shared address */
        dst(s, 4);
        src(s, 0);
        s = emit_mem(prog, SPACE_SHARED, INST_STORE, GEN_SHARED); /* STS [R4], R5 */
        src(s, 4);
        src(s, 5);
        s = emit(prog, UNIT_BRANCH, LAT_BRANCH); /* BAR.SYNC 0 */
        s->tmpl.flags = INST_BARRIER;
        s = emit_mem(prog, SPACE_SHARED, INST_LOAD, GEN_SHARED); /* LDS R6, [R4] */
        dst(s, 6);
        src(s, 4);
        emit_ffma(prog, 5, 6); /* FFMA R5, R6, R6: next iteration stores it */
        emit_loop_overhead(prog, 3);
        break;
    }
    prog->loop_end = prog->nsteps - 1;
    emit_exit(prog);
}

/* ------------------------------------------------------------ the source */

typedef struct synth_source {
    const kernel_def_t *def;
    uint64_t v[P__COUNT];
    synth_program_t prog;
    uint32_t iters;
    uint32_t warps_per_cta;
    uint32_t full_mask, last_warp_mask; /* lanes that exist in a full / the last warp */
    uint32_t chase_mask;                /* first `lanes` lanes */
    uint64_t total_threads;             /* grid-stride step */
    uint64_t scale;                     /* bytes between consecutive elements */
    uint64_t base_a, base_b;
    uint64_t chase_region;              /* bytes between two warps' chains */
    uint64_t shuffle_slots, shuffle_mult, shuffle_add;
} synth_source_t;

typedef struct synth_warp {
    uint32_t step, iter;
    uint32_t mask, chase_mask;
    uint32_t tid0;        /* thread index of lane 0 within the CTA */
    uint64_t gtid0;       /* global thread id of lane 0 */
    uint64_t chase_base;  /* start of this warp's chain */
    warp_inst_t inst;
    uint64_t addr[WARP_SIZE];
} synth_warp_t;

typedef struct synth_cta {
    const synth_source_t *src;
    uint32_t nwarps;
    synth_warp_t warps[];
} synth_cta_t;

#define BASE_A 0x10000000ull
#define ARRAY_ALIGN (256ull << 20)
#define ADDR_LIMIT (1ull << 56)

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint64_t round_up(uint64_t x, uint64_t to) { return (x + to - 1) / to * to; }

/* Load `i` of a chain, as a byte offset from the chain's start. */
static uint64_t chase_offset(const synth_source_t *s, uint64_t i)
{
    if (!s->v[P_SHUFFLE])
        return (i * s->v[P_STRIDE]) % s->v[P_FOOTPRINT]; /* i < 2^31, stride <= 2^32: no overflow */
    /* an affine permutation of the footprint/stride slots, the same every pass */
    uint64_t n = s->shuffle_slots;
    unsigned __int128 slot = ((unsigned __int128)s->shuffle_mult * (i % n) + s->shuffle_add) % n;
    return (uint64_t)slot * s->v[P_STRIDE];
}

/* Validate the family-specific constraints and lay out memory. */
static int derive(synth_source_t *s, cs_error_t *err)
{
    const uint64_t *v = s->v;
    const char *name = s->def->name;
    uint32_t threads = (uint32_t)v[P_THREADS];
    s->iters = (uint32_t)v[P_ITERS];
    s->warps_per_cta = CS_DIV_CEIL(threads, WARP_SIZE);
    s->full_mask = 0xffffffffu;
    uint32_t tail = threads % WARP_SIZE;
    s->last_warp_mask = tail ? (1u << tail) - 1 : 0xffffffffu;
    s->chase_mask = v[P_LANES] >= 32 ? 0xffffffffu : (1u << v[P_LANES]) - 1;
    s->total_threads = v[P_CTAS] * threads;
    s->base_a = BASE_A;

    switch (s->def->family) {
    case FAM_STREAM:
    case FAM_STRIDED: {
        s->scale = s->def->family == FAM_STREAM ? 4 : v[P_STRIDE];
        uint64_t elems, span;
        if (__builtin_mul_overflow((uint64_t)s->iters, s->total_threads, &elems) ||
            __builtin_mul_overflow(elems, s->scale, &span) || span > ADDR_LIMIT)
            return cs_err(err, NULL, 0, "synthetic kernel '%s': the arrays would exceed 2^56 bytes", name);
        /* output array on the next 256 MiB boundary past the input: they never overlap */
        s->base_b = BASE_A + round_up(CS_MAX(span, 1), ARRAY_ALIGN);
        break;
    }
    case FAM_CHASE: {
        /* each warp chases its own chain, line-disjoint from the others */
        s->chase_region = round_up(v[P_FOOTPRINT], 128);
        uint64_t warps = v[P_CTAS] * s->warps_per_cta, span;
        if (__builtin_mul_overflow(warps, s->chase_region, &span) || span > ADDR_LIMIT)
            return cs_err(err, NULL, 0, "synthetic kernel '%s': %llu chains of %llu bytes exceed 2^56 bytes", name,
                          (unsigned long long)warps, (unsigned long long)s->chase_region);
        s->shuffle_slots = CS_MAX(v[P_FOOTPRINT] / v[P_STRIDE], 1);
        uint64_t rng = v[P_SEED];
        uint64_t n = s->shuffle_slots;
        s->shuffle_mult = n > 1 ? 1 + splitmix64(&rng) % (n - 1) : 0;
        while (n > 1 && gcd64(s->shuffle_mult, n) != 1)
            s->shuffle_mult = s->shuffle_mult + 1 < n ? s->shuffle_mult + 1 : 1;
        s->shuffle_add = splitmix64(&rng) % n;
        break;
    }
    case FAM_SHMEM:
        if (v[P_SHMEM] < 4 || v[P_SHMEM] % 4)
            return cs_err(err, NULL, 0,
                          "synthetic kernel '%s': parameter 'shmem' must be a non-zero multiple of 4 (got %llu)",
                          name, (unsigned long long)v[P_SHMEM]);
        break;
    case FAM_COMPUTE:
        break;
    }
    return 0;
}

static uint64_t warp_insts_per_warp(const synth_source_t *s)
{
    const synth_program_t *p = &s->prog;
    uint64_t body = p->loop_end - p->loop_begin + 1;
    return (p->nsteps - body) + s->iters * body;
}

static void *synth_cta_begin(void *source, uint64_t cta_linear, uint32_t core, cs_error_t *err)
{
    (void)core;
    const synth_source_t *s = source;
    if (cta_linear >= s->v[P_CTAS]) {
        cs_err(err, NULL, 0, "synthetic kernel '%s': CTA %llu out of range (grid has %llu)", s->def->name,
               (unsigned long long)cta_linear, (unsigned long long)s->v[P_CTAS]);
        return NULL;
    }
    uint32_t n = s->warps_per_cta;
    synth_cta_t *c = cs_xmalloc(sizeof *c + n * sizeof c->warps[0]);
    c->src = s;
    c->nwarps = n;
    for (uint32_t w = 0; w < n; w++) {
        synth_warp_t *sw = &c->warps[w];
        sw->step = 0;
        sw->iter = 0;
        sw->mask = w + 1 == n ? s->last_warp_mask : s->full_mask;
        sw->chase_mask = sw->mask & s->chase_mask;
        sw->tid0 = w * WARP_SIZE;
        sw->gtid0 = cta_linear * s->v[P_THREADS] + sw->tid0;
        sw->chase_base = s->base_a + (s->v[P_SHARED] ? 0 : (cta_linear * n + w) * s->chase_region);
    }
    return c;
}

static void fill_addresses(const synth_source_t *s, synth_warp_t *w, enum addr_gen gen)
{
    uint64_t a, step;
    switch (gen) {
    case GEN_GRID_A:
    case GEN_GRID_B:
        a = (gen == GEN_GRID_A ? s->base_a : s->base_b) + s->scale * (w->iter * s->total_threads + w->gtid0);
        for (unsigned l = 0; l < WARP_SIZE; l++, a += s->scale)
            w->addr[l] = a;
        break;
    case GEN_CHASE:
        a = w->chase_base + chase_offset(s, w->iter);
        for (unsigned l = 0; l < WARP_SIZE; l++)
            w->addr[l] = a;
        break;
    case GEN_SHARED: {
        /* ((tid*conflict + iter)*4) % shmem, stepped lane to lane without a division per lane */
        uint64_t size = s->v[P_SHMEM];
        a = (((uint64_t)w->tid0 * s->v[P_CONFLICT] + w->iter) * 4) % size;
        step = (s->v[P_CONFLICT] * 4) % size;
        for (unsigned l = 0; l < WARP_SIZE; l++) {
            w->addr[l] = a;
            a += step;
            if (a >= size)
                a -= size;
        }
        break;
    }
    case GEN_NONE:
        break;
    }
}

static int synth_warp_next(void *cta, unsigned warp, const warp_inst_t **out, cs_error_t *err)
{
    synth_cta_t *c = cta;
    if (warp >= c->nwarps)
        return cs_err(err, NULL, 0, "warp %u out of range (the CTA has %u warps)", warp, c->nwarps);
    const synth_source_t *s = c->src;
    const synth_program_t *p = &s->prog;
    synth_warp_t *w = &c->warps[warp];
    if (w->step >= p->nsteps)
        return 0;
    const synth_step_t *st = &p->steps[w->step];
    w->inst = st->tmpl;
    w->inst.active_mask = st->chase_lanes ? w->chase_mask : w->mask;
    if (st->gen != GEN_NONE) {
        fill_addresses(s, w, (enum addr_gen)st->gen);
        w->inst.addr = w->addr;
    }
    if (w->step == p->loop_end && ++w->iter < s->iters)
        w->step = p->loop_begin;
    else
        w->step++;
    *out = &w->inst;
    return 1;
}

static void synth_cta_end(void *source, void *cta) { free(cta); }

static void synth_source_destroy(void *source) { free(source); }

static const cta_source_ops_t synth_cta_ops = {
    .cta_begin = synth_cta_begin,
    .warp_next = synth_warp_next,
    .cta_end = synth_cta_end,
    .destroy = synth_source_destroy,
    .parallel_safe = true, /* warp_next and cta_end touch only the CTA */
};

/* -------------------------------------------------------------- workload */

typedef struct synth_workload {
    workload_t base;
    synth_source_t *pending; /* handed out by the first next_kernel */
} synth_workload_t;

static int synth_workload_next(workload_t *base, kernel_desc_t *out, cs_error_t *err)
{
    synth_workload_t *w = (synth_workload_t *)base;
    synth_source_t *s = w->pending;
    if (!s)
        return 0;
    w->pending = NULL;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", s->def->name);
    out->id = 1;
    out->stream = 0;
    out->grid = (dim3_t){(uint32_t)s->v[P_CTAS], 1, 1};
    out->block = (dim3_t){(uint32_t)s->v[P_THREADS], 1, 1};
    out->shmem_bytes = (uint32_t)s->v[P_SHMEM];
    out->regs_per_thread = (uint32_t)s->v[P_REGS];
    out->expected_warp_insts = s->v[P_CTAS] * s->warps_per_cta * warp_insts_per_warp(s); /* checked at open */
    out->ops = &synth_cta_ops;
    out->src = s;
    return 1;
}

static void synth_workload_destroy(workload_t *base)
{
    synth_workload_t *w = (synth_workload_t *)base;
    free(w->pending);
    free(w);
}

static const workload_ops_t synth_workload_ops = {
    .next_kernel = synth_workload_next,
    .destroy = synth_workload_destroy,
};

static size_t name_length(const char *spec)
{
    const char *colon = strchr(spec, ':');
    return colon ? (size_t)(colon - spec) : strlen(spec);
}

bool synth_is_name(const char *spec) { return spec && find_kernel(spec, name_length(spec)) != NULL; }

workload_t *synth_workload_open(const char *spec, cs_error_t *err)
{
    size_t nlen = name_length(spec);
    const kernel_def_t *def = find_kernel(spec, nlen);
    if (!def) {
        char known[256];
        size_t n = 0;
        for (size_t i = 0; i < CS_ARRAY_LEN(kernel_defs) && n < sizeof known; i++)
            n += (size_t)snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "", kernel_defs[i].name);
        cs_err(err, NULL, 0, "unknown synthetic kernel '%.*s' (known: %s)", (int)nlen, spec, known);
        return NULL;
    }
    synth_source_t *s = cs_xcalloc(1, sizeof *s);
    s->def = def;
    uint32_t kernel_keys = 0, given = 0;
    if (apply_assignments(def, common_defaults, 0, s->v, NULL, NULL, err) < 0 ||
        apply_assignments(def, def->defaults, 0, s->v, NULL, &kernel_keys, err) < 0)
        abort(); /* the built-in defaults are valid by construction (tests parse them) */
    const char *params = spec[nlen] == ':' ? spec + nlen + 1 : "";
    if (apply_assignments(def, params, COMMON_PARAMS | kernel_keys, s->v, &given, NULL, err) < 0 ||
        derive(s, err) < 0) {
        free(s);
        return NULL;
    }
    build_program(def->family, s->v, &s->prog);
    uint64_t per_cta, total;
    if (__builtin_mul_overflow(warp_insts_per_warp(s), (uint64_t)s->warps_per_cta, &per_cta) ||
        __builtin_mul_overflow(per_cta, s->v[P_CTAS], &total)) {
        cs_err(err, NULL, 0, "synthetic kernel '%s': more than 2^64 warp instructions", def->name);
        free(s);
        return NULL;
    }
    synth_workload_t *w = cs_xcalloc(1, sizeof *w);
    w->base.ops = &synth_workload_ops;
    w->pending = s;
    return &w->base;
}

/* 65536 bytes -> "64k": the defaults read as they would be typed. */
static void format_number(uint64_t v, bool bytes, char *buf, size_t size)
{
    static const struct { uint64_t unit; char suffix; } units[] = {{1ull << 30, 'g'}, {1ull << 20, 'm'}, {1ull << 10, 'k'}};
    for (size_t i = 0; i < CS_ARRAY_LEN(units); i++)
        if (bytes && v >= units[i].unit && v % units[i].unit == 0) {
            snprintf(buf, size, "%llu%c", (unsigned long long)(v / units[i].unit), units[i].suffix);
            return;
        }
    snprintf(buf, size, "%llu", (unsigned long long)v);
}

void synth_list(void *FILE_stream)
{
    FILE *f = FILE_stream;
    for (size_t i = 0; i < CS_ARRAY_LEN(kernel_defs); i++) {
        const kernel_def_t *d = &kernel_defs[i];
        uint64_t v[P__COUNT] = {0};
        uint32_t kernel_keys = 0;
        apply_assignments(d, common_defaults, 0, v, NULL, NULL, NULL);
        apply_assignments(d, d->defaults, 0, v, NULL, &kernel_keys, NULL);
        fprintf(f, "  %-8s %s\n  %-8s   ", d->name, d->summary, "");
        bool first = true;
        for (int p = 0; p < P__COUNT; p++) {
            if (!((COMMON_PARAMS | kernel_keys) & (1u << p)))
                continue;
            char num[32];
            format_number(v[p], param_descs[p].bytes, num, sizeof num);
            fprintf(f, "%s%s=%s", first ? "" : ",", param_descs[p].key, num);
            first = false;
        }
        fputc('\n', f);
    }
}
