/*
 * The split JPEG decoder's Huffman decoding and IDCT sums alone (jpeg_split_decode.c):
 * part 0 decodes the whole photo on the calling thread, without part 1 and without
 * writing rows. Prints the best and mean of N runs. Built and run by run.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "cimagecodecs.h"

static double milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: part0 FILE.jpg [runs] [target max dimension]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)size);
    if (data == NULL || fread(data, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "cannot read\n"); return 1; }
    fclose(f);
    int runs = argc > 2 ? atoi(argv[2]) : 15, target = argc > 3 ? atoi(argv[3]) : 768;
    double best = 1e30, total = 0;
    cic_jpeg_info info;
    for (int r = 0; r < runs; r++) {
        cic_jpeg_decoder *d = cic_jpeg_create();
        if (cic_jpeg_read_header(d, data, (size_t)size, target, &info) != 0) { fprintf(stderr, "bad header\n"); return 1; }
        cic_jpeg_split *s = cic_jpeg_split_create(d, 0.5);
        if (s == NULL) { fprintf(stderr, "the split decoder does not take this JPEG\n"); return 1; }
        double start = milliseconds();
        cic_jpeg_split_decode_part(s, 0);
        double t = milliseconds() - start;
        if (cic_jpeg_split_finish(s) != 0) { fprintf(stderr, "decode refused\n"); return 1; }
        if (t < best) best = t;
        total += t;
        cic_jpeg_split_destroy(s);
        cic_jpeg_destroy(d);
    }
    printf("%s at %d/%d scale: part 0 alone, best %.2f ms, mean %.2f ms over %d runs\n", argv[1],
           info.scale_num, info.scale_denom, best, total / runs, runs);
    free(data);
    return 0;
}
