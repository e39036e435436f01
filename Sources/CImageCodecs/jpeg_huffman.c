#include "jpeg_huffman.h"

int cic_huff_table_build(const JHUFF_TBL *src, int is_dc, huff_table *t) {
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

void cic_bit_reader_init(bit_reader *b, const uint8_t *p, const uint8_t *end) {
    memset(b, 0, sizeof *b);
    b->p = p;
    b->end = end;
    b->end_bits = INT64_MAX;
    b->mark_bits = -1;
}

/* Kept out of line: the hot fill (jpeg_huffman.h) calls it only near 0xFF bytes. */
__attribute__((noinline)) void cic_bit_reader_fill_slow(bit_reader *b) {
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
