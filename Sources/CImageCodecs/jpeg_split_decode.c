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
 * or 17 16-bit values instead of 64 coefficients; the rows are made afterwards with the
 * true DC, libjpeg's range limiting, its h2v1 upsampling and its YCbCr to RGB arithmetic
 * (jdsample.c, jdmaster.c, jdcolor.c). Scales 1/8, 1/4 and 1/2. With cic_jpeg_split_run
 * both threads share the rows: the part that finishes first starts on part 0's rows (final
 * as soon as part 0 is done), and the rest follow once both parts are and the decode is
 * judged whole.
 *
 * Anything outside that (progressive, arithmetic, 12-bit, CMYK, RGB
 * JPEGs, sampling other than 4:4:4, 4:2:2, 4:2:0 and gray, quantisation steps above
 * 2047; a bad Huffman code, a run of zeros past a block's end (at 1/4 and 1/2 scale),
 * data that ends early, extra bytes before EOI or a restart marker, a restart marker out
 * of sequence; coefficients or outputs no 8-bit encoder makes, where libjpeg-turbo's 16-bit SIMD IDCTs part from
 * jidctred.c's arithmetic) makes the caller decode with libjpeg instead, which then
 * reports the same warnings and errors as always. Nothing here touches libjpeg's state:
 * it reads the header libjpeg parsed. The tests compare every byte with libjpeg's
 * (JPEGSplitDecodeTests).
 *
 * Huffman codes and the bit reader: jpeg_huffman.h; the reduced IDCTs: jpeg_reduced_idct.h.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "jpeg_decoder.h"
#include "jpeg_huffman.h"
#include "jpeg_reduced_idct.h"
#include "internal.h"

enum {
    MAX_PLAN_BLOCKS = 6,                /* 4:2:0: four luma blocks and two chroma */
    PROGRESS_EVERY = 64                 /* MCUs between checks of the other part */
};

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
    int32_t quant[4][65];             /* natural order; [64] = 0 for slot 64 */

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

    /* cic_jpeg_split_run: the two threads share the rows once their records are final. */
    pthread_mutex_t lock;
    pthread_cond_t changed;           /* a part finished decoding, or the decode was judged */
    int parts_done;                   /* parts that returned from decoding (under lock) */
    atomic_int part0_groups;          /* row groups all of whose MCUs part 0 decoded, once
                                       * it returned (0 before, or when it failed) */
    atomic_int judged;                /* 0 until both parts are done; then 1 when
                                       * cic_jpeg_split_finish accepted the decode, -1 not */
    int finish_status;                /* cic_jpeg_split_finish's, once judged */
    atomic_int next_group;            /* the next row group for a thread to claim */
    atomic_int rows_status;           /* CIC_OK, or the first failure writing rows */
    uint8_t range_limit[1024];        /* libjpeg's IDCT_range_limit, indexed & 1023 */
};

/* One block's AC coefficients, after its DC, reduced to what the IDCT of output size
 * `idct` keeps in `out` (always inlined with a constant `idct`, so each size gets a loop of
 * its own). Each coefficient goes into the sums as it decodes (cic_sums_2x2_add,
 * cic_sums_4x4_add), which count every position once: a run past the block's end, which
 * libjpeg reads as writing the last coefficient again, is left to libjpeg. For 1 nothing
 * is kept. 0 for a bad code, that run, or a coefficient or sum out of bounds. */
HOT int decode_ac(hot_bits *h, bit_reader *b, const block_plan *bp, const int idct, int16_t *out) {
    const huff_table *ac = bp->ac;
    const uint8_t *slot = cic_idct_slots[idct];
    cic_sums_2x2 sums2;
    cic_sums_4x4 sums4;
    if (idct == 2) memset(&sums2, 0, sizeof sums2);
    if (idct == 4) memset(&sums4, 0, sizeof sums4);
    int32_t outside = 0;
    int count = 0;
    for (int k = 1; k < 64; k++) {
        fill(h, b);
        int32_t value, shortcut = ac->ac_fast[peek(h, LOOKAHEAD)];
        if (shortcut != 0) {
            skip(h, shortcut & 31);
            if (shortcut & END_OF_BLOCK) break;
            k += (shortcut >> 8) & 15;
            value = shortcut >> 16;
        } else {
            int rs = decode_symbol(h, ac);
            if (rs < 0) return 0;
            int run = rs >> 4, vsize = rs & 15;
            if (vsize == 0) {
                if (run != 15) break;
                k += 15;
                continue;
            }
            k += run;
            value = receive(h, vsize);
        }
        if (idct == 1) continue;
        if (k > 63) return 0;
        int pos = slot[k];
        if (idct == 2) cic_sums_2x2_add(&sums2, pos, value, bp->quant, &outside);
        else cic_sums_4x4_add(&sums4, pos, value, bp->quant, &outside);
        count += pos != 64;
    }
    if (idct == 1) return 1;
    if (count == 0) {
        for (int i = 0; i < idct * idct; i++) out[i] = 4;  /* the rounding */
        return 1;
    }
    if (idct == 2) {
        cic_sums_2x2_finish(&sums2, out);
        return outside == 0;
    }
    return cic_sums_4x4_finish(&sums4, out) & (outside == 0);
}

/* Decodes one MCU into `record`, updating `predictors`; 0 for what decode_ac refuses
 * (then the caller gives up on this position). */
static int decode_mcu(const cic_jpeg_split *s, bit_reader *b, int32_t *predictors, int16_t *record) {
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
        switch (bp->idct) {
        case 1: ok = decode_ac(&h, b, bp, 1, out + 1); break;
        case 2: ok = decode_ac(&h, b, bp, 2, out + 1); break;
        default: ok = decode_ac(&h, b, bp, 4, out + 1); break;
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
    if (b->end_bits == INT64_MAX && b->count <= 56) cic_bit_reader_fill_slow(b);
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
        cic_bit_reader_fill_slow(b);
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
    cic_bit_reader_init(&b, start, s->data_end);
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

/* Part 0: from the start of the data until the first MCU start that part 1 also found (or
 * the MCU that part 1 claimed after a restart marker), or to the end. */
static void decode_from_start(cic_jpeg_split *s) {
    bit_reader b;
    cic_bit_reader_init(&b, s->data, s->data_end);
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
}

/* Part 1: from the middle to the end, guessing again after a code no table has. */
static void decode_from_middle(cic_jpeg_split *s) {
    s->records1 = malloc((size_t)s->capacity1 * (size_t)s->words * sizeof(int16_t));
    s->positions1 = malloc(((size_t)s->capacity1 + 1) * sizeof(int64_t));
    s->count1 = 0;
    s->end_bits1 = -1;
    if (s->records1 == NULL || s->positions1 == NULL) return;
    bit_reader b;
    cic_bit_reader_init(&b, s->middle, s->data_end);
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
        cic_bit_reader_fill_slow(&b);
    }
    s->end_bits1 = b.end_bits == INT64_MAX ? -1 : b.end_bits;
    s->marker1 = b.marker;
}

void cic_jpeg_split_decode_part(cic_jpeg_split *s, int part) {
    if (part == 0) decode_from_start(s);
    else if (s->restart_interval > 0) decode_after_restart(s);
    else decode_from_middle(s);
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
        if (!cic_huff_table_build(cinfo->dc_huff_tbl_ptrs[dt], 1, &s->dc_tables[dt])) return 0;
        if (!cic_huff_table_build(cinfo->ac_huff_tbl_ptrs[at], 0, &s->ac_tables[at])) return 0;
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
                words += cic_idct_record_words(cp->idct);
                n++;
            }
        }
    }
    s->blocks = n;
    s->words = words;
    return n > 0;
}

/* libjpeg's range limit table (jdmaster.c prepare_range_limit_table). */
static void build_output_tables(cic_jpeg_split *s) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cic_reduced_idct_init);
    for (int i = 0; i < 1024; i++) {
        int v = i < 128 ? i + 128 : i < 512 ? 255 : i < 896 ? 0 : i - 896;
        s->range_limit[i] = (uint8_t)v;
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
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->changed, NULL);
    atomic_init(&s->part0_groups, 0);
    atomic_init(&s->judged, 0);
    atomic_init(&s->next_group, 0);
    atomic_init(&s->rows_status, CIC_OK);
    s->finish_status = CIC_ERR_ARGUMENT;
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
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->changed);
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

int cic_jpeg_split_groups(const cic_jpeg_split *s) { return (s->out_height + s->group_rows - 1) / s->group_rows; }

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

/* Scratch planes for writing rows: one MCU row of each component, and the upsampled
 * chroma of one row. */
typedef struct {
    uint8_t *work;
    uint8_t *planes[3];
    uint8_t *up[2];
} row_scratch;

static int row_scratch_init(const cic_jpeg_split *s, row_scratch *r) {
    size_t plane_bytes[3] = {0, 0, 0}, total = 0;
    for (int c = 0; c < s->components; c++) {
        plane_bytes[c] = (size_t)s->comp[c].plane_width * (size_t)s->group_rows;
        total += plane_bytes[c];
    }
    size_t upsampled = (size_t)s->comp[0].plane_width + 16;
    r->work = malloc(total + 2 * upsampled);
    if (r->work == NULL) return 0;
    r->planes[0] = r->work;
    r->planes[1] = r->work + plane_bytes[0];
    r->planes[2] = r->work + plane_bytes[0] + plane_bytes[1];
    r->up[0] = r->work + total;
    r->up[1] = r->work + total + upsampled;
    return 1;
}

static inline int32_t clamp_sample(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

/* libjpeg's YCbCr to RGB (jdcolor.c ycc_rgb_convert). Its tables hold these products, so
 * computing them in the loop gives the same bytes and lets the compiler vectorise it
 * (cic_jpeg_split_check_ycc compares the two for every input). The sums stay within
 * -256...511, where libjpeg's sample_range_limit is this clamp. */
static void ycc_to_rgb_row(const uint8_t *restrict luma, const uint8_t *restrict cbs, const uint8_t *restrict crs,
                           uint8_t *restrict dst, int width) {
    for (int x = 0; x < width; x++) {
        int32_t y = luma[x], cb = (int32_t)cbs[x] - 128, cr = (int32_t)crs[x] - 128;
        int32_t r = y + ((91881 * cr + 32768) >> 16);                 /* FIX(1.40200) */
        int32_t g = y + ((-22554 * cb + 32768 - 46802 * cr) >> 16);  /* FIX(0.34414), FIX(0.71414) */
        int32_t b = y + ((116130 * cb + 32768) >> 16);                /* FIX(1.77200) */
        dst[3 * x] = (uint8_t)clamp_sample(r);
        dst[3 * x + 1] = (uint8_t)clamp_sample(g);
        dst[3 * x + 2] = (uint8_t)clamp_sample(b);
    }
}

int cic_jpeg_split_check_ycc(void) {
    /* libjpeg's tables as jdcolor.c build_ycc_rgb_table makes them, and its
     * sample_range_limit (x + 256 -> x clamped to 0...255). */
    int32_t cr_r[256], cb_b[256], cr_g[256], cb_g[256];
    const int64_t one_half = (int64_t)1 << 15;
    for (int i = 0, x = -128; i < 256; i++, x++) {
        cr_r[i] = (int32_t)(((int64_t)91881 * x + one_half) >> 16);
        cb_b[i] = (int32_t)(((int64_t)116130 * x + one_half) >> 16);
        cr_g[i] = -46802 * x;
        cb_g[i] = -22554 * x + (int32_t)one_half;
    }
    uint8_t luma[256], cbs[256], crs[256], rgb[3 * 256];
    for (int y = 0; y < 256; y++) {
        for (int cb = 0; cb < 256; cb++) {
            for (int cr = 0; cr < 256; cr++) {
                luma[cr] = (uint8_t)y;
                cbs[cr] = (uint8_t)cb;
                crs[cr] = (uint8_t)cr;
            }
            ycc_to_rgb_row(luma, cbs, crs, rgb, 256);
            for (int cr = 0; cr < 256; cr++) {
                int32_t want[3] = {y + cr_r[cr], y + ((cb_g[cb] + cr_g[cr]) >> 16), y + cb_b[cb]};
                for (int k = 0; k < 3; k++)
                    if (want[k] < -256 || want[k] > 511 || rgb[3 * cr + k] != clamp_sample(want[k])) return 0;
            }
        }
    }
    return 1;
}

/* The output rows of row group gy; nonzero when a block's output is one no 8-bit encoder
 * makes (see cic_idct_write_block). */
static int32_t write_group(const cic_jpeg_split *s, const row_scratch *scratch, uint8_t *out, size_t stride,
                           int gy) {
    int channels = s->components == 1 ? 1 : 3;
    uint8_t *const *planes = scratch->planes;
    int32_t outside = 0;
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
            outside |= cic_idct_write_block(s->range_limit, cp->idct, dc, bp->quant[0], block + 1, dst, cp->plane_width);
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
                upsample_h2v1(row, cp->downsampled_width, cp->upsample == 1, scratch->up[c - 1]);
                chroma[c - 1] = scratch->up[c - 1];
            }
        }
        ycc_to_rgb_row(luma, chroma[0], chroma[1], dst, s->out_width);
    }
    return outside;
}

int cic_jpeg_split_write_rows(const cic_jpeg_split *s, uint8_t *out, size_t stride, int first_group, int end_group) {
    row_scratch scratch;
    if (!row_scratch_init(s, &scratch)) return CIC_ERR_NOMEM;
    int32_t outside = 0;
    for (int gy = first_group; gy < end_group; gy++) outside |= write_group(s, &scratch, out, stride, gy);
    free(scratch.work);
    return outside ? CIC_ERR_UNSUPPORTED : CIC_OK;
}

/* Marks `part` done decoding; the second part to get here judges the whole decode. */
static void part_decoded(cic_jpeg_split *s, int part) {
    pthread_mutex_lock(&s->lock);
    if (part == 0 && s->status0 == CIC_OK) {
        int64_t complete = s->sync_mcu / s->mcus_per_row;  /* groups below the first MCU of part 1 */
        int groups = cic_jpeg_split_groups(s);
        atomic_store_explicit(&s->part0_groups, complete < groups ? (int)complete : groups, memory_order_release);
    }
    if (++s->parts_done == 2) {
        s->finish_status = cic_jpeg_split_finish(s);
        atomic_store_explicit(&s->judged, s->finish_status == CIC_OK ? 1 : -1, memory_order_release);
    }
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}

/* Row group g: 1 when its records are final (part 0's, or the decode was accepted), -1
 * when they never will be (the decode was rejected), 0 not yet. */
static int group_state(cic_jpeg_split *s, int g) {
    if (g < atomic_load_explicit(&s->part0_groups, memory_order_acquire)) return 1;
    return atomic_load_explicit(&s->judged, memory_order_acquire);
}

/* Whether row group g may be written; waits until group_state says. */
static int wait_for_group(cic_jpeg_split *s, int g) {
    int state = group_state(s, g);
    if (state == 0) {
        pthread_mutex_lock(&s->lock);
        while ((state = group_state(s, g)) == 0) pthread_cond_wait(&s->changed, &s->lock);
        pthread_mutex_unlock(&s->lock);
    }
    return state > 0;
}

/* Keeps the first failure of writing rows. */
static void rows_failed(cic_jpeg_split *s, int status) {
    int expected = CIC_OK;
    atomic_compare_exchange_strong(&s->rows_status, &expected, status);
}

void cic_jpeg_split_run(cic_jpeg_split *s, int part, uint8_t *out, size_t stride) {
    cic_jpeg_split_decode_part(s, part);
    part_decoded(s, part);
    row_scratch scratch;
    if (!row_scratch_init(s, &scratch)) {
        rows_failed(s, CIC_ERR_NOMEM);
        return;
    }
    int groups = cic_jpeg_split_groups(s);
    for (;;) {
        int g = atomic_fetch_add_explicit(&s->next_group, 1, memory_order_relaxed);
        if (g >= groups || !wait_for_group(s, g)) break;
        if (write_group(s, &scratch, out, stride, g) != 0) rows_failed(s, CIC_ERR_UNSUPPORTED);
    }
    free(scratch.work);
}

int cic_jpeg_split_result(cic_jpeg_split *s) {
    int judged = atomic_load_explicit(&s->judged, memory_order_acquire);
    if (judged == 0) return CIC_ERR_ARGUMENT;  /* both parts have not run */
    return judged < 0 ? s->finish_status : atomic_load(&s->rows_status);
}
