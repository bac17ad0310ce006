/* report.h — `ctasim report`: the results of a sweep, an experiment or a run
 * as one self-contained HTML page of SVG figures in the papers' shapes, each
 * beside the paper's headline, ours, and the table it was drawn from; each
 * figure also as its own .svg file.
 *
 * report_build reads INPUT (a sweep directory with summary.csv, an experiment
 * directory with NAME.csv tables, a directory of run JSON files, or one run
 * JSON) into figures held in memory; a figure whose data is absent is kept
 * with the reason instead of a drawing. report_write writes the SVG files and
 * then the HTML, each through a temporary file renamed into place, so an
 * interrupted or failed report never leaves a file that looks complete.
 * Output depends only on the input (no dates, sorted directory listings). */
#ifndef CTASIM_REPORT_REPORT_H
#define CTASIM_REPORT_REPORT_H

#include <stddef.h>

#include "report/svg.h"
#include "util/common.h"

typedef struct report_opts {
    const char *input;
    const char *figures;    /* comma-separated figure kinds to keep, NULL: all */
    const char *experiment; /* experiment directory: only this experiment's tables, NULL: all */
    const char *baseline;   /* sweep: the series speedups are normalised to, "CTA/WARP" or "CTA"; NULL: the first */
} report_opts_t;

typedef struct report_fig {
    char *id;        /* unique; the .svg file's name without extension */
    const char *kind;/* one of report_figure_kinds() */
    char *title;
    char *svg;       /* NULL: skipped, see note */
    char *note;      /* why it was skipped, or a caption */
    char *paper;     /* the paper's headline, or NULL */
    char *ours;      /* our result in the same terms, or NULL */
    char *source;    /* the file the data came from */
    char *table;     /* an HTML <table> of that data, or NULL */
} report_fig_t;

typedef struct report {
    char *title;
    char *what; /* one line on the input */
    report_fig_t *figs;
    size_t n, cap;
    /* experiment directories: every warning the experiments printed (their
     * NAME-warnings.txt files, "NAME: line" per line), NULL when none, so a
     * reader of the page sees what the terminal said */
    char *warnings;
} report_t;

/* The figure kinds, NULL-terminated, and a line on each. */
const char *const *report_figure_kinds(void);
const char *report_figure_summary(const char *kind);
/* Every name of the comma-separated LIST is a figure kind; 0 or -1 with err. */
int report_check_figures(const char *list, cs_error_t *err);

int report_build(const report_opts_t *o, report_t *r, cs_error_t *err);
void report_free(report_t *r);
/* The HTML page; FIG_DIR_REL: where the .svg files are, relative to it. */
void report_html(const report_t *r, const char *fig_dir_rel, sbuf_t *out);
/* Write FIG_DIR/<id>.svg for every drawn figure (FIG_DIR created), then
 * HTML_PATH. 0, or -1 with err. */
int report_write(const report_t *r, const char *html_path, const char *fig_dir, cs_error_t *err);
/* DATA to PATH through PATH.tmp.<pid> and rename(2). */
int report_write_atomic(const char *path, const char *data, size_t len, cs_error_t *err);

#endif
