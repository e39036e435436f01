#include "cpixelkernels.h"
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>

size_t cpk_area_row_sums_rgb(const uint8_t *src_row, int32_t *dst, size_t out_width,
                             const intptr_t *start, const intptr_t *count, const intptr_t *offset,
                             const int32_t *weights) {
    if (out_width < 2) return 0;
    const __m128i zero = _mm_setzero_si128();
    for (size_t x = 0; x + 1 < out_width; x++) {
        const uint8_t *p = src_row + 3 * start[x];
        const int32_t *w = weights + offset[x];
        __m128i sum = zero;
        for (intptr_t k = 0; k < count[x]; k++, p += 3) {
            /* R G B and the next pixel's R, as four 32-bit lanes whose upper halves are 0,
               times the weight in the lower half of each lane: pmaddwd gives R·w, G·w, B·w. */
            int32_t four;
            memcpy(&four, p, 4);
            __m128i v = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(four), zero), zero);
            sum = _mm_add_epi32(sum, _mm_madd_epi16(v, _mm_set1_epi32(w[k])));
        }
        /* Writes dst[3x + 3] too, which the next pixel (or the caller) overwrites. */
        _mm_storeu_si128((__m128i *)(dst + 3 * x), sum);
    }
    return out_width - 1;
}

#else

size_t cpk_area_row_sums_rgb(const uint8_t *src_row, int32_t *dst, size_t out_width,
                             const intptr_t *start, const intptr_t *count, const intptr_t *offset,
                             const int32_t *weights) {
    (void)src_row; (void)dst; (void)out_width; (void)start; (void)count; (void)offset; (void)weights;
    return 0;
}

#endif
