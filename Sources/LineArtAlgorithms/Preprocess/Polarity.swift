import LineArtImage

/// Whether the picture's subject is darker or lighter than its background.
package enum Polarity: String, Sendable, Equatable, CaseIterable {
    /// Dark subject (or dark strokes) on a light background, like ink on paper.
    case darkOnLight
    /// Light subject (or strokes) on a dark background, like chalk on a blackboard.
    case lightOnDark
}

/// Detects the polarity of a luminance plane.
///
/// The background is estimated from a border frame `max(1, round(borderFraction · min(w, h)))`
/// pixels wide, the subject from the interior. If the mean border luminance differs from the
/// mean interior luminance by more than `tolerance`, the brighter side is the background:
/// `borderMean >= interiorMean → .darkOnLight`, else `.lightOnDark`. When the two are within
/// `tolerance` (no clear figure/ground split), the global mean decides:
/// `>= 0.5 (mid-grey) → .darkOnLight`. Images too small for an interior use the global mean.
/// - Parameters:
///   - luminance: 1-channel plane with values in `0...1` (only channel 0 is read).
///   - borderFraction: width of the border frame as a fraction of the shorter side (default 0.05).
///   - tolerance: minimum border/interior difference to trust (default 0.02).
package func detectPolarity(luminance: FloatImage, borderFraction: Float = 0.05,
                           tolerance: Float = 0.02) -> Polarity {
    let w = luminance.width, h = luminance.height, ch = luminance.channels
    guard w > 0, h > 0 else { return .darkOnLight }
    let band = max(1, Int((borderFraction * Float(min(w, h))).rounded()))
    var borderSum = 0.0, borderCount = 0, interiorSum = 0.0, interiorCount = 0
    luminance.samples.withUnsafeBufferPointer { s in
        for y in 0..<h {
            let edgeRow = y < band || y >= h - band
            for x in 0..<w {
                let v = Double(s[(y * w + x) * ch])
                if edgeRow || x < band || x >= w - band {
                    borderSum += v; borderCount += 1
                } else {
                    interiorSum += v; interiorCount += 1
                }
            }
        }
    }
    let globalMean = (borderSum + interiorSum) / Double(borderCount + interiorCount)
    if interiorCount > 0 && borderCount > 0 {
        let b = borderSum / Double(borderCount), i = interiorSum / Double(interiorCount)
        if abs(b - i) > Double(tolerance) { return b >= i ? .darkOnLight : .lightOnDark }
    }
    return globalMean >= 0.5 ? .darkOnLight : .lightOnDark
}
