import Testing
@testable import LineArtKit

@Suite struct ModeFilterTests {
    @Test func aWigglyBorderStraightens() {
        // Two halves split at x = 30 ± a 2-px zigzag.
        let width = 60, height = 40
        let labels = (0..<(width * height)).map { i -> Int32 in
            let x = i % width, y = i / width
            return x < 30 + (y % 4 < 2 ? 2 : -2) ? 0 : 1
        }
        let smooth = modeFilter(labels, width: width, height: height, radius: 4, passes: 2)
        #expect(Set(smooth) == [0, 1])
        // Every row still has exactly one border, now near x = 30 and straighter.
        let columns = (0..<height).map { y in (0..<width).first { smooth[y * width + $0] == 1 }! }
        #expect(columns.allSatisfy { (28...32).contains($0) })
        #expect(columns.max()! - columns.min()! <= 2, "the zigzag spanned 4 columns: \(columns)")
    }

    @Test func wideShapesStayAndHairlinesGo() {
        let width = 80, height = 60
        var labels = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = x - 25, dy = y - 30
                if dx * dx + dy * dy <= 12 * 12 { labels[y * width + x] = 1 }   // a disc
                if x == 60 { labels[y * width + x] = 2 }                         // a hairline
            }
        }
        let smooth = modeFilter(labels, width: width, height: height, radius: 4, passes: 2)
        #expect(!smooth.contains(2))
        #expect(smooth[30 * width + 25] == 1)
        let disc = smooth.filter { $0 == 1 }.count
        let before = labels.filter { $0 == 1 }.count
        #expect(abs(disc - before) < before / 10, "the disc keeps its area: \(before) -> \(disc)")
    }

    @Test func aSingleLabelIsUnchanged() {
        let labels = [Int32](repeating: 7, count: 30 * 20)
        #expect(modeFilter(labels, width: 30, height: 20, radius: 3, passes: 2) == labels)
    }
}
