/* args.h — strict parsing of the command line's numeric option values.
 *
 * strtoul and friends accept what a user did not mean: leading blanks, a
 * sign ("-1" wraps to a huge unsigned), trailing junk ("8x" reads as 8) and
 * silent overflow. Every numeric CLI option goes through these instead, so a
 * bad value is always one line naming the option and what it accepts:
 *   "--jobs expects an integer from 1 to 256, got 'abc'" */
#ifndef CTASIM_CLI_ARGS_H
#define CTASIM_CLI_ARGS_H

#include <stdint.h>

#include "util/common.h"

/* TEXT as a decimal integer in [min, max]: digits only, no sign, no blanks,
 * no trailing characters. 0 or -1 with err naming OPTION. */
int cli_parse_uint(const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *out,
                   cs_error_t *err);
/* "N" (lo = hi = N) or "A..B" with min <= A <= B <= max, each part as
 * cli_parse_uint reads it. */
int cli_parse_uint_range(const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *lo,
                         uint64_t *hi, cs_error_t *err);
/* TEXT as a finite decimal number in [min, max]: starts with a digit or '.',
 * nothing after the number (no "nan", "inf", sign or blanks). */
int cli_parse_double(const char *option, const char *text, double min, double max, double *out, cs_error_t *err);

#endif
