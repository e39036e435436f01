import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms
@testable import LineArtKit

/// Pages whose lines are region borders thickened into strokes are traced as smooth curves.
@Suite struct StrokeTracingTests {
    /// A 3-px stroke along a border that drifts down by one pixel at irregular places, as
    /// the border between two regions does: the band's two sides jog at the same columns.
    static func joggedStroke() -> ByteImage {
        var page = VectorTestPages.blank(120, 40)
        let jogs = [9, 20, 26, 41, 49, 63, 70, 88, 95, 110]
        for x in 4..<116 {
            let top = 12 + jogs.filter { $0 <= x }.count
            for y in top..<(top + 3) { page[x, y] = 0 }
        }
        return page
    }

    @Test func theToleranceGrowsWithTheStrokeUpToEightTenthsOfAPixel() {
        #expect(VectorTracer(strokeWidth: 1).polygonFit.tolerance == 0.4)
        #expect(VectorTracer(strokeWidth: 2).polygonFit.tolerance == 0.8)
        #expect(VectorTracer(strokeWidth: 6).polygonFit.tolerance == 0.8)
    }

    @Test func aStrokeAlongAWanderingBorderLosesItsStepsButNotItsInk() {
        let page = Self.joggedStroke()
        let loop = traceInkBoundaries(page)[0]
        let stepped = VectorTracer().polygonFit.fit(loop).count
        let smooth = VectorTracer(strokeWidth: 3).polygonFit.fit(loop).count
        #expect(smooth * 2 <= stepped, "\(smooth) vertices against \(stepped) at 0.4 px")
        // Still one closed stroke of about the same ink, and every paper region survives printing.
        let drawing = VectorTracer(strokeWidth: 3).trace(page)
        #expect(drawing.paths.count == 1)
        let ink = Double(VectorTestPages.inkCount(page))
        #expect(abs(drawing.inkArea(steps: 16) - ink) < 0.03 * ink)
        let printed = Rasterizer().render(drawing, transform: .scale(4, translateX: 0, translateY: 0),
                                          width: 4 * page.width, height: 4 * page.height)
        #expect(label(printed, connectivity: .four, where: { $0 >= 128 }).count
                == label(page, connectivity: .four, where: { $0 >= 128 }).count)
    }

    /// A 2-px line from the left border to the right one, leaving each at an angle: the
    /// outlines meet the border for only a pixel or two there.
    @Test(arguments: [(1, 5), (2, 5), (1, 2), (2, 3)])
    func aLineMeetingTheBorderAtAnAngleStillClosesTheRegionsOnBothSides(rise: Int, run: Int) {
        var page = VectorTestPages.blank(64, 64)
        for x in 0..<64 {
            let top = 50 - rise * x / run
            for y in top..<(top + 2) { page[x, y] = 0 }
        }
        let regions = label(page, connectivity: .four, where: { $0 >= 128 }).count
        #expect(regions == 2)
        let printed = Rasterizer().render(VectorTracer(strokeWidth: 2).trace(page), transform: .scale(3, translateX: 0, translateY: 0),
                                          width: 3 * page.width, height: 3 * page.height)
        #expect(label(printed, connectivity: .four, where: { $0 >= 128 }).count == regions)
    }
}
