import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct ThinningTests {
    static func inkCount(_ mask: ByteImage) -> Int { mask.samples.filter { $0 < 128 }.count }

    /// Paper regions (4-connected) and ink components (8-connected) of a mask.
    static func topology(_ mask: ByteImage) -> (paper: Int, ink: Int) {
        (label(mask, connectivity: .four, where: FillabilityValidator.isPaper).count,
         label(mask, connectivity: .eight, where: { $0 < 128 }).count)
    }

    @Test func aThickBarBecomesALineOnePixelWideOfAboutItsLength() {
        var mask = ByteImage(width: 40, height: 11, repeating: 255)
        for y in 3...7 { for x in 5...34 { mask[x, y] = 0 } }
        let thin = thinInk(mask)
        for x in 0..<40 {
            let column = (0..<11).filter { thin[x, $0] == 0 }.count
            #expect(column <= 1, "column \(x) keeps \(column) ink pixels")
        }
        let length = (0..<40).filter { x in (0..<11).contains { thin[x, $0] == 0 } }.count
        #expect(length >= 24 && length <= 30, "skeleton length \(length) of a 30 px bar")
        #expect(Self.topology(thin).ink == 1)
    }

    @Test func aThickRingStaysOneClosedRing() {
        var mask = ByteImage(width: 41, height: 41, repeating: 255)
        for y in 0..<41 {
            for x in 0..<41 {
                let d = ((Double(x) - 20) * (Double(x) - 20) + (Double(y) - 20) * (Double(y) - 20)).squareRoot()
                if d >= 11 && d <= 15 { mask[x, y] = 0 }
            }
        }
        let thin = thinInk(mask)
        #expect(Self.inkCount(thin) < Self.inkCount(mask) / 3)
        let (paper, ink) = Self.topology(thin)
        #expect(paper == 2 && ink == 1, "inside and outside, one ring: \(paper) paper regions, \(ink) ink parts")
    }

    @Test func oneLinesAndDiagonalsStayAsTheyAre() {
        var mask = ByteImage(width: 20, height: 20, repeating: 255)
        for i in 6..<18 { mask[i, i] = 0 }
        for x in 2..<18 { mask[x, 2] = 0 }
        #expect(thinInk(mask) == mask)
        let dot = ByteImage(width: 3, height: 3, samples: [255, 255, 255, 255, 0, 255, 255, 255, 255])
        #expect(thinInk(dot) == dot)
    }

    @Test func inkOnTheImageEdgeIsThinnedLikeAnyOther() {
        let full = ByteImage(width: 12, height: 4, repeating: 0)
        let thin = thinInk(full)
        #expect(Self.inkCount(thin) >= 8 && Self.inkCount(thin) <= 16, "\(Self.inkCount(thin))")
        #expect(Self.topology(thin).ink == 1)
    }
}
