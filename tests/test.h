/* test.h — a minimal test harness. Each tests/test_*.c has a main() that calls
 * RUN(case_fn) for each case; a case uses CHECK/CHECK_EQ. Output is one line per
 * case ("PASS name" / "FAIL name: why") and the process exits non-zero if any
 * case failed. A case that cannot run here (no liblzma in this build, no
 * ptxas installed) calls SKIP("why") from its own body and prints "SKIP
 * name: why": neither a pass nor a failure. tests/run_all.sh aggregates to
 * "N passed, N failed, N skipped". */
#ifndef CTASIM_TEST_H
#define CTASIM_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failed_cases;
static int test_case_failed;
static const char *test_skip_reason; /* set by SKIP, NULL while the case runs */

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

/* Ends the case (it returns from the function that uses it, so call it in the
 * case's own body). A check that failed before it still fails the case. */
#define SKIP(reason)                                                                       \
    do {                                                                                   \
        test_skip_reason = (reason);                                                       \
        return;                                                                            \
    } while (0)

#define RUN(fn)                                                                            \
    do {                                                                                   \
        test_case_failed = 0;                                                              \
        test_skip_reason = NULL;                                                           \
        fn();                                                                              \
        if (test_skip_reason && !test_case_failed)                                         \
            printf("SKIP %s: %s\n", #fn, test_skip_reason);                                \
        else                                                                               \
            printf("%s %s\n", test_case_failed ? "FAIL" : "PASS", #fn);                    \
        fflush(stdout);                                                                    \
        test_failed_cases += test_case_failed;                                             \
    } while (0)

#define TEST_EXIT() return test_failed_cases ? 1 : 0

#endif
