/// The fillability metrics of one line-art page, their checks against targets, and
/// suggestions. Codable with camelCase keys equal to the property names; Doubles
/// are stored unrounded.
///
/// Definitions (W × H page; paper = sample >= 128, ink = sample < 128):
/// - `regionCount`: the 4-connected components of paper (what a scanline flood fill fills).
/// - `closedRegionCount`: regions with no pixel in the first/last row or column.
/// - `closureRate`: `closedRegionCount / regionCount`, 0 when there are no regions.
/// - `leakPotential`: for each of the four corners, the paper pixel nearest to it in
///   Chebyshev distance (ties: first in row-major order, see ``FillabilityValidator``);
///   the area of the union of the regions holding those pixels (each region counted
///   once) divided by W × H; 0 when the page has no paper.
/// - `usableRegionCount`: regions with area >= `minRegionArea`.
/// - `tapUsability`: `usableRegionCount / regionCount`, 0 when there are no regions.
/// - `inkFraction`: ink pixels / (W × H), 0 for an empty image.
/// - `checks`, `passes` (all four checks) and `score` (mean of ``FillabilitySubScores``).
public struct FillabilityResult: Sendable, Equatable, Codable {
    public var width: Int
    public var height: Int
    public var regionCount: Int
    public var closedRegionCount: Int
    public var closureRate: Double
    public var leakPotential: Double
    public var usableRegionCount: Int
    public var tapUsability: Double
    public var inkFraction: Double
    public var passes: Bool
    public var score: Double
    public var checks: FillabilityChecks
    public var targets: FillabilityTargets
    public var minRegionArea: Int
    public var suggestions: [String]

    public init(width: Int, height: Int, regionCount: Int, closedRegionCount: Int,
                closureRate: Double, leakPotential: Double, usableRegionCount: Int,
                tapUsability: Double, inkFraction: Double, passes: Bool, score: Double,
                checks: FillabilityChecks, targets: FillabilityTargets, minRegionArea: Int,
                suggestions: [String]) {
        self.width = width
        self.height = height
        self.regionCount = regionCount
        self.closedRegionCount = closedRegionCount
        self.closureRate = closureRate
        self.leakPotential = leakPotential
        self.usableRegionCount = usableRegionCount
        self.tapUsability = tapUsability
        self.inkFraction = inkFraction
        self.passes = passes
        self.score = score
        self.checks = checks
        self.targets = targets
        self.minRegionArea = minRegionArea
        self.suggestions = suggestions
    }

    /// The sub-scores behind `score`, recomputed from the stored metrics.
    public var subScores: FillabilitySubScores {
        FillabilitySubScores(targets: targets, regionCount: regionCount, closureRate: closureRate,
                             leakPotential: leakPotential, tapUsability: tapUsability)
    }
}
