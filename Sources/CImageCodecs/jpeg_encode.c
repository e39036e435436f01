#include <stdlib.h>
#include <string.h>
#include "jpeg_error.h"
#include "internal.h"

/* Heap state so nothing the longjmp path reads lives in a clobberable local. */
typedef struct {
    struct jpeg_compress_struct cinfo;
    cic_jpeg_error_mgr err;
    unsigned char *buffer;
    unsigned long size;
    int created;
} cic_jpeg_encode_state;

int cic_jpeg_encode(const uint8_t *pixels, int width, int height, int components,
                    int quality, int progressive, int cmyk_mode,
                    uint8_t **out, size_t *out_size,
                    char *message, size_t message_capacity) {
    return cic_jpeg_encode_sampled(pixels, width, height, components, quality, progressive, cmyk_mode,
                                   0, 0, 0, out, out_size, message, message_capacity);
}

int cic_jpeg_encode_sampled(const uint8_t *pixels, int width, int height, int components,
                            int quality, int progressive, int cmyk_mode,
                            int luma_h, int luma_v, int restart_interval,
                            uint8_t **out, size_t *out_size,
                            char *message, size_t message_capacity) {
    if (out) *out = NULL;
    if (out_size) *out_size = 0;
    if (pixels == NULL || out == NULL || out_size == NULL || width <= 0 || height <= 0 ||
        !(components == 1 || components == 3 || components == 4)) {
        cic_copy_message(message, message_capacity, "invalid JPEG encode arguments");
        return CIC_ERR_ARGUMENT;
    }
    cic_jpeg_encode_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        cic_copy_message(message, message_capacity, "out of memory");
        return CIC_ERR_NOMEM;
    }
    s->cinfo.err = cic_jpeg_error_init(&s->err);
    if (setjmp(s->err.jump)) {
        cic_copy_message(message, message_capacity, s->err.message);
        if (s->created) jpeg_destroy_compress(&s->cinfo);
        free(s->buffer);
        free(s);
        return CIC_ERR_CORRUPT;
    }
    jpeg_create_compress(&s->cinfo);
    s->created = 1;
    jpeg_mem_dest(&s->cinfo, &s->buffer, &s->size);
    s->cinfo.image_width = (JDIMENSION)width;
    s->cinfo.image_height = (JDIMENSION)height;
    s->cinfo.input_components = components;
    s->cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&s->cinfo);
    jpeg_set_quality(&s->cinfo, quality, TRUE);
    if (components == 4) {
        if (cmyk_mode == 2) jpeg_set_colorspace(&s->cinfo, JCS_YCCK); /* writes Adobe marker */
        else s->cinfo.write_Adobe_marker = cmyk_mode == 1 ? TRUE : FALSE;
    }
    if (luma_h > 0 && luma_v > 0) {
        s->cinfo.comp_info[0].h_samp_factor = luma_h;
        s->cinfo.comp_info[0].v_samp_factor = luma_v;
    }
    if (restart_interval > 0) s->cinfo.restart_interval = (unsigned int)restart_interval;
    if (progressive) jpeg_simple_progression(&s->cinfo);
    jpeg_start_compress(&s->cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (s->cinfo.next_scanline < s->cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)s->cinfo.next_scanline * stride);
        jpeg_write_scanlines(&s->cinfo, &row, 1);
    }
    jpeg_finish_compress(&s->cinfo);
    jpeg_destroy_compress(&s->cinfo);
    *out = s->buffer;
    *out_size = (size_t)s->size;
    free(s);
    cic_copy_message(message, message_capacity, "");
    return CIC_OK;
}
