/* exec.c — `ctasim exec [run options] ./app ARGS...`: run an unmodified CUDA
 * program on the simulated GPU.
 *
 * The program, built with `nvcc -cudart shared`, loads ctasim's stand-in
 * libcudart.so.13 (src/cudart/, beside this binary in lib/) instead of
 * NVIDIA's: LD_LIBRARY_PATH points there, the run options travel in the
 * environment (CTASIM_EXEC_OPTS, parsed in the program by the same option
 * parser as here), and a pipe (CTASIM_EXEC_FD) brings back two things: a
 * hello when the library is loaded, so a program that never loads it gets
 * one clear line, and the result document for --json, which is written here
 * through cli_output_open/close (temporary + rename: nothing lost). The
 * program's stdout/stderr pass through; the statistics text goes to stderr;
 * the exit status is the program's. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"
#include "exec_protocol.h"

#define NEEDED_LIB "libcudart.so"

/* The file execvp would run for `prog` (PATH search without a slash), or
 * NULL. malloc'd. */
static char *resolve(const char *prog)
{
    if (strchr(prog, '/'))
        return access(prog, X_OK) == 0 ? cs_xstrdup(prog) : NULL;
    const char *path = getenv("PATH");
    char *copy = cs_xstrdup(path ? path : "/usr/bin:/bin"), *save = NULL;
    for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        size_t n = strlen(d) + strlen(prog) + 2;
        char *f = cs_xmalloc(n);
        snprintf(f, n, "%s/%s", d, prog);
        struct stat st;
        if (stat(f, &st) == 0 && S_ISREG(st.st_mode) && access(f, X_OK) == 0) {
            free(copy);
            return f;
        }
        free(f);
    }
    free(copy);
    return NULL;
}

static uint64_t rd(const unsigned char *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i--;)
        v = v << 8 | p[i];
    return v;
}

/* 1: an ELF executable whose DT_NEEDED names libcudart.so.*; 0: an ELF one
 * that does not (static cudart, or no CUDA at all); -1: not a 64-bit
 * little-endian ELF (a script, say): decided by the hello instead. Reads
 * the section headers: the dynamic section and its string table. */
static int needs_cudart(const char *file)
{
    char *buf;
    size_t len;
    cs_error_t err;
    if (cs_read_file(file, (size_t)1 << 31, &buf, &len, &err) < 0)
        return -1;
    const unsigned char *b = (const unsigned char *)buf;
    int rc = -1;
    if (len < 64 || memcmp(b, "\177ELF", 4) || b[4] != 2 || b[5] != 1)
        goto out;
    rc = 0;
    uint64_t shoff = rd(b + 0x28, 8), shentsize = rd(b + 0x3a, 2), shnum = rd(b + 0x3c, 2);
    if (shentsize < 64 || shoff > len || shnum > (len - shoff) / shentsize)
        goto out;
    for (uint64_t i = 0; i < shnum; i++) {
        const unsigned char *sh = b + shoff + i * shentsize;
        if (rd(sh + 4, 4) != 6 /* SHT_DYNAMIC */)
            continue;
        uint64_t off = rd(sh + 0x18, 8), size = rd(sh + 0x20, 8), link = rd(sh + 0x28, 4);
        if (link >= shnum || off > len || size > len - off)
            goto out;
        const unsigned char *str = b + shoff + link * shentsize;
        uint64_t soff = rd(str + 0x18, 8), ssize = rd(str + 0x20, 8);
        if (soff > len || ssize > len - soff)
            goto out;
        for (uint64_t d = 0; d + 16 <= size; d += 16) {
            uint64_t tag = rd(b + off + d, 8), val = rd(b + off + d + 8, 8);
            if (tag == 1 /* DT_NEEDED */ && val < ssize &&
                !strncmp((const char *)b + soff + val, NEEDED_LIB, strlen(NEEDED_LIB)))
                rc = 1;
        }
    }
out:
    free(buf);
    return rc;
}

/* The folder of libcudart.so.13: lib/ beside this ctasim binary. */
static char *library_dir(cs_error_t *err)
{
    char self[4096];
    if (cs_exe_dir(self, sizeof self) < 0)
        return cs_err(err, NULL, 0, "exec: cannot find the ctasim binary (/proc/self/exe): %s", strerror(errno)),
               NULL;
    size_t len = strlen(self) + 8;
    char *dir = cs_xmalloc(len);
    snprintf(dir, len, "%s/lib", self);
    char lib[4200];
    snprintf(lib, sizeof lib, "%s/libcudart.so.13", dir);
    if (access(lib, R_OK) != 0) {
        cs_err(err, NULL, 0, "exec: %s is missing: build it with `make` (the cudart target)", lib);
        free(dir);
        return NULL;
    }
    return dir;
}

/* Run options that take a value (the next word is not the program). */
static bool takes_value(const char *a)
{
    static const char *const with_value[] = {"--config", "--set", "--cta-sched", "--warp-sched", "--max-ctas", "--json",
                                             "--active-cores", "--sample-interval", "--threads", NULL};
    for (unsigned i = 0; with_value[i]; i++)
        if (!strcmp(a, with_value[i]))
            return true;
    return false;
}

int cmd_exec(int argc, char **argv)
{
    int first = 2; /* the program's index in argv */
    for (; first < argc; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--")) {
            first++;
            break;
        }
        if (a[0] != '-')
            break;
        if (!strcmp(a, "--size") || !strcmp(a, "--seed") || !strcmp(a, "--binary-version") || !strcmp(a, "-o")) {
            fprintf(stderr, "ctasim: %s is not an option of exec (%s)\n", a,
                    !strcmp(a, "--size") || !strcmp(a, "--seed") ? "the program chooses its own input"
                                                                 : "it belongs to ctasim trace");
            return 2;
        }
        if (takes_value(a) && first + 1 < argc)
            first++;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: ctasim exec [run options] PROGRAM [ARGS...]\n");
        return 2;
    }
    /* the options: checked here, before the program runs, and passed on */
    int nopt = 0;
    char **optv = cs_xcalloc((size_t)argc + 1, sizeof *optv);
    optv[nopt++] = argv[0];
    optv[nopt++] = argv[1];
    size_t envlen = 1;
    for (int i = 2; i < first; i++) {
        if (!strcmp(argv[i], "--"))
            continue;
        if (strchr(argv[i], CR_OPT_SEP)) {
            fprintf(stderr, "ctasim: exec: option '%s' contains the byte 0x1f, which cannot be passed on\n", argv[i]);
            free(optv);
            return 2;
        }
        optv[nopt++] = argv[i];
        envlen += strlen(argv[i]) + 1;
    }
    run_opts_t o;
    int rc = cli_parse_opts(nopt, optv, &o, false);
    if (rc) {
        free(optv);
        return rc;
    }
    char *env = cs_xcalloc(1, envlen);
    for (int i = 2; i < nopt; i++) {
        size_t at = strlen(env);
        if (i > 2)
            env[at++] = CR_OPT_SEP;
        strcpy(env + at, optv[i]);
    }
    free(optv);
    const char *prog = argv[first];
    cs_error_t err;
    char *libdir = NULL, *file = resolve(prog);
    rc = 1;
    if (!file) {
        fprintf(stderr, "ctasim: exec: cannot run %s: %s\n", prog, strchr(prog, '/') ? strerror(errno) : "not found in PATH");
        goto out;
    }
    int needs = needs_cudart(file);
    if (needs == 0) {
        fprintf(stderr, "ctasim: %s does not use the shared CUDA runtime: rebuild with nvcc -cudart shared\n", prog);
        goto out;
    }
    if (!(libdir = library_dir(&err))) {
        cli_fail(&err);
        goto out;
    }
    cli_json_out_t json;
    if (cli_json_open(&o, &json) != 0)
        goto out;
    int fds[2];
    if (pipe(fds) != 0) {
        fprintf(stderr, "ctasim: exec: pipe: %s\n", strerror(errno));
        cli_json_abandon(&json);
        goto out;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "ctasim: exec: fork: %s\n", strerror(errno));
        close(fds[0]), close(fds[1]);
        cli_json_abandon(&json);
        goto out;
    }
    if (pid == 0) {
        close(fds[0]);
        const char *old = getenv("LD_LIBRARY_PATH");
        size_t n = strlen(libdir) + (old ? strlen(old) : 0) + 2;
        char *ld = cs_xmalloc(n);
        snprintf(ld, n, "%s%s%s", libdir, old && *old ? ":" : "", old ? old : "");
        char fdtext[16];
        snprintf(fdtext, sizeof fdtext, "%d", fds[1]);
        setenv("LD_LIBRARY_PATH", ld, 1);
        setenv(CR_ENV_OPTS, env, 1);
        setenv(CR_ENV_FD, fdtext, 1);
        if (json.f && json.f != stdout) /* the temporary is ctasim's, not the program's */
            close(fileno(json.f));
        execv(file, argv + first);
        fprintf(stderr, "ctasim: exec: cannot run %s: %s\n", prog, strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    /* everything the library sends, until the program (and the pipe) ends */
    char *msg = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 65536 > cap)
            msg = cs_xrealloc(msg, cap = cap ? 2 * cap : 131072);
        ssize_t r = read(fds[0], msg + len, cap - len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    size_t hl = strlen(CR_HELLO), jl = strlen(CR_JSON_MARK);
    bool loaded = len >= hl && !memcmp(msg, CR_HELLO, hl);
    bool have_json = loaded && len >= hl + jl && !memcmp(msg + hl, CR_JSON_MARK, jl);
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "ctasim: %s was killed by signal %d (%s)%s\n", prog, WTERMSIG(status),
                strsignal(WTERMSIG(status)), json.f ? ": no result document written" : "");
        cli_json_abandon(&json);
        rc = 128 + WTERMSIG(status);
    } else if (!loaded) {
        cli_json_abandon(&json);
        if (WEXITSTATUS(status) == 127) /* exec failed: said so above */
            rc = 127;
        else if (needs == 1) {
            /* it links the library, so the loader or the program stopped first */
            fprintf(stderr, "ctasim: %s ended (exit status %d) before ctasim's CUDA runtime was loaded\n", prog,
                    WEXITSTATUS(status));
            rc = WEXITSTATUS(status) ? WEXITSTATUS(status) : 1;
        } else {
            fprintf(stderr, "ctasim: %s does not use the shared CUDA runtime: rebuild with nvcc -cudart shared\n",
                    prog);
            rc = 1;
        }
    } else {
        rc = WEXITSTATUS(status);
        if (json.f && have_json) {
            FILE *f = json.f;
            json.f = NULL;
            fwrite(msg + hl + jl, 1, len - hl - jl, f);
            if (f == stdout ? fflush(stdout) != 0 : cli_output_close(f, json.path, &err) < 0) {
                if (f == stdout)
                    cs_err(&err, "<stdout>", 0, "error writing JSON output");
                cli_fail(&err);
                rc = rc ? rc : 1;
            }
        } else if (json.f) {
            /* the run stopped before its end (the library said why) */
            cli_json_abandon(&json);
            rc = rc ? rc : 1;
        }
    }
    free(msg);
out:
    free(file);
    free(libdir);
    free(env);
    return rc;
}
