#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* block(a, b, c, d) of the Swift lbpCode: d - b - c + a, wrapping. */
static inline int32_t block_sum(int32_t a, int32_t b, int32_t c, int32_t d) {
    return (int32_t)((uint32_t)d - (uint32_t)b - (uint32_t)c + (uint32_t)a);
}

/* The 8-bit code of one window (lbpCode), one window at a time. */
static inline uint32_t lbp_code(const int32_t *s, const intptr_t *p) {
    int32_t c[16];
    for (int k = 0; k < 16; k++) c[k] = s[p[k]];
    int32_t centre = block_sum(c[5], c[6], c[9], c[10]);
    uint32_t code = 0;
    if (block_sum(c[0], c[1], c[4], c[5]) >= centre) code |= 128;
    if (block_sum(c[1], c[2], c[5], c[6]) >= centre) code |= 64;
    if (block_sum(c[2], c[3], c[6], c[7]) >= centre) code |= 32;
    if (block_sum(c[6], c[7], c[10], c[11]) >= centre) code |= 16;
    if (block_sum(c[10], c[11], c[14], c[15]) >= centre) code |= 8;
    if (block_sum(c[9], c[10], c[13], c[14]) >= centre) code |= 4;
    if (block_sum(c[8], c[9], c[12], c[13]) >= centre) code |= 2;
    if (block_sum(c[4], c[5], c[8], c[9]) >= centre) code |= 1;
    return code;
}

/* The leaf weak classifier `w` gives for `code`. */
static inline float weak_leaf(const int32_t *subsets, const float *leaves, size_t w, uint32_t code) {
    uint32_t word = (uint32_t)subsets[8 * w + (code >> 5)];
    return (word >> (code & 31)) & 1 ? leaves[2 * w] : leaves[2 * w + 1];
}

#if defined(__SSE2__)
/* Entry `offset` from each of four window origins, as one vector (lane l: origin[l]). */
static inline __m128i corner4(const int32_t *s, const intptr_t *o, intptr_t offset) {
    return _mm_set_epi32(s[o[3] + offset], s[o[2] + offset], s[o[1] + offset], s[o[0] + offset]);
}

static inline __m128i block4(__m128i a, __m128i b, __m128i c, __m128i d) {
    return _mm_add_epi32(_mm_sub_epi32(_mm_sub_epi32(d, b), c), a);
}

/* `bit` in the lanes where block >= centre (signed), else 0. */
static inline __m128i bit_if_at_least(__m128i block, __m128i centre, int bit) {
    return _mm_andnot_si128(_mm_cmpgt_epi32(centre, block), _mm_set1_epi32(bit));
}

/* The codes of four windows for one feature's grid `p`. */
static inline __m128i lbp_code4(const int32_t *s, const intptr_t *o, const intptr_t *p) {
    __m128i c0 = corner4(s, o, p[0]), c1 = corner4(s, o, p[1]), c2 = corner4(s, o, p[2]), c3 = corner4(s, o, p[3]);
    __m128i c4 = corner4(s, o, p[4]), c5 = corner4(s, o, p[5]), c6 = corner4(s, o, p[6]), c7 = corner4(s, o, p[7]);
    __m128i c8 = corner4(s, o, p[8]), c9 = corner4(s, o, p[9]), c10 = corner4(s, o, p[10]);
    __m128i c11 = corner4(s, o, p[11]), c12 = corner4(s, o, p[12]), c13 = corner4(s, o, p[13]);
    __m128i c14 = corner4(s, o, p[14]), c15 = corner4(s, o, p[15]);
    __m128i centre = block4(c5, c6, c9, c10);
    __m128i code = bit_if_at_least(block4(c0, c1, c4, c5), centre, 128);
    code = _mm_or_si128(code, bit_if_at_least(block4(c1, c2, c5, c6), centre, 64));
    code = _mm_or_si128(code, bit_if_at_least(block4(c2, c3, c6, c7), centre, 32));
    code = _mm_or_si128(code, bit_if_at_least(block4(c6, c7, c10, c11), centre, 16));
    code = _mm_or_si128(code, bit_if_at_least(block4(c10, c11, c14, c15), centre, 8));
    code = _mm_or_si128(code, bit_if_at_least(block4(c9, c10, c13, c14), centre, 4));
    code = _mm_or_si128(code, bit_if_at_least(block4(c8, c9, c12, c13), centre, 2));
    code = _mm_or_si128(code, bit_if_at_least(block4(c4, c5, c8, c9), centre, 1));
    return code;
}
#endif

size_t cpk_lbp_cascade_keep(const int32_t *integral, intptr_t *origins, size_t count, const intptr_t *grid,
                            const float *thresholds, const intptr_t *stage_weak_counts, size_t stages,
                            const intptr_t *features, const int32_t *subsets, const float *leaves) {
    size_t first_weak = 0;
    for (size_t stage = 0; stage < stages && count > 0; stage++) {
        const size_t weak_end = first_weak + (size_t)stage_weak_counts[stage];
        const float threshold = thresholds[stage];
        size_t kept = 0, i = 0;
#if defined(__SSE2__)
        const __m128 threshold4 = _mm_set1_ps(threshold);
        for (; i + 4 <= count; i += 4) {
            intptr_t o[4] = {origins[i], origins[i + 1], origins[i + 2], origins[i + 3]};
            __m128 sum = _mm_setzero_ps();
            for (size_t w = first_weak; w < weak_end; w++) {
                uint32_t code[4];
                _mm_storeu_si128((__m128i *)code, lbp_code4(integral, o, grid + 16 * features[w]));
                __m128 leaf = _mm_set_ps(weak_leaf(subsets, leaves, w, code[3]), weak_leaf(subsets, leaves, w, code[2]),
                                         weak_leaf(subsets, leaves, w, code[1]), weak_leaf(subsets, leaves, w, code[0]));
                sum = _mm_add_ps(sum, leaf);
            }
            /* A window fails when its sum is below the threshold (a NaN sum passes). */
            int failed = _mm_movemask_ps(_mm_cmplt_ps(sum, threshold4));
            for (int l = 0; l < 4; l++) {
                if (!(failed >> l & 1)) origins[kept++] = o[l];
            }
        }
#endif
        for (; i < count; i++) {
            intptr_t o = origins[i];
            float sum = 0;
            for (size_t w = first_weak; w < weak_end; w++) {
                sum += weak_leaf(subsets, leaves, w, lbp_code(integral + o, grid + 16 * features[w]));
            }
            if (!(sum < threshold)) origins[kept++] = o;
        }
        count = kept;
        first_weak = weak_end;
    }
    return count;
}
