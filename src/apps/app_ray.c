/* app_ray.c — RAY: Whitted-style ray tracing of a random scene (12 spheres,
 * a third of them mirrors, on a checkered ground plane, one point light),
 * one thread per pixel in 16x8 CTAs, up to four bounces
 * (workloads/kernels/ray.cu). The kernel writes every rounding out, so the
 * CPU reference below traces the same rays with the same operations and the
 * RGBA pixels must match exactly; the image is also checked to contain sky,
 * shadowed and reflected pixels, so a scene that misses the camera does not
 * pass unnoticed.
 *
 * Property reproduced: divergent compute-bound kernel whose best CTA count
 * is below the maximum through load imbalance, not memory (Kayiran et al.
 * Type-C: "In RAY, we have N = 6", here from 40 registers per thread).
 * `ctasim run --size default RAY` (GTX 480 preset, 256x256 pixels, 512
 * CTAs): 83282 cycles, IPC 649, no global loads at all (the scene is in
 * constant memory; the L1 sees only the image's stores), DRAM idle. A cap
 * only costs time here: --max-ctas 4: 99869 cycles, --max-ctas 2: 178354.
 * With --config pact13-30sm (30 cores, 512 CTAs = 2.8 waves of 6 per core):
 * 126856 cycles; --max-ctas 4: 122690 (3% fewer), --max-ctas 2: 136848. */
#include <math.h>
#include <stdio.h>

#include "apps.h"

#define BX 16
#define BY 8
#define N_SPH 12
#define MAX_SPH 16
#define DEPTH 4
#define EPS 1e-3f

typedef struct sphere {
    float cx, cy, cz, r2, red, grn, blu, refl;
} sphere_t;

typedef struct v3 {
    float x, y, z;
} v3_t;

static v3_t mk(float x, float y, float z) { return (v3_t){x, y, z}; }
static v3_t sub(v3_t a, v3_t b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
static v3_t madd(v3_t a, float s, v3_t b) { return mk(fmaf(s, b.x, a.x), fmaf(s, b.y, a.y), fmaf(s, b.z, a.z)); }
static v3_t scale(v3_t a, float s) { return mk(a.x * s, a.y * s, a.z * s); }
static float dot(v3_t a, v3_t b) { return fmaf(a.z, b.z, fmaf(a.y, b.y, a.x * b.x)); }
static v3_t normalize(v3_t a) { return scale(a, 1.0f / sqrtf(dot(a, a))); }

static float hit_sphere(v3_t o, v3_t d, const sphere_t *s)
{
    v3_t oc = sub(o, mk(s->cx, s->cy, s->cz));
    float b = dot(oc, d), c = dot(oc, oc) - s->r2;
    float disc = fmaf(b, b, -c);
    if (disc < 0.0f)
        return -1.0f;
    float q = sqrtf(disc), t = -b - q;
    if (t > EPS)
        return t;
    return -b + q;
}

/* One pixel, as ray_trace computes it; *what gets bit 0 for sky seen, bit 1
 * for a shadowed hit, bit 2 for a reflection followed. */
static uint32_t trace_ref(const sphere_t *sph, int nsph, v3_t light, int w, int h, int x, int y, unsigned *what)
{
    float aspect = (float)w / (float)h;
    float u = aspect * (2.0f * ((float)x + 0.5f) / (float)w - 1.0f);
    float v = 1.0f - 2.0f * ((float)y + 0.5f) / (float)h;
    v3_t o = mk(0.0f, 0.6f, -5.0f), d = normalize(mk(u, v, 1.6f));
    float cr = 0.0f, cg = 0.0f, cb = 0.0f, weight = 1.0f;
    for (int depth = 0; depth < DEPTH; depth++) {
        float best = 1e30f;
        int hit = -1;
        for (int k = 0; k < nsph; k++) {
            float t = hit_sphere(o, d, &sph[k]);
            if (t > EPS && t < best) {
                best = t;
                hit = k;
            }
        }
        if (d.y < 0.0f) {
            float t = (-1.0f - o.y) / d.y;
            if (t > EPS && t < best) {
                best = t;
                hit = MAX_SPH;
            }
        }
        if (hit < 0) {
            float s = fmaf(0.5f, d.y, 0.5f);
            cr = fmaf(weight, fmaf(-0.5f, s, 1.0f), cr);
            cg = fmaf(weight, fmaf(-0.3f, s, 1.0f), cg);
            cb = cb + weight;
            *what |= 1;
            break;
        }
        v3_t p = madd(o, best, d), n;
        float ar, ag, ab, refl;
        if (hit == MAX_SPH) {
            n = mk(0.0f, 1.0f, 0.0f);
            int check = ((int)floorf(p.x) + (int)floorf(p.z)) & 1;
            ar = check ? 0.9f : 0.2f;
            ag = check ? 0.9f : 0.2f;
            ab = check ? 0.9f : 0.25f;
            refl = 0.2f;
        } else {
            const sphere_t *s = &sph[hit];
            n = normalize(sub(p, mk(s->cx, s->cy, s->cz)));
            ar = s->red;
            ag = s->grn;
            ab = s->blu;
            refl = s->refl;
        }
        v3_t q = madd(p, EPS, n), l = sub(light, q);
        float dist = sqrtf(dot(l, l));
        l = scale(l, 1.0f / dist);
        float diff = dot(n, l), spec = 0.0f;
        v3_t r = madd(d, -2.0f * dot(d, n), n);
        if (diff > 0.0f) {
            for (int k = 0; k < nsph; k++) {
                float t = hit_sphere(q, l, &sph[k]);
                if (t > EPS && t < dist) {
                    diff = 0.0f;
                    *what |= 2;
                    break;
                }
            }
        } else {
            diff = 0.0f;
        }
        if (diff > 0.0f) {
            float rl = dot(r, l);
            if (rl > 0.0f) {
                float p2 = rl * rl, p4 = p2 * p2, p8 = p4 * p4;
                spec = p8 * p8;
            }
        }
        float lit = 0.1f + diff, keep = weight * (1.0f - refl);
        cr = fmaf(keep, fmaf(ar, lit, spec), cr);
        cg = fmaf(keep, fmaf(ag, lit, spec), cg);
        cb = fmaf(keep, fmaf(ab, lit, spec), cb);
        weight = weight * refl;
        if (refl == 0.0f)
            break;
        if (hit != MAX_SPH)
            *what |= 4;
        o = q;
        d = r;
    }
    uint32_t R = (uint32_t)fmaf(fminf(cr, 1.0f), 255.0f, 0.5f), G = (uint32_t)fmaf(fminf(cg, 1.0f), 255.0f, 0.5f),
             B = (uint32_t)fmaf(fminf(cb, 1.0f), 255.0f, 0.5f);
    return R | G << 8 | B << 16 | 0xff000000u;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 gives RAY 8192 CTAs of 16x8: 1024x1024 pixels. */
    int w = (int)app_pick(c, 64, 256, 1024), h = (int)app_pick(c, 32, 256, 1024), nsph = N_SPH;
    size_t npix = (size_t)w * h;
    sphere_t *sph = app_host_alloc(c, sizeof(sphere_t) * MAX_SPH, err);
    uint32_t *want = app_host_alloc(c, sizeof(uint32_t) * npix, err),
             *got = app_host_alloc(c, sizeof(uint32_t) * npix, err);
    if (!sph || !want || !got)
        return -1;
    for (int k = 0; k < N_SPH; k++) { /* resting on the ground, in front of the camera */
        float r = app_randf(c, 0.3f, 1.0f);
        sph[k] = (sphere_t){app_randf(c, -4.0f, 4.0f), -1.0f + r, app_randf(c, -1.0f, 8.0f), r * r,
                            app_randf(c, 0.1f, 1.0f), app_randf(c, 0.1f, 1.0f), app_randf(c, 0.1f, 1.0f),
                            k % 3 == 0 ? app_randf(c, 0.5f, 0.9f) : 0.0f};
    }
    float light[4] = {5.0f, 8.0f, -6.0f, 0.0f};
    unsigned what = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            want[(size_t)y * w + x] = trace_ref(sph, nsph, mk(light[0], light[1], light[2]), w, h, x, y, &what);
    if (what != 7) {
        snprintf(c->detail, sizeof c->detail, "scene shows no %s",
                 !(what & 1) ? "sky" : !(what & 2) ? "shadow" : "mirror");
        return 0;
    }
    ctasim_module_t *m;
    uint64_t d_img;
    int r = -1;
    if (app_load_module(c, "ray.ptx", &m, err) < 0 ||
        ctasim_set_const(c->rt, m, "ray_spheres", sph, sizeof(sphere_t) * MAX_SPH, err) < 0 ||
        ctasim_set_const(c->rt, m, "ray_light", light, sizeof light, err) < 0 ||
        app_alloc_zero(c, &d_img, sizeof(uint32_t) * npix, err) < 0)
        goto out;
    void *args[] = {&d_img, &w, &h, &nsph};
    dim3_t grid = {(uint32_t)(w / BX), (uint32_t)(h / BY), 1}, block = {BX, BY, 1};
    if (ctasim_launch(c->rt, m, "ray_trace", grid, block, 0, 0, args, 4, err) < 0 ||
        app_download(c, got, d_img, sizeof(uint32_t) * npix, err) < 0)
        goto out;
    r = app_check_u32(c, "pixel", got, want, npix);
out:
    return r;
}

const app_def_t app_ray = {"RAY", "ray tracer: spheres on a plane, shadows, up to 4 reflections, a thread per pixel",
                           "compute-bound, irregular", run};
