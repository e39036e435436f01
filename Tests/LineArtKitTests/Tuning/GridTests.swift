import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct GridTests {
    @Test func parsesAndRangeChecksValues() throws {
        let axis = try GridAxis.parse("thickness=2,3, 4,3")
        #expect(axis.key == "thickness")
        #expect(axis.values == [.int(2), .int(3), .int(4)])
        #expect(try GridAxis.parse("blurAmount=0,1.5").values == [.double(0), .double(1.5)])
        #expect(try GridAxis.parse("simplifyRegions=true,off").values == [.bool(true), .bool(false)])
    }

    @Test func rejectsBadGrids() {
        #expect(throws: SettingsError.self) { try GridAxis.parse("thickness") }
        #expect(throws: SettingsError.unknownKey("thick", known: LineArtSettings.specs.map(\.name))) {
            try GridAxis.parse("thick=2")
        }
        #expect(throws: SettingsError.outOfRange(field: "thickness", value: "9", range: "1...8")) {
            try GridAxis.parse("thickness=2,9")
        }
        #expect(throws: SettingsError.self) { try GridAxis.parse("thickness=2,,3") }
        #expect(throws: SettingsError.self) { try GridAxis.parse("denoise=two") }
    }

    @Test func cartesianProductVariesTheLastAxisFastest() throws {
        let base = LineArtSettings()
        let combos = try cartesianProduct([try GridAxis.parse("thickness=1,2"), try GridAxis.parse("denoise=0,3,5")], base: base)
        #expect(combos.count == 6)
        #expect(combos.map { [$0.thickness, $0.denoise] } == [[1, 0], [1, 3], [1, 5], [2, 0], [2, 3], [2, 5]])
        #expect(combos.allSatisfy { $0.maxDimension == base.maxDimension })
        #expect(try cartesianProduct([], base: base) == [base])
        #expect(combinationCount([try GridAxis.parse("thickness=1,2"), try GridAxis.parse("denoise=0,3,5")]) == 6)
    }

    @Test func theSameKeyTwiceIsAnError() throws {
        let axes = [try GridAxis.parse("thickness=1"), try GridAxis.parse("thickness=2")]
        #expect(throws: SettingsError.self) { try cartesianProduct(axes, base: LineArtSettings()) }
    }

    @Test func aGridLargerThanTheBudgetIsRefused() throws {
        let space = SearchSpace(base: LineArtSettings(), axes: [try GridAxis.parse("thickness=1,2,3")])
        #expect(throws: SettingsError.self) { try space.candidates(budget: 2, seed: 1) }
        #expect(try space.candidates(budget: 3, seed: 1).count == 3)
    }
}
