/* exp_registry.c — `ctasim experiment`: the registered experiment sets
 * (cli/exp_registry.h), listed and dispatched by name. The sets are the
 * EXPERIMENT_REGISTER lines of src/cli/, collected by the build into
 * experiment_list.h (tools/gen_registry.sh), in the order of their symbols. */
#include "exp_registry.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"

#undef EXPERIMENT_REGISTER
#define EXPERIMENT_REGISTER(set) extern const experiment_set_t set;
#include "experiment_list.h"
#undef EXPERIMENT_REGISTER

#define EXPERIMENT_REGISTER(set) &set,
static const experiment_set_t *const sets[] = {
#include "experiment_list.h"
    NULL,
};
#undef EXPERIMENT_REGISTER

static void list_experiments(FILE *f)
{
    fprintf(f, "experiments (ctasim experiment NAME|all [--size small|default|paper] [--workloads A,B] "
               "[--all-workloads] [--jobs N] [-o DIR] [--force] [--report]):\n");
    for (unsigned s = 0; sets[s]; s++) {
        experiment_info_t e;
        for (unsigned i = 0; sets[s]->describe(i, &e); i++) {
            if (e.config)
                fprintf(f, "  %-16s %-64s [%s]\n", e.name, e.summary, e.config);
            else
                fprintf(f, "  %-16s %-64s\n", e.name, e.summary);
        }
    }
}

/* The set that runs NAME; NULL, with the error printed, when none or more
 * than one claims it (two files registering one name). */
static const experiment_set_t *find_set(const char *name)
{
    const experiment_set_t *found = NULL;
    for (unsigned s = 0; sets[s]; s++) {
        experiment_info_t e;
        for (unsigned i = 0; sets[s]->describe(i, &e); i++) {
            if (strcmp(e.name, name))
                continue;
            if (found) {
                fprintf(stderr, "ctasim: experiment '%s' is registered twice (see `ctasim experiment list`)\n", name);
                return NULL;
            }
            found = sets[s];
        }
    }
    if (!found)
        fprintf(stderr, "ctasim: unknown experiment '%s' (see `ctasim experiment list`)\n", name);
    return found;
}

int cmd_experiment(int argc, char **argv)
{
    if (argc < 3 || !strcmp(argv[2], "list")) {
        /* without a name the list is the answer to a mistake: on stderr,
         * after a line saying what is missing, and exit 2 */
        FILE *f = argc < 3 ? stderr : stdout;
        if (argc < 3)
            fprintf(f, "ctasim: experiment needs a NAME: one of the experiments below, all, or list\n");
        list_experiments(f);
        return argc < 3 ? 2 : 0;
    }
    if (argv[2][0] == '-') { /* options before the name */
        fprintf(stderr, "ctasim: experiment needs a NAME first, got '%s' (see `ctasim experiment list`)\n", argv[2]);
        return 2;
    }
    const experiment_set_t *set = find_set(argv[2]);
    return set ? set->run(argc, argv) : 2;
}
