import Testing
import LineArtKit

@Suite struct DistanceTransformTests {
    @Test(arguments: [(1, 1), (1, 9), (12, 1), (7, 7), (23, 17), (40, 31)])
    func squaredEuclideanMatchesBruteForce(width: Int, height: Int) {
        for (k, p) in [0.005, 0.03, 0.2, 0.8].enumerated() {
            let m = MorphFixtures.randomMask(width: width, height: height, inkProbability: p,
                                             seed: UInt64(width * 131 + height * 7 + k))
            #expect(DistanceTransform.squaredEuclidean(m).samples
                    == MorphBrute.squaredDistances(m, to: 0), "ink p=\(p)")
            #expect(DistanceTransform.squaredEuclidean(m, toValue: 255).samples
                    == MorphBrute.squaredDistances(m, to: 255), "paper p=\(p)")
        }
    }

    @Test func singleTargetInCornerGivesFarCornerDistance() {
        var m = ByteImage(width: 50, height: 30, repeating: 255)
        m[0, 0] = 0
        let d = DistanceTransform.squaredEuclidean(m)
        #expect(d[49, 29] == 49 * 49 + 29 * 29)
        #expect(d[0, 0] == 0)
        #expect(d[3, 4] == 25)
    }

    @Test func noTargetGivesUnreachableEverywhere() {
        let m = ByteImage(width: 9, height: 4, repeating: 255)
        let d = DistanceTransform.squaredEuclidean(m)
        #expect(d.samples.allSatisfy { $0 == DistanceTransform.unreachable })
        #expect(DistanceTransform.unreachable == Int32.max)
        #expect(DistanceTransform.squaredEuclidean(ByteImage(width: 0, height: 0, samples: [])).samples.isEmpty)
    }

    @Test func predicateFormSupportsLabelImages() {
        // Distance to the nearest pixel outside label 1: inscribed-circle radius² of the region.
        let w = 11, h = 11
        let labels = (0..<(w * h)).map { i -> Int in
            let x = i % w, y = i / w
            return (x >= 1 && x <= 9 && y >= 1 && y <= 9) ? 1 : 0
        }
        let d = DistanceTransform.squaredEuclidean(width: w, height: h) { labels[$0] != 1 }
        #expect(d.samples.max() == 25)  // centre (5,5) is 5 px from the ring of label 0
        #expect(d[5, 5] == 25)
    }
}
