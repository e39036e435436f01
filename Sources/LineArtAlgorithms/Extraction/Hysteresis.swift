import LineArtImage

/// Hysteresis thresholds derived from the image, and Canny hysteresis growth.
package struct HysteresisThresholds: Sendable, Equatable {
    package var low: Float
    package var high: Float

    package init(low: Float, high: Float) {
        self.low = low
        self.high = high
    }

    /// Thresholds from the distribution of the non-zero (NMS-surviving) magnitudes:
    ///
    ///     c    = clamp(contrastAdjustment, 1, 3)
    ///     q    = 1 − strongEdgeFraction / c
    ///     high = max(quantile_q(non-zero magnitudes), minimumMagnitude)
    ///     low  = lowRatio · high
    ///
    /// so with the defaults (fraction 0.25) c = 1 seeds from the top 25 % of the candidate
    /// edge pixels and c = 3 from the top 8.3 %. Both thresholds grow monotonically with
    /// `contrastAdjustment`, so a higher value never keeps more edge pixels. The quantile is
    /// read from a 4096-bin histogram over `[0, max]` (lower edge of the bin that reaches q, so
    /// every value in that bin counts as strong).
    /// With no non-zero magnitudes, `high = minimumMagnitude`.
    package static func derived(from magnitudes: FloatImage, contrastAdjustment: Float,
                               strongEdgeFraction: Float = 0.25, lowRatio: Float = 0.4,
                               minimumMagnitude: Float = 2) -> HysteresisThresholds {
        let c = min(3, max(1, contrastAdjustment.isFinite ? contrastAdjustment : 1))
        let fraction = min(0.99, max(0.0001, strongEdgeFraction))
        let q = 1 - fraction / c
        let ratio = min(1, max(0, lowRatio))
        let quantile = nonZeroQuantile(magnitudes, q: q) ?? 0
        let high = max(quantile, max(0, minimumMagnitude))
        return HysteresisThresholds(low: ratio * high, high: high)
    }

    /// The `q`-quantile (0...1) of the strictly positive samples of channel 0, from a
    /// 4096-bin histogram over `[0, max]`: the lower edge of the first bin at which the
    /// cumulative count reaches `q · count` (never above the true quantile, at most
    /// `max / 4096` below it). Nil when there are no positive samples.
    package static func nonZeroQuantile(_ image: FloatImage, q: Float) -> Float? {
        let bins = 4096
        var maxValue: Float = 0
        var count = 0
        let ch = image.channels, n = image.pixelCount
        image.samples.withUnsafeBufferPointer { s in
            for i in 0..<n {
                let v = s[i * ch]
                if v > 0 { count += 1; if v > maxValue { maxValue = v } }
            }
        }
        guard count > 0 else { return nil }
        var hist = [Int](repeating: 0, count: bins)
        let scale = Float(bins) / maxValue
        image.samples.withUnsafeBufferPointer { s in
            hist.withUnsafeMutableBufferPointer { hb in
                for i in 0..<n {
                    let v = s[i * ch]
                    if v > 0 { hb[min(bins - 1, Int(v * scale))] += 1 }
                }
            }
        }
        let target = max(1, Int((Double(min(1, max(0, q))) * Double(count)).rounded(.up)))
        var cumulative = 0
        for b in 0..<bins {
            cumulative += hist[b]
            if cumulative >= target { return Float(b) / scale }
        }
        return Float(bins - 1) / scale
    }
}

/// Canny hysteresis: keeps every pixel with magnitude `>= low` that is 8-connected, through
/// such pixels, to a pixel with magnitude `>= high`.
///
/// Iterative growth from the strong pixels with an explicit stack (no recursion), each pixel
/// pushed at most once: O(pixels).
/// - Returns: a 1-channel edge map, 255 = edge, 0 = not an edge.
package func hysteresis(_ magnitude: FloatImage, thresholds: HysteresisThresholds) -> ByteImage {
    let w = magnitude.width, h = magnitude.height, ch = magnitude.channels
    let n = w * h
    var out = [UInt8](repeating: 0, count: n)
    var stack = [Int32]()
    stack.reserveCapacity(1024)
    let low = thresholds.low, high = max(thresholds.high, thresholds.low)
    magnitude.samples.withUnsafeBufferPointer { m in
        out.withUnsafeMutableBufferPointer { o in
            for seed in 0..<n where o[seed] == 0 {
                let v = m[seed * ch]
                guard v >= high && v > 0 else { continue }
                o[seed] = 255
                stack.append(Int32(seed))
                while let top = stack.popLast() {
                    let p = Int(top), px = p % w, py = p / w
                    for ny in max(0, py - 1)...min(h - 1, py + 1) {
                        for nx in max(0, px - 1)...min(w - 1, px + 1) {
                            let q = ny * w + nx
                            if o[q] == 0 {
                                let mv = m[q * ch]
                                if mv >= low && mv > 0 { o[q] = 255; stack.append(Int32(q)) }
                            }
                        }
                    }
                }
            }
        }
    }
    return Image(width: w, height: h, channels: 1, samples: out)
}
