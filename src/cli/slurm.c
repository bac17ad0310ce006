/* slurm.c — see slurm.h. */
#include "slurm.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "output.h"

extern char **environ;

void slurm_opts_default(slurm_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->retries = 2;
    o->poll_seconds = 5;
}

int slurm_parse_option(slurm_opts_t *o, const char *name, const char *value, cs_error_t *err)
{
    uint64_t n;
    if (!strcmp(name, "--slurm-partition")) {
        o->partition = value;
    } else if (!strcmp(name, "--slurm-time")) {
        o->time_limit = value;
    } else if (!strcmp(name, "--slurm-mem")) {
        o->mem = value;
    } else if (!strcmp(name, "--slurm-opt")) {
        if (o->n_extra == SLURM_MAX_EXTRA)
            return cs_err(err, NULL, 0, "at most %d --slurm-opt options", SLURM_MAX_EXTRA);
        o->extra[o->n_extra++] = value;
    } else if (!strcmp(name, "--slurm-retries")) {
        if (cli_parse_uint(name, value, 0, 100, &n, err) < 0)
            return -1;
        o->retries = (unsigned)n;
    } else if (!strcmp(name, "--slurm-poll")) {
        if (cli_parse_uint(name, value, 1, 3600, &n, err) < 0)
            return -1;
        o->poll_seconds = (unsigned)n;
    } else if (!strcmp(name, "--slurm-max-running")) {
        if (cli_parse_uint(name, value, 1, 100000, &n, err) < 0)
            return -1;
        o->max_running = (unsigned)n;
    } else {
        return cs_err(err, NULL, 0, "unknown option '%s' (--slurm-partition, --slurm-time, --slurm-mem, --slurm-opt, "
                                    "--slurm-retries, --slurm-poll, --slurm-max-running)",
                      name);
    }
    return 0;
}

/* --- running Slurm's commands ------------------------------------------------ */

typedef struct captured {
    char *out;   /* stdout and stderr together, NUL-terminated */
    size_t len;
    int status;  /* exit code; -1 if it could not start or died of a signal */
} captured_t;

static const char *tool(const char *name, const char *env)
{
    const char *e = getenv(env);
    return e && *e ? e : name;
}

/* Run argv (PATH lookup, no shell) and capture its output. */
static int run_capture(char *const argv[], captured_t *c, cs_error_t *err)
{
    memset(c, 0, sizeof *c);
    c->status = -1;
    int fd[2];
    if (pipe(fd) < 0)
        return cs_err(err, NULL, 0, "cannot run %s: %s", argv[0], strerror(errno));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    posix_spawn_file_actions_addclose(&fa, fd[1]);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    if (rc != 0) {
        close(fd[0]);
        return cs_err(err, NULL, 0, "cannot run %s: %s (is Slurm installed and on PATH?)", argv[0], strerror(rc));
    }
    size_t cap = 4096;
    c->out = cs_xmalloc(cap);
    for (;;) {
        if (c->len + 1024 > cap)
            c->out = cs_xrealloc(c->out, cap *= 2);
        ssize_t r = read(fd[0], c->out + c->len, cap - c->len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        c->len += (size_t)r;
        if (c->len > (1u << 20)) /* enough to say what went wrong */
            break;
    }
    c->out[c->len] = '\0';
    close(fd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st))
        c->status = WEXITSTATUS(st);
    return 0;
}

/* The first line of a command's output, for an error message. */
static const char *first_line(const captured_t *c, char *buf, size_t n)
{
    size_t k = strcspn(c->out ? c->out : "", "\n");
    snprintf(buf, n, "%.*s", (int)(k < n - 1 ? k : n - 1), c->out ? c->out : "");
    return buf;
}

/* --- the job script ------------------------------------------------------------ */

/* 'word' with ' written as '\'' (POSIX sh). */
static void sh_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

static int write_job_script(const char *path, const slurm_batch_t *b, int argc, char **argv, cs_error_t *err)
{
    char self[4096], cwd[4096];
    if (cs_exe_path(self, sizeof self) < 0)
        return cs_err(err, NULL, 0, "cannot find this executable's path for the Slurm job: %s", strerror(errno));
    if (!getcwd(cwd, sizeof cwd))
        return cs_err(err, NULL, 0, "cannot read the working directory: %s", strerror(errno));
    FILE *f = cli_output_open(path, err);
    if (!f)
        return -1;
    fprintf(f, "#!/bin/sh\n# Written by ctasim's --backend slurm: array task K runs %s K of %s below\n"
               "# and writes its result into the output directory (a shared filesystem).\ncd ",
            b->unit, b->label);
    sh_quote(f, cwd);
    fprintf(f, " || exit 1\nexec ");
    sh_quote(f, self);
    for (int i = 1; i < argc; i++) {
        fputc(' ', f);
        sh_quote(f, argv[i]);
    }
    fprintf(f, " %s \"$SLURM_ARRAY_TASK_ID\"\n", b->task_option);
    if (cli_output_close(f, path, err) < 0)
        return -1;
    chmod(path, 0755);
    return 0;
}

/* --- submitting and following ----------------------------------------------------- */

/* sbatch the points of list[0..n); *job gets the job id. */
static int submit(const slurm_opts_t *o, const slurm_batch_t *b, const char *work_dir, const char *script, const size_t *list, size_t n,
                  char *job, size_t job_n, cs_error_t *err)
{
    /* "--array=3,7,8-12%4": runs of consecutive indices as ranges */
    size_t cap = 64 + n * 24;
    char *array = cs_xmalloc(cap);
    size_t len = (size_t)snprintf(array, cap, "--array=");
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && list[j + 1] == list[j] + 1)
            j++;
        len += (size_t)snprintf(array + len, cap - len, "%s%zu", i ? "," : "", list[i]);
        if (j > i)
            len += (size_t)snprintf(array + len, cap - len, "-%zu", list[j]);
        i = j + 1;
    }
    if (o->max_running)
        snprintf(array + len, cap - len, "%%%u", o->max_running);
    char output[1200], partition[300], time_limit[300], mem[300];
    snprintf(output, sizeof output, "--output=%s/task-%%a.out", work_dir);
    char *argv[16 + SLURM_MAX_EXTRA];
    int a = 0;
    argv[a++] = (char *)tool("sbatch", "CTASIM_SBATCH");
    argv[a++] = "--parsable";
    char name[128];
    snprintf(name, sizeof name, "--job-name=ctasim-%s", b->label);
    argv[a++] = name;
    argv[a++] = output;
    argv[a++] = array;
    if (o->partition) {
        snprintf(partition, sizeof partition, "--partition=%s", o->partition);
        argv[a++] = partition;
    }
    if (o->time_limit) {
        snprintf(time_limit, sizeof time_limit, "--time=%s", o->time_limit);
        argv[a++] = time_limit;
    }
    if (o->mem) {
        snprintf(mem, sizeof mem, "--mem=%s", o->mem);
        argv[a++] = mem;
    }
    for (unsigned i = 0; i < o->n_extra; i++)
        argv[a++] = (char *)o->extra[i];
    argv[a++] = (char *)script;
    argv[a] = NULL;
    captured_t c;
    int rc = run_capture(argv, &c, err);
    free(array);
    if (rc < 0)
        return -1;
    char line[512];
    first_line(&c, line, sizeof line);
    /* --parsable: "1234" or "1234;cluster" */
    size_t k = strspn(line, "0123456789");
    if (c.status != 0 || k == 0 || (line[k] && line[k] != ';')) {
        rc = cs_err(err, NULL, 0, "sbatch failed (exit %d): %s", c.status, line[0] ? line : "no output");
    } else {
        snprintf(job, job_n, "%.*s", (int)k, line);
        rc = 0;
    }
    free(c.out);
    return rc;
}

/* 1: some task of the job is queued or running; 0: none; -1: squeue failed. */
static int job_active(const char *job, cs_error_t *err)
{
    char *argv[] = {(char *)tool("squeue", "CTASIM_SQUEUE"), "-h", "-j", (char *)job, "-o", "%i",
                    "-t", "PENDING,RUNNING,CONFIGURING,COMPLETING,SUSPENDED,REQUEUED,RESIZING", NULL};
    captured_t c;
    if (run_capture(argv, &c, err) < 0)
        return -1;
    int rc;
    char line[512];
    if (c.status == 0)
        rc = c.len > 0 && strspn(c.out, " \t\r\n") < c.len;
    else if (strstr(c.out, "Invalid job id")) /* purged: it has ended */
        rc = 0;
    else
        rc = cs_err(err, NULL, 0, "squeue failed (exit %d): %s", c.status, first_line(&c, line, sizeof line));
    free(c.out);
    return rc;
}

static void sleep_seconds(unsigned s)
{
    struct timespec ts = {.tv_sec = s, .tv_nsec = 0};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

int slurm_run_points(const slurm_opts_t *o, const slurm_batch_t *b, const char *work_dir, int argc, char **argv,
                     const size_t *todo, size_t n, size_t total, slurm_point_done_fn done,
                     slurm_progress_fn progress, void *ctx, cs_error_t *err)
{
    if (cli_output_dir(work_dir, err) < 0)
        return -1;
    char script[1200];
    snprintf(script, sizeof script, "%s/job.sh", work_dir);
    if (write_job_script(script, b, argc, argv, err) < 0)
        return -1;
    size_t *left = cs_xmalloc((n ? n : 1) * sizeof *left), nleft = 0;
    for (size_t i = 0; i < n; i++)
        if (!done(ctx, todo[i]))
            left[nleft++] = todo[i];
    int rc = 0;
    for (unsigned attempt = 0; nleft && !rc; attempt++) {
        char job[64];
        if (submit(o, b, work_dir, script, left, nleft, job, sizeof job, err) < 0) {
            rc = -1;
            break;
        }
        fprintf(stderr, "%s: %zu %s submitted to Slurm as job array %s%s\n", b->label, nleft, b->unit, job,
                attempt ? " (again, after failures)" : "");
        unsigned squeue_failures = 0;
        for (;;) {
            int active = job_active(job, err);
            if (active < 0) {
                /* a busy controller may time out once: give up after a few */
                if (++squeue_failures >= 5) {
                    rc = -1;
                    break;
                }
            } else {
                squeue_failures = 0;
            }
            if (progress) {
                size_t d = total - n;
                for (size_t i = 0; i < n; i++)
                    d += done(ctx, todo[i]);
                progress(ctx, d, total);
            }
            if (active == 0)
                break;
            sleep_seconds(o->poll_seconds);
        }
        if (rc)
            break;
        size_t still = 0;
        for (size_t i = 0; i < nleft; i++)
            if (!done(ctx, left[i]))
                left[still++] = left[i];
        nleft = still;
        if (nleft && attempt >= o->retries) {
            char list[256] = "";
            size_t len = 0;
            for (size_t i = 0; i < nleft && len < sizeof list - 24; i++)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%zu", i ? "," : "", left[i]);
            rc = cs_err(err, NULL, 0,
                        "%s: %zu %s did not complete under Slurm after %u resubmission%s: %s%s (logs: "
                        "%s/task-<K>.out)",
                        b->label, nleft, b->unit, o->retries, o->retries == 1 ? "" : "s", list,
                        len >= sizeof list - 24 ? ",..." : "", work_dir);
        }
    }
    free(left);
    return rc;
}
