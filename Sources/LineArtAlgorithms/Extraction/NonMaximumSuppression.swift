import LineArtImage

/// Canny non-maximum suppression along the gradient direction.
///
/// Canny (1986), "A computational approach to edge detection". For each interior pixel the
/// magnitude is compared with the two magnitudes one pixel away along ± the gradient
/// direction, bilinearly interpolated (not quantised to 4 sectors, so diagonal and
/// near-diagonal edges are thinned equally well). The pixel keeps its magnitude if it is
/// strictly greater than the forward neighbour and at least the backward one (the
/// asymmetry keeps exactly one pixel of a two-pixel plateau); otherwise it becomes 0.
/// The one-pixel image border is always 0.
/// - Returns: a 1-channel float image of the surviving magnitudes.
package func nonMaximumSuppression(_ gradient: ColorGradient) -> FloatImage {
    let w = gradient.width, h = gradient.height
    var out = [Float](repeating: 0, count: w * h)
    guard w >= 3 && h >= 3 else { return Image(width: w, height: h, channels: 1, samples: out) }
    gradient.magnitude.withUnsafeBufferPointer { m in
    gradient.directionX.withUnsafeBufferPointer { dxs in
    gradient.directionY.withUnsafeBufferPointer { dys in
    out.withUnsafeMutableBufferPointer { o in
        @inline(__always) func sample(_ fx: Float, _ fy: Float) -> Float {
            // Caller guarantees (fx, fy) is within [0, w-1] × [0, h-1].
            let x0 = min(Int(fx), w - 2), y0 = min(Int(fy), h - 2)
            let ax = fx - Float(x0), ay = fy - Float(y0)
            let i = y0 * w + x0
            let top = m[i] + ax * (m[i + 1] - m[i])
            let bottom = m[i + w] + ax * (m[i + w + 1] - m[i + w])
            return top + ay * (bottom - top)
        }
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                let v = m[i]
                if v <= 0 { continue }
                let ux = dxs[i], uy = dys[i]
                let fx = Float(x), fy = Float(y)
                let forward = sample(fx + ux, fy + uy)
                if v <= forward { continue }
                let backward = sample(fx - ux, fy - uy)
                if v < backward { continue }
                o[i] = v
            }
        }
    }}}}
    return Image(width: w, height: h, channels: 1, samples: out)
}
