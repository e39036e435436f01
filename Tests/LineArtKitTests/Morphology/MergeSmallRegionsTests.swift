import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
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
        let merged = mergeSmallRegions(Self.page(), minArea: 200, thickness: 1)
        #expect(Self.regionAreas(merged).count == 1)
    }

    @Test func aCompactSmallShapeStaysWithinTheShareAndSliversGo() {
        // One large region, share 1: one small region may stay, and only the square is compact.
        let kept = mergeSmallRegions(Self.page(), minArea: 200, thickness: 1, keepShare: 1)
        #expect(Self.regionAreas(kept) == [100, Self.regionAreas(kept).last!])
        #expect(Self.regionAreas(kept).count == 2)
        // Share 0.5 of one large region rounds down to none.
        #expect(Self.regionAreas(mergeSmallRegions(Self.page(), minArea: 200, thickness: 1, keepShare: 0.5)).count == 1)
    }

    @Test func compactShapesAreWideAndFilled() {
        #expect(isCompactShape(area: 100, bounds: LabelBounds(minX: 0, minY: 0, maxX: 9, maxY: 9), thickness: 2))
        #expect(!isCompactShape(area: 116, bounds: LabelBounds(minX: 0, minY: 0, maxX: 57, maxY: 1), thickness: 1))
        #expect(!isCompactShape(area: 30, bounds: LabelBounds(minX: 0, minY: 0, maxX: 9, maxY: 9), thickness: 2),
                "a thin diagonal fills little of its box")
        #expect(!isCompactShape(area: 64, bounds: LabelBounds(minX: 0, minY: 0, maxX: 7, maxY: 7), thickness: 3),
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
        let filled = mergeSmallRegions(page, minArea: 100, thickness: 2, fillBelow: 5)
        #expect(MergeSmallRegionsTests.regionAreas(filled) == [200, 400])
        #expect(filled[10, 12] == 0 && filled[21, 13] == 0)
        // Without fillBelow a hole stays: it is merged in the graph, but no erasure reaches it.
        let unfilled = mergeSmallRegions(page, minArea: 100, thickness: 2)
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
        let cleaned = mergeSmallRegions(page, minArea: 100, thickness: 3, eraseLooseInk: true)
        #expect(cleaned[70, 20] == 255 && cleaned[71, 20] == 255, "the whisker goes")
        #expect(cleaned[0, 80] == 255, "the stroke along the page edge goes")
        // The band between the regions stays, cut down to about one stroke around its middle.
        #expect(MergeSmallRegionsTests.regionAreas(cleaned).count == 2)
        let bandInk = (40..<52).filter { cleaned[50, $0] == 0 }
        #expect(bandInk.count >= 3 && bandInk.count < 12, "ink rows left in the band: \(bandInk)")
        // Without the option the page keeps all of it (nothing is small enough to merge).
        #expect(mergeSmallRegions(page, minArea: 100, thickness: 3).samples == page.samples)
    }

    @Test func aThickRingIsCutDownAroundItsMiddle() {
        // An inner and an outer region split by a 16-px-thick square ring of ink.
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for y in 20...79 { for x in 20...79 where x < 36 || x > 63 || y < 36 || y > 63 { page[x, y] = 0 } }
        #expect(MergeSmallRegionsTests.regionAreas(page).count == 2)
        let cleaned = mergeSmallRegions(page, minArea: 100, thickness: 3, eraseLooseInk: true)
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
        let cleaned = mergeSmallRegions(page, minArea: 100, thickness: 3, fillBelow: 5, eraseLooseInk: true)
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
        let cleaned = mergeSmallRegions(page, minArea: 100, thickness: 3, fillBelow: 5, eraseLooseInk: true)
        #expect(MergeSmallRegionsTests.regionAreas(cleaned).count == 2, "the line still separates top and bottom")
        for x in [20, 50] {
            let ink = (43...57).filter { cleaned[x, $0] == 0 }
            #expect(ink.count >= 3 && ink.count < 12, "ink rows left in column \(x): \(ink)")
        }
    }
}

@Suite struct SliverTests {
    /// A 100x100 page cut by two 2-px lines (rows 40-41 and 46-47) with a 4-px strip of
    /// paper (rows 42..<46, 400 px) between them, and a 7-px strip (rows 48..<55) under the
    /// second line above a third line (rows 55-56): regions above, in the strips and below.
    static func page() -> ByteImage {
        var page = ByteImage(width: 100, height: 100, repeating: 255)
        for x in 0..<100 { for y in [40, 41, 46, 47, 55, 56] { page[x, y] = 0 } }
        return page
    }

    @Test func aStripNarrowerThanTwoStrokesMergesWhateverItsArea() {
        #expect(MergeSmallRegionsTests.regionAreas(Self.page()) == [400, 700, 4000, 4300])
        // minArea 100: nothing is small; without minPaperWidth the page stays as it is.
        #expect(mergeSmallRegions(Self.page(), minArea: 100, thickness: 2).samples == Self.page().samples)
        let merged = mergeSmallRegions(Self.page(), minArea: 100, thickness: 2, minPaperWidth: 4, eraseLooseInk: true)
        // The 4-px strip joins a neighbour; the 7-px strip is wide enough to colour and stays.
        #expect(MergeSmallRegionsTests.regionAreas(merged).count == 3, "\(MergeSmallRegionsTests.regionAreas(merged))")
        #expect(MergeSmallRegionsTests.regionAreas(merged).contains(700))
        // One line is left where the strip was: the ink of one of its two lines is erased.
        let ink = (38..<50).filter { merged[50, $0] == 0 }
        #expect(ink.count >= 2 && ink.count <= 3, "ink rows left around the strip: \(ink)")
    }

    /// Two halves (L and A) parted by a 2-px line (columns 40-41); in L a thin ring of paper
    /// (3 px wide, 156 px: a sliver) round a small square (36 px). The square joins the ring,
    /// the two join L; the ring's own turn must not then join L, now large, to A.
    @Test func aSliverAlreadyMergedDoesNotJoinTwoLargeRegions() {
        var page = ByteImage(width: 80, height: 40, repeating: 255)
        for y in 0..<40 { page[40, y] = 0; page[41, y] = 0 }
        for y in 5...24 {
            for x in 5...24 {
                let outer = min(x - 5, 24 - x, y - 5, 24 - y) < 2
                let inner = (10...19).contains(x) && (10...19).contains(y) && min(x - 10, 19 - x, y - 10, 19 - y) < 2
                if outer || inner { page[x, y] = 0 }
            }
        }
        #expect(MergeSmallRegionsTests.regionAreas(page).sorted() == [36, 156, 1200, 1520])
        let merged = mergeSmallRegions(page, minArea: 200, thickness: 2, minPaperWidth: 4)
        #expect(MergeSmallRegionsTests.regionAreas(merged).count == 2, "\(MergeSmallRegionsTests.regionAreas(merged))")
        #expect(merged[40, 30] == 0 && merged[41, 30] == 0, "the line between the halves stays")
    }

    /// The same for a pin-hole: in L a square (64 px) inside a 1-px ring of paper (44 px, under
    /// `fillBelow`), both inside 1-px ink squares. The square joins the ring and then L; the
    /// ring's own turn as a hole must not join L to A.
    @Test func aHoleAlreadyMergedDoesNotJoinTwoLargeRegions() {
        var page = ByteImage(width: 60, height: 30, repeating: 255)
        for y in 0..<30 { page[30, y] = 0 }
        for (x0, y0, x1, y1) in [(7, 10, 16, 19), (5, 8, 18, 21)] {
            for x in x0...x1 { page[x, y0] = 0; page[x, y1] = 0 }
            for y in y0...y1 { page[x0, y] = 0; page[x1, y] = 0 }
        }
        #expect(MergeSmallRegionsTests.regionAreas(page).sorted() == [44, 64, 704, 870])
        let merged = mergeSmallRegions(page, minArea: 200, thickness: 1, fillBelow: 50, eraseLooseInk: true)
        #expect(MergeSmallRegionsTests.regionAreas(merged).count == 2, "\(MergeSmallRegionsTests.regionAreas(merged))")
        #expect(merged[30, 25] == 0, "the line between the halves stays")
    }

    @Test func theLargestDiscInsideEachRegionIsMeasured() {
        let regions = label(Self.page(), connectivity: .four, where: FillabilityValidator.isPaper)
        let discs = InscribedDiscs(regions)
        let byArea = Dictionary(uniqueKeysWithValues: (1...regions.count).map { (regions.areas[$0], discs.radius($0)) })
        // A strip of p rows: its middle lies (p + 1) / 2 rows from the ink, rounded down.
        #expect(byArea[400] == 2 - 0.5)
        #expect(byArea[700] == 4 - 0.5)
        // The region above: 40 rows, capped by the page edges at 20.
        #expect(byArea[4000] == 20 - 0.5)
    }
}

@Suite struct SliverRegionsTests {
    /// The sliver test agrees with the largest inscribed discs, region by region, on random
    /// pages of short strokes, for widths 1 to 13.
    @Test func sliversAreTheRegionsWhoseLargestDiscIsNarrower() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20 {
            var page = ByteImage(width: 90, height: 70, repeating: 255)
            for _ in 0..<40 {
                let x = Int(rng.next() % 90), y = Int(rng.next() % 70), horizontal = rng.next() % 2 == 0
                for k in 0..<Int(rng.next() % 30) {
                    let (px, py) = horizontal ? (x + k, y) : (x, y + k)
                    if px < 90 && py < 70 { page[px, py] = 0 }
                }
            }
            let regions = label(page, connectivity: .four, where: FillabilityValidator.isPaper)
            let discs = InscribedDiscs(regions)
            for width in 1...13 {
                let expected = Set((1...max(1, regions.count)).filter {
                    regions.count > 0 && 2 * discs.radius($0) < Double(width)
                })
                #expect(sliverRegions(page, regions, narrowerThan: width, threads: 1) == expected, "width \(width)")
            }
        }
    }
}
