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

    @Test func aPlateauBetweenTwoValleysIsSharedAtItsMiddle() {
        // Valleys at x = 2 and x = 37, a plateau of level 5 from x = 5 to x = 34: each valley's
        // flood enters the plateau from its own side and they meet in the middle.
        let w = 40, h = 6
        let relief = (0..<(w * h)).map { i -> Float in
            let x = i % w
            return Float(min(5, abs(x - 2), abs(x - 37)))
        }
        let (labels, count) = watershedBasins(relief, width: w, height: h)
        #expect(count == 2)
        for y in 0..<h {
            let row = Array(labels[(y * w)..<(y * w + w)])
            #expect(Set(row[0...19]).count == 1)
            #expect(Set(row[20...]).count == 1)
            #expect(row[0] != row[w - 1])
        }
    }

    @Test func aMirroredOrTurnedReliefGivesTheMirroredOrTurnedBasins() {
        // Blurred noise on a coarse scale of 12 levels: wide plateaus, where a flood that
        // followed the pixels' storage order would sweep from the top left.
        let w = 64, h = 48
        var rng = SplitMix64(seed: 11)
        let noise = FloatImage(width: w, height: h, samples: (0..<(w * h)).map { _ in Float.random(in: 0..<1, using: &rng) })
        let relief = gaussianBlur(noise, sigma: 3).samples
        let (labels, _) = watershedBasins(relief, width: w, height: h, levels: 12)
        /// The basins of `relief` turned by `orientation` (its own inverse), turned back.
        func basinsTurned(_ orientation: EXIFOrientation) -> [Int32] {
            let turned = FloatImage(width: w, height: h, samples: relief).oriented(orientation)
            let (basins, _) = watershedBasins(turned.samples, width: turned.width, height: turned.height, levels: 12)
            return Image(width: turned.width, height: turned.height, samples: basins).oriented(orientation).samples
        }
        #expect(agreement(labels, basinsTurned(.mirrorHorizontal)) > 0.99)
        #expect(agreement(labels, basinsTurned(.transpose)) > 0.99)
    }

    /// The share of pixels whose basin in `b` is the one most of their basin in `a` maps to.
    private func agreement(_ a: [Int32], _ b: [Int32]) -> Double {
        var votes: [Int32: [Int32: Int]] = [:]
        for (x, y) in zip(a, b) { votes[x, default: [:]][y, default: 0] += 1 }
        let agreeing = votes.values.reduce(0) { $0 + ($1.values.max() ?? 0) }
        return Double(agreeing) / Double(a.count)
    }
}
