#include "cpixelkernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* Byte b with its bits in reverse order. */
static const uint8_t reversed_bits[256] = {
#define R2(n) n, n + 2 * 64, n + 1 * 64, n + 3 * 64
#define R4(n) R2(n), R2(n + 2 * 16), R2(n + 1 * 16), R2(n + 3 * 16)
#define R6(n) R4(n), R4(n + 2 * 4), R4(n + 1 * 4), R4(n + 3 * 4)
    R6(0), R6(2), R6(1), R6(3)
#undef R2
#undef R4
#undef R6
};
#endif

size_t cpk_pack_bits(const uint8_t *src, uint8_t *dst, size_t count) {
#if defined(__SSE2__)
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        /* Bit k of the mask is the top bit of pixel k: set exactly when the pixel is >= 128. */
        const unsigned mask = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(src + i)));
        dst[i / 8] = reversed_bits[mask & 0xff];
        dst[i / 8 + 1] = reversed_bits[mask >> 8];
    }
    return i;
#else
    (void)src;
    (void)dst;
    (void)count;
    return 0;
#endif
}
