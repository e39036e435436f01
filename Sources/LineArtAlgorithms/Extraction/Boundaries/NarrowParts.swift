import LineArtImage

/// `labels` with the parts of regions too narrow to keep paper between their lines handed to
/// the regions beside them: a strip between two borders closer than `lineWidth` (a lake's
/// shore between water and grass at the toddler preset's bold lines) would be drawn as one
/// stretch of line twice as wide, or as a blob; given to its neighbours, it is drawn as one
/// line down its middle.
///
/// A pixel is narrow when no pixel at least `lineWidth / 2` from every border lies within
/// `lineWidth / 2` of it: the pixels a disc of the line's width cannot reach inside any
/// region (a morphological opening, by two distance transforms). Narrow pixels take the
/// label of the nearest pixel that is not, by a flood through them (the larger region's on a
/// tie); a region with no such pixel goes entirely.
///
/// Only lines of 4 px or more: with thinner ones the mode filter before the drawing leaves
/// few strips this narrow (0.2% of the ink of 50 dev pages at the portrait preset's 3 px),
/// not worth two distance transforms of the page.
func withoutNarrowParts(_ labels: [Int32], width: Int, height: Int, lineWidth: Int) -> [Int32] {
    let reach = lineWidth / 2, n = width * height
    guard reach >= 2, n > 0 else { return labels }
    // 0 on border pixels (a 4-neighbour in another region: both sides of every border).
    var mask = ByteImage(width: width, height: height, repeating: 255)
    labels.withUnsafeBufferPointer { l in
        mask.samples.withUnsafeMutableBufferPointer { m in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x, a = l[i]
                    if (x > 0 && l[i - 1] != a) || (x + 1 < width && l[i + 1] != a)
                        || (y > 0 && l[i - width] != a) || (y + 1 < height && l[i + width] != a) { m[i] = 0 }
                }
            }
        }
    }
    // 0 on the cores: at least `reach` from every border.
    let fromBorder = DistanceTransform.squaredEuclidean(mask).samples
    let squaredReach = Int32(reach * reach)
    for i in 0..<n { mask.samples[i] = fromBorder[i] >= squaredReach ? 0 : 255 }
    let fromCore = DistanceTransform.squaredEuclidean(mask).samples
    var narrow = fromCore.map { $0 > squaredReach }
    guard narrow.contains(true) else { return labels }
    // The flood, level by level from the wide pixels beside narrow ones. A pixel reached from
    // two regions at once goes to the larger (then the lower label), not to whichever the scan
    // met first: a mirrored or turned page splits its strips the same way.
    var area = [Int](repeating: 0, count: Int(labels.max()!) + 1)
    for l in labels { area[Int(l)] += 1 }
    var out = labels
    var claim = [Int32](repeating: -1, count: n)
    var frontier: [Int] = []
    for y in 0..<height {
        for x in 0..<width where !narrow[y * width + x] {
            let i = y * width + x
            if (x > 0 && narrow[i - 1]) || (x + 1 < width && narrow[i + 1])
                || (y > 0 && narrow[i - width]) || (y + 1 < height && narrow[i + width]) { frontier.append(i) }
        }
    }
    while !frontier.isEmpty {
        var reached: [Int] = []
        for i in frontier {
            let x = i % width, label = out[i]
            for j in [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, i - width, i + width]
            where j >= 0 && j < n && narrow[j] {
                let held = claim[j]
                if held < 0 { reached.append(j) }
                if held < 0 || area[Int(label)] > area[Int(held)]
                    || (area[Int(label)] == area[Int(held)] && label < held) { claim[j] = label }
            }
        }
        for j in reached {
            out[j] = claim[j]
            narrow[j] = false
        }
        frontier = reached
    }
    return out
}
