/// Watershed by flooding from the regional minima (Meyer 1994, without watershed lines):
/// each plateau of the relief with no lower neighbour starts a basin, and the basins grow
/// level by level, each pixel joining the basin that reached it first. Within a level the
/// flood is first come, first served, so a plateau fills from its lower edges inwards and
/// the basins do not depend on the order the pixels are stored in: a mirrored or rotated
/// relief gives the mirrored or rotated basins, but for ties where two floods meet.
///
/// The relief is quantised to `levels` steps between its minimum and maximum, and every
/// step's pixels have their place in one array (a counting sort), so the run is O(pixels).
/// - Returns: basin labels `0..<count`, row-major, numbered in row-major order of each
///   basin's first pixel of its minimum.
package func watershedBasins(_ relief: [Float], width: Int, height: Int,
                            levels: Int = 1024) -> (labels: [Int32], count: Int) {
    let n = width * height
    precondition(relief.count == n, "relief must have width × height values")
    guard n > 0 else { return ([], 0) }
    var low = relief[0], high = relief[0]
    for v in relief {
        low = v < low ? v : low
        high = v > high ? v : high
    }
    let scale = high > low ? Float(levels - 1) / (high - low) : 0
    let level = relief.map { Int32(min(Float(levels - 1), (($0 - low) * scale).rounded(.down))) }
    var labels = [Int32](repeating: -1, count: n)
    let masks = neighbourMasks(width: width, height: height)
    let count = labelRegionalMinima(level, width: width, masks: masks, into: &labels)
    flood(level, width: width, masks: masks, levels: levels, labels: &labels)
    return (labels, count)
}

/// Which of its 4-neighbours each pixel has, as bits (``NeighbourMask``): a byte read in
/// place of a division to find the pixel's column.
private func neighbourMasks(width: Int, height: Int) -> [UInt8] {
    var masks = [UInt8](repeating: NeighbourMask.all, count: width * height)
    for y in 0..<height {
        masks[y * width] &= ~NeighbourMask.left
        masks[y * width + width - 1] &= ~NeighbourMask.right
    }
    for x in 0..<width {
        masks[x] &= ~NeighbourMask.up
        masks[(height - 1) * width + x] &= ~NeighbourMask.down
    }
    return masks
}

private enum NeighbourMask {
    static let left: UInt8 = 1, right: UInt8 = 2, up: UInt8 = 4, down: UInt8 = 8
    static let all: UInt8 = 15
}

/// Calls `body` with the 4-neighbours of pixel `i` (left, right, up, down) that `mask` has.
@inline(__always)
private func forEachNeighbour(of i: Int, width: Int, mask: UInt8, _ body: (Int) -> Void) {
    if mask & NeighbourMask.left != 0 { body(i - 1) }
    if mask & NeighbourMask.right != 0 { body(i + 1) }
    if mask & NeighbourMask.up != 0 { body(i - width) }
    if mask & NeighbourMask.down != 0 { body(i + width) }
}

/// Labels each plateau (4-connected pixels of one level) that has no lower neighbour with a
/// basin of its own; returns the number of basins.
private func labelRegionalMinima(_ level: [Int32], width: Int, masks: [UInt8], into labels: inout [Int32]) -> Int {
    let n = level.count
    var seen = [Bool](repeating: false, count: n)
    var plateau = [Int32](repeating: 0, count: n)
    var count: Int32 = 0
    level.withUnsafeBufferPointer { level in
    masks.withUnsafeBufferPointer { masks in
    seen.withUnsafeMutableBufferPointer { seen in
    plateau.withUnsafeMutableBufferPointer { plateau in
    labels.withUnsafeMutableBufferPointer { labels in
        for start in 0..<n where !seen[start] {
            let q = level[start]
            // Most plateaus are one pixel: no neighbour of the same level (none of which
            // could have been seen yet, since a plateau is visited whole).
            var lower = 0, equal = 0  // or-ed without branches: the comparisons go either way
            forEachNeighbour(of: start, width: width, mask: masks[start]) { j in
                lower |= level[j] < q ? 1 : 0
                equal |= level[j] == q ? 1 : 0
            }
            if equal == 0 {
                seen[start] = true
                if lower == 0 {
                    labels[start] = count
                    count += 1
                }
                continue
            }
            var isMinimum = true
            // The plateau's pixels, found breadth first: [0, found) of `plateau`.
            var next = 0, found = 1
            plateau[0] = Int32(start)
            seen[start] = true
            while next < found {
                let i = Int(plateau[next])
                next += 1
                forEachNeighbour(of: i, width: width, mask: masks[i]) { j in
                    if level[j] < q {
                        isMinimum = false
                    } else if level[j] == q && !seen[j] {
                        seen[j] = true
                        plateau[found] = Int32(j)
                        found += 1
                    }
                }
            }
            guard isMinimum else { continue }
            for k in 0..<found { labels[Int(plateau[k])] = count }
            count += 1
        }
    }}}}}
    return Int(count)
}

/// Grows the labelled minima over the rest of the relief. A pixel takes the basin of the
/// first labelled neighbour to reach it and is queued at its own level: by the time the
/// flood passes a level, every pixel of that level is reached, since a path that never
/// rises leads from it down to a minimum.
private func flood(_ level: [Int32], width: Int, masks: [UInt8], levels: Int, labels: inout [Int32]) {
    let n = level.count
    // Each level's pixels get a slot range of the queue (a counting sort of the levels).
    var start = [Int](repeating: 0, count: levels + 1)
    for q in level { start[Int(q) + 1] += 1 }
    for q in 0..<levels { start[q + 1] += start[q] }
    var end = start  // where the next pixel of each level goes
    var queue = [Int32](repeating: 0, count: n)
    let minima = labels  // the seeds, before the flood labels anything else
    level.withUnsafeBufferPointer { level in
    masks.withUnsafeBufferPointer { masks in
    minima.withUnsafeBufferPointer { minima in
    labels.withUnsafeMutableBufferPointer { labels in
    queue.withUnsafeMutableBufferPointer { queue in
    end.withUnsafeMutableBufferPointer { end in
        @inline(__always) func reach(_ j: Int, from label: Int32) {
            guard labels[j] < 0 else { return }
            labels[j] = label
            let q = Int(level[j])
            queue[end[q]] = Int32(j)
            end[q] += 1
        }
        for i in 0..<n where minima[i] >= 0 {
            forEachNeighbour(of: i, width: width, mask: masks[i]) { reach($0, from: minima[i]) }
        }
        for q in 0..<levels {
            var k = start[q]
            while k < end[q] {
                let i = Int(queue[k])
                k += 1
                forEachNeighbour(of: i, width: width, mask: masks[i]) { reach($0, from: labels[i]) }
            }
        }
    }}}}}}
}
