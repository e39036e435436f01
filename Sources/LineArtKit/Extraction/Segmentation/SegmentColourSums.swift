/// The pixel count and the per-channel colour sum of every label `0..<count` of a label
/// image over `colours` (same size): what mean colours of segments are made from.
struct SegmentColourSums {
    var areas: [Int]
    /// `count × colours.channels` sums, label-major.
    var sums: [Float]

    init(_ labels: [Int32], colours: FloatImage, count: Int) {
        let ch = colours.channels
        var areas = [Int](repeating: 0, count: count)
        var sums = [Float](repeating: 0, count: count * ch)
        labels.withUnsafeBufferPointer { lab in
            colours.samples.withUnsafeBufferPointer { px in
                areas.withUnsafeMutableBufferPointer { area in
                    sums.withUnsafeMutableBufferPointer { sum in
                        if ch == 3 {
                            addRuns(lab, px.baseAddress!, area: area.baseAddress!, sums: sum.baseAddress!,
                                    pixels: 0..<lab.count)
                        } else {
                            for i in 0..<lab.count {
                                let l = Int(lab[i])
                                area[l] += 1
                                for c in 0..<ch { sum[l * ch + c] += px[i * ch + c] }
                            }
                        }
                    }
                }
            }
        }
        self.areas = areas
        self.sums = sums
    }

    /// The mean colours, label-major (zero for a label with no pixels).
    func means(channels ch: Int) -> [Float] {
        var means = [Float](repeating: 0, count: sums.count)
        for l in 0..<areas.count where areas[l] > 0 {
            for c in 0..<ch { means[l * ch + c] = sums[l * ch + c] / Float(areas[l]) }
        }
        return means
    }
}

/// Adds the pixels `pixels` of a 3-channel colour image to their labels' areas and colour
/// sums (`3 · label + channel`), in scan order. A run of pixels with one label is added in
/// registers, starting from the label's sums and storing them once at its end: the same
/// float additions in the same order as one pixel at a time, without each addition
/// waiting on the store of the one before.
func addRuns<Area: BinaryInteger>(_ lab: UnsafeBufferPointer<Int32>, _ px: UnsafePointer<Float>,
                                  area: UnsafeMutablePointer<Area>, sums: UnsafeMutablePointer<Float>,
                                  pixels: Range<Int>) {
    var i = pixels.lowerBound
    while i < pixels.upperBound {
        let label = lab[i], l = Int(label)
        var s0 = sums[3 * l], s1 = sums[3 * l + 1], s2 = sums[3 * l + 2]
        var j = i
        repeat {
            s0 += px[3 * j]; s1 += px[3 * j + 1]; s2 += px[3 * j + 2]
            j += 1
        } while j < pixels.upperBound && lab[j] == label
        sums[3 * l] = s0; sums[3 * l + 1] = s1; sums[3 * l + 2] = s2
        area[l] += Area(j - i)
        i = j
    }
}
