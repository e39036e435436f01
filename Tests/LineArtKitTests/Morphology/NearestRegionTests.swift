import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// ``nearestRegionLabels(_:)`` (SSE2 seeds, then the flood) against the flood written out
/// plainly: seeds in scan order, first in first out, neighbours left, right, up, down.
@Suite struct NearestRegionTests {
    /// The plain breadth-first flood.
    static func reference(_ regions: LabelMap) -> [Int32] {
        let width = regions.width, height = regions.height
        var owner = regions.labels
        var queue: [Int] = []
        for i in 0..<(width * height) where owner[i] != 0 {
            let x = i % width, y = i / width
            if (x > 0 && owner[i - 1] == 0) || (x + 1 < width && owner[i + 1] == 0)
                || (y > 0 && owner[i - width] == 0) || (y + 1 < height && owner[i + width] == 0) {
                queue.append(i)
            }
        }
        var head = 0
        while head < queue.count {
            let i = queue[head]
            head += 1
            let x = i % width, y = i / width
            var neighbours: [Int] = []
            if x > 0 { neighbours.append(i - 1) }
            if x + 1 < width { neighbours.append(i + 1) }
            if y > 0 { neighbours.append(i - width) }
            if y + 1 < height { neighbours.append(i + width) }
            for j in neighbours where owner[j] == 0 {
                owner[j] = owner[i]
                queue.append(j)
            }
        }
        return owner
    }

    @Test(arguments: [(1, 1), (1, 9), (9, 1), (2, 2), (7, 5), (16, 16), (33, 17), (100, 61)])
    func theFloodMatchesThePlainOne(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 1000 + height))
        for inkShare in [5, 30, 60, 95] as [UInt64] {
            // Ink in strokes along rows and columns as well as dots, so that ink regions run
            // long and meet several paper regions.
            var pixels = [UInt8](repeating: 255, count: width * height)
            for i in pixels.indices where random.next() % 100 < inkShare { pixels[i] = 0 }
            for _ in 0..<(width + height) / 4 {
                let y = Int(random.next() % UInt64(height)), x = Int(random.next() % UInt64(width))
                for k in 0..<width { pixels[y * width + k] = 0 }
                for k in 0..<height where random.next() % 4 != 0 { pixels[k * width + x] = 0 }
            }
            let page = ByteImage(width: width, height: height, samples: pixels)
            let regions = label(page, connectivity: .four, where: FillabilityValidator.isPaper)
            let expected = Self.reference(regions)
            let got = nearestRegionLabels(regions)
            #expect(got == expected, "\(width)x\(height), \(inkShare)% ink")
        }
    }
}
