/* test_metrics.c — policy metrics: values, series, JSON. */
#include "gpu/metrics.h"
#include "test.h"

static void values_and_series(void)
{
    metrics_t m = {0};
    metrics_set(&m, "lcs.t_new.k0", 3);
    metrics_add(&m, "claso.refusals", 2);
    metrics_add(&m, "claso.refusals", 5);
    double v = 0;
    CHECK(metrics_get(&m, "lcs.t_new.k0", &v));
    CHECK_EQ(v, 3);
    CHECK(metrics_get(&m, "claso.refusals", &v));
    CHECK_EQ(v, 7);
    CHECK(!metrics_get(&m, "nope", &v));
    for (int i = 0; i < 100; i++)
        metrics_sample(&m, "dyncta.n.sm0", (uint64_t)i * 2048, i % 4);
    const metric_series_t *s = metrics_series(&m, "dyncta.n.sm0");
    CHECK(s && s->n == 100);
    CHECK_EQ(s->cycle[99], 99 * 2048);
    CHECK_EQ(s->value[99], 3);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fputc('{', f);
    metrics_write_json(&m, f);
    fprintf(f, "\"end\": 1}");
    fclose(f);
    CHECK(strstr(buf, "\"lcs.t_new.k0\": 3") != NULL);
    CHECK(strstr(buf, "[202752, 3]") != NULL);
    free(buf);
    metrics_free(&m);
}

int main(void)
{
    RUN(values_and_series);
    TEST_EXIT();
}
