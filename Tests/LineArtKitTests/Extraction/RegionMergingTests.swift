import Testing
@testable import LineArtKit

@Suite struct RegionMergingTests {
    /// Black field with white spots: four 6x6 spots (36 px) in a 60x40 field.
    static let spots = SegmentationEngineTests.lab(width: 60, height: 40) { x, y in
        let inSpot = [(10, 10), (30, 10), (45, 25), (15, 28)].contains { sx, sy in
            (sx..<sx + 6).contains(x) && (sy..<sy + 6).contains(y)
        }
        return inSpot ? (95, 0, 0) : (10, 0, 0)
    }

    @Test func smallSegmentsVanishWithoutAFeatureRule() {
        let (raw, rawCount) = graphSegmentation(Self.spots, scale: 1, minSize: 1)
        #expect(rawCount == 5)
        let (_, count) = mergeSegments(raw, count: rawCount, colours: Self.spots, minArea: 100, maxCount: 100)
        #expect(count == 1)
    }

    @Test func theFeatureRuleKeepsDistinctSpotsWithinItsShare() {
        let (raw, rawCount) = graphSegmentation(Self.spots, scale: 1, minSize: 1)
        // One segment of tappable size (the field): a share of 2 keeps two spots.
        let keepTwo = SmallFeatureRule(minArea: 20, minContrast: 25, share: 2)
        #expect(mergeSegments(raw, count: rawCount, colours: Self.spots, minArea: 100, maxCount: 100,
                              features: keepTwo).count == 3)
        let keepAll = SmallFeatureRule(minArea: 20, minContrast: 25, share: 10)
        #expect(mergeSegments(raw, count: rawCount, colours: Self.spots, minArea: 100, maxCount: 100,
                              features: keepAll).count == 5)
        // Spots under the rule's own minimum area, or too close in colour, are not features.
        let tooBig = SmallFeatureRule(minArea: 40, minContrast: 25, share: 10)
        #expect(mergeSegments(raw, count: rawCount, colours: Self.spots, minArea: 100, maxCount: 100,
                              features: tooBig).count == 1)
        let tooFaint = SmallFeatureRule(minArea: 20, minContrast: 90, share: 10)
        #expect(mergeSegments(raw, count: rawCount, colours: Self.spots, minArea: 100, maxCount: 100,
                              features: tooFaint).count == 1)
    }

    @Test func borderSegmentsMergeFirstWithABorderFactor() {
        // Two halves that both reach the edge (L* 30 and 42, 1600 px each) around a closed
        // centre square (L* 55, 400 px).
        let image = SegmentationEngineTests.lab(width: 60, height: 60) { x, y in
            if (20..<40).contains(x) && (20..<40).contains(y) { return (55, 0, 0) }
            return x < 30 ? (30, 0, 0) : (42, 0, 0)
        }
        let (raw, rawCount) = graphSegmentation(image, scale: 1, minSize: 1)
        #expect(rawCount == 3)
        // Plain Ward: centre and right half cost 13² · 320 = 54080, the halves 12² · 800 = 115200.
        let (plain, _) = mergeSegments(raw, count: rawCount, colours: image, minArea: 1, maxCount: 2)
        #expect(plain[30 * 60 + 30] == plain[30 * 60 + 59])
        #expect(plain[0] != plain[59])
        // Border pairs at 0.3 of the cost (34560): the two halves merge, the centre stays.
        let (framed, _) = mergeSegments(raw, count: rawCount, colours: image, minArea: 1, maxCount: 2,
                                        borderMergeFactor: 0.3)
        #expect(framed[0] == framed[59])
        #expect(framed[30 * 60 + 30] != framed[0])
    }

    /// Three bands of 20 columns: A flat L* 31, B flat L* 45, C a ramp from L* 45 to 75 (mean
    /// 60). A meets B in a sharp step of 14; B meets C softly, where C's ramp starts at B's
    /// lightness, although their means are 15 apart.
    static let sharpAndSoft = SegmentationEngineTests.lab(width: 60, height: 30) { x, _ in
        if x < 20 { return (31, 0, 0) }
        if x < 40 { return (45, 0, 0) }
        return (45 + (Float(x - 40) + 0.5) * 1.5, 0, 0)
    }
    static let bandLabels = (0..<(60 * 30)).map { Int32($0 % 60 / 20) }

    @Test func contactsCarryTheLocalColourStep() throws {
        let graph = SegmentGraph(labels: Self.bandLabels, count: 3, colours: Self.sharpAndSoft)
        #expect(graph.neighbours[0].count == 1 && graph.neighbours[1].count == 2 && graph.neighbours[2].count == 1)
        let sharp = try #require(graph.neighbours[0][1]), soft = try #require(graph.neighbours[1][2])
        #expect(sharp.length == 30 && soft.length == 30)
        // The step spans the column before the border and the second column after it:
        // A|B 31 -> 45, B|C 45 -> 47.25 (C's second column).
        #expect(abs(sharp.meanStep - 14) < 1e-4)
        #expect(abs(soft.meanStep - 2.25) < 1e-4)
    }

    @Test func aSoftBorderMergesBeforeASharpOneWithTheStepExponent() {
        // Plain Ward: A-B costs 14² · 300 and B-C 15² · 300, so A and B merge.
        let (plain, _) = mergeSegments(Self.bandLabels, count: 3, colours: Self.sharpAndSoft, minArea: 1, maxCount: 2)
        #expect(plain[0] == plain[20] && plain[20] != plain[59])
        // Weighted by the step across each border, the soft B-C border goes first.
        let (weighted, _) = mergeSegments(Self.bandLabels, count: 3, colours: Self.sharpAndSoft, minArea: 1,
                                          maxCount: 2, stepExponent: 2)
        #expect(weighted[20] == weighted[59] && weighted[0] != weighted[20])
    }
}

@Suite struct BorderSimplificationTests {
    /// Six vertical bands of slowly rising lightness (all reach the edge) and four closed
    /// light squares across the middle: 10 segments, 6 of them on the border.
    static let page = SegmentationEngineTests.lab(width: 120, height: 60) { x, y in
        if (25..<35).contains(y), (x % 30) >= 10, (x % 30) < 20 { return (90, 0, Float(x / 30) * 20) }
        return (Float(20 + (x / 20) * 5), 0, 0)
    }

    @Test func borderSegmentsMergeUntilTheirShareFits() {
        let (raw, rawCount) = graphSegmentation(Self.page, scale: 1, minSize: 1)
        #expect(rawCount == 10)
        let (labels, count) = mergeSegments(raw, count: rawCount, colours: Self.page, minArea: 1, maxCount: 100,
                                            maxBorderShare: 0.25)
        // 4 closed squares stay; the bands merge until border segments are at most 25%: one band.
        #expect(count == 5)
        #expect(labels[0] == labels[119] && labels[0] == labels[59 * 120 + 60])
    }

    @Test func borderMergingStopsAtTheMinimumCount() {
        let (raw, rawCount) = graphSegmentation(Self.page, scale: 1, minSize: 1)
        let (_, count) = mergeSegments(raw, count: rawCount, colours: Self.page, minArea: 1, maxCount: 100,
                                       maxBorderShare: 0.25, minCount: 8)
        #expect(count == 8)
    }

    @Test func alikeBorderSegmentsMergeBelowTheMinimumCount() {
        // The same page with bands only ΔE 2 apart (L* 20, 22, ... 30).
        let page = SegmentationEngineTests.lab(width: 120, height: 60) { x, y in
            if (25..<35).contains(y), (x % 30) >= 10, (x % 30) < 20 { return (90, 0, Float(x / 30) * 20) }
            return (Float(20 + (x / 20) * 2), 0, 0)
        }
        let (raw, rawCount) = graphSegmentation(page, scale: 1, minSize: 1)
        #expect(rawCount == 10)
        // A contrast floor under the steps leaves the count floor of 8 segments.
        #expect(mergeSegments(raw, count: rawCount, colours: page, minArea: 1, maxCount: 100,
                              maxBorderShare: 0.25, minCount: 8, minBorderContrast: 1.5).count == 8)
        // Above them the bands become one background (means drift by at most ΔE 5 as bands
        // join, so a floor of 6 takes them all); the 4 closed squares stay.
        let (labels, count) = mergeSegments(raw, count: rawCount, colours: page, minArea: 1, maxCount: 100,
                                            maxBorderShare: 0.25, minCount: 8, minBorderContrast: 6)
        #expect(count == 5)
        #expect(labels[0] == labels[119])
        #expect(labels[30 * 120 + 15] != labels[0])
    }

    /// A 60x60 page: a frame (L* 10, 10 px wide, on the page edge) around three bands of
    /// 13-14 columns, A flat L* 40, B a ramp from L* 40 to 50, C flat L* 80. A meets B in a
    /// border that steps by less than 1 ΔE across three pixels, B meets C and the frame meets
    /// all three in steps of 30 or more. Labels are given (frame 0, A 1, B 2, C 3).
    static func softPage() -> (labels: [Int32], colours: FloatImage) {
        let band = { (x: Int) -> Int32 in x < 24 ? 1 : (x < 37 ? 2 : 3) }
        let inside = { (x: Int, y: Int) in (10..<50).contains(x) && (10..<50).contains(y) }
        var labels = [Int32](repeating: 0, count: 60 * 60)
        for y in 0..<60 { for x in 0..<60 where inside(x, y) { labels[y * 60 + x] = band(x) } }
        let colours = SegmentationEngineTests.lab(width: 60, height: 60) { x, y in
            guard inside(x, y) else { return (10, 0, 0) }
            switch band(x) {
            case 1: return (40, 0, 0)
            case 2: return (40 + 10 * Float(x - 24) / 12, 0, 0)
            default: return (80, 0, 0)
            }
        }
        return (labels, colours)
    }

    @Test func softInteriorBordersMergeDownToTheMinimumCount() {
        let (labels, colours) = Self.softPage()
        let plain = mergeSegments(labels, count: 4, colours: colours, minArea: 1, maxCount: 100)
        #expect(plain.count == 4)
        let soft = mergeSegments(labels, count: 4, colours: colours, minArea: 1, maxCount: 100, softBorderStep: 3)
        #expect(soft.count == 3)
        #expect(soft.labels[30 * 60 + 15] == soft.labels[30 * 60 + 30])   // A and B
        #expect(soft.labels[30 * 60 + 30] != soft.labels[30 * 60 + 45])   // B and C
        #expect(soft.labels[0] != soft.labels[30 * 60 + 15])               // the frame
        // Not below the minimum count, nor across a border at or above the limit.
        #expect(mergeSegments(labels, count: 4, colours: colours, minArea: 1, maxCount: 100, minCount: 4,
                              softBorderStep: 3).count == 4)
        #expect(mergeSegments(labels, count: 4, colours: colours, minArea: 1, maxCount: 100,
                              softBorderStep: 0.5).count == 4)
        // Nor when fewer than `minClosedShare` of the segments would stay off the page edge:
        // 3 of 4 now, 2 of 3 after merging A and B.
        #expect(mergeSegments(labels, count: 4, colours: colours, minArea: 1, maxCount: 100,
                              softBorderStep: 3, minClosedShare: 0.7).count == 4)
        #expect(mergeSegments(labels, count: 4, colours: colours, minArea: 1, maxCount: 100,
                              softBorderStep: 3, minClosedShare: 0.6).count == 3)
    }

    @Test func softBordersOnThePageEdgeStay() {
        // Two halves that both reach the page edge, meeting in the same soft ramp.
        let labels = (0..<(60 * 60)).map { Int32($0 % 60 < 30 ? 0 : 1) }
        let colours = SegmentationEngineTests.lab(width: 60, height: 60) { x, _ in
            x < 30 ? (40, 0, 0) : (40 + 10 * Float(x - 30) / 29, 0, 0)
        }
        #expect(mergeSegments(labels, count: 2, colours: colours, minArea: 1, maxCount: 100,
                              softBorderStep: 3).count == 2)
    }
}
