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
/// Window means and variances come from one summed-area table (per channel sums plus the
/// sum of squares), so the cost is O(pixels · channels) regardless of the radius.
/// Windows are clipped at the image border.
///
/// - Parameters:
///   - image: interleaved float image, any channel count (typically Lab).
///   - radius: quadrant size minus one; `0` returns the image unchanged.
///   - passes: number of times to apply the filter (each pass flattens texture further).
public func kuwaharaFilter(_ image: FloatImage, radius: Int, passes: Int = 1) -> FloatImage {
    guard radius > 0, passes > 0, image.width > 0, image.height > 0 else { return image }
    var current = image
    for _ in 0..<passes { current = kuwaharaPass(current, radius: radius) }
    return current
}

private func kuwaharaPass(_ image: FloatImage, radius r: Int) -> FloatImage {
    let w = image.width, h = image.height, ch = image.channels
    let stride = ch + 1                       // per-entry: channel sums, then sum of squares
    let iw = w + 1
    var table = [Double](repeating: 0, count: iw * (h + 1) * stride)
    var out = [Float](repeating: 0, count: image.samples.count)
    image.samples.withUnsafeBufferPointer { src in
        table.withUnsafeMutableBufferPointer { t in
            // Summed-area table: t[(y+1, x+1)] = sum over [0...y] × [0...x].
            var rowAcc = [Double](repeating: 0, count: stride)
            rowAcc.withUnsafeMutableBufferPointer { acc in
                for y in 0..<h {
                    for k in 0..<stride { acc[k] = 0 }
                    let above = y * iw * stride, here = (y + 1) * iw * stride
                    for x in 0..<w {
                        var sq = 0.0
                        for c in 0..<ch {
                            let v = Double(src[(y * w + x) * ch + c])
                            acc[c] += v
                            sq += v * v
                        }
                        acc[ch] += sq
                        let o = (x + 1) * stride
                        for k in 0..<stride { t[here + o + k] = t[above + o + k] + acc[k] }
                    }
                }
            }
        }
        table.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { dst in
                var best = [Double](repeating: 0, count: ch)
                var cand = [Double](repeating: 0, count: ch)
                best.withUnsafeMutableBufferPointer { best in
                cand.withUnsafeMutableBufferPointer { cand in
                    for y in 0..<h {
                        for x in 0..<w {
                            var bestVar = Double.infinity
                            // Quadrants: x range [x-r, x] or [x, x+r]; same for y.
                            for q in 0..<4 {
                                let x0 = (q & 1) == 0 ? max(0, x - r) : x
                                let x1 = (q & 1) == 0 ? x : min(w - 1, x + r)
                                let y0 = (q & 2) == 0 ? max(0, y - r) : y
                                let y1 = (q & 2) == 0 ? y : min(h - 1, y + r)
                                let a = (y0 * iw + x0) * stride, b = (y0 * iw + x1 + 1) * stride
                                let c0 = ((y1 + 1) * iw + x0) * stride, d = ((y1 + 1) * iw + x1 + 1) * stride
                                let inv = 1.0 / Double((x1 - x0 + 1) * (y1 - y0 + 1))
                                var meanSq = 0.0
                                for c in 0..<ch {
                                    let m = (t[d + c] - t[b + c] - t[c0 + c] + t[a + c]) * inv
                                    cand[c] = m
                                    meanSq += m * m
                                }
                                let variance = (t[d + ch] - t[b + ch] - t[c0 + ch] + t[a + ch]) * inv - meanSq
                                if variance < bestVar {
                                    bestVar = variance
                                    for c in 0..<ch { best[c] = cand[c] }
                                }
                            }
                            let o = (y * w + x) * ch
                            for c in 0..<ch { dst[o + c] = Float(best[c]) }
                        }
                    }
                }}
            }
        }
    }
    return Image(width: w, height: h, channels: ch, samples: out)
}
