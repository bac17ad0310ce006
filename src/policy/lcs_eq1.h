/* lcs_eq1.h — Eq. 1 of Lee et al.'s Lazy CTA Scheduling (HPCA'14 §4.1),
 * shared by lcs (CTAs per core) and clusterlcs (clusters per GPC): the units
 * a core or GPC should hold are T = sum / max of the instructions each unit
 * issued while the first ones ran, rounded as `round` says and kept within
 * [1, t_max]. Nearest, the default, is the reading the paper's worked
 * example needs (Fig. 7(b): 10 / 4 = 2.5 gives 3; docs/policies/lcs.md). */
#ifndef CTASIM_LCS_EQ1_H
#define CTASIM_LCS_EQ1_H

#include <stdint.h>

/* in the order of LCS_ROUND_WORDS, the words a policy's round= takes */
enum lcs_round { LCS_ROUND_NEAREST, LCS_ROUND_FLOOR, LCS_ROUND_CEIL };
#define LCS_ROUND_WORDS {"nearest", "floor", "ceil", NULL}

/* T of Eq. 1 from sum and max (max > 0) */
static inline uint32_t lcs_eq1(uint64_t sum, uint64_t max, enum lcs_round round, uint32_t t_max)
{
    /* nearest: floor(sum / max + 1/2) in integers */
    uint64_t t = round == LCS_ROUND_CEIL      ? (sum + max - 1) / max
                 : round == LCS_ROUND_NEAREST ? (2 * sum + max) / (2 * max)
                                              : sum / max;
    if (t < 1)
        t = 1;
    if (t > t_max)
        t = t_max;
    return (uint32_t)t;
}

#endif
