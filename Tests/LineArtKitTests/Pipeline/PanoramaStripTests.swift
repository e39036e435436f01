import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms
@testable import LineArtPipeline

/// A photo far wider than it is high (a panorama strip, 500:1) shrinks to a thumbnail one
/// pixel high for the subject search: no face fits, and nothing may divide it further.
@Suite struct PanoramaStripTests {
    static let strip = TestImages.rectangle(width: 20_000, height: 40, x0: 9_000, y0: 10, x1: 11_000, y1: 30,
                                            fill: (40, 40, 40), background: (200, 200, 200))

    @Test(arguments: [1, 2])
    func theSubjectSearchOfAStripFindsNoFace(threads: Int) {
        #expect(SubjectFinder().find(in: Self.strip, threads: threads)?.cue != .face)
    }

    @Test(arguments: BuiltinPresets.names)
    func aPanoramaStripGivesAPageAtEveryPreset(_ name: String) throws {
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named(name))
        let subject = SubjectFinder().find(in: Self.strip, threads: 2)
        let result = pipeline.run(Self.strip, subject: subject)
        #expect(result.lineArt.width > 0 && result.lineArt.height > 0)
    }
}
