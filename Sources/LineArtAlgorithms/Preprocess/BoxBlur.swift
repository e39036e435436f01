import LineArtImage

/// Box blur and its iterated-box approximation of a Gaussian, O(pixels) for any radius.

/// Mean over a `(2r+1)`-wide window along x then along y, edges clamped (border pixel
/// repeated), every channel of an interleaved image. Running sums in `Double`. Bands of rows,
/// then of columns, run on up to `threads` threads; the result does not depend on them.
/// - Parameter radius: window half-width in pixels; `0` returns the image unchanged.
package func boxBlur(_ image: FloatImage, radius: Int, threads: Int = 1) -> FloatImage {
    boxBlurred(image, radius: radius, passes: 1, threads: threads)
}

/// `image` box-blurred `passes` times, in one copy of it through one scratch buffer.
private func boxBlurred(_ image: FloatImage, radius: Int, passes: Int, threads: Int) -> FloatImage {
    guard radius > 0, image.width > 0, image.height > 0 else { return image }
    var samples = image.samples
    // The x pass writes every sample of the scratch buffer.
    var scratch = [Float](unsafeUninitializedCapacity: samples.count) { _, count in count = samples.count }
    samples.withUnsafeMutableBufferPointer { samples in
        scratch.withUnsafeMutableBufferPointer { scratch in
            for _ in 0..<passes {
                boxBlurInPlace(samples, width: image.width, height: image.height, channels: image.channels,
                               radius: radius, scratch: scratch, threads: threads)
            }
        }
    }
    return Image(width: image.width, height: image.height, channels: image.channels, samples: samples)
}

/// ``boxBlur(_:radius:threads:)`` of the interleaved `samples` of a `width` x `height` image,
/// in place, with a `scratch` buffer of the same length: for callers that blur several
/// planes in turn and reuse their buffers rather than touch fresh memory for each.
package func boxBlurInPlace(_ samples: UnsafeMutableBufferPointer<Float>, width w: Int, height h: Int, channels ch: Int,
                            radius: Int, scratch: UnsafeMutableBufferPointer<Float>, threads: Int = 1) {
    precondition(samples.count == w * h * ch && scratch.count >= samples.count, "buffers of the image's size")
    guard radius > 0, w > 0, h > 0 else { return }
    let inv = 1.0 / Double(2 * radius + 1)
    let source = UnsafeBufferPointer(samples), across = UnsafeBufferPointer(scratch)
    let tmp = SharedMutablePointer(base: scratch.baseAddress!), out = SharedMutablePointer(base: samples.baseAddress!)
    forEachRowBand(rows: h, threads: threads) { rows in
        runningMeanAcross(source, tmp.base, rows: rows, width: w, channels: ch, radius: radius, inv: inv)
    }
    // The samples were all read by the x pass: the y pass may overwrite them.
    forEachRowBand(rows: w, threads: threads) { columns in
        runningMeanDown(across, out.base, samples: (columns.lowerBound * ch)..<(columns.upperBound * ch),
                        rows: h, rowLength: w * ch, radius: radius, inv: inv)
    }
}

/// The running mean along x of the rows `rows`, every channel: one running sum per channel,
/// the channels of a pixel updated together.
private func runningMeanAcross(_ src: UnsafeBufferPointer<Float>, _ dst: UnsafeMutablePointer<Float>,
                               rows: Range<Int>, width n: Int, channels ch: Int, radius r: Int, inv: Double) {
    var sums = [Double](repeating: 0, count: ch)
    sums.withUnsafeMutableBufferPointer { sum in
        for y in rows {
            let base = y * n * ch
            @inline(__always) func pixel(_ x: Int) -> Int { base + min(n - 1, max(0, x)) * ch }
            for c in 0..<ch { sum[c] = 0 }
            for x in -r...r {
                let p = pixel(x)
                for c in 0..<ch { sum[c] += Double(src[p + c]) }
            }
            for x in 0..<n {
                let out = base + x * ch, add = pixel(x + r + 1), drop = pixel(x - r)
                for c in 0..<ch {
                    dst[out + c] = Float(sum[c] * inv)
                    sum[c] += Double(src[add + c]) - Double(src[drop + c])
                }
            }
        }
    }
}

/// The running mean along y of the samples `samples` of every row: one running sum per
/// sample of the run, updated a row at a time, so that memory is read in order.
private func runningMeanDown(_ src: UnsafeBufferPointer<Float>, _ dst: UnsafeMutablePointer<Float>,
                             samples: Range<Int>, rows n: Int, rowLength: Int, radius r: Int, inv: Double) {
    let first = samples.lowerBound, count = samples.count
    @inline(__always) func row(_ y: Int) -> Int { min(n - 1, max(0, y)) * rowLength + first }
    var sums = [Double](repeating: 0, count: count)
    sums.withUnsafeMutableBufferPointer { sum in
        for y in -r...r {
            let base = row(y)
            for j in 0..<count { sum[j] += Double(src[base + j]) }
        }
        for y in 0..<n {
            let out = y * rowLength + first, add = row(y + r + 1), drop = row(y - r)
            for j in 0..<count {
                dst[out + j] = Float(sum[j] * inv)
                sum[j] += Double(src[add + j]) - Double(src[drop + j])
            }
        }
    }
}

/// Gaussian blur approximated by three successive box blurs (Wells 1986, "Efficient synthesis
/// of Gaussian filters by cascaded uniform filters"): each box has radius
/// `round((sqrt(4σ² + 1) − 1) / 2)` so that the three variances add up to about σ².
/// O(pixels) for any sigma; use `gaussianBlur` when exactness matters. The three boxes run
/// in one copy of the image through one scratch buffer, each on up to `threads` threads.
package func approximateGaussianBlur(_ image: FloatImage, sigma: Float, threads: Int = 1) -> FloatImage {
    guard sigma > 0 else { return image }
    // Three boxes of width 2r+1 have variance 3 · ((2r+1)² − 1) / 12 = r(r+1).
    let r = max(1, Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded()))
    return boxBlurred(image, radius: r, passes: 3, threads: threads)
}
