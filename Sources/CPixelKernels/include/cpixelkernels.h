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
#include <stdint.h>

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

/*
 * One row of the area resize's horizontal pass for RGB bytes (AreaRowKernel.horizontalSums):
 * output pixel x, for x in [0, out_width - 1), gets per channel the sum over k in
 * [0, count[x]) of weights[offset[x] + k] * src_row[3 * (start[x] + k) + c], in exact
 * 32-bit integer arithmetic, written to dst[3 * x + c]. The last output pixel is left to
 * the caller: the kernel reads and writes one value past each pixel it handles.
 * Every weight must be below 32768. Returns the number of output pixels written
 * (out_width - 1, or 0 without SSE2 or when out_width < 2).
 */
size_t cpk_area_row_sums_rgb(const uint8_t *src_row, int32_t *dst, size_t out_width,
                             const intptr_t *start, const intptr_t *count, const intptr_t *offset,
                             const int32_t *weights);

/*
 * The area resize's vertical pass (AreaRowKernel.verticalMeans): out[i] for i in
 * [0, length) is the float nearest to (the sum over k in [0, count) of weights[k] *
 * rows[k][i]) / denominator. Every product and partial sum is a whole number below 2^53,
 * so the double arithmetic is exact: the same value as the 64-bit integer sum the Swift
 * loop took, divided once. Two values at a time with SSE2; one at a time elsewhere.
 */
void cpk_weighted_row_means(const int32_t *const *rows, const double *weights, size_t count,
                            size_t length, double denominator, float *out);

/*
 * The seeds of nearestRegionLabels' flood: the indices, in increasing order, of the pixels
 * of rows [row_begin, row_end) of a width x height label image whose label is not 0 and
 * that have a 4-neighbour (within the image) labelled 0. Written to `out` (room for every
 * pixel of the rows); returns how many. Four pixels at a time with SSE2.
 */
size_t cpk_region_seeds(const int32_t *labels, size_t width, size_t height, size_t row_begin, size_t row_end,
                        int32_t *out);

/*
 * One pass of the 3x3 majority filter (majorityFilter) over the interior pixels (columns
 * [1, width - 1)) of rows [row_begin, row_end) of a label image `width` wide, none of
 * them its first or last row, from `src` into `dst`: each pixel takes the label held by
 * the most pixels of its window; a tie for the most keeps the pixel's own label, else the
 * label met first in row-major order wins. Four pixels at a time with SSE2 (those whose
 * own label holds 5 of the 9 pixels keep it), one at a time elsewhere.
 */
void cpk_majority_rows(const int32_t *src, int32_t *dst, size_t width, size_t row_begin, size_t row_end);

/*
 * A digital disc for cpk_mode_vote_rows: its `count` offsets in order (dx[k], dy[k], and
 * linear[k] = dy[k] * width + dx[k]), and the same pixels as `rows` runs, one per row from
 * the top: span_start[r] (offset of the run's first pixel from the centre) and
 * span_count[r] pixels.
 */
typedef struct {
    size_t count;
    const intptr_t *dx;
    const intptr_t *dy;
    const intptr_t *linear;
    size_t rows;
    const intptr_t *span_start;
    const intptr_t *span_count;
} cpk_disc;

/*
 * The mode filter's vote (modeFilter) over rows [row_begin, row_end) of a width x height
 * label image: out[i] gets the label held by the most pixels of pixel i's disc (its own
 * where no other label has more; among others, the first met in disc order), changed[i]
 * 1 where that is not its own label, else 0. Pixels with near[i] == 0 keep their label
 * without a vote. Within `radius` of the image edge the disc is clamped to the image
 * (edge pixels repeat). Elsewhere a pixel whose own label holds more than half of the
 * disc keeps it (its count updated from the previous pixel's along a run of one label).
 * `cand` and `votes` are scratch for disc->count entries each.
 */
void cpk_mode_vote_rows(const int32_t *src, const uint8_t *near, int32_t *out, uint8_t *changed, size_t width,
                        size_t height, size_t row_begin, size_t row_end, size_t radius, const cpk_disc *disc,
                        int32_t *cand, int32_t *votes);

/*
 * The multi-block LBP cascade of FrontalFaceCascade (CascadeTables.accepts) on many
 * windows of one integral image: keeps, in their order, the entries of origins[0, count)
 * whose window passes every stage, moved to the front of `origins`, and returns how many.
 * `grid` holds 16 corner offsets per feature (FrontalFaceCascade.gridOffsets); stage s
 * has stage_weak_counts[s] weak classifiers, weak classifier w reads feature features[w],
 * its 256-bit set subsets[8w, 8w + 8) and its leaves leaves[2w], leaves[2w + 1]. Each
 * window's stage sums add the same floats in the same order as the Swift loop. Stage by
 * stage, four windows at a time with SSE2 (the windows left pass on to the next stage);
 * one window at a time elsewhere.
 */
size_t cpk_lbp_cascade_keep(const int32_t *integral, intptr_t *origins, size_t count, const intptr_t *grid,
                            const float *thresholds, const intptr_t *stage_weak_counts, size_t stages,
                            const intptr_t *features, const int32_t *subsets, const float *leaves);

/*
 * One row of a 1-bit PNG (PNGEncoder.packBilevel): pixel i of `src` is bit 7 - i % 8 of
 * dst[i / 8], set when the pixel is 128 or more. Packs pixels [0, count) in groups of 16
 * (whole bytes of dst are written) and returns how many it packed: a multiple of 16, at
 * most count; 0 without SSE2.
 */
size_t cpk_pack_bits(const uint8_t *src, uint8_t *dst, size_t count);

#ifdef __cplusplus
}
#endif

#endif
