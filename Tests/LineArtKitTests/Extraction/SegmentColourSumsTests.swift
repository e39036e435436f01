import Testing
@testable import LineArtKit

/// `SegmentColourSums` adds runs of one label in registers: the sums must be bit for bit
/// those of adding one pixel at a time in scan order.
@Suite struct SegmentColourSumsTests {
    @Test func runsGiveThePlainScanOrderSums() {
        var state: UInt64 = 4242
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        let width = 61, height = 37, count = 9
        var labels = [Int32]()
        while labels.count < width * height {   // runs of 1 to 20 pixels
            labels += [Int32](repeating: Int32(next() % UInt64(count)), count: Int(next() % 20) + 1)
        }
        labels = Array(labels.prefix(width * height))
        let samples = (0..<(width * height * 3)).map { _ in Float(next() % 100_000) / 37 - 900 }
        let image = FloatImage(width: width, height: height, channels: 3, samples: samples)
        var areas = [Int](repeating: 0, count: count), sums = [Float](repeating: 0, count: count * 3)
        for i in labels.indices {
            let l = Int(labels[i])
            areas[l] += 1
            for c in 0..<3 { sums[3 * l + c] += samples[3 * i + c] }
        }
        let result = SegmentColourSums(labels, colours: image, count: count)
        #expect(result.areas == areas)
        #expect(result.sums.map(\.bitPattern) == sums.map(\.bitPattern))
    }
}
