/// Which of the four fillability targets a page meets.
public struct FillabilityChecks: Sendable, Equatable, Hashable, Codable {
    /// `minRegions <= regionCount <= maxRegions`.
    public var regionCount: Bool
    /// `closureRate >= minClosure`.
    public var closure: Bool
    /// `leakPotential < maxLeak` (strict).
    public var leak: Bool
    /// `tapUsability >= minTap`.
    public var tap: Bool

    public init(regionCount: Bool, closure: Bool, leak: Bool, tap: Bool) {
        self.regionCount = regionCount
        self.closure = closure
        self.leak = leak
        self.tap = tap
    }

    /// Evaluates the checks of `targets` on measured metrics.
    public init(targets: FillabilityTargets, regionCount: Int, closureRate: Double,
                leakPotential: Double, tapUsability: Double) {
        self.init(regionCount: regionCount >= targets.minRegions && regionCount <= targets.maxRegions,
                  closure: closureRate >= targets.minClosure,
                  leak: leakPotential < targets.maxLeak,
                  tap: tapUsability >= targets.minTap)
    }

    /// All four checks pass.
    public var all: Bool { regionCount && closure && leak && tap }
}
