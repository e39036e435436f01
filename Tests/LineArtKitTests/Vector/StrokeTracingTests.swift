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

    /// The upper outline of a 3-px stroke of slope 1/17 drawn as a digital line (flat runs of
    /// 17 pixels, a one-pixel jog between them), away from its ends, as `tracer` fits it: the
    /// largest distance of its vertices from the least-squares line through them.
    static func departureFromStraight(_ tracer: VectorTracer) -> Double {
        var page = VectorTestPages.blank(120, 30)
        for x in 2..<118 {
            let top = 8 + x / 17
            for y in top..<(top + 3) { page[x, y] = 0 }
        }
        let points = tracer.polygonFit.fit(traceInkBoundaries(page)[0])
            .filter { $0.x > 12 && $0.x < 108 && $0.y < 9.5 + $0.x / 17 }
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        let slope = points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +) / points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        return points.map { abs($0.y - my - slope * ($0.x - mx)) }.max()!
    }

    @Test func aShallowStaircasePrintsAsAStraightLine() {
        let taut = Self.departureFromStraight(.page), stepped = Self.departureFromStraight(VectorTracer())
        #expect(taut < 0.2, "\(taut) px")
        #expect(stepped > 0.4, "\(stepped) px: the midpoints' polygon keeps the jogs")
    }

    @Test func aStrokeAlongAWanderingBorderLosesItsStepsButNotItsInk() {
        let page = Self.joggedStroke()
        let loop = traceInkBoundaries(page)[0]
        let stepped = VectorTracer().polygonFit.fit(loop).count
        let smooth = VectorTracer.page.polygonFit.fit(loop).count
        #expect(smooth * 2 <= stepped, "\(smooth) vertices against \(stepped) at 0.4 px")
        // Still one closed stroke of about the same ink, and every paper region survives printing.
        let drawing = VectorTracer.page.trace(page)
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
        let printed = Rasterizer().render(VectorTracer.page.trace(page), transform: .scale(3, translateX: 0, translateY: 0),
                                          width: 3 * page.width, height: 3 * page.height)
        #expect(label(printed, connectivity: .four, where: { $0 >= 128 }).count == regions)
    }
}
