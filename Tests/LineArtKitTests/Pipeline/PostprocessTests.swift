import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PostprocessTests {
    /// Segment boundaries as the regions engine draws them (1 px): two lines leaving a point
    /// at a sharp angle, 40 px apart at the far end, across a 200x100 page.
    static func wedge() -> ByteImage {
        var page = ByteImage(width: 200, height: 100, repeating: 255)
        for x in 0..<200 {
            page[x, 50] = 0
            let y = 50 + Int((Double(x) * 0.2).rounded())
            if y < 100 { page[x, y] = 0 }
        }
        return page
    }

    /// The ink pixels of `page` more than 1.5 px from paper (inside ink at least 3 px thick).
    static func deepInk(_ page: ByteImage) -> Int {
        DistanceTransform.squaredEuclidean(page, toValue: 255).samples.filter { $0 > 2 }.count
    }

    @Test func segmentBoundariesAreThickenedButNotClosedIntoWedges() throws {
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("landscape"))
        #expect(pipeline.settings.closeLargeGaps && pipeline.settings.largeGapKernel == 5)
        let page = pipeline.postprocess(Self.wedge())
        // 2 px strokes: only at the wedge's point, where the two lines are closer than a
        // stroke, is the ink thicker (13 px). Closed with the preset's kernel 5 first, the
        // point was filled solid black (88 px).
        #expect(Self.deepInk(page) <= 20, "\(Self.deepInk(page)) deep ink pixels")
        // The two lines still part the page into three regions, the wedge's tip too narrow
        // to colour merged into its neighbour.
        let regions = label(page, connectivity: .four, where: FillabilityValidator.isPaper)
        #expect(regions.count == 3)
    }
}
