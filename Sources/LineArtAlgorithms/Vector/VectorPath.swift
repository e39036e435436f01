/// A point in drawing coordinates (pixels of the page bitmap, x right, y down) or
/// page coordinates (points), as the context says.
public struct VectorPoint: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static func + (a: VectorPoint, b: VectorPoint) -> VectorPoint { VectorPoint(a.x + b.x, a.y + b.y) }
    static func - (a: VectorPoint, b: VectorPoint) -> VectorPoint { VectorPoint(a.x - b.x, a.y - b.y) }
    static func * (a: VectorPoint, s: Double) -> VectorPoint { VectorPoint(a.x * s, a.y * s) }
    /// The point `t` of the way from `a` to `b`.
    static func lerp(_ a: VectorPoint, _ b: VectorPoint, _ t: Double) -> VectorPoint {
        VectorPoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
    /// z component of the cross product of `a` and `b`.
    static func cross(_ a: VectorPoint, _ b: VectorPoint) -> Double { a.x * b.y - a.y * b.x }
}

/// One piece of a closed path, starting where the previous piece ended.
public enum PathSegment: Sendable, Equatable {
    /// A straight line to `to`.
    case line(to: VectorPoint)
    /// A cubic Bézier curve with control points `c1`, `c2`, ending at `to`.
    case cubic(c1: VectorPoint, c2: VectorPoint, to: VectorPoint)

    public var end: VectorPoint {
        switch self {
        case .line(let to): return to
        case .cubic(_, _, let to): return to
        }
    }
}

/// A closed outline: starts at `start`, follows `segments`, and the last segment ends at `start`.
///
/// Paths traced from line art keep ink on their left in y-down drawing coordinates, so
/// outer boundaries of ink run one way and the boundaries of holes the other: filled with
/// either the nonzero or the even-odd rule, the set of paths gives the ink.
public struct ClosedPath: Sendable, Equatable {
    public var start: VectorPoint
    public var segments: [PathSegment]

    public init(start: VectorPoint, segments: [PathSegment]) {
        self.start = start
        self.segments = segments
    }

    /// The outline as a polygon, each Bézier replaced by `steps` chords; the start is not repeated.
    public func flattened(steps: Int = 8) -> [VectorPoint] {
        var points = [start]
        var current = start
        for segment in segments {
            switch segment {
            case .line(let to):
                points.append(to)
            case .cubic(let c1, let c2, let to):
                for k in 1...steps {
                    let t = Double(k) / Double(steps), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(VectorPoint(a * current.x + b * c1.x + c * c2.x + d * to.x,
                                              a * current.y + b * c1.y + c * c2.y + d * to.y))
                }
            }
            current = segment.end
        }
        if points.count > 1, points.last == start { points.removeLast() }
        return points
    }

    /// Signed area by the shoelace formula over the flattened outline: positive when the
    /// path keeps its inside on its left (anticlockwise on screen, y down), as the outer
    /// boundaries of traced ink do; negative for the boundaries of holes.
    public func signedArea(steps: Int = 8) -> Double {
        polygonSignedArea(flattened(steps: steps))
    }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> ClosedPath {
        ClosedPath(start: transform.apply(start), segments: segments.map { segment in
            switch segment {
            case .line(let to): return .line(to: transform.apply(to))
            case .cubic(let c1, let c2, let to):
                return .cubic(c1: transform.apply(c1), c2: transform.apply(c2), to: transform.apply(to))
            }
        })
    }
}

/// Shoelace area of a closed polygon (last point joins the first); positive when it runs
/// anticlockwise on screen (x right, y down), i.e. keeps its inside on its left.
package func polygonSignedArea(_ points: [VectorPoint]) -> Double {
    guard points.count >= 3 else { return 0 }
    var sum = 0.0
    var previous = points[points.count - 1]
    for p in points {
        sum += p.x * previous.y - previous.x * p.y
        previous = p
    }
    return sum / 2
}

/// The traced ink of one page: closed paths in the page bitmap's pixel coordinates
/// (pixel (x, y) covers [x, x+1] × [y, y+1]), to be filled black with the nonzero rule.
public struct VectorDrawing: Sendable, Equatable {
    /// Size of the bitmap the paths were traced from, in pixels.
    public var width: Int
    public var height: Int
    public var paths: [ClosedPath]

    public init(width: Int, height: Int, paths: [ClosedPath]) {
        self.width = width
        self.height = height
        self.paths = paths
    }

    /// The filled (ink) area in pixels²: the sum of the paths' signed areas.
    public func inkArea(steps: Int = 8) -> Double {
        paths.reduce(0) { $0 + $1.signedArea(steps: steps) }
    }
}

/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Sendable, Equatable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Uniform scale by `s`, then translation.
    public static func scale(_ s: Double, translateX: Double, translateY: Double) -> AffineTransform {
        AffineTransform(a: s, b: 0, c: 0, d: s, tx: translateX, ty: translateY)
    }

    public func apply(_ p: VectorPoint) -> VectorPoint {
        VectorPoint(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
}
