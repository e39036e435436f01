#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>
#include "cimagecodecs.h"
#include "internal.h"

/* Heap state: everything the error path touches survives the longjmp. */
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    png_bytep *rows;
    char message[CIC_MESSAGE_CAPACITY];
} cic_png_encode_state;

static void cic_png_write_data(png_structp png, png_bytep bytes, size_t length) {
    cic_png_encode_state *s = png_get_io_ptr(png);
    if (length > SIZE_MAX - s->size) png_error(png, "PNG output too large");
    if (s->size + length > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 8192;
        while (capacity < s->size + length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "PNG output too large");
            capacity *= 2;
        }
        uint8_t *grown = realloc(s->data, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        s->data = grown;
        s->capacity = capacity;
    }
    memcpy(s->data + s->size, bytes, length);
    s->size += length;
}

static void cic_png_flush(png_structp png) { (void)png; }

static void cic_png_error(png_structp png, png_const_charp text) {
    cic_png_encode_state *s = png_get_error_ptr(png);
    cic_copy_message(s->message, sizeof s->message, text);
    png_longjmp(png, 1);
}

static void cic_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

int cic_png_encode(const cic_png_write_params *p, uint8_t **out, size_t *out_size,
                   char *message, size_t message_capacity) {
    if (out) *out = NULL;
    if (out_size) *out_size = 0;
    if (p == NULL || out == NULL || out_size == NULL || p->rows == NULL ||
        p->width <= 0 || p->height <= 0 || p->palette_count < 0 || p->palette_count > 256 ||
        p->trns_count < 0 || p->trns_count > 256) {
        cic_copy_message(message, message_capacity, "invalid PNG encode arguments");
        return CIC_ERR_ARGUMENT;
    }
    cic_png_encode_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        cic_copy_message(message, message_capacity, "out of memory");
        return CIC_ERR_NOMEM;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, cic_png_error, cic_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(s);
        cic_copy_message(message, message_capacity, "out of memory");
        return CIC_ERR_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        cic_copy_message(message, message_capacity, s->message);
        png_destroy_write_struct(&png, &info);
        free(s->rows);
        free(s->data);
        free(s);
        return CIC_ERR_CORRUPT;
    }
    png_set_write_fn(png, s, cic_png_write_data, cic_png_flush);
    png_set_IHDR(png, info, (png_uint_32)p->width, (png_uint_32)p->height, p->bit_depth,
                 p->color_type, p->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (p->palette_count > 0 && p->palette_rgb != NULL) {
        png_color palette[256];
        for (int i = 0; i < p->palette_count; i++) {
            palette[i].red = p->palette_rgb[3 * i];
            palette[i].green = p->palette_rgb[3 * i + 1];
            palette[i].blue = p->palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, p->palette_count);
    }
    if (p->trns_count > 0 && p->trns_alpha != NULL) {
        png_set_tRNS(png, info, p->trns_alpha, p->trns_count, NULL);
    } else if (p->has_trns_color) {
        png_color_16 color;
        memset(&color, 0, sizeof color);
        color.gray = p->trns_gray;
        color.red = p->trns_red;
        color.green = p->trns_green;
        color.blue = p->trns_blue;
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    if (p->pixels_per_meter > 0)
        png_set_pHYs(png, info, p->pixels_per_meter, p->pixels_per_meter, PNG_RESOLUTION_METER);
    if (p->compression_level >= 0 && p->compression_level <= 9)
        png_set_compression_level(png, p->compression_level);
    if (p->run_lengths_only) png_set_compression_strategy(png, Z_RLE);

    s->rows = malloc(sizeof(png_bytep) * (size_t)p->height);
    if (s->rows == NULL) png_error(png, "out of memory");
    for (int y = 0; y < p->height; y++)
        s->rows[y] = (png_bytep)(p->rows + (size_t)y * p->row_stride);

    png_write_info(png, info);
    png_write_image(png, s->rows); /* handles Adam7 passes itself */
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);

    *out = s->data;
    *out_size = s->size;
    free(s->rows);
    free(s);
    cic_copy_message(message, message_capacity, "");
    return CIC_OK;
}
