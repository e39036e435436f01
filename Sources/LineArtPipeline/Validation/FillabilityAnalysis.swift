import LineArtImage
import LineArtAlgorithms

/// A fillability result together with the paper labelling it was measured on, so
/// later stages (region maps for tap-to-fill apps) can reuse the regions.
public struct FillabilityAnalysis: Sendable, Equatable {
    /// The metrics, checks, score and suggestions.
    public var result: FillabilityResult
    /// The 4-connected paper regions (label 0 = ink), numbered in row-major order
    /// of their first pixel.
    public var regions: LabelMap
    /// For each corner (in ``ImageCorner/allCases`` order), the nearest paper pixel
    /// by the tie rule of ``LabelMap/nearestLabelledPixel(to:)``; nil without paper.
    public var cornerPixels: [ImageCorner: PixelPoint]
    /// The distinct regions holding the corner pixels, ascending: the regions a
    /// fill started from the page background would spread through.
    public var leakingRegions: [Int32]

    public init(result: FillabilityResult, regions: LabelMap,
                cornerPixels: [ImageCorner: PixelPoint], leakingRegions: [Int32]) {
        self.result = result
        self.regions = regions
        self.cornerPixels = cornerPixels
        self.leakingRegions = leakingRegions
    }
}
