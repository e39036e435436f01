import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `markWithinDisk` against the exact distance transform it replaces.
@Suite struct DiskReachTests {
    @Test(arguments: [(1, 1), (17, 1), (1, 13), (31, 23), (40, 9), (64, 40), (200, 50)])
    func matchesDistanceTransform(width: Int, height: Int) {
        var state: UInt64 = UInt64(width * 1000 + height)
        for density in [0, 1, 5, 30] {   // percent of target pixels (0: none at all)
            var mask = [Bool](repeating: false, count: width * height)
            for i in mask.indices {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                mask[i] = Int(state % 100) < density
            }
            let distances = DistanceTransform.squaredEuclidean(width: width, height: height) { mask[$0] }
            for radius in [0, 1, 2, 3, 5, 9] {
                let expected = distances.samples.map { $0 <= Int32(radius * radius) ? UInt8(1) : 0 }
                // Light targets on dark, and dark targets (ink) on light.
                for (targets, target, other) in [(UInt8(128)...255, UInt8(200), UInt8(3)), (0...127, 3, 200)] {
                    let source = mask.map { $0 ? target : other }
                    for threads in [1, 2, 3] {
                        var within = [UInt8](repeating: 7, count: width * height)
                        source.withUnsafeBufferPointer { source in
                            within.withUnsafeMutableBufferPointer { out in
                                markWithinDisk(source.baseAddress!, targets: targets, width: width, height: height,
                                               radius: radius, out: out.baseAddress!, threads: threads)
                            }
                        }
                        #expect(within == expected, "radius \(radius), density \(density)%, threads \(threads)")
                    }
                }
            }
        }
    }
}
