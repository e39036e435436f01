#include <stdlib.h>
#include "cimagecodecs.h"
#include "internal.h"

void cic_free(void *pointer) { free(pointer); }

void cic_copy_message(char *dst, size_t capacity, const char *src) {
    if (dst == NULL || capacity == 0) return;
    if (src == NULL) src = "";
    size_t n = strlen(src);
    if (n >= capacity) n = capacity - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

void cic_warnings_add(char *buffer, size_t capacity, size_t *length, const char *text) {
    if (text == NULL || text[0] == '\0') return;
    size_t n = strlen(text);
    /* de-duplicate: skip if the same line is already present */
    const char *p = buffer;
    while (p < buffer + *length) {
        const char *end = memchr(p, '\n', (size_t)(buffer + *length - p));
        size_t line = end ? (size_t)(end - p) : (size_t)(buffer + *length - p);
        if (line == n && memcmp(p, text, n) == 0) return;
        p += line + 1;
    }
    if (*length + n + 2 > capacity) return; /* buffer full: drop further warnings */
    if (*length > 0) buffer[(*length)++] = '\n';
    memcpy(buffer + *length, text, n);
    *length += n;
    buffer[*length] = '\0';
}

void cic_rgba_over_white(const uint8_t *rgba, uint8_t *rgb, size_t width, int premultiplied) {
    for (size_t x = 0; x < width; x++, rgba += 4, rgb += 3) {
        unsigned alpha = rgba[3], paper = 255u - alpha;
        for (int c = 0; c < 3; c++) {
            unsigned ink = premultiplied ? rgba[c] : (rgba[c] * alpha + 127u) / 255u;
            unsigned v = ink + paper;
            rgb[c] = (uint8_t)(v > 255u ? 255u : v);
        }
    }
}
