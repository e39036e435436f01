#ifndef CIC_DEFLATE_H
#define CIC_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* zlib streams (RFC 1950), the format of PDF's /FlateDecode filter. */

/* The largest compressed size of `size` bytes. */
size_t cic_deflate_bound(size_t size);

/* Compresses `size` bytes at `data` into `out` (capacity `*out_size`, at least
   cic_deflate_bound(size)) at `level` 0...9. On success returns 0 and sets `*out_size`
   to the compressed length; returns -1 on failure. */
int cic_deflate(const uint8_t *data, size_t size, uint8_t *out, size_t *out_size, int level);

/* Decompresses a zlib stream into `out` (capacity `*out_size`). On success returns 0 and
   sets `*out_size` to the decompressed length; returns -1 when the data is not a complete
   zlib stream or does not fit. */
int cic_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t *out_size);

#endif
