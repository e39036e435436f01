import LineArtKit
import Testing

struct ScoreTextTests {
    @Test(arguments: [
        (0.998, false, "0.99"),   // not "1.00, does not pass"
        (1.0, false, "0.99"),     // a leak exactly at maxLeak: full sub-score, check fails
        (1.0, true, "1.00"),
        (0.876, false, "0.87"),
        (0.5, false, "0.50"),
    ])
    func scoresNeverContradictPassing(score: Double, allPass: Bool, text: String) {
        #expect(fillabilityScoreText(score, allPass: allPass) == text)
    }
}
