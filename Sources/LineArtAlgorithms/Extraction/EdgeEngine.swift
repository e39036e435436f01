import LineArtImage

/// The "edges" engine: colour-aware Canny.
///
/// Steps: Gaussian smoothing of Lab (`gradientSigma`) → Di Zenzo colour gradient with channel
/// weights (1, chromaWeight, chromaWeight) (`ColorGradient`) → interpolated non-maximum
/// suppression (`nonMaximumSuppression`) → surround inhibition of the maxima against texture
/// (`surroundInhibited`, factor `surroundStrength`, surround = Gaussian σ_s of the full
/// magnitude) → thresholds derived from the inhibited maxima and scaled by
/// `contrastAdjustment` (`HysteresisThresholds.derived`) → hysteresis (`hysteresis`) →
/// removal of chains shorter than `minimumChainLength` or smaller than
/// `minimumChainExtent` (`removeShortChains`) → 1-pixel lines, 0 (ink) on 255 (paper).
package struct EdgeEngine: ExtractionEngine {
    package let name = "edges"

    package init() {}

    /// One thread whatever `threads` says: no step here runs in row bands.
    package func extract(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ByteImage {
        let edges = edgeMap(image, parameters: parameters)
        var ink = edges
        ink.samples.withUnsafeMutableBufferPointer { s in
            for i in 0..<s.count { s[i] = s[i] != 0 ? 0 : 255 }
        }
        return ink
    }

    /// The edge map before inversion: 255 = edge, 0 = none.
    package func edgeMap(_ image: PreprocessedImage, parameters: ExtractionParameters) -> ByteImage {
        let chroma = min(2, max(0, parameters.chromaWeight))
        let smoothed = gaussianBlur(image.lab, sigma: min(4, max(0, parameters.gradientSigma)))
        let gradient = ColorGradient(smoothed, channelWeights: [1, chroma, chroma])
        // Edges sit at the local maxima of the raw magnitude; surround inhibition then lowers
        // the maxima that lie in texture, and the thresholds come from the inhibited maxima.
        let thin = nonMaximumSuppression(gradient)
        let inhibited = surroundInhibited(thin, surroundOf: gradient.magnitudeImage,
                                          sigma: min(20, max(0, parameters.surroundSigma)),
                                          strength: min(3, max(0, parameters.surroundStrength)))
        let thresholds = HysteresisThresholds.derived(
            from: inhibited, contrastAdjustment: parameters.contrastAdjustment,
            strongEdgeFraction: parameters.strongEdgeFraction,
            lowRatio: parameters.lowThresholdRatio, minimumMagnitude: parameters.minimumMagnitude)
        let edges = hysteresis(inhibited, thresholds: thresholds)
        return removeShortChains(edges, minimumLength: parameters.minimumChainLength,
                                 minimumExtent: parameters.minimumChainExtent)
    }
}
