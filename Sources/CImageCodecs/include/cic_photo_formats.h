#ifndef CIC_PHOTO_FORMATS_H
#define CIC_PHOTO_FORMATS_H

/*
 * HEIF (libheif), WebP (libwebp) and TIFF (libtiff) decoding for LineArtKit: phone and web
 * photos.  Like the JPEG and PNG shims, every call that can fail returns a CIC_* status
 * (cimagecodecs.h) and leaves a message; no library prints, exits or jumps.
 * Output is always 8-bit gray (1 channel) or RGB (3), alpha composited over white.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a header says, before any pixel memory is allocated. */
typedef struct cic_photo_info {
    int width;         /* HEIF: after its transformations (rotation, mirror, crop); else as stored */
    int height;
    int has_alpha;
    int out_channels;  /* 1 (gray) or 3 (RGB) */
    int orientation;   /* TIFF: the Orientation tag (1...8, EXIF's meaning); others 1 */
} cic_photo_info;

/* ------------------------------------------------------------------ HEIF */

typedef struct cic_heif_decoder cic_heif_decoder;

/* Returns NULL only if malloc fails.  The data passed to read_header must outlive it. */
cic_heif_decoder *cic_heif_create(void);
void cic_heif_destroy(cic_heif_decoder *decoder);
/* Parses the container and finds the primary image; decodes no pixels. */
int cic_heif_read_header(cic_heif_decoder *decoder, const uint8_t *data, size_t size, cic_photo_info *info);
/* Decodes the primary image with its transformations applied (libheif's own buffer); the
 * decoded size goes to *width, *height (a crop can make it smaller than the header's). */
int cic_heif_decode(cic_heif_decoder *decoder, int *width, int *height);
/* Copies the decoded pixels into out as RGB (alpha over white). */
int cic_heif_copy(cic_heif_decoder *decoder, uint8_t *out, size_t out_size, size_t row_stride);
const char *cic_heif_message(const cic_heif_decoder *decoder);

/* ------------------------------------------------------------------ WebP */

/* Reads the WebP header; an animated WebP is CIC_ERR_UNSUPPORTED. */
int cic_webp_read_header(const uint8_t *data, size_t size, cic_photo_info *info,
                         char *message, size_t message_capacity);
/* Decodes to RGB at out_width x out_height (smaller than stored: libwebp's scaler shrinks
 * while decoding), alpha over white. */
int cic_webp_decode(const uint8_t *data, size_t size, int out_width, int out_height,
                    uint8_t *out, size_t out_size, size_t row_stride,
                    char *message, size_t message_capacity);
/* Encoder used for test fixtures: RGB (3) or RGBA (4) pixels, lossless or at quality;
 * *out is malloc'd, release with cic_free. */
int cic_webp_encode(const uint8_t *pixels, int width, int height, int channels,
                    int lossless, int quality, uint8_t **out, size_t *out_size);

/* ------------------------------------------------------------------ TIFF */

typedef struct cic_tiff_decoder cic_tiff_decoder;

cic_tiff_decoder *cic_tiff_create(void);
void cic_tiff_destroy(cic_tiff_decoder *decoder);
/* Opens the first image of the file from memory (the data must outlive the decoder). */
int cic_tiff_read_header(cic_tiff_decoder *decoder, const uint8_t *data, size_t size, cic_photo_info *info);
/* Decodes in stored order (the Orientation tag is the caller's to apply) to gray or RGB. */
int cic_tiff_decode(cic_tiff_decoder *decoder, uint8_t *out, size_t out_size, size_t row_stride);
const char *cic_tiff_message(const cic_tiff_decoder *decoder);
const char *cic_tiff_warnings(const cic_tiff_decoder *decoder);

#ifdef __cplusplus
}
#endif

#endif
