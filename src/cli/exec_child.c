/* exec_child.c — `ctasim exec` of this binary as a child (exec_child.h). */
#include "exec_child.h"

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

/* Remove the folder DIR and what the program left in it. */
static void remove_dir(const char *dir)
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

int exec_child_run(const char *const *args, const char *label, const char *where, cs_error_t *err)
{
    char self[4096];
    if (cs_exe_path(self, sizeof self) < 0)
        return cs_err(err, NULL, 0, "%s: cannot find the ctasim binary (/proc/self/exe): %s", label, strerror(errno));
    const char *tmp = getenv("TMPDIR");
    char dir[4200], out[4300], errf[4300];
    snprintf(dir, sizeof dir, "%s/ctasim-exec-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return cs_err(err, dir, 0, "%s: cannot make a folder to run in: %s", label, strerror(errno));
    snprintf(out, sizeof out, "%s/stdout.txt", dir);
    snprintf(errf, sizeof errf, "%s/stderr.txt", dir);
    const char *run_in = where ? where : dir;
    size_t n = 0;
    while (args[n])
        n++;
    const char **argv = cs_xcalloc(n + 4, sizeof *argv);
    argv[0] = self;
    argv[1] = "exec";
    argv[2] = "--quiet";
    memcpy(argv + 3, args, n * sizeof *args);
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
        execv("/proc/self/exe", (char *const *)argv);
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
    remove_dir(dir);
    return rc;
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
