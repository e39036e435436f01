#ifndef CIMAGECODECS_INTERNAL_H
#define CIMAGECODECS_INTERNAL_H
#include <stddef.h>
#include <string.h>

/* Copies src (NULL → "") into dst, truncating to capacity - 1 characters. */
void cic_copy_message(char *dst, size_t capacity, const char *src);
/* Appends a line to a newline-separated warning list unless already present or full. */
void cic_warnings_add(char *buffer, size_t capacity, size_t *length, const char *text);

#endif
