/// One `tune` search over sample photos: the combinations of a grid, a seeded random
/// search, or a coordinate search from the base preset, each evaluated on every photo.
public struct TuningSearch: Sendable {
    public enum Method: String, Sendable {
        case grid, random, coordinate
    }

    /// What a search's progress counts.
    public enum ProgressUnit: String, Sendable {
        case pipelineRuns = "pipeline runs", combinations
    }

    public var evaluator: TuningEvaluator
    public var method: Method
    /// The grid's axes (``Method/grid`` only).
    public var axes: [GridAxis]
    public var budget: Int
    public var seed: UInt64

    public init(evaluator: TuningEvaluator, method: Method, axes: [GridAxis] = [], budget: Int, seed: UInt64) {
        self.evaluator = evaluator
        self.method = method
        self.axes = axes
        self.budget = budget
        self.seed = seed
    }

    /// What the search is about to do, for the line a command prints before it starts.
    public func plan(photos: Int, jobs: Int) throws(SettingsError) -> String {
        if method == .coordinate {
            return "coordinate search on \(photos) photos with \(jobs) jobs, at most \(budget) combinations"
        }
        return "evaluating \(try candidates().count) combinations on \(photos) photos with \(jobs) jobs"
    }

    /// Runs the search. `progress(done, total, unit)` counts combinations (coordinate search,
    /// after each round) or pipeline runs (the others). Once `isCancelled` says so no run
    /// starts, and the combinations whose runs all finished are returned.
    /// - Returns: the evaluations, in evaluation order, and the photos that could not be decoded.
    public func run(isCancelled: @escaping @Sendable () -> Bool = { false },
                    progress: @escaping @Sendable (Int, Int, ProgressUnit) -> Void = { _, _, _ in })
        throws(SettingsError) -> (evaluations: [TuningEvaluation], failures: [TuningEvaluator.DecodeFailure]) {
        guard method == .coordinate else {
            return try evaluator.evaluate(try candidates(), isCancelled: isCancelled) { done, total in
                progress(done, total, .pipelineRuns)
            }
        }
        let search = CoordinateSearch(base: evaluator.base.settings)
        let framed = LineArtPipeline.framesSubject(evaluator.base.settings)
        let decoded = evaluator.decodeAll(longSides: search.maxDimensions.map {
            LineArtPipeline.decodeLongSide(maxDimension: $0, searchesSubject: framed)
        })
        let evaluations = try search.run(budget: budget) { (first, round) throws(SettingsError) -> [TuningEvaluation] in
            guard !isCancelled() else { return [] }
            let results = try evaluator.evaluate(round, photos: decoded.photos, used: decoded.used, isCancelled: isCancelled)
            // A round cut short keeps only the combinations whose runs all finished: count those.
            if !results.isEmpty { progress(first + results.count, budget, .combinations) }
            return results.map { evaluation in
                var numbered = evaluation
                numbered.index += first
                return numbered
            }
        }
        return (evaluations, decoded.failures)
    }

    /// The combinations of a grid or random search, the base preset's first.
    func candidates() throws(SettingsError) -> [LineArtSettings] {
        try SearchSpace(base: evaluator.base.settings, axes: method == .grid ? axes : []).candidates(budget: budget, seed: seed)
    }
}
