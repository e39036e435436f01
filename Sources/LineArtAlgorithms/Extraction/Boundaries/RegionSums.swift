/// The summed samples of each region (one or more interleaved channels per pixel), kept as
/// regions merge, for their means.
struct RegionSums {
    let channels: Int
    private var sums: [Double]

    init(labels: [Int32], count: Int, samples: [Float], channels: Int) {
        precondition(samples.count == channels * labels.count, "\(channels) samples per label")
        self.channels = channels
        sums = [Double](repeating: 0, count: channels * count)
        for (i, l) in labels.enumerated() {
            for c in 0..<channels { sums[channels * Int(l) + c] += Double(samples[channels * i + c]) }
        }
    }

    /// Region `b`'s samples become part of region `a`'s.
    mutating func join(_ b: Int32, into a: Int32) {
        for c in 0..<channels {
            sums[channels * Int(a) + c] += sums[channels * Int(b) + c]
            sums[channels * Int(b) + c] = 0
        }
    }

    /// Channel `channel`'s mean over region `r` of `area` pixels.
    func mean(_ r: Int32, channel: Int = 0, area: Int) -> Double {
        sums[channels * Int(r) + channel] / Double(max(1, area))
    }

    /// Of L*a*b* sums: the difference of two regions' mean colours (of `areaA` and `areaB`
    /// pixels), in ΔE*ab with a* and b* weighing `chromaWeight`.
    func difference(_ a: Int32, _ b: Int32, areaA: Int, areaB: Int, chromaWeight: Double) -> Double {
        precondition(channels == 3, "colour differences need L*a*b*")
        var squares = 0.0
        for c in 0..<3 {
            let d = mean(a, channel: c, area: areaA) - mean(b, channel: c, area: areaB)
            squares += (c == 0 ? 1 : chromaWeight * chromaWeight) * d * d
        }
        return squares.squareRoot()
    }
}
