#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t cpk_edge_weights_rgb(const float *a, const float *b, const float *scale, uint16_t *out, size_t count,
                            float top) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128 top4 = _mm_set1_ps(top);
    for (; i + 4 <= count; i += 4) {
        /* Four pixels' channel differences, interleaved: x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3. */
        __m128 d0 = _mm_sub_ps(_mm_loadu_ps(a + 3 * i), _mm_loadu_ps(b + 3 * i));
        __m128 d1 = _mm_sub_ps(_mm_loadu_ps(a + 3 * i + 4), _mm_loadu_ps(b + 3 * i + 4));
        __m128 d2 = _mm_sub_ps(_mm_loadu_ps(a + 3 * i + 8), _mm_loadu_ps(b + 3 * i + 8));
        __m128 s0 = _mm_mul_ps(d0, d0), s1 = _mm_mul_ps(d1, d1), s2 = _mm_mul_ps(d2, d2);
        /* The squares per channel, one pixel a lane. */
        __m128 x = _mm_shuffle_ps(s0, _mm_shuffle_ps(s1, s2, _MM_SHUFFLE(1, 1, 2, 2)), _MM_SHUFFLE(2, 0, 3, 0));
        __m128 y = _mm_shuffle_ps(_mm_shuffle_ps(s0, s1, _MM_SHUFFLE(0, 0, 1, 1)),
                                  _mm_shuffle_ps(s1, s2, _MM_SHUFFLE(2, 2, 3, 3)), _MM_SHUFFLE(2, 0, 2, 0));
        __m128 z = _mm_shuffle_ps(_mm_shuffle_ps(s0, s1, _MM_SHUFFLE(1, 1, 2, 2)),
                                  _mm_shuffle_ps(s2, s2, _MM_SHUFFLE(3, 3, 0, 0)), _MM_SHUFFLE(2, 0, 2, 0));
        __m128 sum = _mm_add_ps(_mm_add_ps(x, y), z);
        /* min(top, v) as Swift's min: v where v < top, else top. */
        __m128 v = _mm_min_ps(_mm_mul_ps(_mm_sqrt_ps(sum), _mm_loadu_ps(scale + i)), top4);
        /* v is at least 0 and below 2^15: truncation is the floor, and it fits 16 bits. */
        __m128i whole = _mm_cvttps_epi32(v);
        _mm_storel_epi64((__m128i *)(out + i), _mm_packs_epi32(whole, whole));
    }
#endif
    return i;
}
