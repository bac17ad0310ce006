/* ptx_float.h — bit-level float helpers shared by the parser and interpreter:
 * f32/f64 <-> raw bits and IEEE binary16 conversion (round to nearest even). */
#ifndef CTASIM_PTX_FLOAT_H
#define CTASIM_PTX_FLOAT_H

#include <stdint.h>
#include <string.h>

static inline float ptx_bits_f32(uint64_t b)
{
    uint32_t u = (uint32_t)b;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t ptx_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double ptx_bits_f64(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}
static inline uint64_t ptx_f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static inline float ptx_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, u;
    if (exp == 0x1f)
        u = sign | 0x7f800000u | (man << 13);
    else if (exp != 0)
        u = sign | ((exp + 112) << 23) | (man << 13);
    else if (man == 0)
        u = sign;
    else { /* subnormal half: normalise */
        int e = -1;
        do {
            e++;
            man <<= 1;
        } while (!(man & 0x400));
        u = sign | ((uint32_t)(112 - e) << 23) | ((man & 0x3ff) << 13);
    }
    return ptx_bits_f32(u);
}

/* f32 -> f16 with round to nearest even (overflow -> inf, NaN kept quiet). */
static inline uint16_t ptx_f32_to_f16(float f)
{
    uint32_t u = (uint32_t)ptx_f32_bits(f);
    uint32_t sign = (u >> 16) & 0x8000, exp = (u >> 23) & 0xff, man = u & 0x7fffff;
    if (exp == 0xff)
        return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 0x1f)
        return (uint16_t)(sign | 0x7c00);
    if (e <= 0) {
        if (e < -10)
            return (uint16_t)sign;
        man |= 0x800000;
        unsigned shift = (unsigned)(14 - e);
        uint32_t half = man >> shift, rem = man & ((1u << shift) - 1), mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half & 1)))
            half++;
        return (uint16_t)(sign | half);
    }
    uint32_t half = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
        half++; /* may carry into the exponent: still correct (up to inf) */
    return (uint16_t)(sign | half);
}

#endif
