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
    let n = image.samples.count, values = image.samples
    // Each value beside its square, box-blurred into their window means; in their place each
    // fit's slope `a` beside its offset `b`, box-blurred into the mean fit over each pixel.
    func meansOfPairs(_ samples: [Float]) -> [Float] {
        boxBlur(FloatImage(width: image.width, height: image.height, channels: 2 * image.channels, samples: samples),
                radius: radius, threads: threads).samples
    }
    var pairs = [Float](unsafeUninitializedCapacity: 2 * n) { p, count in
        values.withUnsafeBufferPointer { v in
            for i in 0..<n { p[2 * i] = v[i]; p[2 * i + 1] = v[i] * v[i] }
        }
        count = 2 * n
    }
    pairs = meansOfPairs(pairs)
    let epsilon2 = epsilon * epsilon
    pairs.withUnsafeMutableBufferPointer { p in
        for i in 0..<n {
            let mean = p[2 * i], variance = max(0, p[2 * i + 1] - mean * mean)
            let slope = variance / (variance + epsilon2)
            p[2 * i] = slope
            p[2 * i + 1] = (1 - slope) * mean
        }
    }
    pairs = meansOfPairs(pairs)
    let out = [Float](unsafeUninitializedCapacity: n) { o, count in
        pairs.withUnsafeBufferPointer { p in
            values.withUnsafeBufferPointer { v in
                for i in 0..<n { o[i] = p[2 * i] * v[i] + p[2 * i + 1] }
            }
        }
        count = n
    }
    return FloatImage(width: image.width, height: image.height, channels: image.channels, samples: out)
}
