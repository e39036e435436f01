import CPixelKernels
import LineArtImage

/// Smooths the borders of a label image: each pixel takes the label held by the most
/// pixels of its 3x3 neighbourhood (ties keep the pixel's own label). Repeated passes
/// straighten the staircase and hairy borders a segmentation leaves on textured areas,
/// so the outlines drawn from it are calm lines; a segment thinner than two pixels can
/// vanish, which the later merge of small regions would do anyway.
///
/// Rows are filtered in bands on up to `threads` threads; every pass reads the previous pass only, so the result does not
/// depend on the thread count. The pass is the kernel `cpk_majority_rows`: four pixels at
/// a time with SSE2, and only the few pixels whose own label holds fewer than 5 of the 9
/// count every label's votes (on the 20 MP photo's three passes, 3,400 of 995,000).
func majorityFilter(_ labels: [Int32], width: Int, height: Int, passes: Int,
                    threads: Int) -> [Int32] {
    guard width > 2, height > 2, passes > 0 else { return labels }
    var current = labels
    var next = labels   // the border rows and columns never change
    for _ in 0..<passes {
        current.withUnsafeBufferPointer { src in
            next.withUnsafeMutableBufferPointer { dst in
                let out = SharedMutablePointer(base: dst.baseAddress!)
                forEachRowBand(rows: height - 2, threads: threads, bandsPerThread: 4) { band in
                    cpk_majority_rows(src.baseAddress!, out.base, width, band.lowerBound + 1, band.upperBound + 1)
                }
            }
        }
        swap(&current, &next)
    }
    return current
}
