import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

struct ConnectedComponentsTests {
    /// '#' pixels are the set being labelled (nonzero in the mask).
    private func mask(_ rows: [String]) -> ByteImage {
        let page = TestPages.fromRows(rows)
        return ByteImage(width: page.width, height: page.height,
                         samples: page.samples.map { $0 == TestPages.ink ? 255 : 0 })
    }

    @Test(arguments: Connectivity.allCases)
    func twoSeparateSquares(connectivity: Connectivity) {
        let map = label(mask([
            "##....",
            "##....",
            "...###",
            "...###",
            "...###",
        ]), connectivity: connectivity)
        #expect(map.count == 2)
        #expect(map.areas == [30 - 4 - 9, 4, 9])
        #expect(map[0, 0] == 1 && map[1, 1] == 1)
        #expect(map[3, 2] == 2 && map[5, 4] == 2)
        #expect(map[2, 0] == 0)
        #expect(map.bounds[1] == LabelBounds(minX: 0, minY: 0, maxX: 1, maxY: 1))
        #expect(map.bounds[2] == LabelBounds(minX: 3, minY: 2, maxX: 5, maxY: 4))
        #expect(map.touchesBorder == [true, true, true])
    }

    @Test func diagonalNeighboursJoinOnlyWithEightConnectivity() {
        let image = mask([
            "#..",
            ".#.",
            "..#",
        ])
        let eight = label(image, connectivity: .eight)
        #expect(eight.count == 1)
        #expect(eight.areas == [6, 3])
        let four = label(image, connectivity: .four)
        #expect(four.count == 3)
        #expect(four.areas == [6, 1, 1, 1])
        #expect(four.labels == [1, 0, 0, 0, 2, 0, 0, 0, 3])
    }

    @Test func antiDiagonalNeedsUpRightNeighbour() {
        // Two strokes that meet only through an up-right diagonal step.
        let image = mask([
            "#...#",
            "#..#.",
            "#.#..",
            "##...",
        ])
        #expect(label(image, connectivity: .eight).count == 1)
        #expect(label(image, connectivity: .four).count == 4)
        #expect(label(image, connectivity: .eight).areas[1] == 8)
    }

    @Test func ringSeparatesInsideFromOutsideForFourConnectedPaper() {
        let page = TestPages.fromRows([
            ".......",
            ".#####.",
            ".#...#.",
            ".#...#.",
            ".#####.",
            ".......",
        ])
        let paper = label(page, connectivity: .four, where: FillabilityValidator.isPaper)
        #expect(paper.count == 2)
        #expect(paper.areas == [14, 22, 6])
        #expect(paper.touchesBorder == [false, true, false])
        #expect(paper[3, 2] == 2)
        let ink = label(page, connectivity: .eight, where: { !FillabilityValidator.isPaper($0) })
        #expect(ink.count == 1)
        #expect(ink.areas[1] == 14)
    }

    @Test func diagonalDiamondHoldsPaperOnlyUnderFourConnectivity() {
        // An 8-connected ink diamond: a flood fill (4-connected) cannot cross it,
        // but 8-connected paper leaks through its diagonal steps.
        let page = TestPages.fromRows([
            "...#...",
            "..#.#..",
            ".#...#.",
            "..#.#..",
            "...#...",
        ])
        let four = label(page, connectivity: .four, where: FillabilityValidator.isPaper)
        #expect(four.count == 3) // inside + left and right outside halves
        #expect(four[3, 2] != 0 && !four.touchesBorder[Int(four[3, 2])])
        #expect(four.areas[Int(four[3, 2])] == 5)
        let eight = label(page, connectivity: .eight, where: FillabilityValidator.isPaper)
        #expect(eight.count == 1)
    }

    @Test func uShapeMergesProvisionalLabels() {
        let image = mask([
            "#.#.#",
            "#.#.#",
            "#####",
        ])
        for c in Connectivity.allCases {
            let map = label(image, connectivity: c)
            #expect(map.count == 1)
            #expect(map.areas == [4, 11])
            #expect(map.labels.allSatisfy { $0 == 0 || $0 == 1 })
        }
    }

    @Test func labelsAreNumberedByFirstPixelInRowMajorOrder() {
        let map = label(mask([
            "...#",
            "#..#",
            "#.#.",
        ]), connectivity: .four)
        #expect(map.count == 3)
        #expect(map[3, 0] == 1)
        #expect(map[0, 1] == 2)
        #expect(map[2, 2] == 3)
    }

    @Test func emptyAndDegenerateImages() {
        let empty = label(ByteImage(width: 0, height: 5, repeating: 0), connectivity: .four)
        #expect(empty.count == 0 && empty.areas == [0])
        let full = label(ByteImage(width: 4, height: 3, repeating: 9), connectivity: .four)
        #expect(full.count == 1 && full.areas == [0, 12])
        #expect(full.bounds[0].isEmpty)
        #expect(full.touchesBorder == [false, true])
        let none = label(ByteImage(width: 4, height: 3, repeating: 0), connectivity: .eight)
        #expect(none.count == 0 && none.areas == [12])
        // Alternating column: every other pixel starts a new component.
        let column = ByteImage(width: 1, height: 7, samples: [1, 0, 1, 0, 1, 0, 1])
        #expect(label(column, connectivity: .eight).count == 4)
        let checker = ByteImage(width: 5, height: 5, samples: (0..<25).map { UInt8(($0 % 5 + $0 / 5) % 2) })
        #expect(label(checker, connectivity: .four).count == 12)
        #expect(label(checker, connectivity: .eight).count == 1)
        // Even parity, odd width: the most provisional labels per row (ceil(width / 2)).
        let evenChecker = ByteImage(width: 7, height: 5, samples: (0..<35).map { (i: Int) -> UInt8 in (i % 7 + i / 7) % 2 == 0 ? 1 : 0 })
        #expect(label(evenChecker, connectivity: .four).count == 18)
        let singles: [Int] = [17] + Array(repeating: 1, count: 18)
        #expect(label(evenChecker, connectivity: .four).areas == singles)
        #expect(label(evenChecker, connectivity: .eight).count == 1)
        let row = ByteImage(width: 9, height: 1, samples: [1, 0, 1, 0, 1, 0, 1, 0, 1])
        #expect(label(row, connectivity: .eight).count == 5)
    }

    @Test func predicateThresholdIsApplied() {
        let image = ByteImage(width: 4, height: 1, samples: [127, 128, 200, 0])
        let paper = label(image, connectivity: .four, where: FillabilityValidator.isPaper)
        #expect(paper.labels == [0, 1, 1, 0])
    }
}
