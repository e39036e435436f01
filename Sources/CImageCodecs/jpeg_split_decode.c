/*
 * A baseline JPEG decoded at a reduced scale by two threads, with exactly libjpeg-turbo's
 * pixels.
 *
 * At 1/4 scale a 20 MP photo spends most of its decode in libjpeg's Huffman decoding,
 * which is serial: every code starts where the one before it ended. Part 0 decodes from
 * the start of the entropy-coded data; part 1 starts guessing in the middle, at a byte
 * boundary it takes for the start of an MCU. Huffman codes resynchronise: after a few
 * codes part 1 is decoding the same MCUs as the true stream, only without knowing their
 * index or their DC predictors. Part 1 publishes the bit position where each of its MCUs
 * starts; part 0 decodes until it reaches an MCU start that part 1 also found. From that
 * MCU on, both would decode the same codes, so part 0 stops there and part 1's MCUs
 * continue the image, their DC values shifted by what part 0's predictors say. With
 * restart markers nothing is guessed: part 1 starts after the marker that opens the
 * second half of the intervals, where the predictors are 0 (the first to claim that
 * interval, part 0 or part 1, decodes it).
 *
 * Each block's coefficients are reduced at once to the reduced IDCT's output minus its
 * DC term (libjpeg-turbo's jpeg_idct_1x1, _2x2 and _4x4 from jidctred.c, in which DC
 * enters every output as an exact multiple of the final scale), so a block costs 1, 5
 * or 17 16-bit values instead of 64 coefficients; the rows are made afterwards (in
 * parallel) with the true DC, libjpeg's range limiting, its h2v1 upsampling and its
 * YCbCr to RGB tables (jdsample.c, jdmaster.c, jdcolor.c). Scales 1/8, 1/4 and 1/2.
 *
 * Anything outside that (progressive, arithmetic, 12-bit, CMYK, RGB
 * JPEGs, sampling other than 4:4:4, 4:2:2, 4:2:0 and gray, quantisation steps above
 * 2047; a bad Huffman code, data that ends early, extra bytes before EOI or a restart
 * marker, a restart marker out of sequence; coefficients or
 * outputs no 8-bit encoder makes, where libjpeg-turbo's 16-bit SIMD IDCTs part from
 * jidctred.c's arithmetic) makes the caller decode with libjpeg instead, which then
 * reports the same warnings and errors as always. Nothing here touches libjpeg's state: it reads the
 * header libjpeg parsed. The tests compare every byte with libjpeg's
 * (JPEGSplitDecodeTests).
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "jpeg_decoder.h"
#include "internal.h"

enum {
    LOOKAHEAD = 9,                      /* bits the code tables resolve in one lookup */
    MAX_PLAN_BLOCKS = 6,                /* 4:2:0: four luma blocks and two chroma */
    PROGRESS_EVERY = 64,                /* MCUs between checks of the other part */
    END_OF_BLOCK = 1 << 12              /* flag in huff_table.ac_fast */
};

/* ---------------------------------------------------------------- Huffman tables */

typedef struct {
    uint16_t fast[1 << LOOKAHEAD];      /* (length << 8) | symbol; 0: a longer code */
    int32_t maxcode[18];                /* largest code of each length, -1 if none */
    int32_t valoffset[18];              /* symbol index = code + valoffset[length] */
    uint8_t symbols[256];
    /* AC only: (value << 16) | (run << 8) | (code + value bits), when both fit in the
     * lookahead; END_OF_BLOCK | code length for EOB; 0 otherwise. */
    int32_t ac_fast[1 << LOOKAHEAD];
} huff_table;

/* Canonical codes as in T.81 Annex C, checked as libjpeg's jpeg_make_d_derived_tbl
 * checks them; 0 when the table is one libjpeg would reject (it will, in the fallback). */
static int build_table(const JHUFF_TBL *src, int is_dc, huff_table *t) {
    if (src == NULL) return 0;           /* libjpeg would substitute a standard table */
    memset(t, 0, sizeof *t);
    int count = 0;
    for (int l = 1; l <= 16; l++) count += src->bits[l];
    if (count > 256) return 0;
    int32_t code = 0;
    int p = 0;
    for (int l = 1; l <= 16; l++) {
        int n = src->bits[l];
        t->valoffset[l] = p - code;
        t->maxcode[l] = n ? code + n - 1 : -1;
        for (int i = 0; i < n; i++, p++, code++) {
            if (code + 1 >= (1 << l)) return 0;  /* the all-ones code: libjpeg refuses it */
            if (l <= LOOKAHEAD) {
                int shift = LOOKAHEAD - l;
                for (int fill = 0; fill < (1 << shift); fill++)
                    t->fast[(code << shift) | fill] = (uint16_t)((l << 8) | src->huffval[p]);
            }
        }
        code <<= 1;
    }
    t->maxcode[17] = INT32_MAX;
    memcpy(t->symbols, src->huffval, 256);
    if (is_dc) {
        for (int i = 0; i < count; i++)
            if (src->huffval[i] > 15) return 0;
        return 1;
    }
    for (int look = 0; look < (1 << LOOKAHEAD); look++) {
        unsigned e = t->fast[look];
        if (e == 0) continue;
        int len = (int)(e >> 8), rs = (int)(e & 0xFF), run = rs >> 4, size = rs & 15;
        if (rs == 0) t->ac_fast[look] = END_OF_BLOCK | len;
        if (size == 0 || len + size > LOOKAHEAD) continue;
        int bits = (look >> (LOOKAHEAD - len - size)) & ((1 << size) - 1);
        int value = bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits;
        t->ac_fast[look] = (int32_t)((uint32_t)value << 16) | (run << 8) | (len + size);
    }
    return 1;
}

/* ------------------------------------------------------------------ bit reader */

/* Reads entropy-coded bytes (0xFF 0x00 is a data byte 0xFF; fill bytes 0xFF before a
 * marker are skipped, as libjpeg does; 0xFF 0xFF ... 0x00 ends the data, see fill_slow). Positions count data bits from where the reader
 * started, so two readers that started at different bytes agree on a bit once the
 * second one's origin is known in the first one's count (see `mark`). */
typedef struct {
    const uint8_t *p, *end;
    uint64_t acc;           /* unread bits, left-aligned */
    int count;              /* how many of acc's bits are real */
    int64_t loaded;         /* data bits loaded into acc since the start */
    int64_t end_bits;       /* INT64_MAX until the data ends; then its length in bits */
    int marker;             /* the marker that ended the data, -1 for the buffer's end */
    const uint8_t *marker_at; /* its code byte (after 0xFF and any fill bytes) */
    const uint8_t *mark;    /* a byte boundary whose position is wanted, or NULL */
    int64_t mark_bits;      /* data bits before `mark`, once passed; -1 before */
} bit_reader;

static void reader_init(bit_reader *b, const uint8_t *p, const uint8_t *end) {
    memset(b, 0, sizeof *b);
    b->p = p;
    b->end = end;
    b->end_bits = INT64_MAX;
    b->mark_bits = -1;
}

static inline int64_t reader_position(const bit_reader *b) { return b->loaded - b->count; }

__attribute__((noinline)) static void fill_slow(bit_reader *b) {
    while (b->count <= 56) {
        unsigned c = 0;
        if (b->end_bits == INT64_MAX) {
            if (b->p == b->mark) b->mark_bits = b->loaded;
            if (b->p >= b->end) {
                b->end_bits = b->loaded;
                b->marker = -1;
            } else if (*b->p != 0xFF) {
                c = *b->p++;
            } else {
                const uint8_t *q = b->p + 1;
                while (q < b->end && *q == 0xFF) q++;
                if (q == b->p + 1 && q < b->end && *q == 0) {
                    c = 0xFF;
                    b->p = q + 1;
                } else {
                    /* A marker (after fill bytes), or 0xFF 0xFF ... 0x00, which is not
                     * valid data and which libjpeg-turbo's fast path reads otherwise than
                     * its own slow path: it ends the data here (marker -2: not EOI). */
                    b->end_bits = b->loaded;
                    b->marker = q < b->end ? (*q == 0 ? -2 : *q) : -1;
                    b->marker_at = q;
                }
            }
        }
        b->acc |= (uint64_t)c << (56 - b->count);
        b->count += 8;
        b->loaded += 8;
    }
}

/* The reader's hot state, kept in registers while an MCU decodes (the functions below
 * are always inlined into it); only the slow fill goes through the bit_reader. */
typedef struct {
    uint64_t acc;
    int count;
    const uint8_t *p;
    int64_t loaded;
} hot_bits;

#define HOT __attribute__((always_inline)) static inline

HOT void hot_load(hot_bits *h, const bit_reader *b) { h->acc = b->acc; h->count = b->count; h->p = b->p; h->loaded = b->loaded; }
HOT void hot_store(const hot_bits *h, bit_reader *b) { b->acc = h->acc; b->count = h->count; b->p = h->p; b->loaded = h->loaded; }

/* At least 32 bits in acc afterwards (zeros after the end of the data, as libjpeg):
 * 3 to 7 bytes at once when the next 8 hold no 0xFF. */
HOT void fill(hot_bits *h, bit_reader *b) {
    if (h->count > 32) return;
    if (b->end - h->p >= 8 && b->end_bits == INT64_MAX) {
        uint64_t v;
        memcpy(&v, h->p, 8);
        v = __builtin_bswap64(v);
        uint64_t inverted = ~v;  /* a 0xFF byte in v is a zero byte here */
        if (((inverted - 0x0101010101010101ULL) & ~inverted & 0x8080808080808080ULL) == 0) {
            int take = (63 - h->count) >> 3;
            if (b->mark != NULL && b->mark >= h->p && b->mark < h->p + take)
                b->mark_bits = h->loaded + 8 * (int64_t)(b->mark - h->p);
            h->acc |= (v >> (64 - 8 * take)) << (64 - 8 * take - h->count);
            h->p += take;
            h->count += 8 * take;
            h->loaded += 8 * take;
            return;
        }
    }
    hot_store(h, b);
    fill_slow(b);
    hot_load(h, b);
}

HOT unsigned peek(const hot_bits *h, int n) { return (unsigned)(h->acc >> (64 - n)); }
HOT void skip(hot_bits *h, int n) { h->acc <<= n; h->count -= n; }

/* A symbol, or -1 for a code no table entry has (acc must hold 16 bits). */
HOT int decode_symbol(hot_bits *h, const huff_table *t) {
    unsigned e = t->fast[peek(h, LOOKAHEAD)];
    if (e != 0) {
        skip(h, (int)(e >> 8));
        return (int)(e & 0xFF);
    }
    int l = LOOKAHEAD + 1;
    int32_t code = (int32_t)peek(h, l);
    while (code > t->maxcode[l]) {
        if (++l > 16) return -1;
        code = (int32_t)peek(h, l);
    }
    skip(h, l);
    return t->symbols[(code + t->valoffset[l]) & 0xFF];
}

/* The next `size` (1...15) bits as a signed value (HUFF_EXTEND). */
HOT int32_t receive(hot_bits *h, int size) {
    int32_t v = (int32_t)peek(h, size);
    skip(h, size);
    return v < (1 << (size - 1)) ? v - (1 << size) + 1 : v;
}

/* ------------------------------------------------------------- reduced IDCTs */

/* jpeg_natural_order with libjpeg's 16 extra entries: a corrupt run past the end of a
 * block writes coefficient 63 (and ends the block), as in libjpeg. */
static const uint8_t natural_order[80] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63};

#define DESCALE(x, n) (((x) + ((int64_t)1 << ((n) - 1))) >> (n))

/* Words of a block's record (its DC predictor, then the IDCT outputs without DC). */
static int record_words(int size) { return size == 1 ? 1 : 1 + size * size; }

/* A kept sum as the record stores it: only sum >> 17 (2x2) or >> 16 (4x4) matters, since
 * DESCALE((dc*q << 17) + sum, 20) = (dc*q + (sum >> 17)) >> 3 for integer dc*q (the low
 * bits of sum are a fraction below 1 inside a floor by 8); 0 when that does not fit. */
static int keep(int64_t sum, int shift, int16_t *out) {
    int64_t high = sum >> shift;
    *out = (int16_t)high;
    return high >= INT16_MIN && high <= INT16_MAX;
}

/* The reduced IDCT's outputs minus DC, from a block's nonzero coefficients (`touched`,
 * zeroed again here; a position written twice counts once, with its last value).
 *
 * In jpeg_idct_2x2 (4x4) DC enters every output as dc * q0 << 17 (16) before the final
 * DESCALE by 20 (19) bits, an exact multiple within each rounding, so an output is
 * DESCALE((dc * q0 << 17) + sum, 20) with `sum` (rounding included) stored here. The
 * column pass is linear up to its DESCALE, so each coefficient adds its weighted term to
 * its column's accumulators (weights 0 where the IDCT skips a row or column), without a
 * branch on the data. Returns 0 when a sum does not fit what the record keeps (`keep`). */
/* Per natural position: the weight of its coefficient in its column's sums (0 for the
 * rows and columns the reduced IDCT skips). For 2x2: row 0, then the odd rows. */
typedef struct {
    int32_t even[64], odd[64];
} weights_2x2;
typedef struct {
    int32_t row0[64], even[64], odd_a[64], odd_b[64];
} weights_4x4;

static weights_2x2 table_2x2;
static weights_4x4 table_4x4;

/* Where the k-th coefficient in zigzag order (k < 80, see natural_order) is kept for an
 * IDCT of each size: its natural position when that IDCT reads it, else 64, a slot that
 * is never read (jpeg_idct_1x1 reads none but DC, 2x2 rows and columns 0, 1, 3, 5, 7,
 * 4x4 all but 4). */
static uint8_t slots[5][80];

static void build_weights(void) {
    for (int k = 0; k < 80; k++) {
        int pos = natural_order[k], r = pos >> 3, c = pos & 7;
        slots[1][k] = 64;
        slots[2][k] = (r == 0 || (r & 1)) && (c == 0 || (c & 1)) ? (uint8_t)pos : 64;
        slots[4][k] = r != 4 && c != 4 ? (uint8_t)pos : 64;
    }
    static const int32_t odd2[8] = {0, 29692, 0, -10426, 0, 6967, 0, -5906};
    static const int32_t even4[8] = {0, 0, 15137, 0, 0, 0, -6270, 0};
    static const int32_t odd_a4[8] = {0, 8697, 0, -17799, 0, 11893, 0, -1730};
    static const int32_t odd_b4[8] = {0, 20995, 0, 7373, 0, -4926, 0, -4176};
    for (int pos = 0; pos < 64; pos++) {
        int r = pos >> 3, c = pos & 7;
        int column2 = c == 0 || (c & 1);
        table_2x2.even[pos] = column2 && r == 0 ? 1 << 15 : 0;
        table_2x2.odd[pos] = column2 ? odd2[r] : 0;
        int column4 = c != 4;
        table_4x4.row0[pos] = column4 && r == 0 ? 1 << 14 : 0;
        table_4x4.even[pos] = column4 ? even4[r] : 0;
        table_4x4.odd_a[pos] = column4 ? odd_a4[r] : 0;
        table_4x4.odd_b[pos] = column4 ? odd_b4[r] : 0;
    }
}

/* Nonzero when a dequantized coefficient is beyond what an 8-bit encoder makes (the DCT of
 * 8-bit samples stays within +-1024, and quantisation adds at most half a step, 1023 here):
 * libjpeg-turbo's SIMD reduced IDCTs, which decode such files here, compute in 16 bits
 * and would differ from jidctred.c's arithmetic (followed here) beyond that. */
static inline int32_t outside_dequantized(int32_t z) { return (z + 2048) & ~4095; }

static int sums_2x2(int32_t *coef, const uint8_t *touched, int n, const int32_t *q, int16_t *out) {
    /* Unsigned, so that a sum that does overflow (and is then not used) is defined. */
    uint32_t even[8] = {0}, odd[8] = {0};
    int32_t outside = 0;
    for (int i = 0; i < n; i++) {
        int pos = touched[i];
        int32_t z = coef[pos] * q[pos];  /* |coef| < 2^15, q <= 2047 */
        coef[pos] = 0;                   /* a position written twice counts once */
        outside |= outside_dequantized(z);
        even[pos & 7] += (uint32_t)z * (uint32_t)table_2x2.even[pos];
        odd[pos & 7] += (uint32_t)z * (uint32_t)table_2x2.odd[pos];
    }
    if (outside) return 0;
    int64_t ws0[8], ws1[8];
    for (int c = 0; c < 8; c++) {
        int32_t e = (int32_t)even[c], o = (int32_t)odd[c];  /* |e| <= 2^28, |o| < 2^30 */
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
    return 1;
}

static int sums_4x4(int32_t *coef, const uint8_t *touched, int n, const int32_t *q, int16_t *out) {
    int64_t row0[8] = {0}, even[8] = {0}, odd_a[8] = {0}, odd_b[8] = {0};
    int32_t outside = 0;
    for (int i = 0; i < n; i++) {
        int pos = touched[i], c = pos & 7;
        int64_t z = (int64_t)coef[pos] * q[pos];
        coef[pos] = 0;
        outside |= outside_dequantized((int32_t)z);
        row0[c] += z * table_4x4.row0[pos];
        even[c] += z * table_4x4.even[pos];
        odd_a[c] += z * table_4x4.odd_a[pos];
        odd_b[c] += z * table_4x4.odd_b[pos];
    }
    if (outside) return 0;
    int64_t ws[4][8];
    for (int c = 0; c < 8; c++) {
        int64_t tmp10 = row0[c] + even[c], tmp12 = row0[c] - even[c];
        ws[0][c] = (int32_t)DESCALE(tmp10 + odd_b[c], 12);
        ws[3][c] = (int32_t)DESCALE(tmp10 - odd_b[c], 12);
        ws[1][c] = (int32_t)DESCALE(tmp12 + odd_a[c], 12);
        ws[2][c] = (int32_t)DESCALE(tmp12 - odd_a[c], 12);
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

/* ------------------------------------------------------------------ the decode */

typedef struct {
    int component;          /* frame component index (0 luma, 1 Cb, 2 Cr) */
    int bx, by;             /* the block's place in its component's part of the MCU */
    int idct;               /* output size: 1, 2 or 4 */
    int record;             /* offset of its record in the MCU's record, in words */
    const huff_table *dc, *ac;
    const int32_t *quant;   /* natural order */
} block_plan;

typedef struct {
    int h, v;               /* sampling factors */
    int idct;               /* DCT_scaled_size */
    int plane_width;        /* samples per row of one MCU row: MCUs * h * idct */
    int downsampled_width;  /* libjpeg's: the samples the upsampler reads */
    int upsample;           /* 0 none, 1 h2v1 fancy, 2 h2v1 replicate */
    int last_block;         /* plan index of its last block in an MCU (DC predictor) */
} component_plan;

struct cic_jpeg_split {
    const uint8_t *data, *data_end;   /* the entropy-coded segment and what follows */
    const uint8_t *middle;            /* where part 1 starts (without restart markers) */
    int restart_interval;             /* MCUs per restart interval, 0: none */
    int64_t restart_mcu1;             /* with restart markers: part 1's first MCU, or -1 */
    atomic_int claim;                 /* with restart markers: 1 part 0 decodes all, 2 part 1
                                       * decodes from restart_mcu1 (first to claim wins) */
    int status1;                      /* with restart markers: CIC_OK or why part 1 failed */
    int64_t end_position1;            /* with restart markers: where part 1's last MCU ended */
    int components;                   /* 1 (gray) or 3 (YCbCr to RGB) */
    int blocks;                       /* blocks per MCU */
    block_plan plan[MAX_PLAN_BLOCKS];
    component_plan comp[3];
    int words;                        /* words per MCU record */
    int mcus_per_row, mcu_rows;
    int64_t mcus;
    int group_rows;                   /* output rows per MCU row */
    int out_width, out_height;
    huff_table dc_tables[4], ac_tables[4];
    int32_t quant[4][64];

    int16_t *records0;                /* part 0: record of MCU g at g * words */
    int16_t *records1;                /* part 1: in the order part 1 decoded them */
    int64_t *positions1;              /* part 1: start of its MCU j (relative to middle) */
    int64_t capacity1;
    _Atomic int64_t published1;       /* part 1's MCUs whose start positions are readable */
    atomic_int part0_finished;        /* part 0 decoded every MCU itself */
    _Atomic(const uint8_t *) part0_at; /* how far part 0 has read, for part 1 to give up */

    int status0;                      /* CIC_OK or why part 0 failed */
    int64_t sync_mcu;                 /* first MCU taken from part 1 (mcus: none) */
    int64_t sync_local;               /* its index among part 1's */
    int32_t sync_predictors[3];       /* part 0's DC predictors at that MCU */
    int64_t end_position0;            /* part 0 alone: where its last MCU ended */
    int64_t end_bits0;
    int marker0;
    int64_t chain_start1;             /* part 1: where its current guess began */
    int64_t count1;                   /* part 1: MCUs decoded within the data */
    int64_t end_bits1;                /* part 1: data length after the middle */
    int marker1;

    int32_t dc_offset[3];             /* added to part 1's DC predictors */
    uint8_t range_limit[1024];        /* libjpeg's IDCT_range_limit, indexed & 1023 */
    int32_t cr_r[256], cb_b[256], cr_g[256], cb_g[256];
    uint8_t clamp[768];               /* libjpeg's sample_range_limit: x + 256 -> x in 0...255 */
};

/* Decodes one MCU into `record`, updating `predictors`; 0 for a bad code or a sum that
 * does not fit (then the caller gives up on this position). */
static int decode_mcu(const cic_jpeg_split *s, bit_reader *b, int32_t *predictors, int16_t *record) {
    int32_t coef[65];  /* natural order, and slot 64 for coefficients no IDCT reads */
    uint8_t touched[64];
    memset(coef, 0, sizeof coef);
    hot_bits h;
    hot_load(&h, b);
    int ok = 1;
    for (int n = 0; n < s->blocks && ok; n++) {
        const block_plan *bp = &s->plan[n];
        fill(&h, b);
        int size = decode_symbol(&h, bp->dc);
        if (size < 0) {
            ok = 0;
            break;
        }
        int32_t diff = 0;
        if (size) {
            fill(&h, b);
            diff = receive(&h, size);
        }
        int32_t dc = (int32_t)((uint32_t)predictors[bp->component] + (uint32_t)diff);
        predictors[bp->component] = dc;
        int16_t *out = record + bp->record;
        out[0] = (int16_t)dc;  /* libjpeg keeps DC as a JCOEF too */
        int count = 0;
        const huff_table *ac = bp->ac;
        const uint8_t *slot = slots[bp->idct];
        for (int k = 1; k < 64; k++) {
            fill(&h, b);
            int32_t shortcut = ac->ac_fast[peek(&h, LOOKAHEAD)];
            if (shortcut != 0) {
                skip(&h, shortcut & 31);
                if (shortcut & END_OF_BLOCK) break;
                k += (shortcut >> 8) & 15;
                int pos = slot[k];
                coef[pos] = shortcut >> 16;
                touched[count] = (uint8_t)pos;
                count += pos != 64;
                continue;
            }
            int rs = decode_symbol(&h, ac);
            if (rs < 0) {
                ok = 0;
                break;
            }
            int run = rs >> 4, vsize = rs & 15;
            if (vsize) {
                k += run;
                int pos = slot[k];
                coef[pos] = receive(&h, vsize);
                touched[count] = (uint8_t)pos;
                count += pos != 64;
            } else {
                if (run != 15) break;
                k += 15;
            }
        }
        if (bp->idct == 1) {
            /* nothing kept */
        } else if (count == 0) {
            for (int i = 0; i < bp->idct * bp->idct; i++) out[1 + i] = 4;  /* the rounding */
        } else if (bp->idct == 2) {
            ok &= sums_2x2(coef, touched, count, bp->quant, out + 1);
        } else {
            ok &= sums_4x4(coef, touched, count, bp->quant, out + 1);
        }
    }
    hot_store(&h, b);
    return ok;
}

/* At the end of a restart interval: under a byte of padding, then RST`n`, as libjpeg
 * requires to read on without a warning; then the reader goes on after the marker.
 * 0 when the data is otherwise (libjpeg then warns and resynchronises). */
static int restart(bit_reader *b, int n) {
    int64_t position = reader_position(b);
    if (b->end_bits == INT64_MAX && b->count <= 56) fill_slow(b);
    if (b->end_bits == INT64_MAX || b->end_bits - position >= 8 || b->marker != 0xD0 + (n & 7)) return 0;
    b->p = b->marker_at + 1;
    b->acc = 0;
    b->count = 0;
    b->end_bits = INT64_MAX;
    b->marker = 0;
    return 1;
}

/* Where the data ends after the last MCU (position `end`): loads on, dropping the bits,
 * until the marker or until a whole byte more than padding is seen. */
static void find_end(bit_reader *b, int64_t end) {
    while (b->end_bits == INT64_MAX && b->loaded - end < 16) {
        b->count = 0;
        b->acc = 0;
        fill_slow(b);
    }
}

/* Part 1 with restart markers: the MCUs from restart_mcu1 on, which start right after the
 * (restart_mcu1 / interval)-th RST marker, with DC predictors at 0: nothing to guess. */
static void decode_after_restart(cic_jpeg_split *s) {
    s->status1 = CIC_ERR_CORRUPT;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&s->claim, &expected, 2)) return;  /* part 0 took all */
    int64_t interval = s->restart_interval, wanted = s->restart_mcu1 / interval, seen = 0;
    const uint8_t *p = s->data, *start = NULL;
    while (start == NULL) {
        p = memchr(p, 0xFF, (size_t)(s->data_end - p));
        if (p == NULL || p + 1 >= s->data_end) return;
        if (p[1] == 0) {
            p += 2;
        } else if (p[1] >= 0xD0 && p[1] <= 0xD7) {
            if (p[1] != 0xD0 + (seen & 7)) return;
            seen++;
            p += 2;
            if (seen == wanted) start = p;
        } else {
            return;  /* fill bytes inside the data, or another marker: left to libjpeg */
        }
    }
    int64_t count = s->mcus - s->restart_mcu1;
    s->records1 = malloc((size_t)count * (size_t)s->words * sizeof(int16_t));
    if (s->records1 == NULL) return;
    bit_reader b;
    reader_init(&b, start, s->data_end);
    int32_t predictors[3] = {0, 0, 0};
    for (int64_t g = s->restart_mcu1; g < s->mcus; g++) {
        if (g > s->restart_mcu1 && g % interval == 0) {
            if (!restart(&b, (int)(g / interval - 1))) return;
            memset(predictors, 0, sizeof predictors);
        }
        if (!decode_mcu(s, &b, predictors, s->records1 + (g - s->restart_mcu1) * s->words)) return;
        if (reader_position(&b) > b.end_bits) return;
    }
    s->end_position1 = reader_position(&b);
    find_end(&b, s->end_position1);
    s->end_bits1 = b.end_bits == INT64_MAX ? -1 : b.end_bits;
    s->marker1 = b.marker;
    s->count1 = count;
    s->status1 = CIC_OK;
}

void cic_jpeg_split_decode_part(cic_jpeg_split *s, int part) {
    if (part == 1 && s->restart_interval > 0) {
        decode_after_restart(s);
        return;
    }
    if (part == 0) {
        bit_reader b;
        reader_init(&b, s->data, s->data_end);
        b.mark = s->middle;
        int32_t predictors[3] = {0, 0, 0};
        int64_t k = 0;
        int64_t published = 0;
        for (int64_t g = 0; g < s->mcus; g++) {
            if (s->restart_interval > 0 && g > 0 && g % s->restart_interval == 0) {
                int expected = 0;
                int part1_took_rest = g == s->restart_mcu1 &&
                                      !atomic_compare_exchange_strong(&s->claim, &expected, 1);
                if (!restart(&b, (int)(g / s->restart_interval - 1))) {
                    s->status0 = CIC_ERR_CORRUPT;
                    return;
                }
                memset(predictors, 0, sizeof predictors);
                if (part1_took_rest) {
                    s->sync_mcu = g;
                    s->sync_local = 0;
                    s->status0 = CIC_OK;
                    return;
                }
            }
            int64_t position = reader_position(&b);
            if (b.mark_bits >= 0 && position >= b.mark_bits) {
                int64_t relative = position - b.mark_bits;
                if (k >= published)
                    published = atomic_load_explicit(&s->published1, memory_order_acquire);
                while (k < published && s->positions1[k] < relative) k++;
                if (k < published && s->positions1[k] == relative) {
                    s->sync_mcu = g;
                    s->sync_local = k;
                    memcpy(s->sync_predictors, predictors, sizeof predictors);
                    s->status0 = CIC_OK;
                    return;
                }
            }
            if (!decode_mcu(s, &b, predictors, s->records0 + g * s->words)) {
                s->status0 = CIC_ERR_CORRUPT;
                atomic_store_explicit(&s->part0_finished, 1, memory_order_relaxed);
                return;
            }
            if (reader_position(&b) > b.end_bits) {
                s->status0 = CIC_ERR_TRUNCATED;
                atomic_store_explicit(&s->part0_finished, 1, memory_order_relaxed);
                return;
            }
            if ((g & (PROGRESS_EVERY - 1)) == 0)
                atomic_store_explicit(&s->part0_at, b.p, memory_order_relaxed);
        }
        atomic_store_explicit(&s->part0_finished, 1, memory_order_relaxed);
        s->sync_mcu = s->mcus;
        s->end_position0 = reader_position(&b);
        find_end(&b, s->end_position0);
        s->end_bits0 = b.end_bits;
        s->marker0 = b.marker;
        s->status0 = CIC_OK;
        return;
    }

    /* Part 1: from the middle to the end, guessing again after a code no table has. */
    s->records1 = malloc((size_t)s->capacity1 * (size_t)s->words * sizeof(int16_t));
    s->positions1 = malloc(((size_t)s->capacity1 + 1) * sizeof(int64_t));
    s->count1 = 0;
    s->end_bits1 = -1;
    if (s->records1 == NULL || s->positions1 == NULL) return;
    bit_reader b;
    reader_init(&b, s->middle, s->data_end);
    int32_t predictors[3] = {0, 0, 0};
    int64_t j = 0;
    s->chain_start1 = 0;
    for (;;) {
        if (j >= s->capacity1) break;
        if ((j & (PROGRESS_EVERY - 1)) == 0 &&
            (atomic_load_explicit(&s->part0_finished, memory_order_relaxed) ||
             atomic_load_explicit(&s->part0_at, memory_order_relaxed) > b.p))
            break;
        int64_t start = reader_position(&b);
        s->positions1[j] = start;
        int ok = decode_mcu(s, &b, predictors, s->records1 + j * s->words);
        if (reader_position(&b) > b.end_bits) break;  /* ran into the end of the data */
        if (!ok) {
            /* A wrong guess: start again at the next byte not yet loaded. */
            b.acc = 0;
            b.count = 0;
            s->chain_start1 = j;
            memset(predictors, 0, sizeof predictors);
            continue;
        }
        j++;
        s->positions1[j] = reader_position(&b);
        atomic_store_explicit(&s->published1, j, memory_order_release);
    }
    s->count1 = j;
    /* Where the data ends, in part 1's positions (loading on if it stopped early). */
    int guard = 0;
    while (b.end_bits == INT64_MAX && guard++ < 4) {
        b.count = 0;
        b.acc = 0;
        fill_slow(&b);
    }
    s->end_bits1 = b.end_bits == INT64_MAX ? -1 : b.end_bits;
    s->marker1 = b.marker;
}

/* ------------------------------------------------------------------ the setup */

static int plan_components(cic_jpeg_split *s, struct jpeg_decompress_struct *cinfo) {
    int min = cinfo->min_DCT_scaled_size;
    if (min != 1 && min != 2 && min != 4) return 0;
    int do_fancy = cinfo->do_fancy_upsampling && min > 1;
    for (int c = 0; c < s->components; c++) {
        jpeg_component_info *info = &cinfo->comp_info[c];
        component_plan *cp = &s->comp[c];
        cp->h = info->h_samp_factor;
        cp->v = info->v_samp_factor;
        cp->idct = info->DCT_scaled_size;
        if (cp->idct != 1 && cp->idct != 2 && cp->idct != 4) return 0;
        if (c > 0 && (cp->h != 1 || cp->v != 1)) return 0;
        if (s->components == 1 && (cp->h != 1 || cp->v != 1)) return 0;
        cp->downsampled_width = (int)info->downsampled_width;
        int h_in = cp->h * cp->idct / min, v_in = cp->v * cp->idct / min;
        if (h_in == cinfo->max_h_samp_factor && v_in == cinfo->max_v_samp_factor) {
            cp->upsample = 0;
        } else if (h_in * 2 == cinfo->max_h_samp_factor && v_in == cinfo->max_v_samp_factor) {
            cp->upsample = do_fancy && cp->downsampled_width > 2 ? 1 : 2;
        } else {
            return 0;
        }
        if (cp->h * cp->idct * min == 0) return 0;
    }
    if (s->comp[0].h != cinfo->max_h_samp_factor || s->comp[0].v != cinfo->max_v_samp_factor ||
        s->comp[0].upsample != 0)
        return 0;
    return 1;
}

static int plan_blocks(cic_jpeg_split *s, struct jpeg_decompress_struct *cinfo) {
    int words = 0, n = 0;
    for (int i = 0; i < cinfo->comps_in_scan; i++) {
        jpeg_component_info *info = cinfo->cur_comp_info[i];
        int c = (int)(info - cinfo->comp_info);
        if (c < 0 || c >= s->components) return 0;
        int qt = info->quant_tbl_no, dt = info->dc_tbl_no, at = info->ac_tbl_no;
        if (qt < 0 || qt > 3 || dt < 0 || dt > 3 || at < 0 || at > 3) return 0;
        JQUANT_TBL *q = cinfo->quant_tbl_ptrs[qt];
        if (q == NULL) return 0;
        /* libjpeg multiplies by quantval cast to short (ISLOW_MULT_TYPE); past 2047 its
         * int workspace could overflow where these 64-bit sums do not: leave such to it. */
        for (int k = 0; k < 64; k++) {
            if (q->quantval[k] > 2047) return 0;
            s->quant[qt][k] = (int16_t)q->quantval[k];
        }
        if (!build_table(cinfo->dc_huff_tbl_ptrs[dt], 1, &s->dc_tables[dt])) return 0;
        if (!build_table(cinfo->ac_huff_tbl_ptrs[at], 0, &s->ac_tables[at])) return 0;
        component_plan *cp = &s->comp[c];
        for (int by = 0; by < cp->v; by++) {
            for (int bx = 0; bx < cp->h; bx++) {
                if (n >= MAX_PLAN_BLOCKS) return 0;
                block_plan *bp = &s->plan[n];
                bp->component = c;
                bp->bx = bx;
                bp->by = by;
                bp->idct = cp->idct;
                bp->record = words;
                bp->dc = &s->dc_tables[dt];
                bp->ac = &s->ac_tables[at];
                bp->quant = s->quant[qt];
                cp->last_block = n;
                words += record_words(cp->idct);
                n++;
            }
        }
    }
    s->blocks = n;
    s->words = words;
    return n > 0;
}

/* libjpeg's tables (jdmaster.c prepare_range_limit_table, jdcolor.c build_ycc_rgb_table). */
static void build_output_tables(cic_jpeg_split *s) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_weights);
    for (int i = 0; i < 1024; i++) {
        int v = i < 128 ? i + 128 : i < 512 ? 255 : i < 896 ? 0 : i - 896;
        s->range_limit[i] = (uint8_t)v;
    }
    for (int i = 0; i < 768; i++) s->clamp[i] = (uint8_t)(i < 256 ? 0 : i > 511 ? 255 : i - 256);
    const int64_t one_half = (int64_t)1 << 15;
    for (int i = 0, x = -128; i < 256; i++, x++) {
        s->cr_r[i] = (int32_t)(((int64_t)91881 * x + one_half) >> 16);   /* FIX(1.40200) */
        s->cb_b[i] = (int32_t)(((int64_t)116130 * x + one_half) >> 16);  /* FIX(1.77200) */
        s->cr_g[i] = -46802 * x;                                          /* FIX(0.71414) */
        s->cb_g[i] = -22554 * x + (int32_t)one_half;                      /* FIX(0.34414) */
    }
}

cic_jpeg_split *cic_jpeg_split_create(cic_jpeg_decoder *d, double part1_start) {
    if (d == NULL || !d->header_read || d->decode_started || d->cmyk) return NULL;
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    if (cinfo->progressive_mode || cinfo->arith_code || cinfo->data_precision != 8 ||
        cinfo->CCIR601_sampling || cinfo->src == NULL)
        return NULL;
    int gray = cinfo->jpeg_color_space == JCS_GRAYSCALE && cinfo->num_components == 1 &&
               cinfo->out_color_space == JCS_GRAYSCALE;
    int ycc = cinfo->jpeg_color_space == JCS_YCbCr && cinfo->num_components == 3 &&
              cinfo->out_color_space == JCS_RGB;
    if (!gray && !ycc) return NULL;
    if (cinfo->comps_in_scan != cinfo->num_components || cinfo->Ss != 0 || cinfo->Se != 63 ||
        cinfo->Ah != 0 || cinfo->Al != 0)
        return NULL;
    if (cinfo->output_width == 0 || cinfo->output_height == 0) return NULL;

    cic_jpeg_split *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->components = cinfo->num_components;
    if (!plan_components(s, cinfo) || !plan_blocks(s, cinfo)) {
        free(s);
        return NULL;
    }
    int min = cinfo->min_DCT_scaled_size;
    int mcu_w = 8 * cinfo->max_h_samp_factor, mcu_h = 8 * cinfo->max_v_samp_factor;
    s->mcus_per_row = (int)((cinfo->image_width + (JDIMENSION)mcu_w - 1) / (JDIMENSION)mcu_w);
    s->mcu_rows = (int)((cinfo->image_height + (JDIMENSION)mcu_h - 1) / (JDIMENSION)mcu_h);
    s->mcus = (int64_t)s->mcus_per_row * s->mcu_rows;
    s->group_rows = cinfo->max_v_samp_factor * min;
    s->out_width = (int)cinfo->output_width;
    s->out_height = (int)cinfo->output_height;
    for (int c = 0; c < s->components; c++)
        s->comp[c].plane_width = s->mcus_per_row * s->comp[c].h * s->comp[c].idct;
    if ((int64_t)s->mcu_rows * s->group_rows < s->out_height ||
        s->comp[0].plane_width < s->out_width) {
        free(s);
        return NULL;
    }
    s->data = cinfo->src->next_input_byte;
    s->data_end = s->data + cinfo->src->bytes_in_buffer;
    s->records0 = malloc((size_t)s->mcus * (size_t)s->words * sizeof(int16_t));
    if (s->records0 == NULL) {
        free(s);
        return NULL;
    }
    s->capacity1 = s->mcus;
    /* Part 1's first byte: not one after 0xFF (that would be a stuffed zero or a marker). */
    size_t length = (size_t)(s->data_end - s->data);
    if (part1_start <= 0 || part1_start >= 1) part1_start = 0.5;
    size_t middle = (size_t)((double)length * part1_start);
    while (middle > 0 && middle < length && s->data[middle - 1] == 0xFF) middle++;
    s->middle = middle > 0 && middle < length ? s->data + middle : NULL;
    s->restart_interval = (int)cinfo->restart_interval;
    s->restart_mcu1 = -1;
    if (s->restart_interval > 0) {
        /* Part 1 takes the second half of the intervals, starting after an RST marker. */
        int64_t intervals = (s->mcus + s->restart_interval - 1) / s->restart_interval;
        s->middle = NULL;
        if (intervals >= 2) s->restart_mcu1 = intervals / 2 * s->restart_interval;
    }
    atomic_init(&s->claim, 0);
    s->sync_mcu = s->mcus;
    s->status0 = CIC_ERR_ARGUMENT;
    atomic_init(&s->published1, 0);
    atomic_init(&s->part0_finished, 0);
    atomic_init(&s->part0_at, s->data);
    build_output_tables(s);
    return s;
}

int cic_jpeg_split_can_use_part1(const cic_jpeg_split *s) {
    return s != NULL && (s->restart_interval > 0 ? s->restart_mcu1 > 0 : s->middle != NULL);
}

void cic_jpeg_split_destroy(cic_jpeg_split *s) {
    if (s == NULL) return;
    free(s->records0);
    free(s->records1);
    free(s->positions1);
    free(s);
}

int cic_jpeg_split_finish(cic_jpeg_split *s) {
    if (s->status0 != CIC_OK) return s->status0;
    if (s->sync_mcu >= s->mcus) {
        /* Part 0 alone: under a byte of padding, then EOI (otherwise libjpeg warns). */
        if (s->end_bits0 == INT64_MAX || s->end_bits0 - s->end_position0 >= 8 || s->marker0 != 0xD9)
            return CIC_ERR_CORRUPT;
        return CIC_OK;
    }
    if (s->restart_interval > 0) {
        /* Part 1 took the intervals from restart_mcu1 on; predictors start at 0 there. */
        if (s->status1 != CIC_OK || s->end_bits1 < 0 || s->end_bits1 - s->end_position1 >= 8 ||
            s->marker1 != 0xD9)
            return CIC_ERR_CORRUPT;
        return CIC_OK;
    }
    int64_t needed = s->sync_local + (s->mcus - s->sync_mcu);
    if (s->chain_start1 > s->sync_local || needed > s->count1 || s->end_bits1 < 0)
        return CIC_ERR_CORRUPT;
    if (s->end_bits1 - s->positions1[needed] >= 8 || s->marker1 != 0xD9) return CIC_ERR_CORRUPT;
    for (int c = 0; c < s->components; c++) {
        int32_t before = 0;
        if (s->sync_local > s->chain_start1)
            before = s->records1[(s->sync_local - 1) * s->words + s->plan[s->comp[c].last_block].record];
        s->dc_offset[c] = (int32_t)((uint32_t)s->sync_predictors[c] - (uint32_t)before);
    }
    return CIC_OK;
}

int cic_jpeg_split_group_rows(const cic_jpeg_split *s) { return s->group_rows; }
int cic_jpeg_split_groups(const cic_jpeg_split *s) { return (s->out_height + s->group_rows - 1) / s->group_rows; }
int cic_jpeg_split_synced_at(const cic_jpeg_split *s) {
    return s->sync_mcu >= s->mcus ? -1 : (int)(s->sync_mcu / s->mcus_per_row);
}

/* One block's samples into its component's rows for this MCU row: jpeg_idct_1x1, _2x2
 * or _4x4's outputs, from the block's DC and the sums decode_mcu kept. Returns nonzero
 * when a 2x2 or 4x4 block leaves the range where libjpeg-turbo's SIMD versions of those
 * IDCTs agree with jidctred.c: a dequantized DC beyond outside_dequantized's bound, or an
 * output beyond -512...511 before centring (C wraps it & 1023, SIMD saturates). */
HOT int32_t write_block(const uint8_t *limit, int n, int32_t dc, int32_t quant0, const int16_t *sums,
                        uint8_t *dst, int stride) {
    int32_t dcq = (int32_t)(int16_t)dc * quant0;  /* libjpeg's coefficient is a JCOEF */
    if (n == 1) {
        dst[0] = limit[((dcq + 4) >> 3) & 1023];
        return 0;
    }
    int32_t outside = outside_dequantized(dcq);
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

static void upsample_h2v1(const uint8_t *in, int width, int fancy, uint8_t *out) {
    if (!fancy) {
        for (int i = 0; i < width; i++) out[2 * i] = out[2 * i + 1] = in[i];
        return;
    }
    int v = in[0];
    out[0] = (uint8_t)v;
    out[1] = (uint8_t)((v * 3 + in[1] + 2) >> 2);
    for (int i = 1; i < width - 1; i++) {
        v = in[i] * 3;
        out[2 * i] = (uint8_t)((v + in[i - 1] + 1) >> 2);
        out[2 * i + 1] = (uint8_t)((v + in[i + 1] + 2) >> 2);
    }
    v = in[width - 1];
    out[2 * (width - 1)] = (uint8_t)((v * 3 + in[width - 2] + 1) >> 2);
    out[2 * (width - 1) + 1] = (uint8_t)v;
}

int cic_jpeg_split_write_rows(const cic_jpeg_split *s, uint8_t *out, size_t stride, int first_group, int end_group) {
    int channels = s->components == 1 ? 1 : 3;
    size_t plane_bytes[3] = {0, 0, 0}, total = 0;
    for (int c = 0; c < s->components; c++) {
        plane_bytes[c] = (size_t)s->comp[c].plane_width * (size_t)s->group_rows;
        total += plane_bytes[c];
    }
    size_t upsampled = (size_t)s->comp[0].plane_width + 16;
    uint8_t *work = malloc(total + 2 * upsampled);
    if (work == NULL) return CIC_ERR_NOMEM;
    uint8_t *planes[3] = {work, work + plane_bytes[0], work + plane_bytes[0] + plane_bytes[1]};
    uint8_t *up[2] = {work + total, work + total + upsampled};
    int32_t outside = 0;
    for (int gy = first_group; gy < end_group; gy++) {
        for (int mx = 0; mx < s->mcus_per_row; mx++) {
            int64_t g = (int64_t)gy * s->mcus_per_row + mx;
            const int16_t *rec;
            int from_part1 = g >= s->sync_mcu;
            rec = from_part1 ? s->records1 + (s->sync_local + (g - s->sync_mcu)) * s->words
                             : s->records0 + g * s->words;
            for (int n = 0; n < s->blocks; n++) {
                const block_plan *bp = &s->plan[n];
                const component_plan *cp = &s->comp[bp->component];
                int x = (mx * cp->h + bp->bx) * cp->idct;
                const int16_t *block = rec + bp->record;
                int32_t dc = (int32_t)((uint32_t)block[0] + (uint32_t)(from_part1 ? s->dc_offset[bp->component] : 0));
                uint8_t *dst = planes[bp->component] + (size_t)(bp->by * cp->idct) * (size_t)cp->plane_width + (size_t)x;
                outside |= write_block(s->range_limit, cp->idct, dc, bp->quant[0], block + 1, dst, cp->plane_width);
            }
        }
        for (int r = 0; r < s->group_rows; r++) {
            int y = gy * s->group_rows + r;
            if (y >= s->out_height) break;
            uint8_t *dst = out + (size_t)y * stride;
            const uint8_t *luma = planes[0] + (size_t)r * (size_t)s->comp[0].plane_width;
            if (channels == 1) {
                memcpy(dst, luma, (size_t)s->out_width);
                continue;
            }
            const uint8_t *chroma[2];
            for (int c = 1; c <= 2; c++) {
                const component_plan *cp = &s->comp[c];
                const uint8_t *row = planes[c] + (size_t)r * (size_t)cp->plane_width;
                if (cp->upsample == 0) {
                    chroma[c - 1] = row;
                } else {
                    upsample_h2v1(row, cp->downsampled_width, cp->upsample == 1, up[c - 1]);
                    chroma[c - 1] = up[c - 1];
                }
            }
            const uint8_t *cbs = chroma[0], *crs = chroma[1];
            const uint8_t *clamp = s->clamp + 256;
            for (int x = 0; x < s->out_width; x++) {
                int yv = luma[x], cb = cbs[x], cr = crs[x];
                dst[3 * x] = clamp[yv + s->cr_r[cr]];
                dst[3 * x + 1] = clamp[yv + ((s->cb_g[cb] + s->cr_g[cr]) >> 16)];
                dst[3 * x + 2] = clamp[yv + s->cb_b[cb]];
            }
        }
    }
    free(work);
    return outside ? CIC_ERR_UNSUPPORTED : CIC_OK;
}
