import LineArtImage

/// Edge-preserving smoothing: the guided filter of He, Sun and Tang ("Guided Image
/// Filtering", 2010) with each channel as its own guide.
///
/// In each `(2r+1)`-square window a channel is fitted as `a · value + b`, with
/// `a = variance / (variance + epsilon²)`: where it varies by much less than `epsilon`
/// (noise, a JPEG's ringing, fine grain) it gives way to its mean; where it varies by much
/// more (an edge) it is kept. Each pixel then averages the fits of the windows over it.
/// Unlike Kuwahara's filter, which picks one of four quadrants, the result changes smoothly
/// with the input, so a re-encoded photo is smoothed to nearly the same picture. Row bands
/// run on up to `threads` threads; the result does not depend on them.
/// - Parameters:
///   - radius: the window's half-width in pixels; 0 returns the image unchanged.
///   - epsilon: the variation (a standard deviation, in the channels' units) that counts as
///     an edge rather than noise.
package func guidedSmoothing(_ image: FloatImage, radius: Int, epsilon: Float, threads: Int = 1) -> FloatImage {
    guard radius > 0, epsilon > 0, image.width > 0, image.height > 0 else { return image }
    let n = image.samples.count
    // Each value beside its square, then each fit's slope `a` beside its offset `b`: one pass
    // of window means for each pair.
    let shape = WindowShape(width: image.width, height: image.height, channels: 2 * image.channels, radius: radius)
    let values = image.samples
    var pairs = [Float](unsafeUninitializedCapacity: 2 * n) { p, count in
        for i in 0..<n { p[2 * i] = values[i]; p[2 * i + 1] = values[i] * values[i] }
        count = 2 * n
    }
    var scratch = [Float](repeating: 0, count: 2 * n)
    shape.replaceWithMeans(&pairs, scratch: &scratch, threads: threads)
    let epsilon2 = epsilon * epsilon
    pairs.withUnsafeMutableBufferPointer { p in
        for i in 0..<n {
            let mean = p[2 * i], variance = max(0, p[2 * i + 1] - mean * mean)
            let slope = variance / (variance + epsilon2)
            p[2 * i] = slope
            p[2 * i + 1] = (1 - slope) * mean
        }
    }
    shape.replaceWithMeans(&pairs, scratch: &scratch, threads: threads)
    let out = [Float](unsafeUninitializedCapacity: n) { o, count in
        for i in 0..<n { o[i] = pairs[2 * i] * values[i] + pairs[2 * i + 1] }
        count = n
    }
    return FloatImage(width: image.width, height: image.height, channels: image.channels, samples: out)
}

/// The square windows of ``guidedSmoothing(_:radius:epsilon:threads:)`` over an interleaved image.
private struct WindowShape {
    var width: Int, height: Int, channels: Int, radius: Int

    /// Each channel's mean over the `(2r+1)`-square window around each pixel, the border
    /// pixel repeated where the window leaves the image (as ``boxBlur(_:radius:)``): along
    /// x, then along y, each window summed in `Double` in the same order.
    /// `samples` are replaced by their means; `scratch`, of the same count, holds the means
    /// along x in between.
    func replaceWithMeans(_ samples: inout [Float], scratch: inout [Float], threads: Int) {
        precondition(scratch.count == samples.count, "scratch size")
        let rowLength = width * channels, r = radius, inverse = 1 / Double(2 * r + 1)
        let w = width, h = height, ch = channels
        samples.withUnsafeBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { dst in
                let shared = SharedMutablePointer(base: dst.baseAddress!)
                forEachRowBand(rows: h, threads: threads) { rows in
                    let src = src.baseAddress!, dst = shared.base
                    for y in rows {
                        let row = y * rowLength
                        /// The window along x around sample `c` of pixel `x`, clamped to the row.
                        func clamped(_ x: Int, _ c: Int) -> Float {
                            var sum = 0.0
                            for dx in -r...r { sum += Double(src[row + min(w - 1, max(0, x + dx)) * ch + c]) }
                            return Float(sum * inverse)
                        }
                        guard w > 2 * r else {
                            for x in 0..<w { for c in 0..<ch { dst[row + x * ch + c] = clamped(x, c) } }
                            continue
                        }
                        for x in 0..<r { for c in 0..<ch { dst[row + x * ch + c] = clamped(x, c) } }
                        for x in (w - r)..<w { for c in 0..<ch { dst[row + x * ch + c] = clamped(x, c) } }
                        // Inside, one flat run over the row's samples; the 3 px window written out,
                        // which the compiler vectorises.
                        let step = ch
                        if r == 1 {
                            for i in (row + step)..<(row + rowLength - step) {
                                dst[i] = Float((Double(src[i - step]) + Double(src[i]) + Double(src[i + step])) * inverse)
                            }
                        } else {
                            for i in (row + r * step)..<(row + rowLength - r * step) {
                                var sum = 0.0
                                for dx in -r...r { sum += Double(src[i + dx * step]) }
                                dst[i] = Float(sum * inverse)
                            }
                        }
                    }
                }
            }
        }
        scratch.withUnsafeBufferPointer { src in
            samples.withUnsafeMutableBufferPointer { dst in
                let shared = SharedMutablePointer(base: dst.baseAddress!)
                forEachRowBand(rows: h, threads: threads) { rows in
                    let src = src.baseAddress!, dst = shared.base
                    for y in rows {
                        let row = y * rowLength
                        if y >= r && y < h - r && r == 1 {
                            for i in row..<(row + rowLength) {
                                let sum = Double(src[i - rowLength]) + Double(src[i]) + Double(src[i + rowLength])
                                dst[i] = Float(sum * inverse)
                            }
                        } else if y >= r && y < h - r {
                            for i in row..<(row + rowLength) {
                                var sum = 0.0
                                for dy in -r...r { sum += Double(src[i + dy * rowLength]) }
                                dst[i] = Float(sum * inverse)
                            }
                        } else {
                            for i in 0..<rowLength {
                                var sum = 0.0
                                for dy in -r...r { sum += Double(src[min(h - 1, max(0, y + dy)) * rowLength + i]) }
                                dst[row + i] = Float(sum * inverse)
                            }
                        }
                    }
                }
            }
        }
    }
}
