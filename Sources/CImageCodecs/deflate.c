#include <zlib.h>
#include "cic_deflate.h"

size_t cic_deflate_bound(size_t size) { return (size_t)compressBound((uLong)size); }

int cic_deflate(const uint8_t *data, size_t size, uint8_t *out, size_t *out_size, int level) {
    uLongf length = (uLongf)*out_size;
    if (compress2(out, &length, data, (uLong)size, level) != Z_OK) return -1;
    *out_size = (size_t)length;
    return 0;
}

int cic_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t *out_size) {
    uLongf length = (uLongf)*out_size;
    if (uncompress(out, &length, data, (uLong)size) != Z_OK) return -1;
    *out_size = (size_t)length;
    return 0;
}
