#include <stdlib.h>
#include <string.h>
#include "jpeg_decoder.h"
#include "internal.h"


cic_jpeg_decoder *cic_jpeg_create(void) {
    cic_jpeg_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->cinfo.err = cic_jpeg_error_init(&d->err);
    if (setjmp(d->err.jump)) { free(d); return NULL; }
    jpeg_create_decompress(&d->cinfo);
    return d;
}

void cic_jpeg_destroy(cic_jpeg_decoder *d) {
    if (d == NULL) return;
    jpeg_destroy_decompress(&d->cinfo);
    free(d);
}

const char *cic_jpeg_message(const cic_jpeg_decoder *d) { return d ? d->err.message : ""; }
const char *cic_jpeg_warnings(const cic_jpeg_decoder *d) { return d ? d->err.warnings : ""; }

static int cic_jpeg_failure_status(const cic_jpeg_decoder *d) {
    if (d->err.saw_eof) return CIC_ERR_TRUNCATED;
    if (d->err.pub.msg_code == JERR_OUT_OF_MEMORY) return CIC_ERR_NOMEM;
    return CIC_ERR_CORRUPT;
}

int cic_jpeg_read_header(cic_jpeg_decoder *d, const uint8_t *data, size_t size,
                         int target_max_dimension, cic_jpeg_info *info) {
    if (info != NULL) memset(info, 0, sizeof *info);
    if (d == NULL || data == NULL || info == NULL || size == 0 || d->header_read) {
        if (d) cic_copy_message(d->err.message, sizeof d->err.message, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    if (setjmp(d->err.jump)) return cic_jpeg_failure_status(d);

    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);
    d->header_read = 1;

    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
        cinfo->out_color_space = JCS_GRAYSCALE;
        d->out_channels = 1;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        d->cmyk = 1;
        d->inverted = cinfo->saw_Adobe_marker ? 1 : 0;
        d->out_channels = 3;
        break;
    default:
        cinfo->out_color_space = JCS_RGB;
        d->out_channels = 3;
        break;
    }

    /* Smallest k/8 whose larger output side still reaches the target. */
    int chosen = 8;
    if (target_max_dimension > 0) {
        for (int k = 1; k <= 8; k++) {
            cinfo->scale_num = (unsigned int)k;
            cinfo->scale_denom = 8;
            jpeg_calc_output_dimensions(cinfo);
            JDIMENSION longest = cinfo->output_width > cinfo->output_height
                ? cinfo->output_width : cinfo->output_height;
            if (longest >= (JDIMENSION)target_max_dimension) { chosen = k; break; }
        }
    }
    cinfo->scale_num = (unsigned int)chosen;
    cinfo->scale_denom = 8;
    jpeg_calc_output_dimensions(cinfo);

    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->num_components = cinfo->num_components;
    info->jpeg_color_space = (int)cinfo->jpeg_color_space;
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->saw_adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    info->adobe_transform = cinfo->Adobe_transform;
    info->out_width = (int)cinfo->output_width;
    info->out_height = (int)cinfo->output_height;
    info->out_channels = d->out_channels;
    info->scale_num = chosen;
    info->scale_denom = 8;
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 &&
            memcmp(m->data, "Exif\0\0", 6) == 0) {
            info->exif = m->data + 6;
            info->exif_length = m->data_length - 6;
            break;
        }
    }
    return CIC_OK;
}

/* Converts CMYK rows to RGB: R = (255-C)(255-K)/255 etc.; inverted data is already 255-x. */
static void cic_cmyk_to_rgb(const JSAMPLE *src, uint8_t *dst, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++, src += 4, dst += 3) {
        unsigned c = src[0], m = src[1], y = src[2], k = src[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        dst[0] = (uint8_t)((c * k + 127) / 255);
        dst[1] = (uint8_t)((m * k + 127) / 255);
        dst[2] = (uint8_t)((y * k + 127) / 255);
    }
}

enum { CIC_JPEG_BATCH_ROWS = 16 };

int cic_jpeg_decode(cic_jpeg_decoder *d, uint8_t *out, size_t out_size,
                    size_t row_stride, double *coverage) {
    if (coverage != NULL) *coverage = 0;
    if (d == NULL || out == NULL || !d->header_read || d->decode_started) {
        if (d) cic_copy_message(d->err.message, sizeof d->err.message, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    size_t row_bytes = (size_t)cinfo->output_width * (size_t)d->out_channels;
    if (row_stride < row_bytes || cinfo->output_height == 0 ||
        out_size < row_stride * (cinfo->output_height - 1) + row_bytes) {
        cic_copy_message(d->err.message, sizeof d->err.message, "output buffer too small");
        return CIC_ERR_ARGUMENT;
    }
    d->decode_started = 1;
    if (setjmp(d->err.jump)) return cic_jpeg_failure_status(d);

    jpeg_start_decompress(cinfo);
    int expected = d->cmyk ? 4 : d->out_channels;
    if (cinfo->output_components != expected) {
        cic_copy_message(d->err.message, sizeof d->err.message, "unexpected JPEG output layout");
        return CIC_ERR_UNSUPPORTED;
    }
    JSAMPARRAY scratch = NULL;
    if (d->cmyk) {
        scratch = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE,
                                              cinfo->output_width * 4, CIC_JPEG_BATCH_ROWS);
    }
    JSAMPROW rows[CIC_JPEG_BATCH_ROWS];
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION want = cinfo->output_height - first;
        if (want > CIC_JPEG_BATCH_ROWS) want = CIC_JPEG_BATCH_ROWS;
        for (JDIMENSION i = 0; i < want; i++)
            rows[i] = scratch ? scratch[i] : out + (size_t)(first + i) * row_stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, rows, want);
        if (got == 0) {
            cic_copy_message(d->err.message, sizeof d->err.message, "JPEG decoder made no progress");
            return CIC_ERR_CORRUPT;
        }
        if (scratch) {
            for (JDIMENSION i = 0; i < got; i++)
                cic_cmyk_to_rgb(scratch[i], out + (size_t)(first + i) * row_stride,
                                cinfo->output_width, d->inverted);
        }
    }
    jpeg_finish_decompress(cinfo);

    double fraction = 1.0;
    if (d->err.saw_eof && d->err.eof_scan <= 1 && cinfo->total_iMCU_rows > 0) {
        fraction = (double)d->err.eof_imcu_row / (double)cinfo->total_iMCU_rows;
        if (fraction > 1.0) fraction = 1.0;
    }
    if (coverage != NULL) *coverage = fraction;
    return CIC_OK;
}
