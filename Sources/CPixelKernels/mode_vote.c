#include "cpixelkernels.h"

/* One vote for label l, a label other than the pixel's own. */
static inline void count_vote(int32_t l, int32_t *cand, int32_t *votes, size_t *distinct) {
    size_t k = 0;
    while (k < *distinct && cand[k] != l) k++;
    if (k == *distinct) {
        cand[k] = l;
        votes[k] = 0;
        (*distinct)++;
    }
    votes[k]++;
}

void cpk_mode_vote_rows(const int32_t *src, const uint8_t *near, int32_t *out, uint8_t *changed, size_t width,
                        size_t height, size_t row_begin, size_t row_end, size_t radius, const cpk_disc *disc,
                        int32_t *cand, int32_t *votes) {
    const size_t count = disc->count;
    for (size_t y = row_begin; y < row_end; y++) {
        const int inner = y >= radius && y + radius < height;
        /* The own-label count of the previous pixel, kept while the row runs on with the same
           label: the disc then gains its right edge and loses its left. */
        size_t run_x = (size_t)-2;
        int32_t run_own = -1;
        ptrdiff_t run_mine = 0;
        for (size_t x = 0; x < width; x++) {
            const size_t i = y * width + x;
            const int32_t own = src[i];
            out[i] = own;
            changed[i] = 0;
            if (near[i] == 0) continue;
            const int interior = inner && x >= radius && x + radius < width;
            size_t distinct = 0;
            ptrdiff_t own_votes = 0;
            if (interior) {
                /* Most pixels near a border hold a strict majority of their disc themselves:
                   they keep their label without a full vote. */
                ptrdiff_t mine = 0;
                const int32_t *centre = src + i;
                if (run_x + 1 == x && run_own == own) {
                    mine = run_mine;
                    for (size_t r = 0; r < disc->rows; r++) {
                        const int32_t *row = centre + disc->span_start[r];
                        mine -= row[-1] == own;
                        mine += row[disc->span_count[r] - 1] == own;
                    }
                } else {
                    for (size_t r = 0; r < disc->rows; r++) {
                        const int32_t *row = centre + disc->span_start[r];
                        for (ptrdiff_t k = 0; k < disc->span_count[r]; k++) mine += row[k] == own;
                    }
                }
                run_x = x;
                run_own = own;
                run_mine = mine;
                if (2 * mine > (ptrdiff_t)count) continue;
                /* The own label's votes are `mine`: only the others are counted. */
                own_votes = mine;
                for (size_t k = 0; k < count; k++) {
                    const int32_t l = centre[disc->linear[k]];
                    if (l != own) count_vote(l, cand, votes, &distinct);
                }
            } else {
                for (size_t k = 0; k < count; k++) {
                    ptrdiff_t sy = (ptrdiff_t)y + disc->dy[k], sx = (ptrdiff_t)x + disc->dx[k];
                    sy = sy < 0 ? 0 : (sy > (ptrdiff_t)height - 1 ? (ptrdiff_t)height - 1 : sy);
                    sx = sx < 0 ? 0 : (sx > (ptrdiff_t)width - 1 ? (ptrdiff_t)width - 1 : sx);
                    const int32_t l = src[(size_t)sy * width + (size_t)sx];
                    if (l == own) own_votes++;
                    else count_vote(l, cand, votes, &distinct);
                }
            }
            /* Another label takes the pixel only with more votes than its own. */
            int32_t best = own;
            ptrdiff_t best_votes = own_votes;
            for (size_t k = 0; k < distinct; k++) {
                if (votes[k] > best_votes) {
                    best = cand[k];
                    best_votes = votes[k];
                }
            }
            out[i] = best;
            changed[i] = best != own;
        }
    }
}
