/* classify.c — see classify.h. */
#include "classify.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

unsigned curve_opt(const ipc_curve_t *c)
{
    unsigned best = c->lo;
    for (unsigned n = c->lo; n <= c->hi; n++)
        if (c->ipc[n] > c->ipc[best])
            best = n;
    return best;
}

const char *classify_lee(const ipc_curve_t *c, double tol)
{
    if (c->hi == c->lo)
        return "-";
    double near = c->ipc[curve_opt(c)] * (1.0 - tol);
    bool at_top = c->ipc[c->hi] >= near, at_bottom = c->ipc[c->lo] >= near;
    if (at_bottom && !at_top)
        return "III";
    if (at_top) {
        if (at_bottom)
            return "II"; /* flat from the start: saturated at once */
        unsigned first = c->lo; /* first cap reaching the plateau */
        while (c->ipc[first] < near)
            first++;
        return first == c->hi ? "I" : "II";
    }
    return "IV";
}

const char *classify_liliang(const ipc_curve_t *c, double tol)
{
    double near = c->ipc[curve_opt(c)] * (1.0 - tol);
    if (c->ipc[c->hi] >= near)
        return "Up";
    if (c->ipc[c->lo] >= near)
        return "Down";
    return "Optimal";
}

const char *classify_kayiran(double ract, double idle_ratio)
{
    if (ract > 0.66)
        return "Type-C";
    if (idle_ratio < 0.20)
        return "Type-M";
    return "Type-X";
}

typedef struct named_type {
    const char *name, *type;
} named_type_t;

/* Lee et al. Table 2 */
static const named_type_t lee_table[] = {
    {"CONV", "I"}, {"MMUL", "I"}, {"BP", "II"}, {"BFS", "II"}, {"CP", "II"}, {"SRAD", "II"},
    {"MADD", "II"}, {"TRAN", "II"}, {"VADD", "II"}, {"KMN", "III"}, {"3DFD", "IV"}, {"BLK", "IV"},
    {"STN", "IV"}, {"LBM", "IV"}, {"LPS", "IV"}, {"RAY", "II"}, {"MUM", "III"}, {NULL, NULL}};

/* Kayiran et al. Table 2 (KM is our KMN, MM our MMUL, SD2 our SRAD) */
static const named_type_t kayiran_table[] = {
    {"BFS", "Type-M"}, {"SPMV", "Type-M"}, {"NW", "Type-X"}, {"KMN", "Type-M"}, {"SCP", "Type-M"},
    {"AES", "Type-M"}, {"NQU", "Type-X"}, {"SRAD", "Type-M"}, {"BP", "Type-M"}, {"BLK", "Type-C"},
    {"HOT", "Type-C"}, {"MMUL", "Type-C"}, {"CP", "Type-C"}, {"PVC", "Type-M"}, {"SSC", "Type-M"},
    {"IIX", "Type-M"}, {"SAD", "Type-M"}, {"PFF", "Type-M"}, {"LUD", "Type-X"}, {"MUM", "Type-M"},
    {"PVR", "Type-M"}, {"LIB", "Type-M"}, {"FFT", "Type-M"}, {"RAY", "Type-C"}, {"NN", "Type-C"},
    {"STO", "Type-C"}, {NULL, NULL}};

static const char *lookup(const named_type_t *t, const char *name)
{
    for (; t->name; t++)
        if (!strcasecmp(t->name, name))
            return t->type;
    return "-";
}

const char *paper_type_lee(const char *w) { return lookup(lee_table, w); }
const char *paper_type_kayiran(const char *w) { return lookup(kayiran_table, w); }
