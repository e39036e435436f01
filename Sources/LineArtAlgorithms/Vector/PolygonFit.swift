import FoundationEssentials
import Glibc

/// Turns a pixel-edge loop from ``traceInkBoundaries(_:)`` into a simpler polygon.
///
/// 1. **Edge midpoints.** Each unit step is replaced by its midpoint. A pixel staircase
///    that approximates a straight line of any slope then has its midpoints within ±0.25 px
///    of one line (exactly on it for slopes 0, 1 and ∞), so the stair steps vanish in step 2.
///    A convex pixel corner is cut by a ⅛ px² triangle and a concave one filled by the same
///    amount, so along a wiggly outline the area is kept.
///    With `tautSweeps` (the tracer for pages) the midpoints are then drawn taut within their
///    pixels (``tautMidpoints(_:midpoints:fixed:reach:sweeps:)``), so the jogs of a shallow
///    or curved staircase vanish too.
/// 2. **Douglas–Peucker** (Douglas & Peucker 1973) on the closed loop: the loop is split at
///    its first point and the point farthest from it, and each half is simplified so that
///    no dropped midpoint is farther than `tolerance` pixels from the polygon.
/// 3. **Corner restoration.** Step 1 cuts a sharp corner into a short bevel between two
///    longer edges. A bevel shorter than 1.5 px whose two turns bend the same way by 60°
///    or more in all, with edges on both sides at least twice as long, is replaced by the
///    point where the two longer edges' lines meet, if that point is within 1 px of the
///    bevel: the corner is back and ``CurveFit`` keeps it sharp. (Done before step 2.)
/// 4. **Vertex adjustment** (as potrace does): each simplified edge is replaced by the
///    least-squares line through the midpoints it stands for, and each vertex moves to
///    where its two edges' lines cross, when that is within 1 px of it. Douglas–Peucker
///    keeps extreme points, so its chords sit on one side of the outline; the fitted lines
///    run through the middle, which keeps the enclosed area within a fraction of a percent.
///
/// Loops with fewer than 8 steps (specks of one or two pixels) keep all their midpoints.
package struct PolygonFit: Sendable, Equatable {
    /// Largest distance, in pixels, of a dropped midpoint from the simplified polygon.
    package var tolerance: Double

    /// Passes of ``tautMidpoints(_:midpoints:fixed:reach:sweeps:)`` over the midpoints; 0: none.
    package var tautSweeps: Int

    /// How far a taut midpoint may leave its pixel edge: the outline stays 0.15 px or more
    /// from the centres of the pixels on either side, so the printed pixel under each centre
    /// (about a quarter of a drawing pixel across at 300 dpi) keeps its side.
    static let tautReach = 0.35

    package init(tolerance: Double = 0.4, tautSweeps: Int = 0) {
        self.tolerance = tolerance
        self.tautSweeps = tautSweeps
    }

    /// The simplified polygon of a traced loop, in the loop's walking direction. Vertices for
    /// which `isPinned` holds are not moved by step 4 (the tracer pins the image border).
    package func fit(_ loop: [GridVertex], isPinned: (VectorPoint) -> Bool = { _ in false }) -> [VectorPoint] {
        let n = loop.count
        guard n > 0 else { return [] }
        var midpoints = edgeMidpoints(loop)
        if tautSweeps > 0 {
            let fixed = zip(midpoints.map(isPinned), edgesBesideCorners(loop, minRun: 3)).map { $0 || $1 }
            midpoints = tautMidpoints(loop, midpoints: midpoints, fixed: fixed, reach: Self.tautReach, sweeps: tautSweeps)
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
        let restored = restoreCorners(corners)
        guard restored.count >= 4 else { return restored }
        let keep = simplifyClosed(restored, isPinned: isPinned)
        let simplified = adjustVertices(restored, keep: keep, isPinned: isPinned)
        return simplified.count >= 3 ? simplified : restored
    }

    /// Step 3: replaces short bevels between long edges by the corner they cut off.
    func restoreCorners(_ points: [VectorPoint]) -> [VectorPoint] {
        var p = points
        var i = 0
        while p.count > 4 && i < p.count {
            let n = p.count
            let a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n], d = p[(i + 2) % n]
            let bevel = c - b, before = b - a, after = d - c
            let bevelLength = (bevel.x * bevel.x + bevel.y * bevel.y).squareRoot()
            let beforeLength = (before.x * before.x + before.y * before.y).squareRoot()
            let afterLength = (after.x * after.x + after.y * after.y).squareRoot()
            let turn1 = VectorPoint.cross(before, bevel), turn2 = VectorPoint.cross(bevel, after)
            let denominator = VectorPoint.cross(before, after)
            guard bevelLength > 0, bevelLength < 1.5, beforeLength >= 2 * bevelLength, afterLength >= 2 * bevelLength,
                  turn1 * turn2 > 0, denominator != 0 else { i += 1; continue }
            // Total turn from `before` to `after`.
            let cosine = (before.x * after.x + before.y * after.y) / (beforeLength * afterLength)
            guard cosine <= 0.5 else { i += 1; continue }  // turn >= 60°
            // Intersection of line a→b with line c→d.
            let t = VectorPoint.cross(c - a, after) / denominator
            let corner = a + before * t
            let middle = VectorPoint.lerp(b, c, 0.5)
            let offset = corner - middle
            guard offset.x * offset.x + offset.y * offset.y <= 1 else { i += 1; continue }
            p[i] = corner
            p.remove(at: (i + 1) % n)
            if (i + 1) % n < i { i -= 1 }
            i += 1
        }
        return p
    }

    /// Step 4: the kept vertices moved to the crossings of the least-squares edge lines.
    func adjustVertices(_ points: [VectorPoint], keep: [Int],
                        isPinned: (VectorPoint) -> Bool = { _ in false }) -> [VectorPoint] {
        let n = points.count, m = keep.count
        guard m >= 3 else { return keep.map { points[$0] } }
        // Line of edge j (keep[j] → keep[j+1], inclusive): centroid and unit direction.
        var lines: [(centre: VectorPoint, direction: VectorPoint)] = []
        lines.reserveCapacity(m)
        for j in 0..<m {
            let first = keep[j]
            var last = keep[(j + 1) % m]
            if last <= first { last += n }
            var sx = 0.0, sy = 0.0
            let count = Double(last - first + 1)
            for k in first...last { sx += points[k % n].x; sy += points[k % n].y }
            let centre = VectorPoint(sx / count, sy / count)
            var xx = 0.0, xy = 0.0, yy = 0.0
            for k in first...last {
                let d = points[k % n] - centre
                xx += d.x * d.x; xy += d.x * d.y; yy += d.y * d.y
            }
            // Principal axis of the 2x2 covariance.
            let angle = 0.5 * atan2(2 * xy, xx - yy)
            var direction = VectorPoint(cos(angle), sin(angle))
            let chord = points[last % n] - points[first]
            if direction.x * chord.x + direction.y * chord.y < 0 { direction = direction * -1 }
            lines.append((centre, direction))
        }
        return (0..<m).map { j in
            let original = points[keep[j]]
            if isPinned(original) { return original }
            let (c1, d1) = lines[(j + m - 1) % m], (c2, d2) = lines[j]
            let denominator = VectorPoint.cross(d1, d2)
            // Nearly parallel edges: no reliable crossing, keep the vertex.
            guard abs(denominator) > 1e-3 else { return original }
            let t = VectorPoint.cross(c2 - c1, d2) / denominator
            let crossing = c1 + d1 * t
            guard abs(crossing.x - original.x) <= 1, abs(crossing.y - original.y) <= 1 else { return original }
            return crossing
        }
    }

    /// Douglas–Peucker on a closed polygon: the indices of the points kept, ascending. Points
    /// for which `isPinned` holds are all kept, so a line that meets the image border keeps
    /// every pixel of its contact with it (a chord past them could open a gap along the border).
    func simplifyClosed(_ points: [VectorPoint], isPinned: (VectorPoint) -> Bool = { _ in false }) -> [Int] {
        let n = points.count
        // Anchor 0 and the point farthest from it.
        var far = 0
        var best = -1.0
        for i in 1..<n {
            let d = (points[i].x - points[0].x) * (points[i].x - points[0].x)
                + (points[i].y - points[0].y) * (points[i].y - points[0].y)
            if d > best { best = d; far = i }
        }
        var keep = points.map(isPinned)
        keep[0] = true
        keep[far] = true
        let tolerance2 = tolerance * tolerance
        // Ranges (first, last) between kept points, with last possibly == n meaning index 0 (wrap).
        let kept = (0..<n).filter { keep[$0] }
        var stack: [(Int, Int)] = zip(kept, kept.dropFirst() + [n]).map { ($0, $1) }
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
        return (0..<n).filter { keep[$0] }
    }
}
