#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void cpk_weighted_row_means(const int32_t *const *rows, const double *weights, size_t count,
                            size_t length, double denominator, float *out) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128d divisor = _mm_set1_pd(denominator);
    for (; i + 2 <= length; i += 2) {
        __m128d sum = _mm_setzero_pd();
        for (size_t k = 0; k < count; k++) {
            __m128d v = _mm_cvtepi32_pd(_mm_loadl_epi64((const __m128i *)(rows[k] + i)));
            sum = _mm_add_pd(sum, _mm_mul_pd(v, _mm_set1_pd(weights[k])));
        }
        _mm_storel_pi((__m64 *)(out + i), _mm_cvtpd_ps(_mm_div_pd(sum, divisor)));
    }
#endif
    for (; i < length; i++) {
        double sum = 0;
        for (size_t k = 0; k < count; k++) sum += (double)rows[k][i] * weights[k];
        out[i] = (float)(sum / denominator);
    }
}
