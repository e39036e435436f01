import FoundationEssentials

/// The batch report (`report.json`) of `lineart convert`. Described by `docs/report.schema.json`.
public struct BatchSummary: Sendable, Codable {
    public static let currentSchemaVersion = 1

    public struct Counts: Sendable, Codable, Equatable {
        public var total = 0
        public var converted = 0
        public var failed = 0
        public var skipped = 0
        /// Photos whose outputs were complete and made from them with these settings.
        public var upToDate = 0
        /// Files never started because the run was interrupted.
        public var notStarted = 0
        /// Paths that reach a file already converted under another path (not in `total`).
        public var duplicates = 0
    }

    public struct Throughput: Sendable, Codable, Equatable {
        public var imagesPerSecond = 0.0
        /// Megapixels of the photos as stored (before shrink-on-load) per second.
        public var megapixelsPerSecond = 0.0
    }

    public struct Page: Sendable, Codable, Equatable {
        public var input: String
        public var page: String
        public var passes: Bool
        public var score: Double
        /// True for a page an earlier run wrote that this run kept (up to date, or
        /// `--skip-existing`); nil (absent from the JSON) for a page converted in this run.
        public var kept: Bool? = nil
        /// For a page converted again: why its earlier outputs were not kept.
        public var reconverted: String? = nil
    }

    public struct Failure: Sendable, Codable, Equatable {
        public var input: String
        public var reason: String
    }

    /// A path left out because it reaches a file converted under another path.
    public struct Duplicate: Sendable, Codable, Equatable {
        public var input: String
        public var sameAs: String
    }

    public var schemaVersion = BatchSummary.currentSchemaVersion
    public var tool = "lineart"
    public var preset: String
    public var settings: LineArtSettings
    public var outputFolder: String
    public var jobs: Int
    public var interrupted = false
    public var counts = Counts()
    /// Pages that pass all four targets / pages (0 when none), kept pages included.
    public var passRate = 0.0
    /// Mean fillability score of the pages (0 when none), kept pages included.
    public var meanScore = 0.0
    /// Wall-clock seconds for the whole batch.
    public var elapsedSeconds = 0.0
    /// Milliseconds per stage, summed over the converted photos.
    public var stageTotalsMs = StageTimings()
    public var throughput = Throughput()
    public var pages: [Page] = []
    public var failures: [Failure] = []
    public var skipped: [String] = []
    public var upToDate: [String] = []
    public var notStarted: [String] = []
    public var duplicates: [Duplicate] = []
    /// In a shard's report (`report-K-of-N.json`) only: which shard, and where its entries
    /// stand in the whole batch.
    public var shard: ShardPart?

    private var originalMegapixels = 0.0
    /// For people, not in the JSON: the pages that fail with their first suggestion, and
    /// the preset of each page (the one `--preset auto` chose).
    private var failingPages: [FailingPage] = []
    private var presetsUsed: [String] = []

    private struct FailingPage: Sendable {
        var input: String
        var preset: String
        var suggestion: String?
    }

    public init(preset: LineArtPreset, outputRoot: String, jobs: Int) {
        self.preset = preset.name
        settings = preset.settings
        outputFolder = outputRoot
        self.jobs = jobs
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, preset, settings, outputFolder, jobs, interrupted, counts, passRate, meanScore
        case elapsedSeconds, stageTotalsMs, throughput, pages, failures, skipped, upToDate, notStarted, duplicates, shard
    }

    /// A page converted in this run; `reconverted`: why earlier outputs were not kept.
    public mutating func add(_ report: ImageReport, reconverted: String? = nil) {
        pages.append(Page(input: report.input, page: report.page,
                          passes: report.fillability.passes, score: report.fillability.score,
                          reconverted: reconverted))
        stageTotalsMs = stageTotalsMs + report.timingsMs
        originalMegapixels += Double(report.originalSize.pixelCount) / 1e6
        noteForPeople(report)
    }

    private mutating func noteForPeople(_ report: ImageReport) {
        presetsUsed.append(report.preset)
        if !report.fillability.passes {
            failingPages.append(FailingPage(input: report.input, preset: report.preset,
                                            suggestion: report.fillability.suggestions.first))
        }
    }

    public mutating func addFailure(input: String, reason: String) {
        failures.append(Failure(input: input, reason: reason))
    }

    /// A photo left because its outputs exist; with the report an earlier run wrote for it,
    /// its page stays among `pages` (marked `kept`), so a resumed batch's pass rate, mean
    /// score and contact sheet cover the whole batch.
    public mutating func addSkipped(input: String, earlierReport: ImageReport? = nil) {
        skipped.append(input)
        addKept(earlierReport)
    }

    /// A photo whose outputs are up to date: not a failure, and its page counts like a kept one.
    public mutating func addUpToDate(input: String, earlierReport: ImageReport? = nil) {
        upToDate.append(input)
        addKept(earlierReport)
    }

    private mutating func addKept(_ earlierReport: ImageReport?) {
        if let report = earlierReport {
            pages.append(Page(input: report.input, page: report.page, passes: report.fillability.passes,
                              score: report.fillability.score, kept: true))
            noteForPeople(report)
        }
    }

    public mutating func addNotStarted(input: String) { notStarted.append(input) }

    public mutating func addDuplicate(input: String, sameAs: String) {
        duplicates.append(Duplicate(input: input, sameAs: sameAs))
    }

    public var failedCount: Int { failures.count }

    /// Fills in the counts and rates once every outcome is added.
    public mutating func finish(elapsed: Double, interrupted: Bool) {
        self.interrupted = interrupted
        elapsedSeconds = elapsed
        counts.converted = pages.filter { $0.kept != true }.count
        counts.failed = failures.count
        counts.skipped = skipped.count
        counts.upToDate = upToDate.count
        counts.notStarted = notStarted.count
        counts.duplicates = duplicates.count
        counts.total = counts.converted + failures.count + skipped.count + upToDate.count + notStarted.count
        if !pages.isEmpty {
            passRate = Double(pages.filter(\.passes).count) / Double(pages.count)
            meanScore = pages.map(\.score).reduce(0, +) / Double(pages.count)
        }
        if elapsed > 0 {
            throughput.imagesPerSecond = Double(counts.converted) / elapsed
            throughput.megapixelsPerSecond = originalMegapixels / elapsed
        }
    }

    public func jsonData() throws -> Data { try encodeReportJSON(self) }

    /// For people: what was done and how good the pages are; then the presets `auto` chose,
    /// each failing page with its first suggestion, and how to finish an interrupted batch.
    public var humanSummary: String { humanSummary(reportWritten: true) }

    /// ``humanSummary``; `reportWritten` false: the batch report is named as not written,
    /// not as a file to read.
    public func humanSummary(reportWritten: Bool) -> String {
        var first = "\(counts.converted) converted, \(counts.failed) failed, \(counts.skipped) skipped"
        if counts.upToDate > 0 { first += ", \(counts.upToDate) up to date" }
        if counts.notStarted > 0 { first += ", \(counts.notStarted) not started (interrupted)" }
        if counts.duplicates > 0 { first += ", \(counts.duplicates) duplicate path\(counts.duplicates == 1 ? "" : "s") left out" }
        first += String(cFormat: " in %.1f s (%.2f images/s)", elapsedSeconds, throughput.imagesPerSecond)
        let reportName = shard.map { Shard.reportName(number: $0.number, count: $0.count) } ?? OutputLayout.batchReportName
        let reportPath = PathString.appending(reportName, to: outputFolder) + (reportWritten ? "" : " (not written)")
        let second = pages.isEmpty
            ? "no pages made; report: " + reportPath
            : "\(pages.filter(\.passes).count) of \(pages.count) pages pass their fillability targets"
                + String(cFormat: " (%.0f%%), mean score ", passRate * 100)
                + fillabilityScoreText(meanScore, allPass: pages.allSatisfy(\.passes)) + "; report: " + reportPath
        var lines = [first, second]
        if preset == AutoPreset.name && !presetsUsed.isEmpty {
            lines.append("presets chosen by auto: " + presetCounts(presetsUsed))
        }
        for page in failingPages {
            let chosen = preset == AutoPreset.name ? " (preset \(page.preset))" : ""
            lines.append("does not pass: \(page.input)\(chosen): \(page.suggestion ?? "no setting left to change")")
        }
        if interrupted {
            lines.append("interrupted: to finish the batch, run the same command again (pages already written and up to date are kept)")
        }
        return lines.joined(separator: "\n")
    }
}

/// "portrait 3, pet 2": each name with its count, most used first (ties by name).
private func presetCounts(_ names: [String]) -> String {
    var counts: [String: Int] = [:]
    for name in names { counts[name, default: 0] += 1 }
    return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}
