import LineArtImage

extension FillabilityResult {
    /// `score` as ``fillabilityScoreText(_:allPass:)`` prints it.
    public var scoreText: String { fillabilityScoreText(score, allPass: passes) }
}

/// A score (or a mean of scores) with two decimals that never contradicts pass/fail: rounded
/// down, so 0.998 reads 0.99, and at most 0.99 unless every page passes (a leak exactly at
/// `maxLeak` fails with a full leak sub-score).
public func fillabilityScoreText(_ score: Double, allPass: Bool) -> String {
    let hundredths = (score * 100).rounded(.down)
    return String(cFormat: "%.2f", (allPass ? hundredths : min(hundredths, 99)) / 100)
}
