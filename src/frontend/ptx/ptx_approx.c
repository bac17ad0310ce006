/* ptx_approx.c — the PTX ISA's error bounds of the .approx instructions.
 *
 * `ex2.approx.f32`, `rsqrt.approx.f32` and the rest run on the GPU's
 * special-function unit, whose results are not libm's: the ISA promises only
 * a bound (PTX ISA 9.x, "Floating Point Instructions"). On a real H100 the
 * exact CPU checks of LIB and PFF, which use ex2.approx, failed by an ulp.
 * The interpreter computes the correctly rounded value by default; with
 * CTASIM_PTX_APPROX=low or high it returns instead the lowest or highest
 * float the bound allows, so a workload's check can be run at both edges
 * (tests/cli/test_float_rules.sh): a check that holds at both holds on any
 * GPU that keeps the ISA's promise. The bounds:
 *
 *   ex2     2 ulp from the correctly rounded result, every input
 *   lg2     absolute 2^-22 for inputs in (0.5, 2), relative 2^-22 elsewhere
 *   sin cos absolute 2^-20.5 in [-2 pi, 2 pi], 2^-14.7 in [-100 pi, 100 pi],
 *           none stated beyond (left exact there)
 *   rsqrt   relative 2^-22.9
 *   tanh    relative 2^-11
 *
 * rcp, sqrt and div .approx are left exact in every mode: none of our
 * workloads uses them, and their bounds are not written down here yet.
 */
#include "ptx_ir.h"

#include <math.h>

/* The float furthest from r in direction dir that stays within `bound` of
 * the exact value (r itself when no float moves that way within it). */
static float edge_within(float r, double exact, double bound, int dir)
{
    float back = dir > 0 ? -INFINITY : INFINITY;
    float c = (float)(exact + dir * bound);
    if (!isfinite(c))
        return r;
    while (fabs((double)c - exact) > bound) /* (float) rounded past the bound: at most a step back */
        c = nextafterf(c, back);
    if (dir > 0 ? c < r : c > r)
        return r;
    return c;
}

float ptx_approx_edge(enum ptx_opcode op, float a, float r, int dir)
{
    if (!dir || !isfinite(a) || !isfinite(r) || !isnormal(r))
        return r;
    double x = a;
    switch (op) {
    case OP_EX2: { /* 2 ulp from the correctly rounded r: step twice */
        float to = dir > 0 ? INFINITY : -INFINITY, n = nextafterf(nextafterf(r, to), to);
        return isfinite(n) ? n : r;
    }
    case OP_LG2: {
        double e = log2(x);
        return edge_within(r, e, x > 0.5 && x < 2.0 ? ldexp(1.0, -22) : ldexp(fabs(e), -22), dir);
    }
    case OP_SIN: case OP_COS: {
        double ax = fabs(x), e = op == OP_SIN ? sin(x) : cos(x);
        if (ax <= 2 * M_PI)
            return edge_within(r, e, exp2(-20.5), dir);
        if (ax <= 100 * M_PI)
            return edge_within(r, e, exp2(-14.7), dir);
        return r;
    }
    case OP_RSQRT: {
        double e = 1.0 / sqrt(x);
        return edge_within(r, e, fabs(e) * exp2(-22.9), dir);
    }
    case OP_TANH: {
        double e = tanh(x);
        return edge_within(r, e, fabs(e) * exp2(-11), dir);
    }
    default:
        return r;
    }
}
