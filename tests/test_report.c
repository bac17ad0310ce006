/* test_report.c — the report's SVG writer, scales, charts, JSON and CSV
 * readers, and report building, on hand-made data. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/chart.h"
#include "report/csv.h"
#include "report/json.h"
#include "report/report.h"
#include "report/scale.h"
#include "report/svg.h"
#include "test.h"

/* --- helpers ------------------------------------------------------------------ */

/* Balanced tags, text without a raw '<', '&' only as an entity. Void HTML
 * elements (meta) and <!DOCTYPE>/<?xml?> are allowed. 1 if well formed. */
static int well_formed(const char *s)
{
    const char *stack[256];
    size_t lens[256], depth = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '&') {
            const char *semi = strchr(p, ';');
            if (!semi || semi - p > 8)
                return 0;
            static const char *const ents[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
            int ok = 0;
            for (int i = 0; i < 5; i++)
                ok |= !strncmp(p, ents[i], strlen(ents[i]));
            if (!ok)
                return 0;
            continue;
        }
        if (*p == '>')
            return 0; /* a '>' outside a tag: escaped in our output */
        if (*p != '<')
            continue;
        const char *end = strchr(p, '>');
        if (!end)
            return 0;
        if (p[1] == '!' || p[1] == '?') {
            p = end;
            continue;
        }
        /* no '<' inside a tag, attribute values quoted */
        for (const char *q = p + 1; q < end; q++)
            if (*q == '<')
                return 0;
        if (p[1] == '/') {
            size_t l = (size_t)(end - p - 2);
            if (!depth || lens[depth - 1] != l || strncmp(stack[depth - 1], p + 2, l))
                return 0;
            depth--;
        } else if (end[-1] != '/') {
            const char *name = p + 1;
            size_t l = strcspn(name, " >");
            if (!(l == 4 && !strncmp(name, "meta", 4))) {
                if (depth == 256)
                    return 0;
                stack[depth] = name;
                lens[depth++] = l;
            }
        }
        p = end;
    }
    return depth == 0;
}

/* The value of attribute ATTR of the element whose <title> is TITLE (the
 * element opens right before it), NaN if there is none. */
static double attr_of_titled(const char *svg, const char *title, const char *attr)
{
    char key[256];
    snprintf(key, sizeof key, "><title>%s</title>", title);
    const char *t = strstr(svg, key);
    if (!t)
        return NAN;
    const char *open = t;
    while (open > svg && *open != '<')
        open--;
    char a[64];
    snprintf(a, sizeof a, " %s=\"", attr);
    const char *v = strstr(open, a);
    if (!v || v > t)
        return NAN;
    return strtod(v + strlen(a), NULL);
}

/* --- svg ------------------------------------------------------------------------ */

static void test_escape_and_numbers(void)
{
    sbuf_t b;
    sb_init(&b);
    sb_escape(&b, "<a & 'b'> \"c\"\x01");
    CHECK(!strcmp(b.s, "&lt;a &amp; &#39;b&#39;&gt; &quot;c&quot;"));
    sb_free(&b);
    const double v[] = {-0.001, 12.5, 3, -0.25, 1.005, 100.0};
    const char *want[] = {"0", "12.5", "3", "-0.25", "1", "100"};
    for (int i = 0; i < 6; i++) {
        sb_init(&b);
        sb_num(&b, v[i]);
        if (strcmp(b.s, want[i]))
            printf("  sb_num(%g) = %s, want %s\n", v[i], b.s, want[i]);
        CHECK(!strcmp(b.s, want[i]));
        sb_free(&b);
    }
    sb_init(&b);
    svg_begin(&b, 100, 50, "t<1>");
    svg_text(&b, 1, 2, "middle", 10, -90, "x & y");
    svg_rect(&b, 0, 0, 10, -5, "#fff", "tip \"q\"");
    svg_end(&b);
    CHECK(well_formed(b.s));
    CHECK(strstr(b.s, "<title>t&lt;1&gt;</title>") != NULL);
    CHECK(strstr(b.s, "transform=\"rotate(-90 1 2)\"") != NULL);
    CHECK(strstr(b.s, "height=\"0\"") != NULL); /* negative size clamped */
    sb_free(&b);
}

/* --- scales ---------------------------------------------------------------------- */

static void test_nice_ticks(void)
{
    CHECK_NEAR(scale_nice_step(0, 7.3, 5), 2, 1e-12);
    CHECK_NEAR(scale_nice_step(0, 1, 6), 0.2, 1e-12);
    CHECK_NEAR(scale_nice_step(0, 100, 6), 20, 1e-12);
    CHECK_NEAR(scale_nice_step(0.95, 1.15, 6), 0.05, 1e-12);
    CHECK_NEAR(scale_nice_step(0, 12345, 6), 5000, 1e-9);
    scale_t s;
    scale_linear(&s, 0, 7.3, 5, 100, 0);
    CHECK_EQ(s.n_ticks, 5);
    CHECK_NEAR(s.ticks[4], 8, 1e-12);
    CHECK_NEAR(s.d1, 8, 1e-12);
    CHECK_NEAR(scale_map(&s, 4), 50, 1e-9);
    CHECK_NEAR(scale_map(&s, 0), 100, 1e-9);
    /* a range not starting at a tick is widened to whole steps */
    scale_linear(&s, 0.93, 1.17, 6, 0, 1);
    CHECK_NEAR(s.d0, 0.9, 1e-9);
    CHECK_NEAR(s.d1, 1.2, 1e-9);
    char lab[32];
    scale_format(&s, s.ticks[1], lab, sizeof lab);
    CHECK(!strcmp(lab, "0.95"));
    /* one value: a range around it */
    scale_linear(&s, 3, 3, 6, 0, 1);
    CHECK(s.d0 <= 3 && s.d1 >= 3 && s.d1 > s.d0 && s.n_ticks >= 2);
    scale_linear(&s, 0, 0, 6, 0, 1);
    CHECK(s.d0 == 0 && s.d1 > 0);
    /* negatives and no -0 tick */
    scale_linear(&s, -3, 5, 6, 0, 1);
    CHECK_NEAR(s.d0, -4, 1e-12);
    CHECK_NEAR(s.d1, 6, 1e-12);
    for (size_t i = 0; i < s.n_ticks; i++)
        if (s.ticks[i] == 0)
            CHECK(!signbit(s.ticks[i]));
    scale_format(&s, 4, lab, sizeof lab);
    CHECK(!strcmp(lab, "4"));
}

static void test_log_scale(void)
{
    scale_t s;
    scale_log(&s, 3, 2000, 0, 400);
    CHECK_EQ(s.n_ticks, 5); /* 1, 10, 100, 1000, 10000 */
    CHECK_NEAR(s.ticks[0], 1, 1e-12);
    CHECK_NEAR(s.ticks[4], 10000, 1e-9);
    CHECK_NEAR(scale_map(&s, 100), 200, 1e-9);
    CHECK_NEAR(scale_map(&s, 0), 0, 1e-9); /* non-positive clamps to the bottom */
    scale_log(&s, 1, 50, 0, 1);            /* two decades: 1 2 5 10 20 50 100 */
    CHECK_EQ(s.n_ticks, 7);
    CHECK_NEAR(s.ticks[1], 2, 1e-12);
    CHECK_NEAR(s.ticks[5], 50, 1e-12);
    char lab[32];
    scale_format(&s, 20, lab, sizeof lab);
    CHECK(!strcmp(lab, "20"));
    scale_log(&s, 1e6, 1e8, 0, 1);
    scale_format(&s, 1e7, lab, sizeof lab);
    CHECK(!strcmp(lab, "1e+07"));
}

/* --- charts ------------------------------------------------------------------------ */

static void test_bar_heights(void)
{
    const char *cats[] = {"A", "B"};
    const double v[] = {5, 10};
    chart_t c = {.title = "bars", .xlabel = "x", .ylabel = "y"};
    sbuf_t b;
    sb_init(&b);
    chart_bars(&b, &c, cats, 2, NULL, 1, v, false);
    CHECK(well_formed(b.s));
    chart_frame_t f;
    chart_frame(&c, 1, 2, 1, &f);
    CHECK_NEAR(f.y0, 34, 1e-9);
    CHECK_NEAR(f.y1, 312, 1e-9);
    double plot_h = f.y1 - f.y0;
    CHECK_NEAR(attr_of_titled(b.s, "A: 5", "height"), plot_h / 2, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "B: 10", "height"), plot_h, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "A: 5", "y"), f.y1 - plot_h / 2, 0.01);
    double band = (f.x1 - f.x0) / 2;
    CHECK_NEAR(attr_of_titled(b.s, "A: 5", "x"), f.x0 + band * 0.1, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "B: 10", "x"), f.x0 + band * 1.1, 0.01);
    /* y axis labels 0..10 step 2 */
    CHECK(strstr(b.s, ">10</text>") && strstr(b.s, ">0</text>") && strstr(b.s, ">6</text>"));
    CHECK(strstr(b.s, ">bars</text>") && strstr(b.s, ">x</text>"));
    sb_free(&b);
}

static void test_grouped_and_stacked_bars(void)
{
    const char *cats[] = {"w1", "w2"}, *names[] = {"s<1>", "s2"};
    const double v[] = {0.5, 0.25, 0.2, 0.8};
    chart_t c = {.title = "stack"};
    sbuf_t b;
    sb_init(&b);
    chart_bars(&b, &c, cats, 2, names, 2, v, true);
    CHECK(well_formed(b.s));
    chart_frame_t f;
    chart_frame(&c, 2, 2, 2, &f);
    CHECK(f.legend);
    double h = f.y1 - f.y0; /* domain 0..1 (max stack 1.0) */
    CHECK_NEAR(attr_of_titled(b.s, "s&lt;1&gt;, w1: 0.5", "height"), h * 0.5, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "s2, w1: 0.25", "height"), h * 0.25, 0.01);
    /* the second segment sits on the first */
    CHECK_NEAR(attr_of_titled(b.s, "s2, w1: 0.25", "y"), f.y1 - h * 0.75, 0.01);
    CHECK(strstr(b.s, ">s&lt;1&gt;</text>") != NULL); /* legend, escaped */
    sb_free(&b);
    /* grouped: side by side, each from zero; the reference line drawn dashed */
    chart_t g = {.title = "grouped", .have_ref = true, .ref_y = 1};
    const double gv[] = {1.2, 0.9, NAN, 1.5};
    sb_init(&b);
    chart_bars(&b, &g, cats, 2, names, 2, gv, false);
    CHECK(well_formed(b.s));
    chart_frame(&g, 2, 2, 2, &f);
    double band = (f.x1 - f.x0) / 2, bw = band * 0.8 / 2;
    CHECK_NEAR(attr_of_titled(b.s, "s2, w1: 0.9", "x"), f.x0 + band * 0.1 + bw, 0.01);
    CHECK(isnan(attr_of_titled(b.s, "s&lt;1&gt;, w2: nan", "x"))); /* NaN: no bar */
    CHECK(strstr(b.s, "stroke-dasharray=\"5 3\"") != NULL);
    sb_free(&b);
}

static void test_line_points(void)
{
    const double x[] = {1, 2, 3}, y[] = {2, 4, 6}, y2[] = {1, NAN, 3};
    chart_series_t s[] = {{.name = "s", .x = x, .y = y, .n = 3}, {.name = "gap", .x = x, .y = y2, .n = 3}};
    chart_t c = {.title = "line", .integer_x = true, .y_zero = true};
    sbuf_t b;
    sb_init(&b);
    chart_line(&b, &c, s, 2);
    CHECK(well_formed(b.s));
    chart_frame_t f;
    chart_frame(&c, 2, 0, 0, &f);
    /* x: exactly 1..3; y: 0..6 */
    CHECK_NEAR(attr_of_titled(b.s, "s (2, 4)", "cx"), (f.x0 + f.x1) / 2, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "s (2, 4)", "cy"), f.y1 - (f.y1 - f.y0) * 4 / 6, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "s (1, 2)", "cx"), f.x0, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "s (3, 6)", "cx"), f.x1, 0.01);
    CHECK(isnan(attr_of_titled(b.s, "gap (2, nan)", "cx")));
    /* the NaN breaks the line: one polyline for s, none for gap's single points */
    size_t polylines = 0;
    for (const char *p = b.s; (p = strstr(p, "<polyline")); p++)
        polylines++;
    CHECK_EQ(polylines, 1);
    for (int t = 1; t <= 3; t++) { /* a tick per whole number */
        char lab[32];
        snprintf(lab, sizeof lab, ">%d</text>", t);
        CHECK(strstr(b.s, lab) != NULL);
    }
    sb_free(&b);
    /* log y: 10 halfway between 1 and 100 */
    const double ly[] = {1, 10, 100};
    chart_series_t ls = {.name = "l", .x = x, .y = ly, .n = 3};
    chart_t lc = {.title = "log", .ylog = true};
    sb_init(&b);
    chart_line(&b, &lc, &ls, 1);
    chart_frame(&lc, 1, 0, 0, &f);
    CHECK_NEAR(attr_of_titled(b.s, "l (2, 10)", "cy"), (f.y0 + f.y1) / 2, 0.01);
    CHECK(well_formed(b.s));
    sb_free(&b);
    /* past ten series the colours repeat dashed: lines and legend keys */
    chart_series_t many[12];
    char names[12][16];
    for (int k = 0; k < 12; k++) {
        snprintf(names[k], sizeof names[k], "s%d", k);
        many[k] = (chart_series_t){.name = names[k], .x = x, .y = y, .n = 3};
    }
    sb_init(&b);
    chart_line(&b, &c, many, 12);
    size_t dashed = 0;
    for (const char *p = b.s; (p = strstr(p, "stroke-dasharray=\"6 3\"")); p++)
        dashed++;
    CHECK_EQ(dashed, 4);
    CHECK(well_formed(b.s));
    sb_free(&b);
}

static void test_panels(void)
{
    const double x1[] = {1, 2, 3}, y1[] = {0.5, 1, 1}, x2[] = {1, 2}, y2[] = {2, 1};
    chart_series_t s[] = {{.name = "A: I", .x = x1, .y = y1, .n = 3},
                          {.name = "B: III", .x = x2, .y = y2, .n = 2},
                          {.name = "C", .x = x2, .y = y2, .n = 2}};
    chart_t c = {.title = "panels", .integer_x = true, .y_zero = true, .have_ref = true, .ref_y = 1};
    sbuf_t b;
    sb_init(&b);
    chart_panels(&b, &c, s, 3, 2);
    CHECK(well_formed(b.s));
    chart_frame_t f0, f1, f2;
    chart_panel_frame(0, 3, 2, &f0);
    chart_panel_frame(1, 3, 2, &f1);
    chart_panel_frame(2, 3, 2, &f2);
    CHECK(f1.x0 > f0.x1 && f1.y0 == f0.y0); /* side by side */
    CHECK(f2.y0 > f0.y1 && f2.x0 == f0.x0); /* next row */
    /* one y scale (0..2) for every panel; each panel its own x range */
    CHECK_NEAR(attr_of_titled(b.s, "A: I (1, 0.5)", "cy"), f0.y1 - (f0.y1 - f0.y0) * 0.25, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "B: III (1, 2)", "cy"), f1.y0, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "B: III (2, 1)", "cx"), f1.x1, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "A: I (3, 1)", "cx"), f0.x1, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "C (1, 2)", "cx"), f2.x0, 0.01);
    CHECK(strstr(b.s, ">B: III</text>") != NULL); /* panel titles */
    size_t refs = 0;
    for (const char *p = b.s; (p = strstr(p, "stroke-dasharray=\"5 3\"")); p++)
        refs++;
    CHECK_EQ(refs, 3); /* the reference line in each panel */
    sb_free(&b);
}

static void test_heatmap(void)
{
    const char *rows[] = {"SM 0", "SM 1"};
    const double x[] = {0, 100, 200}, v[] = {0, 1, 2, 4, 3, NAN};
    chart_t c = {.title = "heat"};
    sbuf_t b;
    sb_init(&b);
    chart_heatmap(&b, &c, rows, 2, x, 3, v, "IPC");
    CHECK(well_formed(b.s));
    CHECK(strstr(b.s, "fill=\"#08306b\"><title>SM 1, 0: 4</title>") != NULL); /* the maximum: darkest */
    CHECK(strstr(b.s, "fill=\"#f7fbff\"><title>SM 0, 0: 0</title>") != NULL); /* zero: white */
    CHECK(strstr(b.s, "SM 1, 200:") == NULL);                                 /* NaN: no cell */
    chart_frame_t f;
    chart_frame(&c, 0, 0, 0, &f);
    double cw = (f.x1 - 60 - f.x0) / 3;
    CHECK_NEAR(attr_of_titled(b.s, "SM 0, 200: 2", "x"), f.x0 + 2 * cw, 0.01);
    CHECK_NEAR(attr_of_titled(b.s, "SM 1, 100: 3", "y"), f.y0 + (f.y1 - f.y0) / 2, 0.01);
    sb_free(&b);
}

/* --- readers --------------------------------------------------------------------------- */

static void test_json(void)
{
    const char *doc = "{\"a\": [1, -2.5e1, true, null], \"s\": \"x\\u00e9\\n\\\"\", \"o\": {}}";
    jv_t v;
    cs_error_t err;
    CHECK_EQ(json_parse(doc, strlen(doc), "d", &v, &err), 0);
    const jv_t *a = json_get(&v, "a");
    CHECK(a && a->kind == JV_ARR && a->n == 4);
    CHECK_NEAR(json_num(&a->items[1], 0), -25, 1e-12);
    CHECK(!strcmp(json_str(json_get(&v, "s")), "x\xc3\xa9\n\""));
    CHECK(json_get(&v, "o")->kind == JV_OBJ);
    json_free(&v);
    /* every proper prefix of a document is truncated */
    for (size_t n = 0; n < strlen(doc); n++) {
        int rc = json_parse(doc, n, "d", &v, &err);
        CHECK(rc < 0);
        if (rc < 0 && n > 0 && !strstr(err.msg, "truncated")) {
            /* a prefix that is a whole number ("{\"a\": [1") still ends early */
            printf("  prefix %zu: %s\n", n, err.msg);
            CHECK(0);
        }
    }
    CHECK(json_parse("{\"a\" 1}", 7, "d", &v, &err) < 0 && strstr(err.msg, "byte 5"));
    CHECK(json_parse("[1] x", 5, "d", &v, &err) < 0 && strstr(err.msg, "end of the document"));
    CHECK(json_parse("[01]", 4, "d", &v, &err) < 0);
}

static void test_csv(void)
{
    csv_t c;
    cs_error_t err;
    CHECK_EQ(csv_parse(cs_xstrdup("a,b\n1,x\n2.5,n/a\n"), "t.csv", &c, &err), 0);
    CHECK_EQ(c.rows, 2);
    CHECK_EQ(csv_col(&c, "b"), 1);
    CHECK_NEAR(csv_num(&c, 1, 0), 2.5, 1e-12);
    CHECK(isnan(csv_num(&c, 1, 1)));
    CHECK(!strcmp(csv_cell(&c, 0, 1), "x"));
    csv_free(&c);
    CHECK(csv_parse(cs_xstrdup("a,b\n1\n"), "t.csv", &c, &err) < 0 && strstr(err.msg, "t.csv:2:") &&
          strstr(err.msg, "1 cells where the header has 2"));
    CHECK(csv_parse(cs_xstrdup("a,b\n"), "t.csv", &c, &err) < 0 && strstr(err.msg, "no rows"));
    CHECK(csv_parse(cs_xstrdup(""), "t.csv", &c, &err) < 0);
    /* RFC 4180: quoted cells with commas, doubled quotes, CRLF, empty cells */
    CHECK_EQ(csv_parse(cs_xstrdup("spec,q,e\r\n\"claso:pa=1,pl=0\",\"say \"\"hi\"\"\",\r\nrr,,x\r\n"), "t.csv", &c, &err), 0);
    CHECK_EQ(c.rows, 2);
    CHECK(!strcmp(csv_cell(&c, 0, 0), "claso:pa=1,pl=0"));
    CHECK(!strcmp(csv_cell(&c, 0, 1), "say \"hi\""));
    CHECK(!strcmp(csv_cell(&c, 0, 2), ""));
    CHECK(!strcmp(csv_cell(&c, 1, 2), "x"));
    csv_free(&c);
    CHECK(csv_parse(cs_xstrdup("a\n\"open\n"), "t.csv", &c, &err) < 0 && strstr(err.msg, "never ends"));
    CHECK(csv_parse(cs_xstrdup("a,b\n\"x\"y,1\n"), "t.csv", &c, &err) < 0 && strstr(err.msg, "after a quoted"));
}

/* --- reports ------------------------------------------------------------------------------ */

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void test_report_experiment_dir(void)
{
    char dir[] = "/tmp/ctasim-test-report-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0);
        return;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/lee-fig4.csv", dir);
    write_file(path, "workload,N,OPT,ipc_cap1_over_N,ipc_cap2_over_N,ipc_cap3_over_N,our_type,paper_type\n"
                     "A<&>,3,3,0.5,0.8,1.000,I,I\nB,2,1,1.000,0.9,,III,-\n");
    snprintf(path, sizeof path, "%s/lee-fig19.csv", dir);
    write_file(path, "workload,gto,tl,lcs\nA,1,1.1,1.21\nB,1,0.9,1.0\n");
    report_opts_t o = {.input = dir};
    report_t r;
    cs_error_t err;
    CHECK_EQ(report_build(&o, &r, &err), 0);
    CHECK_EQ(r.n, 2);
    CHECK(!strcmp(r.figs[0].id, "lee-fig4-ipc-vs-ctas") && r.figs[0].svg);
    CHECK(!strcmp(r.figs[1].id, "lee-fig19-speedup") && r.figs[1].svg);
    /* the geometric mean bar: tl sqrt(1.1 * 0.9), lcs sqrt(1.21) */
    char tip[64];
    snprintf(tip, sizeof tip, "tl, GM: %.4g", sqrt(1.1 * 0.9));
    CHECK(!isnan(attr_of_titled(r.figs[1].svg, tip, "height")));
    CHECK(!isnan(attr_of_titled(r.figs[1].svg, "lcs, GM: 1.1", "height")));
    CHECK(strstr(r.figs[1].ours, "lcs +10.0%") != NULL);
    CHECK(strstr(r.figs[0].ours, "types I/II/III/IV = 1/0/1/0") != NULL);
    CHECK(strstr(r.figs[0].svg, ">A&lt;&amp;&gt;: I (paper I)</text>") != NULL); /* a panel's title */
    sbuf_t h1, h2;
    sb_init(&h1);
    sb_init(&h2);
    report_html(&r, "figs", &h1);
    report_html(&r, "figs", &h2);
    CHECK(!strcmp(h1.s, h2.s));
    CHECK(well_formed(h1.s));
    CHECK(!strstr(h1.s, "http:") && !strstr(h1.s, "https:") && !strstr(h1.s, "<script"));
    sb_free(&h1);
    sb_free(&h2);
    report_free(&r);
    /* --figure keeps the kinds named */
    o.figures = "speedup";
    CHECK_EQ(report_build(&o, &r, &err), 0);
    CHECK_EQ(r.n, 1);
    report_free(&r);
    o.figures = "speedup,nope";
    CHECK(report_build(&o, &r, &err) < 0 && strstr(err.msg, "unknown figure 'nope'") && strstr(err.msg, "power"));
    /* a directory with nothing to report */
    char empty[] = "/tmp/ctasim-test-report-empty-XXXXXX";
    if (mkdtemp(empty)) {
        o = (report_opts_t){.input = empty};
        CHECK(report_build(&o, &r, &err) < 0 && strstr(err.msg, "no results to report"));
        rmdir(empty);
    }
    snprintf(path, sizeof path, "%s/lee-fig4.csv", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/lee-fig19.csv", dir);
    unlink(path);
    rmdir(dir);
}

static void test_report_run_json(void)
{
    char dir[] = "/tmp/ctasim-test-report-run-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0);
        return;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/r.json", dir);
    const char *doc =
        "{\"cycles\": 100, \"cores\": ["
        "{\"ctas_issued\": 3, \"active\": 50, \"idle\": 10, \"mem_stall\": 30, \"core_stall\": 10, "
        "\"no_cta_cycles\": 20, \"l1d_accesses\": 10, \"l1d_misses\": 5},"
        "{\"ctas_issued\": 1, \"active\": 25, \"idle\": 75, \"mem_stall\": 0, \"core_stall\": 0, "
        "\"no_cta_cycles\": 60, \"l1d_accesses\": 0, \"l1d_misses\": 0}],"
        "\"metrics\": {}, \"series\": {\"dyncta.n\": [[0, 8], [2048, 6]], "
        "\"sm_ipc/0\": [[0, 1], [50, 2]], \"sm_ipc/1\": [[0, 0.5], [50, 0]]}}";
    write_file(path, doc);
    report_opts_t o = {.input = path};
    report_t r;
    cs_error_t err;
    CHECK_EQ(report_build(&o, &r, &err), 0);
    const char *want[] = {"stall-breakdown", "cta-per-sm",      "idle-tail",       "l1-miss",     "dyncta-n",
                          "sm-ipc-heatmap",  "sm-ctas-heatmap", "stall-over-time", "mem-latency", "power"};
    CHECK_EQ(r.n, 10);
    for (size_t i = 0; i < r.n && i < 10; i++)
        CHECK(!strcmp(r.figs[i].kind, want[i]));
    if (r.n == 10) {
        CHECK(r.figs[0].svg && strstr(r.figs[0].svg, "MEM_STALL, 0: 0.3"));
        CHECK(!isnan(attr_of_titled(r.figs[1].svg, "CTAs issued, 0: 3", "height")));
        CHECK(strstr(r.figs[2].svg, "no-CTA fraction, 1: 0.6") != NULL);
        CHECK(r.figs[4].svg && strstr(r.figs[4].svg, "r.json (2048, 6)"));
        CHECK(r.figs[5].svg && strstr(r.figs[5].svg, "SM 0, 50: 2"));
        CHECK(!r.figs[6].svg && strstr(r.figs[6].note, "no series sm_ctas/<i>")); /* absent: skipped, why */
        CHECK(!r.figs[7].svg && strstr(r.figs[7].note, "no series stall.*"));
        CHECK(!r.figs[8].svg && strstr(r.figs[8].note, "no series mem_latency"));
        CHECK(!r.figs[9].svg && strstr(r.figs[9].note, "power_w"));
    }
    /* write: SVG files, then the page; no temporary left */
    char html[300], figs[300];
    snprintf(html, sizeof html, "%s/r.html", dir);
    snprintf(figs, sizeof figs, "%s/figs", dir);
    CHECK_EQ(report_write(&r, html, figs, &err), 0);
    struct stat st;
    CHECK(stat(html, &st) == 0 && st.st_size > 1000);
    snprintf(path, sizeof path, "%s/figs/dyncta-n.svg", dir);
    CHECK(stat(path, &st) == 0);
    unlink(path);
    for (size_t i = 0; i < r.n; i++) {
        snprintf(path, sizeof path, "%s/figs/%s.svg", dir, r.figs[i].id);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/figs", dir);
    CHECK(rmdir(path) == 0); /* nothing else in it */
    unlink(html);
    report_free(&r);
    /* a long series: at most 200 columns, samples averaged in bins */
    {
        sbuf_t d;
        sb_init(&d);
        sb_puts(&d, "{\"cycles\": 900, \"cores\": [{\"active\": 1}], \"series\": {\"sm_ipc/0\": [");
        for (int k = 0; k < 450; k++)
            sb_printf(&d, "%s[%d, %d]", k ? ", " : "", 2 * (k + 1), k % 3); /* bins of 3: 0, 1, 2 -> 1 */
        sb_puts(&d, "]}}");
        snprintf(path, sizeof path, "%s/r.json", dir);
        write_file(path, d.s);
        sb_free(&d);
        report_opts_t oh = {.input = path, .figures = "sm-ipc-heatmap"};
        CHECK_EQ(report_build(&oh, &r, &err), 0);
        CHECK(r.n == 1 && r.figs[0].svg);
        if (r.n == 1 && r.figs[0].svg) {
            CHECK(strstr(r.figs[0].svg, "<title>SM 0, 2: 1</title>") != NULL);
            CHECK(strstr(r.figs[0].svg, "<title>SM 0, 8: 1</title>") != NULL);
            CHECK(strstr(r.figs[0].svg, "<title>SM 0, 4: ") == NULL); /* inside the first bin */
            CHECK(strstr(r.figs[0].note, "averaged in 150 columns of 3") != NULL);
        }
        report_free(&r);
    }
    /* truncated: one clear error */
    snprintf(path, sizeof path, "%s/r.json", dir);
    write_file(path, "{\"cycles\": 100, \"cores\": [");
    CHECK(report_build(&o, &r, &err) < 0 && strstr(err.msg, "truncated JSON"));
    write_file(path, "{\"x\": 1}");
    CHECK(report_build(&o, &r, &err) < 0 && strstr(err.msg, "not a ctasim run result"));
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    RUN(test_escape_and_numbers);
    RUN(test_nice_ticks);
    RUN(test_log_scale);
    RUN(test_bar_heights);
    RUN(test_grouped_and_stacked_bars);
    RUN(test_line_points);
    RUN(test_panels);
    RUN(test_heatmap);
    RUN(test_json);
    RUN(test_csv);
    RUN(test_report_experiment_dir);
    RUN(test_report_run_json);
    TEST_EXIT();
}
