import LineArtImage

/// Texture suppression by surround inhibition of the gradient magnitude.
///
/// After Grigorescu, Petkov & Westenberg (2003), "Contour detection based on nonclassical
/// receptive field inhibition": an edge pixel surrounded by many other edges (grass, fur,
/// hair, foliage) is texture; an edge with a quiet surround is an object contour. The
/// inhibited magnitude is
///
///     m'(p) = max(0, m(p) − α · S(p)),   S = m blurred with a Gaussian of σ_s
///
/// (the isotropic variant; `S` is computed with three box blurs, O(pixels)). A long isolated
/// contour contributes only about `m · 2.5 / (√(2π) σ_s)` to its own surround, so it survives;
/// dense texture of similar strength is driven towards 0.
/// - Parameters:
///   - magnitude: 1-channel gradient magnitude.
///   - sigma: surround scale σ_s in pixels (typically 4...8); `<= 0` returns the input.
///   - strength: inhibition factor α (0 = off; typically 1...3).
package func surroundSuppressed(_ magnitude: FloatImage, sigma: Float, strength: Float) -> FloatImage {
    surroundInhibited(magnitude, surroundOf: magnitude, sigma: sigma, strength: strength)
}

/// Inhibits `values` (e.g. the non-maximum-suppressed magnitude) by the surround of another
/// plane (e.g. the full gradient magnitude): `max(0, values − α · G_σ * surroundSource)`.
/// Zeros stay zero. Both planes are 1-channel and the same size.
package func surroundInhibited(_ values: FloatImage, surroundOf source: FloatImage,
                              sigma: Float, strength: Float) -> FloatImage {
    precondition(values.size == source.size && values.channels == 1 && source.channels == 1,
                 "planes must be 1-channel and the same size")
    guard sigma > 0, strength > 0 else { return values }
    let surround = approximateGaussianBlur(source, sigma: sigma)
    var out = values
    let n = out.samples.count
    out.samples.withUnsafeMutableBufferPointer { m in
        surround.samples.withUnsafeBufferPointer { s in
            for i in 0..<n { m[i] = max(0, m[i] - strength * s[i]) }
        }
    }
    return out
}
