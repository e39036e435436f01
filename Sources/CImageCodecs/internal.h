#ifndef CIMAGECODECS_INTERNAL_H
#define CIMAGECODECS_INTERNAL_H
#include <stddef.h>
#include <string.h>
#include <stdint.h>

/* Copies src (NULL → "") into dst, truncating to capacity - 1 characters. */
void cic_copy_message(char *dst, size_t capacity, const char *src);
/* Appends a line to a newline-separated warning list unless already present or full. */
void cic_warnings_add(char *buffer, size_t capacity, size_t *length, const char *text);
/* Writes width pixels of RGBA (premultiplied or straight alpha) as RGB over white paper. */
void cic_rgba_over_white(const uint8_t *rgba, uint8_t *rgb, size_t width, int premultiplied);

#endif
