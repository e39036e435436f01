import LineArtImage
import LineArtAlgorithms

/// Measures how well a binary line-art page works as a coloring page.
///
/// On a W × H 1-channel page, paper is a sample `>= 128` and ink `< 128`.
/// The paper is labelled into 4-connected regions with two-pass union-find
/// labelling (``label(_:connectivity:threads:where:)``), then:
/// - `regionCount` = number of regions; `closedRegionCount` = regions touching no
///   image edge; `closureRate` = closed / regionCount (0 if no regions).
/// - `leakPotential`: for each corner the nearest paper pixel in Chebyshev
///   distance is found by ring search; ties go to the first pixel in row-major
///   order (smallest y, then smallest x) among those at the minimal distance. The
///   union of the regions holding the (up to four) pixels, each region counted
///   once, is summed in pixels and divided by W × H. No paper at all → 0.
/// - `tapUsability` = regions with area >= `minRegionArea` / regionCount (0 if none).
/// - `inkFraction` = ink pixels / (W × H) (0 for an empty image).
/// - `checks`: count in `minRegions...maxRegions` (inclusive), closure >= minClosure,
///   leak < maxLeak (strict), tap >= minTap; `passes` = all four.
/// - `score` = mean of the four ``FillabilitySubScores`` (leak sub-score is 1 when
///   leak <= maxLeak).
///
/// Cost: O(W × H) for labelling plus the ring searches.
public struct FillabilityValidator: Sendable, Equatable {
    /// Samples at or above this value are paper; below it, ink.
    public static let paperThreshold: UInt8 = LineArtAlgorithms.paperThreshold

    /// Whether a line-art sample is paper (`>= 128`).
    @inline(__always)
    public static func isPaper(_ sample: UInt8) -> Bool { LineArtAlgorithms.isPaper(sample) }

    /// The targets checked and scored.
    public var targets: FillabilityTargets
    /// Regions smaller than this (in pixels) are too small to tap; 0...100000.
    public var minRegionArea: Int

    public init(targets: FillabilityTargets = .standard, minRegionArea: Int) {
        self.targets = targets
        self.minRegionArea = minRegionArea
    }

    /// Measures `lineArt` and returns the result with the paper labelling.
    /// - Parameters:
    ///   - lineArt: the final 1-channel binary line art.
    ///   - suggestionContext: the settings that produced the page; when given, the
    ///     result carries ``fillabilitySuggestions(for:context:)``, else none.
    /// - Precondition: `lineArt.channels == 1`.
    public func analyze(_ lineArt: ByteImage, suggestionContext: SuggestionContext? = nil) -> FillabilityAnalysis {
        let regions = label(lineArt, connectivity: .four, where: Self.isPaper)
        let pixelCount = lineArt.width * lineArt.height
        let n = regions.count

        var closed = 0
        var usable = 0
        if n > 0 {
            for l in 1...n {
                if !regions.touchesBorder[l] { closed += 1 }
                if regions.areas[l] >= minRegionArea { usable += 1 }
            }
        }

        var cornerPixels: [ImageCorner: PixelPoint] = [:]
        var leaking: [Int32] = []
        for corner in ImageCorner.allCases {
            guard let p = regions.nearestLabelledPixel(to: corner) else { continue }
            cornerPixels[corner] = p
            let l = regions[p.x, p.y]
            if !leaking.contains(l) { leaking.append(l) }
        }
        leaking.sort()
        let leakArea = leaking.reduce(0) { $0 + regions.areas[Int($1)] }

        let closureRate = n > 0 ? Double(closed) / Double(n) : 0
        let tapUsability = n > 0 ? Double(usable) / Double(n) : 0
        let leakPotential = pixelCount > 0 ? Double(leakArea) / Double(pixelCount) : 0
        let inkFraction = pixelCount > 0 ? Double(regions.areas[0]) / Double(pixelCount) : 0

        let checks = FillabilityChecks(targets: targets, regionCount: n, closureRate: closureRate,
                                       leakPotential: leakPotential, tapUsability: tapUsability)
        let subScores = FillabilitySubScores(targets: targets, regionCount: n, closureRate: closureRate,
                                             leakPotential: leakPotential, tapUsability: tapUsability)
        var result = FillabilityResult(
            width: lineArt.width, height: lineArt.height,
            regionCount: n, closedRegionCount: closed, closureRate: closureRate,
            leakPotential: leakPotential, usableRegionCount: usable, tapUsability: tapUsability,
            inkFraction: inkFraction, passes: checks.all, score: subScores.mean,
            checks: checks, targets: targets, minRegionArea: minRegionArea, suggestions: [])
        if let context = suggestionContext {
            result.suggestions = fillabilitySuggestions(for: result, context: context)
        }
        return FillabilityAnalysis(result: result, regions: regions,
                                   cornerPixels: cornerPixels, leakingRegions: leaking)
    }

    /// Measures `lineArt`; see ``analyze(_:suggestionContext:)``.
    public func validate(_ lineArt: ByteImage, suggestionContext: SuggestionContext? = nil) -> FillabilityResult {
        analyze(lineArt, suggestionContext: suggestionContext).result
    }
}
