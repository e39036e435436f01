import LineArtImage

/// Edge-preserving, texture-flattening denoising: the Kuwahara filter.
///
/// Kuwahara, Hachimura, Eiho & Kinoshita (1976), "Processing of RI-angiocardiographic
/// images". For every pixel the four overlapping `(r+1)×(r+1)` quadrant windows that
/// contain it (upper-left, upper-right, lower-left, lower-right) are examined and the pixel
/// takes the mean colour of the quadrant with the smallest total variance (sum over channels).
/// A window that straddles an edge has high variance, so edges stay sharp; inside texture
/// (grass, fur, hair) the pixel is replaced by a local mean, which removes the fine
/// alternation that would otherwise become edge stipple.
///
/// Every `(r+1)×(r+1)` box's channel means and total variance are computed once with
/// separable box sums (each box serves as a quadrant of four pixels), so the cost is
/// O(pixels · channels · r) with small r. Windows are clipped at the image border.
/// The pass streams rows through small ring buffers, so its working set stays in cache.
///
/// - Parameters:
///   - image: interleaved float image, any channel count (typically Lab).
///   - radius: quadrant size minus one; `0` returns the image unchanged.
///   - passes: number of times to apply the filter (each pass flattens texture further).
///   - threads: row bands processed in parallel (1 = on the calling thread); the result
///     does not depend on it.
public func kuwaharaFilter(_ image: FloatImage, radius: Int, passes: Int = 1, threads: Int = 1) -> FloatImage {
    guard radius > 0, passes > 0, image.width > 0, image.height > 0 else { return image }
    var current = image
    for _ in 0..<passes { current = kuwaharaPass(current, radius: radius, threads: threads) }
    return current
}

/// One pass, streamed row by row: horizontal box sums of the last `r+1` rows and the box
/// statistics of the last `r+1` box rows live in two small ring buffers (a few hundred KB,
/// cache resident), and output row `y` is written as soon as box row `y + r` exists.
/// The arithmetic (order of every float addition) is that of the plain two-pass form, so
/// results are bit-identical to it. Row bands recompute their `r`-row halo and run in parallel.
private func kuwaharaPass(_ image: FloatImage, radius r: Int, threads: Int) -> FloatImage {
    let w = image.width, h = image.height, ch = image.channels
    let out = [Float](unsafeUninitializedCapacity: image.samples.count) { outBuffer, initialized in
        let dst = SharedMutablePointer(base: outBuffer.baseAddress!)
        image.samples.withUnsafeBufferPointer { srcBuffer in
            let src = srcBuffer.baseAddress!
            forEachRowBand(rows: h, threads: threads) { band in
                _ = kuwaharaBand(dst: dst.base, width: w, height: h, channels: ch, radius: r, rows: band) {
                    src + $0 * w * ch
                }
            }
        }
        initialized = w * h * ch
    }
    return Image(width: w, height: h, channels: ch, samples: out)
}

/// Output rows `rows` of one Kuwahara pass (see ``kuwaharaPass(_:radius:threads:)``) into
/// `dst` (`w · channels` floats per row, at the rows' own indices).
///
/// The input comes from `sourceRow(y)`, the start of image row `y`'s `w · channels`
/// floats. It is asked once per row, in increasing order from `max(0, rows.lowerBound - r)`,
/// and the row is read right away and never again, so a caller may make the rows as they
/// are asked for (a streamed decode) into one reused buffer. When it returns nil the band
/// stops and the function returns false (its remaining output rows are not written).
func kuwaharaBand(dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int, channels ch: Int, radius r: Int,
                  rows: Range<Int>, sourceRow: (Int) -> UnsafePointer<Float>?) -> Bool {
    let k = ch + 1                          // per box: channel sums (then means), sum of squares (then variance)
    let bw = w + r                          // box origins x0 ∈ [-r, w-1]; box row byI has origin y0 = byI - r
    let ring = r + 1, rowStride = bw * k
    var rowRing = [Float](repeating: 0, count: ring * rowStride)
    var boxRing = [Float](repeating: 0, count: ring * rowStride)
    // One input row's pixels as (channels, sum of squares) quadruples (3 channels only).
    var pixelRow = [SIMD4<Float>](repeating: .zero, count: ch == 3 ? w : 0)
    var inverses = [Float](repeating: 0, count: r + 2)
    return rowRing.withUnsafeMutableBufferPointer { rowBuffer in
    boxRing.withUnsafeMutableBufferPointer { boxBuffer in
    pixelRow.withUnsafeMutableBufferPointer { pixel in
    inverses.withUnsafeMutableBufferPointer { inverse in
        let rows0 = rowBuffer.baseAddress!, boxes = boxBuffer.baseAddress!
        // Box rows rows.lower ..< rows.upper + r are needed; they read image rows from rows.lower - r.
        for byI in (rows.lowerBound - r)..<(rows.upperBound + r) {
            // Horizontal: image row byI's sums over columns [x0, x0 + r] ∩ [0, w-1].
            if byI >= 0 && byI < h {
                let hr = rows0 + (byI % ring) * rowStride
                guard let srcRow = sourceRow(byI) else { return false }
                if ch == 3 {
                    // Each pixel as (v0, v1, v2, v0² + v1² + v2²) once; a box adds its
                    // pixels' quadruples lane by lane, the same float additions in the
                    // same order as channel by channel.
                    for x in 0..<w {
                        let v0 = srcRow[3 * x], v1 = srcRow[3 * x + 1], v2 = srcRow[3 * x + 2]
                        var sq: Float = 0
                        sq += v0 * v0; sq += v1 * v1; sq += v2 * v2
                        pixel[x] = SIMD4(v0, v1, v2, sq)
                    }
                    let sums = UnsafeMutableRawPointer(hr)
                    var bxI = 0
                    while bxI < bw {
                        let x0 = bxI - r
                        if x0 >= 0 && x0 + 3 + r < w {
                            // Four whole boxes side by side: four chains of additions that
                            // overlap (one box's sum waits on each of its own additions).
                            var s0 = SIMD4<Float>(repeating: 0), s1 = s0, s2 = s0, s3 = s0
                            for k in 0...r {
                                s0 += pixel[x0 + k]
                                s1 += pixel[x0 + 1 + k]
                                s2 += pixel[x0 + 2 + k]
                                s3 += pixel[x0 + 3 + k]
                            }
                            sums.storeBytes(of: s0, toByteOffset: bxI * 16, as: SIMD4<Float>.self)
                            sums.storeBytes(of: s1, toByteOffset: bxI * 16 + 16, as: SIMD4<Float>.self)
                            sums.storeBytes(of: s2, toByteOffset: bxI * 16 + 32, as: SIMD4<Float>.self)
                            sums.storeBytes(of: s3, toByteOffset: bxI * 16 + 48, as: SIMD4<Float>.self)
                            bxI += 4
                            continue
                        }
                        var s = SIMD4<Float>(repeating: 0)
                        for x in max(0, x0)...min(w - 1, x0 + r) { s += pixel[x] }
                        sums.storeBytes(of: s, toByteOffset: bxI * 16, as: SIMD4<Float>.self)
                        bxI += 1
                    }
                } else {
                    for bxI in 0..<bw {
                        let x0 = bxI - r
                        let o = hr + bxI * k
                        for j in 0..<k { o[j] = 0 }
                        for x in max(0, x0)...min(w - 1, x0 + r) {
                            let p = srcRow + x * ch
                            var sq: Float = 0
                            for c in 0..<ch { let v = p[c]; o[c] += v; sq += v * v }
                            o[ch] += sq
                        }
                    }
                }
            }
            guard byI >= rows.lowerBound else { continue }
            // Vertical: box row byI sums rows [y0, y0 + r] ∩ [0, h-1], then mean and total variance.
            let y0 = byI - r
            let ya = max(0, y0), yb = min(h - 1, y0 + r)
            let bx = boxes + (byI % ring) * rowStride
            for j in 0..<rowStride { bx[j] = 0 }
            for y in ya...yb {
                let hr = rows0 + (y % ring) * rowStride
                for j in 0..<rowStride { bx[j] += hr[j] }
            }
            let rowsCount = yb - ya + 1
            // 1 / pixel count of a box by its clipped width (1...r+1 columns).
            for cw in 1...(r + 1) { inverse[cw] = 1 / Float(cw * rowsCount) }
            if ch == 3 {
                for bxI in 0..<bw {
                    let x0 = bxI - r
                    let o = bx + bxI * 4
                    let inv = inverse[min(w - 1, x0 + r) - max(0, x0) + 1]
                    let m0 = o[0] * inv, m1 = o[1] * inv, m2 = o[2] * inv
                    var meanSq: Float = 0
                    meanSq += m0 * m0; meanSq += m1 * m1; meanSq += m2 * m2
                    o[0] = m0; o[1] = m1; o[2] = m2
                    o[3] = o[3] * inv - meanSq
                }
            } else {
                for bxI in 0..<bw {
                    let x0 = bxI - r
                    let o = bx + bxI * k
                    let inv = inverse[min(w - 1, x0 + r) - max(0, x0) + 1]
                    var meanSq: Float = 0
                    for c in 0..<ch { let m = o[c] * inv; o[c] = m; meanSq += m * m }
                    o[ch] = o[ch] * inv - meanSq
                }
            }
            // Output row y = byI - r: its quadrant boxes start on box rows y and y + r.
            let y = byI - r
            guard y >= rows.lowerBound else { continue }
            let upper = boxes + (y % ring) * rowStride, lower = bx
            let d = dst + y * w * ch
            for x in 0..<w {
                // Quadrant boxes start at (x-r, y-r), (x, y-r), (x-r, y), (x, y): +r in box coordinates.
                let ul = upper + x * k, ur = upper + (x + r) * k
                let ll = lower + x * k, lr = lower + (x + r) * k
                var best = ul, bestVar = ul[ch]
                if ur[ch] < bestVar { best = ur; bestVar = ur[ch] }
                if ll[ch] < bestVar { best = ll; bestVar = ll[ch] }
                if lr[ch] < bestVar { best = lr }
                let o = d + x * ch
                if ch == 3 {
                    o[0] = best[0]; o[1] = best[1]; o[2] = best[2]
                } else {
                    for c in 0..<ch { o[c] = best[c] }
                }
            }
        }
        return true
    }}}}
}
