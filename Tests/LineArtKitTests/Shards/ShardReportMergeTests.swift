@testable import LineArtKit
import Testing

/// What `report merge` refuses, and names: shards of different batches, a shard twice, missing shards.
struct ShardReportMergeTests {
    /// The report of shard `number` of `count` of the batch whose list has the digest `batch`, with no entries.
    static func report(_ number: Int, of count: Int, batch: String = "batch", path: String? = nil) throws -> ShardReportFile {
        var report = BatchSummary(preset: try BuiltinPresets.named("toddler"), outputRoot: "out", jobs: 1)
        report.shard = .init(number: number, count: count, batchSha256: batch,
                             positions: .init(pages: [], failures: [], skipped: [], upToDate: [],
                                              notStarted: [], duplicates: []))
        return ShardReportFile(path: path ?? "out/report-\(number)-of-\(count).json", report: report)
    }

    /// Reports of shards 1 and 3 of one batch and shard 2 of another: refused, each list's reports named.
    @Test func shardsOfDifferentBatchesAreNamedByBatch() throws {
        let files = try [Self.report(1, of: 3, batch: "one"), Self.report(2, of: 3, batch: "other"),
                         Self.report(3, of: 3, batch: "one")]
        let refused = ShardMergeProblem.differentBatches(groups: [["out/report-1-of-3.json", "out/report-3-of-3.json"],
                                                                  ["out/report-2-of-3.json"]])
        #expect(throws: refused) { try mergeShardReports(files) }
        #expect(refused.description.hasPrefix(
            "shard reports of different batches of photos: one in out/report-1-of-3.json, out/report-3-of-3.json; another in out/report-2-of-3.json"))
        #expect(!refused.isMissingWork)
    }

    @Test func aShardTwiceAndMissingShardsAreNamed() throws {
        let twice = try [Self.report(1, of: 3), Self.report(1, of: 3, path: "elsewhere/report-1-of-3.json"), Self.report(2, of: 3)]
        #expect(throws: ShardMergeProblem.duplicateShard(number: 1, paths: ["out/report-1-of-3.json", "elsewhere/report-1-of-3.json"])) {
            try mergeShardReports(twice)
        }
        let missing = ShardMergeProblem.missingShards(numbers: [1, 3, 4], count: 4)
        #expect(throws: missing) { try mergeShardReports([Self.report(2, of: 4)]) }
        #expect(missing.isMissingWork)
        #expect(try mergeShardReports((1...3).map { try Self.report($0, of: 3) }).shard == nil)
    }
}
