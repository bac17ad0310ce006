/* launch.c — `ctasim launch`: run one kernel of a PTX file without writing a
 * host driver.
 *
 *   ctasim launch --ptx FILE --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]
 *                 [--shmem BYTES] [--regs N] [--const SYMBOL=FILE]... [run options] ARG...
 *
 * Arguments, in the kernel's parameter order: scalars u32:5 s32:-1 u64:N
 * s64:N f32:1.5 f64:2.5, and buffers in:FILE (bytes loaded into device
 * memory), out:BYTES:FILE (zeroed device memory written to FILE afterwards),
 * inout:FILE:OUTFILE (both). A buffer argument passes its device address.
 * Registers per thread: --regs N, else as ptx_kernel_regs decides
 * (frontend/ptx/ptx_regs.h: ptxas report, ptxas run, liveness estimate). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"
#include "progress.h"
#include "output.h"
#include "policy/registry.h"

#define MAX_ARGS 64
#define MAX_CONSTS 16

typedef struct launch_arg {
    unsigned char value[8];
    size_t size;
    const char *out_file; /* download after the kernel */
    uint64_t dptr;
    size_t bytes;
} launch_arg_t;

/* An input of a kernel argument or a --const symbol: at most 1 GiB, far
 * more than a simulation of the papers' kernels uses (and /dev/zero ends). */
#define LAUNCH_INPUT_MAX ((size_t)1 << 30)

static int read_file(const char *path, unsigned char **data, size_t *len, cs_error_t *err)
{
    char *buf;
    if (cs_read_file(path, LAUNCH_INPUT_MAX, &buf, len, err) < 0)
        return -1;
    *data = (unsigned char *)buf;
    return 0;
}

/* X[,Y[,Z]] with each part a strict integer from 1 to 2^31-1. */
static int parse_dim(const char *option, const char *s, dim3_t *d, cs_error_t *err)
{
    uint64_t v[3] = {1, 1, 1};
    unsigned n = 0;
    for (const char *p = s;; n++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char part[32];
        if (n == 3 || len >= sizeof part)
            return cs_err(err, NULL, 0, "%s expects X[,Y,Z] with integers from 1 to 2147483647, got '%s'", option, s);
        memcpy(part, p, len);
        part[len] = '\0';
        if (cli_parse_uint(option, part, 1, 0x7fffffff, &v[n], err) < 0)
            return cs_err(err, NULL, 0, "%s expects X[,Y,Z] with integers from 1 to 2147483647, got '%s'", option, s);
        if (!comma)
            break;
        p = comma + 1;
    }
    d->x = (uint32_t)v[0], d->y = (uint32_t)v[1], d->z = (uint32_t)v[2];
    return 0;
}

/* Does the kind of ARG (u32:, f32:, in:, ...) suit a parameter of PTX type
 * TYPE? The sizes are compared apart; this is the other half: f32:1.5 for a
 * .u32 parameter has the right size and would pass its bits as an integer.
 * Floats go to .f32/.f64 only; integers and buffer addresses to .u/.s/.b. */
static const char *arg_family(const char *spec)
{
    static const char *const kinds[][2] = {{"f32:", "a float"},       {"f64:", "a float"},
                                           {"u32:", "an integer"},    {"s32:", "an integer"},
                                           {"u64:", "an integer"},    {"s64:", "an integer"},
                                           {"in:", "a buffer address"}, {"out:", "a buffer address"},
                                           {"inout:", "a buffer address"}};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (!strncmp(spec, kinds[i][0], strlen(kinds[i][0])))
            return kinds[i][1];
    return NULL; /* an unknown kind: parse_arg says so */
}

static bool kind_suits(const char *spec, const char *type)
{
    bool float_arg = spec[0] == 'f', float_param = type[0] == 'f';
    return float_arg == float_param;
}

/* One ARG -> device memory / value. */
static int parse_arg(ctasim_runtime_t *rt, const char *kernel, unsigned idx, const char *spec, launch_arg_t *a,
                     cs_error_t *err)
{
    const char *colon = strchr(spec, ':');
    if (!colon)
        return cs_err(err, NULL, 0, "kernel '%s': argument %u '%s': expected TYPE:VALUE", kernel, idx, spec);
    size_t tl = (size_t)(colon - spec);
    const char *v = colon + 1;
    char *end;
    errno = 0;
#define IS(t) (tl == strlen(t) && !strncmp(spec, t, tl))
    if (IS("u32") || IS("s32")) {
        bool is_u = IS("u32");
        long long x = is_u ? (long long)strtoull(v, &end, 0) : strtoll(v, &end, 0);
        if (*end || end == v || errno)
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: bad integer '%s'", kernel, idx, v);
        /* no silent wrap: u32 is 0..4294967295 (and no sign), s32 -2^31..2^31-1 */
        if (is_u ? (strchr(v, '-') || (unsigned long long)x > UINT32_MAX) : (x < INT32_MIN || x > INT32_MAX))
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: %s out of range for %s", kernel, idx, v,
                          is_u ? "u32 (0..4294967295)" : "s32 (-2147483648..2147483647)");
        uint32_t u = (uint32_t)x;
        memcpy(a->value, &u, 4);
        a->size = 4;
    } else if (IS("u64") || IS("s64")) {
        unsigned long long x = IS("u64") ? strtoull(v, &end, 0) : (unsigned long long)strtoll(v, &end, 0);
        if (*end || end == v || errno)
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: bad integer '%s'", kernel, idx, v);
        if (IS("u64") && strchr(v, '-')) /* strtoull takes "-1" as 2^64-1 */
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: %s out of range for u64", kernel, idx, v);
        memcpy(a->value, &x, 8);
        a->size = 8;
    } else if (IS("f32")) {
        float x = strtof(v, &end);
        if (*end || end == v)
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: bad number '%s'", kernel, idx, v);
        memcpy(a->value, &x, 4);
        a->size = 4;
    } else if (IS("f64")) {
        double x = strtod(v, &end);
        if (*end || end == v)
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: bad number '%s'", kernel, idx, v);
        memcpy(a->value, &x, 8);
        a->size = 8;
    } else if (IS("in") || IS("inout")) {
        char path[1024];
        const char *c2 = IS("inout") ? strchr(v, ':') : NULL;
        if (IS("inout") && !c2)
            return cs_err(err, NULL, 0, "kernel '%s': argument %u: expected inout:FILE:OUTFILE", kernel, idx);
        snprintf(path, sizeof path, "%.*s", (int)(c2 ? (size_t)(c2 - v) : strlen(v)), v);
        unsigned char *data;
        size_t len;
        if (read_file(path, &data, &len, err) < 0)
            return -1;
        int r = ctasim_malloc(rt, &a->dptr, len ? len : 4, err) < 0 || ctasim_memcpy_htod(rt, a->dptr, data, len, err) < 0;
        free(data);
        if (r)
            return -1;
        a->bytes = len;
        a->out_file = c2 ? c2 + 1 : NULL;
        memcpy(a->value, &a->dptr, 8);
        a->size = 8;
    } else if (IS("out")) {
        /* strtoull takes "-4" as 2^64-4: a size must start with a digit */
        unsigned long long bytes = v[0] >= '0' && v[0] <= '9' ? strtoull(v, &end, 0) : 0;
        if (!(v[0] >= '0' && v[0] <= '9') || *end != ':' || errno) {
            const char *c2 = strchr(v, ':');
            return cs_err(err, NULL, 0, "kernel '%s': argument %u '%s': '%.*s' is not a byte count (out:BYTES:FILE)",
                          kernel, idx, spec, c2 ? (int)(c2 - v) : (int)strlen(v), v);
        }
        if (!bytes)
            return cs_err(err, NULL, 0, "kernel '%s': argument %u '%s': out:BYTES:FILE needs at least 1 byte", kernel,
                          idx, spec);
        if (ctasim_malloc(rt, &a->dptr, bytes, err) < 0 || ctasim_memset(rt, a->dptr, 0, bytes, err) < 0)
            return -1;
        a->bytes = bytes;
        a->out_file = end + 1;
        memcpy(a->value, &a->dptr, 8);
        a->size = 8;
    } else {
        return cs_err(err, NULL, 0, "kernel '%s': argument %u: unknown type '%.*s' (u32 s32 u64 s64 f32 f64 in out inout)",
                      kernel, idx, (int)tl, spec);
    }
#undef IS
    return 0;
}

int cmd_launch(int argc, char **argv)
{
    const char *ptx = NULL, *kernel = NULL, *grid_s = NULL, *block_s = NULL, *consts[MAX_CONSTS];
    unsigned nconst = 0;
    uint32_t shmem = 0, regs = 0;
    const char *args[MAX_ARGS];
    unsigned nargs = 0;
    cs_error_t err;
    char **rest = cs_xcalloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    rest[nrest++] = argv[0];
    rest[nrest++] = argv[1];
    /* launch's own options and positional ARGs; the rest are run options
     * (every run option that takes a value, or its value would be an ARG) */
    static const char *run_with_value[] = {"--config", "--set", "--cta-sched", "--warp-sched", "--max-ctas", "--json",
                                           "--active-cores", "--size", "--seed", "--binary-version", "-o", "--sample-interval",
                                           "--threads", NULL};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        /* run options that mean nothing for one PTX kernel: refused, not ignored */
        if (!strcmp(a, "--size") || !strcmp(a, "--seed") || !strcmp(a, "--binary-version") || !strcmp(a, "-o")) {
            fprintf(stderr, "ctasim: %s is not an option of launch (%s)\n", a,
                    !strcmp(a, "--size") || !strcmp(a, "--seed") ? "it chooses a suite workload's generated input"
                                                                 : "it belongs to ctasim trace");
            free(rest);
            return 2;
        }
        bool mine = !strcmp(a, "--ptx") || !strcmp(a, "--kernel") || !strcmp(a, "--grid") || !strcmp(a, "--block") ||
                    !strcmp(a, "--shmem") || !strcmp(a, "--regs") || !strcmp(a, "--const");
        if (mine) {
            if (!v) {
                fprintf(stderr, "ctasim: option %s needs a value\n", a);
                free(rest);
                return 2;
            }
            i++;
            if (!strcmp(a, "--ptx"))
                ptx = v;
            else if (!strcmp(a, "--kernel"))
                kernel = v;
            else if (!strcmp(a, "--grid"))
                grid_s = v;
            else if (!strcmp(a, "--block"))
                block_s = v;
            else if (!strcmp(a, "--shmem")) {
                uint64_t n;
                if (cli_parse_uint(a, v, 0, UINT32_MAX, &n, &err) < 0) {
                    free(rest);
                    return cli_fail_usage(&err);
                }
                shmem = (uint32_t)n;
            } else if (!strcmp(a, "--regs")) {
                uint64_t n;
                if (cli_parse_uint(a, v, 1, 255, &n, &err) < 0) {
                    free(rest);
                    return cli_fail_usage(&err);
                }
                regs = (uint32_t)n;
            } else if (nconst < MAX_CONSTS) {
                consts[nconst++] = v;
            } else {
                fprintf(stderr, "ctasim: at most %d --const options\n", MAX_CONSTS);
                free(rest);
                return 2;
            }
            continue;
        }
        if (a[0] == '-') {
            rest[nrest++] = argv[i];
            for (unsigned k = 0; run_with_value[k]; k++)
                if (!strcmp(a, run_with_value[k]) && v) {
                    rest[nrest++] = argv[++i];
                    break;
                }
            continue;
        }
        if (nargs == MAX_ARGS) {
            fprintf(stderr, "ctasim: at most %d kernel arguments\n", MAX_ARGS);
            free(rest);
            return 2;
        }
        args[nargs++] = a;
    }
    run_opts_t o;
    int rc = cli_parse_opts(nrest, rest, &o, false);
    free(rest);
    if (rc)
        return rc;
    dim3_t grid, block;
    if (!ptx || !kernel || !grid_s || !block_s) {
        fprintf(stderr, "ctasim: launch needs --ptx FILE --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]\n");
        return 2;
    }
    if (parse_dim("--grid", grid_s, &grid, &err) < 0 || parse_dim("--block", block_s, &block, &err) < 0)
        return cli_fail_usage(&err);
    cli_json_out_t json;
    if ((rc = cli_json_open(&o, &json)) != 0)
        return rc;
    gpu_t *g = cli_gpu_create(&o.cfg, o.cta_sched, o.warp_sched, o.sample_interval, 0, &err);
    if (!g) {
        cli_json_abandon(&json);
        return cli_fail(&err);
    }
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(rt, &ex);
    ctasim_module_t *mod;
    launch_arg_t la[MAX_ARGS];
    memset(la, 0, sizeof la);
    void *argp[MAX_ARGS];
    size_t want_n = 0, want_sizes[MAX_ARGS];
    const char *param_names[MAX_ARGS], *param_types[MAX_ARGS];
    rc = -1;
    if (ctasim_module_load_file(rt, ptx, &mod, &err) < 0 ||
        ctasim_kernel_params(mod, kernel, &want_n, want_sizes, MAX_ARGS, &err) < 0 ||
        ctasim_kernel_param_info(mod, kernel, param_names, param_types, MAX_ARGS, &err) < 0)
        goto out;
    if (regs && ctasim_set_kernel_regs(mod, kernel, regs, &err) < 0)
        goto out;
    if (want_n != nargs) {
        cs_err(&err, NULL, 0, "kernel '%s' takes %zu arguments, %u given", kernel, want_n, nargs);
        goto out;
    }
    for (unsigned i = 0; i < nconst; i++) {
        const char *eq = strchr(consts[i], '=');
        if (!eq) {
            cs_err(&err, NULL, 0, "kernel '%s': --const expects SYMBOL=FILE, got '%s'", kernel, consts[i]);
            goto out;
        }
        char sym[256];
        snprintf(sym, sizeof sym, "%.*s", (int)(eq - consts[i]), consts[i]);
        unsigned char *data;
        size_t len;
        if (read_file(eq + 1, &data, &len, &err) < 0)
            goto out;
        int r = ctasim_set_const(rt, mod, sym, data, len, &err);
        free(data);
        if (r < 0)
            goto out;
    }
    for (unsigned i = 0; i < nargs; i++) {
        /* a known kind of the wrong family is refused before any memory is
         * touched; an unknown kind is parse_arg's error */
        const char *family = arg_family(args[i]);
        if (family && !kind_suits(args[i], param_types[i])) {
            cs_err(&err, NULL, 0, "kernel '%s': argument %u '%s' is %s, but parameter %s is .%s (give %s)", kernel, i,
                   args[i], family, param_names[i], param_types[i],
                   param_types[i][0] == 'f' ? "f32:X or f64:X" : "an integer (u32 s32 u64 s64) or a buffer");
            goto out;
        }
        if (parse_arg(rt, kernel, i, args[i], &la[i], &err) < 0)
            goto out;
        if (la[i].size != want_sizes[i]) {
            cs_err(&err, NULL, 0, "kernel '%s': argument %u is %zu bytes in the kernel, '%s' gives %zu", kernel, i,
                   want_sizes[i], args[i], la[i].size);
            goto out;
        }
        argp[i] = la[i].value;
    }
    /* a kernel that never ends shows that it runs (on a terminal) */
    run_progress_t rp = {0};
    bool show = !o.quiet && isatty(2);
    if (show)
        gpu_set_progress(g, run_progress_print, &rp, run_progress_interval());
    int lrc = ctasim_launch(rt, mod, kernel, grid, block, shmem, 0, argp, nargs, &err) < 0 ||
              ctasim_synchronize(rt, &err) < 0;
    if (show) {
        gpu_set_progress(g, NULL, NULL, 0);
        run_progress_finish(&rp);
    }
    if (lrc)
        goto out;
    for (unsigned i = 0; i < nargs; i++) {
        if (!la[i].out_file)
            continue;
        unsigned char *buf = cs_xmalloc(la[i].bytes ? la[i].bytes : 1);
        int bad = ctasim_memcpy_dtoh(rt, buf, la[i].dptr, la[i].bytes, &err) < 0;
        FILE *f = bad ? NULL : cli_output_open(la[i].out_file, &err);
        if (!bad && !f)
            bad = 1;
        if (f) {
            /* fwrite's shortfall shows in the stream's error flag, which
             * cli_output_close reports with the reason */
            fwrite(buf, 1, la[i].bytes, f);
            bad = cli_output_close(f, la[i].out_file, &err) < 0;
        }
        free(buf);
        if (bad)
            goto out;
    }
    cli_warn_policy_inert(o.cta_sched, g); /* as `run` does */
    cli_provenance_t prov = {.argc = argc, .argv = argv, .opts = &o, .input = ptx, .ptx_kernel = kernel, .check = -1};
    cli_record_provenance(g, &prov);
    if (!o.quiet)
        gpu_print_stats(g, stdout);
    if (cli_json_write(&json, g, &err) < 0 ||
        cli_write_series_csv(g, &o, &err) < 0)
        goto out;
    rc = 0;
out:
    cli_json_abandon(&json);
    ctasim_destroy(rt);
    gpu_destroy(g);
    return rc < 0 ? cli_fail(&err) : 0;
}
