/* bridge.c — the process-wide state of the stand-in CUDA runtime and its
 * link to `ctasim exec`: the run options arrive in the environment when the
 * library is loaded; at exit the accumulated statistics go to stderr and the
 * result document (--json) back to ctasim over a pipe, which writes it
 * through its own output helpers (src/cli/output.c: nothing lost). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cudart/cudart.h"
#include "policy/registry.h"

cr_state_t cr = {.fd = -1};

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static run_opts_t opts;
static _Thread_local cudaError_t last_error;
static char **opt_argv;
static int opt_argc;

void cr_lock(void) { pthread_mutex_lock(&lock); }
void cr_unlock(void) { pthread_mutex_unlock(&lock); }

cudaError_t cr_ret(cudaError_t e)
{
    if (e != cudaSuccess)
        last_error = e;
    return e;
}

cudaError_t cr_take_last_error(bool reset)
{
    cudaError_t e = last_error;
    if (reset)
        last_error = cudaSuccess;
    return e;
}

_Noreturn void cr_fatal(const char *fmt, ...)
{
    fflush(stdout); /* what the program printed so far is not lost */
    va_list ap;
    va_start(ap, fmt);
    char line[1200];
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "ctasim: %s\n", line);
    fflush(NULL);
    _exit(1);
}

_Noreturn void cr_unimplemented(const char *name)
{
    cr_fatal("the program called %s, which ctasim's CUDA runtime does not implement", name);
}

static void report(void);

void cr_sync(void)
{
    cs_error_t err;
    if (ctasim_synchronize(cr.rt, &err) < 0)
        cr_fatal("%s", err.msg);
    if (gpu_stopped(cr.g)) {
        /* the statistics up to the stop are kept (stderr, --json) */
        fflush(stdout);
        fprintf(stderr,
                "ctasim: simulation stopped at -gpgpu_%s before the program's kernels finished: its results are "
                "incomplete\n",
                gpu_stopped(cr.g));
        report();
        fflush(NULL);
        _exit(1);
    }
}

/* CTASIM_EXEC_OPTS -> argv {"ctasim", "exec", options...} for the command
 * line's own option parser, so exec and run read options identically. */
static void parse_options(void)
{
    const char *env = getenv(CR_ENV_OPTS);
    char *s = cs_xstrdup(env ? env : "");
    size_t n = 3;
    for (char *p = s; *p; p++)
        n += *p == CR_OPT_SEP;
    opt_argv = cs_xcalloc(n + 2, sizeof *opt_argv);
    opt_argv[opt_argc++] = "ctasim";
    opt_argv[opt_argc++] = "exec";
    for (char *p = s; *s && p;) {
        char *sep = strchr(p, CR_OPT_SEP);
        if (sep)
            *sep = '\0';
        opt_argv[opt_argc++] = p;
        p = sep ? sep + 1 : NULL;
    }
    int rc = cli_parse_opts(opt_argc, opt_argv, &opts, false);
    if (rc) /* the parser printed the line */
        _exit(rc);
    /* the command the provenance records: the options, then the program
     * and its arguments as it was started */
    char *cmd;
    size_t len;
    cs_error_t err;
    if (cs_read_file("/proc/self/cmdline", 1 << 20, &cmd, &len, &err) == 0) {
        size_t words = 0;
        for (size_t i = 0; i < len; i++)
            words += cmd[i] == '\0';
        opt_argv = cs_xrealloc(opt_argv, ((size_t)opt_argc + words + 1) * sizeof *opt_argv);
        for (size_t i = 0; i < len; i += strlen(cmd + i) + 1)
            opt_argv[opt_argc++] = cmd + i;
        opt_argv[opt_argc] = NULL;
    }
}

__attribute__((constructor)) static void cr_load(void)
{
    cr.pid = getpid();
    const char *fd = getenv(CR_ENV_FD);
    if (fd) {
        char *end;
        long v = strtol(fd, &end, 10);
        if (*end || v < 0 || fcntl((int)v, F_GETFD) < 0)
            cr_fatal("%s=%s is no open descriptor (set by ctasim exec)", CR_ENV_FD, fd);
        cr.fd = (int)v;
        /* programs the program starts must not write into ctasim's pipe */
        fcntl(cr.fd, F_SETFD, FD_CLOEXEC);
        unsetenv(CR_ENV_FD);
        if (write(cr.fd, CR_HELLO, strlen(CR_HELLO)) < 0)
            cr_fatal("cannot reach ctasim exec: %s", strerror(errno));
    }
    parse_options();
    cs_error_t err;
    /* --sample-interval and --threads among the options (auto by default) */
    cr.g = cli_gpu_create(&opts.cfg, opts.cta_sched, opts.warp_sched, opts.sample_interval, 0, &err);
    if (!cr.g)
        cr_fatal("%s", err.msg);
    cr.cfg = gpu_config(cr.g);
    cr.rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = cr.g, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(cr.rt, &ex);
    cr.quiet = opts.quiet;
    cr.json = opts.json;
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return; /* ctasim went away: it reports that itself */
        p += w, n -= (size_t)w;
    }
}

/* The statistics of every kernel so far, once: stderr and --json. */
static void report(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    cli_provenance_t prov = {.argc = opt_argc, .argv = opt_argv, .opts = &opts,
                             .input = program_invocation_name, .check = -1, .program = true};
    cli_record_provenance(cr.g, &prov);
    if (!cr.quiet)
        gpu_print_stats(cr.g, stderr);
    if (cr.json && cr.fd >= 0) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        if (f) {
            gpu_write_json_stream(cr.g, f);
            fclose(f);
            write_all(cr.fd, CR_JSON_MARK, strlen(CR_JSON_MARK));
            write_all(cr.fd, buf, len);
        }
        free(buf);
    } else if (cr.json) {
        /* run without ctasim exec (LD_LIBRARY_PATH set by hand) */
        cs_error_t err;
        FILE *f = !strcmp(cr.json, "-") ? stdout : cli_output_open(cr.json, &err);
        if (!f)
            cr_fatal("%s", err.msg);
        gpu_write_json_stream(cr.g, f);
        if (f != stdout && cli_output_close(f, cr.json, &err) < 0)
            cr_fatal("%s", err.msg);
    }
    if (cr.fd >= 0)
        close(cr.fd);
}

/* At exit: run what is still queued (a real GPU would finish it too), then
 * report. */
__attribute__((destructor)) static void cr_unload(void)
{
    if (!cr.g || getpid() != cr.pid)
        return;
    cr_lock();
    cr_sync();
    report();
    cr_unlock();
}
