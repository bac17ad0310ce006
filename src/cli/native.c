/* native.c — `ctasim native ...`: hands the command to build/ctasim-native,
 * the suite on a real GPU (src/native/), which lives beside this binary.
 *
 * It is a program of its own because it links the suite's drivers with the
 * runtime API on the CUDA driver, where this binary links them with the
 * simulator: the same function names, two implementations. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int cmd_native(int argc, char **argv)
{
    char self[4096];
    if (cs_exe_dir(self, sizeof self) < 0) {
        fprintf(stderr, "ctasim: native: cannot find the ctasim binary (/proc/self/exe): %s\n", strerror(errno));
        return 1;
    }
    char prog[4200];
    snprintf(prog, sizeof prog, "%s/ctasim-native", self);
    if (access(prog, X_OK) != 0) {
        fprintf(stderr, "ctasim: native: %s is missing: build it with `make` (the native target)\n", prog);
        return 1;
    }
    char **args = cs_xcalloc((size_t)argc, sizeof *args);
    args[0] = prog;
    for (int i = 2; i < argc; i++)
        args[i - 1] = argv[i];
    execv(prog, args);
    fprintf(stderr, "ctasim: native: cannot run %s: %s\n", prog, strerror(errno));
    free(args);
    return 1;
}
