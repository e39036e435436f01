import Testing
@testable import LineArtKit

@Suite struct AdjacencyRunTests {
    @Test func aRunGrowsWithItsPairInEitherOrderOnly() {
        var run = AdjacencyRun()
        var taken: [Bool] = []
        taken.append(run.extend(1, 2))   // an empty run takes nothing
        run.start(1, 2)
        for (x, y) in [(1, 2), (2, 1), (1, 3), (3, 2)] as [(Int32, Int32)] { taken.append(run.extend(x, y)) }
        #expect(taken == [false, true, true, false, false])
        #expect(run.length == 3 && run.a == 1 && run.b == 2)
        run.start(4, 5)
        #expect(run.length == 1 && run.a == 4 && run.b == 5)
    }

    @Test func contactRunsAddUpToTheSharedPixelPairs() {
        // 0 is ignored (ink); labels 1, 2, 3 meet along rows and columns.
        let width = 6, height = 4
        let labels: [Int32] = [1, 1, 1, 2, 2, 2,
                               1, 1, 0, 2, 2, 3,
                               1, 3, 3, 3, 2, 3,
                               3, 3, 3, 3, 3, 3]
        var totals: [String: Int] = [:]
        var reference: [String: Int] = [:]
        labels.withUnsafeBufferPointer { lab in
            forEachContactRun(lab, width: width, height: height, ignoring: 0) { a, b, length in
                totals["\(min(a, b))-\(max(a, b))", default: 0] += length
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let a = labels[y * width + x]
                for (nx, ny) in [(x + 1, y), (x, y + 1)] where nx < width && ny < height {
                    let b = labels[ny * width + nx]
                    if a != 0 && b != 0 && a != b { reference["\(min(a, b))-\(max(a, b))", default: 0] += 1 }
                }
            }
        }
        #expect(totals == reference)
        #expect(reference == ["1-2": 1, "1-3": 3, "2-3": 6])
    }
}
