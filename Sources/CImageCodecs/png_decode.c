#include <stdlib.h>
#include <string.h>
#include <png.h>
#include "cimagecodecs.h"
#include "internal.h"

/* libpng's simplified API does its own setjmp internally and returns 0 on error. */
struct cic_png_decoder {
    png_image image;
    int header_read;
    int decode_started;
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
    info->width = (int)d->image.width;
    info->height = (int)d->image.height;
    info->has_color = (d->image.format & PNG_FORMAT_FLAG_COLOR) ? 1 : 0;
    info->has_alpha = (d->image.format & PNG_FORMAT_FLAG_ALPHA) ? 1 : 0;
    info->out_channels = info->has_color ? 3 : 1;
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
    png_color white = {255, 255, 255};
    if (!png_image_finish_read(&d->image, has_alpha ? &white : NULL, out,
                               (png_int_32)row_stride, NULL))
        return cic_png_failure(d);
    cic_png_note_warning(d);
    return CIC_OK;
}
