import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct SecondThreadTests {
    @Test func pendingResultAnswersEveryWait() {
        let pending = startOnSecondThread { (1...1000).reduce(0, +) }
        #expect(pending.wait() == 500_500)
        #expect(pending.wait() == 500_500, "a second wait returns the same result at once")
        #expect(PendingResult("known").wait() == "known")
    }

    @Test func bothSidesRunAndReturnTheirResults() {
        let (first, second) = runOnSecondThread(while: { "calling" }, { (1...10).reduce(1, *) })
        #expect(first == "calling")
        #expect(second == 3_628_800)
    }
}
