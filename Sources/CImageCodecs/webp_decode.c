#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include "cimagecodecs.h"
#include "internal.h"

/* libwebp returns a VP8StatusCode from every call; nothing jumps or prints. */
static int cic_webp_failure(VP8StatusCode code, char *message, size_t capacity) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA:
        cic_copy_message(message, capacity, "WebP data ends early");
        return CIC_ERR_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY:
        cic_copy_message(message, capacity, "out of memory");
        return CIC_ERR_NOMEM;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        cic_copy_message(message, capacity, "WebP feature not supported by libwebp");
        return CIC_ERR_UNSUPPORTED;
    case VP8_STATUS_INVALID_PARAM:
        cic_copy_message(message, capacity, "invalid WebP decoder parameters");
        return CIC_ERR_ARGUMENT;
    default:
        cic_copy_message(message, capacity, "WebP bitstream error");
        return CIC_ERR_CORRUPT;
    }
}

int cic_webp_read_header(const uint8_t *data, size_t size, cic_photo_info *info,
                         char *message, size_t message_capacity) {
    if (info != NULL) memset(info, 0, sizeof *info);
    if (data == NULL || info == NULL || size == 0) {
        cic_copy_message(message, message_capacity, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(data, size, &features);
    if (code != VP8_STATUS_OK) return cic_webp_failure(code, message, message_capacity);
    if (features.has_animation) {
        cic_copy_message(message, message_capacity, "animated WebP");
        return CIC_ERR_UNSUPPORTED;
    }
    info->width = features.width;
    info->height = features.height;
    info->has_alpha = features.has_alpha ? 1 : 0;
    info->out_channels = 3;
    info->orientation = 1;
    return CIC_OK;
}

int cic_webp_decode(const uint8_t *data, size_t size, int out_width, int out_height,
                    uint8_t *out, size_t out_size, size_t row_stride,
                    char *message, size_t message_capacity) {
    WebPDecoderConfig config;
    if (data == NULL || out == NULL || out_width <= 0 || out_height <= 0 || !WebPInitDecoderConfig(&config) ||
        row_stride < (size_t)out_width * 3 || row_stride > 0x7fffffff ||
        out_size < row_stride * (size_t)(out_height - 1) + (size_t)out_width * 3) {
        cic_copy_message(message, message_capacity, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    VP8StatusCode code = WebPGetFeatures(data, size, &config.input);
    if (code != VP8_STATUS_OK) return cic_webp_failure(code, message, message_capacity);
    if (out_width > config.input.width || out_height > config.input.height) {
        cic_copy_message(message, message_capacity, "WebP output larger than the image");
        return CIC_ERR_ARGUMENT;
    }
    if (out_width != config.input.width || out_height != config.input.height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = out_width;
        config.options.scaled_height = out_height;
    }
    int alpha = config.input.has_alpha;
    uint8_t *rgba = NULL;
    if (alpha) {
        /* Premultiplied, so that the scaler averages colour weighted by coverage. */
        size_t rgba_size = (size_t)out_width * 4 * (size_t)out_height;
        if ((rgba = malloc(rgba_size)) == NULL) return cic_webp_failure(VP8_STATUS_OUT_OF_MEMORY, message, message_capacity);
        config.output.colorspace = MODE_rgbA;
        config.output.u.RGBA.rgba = rgba;
        config.output.u.RGBA.stride = out_width * 4;
        config.output.u.RGBA.size = rgba_size;
    } else {
        config.output.colorspace = MODE_RGB;
        config.output.u.RGBA.rgba = out;
        config.output.u.RGBA.stride = (int)row_stride;
        config.output.u.RGBA.size = out_size;
    }
    config.output.is_external_memory = 1;
    code = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (code == VP8_STATUS_OK && alpha) {
        for (int y = 0; y < out_height; y++)
            cic_rgba_over_white(rgba + (size_t)y * (size_t)out_width * 4, out + (size_t)y * row_stride,
                                (size_t)out_width, 1);
    }
    free(rgba);
    if (code != VP8_STATUS_OK) return cic_webp_failure(code, message, message_capacity);
    return CIC_OK;
}

int cic_webp_encode(const uint8_t *pixels, int width, int height, int channels,
                    int lossless, int quality, uint8_t **out, size_t *out_size) {
    if (out) *out = NULL;
    if (out_size) *out_size = 0;
    if (pixels == NULL || out == NULL || out_size == NULL || (channels != 3 && channels != 4)) return CIC_ERR_ARGUMENT;
    uint8_t *encoded = NULL;
    int stride = width * channels;
    size_t n;
    if (channels == 3)
        n = lossless ? WebPEncodeLosslessRGB(pixels, width, height, stride, &encoded)
                     : WebPEncodeRGB(pixels, width, height, stride, (float)quality, &encoded);
    else
        n = lossless ? WebPEncodeLosslessRGBA(pixels, width, height, stride, &encoded)
                     : WebPEncodeRGBA(pixels, width, height, stride, (float)quality, &encoded);
    if (n == 0) return CIC_ERR_ARGUMENT;
    /* WebPFree and free may differ: hand back memory cic_free can release. */
    *out = malloc(n);
    if (*out == NULL) { WebPFree(encoded); return CIC_ERR_NOMEM; }
    memcpy(*out, encoded, n);
    *out_size = n;
    WebPFree(encoded);
    return CIC_OK;
}
