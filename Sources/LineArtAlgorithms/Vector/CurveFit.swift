/// Replaces a polygon's vertices by smooth cubic Béziers, keeping sharp corners, after the
/// corner rule of potrace (P. Selinger, "Potrace: a polygon-based tracing algorithm", 2003).
///
/// The closed output runs through the midpoints of the polygon's edges. Between the
/// midpoints `m0` and `m1` on either side of vertex `v`:
/// - let `d` be the distance of `v` from the chord `m0 m1`, measured as
///   `|cross(v - m0, m1 - m0)| / (|Δx| + |Δy|)` (potrace's grid-aligned normalisation), and
///   `α = (1 - 1/d) / 0.75` (0 when `d ≤ 1`): a large, far-out vertex gives a large `α`;
/// - if `α ≥ alphaMax` the vertex is a **corner**: two straight lines `m0 → v → m1`;
/// - otherwise a **smooth** cubic from `m0` to `m1` with control points on the edges,
///   `m0 + (α'/2)(v - prev)` and `m1 + (α'/2)(v - next)` where
///   `α' = clamp(α, alphaMin, 1)` (`prev`, `next` the neighbouring vertices), which is
///   tangent to both edges, so the outline is smooth (G1) through every non-corner.
///
/// potrace clamps at 0.55 because its polygon circumscribes the outline; ours (see
/// ``PolygonFit``) runs through the middle of the traced midpoints, so a flatter curve
/// would cut inside convex parts. With `alphaMin` 1 (control points on the vertex) the
/// traced area of discs, rings and 3-px line drawings stays within 0.5 % of the pixel
/// count (0.55 loses 1-3 %); small dots of ~50 px lose about 2.5 %.
///
/// `alphaMax` 0 makes every vertex a corner (a pure polygon); potrace's default is 1; above
/// 4/3 nothing is a corner.
package struct CurveFit: Sendable, Equatable {
    package var alphaMax: Double
    /// Lower clamp of `α` for smooth vertices (potrace: 0.55; default here 1, see above).
    package var alphaMin: Double

    package init(alphaMax: Double = 1.0, alphaMin: Double = 1.0) {
        self.alphaMax = alphaMax
        self.alphaMin = alphaMin
    }

    /// The smoothed closed path of `polygon` (at least 3 vertices; fewer gives a polygon path).
    /// Vertices for which `isPinned` holds are always corners (the tracer pins the image
    /// border, so ink running along the edge of the page keeps the page's corners).
    package func fit(_ polygon: [VectorPoint], isPinned: (VectorPoint) -> Bool = { _ in false }) -> ClosedPath {
        let n = polygon.count
        guard n >= 3 else {
            return ClosedPath(start: polygon.first ?? VectorPoint(0, 0),
                              segments: polygon.dropFirst().map { .line(to: $0) } + (polygon.isEmpty ? [] : [.line(to: polygon[0])]))
        }
        @inline(__always) func mid(_ i: Int) -> VectorPoint {
            VectorPoint.lerp(polygon[i % n], polygon[(i + 1) % n], 0.5)
        }
        let start = mid(n - 1)  // midpoint of the edge entering vertex 0
        var segments = [PathSegment]()
        segments.reserveCapacity(2 * n)
        for i in 0..<n {
            let prev = polygon[(i + n - 1) % n], v = polygon[i], next = polygon[(i + 1) % n]
            let m0 = VectorPoint.lerp(prev, v, 0.5), m1 = VectorPoint.lerp(v, next, 0.5)
            let chord = m1 - m0
            let denominator = abs(chord.x) + abs(chord.y)
            var alpha: Double
            if denominator > 0 {
                let d = abs(VectorPoint.cross(v - m0, chord)) / denominator
                alpha = d > 1 ? (1 - 1 / d) / 0.75 : 0
            } else {
                alpha = 4.0 / 3.0  // a U-turn: always a corner
            }
            if alpha >= alphaMax || isPinned(v) {
                segments.append(.line(to: v))
                segments.append(.line(to: m1))
            } else {
                alpha = min(1, max(alphaMin, alpha))
                let c1 = VectorPoint.lerp(prev, v, 0.5 + 0.5 * alpha)
                let c2 = VectorPoint.lerp(next, v, 0.5 + 0.5 * alpha)
                segments.append(.cubic(c1: c1, c2: c2, to: m1))
            }
        }
        return ClosedPath(start: start, segments: segments)
    }
}
