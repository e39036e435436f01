#ifndef CIMAGECODECS_JPEG_DECODER_H
#define CIMAGECODECS_JPEG_DECODER_H
#include "jpeg_error.h"

/* One JPEG decode: libjpeg's state plus what the shim adds (jpeg_decode.c). */
struct cic_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    cic_jpeg_error_mgr err;
    int header_read;
    int decode_started;
    int cmyk;       /* libjpeg outputs CMYK; shim converts to RGB */
    int inverted;   /* Adobe convention: CMYK stored inverted (0 = full ink) */
    int out_channels;
};

#endif
