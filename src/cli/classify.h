/* classify.h — the papers' kernel classifications from a static CTA-cap sweep.
 *
 *   Lee et al. HPCA'14 §3:  I  performance still rising at the maximum cap
 *                           II rises, then saturates (within tolerance)
 *                           III best at the minimum, falls after
 *                           IV rises to an interior optimum, then falls
 *   Li & Liang DATE'16 §II: Up (best at the maximum), Optimal (interior),
 *                           Down (best at the minimum); opt(k) = best cap
 *   Kayiran et al. PACT'13 §3.2, at maximum TLP: Type-C if RACT > 66 %
 *                           (RACT: cycles a core could fetch/issue over all
 *                           cycles), else Type-M if the idle ratio < 20 % (idle:
 *                           cycles with no warp left on the core), else Type-X.
 * "Within tolerance" treats IPCs that close as equal so noise in a flat curve
 * does not invent a type. */
#ifndef CTASIM_CLASSIFY_H
#define CTASIM_CLASSIFY_H

typedef struct ipc_curve {
    double ipc[65]; /* indexed by cap */
    unsigned lo, hi;
} ipc_curve_t;

unsigned curve_opt(const ipc_curve_t *c);
const char *classify_lee(const ipc_curve_t *c, double tol);
const char *classify_liliang(const ipc_curve_t *c, double tol);
const char *classify_kayiran(double ract, double idle_ratio);
/* The type the paper's table gives a benchmark of that name, or "-". */
const char *paper_type_lee(const char *workload);
const char *paper_type_kayiran(const char *workload);

#endif
