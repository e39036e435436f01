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
