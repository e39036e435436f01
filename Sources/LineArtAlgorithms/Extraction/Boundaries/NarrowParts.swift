import LineArtImage

/// `labels` with the parts of regions too narrow to keep paper between their lines handed to
/// the regions beside them: a strip between two borders closer than `lineWidth` (a lake's
/// shore between water and grass at the toddler preset's bold lines) would be drawn as one
/// stretch of line twice as wide, or as a blob; given to its neighbours, it is drawn as one
/// line down its middle.
///
/// A pixel is narrow when no pixel at least `lineWidth / 2` from every border lies within
/// `lineWidth / 2` of it: the pixels a disc of the line's width cannot reach inside any
/// region (a morphological opening: ``markLabelChanges(_:width:height:ignoring:into:threads:)``
/// for the borders, then ``markWithinDisk(_:targets:width:height:radius:squaredRadius:out:threads:)``
/// twice). Narrow pixels take the label of the nearest pixel that is not, by a flood through
/// them (the larger region's on a tie, where ``nearestRegionLabels(_:)`` takes the first in
/// scan order: a mirrored page would split its strips another way); a region with no such
/// pixel goes entirely.
///
/// Only lines of 4 px or more: with thinner ones the mode filter before the drawing leaves
/// few strips this narrow (0.2% of the ink of 50 dev pages at the portrait preset's 3 px),
/// not worth the passes over the page. Row bands run on up to `threads` threads; the result
/// does not depend on it.
func withoutNarrowParts(_ labels: [Int32], width: Int, height: Int, lineWidth: Int, threads: Int = 1) -> [Int32] {
    let reach = lineWidth / 2, n = width * height
    guard reach >= 2, n > 0 else { return labels }
    var border = [UInt8](repeating: 0, count: n), nearBorder = border, wide = border
    labels.withUnsafeBufferPointer { labels in
        markLabelChanges(labels, width: width, height: height, ignoring: .min, into: &border, threads: threads)
    }
    // Within `reach` of a border: squared distances under reach², so the cores, marked 0, are
    // the pixels at least `reach` from every border.
    markWithinDisk(border, targets: 1...1, width: width, height: height, radius: reach - 1,
                   squaredRadius: reach * reach - 1, out: &nearBorder, threads: threads)
    markWithinDisk(nearBorder, targets: 0...0, width: width, height: height, radius: reach, out: &wide,
                   threads: threads)
    guard wide.contains(0) else { return labels }
    // The flood, level by level from the wide pixels beside narrow ones. A pixel reached from
    // two regions at once goes to the larger (then the lower label).
    var area = [Int](repeating: 0, count: Int(labels.max()!) + 1)
    for l in labels { area[Int(l)] += 1 }
    var out = labels
    var claim = [Int32](repeating: -1, count: n)
    var frontier: [Int] = []
    for y in 0..<height {
        for x in 0..<width where wide[y * width + x] != 0 {
            let i = y * width + x
            if (x > 0 && wide[i - 1] == 0) || (x + 1 < width && wide[i + 1] == 0)
                || (y > 0 && wide[i - width] == 0) || (y + 1 < height && wide[i + width] == 0) { frontier.append(i) }
        }
    }
    var reached: [Int] = []
    while !frontier.isEmpty {
        reached.removeAll(keepingCapacity: true)
        for i in frontier {
            let x = i % width, label = out[i]
            func offer(_ j: Int) {
                guard wide[j] == 0 else { return }
                let held = claim[j]
                if held < 0 { reached.append(j) }
                if held < 0 || area[Int(label)] > area[Int(held)]
                    || (area[Int(label)] == area[Int(held)] && label < held) { claim[j] = label }
            }
            if x > 0 { offer(i - 1) }
            if x + 1 < width { offer(i + 1) }
            if i >= width { offer(i - width) }
            if i + width < n { offer(i + width) }
        }
        for j in reached {
            out[j] = claim[j]
            wide[j] = 1
        }
        swap(&frontier, &reached)
    }
    return out
}
