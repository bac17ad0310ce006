/* headline.h — the papers' headline results, one line per experiment of
 * `ctasim experiment`, shared by the experiment's printed summary and the
 * report (`ctasim report`), which puts it beside each figure. */
#ifndef CTASIM_REPORT_HEADLINE_H
#define CTASIM_REPORT_HEADLINE_H

typedef struct paper_headline {
    const char *experiment; /* `ctasim experiment` name */
    const char *figure;     /* the paper and figure, e.g. "Lee et al., HPCA'14, Fig. 4" */
    const char *headline;   /* what the paper reports, e.g. "~7% on average, ~23% on Type III/IV." */
} paper_headline_t;

/* The entry of EXPERIMENT, or NULL. */
const paper_headline_t *paper_headline(const char *experiment);
/* The headline text of EXPERIMENT, "" if none. */
const char *paper_headline_text(const char *experiment);

#endif
