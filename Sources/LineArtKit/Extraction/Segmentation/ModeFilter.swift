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
                threads: Int = PhotoThreads.count) -> [Int32] {
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
    let offsets: [(dx: Int, dy: Int)]
    let linear: [Int]
    /// The smallest distance `D` such that the offsets farther than `D` are at most half of
    /// the disc: a pixel with no other label within `D` keeps its own (ties keep it).
    let reach: Int

    init(radius: Int, width: Int) {
        self.radius = radius
        var offsets: [(dx: Int, dy: Int)] = []
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { offsets.append((dx, dy)) }
        }
        self.offsets = offsets
        linear = offsets.map { $0.dy * width + $0.dx }
        var d = 0
        while 2 * offsets.filter({ $0.dx * $0.dx + $0.dy * $0.dy > d * d }).count > offsets.count { d += 1 }
        reach = d
    }

    /// Writes the disc mode of every pixel of `rows` to `out` (the pixel's own label where
    /// `near` is 0), and
    /// to `changed` 1 where that differs from the pixel's label, 0 elsewhere.
    func vote(rows: Range<Int>, width: Int, height: Int, src: UnsafeBufferPointer<Int32>,
              near: UnsafeBufferPointer<UInt8>, out: UnsafeMutablePointer<Int32>,
              changed: UnsafeMutablePointer<UInt8>) {
        let base = src.baseAddress!
        // The disc as one contiguous run of pixels per row: offset of its first pixel, length.
        let spans = (-radius...radius).map { dy -> (start: Int, count: Int) in
            let half = offsets.filter { $0.dy == dy }.map(\.dx).max()!
            return (dy * width - half, 2 * half + 1)
        }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: offsets.count) { cand in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: offsets.count) { vote in
        linear.withUnsafeBufferPointer { linear in
            for y in rows {
                let inner = y >= radius && y < height - radius
                // The own-label count of the previous pixel, kept while the row runs on
                // with the same label: the disc then gains its right edge and loses its left.
                var runX = -2, runOwn: Int32 = -1, runMine = 0
                for x in 0..<width {
                    let i = y * width + x
                    let own = src[i]
                    out[i] = own
                    changed[i] = 0
                    let interior = inner && x >= radius && x < width - radius
                    guard near[i] != 0 else { continue }
                    var distinct = 0, ownVotes: Int32 = 0
                    /// One vote for `l`, a label other than the pixel's own.
                    @inline(__always) func count(_ l: Int32) {
                        var k = 0
                        while k < distinct && cand[k] != l { k += 1 }
                        if k == distinct { cand[k] = l; vote[k] = 0; distinct += 1 }
                        vote[k] += 1
                    }
                    if interior {
                        // Most pixels near a border hold a strict majority of their disc
                        // themselves: they keep their label without a full vote.
                        var mine = 0
                        let centre = base + i
                        if runX == x - 1 && runOwn == own {
                            mine = runMine
                            for span in spans {
                                mine &-= centre[span.start - 1] == own ? 1 : 0
                                mine &+= centre[span.start + span.count - 1] == own ? 1 : 0
                            }
                        } else {
                            for span in spans {
                                let row = centre + span.start
                                for k in 0..<span.count { mine &+= row[k] == own ? 1 : 0 }
                            }
                        }
                        runX = x; runOwn = own; runMine = mine
                        if 2 * mine > linear.count { continue }
                        // The own label's votes are `mine`: only the others are counted.
                        ownVotes = Int32(mine)
                        for o in linear {
                            let l = src[i + o]
                            if l != own { count(l) }
                        }
                    } else {
                        for (dx, dy) in offsets {
                            let l = src[min(height - 1, max(0, y + dy)) * width + min(width - 1, max(0, x + dx))]
                            if l == own { ownVotes += 1 } else { count(l) }
                        }
                    }
                    // Another label takes the pixel only with more votes than its own.
                    var best = own
                    var bestVotes = ownVotes
                    for k in 0..<distinct where vote[k] > bestVotes {
                        best = cand[k]
                        bestVotes = vote[k]
                    }
                    out[i] = best
                    changed[i] = best != own ? 1 : 0
                }
            }
        }
        }
        }
    }
}
