/* fuzz_config.c — libFuzzer target for the option-file parser.
 *
 * Build: clang -fsanitize=fuzzer,address,undefined -Isrc fuzz/fuzz_config.c \
 *          src/config/config.c src/config/config_presets.c src/frontend/inst_names.c src/util/common.c -lm
 * With allow_unknown the parser prints a warning line per unknown option;
 * those go to /dev/null (by swapping the stderr FILE, which glibc allows) so
 * a run's log stays small, while sanitizer reports, written to fd 2
 * directly, still appear.
 *
 * Besides "never crash", it checks one property: whatever configuration an
 * input produces, config_dump writes it back in a form that loads to the
 * identical struct. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

/* config_defaults parses the gtx480 preset text; do it once, not per input. */
static void fresh_defaults(gpu_config_t *c)
{
    static gpu_config_t defaults;
    static bool ready;
    if (!ready) {
        config_defaults(&defaults);
        ready = true;
    }
    *c = defaults;
}

static FILE *quiet_stderr(void)
{
    FILE *saved = stderr;
#ifdef __GLIBC__
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    if (devnull)
        stderr = devnull;
#endif
    return saved;
}

static void restore_stderr(FILE *saved)
{
#ifdef __GLIBC__
    stderr = saved;
#else
    (void)saved;
#endif
}

static void check_dump_round_trip(const gpu_config_t *c)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    config_dump(c, f);
    fclose(f);
    gpu_config_t back;
    fresh_defaults(&back);
    cs_error_t err;
    if (config_load_text(&back, text, len, "dump", false, &err) < 0) {
        fprintf(stderr, "dump does not load back: %s\n", err.msg);
        abort();
    }
    if (memcmp(&back, c, sizeof back) != 0) {
        fprintf(stderr, "dump loads back to a different configuration\n");
        abort();
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gpu_config_t c;
    cs_error_t err;
    fresh_defaults(&c);
    if (config_load_text(&c, (const char *)data, size, "fuzz", false, &err) == 0)
        check_dump_round_trip(&c);
    fresh_defaults(&c);
    FILE *saved_stderr = quiet_stderr();
    int rc = config_load_text(&c, (const char *)data, size, "fuzz", true, &err);
    restore_stderr(saved_stderr);
    if (rc == 0) {
        check_dump_round_trip(&c);
        (void)config_validate(&c, &err);
    }

    /* The string parsers and --set see NUL-terminated text. */
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    cache_config_t cc;
    (void)cache_config_parse(&cc, s, &err);
    dram_timing_t t;
    memset(&t, 0, sizeof t);
    (void)dram_timing_parse(&t, s, &err);
    char *eq = strchr(s, '=');
    if (eq) {
        *eq = '\0';
        if (config_set(&c, s, eq + 1, &err) == 0)
            check_dump_round_trip(&c);
    }
    free(s);
    return 0;
}
