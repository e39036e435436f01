import Testing
@testable import LineArtKit

@Suite struct AdjacencyRunTests {
    @Test func aRunGrowsWithItsPairInEitherOrderOnly() {
        var run = AdjacencyRun()
        var taken: [Bool] = []
        taken.append(run.extend(1, 2))   // an empty run takes nothing
        run.start(1, 2)
        for (x, y) in [(1, 2), (2, 1), (1, 3), (3, 2)] as [(Int32, Int32)] { taken.append(run.extend(x, y)) }
        #expect(taken == [false, true, true, false, false])
        #expect(run.length == 3 && run.a == 1 && run.b == 2)
        run.start(4, 5)
        #expect(run.length == 1 && run.a == 4 && run.b == 5)
    }
}
