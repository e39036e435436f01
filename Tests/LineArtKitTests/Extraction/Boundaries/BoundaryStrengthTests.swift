import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct BoundaryStrengthTests {
    static let plain = BoundaryStrengthParameters(scales: [1, 2, 4], chromaWeight: 1, surroundStrength: 0, surroundSigma: 0)

    @Test func aStepReadsItsHeightAcrossIt() {
        // L* 40 | L* 60 at x = 32: a vertical step of ΔE 20.
        let image = TestImages.lab(width: 64, height: 32) { x, _ in x < 32 ? (40, 0, 0) : (60, 0, 0) }
        let s = boundaryStrength(image, parameters: Self.plain)
        let atEdge = s.magnitude[16 * 64 + 31]
        #expect(atEdge > 14 && atEdge < 24)
        #expect(abs(s.alongX[16 * 64 + 31] - atEdge) < 1e-4)
        #expect(s.alongY[16 * 64 + 31] < 0.01)
        #expect(s.magnitude[16 * 64 + 5] < 0.5)    // flat, far from the step
    }

    @Test func aChangeThatShowsAtOneScaleOnlyIsWeak() {
        // Left: stripes of L* 40/60, 3 px wide, which the finest scale sees and the coarsest
        // blurs away; right: one step of the same height, which every scale sees. The plain
        // mean of the scales read the stripes at a third of the step.
        let image = TestImages.lab(width: 160, height: 32) { x, _ in
            if x < 80 { return (x / 3) % 2 == 0 ? (40, 0, 0) : (60, 0, 0) }
            return x < 120 ? (40, 0, 0) : (60, 0, 0)
        }
        let s = boundaryStrength(image, parameters: Self.plain)
        let step = s.magnitude[16 * 160 + 119]
        let stripes = (20..<60).map { s.magnitude[16 * 160 + $0] }.max()!
        #expect(step > 14)
        #expect(stripes < step / 20, "stripes \(stripes), step \(step)")
    }

    @Test func aStepThroughTheInputBlurReadsItsHeight() {
        // The step of ΔE 20 already blurred by a Gaussian of 3 px, as a preset's blur leaves it.
        let sharp = TestImages.lab(width: 64, height: 32) { x, _ in x < 32 ? (40, 0, 0) : (60, 0, 0) }
        let blurred = gaussianBlur(sharp, sigma: 3)
        var told = Self.plain
        told.inputBlur = 3
        let read = boundaryStrength(blurred, parameters: told).magnitude[16 * 64 + 31]
        let unaware = boundaryStrength(blurred, parameters: Self.plain).magnitude[16 * 64 + 31]
        #expect(read > 16 && read < 24, "read \(read)")
        #expect(unaware < 12, "without the input blur \(unaware)")
    }

    @Test func chromaCountsWithItsWeight() {
        let image = TestImages.lab(width: 64, height: 32) { x, _ in x < 32 ? (50, -10, 0) : (50, 10, 0) }
        let one = boundaryStrength(image, parameters: Self.plain).magnitude[16 * 64 + 31]
        var doubled = Self.plain
        doubled.chromaWeight = 2
        let two = boundaryStrength(image, parameters: doubled).magnitude[16 * 64 + 31]
        #expect(abs(two - 2 * one) < 0.01 * one)
    }

    @Test func surroundInhibitionKeepsAnOutlineAndDropsTexture() {
        // Left half: stripes of L* 40/60, 3 px wide (texture); right half: one step of the
        // same height between flat areas (an outline).
        let image = TestImages.lab(width: 160, height: 64) { x, _ in
            if x < 80 { return (x / 3) % 2 == 0 ? (40, 0, 0) : (60, 0, 0) }
            return x < 120 ? (40, 0, 0) : (60, 0, 0)
        }
        var inhibited = Self.plain
        inhibited.surroundStrength = 1
        inhibited.surroundSigma = 6
        let s = boundaryStrength(image, parameters: inhibited)
        let outline = s.magnitude[32 * 160 + 119]
        let texture = (20..<60).map { s.magnitude[32 * 160 + $0] }.max()!
        #expect(outline > 8)
        #expect(texture < outline / 4)
    }
}

@Suite struct BoundaryStrengthEnlargingTests {
    @Test func anEnlargedStrengthKeepsItsValuesInDeltaE() {
        // A vertical step of ΔE 20 measured at 40 px wide, enlarged to 100 px: the crest keeps
        // its height and moves with the step, from x = 20 to x = 50.
        let lab = FloatImage(width: 40, height: 8, channels: 3,
                             samples: (0..<(40 * 8)).flatMap { i -> [Float] in [i % 40 < 20 ? 40 : 60, 0, 0] })
        let measured = boundaryStrength(lab, parameters: BoundaryStrengthParameters(scales: [1], chromaWeight: 1,
                                                                                   surroundStrength: 0, surroundSigma: 0))
        let big = measured.enlarged(to: ImageSize(width: 100, height: 20))
        #expect(big.width == 100 && big.height == 20 && big.magnitude.count == 2000)
        let row = Array(big.magnitude[(10 * 100)..<(11 * 100)])
        let crest = row.indices.max { row[$0] < row[$1] }!
        #expect((48...51).contains(crest), "crest at \(crest)")
        #expect(abs(row.max()! - measured.magnitude.max()!) < 0.15 * measured.magnitude.max()!)
        #expect(big.alongY.allSatisfy { $0 < 1e-3 }, "no change along y")
        #expect(measured.enlarged(to: ImageSize(width: 40, height: 8)).magnitude == measured.magnitude)
    }
}
