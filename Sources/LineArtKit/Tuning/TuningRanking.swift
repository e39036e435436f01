/// Orders evaluations best first: higher pass rate, then higher mean score, then the
/// earlier evaluation (lower `index`), so equal results keep the evaluation order and
/// the ranking is the same every run.
package func rankEvaluations(_ evaluations: [TuningEvaluation]) -> [TuningEvaluation] {
    evaluations.sorted(by: isRankedBefore)
}

/// Whether `a` ranks before `b` (see ``rankEvaluations(_:)``).
package func isRankedBefore(_ a: TuningEvaluation, _ b: TuningEvaluation) -> Bool {
    if a.passRate != b.passRate { return a.passRate > b.passRate }
    if a.meanScore != b.meanScore { return a.meanScore > b.meanScore }
    return a.index < b.index
}
