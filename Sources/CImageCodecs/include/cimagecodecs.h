#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

/*
 * C shim over libjpeg(-turbo) and libpng for LineArtKit (libheif, libwebp and libtiff:
 * cic_photo_formats.h).
 *
 * Every libjpeg / libpng call that can fail runs inside a function of this
 * file that sets up setjmp and a custom error manager, so errors come back
 * as a status code plus a message.  No longjmp ever crosses into Swift and
 * the library never calls exit() or prints to stderr.
 */

#include <stddef.h>
#include <stdint.h>
#include "cic_deflate.h"
#include "cic_photo_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes returned by every fallible shim function. */
enum {
    CIC_OK = 0,
    CIC_ERR_CORRUPT = 1,    /* library rejected the data; see message */
    CIC_ERR_TRUNCATED = 2,  /* data ended before the image was complete */
    CIC_ERR_NOMEM = 3,      /* allocation failed */
    CIC_ERR_ARGUMENT = 4,   /* caller passed inconsistent sizes / state */
    CIC_ERR_UNSUPPORTED = 5 /* colour space / layout we do not handle */
};

#define CIC_MESSAGE_CAPACITY 256
#define CIC_WARNINGS_CAPACITY 2048

/* ------------------------------------------------------------------ JPEG */

/* Header facts reported by cic_jpeg_read_header. */
typedef struct cic_jpeg_info {
    int width;             /* as stored in the file */
    int height;
    int num_components;    /* as stored in the file */
    int jpeg_color_space;  /* J_COLOR_SPACE of the file */
    int progressive;
    int saw_adobe_marker;
    int adobe_transform;
    int out_width;         /* after DCT scaling */
    int out_height;
    int out_channels;      /* 1 (gray) or 3 (RGB); CMYK is converted to RGB */
    int scale_num;         /* scale used is scale_num / scale_denom */
    int scale_denom;
    const uint8_t *exif;   /* payload of the first APP1 "Exif\0\0" segment, or NULL */
    size_t exif_length;    /* valid until cic_jpeg_destroy */
} cic_jpeg_info;

typedef struct cic_jpeg_decoder cic_jpeg_decoder;

/* Returns NULL only if malloc fails. */
cic_jpeg_decoder *cic_jpeg_create(void);
void cic_jpeg_destroy(cic_jpeg_decoder *decoder);

/*
 * Reads the JPEG header from memory (the buffer must outlive the decoder),
 * picks the smallest DCT scale k/8 (k in 1...8) whose output max(width,height)
 * is >= target_max_dimension (<= 0: full size) and fills *info.
 * Allocates nothing proportional to the image size.
 */
int cic_jpeg_read_header(cic_jpeg_decoder *decoder, const uint8_t *data, size_t size,
                         int target_max_dimension, cic_jpeg_info *info);

/*
 * Decodes into out (out_height rows of row_stride bytes, row_stride >=
 * out_width * out_channels), several scanlines per call, converting CMYK /
 * inverted (Adobe) CMYK / YCCK to RGB.  On success *coverage receives the
 * fraction (0...1) of the image that had real entropy-coded data before the
 * data ended (1 when the data was complete, and for a progressive file whose
 * first scan was complete).
 */
int cic_jpeg_decode(cic_jpeg_decoder *decoder, uint8_t *out, size_t out_size,
                    size_t row_stride, double *coverage);

/* Error message of the last failure ("" if none). */
const char *cic_jpeg_message(const cic_jpeg_decoder *decoder);
/* Newline-separated, de-duplicated warnings collected so far ("" if none). */
const char *cic_jpeg_warnings(const cic_jpeg_decoder *decoder);

/*
 * Encoder used for test fixtures: pixels are width*height*components bytes,
 * components 1 (gray), 3 (RGB) or 4 (CMYK samples, written as given).
 * cmyk_mode (4 components only): 0 = CMYK without Adobe APP14 marker,
 * 1 = CMYK with Adobe marker (by Adobe convention such data is stored
 * inverted), 2 = YCCK with Adobe marker.  On success *out is a malloc'd
 * buffer to release with cic_free.
 */
int cic_jpeg_encode(const uint8_t *pixels, int width, int height, int components,
                    int quality, int progressive, int cmyk_mode,
                    uint8_t **out, size_t *out_size,
                    char *message, size_t message_capacity);
/* cic_jpeg_encode with the luma sampling factors (luma_h x luma_v, chroma 1x1; 0: the
 * default 2x2) and a restart interval in MCUs (0: none), for decoder tests. */
int cic_jpeg_encode_sampled(const uint8_t *pixels, int width, int height, int components,
                            int quality, int progressive, int cmyk_mode,
                            int luma_h, int luma_v, int restart_interval,
                            uint8_t **out, size_t *out_size,
                            char *message, size_t message_capacity);

/* ------------------------------------------------------------------- PNG */

typedef struct cic_png_info {
    int width;
    int height;
    int has_color;   /* source has colour (RGB or colour palette) */
    int has_alpha;   /* source has alpha or tRNS */
    int out_channels;/* 1 or 3 */
} cic_png_info;

typedef struct cic_png_decoder cic_png_decoder;

cic_png_decoder *cic_png_create(void);
void cic_png_destroy(cic_png_decoder *decoder);

/* Reads the PNG header with libpng's simplified API; allocates no pixel memory. */
int cic_png_read_header(cic_png_decoder *decoder, const uint8_t *data, size_t size,
                        cic_png_info *info);
/* Decodes to 8-bit gray or RGB, compositing any alpha over white. */
int cic_png_decode(cic_png_decoder *decoder, uint8_t *out, size_t out_size, size_t row_stride);
const char *cic_png_message(const cic_png_decoder *decoder);
const char *cic_png_warnings(const cic_png_decoder *decoder);

/* Parameters for cic_png_encode (libpng classic write API). */
typedef struct cic_png_write_params {
    int width;
    int height;
    int bit_depth;          /* 1, 2, 4, 8, 16 */
    int color_type;         /* PNG_COLOR_TYPE_* value: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA */
    int interlace;          /* 0 none, 1 Adam7 */
    const uint8_t *rows;    /* height rows, already packed as in the PNG (16-bit big-endian) */
    size_t row_stride;
    const uint8_t *palette_rgb; /* palette_count * 3 bytes */
    int palette_count;
    const uint8_t *trns_alpha;  /* palette alpha values */
    int trns_count;
    int has_trns_color;     /* single transparent colour for gray/RGB */
    uint16_t trns_gray, trns_red, trns_green, trns_blue;
    uint32_t pixels_per_meter; /* 0: no pHYs chunk */
    int compression_level;  /* -1: libpng default */
    int run_lengths_only;   /* 1: zlib's Z_RLE strategy (matches only runs of one byte); 0: default */
} cic_png_write_params;

/* Encodes into a malloc'd buffer (*out, release with cic_free). */
int cic_png_encode(const cic_png_write_params *params, uint8_t **out, size_t *out_size,
                   char *message, size_t message_capacity);

void cic_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
