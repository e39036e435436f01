import LineArtImage

/// Traces a line-art page into a ``VectorDrawing``: ``traceInkBoundaries(_:)`` →
/// ``PolygonFit`` → ``CurveFit``, one closed path per ink/paper boundary.
public struct VectorTracer: Sendable, Equatable {
    package var polygonFit: PolygonFit
    package var curveFit: CurveFit

    /// - Parameters:
    ///   - tolerance: Douglas–Peucker tolerance in pixels (default 0.4: above the ±0.25 px
    ///     wobble of staircase midpoints, below half a pixel).
    ///   - alphaMax: corner threshold of ``CurveFit`` (default 1, potrace's).
    public init(tolerance: Double = 0.4, alphaMax: Double = 1.0) {
        polygonFit = PolygonFit(tolerance: tolerance)
        curveFit = CurveFit(alphaMax: alphaMax)
    }

    /// A tracer for a page whose lines are `strokeWidth` pixels wide.
    ///
    /// A line drawn along a region border and thickened carries the border's one-pixel jogs
    /// on both of its outlines; traced at 0.4 px they print as stair steps. A tolerance of
    /// 0.4 px per pixel of stroke, at most 0.8, draws them as the smooth curve they stand
    /// for, and still leaves a fifth of the stroke where both outlines cut in at once.
    public init(strokeWidth: Int) {
        self.init(tolerance: min(0.8, 0.4 * Double(max(1, strokeWidth))))
    }

    /// The ink of `page` (1 channel, ink `< 128`) as closed paths in pixel coordinates.
    /// Vertices on the image border stay where they are and stay sharp, so ink along the
    /// edge of the page fills it to the edge and its corners.
    public func trace(_ page: ByteImage) -> VectorDrawing {
        let loops = traceInkBoundaries(page)
        let w = Double(page.width), h = Double(page.height)
        let onBorder = { (p: VectorPoint) -> Bool in p.x <= 0 || p.y <= 0 || p.x >= w || p.y >= h }
        let paths = loops.map { curveFit.fit(polygonFit.fit($0, isPinned: onBorder), isPinned: onBorder) }
        return VectorDrawing(width: page.width, height: page.height, paths: paths)
    }
}
