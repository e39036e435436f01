import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct BoundaryTracerTests {
    static func area(_ loop: [GridVertex]) -> Int {
        polygonSignedArea(loop.map { VectorPoint(Double($0.x), Double($0.y)) }).rounded().toInt
    }

    @Test func onePixelIsOneLoopOfArea1() {
        var page = VectorTestPages.blank(3, 3)
        page[1, 1] = 0
        let loops = traceInkBoundaries(page)
        #expect(loops.count == 1)
        #expect(loops[0].count == 4)
        #expect(Self.area(loops[0]) == 1)
    }

    @Test func holeRunsTheOtherWay() {
        var page = VectorTestPages.blank(7, 7)
        VectorTestPages.rectangleOutline(&page, x0: 1, y0: 1, x1: 6, y1: 6, thickness: 1)
        let areas = traceInkBoundaries(page).map(Self.area).sorted()
        #expect(areas == [-9, 25])  // outer 5x5, hole 3x3: 16 ink pixels
    }

    @Test func loopAreasSumToInkCountEverywhere() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20 {
            var page = VectorTestPages.blank(23, 17)
            for i in 0..<page.samples.count where Int.random(in: 0..<3, using: &rng) == 0 { page.samples[i] = 0 }
            let total = traceInkBoundaries(page).reduce(0) { $0 + Self.area($1) }
            #expect(total == VectorTestPages.inkCount(page))
        }
    }

    @Test func diagonalInkIsOneLoop() {
        // Two ink pixels touching at a corner: ink is 8-connected, one outline.
        var page = VectorTestPages.blank(4, 4)
        page[1, 1] = 0
        page[2, 2] = 0
        #expect(traceInkBoundaries(page).count == 1)
        #expect(traceInkBoundaries(page).reduce(0) { $0 + Self.area($1) } == 2)
    }

    @Test func inkTouchingTheBorderIsClosed() {
        let page = ByteImage(width: 5, height: 4, repeating: 0)
        let loops = traceInkBoundaries(page)
        #expect(loops.count == 1)
        #expect(Self.area(loops[0]) == 20)
    }
}

extension Double {
    var toInt: Int { Int(self) }
}
