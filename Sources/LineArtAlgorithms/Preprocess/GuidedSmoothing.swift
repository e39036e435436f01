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
    let w = image.width, h = image.height, ch = image.channels, pixels = w * h
    let epsilon2 = epsilon * epsilon
    // One channel at a time, through two buffers reused for each: its value beside its
    // square, box-blurred into their window means; in their place each fit's slope `a`
    // beside its offset `b`, box-blurred into the mean fit over each pixel.
    // Every sample of the three is written before it is read.
    func buffer(_ count: Int) -> [Float] { [Float](unsafeUninitializedCapacity: count) { _, n in n = count } }
    var pairs = buffer(2 * pixels), scratch = buffer(2 * pixels), out = buffer(image.samples.count)
    image.samples.withUnsafeBufferPointer { v in
    pairs.withUnsafeMutableBufferPointer { p in
    scratch.withUnsafeMutableBufferPointer { scratch in
    out.withUnsafeMutableBufferPointer { o in
        for c in 0..<ch {
            for i in 0..<pixels {
                let value = v[i * ch + c]
                p[2 * i] = value
                p[2 * i + 1] = value * value
            }
            boxBlurInPlace(p, width: w, height: h, channels: 2, radius: radius, scratch: scratch, threads: threads)
            for i in 0..<pixels {
                let mean = p[2 * i], variance = max(0, p[2 * i + 1] - mean * mean)
                let slope = variance / (variance + epsilon2)
                p[2 * i] = slope
                p[2 * i + 1] = (1 - slope) * mean
            }
            boxBlurInPlace(p, width: w, height: h, channels: 2, radius: radius, scratch: scratch, threads: threads)
            for i in 0..<pixels { o[i * ch + c] = p[2 * i] * v[i * ch + c] + p[2 * i + 1] }
        }
    }
    }
    }
    }
    return FloatImage(width: w, height: h, channels: ch, samples: out)
}
