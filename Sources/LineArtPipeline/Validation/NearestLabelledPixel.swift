import LineArtImage
import LineArtAlgorithms

extension LabelMap {
    /// The labelled pixel (label != 0) nearest to `corner` in Chebyshev distance
    /// `max(|x - cx|, |y - cy|)`.
    ///
    /// Algorithm: ring search. The rings `d = 0, 1, 2, ...` of pixels at Chebyshev
    /// distance exactly `d` from the corner are scanned outward; within a ring the
    /// pixels are visited in row-major order (increasing y, then increasing x) and
    /// the first labelled one is returned.
    ///
    /// Tie rule: among the labelled pixels at the minimal distance, the first in
    /// row-major order wins, i.e. the result minimises `(d, y, x)` lexicographically.
    /// The same rule applies to every corner.
    ///
    /// Every pixel lies on exactly one ring, so the search is O(W × H) worst case
    /// and usually stops after a few rings.
    /// - Returns: the pixel, or nil when no pixel is labelled (or the image is empty).
    public func nearestLabelledPixel(to corner: ImageCorner) -> PixelPoint? {
        guard width > 0, height > 0, labelledPixelCount > 0 else { return nil }
        let (cx, cy) = corner.position(width: width, height: height)
        let w = width
        let h = height
        return labels.withUnsafeBufferPointer { lab -> PixelPoint? in
            for d in 0..<max(w, h) {
                let y0 = max(0, cy - d)
                let y1 = min(h - 1, cy + d)
                for y in y0...y1 {
                    let row = y * w
                    if y == cy - d || y == cy + d {
                        let x0 = max(0, cx - d)
                        let x1 = min(w - 1, cx + d)
                        for x in x0...x1 where lab[row + x] != 0 {
                            return PixelPoint(x: x, y: y)
                        }
                    } else {
                        let xl = cx - d
                        if xl >= 0 && lab[row + xl] != 0 { return PixelPoint(x: xl, y: y) }
                        let xr = cx + d
                        if xr < w && lab[row + xr] != 0 { return PixelPoint(x: xr, y: y) }
                    }
                }
            }
            return nil
        }
    }
}
