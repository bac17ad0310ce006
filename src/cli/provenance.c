/* provenance.c — what produced a result, recorded in the result itself.
 *
 * A statistics file is only worth what a reader can trust about it, so every
 * run's JSON starts with a "provenance" object and its text output with
 * `ctasim_*` lines: the ctasim version (git describe of the tree built), the
 * command line, the input (a suite workload with its size and seed, a
 * synthetic kernel's spec, a trace or PTX file with the XXH64 checksum of
 * its bytes, util/xxh64.h), the configs in the order applied (presets by name,
 * files with their checksum) and every --set, the CTA and warp policies as given and as
 * the simulator took them (every argument, defaults included), the
 * workload's output check, and a checksum of the effective configuration
 * (`ctasim config` with the same options prints the text it hashes). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "util/xxh64.h"
#include "version.h"
#include "util/json_escape.h"

typedef struct strbuf {
    char *s;
    size_t len, cap;
} strbuf_t;

static void sb_add(strbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(strbuf_t *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        b->cap = (b->len + (size_t)n + 1) * 2;
        b->s = cs_xrealloc(b->s, b->cap);
    }
}

/* A JSON string literal. */
static void sb_json(strbuf_t *b, const char *s)
{
    char *q = json_quote(s);
    sb_add(b, "%s", q);
    free(q);
}

/* Feed a file's bytes to h; false if it cannot be read. */
static bool hash_file(const char *path, cs_xxh64_t *h, uint64_t *bytes)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    unsigned char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        cs_xxh64_update(h, buf, n);
        *bytes += n;
    }
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A trace: its kernel list and every kernel file the list names, in order
 * (MemcpyHtoD lines are part of the list's bytes). A single .traceg file:
 * its bytes. */
static bool hash_trace(const char *input, cs_xxh64_t *h, uint64_t *bytes)
{
    char list[4096], dir[4096];
    if (is_dir(input)) {
        snprintf(dir, sizeof dir, "%s", input);
        snprintf(list, sizeof list, "%s/kernelslist.g", input);
    } else {
        snprintf(list, sizeof list, "%s", input);
        const char *slash = strrchr(input, '/');
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - input) : 1, slash ? input : ".");
    }
    if (!hash_file(list, h, bytes))
        return false;
    size_t len = strlen(list);
    if (len < 2 || strcmp(list + len - 2, ".g"))
        return true; /* a kernel file given directly */
    FILE *f = fopen(list, "r");
    if (!f)
        return false;
    char line[4096];
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || !strncmp(line, "Memcpy", 6))
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, line);
        ok = hash_file(path, h, bytes);
    }
    fclose(f);
    return ok;
}

/* The checksum equals `xxh64sum` of the bytes fed (for a trace, of its
 * kernel list and kernel files concatenated in order). */
static void sb_checksum(strbuf_t *b, bool ok, const cs_xxh64_t *h, uint64_t bytes)
{
    if (ok)
        sb_add(b, ", \"xxh64\": \"%016" PRIx64 "\", \"bytes\": %" PRIu64, cs_xxh64_digest(h), bytes);
    else
        sb_add(b, ", \"xxh64\": null");
}

/* "kind": KIND, "path": PATH and the file's checksum: an input that is one file */
static void sb_input_file(strbuf_t *b, const char *kind, const char *path)
{
    cs_xxh64_t h;
    uint64_t bytes = 0;
    cs_xxh64_init(&h);
    bool ok = hash_file(path, &h, &bytes);
    sb_add(b, "\"kind\": \"%s\", \"path\": ", kind);
    sb_json(b, path);
    sb_checksum(b, ok, &h, bytes);
}

uint64_t cli_config_checksum(const gpu_config_t *cfg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return 0;
    config_dump(cfg, m);
    fclose(m);
    uint64_t h = cs_fnv1a64(text, len);
    free(text);
    return h;
}

/* Here, because only this file sees version.h: it changes with every
 * commit, and what includes it recompiles. */
const char *cli_version(void) { return CTASIM_VERSION; }

void cli_record_provenance(gpu_t *g, const cli_provenance_t *p)
{
    const run_opts_t *o = p->opts;
    strbuf_t j = {0}, t = {0};
    sb_add(&j, "{\"ctasim_version\": ");
    sb_json(&j, CTASIM_VERSION);
    sb_add(&t, "ctasim_version = %s\n", CTASIM_VERSION);

    sb_add(&j, ", \"command\": [");
    for (int i = 0; i < p->argc; i++) {
        sb_add(&j, "%s", i ? ", " : "");
        sb_json(&j, p->argv[i]);
    }
    sb_add(&j, "]");

    /* the input */
    sb_add(&j, ", \"input\": {");
    if (p->ptx_kernel) {
        sb_input_file(&j, "ptx", p->input);
        sb_add(&j, ", \"kernel\": ");
        sb_json(&j, p->ptx_kernel);
        sb_add(&t, "ctasim_input = ptx %s kernel %s\n", p->input, p->ptx_kernel);
    } else if (p->program) {
        sb_input_file(&j, "program", p->input);
        sb_add(&t, "ctasim_input = program %s\n", p->input);
    } else if (p->mix) {
        sb_add(&j, "\"kind\": \"mix\", \"spec\": ");
        sb_json(&j, p->input);
        sb_add(&j, ", \"size\": \"%s\", \"seed\": %" PRIu64, app_size_name(o->size), o->seed);
        sb_add(&t, "ctasim_input = mix %s (%s size, seed %" PRIu64 ")\n", p->input, app_size_name(o->size), o->seed);
    } else if (app_find(p->input)) {
        sb_add(&j, "\"kind\": \"workload\", \"name\": ");
        sb_json(&j, p->input);
        sb_add(&j, ", \"size\": \"%s\", \"seed\": %" PRIu64, app_size_name(o->size), o->seed);
        sb_add(&t, "ctasim_input = %s (%s size, seed %" PRIu64 ")\n", p->input, app_size_name(o->size), o->seed);
    } else {
        struct stat st;
        if (stat(p->input, &st) == 0) {
            cs_xxh64_t h;
            uint64_t bytes = 0;
            cs_xxh64_init(&h);
            bool ok = hash_trace(p->input, &h, &bytes);
            sb_add(&j, "\"kind\": \"trace\", \"path\": ");
            sb_json(&j, p->input);
            sb_checksum(&j, ok, &h, bytes);
            if (ok)
                sb_add(&t, "ctasim_input = trace %s (xxh64 %016" PRIx64 ")\n", p->input, cs_xxh64_digest(&h));
            else
                sb_add(&t, "ctasim_input = trace %s\n", p->input);
        } else {
            sb_add(&j, "\"kind\": \"synthetic\", \"spec\": ");
            sb_json(&j, p->input);
            sb_add(&t, "ctasim_input = synthetic %s\n", p->input);
        }
    }
    sb_add(&j, "}");

    /* configs and --set, in the order the command line applied them */
    sb_add(&j, ", \"configs\": [");
    sb_add(&t, "ctasim_configs =");
    unsigned nc = 0, ns = 0;
    for (int i = 0; i + 1 < p->argc; i++)
        if (!strcmp(p->argv[i], "--config")) {
            const char *v = p->argv[++i];
            struct stat st;
            sb_add(&j, "%s{", nc++ ? ", " : "");
            if (stat(v, &st) == 0) {
                cs_xxh64_t h;
                uint64_t bytes = 0;
                cs_xxh64_init(&h);
                bool ok = hash_file(v, &h, &bytes);
                sb_add(&j, "\"file\": ");
                sb_json(&j, v);
                sb_checksum(&j, ok, &h, bytes);
            } else {
                sb_add(&j, "\"preset\": ");
                sb_json(&j, v);
            }
            sb_add(&j, "}");
            sb_add(&t, " %s", v);
        }
    if (!nc)
        sb_add(&t, " (built-in defaults: gtx480)");
    sb_add(&t, "\n");
    sb_add(&j, "], \"sets\": [");
    for (int i = 0; i + 1 < p->argc; i++)
        if (!strcmp(p->argv[i], "--set")) {
            sb_add(&j, "%s", ns ? ", " : "");
            sb_json(&j, p->argv[++i]);
            sb_add(&t, "%s%s", ns++ ? " " : "ctasim_sets = ", p->argv[i]);
        }
    sb_add(&j, "]");
    if (ns)
        sb_add(&t, "\n");
    if (o->cfg.max_ctas_override)
        sb_add(&j, ", \"max_ctas\": %u", o->cfg.max_ctas_override);
    else
        sb_add(&j, ", \"max_ctas\": null");

    /* the policies, as given and as taken */
    sb_add(&j, ", \"cta_sched\": ");
    sb_json(&j, o->cta_sched ? o->cta_sched : "rr");
    sb_add(&j, ", \"cta_sched_resolved\": ");
    sb_json(&j, gpu_cta_sched_resolved(g));
    sb_add(&j, ", \"warp_sched\": ");
    if (o->warp_sched)
        sb_json(&j, o->warp_sched);
    else
        sb_add(&j, "null");
    sb_add(&j, ", \"warp_sched_resolved\": ");
    sb_json(&j, gpu_warp_sched_resolved(g));
    sb_add(&t, "ctasim_cta_sched = %s\nctasim_warp_sched = %s\n", gpu_cta_sched_resolved(g),
           gpu_warp_sched_resolved(g));
    if (o->cfg.max_ctas_override)
        sb_add(&t, "ctasim_max_ctas = %u\n", o->cfg.max_ctas_override);

    /* the workload's own check */
    sb_add(&j, ", \"check\": ");
    if (p->check < 0)
        sb_add(&j, "null");
    else
        sb_json(&j, p->check ? "PASS" : "FAIL");
    if (p->detail && p->detail[0]) {
        sb_add(&j, ", \"check_detail\": ");
        sb_json(&j, p->detail);
    }
    uint64_t ch = cli_config_checksum(&o->cfg);
    sb_add(&j, ", \"config_fnv1a64\": \"%016" PRIx64 "\"}", ch);
    sb_add(&t, "ctasim_config_fnv1a64 = %016" PRIx64 " (of `ctasim config` with the same --config/--set)\n", ch);
    gpu_set_provenance(g, j.s, t.s);
    free(j.s);
    free(t.s);
}
