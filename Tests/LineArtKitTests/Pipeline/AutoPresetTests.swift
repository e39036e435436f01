import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct AutoPresetTests {
    static func result(passes: Bool, score: Double) -> FillabilityResult {
        var r = FillabilityValidator(minRegionArea: 10).validate(ByteImage(width: 4, height: 4, repeating: 255))
        r.passes = passes
        r.score = score
        return r
    }

    @Test func passingBeatsScoreAndEarlierBeatsLaterOnTies() {
        let results = [Self.result(passes: false, score: 0.99), Self.result(passes: true, score: 0.9),
                       Self.result(passes: true, score: 0.95), Self.result(passes: true, score: 0.95)]
        #expect(AutoPreset.best(results) == 2)
        #expect(AutoPreset.best([Self.result(passes: false, score: 0.5), Self.result(passes: false, score: 0.7)]) == 1)
        #expect(AutoPreset.best([]) == nil)
    }

    @Test func triesEveryBuiltInPresetOnce() {
        #expect(Set(AutoPreset.order) == Set(BuiltinPresets.names))
        #expect(AutoPreset.order.count == BuiltinPresets.names.count)
        #expect(AutoPreset.order.last == "toddler")
    }

    @Test func picksThePresetsMadeForWhatThePhotoIs() {
        let box = PixelRectangle(x: 0, y: 0, width: 10, height: 10)
        #expect(AutoPreset.presets(for: Subject(box: box, share: 0.1, confidence: 1, cue: .face)) == ["portrait"])
        #expect(AutoPreset.presets(for: Subject(box: box, share: 0.1, confidence: 0.5, cue: .focus)) == ["object", "pet"])
        #expect(AutoPreset.presets(for: Subject(box: box, share: 0.1, confidence: 0.5, cue: .contrast)) == ["object", "pet"])
        #expect(AutoPreset.presets(for: nil) == ["landscape", "abstract"])
        for names in [["portrait"], ["object", "pet"], ["landscape", "abstract"]] {
            #expect(names.allSatisfy(BuiltinPresets.names.contains))
        }
    }

    @Test func theConverterKeepsTheBestPage() throws {
        let presets = try AutoPreset.order.map { try BuiltinPresets.named($0) }
        let converter = try PhotoConverter(trying: presets)
        let input = BatchInput(path: repositoryRoot.appendingPathComponent("SampleImages/chelsea.png").path, relativePath: "chelsea.png")
        let (report, page) = try converter.render(input, pagePath: "/tmp/unused.png")
        #expect(!page.isEmpty)
        // Every fitting candidate's own result, to check the choice against.
        let decoded = try decodeImage(atPath: input.path, options: DecodeOptions(targetMaxDimension: 768))
        let subject = SubjectFinder().find(in: decoded.image)
        let tried = try presets.filter { AutoPreset.presets(for: subject).contains($0.name) }
        #expect(tried.count == 2)
        let results = try tried.map { try LineArtPipeline(preset: $0).run(decoded.image, subject: subject).fillability }
        let best = try #require(AutoPreset.best(results))
        #expect(report.preset == tried[best].name)
        #expect(report.fillability.score == results[best].score)
        #expect(report.subject?.cue == subject?.cue)
    }
}
