import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PageLayoutTests {
    @Test func fitsInsideTheMarginsAndCentres() {
        let layout = PageLayout(width: 400, height: 600, size: .a4, marginMillimetres: 10)
        let margin = 10 / 25.4 * 72
        let topLeft = layout.transform.apply(VectorPoint(0, 0))
        let bottomRight = layout.transform.apply(VectorPoint(400, 600))
        #expect(topLeft.x >= margin - 1e-9 && topLeft.y >= margin - 1e-9)
        #expect(bottomRight.x <= layout.pageWidth - margin + 1e-9 && bottomRight.y <= layout.pageHeight - margin + 1e-9)
        // Tight on one axis, centred on the other.
        #expect(abs(topLeft.y - margin) < 1e-9 || abs(topLeft.x - margin) < 1e-9)
        #expect(abs(topLeft.x - (layout.pageWidth - bottomRight.x)) < 1e-9)
        #expect(abs(topLeft.y - (layout.pageHeight - bottomRight.y)) < 1e-9)
    }

    @Test func orientationFollowsTheDrawing() {
        let wide = PageLayout(width: 768, height: 480, size: .letter)
        #expect(wide.pageWidth == 792 && wide.pageHeight == 612)
        let tall = PageLayout(width: 480, height: 768, size: .letter)
        #expect(tall.pageWidth == 612 && tall.pageHeight == 792)
        let square = PageLayout(width: 500, height: 500, size: .a4)
        #expect(abs(square.pageWidth - 595.2756) < 0.001 && abs(square.pageHeight - 841.8898) < 0.001)
    }

    @Test func noPaperIsTheDrawingSize() {
        let layout = PageLayout(width: 320, height: 200, size: .none)
        #expect(layout.pageWidth == 320 && layout.pageHeight == 200 && layout.transform == .identity)
    }
}
