import CPixelKernels
import LineArtImage

/// Smooths the borders of a label image at a larger scale than ``majorityFilter(_:width:height:passes:)``:
/// each pixel near a border takes the label held by the most pixels of the disc of
/// `radius` around it (ties keep the pixel's own label, then the label met first in
/// row-major order of the disc).
///
/// Borders through texture wander by a few pixels; a 3x3 majority stops at the first
/// stable staircase, a disc of radius 3 irons out those wiggles so outlines read as drawn
/// lines. Convex shapes wider than the disc keep their shape (corners round off); a
/// segment narrower than the disc can vanish.
///
/// Only pixels near a border can change, so only those vote: the pixels within the disc's
/// reach of a border pixel, found as the square of that half-width around one (a superset
/// of the disc, by two running maxima; the extra pixels vote for their own label, so the
/// result is that of the exact disc). The cost is O(pixels near a border · radius²) per pass.
func modeFilter(_ labels: [Int32], width: Int, height: Int, radius: Int, passes: Int,
                threads: Int) -> [Int32] {
    guard width > 2 * radius, height > 2 * radius, radius > 0, passes > 0 else { return labels }
    let disc = DiscOffsets(radius: radius, width: width)
    let n = width * height
    var current = labels
    var next = labels
    var mark = [UInt8](repeating: 0, count: n)
    for pass in 0..<passes {
        // Pass 1 looks at the pixels that can change: within `reach` of a border. Near the
        // image edge too: a clamped disc's pixel lies no farther along either axis than its
        // offset, so the offsets within `reach` (more than half) still read the own label.
        // Later passes only at those within `radius` of a pixel the previous pass changed
        // (the others would vote as before).
        if pass == 0 {
            current.withUnsafeBufferPointer { labels in
                mark.withUnsafeMutableBufferPointer { mark in
                    markLabelChanges(labels, width: width, height: height, ignoring: .min, into: mark.baseAddress!,
                                     threads: threads)
                }
            }
        }
        let reach = pass == 0 ? disc.reach : radius
        let near = squareFilter(MaxOp.self, ByteImage(width: width, height: height, samples: mark),
                                before: reach, after: reach, threads: threads).samples
        // The vote also marks the pixels it changed, for the next pass.
        current.withUnsafeBufferPointer { src in
            next.withUnsafeMutableBufferPointer { dst in
                near.withUnsafeBufferPointer { near in
                    mark.withUnsafeMutableBufferPointer { changed in
                        let out = SharedMutablePointer(base: dst.baseAddress!)
                        let changedOut = SharedMutablePointer(base: changed.baseAddress!)
                        forEachRowBand(rows: height, threads: threads, bandsPerThread: 4) { rows in
                            disc.vote(rows: rows, width: width, height: height, src: src, near: near,
                                      out: out.base, changed: changedOut.base)
                        }
                    }
                }
            }
        }
        swap(&current, &next)
        guard pass + 1 < passes, mark.contains(1) else { break }
    }
    return current
}

/// The offsets of a digital disc, and how far from another label a pixel must be for its
/// own label to hold the majority of its disc whatever lies beyond.
private struct DiscOffsets {
    let radius: Int
    /// The offsets, in row-major order: columns, rows, and as steps in a row-major image.
    let dx: [Int]
    let dy: [Int]
    let linear: [Int]
    /// The disc as one contiguous run of pixels per row, top to bottom: the offset of the
    /// run's first pixel, and its length.
    let spanStart: [Int]
    let spanCount: [Int]
    /// The smallest distance `D` such that the offsets farther than `D` are at most half of
    /// the disc: a pixel with no other label within `D` keeps its own (ties keep it).
    let reach: Int

    init(radius: Int, width: Int) {
        self.radius = radius
        var offsets: [(dx: Int, dy: Int)] = []
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { offsets.append((dx, dy)) }
        }
        dx = offsets.map(\.dx)
        dy = offsets.map(\.dy)
        linear = offsets.map { $0.dy * width + $0.dx }
        let halves = (-radius...radius).map { dy in offsets.filter { $0.dy == dy }.map(\.dx).max()! }
        spanStart = zip(-radius...radius, halves).map { dy, half in dy * width - half }
        spanCount = halves.map { 2 * $0 + 1 }
        var d = 0
        while 2 * offsets.filter({ $0.dx * $0.dx + $0.dy * $0.dy > d * d }).count > offsets.count { d += 1 }
        reach = d
    }

    /// Writes the disc mode of every pixel of `rows` to `out` (the pixel's own label where
    /// `near` is 0), and to `changed` 1 where that differs from the pixel's label, 0
    /// elsewhere: the kernel `cpk_mode_vote_rows`. Most pixels near a border hold a strict
    /// majority of their disc themselves and keep their label without a full vote; their
    /// count is updated from the previous pixel's along a run of one label (the disc gains
    /// its right edge and loses its left).
    func vote(rows: Range<Int>, width: Int, height: Int, src: UnsafeBufferPointer<Int32>,
              near: UnsafeBufferPointer<UInt8>, out: UnsafeMutablePointer<Int32>,
              changed: UnsafeMutablePointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: dx.count) { cand in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: dx.count) { votes in
        dx.withUnsafeBufferPointer { dx in
        dy.withUnsafeBufferPointer { dy in
        linear.withUnsafeBufferPointer { linear in
        spanStart.withUnsafeBufferPointer { spanStart in
        spanCount.withUnsafeBufferPointer { spanCount in
            var disc = cpk_disc(count: dx.count, dx: dx.baseAddress!, dy: dy.baseAddress!,
                                linear: linear.baseAddress!, rows: spanStart.count, span_start: spanStart.baseAddress!,
                                span_count: spanCount.baseAddress!)
            cpk_mode_vote_rows(src.baseAddress!, near.baseAddress!, out, changed, width, height, rows.lowerBound,
                               rows.upperBound, radius, &disc, cand.baseAddress!, votes.baseAddress!)
        }}}}}}}
    }
}
