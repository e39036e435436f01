import LineArtImage

/// How much darker each pixel is than the lightest of its surroundings: the grey-level
/// closing of `lightness` (L*, 0...100) by a `(2·radius + 1)²` square minus `lightness`
/// (the "black-hat" transform), in L*. A dark line narrower than the square has a depth of
/// about its contrast with the paper beside it; the inside of a dark area wider than the
/// square has a depth near 0. The window is clipped at the image border.
///
/// L* is quantised to bytes (steps of 1/2.55) so the closing runs as the grey-level opening
/// of the dark values (``openInk(_:by:)``: running minima and maxima, O(1) per pixel).
func lineDepth(_ lightness: FloatImage, radius: Int = 2) -> [Float] {
    precondition(lightness.channels == 1, "lineDepth needs a 1-channel image")
    let n = lightness.pixelCount
    let levels = lightnessLevels(lightness)
    let closed = openInk(levels, by: .square(size: 2 * radius + 1))
    return [Float](unsafeUninitializedCapacity: n) { depth, initialized in
        levels.samples.withUnsafeBufferPointer { q in
            closed.samples.withUnsafeBufferPointer { c in
                for i in 0..<n { depth[i] = Float(Int(c[i]) - Int(q[i])) / 2.55 }
            }
        }
        initialized = n
    }
}

/// L* (0...100, 1 channel) as bytes, in steps of 1/2.55 (0 black, 255 white).
func lightnessLevels(_ lightness: FloatImage) -> ByteImage {
    let n = lightness.pixelCount
    var levels = ByteImage(width: lightness.width, height: lightness.height, repeating: 0)
    lightness.samples.withUnsafeBufferPointer { l in
        levels.samples.withUnsafeMutableBufferPointer { q in
            for i in 0..<n { q[i] = WholeNumbers.byte(WholeNumbers.rounded(min(255, max(0, l[i] * 2.55)))) }
        }
    }
    return levels
}
