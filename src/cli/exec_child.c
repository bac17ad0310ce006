/* exec_child.c — `ctasim exec` of this binary as a child (exec_child.h). */
#include "exec_child.h"
#include "jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The last non-empty line of FILE into BUF (empty if none). */
static void last_line(const char *file, char *buf, size_t n)
{
    buf[0] = 0;
    FILE *f = fopen(file, "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' '))
            line[--len] = 0;
        if (len)
            snprintf(buf, n, "%s", line);
    }
    fclose(f);
}

/* Wait for PID; its wait status. */
static int wait_for(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return status;
}

void exec_child_remove_dir(const char *dir)
{
    if (rmdir(dir) == 0)
        return;
    pid_t rm = fork();
    if (rm == 0) {
        execlp("rm", "rm", "-rf", "--", dir, (char *)NULL);
        _exit(127);
    }
    if (rm > 0)
        wait_for(rm);
}

extern char **environ;

/* The environment of this process with ENV added (a NAME=VALUE in ENV
 * replaces this process's NAME), malloc'd; built before fork, as nothing
 * that allocates is safe between fork and exec in a threaded process. */
static char **with_env(const char *const *env)
{
    size_t n = 0, k = 0;
    while (environ[n])
        n++;
    while (env && env[k])
        k++;
    char **out = cs_xcalloc(n + k + 1, sizeof *out);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        bool replaced = false;
        for (size_t j = 0; j < k; j++) {
            size_t len = strcspn(env[j], "=");
            if (!strncmp(environ[i], env[j], len) && environ[i][len] == '=')
                replaced = true;
        }
        if (!replaced)
            out[m++] = environ[i];
    }
    for (size_t j = 0; j < k; j++)
        out[m++] = (char *)env[j];
    out[m] = NULL;
    return out;
}

int exec_child_run(const char *const *args, const char *label, const char *where, cs_error_t *err)
{
    return exec_child_run_keep(args, label, where, NULL, NULL, err);
}

int exec_child_run_keep(const char *const *args, const char *label, const char *where, const char *stdout_file,
                        const char *const *env, cs_error_t *err)
{
    char self[4096];
    if (cs_exe_path(self, sizeof self) < 0)
        return cs_err(err, NULL, 0, "%s: cannot find the ctasim binary (/proc/self/exe): %s", label, strerror(errno));
    const char *tmp = getenv("TMPDIR");
    char dir[4200], out[4300], errf[4300];
    snprintf(dir, sizeof dir, "%s/ctasim-exec-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return cs_err(err, dir, 0, "%s: cannot make a folder to run in: %s", label, strerror(errno));
    snprintf(out, sizeof out, "%s", stdout_file ? stdout_file : "");
    if (!stdout_file)
        snprintf(out, sizeof out, "%s/stdout.txt", dir);
    snprintf(errf, sizeof errf, "%s/stderr.txt", dir);
    const char *run_in = where ? where : dir;
    size_t n = 0;
    while (args[n])
        n++;
    const char **argv = cs_xcalloc(n + 6, sizeof *argv);
    size_t a = 0;
    argv[a++] = self;
    argv[a++] = "exec";
    argv[a++] = "--quiet";
    /* the point's simulation on one thread when this process runs several
     * points at once (--threads auto would share the CPUs among them, but a
     * child cannot see its siblings); a --threads among ARGS comes later
     * and wins */
    if (jobs_running() > 1) {
        argv[a++] = "--threads";
        argv[a++] = "1";
    }
    memcpy(argv + a, args, n * sizeof *args);
    char **envp = with_env(env);
    int rc = 0;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        rc = cs_err(err, NULL, 0, "%s: fork: %s", label, strerror(errno));
    } else if (pid == 0) {
        /* only what is safe between fork and exec in a threaded process */
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), e = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644),
            in = open("/dev/null", O_RDONLY);
        if (o < 0 || e < 0 || in < 0 || chdir(run_in) != 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0 || dup2(in, 0) < 0)
            _exit(126);
        /* this very binary, even if a rebuild has replaced the file since */
        execve("/proc/self/exe", (char *const *)argv, envp);
        _exit(127);
    } else {
        int status = wait_for(pid);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            char why[512];
            last_line(errf, why, sizeof why);
            if (!*why)
                last_line(out, why, sizeof why);
            if (WIFEXITED(status))
                rc = cs_err(err, NULL, 0, "%s: exit status %d: %s", label, WEXITSTATUS(status),
                            *why ? why : "(no output)");
            else
                rc = cs_err(err, NULL, 0, "%s: killed by signal %d", label, WTERMSIG(status));
        }
    }
    free(argv);
    free(envp);
    exec_child_remove_dir(dir);
    return rc;
}

int exec_child_command(const char *const *argv, char *line, size_t n)
{
    line[0] = 0;
    int fd[2];
    if (pipe(fd) != 0) {
        snprintf(line, n, "pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(line, n, "fork: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY), nul = open("/dev/null", O_WRONLY);
        if (in < 0 || nul < 0 || dup2(in, 0) < 0 || dup2(fd[1], 1) < 0 || dup2(nul, 2) < 0)
            _exit(126);
        close(fd[0]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "r");
    if (f) {
        char buf[1024];
        bool first = true;
        while (fgets(buf, sizeof buf, f)) /* read to the end, so the child never blocks on a full pipe */
            if (first) {
                buf[strcspn(buf, "\n")] = 0;
                snprintf(line, n, "%s", buf);
                first = false;
            }
        fclose(f);
    } else {
        close(fd[0]);
    }
    int status = wait_for(pid);
    if (!WIFEXITED(status)) {
        snprintf(line, n, "%s: killed by signal %d", argv[0], WTERMSIG(status));
        return -1;
    }
    if (WEXITSTATUS(status) == 127 && !*line)
        snprintf(line, n, "%s: could not run", argv[0]);
    return WEXITSTATUS(status);
}

bool exec_child_is_program(const char *file)
{
    struct stat st;
    if (stat(file, &st) != 0 || !S_ISREG(st.st_mode) || access(file, X_OK) != 0)
        return false;
    FILE *f = fopen(file, "rb");
    if (!f)
        return false;
    unsigned char magic[4] = {0};
    bool elf = fread(magic, 1, 4, f) == 4 && !memcmp(magic, "\177ELF", 4);
    fclose(f);
    return elf;
}
