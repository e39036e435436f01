#ifndef CIMAGECODECS_JPEG_REDUCED_IDCT_H
#define CIMAGECODECS_JPEG_REDUCED_IDCT_H
/*
 * libjpeg-turbo's reduced-size IDCTs (jidctred.c: jpeg_idct_1x1, _2x2, _4x4) split in
 * two for the split decoder: the sums of a block's AC coefficients, made while its
 * Huffman codes are decoded (the DC predictor is not known yet in part 1), and the
 * outputs, made from those sums once the DC is known.
 */
#include <stdint.h>

/* jpeg_natural_order: the natural position of the k-th coefficient in zigzag order. (A
 * corrupt run past a block's end, which libjpeg reads through 16 extra entries, is left
 * to libjpeg.) */
extern const uint8_t cic_natural_order[64];

/* Where the k-th coefficient in zigzag order is summed for an IDCT of output size n (2,
 * 4): its natural position when that IDCT reads it, else 64, a slot whose weights are 0
 * (2x2 reads rows and columns 0, 1, 3, 5, 7, 4x4 all but 4; 1x1 none but DC). */
extern uint8_t cic_idct_slots[5][64];

/* Fills the tables above and the sums' weights; once, before any other call here. */
void cic_reduced_idct_init(void);

/* 16-bit values a block keeps: its DC predictor, then one sum per output (size 2 or 4). */
static inline int cic_idct_record_words(int size) { return size == 1 ? 1 : 1 + size * size; }

/* Nonzero when a dequantized coefficient is beyond what an 8-bit encoder makes (the DCT of
 * 8-bit samples stays within +-1024, and quantisation adds at most half a step, 1023 here):
 * libjpeg-turbo's SIMD reduced IDCTs, which decode such files here, compute in 16 bits
 * and would differ from jidctred.c's arithmetic (followed here) beyond that. */
static inline int32_t cic_outside_dequantized(int32_t z) { return (z + 2048) & ~4095; }

/* The reduced IDCT's outputs minus DC, made while a block decodes (decode_ac in
 * jpeg_split_decode.c).
 *
 * In jpeg_idct_2x2 (4x4) DC enters every output as dc * q0 << 17 (16) before the final
 * DESCALE by 20 (19) bits, an exact multiple within each rounding, so an output is
 * DESCALE((dc * q0 << 17) + sum, 20) with `sum` (rounding included) stored here. The
 * column pass is linear up to its DESCALE, so each coefficient adds its weighted term to
 * its column's accumulators (weights 0 where the IDCT skips a row or column), without a
 * branch on the data.
 *
 * 2x2: the accumulators grow as each coefficient decodes (cic_sums_2x2_add, each position
 * at most once), and cic_sums_2x2_finish makes the sums. Weights and the quantisation
 * table have a 65th entry, 0, for slot 64 (a coefficient the 2x2 IDCT does not read). */
typedef struct {
    uint32_t even[8], odd[8];  /* unsigned: a sum that overflows (and is then refused) is defined */
} cic_sums_2x2;

typedef struct {
    int32_t even[65], odd[65];  /* per natural position: row 0, then the odd rows */
} cic_weights_2x2;
extern cic_weights_2x2 cic_table_2x2;

static inline __attribute__((always_inline)) void
cic_sums_2x2_add(cic_sums_2x2 *a, int pos, int32_t value, const int32_t *q, int32_t *outside) {
    int32_t z = value * q[pos];  /* |value| < 2^15, q <= 2047 */
    *outside |= cic_outside_dequantized(z);
    a->even[pos & 7] += (uint32_t)z * (uint32_t)cic_table_2x2.even[pos];
    a->odd[pos & 7] += (uint32_t)z * (uint32_t)cic_table_2x2.odd[pos];
}

/* The four sums from the accumulators (which always fit the record's 16 bits when every
 * coefficient was within cic_outside_dequantized's bound). */
void cic_sums_2x2_finish(const cic_sums_2x2 *a, int16_t *out);

/* 4x4: the same with four accumulators per column. */
typedef struct {
    int64_t row0[8], even[8], odd_a[8], odd_b[8];
} cic_sums_4x4;

typedef struct {
    int32_t row0[65], even[65], odd_a[65], odd_b[65];
} cic_weights_4x4;
extern cic_weights_4x4 cic_table_4x4;

static inline __attribute__((always_inline)) void
cic_sums_4x4_add(cic_sums_4x4 *a, int pos, int32_t value, const int32_t *q, int32_t *outside) {
    int64_t z = (int64_t)value * q[pos];
    int c = pos & 7;
    *outside |= cic_outside_dequantized((int32_t)z);
    a->row0[c] += z * cic_table_4x4.row0[pos];
    a->even[c] += z * cic_table_4x4.even[pos];
    a->odd_a[c] += z * cic_table_4x4.odd_a[pos];
    a->odd_b[c] += z * cic_table_4x4.odd_b[pos];
}

/* The sixteen sums from the accumulators; 0 when one does not fit what the record keeps
 * (`keep`). */
int cic_sums_4x4_finish(const cic_sums_4x4 *a, int16_t *out);

/* One block's samples into its component's rows for this MCU row: jpeg_idct_1x1, _2x2
 * or _4x4's outputs, from the block's DC and the sums decode_mcu kept. Returns nonzero
 * when a 2x2 or 4x4 block leaves the range where libjpeg-turbo's SIMD versions of those
 * IDCTs agree with jidctred.c: a dequantized DC beyond cic_outside_dequantized's bound,
 * or an output beyond -512...511 before centring (C wraps it & 1023, SIMD saturates). */
static inline __attribute__((always_inline)) int32_t
cic_idct_write_block(const uint8_t *limit, int n, int32_t dc, int32_t quant0, const int16_t *sums, uint8_t *dst,
                     int stride) {
    int32_t dcq = (int32_t)(int16_t)dc * quant0;  /* libjpeg's coefficient is a JCOEF */
    if (n == 1) {
        dst[0] = limit[((dcq + 4) >> 3) & 1023];
        return 0;
    }
    int32_t outside = cic_outside_dequantized(dcq);
    if (n == 2) {
        int32_t x0 = (dcq + sums[0]) >> 3, x1 = (dcq + sums[1]) >> 3;
        int32_t x2 = (dcq + sums[2]) >> 3, x3 = (dcq + sums[3]) >> 3;
        outside |= ((x0 + 512) | (x1 + 512) | (x2 + 512) | (x3 + 512)) & ~1023;
        dst[0] = limit[x0 & 1023];
        dst[1] = limit[x1 & 1023];
        dst[stride] = limit[x2 & 1023];
        dst[stride + 1] = limit[x3 & 1023];
        return outside;
    }
    for (int r = 0; r < n; r++, dst += stride) {
        for (int i = 0; i < n; i++) {
            int32_t x = (dcq + sums[r * n + i]) >> 3;
            outside |= (x + 512) & ~1023;
            dst[i] = limit[x & 1023];
        }
    }
    return outside;
}

#endif
