import LineArtImage

/// Which of the two pixels across a border between regions ``drawBoundaries(_:width:height:side:threads:)``
/// inks. Either way every two 4-neighbours of different regions have ink between them, so
/// each region stays a closed paper region.
enum BoundarySide {
    /// The pixel left of or above the border. For an even line width: ``thickenInk(_:to:threads:)``
    /// grows even widths right and down, so the thickened line straddles the border.
    case upperLeft
    /// The pixel in the larger of the two regions (the lower label on equal areas), so a
    /// small shape keeps all of its paper. For an odd line width, which cannot straddle the
    /// border: the side then does not depend on the photo's orientation, so a mirrored or
    /// turned photo gives the same page turned.
    case largerRegion

    /// The side for lines that will be thickened to `lineWidth` pixels.
    init(lineWidth: Int) {
        self = lineWidth % 2 == 0 ? .upperLeft : .largerRegion
    }
}

/// Ink (0) on one pixel of every pair of 4-neighbours with different labels, on the given
/// `side`; paper (255) elsewhere. Row bands run on up to `threads` threads; the result does
/// not depend on them.
func drawBoundaries(_ labels: [Int32], width: Int, height: Int, side: BoundarySide,
                    threads: Int) -> ByteImage {
    guard width > 0, height > 0 else { return ByteImage(width: width, height: height, repeating: 255) }
    switch side {
    case .upperLeft: return drawUpperLeft(labels, width: width, height: height, threads: threads)
    case .largerRegion: return drawInLargerRegion(labels, width: width, height: height, threads: threads)
    }
}

private func drawUpperLeft(_ labels: [Int32], width: Int, height: Int, threads: Int) -> ByteImage {
    var page = ByteImage(width: width, height: height, repeating: 255)
    labels.withUnsafeBufferPointer { lab in
        page.samples.withUnsafeMutableBufferPointer { out in
            let shared = SharedMutablePointer(base: out.baseAddress!)
            forEachRowBand(rows: height, threads: threads) { rows in
                let out = shared.base, l = lab.baseAddress!
                for y in rows {
                    // Branch-free over the row (it vectorises): the last column has no right
                    // neighbour, the last row no lower one.
                    let row = y * width, last = width - 1
                    if y + 1 < height {
                        for i in row..<(row &+ last) {
                            let differs: UInt8 = (l[i &+ 1] != l[i] ? 1 : 0) | (l[i &+ width] != l[i] ? 1 : 0)
                            out[i] = 255 &- 255 &* differs
                        }
                        out[row &+ last] = l[row &+ last &+ width] != l[row &+ last] ? 0 : 255
                    } else {
                        for i in row..<(row &+ last) { out[i] = l[i &+ 1] != l[i] ? 0 : 255 }
                    }
                }
            }
        }
    }
    return page
}

private func drawInLargerRegion(_ labels: [Int32], width: Int, height: Int, threads: Int) -> ByteImage {
    var page = ByteImage(width: width, height: height, repeating: 255)
    var area = [Int](repeating: 0, count: Int(labels.max() ?? 0) + 1)
    for label in labels { area[Int(label)] += 1 }
    labels.withUnsafeBufferPointer { lab in
    area.withUnsafeBufferPointer { area in
        page.samples.withUnsafeMutableBufferPointer { out in
            let shared = SharedMutablePointer(base: out.baseAddress!)
            forEachRowBand(rows: height, threads: threads) { rows in
                let out = shared.base, l = lab.baseAddress!
                /// Whether the pixel of label `a` takes the ink of its border with label `b`.
                @inline(__always) func inks(_ a: Int32, _ b: Int32) -> Bool {
                    a != b && (area[Int(a)] > area[Int(b)] || (area[Int(a)] == area[Int(b)] && a < b))
                }
                for y in rows {
                    for x in 0..<width {
                        let i = y * width + x, a = l[i]
                        let ink = (x > 0 && inks(a, l[i - 1])) || (x + 1 < width && inks(a, l[i + 1]))
                            || (y > 0 && inks(a, l[i - width])) || (y + 1 < height && inks(a, l[i + width]))
                        if ink { out[i] = 0 }
                    }
                }
            }
        }
    }
    }
    return page
}
