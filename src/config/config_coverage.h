/* config_coverage.h — which GPGPU-Sim / Accel-Sim options, and which fields
 * of their compound values, the timing model uses.
 *
 * One catalogue (config_coverage.c) states for every option ctasim parses,
 * every field of a compound option and every GPGPU-Sim option it does not
 * parse whether the model reads it, approximates it or ignores it. The
 * loader uses it to warn about what a configuration sets but ctasim does not
 * model; `ctasim config --unmodelled` prints it. */
#ifndef CTASIM_CONFIG_COVERAGE_H
#define CTASIM_CONFIG_COVERAGE_H

#include <stdio.h>

#include "config.h"

typedef enum coverage_level {
    COV_MODELLED,     /* the model reads it as GPGPU-Sim means it */
    COV_PARTLY,       /* an option whose fields have entries of their own, not all modelled */
    COV_APPROXIMATED, /* read, but modelled differently from GPGPU-Sim (the note says how) */
    COV_IGNORED,      /* accepted and checked, but nothing in the model reads it */
    COV_NOT_PARSED,   /* a GPGPU-Sim option ctasim does not accept (an error, or skipped under
                       * --allow-unknown) and that GPGPU-Sim's timing depends on */
    COV_NO_TIMING,    /* the same, for an option GPGPU-Sim's timing does not depend on
                       * (statistics, power, debugging, the CUDA tool chain) */
} coverage_level_t;

typedef struct coverage_entry {
    const char *option;      /* without '-' */
    const char *field;       /* NULL: the option itself; else a field of its compound value */
    coverage_level_t level;
    const char *note;        /* what ctasim does instead / what is ignored */
    /* Values (of the option, or of the field) at which ignoring or
     * approximating it is exact, '|'-separated ("0", "E", "64"); "*" every
     * value; NULL none. A setting at such a value is not warned about. */
    const char *same_for;
    /* The same as a test on the value, the configuration loaded and the
     * other settings of that load, where a list of values cannot say it. */
    bool (*same_fn)(const char *value, const gpu_config_t *c, const config_settings_t *s);
    int part;                /* a field's position in its option's value (config_coverage.c) */
} coverage_entry_t;

size_t coverage_count(void);
const coverage_entry_t *coverage_at(size_t i);
/* The entry of an option (field NULL) or of one of its fields; NULL if none. */
const coverage_entry_t *coverage_find(const char *option, const char *field);
/* A GPGPU-Sim option ctasim knows of but does not parse (COV_NOT_PARSED or COV_NO_TIMING). */
bool coverage_is_unparsed_option(const char *name);
const char *coverage_level_name(coverage_level_t level);

/* --- Where options were set ------------------------------------------------
 * One live record per option name: the last place that set it (a later
 * setting supersedes an earlier one and comes after everything recorded
 * before it, as a later option wins). Iterate over v[0..n) skipping `dead`
 * records; a hash index keeps recording and lookup O(1), so that a file of
 * millions of distinct unknown options loads in linear time. */
typedef struct config_setting {
    char *name;          /* without '-' */
    char *value;         /* "" when the option had no value */
    char *origin;        /* file path, "<preset NAME>" or "--set" */
    unsigned long line;  /* 0 for --set */
    bool dead;           /* superseded by a later record of the same name */
} config_setting_t;

struct config_settings {
    config_setting_t *v;
    size_t n, cap;
    size_t *slot, nslots; /* open addressing: 1 + index into v of the live record, 0 empty */
};

void config_settings_init(config_settings_t *s);
void config_settings_free(config_settings_t *s);
void config_settings_record(config_settings_t *s, const char *name, const char *value, const char *origin,
                            unsigned long line);
const config_setting_t *config_settings_find(const config_settings_t *s, const char *name);
/* Record every setting of `from` into `into`, in order. */
void config_settings_merge(config_settings_t *into, const config_settings_t *from);

/* What of one setting the model does not use, into out: "value 32 ignored"
 * (an ignored option), "value two_level_active:4" (an approximated one) or
 * "ignored: write_policy T, alloc_policy m; approximated: set_index_fn P"
 * (fields). Returns false (and "" in out) when everything it sets is
 * modelled, or not modelled at a value where that is exact, or the option is
 * not one ctasim parses. s: the settings of the same load (may be NULL). */
bool coverage_unmodelled_text(const config_setting_t *set, const gpu_config_t *c, const config_settings_t *s,
                              char *out, size_t outsz);

/* The load-time warnings (CONFIG_WARN_* bits in `warn`) for the settings of
 * one load, in order: one line per option. */
void coverage_warn(FILE *f, const config_settings_t *s, const gpu_config_t *c, unsigned warn);

/* `ctasim config --unmodelled`: every option and field that is not modelled
 * in full, one per line in catalogue order, each marked with where `s` sets
 * it; then the options `s` sets that the catalogue does not know. */
void coverage_print(FILE *f, const config_settings_t *s, const gpu_config_t *c);

#endif
