import Foundation
import Testing
@testable import LineArtKit

@Suite struct BorderSnappingTests {
    /// A vertical edge from L* 20 to L* 80 at x = 20 of a 40x12 image, blurred to a linear
    /// ramp over x = 14...26 (about what a 3 px Gaussian blur makes of it).
    static let rampedEdge = SegmentationEngineTests.lab(width: 40, height: 12) { x, _ in
        (20 + 60 * min(1, max(0, (Float(x) - 13.5) / 13)), 0, 0)
    }

    /// Two labels split at column `split` (label 0 left of it).
    static func halves(split: Int, width: Int = 40, height: Int = 12) -> [Int32] {
        (0..<(width * height)).map { $0 % width < split ? 0 : 1 }
    }

    /// The first column of label 1 in every row.
    static func borderColumns(_ labels: [Int32], width: Int = 40, height: Int = 12) -> Set<Int> {
        Set((0..<height).map { y in (0..<width).first { labels[y * width + $0] == 1 }! })
    }

    @Test func aBorderOffTheEdgeMovesOnePixelPerPassOntoTheRamp() {
        // The border at x = 16, four pixels left of the edge (the ramp's middle, x = 20).
        let labels = Self.halves(split: 16)
        let once = snappingBordersToColour(labels, count: 2, colours: Self.rampedEdge, passes: 1, threads: 1)
        #expect(Self.borderColumns(once) == [17])
        // The means are L* 20.6 (x < 16) and 68.4 (x >= 16); half-way, 44.5, lies between
        // x = 18 (L* 40.8) and x = 19 (45.4): the border settles one pixel short of the edge.
        let settled = snappingBordersToColour(labels, count: 2, colours: Self.rampedEdge, passes: 8, threads: 1)
        #expect(Self.borderColumns(settled) == [19])
        // From four pixels right of the edge (means 29.6 and 78.7, half-way 54.2) it settles
        // one pixel past it, with two threads as with one.
        let fromRight = snappingBordersToColour(Self.halves(split: 24), count: 2, colours: Self.rampedEdge,
                                                passes: 8, threads: 2)
        #expect(Self.borderColumns(fromRight) == [21])
    }

    @Test func bordersBetweenAlikeSegmentsStayPut() {
        // A faint ramp (L* 50 to 56): the two segments' means (50.1, 54.8) are less than
        // ΔE 10 apart.
        let faint = SegmentationEngineTests.lab(width: 40, height: 12) { x, _ in
            (50 + 6 * min(1, max(0, (Float(x) - 13.5) / 13)), 0, 0)
        }
        let labels = Self.halves(split: 16)
        #expect(snappingBordersToColour(labels, count: 2, colours: faint, passes: 8, threads: 1) == labels)
        // With no contrast floor the same border does move.
        #expect(snappingBordersToColour(labels, count: 2, colours: faint, passes: 8, minContrast: 0,
                                        threads: 1) != labels)
    }
}
