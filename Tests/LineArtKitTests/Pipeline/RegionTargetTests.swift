import Foundation
import Testing
@testable import LineArtKit

/// `regionTarget`: the page's level of detail on the regions engine.
@Suite struct RegionTargetTests {
    @Test func zeroDerivesTheTargetFromTheFillabilityTargets() {
        var settings = LineArtSettings()
        #expect(settings.regionTarget == 0)
        #expect(ExtractionParameters(settings, targets: .standard).targetSegments == 125)
        #expect(ExtractionParameters(settings, targets: .standard).minSegments == 55)
        #expect(ExtractionParameters(settings, targets: .toddler).targetSegments == 15)

        settings.regionTarget = 300
        #expect(ExtractionParameters(settings, targets: .standard).targetSegments == 300)
        #expect(ExtractionParameters(settings, targets: .standard).minSegments == 55)
        // A target under the background simplification's floor lowers the floor with it.
        settings.regionTarget = 20
        #expect(ExtractionParameters(settings, targets: .standard).targetSegments == 20)
        #expect(ExtractionParameters(settings, targets: .standard).minSegments == 20)
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

    /// On a real photo the setting steers the number of regions both ways, and 0 is the
    /// standard pages' 125 segments (the object preset itself asks for 100). (More detail is bounded by what the first segmentation found: at
    /// 512 px this photo has no more than the 125 segments' page, 62 regions, to give.)
    @Test func itSteersTheRegionCountOfARealPhoto() throws {
        let path = repositoryRoot.appendingPathComponent("SampleImages/fruits.jpg").path
        let preset = try BuiltinPresets.named("object")
        let photo = try decodeImage(atPath: path, options: DecodeOptions(targetMaxDimension: 768)).image
        func regions(_ target: Int) throws -> Int {
            var p = preset
            p.settings.regionTarget = target
            return try LineArtPipeline(preset: p).run(photo).fillability.regionCount
        }
        let simple = try regions(20), derived = try regions(0), detailed = try regions(250)
        #expect(simple < derived && derived < detailed, "regions at 20, 0 (125), 250: \(simple), \(derived), \(detailed)")
        #expect(simple <= 30, "a simple page: \(simple) regions")
        #expect(try regions(125) == derived)
    }
}
