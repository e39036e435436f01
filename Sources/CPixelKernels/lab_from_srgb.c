#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/*
 * table[i] + f * (table[i + 1] - table[i]) with p = min(top, max(0, v * steps)),
 * i = min(trunc(p), top - 1), f = p - i: the Swift loop's lookups, four at once.
 * min(trunc(p), top - 1) == trunc(min(p, top - 1)) because top - 1 is whole.
 * _mm_max_ps(s, 0) differs from Swift's max(0, s) only in the sign of a zero,
 * which the interpolation turns into the same +0 (table[0] is 0 in both tables).
 */
static inline __m128 interpolate(__m128 v, float steps, float top, const float *table) {
    __m128 p = _mm_min_ps(_mm_max_ps(_mm_mul_ps(v, _mm_set1_ps(steps)), _mm_setzero_ps()), _mm_set1_ps(top));
    __m128i i = _mm_cvttps_epi32(_mm_min_ps(p, _mm_set1_ps(top - 1)));
    __m128 f = _mm_sub_ps(p, _mm_cvtepi32_ps(i));
    int index[4];
    _mm_storeu_si128((__m128i *)index, i);
    /* Each lane's two neighbouring entries in one 8-byte load, then split into the lower
       and the upper entries. */
    __m128 pairs01 = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(table + index[0])),
                                  (const __m64 *)(table + index[1]));
    __m128 pairs23 = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(table + index[2])),
                                  (const __m64 *)(table + index[3]));
    __m128 lo = _mm_shuffle_ps(pairs01, pairs23, _MM_SHUFFLE(2, 0, 2, 0));
    __m128 hi = _mm_shuffle_ps(pairs01, pairs23, _MM_SHUFFLE(3, 1, 3, 1));
    return _mm_add_ps(lo, _mm_mul_ps(f, _mm_sub_ps(hi, lo)));
}

static inline __m128 weighted(__m128 r, __m128 g, __m128 b, float cr, float cg, float cb) {
    /* (cr * r + cg * g) + cb * b, in Swift's left-to-right order. */
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(cr), r), _mm_mul_ps(_mm_set1_ps(cg), g)),
                      _mm_mul_ps(_mm_set1_ps(cb), b));
}

size_t cpk_lab_from_srgb(const float *src, float *dst, size_t n,
                         const float *linear_table, const float *f_table) {
    size_t done = 0;
    for (; done + 4 <= n; done += 4) {
        const float *s = src + 3 * done;
        /* Twelve floats r0 g0 b0 r1 g1 b1 ... as one vector per channel:
           a = r0 g0 b0 r1, b = g1 b1 r2 g2, c = b2 r3 g3 b3. */
        __m128 a = _mm_loadu_ps(s), b = _mm_loadu_ps(s + 4), c = _mm_loadu_ps(s + 8);
        __m128 r = _mm_shuffle_ps(a, _mm_shuffle_ps(b, c, _MM_SHUFFLE(1, 1, 2, 2)), _MM_SHUFFLE(2, 0, 3, 0));
        __m128 g = _mm_shuffle_ps(_mm_shuffle_ps(a, b, _MM_SHUFFLE(0, 0, 1, 1)),
                                  _mm_shuffle_ps(b, c, _MM_SHUFFLE(2, 2, 3, 3)), _MM_SHUFFLE(2, 0, 2, 0));
        __m128 bl = _mm_shuffle_ps(_mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 1, 2, 2)),
                                   _mm_shuffle_ps(c, c, _MM_SHUFFLE(3, 3, 0, 0)), _MM_SHUFFLE(2, 0, 2, 0));
        r = interpolate(r, 4.0f, 1020.0f, linear_table);
        g = interpolate(g, 4.0f, 1020.0f, linear_table);
        bl = interpolate(bl, 4.0f, 1020.0f, linear_table);
        __m128 x = _mm_div_ps(weighted(r, g, bl, 0.4124564f, 0.3575761f, 0.1804375f), _mm_set1_ps(0.95047f));
        __m128 y = weighted(r, g, bl, 0.2126729f, 0.7151522f, 0.0721750f);
        __m128 z = _mm_div_ps(weighted(r, g, bl, 0.0193339f, 0.1191920f, 0.9503041f), _mm_set1_ps(1.08883f));
        __m128 fy = interpolate(y, 8192.0f, 8192.0f, f_table);
        __m128 fx = interpolate(x, 8192.0f, 8192.0f, f_table);
        __m128 fz = interpolate(z, 8192.0f, 8192.0f, f_table);
        __m128 l = _mm_sub_ps(_mm_mul_ps(_mm_set1_ps(116.0f), fy), _mm_set1_ps(16.0f));
        __m128 av = _mm_mul_ps(_mm_set1_ps(500.0f), _mm_sub_ps(fx, fy));
        __m128 bv = _mm_mul_ps(_mm_set1_ps(200.0f), _mm_sub_ps(fy, fz));
        float lo[4], ao[4], bo[4];
        _mm_storeu_ps(lo, l);
        _mm_storeu_ps(ao, av);
        _mm_storeu_ps(bo, bv);
        float *d = dst + 3 * done;
        for (int k = 0; k < 4; k++) {
            d[3 * k] = lo[k];
            d[3 * k + 1] = ao[k];
            d[3 * k + 2] = bo[k];
        }
    }
    return done;
}

#else

size_t cpk_lab_from_srgb(const float *src, float *dst, size_t n,
                         const float *linear_table, const float *f_table) {
    (void)src; (void)dst; (void)n; (void)linear_table; (void)f_table;
    return 0;
}

#endif
