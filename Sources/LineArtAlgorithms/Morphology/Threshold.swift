import LineArtImage

/// Hard threshold of a 1-channel gray image to a pure line-art mask:
/// samples `< level` become 0 (ink), all others 255 (paper). Default `level` is 128.
package func hardThreshold(_ gray: ByteImage, level: UInt8 = 128) -> ByteImage {
    precondition(gray.channels == 1, "threshold needs a 1-channel image")
    var out = ByteImage(width: gray.width, height: gray.height, repeating: 0)
    gray.samples.withUnsafeBufferPointer { src in
        out.samples.withUnsafeMutableBufferPointer { dst in
            for i in 0..<src.count { dst[i] = src[i] < level ? 0 : 255 }
        }
    }
    return out
}
