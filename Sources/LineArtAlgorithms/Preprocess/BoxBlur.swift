import LineArtImage

/// Box blur and its iterated-box approximation of a Gaussian, O(pixels) for any radius.

/// Mean over a `(2r+1)`-wide window along x then along y, edges clamped (border pixel
/// repeated), every channel of an interleaved image. Running sums in `Double`.
/// - Parameter radius: window half-width in pixels; `0` returns the image unchanged.
package func boxBlur(_ image: FloatImage, radius: Int) -> FloatImage {
    guard radius > 0, image.width > 0, image.height > 0 else { return image }
    let w = image.width, h = image.height, ch = image.channels
    var tmp = [Float](repeating: 0, count: image.samples.count)
    var out = [Float](repeating: 0, count: image.samples.count)
    let inv = 1.0 / Double(2 * radius + 1)
    image.samples.withUnsafeBufferPointer { src in
        tmp.withUnsafeMutableBufferPointer { dst in
            runningMean(src, dst, count: w, lines: h, lineStride: w * ch, step: ch, channels: ch, radius: radius, inv: inv)
        }
    }
    tmp.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
            runningMean(src, dst, count: h, lines: w, lineStride: ch, step: w * ch, channels: ch, radius: radius, inv: inv)
        }
    }
    return Image(width: w, height: h, channels: ch, samples: out)
}

/// One 1-D running-mean pass over `lines` lines of `count` samples.
@inline(__always)
private func runningMean(_ src: UnsafeBufferPointer<Float>, _ dst: UnsafeMutableBufferPointer<Float>,
                         count n: Int, lines: Int, lineStride: Int, step: Int, channels: Int,
                         radius r: Int, inv: Double) {
    for line in 0..<lines {
        for c in 0..<channels {
            let base = line * lineStride + c
            @inline(__always) func at(_ i: Int) -> Double { Double(src[base + min(n - 1, max(0, i)) * step]) }
            var sum = 0.0
            for i in -r...r { sum += at(i) }
            // Clamped reads only where the window leaves the line.
            let safeLo = min(n, r), safeHi = max(safeLo, n - r - 1)
            for i in 0..<safeLo {
                dst[base + i * step] = Float(sum * inv)
                sum += at(i + r + 1) - at(i - r)
            }
            var p = base + safeLo * step
            for _ in safeLo..<safeHi {
                dst[p] = Float(sum * inv)
                sum += Double(src[p + (r + 1) * step]) - Double(src[p - r * step])
                p += step
            }
            for i in safeHi..<n {
                dst[base + i * step] = Float(sum * inv)
                sum += at(i + r + 1) - at(i - r)
            }
        }
    }
}

/// Gaussian blur approximated by three successive box blurs (Wells 1986, "Efficient synthesis
/// of Gaussian filters by cascaded uniform filters"): each box has radius
/// `round((sqrt(4σ² + 1) − 1) / 2)` so that the three variances add up to about σ².
/// O(pixels) for any sigma; use `gaussianBlur` when exactness matters.
package func approximateGaussianBlur(_ image: FloatImage, sigma: Float) -> FloatImage {
    guard sigma > 0 else { return image }
    // Three boxes of width 2r+1 have variance 3 · ((2r+1)² − 1) / 12 = r(r+1).
    let r = max(1, Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded()))
    return boxBlur(boxBlur(boxBlur(image, radius: r), radius: r), radius: r)
}
