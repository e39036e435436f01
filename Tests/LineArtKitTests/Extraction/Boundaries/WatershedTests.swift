import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct WatershedTests {
    @Test func twoValleysMeetOnTheirRidge() {
        // Relief |x - 10| for x < 20 and |x - 30| beyond: valleys at 10 and 30, ridge at 20.
        let w = 40, h = 8
        let relief = (0..<(w * h)).map { i -> Float in
            let x = i % w
            return Float(x < 20 ? abs(x - 10) : abs(x - 30))
        }
        let (labels, count) = watershedBasins(relief, width: w, height: h)
        #expect(count == 2)
        for y in 0..<h {
            #expect(Set(labels[(y * w)..<(y * w + 19)]).count == 1)
            #expect(Set(labels[(y * w + 21)..<(y * w + w)]).count == 1)
            #expect(labels[y * w] != labels[y * w + w - 1])
        }
    }

    @Test func aFlatReliefIsOneBasin() {
        let (labels, count) = watershedBasins([Float](repeating: 3, count: 50), width: 10, height: 5)
        #expect(count == 1)
        #expect(Set(labels) == [0])
    }

    @Test func everyPixelGetsABasin() {
        var rng = SplitMix64(seed: 7)
        let relief = (0..<(33 * 21)).map { _ in Float.random(in: 0..<1, using: &rng) }
        let (labels, count) = watershedBasins(relief, width: 33, height: 21)
        #expect(labels.allSatisfy { $0 >= 0 && Int($0) < count })
        #expect(Set(labels).count == count)
    }
}
