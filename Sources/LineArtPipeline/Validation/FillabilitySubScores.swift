/// The four sub-scores whose mean is the fillability `score`, each in 0...1.
///
/// - count: 0 when there are no regions; 1 inside `minRegions...maxRegions`
///   (inclusive); `n / minRegions` below it; `maxRegions / n` above it.
/// - closure: `min(1, closureRate / minClosure)` (1 when `minClosure <= 0`).
/// - leak: 1 when `leakPotential <= maxLeak`, else
///   `max(0, (1 - leakPotential) / (1 - maxLeak))`.
/// - tap: `min(1, tapUsability / minTap)` (1 when `minTap <= 0`).
public struct FillabilitySubScores: Sendable, Equatable, Hashable, Codable {
    public var count: Double
    public var closure: Double
    public var leak: Double
    public var tap: Double

    public init(count: Double, closure: Double, leak: Double, tap: Double) {
        self.count = count
        self.closure = closure
        self.leak = leak
        self.tap = tap
    }

    /// Computes the sub-scores of measured metrics against `targets`.
    public init(targets: FillabilityTargets, regionCount n: Int, closureRate: Double,
                leakPotential: Double, tapUsability: Double) {
        let count: Double
        if n <= 0 {
            count = 0
        } else if n < targets.minRegions {
            count = Double(n) / Double(targets.minRegions)
        } else if n > targets.maxRegions {
            count = Double(targets.maxRegions) / Double(n)
        } else {
            count = 1
        }
        let closure = targets.minClosure > 0 ? min(1, closureRate / targets.minClosure) : 1
        let leak = leakPotential <= targets.maxLeak
            ? 1 : max(0, (1 - leakPotential) / (1 - targets.maxLeak))
        let tap = targets.minTap > 0 ? min(1, tapUsability / targets.minTap) : 1
        self.init(count: count, closure: closure, leak: leak, tap: tap)
    }

    /// `(count + closure + leak + tap) / 4`, summed in that order.
    public var mean: Double { (count + closure + leak + tap) / 4 }
}
