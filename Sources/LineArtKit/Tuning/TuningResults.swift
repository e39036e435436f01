import FoundationEssentials

/// What `tune` writes to its output folder once the search is over: the best combination
/// as a preset (`NAME-tuned.json`), every combination (`evaluations.json`), the pages of the
/// top combinations (`pages/rank-K/`) and `report.html` showing them side by side.
public struct TuningResults: Sendable {
    public var base: LineArtPreset
    /// The photos the search used (those that decoded), in input order.
    public var photos: [BatchInput]
    /// Paths left out: unusable, or not decoded.
    public var skippedPhotos: [String]
    public var evaluations: [TuningEvaluation]
    /// "random", "coordinate" or "grid".
    public var search: String
    public var seed: UInt64
    public var budget: Int

    public init(base: LineArtPreset, photos: [BatchInput], skippedPhotos: [String], evaluations: [TuningEvaluation],
                search: String, seed: UInt64, budget: Int) {
        precondition(!evaluations.isEmpty, "a tuning result needs an evaluation")
        self.base = base
        self.photos = photos
        self.skippedPhotos = skippedPhotos
        self.evaluations = evaluations
        self.search = search
        self.seed = seed
        self.budget = budget
    }

    /// The evaluations, best first (``rankEvaluations(_:)``).
    public var ranked: [TuningEvaluation] { rankEvaluations(evaluations) }

    /// The best combination as a preset named `BASE-tuned`, its summary saying where it came from.
    public var tunedPreset: LineArtPreset {
        let best = ranked[0]
        var tuned = base
        tuned.name = base.name + "-tuned"
        tuned.settings = best.settings
        tuned.summary = "Tuned from \(base.name) on \(photos.count) photos (evaluation #\(best.index) of \(evaluations.count)): "
            + String(cFormat: "pass rate %.0f%%, mean score %.3f.", best.passRate * 100, best.meanScore)
        return tuned
    }

    /// Writes the tuned preset, `evaluations.json`, the pages of the `top` best combinations
    /// (re-run from one decode per working size) and `report.html` to `folder`.
    /// - Parameters:
    ///   - jobs: pipeline runs at once for the pages.
    ///   - onNote: a rank folder of an earlier run left in place, for people.
    /// - Returns: the tuned preset's path.
    /// - Throws: a ``CodecError`` when a file cannot be written, ``SettingsError`` when a
    ///   combination cannot run.
    public func write(to folder: String, top: Int, jobs: Int, onNote: (String) -> Void = { _ in }) throws -> String {
        func path(_ name: String) -> URL { URL(fileURLWithPath: PathString.appending(name, to: folder)) }
        let tunedPath = path(tunedPresetFileName(baseName: base.name))
        try writeAtomically(Array(tunedPreset.jsonText.utf8), to: tunedPath)
        let summary = TuningSummary(basePreset: base.name, seed: seed, budget: budget, search: search,
                                    photos: photos.map(\.path), skippedPhotos: skippedPhotos, evaluations: evaluations)
        try writeAtomically([UInt8](try encodeReportJSON(summary)), to: path("evaluations.json"))

        // Rank folders of an earlier run (a larger --top, photos no longer sampled) would sit
        // beside the new ones unseen by report.html: those holding only pages go, any other is named.
        for kept in RankPageFolders(outputFolder: folder).clearEarlierRuns() {
            onNote(kept.note)
        }
        let topEvaluations = Array(ranked.prefix(top))
        let evaluator = TuningEvaluator(base: base, inputs: photos, jobs: jobs)
        let longSides = topEvaluations.map { LineArtPipeline.decodeLongSide(for: $0.settings) }
        let decoded = evaluator.decodeAll(longSides: longSides).photos
        var columns: [TuningReportHTML.Column] = []
        for (offset, evaluation) in topEvaluations.enumerated() {
            let layout = OutputLayout(root: RankPageFolders.relativePath(rank: offset + 1), inputs: photos)
            let pages = try evaluator.pages(for: evaluation.settings, photos: decoded[longSides[offset]]!)
            var paths: [String] = []
            for (i, page) in pages.enumerated() {
                let relative = layout.path(for: i, extension: "png")
                try writeAtomically(try PNGEncoder(pixelFormat: .bilevel).encode(page), to: path(relative),
                                    createParentDirectories: true)
                paths.append(relative)
            }
            columns.append(TuningReportHTML.Column(rank: offset + 1, evaluation: evaluation, pagePaths: paths))
        }
        let html = TuningReportHTML(title: "lineart tune: \(base.name)", basePreset: base, photos: photos.map(\.path),
                                    columns: columns, evaluatedCount: evaluations.count).html
        try writeAtomically(Array(html.utf8), to: path("report.html"))
        return tunedPath.path
    }
}
