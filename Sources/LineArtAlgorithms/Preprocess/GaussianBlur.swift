import FoundationEssentials
import Glibc
import LineArtImage

/// Separable Gaussian blur.

/// The normalised 1-D Gaussian kernel for `sigma`, radius `ceil(3σ)`; `[1]` for `sigma <= 0`.
package func gaussianKernel(sigma: Float) -> [Float] {
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
/// Rows are filtered in bands on up to `threads` threads; the result does not depend on them.
/// - Parameter sigma: standard deviation in pixels; `0` (or less) returns the image unchanged.
package func gaussianBlur(_ image: FloatImage, sigma: Float, threads: Int = 1) -> FloatImage {
    guard sigma > 0, image.width > 0, image.height > 0 else { return image }
    let kernel = gaussianKernel(sigma: sigma)
    let r = kernel.count / 2
    let w = image.width, h = image.height, ch = image.channels
    var tmp = [Float](repeating: 0, count: image.samples.count)
    var out = [Float](repeating: 0, count: image.samples.count)
    let rowLen = w * ch
    kernel.withUnsafeBufferPointer { k in
        // Horizontal pass: per tap, a contiguous multiply-add over the row's interior;
        // the first and last r pixels of each row use clamped reads.
        image.samples.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { dst in
                let shared = SharedMutablePointer(base: dst.baseAddress!)
                forEachRowBand(rows: h, threads: threads) { rows in
                for y in rows {
                    let s = src.baseAddress! + y * rowLen, d = shared.base + y * rowLen
                    let lo = min(r, w), hi = max(lo, w - r)          // interior pixels [lo, hi)
                    if hi > lo {
                        for i in 0..<k.count {
                            multiplyAdd(into: d + lo * ch, s + lo * ch + (i - r) * ch, weight: k[i],
                                        count: (hi - lo) * ch)
                        }
                    }
                    for x in 0..<w where x < lo || x >= hi {
                        for c in 0..<ch {
                            var acc: Float = 0
                            for i in 0..<k.count {
                                let xx = min(w - 1, max(0, x + i - r))
                                acc += k[i] * s[xx * ch + c]
                            }
                            d[x * ch + c] = acc
                        }
                    }
                }
                }
            }
        }
        tmp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let shared = SharedMutablePointer(base: dst.baseAddress!)
                forEachRowBand(rows: h, threads: threads) { rows in
                    for y in rows {
                        let d = shared.base + y * rowLen
                        for i in 0..<k.count {
                            let yy = min(h - 1, max(0, y + i - r))
                            multiplyAdd(into: d, src.baseAddress! + yy * rowLen, weight: k[i], count: rowLen)
                        }
                    }
                }
            }
        }
    }
    return Image(width: w, height: h, channels: ch, samples: out)
}
