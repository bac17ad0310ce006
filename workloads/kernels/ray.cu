// ray.cu — RAY: a Whitted-style ray tracer, one thread per pixel, 16x8-pixel
// CTAs. The scene (in constant memory) is a checkered ground plane y = -1
// and up to 16 spheres, each with a colour and a reflectivity, lit by one
// point light. A primary ray from a pinhole camera finds its nearest hit
// (every sphere is tested, then the plane); the hit is shaded with ambient,
// Lambert and Phong (exponent 16) terms unless a shadow ray towards the light
// hits a sphere first; a reflective surface sends the ray on, up to four
// bounces; a ray that leaves the scene takes the sky's colour. Pixels that
// see only sky finish after one pass over the spheres, pixels on mirrors
// loop three more times: divergent, compute-bound (Kayiran et al. Type-C).
//
// Every rounding is written out (__fmul_rn, __fadd_rn, __fmaf_rn,
// __fdiv_rn, __fsqrt_rn) so the host reference makes the same decisions and
// the same colours bit for bit.
#define RAY_MAX_SPHERES 16
#define RAY_DEPTH 4
#define RAY_EPS 1e-3f

struct sphere {
    float cx, cy, cz, r2;    // centre, radius squared
    float red, grn, blu, refl;
};

__constant__ sphere ray_spheres[RAY_MAX_SPHERES];
__constant__ float ray_light[4];  // x, y, z, unused

struct v3 {
    float x, y, z;
};

__device__ __forceinline__ v3 mk(float x, float y, float z)
{
    v3 r = {x, y, z};
    return r;
}
__device__ __forceinline__ v3 sub(v3 a, v3 b)
{
    return mk(__fsub_rn(a.x, b.x), __fsub_rn(a.y, b.y), __fsub_rn(a.z, b.z));
}
// a + s b, fused per component
__device__ __forceinline__ v3 madd(v3 a, float s, v3 b)
{
    return mk(__fmaf_rn(s, b.x, a.x), __fmaf_rn(s, b.y, a.y), __fmaf_rn(s, b.z, a.z));
}
__device__ __forceinline__ v3 scale(v3 a, float s)
{
    return mk(__fmul_rn(a.x, s), __fmul_rn(a.y, s), __fmul_rn(a.z, s));
}
__device__ __forceinline__ float dot(v3 a, v3 b)
{
    return __fmaf_rn(a.z, b.z, __fmaf_rn(a.y, b.y, __fmul_rn(a.x, b.x)));
}
__device__ __forceinline__ v3 normalize(v3 a) { return scale(a, __fdiv_rn(1.0f, __fsqrt_rn(dot(a, a)))); }

// Distance along the unit ray (o, d) to sphere s, or a negative number.
__device__ __forceinline__ float hit_sphere(v3 o, v3 d, const sphere &s)
{
    v3 oc = sub(o, mk(s.cx, s.cy, s.cz));
    float b = dot(oc, d), c = __fsub_rn(dot(oc, oc), s.r2);
    float disc = __fmaf_rn(b, b, -c);
    if (disc < 0.0f)
        return -1.0f;
    float q = __fsqrt_rn(disc), t = __fsub_rn(-b, q);
    if (t > RAY_EPS)
        return t;
    return __fadd_rn(-b, q);
}

extern "C" __global__ void ray_trace(unsigned *image, int w, int h, int nsph)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    // camera at (0, 0.6, -5) looking along +z; the image spans [-a, a] x [-1, 1]
    float aspect = __fdiv_rn((float)w, (float)h);
    float u = __fmul_rn(aspect, __fsub_rn(__fdiv_rn(__fmul_rn(2.0f, __fadd_rn((float)x, 0.5f)), (float)w), 1.0f));
    float v = __fsub_rn(1.0f, __fdiv_rn(__fmul_rn(2.0f, __fadd_rn((float)y, 0.5f)), (float)h));
    v3 o = mk(0.0f, 0.6f, -5.0f), d = normalize(mk(u, v, 1.6f));
    v3 light = mk(ray_light[0], ray_light[1], ray_light[2]);
    float cr = 0.0f, cg = 0.0f, cb = 0.0f, weight = 1.0f;
    for (int depth = 0; depth < RAY_DEPTH; depth++) {
        float best = 1e30f;
        int hit = -1;
        for (int k = 0; k < nsph; k++) {
            float t = hit_sphere(o, d, ray_spheres[k]);
            if (t > RAY_EPS && t < best) {
                best = t;
                hit = k;
            }
        }
        if (d.y < 0.0f) {  // the ground plane y = -1
            float t = __fdiv_rn(__fsub_rn(-1.0f, o.y), d.y);
            if (t > RAY_EPS && t < best) {
                best = t;
                hit = RAY_MAX_SPHERES;
            }
        }
        if (hit < 0) {  // sky: blue towards the zenith
            float s = __fmaf_rn(0.5f, d.y, 0.5f);
            cr = __fmaf_rn(weight, __fmaf_rn(-0.5f, s, 1.0f), cr);
            cg = __fmaf_rn(weight, __fmaf_rn(-0.3f, s, 1.0f), cg);
            cb = __fadd_rn(cb, weight);
            break;
        }
        v3 p = madd(o, best, d), n;
        float ar, ag, ab, refl;
        if (hit == RAY_MAX_SPHERES) {
            n = mk(0.0f, 1.0f, 0.0f);
            int check = ((int)floorf(p.x) + (int)floorf(p.z)) & 1;
            ar = check ? 0.9f : 0.2f;
            ag = check ? 0.9f : 0.2f;
            ab = check ? 0.9f : 0.25f;
            refl = 0.2f;
        } else {
            const sphere &s = ray_spheres[hit];
            n = normalize(sub(p, mk(s.cx, s.cy, s.cz)));
            ar = s.red;
            ag = s.grn;
            ab = s.blu;
            refl = s.refl;
        }
        v3 q = madd(p, RAY_EPS, n), l = sub(light, q);
        float dist = __fsqrt_rn(dot(l, l));
        l = scale(l, __fdiv_rn(1.0f, dist));
        float diff = dot(n, l), spec = 0.0f;
        v3 r = madd(d, __fmul_rn(-2.0f, dot(d, n)), n);  // mirror direction
        if (diff > 0.0f) {
            for (int k = 0; k < nsph; k++) {  // shadow ray
                float t = hit_sphere(q, l, ray_spheres[k]);
                if (t > RAY_EPS && t < dist) {
                    diff = 0.0f;
                    break;
                }
            }
        } else {
            diff = 0.0f;
        }
        if (diff > 0.0f) {
            float rl = dot(r, l);
            if (rl > 0.0f) {
                float p2 = __fmul_rn(rl, rl), p4 = __fmul_rn(p2, p2), p8 = __fmul_rn(p4, p4);
                spec = __fmul_rn(p8, p8);
            }
        }
        float lit = __fadd_rn(0.1f, diff), keep = __fmul_rn(weight, __fsub_rn(1.0f, refl));
        cr = __fmaf_rn(keep, __fmaf_rn(ar, lit, spec), cr);
        cg = __fmaf_rn(keep, __fmaf_rn(ag, lit, spec), cg);
        cb = __fmaf_rn(keep, __fmaf_rn(ab, lit, spec), cb);
        weight = __fmul_rn(weight, refl);
        if (refl == 0.0f)
            break;
        o = q;
        d = r;
    }
    unsigned R = (unsigned)__fmaf_rn(fminf(cr, 1.0f), 255.0f, 0.5f);
    unsigned G = (unsigned)__fmaf_rn(fminf(cg, 1.0f), 255.0f, 0.5f);
    unsigned B = (unsigned)__fmaf_rn(fminf(cb, 1.0f), 255.0f, 0.5f);
    image[y * w + x] = R | G << 8 | B << 16 | 0xff000000u;
}
