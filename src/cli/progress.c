/* progress.c — see progress.h. */
#include "progress.h"

#include <stdio.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_start(progress_t *p, const char *label, const char *unit, bool tty)
{
    *p = (progress_t){.label = label, .unit = unit, .tty = tty};
    p->start = p->last_line = now_seconds();
}

void progress_format_seconds(double s, char *buf, size_t n)
{
    unsigned long t = s < 0 ? 0 : (unsigned long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, n, "%luh%02lum", t / 3600, t % 3600 / 60);
    else if (t >= 60)
        snprintf(buf, n, "%lum%02lus", t / 60, t % 60);
    else
        snprintf(buf, n, "%lus", t);
}

void progress_update(progress_t *p, size_t done, size_t total, size_t failed)
{
    double t = now_seconds(), elapsed = t - p->start;
    char el[32], eta[32] = "?";
    progress_format_seconds(elapsed, el, sizeof el);
    /* the rate so far: jobs differ in length, so early estimates are rough */
    if (done && done < total)
        progress_format_seconds(elapsed / (double)done * (double)(total - done), eta, sizeof eta);
    char fails[48] = "";
    if (failed)
        snprintf(fails, sizeof fails, ", %zu failed", failed);
    if (p->tty) {
        enum { WIDTH = 30 };
        unsigned filled = (unsigned)(total ? done * WIDTH / total : WIDTH);
        fprintf(stderr, "\r%s [", p->label);
        for (unsigned i = 0; i < WIDTH; i++)
            fputc(i < filled ? '#' : '.', stderr);
        if (done < total)
            fprintf(stderr, "] %zu/%zu %s%s, %s elapsed, about %s left ", done, total, p->unit, fails, el, eta);
        else
            fprintf(stderr, "] %zu/%zu %s%s in %s\n", done, total, p->unit, fails, el);
    } else {
        size_t tenth = total ? done * 10 / total : 10;
        if (done == total || tenth > p->last_tenth || t - p->last_line >= 60) {
            if (done < total)
                fprintf(stderr, "%s: %zu/%zu %s%s, %s elapsed, about %s left\n", p->label, done, total, p->unit,
                        fails, el, eta);
            else
                fprintf(stderr, "%s: %zu/%zu %s%s in %s\n", p->label, done, total, p->unit, fails, el);
            p->last_tenth = tenth;
            p->last_line = t;
        }
    }
    fflush(stderr);
}
