#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H

/*
 * Hot per-pixel loops that the Swift compiler leaves scalar, written with SSE2
 * intrinsics (every x86-64 CPU has SSE2). Each function computes exactly what
 * the Swift loop it stands in for computes, operation by operation, so the
 * results are bit-identical; on other architectures it processes nothing and
 * returns 0, and the Swift loop does all the work.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * sRGB to CIE L*a*b* for interleaved RGB floats in 0...255 (LabColor.convert):
 * linear light from `linear_table` (1021 entries, step 1/4 code value) and the
 * CIE f from `f_table` (8193 entries on [0, 1]), both read with linear
 * interpolation. Converts pixels [0, n) of `src` into `dst` (3 floats each) in
 * groups of four and returns how many it converted: a multiple of 4, at most
 * n; 0 where SSE2 is not available.
 */
size_t cpk_lab_from_srgb(const float *src, float *dst, size_t n,
                         const float *linear_table, const float *f_table);

#ifdef __cplusplus
}
#endif

#endif
