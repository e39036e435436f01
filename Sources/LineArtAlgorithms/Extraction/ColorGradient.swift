import FoundationEssentials
import Glibc
import LineArtImage

/// Colour gradient of a multi-channel image: magnitude and direction of the strongest change.
///
/// Di Zenzo (1986), "A note on the gradient of a multi-image". With per-channel Scharr
/// derivatives `gx_c`, `gy_c` (normalised by 1/32 so a unit ramp gives 1 per pixel) and
/// channel weights `w_c`, the structure tensor is
///
///     gxx = Σ w_c gx_c²,   gyy = Σ w_c gy_c²,   gxy = Σ w_c gx_c gy_c
///
/// Its largest eigenvalue `λ = (gxx + gyy + √((gxx − gyy)² + 4 gxy²)) / 2` is the squared rate
/// of change along the best direction; `magnitude = √λ` and `direction` is the matching unit
/// eigenvector (angle `½ atan2(2gxy, gxx − gyy)`). On Lab with weights (1, w, w) a red disc on a
/// green background of equal luminance still has a strong edge, which a luminance-only
/// gradient misses.
package struct ColorGradient: Sendable {
    package let width: Int
    package let height: Int
    /// `√λ₁`, row-major, one value per pixel (units of the input per pixel).
    package var magnitude: [Float]
    /// Unit gradient direction (x component), sign arbitrary (a direction, not an orientation).
    package var directionX: [Float]
    /// Unit gradient direction (y component, y grows downward).
    package var directionY: [Float]

    /// Computes the Di Zenzo gradient of `image` with Scharr derivatives and clamped edges.
    /// - Parameters:
    ///   - image: interleaved float image, any channel count.
    ///   - channelWeights: weight of each channel in the tensor (default all 1); must have
    ///     `image.channels` entries.
    package init(_ image: FloatImage, channelWeights: [Float]? = nil) {
        let w = image.width, h = image.height, ch = image.channels
        let weights = channelWeights ?? [Float](repeating: 1, count: ch)
        precondition(weights.count == ch, "one weight per channel")
        width = w; height = h
        let n = w * h
        var mag = [Float](repeating: 0, count: n)
        var dx = [Float](repeating: 1, count: n)
        var dy = [Float](repeating: 0, count: n)
        image.samples.withUnsafeBufferPointer { s in
        weights.withUnsafeBufferPointer { wt in
        mag.withUnsafeMutableBufferPointer { m in
        dx.withUnsafeMutableBufferPointer { ox in
        dy.withUnsafeMutableBufferPointer { oy in
            @inline(__always) func finish(_ i: Int, _ gxx: Float, _ gyy: Float, _ gxy: Float) {
                let diff = gxx - gyy
                let root = (diff * diff + 4 * gxy * gxy).squareRoot()
                let lambda = 0.5 * (gxx + gyy + root)
                m[i] = lambda.squareRoot()
                // Eigenvector for λ: (gxy, λ − gxx) or (λ − gyy, gxy); take the better-conditioned.
                var vx: Float, vy: Float
                if diff >= 0 { vx = lambda - gyy; vy = gxy } else { vx = gxy; vy = lambda - gxx }
                let len2 = vx * vx + vy * vy
                if len2 > 1e-24 { let inv = 1 / len2.squareRoot(); vx *= inv; vy *= inv } else { vx = 1; vy = 0 }
                ox[i] = vx; oy[i] = vy
            }
            // General path with clamped neighbours (borders, and any channel count).
            @inline(__always) func general(_ x: Int, _ y: Int) {
                let ym = max(0, y - 1) * w, y0 = y * w, yp = min(h - 1, y + 1) * w
                let xm = max(0, x - 1), xp = min(w - 1, x + 1)
                var gxx: Float = 0, gyy: Float = 0, gxy: Float = 0
                for c in 0..<ch {
                    let a = s[(ym + xm) * ch + c], b = s[(ym + x) * ch + c], cc = s[(ym + xp) * ch + c]
                    let d = s[(y0 + xm) * ch + c],                         f = s[(y0 + xp) * ch + c]
                    let g = s[(yp + xm) * ch + c], hh = s[(yp + x) * ch + c], k = s[(yp + xp) * ch + c]
                    let gx = (3 * (cc - a) + 10 * (f - d) + 3 * (k - g)) * (1.0 / 32)
                    let gy = (3 * (g - a) + 10 * (hh - b) + 3 * (k - cc)) * (1.0 / 32)
                    let wc = wt[c]
                    gxx += wc * gx * gx; gyy += wc * gy * gy; gxy += wc * gx * gy
                }
                finish(y0 + x, gxx, gyy, gxy)
            }
            for y in 0..<h {
                if ch == 3 && y > 0 && y < h - 1 && w >= 3 {
                    // Interior of a 3-channel image: fixed offsets, no clamping.
                    general(0, y)
                    let up = s.baseAddress! + (y - 1) * w * 3, mid = up + w * 3, down = mid + w * 3
                    let w0 = wt[0], w1 = wt[1], w2 = wt[2]
                    for x in 1..<(w - 1) {
                        let j = x * 3
                        var gxx: Float = 0, gyy: Float = 0, gxy: Float = 0
                        @inline(__always) func channel(_ c: Int, _ wc: Float) {
                            let a = up[j - 3 + c], b = up[j + c], cc = up[j + 3 + c]
                            let d = mid[j - 3 + c], f = mid[j + 3 + c]
                            let g = down[j - 3 + c], hh = down[j + c], k = down[j + 3 + c]
                            let gx = (3 * (cc - a) + 10 * (f - d) + 3 * (k - g)) * (1.0 / 32)
                            let gy = (3 * (g - a) + 10 * (hh - b) + 3 * (k - cc)) * (1.0 / 32)
                            gxx += wc * gx * gx; gyy += wc * gy * gy; gxy += wc * gx * gy
                        }
                        channel(0, w0); channel(1, w1); channel(2, w2)
                        finish(y * w + x, gxx, gyy, gxy)
                    }
                    general(w - 1, y)
                } else {
                    for x in 0..<w { general(x, y) }
                }
            }
        }}}}}
        magnitude = mag; directionX = dx; directionY = dy
    }

    /// Gradient angle in radians in `(-π/2, π/2]` at pixel (x, y).
    package func angle(x: Int, y: Int) -> Float {
        let i = y * width + x
        var a = atan2f(directionY[i], directionX[i])
        if a <= -Float.pi / 2 { a += Float.pi } else if a > Float.pi / 2 { a -= Float.pi }
        return a
    }

    /// The magnitude as a 1-channel float image.
    package var magnitudeImage: FloatImage { Image(width: width, height: height, channels: 1, samples: magnitude) }
}
