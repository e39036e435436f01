#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The majority of the 3x3 window around src[i] (the full vote, one pixel). */
static inline int32_t window_majority(const int32_t *src, size_t i, size_t width) {
    const int32_t own = src[i];
    int32_t window[9];
    int k = 0;
    for (int dy = -1; dy <= 1; dy++) {
        const int32_t *row = src + (ptrdiff_t)i + dy * (ptrdiff_t)width;
        window[k++] = row[-1];
        window[k++] = row[0];
        window[k++] = row[1];
    }
    /* Positions in row-major order; each label's votes; the first label with the most votes,
       except that the pixel's own label wins a tie for the most. */
    int32_t best = own;
    int best_votes = 0;
    for (int j = 0; j < 9; j++) {
        int votes = 0;
        for (int m = 0; m < 9; m++) votes += window[m] == window[j];
        if (votes > best_votes || (votes == best_votes && window[j] == own)) {
            best = window[j];
            best_votes = votes;
        }
    }
    return best;
}

/* Pixel i: its own label when the 4 neighbours agree or it holds 5 of the 9 pixels, else
   the full vote. */
static inline int32_t pixel_majority(const int32_t *src, size_t i, size_t width) {
    const int32_t own = src[i];
    const int32_t *up = src + i - width, *here = src + i, *down = src + i + width;
    if (here[-1] == own && here[1] == own && up[0] == own && down[0] == own) return own;
    int votes = 1 + (up[-1] == own) + (up[0] == own) + (up[1] == own) + (here[-1] == own) + (here[1] == own)
        + (down[-1] == own) + (down[0] == own) + (down[1] == own);
    return votes >= 5 ? own : window_majority(src, i, width);
}

void cpk_majority_rows(const int32_t *src, int32_t *dst, size_t width, size_t row_begin, size_t row_end) {
    if (width < 3) return;
    for (size_t y = row_begin; y < row_end; y++) {
        size_t x = 1;
        const int32_t *row = src + y * width;
        int32_t *out = dst + y * width;
#if defined(__SSE2__)
        for (; x + 4 <= width - 1; x += 4) {
            const __m128i own = _mm_loadu_si128((const __m128i *)(row + x));
            const __m128i left = _mm_loadu_si128((const __m128i *)(row + x - 1));
            const __m128i right = _mm_loadu_si128((const __m128i *)(row + x + 1));
            const __m128i up = _mm_loadu_si128((const __m128i *)(row + x - width));
            const __m128i down = _mm_loadu_si128((const __m128i *)(row + x + width));
            const __m128i same_left = _mm_cmpeq_epi32(own, left), same_right = _mm_cmpeq_epi32(own, right);
            const __m128i same_up = _mm_cmpeq_epi32(own, up), same_down = _mm_cmpeq_epi32(own, down);
            __m128i stays = _mm_and_si128(_mm_and_si128(same_left, same_right), _mm_and_si128(same_up, same_down));
            _mm_storeu_si128((__m128i *)(out + x), own);
            if (_mm_movemask_ps(_mm_castsi128_ps(stays)) == 15) continue;
            /* The own label's votes (minus one for the pixel itself: cmpeq gives -1 a match). */
            __m128i votes = _mm_add_epi32(_mm_add_epi32(same_left, same_right), _mm_add_epi32(same_up, same_down));
            votes = _mm_add_epi32(votes, _mm_cmpeq_epi32(own, _mm_loadu_si128((const __m128i *)(row + x - width - 1))));
            votes = _mm_add_epi32(votes, _mm_cmpeq_epi32(own, _mm_loadu_si128((const __m128i *)(row + x - width + 1))));
            votes = _mm_add_epi32(votes, _mm_cmpeq_epi32(own, _mm_loadu_si128((const __m128i *)(row + x + width - 1))));
            votes = _mm_add_epi32(votes, _mm_cmpeq_epi32(own, _mm_loadu_si128((const __m128i *)(row + x + width + 1))));
            /* 4 or more of the 8 neighbours (votes <= -4): the own label holds 5 of 9. */
            int holds = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmplt_epi32(votes, _mm_set1_epi32(-3))));
            for (int l = 0; l < 4; l++) {
                if (!(holds >> l & 1)) out[x + l] = window_majority(src, y * width + x + l, width);
            }
        }
#endif
        for (; x < width - 1; x++) out[x] = pixel_majority(src, y * width + x, width);
    }
}
