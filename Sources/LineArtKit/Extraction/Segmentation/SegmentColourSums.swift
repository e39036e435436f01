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
                        for i in 0..<lab.count {
                            let l = Int(lab[i])
                            area[l] += 1
                            for c in 0..<ch { sum[l * ch + c] += px[i * ch + c] }
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
