/// Turns a pixel-edge loop from ``traceInkBoundaries(_:)`` into a simpler polygon.
///
/// 1. **Edge midpoints.** Each unit step is replaced by its midpoint. A pixel staircase
///    that approximates a straight line of any slope then has its midpoints within ±0.25 px
///    of one line (exactly on it for slopes 0, 1 and ∞), so the stair steps vanish in step 2.
///    A convex pixel corner is cut by a ⅛ px² triangle and a concave one filled by the same
///    amount, so along a wiggly outline the area is kept.
/// 2. **Douglas–Peucker** (Douglas & Peucker 1973) on the closed loop: the loop is split at
///    its first point and the point farthest from it, and each half is simplified so that
///    no dropped midpoint is farther than `tolerance` pixels from the polygon.
///
/// Loops with fewer than 8 steps (specks of one or two pixels) keep all their midpoints.
public struct PolygonFit: Sendable, Equatable {
    /// Largest distance, in pixels, of a dropped midpoint from the simplified polygon.
    public var tolerance: Double

    public init(tolerance: Double = 0.5) {
        self.tolerance = tolerance
    }

    /// The simplified polygon of a traced loop, in the loop's walking direction.
    public func fit(_ loop: [GridVertex]) -> [VectorPoint] {
        let n = loop.count
        guard n > 0 else { return [] }
        var midpoints = [VectorPoint]()
        midpoints.reserveCapacity(n)
        for i in 0..<n {
            let a = loop[i], b = loop[(i + 1) % n]
            midpoints.append(VectorPoint(Double(a.x + b.x) / 2, Double(a.y + b.y) / 2))
        }
        // Drop midpoints in the middle of straight runs first: cheap and exact.
        var corners = [VectorPoint]()
        corners.reserveCapacity(n)
        for i in 0..<n {
            let p = midpoints[(i + n - 1) % n], q = midpoints[i], r = midpoints[(i + 1) % n]
            if VectorPoint.cross(q - p, r - q) != 0 || (q - p).x * (r - q).x + (q - p).y * (r - q).y < 0 {
                corners.append(q)
            }
        }
        if n < 8 || corners.count < 4 { return corners.count >= 3 ? corners : midpoints }
        let simplified = simplifyClosed(corners)
        return simplified.count >= 3 ? simplified : corners
    }

    /// Douglas–Peucker on a closed polygon.
    func simplifyClosed(_ points: [VectorPoint]) -> [VectorPoint] {
        let n = points.count
        // Anchor 0 and the point farthest from it.
        var far = 0
        var best = -1.0
        for i in 1..<n {
            let d = (points[i].x - points[0].x) * (points[i].x - points[0].x)
                + (points[i].y - points[0].y) * (points[i].y - points[0].y)
            if d > best { best = d; far = i }
        }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[far] = true
        let tolerance2 = tolerance * tolerance
        // Ranges (first, last) with last possibly == n meaning index 0 (wrap).
        var stack: [(Int, Int)] = [(0, far), (far, n)]
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let a = points[first], b = points[last % n]
            let ab = b - a
            let length2 = ab.x * ab.x + ab.y * ab.y
            var worst = -1.0
            var worstIndex = first
            for i in (first + 1)..<last {
                let ap = points[i] - a
                let d2: Double
                if length2 == 0 {
                    d2 = ap.x * ap.x + ap.y * ap.y
                } else {
                    // Distance to the segment (not the infinite line), so U-turns are kept.
                    let t = max(0, min(1, (ap.x * ab.x + ap.y * ab.y) / length2))
                    let e = ap - ab * t
                    d2 = e.x * e.x + e.y * e.y
                }
                if d2 > worst { worst = d2; worstIndex = i }
            }
            if worst > tolerance2 {
                keep[worstIndex] = true
                stack.append((first, worstIndex))
                stack.append((worstIndex, last))
            }
        }
        return (0..<n).filter { keep[$0] }.map { points[$0] }
    }
}
