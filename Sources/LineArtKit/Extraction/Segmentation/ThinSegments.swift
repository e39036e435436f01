/// Hands the pixels of thin, elongated in-between segments to the segments on either side,
/// so the band of in-between colour that a soft or blurred edge leaves in the segmentation
/// becomes one line on the page instead of two lines with a sliver of paper between them.
///
/// A segment is thin when its mean width `2 · area / perimeter` (the perimeter counts the
/// 4-neighbour pixel edges to other segments and to the image edge; a strip of width `w`
/// gives about `w`) is below `maxWidth` and it is elongated: `area / width² >= minElongation`
/// (a strip `L` long gives `L / w`; a disc gives about π, so small round features stay).
/// When `betweenness > 0` a thin segment is also required to be *in between*: its mean
/// colour lies on the way from the colour of one of its two main neighbours to the other's
/// (see ``keepOnlyInBetweenBands``), so a stroke of its own colour (a painted swirl, a wire,
/// a dark outline) stays a shape.
/// Each pixel of a thin segment takes the label of the nearest pixel outside the thin
/// segments by a 4-connected breadth-first flood (ties go to the label that arrives first in
/// scan order), which puts the new boundary along the middle of the strip. Thin segments
/// that no other segment reaches keep their pixels.
///
/// - Parameters:
///   - labels: segment labels `0..<count`, row-major, `width · height` of them.
///   - maxWidth: widths below this are thin.
///   - minElongation: the least `area / width²` of a thin segment.
///   - betweenness: how far off the way between its neighbours' colours a band may be
///     (1 = exactly on it); 0 dissolves thin segments of any colour.
/// - Returns: labels `0..<count` renumbered in row-major first-pixel order, and their count.
func dissolvingThinSegments(_ labels: [Int32], count: Int, colours: FloatImage,
                            maxWidth: Float, minElongation: Float, betweenness: Float,
                            threads: Int) -> (labels: [Int32], count: Int) {
    let width = colours.width, height = colours.height, ch = colours.channels
    precondition(labels.count == width * height, "labels must cover the image")
    guard count > 1, width > 0, height > 0 else { return (labels, count) }
    // Two fixed row bands, counted on two threads when the photo has them; the float sums
    // are added band by band in the same order either way, so results never depend on it.
    let bands = rowBandRanges(rows: height, threads: 2)
    var bandArea = [Int32](repeating: 0, count: bands.count * count)
    var bandPerimeter = [Int32](repeating: 0, count: bands.count * count)
    var bandSums = [Float](repeating: 0, count: bands.count * count * ch)
    labels.withUnsafeBufferPointer { lab in
    colours.samples.withUnsafeBufferPointer { px in
    bandArea.withUnsafeMutableBufferPointer { a in
    bandPerimeter.withUnsafeMutableBufferPointer { p in
    bandSums.withUnsafeMutableBufferPointer { su in
        let areaBase = SharedMutablePointer(base: a.baseAddress!)
        let perimeterBase = SharedMutablePointer(base: p.baseAddress!)
        let sumsBase = SharedMutablePointer(base: su.baseAddress!)
        forEachFixedBand(bands.count, threads: threads) { k in
            let area = areaBase.base + k * count, perimeter = perimeterBase.base + k * count
            let sums = sumsBase.base + k * count * ch
            // Area and colour sums in scan order; perimeter from the pixel edges between
            // different labels (a band owns the vertical edges below its rows), then from
            // the image edge.
            for y in bands[k] {
                let row = y * width
                if ch == 3 {
                    addRuns(lab, px.baseAddress!, area: area, sums: sums, pixels: row..<(row + width))
                } else {
                    for i in row..<(row + width) {
                        let s = Int(lab[i])
                        area[s] += 1
                        for c in 0..<ch { sums[s * ch + c] += px[i * ch + c] }
                    }
                }
                forEachPixelMaybeInContact(lab.baseAddress!, width: width, height: height, row: y) { x in
                    let i = row + x
                    if x + 1 < width && lab[i + 1] != lab[i] {
                        perimeter[Int(lab[i])] += 1
                        perimeter[Int(lab[i + 1])] += 1
                    }
                    if y + 1 < height && lab[i + width] != lab[i] {
                        perimeter[Int(lab[i])] += 1
                        perimeter[Int(lab[i + width])] += 1
                    }
                }
                perimeter[Int(lab[row])] += 1
                perimeter[Int(lab[row + width - 1])] += 1
                if y == 0 || y == height - 1 {
                    for i in row..<(row + width) { perimeter[Int(lab[i])] += 1 }
                }
            }
        }
    }}}}}
    var area = Array(bandArea[0..<count])
    var perimeter = Array(bandPerimeter[0..<count])
    var sums = Array(bandSums[0..<(count * ch)])
    for k in 1..<bands.count {
        for s in 0..<count {
            area[s] += bandArea[k * count + s]
            perimeter[s] += bandPerimeter[k * count + s]
        }
        for j in 0..<(count * ch) { sums[j] += bandSums[k * count * ch + j] }
    }
    var thin = [Bool](repeating: false, count: count)
    var anyThin = false
    for s in 0..<count where area[s] > 0 && perimeter[s] > 0 {
        let meanWidth = 2 * Float(area[s]) / Float(perimeter[s])
        if meanWidth < maxWidth && Float(area[s]) >= minElongation * meanWidth * meanWidth {
            thin[s] = true
            anyThin = true
        }
    }
    guard anyThin else { return (labels, count) }
    if betweenness > 0 {
        let means = SegmentMeans(area: area, sums: sums, channels: ch)
        keepOnlyInBetweenBands(&thin, labels: labels, width: width, height: height, means: means,
                               betweenness: betweenness, bands: bands, threads: threads)
        guard thin.contains(true) else { return (labels, count) }
    }
    var out = labels
    var open = [Bool](repeating: false, count: width * height)
    var bandSeeds = [[Int32]](repeating: [], count: bands.count)
    var queue = [Int32]()
    thin.withUnsafeBufferPointer { thin in
    out.withUnsafeMutableBufferPointer { lab in
    open.withUnsafeMutableBufferPointer { open in
    bandSeeds.withUnsafeMutableBufferPointer { seedLists in
        // Pixels still to be claimed: every pixel of a thin segment. Seeds: pixels outside
        // the thin segments with a thin 4-neighbour, in scan order (band by band).
        let openBase = SharedMutablePointer(base: open.baseAddress!)
        let seedBase = SharedMutablePointer(base: seedLists.baseAddress!)
        let labels = UnsafeBufferPointer(lab)
        forEachFixedBand(bands.count, threads: threads) { k in
            let open = openBase.base
            var seeds = [Int32]()
            for y in bands[k] {
                for x in 0..<width {
                    let i = y * width + x
                    if thin[Int(labels[i])] {
                        open[i] = true
                    } else if (x > 0 && thin[Int(labels[i - 1])]) || (x + 1 < width && thin[Int(labels[i + 1])])
                                || (y > 0 && thin[Int(labels[i - width])])
                                || (y + 1 < height && thin[Int(labels[i + width])]) {
                        seeds.append(Int32(i))
                    }
                }
            }
            seedBase.base[k] = seeds
        }
        queue.reserveCapacity(width * height / 8)
        for seeds in seedLists { queue.append(contentsOf: seeds) }
        var head = 0
        while head < queue.count {
            let i = Int(queue[head])
            head += 1
            let x = i % width
            let label = lab[i]
            @inline(__always) func claim(_ j: Int) {
                if open[j] {
                    open[j] = false
                    lab[j] = label
                    queue.append(Int32(j))
                }
            }
            if x > 0 { claim(i - 1) }
            if x + 1 < width { claim(i + 1) }
            if i >= width { claim(i - width) }
            if i + width < lab.count { claim(i + width) }
        }
    }}}}
    return renumberedInScanOrder(out, count: count)
}

/// Mean colours of segments from their pixel counts and colour sums.
private struct SegmentMeans {
    let area: [Int32]
    let sums: [Float]
    let channels: Int

    /// Euclidean distance between the mean colours of segments `p` and `q`.
    func distance(_ p: Int, _ q: Int) -> Float {
        var d: Float = 0
        for c in 0..<channels {
            let e = sums[p * channels + c] / Float(area[p]) - sums[q * channels + c] / Float(area[q])
            d += e * e
        }
        return d.squareRoot()
    }
}

/// Clears `thin` for every band whose mean colour is not on the way between the two
/// segments it shares the most boundary with: `|c − a| + |c − b| <= betweenness · |a − b|`
/// (Euclidean distances of mean colours, ΔE*ab for Lab). The band along a soft edge
/// passes; a stroke of its own colour (a painted swirl, a dark outline, a wire) does not.
private func keepOnlyInBetweenBands(_ thin: inout [Bool], labels: [Int32], width: Int, height: Int,
                                    means: SegmentMeans, betweenness: Float, bands: [Range<Int>], threads: Int) {
    // Boundary contacts of thin segments, as (thin << 32 | other) keys, one per pixel edge.
    var bandContacts = [[UInt64]](repeating: [], count: bands.count)
    thin.withUnsafeBufferPointer { thin in
    labels.withUnsafeBufferPointer { lab in
    bandContacts.withUnsafeMutableBufferPointer { lists in
        let listBase = SharedMutablePointer(base: lists.baseAddress!)
        forEachFixedBand(bands.count, threads: threads) { k in
            var contacts = [UInt64]()
            @inline(__always) func touch(_ s: Int32, _ t: Int32) {
                if thin[Int(s)] { contacts.append(UInt64(s) << 32 | UInt64(t)) }
                if thin[Int(t)] { contacts.append(UInt64(t) << 32 | UInt64(s)) }
            }
            for y in bands[k] {
                forEachPixelMaybeInContact(lab.baseAddress!, width: width, height: height, row: y) { x in
                    let i = y * width + x
                    if x + 1 < width, lab[i + 1] != lab[i] { touch(lab[i], lab[i + 1]) }
                    if y + 1 < height, lab[i + width] != lab[i] { touch(lab[i], lab[i + width]) }
                }
            }
            listBase.base[k] = contacts
        }
    }}}
    var contacts = bandContacts.flatMap { $0 }
    contacts.sort()
    var k = 0
    while k < contacts.count {
        let s = Int(contacts[k] >> 32)
        // The two neighbours with the longest contact (ties: the lower label).
        var first = (label: -1, length: 0), second = (label: -1, length: 0)
        while k < contacts.count && Int(contacts[k] >> 32) == s {
            let key = contacts[k]
            var run = 0
            while k < contacts.count && contacts[k] == key { run += 1; k += 1 }
            let other = Int(key & 0xFFFF_FFFF)
            if run > first.length {
                second = first
                first = (other, run)
            } else if run > second.length {
                second = (other, run)
            }
        }
        thin[s] = second.label >= 0
            && means.distance(s, first.label) + means.distance(s, second.label)
                <= betweenness * means.distance(first.label, second.label)
    }
}

/// Runs `body` for each of `count` fixed bands: at once when `threads` is more than one,
/// one after the other otherwise.
private func forEachFixedBand(_ count: Int, threads: Int, _ body: (Int) -> Void) {
    if threads > 1 {
        forEachBand(count: count, body)
    } else {
        for k in 0..<count { body(k) }
    }
}
