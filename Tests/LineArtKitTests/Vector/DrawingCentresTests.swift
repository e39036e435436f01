import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// A print page gives back, at its drawing pixels' centres, the drawing it was traced from:
/// what lets `validate` measure it as `convert` did.
@Suite struct DrawingCentresTests {
    static func printed(_ drawing: ByteImage, paper: PageSize, dpi: Double, pinned: Bool) throws -> (ByteImage, PagePlacement.Space) {
        let layout = PageLayout(width: drawing.width, height: drawing.height, size: paper)
        let raster = try PageRaster(layout: layout, dpi: dpi)
        var page = renderPrintBitmap(VectorTracer().trace(drawing), raster: raster)
        if pinned {
            pinDrawingCentres(&page, drawing: drawing, originX: raster.transform.tx, originY: raster.transform.ty,
                              scale: raster.transform.a)
        }
        return (page, try #require(PagePlacement(layout: layout, png: raster).png))
    }

    @Test(arguments: [(PageSize.a4, 300.0), (.letter, 300), (.a4, 150), (.letter, 72)])
    func aPinnedPageReadsBackAsItsDrawing(paper: PageSize, dpi: Double) throws {
        var drawing = VectorTestPages.drawing()
        VectorTestPages.line(&drawing, 3, 70, 60, 5, width: 1.2)  // thin diagonal: curves cut its centres
        let (page, placement) = try Self.printed(drawing, paper: paper, dpi: dpi, pinned: true)
        let readBack = drawingBitmap(of: page, placement: placement, size: drawing.size) == drawing
        #expect(readBack)
    }

    @Test func withoutPinningSomeCentresFallOnTheOtherSideOfACurve() throws {
        var drawing = VectorTestPages.drawing()
        VectorTestPages.line(&drawing, 3, 70, 60, 5, width: 1.2)
        let (page, placement) = try Self.printed(drawing, paper: .a4, dpi: 300, pinned: false)
        let readBack = drawingBitmap(of: page, placement: placement, size: drawing.size) == drawing
        #expect(!readBack)
    }

    /// The rows `convert` writes to a print PNG are the pinned page, rendered whole, packed.
    @Test(arguments: [(PageSize.a4, 300.0), (.letter, 72)])
    func printedRowsAreThePinnedPagePacked(paper: PageSize, dpi: Double) throws {
        var drawing = VectorTestPages.drawing()
        VectorTestPages.line(&drawing, 3, 70, 60, 5, width: 1.2)
        let layout = PageLayout(width: drawing.width, height: drawing.height, size: paper)
        let raster = try PageRaster(layout: layout, dpi: dpi)
        let (page, _) = try Self.printed(drawing, paper: paper, dpi: dpi, pinned: true)
        let rows = printedRows(VectorTracer().trace(drawing), raster: raster, pinning: drawing)
        let samePixels = rows == PNGEncoder.packBilevel(page).bytes  // a Bool: a failure does not print a megabyte
        #expect(samePixels)
    }

    @Test func inkBoundsIsTheDrawingBox() {
        var page = VectorTestPages.blank(50, 40)
        page[7, 5] = 0
        page[30, 33] = 0
        #expect(inkBounds(page)! == (7, 5, 24, 29))
        #expect(inkBounds(VectorTestPages.blank(5, 5)) == nil)
    }
}
