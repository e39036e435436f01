#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <png.h>
#include "cimagecodecs.h"
#include "internal.h"

/* libpng's simplified API does its own setjmp internally and returns 0 on error. */
struct cic_png_decoder {
    png_image image;
    int header_read;
    int decode_started;
    int sixteen_bit_interlaced; /* IHDR bit depth 16 and Adam7 */
    char message[CIC_MESSAGE_CAPACITY];
    char warnings[CIC_WARNINGS_CAPACITY];
    size_t warnings_length;
};

cic_png_decoder *cic_png_create(void) {
    cic_png_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->image.version = PNG_IMAGE_VERSION;
    return d;
}

void cic_png_destroy(cic_png_decoder *d) {
    if (d == NULL) return;
    png_image_free(&d->image);
    free(d);
}

const char *cic_png_message(const cic_png_decoder *d) { return d ? d->message : ""; }
const char *cic_png_warnings(const cic_png_decoder *d) { return d ? d->warnings : ""; }

static void cic_png_note_warning(cic_png_decoder *d) {
    if (PNG_IMAGE_FAILED(d->image) == 0 && (d->image.warning_or_error & PNG_IMAGE_WARNING))
        cic_warnings_add(d->warnings, sizeof d->warnings, &d->warnings_length, d->image.message);
}

static int cic_png_failure(cic_png_decoder *d) {
    cic_copy_message(d->message, sizeof d->message, d->image.message);
    const char *m = d->image.message;
    if (strstr(m, "beyond end of data") || strstr(m, "Not enough image data") ||
        strstr(m, "end of file") || strstr(m, "unexpected end"))
        return CIC_ERR_TRUNCATED;
    if (strstr(m, "out of memory") || strstr(m, "Out of memory")) return CIC_ERR_NOMEM;
    return CIC_ERR_CORRUPT;
}

int cic_png_read_header(cic_png_decoder *d, const uint8_t *data, size_t size, cic_png_info *info) {
    if (info != NULL) memset(info, 0, sizeof *info);
    if (d == NULL || data == NULL || info == NULL || size == 0 || d->header_read) {
        if (d) cic_copy_message(d->message, sizeof d->message, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    d->header_read = 1;
    if (!png_image_begin_read_from_memory(&d->image, data, size)) return cic_png_failure(d);
    cic_png_note_warning(d);
    /* begin_read succeeded, so a valid IHDR sits at bytes 8..32. */
    d->sixteen_bit_interlaced = size > 28 && data[24] == 16 && data[28] == 1;
    info->width = (int)d->image.width;
    info->height = (int)d->image.height;
    info->has_color = (d->image.format & PNG_FORMAT_FLAG_COLOR) ? 1 : 0;
    info->has_alpha = (d->image.format & PNG_FORMAT_FLAG_ALPHA) ? 1 : 0;
    info->out_channels = info->has_color ? 3 : 1;
    return CIC_OK;
}

/*
 * Workaround for a libpng simplified-API bug (pnggroup/libpng#853): Adam7 16-bit input
 * decoded to 8-bit output comes out wrong.  For that case we ask for 16-bit linear output
 * with (premultiplied) alpha, composite over white in linear light and encode to 8-bit sRGB.
 */
static int cic_png_decode_16bit_interlaced(cic_png_decoder *d, uint8_t *out, size_t row_stride, int color) {
    size_t width = d->image.width, height = d->image.height;
    size_t in_channels = color ? 4 : 2;
    if (width > SIZE_MAX / 2 / in_channels / (height ? height : 1)) {
        cic_copy_message(d->message, sizeof d->message, "image too large");
        return CIC_ERR_NOMEM;
    }
    uint16_t *linear = malloc(width * height * in_channels * sizeof(uint16_t));
    if (linear == NULL) {
        png_image_free(&d->image);
        cic_copy_message(d->message, sizeof d->message, "out of memory");
        return CIC_ERR_NOMEM;
    }
    d->image.format = color ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_LINEAR_Y_ALPHA;
    if (!png_image_finish_read(&d->image, NULL, linear, 0, NULL)) {
        free(linear);
        return -1;
    }
    /* linear 16-bit -> 8-bit; libpng models sRGB as a 2.2 power law, so the inverse must
     * match it to round-trip.  Full-resolution table: the curve is steep near black. */
    uint8_t *encode = malloc(65536);
    if (encode == NULL) {
        free(linear);
        cic_copy_message(d->message, sizeof d->message, "out of memory");
        return CIC_ERR_NOMEM;
    }
    for (int i = 0; i < 65536; i++) {
        int q = (int)(pow(i / 65535.0, 1.0 / 2.2) * 255.0 + 0.5);
        encode[i] = (uint8_t)(q < 0 ? 0 : q > 255 ? 255 : q);
    }
    size_t out_channels = color ? 3 : 1;
    for (size_t y = 0; y < height; y++) {
        const uint16_t *src = linear + y * width * in_channels;
        uint8_t *dst = out + y * row_stride;
        for (size_t x = 0; x < width; x++, src += in_channels, dst += out_channels) {
            uint32_t transparent = 65535u - src[in_channels - 1];
            for (size_t c = 0; c < out_channels; c++) {
                uint32_t value = src[c] + transparent; /* premultiplied + white * (1 - alpha) */
                if (value > 65535u) value = 65535u;
                dst[c] = encode[value];
            }
        }
    }
    free(encode);
    free(linear);
    return CIC_OK;
}

int cic_png_decode(cic_png_decoder *d, uint8_t *out, size_t out_size, size_t row_stride) {
    if (d == NULL || out == NULL || !d->header_read || d->decode_started || d->image.opaque == NULL) {
        if (d) cic_copy_message(d->message, sizeof d->message, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    d->decode_started = 1;
    int has_alpha = (d->image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    int color = (d->image.format & PNG_FORMAT_FLAG_COLOR) != 0;
    d->image.format = color ? PNG_FORMAT_RGB : PNG_FORMAT_GRAY;
    size_t row_bytes = (size_t)d->image.width * (color ? 3u : 1u);
    if (row_stride < row_bytes || row_stride > 0x7fffffff || d->image.height == 0 ||
        out_size < row_stride * (d->image.height - 1) + row_bytes) {
        cic_copy_message(d->message, sizeof d->message, "output buffer too small");
        return CIC_ERR_ARGUMENT;
    }
    /* 16-bit files without gAMA/sRGB are sRGB-encoded in practice, not linear.
     * (Must be set after begin_read, which clears the struct.) */
    d->image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    if (d->sixteen_bit_interlaced) {
        int status = cic_png_decode_16bit_interlaced(d, out, row_stride, color);
        if (status < 0) return cic_png_failure(d);
        if (status == CIC_OK) cic_png_note_warning(d);
        return status;
    }
    png_color white = {255, 255, 255};
    if (!png_image_finish_read(&d->image, has_alpha ? &white : NULL, out,
                               (png_int_32)row_stride, NULL))
        return cic_png_failure(d);
    cic_png_note_warning(d);
    return CIC_OK;
}
