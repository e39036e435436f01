#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Whether pixel (x, y) is a seed, one pixel at a time. */
static inline int is_seed(const int32_t *labels, size_t width, size_t height, size_t x, size_t y) {
    size_t i = y * width + x;
    if (labels[i] == 0) return 0;
    return (x > 0 && labels[i - 1] == 0) || (x + 1 < width && labels[i + 1] == 0)
        || (y > 0 && labels[i - width] == 0) || (y + 1 < height && labels[i + width] == 0);
}

size_t cpk_region_seeds(const int32_t *labels, size_t width, size_t height, size_t row_begin, size_t row_end,
                        int32_t *out) {
    size_t n = 0;
    for (size_t y = row_begin; y < row_end; y++) {
        size_t x = 0;
        const int32_t *row = labels + y * width;
#if defined(__SSE2__)
        if (width >= 2 && is_seed(labels, width, height, 0, y)) out[n++] = (int32_t)(y * width);
        if (width >= 2) x = 1;
        const __m128i zero = _mm_setzero_si128();
        /* Four pixels x ..< x + 4 with both side neighbours on the row; a missing row above
           or below counts as paper (no ink neighbour there). */
        const int32_t *up = y > 0 ? row - width : NULL, *down = y + 1 < height ? row + width : NULL;
        for (; x + 5 <= width; x += 4) {
            __m128i c = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i ink = _mm_or_si128(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(row + x - 1)), zero),
                                       _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(row + x + 1)), zero));
            if (up) ink = _mm_or_si128(ink, _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(up + x)), zero));
            if (down) ink = _mm_or_si128(ink, _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(down + x)), zero));
            int mask = _mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(_mm_cmpeq_epi32(c, zero), ink)));
            while (mask) {
                int k = __builtin_ctz(mask);
                out[n++] = (int32_t)(y * width + x + (size_t)k);
                mask &= mask - 1;
            }
        }
#endif
        for (; x < width; x++) {
            if (is_seed(labels, width, height, x, y)) out[n++] = (int32_t)(y * width + x);
        }
    }
    return n;
}
