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

/// One-sided surround inhibition: `max(0, m(p) − α · min(S(p + d·n), S(p − d·n)))`, where
/// `S` is `magnitude` blurred with a Gaussian of `sigma` and `n` the unit normal of the edge
/// at `p`, the dominant direction of the structure tensor `structure` (3 interleaved values
/// per pixel: xx, yy, xy). An edge inside texture is busy on both sides and fades; the
/// outline of a textured patch against a plain one (bark against sky) has a quiet side and
/// stays, where the isotropic surround would inhibit it by the texture's half.
package func oneSidedSurroundInhibited(_ magnitude: FloatImage, structure: [Float], sigma: Float, offset: Float,
                                      strength: Float, threads: Int = 1) -> FloatImage {
    let w = magnitude.width, h = magnitude.height
    precondition(magnitude.channels == 1 && structure.count == 3 * w * h, "a 1-channel plane and its tensor")
    guard sigma > 0, strength > 0, w > 1, h > 1 else { return magnitude }
    let surround = approximateGaussianBlur(magnitude, sigma: sigma, threads: threads).samples
    var out = magnitude
    surround.withUnsafeBufferPointer { s in
        structure.withUnsafeBufferPointer { t in
            out.samples.withUnsafeMutableBufferPointer { o in
                let shared = SharedMutablePointer(base: o.baseAddress!)
                // Bilinear, clamped to the image.
                func sample(_ x: Float, _ y: Float) -> Float {
                    let cx = min(max(x, 0), Float(w - 1)), cy = min(max(y, 0), Float(h - 1))
                    let x0 = min(Int(cx), w - 2), y0 = min(Int(cy), h - 2)
                    let fx = cx - Float(x0), fy = cy - Float(y0), i = y0 * w + x0
                    let top = s[i] + fx * (s[i + 1] - s[i]), bottom = s[i + w] + fx * (s[i + w + 1] - s[i + w])
                    return top + fy * (bottom - top)
                }
                forEachRowBand(rows: h, threads: threads) { rows in
                    let o = shared.base
                    for y in rows {
                        for x in 0..<w {
                            let i = y * w + x
                            guard o[i] > 0 else { continue }
                            // The tensor's main direction (cos θ, sin θ), θ = atan2(2xy, xx − yy) / 2.
                            let dxx = t[3 * i] - t[3 * i + 1], dxy = 2 * t[3 * i + 2]
                            let r = (dxx * dxx + dxy * dxy).squareRoot()
                            let c2: Float = r > 0 ? dxx / r : 1
                            let nx = max(0, (1 + c2) / 2).squareRoot()
                            let ny = (dxy < 0 ? -1 : 1) * max(0, (1 - c2) / 2).squareRoot()
                            let (fx, fy) = (Float(x), Float(y))
                            let quiet = min(sample(fx + offset * nx, fy + offset * ny),
                                            sample(fx - offset * nx, fy - offset * ny))
                            o[i] = max(0, o[i] - strength * quiet)
                        }
                    }
                }
            }
        }
    }
    return out
}
