import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtCodecs

@Suite struct ToneStretchTests {
    /// L* rising from `low` to `high` across 100 columns, a* 10 and b* −10 everywhere.
    static func ramp(from low: Float, to high: Float) -> FloatImage {
        TestImages.lab(width: 100, height: 10) { x, _ in (low + (high - low) * Float(x) / 99, 10, -10) }
    }

    @Test func aWideRangeIsLeftAsItIs() {
        #expect(ToneStretch(of: Self.ramp(from: 10, to: 90)) == .identity)
        #expect(ToneStretch(of: Self.ramp(from: 20, to: 80), minRange: 0) == .identity)
    }

    @Test func aNarrowRangeIsWidenedToTheMinimumAboutItsMiddle() {
        var lab = Self.ramp(from: 40, to: 75)
        let tone = ToneStretch(of: lab)
        #expect(abs(tone.gain - 2) < 0.02, "35 L* widened to 70: \(tone)")
        #expect(abs(tone.centre - 57.5) < 0.5 && tone.newCentre == tone.centre)
        tone.apply(to: &lab)
        #expect(abs(lab[0, 0, 0] - 22.5) < 1.5 && abs(lab[99, 0, 0] - 92.5) < 1.5, "\(lab[0, 0, 0])...\(lab[99, 0, 0])")
        #expect(abs(lab[50, 5, 1] - 20) < 0.5 && abs(lab[50, 5, 2] + 20) < 0.5, "colour scaled alike")
        let undone = tone.undone(l: Double(lab[50, 5, 0]), a: Double(lab[50, 5, 1]), b: Double(lab[50, 5, 2]))
        #expect(abs(undone.l - Double(40 + 35 * Float(50) / 99)) < 0.01 && abs(undone.a - 10) < 0.01)
    }

    @Test func aDarkPhotoIsWidenedAtMostThreefoldAndKeptInsideTheScale() {
        var lab = Self.ramp(from: 2, to: 18)
        let tone = ToneStretch(of: lab)
        #expect(tone.gain == ToneStretch.defaultMaxGain)
        tone.apply(to: &lab)
        #expect(lab[0, 0, 0] >= 0 && abs(lab[99, 0, 0] - lab[0, 0, 0] - 48) < 1, "16 L* x3, none cut off")
    }

    /// The cat photo 3.3x darker (each sRGB value x0.3): its page was blank, and now has most
    /// of the photo's own page's shapes.
    @Test func aDarkPhotoGivesNearlyThePageOfThePhoto() throws {
        let photo = try decodeImage(atPath: Fixtures.repositoryRoot.appendingPathComponent("SampleImages/chelsea.png").path,
                                    options: DecodeOptions()).image
        var dark = photo
        for i in dark.samples.indices { dark.samples[i] = UInt8(Float(dark.samples[i]) * 0.3) }
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("pet"))
        let page = pipeline.run(photo, subject: nil).fillability
        let darkPage = pipeline.run(dark, subject: nil).fillability
        #expect(page.regionCount >= 10)
        #expect(2 * darkPage.regionCount >= page.regionCount, "\(darkPage.regionCount) of \(page.regionCount) regions")
    }
}
