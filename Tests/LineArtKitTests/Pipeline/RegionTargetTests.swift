import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `regionTarget`: a cap on the regions engine's count, for simpler pages.
@Suite struct RegionTargetTests {
    @Test func zeroCapsTheCountAtTheTargetsMaximumOnly() {
        var settings = LineArtSettings()
        #expect(settings.regionTarget == 0)
        #expect(ExtractionParameters(settings, targets: .standard).maxRegions == FillabilityTargets.standard.maxRegions)
        #expect(ExtractionParameters(settings, targets: .toddler).maxRegions == FillabilityTargets.toddler.maxRegions)
        settings.regionTarget = 20
        #expect(ExtractionParameters(settings, targets: .standard).maxRegions == 20)
        settings.regionTarget = 1000
        #expect(ExtractionParameters(settings, targets: .standard).maxRegions == FillabilityTargets.standard.maxRegions)
    }

    @Test func outOfRangeIsAnErrorNamingTheRange() {
        var settings = LineArtSettings()
        #expect(throws: SettingsError.outOfRange(field: "regionTarget", value: "1001", range: "0...1000")) {
            try settings.set("regionTarget", to: "1001")
        }
        #expect(throws: SettingsError.self) { try settings.set("regionTarget", to: "-1") }
        try? settings.set("regionTarget", to: "40")
        #expect(settings.regionTarget == 40)
    }

    /// On a real photo a low target gives a simpler page, and a high one cannot add lines
    /// the photo does not have: above the count the boundaries give, it changes nothing.
    @Test func itSimplifiesARealPhotoAndAddsNoLines() throws {
        let path = repositoryRoot.appendingPathComponent("SampleImages/fruits.jpg").path
        var preset = try BuiltinPresets.named("object")
        preset.settings.regionTarget = 0
        let photo = try decodeImage(atPath: path, options: DecodeOptions(targetMaxDimension: 768)).image
        func regions(_ target: Int) throws -> Int {
            var p = preset
            p.settings.regionTarget = target
            return try LineArtPipeline(preset: p).run(photo).fillability.regionCount
        }
        let simple = try regions(20), uncapped = try regions(0)
        #expect(simple < uncapped, "regions at 20 and uncapped: \(simple), \(uncapped)")
        #expect(simple <= 30, "a simple page: \(simple) regions")
        #expect(try regions(1000) == uncapped)
    }
}
