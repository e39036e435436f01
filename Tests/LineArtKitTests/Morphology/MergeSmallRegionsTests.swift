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

@Suite struct LooseInkTests {
    /// Two paper regions split by a 12-px-thick ink band (rows 40..<52) of a 100x100 page, a
    /// whisker (column 70, rows 10..<30) hanging in the top region, and a stroke along the
    /// left page edge of the bottom region.
    static func page() -> ByteImage {
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for y in 40..<52 { for x in 0..<100 { page[x, y] = 0 } }
        for y in 10..<30 { page[70, y] = 0; page[71, y] = 0 }
        for y in 60..<95 { page[0, y] = 0; page[1, y] = 0 }
        return page
    }

    @Test func strokesThatSeparateNothingAreErased() {
        let page = Self.page()
        let cleaned = mergeSmallRegions(page, minArea: 100, lineWidth: 3, eraseLooseInk: true)
        #expect(cleaned[70, 20] == 255 && cleaned[71, 20] == 255, "the whisker goes")
        #expect(cleaned[0, 80] == 255, "the stroke along the page edge goes")
        // The band between the regions stays, cut down to about one stroke around its middle.
        #expect(MergeSmallRegionsTests.regionAreas(cleaned).count == 2)
        let bandInk = (40..<52).filter { cleaned[50, $0] == 0 }
        #expect(bandInk.count >= 3 && bandInk.count < 12, "ink rows left in the band: \(bandInk)")
        // Without the option the page keeps all of it (nothing is small enough to merge).
        #expect(mergeSmallRegions(page, minArea: 100, lineWidth: 3).samples == page.samples)
    }

    @Test func aThickRingIsCutDownAroundItsMiddle() {
        // An inner and an outer region split by a 16-px-thick square ring of ink.
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for y in 20...79 { for x in 20...79 where x < 36 || x > 63 || y < 36 || y > 63 { page[x, y] = 0 } }
        #expect(MergeSmallRegionsTests.regionAreas(page).count == 2)
        let cleaned = mergeSmallRegions(page, minArea: 100, lineWidth: 3, eraseLooseInk: true)
        #expect(MergeSmallRegionsTests.regionAreas(cleaned).count == 2)
        let ring = (20...35).filter { cleaned[$0, 50] == 0 }
        #expect(ring.count >= 3 && ring.count < 16, "ink left across the ring: \(ring)")
    }

    @Test func aBlotAroundAFilledPinHoleAloneInOneRegionIsErased() {
        // A 21x21 ink blob with a 1-px hole in its middle, in one big region (a speck of a
        // region, outlined and filled). The filled hole belongs to the region around it, so
        // the blob separates nothing and goes, hole and all: no blot, no island of paper.
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for y in 40...60 { for x in 40...60 { page[x, y] = 0 } }
        page[50, 50] = 255
        #expect(MergeSmallRegionsTests.regionAreas(page).count == 2)
        let cleaned = mergeSmallRegions(page, minArea: 100, lineWidth: 3, fillBelow: 5, eraseLooseInk: true)
        #expect(MergeSmallRegionsTests.regionAreas(cleaned) == [100 * 100])
    }

    @Test func aPinHoleInALineLeavesTheLineOneStrokeWideNotALump() {
        // The same hole in the middle of a 15-px band between a top and a bottom region: the
        // hole joins the region it shares the most boundary with, the band is cut down to
        // about one stroke there as everywhere, and no third region or lump is left.
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for y in 43...57 { for x in 0..<100 { page[x, y] = 0 } }
        page[50, 50] = 255
        #expect(MergeSmallRegionsTests.regionAreas(page).count == 3)
        let cleaned = mergeSmallRegions(page, minArea: 100, lineWidth: 3, fillBelow: 5, eraseLooseInk: true)
        #expect(MergeSmallRegionsTests.regionAreas(cleaned).count == 2, "the line still separates top and bottom")
        for x in [20, 50] {
            let ink = (43...57).filter { cleaned[x, $0] == 0 }
            #expect(ink.count >= 3 && ink.count < 12, "ink rows left in column \(x): \(ink)")
        }
    }
}
