import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct ModeFilterTests {
    @Test func aWigglyBorderStraightens() {
        // Two halves split at x = 30 ± a 2-px zigzag.
        let width = 60, height = 40
        let labels = (0..<(width * height)).map { i -> Int32 in
            let x = i % width, y = i / width
            return x < 30 + (y % 4 < 2 ? 2 : -2) ? 0 : 1
        }
        let smooth = modeFilter(labels, width: width, height: height, radius: 4, passes: 2, threads: 1)
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
        let smooth = modeFilter(labels, width: width, height: height, radius: 4, passes: 2, threads: 1)
        #expect(!smooth.contains(2))
        #expect(smooth[30 * width + 25] == 1)
        let disc = smooth.filter { $0 == 1 }.count
        let before = labels.filter { $0 == 1 }.count
        #expect(abs(disc - before) < before / 10, "the disc keeps its area: \(before) -> \(disc)")
    }

    @Test func aSingleLabelIsUnchanged() {
        let labels = [Int32](repeating: 7, count: 30 * 20)
        #expect(modeFilter(labels, width: 30, height: 20, radius: 3, passes: 2, threads: 1) == labels)
    }
}

extension ModeFilterTests {
    /// Every pixel votes over its whole clamped disc: the definition, without shortcuts.
    static func reference(_ labels: [Int32], width: Int, height: Int, radius: Int, passes: Int) -> [Int32] {
        var offsets: [(Int, Int)] = []
        for dy in -radius...radius { for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { offsets.append((dx, dy)) } }
        var current = labels
        for _ in 0..<passes {
            var next = current
            for y in 0..<height {
                for x in 0..<width {
                    var order: [Int32] = []
                    var votes: [Int32: Int] = [:]
                    for (dx, dy) in offsets {
                        let l = current[min(height - 1, max(0, y + dy)) * width + min(width - 1, max(0, x + dx))]
                        if votes[l] == nil { order.append(l) }
                        votes[l, default: 0] += 1
                    }
                    var best = current[y * width + x]
                    var bestVotes = votes[best] ?? 0
                    for l in order where votes[l]! > bestVotes { best = l; bestVotes = votes[l]! }
                    next[y * width + x] = best
                }
            }
            current = next
        }
        return current
    }

    @Test(arguments: [1, 2, 3])
    func matchesTheFullVoteForAnyThreadCount(seed: UInt64) {
        // Blobby labels: a few random discs of labels 1...4 over a noisy two-label field.
        var rng = TuningRandom(seed: seed)
        let width = 57, height = 41
        var labels = (0..<(width * height)).map { i -> Int32 in
            (i % width) + rng.int(in: -3...3) < width / 2 ? 0 : 1
        }
        for _ in 0..<6 {
            let cx = rng.int(in: 0...(width - 1)), cy = rng.int(in: 0...(height - 1)), r = rng.int(in: 2...9)
            let l = Int32(rng.int(in: 2...4))
            for y in 0..<height { for x in 0..<width where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r { labels[y * width + x] = l } }
        }
        for radius in [2, 4] {
            let expected = Self.reference(labels, width: width, height: height, radius: radius, passes: 2)
            for threads in [1, 2, 3] {
                #expect(modeFilter(labels, width: width, height: height, radius: radius, passes: 2, threads: threads) == expected,
                        "radius \(radius), \(threads) threads")
            }
        }
    }
}
