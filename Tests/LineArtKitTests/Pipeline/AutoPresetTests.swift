import Foundation
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
        #expect(AutoPreset.presets(for: Subject(box: box, share: 0.1, confidence: 0.5, cue: .focus)) == ["object"])
        #expect(AutoPreset.presets(for: Subject(box: box, share: 0.1, confidence: 0.5, cue: .contrast)) == ["object"])
        #expect(AutoPreset.presets(for: nil) == ["landscape"])
        for names in [["portrait"], ["object"], ["landscape"]] {
            #expect(names.allSatisfy(BuiltinPresets.names.contains))
        }
    }

    @Test func theConverterRunsThePresetMadeForThePhoto() throws {
        let presets = try AutoPreset.order.map { try BuiltinPresets.named($0) }
        let converter = try PhotoConverter(trying: presets)
        let input = BatchInput(path: repositoryRoot.appendingPathComponent("SampleImages/chelsea.png").path, relativePath: "chelsea.png")
        let (report, page) = try converter.render(input, pagePath: "/tmp/unused.png")
        #expect(!page.isEmpty)
        // The cat: one subject, so the object preset, and its page is that preset's page.
        let decoded = try decodeImage(atPath: input.path, options: DecodeOptions(targetMaxDimension: 768))
        let subject = SubjectFinder().find(in: decoded.image)
        let names = AutoPreset.presets(for: subject)
        #expect(names == ["object"])
        let result = try LineArtPipeline(preset: BuiltinPresets.named(names[0])).run(decoded.image, subject: subject)
        #expect(report.preset == "object")
        #expect(report.fillability.score == result.fillability.score)
        #expect(report.subject?.cue == subject?.cue)
    }

    /// The cat saved again as JPEG at quality 90 gets the same preset: picked by the better
    /// fillability score between object and pet, a re-encode changed the preset of 13 of 50
    /// dev photos.
    @Test func aReEncodedPhotoGetsTheSamePreset() throws {
        let presets = try AutoPreset.order.map { try BuiltinPresets.named($0) }
        let converter = try PhotoConverter(trying: presets)
        let path = repositoryRoot.appendingPathComponent("SampleImages/chelsea.png").path
        let photo = try decodeImage(atPath: path).image
        let jpeg = try Fixtures.jpeg(photo.samples, width: photo.width, height: photo.height,
                                     components: photo.channels, quality: 90)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("auto-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("chelsea.jpg")
        try Data(jpeg).write(to: copy)
        let original = try converter.render(BatchInput(path: path, relativePath: "chelsea.png"), pagePath: "/tmp/unused.png").0
        let reEncoded = try converter.render(BatchInput(path: copy.path, relativePath: "chelsea.jpg"), pagePath: "/tmp/unused.png").0
        #expect(original.preset == reEncoded.preset)
    }
}
