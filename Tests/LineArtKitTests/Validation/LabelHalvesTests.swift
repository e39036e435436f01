import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// ``label(_:connectivity:threads:where:)`` gives the same map with the rows' halves on two
/// threads as with one.
@Suite struct LabelHalvesTests {
    /// Blobs, stripes and diagonal chains: components that cross the middle row, that meet
    /// the lower half's first row only at a corner, that are U-shaped across it.
    static func picture(width: Int, height: Int, seed: UInt64, density: UInt64) -> ByteImage {
        var random = SplitMix64(seed: seed)
        var samples = (0..<(width * height)).map { _ in random.next() % 100 < density ? UInt8(0) : 255 }
        let middle = height / 2
        for y in 0..<height where width > 6 {
            samples[y * width + 3] = 0                                  // a stripe down through the middle
            if y >= middle - 3 && y < middle + 3 {                      // a diagonal across the middle row
                samples[y * width + min(width - 1, 5 + y - middle + 3)] = 0
            }
        }
        return ByteImage(width: width, height: height, samples: samples)
    }

    @Test(arguments: [(64, 64, UInt64(1), UInt64(30)), (97, 130, 2, 45), (200, 65, 3, 55), (7, 300, 4, 50),
                      (1, 80, 5, 50), (128, 100, 6, 5), (50, 66, 7, 95)])
    func twoThreadsGiveTheOneThreadMap(width: Int, height: Int, seed: UInt64, density: UInt64) {
        let image = Self.picture(width: width, height: height, seed: seed, density: density)
        for connectivity in Connectivity.allCases {
            for select in [{ (v: UInt8) in v < 128 }, { (v: UInt8) in v >= 128 }] {
                let one = label(image, connectivity: connectivity, threads: 1, where: select)
                let two = label(image, connectivity: connectivity, threads: 2, where: select)
                let same = one == two  // (not expanded: maps print long)
                #expect(same, "\(connectivity): \(two.count) components against \(one.count)")
                #expect(one.count > 0)
            }
        }
    }
}
