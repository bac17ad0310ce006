/* trace_writer.c — write Accel-Sim traces (tracer version 4).
 *
 * Output is what Accel-Sim's tracer produces and its reader (and ours)
 * accepts: kernelslist.g naming kernel-<id>.traceg files, each with a
 * `-key = value` header and `#BEGIN_TB` blocks listing every warp's
 * instructions contiguously.
 *
 * Address encoding, per memory instruction, the most compact exact form:
 *   - no active lane: mode 0 with no addresses;
 *   - one active lane: mode 2 with just the base (as Accel-Sim's tracer);
 *   - contiguous active lanes with a constant stride that fits a 32-bit int:
 *     mode 1 `0xBASE STRIDE` (Accel-Sim's reader only decodes mode 1 right
 *     for contiguous lanes and reads the stride as an int, hence both rules);
 *   - otherwise mode 2 `0xBASE d1 d2 ...` when every difference between
 *     consecutive active lanes fits a signed 64-bit integer, else mode 0.
 *
 * Registers. Real SASS names R0..R254 plus RZ, written R255; Accel-Sim's
 * reader parses every register as R<n> and keeps at most 1 destination and 4
 * sources per line (NVBit traces list only the first register of a vector
 * operand: `LDG.E.128 R4` loads R4..R7). The front-ends' register numbers
 * are scoreboard keys with no such limits: the PTX interpreter's flat
 * virtual-register index (several hundred in big kernels), the trace
 * reader's R<n> -> n and UR<n> -> TRACE_UREG_BASE + n. So, per kernel:
 *   - only the first destination and the first four sources are written;
 *     the dropped registers lose their dependences in the exported trace,
 *     as they do in traces of real runs (a reader of R5 above does not wait
 *     for the load);
 *   - keys are renamed to R0..R254 at first use, in the order the lines are
 *     written (CTA 0 warp 0 first; in a line the destination, then the
 *     sources). Up to 255 distinct keys the renaming is one-to-one and every
 *     dependence is kept exactly. The 256th and later new keys are folded
 *     onto the least recently used register (oldest last use in written
 *     order, ties to the lowest number): in program order that is the
 *     register most likely dead, the one an allocator would reuse. A key
 *     keeps its register for the whole kernel, so no true dependence is ever
 *     lost; folding can only add false ones (a reader of the older key may
 *     wait for a write of the newer), and only in kernels with more than 255
 *     keys. The choice depends only on the written order: deterministic.
 *   - R255 is never written (it would read as RZ), and uniform registers are
 *     renamed into the same R space: Accel-Sim cannot parse a UR token.
 * trace_rules.h checks the result against Accel-Sim's reader.
 *
 * Opcode names: given by the caller, or derived from unit/latency class/
 * space/flags as a canonical SASS opcode that sass_lookup maps back to the
 * same classes for binary version 70. Classes no single SASS opcode has
 * (FP/INT/DP division, DP max, LD/ST ops with a latency class other than
 * LAT_INT_ADD, atomics on local memory) are written as their nearest opcode
 * and do not round-trip exactly. */
#include "trace_writer.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace_rules.h" /* TRACE_MAX_DST, TRACE_MAX_SRC */
#include "util/xz_file.h"

/* Base addresses written in the header. Only generic LD/ST are classified by
 * them and the writer never emits generic names, so they only need to be
 * plausible and far apart. */
#define WRITER_SHMEM_BASE 0x00007f0000000000ull
#define WRITER_LOCAL_BASE 0x00007e0000000000ull

/* Registers a trace may name: R0..R254 (R255 is RZ). */
#define SASS_REGS 255
/* Keys a warp_inst_t register can hold (uint16_t). */
#define REG_KEYS 65536

struct trace_writer {
    char *dir;
    unsigned binary_version;
    FILE *list;
    char *list_path;
    FILE *kernel;
    char *kernel_path;
    unsigned kernels_written;
    unsigned warps_per_cta;
    bool in_cta;
    uint32_t warps_done; /* bit w: warp w of the current CTA written */
    /* register renaming of the open kernel (see the top of the file) */
    int16_t *reg_of_key;                /* REG_KEYS entries: SASS register, -1 = not seen yet */
    uint64_t reg_last_use[SASS_REGS];   /* line number of the register's last use, 1-based */
    unsigned regs_used;                 /* registers handed out so far (R0 .. regs_used-1) */
    uint64_t lines;                     /* instruction lines written in the kernel */
    bool compress;                      /* kernel files as .traceg.xz */
    uint64_t bytes;                     /* size of the closed kernel files */
};

static char *join_path(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = cs_xmalloc(n);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* mkdir -p */
static int make_dirs(const char *dir, cs_error_t *err)
{
    char *path = cs_xstrdup(dir);
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char saved = *p;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            cs_err(err, path, 0, "cannot create directory: %s", strerror(errno));
            free(path);
            return -1;
        }
        *p = saved;
        if (saved == '\0')
            break;
    }
    free(path);
    return 0;
}

trace_writer_t *trace_writer_open(const char *dir, unsigned binary_version, cs_error_t *err)
{
    if (make_dirs(dir, err) < 0)
        return NULL;
    trace_writer_t *w = cs_xcalloc(1, sizeof *w);
    w->reg_of_key = cs_xmalloc(REG_KEYS * sizeof *w->reg_of_key);
    w->dir = cs_xstrdup(dir);
    w->binary_version = binary_version;
    w->list_path = join_path(dir, "kernelslist.g");
    w->list = fopen(w->list_path, "w");
    if (!w->list) {
        cs_err(err, w->list_path, 0, "cannot create: %s", strerror(errno));
        free(w->list_path);
        free(w->dir);
        free(w->reg_of_key);
        free(w);
        return NULL;
    }
    return w;
}

int trace_writer_memcpy(trace_writer_t *w, uint64_t addr, uint64_t bytes, cs_error_t *err)
{
    if (fprintf(w->list, "MemcpyHtoD,0x%016" PRIx64 ",%" PRIu64 "\n", addr, bytes) < 0)
        return cs_err(err, w->list_path, 0, "write failed: %s", strerror(errno));
    return 0;
}

int trace_writer_begin_kernel(trace_writer_t *w, const kernel_desc_t *k, cs_error_t *err)
{
    if (w->kernel)
        return cs_err(err, w->kernel_path, 0, "begin_kernel while a kernel is open");
    uint32_t threads = kernel_threads_per_cta(k);
    if (k->grid.x == 0 || k->grid.y == 0 || k->grid.z == 0 || threads == 0 || threads > 1024)
        return cs_err(err, w->dir, 0, "kernel '%s': invalid grid or block dimensions", k->name);
    unsigned id = k->id ? k->id : w->kernels_written + 1;
    char file[64];
    snprintf(file, sizeof file, "kernel-%u.traceg%s", id, w->compress ? ".xz" : "");
    w->kernel_path = join_path(w->dir, file);
    w->kernel = w->compress ? xz_file_open_write(w->kernel_path) : fopen(w->kernel_path, "w");
    if (!w->kernel) {
        int rc = cs_err(err, w->kernel_path, 0, "cannot create: %s", strerror(errno));
        free(w->kernel_path);
        w->kernel_path = NULL;
        return rc;
    }
    fprintf(w->list, "%s\n", file);
    /* one line per header value: a newline in the name would end the key */
    char name[KERNEL_NAME_MAX];
    size_t n = 0;
    for (const char *p = k->name; *p && n + 1 < sizeof name; p++)
        name[n++] = (*p == '\n' || *p == '\r') ? ' ' : *p;
    name[n] = '\0';
    fprintf(w->kernel,
            "-kernel name = %s\n-kernel id = %u\n-grid dim = (%u,%u,%u)\n-block dim = (%u,%u,%u)\n"
            "-shmem = %u\n-nregs = %u\n-binary version = %u\n-cuda stream id = %u\n"
            "-shmem base_addr = 0x%016llx\n-local mem base_addr = 0x%016llx\n-nvbit version = ctasim\n"
            "-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
            "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
            "[adrrescompress?] [mem_addresses] immediate\n\n",
            n ? name : "kernel", id, k->grid.x, k->grid.y, k->grid.z, k->block.x, k->block.y, k->block.z,
            k->shmem_bytes, k->regs_per_thread, w->binary_version, k->stream, WRITER_SHMEM_BASE,
            WRITER_LOCAL_BASE);
    w->warps_per_cta = kernel_warps_per_cta(k);
    w->kernels_written++;
    memset(w->reg_of_key, 0xff, REG_KEYS * sizeof *w->reg_of_key); /* every key: -1 */
    memset(w->reg_last_use, 0, sizeof w->reg_last_use);
    w->regs_used = 0;
    w->lines = 0;
    return 0;
}

int trace_writer_begin_cta(trace_writer_t *w, dim3_t cta, cs_error_t *err)
{
    if (!w->kernel)
        return cs_err(err, w->dir, 0, "begin_cta outside a kernel");
    if (w->in_cta)
        return cs_err(err, w->kernel_path, 0, "begin_cta inside a CTA");
    w->in_cta = true;
    w->warps_done = 0;
    fprintf(w->kernel, "#BEGIN_TB\n\nthread block = %u,%u,%u\n\n", cta.x, cta.y, cta.z);
    return 0;
}

/* ---------------------------------------------------------- opcode names */

static const char *size_suffix(unsigned bytes)
{
    switch (bytes) {
    case 1: return ".U8";
    case 2: return ".U16";
    case 8: return ".64";
    case 16: return ".128";
    default: return "";
    }
}

static const char *memory_opcode(const warp_inst_t *in, char *buf, size_t cap)
{
    const char *sz = size_suffix(in->access_size);
    const char *base;
    if (in->flags & INST_MEMBAR)
        return "MEMBAR.SC.GPU";
    switch (in->space) {
    case SPACE_GLOBAL:
        base = (in->flags & INST_ATOMIC) ? "ATOMG.E.ADD" : (in->flags & INST_STORE) ? "STG.E"
             : (in->flags & INST_LOAD)   ? "LDG.E" : NULL;
        break;
    case SPACE_LOCAL:
        base = (in->flags & (INST_STORE | INST_ATOMIC)) ? "STL" : "LDL";
        break;
    case SPACE_SHARED:
        base = (in->flags & INST_ATOMIC) ? "ATOMS.ADD" : (in->flags & INST_STORE) ? "STS" : "LDS";
        break;
    case SPACE_CONST:
        base = "LDC";
        break;
    case SPACE_TEX:
        return "TEX";
    default:
        base = NULL;
        break;
    }
    if (!base)
        return "CCTL.IVALL";
    snprintf(buf, cap, "%s%s", base, sz);
    return buf;
}

static const char *canonical_opcode(const warp_inst_t *in, char *buf, size_t cap)
{
    switch (in->unit) {
    case UNIT_SP:
        switch (in->lat) {
        case LAT_FP_ADD: return "FADD";
        case LAT_FP_MUL: return "FMUL";
        case LAT_FP_MAX: return "FMNMX";
        default: return "FFMA";
        }
    case UNIT_INT:
        switch (in->lat) {
        case LAT_INT_ADD: return "IADD3";
        case LAT_INT_MAX: return "IMNMX";
        case LAT_INT_MUL: return "IMUL";
        case LAT_INT_SHFL: return "SHFL.IDX";
        default: return "IMAD";
        }
    case UNIT_DP:
        switch (in->lat) {
        case LAT_DP_ADD: return "DADD";
        case LAT_DP_MUL: return "DMUL";
        default: return "DFMA";
        }
    case UNIT_SFU: return "MUFU.EX2";
    case UNIT_TENSOR: return "HMMA.884.F32.F32";
    case UNIT_LDST: return memory_opcode(in, buf, cap);
    case UNIT_BRANCH:
    default:
        if (in->flags & INST_EXIT)
            return "EXIT";
        if (in->flags & INST_BARRIER)
            return "BAR.SYNC";
        return "BRA";
    }
}

/* --------------------------------------------------------- instructions */

/* The SASS register of scoreboard key `key` in the open kernel: renamed at
 * first use, folded onto the least recently used register past 255 keys. */
static unsigned sass_register(trace_writer_t *w, uint16_t key)
{
    int r = w->reg_of_key[key];
    if (r < 0) {
        if (w->regs_used < SASS_REGS) {
            r = (int)w->regs_used++;
        } else {
            r = 0;
            for (int i = 1; i < SASS_REGS; i++)
                if (w->reg_last_use[i] < w->reg_last_use[r])
                    r = i;
        }
        w->reg_of_key[key] = (int16_t)r;
    }
    w->reg_last_use[r] = w->lines;
    return (unsigned)r;
}

static char *put_register(trace_writer_t *w, char *p, uint16_t key)
{
    return p + sprintf(p, " R%u", sass_register(w, key));
}

/* Signed difference b - a if it fits int64. */
static bool exact_delta(uint64_t a, uint64_t b, int64_t *out)
{
    if (b >= a) {
        uint64_t d = b - a;
        if (d > (uint64_t)INT64_MAX)
            return false;
        *out = (int64_t)d;
    } else {
        uint64_t d = a - b;
        if (d > (uint64_t)INT64_MAX + 1)
            return false;
        *out = (int64_t)(0 - d);
    }
    return true;
}

static char *put_addresses(char *p, const warp_inst_t *in)
{
    uint32_t mask = in->active_mask;
    unsigned active = (unsigned)__builtin_popcount(mask);
    if (active == 0)
        return p + sprintf(p, " 0");
    unsigned first = (unsigned)__builtin_ctz(mask);
    uint64_t base = in->addr[first];
    if (active == 1)
        return p + sprintf(p, " 2 0x%" PRIx64, base);
    bool contiguous = (mask >> first) == (active == 32 ? UINT32_MAX : ((1u << active) - 1));
    if (contiguous) {
        int64_t stride;
        bool constant = exact_delta(base, in->addr[first + 1], &stride) && stride >= INT32_MIN && stride <= INT32_MAX;
        for (unsigned l = first + 2; constant && l < first + active; l++)
            constant = in->addr[l] - in->addr[l - 1] == (uint64_t)stride;
        if (constant)
            return p + sprintf(p, " 1 0x%" PRIx64 " %" PRId64, base, stride);
    }
    int64_t deltas[WARP_SIZE];
    unsigned nd = 0;
    bool fits = true;
    uint64_t prev = base;
    for (uint32_t m = mask & (mask - 1); m && fits; m &= m - 1) {
        uint64_t a = in->addr[__builtin_ctz(m)];
        fits = exact_delta(prev, a, &deltas[nd++]);
        prev = a;
    }
    if (fits) {
        p += sprintf(p, " 2 0x%" PRIx64, base);
        for (unsigned i = 0; i < nd; i++)
            p += sprintf(p, " %" PRId64, deltas[i]);
        return p;
    }
    p += sprintf(p, " 0");
    for (uint32_t m = mask; m; m &= m - 1)
        p += sprintf(p, " 0x%" PRIx64, in->addr[__builtin_ctz(m)]);
    return p;
}

int trace_writer_warp(trace_writer_t *w, unsigned warp, const warp_inst_t *insts, const char *const *opcodes,
                      size_t n, cs_error_t *err)
{
    if (!w->in_cta)
        return cs_err(err, w->kernel_path ? w->kernel_path : w->dir, 0, "warp written outside a CTA");
    if (warp >= w->warps_per_cta)
        return cs_err(err, w->kernel_path, 0, "warp %u out of range (%u warps per CTA)", warp, w->warps_per_cta);
    if (w->warps_done & (1u << warp))
        return cs_err(err, w->kernel_path, 0, "warp %u written twice in one CTA", warp);
    w->warps_done |= 1u << warp;
    fprintf(w->kernel, "warp = %u\ninsts = %zu\n", warp, n);
    /* longest line: 32 addresses of "0x" + 16 digits, 10 registers, an opcode */
    char line[2048];
    for (size_t i = 0; i < n; i++) {
        const warp_inst_t *in = &insts[i];
        if (in->ndst > INST_MAX_DST || in->nsrc > INST_MAX_SRC)
            return cs_err(err, w->kernel_path, 0, "warp %u instruction %zu: too many registers", warp, i);
        if (in->addr && in->unit != UNIT_LDST)
            return cs_err(err, w->kernel_path, 0, "warp %u instruction %zu: addresses on a non-LD/ST instruction",
                          warp, i);
        char namebuf[32];
        const char *op = opcodes && opcodes[i] ? opcodes[i] : canonical_opcode(in, namebuf, sizeof namebuf);
        if (strlen(op) > 200 || strpbrk(op, " \t\n\r"))
            return cs_err(err, w->kernel_path, 0, "warp %u instruction %zu: bad opcode text", warp, i);
        /* Accel-Sim's limits: the first destination, the first sources */
        unsigned ndst = in->ndst < TRACE_MAX_DST ? in->ndst : TRACE_MAX_DST;
        unsigned nsrc = in->nsrc < TRACE_MAX_SRC ? in->nsrc : TRACE_MAX_SRC;
        w->lines++;
        char *p = line;
        p += sprintf(p, "%04" PRIx64 " %08x %u", in->pc, in->active_mask, ndst);
        for (unsigned r = 0; r < ndst; r++)
            p = put_register(w, p, in->dst[r]);
        p += sprintf(p, " %s %u", op, nsrc);
        for (unsigned r = 0; r < nsrc; r++)
            p = put_register(w, p, in->src[r]);
        if (in->addr) {
            p += sprintf(p, " %u", in->access_size ? (unsigned)in->access_size : 4u);
            p = put_addresses(p, in);
        } else {
            p += sprintf(p, " 0");
        }
        *p++ = '\n';
        fwrite(line, 1, (size_t)(p - line), w->kernel);
    }
    fputc('\n', w->kernel);
    return 0;
}

int trace_writer_end_cta(trace_writer_t *w, cs_error_t *err)
{
    if (!w->in_cta)
        return cs_err(err, w->kernel_path ? w->kernel_path : w->dir, 0, "end_cta without begin_cta");
    w->in_cta = false;
    fprintf(w->kernel, "#END_TB\n\n");
    return 0;
}

int trace_writer_end_kernel(trace_writer_t *w, cs_error_t *err)
{
    if (!w->kernel)
        return cs_err(err, w->dir, 0, "end_kernel without begin_kernel");
    int rc = 0;
    if (w->in_cta)
        rc = cs_err(err, w->kernel_path, 0, "end_kernel inside a CTA");
    bool failed = ferror(w->kernel) != 0;
    errno = 0;
    if (fclose(w->kernel) != 0 || failed)
        rc = cs_err(err, w->kernel_path, 0, "write failed: %s", strerror(errno ? errno : EIO));
    struct stat st;
    if (rc == 0 && stat(w->kernel_path, &st) == 0)
        w->bytes += (uint64_t)st.st_size;
    w->kernel = NULL;
    w->in_cta = false;
    free(w->kernel_path);
    w->kernel_path = NULL;
    return rc;
}

int trace_writer_set_compress(trace_writer_t *w, bool compress, cs_error_t *err)
{
    if (compress && !xz_file_supported())
        return cs_err(err, w->dir, 0, "cannot write .xz traces: this build has no liblzma (Debian: liblzma-dev)");
    if (w->kernels_written)
        return cs_err(err, w->dir, 0, "compression chosen after a kernel was written");
    w->compress = compress;
    return 0;
}

int trace_writer_close(trace_writer_t *w, cs_error_t *err) { return trace_writer_finish(w, NULL, err); }

int trace_writer_finish(trace_writer_t *w, uint64_t *bytes, cs_error_t *err)
{
    if (!w)
        return 0;
    int rc = 0;
    if (w->kernel) {
        cs_error_t ignored;
        trace_writer_end_kernel(w, &ignored);
        rc = cs_err(err, w->dir, 0, "closed with a kernel still open");
    }
    bool failed = ferror(w->list) != 0;
    if (fclose(w->list) != 0 || failed)
        rc = cs_err(err, w->list_path, 0, "write failed: %s", strerror(errno ? errno : EIO));
    struct stat st;
    if (bytes)
        *bytes = w->bytes + (rc == 0 && stat(w->list_path, &st) == 0 ? (uint64_t)st.st_size : 0);
    free(w->list_path);
    free(w->dir);
    free(w->reg_of_key);
    free(w);
    return rc;
}

/* ---------------------------------------------------------- kernel dump */

/* One warp's instructions as pulled from a source, with private copies of
 * the addresses (the source's pointers die at its next warp_next). */
typedef struct pulled_warp {
    warp_inst_t *insts;
    size_t *addr_slot; /* per instruction: index into addrs, or NO_ADDR */
    uint64_t *addrs;   /* WARP_SIZE per memory instruction, in order */
    size_t n, cap, naddr, addr_cap;
    bool done, at_barrier;
} pulled_warp_t;

#define NO_ADDR SIZE_MAX

static void pulled_push(pulled_warp_t *pw, const warp_inst_t *in)
{
    if (pw->n == pw->cap) {
        pw->cap = pw->cap ? pw->cap * 2 : 64;
        pw->insts = cs_xrealloc(pw->insts, pw->cap * sizeof *pw->insts);
        pw->addr_slot = cs_xrealloc(pw->addr_slot, pw->cap * sizeof *pw->addr_slot);
    }
    pw->insts[pw->n] = *in;
    pw->addr_slot[pw->n] = NO_ADDR;
    if (in->addr) {
        if (pw->naddr == pw->addr_cap) {
            pw->addr_cap = pw->addr_cap ? pw->addr_cap * 2 : 16;
            pw->addrs = cs_xrealloc(pw->addrs, pw->addr_cap * WARP_SIZE * sizeof *pw->addrs);
        }
        memcpy(pw->addrs + pw->naddr * WARP_SIZE, in->addr, WARP_SIZE * sizeof *pw->addrs);
        /* a pointer is made once the array stops moving */
        pw->addr_slot[pw->n] = pw->naddr++;
    }
    pw->n++;
}

/* Pull every warp of a CTA, honouring the source contract: a warp that
 * returned a barrier is not pulled again until every live warp reached it. */
static int pull_cta(const kernel_desc_t *k, void *cta, pulled_warp_t *warps, unsigned nwarps, cs_error_t *err)
{
    for (;;) {
        unsigned live = 0;
        for (unsigned wi = 0; wi < nwarps; wi++) {
            pulled_warp_t *pw = &warps[wi];
            while (!pw->done && !pw->at_barrier) {
                const warp_inst_t *in;
                int rc = cta_source_next_now(k->ops, k->src, cta, wi, &in, err);
                if (rc < 0)
                    return -1;
                if (rc == 0) {
                    pw->done = true;
                    break;
                }
                pulled_push(pw, in);
                if (in->flags & INST_BARRIER)
                    pw->at_barrier = true;
            }
            if (!pw->done)
                live++;
        }
        if (live == 0)
            return 0;
        for (unsigned wi = 0; wi < nwarps; wi++) /* every live warp is at the barrier: release */
            warps[wi].at_barrier = false;
    }
}

int trace_writer_dump_kernel(trace_writer_t *w, const kernel_desc_t *k, cs_error_t *err)
{
    /* CTAs are pulled one at a time here, and the format has no cluster
     * shape or distributed shared memory: refuse rather than write a trace
     * that replays differently */
    if (kernel_cluster_size(k) > 1)
        return cs_err(err, w->dir, 0,
                      "kernel '%s': a launch with thread block clusters (%ux%ux%u) cannot be written as an Accel-Sim trace",
                      k->name, k->cluster.x, k->cluster.y, k->cluster.z);
    /* the copies made before the launch precede it in the kernel list, as
     * Accel-Sim's tracer writes them (they warm the L2 on replay) */
    for (uint32_t i = 0; i < k->n_h2d_copies; i++)
        if (trace_writer_memcpy(w, k->h2d_copies[i].addr, k->h2d_copies[i].bytes, err) < 0)
            return -1;
    if (trace_writer_begin_kernel(w, k, err) < 0)
        return -1;
    unsigned nwarps = kernel_warps_per_cta(k);
    uint64_t nctas = dim3_count(k->grid);
    pulled_warp_t *warps = cs_xcalloc(nwarps, sizeof *warps);
    int rc = 0;
    for (uint64_t c = 0; c < nctas && rc == 0; c++) {
        void *cta = k->ops->cta_begin(k->src, c, 0, err);
        if (!cta) {
            rc = -1;
            break;
        }
        for (unsigned wi = 0; wi < nwarps; wi++) {
            warps[wi].n = warps[wi].naddr = 0;
            warps[wi].done = warps[wi].at_barrier = false;
        }
        rc = pull_cta(k, cta, warps, nwarps, err);
        k->ops->cta_end(k->src, cta);
        if (rc == 0)
            rc = trace_writer_begin_cta(w, dim3_unlinear(k->grid, c), err);
        for (unsigned wi = 0; wi < nwarps && rc == 0; wi++) {
            pulled_warp_t *pw = &warps[wi];
            for (size_t i = 0; i < pw->n; i++)
                pw->insts[i].addr = pw->addr_slot[i] == NO_ADDR ? NULL : pw->addrs + pw->addr_slot[i] * WARP_SIZE;
            rc = trace_writer_warp(w, wi, pw->insts, NULL, pw->n, err);
        }
        if (rc == 0)
            rc = trace_writer_end_cta(w, err);
    }
    for (unsigned wi = 0; wi < nwarps; wi++) {
        free(warps[wi].insts);
        free(warps[wi].addr_slot);
        free(warps[wi].addrs);
    }
    free(warps);
    cs_error_t ignored;
    if (trace_writer_end_kernel(w, rc == 0 ? err : &ignored) < 0)
        rc = -1;
    return rc;
}
