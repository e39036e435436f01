import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The traced, curve-fitted outlines cover the raster ink.
@Suite struct VectorAreaTests {
    static func relativeError(_ page: ByteImage, tracer: VectorTracer = VectorTracer()) -> Double {
        let ink = Double(VectorTestPages.inkCount(page))
        return abs(tracer.trace(page).inkArea(steps: 16) - ink) / ink
    }

    @Test func discArea() {
        var page = VectorTestPages.blank(80, 80)
        VectorTestPages.disc(&page, cx: 40, cy: 40, r: 25)
        #expect(Self.relativeError(page) < 0.005)
    }

    @Test func thinRingArea() {
        var page = VectorTestPages.blank(80, 80)
        VectorTestPages.ring(&page, cx: 40, cy: 40, r: 30, thickness: 2.5)
        #expect(Self.relativeError(page) < 0.03, "\(VectorTracer().trace(page).inkArea(steps: 16)) vs \(VectorTestPages.inkCount(page))")
    }

    @Test func drawingAreaWithinTwoPercent() {
        let page = VectorTestPages.drawing()
        #expect(Self.relativeError(page) < 0.02)
        #expect(Self.relativeError(page, tracer: VectorTracer(alphaMax: 0)) < 0.02)  // polygons only
    }

    @Test func discIsSmoothCurves() {
        var page = VectorTestPages.blank(80, 80)
        VectorTestPages.disc(&page, cx: 40, cy: 40, r: 25)
        let segments = VectorTracer().trace(page).paths[0].segments
        let curves = segments.filter { if case .cubic = $0 { true } else { false } }.count
        #expect(curves == segments.count)
        #expect(segments.count < traceInkBoundaries(page)[0].count / 3)  // not one per pixel step
    }

    @Test func rectangleKeepsItsCornersAndArea() {
        var page = VectorTestPages.blank(40, 30)
        for y in 5..<25 { for x in 5..<35 { page[x, y] = 0 } }
        let drawing = VectorTracer().trace(page)
        #expect(drawing.paths.count == 1)
        #expect(abs(drawing.inkArea() - 600) < 600 * 0.01)
        // A rectangle is traced as straight lines, no curves.
        #expect(drawing.paths[0].segments.allSatisfy { if case .line = $0 { true } else { false } })
    }

    @Test func rasterisingTheTraceGivesThePageBack() {
        let page = VectorTestPages.drawing()
        let drawing = VectorTracer().trace(page)
        let back = Rasterizer().render(drawing, transform: .identity, width: page.width, height: page.height)
        let differing = zip(page.samples, back.samples).filter { ($0 < 128) != ($1 < 128) }.count
        #expect(Double(differing) < 0.05 * Double(VectorTestPages.inkCount(page)))
        // The paper regions survive the round trip.
        let before = label(page, connectivity: .four, where: { $0 >= 128 }).count
        let after = label(back, connectivity: .four, where: { $0 >= 128 }).count
        #expect(before == after)
    }

    @Test func inkAlongTheBorderKeepsThePageCorner() {
        var page = VectorTestPages.blank(20, 20)
        VectorTestPages.paint(&page) { x, y in x < 3 || y > 17 }
        page[10, 10] = 0
        let drawing = VectorTracer().trace(page)
        let big = Rasterizer().render(drawing, transform: .scale(4, translateX: 0, translateY: 0), width: 80, height: 80)
        #expect(big[0, 79] == 0 && big[0, 0] == 0 && big[79, 79] == 0)
        #expect(label(big, connectivity: .four, where: { $0 >= 128 }).count == 1)
    }

    @Test func regionsSurviveEnlargement() {
        let page = VectorTestPages.drawing()
        let drawing = VectorTracer().trace(page)
        let big = Rasterizer().render(drawing, transform: .scale(4, translateX: 0, translateY: 0),
                                      width: 4 * page.width, height: 4 * page.height)
        #expect(label(big, connectivity: .four, where: { $0 >= 128 }).count
                == label(page, connectivity: .four, where: { $0 >= 128 }).count)
    }

    @Test func rasterizerFillsASquareExactly() {
        let square = ClosedPath(start: VectorPoint(2, 2), segments: [
            .line(to: VectorPoint(2, 6)), .line(to: VectorPoint(7, 6)), .line(to: VectorPoint(7, 2)), .line(to: VectorPoint(2, 2)),
        ])
        let image = Rasterizer().render(VectorDrawing(width: 10, height: 10, paths: [square]),
                                        transform: .identity, width: 10, height: 10)
        #expect(VectorTestPages.inkCount(image) == 20)
        #expect(image[2, 2] == 0 && image[6, 5] == 0 && image[7, 5] == 255 && image[1, 2] == 255)
    }
}
