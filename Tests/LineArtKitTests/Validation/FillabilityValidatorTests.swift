import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

struct FillabilityValidatorTests {
    /// 100x100, no frame, ink lines at 20/40/60/80 both ways: 5x5 cells.
    /// Column (and row) widths 20, 19, 19, 19, 19, so cells are 20x20 = 400 (1, top-left),
    /// 20x19 = 380 (8: first row and first column) and 19x19 = 361 (16).
    static let openGrid = TestPages.grid(width: 100, height: 100, columns: [20, 40, 60, 80],
                                         rows: [20, 40, 60, 80], frame: false)
    /// 100x100 with an ink frame and lines at 5/35/65/94: 25 closed cells.
    /// Column widths 4, 29, 29, 28, 4; corner cells are 4x4 = 16 px.
    static let framedGrid = TestPages.grid(width: 100, height: 100, columns: [5, 35, 65, 94],
                                           rows: [5, 35, 65, 94], frame: true)
    /// 100x100 with an ink frame and lines every 10 px: 10x10 = 100 closed cells,
    /// 9x9 = 81 px except the last column/row (8 wide).
    static let fineGrid = TestPages.grid(width: 100, height: 100, columns: Array(stride(from: 10, through: 90, by: 10)),
                                         rows: Array(stride(from: 10, through: 90, by: 10)), frame: true)
    /// 100x100 white page split by one vertical line at x = 50.
    static let split = TestPages.grid(width: 100, height: 100, columns: [50], rows: [], frame: false)

    @Test func openGridMetricsByHand() {
        let result = FillabilityValidator(targets: .standard, minRegionArea: 370).validate(Self.openGrid)
        #expect(result.width == 100 && result.height == 100)
        #expect(result.regionCount == 25)
        #expect(result.closedRegionCount == 9)
        #expect(result.closureRate == 9.0 / 25.0)
        // Ink: 4 columns + 4 rows of 100 px, 16 crossings counted once.
        #expect(result.inkFraction == 784.0 / 10000.0)
        // All four corners are paper; their cells are 400 + 380 + 380 + 361 px.
        #expect(result.leakPotential == 1521.0 / 10000.0)
        // minRegionArea 370: the 400 px cell and the eight 380 px cells are usable, the 16 of 361 px are not.
        #expect(result.usableRegionCount == 9)
        #expect(result.tapUsability == 9.0 / 25.0)
        #expect(result.checks == FillabilityChecks(regionCount: false, closure: false, leak: true, tap: false))
        #expect(result.passes == false)
        // count below range: 25/50; closure 0.36/0.70; leak at/under limit: 1; tap 0.36/0.80.
        #expect(result.score == mean(25.0 / 50.0, (9.0 / 25.0) / 0.70, 1.0, (9.0 / 25.0) / 0.80))
        #expect(abs(result.score - (0.5 + 0.36 / 0.7 + 1 + 0.45) / 4) < 1e-12)
        #expect(result.suggestions.isEmpty) // no context given
    }

    @Test func framedGridPassesToddlerButNotStandard() throws {
        let analysis = FillabilityValidator(targets: .toddler, minRegionArea: 16).analyze(Self.framedGrid)
        let toddler = analysis.result
        #expect(toddler.regionCount == 25)
        #expect(toddler.closedRegionCount == 25)
        #expect(toddler.closureRate == 1)
        #expect(TestPages.inkCount(Self.framedGrid) == 1164)
        #expect(toddler.inkFraction == 1164.0 / 10000.0)
        // Corners are ink (frame); the nearest paper pixels are the diagonal
        // neighbours, inside the 4x4 corner cells.
        #expect(analysis.cornerPixels[.topLeft] == PixelPoint(x: 1, y: 1))
        #expect(analysis.cornerPixels[.topRight] == PixelPoint(x: 98, y: 1))
        #expect(analysis.cornerPixels[.bottomLeft] == PixelPoint(x: 1, y: 98))
        #expect(analysis.cornerPixels[.bottomRight] == PixelPoint(x: 98, y: 98))
        #expect(analysis.leakingRegions.count == 4)
        #expect(toddler.leakPotential == 64.0 / 10000.0)
        #expect(toddler.tapUsability == 1)
        #expect(toddler.passes)
        #expect(toddler.score == 1)

        let standard = FillabilityValidator(targets: .standard, minRegionArea: 16).validate(Self.framedGrid)
        #expect(standard.checks == FillabilityChecks(regionCount: false, closure: true, leak: true, tap: true))
        #expect(!standard.passes)
        #expect(standard.score == mean(0.5, 1, 1, 1))

        // minRegionArea 100: the four 16-px corner cells are too small; strips are 112/116 px.
        let strict = FillabilityValidator(targets: .toddler, minRegionArea: 100).validate(Self.framedGrid)
        #expect(strict.usableRegionCount == 21)
        #expect(strict.tapUsability == 21.0 / 25.0)
        #expect(!strict.checks.tap && !strict.passes)
        #expect(strict.score == mean(1, 1, 1, (21.0 / 25.0) / 0.90))
    }

    @Test func fineGridPassesStandardAndIsAboveToddlerRange() {
        let standard = FillabilityValidator(targets: .standard, minRegionArea: 50).validate(Self.fineGrid)
        #expect(standard.regionCount == 100)
        #expect(standard.closureRate == 1)
        let cornerCells = 81 + 72 + 72 + 64 // 9x9, 8x9, 9x8, 8x8
        #expect(standard.leakPotential == Double(cornerCells) / 10000.0)
        #expect(standard.tapUsability == 1)
        #expect(standard.passes)
        #expect(standard.score == 1)

        let toddler = FillabilityValidator(targets: .toddler, minRegionArea: 50).validate(Self.fineGrid)
        #expect(toddler.checks == FillabilityChecks(regionCount: false, closure: true, leak: true, tap: true))
        #expect(!toddler.passes)
        // Above the range: maxRegions / n = 30 / 100.
        #expect(toddler.score == mean(30.0 / 100.0, 1, 1, 1))
    }

    @Test func leakAboveLimitScoresLinearly() {
        let result = FillabilityValidator(targets: .standard, minRegionArea: 0).validate(Self.split)
        #expect(result.regionCount == 2)
        #expect(result.closedRegionCount == 0)
        #expect(result.closureRate == 0)
        #expect(result.leakPotential == 9900.0 / 10000.0)
        #expect(result.tapUsability == 1)
        #expect(result.inkFraction == 0.01)
        #expect(result.checks == FillabilityChecks(regionCount: false, closure: false, leak: false, tap: true))
        #expect(result.score == mean(2.0 / 50.0, 0, (1 - 9900.0 / 10000.0) / (1 - 0.30), 1))
    }

    @Test func leakExactlyAtLimitFailsCheckButScoresOne() {
        // 10x10: rows 0...2 paper (30 px), the rest ink. Every corner reaches the strip.
        var page = ByteImage(width: 10, height: 10, repeating: 0)
        for y in 0..<3 { for x in 0..<10 { page[x, y] = 255 } }
        let analysis = FillabilityValidator(targets: .standard, minRegionArea: 1).analyze(page)
        #expect(analysis.cornerPixels[.bottomLeft] == PixelPoint(x: 0, y: 2))
        // Ring 7 around (9,9) reaches row 2 at x = 2...9; row-major order picks x = 2.
        #expect(analysis.cornerPixels[.bottomRight] == PixelPoint(x: 2, y: 2))
        #expect(analysis.leakingRegions == [1])
        let result = analysis.result
        #expect(result.leakPotential == 0.30)
        #expect(!result.checks.leak)
        #expect(result.subScores.leak == 1)
        #expect(result.score == mean(1.0 / 50.0, 0, 1, 1))
    }

    @Test func tieWithinRingGoesToFirstPixelInRowMajorOrder() {
        // (1,0) region A (1 px) and (0,1)-(0,2) region B (2 px) tie at distance 1 from
        // the top-left corner; row-major order picks A. The other corners are paper.
        let page = TestPages.fromRows([
            "#.###.",
            ".#####",
            ".#####",
            "######",
            "######",
            ".####.",
        ])
        let analysis = FillabilityValidator(targets: .standard, minRegionArea: 0).analyze(page)
        #expect(analysis.result.regionCount == 5)
        #expect(analysis.cornerPixels[.topLeft] == PixelPoint(x: 1, y: 0))
        #expect(analysis.cornerPixels[.topRight] == PixelPoint(x: 5, y: 0))
        #expect(analysis.cornerPixels[.bottomLeft] == PixelPoint(x: 0, y: 5))
        #expect(analysis.cornerPixels[.bottomRight] == PixelPoint(x: 5, y: 5))
        #expect(analysis.result.leakPotential == 4.0 / 36.0) // B (2 px) is not counted

        // Bottom-right: (5,4) [region Y, with (5,3)] and (4,5) [region X] tie at distance 1;
        // row-major order picks (5,4). The top-left corner ties at distance 5 between
        // (5,3), (5,4), (4,5) and (0,5); (5,3) comes first.
        let second = TestPages.fromRows([
            "######",
            "######",
            "######",
            "#####.",
            "#####.",
            ".###.#",
        ])
        let a2 = FillabilityValidator(targets: .standard, minRegionArea: 0).analyze(second)
        #expect(a2.result.regionCount == 3)
        #expect(a2.cornerPixels[.bottomRight] == PixelPoint(x: 5, y: 4))
        #expect(a2.cornerPixels[.topLeft] == PixelPoint(x: 5, y: 3))
        #expect(a2.cornerPixels[.topRight] == PixelPoint(x: 5, y: 3))
        #expect(a2.cornerPixels[.bottomLeft] == PixelPoint(x: 0, y: 5))
        #expect(a2.result.leakPotential == 3.0 / 36.0) // Y (2 px) + corner pixel (1 px), not X
    }

    @Test func allInkAllPaperAndEmptyPages() {
        let validator = FillabilityValidator(targets: .standard, minRegionArea: 10)
        let ink = validator.validate(ByteImage(width: 8, height: 5, repeating: 0))
        #expect(ink.regionCount == 0 && ink.closureRate == 0 && ink.tapUsability == 0)
        #expect(ink.leakPotential == 0 && ink.inkFraction == 1)
        #expect(ink.score == mean(0, 0, 1, 0))
        #expect(!ink.passes)

        let paper = validator.validate(ByteImage(width: 8, height: 5, repeating: 128))
        #expect(paper.regionCount == 1 && paper.closedRegionCount == 0)
        #expect(paper.leakPotential == 1 && paper.inkFraction == 0 && paper.tapUsability == 1)
        #expect(paper.score == mean(1.0 / 50.0, 0, 0, 1))

        let empty = validator.validate(ByteImage(width: 0, height: 0, repeating: 0))
        #expect(empty.regionCount == 0 && empty.leakPotential == 0 && empty.inkFraction == 0)
    }

    @Test func subScoreEdgesAndInclusiveRange() {
        let t = FillabilityTargets.toddler
        func s(_ n: Int) -> Double {
            FillabilitySubScores(targets: t, regionCount: n, closureRate: 1, leakPotential: 0, tapUsability: 1).count
        }
        #expect(s(0) == 0)
        #expect(s(5) == 0.5)
        #expect(s(10) == 1 && s(30) == 1)
        #expect(s(60) == 0.5)
        #expect(FillabilityChecks(targets: t, regionCount: 10, closureRate: 0.9, leakPotential: 0.0999, tapUsability: 0.9).all)
        #expect(FillabilityChecks(targets: t, regionCount: 30, closureRate: 0.9, leakPotential: 0.0999, tapUsability: 0.9).all)
        #expect(!FillabilityChecks(targets: t, regionCount: 31, closureRate: 0.9, leakPotential: 0.0999, tapUsability: 0.9).all)
        let leakFull = FillabilitySubScores(targets: t, regionCount: 10, closureRate: 2, leakPotential: 1, tapUsability: 0.45)
        #expect(leakFull.leak == 0 && leakFull.closure == 1 && leakFull.tap == 0.45 / 0.90)
    }

    @Test func resultJSONUsesCamelCaseKeysAndRoundTrips() throws {
        let result = FillabilityValidator(targets: .toddler, minRegionArea: 16).validate(Self.framedGrid)
        let data = try JSONEncoder().encode(result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let expected: Set<String> = ["width", "height", "regionCount", "closedRegionCount", "closureRate",
                                     "leakPotential", "usableRegionCount", "tapUsability", "inkFraction",
                                     "passes", "score", "checks", "targets", "minRegionArea", "suggestions"]
        #expect(Set(object.keys) == expected)
        let checks = try #require(object["checks"] as? [String: Any])
        #expect(Set(checks.keys) == ["regionCount", "closure", "leak", "tap"])
        let targets = try #require(object["targets"] as? [String: Any])
        #expect(Set(targets.keys) == ["minRegions", "maxRegions", "minClosure", "maxLeak", "minTap"])
        #expect(try JSONDecoder().decode(FillabilityResult.self, from: data) == result)
    }

    @Test func presetValues() {
        #expect(FillabilityTargets.standard == FillabilityTargets(minRegions: 50, maxRegions: 500, minClosure: 0.70, maxLeak: 0.30, minTap: 0.80))
        #expect(FillabilityTargets.toddler == FillabilityTargets(minRegions: 10, maxRegions: 30, minClosure: 0.90, maxLeak: 0.10, minTap: 0.90))
    }
}

/// The spec's score: the four sub-scores summed in order (count, closure, leak, tap), over 4.
private func mean(_ count: Double, _ closure: Double, _ leak: Double, _ tap: Double) -> Double {
    (count + closure + leak + tap) / 4
}
