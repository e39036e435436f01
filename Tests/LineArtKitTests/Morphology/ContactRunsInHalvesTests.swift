import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// ``forEachContactRunInHalves(_:width:height:ignoring:threads:step:_:)`` gives the runs of
/// the one-thread scan, in the same order, with bit-identical step sums.
@Suite struct ContactRunsInHalvesTests {
    struct Run: Equatable, CustomStringConvertible {
        let a: Int32, b: Int32, length: Int, stepBits: UInt32
        var description: String { "\(a)-\(b)×\(length)" }
    }

    /// Every run of both scans, with a step that differs from contact to contact (so the sums
    /// depend on the order of their additions).
    static func runs(_ labels: [Int32], width: Int, height: Int, threads: Int?) -> [Run] {
        var runs: [Run] = []
        labels.withUnsafeBufferPointer { lab in
            let step: @Sendable (Int, Int, Bool) -> Float = { x, y, across in
                Float((x &* 7 &+ y &* 13) % 17) * 0.1 + (across ? 0.013 : 0.029)
            }
            let body = { (a: Int32, b: Int32, length: Int, sum: Float) in
                runs.append(Run(a: a, b: b, length: length, stepBits: sum.bitPattern))
            }
            if let threads {
                forEachContactRunInHalves(lab, width: width, height: height, ignoring: 0, threads: threads,
                                          step: step, body)
            } else {
                forEachContactRun(lab, width: width, height: height, ignoring: 0, step: step, body)
            }
        }
        return runs
    }

    /// Blocks of a few labels (long runs along their borders, many crossing the middle row),
    /// some pixels ignored, some noise.
    static func blocks(width: Int, height: Int, block: Int, labels: Int32, seed: UInt64) -> [Int32] {
        var random = SplitMix64(seed: seed)
        let columns = (width + block - 1) / block, rows = (height + block - 1) / block
        let grid = (0..<(columns * rows)).map { _ in Int32(random.next() % UInt64(labels)) + 1 }
        return (0..<(width * height)).map { i in
            let x = i % width, y = i / width
            let noise = random.next() % 40
            if noise == 0 { return 0 }
            if noise == 1 { return Int32(random.next() % UInt64(labels)) + 1 }
            return grid[(y / block) * columns + x / block]
        }
    }

    @Test(arguments: [(48, 40, 5, Int32(3), UInt64(1)), (97, 64, 9, 4, 2), (33, 71, 3, 2, 3), (5, 120, 2, 3, 4),
                      (200, 33, 30, 2, 5), (64, 64, 64, 1, 6)])
    func theHalvesGiveTheOneThreadRuns(width: Int, height: Int, block: Int, labels: Int32, seed: UInt64) {
        let image = Self.blocks(width: width, height: height, block: block, labels: labels, seed: seed)
        let one = Self.runs(image, width: width, height: height, threads: nil)
        for threads in [1, 2] {
            let halves = Self.runs(image, width: width, height: height, threads: threads)
            #expect(halves == one, "threads \(threads): \(halves.count) runs against \(one.count)")
        }
    }

    /// Two labels side by side: the across run between them goes on through every row, past
    /// the middle; a ring of a third label below the middle row; an empty lower half.
    @Test func runsThroughTheMiddleRowAndALowerHalfWithoutContacts() {
        let width = 20, height = 40
        let sideBySide = (0..<(width * height)).map { i -> Int32 in i % width < 9 ? 1 : 2 }
        var ring = sideBySide
        for y in 25..<30 { for x in 3..<15 { ring[y * width + x] = (y == 25 || y == 29 || x == 3 || x == 14) ? 3 : 1 } }
        let upperOnly = (0..<(width * height)).map { i -> Int32 in i / width < 10 && i % width < 5 ? 1 : 2 }
        for image in [sideBySide, ring, upperOnly] {
            let one = Self.runs(image, width: width, height: height, threads: nil)
            #expect(one.count > 0)
            #expect(Self.runs(image, width: width, height: height, threads: 2) == one)
        }
    }
}
