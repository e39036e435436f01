#include <stdint.h>
#include "jpeg_reduced_idct.h"

const uint8_t cic_natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

#define DESCALE(x, n) (((x) + ((int64_t)1 << ((n) - 1))) >> (n))

/* A kept sum as the record stores it: only sum >> 17 (2x2) or >> 16 (4x4) matters, since
 * DESCALE((dc*q << 17) + sum, 20) = (dc*q + (sum >> 17)) >> 3 for integer dc*q (the low
 * bits of sum are a fraction below 1 inside a floor by 8); 0 when that does not fit. */
static int keep(int64_t sum, int shift, int16_t *out) {
    int64_t high = sum >> shift;
    *out = (int16_t)high;
    return high >= INT16_MIN && high <= INT16_MAX;
}

/* Per natural position: the weight of its coefficient in its column's sums (0 for the
 * rows and columns the reduced IDCT skips, and for slot 64). */
cic_weights_2x2 cic_table_2x2;
cic_weights_4x4 cic_table_4x4;

uint8_t cic_idct_slots[5][64];

void cic_reduced_idct_init(void) {
    for (int k = 0; k < 64; k++) {
        int pos = cic_natural_order[k], r = pos >> 3, c = pos & 7;
        cic_idct_slots[2][k] = (r == 0 || (r & 1)) && (c == 0 || (c & 1)) ? (uint8_t)pos : 64;
        cic_idct_slots[4][k] = r != 4 && c != 4 ? (uint8_t)pos : 64;
    }
    static const int32_t odd2[8] = {0, 29692, 0, -10426, 0, 6967, 0, -5906};
    static const int32_t even4[8] = {0, 0, 15137, 0, 0, 0, -6270, 0};
    static const int32_t odd_a4[8] = {0, 8697, 0, -17799, 0, 11893, 0, -1730};
    static const int32_t odd_b4[8] = {0, 20995, 0, 7373, 0, -4926, 0, -4176};
    for (int pos = 0; pos < 64; pos++) {
        int r = pos >> 3, c = pos & 7;
        int column2 = c == 0 || (c & 1);
        cic_table_2x2.even[pos] = column2 && r == 0 ? 1 << 15 : 0;
        cic_table_2x2.odd[pos] = column2 ? odd2[r] : 0;
        int column4 = c != 4;
        cic_table_4x4.row0[pos] = column4 && r == 0 ? 1 << 14 : 0;
        cic_table_4x4.even[pos] = column4 ? even4[r] : 0;
        cic_table_4x4.odd_a[pos] = column4 ? odd_a4[r] : 0;
        cic_table_4x4.odd_b[pos] = column4 ? odd_b4[r] : 0;
    }
}

void cic_sums_2x2_finish(const cic_sums_2x2 *a, int16_t *out) {
    int64_t ws0[8], ws1[8];
    for (int c = 0; c < 8; c++) {
        int32_t e = (int32_t)a->even[c], o = (int32_t)a->odd[c];  /* |e| <= 2^28, |o| < 2^30 */
        ws0[c] = (e + o + 4096) >> 13;
        ws1[c] = (e - o + 4096) >> 13;
    }
    int64_t t10 = ws0[0] * ((int64_t)1 << 15) + ((int64_t)1 << 19);
    int64_t t0 = ws0[7] * -5906 + ws0[5] * 6967 + ws0[3] * -10426 + ws0[1] * 29692;
    int64_t u10 = ws1[0] * ((int64_t)1 << 15) + ((int64_t)1 << 19);
    int64_t u0 = ws1[7] * -5906 + ws1[5] * 6967 + ws1[3] * -10426 + ws1[1] * 29692;
    out[0] = (int16_t)((t10 + t0) >> 17);  /* |ws| < 2^17: the sums fit 32 bits, these 16 */
    out[1] = (int16_t)((t10 - t0) >> 17);
    out[2] = (int16_t)((u10 + u0) >> 17);
    out[3] = (int16_t)((u10 - u0) >> 17);
}

int cic_sums_4x4_finish(const cic_sums_4x4 *sums, int16_t *out) {
    int64_t ws[4][8];
    for (int c = 0; c < 8; c++) {
        int64_t tmp10 = sums->row0[c] + sums->even[c], tmp12 = sums->row0[c] - sums->even[c];
        ws[0][c] = (int32_t)DESCALE(tmp10 + sums->odd_b[c], 12);
        ws[3][c] = (int32_t)DESCALE(tmp10 - sums->odd_b[c], 12);
        ws[1][c] = (int32_t)DESCALE(tmp12 + sums->odd_a[c], 12);
        ws[2][c] = (int32_t)DESCALE(tmp12 - sums->odd_a[c], 12);
    }
    int ok = 1;
    for (int r = 0; r < 4; r++) {
        int64_t tmp0 = ws[r][0] * ((int64_t)1 << 14) + ((int64_t)1 << 18);
        int64_t tmp2 = ws[r][2] * 15137 + ws[r][6] * -6270;
        int64_t tmp10 = tmp0 + tmp2, tmp12 = tmp0 - tmp2;
        int64_t z1 = ws[r][7], z2 = ws[r][5], z3 = ws[r][3], z4 = ws[r][1];
        int64_t a = z1 * -1730 + z2 * 11893 + z3 * -17799 + z4 * 8697;
        int64_t b = z1 * -4176 + z2 * -4926 + z3 * 7373 + z4 * 20995;
        int64_t o[4] = {tmp10 + b, tmp12 + a, tmp12 - a, tmp10 - b};
        for (int i = 0; i < 4; i++) {
            ok &= keep(o[i], 16, &out[r * 4 + i]);
        }
    }
    return ok;
}
