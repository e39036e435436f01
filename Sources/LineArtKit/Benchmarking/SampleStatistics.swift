/// Order statistics of a set of measurements (milliseconds, megapixels/s, ...).
///
/// Percentiles use the nearest-rank method on the sorted values: the p-th percentile
/// is the smallest value with at least p % of the values at or below it, so it is
/// always one of the measurements (no interpolation). The median of an even count is
/// the mean of the two middle values.
public struct SampleStatistics: Sendable, Equatable, Codable {
    public var count: Int
    public var min: Double
    public var median: Double
    public var p90: Double
    public var max: Double
    public var mean: Double

    /// - Parameter values: the measurements, in any order; empty gives all zeros.
    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else {
            min = 0; median = 0; p90 = 0; max = 0; mean = 0
            return
        }
        let sorted = values.sorted()
        min = sorted[0]
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
        median = Self.median(sorted: sorted)
        p90 = Self.percentile(90, sorted: sorted)
    }

    /// The median of already sorted values (mean of the middle two for an even count).
    public static func median(sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "median of no values")
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// Nearest-rank percentile `p` (0...100) of already sorted values.
    public static func percentile(_ p: Double, sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "percentile of no values")
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(sorted.count - 1, Swift.max(0, rank - 1))]
    }
}
