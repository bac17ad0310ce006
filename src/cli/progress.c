/* progress.c — see progress.h. */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>

#include "gpu/gpu.h"
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

/* 1234567 -> "1.23M" */
static void format_count(double v, char *buf, size_t n)
{
    if (v >= 1e9)
        snprintf(buf, n, "%.2fG", v / 1e9);
    else if (v >= 1e6)
        snprintf(buf, n, "%.2fM", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, n, "%.1fk", v / 1e3);
    else
        snprintf(buf, n, "%.0f", v);
}

void run_progress_print(void *ctx, const struct gpu_progress *p)
{
    run_progress_t *rp = ctx;
    if (!rp->shown || p->kernels_done != rp->kernels_done) {
        rp->kernels_done = p->kernels_done;
        rp->set_start = p->wall_seconds;
    }
    char cyc[16], ins[16], rate[16], left[64] = "";
    format_count((double)p->cycle, cyc, sizeof cyc);
    format_count((double)p->warp_insts, ins, sizeof ins);
    format_count(p->wall_seconds > 0 ? (double)p->warp_insts / p->wall_seconds : 0, rate, sizeof rate);
    double in_set = p->wall_seconds - rp->set_start;
    if (p->ctas_done && p->ctas_done < p->ctas_total && in_set > 1) {
        char t[16];
        progress_format_seconds(in_set / (double)p->ctas_done * (double)(p->ctas_total - p->ctas_done), t, sizeof t);
        snprintf(left, sizeof left, ", about %s left in them", t);
    }
    fprintf(stderr, "\r\033[Kcycle %s, %s warp inst (%s/s), %u of %u kernels done; running: %llu/%llu CTAs%s", cyc, ins,
            rate, p->kernels_done, p->kernels_launched, (unsigned long long)p->ctas_done,
            (unsigned long long)p->ctas_total, left);
    fflush(stderr);
    rp->shown = true;
}

double run_progress_interval(void)
{
    const char *e = getenv("CTASIM_PROGRESS_INTERVAL");
    char *end;
    double v = e ? strtod(e, &end) : 0;
    return e && end != e && !*end && v >= 0 && v < 3600 ? v : 0.5;
}

void run_progress_finish(run_progress_t *rp)
{
    if (rp->shown)
        fputs("\r\033[K", stderr);
    rp->shown = false;
}
