import CPixelKernels
import LineArtImage

/// Area-averaging (box-filter, "pixel mixing") downscaling.
///
/// Every output pixel is the exact area-weighted mean of the input pixels its
/// footprint covers, with fractional coverage at the footprint's edges, so the
/// result has no aliasing. The filter is separable: a horizontal pass into an
/// intermediate buffer, then a vertical pass.
///
/// Weights are exact integers: along an axis of `n` input and `m` output
/// pixels, input pixel `i` spans `[i·m, (i+1)·m)` and output pixel `j` spans
/// `[j·n, (j+1)·n)` in a common integer unit, so the overlap is an integer and
/// each output pixel's weights sum to exactly `n`. Sums are accumulated in
/// `Double` (exact for these magnitudes) and divided once by `n_x · n_y`, which
/// makes the resize of a constant image exactly constant.

/// The size that `resizeToFit` produces: the long side becomes `maxDimension`,
/// the short side is scaled by the same ratio and rounded (at least 1 pixel).
/// Sizes already within `maxDimension` are returned unchanged (never upscale).
/// - Precondition: `maxDimension >= 1`.
package func fittedSize(_ size: ImageSize, maxDimension: Int) -> ImageSize {
    precondition(maxDimension >= 1, "maxDimension must be at least 1")
    guard max(size.width, size.height) > maxDimension else { return size }
    let scaled = scaledToLongSide(size, maxDimension)
    return ImageSize(width: min(scaled.width, size.width), height: min(scaled.height, size.height))
}

/// `size` scaled so that its long side is `longSide`, the short side by the same ratio,
/// rounded, at least 1 pixel.
func scaledToLongSide(_ size: ImageSize, _ longSide: Int) -> ImageSize {
    let scale = Double(longSide) / Double(max(size.width, size.height))
    let w = size.width >= size.height ? longSide : max(1, Int((Double(size.width) * scale).rounded()))
    let h = size.height > size.width ? longSide : max(1, Int((Double(size.height) * scale).rounded()))
    return ImageSize(width: w, height: h)
}

/// Downscales by area averaging so that `max(width, height) <= maxDimension`.
/// Returns the image unchanged when it already fits. Works for any channel count.
/// Results are rounded to the nearest byte.
package func resizeToFit(_ image: ByteImage, maxDimension: Int) -> ByteImage {
    let target = fittedSize(image.size, maxDimension: maxDimension)
    if target == image.size { return image }
    return areaResize(image, to: target)
}

/// Downscales by area averaging so that `max(width, height) <= maxDimension`,
/// returning the exact (unrounded) means as `Float` in the input's 0...255 scale.
/// `threads` row bands run in parallel (same result for any value).
public func resizeToFitAsFloat(_ image: ByteImage, maxDimension: Int, threads: Int = 1) -> FloatImage {
    let target = fittedSize(image.size, maxDimension: maxDimension)
    if target == image.size {
        return FloatImage(width: image.width, height: image.height, channels: image.channels,
                          samples: image.samples.map { Float($0) })
    }
    return areaResampleBytesToFloat(image, to: target, threads: threads)
}

/// Area-averaging resize of bytes to an explicit size; rounds to the nearest byte.
/// - Precondition: `size` is no larger than the input along either axis (downscale only) and at least 1x1.
package func areaResize(_ image: ByteImage, to size: ImageSize) -> ByteImage {
    areaResample(image, to: size)
}

/// Area-averaging resize of bytes to an explicit size, keeping the exact mean as `Float`;
/// `threads` row bands run in parallel (same result for any value).
/// - Precondition: `size` is no larger than the input along either axis (downscale only) and at least 1x1.
package func areaResizeToFloat(_ image: ByteImage, to size: ImageSize, threads: Int = 1) -> FloatImage {
    areaResampleBytesToFloat(image, to: size, threads: threads)
}

/// Area-averaging resize of floats to an explicit size; `threads` row bands run in
/// parallel (same result for any value).
/// - Precondition: `size` is no larger than the input along either axis (downscale only) and at least 1x1.
package func areaResize(_ image: FloatImage, to size: ImageSize, threads: Int = 1) -> FloatImage {
    areaResample(image, to: size, threads: threads)
}

/// Integer overlap weights of one axis, computed once per resize.
/// Output pixel `j` reads input pixels `start[j] ..< start[j] + count[j]`
/// with weights `weights[offset[j] ..< offset[j] + count[j]]`; they sum to `inputLength`.
struct AreaWeights {
    var start: [Int]
    var count: [Int]
    var offset: [Int]
    var weights: [Double]
    let inputLength: Int

    init(inputLength n: Int, outputLength m: Int) {
        precondition(m >= 1 && m <= n, "area resize only downsamples")
        inputLength = n
        start = []; count = []; offset = []; weights = []
        start.reserveCapacity(m); count.reserveCapacity(m); offset.reserveCapacity(m)
        weights.reserveCapacity(n + 2 * m)
        for j in 0..<m {
            let lo = j * n, hi = (j + 1) * n          // footprint in units of 1/(n·m)
            let first = lo / m, last = (hi - 1) / m   // input pixels touched
            start.append(first)
            count.append(last - first + 1)
            offset.append(weights.count)
            for i in first...last {
                let overlap = min(hi, (i + 1) * m) - max(lo, i * m)
                weights.append(Double(overlap))
            }
        }
    }
}

/// A sample type the area resize reads (exactly, as a `Double`) and writes (from a mean).
protocol AreaSample {
    var areaValue: Double { get }
    init(areaMean: Double)
}

extension UInt8: AreaSample {
    var areaValue: Double { Double(self) }
    /// Rounded to the nearest byte.
    init(areaMean: Double) { self = UInt8(Swift.min(255, Swift.max(0, areaMean.rounded()))) }
}

extension Float: AreaSample {
    var areaValue: Double { Double(self) }
    init(areaMean: Double) { self = Float(areaMean) }
}

/// The generic area resample: per output row, the horizontal sums of its input rows
/// (`Double`, in a ring of as many rows as one output row reads, per band of output rows),
/// weighted and added, divided once by `inW · inH`. `threads` bands run in parallel; every
/// output value is the same for any count.
func areaResample<In: AreaSample, Out: AreaSample>(_ image: Image<In>, to size: ImageSize, threads: Int = 1)
    -> Image<Out> {
    let inW = image.width, inH = image.height, ch = image.channels
    let outW = size.width, outH = size.height
    precondition(outW >= 1 && outH >= 1 && outW <= inW && outH <= inH, "area resize only downsamples")
    let xw = AreaWeights(inputLength: inW, outputLength: outW)
    let yw = AreaWeights(inputLength: inH, outputLength: outH)
    let denominator = Double(inW) * Double(inH)  // divide (not multiply by a reciprocal): exact for constants
    let rowLen = outW * ch, ringRows = yw.count.max() ?? 1
    let out = [Out](unsafeUninitializedCapacity: outW * outH * ch) { buffer, initialized in
        let outBase = SharedMutablePointer(base: buffer.baseAddress!)
        image.samples.withUnsafeBufferPointer { src in
            forEachRowBand(rows: outH, threads: threads) { band in
                var ring = [Double](repeating: 0, count: ringRows * rowLen)
                var acc = [Double](repeating: 0, count: rowLen)
                var summed = 0
                ring.withUnsafeMutableBufferPointer { m in
                    acc.withUnsafeMutableBufferPointer { a in
                        for y in band {
                            let s = yw.start[y], n = yw.count[y], o = yw.offset[y]
                            // Horizontal pass of the input rows not yet summed: unnormalised sums.
                            for row in max(summed, s)..<(s + n) {
                                let srcRow = row * inW * ch, dstRow = (row % ringRows) * rowLen
                                for x in 0..<outW {
                                    let xs = xw.start[x], xn = xw.count[x], xo = xw.offset[x]
                                    for c in 0..<ch {
                                        var sum = 0.0
                                        var p = srcRow + xs * ch + c
                                        for k in 0..<xn {
                                            sum += xw.weights[xo + k] * src[p].areaValue
                                            p += ch
                                        }
                                        m[dstRow + x * ch + c] = sum
                                    }
                                }
                            }
                            summed = max(summed, s + n)
                            // Vertical pass: accumulate weighted rows, then normalise once.
                            for i in 0..<rowLen { a[i] = 0 }
                            for k in 0..<n {
                                let w = yw.weights[o + k]
                                let row = ((s + k) % ringRows) * rowLen
                                for i in 0..<rowLen { a[i] += w * m[row + i] }
                            }
                            let base = outBase.base + y * rowLen
                            for i in 0..<rowLen { (base + i).initialize(to: Out(areaMean: a[i] / denominator)) }
                        }
                    }
                }
            }
        }
        initialized = outW * outH * ch
    }
    return Image(width: outW, height: outH, channels: ch, samples: out)
}

/// Bytes to floats in exact whole-number arithmetic: the horizontal sums (at most `inW · 255`)
/// are kept as `Int32`, the vertical sums (at most `inW · inH · 255`, exact in `Double`) are
/// added up and divided once (``AreaRowKernel/verticalMeans(row:sums:ringRows:into:)``).
/// Every intermediate is the exact integer the generic `Double` path computes, so the result
/// is bit-identical to it, with half the memory traffic.
///
/// Each band of output rows sums its input rows into a ring of its own, as few rows as one
/// output row reads, rather than the whole image's sums (megabytes of fresh memory for a
/// photo shrunk on load); input rows shared by two bands are summed by both.
func areaResampleBytesToFloat(_ image: ByteImage, to size: ImageSize, threads: Int = 1) -> FloatImage {
    let inW = image.width, inH = image.height, ch = image.channels
    let outW = size.width, outH = size.height
    precondition(outW >= 1 && outH >= 1 && outW <= inW && outH <= inH, "area resize only downsamples")
    let kernel = AreaRowKernel(input: image.size, output: size, channels: ch)
    let rowLen = outW * ch, ringRows = kernel.maxRowsPerOutputRow
    let out = [Float](unsafeUninitializedCapacity: rowLen * outH) { buffer, initialized in
        let out = SharedMutablePointer(base: buffer.baseAddress!)
        image.samples.withUnsafeBufferPointer { src in
            forEachRowBand(rows: outH, threads: threads) { band in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: ringRows * rowLen) { sums in
                    var summed = 0
                    for y in band {
                        let first = kernel.yWeights.start[y], needed = kernel.inputRowsNeeded(forOutputRow: y)
                        if summed < needed {
                            kernel.horizontalSums(src.baseAddress!, rows: max(summed, first)..<needed,
                                                  into: sums.baseAddress!, ringRows: ringRows)
                            summed = needed
                        }
                        kernel.verticalMeans(row: y, sums: sums.baseAddress!, ringRows: ringRows,
                                             into: out.base + y * rowLen)
                    }
                }
            }
        }
        initialized = rowLen * outH
    }
    return Image(width: outW, height: outH, channels: ch, samples: out)
}

/// The two passes of ``areaResampleBytesToFloat(_:to:threads:)`` one row at a time, with
/// the weights of both axes converted to integers once.
///
/// The horizontal sums of input row `y` live in row `y % ringRows` of a sums buffer of
/// `outW · channels` `Int32` per row: `ringRows = inH` is the whole image; a ring of at
/// least ``maxRowsPerOutputRow`` rows is enough when output rows are made in order as
/// soon as their input rows are summed (what a streamed decode does). The arithmetic is
/// the same either way.
struct AreaRowKernel {
    let inputWidth: Int
    let channels: Int
    let outputWidth: Int
    let xWeights: AreaWeights
    let yWeights: AreaWeights
    private let xWeights32: [Int32]
    private let denominator: Double

    init(input: ImageSize, output: ImageSize, channels: Int) {
        inputWidth = input.width
        self.channels = channels
        outputWidth = output.width
        xWeights = AreaWeights(inputLength: input.width, outputLength: output.width)
        yWeights = AreaWeights(inputLength: input.height, outputLength: output.height)
        xWeights32 = xWeights.weights.map { Int32($0) }
        denominator = Double(input.width) * Double(input.height)
    }

    /// The most input rows one output row reads (the smallest ring of sums that works).
    var maxRowsPerOutputRow: Int { yWeights.count.max() ?? 1 }

    /// The input rows that output row `y` reads: `0 ..< firstRowAfter(y)` must be summed.
    func inputRowsNeeded(forOutputRow y: Int) -> Int { yWeights.start[y] + yWeights.count[y] }

    /// Horizontal pass (exact integers, each sum at most `inW · 255`) of input rows `rows`
    /// of the bytes at `src` (`inW · channels` per row) into `sums`.
    func horizontalSums(_ src: UnsafePointer<UInt8>, rows: Range<Int>, into sums: UnsafeMutablePointer<Int32>,
                        ringRows: Int) {
        let inW = inputWidth, ch = channels, outW = outputWidth
        let xw = xWeights
        xWeights32.withUnsafeBufferPointer { wt in
        xw.start.withUnsafeBufferPointer { xs in
        xw.count.withUnsafeBufferPointer { xc in
        xw.offset.withUnsafeBufferPointer { xo in
            for y in rows {
                let srcRow = src + y * inW * ch
                let dst = sums + (y % ringRows) * outW * ch
                if ch == 3 {
                    // The SSE2 kernel takes all but the last pixel (its weights, overlaps of at
                    // most outW units, must stay below 2^15); the loop the rest.
                    let done = outW < 1 << 15
                        ? cpk_area_row_sums_rgb(srcRow, dst, outW, xs.baseAddress!, xc.baseAddress!, xo.baseAddress!,
                                                wt.baseAddress!)
                        : 0
                    for x in done..<outW {
                        var p = srcRow + xs[x] * 3
                        var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
                        let o = xo[x]
                        for k in 0..<xc[x] {
                            let wk = wt[o + k]
                            r &+= wk &* Int32(p[0]); g &+= wk &* Int32(p[1]); b &+= wk &* Int32(p[2])
                            p += 3
                        }
                        dst[x * 3] = r; dst[x * 3 + 1] = g; dst[x * 3 + 2] = b
                    }
                } else {
                    for x in 0..<outW {
                        let o = xo[x]
                        for c in 0..<ch {
                            var p = srcRow + xs[x] * ch + c
                            var acc: Int32 = 0
                            for k in 0..<xc[x] { acc &+= wt[o + k] &* Int32(p[0]); p += ch }
                            dst[x * ch + c] = acc
                        }
                    }
                }
            }
        }}}}
    }

    /// Vertical pass of output row `y`: its input rows' sums, weighted and added, divided once
    /// by `inW · inH`, into `out` (`outW · channels` floats). The totals are whole numbers
    /// of at most `inW · inH · 255`, exact in `Double` (``cpk_weighted_row_means``, SSE2):
    /// bit-identical to summing them as `Int64` first.
    func verticalMeans(row y: Int, sums: UnsafePointer<Int32>, ringRows: Int, into d: UnsafeMutablePointer<Float>) {
        let rowLen = outputWidth * channels
        let s = yWeights.start[y], n = yWeights.count[y], o = yWeights.offset[y]
        withUnsafeTemporaryAllocation(of: UnsafePointer<Int32>?.self, capacity: n) { rows in
            for k in 0..<n { rows[k] = sums + ((s + k) % ringRows) * rowLen }
            yWeights.weights.withUnsafeBufferPointer { weights in
                cpk_weighted_row_means(rows.baseAddress!, weights.baseAddress! + o, n, rowLen, denominator, d)
            }
        }
    }
}
