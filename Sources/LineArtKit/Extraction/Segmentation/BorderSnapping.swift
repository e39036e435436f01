/// Moves segment borders onto the colour transitions between the segments they separate.
///
/// The graph segmentation cuts where a path of small colour steps runs out, and the later
/// steps (thin segments split down the middle, merging) move borders further; on a blurred
/// page (the toddler preset's 3 px blur) a drawn outline can end up several pixels off the
/// photo's edge, or cut across a rounded shape. Each pass gives every pixel the label,
/// among its own and its 8 neighbours', whose segment's mean colour is nearest the pixel's
/// colour: a border between two distinct segments moves one pixel per pass until it sits
/// where the colour passes half-way from one segment's to the other's, which is where the
/// photo's edge is. Only labels whose mean differs from that of the pixel's current segment
/// by at least `minContrast` ΔE*ab compete, so borders between segments of nearly one
/// colour (texture, or shading cut for the region count) stay put instead of wandering
/// through the texture. The means are those of the segments as given.
///
/// Every pass reads the previous one only, and only rows next to a row that changed are
/// visited again, so the result does not depend on the thread count; passes stop early when
/// nothing moves. Labels keep their numbers; a segment may lose pixels, or all of them.
///
/// - Parameters:
///   - labels: `0..<count` per pixel, row-major, `colours.width × colours.height`.
///   - colours: the colour image the segments were made from (CIELAB).
///   - passes: at most this many one-pixel moves.
func snappingBordersToColour(_ labels: [Int32], count: Int, colours: FloatImage, passes: Int,
                             minContrast: Float = 10, threads: Int) -> [Int32] {
    let width = colours.width, height = colours.height, ch = colours.channels
    precondition(labels.count == width * height, "labels do not match the colour image")
    guard width > 2, height > 2, count > 1, passes > 0 else { return labels }
    let means = SegmentColourSums(labels, colours: colours, count: count).means(channels: ch)
    // Which pairs of labels may compete is asked per pixel and neighbour: precomputing it
    // would need count² entries, so the test is the distance of the two means.
    let minContrast2 = minContrast * minContrast
    var current = labels
    var next = labels
    var visit = [Bool](repeating: true, count: height)     // rows to look at in this pass
    var changed = [Bool](repeating: false, count: height)  // rows that changed in it
    for _ in 0..<passes {
        current.withUnsafeBufferPointer { src in
        next.withUnsafeMutableBufferPointer { dst in
        means.withUnsafeBufferPointer { means in
        colours.samples.withUnsafeBufferPointer { pixels in
        visit.withUnsafeBufferPointer { visit in
        changed.withUnsafeMutableBufferPointer { changed in
            let out = SharedMutablePointer(base: dst.baseAddress!)
            let moved = SharedMutablePointer(base: changed.baseAddress!)
            forEachRowBand(rows: height, threads: threads, bandsPerThread: 4) { rows in
                let dst = out.base
                for y in rows {
                    let row = y * width
                    guard visit[y] else {
                        for x in 0..<width { dst[row + x] = src[row + x] }
                        moved.base[y] = false
                        continue
                    }
                    var rowMoved = false
                    let up = y > 0 ? -width : 0, down = y + 1 < height ? width : 0
                    for x in 0..<width {
                        let i = row + x
                        let own = src[i]
                        let left = x > 0 ? -1 : 0, right = x + 1 < width ? 1 : 0
                        let n0 = src[i + up + left], n1 = src[i + up], n2 = src[i + up + right]
                        let n3 = src[i + left], n4 = src[i + right]
                        let n5 = src[i + down + left], n6 = src[i + down], n7 = src[i + down + right]
                        // Fast path: all 8 neighbours in the same segment.
                        if n0 == own && n1 == own && n2 == own && n3 == own && n4 == own && n5 == own
                            && n6 == own && n7 == own {
                            dst[i] = own
                            continue
                        }
                        let p = i * ch, o = Int(own) * ch
                        var best = own
                        var bestDistance = distance2(pixels, p, means, o, ch)
                        @inline(__always) func consider(_ l: Int32) {
                            if l == own || l == best { return }
                            let m = Int(l) * ch
                            guard distance2(means, m, means, o, ch) >= minContrast2 else { return }
                            let d = distance2(pixels, p, means, m, ch)
                            if d < bestDistance { best = l; bestDistance = d }
                        }
                        consider(n0); consider(n1); consider(n2); consider(n3)
                        consider(n4); consider(n5); consider(n6); consider(n7)
                        dst[i] = best
                        if best != own { rowMoved = true }
                    }
                    moved.base[y] = rowMoved
                }
            }
        }
        }
        }
        }
        }
        }
        swap(&current, &next)
        guard changed.contains(true) else { break }
        for y in 0..<height {
            visit[y] = changed[y] || (y > 0 && changed[y - 1]) || (y + 1 < height && changed[y + 1])
        }
    }
    return current
}

/// Squared distance between the `ch` values at `a[i...]` and `b[j...]`.
@inline(__always)
private func distance2(_ a: UnsafeBufferPointer<Float>, _ i: Int, _ b: UnsafeBufferPointer<Float>, _ j: Int,
                       _ ch: Int) -> Float {
    var sum: Float = 0
    for c in 0..<ch {
        let d = a[i + c] - b[j + c]
        sum += d * d
    }
    return sum
}
