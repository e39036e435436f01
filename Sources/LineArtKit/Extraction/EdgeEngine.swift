/// The "edges" engine: colour-aware Canny.
///
/// Steps: Di Zenzo colour gradient on Lab with weights (1, chromaWeight, chromaWeight)
/// (`ColorGradient`) → interpolated non-maximum suppression (`nonMaximumSuppression`) →
/// hysteresis with image-derived thresholds scaled by `contrastAdjustment`
/// (`HysteresisThresholds.derived`) → removal of chains shorter than `minimumChainLength`
/// (`removeShortChains`) → 1-pixel lines, 0 (ink) on 255 (paper).
public struct EdgeEngine: ExtractionEngine {
    public let name = "edges"

    public init() {}

    public func extract(_ image: PreprocessedImage, parameters: ExtractionParameters) -> ByteImage {
        let edges = edgeMap(image, parameters: parameters)
        var ink = edges
        ink.samples.withUnsafeMutableBufferPointer { s in
            for i in 0..<s.count { s[i] = s[i] != 0 ? 0 : 255 }
        }
        return ink
    }

    /// The edge map before inversion: 255 = edge, 0 = none.
    public func edgeMap(_ image: PreprocessedImage, parameters: ExtractionParameters) -> ByteImage {
        let chroma = min(2, max(0, parameters.chromaWeight))
        let gradient = ColorGradient(image.lab, channelWeights: [1, chroma, chroma])
        let thin = nonMaximumSuppression(gradient)
        let thresholds = HysteresisThresholds.derived(
            from: thin, contrastAdjustment: parameters.contrastAdjustment,
            strongEdgeFraction: parameters.strongEdgeFraction,
            lowRatio: parameters.lowThresholdRatio, minimumMagnitude: parameters.minimumMagnitude)
        let edges = hysteresis(thin, thresholds: thresholds)
        return removeShortChains(edges, minimumLength: parameters.minimumChainLength)
    }
}
