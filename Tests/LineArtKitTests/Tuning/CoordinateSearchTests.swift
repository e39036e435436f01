import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct CoordinateSearchTests {
    @Test func levelsSpanEachRange() {
        #expect(CoordinateSearch.levels(of: .int(1...8)) == [.int(1), .int(3), .int(5), .int(6), .int(8)])
        #expect(CoordinateSearch.levels(of: .int(0...2)) == [.int(0), .int(1), .int(2)])
        #expect(CoordinateSearch.levels(of: .double(1...3)) == [.double(1), .double(1.5), .double(2), .double(2.5), .double(3)])
        #expect(CoordinateSearch.levels(of: .bool) == [.bool(false), .bool(true)])
        #expect(CoordinateSearch.levels(of: .choice(["edges", "regions"])) == [.string("edges"), .string("regions")])
    }

    /// A fake evaluation: the score rises as thickness nears 5 and denoise nears 0.
    static func evaluate(_ first: Int, _ candidates: [LineArtSettings], base: LineArtSettings) -> [TuningEvaluation] {
        candidates.enumerated().map { offset, s in
            let score = 1 - 0.05 * Double(abs(s.thickness - 5)) - 0.04 * Double(s.denoise)
            return TuningEvaluation(index: first + offset, settings: s, base: base,
                                    photos: [PhotoMetrics(input: "p", passes: score > 0.95, score: score)])
        }
    }

    @Test func findsTheBestLevelOfEachSettingAndNumbersEveryEvaluation() throws {
        let base = try BuiltinPresets.named("toddler").settings  // thickness 8, denoise 4
        let search = CoordinateSearch(base: base)
        let all = search.run(budget: 200) { Self.evaluate($0, $1, base: base) }
        #expect(all[0].settings == base)
        #expect(all.map(\.index) == Array(all.indices))
        #expect(Set(all.map { SearchSpace.key($0.settings) }).count == all.count, "no combination twice")
        let best = rankEvaluations(all)[0]
        #expect(best.settings.thickness == 5)
        #expect(best.settings.denoise == 0)
        #expect(best.settings.minRegionArea == base.minRegionArea)
        // Deterministic, and the budget caps the count.
        #expect(search.run(budget: 200) { Self.evaluate($0, $1, base: base) } == all)
        #expect(search.run(budget: 7) { Self.evaluate($0, $1, base: base) }.count == 7)
    }

    /// Ctrl-C before the base preset's runs finished: its round comes back empty, and so
    /// does the search (tune then says nothing was evaluated), instead of trapping on `all[0]`.
    @Test func aFirstRoundCutShortEndsTheSearchWithNoEvaluations() throws {
        let search = CoordinateSearch(base: try BuiltinPresets.named("portrait").settings)
        var rounds = 0
        let all = search.run(budget: 10) { _, _ in
            rounds += 1
            return []
        }
        #expect(all.isEmpty)
        #expect(rounds == 1)
    }
}
