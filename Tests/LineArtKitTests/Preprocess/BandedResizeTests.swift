import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms

@Suite struct BandedResizeTests {
    /// The byte fast path sums each band's input rows in a ring of its own: the result is
    /// the generic `Double` path's, bit for bit, for any number of bands.
    @Test(arguments: [(301, 203, 97, 61, 3), (640, 480, 211, 157, 1), (150, 400, 149, 57, 3)])
    func everyBandCountGivesTheExactMeans(_ c: (Int, Int, Int, Int, Int)) {
        var rng = SplitMix64(seed: 7)
        let image = ByteImage(width: c.0, height: c.1, channels: c.4,
                              samples: (0..<(c.0 * c.1 * c.4)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        let size = ImageSize(width: c.2, height: c.3)
        let reference: FloatImage = areaResample(image, to: size)
        for threads in 1...4 {
            #expect(areaResizeToFloat(image, to: size, threads: threads).samples == reference.samples, "threads \(threads)")
        }
    }
}
