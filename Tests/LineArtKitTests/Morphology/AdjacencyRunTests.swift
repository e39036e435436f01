import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
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

    /// Blobs wide enough that the scan passes over whole groups of pixels without contacts
    /// (``ContactRunScan/visitRow(_:step:emit:)``): per pair, the run lengths and step sums
    /// still add up to the shared pixel pairs and their steps (whole-number steps, so the
    /// sums are exact in any order).
    @Test(arguments: [UInt64(1), 2, 3])
    func runsOverBlobsAddUpToTheSharedPixelPairs(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let width = 61, height = 37
        var labels = [Int32](repeating: 1, count: width * height)
        for _ in 0..<12 {
            let cx = Int(random.next() % UInt64(width)), cy = Int(random.next() % UInt64(height))
            let r = Int(random.next() % 9) + 2, l = Int32(random.next() % 6)
            for y in 0..<height { for x in 0..<width where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r {
                labels[y * width + x] = l
            } }
        }
        func step(_ x: Int, _ y: Int, _ across: Bool) -> Float { Float(x + 3 * y + (across ? 1 : 0)) }
        var totals: [String: (length: Int, steps: Float)] = [:]
        labels.withUnsafeBufferPointer { lab in
            forEachContactRun(lab, width: width, height: height, ignoring: 0, step: step) { a, b, length, sum in
                let key = "\(min(a, b))-\(max(a, b))", old = totals[key] ?? (0, 0)
                totals[key] = (old.length + length, old.steps + sum)
            }
        }
        var reference: [String: (length: Int, steps: Float)] = [:]
        for y in 0..<height {
            for x in 0..<width {
                let a = labels[y * width + x]
                for (nx, ny, across) in [(x + 1, y, true), (x, y + 1, false)] where nx < width && ny < height {
                    let b = labels[ny * width + nx]
                    guard a != 0 && b != 0 && a != b else { continue }
                    let key = "\(min(a, b))-\(max(a, b))", old = reference[key] ?? (0, 0)
                    reference[key] = (old.length + 1, old.steps + step(x, y, across))
                }
            }
        }
        #expect(reference.count >= 3, "the blobs meet")
        #expect(totals.mapValues(\.length) == reference.mapValues(\.length))
        #expect(totals.mapValues(\.steps) == reference.mapValues(\.steps))
    }
}
