import LineArtImage

/// A way of turning preprocessed planes into line art.
///
/// Engines are stateless values chosen by name (`ExtractionEngines.named("edges")`).
/// The output is a 1-channel ink mask of the preprocessed size: 0 = ink line, 255 = paper.
package protocol ExtractionEngine: Sendable {
    /// The name the settings use to pick this engine (lowercase, stable).
    var name: String { get }
    /// Extracts the ink mask, running row bands on up to `threads` threads (the result does
    /// not depend on it).
    func extract(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ByteImage
    /// Whether every line the engine draws is a boundary between two regions (never an open
    /// stroke), so ink that separates nothing after post-processing is a leftover to erase.
    var drawsRegionBoundaries: Bool { get }
    /// The lines of ``extract(_:parameters:threads:)`` and the solid ink that goes on the page
    /// after their post-processing, which would erase it as ink that separates nothing.
    func extractInk(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ExtractedInk
}

/// What an engine draws: lines (0 ink, 255 paper) for the post-processing, and solid shapes
/// (0 ink, 255 none; nil when there are none) laid on the page once it is post-processed.
package struct ExtractedInk: Sendable {
    package var lines: ByteImage
    package var solid: ByteImage?
    /// The regions engine's count at lower contrasts, for the report of a page with fewer
    /// regions than its targets ask (nil from other engines).
    package var countCurve: RegionCountCurve?

    package init(lines: ByteImage, solid: ByteImage? = nil, countCurve: RegionCountCurve? = nil) {
        self.lines = lines
        self.solid = solid
        self.countCurve = countCurve
    }
}

extension ExtractionEngine {
    /// Engines draw open strokes unless they say otherwise.
    package var drawsRegionBoundaries: Bool { false }

    /// Lines only, by default.
    package func extractInk(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ExtractedInk {
        ExtractedInk(lines: extract(image, parameters: parameters, threads: threads))
    }

    /// ``extract(_:parameters:threads:)`` on the calling thread.
    package func extract(_ image: PreprocessedImage, parameters: ExtractionParameters) -> ByteImage {
        extract(image, parameters: parameters, threads: 1)
    }
}

/// What the engines need. Each parameter is documented with its range and default.
package struct ExtractionParameters: Sendable, Equatable {
    /// Edge selectivity, 1.0...3.0 (default 1.5). Higher keeps fewer, stronger edges.
    /// For the edge engine the high hysteresis threshold is the quantile
    /// `q = 1 - strongEdgeFraction / contrastAdjustment` of the non-zero NMS magnitudes.
    package var contrastAdjustment: Float
    /// Fraction of the non-zero NMS magnitudes that seed edges when `contrastAdjustment == 1`,
    /// 0.01...0.9 (default 0.25).
    package var strongEdgeFraction: Float
    /// Low hysteresis threshold as a fraction of the high one, 0.05...1 (default 0.4).
    package var lowThresholdRatio: Float
    /// Gradient magnitude (ΔE*ab per pixel, Scharr-normalised) below which nothing is ever an
    /// edge, 0...50 (default 2). Keeps flat or noise-only images blank.
    package var minimumMagnitude: Float
    /// Weight of a* and b* relative to L* in the colour structure tensor, 0...2 (default 1,
    /// plain ΔE*ab; 0 = luminance-only gradient).
    package var chromaWeight: Float
    /// Edge chains (8-connected components of the edge map) with fewer pixels than this are
    /// dropped as texture stipple, 0...1000 (default 12 px at the working size).
    package var minimumChainLength: Int
    /// Gaussian σ (pixels) applied to the Lab planes before differentiation, 0...4 (default 1).
    /// The derivative scale: larger ignores finer detail.
    package var gradientSigma: Float
    /// Surround-inhibition scale σ_s in pixels, 0...20 (default 6); see `surroundInhibited`.
    package var surroundSigma: Float
    /// Surround-inhibition factor α, 0...3 (default 0.6; 0 = no texture suppression); see
    /// `surroundInhibited`. Higher removes more texture (fur, grass) but also more fine detail
    /// (facial features at small scale).
    package var surroundStrength: Float
    /// Edge chains whose bounding box is smaller than this along both axes are dropped
    /// (small closed specks such as seeds and pores), 0...100 (default 8 px).
    package var minimumChainExtent: Int

    /// Regions engine: the smallest tappable paper region in pixels (default 500).
    package var minRegionArea: Int = 500
    /// Regions engine: the stroke width the page will get, which eats into each region (default 2).
    package var lineWidth: Int = 2
    /// Regions engine: the most regions a page may have (default 500); merging goes on
    /// past the boundary threshold until no more are left.
    package var maxRegions: Int = 500
    /// Regions engine: once only this many regions large enough to colour are left, merging
    /// stops even under the boundary threshold (not under ``BoundaryEngine/lowestThresholdShare``
    /// of it), so a photo low in contrast throughout keeps its strongest borders (default 0: never).
    package var minShapes: Int = 0
    /// Regions engine: the Gaussian σ, in working pixels, the preprocess blurred the photo
    /// by (default 0), so that every derivative scale still reads a step at its full height.
    package var inputBlur: Float = 0
    /// Regions engine: whether small, near-black shapes much darker than their surroundings
    /// are solid ink (``DarkSpotRule``) rather than merged away (default off).
    package var darkSpots = false

    package init(contrastAdjustment: Float = 1.5, strongEdgeFraction: Float = 0.25,
                lowThresholdRatio: Float = 0.4, minimumMagnitude: Float = 2,
                chromaWeight: Float = 1, minimumChainLength: Int = 12, minimumChainExtent: Int = 8,
                gradientSigma: Float = 1, surroundSigma: Float = 6, surroundStrength: Float = 0.6) {
        self.minimumChainExtent = minimumChainExtent
        self.gradientSigma = gradientSigma
        self.surroundSigma = surroundSigma
        self.surroundStrength = surroundStrength
        self.contrastAdjustment = contrastAdjustment
        self.strongEdgeFraction = strongEdgeFraction
        self.lowThresholdRatio = lowThresholdRatio
        self.minimumMagnitude = minimumMagnitude
        self.chromaWeight = chromaWeight
        self.minimumChainLength = minimumChainLength
    }
}

/// The registry of engines, by name.
package enum ExtractionEngines {
    /// Every available engine, in preference order (the first is the default).
    package static let all: [any ExtractionEngine] = [EdgeEngine(), BoundaryEngine()]

    /// The names of all engines.
    package static var names: [String] { all.map(\.name) }

    /// The default engine.
    package static var defaultEngine: any ExtractionEngine { all[0] }

    /// The engine called `name` (case-insensitive), or nil.
    package static func named(_ name: String) -> (any ExtractionEngine)? {
        let key = name.lowercased()
        return all.first { $0.name == key }
    }
}
