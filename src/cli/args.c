/* args.c — strict numeric option values for the command line (see args.h). */
#include "args.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

/* The longest prefix of digits of TEXT as a number; *end after it. -1 on
 * overflow or when there is no digit at all. */
static int read_digits(const char *text, uint64_t *value, const char **end)
{
    uint64_t v = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (p == text)
        return -1;
    *value = v;
    *end = p;
    return 0;
}

static int bad_uint(const char *option, const char *text, uint64_t min, uint64_t max, cs_error_t *err)
{
    return cs_err(err, NULL, 0, "%s expects an integer from %llu to %llu, got '%s'", option, (unsigned long long)min,
                  (unsigned long long)max, text);
}

int cli_parse_uint(const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *out,
                   cs_error_t *err)
{
    uint64_t v;
    const char *end;
    if (read_digits(text, &v, &end) < 0 || *end || v < min || v > max)
        return bad_uint(option, text, min, max, err);
    *out = v;
    return 0;
}

int cli_parse_uint_range(const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *lo,
                         uint64_t *hi, cs_error_t *err)
{
    uint64_t a, b;
    const char *end;
    if (read_digits(text, &a, &end) < 0)
        goto bad;
    b = a;
    if (end[0] == '.' && end[1] == '.' && read_digits(end + 2, &b, &end) < 0)
        goto bad;
    if (*end || a < min || b < a || b > max)
        goto bad;
    *lo = a;
    *hi = b;
    return 0;
bad:
    return cs_err(err, NULL, 0, "%s expects N or A..B with %llu <= A <= B <= %llu, got '%s'", option,
                  (unsigned long long)min, (unsigned long long)max, text);
}

int cli_parse_double(const char *option, const char *text, double min, double max, double *out, cs_error_t *err)
{
    char *end;
    errno = 0;
    /* strtod would skip blanks and accept a sign, "nan" and "inf": insist on
     * a digit or a decimal point first */
    bool starts_number = (text[0] >= '0' && text[0] <= '9') || (text[0] == '.' && text[1] >= '0' && text[1] <= '9');
    double v = starts_number ? strtod(text, &end) : 0;
    if (!starts_number || *end || errno == ERANGE || !isfinite(v) || v < min || v > max)
        return cs_err(err, NULL, 0, "%s expects a number from %g to %g, got '%s'", option, min, max, text);
    *out = v;
    return 0;
}
