import LineArtImage

/// Where a photo is in focus: the density of sharp edges around each pixel.
///
/// An edge is sharp when a light Gaussian blur (σ = 1 px) takes much of its gradient away;
/// a defocused edge is already soft, so the blur changes it little.
package struct FocusMap: Sendable {
    /// Row-major, at the size asked for: 0 (no sharp edge near) ... 1 (the sharpest place).
    package var sharpness: [Float]
    /// Whether the map tells a subject from its background: a large part of the photo
    /// (``blankShare``) has no sharp edge near it.
    package var separates: Bool
    /// Whether that part holds soft edges (a blurred background) rather than next to none
    /// (a plain backdrop).
    package var blankIsBlurred: Bool

    /// Share of the photo without sharp edges near it for the map to separate.
    static let blankShare: Float = 0.3
    /// Sharpness under which a pixel counts as blank.
    static let blankLevel: Float = 0.15
}

/// The focus map of `lightness` (L* in 0...100, 1 channel), returned at `size` (smaller than
/// `lightness`), or nil when the photo has no sharp edge at all. The blur runs on up to
/// `threads` threads (the same map for any count).
package func focusMap(lightness: FloatImage, size: ImageSize, threads: Int = 1) -> FocusMap? {
    let w = lightness.width, h = lightness.height
    let fine = gradientMagnitude(lightness.samples, width: w, height: h)
    let soft = gradientMagnitude(gaussianBlur(lightness, sigma: 1, threads: threads).samples, width: w, height: h)
    // Sharp: 4 L* per pixel (an edge a person sees) that the blur took a quarter of away.
    // Blurred: a soft slope of at least 0.5 L* per pixel that is not sharp.
    var sharp = FloatImage(width: w, height: h, repeating: 0)
    var blurred = FloatImage(width: w, height: h, repeating: 0)
    sharp.samples.withUnsafeMutableBufferPointer { sharp in
        blurred.samples.withUnsafeMutableBufferPointer { blurred in
            for i in fine.indices {
                if fine[i] > 4 && fine[i] > 1.35 * soft[i] { sharp[i] = 1 } else if soft[i] > 0.5 { blurred[i] = 1 }
            }
        }
    }
    let spread = Float(max(size.width, size.height)) / 40
    let density = gaussianBlur(areaResize(sharp, to: size), sigma: spread).samples
    guard let peak = density.max(), peak > 1e-3 else { return nil }
    let sharpness = density.map { $0 / peak }
    let blank = sharpness.map { $0 < FocusMap.blankLevel }
    let blankCount = blank.lazy.filter { $0 }.count
    let softDensity = areaResize(blurred, to: size).samples
    let softInBlank = zip(softDensity, blank).reduce(Float(0)) { $0 + ($1.1 ? $1.0 : 0) }
    return FocusMap(sharpness: sharpness,
                    separates: Float(blankCount) >= FocusMap.blankShare * Float(sharpness.count),
                    blankIsBlurred: blankCount > 0 && softInBlank / Float(blankCount) > 0.1)
}

/// Central-difference gradient magnitude of a 1-channel plane (0 on the outermost pixels).
func gradientMagnitude(_ plane: [Float], width w: Int, height h: Int) -> [Float] {
    var out = [Float](repeating: 0, count: plane.count)
    guard w > 2, h > 2 else { return out }
    plane.withUnsafeBufferPointer { plane in
        out.withUnsafeMutableBufferPointer { out in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = y * w + x
                    let gx = (plane[i + 1] - plane[i - 1]) / 2, gy = (plane[i + w] - plane[i - w]) / 2
                    out[i] = (gx * gx + gy * gy).squareRoot()
                }
            }
        }
    }
    return out
}
