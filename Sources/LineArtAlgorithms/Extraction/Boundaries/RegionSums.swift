/// The summed samples (one per pixel) of each region, kept as regions merge, for their means.
struct RegionSums {
    private var sums: [Double]

    init(labels: [Int32], count: Int, samples: [Float]) {
        precondition(samples.count == labels.count, "one sample per label")
        sums = [Double](repeating: 0, count: count)
        for (l, s) in zip(labels, samples) { sums[Int(l)] += Double(s) }
    }

    /// Region `b`'s samples become part of region `a`'s.
    mutating func join(_ b: Int32, into a: Int32) {
        sums[Int(a)] += sums[Int(b)]
        sums[Int(b)] = 0
    }

    /// The mean over region `r` of `area` pixels.
    func mean(_ r: Int32, area: Int) -> Double {
        sums[Int(r)] / Double(max(1, area))
    }
}
