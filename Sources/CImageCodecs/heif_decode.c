#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libheif/heif.h>
#include "cimagecodecs.h"
#include "internal.h"

/* libheif reports every failure as a returned heif_error; nothing jumps or prints. */
struct cic_heif_decoder {
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_image *image;
    int has_alpha;
    char message[CIC_MESSAGE_CAPACITY];
};

/* libheif is opened on the first HEIF photo rather than linked: loading it with the HEVC and
   AV1 codecs it pulls in costs about 3 ms at every start of lineart, and most photos are not HEIF. */
#if defined(__APPLE__)
#define CIC_HEIF_LIBRARY "libheif.1.dylib"
#else
#define CIC_HEIF_LIBRARY "libheif.so.1"
#endif

#define CIC_HEIF_FUNCTIONS(X) \
    X(heif_init) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_is_premultiplied_alpha) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_decode_image) \
    X(heif_image_get_width) \
    X(heif_image_get_height) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_bits_per_pixel_range)

/* The libheif functions used here, typed by the header's declarations. */
static struct {
#define CIC_HEIF_POINTER(name) __typeof__(name) *name;
    CIC_HEIF_FUNCTIONS(CIC_HEIF_POINTER)
#undef CIC_HEIF_POINTER
} heif;
static char cic_heif_load_failure[CIC_MESSAGE_CAPACITY];
static pthread_once_t cic_heif_once = PTHREAD_ONCE_INIT;

/* Opens libheif and initialises it once; on failure says why in cic_heif_load_failure. The
   library stays loaded for the process (libheif's init is reference counted, never released). */
static void cic_heif_load(void) {
    void *library = dlopen(CIC_HEIF_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(cic_heif_load_failure, sizeof cic_heif_load_failure,
                 "HEIF needs libheif (%s), which could not be loaded: %s", CIC_HEIF_LIBRARY, reason ? reason : "");
        return;
    }
#define CIC_HEIF_RESOLVE(name) \
    if ((*(void **)&heif.name = dlsym(library, #name)) == NULL) { \
        snprintf(cic_heif_load_failure, sizeof cic_heif_load_failure, \
                 "HEIF needs libheif with %s, which %s lacks", #name, CIC_HEIF_LIBRARY); \
        return; \
    }
    CIC_HEIF_FUNCTIONS(CIC_HEIF_RESOLVE)
#undef CIC_HEIF_RESOLVE
    heif.heif_init(NULL);
}

cic_heif_decoder *cic_heif_create(void) {
    pthread_once(&cic_heif_once, cic_heif_load);
    return calloc(1, sizeof(cic_heif_decoder));
}

void cic_heif_destroy(cic_heif_decoder *d) {
    if (d == NULL) return;
    if (d->image) heif.heif_image_release(d->image);
    if (d->handle) heif.heif_image_handle_release(d->handle);
    if (d->context) heif.heif_context_free(d->context);
    free(d);
}

const char *cic_heif_message(const cic_heif_decoder *d) { return d ? d->message : ""; }

static int cic_heif_failure(cic_heif_decoder *d, struct heif_error error) {
    snprintf(d->message, sizeof d->message, "HEIF: %s", error.message ? error.message : "");
    if (error.subcode == heif_suberror_End_of_data) return CIC_ERR_TRUNCATED;
    switch (error.code) {
    case heif_error_Memory_allocation_error: return CIC_ERR_NOMEM;
    case heif_error_Unsupported_filetype:
    case heif_error_Unsupported_feature: return CIC_ERR_UNSUPPORTED;
    default: return CIC_ERR_CORRUPT;
    }
}

static int cic_heif_misuse(cic_heif_decoder *d) {
    if (d) cic_copy_message(d->message, sizeof d->message, "invalid decoder call");
    return CIC_ERR_ARGUMENT;
}

int cic_heif_read_header(cic_heif_decoder *d, const uint8_t *data, size_t size, cic_photo_info *info) {
    if (info != NULL) memset(info, 0, sizeof *info);
    if (d == NULL || data == NULL || info == NULL || size == 0 || d->context != NULL) return cic_heif_misuse(d);
    if (cic_heif_load_failure[0] != '\0') {
        cic_copy_message(d->message, sizeof d->message, cic_heif_load_failure);
        return CIC_ERR_UNSUPPORTED;
    }
    d->context = heif.heif_context_alloc();
    if (d->context == NULL) {
        cic_copy_message(d->message, sizeof d->message, "out of memory");
        return CIC_ERR_NOMEM;
    }
    struct heif_error error = heif.heif_context_read_from_memory_without_copy(d->context, data, size, NULL);
    if (error.code != heif_error_Ok) return cic_heif_failure(d, error);
    error = heif.heif_context_get_primary_image_handle(d->context, &d->handle);
    if (error.code != heif_error_Ok) return cic_heif_failure(d, error);
    d->has_alpha = heif.heif_image_handle_has_alpha_channel(d->handle) ? 1 : 0;
    info->width = heif.heif_image_handle_get_width(d->handle);
    info->height = heif.heif_image_handle_get_height(d->handle);
    info->has_alpha = d->has_alpha;
    info->out_channels = 3;
    info->orientation = 1;
    return CIC_OK;
}

int cic_heif_decode(cic_heif_decoder *d, int *width, int *height) {
    if (width) *width = 0;
    if (height) *height = 0;
    if (d == NULL || d->handle == NULL || d->image != NULL || width == NULL || height == NULL)
        return cic_heif_misuse(d);
    struct heif_decoding_options *options = heif.heif_decoding_options_alloc();
    if (options == NULL) {
        cic_copy_message(d->message, sizeof d->message, "out of memory");
        return CIC_ERR_NOMEM;
    }
    options->convert_hdr_to_8bit = 1;  /* 10-bit photos come out as 8-bit RGB */
    enum heif_chroma chroma = d->has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
    struct heif_error error = heif.heif_decode_image(d->handle, &d->image, heif_colorspace_RGB, chroma, options);
    heif.heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) return cic_heif_failure(d, error);
    *width = heif.heif_image_get_width(d->image, heif_channel_interleaved);
    *height = heif.heif_image_get_height(d->image, heif_channel_interleaved);
    if (*width <= 0 || *height <= 0 || heif.heif_image_get_bits_per_pixel_range(d->image, heif_channel_interleaved) != 8) {
        cic_copy_message(d->message, sizeof d->message, "unexpected HEIF output layout");
        return CIC_ERR_UNSUPPORTED;
    }
    return CIC_OK;
}

int cic_heif_copy(cic_heif_decoder *d, uint8_t *out, size_t out_size, size_t row_stride) {
    if (d == NULL || d->image == NULL || out == NULL) return cic_heif_misuse(d);
    int stride = 0;
    const uint8_t *plane = heif.heif_image_get_plane_readonly(d->image, heif_channel_interleaved, &stride);
    size_t width = (size_t)heif.heif_image_get_width(d->image, heif_channel_interleaved);
    size_t height = (size_t)heif.heif_image_get_height(d->image, heif_channel_interleaved);
    size_t in_channels = d->has_alpha ? 4 : 3;
    if (plane == NULL || stride <= 0 || (size_t)stride < width * in_channels) {
        cic_copy_message(d->message, sizeof d->message, "HEIF image has no pixels");
        return CIC_ERR_CORRUPT;
    }
    if (row_stride < width * 3 || out_size < row_stride * (height - 1) + width * 3) return cic_heif_misuse(d);
    /* libheif's RGBA is straight (not premultiplied) unless the file says otherwise. */
    int premultiplied = heif.heif_image_handle_is_premultiplied_alpha(d->handle);
    for (size_t y = 0; y < height; y++) {
        const uint8_t *src = plane + y * (size_t)stride;
        uint8_t *dst = out + y * row_stride;
        if (d->has_alpha) cic_rgba_over_white(src, dst, width, premultiplied);
        else memcpy(dst, src, width * 3);
    }
    return CIC_OK;
}
