@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The straightforward two-buffer Kuwahara pass the streaming one replaced, kept to check
/// that the streaming pass gives bit-identical results.
func kuwaharaPassReference(_ image: FloatImage, radius r: Int) -> FloatImage {
    let w = image.width, h = image.height, ch = image.channels
    let k = ch + 1                          // per box: channel sums (then means), sum of squares (then variance)
    let bw = w + r, bh = h + r              // box origins x0 ∈ [-r, w-1], y0 ∈ [-r, h-1]
    var rows = [Float](repeating: 0, count: bw * h * k)
    var boxes = [Float](repeating: 0, count: bw * bh * k)
    var out = [Float](repeating: 0, count: image.samples.count)
    image.samples.withUnsafeBufferPointer { src in
    rows.withUnsafeMutableBufferPointer { hr in
    boxes.withUnsafeMutableBufferPointer { bx in
        // Horizontal: sums over columns [x0, x0 + r] ∩ [0, w-1].
        for y in 0..<h {
            for bxI in 0..<bw {
                let x0 = bxI - r
                let o = (y * bw + bxI) * k
                for x in max(0, x0)...min(w - 1, x0 + r) {
                    let p = (y * w + x) * ch
                    var sq: Float = 0
                    for c in 0..<ch { let v = src[p + c]; hr[o + c] += v; sq += v * v }
                    hr[o + ch] += sq
                }
            }
        }
        // Vertical: sums over rows [y0, y0 + r] ∩ [0, h-1], then mean and total variance.
        for byI in 0..<bh {
            let y0 = byI - r
            let ya = max(0, y0), yb = min(h - 1, y0 + r)
            for bxI in 0..<bw {
                let x0 = bxI - r
                let count = Float((min(w - 1, x0 + r) - max(0, x0) + 1) * (yb - ya + 1))
                let o = (byI * bw + bxI) * k
                for y in ya...yb {
                    let p = (y * bw + bxI) * k
                    for j in 0..<k { bx[o + j] += hr[p + j] }
                }
                let inv = 1 / count
                var meanSq: Float = 0
                for c in 0..<ch { let m = bx[o + c] * inv; bx[o + c] = m; meanSq += m * m }
                bx[o + ch] = bx[o + ch] * inv - meanSq
            }
        }
    }}}
    boxes.withUnsafeBufferPointer { bx in
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                for x in 0..<w {
                    // Quadrant boxes start at (x-r, y-r), (x, y-r), (x-r, y), (x, y): +r in box coordinates.
                    let ul = (y * bw + x) * k, ur = (y * bw + x + r) * k
                    let ll = ((y + r) * bw + x) * k, lr = ((y + r) * bw + x + r) * k
                    var best = ul, bestVar = bx[ul + ch]
                    if bx[ur + ch] < bestVar { best = ur; bestVar = bx[ur + ch] }
                    if bx[ll + ch] < bestVar { best = ll; bestVar = bx[ll + ch] }
                    if bx[lr + ch] < bestVar { best = lr }
                    let o = (y * w + x) * ch
                    for c in 0..<ch { dst[o + c] = bx[best + c] }
                }
            }
        }
    }
    return Image(width: w, height: h, channels: ch, samples: out)
}

import Testing

@Suite struct KuwaharaStreamingTests {
    /// A deterministic noisy image (LCG), values in 0...100.
    static func noise(width: Int, height: Int, channels: Int, seed: UInt32) -> FloatImage {
        var state = seed
        let samples = (0..<(width * height * channels)).map { _ -> Float in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24) * 100
        }
        return FloatImage(width: width, height: height, channels: channels, samples: samples)
    }

    @Test(arguments: [(1, 1, 3), (5, 3, 3), (37, 23, 3), (16, 40, 1), (9, 7, 2)])
    func streamingPassIsBitIdenticalToTheTwoPassForm(size: (Int, Int, Int)) {
        let image = Self.noise(width: size.0, height: size.1, channels: size.2, seed: 7)
        for radius in 1...6 {
            #expect(kuwaharaFilter(image, radius: radius) == kuwaharaPassReference(image, radius: radius),
                    "radius \(radius), \(size)")
        }
    }
}

@Suite struct RowBandParallelTests {
    @Test func kuwaharaBandsGiveTheSameResult() {
        let image = KuwaharaStreamingTests.noise(width: 41, height: 70, channels: 3, seed: 3)
        for radius in [1, 2, 5] {
            let one = kuwaharaFilter(image, radius: radius, threads: 1)
            #expect(kuwaharaFilter(image, radius: radius, threads: 2) == one)
            #expect(kuwaharaFilter(image, radius: radius, threads: 3) == one)
        }
    }

    @Test func preprocessIsTheSameOnAnyNumberOfThreads() {
        var state: UInt32 = 11
        let bytes = (0..<(300 * 180 * 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let photo = ByteImage(width: 300, height: 180, channels: 3, samples: bytes)
        let one = preprocess(photo, options: PreprocessOptions(maxDimension: 256, denoiseRadius: 2, threads: 1))
        let two = preprocess(photo, options: PreprocessOptions(maxDimension: 256, denoiseRadius: 2, threads: 2))
        #expect(one.lab == two.lab && one.luminance == two.luminance && one.polarity == two.polarity)
    }
}
