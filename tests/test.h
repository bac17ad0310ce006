/* test.h — a minimal test harness. Each tests/test_*.c has a main() that calls
 * RUN(case_fn) for each case; a case uses CHECK/CHECK_EQ. Output is one line per
 * case ("PASS name" / "FAIL name: why") and the process exits non-zero if any
 * case failed. tests/run_all.sh aggregates to "N passed, N failed". */
#ifndef CTASIM_TEST_H
#define CTASIM_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failed_cases;
static int test_case_failed;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            printf("  check failed %s:%d: %s\n", __FILE__, __LINE__, #cond);               \
            test_case_failed = 1;                                                          \
        }                                                                                  \
    } while (0)

#define CHECK_EQ(a, b)                                                                     \
    do {                                                                                   \
        long long _a = (long long)(a), _b = (long long)(b);                                \
        if (_a != _b) {                                                                    \
            printf("  check failed %s:%d: %s == %s (%lld vs %lld)\n", __FILE__, __LINE__,  \
                   #a, #b, _a, _b);                                                        \
            test_case_failed = 1;                                                          \
        }                                                                                  \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                              \
    do {                                                                                   \
        double _a = (double)(a), _b = (double)(b);                                         \
        if (!(_a >= _b - (tol) && _a <= _b + (tol))) {                                     \
            printf("  check failed %s:%d: %s ~= %s (%g vs %g, tol %g)\n", __FILE__,        \
                   __LINE__, #a, #b, _a, _b, (double)(tol));                               \
            test_case_failed = 1;                                                          \
        }                                                                                  \
    } while (0)

#define RUN(fn)                                                                            \
    do {                                                                                   \
        test_case_failed = 0;                                                              \
        fn();                                                                              \
        printf("%s %s\n", test_case_failed ? "FAIL" : "PASS", #fn);                        \
        fflush(stdout);                                                                    \
        test_failed_cases += test_case_failed;                                             \
    } while (0)

#define TEST_EXIT() return test_failed_cases ? 1 : 0

#endif
