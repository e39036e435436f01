#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include "cimagecodecs.h"
#include "internal.h"

/*
 * libtiff reads from memory through client procedures; its errors and warnings go to
 * handlers set for this one TIFF (libtiff >= 4.5), which record them here instead of
 * printing.  Pixels come from the TIFFRGBAImage interface, which handles every photometric
 * interpretation, bit depth, planar layout and compression libtiff supports.
 */
struct cic_tiff_decoder {
    const uint8_t *data;
    size_t size;
    uint64_t offset;
    TIFF *tiff;
    int gray;
    char message[CIC_MESSAGE_CAPACITY];
    char warnings[CIC_WARNINGS_CAPACITY];
    size_t warnings_length;
};

static tmsize_t cic_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    cic_tiff_decoder *d = handle;
    if (count <= 0 || d->offset >= d->size) return 0;
    size_t available = d->size - (size_t)d->offset;
    size_t n = (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, d->data + d->offset, n);
    d->offset += n;
    return (tmsize_t)n;
}

static tmsize_t cic_tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle; (void)buffer; (void)count;
    return -1;
}

static toff_t cic_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    cic_tiff_decoder *d = handle;
    uint64_t base = whence == SEEK_CUR ? d->offset : whence == SEEK_END ? d->size : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    d->offset = base + offset;
    return d->offset;
}

static int cic_tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t cic_tiff_size(thandle_t handle) { return ((cic_tiff_decoder *)handle)->size; }
static int cic_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle; (void)base; (void)size;
    return 0;
}
static void cic_tiff_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

static int cic_tiff_on_error(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
    (void)tiff; (void)module;
    cic_tiff_decoder *d = user;
    if (d->message[0] != '\0') return 1;  /* the first error is the cause; later ones follow from it */
    char line[CIC_MESSAGE_CAPACITY];
    vsnprintf(line, sizeof line, format, args);
    /* Messages name the file by the name given to TIFFClientOpenExt: "TIFF: ...". */
    snprintf(d->message, sizeof d->message, "%s%s", strncmp(line, "TIFF: ", 6) == 0 ? "" : "TIFF: ", line);
    return 1;  /* handled: libtiff prints nothing */
}

static int cic_tiff_on_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
    (void)tiff; (void)module;
    cic_tiff_decoder *d = user;
    char line[CIC_MESSAGE_CAPACITY];
    vsnprintf(line, sizeof line, format, args);
    cic_warnings_add(d->warnings, sizeof d->warnings, &d->warnings_length, line);
    return 1;
}

cic_tiff_decoder *cic_tiff_create(void) { return calloc(1, sizeof(cic_tiff_decoder)); }

void cic_tiff_destroy(cic_tiff_decoder *d) {
    if (d == NULL) return;
    if (d->tiff) TIFFClose(d->tiff);
    free(d);
}

const char *cic_tiff_message(const cic_tiff_decoder *d) { return d ? d->message : ""; }
const char *cic_tiff_warnings(const cic_tiff_decoder *d) { return d ? d->warnings : ""; }

static int cic_tiff_failure(cic_tiff_decoder *d, const char *fallback) {
    if (d->message[0] == '\0') cic_copy_message(d->message, sizeof d->message, fallback);
    if (strstr(d->message, "Read error") || strstr(d->message, "Cannot read") ||
        strstr(d->message, "Can not read") || strstr(d->message, "IO error during reading") ||
        strstr(d->message, "past end") || strstr(d->message, "end of file"))
        return CIC_ERR_TRUNCATED;
    if (strstr(d->message, "Out of memory") || strstr(d->message, "out of memory")) return CIC_ERR_NOMEM;
    return CIC_ERR_CORRUPT;
}

int cic_tiff_read_header(cic_tiff_decoder *d, const uint8_t *data, size_t size, cic_photo_info *info) {
    if (info != NULL) memset(info, 0, sizeof *info);
    if (d == NULL || data == NULL || info == NULL || size == 0 || d->tiff != NULL) {
        if (d) cic_copy_message(d->message, sizeof d->message, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    d->data = data;
    d->size = size;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        cic_copy_message(d->message, sizeof d->message, "out of memory");
        return CIC_ERR_NOMEM;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, cic_tiff_on_error, d);
    TIFFOpenOptionsSetWarningHandlerExtR(options, cic_tiff_on_warning, d);
    /* "m": never map; libtiff reads through cic_tiff_read only. */
    d->tiff = TIFFClientOpenExt("TIFF", "rm", d, cic_tiff_read, cic_tiff_write, cic_tiff_seek, cic_tiff_close,
                                cic_tiff_size, cic_tiff_map, cic_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (d->tiff == NULL) return cic_tiff_failure(d, "not a readable TIFF");

    uint32_t width = 0, height = 0;
    uint16_t orientation = ORIENTATION_TOPLEFT, photometric = 0, samples = 1, extra = 0;
    uint16_t *extra_types = NULL;
    if (!TIFFGetField(d->tiff, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(d->tiff, TIFFTAG_IMAGELENGTH, &height) ||
        width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff)
        return cic_tiff_failure(d, "TIFF without a valid image size");
    TIFFGetFieldDefaulted(d->tiff, TIFFTAG_ORIENTATION, &orientation);
    TIFFGetFieldDefaulted(d->tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(d->tiff, TIFFTAG_EXTRASAMPLES, &extra, &extra_types);
    if (!TIFFGetField(d->tiff, TIFFTAG_PHOTOMETRIC, &photometric)) photometric = PHOTOMETRIC_MINISWHITE;
    char reason[1024] = "";
    if (!TIFFRGBAImageOK(d->tiff, reason)) {
        cic_copy_message(d->message, sizeof d->message, reason);
        return CIC_ERR_UNSUPPORTED;  /* reason names the tag and value libtiff cannot convert */
    }
    d->gray = (photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE) &&
              samples >= extra && samples - extra == 1;
    info->width = (int)width;
    info->height = (int)height;
    info->has_alpha = extra > 0;
    info->out_channels = d->gray ? 1 : 3;
    info->orientation = orientation >= 1 && orientation <= 8 ? orientation : 1;
    return CIC_OK;
}

int cic_tiff_decode(cic_tiff_decoder *d, uint8_t *out, size_t out_size, size_t row_stride) {
    if (d == NULL || d->tiff == NULL || out == NULL) {
        if (d) cic_copy_message(d->message, sizeof d->message, "invalid decoder call");
        return CIC_ERR_ARGUMENT;
    }
    char reason[1024] = "";
    TIFFRGBAImage image;
    if (!TIFFRGBAImageBegin(&image, d->tiff, 1, reason)) {
        cic_copy_message(d->message, sizeof d->message, reason);
        return cic_tiff_failure(d, reason);
    }
    size_t width = image.width, height = image.height, channels = d->gray ? 1 : 3;
    if (row_stride < width * channels || out_size < row_stride * (height - 1) + width * channels) {
        TIFFRGBAImageEnd(&image);
        cic_copy_message(d->message, sizeof d->message, "output buffer too small");
        return CIC_ERR_ARGUMENT;
    }
    /* Rows in the file's order (no flip): the caller applies the Orientation tag. */
    image.req_orientation = image.orientation;
    /* Bands of whole strips or tiles, so no strip is decoded twice and the raster stays small. */
    uint32_t band = 0;
    if (TIFFIsTiled(d->tiff)) TIFFGetField(d->tiff, TIFFTAG_TILELENGTH, &band);
    else TIFFGetFieldDefaulted(d->tiff, TIFFTAG_ROWSPERSTRIP, &band);
    if (band == 0 || band > height) band = (uint32_t)height;
    if (band < 64) band = (uint32_t)(height < 64 ? height : (64 / band) * band);
    uint32_t *raster = malloc(width * band * sizeof(uint32_t));
    uint8_t *rgba = malloc(width * 4);
    uint8_t *rgb = malloc(width * 3);
    int status = CIC_OK;
    if (raster == NULL || rgba == NULL || rgb == NULL) {
        cic_copy_message(d->message, sizeof d->message, "out of memory");
        status = CIC_ERR_NOMEM;
    }
    for (size_t first = 0; status == CIC_OK && first < height; first += band) {
        uint32_t rows = (uint32_t)(height - first < band ? height - first : band);
        image.row_offset = (int)first;
        image.col_offset = 0;
        if (!TIFFRGBAImageGet(&image, raster, (uint32_t)width, rows)) {
            status = cic_tiff_failure(d, "TIFF image data could not be read");
            break;
        }
        for (uint32_t r = 0; r < rows; r++) {
            const uint32_t *src = raster + (size_t)r * width;
            for (size_t x = 0; x < width; x++) {
                rgba[4 * x] = (uint8_t)TIFFGetR(src[x]);
                rgba[4 * x + 1] = (uint8_t)TIFFGetG(src[x]);
                rgba[4 * x + 2] = (uint8_t)TIFFGetB(src[x]);
                rgba[4 * x + 3] = (uint8_t)TIFFGetA(src[x]);
            }
            uint8_t *dst = out + (first + r) * row_stride;
            /* TIFFRGBAImage premultiplies unassociated alpha; without alpha A is 255. */
            cic_rgba_over_white(rgba, d->gray ? rgb : dst, width, 1);
            if (d->gray) for (size_t x = 0; x < width; x++) dst[x] = rgb[3 * x];
        }
    }
    TIFFRGBAImageEnd(&image);
    free(rgb);
    free(rgba);
    free(raster);
    return status;
}
