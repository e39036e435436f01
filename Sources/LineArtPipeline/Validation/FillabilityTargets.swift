/// The thresholds a coloring page must meet to count as fillable.
///
/// - `minRegions...maxRegions`: inclusive range for `regionCount`.
/// - `minClosure`: `closureRate >= minClosure` passes.
/// - `maxLeak`: `leakPotential < maxLeak` passes (strict); the leak sub-score is 1
///   when `leakPotential <= maxLeak` (as written in the spec).
/// - `minTap`: `tapUsability >= minTap` passes.
public struct FillabilityTargets: Sendable, Equatable, Hashable, Codable {
    public var minRegions: Int
    public var maxRegions: Int
    public var minClosure: Double
    public var maxLeak: Double
    public var minTap: Double

    public init(minRegions: Int, maxRegions: Int, minClosure: Double, maxLeak: Double, minTap: Double) {
        self.minRegions = minRegions
        self.maxRegions = maxRegions
        self.minClosure = minClosure
        self.maxLeak = maxLeak
        self.minTap = minTap
    }

    /// 50...500 regions, closure >= 0.70, leak < 0.30, tap >= 0.80.
    public static let standard = FillabilityTargets(minRegions: 50, maxRegions: 500,
                                                    minClosure: 0.70, maxLeak: 0.30, minTap: 0.80)
    /// 10...30 regions, closure >= 0.90, leak < 0.10, tap >= 0.90.
    public static let toddler = FillabilityTargets(minRegions: 10, maxRegions: 30,
                                                   minClosure: 0.90, maxLeak: 0.10, minTap: 0.90)
}
