#ifndef CIMAGECODECS_JPEG_HUFFMAN_H
#define CIMAGECODECS_JPEG_HUFFMAN_H
/*
 * Baseline Huffman decoding for the split decoder (jpeg_split_decode.c): code tables
 * built as libjpeg builds and checks them, and a reader of entropy-coded bytes whose hot
 * state (the bit buffer) stays in registers while an MCU decodes.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

enum {
    LOOKAHEAD = 9,                      /* bits the code tables resolve in one lookup */
    END_OF_BLOCK = 1 << 12              /* flag in huff_table.ac_fast */
};

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
int cic_huff_table_build(const JHUFF_TBL *src, int is_dc, huff_table *t);

/* Reads entropy-coded bytes: 0xFF 0x00 is a data byte 0xFF; fill bytes 0xFF before a
 * marker are skipped, as libjpeg does; 0xFF 0xFF ... 0x00 ends the data (see
 * cic_bit_reader_fill_slow). Positions count data bits from where the reader started, so
 * two readers that started at different bytes agree on a bit once the second one's
 * origin is known in the first one's count (see `mark`). */
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

/* A reader of the bytes from p to end (exclusive), at its first bit. */
void cic_bit_reader_init(bit_reader *b, const uint8_t *p, const uint8_t *end);

/* Bits consumed since the start. */
static inline int64_t reader_position(const bit_reader *b) { return b->loaded - b->count; }

/* Loads bytes one at a time until more than 56 bits are in acc (zeros after the data). */
void cic_bit_reader_fill_slow(bit_reader *b);

/* The reader's hot state, kept in registers while an MCU decodes (the functions below
 * are always inlined into it); only the slow fill goes through the bit_reader. */
typedef struct {
    uint64_t acc;
    int count;
    const uint8_t *p;
    int64_t loaded;
} hot_bits;

#define HOT __attribute__((always_inline)) static inline

HOT void hot_load(hot_bits *h, const bit_reader *b) {
    h->acc = b->acc;
    h->count = b->count;
    h->p = b->p;
    h->loaded = b->loaded;
}

HOT void hot_store(const hot_bits *h, bit_reader *b) {
    b->acc = h->acc;
    b->count = h->count;
    b->p = h->p;
    b->loaded = h->loaded;
}

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
    cic_bit_reader_fill_slow(b);
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

#endif
