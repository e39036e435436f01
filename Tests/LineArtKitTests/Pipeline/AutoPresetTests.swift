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

    @Test func theConverterKeepsTheBestPage() throws {
        let presets = try AutoPreset.order.map { try BuiltinPresets.named($0) }
        let converter = try PhotoConverter(trying: presets)
        let input = BatchInput(path: repositoryRoot.appendingPathComponent("SampleImages/chelsea.png").path, relativePath: "chelsea.png")
        let (report, page) = try converter.render(input, pagePath: "/tmp/unused.png")
        #expect(!page.isEmpty)
        // Every candidate's own result, to check the choice against.
        let decoded = try decodeImage(atPath: input.path, options: DecodeOptions(targetMaxDimension: 768))
        let results = try presets.map { try LineArtPipeline(preset: $0).run(decoded.image).fillability }
        let best = try #require(AutoPreset.best(results))
        #expect(report.preset == presets[best].name)
        #expect(report.fillability.score == results[best].score)
    }
}
