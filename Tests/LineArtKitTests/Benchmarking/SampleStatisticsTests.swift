import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct SampleStatisticsTests {
    @Test func oddCountMedianIsTheMiddleValue() {
        let s = SampleStatistics([5, 1, 3])
        #expect(s.median == 3 && s.min == 1 && s.max == 5 && s.mean == 3 && s.count == 3)
    }

    @Test func evenCountMedianIsTheMeanOfTheMiddleTwo() {
        #expect(SampleStatistics([4, 1, 3, 2]).median == 2.5)
    }

    @Test func p90IsTheNearestRank() {
        let ten = SampleStatistics((1...10).map(Double.init))
        #expect(ten.p90 == 9)
        let twenty = SampleStatistics((1...20).map(Double.init).reversed())
        #expect(twenty.p90 == 18)
        #expect(SampleStatistics([7]).p90 == 7)
        #expect(SampleStatistics([1, 100]).p90 == 100)
    }

    @Test func emptyIsAllZeros() {
        let s = SampleStatistics([])
        #expect(s.count == 0 && s.median == 0 && s.p90 == 0)
    }

    @Test func stageStatisticsTakeEachStageAndTheWallTotal() {
        var a = StageTimings(); a.decode = 10; a.extract = 4
        var b = StageTimings(); b.decode = 20; b.extract = 2
        var c = StageTimings(); c.decode = 30; c.extract = 6
        let s = StageStatistics(runs: [a, b, c], totals: [15, 25, 40])
        #expect(s.decode.median == 20 && s.extract.median == 4 && s.total.median == 25)
        #expect(StageStatistics(runs: [a, b, c]).total.median == 22)
        #expect(s.rows.map(\.name) == StageTimings.stageNames + ["total"])
    }
}
