import CPixelKernels
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `cpk_region_seeds`, the SSE2 scan behind ``nearestRegionLabels(_:)``'s seeds: the labelled
/// pixels with an unlabelled 4-neighbour, in scan order.
@Suite struct RegionSeedsTests {
    @Test(arguments: [(1, 1), (1, 7), (2, 3), (5, 4), (6, 6), (9, 2), (13, 5), (31, 9), (64, 3)])
    func theSeedsAreTheLabelledPixelsBesideUnlabelledOnes(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 100 + height))
        for density in [10, 50, 90] as [UInt64] {
            let labels = (0..<(width * height)).map { _ in random.next() % 100 < density ? Int32(0) : Int32(1 + random.next() % 3) }
            let expected = (0..<(width * height)).filter { i in
                let x = i % width, y = i / width
                guard labels[i] != 0 else { return false }
                return (x > 0 && labels[i - 1] == 0) || (x + 1 < width && labels[i + 1] == 0)
                    || (y > 0 && labels[i - width] == 0) || (y + 1 < height && labels[i + width] == 0)
            }.map { Int32($0) }
            var out = [Int32](repeating: -1, count: width * height)
            let count = cpk_region_seeds(labels, width, height, 0, height, &out)
            #expect(Array(out.prefix(count)) == expected, "\(width)x\(height), \(density)% unlabelled")
        }
    }
}
