/* options.c — what the subcommands share: the common option parser
 * (--config, --set, --cta-sched, --warp-sched, --max-ctas, --size, --seed,
 * --json, ...) and the one-line error exits. The subcommands call into it;
 * it calls none of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "cli.h"
#include "config/config.h"
#include "config/config_coverage.h"
#include "output.h"

#define fail cli_fail

void cli_usage(FILE *f)
{
    fputs("usage: ctasim run [--config NAME|FILE]... [--set OPTION=VALUE]... [--allow-unknown]\n"
          "                  [--cta-sched SPEC] [--warp-sched NAME] [--max-ctas N] [--active-cores N] [--power]\n"
          "                  [--json FILE] [--size small|default|paper] [--seed N] [--sample-interval N] [--quiet]\n"
          "                  [--threads N]\n"
          "                  INPUT\n"
          "       ctasim sweep [run options] [--max-ctas A..B | --active-cores A..B] [--cta-sched SPEC]...\n"
          "                  [--warp-sched NAME]... [--jobs N] [-o DIR] [--force] [--tolerance F]\n"
          "                  INPUT | PROGRAM [ARGS...]\n"
          "       ctasim run [run options] [--pool N] [--alone-cache DIR] [--no-alone] A+B[+C...] | --mix FILE\n"
          "       ctasim launch --ptx FILE --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--shmem BYTES]\n"
          "                  [--const SYMBOL=FILE]... [run options] ARG...   (u32:5 f32:1.5 in:FILE\n"
          "                  out:BYTES:FILE inout:FILE:OUTFILE ...)\n"
          "       ctasim exec [run options] PROGRAM [ARGS...]   (a CUDA program built with nvcc -cudart shared)\n"
          "       ctasim native [--size S] [--repeat R] [--max-ctas N] [--csv FILE] WORKLOAD...|all   (on a GPU)\n"
          "       ctasim correlate [run options] [--jobs N] [--csv FILE] HW.csv   (native's times beside simulated)\n"
          "       ctasim experiment NAME|list [--size S] [--workloads A,B] [--power] [--jobs N] [--threads N]\n"
          "                  [-o DIR] [--force] [--suite rodinia|parboil|cuda-samples|all [--suite-set mid|ci]]\n"
          "                  [--report]\n"
          "       ctasim report DIR|RUN.json [-o FILE.html] [--figures DIR] [--figure NAME,..] [--baseline S]\n"
          "       ctasim list [configs|cta|warp|workloads|synthetic]\n"
          "       ctasim trace INPUT -o DIR [--force] [--binary-version N] [--no-compress]\n"
          "       ctasim config [--unmodelled] [--config NAME|FILE]... [--set OPTION=VALUE]... [--allow-unknown]\n"
          "       ctasim --version | -V   (the version and what the build found: liblzma, threads, compiler)\n"
          "INPUT is a workload of the suite (VADD, MMUL, BFS, ...: `ctasim list workloads`), a\n"
          "trace (path/to/kernelslist.g or its directory) or a built-in synthetic kernel such as\n"
          "stream or stream:ctas=480,iters=32 (`ctasim list synthetic`).\n",
          f);
}

int cli_fail(const cs_error_t *e)
{
    fprintf(stderr, "ctasim: %s\n", e->msg);
    return 1;
}

int cli_fail_usage(const cs_error_t *e)
{
    cli_fail(e);
    return 2;
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* Shared option parsing for run/trace/config. Returns 0, or an exit code. */
int cli_parse_opts(int argc, char **argv, run_opts_t *o, bool want_input)
{
    return cli_parse_opts_log(argc, argv, o, want_input, NULL);
}

static bool cli_simulates(const char *cmd);
static void warn_power_options_unused(const config_settings_t *set);
static int parse_opts(int argc, char **argv, run_opts_t *o, bool want_input, const config_load_opts_t *file_opts_p,
                      const config_load_opts_t *preset_opts_p, const config_load_opts_t *set_opts_p);

int cli_parse_opts_log(int argc, char **argv, run_opts_t *o, bool want_input, config_settings_t *log)
{
    memset(o, 0, sizeof *o);
    o->binary_version = 70;
    o->size = APP_DEFAULT;
    o->seed = 1;
    config_defaults(&o->cfg);
    bool allow_unknown = false;
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--allow-unknown"))
            allow_unknown = true;
    /* Option files warn about what they set and ctasim does not model, --set
     * too; presets are ours and stay quiet. With a log the caller reports.
     * What files and --set set is recorded (user_log) to say when a power
     * option is set with the power model off; presets are not the user's. */
    config_settings_t user_set;
    config_settings_init(&user_set);
    config_settings_t *user_log = log ? log : &user_set;
    config_load_opts_t file_opts = {.allow_unknown = allow_unknown, .log = user_log,
                                    .warn = log ? 0 : CONFIG_WARN_UNKNOWN | CONFIG_WARN_UNMODELLED};
    config_load_opts_t preset_opts = {.log = log};
    config_load_opts_t set_opts = {.log = user_log, .warn = log ? 0 : CONFIG_WARN_UNMODELLED};
    int rc = parse_opts(argc, argv, o, want_input, &file_opts, &preset_opts, &set_opts);
    if (rc == 0 && !o->cfg.power.enabled && cli_simulates(argv[1]))
        warn_power_options_unused(user_log);
    config_settings_free(&user_set);
    return rc;
}

/* Does command CMD simulate (so that options of the timing or power model
 * act)? `config` only prints them, `trace` runs the kernels functionally. */
static bool cli_simulates(const char *cmd)
{
    return !strcmp(cmd, "run") || !strcmp(cmd, "launch") || !strcmp(cmd, "sweep");
}

/* -power_* options other than the switch itself act only through the power
 * model; -power_wakeup_cycles is the exception: a gated core waits that
 * long whether or not energy is computed. */
static void warn_power_options_unused(const config_settings_t *set)
{
    const config_setting_t *first = NULL;
    unsigned n = 0;
    for (size_t i = 0; i < set->n; i++) {
        const config_setting_t *x = &set->v[i];
        /* GPGPU-Sim's own power options that ctasim does not know get their
         * "not modelled" warning already */
        if (x->dead || strncmp(x->name, "power_", 6) || !config_option_known(x->name) ||
            !strcmp(x->name, "power_simulation_enabled") || !strcmp(x->name, "power_wakeup_cycles"))
            continue;
        if (!first)
            first = x;
        n++;
    }
    if (!first)
        return;
    char more[48] = "", where[1100];
    if (n > 1)
        snprintf(more, sizeof more, " and %u more power option%s", n - 1, n > 2 ? "s" : "");
    if (first->line)
        snprintf(where, sizeof where, "%s:%lu", first->origin, first->line);
    else
        snprintf(where, sizeof where, "%s", first->origin);
    fprintf(stderr,
            "ctasim: warning: -%s (%s)%s %s set, but the power model is off, so %s no effect; add --power "
            "(-power_simulation_enabled 1)\n",
            first->name, where, more, n > 1 ? "are" : "is", n > 1 ? "they have" : "it has");
}

static int parse_opts(int argc, char **argv, run_opts_t *o, bool want_input, const config_load_opts_t *file_opts_p,
                      const config_load_opts_t *preset_opts_p, const config_load_opts_t *set_opts_p)
{
    cs_error_t err;
    config_load_opts_t file_opts = *file_opts_p, preset_opts = *preset_opts_p, set_opts = *set_opts_p;
    uint32_t max_ctas = 0, active_cores = 0;
    bool power = false;
    /* configs and --set apply in command-line order: later wins */
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE()                                                   \
    if (!v) {                                                          \
        fprintf(stderr, "ctasim: option %s needs a value\n", a);       \
        return 2;                                                      \
    }                                                                  \
    i++;
        if (!strcmp(a, "--config")) {
            NEED_VALUE();
            /* a name with a slash or a dot is a path, not a preset: say the file is missing */
            bool looks_like_path = strchr(v, '/') || strchr(v, '.');
            int rc = is_file(v) || looks_like_path ? config_load_file_opts(&o->cfg, v, &file_opts, &err)
                                                   : config_load_preset_opts(&o->cfg, v, &preset_opts, &err);
            if (rc < 0)
                return fail(&err);
        } else if (!strcmp(a, "--set")) {
            NEED_VALUE();
            const char *eq = strchr(v, '=');
            if (!eq) {
                fprintf(stderr, "ctasim: --set expects OPTION=VALUE, got '%s'\n", v);
                return 2;
            }
            char name[128];
            snprintf(name, sizeof name, "%.*s", (int)(eq - v), v);
            if (config_set_opts(&o->cfg, name, eq + 1, &set_opts, &err) < 0)
                return fail(&err);
        } else if (!strcmp(a, "--cta-sched") || !strcmp(a, "--warp-sched")) {
            NEED_VALUE();
            /* one run, one policy: a second one would silently win, and an
             * empty one would silently be the default (sweep takes several:
             * one series each) */
            const char **slot = !strcmp(a, "--cta-sched") ? &o->cta_sched : &o->warp_sched;
            if (!v[0]) {
                fprintf(stderr, "ctasim: %s needs a policy name, got '' (`ctasim list %s`)\n", a,
                        slot == &o->cta_sched ? "cta" : "warp");
                return 2;
            }
            if (*slot) {
                fprintf(stderr, "ctasim: %s given twice ('%s' and '%s'): %s uses one %s (`ctasim sweep` runs one "
                                "series per %s)\n",
                        a, *slot, v, argv[1], slot == &o->cta_sched ? "CTA policy chain" : "warp scheduler", a);
                return 2;
            }
            *slot = v;
        } else if (!strcmp(a, "--max-ctas")) {
            NEED_VALUE();
            uint64_t n;
            if (cli_parse_uint(a, v, 1, 64, &n, &err) < 0)
                return cli_fail_usage(&err);
            max_ctas = (uint32_t)n;
        } else if (!strcmp(a, "--active-cores")) {
            NEED_VALUE();
            uint64_t n;
            if (cli_parse_uint(a, v, 1, UINT32_MAX, &n, &err) < 0)
                return cli_fail_usage(&err);
            active_cores = (uint32_t)n;
        } else if (!strcmp(a, "--json")) {
            NEED_VALUE();
            if (o->json) { /* only one would be written */
                fprintf(stderr, "ctasim: --json given twice ('%s' and '%s'): a run writes one result; give one\n",
                        o->json, v);
                return 2;
            }
            o->json = v;
            if (!strcmp(v, "-"))
                o->quiet = true; /* standard output carries the JSON alone */
        } else if (!strcmp(a, "-o")) {
            NEED_VALUE();
            o->out_dir = v;
        } else if (!strcmp(a, "--binary-version")) {
            NEED_VALUE();
            uint64_t n;
            if (cli_parse_uint(a, v, 1, 9999, &n, &err) < 0)
                return cli_fail_usage(&err);
            o->binary_version = (unsigned)n;
        } else if (!strcmp(a, "--size")) {
            NEED_VALUE();
            if (app_size_parse(v, &o->size) < 0) {
                fprintf(stderr, "ctasim: --size expects small, default or paper, got '%s'\n", v);
                return 2;
            }
        } else if (!strcmp(a, "--seed")) {
            NEED_VALUE();
            if (cli_parse_uint(a, v, 0, UINT64_MAX, &o->seed, &err) < 0)
                return cli_fail_usage(&err);
        } else if (!strcmp(a, "--threads")) {
            NEED_VALUE();
            unsigned n;
            if (cli_parse_threads(a, v, &n, &err) < 0)
                return cli_fail_usage(&err);
            cli_set_threads(n);
        } else if (!strcmp(a, "--sample-interval")) {
            NEED_VALUE();
            uint64_t n;
            if (cli_parse_uint(a, v, 1, UINT32_MAX, &n, &err) < 0)
                return cli_fail_usage(&err);
            o->sample_interval = (uint32_t)n;
        } else if (!strcmp(a, "--mix")) {
            NEED_VALUE();
            o->mix_file = v;
        } else if (!strcmp(a, "--alone-cache")) {
            NEED_VALUE();
            o->alone_cache = v;
        } else if (!strcmp(a, "--pool")) {
            NEED_VALUE();
            uint64_t n;
            if (cli_parse_uint(a, v, 1, 1024, &n, &err) < 0)
                return cli_fail_usage(&err);
            o->pool = (unsigned)n;
        } else if (!strcmp(a, "--no-alone")) {
            o->no_alone = true;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = true;
        } else if (!strcmp(a, "--power")) {
            power = true; /* applied after every --config, as --max-ctas */
        } else if (!strcmp(a, "--allow-unknown")) {
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ctasim: unknown option '%s'\n", a);
            cli_usage(stderr);
            return 2;
        } else if (!o->input) {
            o->input = a;
        } else {
            fprintf(stderr, "ctasim: unexpected argument '%s'\n", a);
            return 2;
        }
#undef NEED_VALUE
    }
    if ((o->mix_file || o->pool || o->alone_cache || o->no_alone) && strcmp(argv[1], "run")) {
        fprintf(stderr, "ctasim: --mix, --pool, --alone-cache and --no-alone are options of run only\n");
        return 2;
    }
    if (o->pool && !o->mix_file && !(o->input && strchr(o->input, '+'))) {
        fprintf(stderr, "ctasim: --pool needs a mix (A+B or --mix FILE)\n");
        return 2;
    }
    if (max_ctas)
        o->cfg.max_ctas_override = max_ctas;
    if (power)
        o->cfg.power.enabled = true; /* -power_simulation_enabled 1 */
    if (active_cores)
        o->cfg.active_cores = active_cores;
    if (config_validate(&o->cfg, &err) < 0)
        return fail(&err);
    if (want_input && !o->input && !o->mix_file) {
        fprintf(stderr, "ctasim: missing INPUT\n");
        cli_usage(stderr);
        return 2;
    }
    return 0;
}


int cli_json_open(const run_opts_t *o, cli_json_out_t *j)
{
    j->f = NULL;
    j->path = o->json;
    if (!o->json)
        return 0;
    if (!strcmp(o->json, "-")) {
        j->f = stdout;
        return 0;
    }
    /* the temporary now: a bad path fails before the simulation, and the
     * old file stays whole until the new one is complete */
    cs_error_t err;
    j->f = cli_output_open(o->json, &err);
    return j->f ? 0 : cli_fail(&err);
}

int cli_json_write(cli_json_out_t *j, const gpu_t *g, cs_error_t *err)
{
    if (!j->f)
        return 0;
    gpu_write_json_stream(g, j->f);
    FILE *f = j->f;
    j->f = NULL;
    if (f == stdout) {
        if (fflush(stdout) != 0 || ferror(stdout))
            return cs_err(err, "<stdout>", 0, "error writing JSON output");
        return 0;
    }
    return cli_output_close(f, j->path, err);
}

void cli_json_abandon(cli_json_out_t *j)
{
    if (j->f && j->f != stdout)
        cli_output_abandon(j->f); /* the old file stays as it was */
    j->f = NULL;
}
