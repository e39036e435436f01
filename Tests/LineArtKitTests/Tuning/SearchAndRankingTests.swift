import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct SearchAndRankingTests {
    @Test func seededGeneratorIsReproducible() {
        var a = TuningRandom(seed: 42), b = TuningRandom(seed: 42), c = TuningRandom(seed: 43)
        let xs = (0..<5).map { _ in a.next() }
        #expect(xs == (0..<5).map { _ in b.next() })
        #expect(xs != (0..<5).map { _ in c.next() })
        var d = TuningRandom(seed: 1)
        for _ in 0..<1000 {
            let i = d.int(in: 3...7), x = d.double(in: 0.5...1.5)
            #expect((3...7).contains(i))
            #expect((0.5...1.5).contains(x))
        }
    }

    @Test func randomSearchIsReproducibleValidAndStartsWithTheBase() throws {
        let base = try BuiltinPresets.named("portrait").settings
        let space = SearchSpace(base: base, axes: [])
        let first = try space.candidates(budget: 12, seed: 7)
        #expect(first == (try space.candidates(budget: 12, seed: 7)))
        #expect(first != (try space.candidates(budget: 12, seed: 8)))
        #expect(first.count == 12)
        #expect(first[0] == base)
        #expect(Set(first.map(SearchSpace.key)).count == 12, "no duplicates")
        for s in first {
            try s.validate()
            #expect(s.minRegionArea == base.minRegionArea)
            #expect(s.faceFeatures == base.faceFeatures, "whether faces get features is not searched")
            #expect(s.frame == base.frame, "what the page shows is not searched")
        }
    }

    static func evaluation(_ index: Int, passes: [Bool], scores: [Double]) -> TuningEvaluation {
        let photos = zip(passes, scores).enumerated().map { PhotoMetrics(input: "p\($0.offset)", passes: $0.element.0, score: $0.element.1) }
        return TuningEvaluation(index: index, settings: LineArtSettings(), base: LineArtSettings(), photos: photos)
    }

    @Test func ranksByPassRateThenMeanScoreThenIndex() {
        let evaluations = [
            Self.evaluation(0, passes: [true, false], scores: [0.9, 0.9]),   // 50 %, 0.90
            Self.evaluation(1, passes: [true, true], scores: [0.6, 0.6]),    // 100 %, 0.60
            Self.evaluation(2, passes: [false, true], scores: [0.95, 0.95]), // 50 %, 0.95
            Self.evaluation(3, passes: [true, true], scores: [0.7, 0.5]),    // 100 %, 0.60 (tie with 1)
            Self.evaluation(4, passes: [false, false], scores: [1, 1]),      // 0 %
        ]
        #expect(rankEvaluations(evaluations).map(\.index) == [1, 3, 2, 0, 4])
        #expect(rankEvaluations(evaluations.reversed()).map(\.index) == [1, 3, 2, 0, 4])
        let e = evaluations[0]
        #expect(e.passRate == 0.5 && abs(e.meanScore - 0.9) < 1e-12)
    }

    @Test func changesListTheFieldsThatDifferFromTheBase() {
        var s = LineArtSettings()
        s.thickness = 5
        s.denoise = 0
        let e = TuningEvaluation(index: 0, settings: s, base: LineArtSettings(), photos: [])
        #expect(e.changes == ["thickness=5", "denoise=0"])
        #expect(e.passRate == 0 && e.meanScore == 0)
    }

    @Test func htmlEscapesAndShowsEveryColumn() {
        let e = Self.evaluation(3, passes: [true], scores: [0.8])
        let html = TuningReportHTML(title: "t<&>", basePreset: LineArtPreset(name: "p", summary: "", settings: LineArtSettings()),
                                    photos: ["a\"b.jpg"], columns: [.init(rank: 1, evaluation: e, pagePaths: ["pages/rank-1/a#1.png"])],
                                    evaluatedCount: 1).html
        #expect(html.contains("t&lt;&amp;&gt;"))
        #expect(html.contains("a&quot;b.jpg"))
        #expect(html.contains("src=\"pages/rank-1/a%231.png\""))
        #expect(html.contains("score 0.800"))
    }
}
