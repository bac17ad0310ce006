/* config.c — GPGPU-Sim style option files into gpu_config_t.
 *
 * The design is one table (option_table below): a row per option name with
 * its kind, the field it writes and its bounds. Parsing, `--set`, unknown
 * option suggestions and config_dump all walk the same table, so adding a
 * parameter is one field in config.h plus one row here, plus the statement of
 * what the model does with it in config_coverage.c (tests/test_config.c
 * fails without one). Each load records where every option was set and
 * warns, through config_coverage.c, about what it sets and is not modelled.
 *
 * Input syntax, as GPGPU-Sim's option parser reads it:
 *   - the text is a stream of whitespace-separated words; an option is a word
 *     starting with '-' and its value is the next word (so `-a 1 -b 2` on one
 *     line works, as do options split over lines);
 *   - '#' starts a comment anywhere outside quotes, up to the end of the line;
 *   - "double quotes" group a value that may contain blanks or span lines;
 *     the lines of a multi-line quoted value are joined with the blanks around
 *     each line break removed (the -gpgpu_dram_timing_opt idiom);
 *   - a later occurrence of an option overrides an earlier one.
 * Loading is all-or-nothing: on any error the caller's struct is unchanged. */
#include "config.h"
#include "config_coverage.h"
#include "icnt_file.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Model limits the SM model is built for (sm.h: MAX_WARPS_PER_SM, MAX_CTAS_PER_SM).
 * Checked here so a configuration beyond them is a clear error, not an overflow. */

/* Upper bounds that keep a hostile file from asking the model for absurd
 * allocations; each is far above any real GPU. */
#define CONFIG_MAX_SMS 4096u
#define CONFIG_MAX_CHANNELS 1024u
#define CONFIG_MAX_CACHE_LINES (1u << 20) /* nsets * assoc of one cache */
#define CONFIG_MAX_CLOCK_MHZ 100000.0

#define WHY_MAX CS_ERRMSG_MAX /* the "what is wrong" part of a message */
#define SHOW_MAX 80   /* characters of a user value quoted back in a message */

/* ------------------------------------------------------------------------ */
/* Small text helpers                                                       */
/* ------------------------------------------------------------------------ */

static bool is_blank(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static bool is_space(int ch) { return is_blank(ch) || ch == '\n'; }

static bool is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }

/* Copy `s` for display inside an error message: printable ASCII only (a
 * binary file must not put control bytes on the user's terminal) and at most
 * SHOW_MAX characters. */
static const char *show(const char *s, char *out, size_t outsz)
{
    return cs_printable(s, strnlen(s, SHOW_MAX + 1), SHOW_MAX, out, outsz);
}

/* Trim blanks and newlines in place; returns the first non-blank character. */
static char *trim(char *s)
{
    while (is_space((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && is_space((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Split `s` in place at each `sep`. Returns the number of fields; when there
 * are more than `max`, returns max + 1 and the extra fields are not stored. */
static int split(char *s, char sep, char **fields, int max)
{
    int n = 0;
    for (;;) {
        char *next = strchr(s, sep);
        if (next)
            *next = '\0';
        if (n == max)
            return max + 1;
        fields[n++] = s;
        if (!next)
            return n;
        s = next + 1;
    }
}

enum num_status { NUM_OK, NUM_EMPTY, NUM_NEGATIVE, NUM_NOT_NUMBER, NUM_OVERFLOW };

/* Strict unsigned decimal: digits only (an optional leading '+'), no blanks,
 * no trailing text. strtoull is not used because it accepts "-1" (wrapping it)
 * and leading whitespace. */
static enum num_status parse_u64(const char *s, uint64_t *out)
{
    if (*s == '+')
        s++;
    if (*s == '\0')
        return NUM_EMPTY;
    if (*s == '-')
        return (s[1] >= '0' && s[1] <= '9') ? NUM_NEGATIVE : NUM_NOT_NUMBER;
    uint64_t v = 0;
    bool overflow = false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return NUM_NOT_NUMBER;
        unsigned digit = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - digit) / 10)
            overflow = true;
        else
            v = v * 10 + digit;
    }
    if (overflow)
        return NUM_OVERFLOW;
    *out = v;
    return NUM_OK;
}

/* Parse one unsigned number within [lo, hi]; on failure write what is wrong
 * into why (prefixed by `what` when not NULL, e.g. "value 3"). */
static int parse_bounded(const char *s, uint64_t lo, uint64_t hi, const char *what, uint64_t *out,
                         char *why, size_t whysz)
{
    uint64_t v = 0;
    const char *sep = what ? ": " : "";
    what = what ? what : "";
    switch (parse_u64(s, &v)) {
    case NUM_OK:
        break;
    case NUM_EMPTY:
        snprintf(why, whysz, "%s%sempty where a number is expected", what, sep);
        return -1;
    case NUM_NEGATIVE:
        snprintf(why, whysz, "%s%smust not be negative", what, sep);
        return -1;
    case NUM_NOT_NUMBER:
        snprintf(why, whysz, "%s%snot an unsigned integer", what, sep);
        return -1;
    case NUM_OVERFLOW:
        snprintf(why, whysz, "%s%sout of range (at most %" PRIu64 ")", what, sep, hi);
        return -1;
    }
    if (v < lo) {
        snprintf(why, whysz, "%s%smust be at least %" PRIu64, what, sep, lo);
        return -1;
    }
    if (v > hi) {
        snprintf(why, whysz, "%s%s%s (at most %" PRIu64 ")", what, sep,
                 hi == UINT32_MAX || hi == UINT64_MAX ? "out of range" : "too large", hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_u32_field(const char *s, uint32_t lo, uint32_t hi, const char *what, uint32_t *out,
                           char *why, size_t whysz)
{
    uint64_t v;
    if (parse_bounded(s, lo, hi, what, &v, why, whysz) < 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static bool is_pow2(uint32_t v) { return v && !(v & (v - 1)); }

/* ------------------------------------------------------------------------ */
/* Cache strings                                                            */
/* ------------------------------------------------------------------------ */

/* One letter out of an allowed set, for the policy fields of a cache string. */
static int want_letter(const char *field, const char *what, const char *allowed, char *out,
                       cs_error_t *err)
{
    if (field[0] == '\0' || field[1] != '\0' || !strchr(allowed, field[0])) {
        char shown[SHOW_MAX + 8], list[32];
        size_t n = 0;
        for (const char *a = allowed; *a && n + 3 < sizeof list; a++) {
            if (n)
                list[n++] = ' ';
            list[n++] = *a;
        }
        list[n] = '\0';
        return cs_err(err, NULL, 0, "bad %s '%s' (expected one of %s)", what,
                      show(field, shown, sizeof shown), list);
    }
    *out = field[0];
    return 0;
}

static int want_u32(const char *field, const char *what, uint32_t lo, uint32_t hi, uint32_t *out,
                    cs_error_t *err)
{
    char why[WHY_MAX];
    if (parse_u32_field(field, lo, hi, what, out, why, sizeof why) < 0)
        return cs_err(err, NULL, 0, "%s", why);
    return 0;
}

int cache_config_parse(cache_config_t *cc, const char *s, cs_error_t *err)
{
    char buf[256];
    if (!s)
        return cs_err(err, NULL, 0, "missing cache configuration");
    size_t len = strlen(s);
    if (len >= sizeof buf)
        return cs_err(err, NULL, 0, "cache configuration too long (at most %zu characters)",
                      sizeof buf - 1);
    memcpy(buf, s, len + 1);
    char *text = trim(buf);

    cache_config_t c;
    memset(&c, 0, sizeof c); /* padding too: configs are compared bytewise */
    if (strcmp(text, "none") == 0) {
        *cc = c;
        return 0;
    }

    char *sections[5];
    int nsec = split(text, ',', sections, 5);
    if (nsec < 4 || nsec > 5)
        return cs_err(err, NULL, 0,
                      "expected 4 or 5 comma-separated sections "
                      "<geometry>,<policies>,<mshr>,<miss queue>[,<port width>] (got %s%d)",
                      nsec > 5 ? "more than " : "", nsec > 5 ? 5 : nsec);

    /* [<S|N>:]<nsets>:<line size>:<assoc>; GPGPU-Sim 3.x strings have no sector flag. */
    char *geo[5];
    int ngeo = split(sections[0], ':', geo, 4);
    if (ngeo < 3 || ngeo > 4)
        return cs_err(err, NULL, 0,
                      "geometry '[S|N:]<nsets>:<line size>:<assoc>' needs 3 or 4 fields (got %s%d)",
                      ngeo > 4 ? "more than " : "", ngeo > 4 ? 4 : ngeo);
    char **g = geo;
    if (ngeo == 4) {
        char flag;
        if (want_letter(geo[0], "sector flag", "NS", &flag, err) < 0)
            return -1;
        c.sectored = flag == 'S';
        g++;
    }
    if (want_u32(g[0], "set count", 0, UINT32_MAX, &c.nsets, err) < 0 ||
        want_u32(g[1], "line size", 1, UINT32_MAX, &c.line_size, err) < 0 ||
        want_u32(g[2], "associativity", 1, UINT32_MAX, &c.assoc, err) < 0)
        return -1;
    if (!is_pow2(c.line_size) || c.line_size < 32 || c.line_size > 4096)
        return cs_err(err, NULL, 0, "line size %" PRIu32 " must be a power of two from 32 to 4096",
                      c.line_size);
    if (c.sectored && c.line_size > 256)
        return cs_err(err, NULL, 0,
                      "sectored cache needs a line of at most 8 32-byte sectors (line size %" PRIu32 ")",
                      c.line_size);
    if ((uint64_t)c.nsets * c.assoc > CONFIG_MAX_CACHE_LINES)
        return cs_err(err, NULL, 0, "cache too large (%" PRIu32 " sets x %" PRIu32
                      " ways; at most %u lines)", c.nsets, c.assoc, CONFIG_MAX_CACHE_LINES);

    /* <replacement>:<write>:<alloc>:<write alloc>[:<set index fn>] */
    char *pol[6];
    int npol = split(sections[1], ':', pol, 5);
    if (npol < 4 || npol > 5)
        return cs_err(err, NULL, 0,
                      "policies '<rep>:<wr>:<alloc>:<wr_alloc>[:<set_index_fn>]' need 4 or 5 fields (got %s%d)",
                      npol > 5 ? "more than " : "", npol > 5 ? 5 : npol);
    if (want_letter(pol[0], "replacement policy", "LF", &c.replacement, err) < 0 ||
        want_letter(pol[1], "write policy", "RBTEL", &c.write_policy, err) < 0 ||
        want_letter(pol[2], "allocation policy", "mfs", &c.alloc_policy, err) < 0 ||
        want_letter(pol[3], "write-allocate policy", "NWFL", &c.write_alloc, err) < 0)
        return -1;
    c.set_index_fn = 'L';
    if (npol == 5 && want_letter(pol[4], "set index function", "LHPX", &c.set_index_fn, err) < 0)
        return -1;

    /* <mshr type>:<entries>:<max merge> */
    char *mshr[4];
    int nmshr = split(sections[2], ':', mshr, 3);
    if (nmshr != 3)
        return cs_err(err, NULL, 0, "MSHR section '<type>:<entries>:<max merge>' needs 3 fields (got %s%d)",
                      nmshr > 3 ? "more than " : "", nmshr > 3 ? 3 : nmshr);
    if (want_letter(mshr[0], "MSHR type", "ASTF", &c.mshr_type, err) < 0 ||
        want_u32(mshr[1], "MSHR entries", 1, UINT32_MAX, &c.mshr_entries, err) < 0 ||
        want_u32(mshr[2], "MSHR max merge", 1, UINT32_MAX, &c.mshr_max_merge, err) < 0)
        return -1;

    /* <miss queue>[:<fifo entries>] then an optional data-port width: the
     * trailing numbers are checked but not modelled. */
    char *mq[3];
    int nmq = split(sections[3], ':', mq, 2);
    if (nmq < 1 || nmq > 2)
        return cs_err(err, NULL, 0, "miss queue section '<entries>[:<fifo entries>]' needs 1 or 2 fields");
    uint32_t ignored;
    if (want_u32(mq[0], "miss queue size", 1, UINT32_MAX, &c.miss_queue, err) < 0)
        return -1;
    if (nmq == 2 && want_u32(mq[1], "fifo entries", 0, UINT32_MAX, &ignored, err) < 0)
        return -1;
    if (nsec == 5 && want_u32(trim(sections[4]), "data port width", 0, UINT32_MAX, &ignored, err) < 0)
        return -1;

    c.enabled = c.nsets > 0;
    if (!c.enabled)
        memset(&c, 0, sizeof c); /* a disabled cache has one canonical form ("none") */
    *cc = c;
    return 0;
}

static void cache_config_format(const cache_config_t *c, char *out, size_t outsz)
{
    if (!c->enabled) {
        snprintf(out, outsz, "none");
        return;
    }
    snprintf(out, outsz, "%c:%" PRIu32 ":%" PRIu32 ":%" PRIu32 ",%c:%c:%c:%c:%c,%c:%" PRIu32 ":%" PRIu32
             ",%" PRIu32,
             c->sectored ? 'S' : 'N', c->nsets, c->line_size, c->assoc, c->replacement,
             c->write_policy, c->alloc_policy, c->write_alloc, c->set_index_fn, c->mshr_type,
             c->mshr_entries, c->mshr_max_merge, c->miss_queue);
}

/* ------------------------------------------------------------------------ */
/* DRAM timing strings                                                      */
/* ------------------------------------------------------------------------ */

static const struct dram_key {
    const char *key;
    size_t offset;
    uint32_t min; /* 1 where a zero would make the DRAM model meaningless */
} dram_keys[] = {
    {"nbk", offsetof(dram_timing_t, nbk), 1},       {"CCD", offsetof(dram_timing_t, tCCD), 1},
    {"RRD", offsetof(dram_timing_t, tRRD), 0},      {"RCD", offsetof(dram_timing_t, tRCD), 1},
    {"RAS", offsetof(dram_timing_t, tRAS), 1},      {"RP", offsetof(dram_timing_t, tRP), 1},
    {"RC", offsetof(dram_timing_t, tRC), 1},        {"CL", offsetof(dram_timing_t, tCL), 1},
    {"WL", offsetof(dram_timing_t, tWL), 0},        {"CDLR", offsetof(dram_timing_t, tCDLR), 0},
    {"WR", offsetof(dram_timing_t, tWR), 0},        {"nbkgrp", offsetof(dram_timing_t, nbkgrp), 1},
    {"CCDL", offsetof(dram_timing_t, tCCDL), 0},    {"RTPL", offsetof(dram_timing_t, tRTPL), 0},
    {"RTP", offsetof(dram_timing_t, tRTP), 0},
};

#define DRAM_MAX_BANKS 1024u
#define DRAM_DEFAULT_RTP 2u /* GPGPU-Sim has no tRTP key; 2 command cycles (BL8 on a QDR bus) */

int dram_timing_parse(dram_timing_t *t, const char *s, cs_error_t *err)
{
    if (!s)
        return cs_err(err, NULL, 0, "missing DRAM timing");
    char *buf = cs_xstrdup(s);
    dram_timing_t next = *t; /* keys not given keep their previous value */
    bool saw_rtp = false, saw_any = false;
    int rc = 0;
    char *field = buf;
    while (field && rc == 0) {
        char *colon = strchr(field, ':');
        if (colon)
            *colon = '\0';
        char *f = trim(field);
        field = colon ? colon + 1 : NULL;
        if (*f == '\0')
            continue; /* tolerate "a=1::b=2" and a trailing ':' */
        char *eq = strchr(f, '=');
        char shown[SHOW_MAX + 8];
        if (!eq) {
            rc = cs_err(err, NULL, 0, "bad DRAM timing field '%s' (expected KEY=VALUE)",
                        show(f, shown, sizeof shown));
            break;
        }
        *eq = '\0';
        char *key = trim(f), *value = trim(eq + 1);
        const struct dram_key *k = NULL;
        for (size_t i = 0; i < CS_ARRAY_LEN(dram_keys); i++)
            if (strcmp(dram_keys[i].key, key) == 0)
                k = &dram_keys[i];
        if (!k) {
            rc = cs_err(err, NULL, 0,
                        "unknown DRAM timing parameter '%s' (known: nbk CCD RRD RCD RAS RP RC CL WL "
                        "CDLR WR nbkgrp CCDL RTPL RTP)",
                        show(key, shown, sizeof shown));
            break;
        }
        uint32_t max = (k->offset == offsetof(dram_timing_t, nbk) ||
                        k->offset == offsetof(dram_timing_t, nbkgrp)) ? DRAM_MAX_BANKS : UINT32_MAX;
        uint32_t v;
        char why[WHY_MAX];
        if (parse_u32_field(value, k->min, max, k->key, &v, why, sizeof why) < 0) {
            rc = cs_err(err, NULL, 0, "%s", why);
            break;
        }
        memcpy((char *)&next + k->offset, &v, sizeof v);
        saw_rtp |= k->offset == offsetof(dram_timing_t, tRTP);
        saw_any = true;
    }
    free(buf);
    if (rc < 0)
        return rc;
    if (!saw_any)
        return cs_err(err, NULL, 0, "empty DRAM timing string");
    if (!saw_rtp && next.tRTP == 0)
        next.tRTP = DRAM_DEFAULT_RTP;
    if (next.nbk == 0 || next.nbkgrp == 0)
        return cs_err(err, NULL, 0, "nbk and nbkgrp must be given and at least 1");
    if (next.nbk % next.nbkgrp)
        return cs_err(err, NULL, 0, "nbk (%" PRIu32 ") must be a multiple of nbkgrp (%" PRIu32 ")",
                      next.nbk, next.nbkgrp);
    *t = next;
    return 0;
}

static void dram_timing_format(const dram_timing_t *t, char *out, size_t outsz)
{
    snprintf(out, outsz,
             "nbk=%" PRIu32 ":CCD=%" PRIu32 ":RRD=%" PRIu32 ":RCD=%" PRIu32 ":RAS=%" PRIu32
             ":RP=%" PRIu32 ":RC=%" PRIu32 ":CL=%" PRIu32 ":WL=%" PRIu32 ":CDLR=%" PRIu32
             ":WR=%" PRIu32 ":nbkgrp=%" PRIu32 ":CCDL=%" PRIu32 ":RTPL=%" PRIu32 ":RTP=%" PRIu32,
             t->nbk, t->tCCD, t->tRRD, t->tRCD, t->tRAS, t->tRP, t->tRC, t->tCL, t->tWL, t->tCDLR,
             t->tWR, t->nbkgrp, t->tCCDL, t->tRTPL, t->tRTP);
}

/* ------------------------------------------------------------------------ */
/* The option table                                                         */
/* ------------------------------------------------------------------------ */

enum opt_kind {
    OPT_U32,          /* one number into a uint32_t, within [min, max] */
    OPT_U64,          /* one number into a uint64_t */
    OPT_BOOL,         /* 0 or 1 */
    OPT_STR,          /* a word into a char array (size from the field) */
    OPT_CLOCKS,       /* core:icnt:l2:dram in MHz */
    OPT_PIPELINE,     /* <threads>:<warp size> */
    OPT_NUM_SCHED,    /* schedulers per core; also sizes the branch units */
    OPT_LAT_LIST,     /* comma list into lat[] or init[] from class `first` */
    OPT_LAT_INIT,     /* "<latency>,<initiation>" applied to classes [first, first+count) */
    OPT_QUEUES,       /* a:b:c:d partition queues */
    OPT_SHMEM_LIST,   /* ascending comma list of shared-memory carve-outs (KB) */
    OPT_CACHE,        /* cache string */
    OPT_DRAM_TIMING,  /* DRAM timing string */
    OPT_DOUBLE,       /* one finite, non-negative decimal number into a double (power parameters) */
};

typedef struct option_def {
    const char *name;      /* without the leading '-' */
    enum opt_kind kind;
    size_t offset;         /* of the field in gpu_config_t (lat[0]/init[0] for the lists) */
    size_t size;           /* OPT_STR: size of the char array */
    uint64_t min, max;     /* numeric bounds (every value of a list) */
    uint8_t first, count, min_count; /* latency classes for OPT_LAT_LIST / OPT_LAT_INIT */
    bool alias;            /* writes fields another row owns: not written by config_dump */
    const char *help;
} option_def_t;

#define FIELD(f) offsetof(gpu_config_t, f)
#define FSIZE(f) sizeof(((gpu_config_t *)0)->f)
#define U32(nm, f, lo, hi, h) {.name = nm, .kind = OPT_U32, .offset = FIELD(f), .min = lo, .max = hi, .help = h}
#define U32_ALIAS(nm, f, lo, hi, h) \
    {.name = nm, .kind = OPT_U32, .offset = FIELD(f), .min = lo, .max = hi, .alias = true, .help = h}
#define U64(nm, f, h) {.name = nm, .kind = OPT_U64, .offset = FIELD(f), .max = UINT64_MAX, .help = h}
#define BOOL(nm, f, h) {.name = nm, .kind = OPT_BOOL, .offset = FIELD(f), .max = 1, .help = h}
#define STR(nm, f, h) {.name = nm, .kind = OPT_STR, .offset = FIELD(f), .size = FSIZE(f), .help = h}
#define LIST(nm, arr, cls, n, nmin, h)                                                          \
    {.name = nm, .kind = OPT_LAT_LIST, .offset = FIELD(arr), .min = 1, .max = UINT32_MAX,      \
     .first = cls, .count = n, .min_count = nmin, .help = h}
#define PAIR(nm, cls, n, h)                                                                     \
    {.name = nm, .kind = OPT_LAT_INIT, .min = 1, .max = UINT32_MAX, .first = cls, .count = n,   \
     .alias = true, .help = h}
#define DBL(nm, f, h) {.name = nm, .kind = OPT_DOUBLE, .offset = FIELD(f), .help = h}
#define PJ(ev, id, h) DBL("power_" ev "_pj", power.event_pj[id], h)
#define SPECIAL(nm, k, f, h) {.name = nm, .kind = k, .offset = FIELD(f), .min = 1, .max = UINT32_MAX, .help = h}

static const option_def_t option_table[] = {
    /* top level */
    U32("gpgpu_n_clusters", n_clusters, 1, CONFIG_MAX_SMS, "number of SM clusters"),
    U32("gpgpu_n_cores_per_cluster", n_cores_per_cluster, 1, CONFIG_MAX_SMS, "SMs per cluster"),
    U32("gpgpu_n_mem", n_mem, 1, CONFIG_MAX_CHANNELS, "DRAM channels (memory partitions)"),
    U32("gpgpu_n_sub_partition_per_mchannel", n_sub_partition_per_mchannel, 1, 64,
        "L2 slices per DRAM channel"),
    U32("ctasim_gpcs", n_gpc, 0, CONFIG_MAX_SMS,
        "GPCs the SMs are grouped in (0 = not described: one GPC of all SMs)"),
    U32("ctasim_sms_per_tpc", sms_per_tpc, 1, 64, "SMs per TPC; each GPC holds whole TPCs"),
    U32("ctasim_dsmem_latency", dsmem_latency, 1, UINT32_MAX,
        "core cycles until a distributed shared memory access (another CTA of the cluster) has its data"),
    SPECIAL("gpgpu_clock_domains", OPT_CLOCKS, clk_core_mhz,
            "<core>:<interconnect>:<L2>:<DRAM> clocks in MHz"),
    U32("gpgpu_kernel_launch_latency", kernel_launch_latency, 0, UINT32_MAX,
        "core cycles from kernel launch to its first CTA"),
    U32("gpgpu_TB_launch_latency", tb_launch_latency, 0, UINT32_MAX, "core cycles to launch a CTA"),
    U32("gpgpu_max_concurrent_kernel", max_concurrent_kernel, 1, UINT32_MAX,
        "kernels resident at once"),
    U32("gpgpu_concurrent_kernel_sm", concurrent_kernel_sm, 0, 1,
        "1: CTAs of different kernels share a core; 0: a core takes a kernel's CTAs only while it holds no other "
        "kernel's, an empty core picking the running kernels round-robin (GPGPU-Sim's default)"),

    /* SM resources */
    SPECIAL("gpgpu_shader_core_pipeline", OPT_PIPELINE, max_threads_per_sm,
            "<threads per SM>:<warp size>"),
    U32("gpgpu_shader_cta", max_cta_per_sm, 1, UINT32_MAX, "CTAs per SM"),
    U32("gpgpu_shader_registers", registers_per_sm, 1, UINT32_MAX, "registers per SM"),
    U32("gpgpu_registers_per_block", registers_per_block, 0, UINT32_MAX,
        "registers per CTA (0 = no limit beyond the SM's)"),
    U32("ctasim_reg_alloc_granularity", reg_alloc_granularity, 1, 1u << 16,
        "registers per thread are rounded up to a multiple of this"),
    U32("gpgpu_shmem_size", shmem_per_sm, 0, UINT32_MAX, "shared memory per SM (bytes)"),
    U32("gpgpu_shmem_per_block", shmem_per_block, 0, UINT32_MAX,
        "shared memory per CTA (bytes, 0 = the SM's)"),
    U32("ctasim_shmem_alloc_granularity", shmem_alloc_granularity, 1, 1u << 20,
        "shared memory per CTA is rounded up to a multiple of this (bytes)"),
    U32("ctasim_simd_width", simd_width, 1, WARP_SIZE, "lanes per SP unit (32 = a warp per cycle)"),

    /* SM pipeline */
    {.name = "gpgpu_num_sched_per_core", .kind = OPT_NUM_SCHED, .offset = FIELD(num_sched_per_core),
     .min = 1, .max = CONFIG_MAX_SCHED_PER_SM, .help = "warp schedulers per SM (also the number of branch units)"},
    STR("gpgpu_scheduler", warp_sched, "warp scheduler: lrr, gto, two_level_active:..."),
    STR("ctasim_dyncta_defaults", dyncta_defaults,
        "DYNCTA's (and DYNCORE's) argument defaults calibrated for this machine, k=v,... (cmem, t_idle, t_mem_l, "
        "t_mem_h, period), or 'paper' (Kayiran et al.'s); arguments given to the policy override them"),
    U32("gpgpu_num_sp_units", num_units[UNIT_SP], 1, 64, "SP units per SM"),
    U32("gpgpu_num_sfu_units", num_units[UNIT_SFU], 0, 64, "SFU units per SM (0: SFU work runs on SP)"),
    U32("gpgpu_num_dp_units", num_units[UNIT_DP], 0, 64, "DP units per SM (0: DP runs on the SFU, as Fermi)"),
    U32("gpgpu_num_int_units", num_units[UNIT_INT], 0, 64, "INT units per SM (0: INT runs on SP)"),
    U32("gpgpu_num_tensor_core_units", num_units[UNIT_TENSOR], 0, 64, "tensor units per SM"),
    LIST("ptx_opcode_latency_int", lat, LAT_INT_ADD, 6, 5, "integer latencies ADD,MAX,MUL,MAD,DIV[,SHFL]"),
    LIST("ptx_opcode_initiation_int", init, LAT_INT_ADD, 6, 5,
         "integer initiation intervals ADD,MAX,MUL,MAD,DIV[,SHFL]"),
    LIST("ptx_opcode_latency_fp", lat, LAT_FP_ADD, 5, 5, "FP32 latencies ADD,MAX,MUL,MAD,DIV"),
    LIST("ptx_opcode_initiation_fp", init, LAT_FP_ADD, 5, 5, "FP32 initiation intervals ADD,MAX,MUL,MAD,DIV"),
    LIST("ptx_opcode_latency_dp", lat, LAT_DP_ADD, 5, 5, "FP64 latencies ADD,MAX,MUL,MAD,DIV"),
    LIST("ptx_opcode_initiation_dp", init, LAT_DP_ADD, 5, 5, "FP64 initiation intervals ADD,MAX,MUL,MAD,DIV"),
    U32("ptx_opcode_latency_sfu", lat[LAT_SFU], 1, UINT32_MAX, "SFU latency"),
    U32("ptx_opcode_initiation_sfu", init[LAT_SFU], 1, UINT32_MAX, "SFU initiation interval"),
    U32("ptx_opcode_latency_tensor", lat[LAT_TENSOR], 1, UINT32_MAX, "tensor latency"),
    U32_ALIAS("ptx_opcode_latency_tesnor", lat[LAT_TENSOR], 1, UINT32_MAX,
              "tensor latency (GPGPU-Sim's spelling)"),
    U32("ptx_opcode_initiation_tensor", init[LAT_TENSOR], 1, UINT32_MAX, "tensor initiation interval"),
    U32("ctasim_opcode_latency_branch", lat[LAT_BRANCH], 1, UINT32_MAX,
        "latency of control instructions (branch unit)"),
    U32("ctasim_opcode_initiation_branch", init[LAT_BRANCH], 1, UINT32_MAX,
        "initiation interval of control instructions"),
    PAIR("trace_opcode_latency_initiation_int", LAT_INT_ADD, 6, "<latency>,<initiation> of every integer class"),
    PAIR("trace_opcode_latency_initiation_sp", LAT_FP_ADD, 5, "<latency>,<initiation> of every FP32 class"),
    PAIR("trace_opcode_latency_initiation_dp", LAT_DP_ADD, 5, "<latency>,<initiation> of every FP64 class"),
    PAIR("trace_opcode_latency_initiation_sfu", LAT_SFU, 1, "<latency>,<initiation> of SFU instructions"),
    PAIR("trace_opcode_latency_initiation_tensor", LAT_TENSOR, 1, "<latency>,<initiation> of tensor instructions"),
    U32("ctasim_ibuffer_size", ibuffer_size, 1, 1024, "decoded instructions buffered per warp"),
    U32("ctasim_pipeline_latency", pipeline_latency, 0, 1024,
        "cycles between issue and execution plus write-back (operand collector; added to every result)"),
    BOOL("gpgpu_sub_core_model", sub_core_model,
         "1: each warp scheduler issues only to its own share of every unit (Volta sub-cores)"),
    U32("gpgpu_max_insn_issue_per_warp", max_insn_issue_per_warp, 1, 1,
        "instructions issued per warp per cycle (only 1 is modelled)"),

    /* L1 / shared memory */
    SPECIAL("gpgpu_cache:dl1", OPT_CACHE, l1d, "L1 data cache (GPGPU-Sim cache string or none)"),
    U32("gpgpu_l1_latency", l1_latency, 1, UINT32_MAX, "L1 hit latency (core cycles)"),
    U32("gpgpu_smem_latency", smem_latency, 1, UINT32_MAX, "shared memory latency (core cycles)"),
    U32("gpgpu_shmem_num_banks", shmem_num_banks, 1, 1024, "shared memory banks"),
    U32("ctasim_shmem_bank_width", shmem_bank_width, 1, 1024, "bytes per shared memory bank"),
    BOOL("gpgpu_gmem_skip_L1D", gmem_skip_l1d, "1: global loads bypass the L1"),
    BOOL("gpgpu_flush_l1_cache", flush_l1, "1: invalidate the L1s when a kernel ends"),
    BOOL("gpgpu_perf_sim_memcpy", perf_sim_memcpy, "1: host-to-device copies (a trace's MemcpyHtoD) fill the L2"),
    U32("gpgpu_l1_banks", l1_banks, 1, 32, "L1 banks: up to this many L1 accesses per core cycle, each to its own bank"),
    U32("gpgpu_l1_banks_byte_interleaving", l1_bank_interleave, 1, 1u << 16,
        "bytes of one L1 bank before the next (power of two)"),
    U32("gpgpu_l1_banks_hashing_function", l1_bank_hash, 0, 255, "L1 bank of an address: 0 = linear"),
    U32("gpgpu_l1_cache_write_ratio", l1_write_ratio, 0, 100,
        "percentage of L1 lines that may be dirty before dirty lines are evicted like clean ones"),
    BOOL("gpgpu_adaptive_cache_config", adaptive_l1,
         "1: per kernel, L1 = unified size minus the kernel's shared-memory carve-out"),
    U32("gpgpu_unified_l1d_size", unified_l1d_kb, 0, 1u << 20, "unified L1 + shared memory (KB)"),
    SPECIAL("gpgpu_shmem_option", OPT_SHMEM_LIST, shmem_options_kb,
            "shared-memory carve-outs the adaptive L1 chooses from (KB, ascending)"),
    U32("gpgpu_coalesce_arch", coalesce_arch, 1, UINT32_MAX,
        "coalescer generation: 20 = Fermi 128-byte lines, >= 60 = 32-byte sectors"),
    U32("ctasim_l1_ports", l1_ports, 1, 64, "L1 tag lookups per core cycle"),
    U32("ctasim_const_latency", const_latency, 1, UINT32_MAX,
        "constant/texture access latency (modelled as always hitting)"),

    /* interconnect */
    U32("icnt_flit_size", icnt_flit_size, 1, 1u << 16, "crossbar flit size (bytes)"),
    U32("ctasim_icnt_latency", icnt_latency, 1, UINT32_MAX, "router + channel delay (icnt cycles)"),
    U32("icnt_in_buffer_limit", icnt_in_buffer, 1, UINT32_MAX, "flits per crossbar input buffer"),
    U32("icnt_out_buffer_limit", icnt_out_buffer, 1, UINT32_MAX, "flits per crossbar output buffer"),
    U32("ctasim_icnt_ctrl_bytes", icnt_ctrl_bytes, 0, 1u << 16, "packet header bytes"),
    U32("gpgpu_n_cluster_ejection_buffer_size", ejection_buffer, 1, UINT32_MAX,
        "packets buffered at a cluster's ejection port"),
    U32("ctasim_icnt_topology", icnt_topology, 0, 1, "0 crossbar, 1 2-D mesh (XY routing, credit flow control)"),
    U32("ctasim_mesh_dim", mesh_dim, 0, 256, "mesh: k routers per side (0 = smallest k with k*k >= cores + L2 slices)"),
    U32("ctasim_mesh_router_latency", mesh_router_latency, 0, 1024,
        "mesh: icnt cycles per router (a hop costs this + 1 link cycle)"),
    U32("ctasim_mesh_buffer", mesh_buffer, 1, 1u << 20, "mesh: flits per router input port"),

    /* memory partition */
    SPECIAL("gpgpu_cache:dl2", OPT_CACHE, l2, "L2 cache of one sub-partition (GPGPU-Sim cache string)"),
    U32("gpgpu_l2_rop_latency", l2_rop_latency, 0, UINT32_MAX, "fixed delay before the L2 (core cycles, as GPGPU-Sim counts it)"),
    U32("dram_latency", dram_latency, 0, UINT32_MAX, "fixed delay added to each DRAM access (core cycles, as GPGPU-Sim counts it)"),
    SPECIAL("gpgpu_dram_partition_queues", OPT_QUEUES, partition_queue,
            "<icnt->L2>:<L2->dram>:<dram->L2>:<L2->icnt> queue sizes (only the first is modelled)"),

    /* DRAM */
    U32("gpgpu_dram_scheduler", dram_scheduler, 0, 1, "0 FIFO, 1 FR-FCFS"),
    U32("gpgpu_frfcfs_dram_sched_queue_size", frfcfs_queue, 0, UINT32_MAX,
        "DRAM scheduler queue entries (0 = unbounded)"),
    U32("gpgpu_dram_return_queue_size", dram_return_queue, 0, UINT32_MAX, "DRAM return queue entries"),
    U32("gpgpu_n_mem_per_ctrlr", n_mem_per_ctrlr, 1, 64, "DRAM chips per channel"),
    U32("gpgpu_dram_buswidth", dram_buswidth, 1, 1024, "bytes per DRAM chip per data beat"),
    U32("gpgpu_dram_burst_length", dram_burst_length, 1, 1024, "data beats per burst"),
    U32("dram_data_command_freq_ratio", dram_data_cmd_ratio, 1, 64,
        "data beats per command clock (GDDR5 4, HBM 2)"),
    SPECIAL("gpgpu_dram_timing_opt", OPT_DRAM_TIMING, dram, "nbk=..:CCD=..:... DRAM timing (command cycles)"),
    U32("dram_dual_bus_interface", dram_dual_bus, 0, 1,
        "1: separate row and column command buses (an ACT/PRE and a RD/WR in the same cycle)"),
    U32("dram_bnkgrp_indexing_policy", dram_bnkgrp_indexing, 0, 1,
        "bank group of a bank: 0 its upper bits, 1 its lower bits"),
    U32("dram_bnk_indexing_policy", dram_bnk_indexing, 0, 1, "bank index: 0 as decoded, 1 xor the row's low bits"),
    STR("gpgpu_mem_addr_mapping", addr_mapping, "address decoding string (dramid@N;<64 bit letters>)"),
    U32("gpgpu_mem_address_mask", mem_address_mask, 0, UINT32_MAX, "address mask mode"),
    U32("gpgpu_memory_partition_indexing", partition_indexing, 0, 6,
        "channel selection: 0 linear, 1 xor, 2 ipoly, 6 ipoly-modulo (3, 4, 5 are not modelled)"),
    BOOL("gpgpu_simple_dram_model", simple_dram,
         "1: fixed-latency DRAM, one 32-byte sector per DRAM cycle per channel, no banks or timing"),

    /* run control */
    U32("ctasim_max_ctas", max_ctas_override, 0, UINT32_MAX, "CTAs per SM cap (0 = none)"),
    U32_ALIAS("max-ctas", max_ctas_override, 0, UINT32_MAX, "same as -ctasim_max_ctas (--max-ctas)"),
    U32("ctasim_active_cores", active_cores, 0, UINT32_MAX,
        "only the first N cores take CTAs, the others are OFF (gated) from the start (0 = all; --active-cores)"),
    U64("gpgpu_max_cycle", max_cycles, "stop after this many core cycles (0 = unlimited)"),
    U64("gpgpu_max_insn", max_insn, "stop after this many thread instructions (0 = unlimited)"),
    /* power model (model/power.h, gpu/gpu_power.c; docs/ARCHITECTURE.md "Power model") */
    BOOL("power_simulation_enabled", power.enabled, "1: compute energy and power (--power)"),
    BOOL("power_pcpg", power.pcpg, "per-core power gating: an OFF core with no CTA leaks nothing"),
    BOOL("power_gate_unused_rf_shmem", power.gate_unused_rf_shmem,
         "register file and shared memory not allocated to resident CTAs leak nothing"),
    BOOL("power_sm_active_util", power.sm_active_util,
         "1: -power_sm_active_cycle_pj is charged in every cycle a core holds a CTA (Kayiran's utilised core); "
         "0: in its act_cycles"),
    U32("power_sample_period", power.sample_period, 0, UINT32_MAX,
        "core cycles between samples of the power_w series (0 = none)"),
    U32("power_wakeup_cycles", power.wakeup_cycles, 0, UINT32_MAX,
        "core cycles a gated core takes to wake: it takes no CTA before (0 = ideal gating)"),
    DBL("power_wakeup_energy_nj", power.wakeup_energy_nj, "energy of one wake-up of a gated core (nJ)"),
    PJ("fetch_decode", PEV_FETCH_DECODE, "per warp instruction fetched and decoded (pJ)"),
    PJ("sm_active_cycle", PEV_SM_ACTIVE_CYCLE,
       "per core cycle counted active (act_cycles; with -power_sm_active_util 1 every cycle with a CTA) (pJ)"),
    PJ("reg_read", PEV_REG_READ, "per warp-wide register read (pJ)"),
    PJ("reg_write", PEV_REG_WRITE, "per warp-wide register write (pJ)"),
    PJ("sp_lane", PEV_SP_LANE, "per thread operation on an SP unit (pJ)"),
    PJ("int_lane", PEV_INT_LANE, "per thread operation on an INT unit (pJ)"),
    PJ("dp_lane", PEV_DP_LANE, "per thread operation on a DP unit (pJ)"),
    PJ("sfu_lane", PEV_SFU_LANE, "per thread operation on an SFU (pJ)"),
    PJ("tensor_lane", PEV_TENSOR_LANE, "per thread operation on a tensor unit (pJ)"),
    PJ("ldst_lane", PEV_LDST_LANE, "per thread operation of a memory instruction (pJ)"),
    PJ("shmem_access", PEV_SHMEM_ACCESS, "per shared-memory instruction (pJ)"),
    PJ("shmem_replay", PEV_SHMEM_REPLAY, "per extra shared-memory pass (bank conflict) (pJ)"),
    PJ("const_access", PEV_CONST_ACCESS, "per constant/texture access (pJ)"),
    PJ("l1_hit", PEV_L1_HIT, "per L1D hit (pJ)"),
    PJ("l1_miss", PEV_L1_MISS, "per L1D miss or pending hit (pJ)"),
    PJ("l1_fill", PEV_L1_FILL, "per L1D fill (read miss) (pJ)"),
    PJ("l2_hit", PEV_L2_HIT, "per L2 hit (pJ)"),
    PJ("l2_miss", PEV_L2_MISS, "per L2 miss or pending hit (pJ)"),
    PJ("l2_fill", PEV_L2_FILL, "per L2 fill (DRAM read request) (pJ)"),
    PJ("icnt_flit", PEV_ICNT_FLIT, "per interconnect flit (pJ)"),
    PJ("dram_act", PEV_DRAM_ACT, "per DRAM activate (pJ)"),
    PJ("dram_pre", PEV_DRAM_PRE, "per DRAM precharge (pJ)"),
    PJ("dram_rd", PEV_DRAM_RD, "per DRAM read burst (column command) (pJ)"),
    PJ("dram_wr", PEV_DRAM_WR, "per DRAM write burst (column command) (pJ)"),
    DBL("power_sm_static_w", power.sm_static_w, "leakage of one SM, RF and shared memory included (W)"),
    DBL("power_sm_rf_static_w", power.sm_rf_static_w, "register file's share of -power_sm_static_w (W)"),
    DBL("power_sm_shmem_static_w", power.sm_shmem_static_w, "shared memory's share of -power_sm_static_w (W)"),
    DBL("power_sm_idle_w", power.sm_idle_w, "clocked SM (clock tree, control), every cycle it is not gated (W)"),
    DBL("power_l2_static_w", power.l2_static_w, "per L2 slice (W)"),
    DBL("power_icnt_static_w", power.icnt_static_w, "the whole interconnect (W)"),
    DBL("power_mc_static_w", power.mc_static_w, "per memory controller (W)"),
    DBL("power_dram_static_w", power.dram_static_w, "DRAM background and refresh per channel (W)"),
};

static const option_def_t *find_option(const char *name)
{
    for (size_t i = 0; i < CS_ARRAY_LEN(option_table); i++)
        if (strcmp(option_table[i].name, name) == 0)
            return &option_table[i];
    return NULL;
}

/* The GPGPU-Sim options ctasim knows of but does not parse live in the
 * coverage catalogue (config_coverage.c), with what each one is. */
static bool is_not_modelled(const char *name) { return coverage_is_unparsed_option(name); }

size_t config_option_count(void) { return CS_ARRAY_LEN(option_table); }

const char *config_option_name(size_t i) { return i < CS_ARRAY_LEN(option_table) ? option_table[i].name : NULL; }

bool config_option_known(const char *name) { return name && find_option(name) != NULL; }

unsigned config_option_fields(size_t i)
{
    if (i >= CS_ARRAY_LEN(option_table))
        return 0;
    const option_def_t *o = &option_table[i];
    switch (o->kind) {
    case OPT_CLOCKS: return 4;
    case OPT_PIPELINE: return 2;
    case OPT_LAT_LIST: return o->count;
    case OPT_LAT_INIT: return 2;
    case OPT_QUEUES: return 4;
    case OPT_CACHE: return 15; /* [S|N]:sets:line:assoc, rep:wr:alloc:wr_alloc:set_index, mshr:n:merge, mq[:fifo][,port] */
    case OPT_DRAM_TIMING: return (unsigned)CS_ARRAY_LEN(dram_keys);
    default: return 0;
    }
}

/* Edit distance, capped: used only to suggest a near option name for a typo. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t row[72];
    if (la >= CS_ARRAY_LEN(row) || lb >= CS_ARRAY_LEN(row))
        return SIZE_MAX;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static const option_def_t *suggest_option(const char *name)
{
    const option_def_t *best = NULL;
    size_t best_d = 3; /* at most two edits away */
    if (strlen(name) < 5)
        return NULL;
    for (size_t i = 0; i < CS_ARRAY_LEN(option_table); i++) {
        size_t d = edit_distance(name, option_table[i].name);
        if (d < best_d) {
            best_d = d;
            best = &option_table[i];
        }
    }
    return best;
}

/* ------------------------------------------------------------------------ */
/* Applying one option                                                      */
/* ------------------------------------------------------------------------ */

static void *field_ptr(gpu_config_t *c, const option_def_t *o) { return (char *)c + o->offset; }

static const void *field_cptr(const gpu_config_t *c, const option_def_t *o)
{
    return (const char *)c + o->offset;
}

/* VALUE into BUF (N bytes) to be split in place; -1 with WHY if it does not fit. */
static int copy_value(const char *value, char *buf, size_t n, char *why, size_t whysz)
{
    size_t len = strlen(value);
    if (len >= n) {
        snprintf(why, whysz, "value too long");
        return -1;
    }
    memcpy(buf, value, len + 1);
    return 0;
}

/* Parse a separated list of bounded numbers into vals; n_min..n_max of them.
 * names[i] (NULL, or a NULL-terminated list that may be shorter than the
 * list) says what field i means, so a bad value names the field the user
 * wrote ("field 1 (threads per SM) = 0: must be at least 1"), not only its
 * position. */
static int parse_list(const char *value, char sep, uint32_t lo, uint32_t hi, int n_min, int n_max,
                      const char *const *names, uint32_t *vals, int *n_out, char *why, size_t whysz)
{
    char buf[256];
    if (copy_value(value, buf, sizeof buf, why, whysz) < 0)
        return -1;
    char *fields[16];
    int n = split(buf, sep, fields, 15);
    if (n < n_min || n > n_max) {
        if (n_min == n_max)
            snprintf(why, whysz, "expected %d '%c'-separated values, got %s%d", n_min, sep,
                     n > 15 ? "more than " : "", n > 15 ? 15 : n);
        else
            snprintf(why, whysz, "expected %d to %d '%c'-separated values, got %s%d", n_min, n_max,
                     sep, n > 15 ? "more than " : "", n > 15 ? 15 : n);
        return -1;
    }
    bool named = names != NULL;
    for (int i = 0; i < n; i++) {
        char what[96], shown_value[24];
        const char *f = trim(fields[i]);
        named = named && names[i];
        cs_printable(f, strlen(f), 16, shown_value, sizeof shown_value);
        if (named)
            snprintf(what, sizeof what, "field %d (%s) = '%s'", i + 1, names[i], shown_value);
        else
            snprintf(what, sizeof what, "field %d = '%s'", i + 1, shown_value);
        if (parse_u32_field(f, lo, hi, what, &vals[i], why, whysz) < 0)
            return -1;
    }
    *n_out = n;
    return 0;
}

/* Characters a string option may hold: what config_dump can write back
 * unquoted and every real mapping/scheduler string uses. */
static bool plain_word(const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch <= 0x20 || ch >= 0x7f || ch == '"' || ch == '#')
            return false;
    }
    return true;
}

/* What each field of the list options means, in GPGPU-Sim's order. */
static const char *const pipeline_fields[] = {"threads per SM", "warp size", NULL};
static const char *const lat_list_fields[] = {"ADD", "MAX", "MUL", "MAD", "DIV", "SHFL", NULL};
static const char *const lat_init_fields[] = {"latency", "initiation interval", NULL};
static const char *const queue_fields[] = {"icnt_to_l2", "l2_to_dram", "dram_to_l2", "l2_to_icnt", NULL};

/* OPT_U32: an unsigned 32-bit field within its range. */
static int apply_u32(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v;
    if (parse_u32_field(value, (uint32_t)o->min, (uint32_t)o->max, NULL, &v, why, whysz) < 0)
        return -1;
    memcpy(field_ptr(c, o), &v, sizeof v);
    return 0;
}

/* OPT_U64: an unsigned 64-bit field within its range. */
static int apply_u64(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint64_t v;
    if (parse_bounded(value, o->min, o->max, NULL, &v, why, whysz) < 0)
        return -1;
    memcpy(field_ptr(c, o), &v, sizeof v);
    return 0;
}

/* OPT_DOUBLE: a non-negative decimal number. */
static int apply_double(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    /* decimal or exponent notation; no sign, hex, inf or nan (strtod takes them all) */
    char *end = NULL;
    bool plain = value[0] != '\0';
    for (const char *q = value; *q; q++)
        if (!strchr("0123456789.eE+-", *q) || ((*q == '+' || *q == '-') && q != value && q[-1] != 'e' &&
                                                q[-1] != 'E'))
            plain = false;
    errno = 0;
    double v = plain ? strtod(value, &end) : 0.0;
    if (!plain || !end || *end || errno == ERANGE || !isfinite(v)) {
        snprintf(why, whysz, "not a number");
        return -1;
    }
    if (v < 0 || value[0] == '-') {
        snprintf(why, whysz, "must not be negative");
        return -1;
    }
    memcpy(field_ptr(c, o), &v, sizeof v);
    return 0;
}

/* OPT_BOOL: 0 or 1. */
static int apply_bool(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0) {
        snprintf(why, whysz, "expected 0 or 1");
        return -1;
    }
    bool v = value[0] == '1';
    memcpy(field_ptr(c, o), &v, sizeof v);
    return 0;
}

/* OPT_STR: a word into a fixed char array. */
static int apply_string(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    size_t len = strlen(value);
    if (len == 0) {
        snprintf(why, whysz, "empty value");
        return -1;
    }
    if (len >= o->size) {
        snprintf(why, whysz, "too long (at most %zu characters)", o->size - 1);
        return -1;
    }
    if (!plain_word(value)) {
        snprintf(why, whysz, "must not contain blanks, quotes, '#' or control characters");
        return -1;
    }
    char *dst = field_ptr(c, o);
    memset(dst, 0, o->size); /* whole array: configs are compared bytewise */
    memcpy(dst, value, len);
    return 0;
}

/* OPT_CLOCKS: -gpgpu_clock_domains: four clocks in MHz. */
static int apply_clocks(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    char buf[256];
    if (copy_value(value, buf, sizeof buf, why, whysz) < 0)
        return -1;
    char *fields[5];
    int n = split(buf, ':', fields, 4);
    if (n != 4) {
        snprintf(why, whysz, "expected 4 ':'-separated clocks <core>:<icnt>:<l2>:<dram> in MHz, got %s%d",
                 n > 4 ? "more than " : "", n > 4 ? 4 : n);
        return -1;
    }
    static const char *const clock_names[4] = {"core", "interconnect", "L2", "DRAM"};
    double mhz[4];
    for (int i = 0; i < 4; i++) {
        char *f = trim(fields[i]), *end = NULL;
        errno = 0;
        mhz[i] = *f ? strtod(f, &end) : 0.0;
        if (!*f || !end || *end || errno == ERANGE || !isfinite(mhz[i])) {
            snprintf(why, whysz, "%s clock is not a number", clock_names[i]);
            return -1;
        }
        if (!(mhz[i] > 0.0) || mhz[i] > CONFIG_MAX_CLOCK_MHZ) {
            snprintf(why, whysz, "%s clock must be above 0 and at most %.0f MHz", clock_names[i],
                     CONFIG_MAX_CLOCK_MHZ);
            return -1;
        }
    }
    c->clk_core_mhz = mhz[0];
    c->clk_icnt_mhz = mhz[1];
    c->clk_l2_mhz = mhz[2];
    c->clk_dram_mhz = mhz[3];
    return 0;
}

/* A ':'-separated list of exactly as many positive numbers as FIELDS names. */
static int parse_colon_fields(const char *value, const char *const *fields, uint32_t *v, char *why, size_t whysz)
{
    int count = 0, n;
    while (fields[count])
        count++;
    return parse_list(value, ':', 1, UINT32_MAX, count, count, fields, v, &n, why, whysz);
}

/* OPT_PIPELINE: threads per SM and the warp size. */
static int apply_pipeline(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v[2];
    if (parse_colon_fields(value, pipeline_fields, v, why, whysz) < 0)
        return -1;
    /* The warp size is checked by config_validate, whose message says why. */
    c->max_threads_per_sm = v[0];
    c->warp_size = v[1];
    return 0;
}

/* OPT_NUM_SCHED: schedulers per core (and as many branch units). */
static int apply_num_sched(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v;
    if (parse_u32_field(value, (uint32_t)o->min, (uint32_t)o->max, NULL, &v, why, whysz) < 0)
        return -1;
    c->num_sched_per_core = v;
    c->num_units[UNIT_BRANCH] = v; /* one branch unit per scheduler, as Volta */
    return 0;
}

/* OPT_LAT_LIST: a list of latencies into consecutive entries. */
static int apply_lat_list(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v[16];
    int n;
    if (parse_list(value, ',', (uint32_t)o->min, (uint32_t)o->max, o->min_count, o->count,
                   lat_list_fields, v, &n, why, whysz) < 0)
        return -1;
    uint32_t *arr = field_ptr(c, o);
    for (int i = 0; i < n; i++)
        arr[o->first + i] = v[i];
    return 0;
}

/* OPT_LAT_INIT: a latency and initiation interval for a range of units. */
static int apply_lat_init(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v[2];
    int n;
    if (parse_list(value, ',', 0, (uint32_t)o->max, 2, 2, lat_init_fields, v, &n, why, whysz) < 0)
        return -1;
    if (v[0] < o->min) {
        snprintf(why, whysz, "field 1 (latency) = '%" PRIu32 "': must be at least %" PRIu64, v[0], o->min);
        return -1;
    }
    /* An initiation interval of 0 (Accel-Sim's H100 trace.config gives
     * tensor "1,0") is taken as 1: a unit accepts at most one
     * instruction per cycle in GPGPU-Sim as here. */
    for (int i = o->first; i < o->first + o->count; i++) {
        c->lat[i] = v[0];
        c->init[i] = v[1] ? v[1] : 1;
    }
    return 0;
}

/* OPT_QUEUES: the partition queues (only icnt_to_l2 is modelled). */
static int apply_queues(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v[4];
    if (parse_colon_fields(value, queue_fields, v, why, whysz) < 0)
        return -1;
    c->partition_queue = v[0];
    return 0;
}

/* OPT_SHMEM_LIST: the ascending shared-memory sizes. */
static int apply_shmem_list(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    uint32_t v[CONFIG_MAX_SHMEM_OPTIONS];
    int n;
    if (parse_list(value, ',', 0, 1u << 20, 1, CONFIG_MAX_SHMEM_OPTIONS, NULL, v, &n, why, whysz) < 0)
        return -1;
    for (int k = 1; k < n; k++)
        if (v[k] <= v[k - 1]) {
            snprintf(why, whysz, "sizes must ascend (%" PRIu32 " after %" PRIu32 ")", v[k], v[k - 1]);
            return -1;
        }
    /* the whole array: a shorter list must not keep an earlier, longer one's tail
     * (configs are compared bytewise; h100's 6 sizes then gtx480's 1) */
    memset(c->shmem_options_kb, 0, sizeof c->shmem_options_kb);
    memcpy(c->shmem_options_kb, v, (size_t)n * sizeof v[0]);
    c->n_shmem_options = (uint32_t)n;
    return 0;
}

/* OPT_CACHE: a cache geometry string. */
static int apply_cache(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    cs_error_t e;
    cache_config_t cc;
    if (cache_config_parse(&cc, value, &e) < 0) {
        snprintf(why, whysz, "%s", e.msg);
        return -1;
    }
    memcpy(field_ptr(c, o), &cc, sizeof cc);
    return 0;
}

/* OPT_DRAM_TIMING: the DRAM timing string. */
static int apply_dram_timing(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz)
{
    cs_error_t e;
    if (dram_timing_parse(&c->dram, value, &e) < 0) {
        snprintf(why, whysz, "%s", e.msg);
        return -1;
    }
    return 0;
}

typedef int (*apply_fn)(gpu_config_t *c, const option_def_t *o, const char *value, char *why, size_t whysz);

/* VALUE into the field of option O of C, by the option's kind; -1 with WHY
 * saying what is wrong. */
static int apply_option(gpu_config_t *c, const option_def_t *o, const char *value, char *why,
                        size_t whysz)
{
    static const apply_fn by_kind[] = {
        [OPT_U32] = apply_u32,
        [OPT_U64] = apply_u64,
        [OPT_DOUBLE] = apply_double,
        [OPT_BOOL] = apply_bool,
        [OPT_STR] = apply_string,
        [OPT_CLOCKS] = apply_clocks,
        [OPT_PIPELINE] = apply_pipeline,
        [OPT_NUM_SCHED] = apply_num_sched,
        [OPT_LAT_LIST] = apply_lat_list,
        [OPT_LAT_INIT] = apply_lat_init,
        [OPT_QUEUES] = apply_queues,
        [OPT_SHMEM_LIST] = apply_shmem_list,
        [OPT_CACHE] = apply_cache,
        [OPT_DRAM_TIMING] = apply_dram_timing,
    };
    if ((size_t)o->kind < sizeof by_kind / sizeof by_kind[0] && by_kind[o->kind])
        return by_kind[o->kind](c, o, value, why, whysz);
    snprintf(why, whysz, "internal error: unhandled option kind");
    return -1;
}

/* "FILE:LINE: -option: what is wrong ('value')" */
static int option_error(cs_error_t *err, const char *origin, unsigned long line, const option_def_t *o,
                        const char *why, const char *value)
{
    char shown[SHOW_MAX + 8];
    return cs_err(err, origin, line, "-%s: %s ('%s')", o->name, why, show(value, shown, sizeof shown));
}

/* ------------------------------------------------------------------------ */
/* Option text                                                              */
/* ------------------------------------------------------------------------ */

typedef struct lexer {
    const char *pos, *end;
    unsigned long line;
    const char *origin;
} lexer_t;

typedef struct token {
    char *text;          /* NUL-terminated, quotes removed */
    unsigned long line;  /* where the word starts */
    bool quoted;         /* a quoted word is always a value, even "-x" */
} token_t;

/* Next word into buf (which has room for the rest of the input plus a NUL).
 * Returns 1, 0 at the end of the text, -1 on error. */
static int lex_word(lexer_t *lx, char *buf, token_t *tok, cs_error_t *err)
{
    for (;;) {
        if (lx->pos == lx->end)
            return 0;
        char ch = *lx->pos;
        if (ch == '\n') {
            lx->line++;
            lx->pos++;
        } else if (is_blank((unsigned char)ch)) {
            lx->pos++;
        } else if (ch == '#') {
            while (lx->pos < lx->end && *lx->pos != '\n' && *lx->pos != '\0')
                lx->pos++;
        } else if (ch == '\0') {
            return cs_err(err, lx->origin, lx->line, "NUL byte in option text");
        } else {
            break;
        }
    }
    tok->line = lx->line;
    tok->quoted = false;
    size_t n = 0, quote_start = 0;
    bool in_quote = false;
    unsigned long quote_line = 0;
    while (lx->pos < lx->end) {
        char ch = *lx->pos;
        if (ch == '\0')
            return cs_err(err, lx->origin, lx->line, "NUL byte in option text");
        if (in_quote) {
            lx->pos++;
            if (ch == '"') {
                in_quote = false;
            } else if (ch == '\n') {
                /* Join the lines of a multi-line value: drop the blanks that end
                 * this line and the indentation that starts the next one. */
                while (n > quote_start && is_blank((unsigned char)buf[n - 1]))
                    n--;
                lx->line++;
                while (lx->pos < lx->end && is_blank((unsigned char)*lx->pos))
                    lx->pos++;
            } else {
                buf[n++] = ch;
            }
            continue;
        }
        if (ch == '"') {
            in_quote = true;
            tok->quoted = true;
            quote_line = lx->line;
            quote_start = n;
            lx->pos++;
            continue;
        }
        if (is_space((unsigned char)ch) || ch == '#')
            break;
        buf[n++] = ch;
        lx->pos++;
    }
    if (in_quote)
        return cs_err(err, lx->origin, quote_line, "unterminated quoted value");
    buf[n] = '\0';
    tok->text = buf;
    return 1;
}

/* An option word: '-' or "--" then a letter or '_' (so "-1" is a value). */
static bool is_option_word(const token_t *t)
{
    const char *s = t->text;
    if (t->quoted || s[0] != '-')
        return false;
    if (s[1] == '-')
        s++;
    return is_alpha((unsigned char)s[1]) || s[1] == '_';
}

static const char *option_name(const char *word)
{
    return word + (word[1] == '-' ? 2 : 1);
}

static int unknown_option(const char *origin, unsigned long line, const char *word, bool allow_unknown,
                          cs_error_t *err)
{
    char shown[SHOW_MAX + 8];
    show(word, shown, sizeof shown);
    const char *name = word[0] == '-' ? option_name(word) : word;
    /* a mistyped power parameter would silently leave its default: never skipped
     * (GPGPU-Sim's own power options are catalogued and still skip) */
    if (allow_unknown && !(strncmp(name, "power_", 6) == 0 && !is_not_modelled(name)))
        return 0; /* skipped; the load's log has it, and coverage_warn reports it */
    if (is_not_modelled(name))
        return cs_err(err, origin, line,
                      "unknown option %s (a GPGPU-Sim option ctasim does not model; "
                      "--allow-unknown ignores it)", shown);
    const option_def_t *near = suggest_option(name);
    if (near)
        return cs_err(err, origin, line, "unknown option %s (did you mean -%s?)", shown, near->name);
    return cs_err(err, origin, line, "unknown option %s", shown);
}

/* Apply the options of `text` to c, recording each option met (known, or
 * unknown and skipped) in `seen`. */
static int load_text(gpu_config_t *c, const char *text, size_t len, const char *origin,
                     bool allow_unknown, config_settings_t *seen, cs_error_t *err)
{
    lexer_t lx = {.pos = text, .end = text + len, .line = 1, .origin = origin};
    char *name_buf = cs_xmalloc(len + 1), *value_buf = cs_xmalloc(len + 1);
    int rc = 0;
    for (;;) {
        token_t name, value;
        int r = lex_word(&lx, name_buf, &name, err);
        if (r <= 0) {
            rc = r;
            break;
        }
        if (!is_option_word(&name)) {
            char shown[SHOW_MAX + 8];
            rc = cs_err(err, origin, name.line, "expected an option (a word starting with '-'), got '%s'",
                        show(name.text, shown, sizeof shown));
            break;
        }
        /* The value is the next word unless that word is itself an option. */
        lexer_t before_value = lx;
        r = lex_word(&lx, value_buf, &value, err);
        if (r < 0) {
            rc = r;
            break;
        }
        bool has_value = r == 1 && !is_option_word(&value);
        if (!has_value)
            lx = before_value;

        const option_def_t *o = find_option(option_name(name.text));
        if (!o && has_value && !strcmp(option_name(name.text), "inter_config_file")) {
            /* an existing interconnect file is read (config/icnt_file.h); else not modelled */
            int got = icnt_file_apply(c, origin, value.text, err);
            if (got < 0) {
                rc = -1;
                break;
            }
            if (got > 0)
                continue;
        }
        if (!o) {
            if ((rc = unknown_option(origin, name.line, name.text, allow_unknown, err)) < 0)
                break;
            config_settings_record(seen, option_name(name.text), has_value ? value.text : NULL, origin,
                                   name.line);
            continue;
        }
        if (!has_value) {
            rc = cs_err(err, origin, name.line, "-%s: missing value", o->name);
            break;
        }
        char why[WHY_MAX];
        if (apply_option(c, o, value.text, why, sizeof why) < 0) {
            rc = option_error(err, origin, name.line, o, why, value.text);
            break;
        }
        config_settings_record(seen, o->name, value.text, origin, name.line);
    }
    free(name_buf);
    free(value_buf);
    return rc;
}

/* The end of every successful load: warnings, then the caller's log. */
static void load_done(const config_settings_t *seen, const gpu_config_t *c, const config_load_opts_t *o)
{
    coverage_warn(stderr, seen, c, o->warn);
    if (o->log)
        config_settings_merge(o->log, seen);
}

int config_load_text_opts(gpu_config_t *c, const char *text, size_t len, const char *origin,
                          const config_load_opts_t *o, cs_error_t *err)
{
    if (!origin)
        origin = "<config>";
    if (!text && len)
        return cs_err(err, origin, 0, "no text");
    /* Work on a copy so that a failed load leaves *c untouched. */
    gpu_config_t next = *c;
    config_settings_t seen;
    config_settings_init(&seen);
    int rc = load_text(&next, text ? text : "", len, origin, o->allow_unknown, &seen, err);
    if (rc == 0) {
        load_done(&seen, &next, o);
        *c = next;
    }
    config_settings_free(&seen);
    return rc < 0 ? -1 : 0;
}

int config_load_text(gpu_config_t *c, const char *text, size_t len, const char *origin,
                     bool allow_unknown, cs_error_t *err)
{
    config_load_opts_t o = {.allow_unknown = allow_unknown, .warn = CONFIG_WARN_UNKNOWN};
    return config_load_text_opts(c, text, len, origin, &o, err);
}

#define CONFIG_MAX_FILE_BYTES (64u << 20)

int config_load_file(gpu_config_t *c, const char *path, bool allow_unknown, cs_error_t *err)
{
    config_load_opts_t o = {.allow_unknown = allow_unknown, .warn = CONFIG_WARN_UNKNOWN | CONFIG_WARN_UNMODELLED};
    return config_load_file_opts(c, path, &o, err);
}

int config_load_file_opts(gpu_config_t *c, const char *path, const config_load_opts_t *o, cs_error_t *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cs_err(err, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, len = 0;
    char *data = cs_xmalloc(cap);
    for (;;) {
        if (len == cap) {
            if (cap >= CONFIG_MAX_FILE_BYTES) {
                fclose(f);
                free(data);
                return cs_err(err, path, 0, "file too large for an option file (over %u bytes)",
                              CONFIG_MAX_FILE_BYTES);
            }
            cap *= 2;
            data = cs_xrealloc(data, cap);
        }
        size_t got = fread(data + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    bool read_error = ferror(f);
    int saved_errno = errno;
    fclose(f);
    if (read_error) {
        free(data);
        return cs_err(err, path, 0, "read error: %s", strerror(saved_errno));
    }
    int rc = config_load_text_opts(c, data, len, path, o, err);
    free(data);
    return rc;
}

int config_set(gpu_config_t *c, const char *name, const char *value, cs_error_t *err)
{
    config_load_opts_t o = {0};
    return config_set_opts(c, name, value, &o, err);
}

int config_set_opts(gpu_config_t *c, const char *name, const char *value, const config_load_opts_t *opts,
                    cs_error_t *err)
{
    const char *origin = "--set";
    if (!name || !*name)
        return cs_err(err, origin, 0, "missing option name");
    const char *bare = name;
    if (bare[0] == '-')
        bare = option_name(bare);
    const option_def_t *o = find_option(bare);
    if (!o && value && !strcmp(bare, "inter_config_file")) {
        gpu_config_t next = *c;
        int got = icnt_file_apply(&next, NULL, value, err);
        if (got < 0)
            return -1;
        if (got > 0) {
            *c = next;
            return 0;
        }
    }
    if (!o) {
        char word[SHOW_MAX + 8];
        snprintf(word, sizeof word, "-%s", bare);
        return unknown_option(origin, 0, word, false, err);
    }
    if (!value)
        return cs_err(err, origin, 0, "-%s: missing value", o->name);
    gpu_config_t next = *c;
    char why[WHY_MAX];
    if (apply_option(&next, o, value, why, sizeof why) < 0)
        return option_error(err, origin, 0, o, why, value);
    config_settings_t seen;
    config_settings_init(&seen);
    config_settings_record(&seen, o->name, value, origin, 0);
    load_done(&seen, &next, opts);
    config_settings_free(&seen);
    *c = next;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Validation                                                               */
/* ------------------------------------------------------------------------ */

static int cache_check(const cache_config_t *cc, const char *option, cs_error_t *err)
{
    if (!cc->enabled)
        return 0;
    char text[128];
    cache_config_format(cc, text, sizeof text);
    cs_error_t e;
    cache_config_t reparsed;
    /* The string form is what the parser validates: reuse it for configs
     * that were built in code rather than read from text. */
    if (cache_config_parse(&reparsed, text, &e) < 0)
        return cs_err(err, "config", 0, "-%s: %s", option, e.msg);
    if (!reparsed.enabled)
        return cs_err(err, "config", 0, "-%s: enabled cache with 0 sets", option);
    return 0;
}

int config_validate(const gpu_config_t *c, cs_error_t *err)
{
    const char *cfg = "config";
    if (c->warp_size != WARP_SIZE)
        return cs_err(err, cfg, 0, "-gpgpu_shader_core_pipeline: warp size must be %d (got %" PRIu32 ")",
                      WARP_SIZE, c->warp_size);
    if (c->max_threads_per_sm == 0 || c->max_threads_per_sm % WARP_SIZE)
        return cs_err(err, cfg, 0,
                      "-gpgpu_shader_core_pipeline: threads per SM must be a positive multiple of %d (got %" PRIu32 ")",
                      WARP_SIZE, c->max_threads_per_sm);
    if (c->max_threads_per_sm / WARP_SIZE > CONFIG_MAX_WARPS_PER_SM)
        return cs_err(err, cfg, 0,
                      "-gpgpu_shader_core_pipeline: at most %u warps per SM are modelled (got %" PRIu32 " threads)",
                      CONFIG_MAX_WARPS_PER_SM, c->max_threads_per_sm);
    if (c->n_clusters == 0 || c->n_cores_per_cluster == 0)
        return cs_err(err, cfg, 0, "-gpgpu_n_clusters/-gpgpu_n_cores_per_cluster: need at least one SM");
    if ((uint64_t)c->n_clusters * c->n_cores_per_cluster > CONFIG_MAX_SMS)
        return cs_err(err, cfg, 0, "-gpgpu_n_clusters: at most %u SMs (got %" PRIu32 " x %" PRIu32 ")",
                      CONFIG_MAX_SMS, c->n_clusters, c->n_cores_per_cluster);
    if (c->n_mem == 0 || c->n_mem > CONFIG_MAX_CHANNELS)
        return cs_err(err, cfg, 0, "-gpgpu_n_mem: must be 1 to %u (got %" PRIu32 ")", CONFIG_MAX_CHANNELS,
                      c->n_mem);
    if (c->n_sub_partition_per_mchannel == 0)
        return cs_err(err, cfg, 0, "-gpgpu_n_sub_partition_per_mchannel: must be at least 1");
    if (c->adaptive_l1 && c->l1d.enabled) {
        const uint64_t set_bytes = (uint64_t)c->l1d.nsets * c->l1d.line_size;
        const uint64_t unified = (uint64_t)c->unified_l1d_kb * 1024;
        if (!unified || !set_bytes || unified % set_bytes)
            return cs_err(err, cfg, 0,
                          "-gpgpu_adaptive_cache_config 1 needs -gpgpu_unified_l1d_size (KB) to be a positive "
                          "multiple of the L1's sets x line size (%" PRIu64 " bytes; got %" PRIu32 " KB)",
                          set_bytes, c->unified_l1d_kb);
        if (unified / c->l1d.line_size > CONFIG_MAX_CACHE_LINES)
            return cs_err(err, cfg, 0, "-gpgpu_unified_l1d_size: at most %u lines (got %" PRIu32 " KB)",
                          CONFIG_MAX_CACHE_LINES, c->unified_l1d_kb);
        if (!c->n_shmem_options)
            return cs_err(err, cfg, 0, "-gpgpu_adaptive_cache_config 1 needs -gpgpu_shmem_option (KB sizes)");
        if (c->shmem_options_kb[c->n_shmem_options - 1] > c->unified_l1d_kb)
            return cs_err(err, cfg, 0,
                          "-gpgpu_shmem_option: %" PRIu32 " KB exceeds -gpgpu_unified_l1d_size %" PRIu32 " KB",
                          c->shmem_options_kb[c->n_shmem_options - 1], c->unified_l1d_kb);
    }
    const double clocks[4] = {c->clk_core_mhz, c->clk_icnt_mhz, c->clk_l2_mhz, c->clk_dram_mhz};
    static const char *const clock_names[4] = {"core", "interconnect", "L2", "DRAM"};
    for (int i = 0; i < 4; i++)
        if (!(clocks[i] > 0.0) || !isfinite(clocks[i]))
            return cs_err(err, cfg, 0, "-gpgpu_clock_domains: %s clock must be positive (got %g)",
                          clock_names[i], clocks[i]);
    if (c->active_cores > config_n_sm(c))
        return cs_err(err, cfg, 0, "--active-cores / -ctasim_active_cores: %" PRIu32 " cores asked for, the GPU has %" PRIu32,
                      c->active_cores, config_n_sm(c));
    if (c->max_cta_per_sm == 0 || c->max_cta_per_sm > CONFIG_MAX_CTAS_PER_SM)
        return cs_err(err, cfg, 0, "-gpgpu_shader_cta: must be 1 to %u (got %" PRIu32 ")",
                      CONFIG_MAX_CTAS_PER_SM, c->max_cta_per_sm);
    if (c->registers_per_sm == 0)
        return cs_err(err, cfg, 0, "-gpgpu_shader_registers: must be at least 1");
    if (c->registers_per_block > c->registers_per_sm)
        return cs_err(err, cfg, 0,
                      "-gpgpu_registers_per_block: %" PRIu32 " exceeds the SM's %" PRIu32 " registers",
                      c->registers_per_block, c->registers_per_sm);
    if (c->shmem_per_block > c->shmem_per_sm)
        return cs_err(err, cfg, 0,
                      "-gpgpu_shmem_per_block: %" PRIu32 " bytes exceeds the SM's %" PRIu32,
                      c->shmem_per_block, c->shmem_per_sm);
    if (c->reg_alloc_granularity == 0)
        return cs_err(err, cfg, 0, "-ctasim_reg_alloc_granularity: must be at least 1");
    if (c->shmem_alloc_granularity == 0)
        return cs_err(err, cfg, 0, "-ctasim_shmem_alloc_granularity: must be at least 1");
    if (c->simd_width == 0 || c->simd_width > WARP_SIZE || WARP_SIZE % c->simd_width)
        return cs_err(err, cfg, 0, "-ctasim_simd_width: must divide the warp size %d (got %" PRIu32 ")",
                      WARP_SIZE, c->simd_width);
    if (c->num_sched_per_core == 0)
        return cs_err(err, cfg, 0, "-gpgpu_num_sched_per_core: must be at least 1");
    if (c->num_units[UNIT_SP] == 0)
        return cs_err(err, cfg, 0, "-gpgpu_num_sp_units: must be at least 1");
    if (c->num_units[UNIT_LDST] != 1)
        return cs_err(err, cfg, 0, "num_units[ldst]: exactly one load/store unit is modelled (got %" PRIu32 ")",
                      c->num_units[UNIT_LDST]);
    if (c->num_units[UNIT_BRANCH] != c->num_sched_per_core)
        return cs_err(err, cfg, 0,
                      "num_units[branch]: must equal -gpgpu_num_sched_per_core (%" PRIu32 " vs %" PRIu32 ")",
                      c->num_units[UNIT_BRANCH], c->num_sched_per_core);
    if (!c->warp_sched[0] || !memchr(c->warp_sched, '\0', sizeof c->warp_sched))
        return cs_err(err, cfg, 0, "-gpgpu_scheduler: missing warp scheduler name");
    for (int i = 0; i < LAT__COUNT; i++)
        if (c->lat[i] == 0 || c->init[i] == 0)
            return cs_err(err, cfg, 0, "latency class %s: latency and initiation interval must be at least 1 "
                          "(got %" PRIu32 ",%" PRIu32 ")", lat_class_name((enum lat_class)i), c->lat[i], c->init[i]);
    if (c->ibuffer_size == 0)
        return cs_err(err, cfg, 0, "-ctasim_ibuffer_size: must be at least 1");
    if (c->max_insn_issue_per_warp != 1)
        return cs_err(err, cfg, 0, "-gpgpu_max_insn_issue_per_warp: only 1 is modelled (got %" PRIu32 ")",
                      c->max_insn_issue_per_warp);
    if (cache_check(&c->l1d, "gpgpu_cache:dl1", err) < 0)
        return -1;
    if (!c->l2.enabled)
        return cs_err(err, cfg, 0, "-gpgpu_cache:dl2: the memory partition model needs an L2 (got none)");
    if (cache_check(&c->l2, "gpgpu_cache:dl2", err) < 0)
        return -1;
    if (c->l1_latency == 0 || c->smem_latency == 0 || c->const_latency == 0)
        return cs_err(err, cfg, 0, "-gpgpu_l1_latency/-gpgpu_smem_latency/-ctasim_const_latency: must be at least 1");
    if (c->shmem_num_banks == 0 || c->shmem_bank_width == 0)
        return cs_err(err, cfg, 0, "-gpgpu_shmem_num_banks/-ctasim_shmem_bank_width: must be at least 1");
    if (c->l1_ports == 0)
        return cs_err(err, cfg, 0, "-ctasim_l1_ports: must be at least 1");
    if (c->l1_banks & (c->l1_banks - 1) || c->l1_bank_interleave & (c->l1_bank_interleave - 1))
        return cs_err(err, cfg, 0, "-gpgpu_l1_banks / -gpgpu_l1_banks_byte_interleaving: must be powers of two");
    if (c->coalesce_arch == 0)
        return cs_err(err, cfg, 0, "-gpgpu_coalesce_arch: must be at least 1");
    if (c->icnt_flit_size == 0 || c->icnt_latency == 0 || c->icnt_in_buffer == 0 ||
        c->icnt_out_buffer == 0 || c->ejection_buffer == 0)
        return cs_err(err, cfg, 0,
                      "interconnect: flit size, latency, buffer limits and ejection buffer must be at least 1");
    if (c->icnt_topology > 1)
        return cs_err(err, cfg, 0, "-ctasim_icnt_topology: 0 (crossbar) or 1 (mesh) (got %" PRIu32 ")", c->icnt_topology);
    if (c->icnt_topology == 1 && c->mesh_dim &&
        (uint64_t)c->mesh_dim * c->mesh_dim < (uint64_t)config_n_sm(c) + config_n_l2(c))
        return cs_err(err, cfg, 0, "-ctasim_mesh_dim: a %" PRIu32 "x%" PRIu32 " mesh has fewer routers than the %" PRIu32
                      " cores + %" PRIu32 " L2 slices", c->mesh_dim, c->mesh_dim, config_n_sm(c), config_n_l2(c));
    if (c->partition_queue == 0)
        return cs_err(err, cfg, 0, "-gpgpu_dram_partition_queues: must be at least 1");
    if (c->dram_scheduler > 1)
        return cs_err(err, cfg, 0, "-gpgpu_dram_scheduler: 0 (FIFO) or 1 (FR-FCFS) (got %" PRIu32 ")",
                      c->dram_scheduler);
    if (c->n_mem_per_ctrlr == 0 || c->dram_buswidth == 0 || c->dram_burst_length == 0 ||
        c->dram_data_cmd_ratio == 0)
        return cs_err(err, cfg, 0,
                      "DRAM: -gpgpu_n_mem_per_ctrlr, -gpgpu_dram_buswidth, -gpgpu_dram_burst_length and "
                      "-dram_data_command_freq_ratio must be at least 1");
    const dram_timing_t *t = &c->dram;
    if (t->nbk == 0 || t->nbkgrp == 0 || t->nbk % t->nbkgrp)
        return cs_err(err, cfg, 0, "-gpgpu_dram_timing_opt: nbk (%" PRIu32 ") must be a positive multiple of "
                      "nbkgrp (%" PRIu32 ")", t->nbk, t->nbkgrp);
    /* Each L2 slice of a channel owns a share of its banks (the slice is
     * chosen by the low bank bits, as GPGPU-Sim does). */
    if (t->nbk % c->n_sub_partition_per_mchannel)
        return cs_err(err, cfg, 0,
                      "-gpgpu_n_sub_partition_per_mchannel: %" PRIu32 " L2 slices cannot share %" PRIu32
                      " DRAM banks evenly", c->n_sub_partition_per_mchannel, t->nbk);
    if (!t->tCCD || !t->tRCD || !t->tRAS || !t->tRP || !t->tRC || !t->tCL)
        return cs_err(err, cfg, 0, "-gpgpu_dram_timing_opt: CCD, RCD, RAS, RP, RC and CL must be at least 1");
    if (!c->addr_mapping[0] || !memchr(c->addr_mapping, '\0', sizeof c->addr_mapping))
        return cs_err(err, cfg, 0, "-gpgpu_mem_addr_mapping: missing address mapping");
    /* GPGPU-Sim's 3 (PAE) and 4 (random) are not modelled; its 5 (custom)
     * is an empty hook: refused rather than silently run as 0. */
    if (c->partition_indexing > 2 && c->partition_indexing != 6)
        return cs_err(err, cfg, 0,
                      "-gpgpu_memory_partition_indexing: 0 linear, 1 xor, 2 IPOLY or 6 IPOLY-modulo (got %" PRIu32
                      "; 3 PAE, 4 random and 5 custom are not modelled)", c->partition_indexing);
    if (c->sms_per_tpc == 0)
        return cs_err(err, cfg, 0, "-ctasim_sms_per_tpc: must be at least 1");
    if (c->n_gpc) {
        if (config_n_sm(c) % c->sms_per_tpc)
            return cs_err(err, cfg, 0,
                          "-ctasim_sms_per_tpc: %" PRIu32 " SMs do not form whole TPCs of %" PRIu32,
                          config_n_sm(c), c->sms_per_tpc);
        if (c->n_gpc > config_n_sm(c) / c->sms_per_tpc)
            return cs_err(err, cfg, 0, "-ctasim_gpcs: %" PRIu32 " GPCs but only %" PRIu32 " TPCs of %" PRIu32 " SMs",
                          c->n_gpc, config_n_sm(c) / c->sms_per_tpc, c->sms_per_tpc);
    }
    char why[WHY_MAX];
    if (power_params_check(&c->power, why, sizeof why) < 0)
        return cs_err(err, cfg, 0, "%s", why);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* GPC grouping                                                             */
/* ------------------------------------------------------------------------ */

uint32_t config_n_gpc(const gpu_config_t *c) { return c->n_gpc ? c->n_gpc : 1; }

/* Whole TPCs dealt out in SM order: with T TPCs over G GPCs, the first
 * T mod G GPCs hold one TPC more than the others (H100 SXM5: 66 TPCs over 8
 * GPCs = two of 18 SMs, six of 16). A validated config has G <= T. */
uint32_t config_gpc_sms(const gpu_config_t *c, uint32_t g)
{
    const uint32_t n = config_n_gpc(c), per_tpc = c->sms_per_tpc ? c->sms_per_tpc : 1;
    if (g >= n)
        return 0;
    if (!c->n_gpc)
        return config_n_sm(c);
    const uint32_t tpcs = config_n_sm(c) / per_tpc;
    return (tpcs / n + (g < tpcs % n)) * per_tpc;
}

uint32_t config_gpc_of_sm(const gpu_config_t *c, uint32_t sm)
{
    const uint32_t n = config_n_gpc(c);
    for (uint32_t g = 0, first = 0; g < n; g++) {
        first += config_gpc_sms(c, g);
        if (sm < first)
            return g;
    }
    return n - 1; /* beyond the last SM: the last GPC (callers pass valid SMs) */
}

/* ------------------------------------------------------------------------ */
/* Dump                                                                     */
/* ------------------------------------------------------------------------ */

/* Shortest decimal form that reads back to exactly the same double. */
static void format_double(double v, char *out, size_t outsz)
{
    /* Whole numbers as GPGPU-Sim files write them ("700.0"). */
    if (v == floor(v) && fabs(v) < 1e15) {
        snprintf(out, outsz, "%.1f", v);
        return;
    }
    for (int precision = 6; precision <= 17; precision++) {
        snprintf(out, outsz, "%.*g", precision, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

void config_dump(const gpu_config_t *c, void *FILE_stream)
{
    FILE *f = FILE_stream;
    char text[512];
    fprintf(f, "# ctasim effective configuration (reads back with -config)\n");
    for (size_t i = 0; i < CS_ARRAY_LEN(option_table); i++) {
        const option_def_t *o = &option_table[i];
        if (o->alias)
            continue;
        const void *p = field_cptr(c, o);
        switch (o->kind) {
        case OPT_U32:
        case OPT_NUM_SCHED: {
            uint32_t v;
            memcpy(&v, p, sizeof v);
            snprintf(text, sizeof text, "%" PRIu32, v);
            break;
        }
        case OPT_U64: {
            uint64_t v;
            memcpy(&v, p, sizeof v);
            snprintf(text, sizeof text, "%" PRIu64, v);
            break;
        }
        case OPT_DOUBLE: {
            double v;
            memcpy(&v, p, sizeof v);
            format_double(v, text, sizeof text);
            break;
        }
        case OPT_BOOL: {
            bool v;
            memcpy(&v, p, sizeof v);
            snprintf(text, sizeof text, "%d", v ? 1 : 0);
            break;
        }
        case OPT_STR:
            snprintf(text, sizeof text, "%.*s", (int)o->size, (const char *)p);
            break;
        case OPT_CLOCKS: {
            char a[32], b[32], l2[32], d[32];
            format_double(c->clk_core_mhz, a, sizeof a);
            format_double(c->clk_icnt_mhz, b, sizeof b);
            format_double(c->clk_l2_mhz, l2, sizeof l2);
            format_double(c->clk_dram_mhz, d, sizeof d);
            snprintf(text, sizeof text, "%s:%s:%s:%s", a, b, l2, d);
            break;
        }
        case OPT_PIPELINE:
            snprintf(text, sizeof text, "%" PRIu32 ":%" PRIu32, c->max_threads_per_sm, c->warp_size);
            break;
        case OPT_LAT_LIST: {
            const uint32_t *arr = p;
            size_t n = 0;
            for (int k = 0; k < o->count; k++)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%" PRIu32, k ? "," : "",
                                      arr[o->first + k]);
            break;
        }
        case OPT_LAT_INIT: /* always an alias; never reached */
            continue;
        case OPT_QUEUES:
            snprintf(text, sizeof text, "%" PRIu32 ":%" PRIu32 ":%" PRIu32 ":%" PRIu32, c->partition_queue,
                     c->partition_queue, c->partition_queue, c->partition_queue);
            break;
        case OPT_SHMEM_LIST: {
            size_t n = 0;
            text[0] = '\0';
            for (uint32_t k = 0; k < c->n_shmem_options; k++)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%" PRIu32, k ? "," : "", c->shmem_options_kb[k]);
            break;
        }
        case OPT_CACHE:
            cache_config_format(p, text, sizeof text);
            break;
        case OPT_DRAM_TIMING:
            dram_timing_format(&c->dram, text, sizeof text);
            break;
        }
        fprintf(f, "-%-40s %-24s # %s\n", o->name, text, o->help);
    }
    /* The grouping the two GPC options give, spelled out (a comment: it reads back as nothing). */
    fprintf(f, "# %" PRIu32 " SMs in %" PRIu32 " GPC%s of", config_n_sm(c), config_n_gpc(c),
            config_n_gpc(c) == 1 ? "" : "s");
    for (uint32_t g = 0; g < config_n_gpc(c); g++)
        fprintf(f, "%s%" PRIu32, g ? "," : " ", config_gpc_sms(c, g));
    fprintf(f, " SMs\n");
}
