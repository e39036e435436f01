/// Median, p90 and friends of every pipeline stage over repeated runs, plus the total.
public struct StageStatistics: Sendable, Equatable, Codable {
    public var decode: SampleStatistics
    public var preprocess: SampleStatistics
    public var extract: SampleStatistics
    public var postprocess: SampleStatistics
    public var validate: SampleStatistics
    public var encode: SampleStatistics
    /// Wall time of the whole conversion (decode to PNG and JSON report in memory).
    public var total: SampleStatistics

    /// - Parameters:
    ///   - runs: the stage timings of each run.
    ///   - totals: the wall time of each run, same order (stage sums when nil).
    public init(runs: [StageTimings], totals: [Double]? = nil) {
        decode = SampleStatistics(runs.map(\.decode))
        preprocess = SampleStatistics(runs.map(\.preprocess))
        extract = SampleStatistics(runs.map(\.extract))
        postprocess = SampleStatistics(runs.map(\.postprocess))
        validate = SampleStatistics(runs.map(\.validate))
        encode = SampleStatistics(runs.map(\.encode))
        total = SampleStatistics(totals ?? runs.map(\.total))
    }

    /// The stages and the total in pipeline order, for tables.
    public var rows: [(name: String, statistics: SampleStatistics)] {
        [("decode", decode), ("preprocess", preprocess), ("extract", extract),
         ("postprocess", postprocess), ("validate", validate), ("encode", encode), ("total", total)]
    }
}
