/// The pipeline settings that produced a page, as far as fillability suggestions
/// need them. Names and ranges mirror `LineArtSettings`:
///
/// | setting | range | effect |
/// |---|---|---|
/// | `maxDimension` | 256...1024 | working size; larger keeps more detail (more regions) |
/// | `contrastAdjustment` | 1.0...3.0 | higher keeps fewer, stronger edges (fewer regions) |
/// | `thickness` | 1...8 px | line width; thicker lines close small gaps |
/// | `closeLargeGaps` | Bool | morphological closing of large gaps in the outlines |
/// | `largeGapKernel` | 1...15, odd | kernel size of that closing |
/// | `blurAmount` | 0...10 | Gaussian sigma before edge detection; higher = fewer regions |
/// | `minRegionArea` | 0...100000 px | regions smaller than this are "too small to tap" |
/// | `simplifyRegions` | Bool | merge paper regions smaller than `minRegionArea` into neighbours |
/// | `regionTarget` | 0...1000 | segments the regions engine keeps; here the value in effect (0: unknown) |
///
/// `segmentBoundaries` says that the page's lines are the boundaries of a segmentation (the
/// regions engine): its regions are closed by construction and its lines are not closed
/// again, so gap closing and thicker lines cannot shrink the regions at the corners or
/// close more of them.
public struct SuggestionContext: Sendable, Equatable, Codable {
    public var thickness: Int
    public var closeLargeGaps: Bool
    public var largeGapKernel: Int
    public var minRegionArea: Int
    public var contrastAdjustment: Double
    public var blurAmount: Double
    public var simplifyRegions: Bool
    public var maxDimension: Int
    public var segmentBoundaries: Bool
    /// The number of segments the regions engine's merging kept (the `regionTarget` in
    /// effect, derived from the targets when the setting is 0); 0 when not known.
    public var regionTarget: Int

    public init(thickness: Int, closeLargeGaps: Bool, largeGapKernel: Int, minRegionArea: Int,
                contrastAdjustment: Double, blurAmount: Double, simplifyRegions: Bool, maxDimension: Int,
                segmentBoundaries: Bool = false, regionTarget: Int = 0) {
        self.thickness = thickness
        self.closeLargeGaps = closeLargeGaps
        self.largeGapKernel = largeGapKernel
        self.minRegionArea = minRegionArea
        self.contrastAdjustment = contrastAdjustment
        self.blurAmount = blurAmount
        self.simplifyRegions = simplifyRegions
        self.maxDimension = maxDimension
        self.segmentBoundaries = segmentBoundaries
        self.regionTarget = regionTarget
    }

    public static let thicknessRange = 1...8
    public static let largeGapKernelRange = 1...15
    public static let contrastAdjustmentRange = 1.0...3.0
    public static let blurAmountRange = 0.0...10.0
    public static let maxDimensionRange = 256...1024
    public static let regionTargetRange = 1...1000
}
