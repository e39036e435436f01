import LineArtImage

/// Edge-preserving smoothing: the guided filter of He, Sun and Tang ("Guided Image
/// Filtering", 2010) with each channel as its own guide.
///
/// In each `(2r+1)`-square window a channel is fitted as `a · value + b`, with
/// `a = variance / (variance + epsilon²)`: where it varies by much less than `epsilon`
/// (noise, a JPEG's ringing, fine grain) it gives way to its mean; where it varies by much
/// more (an edge) it is kept. Each pixel then averages the fits of the windows over it.
/// Unlike Kuwahara's filter, which picks one of four quadrants, the result changes smoothly
/// with the input, so a re-encoded photo is smoothed to nearly the same picture.
/// - Parameters:
///   - radius: the window's half-width in pixels; 0 returns the image unchanged.
///   - epsilon: the variation (a standard deviation, in the channels' units) that counts as
///     an edge rather than noise.
package func guidedSmoothing(_ image: FloatImage, radius: Int, epsilon: Float) -> FloatImage {
    guard radius > 0, epsilon > 0, image.width > 0, image.height > 0 else { return image }
    let mean = boxBlur(image, radius: radius)
    var squares = image
    squares.samples.withUnsafeMutableBufferPointer { s in
        for i in s.indices { s[i] *= s[i] }
    }
    // The fit's slope `a` replaces the squares, its offset `b` their mean.
    var slope = squares
    var offset = boxBlur(squares, radius: radius)
    let epsilon2 = epsilon * epsilon
    slope.samples.withUnsafeMutableBufferPointer { a in
        offset.samples.withUnsafeMutableBufferPointer { b in
            mean.samples.withUnsafeBufferPointer { m in
                for i in a.indices {
                    let variance = max(0, b[i] - m[i] * m[i])
                    a[i] = variance / (variance + epsilon2)
                    b[i] = (1 - a[i]) * m[i]
                }
            }
        }
    }
    var out = boxBlur(slope, radius: radius)
    let meanOffset = boxBlur(offset, radius: radius)
    out.samples.withUnsafeMutableBufferPointer { o in
        image.samples.withUnsafeBufferPointer { v in
            meanOffset.samples.withUnsafeBufferPointer { b in
                for i in o.indices { o[i] = o[i] * v[i] + b[i] }
            }
        }
    }
    return out
}
