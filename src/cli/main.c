/* main.c — the ctasim command line.
 *
 *   ctasim run [options] INPUT      simulate a trace (kernelslist.g) or a built-in kernel
 *   ctasim list [configs|cta|warp|synthetic]
 *   ctasim trace INPUT -o DIR       export a built-in kernel as an Accel-Sim trace
 *   ctasim config [--config ..] [--set ..]   print the effective configuration
 *   ctasim config --unmodelled [--config ..] what of the options ctasim does not model
 *
 * Errors print one line "ctasim: FILE:LINE: what" on stderr and exit 1;
 * usage mistakes exit 2. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"
#include "mix.h"
#include "output.h"
#include "config/config.h"
#include "config/config_coverage.h"
#include "gpu/cta_policy.h"
#include "gpu/gpu.h"
#include "frontend/synth.h"
#include "frontend/trace_reader.h"
#include "frontend/trace_writer.h"
#include "model/warp_policy.h"
#include "policy/registry.h"

#define fail cli_fail

static int cmd_run(int argc, char **argv)
{
    run_opts_t o;
    int rc = cli_parse_opts(argc, argv, &o, true);
    if (rc)
        return rc;
    if (o.mix_file || mix_is_spec(o.input))
        return cmd_run_mix(argc, argv, &o);
    cli_json_out_t json;
    if ((rc = cli_json_open(&o, &json)) != 0)
        return rc;
    cs_error_t err;
    /* progress only where a person watches: a terminal, not --quiet */
    sim_request_t req = {.cfg = &o.cfg, .cta_sched = o.cta_sched, .warp_sched = o.warp_sched, .input = o.input,
                         .size = o.size, .seed = o.seed, .progress = !o.quiet && isatty(2),
                         .sample_interval = o.sample_interval};
    sim_outcome_t out;
    gpu_t *g = cli_simulate(&req, &out, &err);
    if (!g) {
        cli_json_abandon(&json);
        return fail(&err);
    }
    cli_warn_policy_inert(o.cta_sched, g); /* a policy that changed nothing says so */
    cli_provenance_t prov = {.argc = argc, .argv = argv, .opts = &o, .input = o.input, .check = out.check,
                             .detail = out.detail};
    cli_record_provenance(g, &prov);
    if (!o.quiet)
        gpu_print_stats(g, stdout);
    if (cli_json_write(&json, g, &err) < 0 ||
        cli_write_series_csv(g, &o, &err) < 0) {
        gpu_destroy(g);
        return fail(&err);
    }
    gpu_destroy(g);
    /* with --json -, standard output holds the JSON alone */
    FILE *verdict = json.path && !strcmp(json.path, "-") ? stderr : stdout;
    if (out.check >= 0) {
        fprintf(verdict, "%s (%s): %s%s%s\n", o.input, app_size_name(o.size), out.check ? "PASS" : "FAIL",
                out.detail[0] ? " - " : "", out.detail);
        if (!out.check)
            return 1;
    } else if (out.detail[0]) {
        fprintf(verdict, "%s (%s): %s\n", o.input, app_size_name(o.size), out.detail);
    }
    return 0;
}

/* The runtime's launches, written to an Accel-Sim trace instead of simulated
 * (the functional execution happens as each kernel is drained). */
static int trace_executor(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err)
{
    for (size_t i = 0; i < n; i++)
        if (trace_writer_dump_kernel(ctx, &kernels[i], err) < 0)
            return -1;
    return 0;
}

/* "trace written to DIR: 12.3 MB (xz)": only after every file closed cleanly */
static void print_trace_written(const char *dir, uint64_t bytes, bool compressed)
{
    if (bytes >= 1000000)
        printf("trace written to %s: %.1f MB%s\n", dir, (double)bytes / 1e6, compressed ? " (xz)" : "");
    else
        printf("trace written to %s: %.1f kB%s\n", dir, (double)bytes / 1e3, compressed ? " (xz)" : "");
}

/* The files of a trace: a directory holding one already is not written
 * over without --force, and --force removes its kernels the new list lacks. */
static bool is_trace_file(const char *name)
{
    return !strcmp(name, "kernelslist.g") || strstr(name, ".traceg") != NULL;
}

/* -o DIR of `trace` may not be the directory the input lies in: writing it
 * would destroy the input as it is read. Checked before anything is read. */
static int trace_input_in_out(const char *input, const char *dir, cs_error_t *err)
{
    char *in = realpath(input, NULL), *out = realpath(dir, NULL);
    bool inside = false;
    if (in && out) {
        size_t n = strlen(out);
        inside = !strncmp(in, out, n) && (in[n] == '\0' || in[n] == '/' || !strcmp(out, "/"));
    }
    free(in);
    free(out);
    if (inside)
        return cs_err(err, NULL, 0, "trace: the input %s lies in the output directory %s, which writing would "
                      "destroy: choose another -o", input, dir);
    return 0;
}

/* -o DIR holding another trace is replaced only with --force. */
static int trace_out_taken(const char *dir, bool force, cs_error_t *err)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return 0; /* a new directory (or a path cli_output_dir_temp explains) */
    if (!S_ISDIR(st.st_mode))
        return cs_err(err, dir, 0, "cannot create output directory: %s is not a directory", dir);
    if (force)
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return cs_err(err, dir, 0, "cannot read the output directory: %s", strerror(errno));
    char found[256] = "";
    for (struct dirent *e; !found[0] && (e = readdir(d));)
        if (is_trace_file(e->d_name))
            snprintf(found, sizeof found, "%s", e->d_name);
    closedir(d);
    if (found[0])
        return cs_err(err, dir, 0, "already holds a trace (%s): --force replaces it, or choose another -o", found);
    return 0;
}

/* The trace built in TMP is complete: finish its files and move them into
 * DIR (kernelslist.g last). TMP is gone either way; 0, or -1 with err. */
static int trace_complete(trace_writer_t *tw, char *tmp, const char *dir, uint64_t *bytes, cs_error_t *err)
{
    if (trace_writer_finish(tw, bytes, err) < 0) {
        cli_output_dir_discard(tmp);
        return -1;
    }
    return cli_output_dir_commit(tmp, dir, "kernelslist.g", is_trace_file, err);
}

static int cmd_trace(int argc, char **argv)
{
    /* --no-compress and --force are trace's own: taken out before the shared options */
    char **rest = cs_xmalloc((size_t)(argc + 1) * sizeof *rest);
    int n = 0;
    bool compress = trace_xz_supported(), force = false;
    for (int i = 0; i < argc; i++) {
        bool value = i >= 2 && (!strcmp(argv[i - 1], "--set") || !strcmp(argv[i - 1], "--config") ||
                                !strcmp(argv[i - 1], "-o"));
        if (i >= 2 && !value && !strcmp(argv[i], "--no-compress"))
            compress = false;
        else if (i >= 2 && !value && !strcmp(argv[i], "--force"))
            force = true;
        else
            rest[n++] = argv[i];
    }
    rest[n] = NULL;
    run_opts_t o;
    int rc = cli_parse_opts(n, rest, &o, true);
    free(rest);
    if (rc)
        return rc;
    if (!o.out_dir) {
        fprintf(stderr, "ctasim: trace needs -o DIR\n");
        return 2;
    }
    cs_error_t err;
    if (trace_input_in_out(o.input, o.out_dir, &err) < 0)
        return fail(&err);
    /* the input next: a bad one is what the user hears about, with nothing created */
    const app_def_t *app = app_find(o.input);
    workload_t *w = NULL;
    if (!app && !(w = cli_open_input(o.input, &err)))
        return fail(&err);
    if (trace_out_taken(o.out_dir, force, &err) < 0) {
        workload_destroy(w);
        return fail(&err);
    }
    /* built beside -o DIR and moved in only when complete, so a failure or
     * Ctrl-C leaves DIR as it was */
    char *tmp = cli_output_dir_temp(o.out_dir, &err);
    trace_writer_t *tw = tmp ? trace_writer_open(tmp, o.binary_version, &err) : NULL;
    if (tw && trace_writer_set_compress(tw, compress, &err) < 0) {
        trace_writer_close(tw, NULL);
        tw = NULL;
    }
    if (!tw) {
        workload_destroy(w);
        cli_output_dir_discard(tmp);
        return fail(&err);
    }
    uint64_t bytes = 0;
    if (app) {
        ctasim_runtime_t *rt = ctasim_create();
        ctasim_executor_t ex = {.ctx = tw, .run_kernels = trace_executor};
        ctasim_set_executor(rt, &ex);
        char detail[256] = "";
        int r = app_run(app, rt, o.size, o.seed, detail, sizeof detail, &err);
        ctasim_destroy(rt);
        if (r < 0) {
            trace_writer_close(tw, NULL);
            cli_output_dir_discard(tmp);
            return fail(&err);
        }
        /* a failed output check still writes the trace, as before: it is
         * what the kernels did */
        if (trace_complete(tw, tmp, o.out_dir, &bytes, &err) < 0)
            return fail(&err);
        printf("%s (%s): %s%s%s\n", o.input, app_size_name(o.size), r ? "PASS" : "FAIL", detail[0] ? " - " : "",
               detail);
        print_trace_written(o.out_dir, bytes, compress);
        return r ? 0 : 1;
    }
    kernel_desc_t k;
    while ((rc = workload_next_kernel(w, &k, &err)) == 1) {
        rc = trace_writer_dump_kernel(tw, &k, &err);
        if (k.ops->destroy)
            k.ops->destroy(k.src);
        if (rc < 0)
            break;
    }
    workload_destroy(w);
    if (rc < 0) {
        trace_writer_close(tw, NULL);
        cli_output_dir_discard(tmp);
        return fail(&err);
    }
    if (trace_complete(tw, tmp, o.out_dir, &bytes, &err) < 0)
        return fail(&err);
    print_trace_written(o.out_dir, bytes, compress);
    return 0;
}

static int cmd_config(int argc, char **argv)
{
    /* --unmodelled: the coverage catalogue, marked with where the given
     * configuration sets each entry, instead of the configuration */
    char **rest = cs_xmalloc((size_t)(argc + 1) * sizeof *rest);
    int n = 0;
    bool unmodelled = false;
    for (int i = 0; i < argc; i++) {
        /* an option value (after --config or --set) is never "--unmodelled" here: neither takes that form */
        if (i >= 2 && !strcmp(argv[i], "--unmodelled"))
            unmodelled = true;
        else
            rest[n++] = argv[i];
    }
    rest[n] = NULL;
    run_opts_t o;
    config_settings_t log;
    config_settings_init(&log);
    int rc = cli_parse_opts_log(n, rest, &o, false, unmodelled ? &log : NULL);
    if (rc == 0 && o.input) {
        fprintf(stderr, "ctasim: config takes no input ('%s')\n", o.input);
        rc = 2;
    }
    if (rc == 0) {
        if (unmodelled)
            coverage_print(stdout, &log, &o.cfg);
        else
            config_dump(&o.cfg, stdout);
    }
    config_settings_free(&log);
    free(rest);
    return rc;
}

static int cmd_list(int argc, char **argv)
{
    const char *what = argc > 2 ? argv[2] : "all";
    bool all = !strcmp(what, "all");
    bool known = all;
    if (all || !strcmp(what, "configs")) {
        known = true;
        printf("configs (--config NAME, or a GPGPU-Sim option file):\n");
        for (const char *const *n = config_preset_names(); *n; n++)
            printf("  %-14s %s\n", *n, config_preset_desc(*n));
    }
    if (all || !strcmp(what, "cta")) {
        known = true;
        printf("CTA policies (--cta-sched NAME[:k=v,...][+NAME...]):\n");
        for (const cta_policy_ops_t *const *p = cta_policy_all(); *p; p++)
            printf("  %-10s %s%s%s%s\n", (*p)->name, (*p)->summary, (*p)->params[0] ? " [" : "", (*p)->params,
                   (*p)->params[0] ? "]" : "");
    }
    if (all || !strcmp(what, "warp")) {
        known = true;
        printf("warp policies (--warp-sched NAME):\n");
        for (const warp_policy_ops_t *const *p = warp_policy_all(); *p; p++)
            printf("  %-10s %s%s%s%s\n", (*p)->name, (*p)->summary, (*p)->params[0] ? " [" : "", (*p)->params,
                   (*p)->params[0] ? "]" : "");
    }
    if (all || !strcmp(what, "workloads")) {
        known = true;
        printf("workloads (INPUT = NAME, --size small|default|paper, --seed N):\n");
        for (unsigned i = 0; i < app_count(); i++)
            printf("  %-8s %-58s [%s]\n", app_at(i)->name, app_at(i)->summary, app_at(i)->traits);
    }
    if (all || !strcmp(what, "synthetic")) {
        known = true;
        printf("synthetic kernels (INPUT = NAME[:k=v,...]):\n");
        synth_list(stdout);
    }
    if (!known) {
        fprintf(stderr, "ctasim: list what? (configs, cta, warp, workloads, synthetic)\n");
        return 2;
    }
    return 0;
}

/* ctasim --version / -V: the version a result records and what the build
 * found, so that a report of a problem can say which build ran. */
static int print_version(void)
{
    printf("ctasim %s\n", cli_version());
    printf("lzma: %s\n", trace_xz_supported() ? "yes (.traceg.xz traces read and written)"
                                              : "no (.traceg.xz traces need a build with liblzma-dev installed)");
#ifdef CS_HAVE_ZSTD
    printf("zstd: yes (ctasim exec reads the compressed PTX nvcc writes by default)\n");
#else
    printf("zstd: no (ctasim exec needs programs built with nvcc -no-compress; libzstd-dev lifts that)\n");
#endif
    printf("threads: yes (pthreads: --jobs, --threads)\n");
#if defined(__clang__)
    printf("compiler: clang %s\n", __clang_version__);
#elif defined(__GNUC__)
    printf("compiler: gcc %s\n", __VERSION__);
#else
    printf("compiler: unknown (C %ld)\n", (long)__STDC_VERSION__);
#endif
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    /* SUBCOMMAND --help / -h, wherever it stands (no option value or
     * launch argument can be spelled that way) */
    for (int i = 2; i < argc && (strcmp(cmd, "exec") || i == 2) && strcmp(cmd, "native"); i++) /* exec: the program's --help is its own; native: its own */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            if (cli_help(cmd) == 0)
                return 0;
    if (!strcmp(cmd, "run"))
        return cmd_run(argc, argv);
    if (!strcmp(cmd, "experiment"))
        return cmd_experiment(argc, argv);
    if (!strcmp(cmd, "launch"))
        return cmd_launch(argc, argv);
    if (!strcmp(cmd, "exec"))
        return cmd_exec(argc, argv);
    if (!strcmp(cmd, "native"))
        return cmd_native(argc, argv);
    if (!strcmp(cmd, "correlate"))
        return cmd_correlate(argc, argv);
    if (!strcmp(cmd, "sweep"))
        return cmd_sweep(argc, argv);
    if (!strcmp(cmd, "report"))
        return cmd_report(argc, argv);
    if (!strcmp(cmd, "list"))
        return cmd_list(argc, argv);
    if (!strcmp(cmd, "trace"))
        return cmd_trace(argc, argv);
    if (!strcmp(cmd, "config"))
        return cmd_config(argc, argv);
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        cli_usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V"))
        return print_version();
    fprintf(stderr, "ctasim: unknown command '%s'\n", cmd);
    cli_usage(stderr);
    return 2;
}
