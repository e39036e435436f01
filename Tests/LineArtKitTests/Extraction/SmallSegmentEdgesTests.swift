import Testing
@testable import LineArtKit

/// ``SmallSegmentEdges`` lists exactly the sorted keys with a flagged pixel, in their order.
@Suite struct SmallSegmentEdgesTests {
    @Test(arguments: [(37, 23, UInt64(1), 20), (64, 48, 2, 3), (1, 9, 3, 4), (11, 1, 4, 2), (9, 30, 5, 1), (90, 70, 6, 50)])
    func theListIsTheFilteredKeys(width: Int, height: Int, seed: UInt64, oneIn: Int) {
        let image = GraphSegmentationReferenceTests.randomImage(width: width, height: height, channels: 3, seed: seed)
        let buckets = 64
        let edges = SortedGridEdges(image, buckets: buckets, quantum: 0.5, borderWeight: 1, band: 1, threads: 1)
        var random = SplitMix64(seed: seed &+ 100)
        // Flags in patches (small segments) and alone, some at the image's edges.
        var flags = (0..<(width * height)).map { _ in UInt8(random.next() % UInt64(oneIn) == 0 ? 1 : 0) }
        flags[0] = 1
        flags[flags.count - 1] = 1
        let flagged = flags.reduce(0) { $0 + Int($1) }
        let expected = edges.keys.filter { key in
            let p = Int(key >> 2), q = p + edges.neighbourOffset[Int(key & 3)]
            return flags[p] == 1 || flags[q] == 1
        }
        let listed = flags.withUnsafeBufferPointer { flag in
            edges.weights.withUnsafeBufferPointer { weights in
                SmallSegmentEdges(touchesSmall: flag.baseAddress!, flagged: flagged, width: width, height: height,
                                  weights: weights.baseAddress!, buckets: buckets).keys
            }
        }
        #expect(!expected.isEmpty)
        let same = listed == expected  // (not expanded: arrays print long)
        #expect(same, "\(listed.count) keys listed, \(expected.count) expected")
    }
}
