import Foundation

/// Separable Gaussian blur.

/// The normalised 1-D Gaussian kernel for `sigma`, radius `ceil(3σ)`; `[1]` for `sigma <= 0`.
public func gaussianKernel(sigma: Float) -> [Float] {
    guard sigma > 0 else { return [1] }
    let radius = Int((3 * sigma).rounded(.up))
    var k = [Float](repeating: 0, count: 2 * radius + 1)
    var sum: Float = 0
    for i in -radius...radius {
        let v = expf(-Float(i * i) / (2 * sigma * sigma))
        k[i + radius] = v
        sum += v
    }
    for i in k.indices { k[i] /= sum }
    return k
}

/// Separable Gaussian blur of every channel of an interleaved float image.
///
/// Kernel radius `ceil(3σ)`, weights normalised to sum 1, edges clamped
/// (the border pixel is repeated). Horizontal pass then vertical pass.
/// - Parameter sigma: standard deviation in pixels; `0` (or less) returns the image unchanged.
public func gaussianBlur(_ image: FloatImage, sigma: Float) -> FloatImage {
    guard sigma > 0, image.width > 0, image.height > 0 else { return image }
    let kernel = gaussianKernel(sigma: sigma)
    let r = kernel.count / 2
    let w = image.width, h = image.height, ch = image.channels
    var tmp = [Float](repeating: 0, count: image.samples.count)
    var out = [Float](repeating: 0, count: image.samples.count)
    kernel.withUnsafeBufferPointer { k in
        image.samples.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = y * w * ch
                    for x in 0..<w {
                        if x >= r && x + r < w {
                            for c in 0..<ch {
                                var acc: Float = 0
                                var p = row + (x - r) * ch + c
                                for i in 0..<k.count { acc += k[i] * src[p]; p += ch }
                                dst[row + x * ch + c] = acc
                            }
                        } else {
                            for c in 0..<ch {
                                var acc: Float = 0
                                for i in 0..<k.count {
                                    let xx = min(w - 1, max(0, x + i - r))
                                    acc += k[i] * src[row + xx * ch + c]
                                }
                                dst[row + x * ch + c] = acc
                            }
                        }
                    }
                }
            }
        }
        tmp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let rowLen = w * ch
                for y in 0..<h {
                    let base = y * rowLen
                    for i in 0..<k.count {
                        let yy = min(h - 1, max(0, y + i - r))
                        let wgt = k[i], srow = yy * rowLen
                        for j in 0..<rowLen { dst[base + j] += wgt * src[srow + j] }
                    }
                }
            }
        }
    }
    return Image(width: w, height: h, channels: ch, samples: out)
}
