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
    ///   - tautSweeps: passes that draw the outlines taut within their pixels before they are
    ///     simplified (``PolygonFit/tautSweeps``); 0 keeps the midpoints where they are.
    public init(tolerance: Double = 0.4, alphaMax: Double = 1.0, tautSweeps: Int = 0) {
        polygonFit = PolygonFit(tolerance: tolerance, tautSweeps: tautSweeps)
        curveFit = CurveFit(alphaMax: alphaMax)
    }

    /// The tracer of printed pages (and SVG, PDF): a line drawn along a region border carries
    /// the border's one-pixel jogs on both of its outlines, which a print enlarges into ticks.
    /// Its outlines are drawn taut within their pixels first (40 passes spread a jog over
    /// about six pixels), so they print as the curve the pixels stand for and the print still
    /// reads back as the page.
    public static let page = VectorTracer(tautSweeps: 40)

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
