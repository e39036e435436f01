import FoundationEssentials

/// A shard's report as read from its file.
public struct ShardReportFile: Sendable {
    public var path: String
    public var report: BatchSummary

    public init(path: String, report: BatchSummary) {
        self.path = path
        self.report = report
    }

    /// Reads the shard reports (`report-K-of-N.json`) of the output folder `folder`, by name.
    /// - Throws: ``ShardMergeProblem/unreadable(path:reason:)`` for a report that cannot be read.
    public static func load(folder: String) throws(ShardMergeProblem) -> [ShardReportFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadable(path: folder, reason: "cannot read folder")
        }
        return try names.filter { Shard.numbers(ofReportName: $0) != nil }.sorted().map { name throws(ShardMergeProblem) in
            let path = PathString.appending(name, to: folder)
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let report = try JSONDecoder().decode(BatchSummary.self, from: data)
                guard report.shard != nil else { throw ShardMergeProblem.unreadable(path: path, reason: "not a shard's report (no \"shard\")") }
                return ShardReportFile(path: path, report: report)
            } catch let problem as ShardMergeProblem {
                throw problem
            } catch {
                throw .unreadable(path: path, reason: "not a batch report of lineart convert --shard (or of another version of lineart: convert the shard again)")
            }
        }
    }
}

/// Why shard reports cannot be merged into one batch report.
public enum ShardMergeProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case noReports(folder: String)
    case unreadable(path: String, reason: String)
    /// Reports of runs split in different numbers of shards.
    case differentCounts(paths: [String])
    /// Reports of runs with different presets or settings.
    case differentSettings(path: String, otherPath: String)
    /// Reports of different batches of photos: the paths of the reports of each batch.
    case differentBatches(groups: [[String]])
    /// Two reports of one shard.
    case duplicateShard(number: Int, paths: [String])
    /// A photo converted by two shards (reports of different inputs).
    case photoInTwoShards(input: String)
    /// Shards whose reports are not there yet.
    case missingShards(numbers: [Int], count: Int)

    public var description: String {
        switch self {
        case .noReports(let folder):
            return "\(folder): no shard reports (report-K-of-N.json) to merge; convert with --shard K/N --output \(folder) first"
        case let .unreadable(path, reason):
            return "\(path): \(reason)"
        case .differentCounts(let paths):
            return "shard reports of runs split differently: \(paths.joined(separator: ", ")); remove those of the other run"
        case let .differentSettings(path, otherPath):
            return "\(path) and \(otherPath) were made with different presets or settings; convert every shard with the same options"
        case .differentBatches(let groups):
            let batches = groups.enumerated().map { ($0.offset == 0 ? "one in " : "another in ") + $0.element.joined(separator: ", ") }
            return "shard reports of different batches of photos: \(batches.joined(separator: "; ")). "
                + "Every shard must be given the same inputs and --files-from list, and a folder whose photos changed "
                + "in between is another batch: convert every shard again (pages up to date are kept), then merge"
        case let .duplicateShard(number, paths):
            return "shard \(number) is reported twice: \(paths.joined(separator: ", "))"
        case .photoInTwoShards(let input):
            return "\(input) is in two shards' reports: were the shards run on the same inputs?"
        case let .missingShards(numbers, count):
            let list = numbers.map { "\($0)/\(count)" }.joined(separator: ", ")
            return "missing shard\(numbers.count == 1 ? "" : "s") \(list): run lineart convert with --shard \(numbers.count == 1 ? list : "K/\(count)") (and the same inputs and options) for \(numbers.count == 1 ? "it" : "each"), then merge again"
        }
    }

    /// Missing shards: a task that has not finished, like a failed file (1); the others are
    /// reports that do not belong together, a usage error (2).
    public var isMissingWork: Bool {
        if case .missingShards = self { return true }
        return false
    }
}

/// The batch report one run over the whole batch would have written, from the shards'
/// reports: the same entries in the same order and the same counts and rates.
///
/// Timings cannot be the same: `elapsedSeconds` is the longest shard's (the wall clock when
/// the shards run at once), `throughput` the sum of the shards', `stageTotalsMs` the sum,
/// `jobs` the most any shard used; `interrupted` is true when a shard was.
/// - Throws: a ``ShardMergeProblem`` when the reports are of different runs, or incomplete.
public func mergeShardReports(_ files: [ShardReportFile]) throws(ShardMergeProblem) -> BatchSummary {
    guard let first = files.first, let firstPart = first.report.shard else { throw .noReports(folder: ".") }
    let count = firstPart.count
    if files.contains(where: { $0.report.shard?.count != count }) { throw .differentCounts(paths: files.map(\.path)) }
    if let other = files.first(where: { $0.report.preset != first.report.preset || $0.report.settings != first.report.settings }) {
        throw .differentSettings(path: first.path, otherPath: other.path)
    }
    var batches: [(sha256: String, paths: [String])] = []
    for file in files {
        let sha256 = file.report.shard!.batchSha256
        if let index = batches.firstIndex(where: { $0.sha256 == sha256 }) {
            batches[index].paths.append(file.path)
        } else {
            batches.append((sha256, [file.path]))
        }
    }
    if batches.count > 1 { throw .differentBatches(groups: batches.map(\.paths)) }
    let byNumber = Dictionary(grouping: files) { $0.report.shard!.number }
    if let (number, twice) = byNumber.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
        throw .duplicateShard(number: number, paths: twice.map(\.path))
    }
    let missing = (1...count).filter { byNumber[$0] == nil }
    if !missing.isEmpty { throw .missingShards(numbers: missing, count: count) }

    let reports = files.map(\.report).sorted { $0.shard!.number < $1.shard!.number }
    func inBatchOrder<T>(_ entries: (BatchSummary) -> [T], _ positions: (BatchSummary.ShardPart.Positions) -> [Int]) -> [T] {
        reports.flatMap { report in zip(positions(report.shard!.positions), entries(report)) }
            .enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
    }
    var merged = first.report
    merged.shard = nil
    merged.pages = inBatchOrder(\.pages, \.pages)
    merged.failures = inBatchOrder(\.failures, \.failures)
    merged.skipped = inBatchOrder(\.skipped, \.skipped)
    merged.upToDate = inBatchOrder(\.upToDate, \.upToDate)
    merged.notStarted = inBatchOrder(\.notStarted, \.notStarted)
    merged.duplicates = inBatchOrder(\.duplicates, \.duplicates)
    var seen = Set<String>()
    let taken = merged.pages.filter { $0.kept != true }.map(\.input) + merged.skipped + merged.upToDate
    for input in taken where !seen.insert(input).inserted {
        throw .photoInTwoShards(input: input)
    }
    merged.passRate = 0
    merged.meanScore = 0
    merged.finish(elapsed: 0, interrupted: reports.contains(where: \.interrupted))
    merged.elapsedSeconds = reports.map(\.elapsedSeconds).max() ?? 0
    merged.jobs = reports.map(\.jobs).max() ?? merged.jobs
    merged.stageTotalsMs = reports.dropFirst().reduce(first.report.stageTotalsMs) { $0 + $1.stageTotalsMs }
    merged.throughput.imagesPerSecond = reports.map(\.throughput.imagesPerSecond).reduce(0, +)
    merged.throughput.megapixelsPerSecond = reports.map(\.throughput.megapixelsPerSecond).reduce(0, +)
    return merged
}
