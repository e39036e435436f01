import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct WeakBorderMergingTests {
    /// Three vertical strips of 10 columns (labels 0, 1, 2), 10 rows; the evidence across the
    /// 0|1 border is `weak`, across the 1|2 border `strong`.
    static func strips(weak: Float, strong: Float) -> ([Int32], BoundaryStrength) {
        let w = 30, h = 10
        let labels = (0..<(w * h)).map { Int32(($0 % w) / 10) }
        var across = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            across[y * w + 9] = weak; across[y * w + 10] = weak
            across[y * w + 19] = strong; across[y * w + 20] = strong
        }
        let strength = BoundaryStrength(width: w, height: h, magnitude: across, alongX: across,
                                        alongY: [Float](repeating: 0, count: w * h))
        return (labels, strength)
    }

    @Test func onlyBordersWeakerThanTheThresholdMerge() {
        let (labels, strength) = Self.strips(weak: 3, strong: 12)
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6,
                                               maxRegions: 100, smallArea: 0)
        #expect(count == 2)
        #expect(merged[0] == merged[15])
        #expect(merged[15] != merged[25])
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 20, maxRegions: 100, smallArea: 0).count == 1)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 1, maxRegions: 100, smallArea: 0).count == 3)
    }

    @Test func aBorderBetweenUnlikeRegionsOutlastsOneBetweenAlikeRegions() {
        // Both borders carry the same evidence (8), under the threshold (10) on their own.
        let (labels, strength) = Self.strips(weak: 8, strong: 8)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 10, maxRegions: 100, smallArea: 0).count == 1)
        // Strips 0 and 1 are the same mottle of dark and light pixels (L* 30 and 70), strip 2 a
        // plain grey of the same mean (L* 50): weighed by the regions' colours, the 1|2 border
        // stays and the 0|1 border goes, though all three mean colours are alike.
        let w = 30
        let lab = labels.indices.flatMap { i -> [Float] in
            let mottle: Float = (i % w + i / w) % 2 == 0 ? 30 : 70
            return [labels[i] == 2 ? 50 : mottle, 0, 0]
        }
        let weight = RegionWeight(lab: lab, referenceLength: 10)
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 10, maxRegions: 100,
                                               smallArea: 0, weight: weight)
        #expect(count == 2)
        #expect(merged[0] == merged[15])
        #expect(merged[15] != merged[25])
    }

    @Test func theRegionsWeightGrowsWithAreaAndDifferenceAndShrinksWithLength() {
        let weight = RegionWeight(lab: [], referenceLength: 100)
        let base = weight.factor(smallerArea: 100, pageArea: 10_000, length: 100, difference: 0.3)
        #expect(abs(base - 1) < 1e-9)
        #expect(weight.factor(smallerArea: 400, pageArea: 10_000, length: 100, difference: 0.3) > base)
        #expect(weight.factor(smallerArea: 100, pageArea: 10_000, length: 400, difference: 0.3) < base)
        #expect(weight.factor(smallerArea: 100, pageArea: 10_000, length: 100, difference: 0.6) > base)
        // Never beyond 0.5...2, whatever the regions.
        #expect(weight.factor(smallerArea: 10_000, pageArea: 10_000, length: 1, difference: 1) == 2)
        #expect(weight.factor(smallerArea: 1, pageArea: 10_000, length: 100_000, difference: 0) == 0.5)
    }

    @Test func aRegionCapMergesTheWeakestFirst() {
        let (labels, strength) = Self.strips(weak: 12, strong: 30)
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 1,
                                               maxRegions: 2, smallArea: 0)
        #expect(count == 2)
        #expect(merged[0] == merged[15])
    }

    @Test func aPageWithTooFewShapesKeepsItsStrongestBordersUnderTheThreshold() {
        // Both borders are under the threshold: alone, they merge into one region.
        let (labels, strength) = Self.strips(weak: 3, strong: 4)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100, smallArea: 0).count == 1)
        // Two shapes are asked for: the weaker border goes, the stronger one (4) stays.
        let light = [Float](repeating: 60, count: labels.count)
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                               smallArea: 0,
                                               floor: ShapeFloor(minShapes: 2, lowestThreshold: 2, lightness: light))
        #expect(count == 2)
        #expect(merged[0] == merged[15])
        #expect(merged[15] != merged[25])
        // Never below the lowest threshold.
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100, smallArea: 0,
                                 floor: ShapeFloor(minShapes: 2, lowestThreshold: 5, lightness: light)).count == 1)
    }

    @Test func theFloorKeepsNoBorderBetweenTwoRegionsInShadow() {
        // Strips 1 and 2 in shadow (L* 10), strip 0 in light: the floor keeps the light
        // strip's border (3), and the border between the shadows (4) merges as if no floor.
        let (labels, strength) = Self.strips(weak: 3, strong: 4)
        let lightness = labels.map { $0 == 0 ? Float(60) : 10 }
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                               smallArea: 0,
                                               floor: ShapeFloor(minShapes: 3, lowestThreshold: 2, lightness: lightness))
        #expect(count == 2)
        #expect(merged[0] != merged[15])
        #expect(merged[15] == merged[25])
    }

    @Test func smallRegionsJoinANeighbourDespiteAStrongBorder() {
        // Strips of 100 px each: with smallArea 1000 every border counts a tenth as strong.
        let (labels, strength) = Self.strips(weak: 30, strong: 30)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100, smallArea: 0).count == 3)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100, smallArea: 1000).count == 1)
    }

    /// Two borders with the same plain mean (8): one changes by 8 all along, the other by 16
    /// along half its rows and not at all along the rest, like crests of texture in a row.
    /// The even one stays a line at threshold 6; the broken one reads (√16 / 2)² = 4 and merges.
    @Test func aBorderWeakAlongPartOfItsLengthReadsWeakerThanItsMean() {
        let (labels, even) = Self.strips(weak: 8, strong: 8)
        var strength = even
        for y in 0..<10 {
            let broken: Float = y % 2 == 0 ? 16 : 0
            strength.alongX[y * 30 + 19] = broken; strength.alongX[y * 30 + 20] = broken
        }
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6,
                                               maxRegions: 100, smallArea: 0)
        #expect(count == 2)
        #expect(merged[0] != merged[15], "the even border stays")
        #expect(merged[15] == merged[25], "the broken border merges")
    }

    /// A (columns 0-9), a `side` x `side` region S in the top-left corner of the rest, B (the
    /// rest). S's border with A (`side` pairs) changes by `acrossA`, its border with B
    /// (2 · `side` pairs) and the A|B border by 30.
    static func cornerRegion(acrossA: Float, side: Int = 3) -> ([Int32], BoundaryStrength) {
        let w = 30, h = 10
        let labels = (0..<(w * h)).map { i -> Int32 in
            let (x, y) = (i % w, i / w)
            return x < 10 ? 0 : (x < 10 + side && y < side ? 1 : 2)
        }
        var alongX = [Float](repeating: 0, count: w * h), alongY = alongX
        for y in 0..<h {
            if y < side { alongX[y * w + 9] = acrossA; alongX[y * w + 9 + side] = 30 } else { alongX[y * w + 9] = 30 }
        }
        for x in 10..<(10 + side) { alongY[(side - 1) * w + x] = 30 }
        return (labels, BoundaryStrength(width: w, height: h, magnitude: alongX, alongX: alongX, alongY: alongY))
    }

    @Test func aRegionTooSmallToColourJoinsItsWeakestNeighbourNotItsLongest() {
        let (labels, strength) = Self.cornerRegion(acrossA: 10)
        let colourable = ColourableArea(minPaperArea: 50, lineWidth: 2)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                 smallArea: 0).count == 3, "every border is above the threshold")
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                               smallArea: 0, colourable: colourable)
        #expect(count == 2)
        #expect(merged[10] == merged[0], "S joins A, across its weakest border")
        #expect(merged[10] != merged[29])
    }

    /// S of 5x5 keeps 25 - 10 = 15 px of paper inside 2-px lines: too little to colour, but a
    /// shape of its own (an eye).
    @Test func aSmallShapeWithAStrongOutlineAllRoundStays() {
        let (labels, strength) = Self.cornerRegion(acrossA: 30, side: 5)
        let colourable = ColourableArea(minPaperArea: 50, lineWidth: 2)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                 smallArea: 0, colourable: colourable).count == 3)
    }

    /// S of 3x3 keeps no paper inside 2-px lines (9 - 9 = 0): drawn, it would be a blob of ink
    /// or a stretch of line twice as wide, so it joins a neighbour however strong its outline.
    @Test func aShapeWithNoPaperInsideItsLinesJoinsANeighbour() {
        let (labels, strength) = Self.cornerRegion(acrossA: 30)
        let colourable = ColourableArea(minPaperArea: 50, lineWidth: 2)
        #expect(mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                 smallArea: 0, colourable: colourable).count == 2)
    }

    /// Two cells of a small subject side by side in a plain background (30x20): S1 (label 1,
    /// columns 10-13, rows 5-9) differs from the background by 10 (a ladybird's black head on a
    /// dark leaf), S2 (label 2, columns 14-17) by 30 (its red shell), and from each other by 30.
    /// Each alone is too small to colour (paper 20 - 18 = 2 px), the two together can be (14).
    @Test func cellsOfASmallSubjectJoinEachOtherBeforeTheBackground() {
        let w = 30, h = 20
        var labels = [Int32](repeating: 0, count: w * h), evidence = [Float](repeating: 0, count: w * h)
        for y in 5..<10 {
            for x in 10..<18 {
                labels[y * w + x] = x < 14 ? 1 : 2
                evidence[y * w + x] = x < 14 ? 10 : 30
            }
        }
        let strength = BoundaryStrength(width: w, height: h, magnitude: evidence, alongX: evidence, alongY: evidence)
        let colourable = ColourableArea(minPaperArea: 10, lineWidth: 2)
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                               smallArea: 0, colourable: colourable)
        #expect(count == 2)
        #expect(merged[7 * w + 11] == merged[7 * w + 15], "the two cells make one shape")
        #expect(merged[7 * w + 11] != merged[0], "rather than the weaker one joining the background")
    }

    /// A pupil beside a cell too small to colour (30x20): the cell S (columns 10-13, rows 5-9,
    /// L* 55) differs from the paper around it by 10, the dark spot D (columns 14-16, rows 6-8,
    /// L* 5) from everything by 40. S joins the paper, not the spot, which stays to be inked.
    @Test func aCellTooSmallToColourDoesNotTakeInADarkSpot() {
        let w = 30, h = 20
        var labels = [Int32](repeating: 0, count: w * h), evidence = [Float](repeating: 0, count: w * h)
        var lightness = [Float](repeating: 60, count: w * h)
        for y in 5..<10 {
            for x in 10..<14 { labels[y * w + x] = 1; evidence[y * w + x] = 10; lightness[y * w + x] = 55 }
        }
        for y in 6..<9 {
            for x in 14..<17 { labels[y * w + x] = 2; evidence[y * w + x] = 40; lightness[y * w + x] = 5 }
        }
        let strength = BoundaryStrength(width: w, height: h, magnitude: evidence, alongX: evidence, alongY: evidence)
        let colourable = ColourableArea(minPaperArea: 10, lineWidth: 2)
        let spots = DarkSpotRule(lightness: lightness, minDarkening: 20, colourable: colourable)
        let (merged, count, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100,
                                               smallArea: 0, colourable: colourable, spots: spots)
        #expect(count == 2)
        #expect(merged[7 * w + 11] == merged[0], "the cell joins the paper")
        #expect(merged[7 * w + 15] != merged[0], "the spot stays")
    }

    /// A region's perimeter is kept through joins: the joined region's borders, pair by pair.
    @Test func aJoinedRegionsPerimeterIsItsBordersLength() {
        let (labels, strength) = Self.cornerRegion(acrossA: 10)
        var graph = RegionBorders(labels: labels, count: 3, strength: strength)
        #expect(graph.perimeter == [3 + 7, 3 + 6, 6 + 7])
        graph.join(1, into: 2)
        #expect(graph.perimeter == [10, 0, 10])
        #expect(graph.perimeter[2] == graph.borders[2].reduce(0) { $0 + $1.border.length })
    }

    @Test func labelsComeOutCompactAndInOrderOfFirstAppearance() {
        let (labels, strength) = Self.strips(weak: 3, strong: 12)
        let (merged, _, _) = mergeWeakBorders(labels, count: 3, strength: strength, threshold: 6, maxRegions: 100, smallArea: 0)
        #expect(merged[0] == 0)
        #expect(merged[25] == 1)
    }

    @Test func theHeapPopsInOrder() {
        var rng = SplitMix64(seed: 3)
        let values = (0..<200).map { _ in Int.random(in: 0..<50, using: &rng) }
        var heap = BinaryHeap(Array(values[..<100]))
        for v in values[100...] { heap.insert(v) }
        var out: [Int] = []
        while let v = heap.popMin() { out.append(v) }
        #expect(out == values.sorted())
    }
}
