import Testing
@testable import LineArtKit

@Suite struct MergeSmallRegionsTests {
    /// A 100x100 page: a 10x10 paper square inside a 1-px ink frame and a 2x58 sliver
    /// between two lines, both under 200 px, on one large region.
    static func page() -> ByteImage {
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for i in 20...31 {
            page[i, 20] = 0; page[i, 31] = 0; page[20, i] = 0; page[31, i] = 0
        }
        for x in 10...69 { page[x, 60] = 0; page[x, 63] = 0 }
        for y in 60...63 { page[10, y] = 0; page[69, y] = 0 }
        return page
    }

    static func regionAreas(_ page: ByteImage) -> [Int] {
        label(page, connectivity: .four, where: FillabilityValidator.isPaper).areas.dropFirst().sorted()
    }

    @Test func smallRegionsMergeIntoTheirNeighbours() {
        #expect(Self.regionAreas(Self.page()).count == 3)
        let merged = mergeSmallRegions(Self.page(), minArea: 200, lineWidth: 1)
        #expect(Self.regionAreas(merged).count == 1)
    }

    @Test func aCompactSmallShapeStaysWithinTheShareAndSliversGo() {
        // One large region, share 1: one small region may stay, and only the square is compact.
        let kept = mergeSmallRegions(Self.page(), minArea: 200, lineWidth: 1, keepShare: 1)
        #expect(Self.regionAreas(kept) == [100, Self.regionAreas(kept).last!])
        #expect(Self.regionAreas(kept).count == 2)
        // Share 0.5 of one large region rounds down to none.
        #expect(Self.regionAreas(mergeSmallRegions(Self.page(), minArea: 200, lineWidth: 1, keepShare: 0.5)).count == 1)
    }

    @Test func compactShapesAreWideAndFilled() {
        #expect(isCompactShape(area: 100, bounds: LabelBounds(minX: 0, minY: 0, maxX: 9, maxY: 9), lineWidth: 2))
        #expect(!isCompactShape(area: 116, bounds: LabelBounds(minX: 0, minY: 0, maxX: 57, maxY: 1), lineWidth: 1))
        #expect(!isCompactShape(area: 30, bounds: LabelBounds(minX: 0, minY: 0, maxX: 9, maxY: 9), lineWidth: 2),
                "a thin diagonal fills little of its box")
        #expect(!isCompactShape(area: 64, bounds: LabelBounds(minX: 0, minY: 0, maxX: 7, maxY: 7), lineWidth: 3),
                "narrower than three line widths")
    }
}

@Suite struct PinHoleTests {
    @Test func pinHolesInThickInkBecomeInk() {
        // A 15-px-wide ink bar with a 1-px and a 2x2 paper hole in its middle: erasing 2 px of
        // ink around the cell boundaries cannot join them to the paper outside, so they are filled.
        var page = ByteImage(width: 40, height: 30, repeating: 255)
        for y in 5..<20 { for x in 0..<40 { page[x, y] = 0 } }
        page[10, 12] = 255
        page[20, 12] = 255; page[21, 12] = 255; page[20, 13] = 255; page[21, 13] = 255
        #expect(MergeSmallRegionsTests.regionAreas(page) == [1, 4, 200, 400])
        let filled = mergeSmallRegions(page, minArea: 100, lineWidth: 2, fillBelow: 5)
        #expect(MergeSmallRegionsTests.regionAreas(filled) == [200, 400])
        #expect(filled[10, 12] == 0 && filled[21, 13] == 0)
        // Without fillBelow a hole stays: it is merged in the graph, but no erasure reaches it.
        let unfilled = mergeSmallRegions(page, minArea: 100, lineWidth: 2)
        #expect(MergeSmallRegionsTests.regionAreas(unfilled).count > 2)
    }
}
