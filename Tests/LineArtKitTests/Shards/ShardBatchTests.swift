@testable import LineArtKit
import Testing

/// The batch a shard's report records: the SHA-256 of the list of inputs every task works out
/// before taking its share, so `report merge` can tell shards of different batches apart.
struct ShardBatchTests {
    static func batch(_ paths: [String], root: String = "photos") -> InputDiscovery.Result {
        InputDiscovery.Result(inputs: paths.map { BatchInput(path: "\(root)/\($0)", relativePath: $0) },
                              problems: [], duplicates: [])
    }

    @Test func theDigestChangesWithAnyPathOrTheirOrder() {
        let digest = Self.batch(["a.jpg", "b/c.jpg"]).listSha256
        #expect(digest.count == 64)
        #expect(Self.batch(["a.jpg", "b/c.jpg"]).listSha256 == digest)
        #expect(Self.batch(["b/c.jpg", "a.jpg"]).listSha256 != digest)
        #expect(Self.batch(["a.jpg", "b/c.jpg", "d.jpg"]).listSha256 != digest)
        #expect(Self.batch(["a.jpg", "b/c.jpg"], root: "archive").listSha256 != digest)
        // Two lists whose paths run together into the same bytes are still two lists.
        #expect(Self.batch(["ab", "c"]).listSha256 != Self.batch(["a", "bc"]).listSha256)
        var withUnusablePath = Self.batch(["a.jpg", "b/c.jpg"])
        withUnusablePath.problems = [.init(path: "gone.jpg", reason: "does not exist")]
        #expect(withUnusablePath.listSha256 != digest)
    }

    @Test func everyShardOfABatchRecordsItsDigest() throws {
        let batch = Self.batch(["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let summary = BatchSummary(preset: try BuiltinPresets.named("toddler"), outputRoot: "out", jobs: 1)
        for number in 1...3 {
            let selection = ShardSelection(try Shard(number: number, count: 3), of: batch)
            #expect(selection.part(of: summary).batchSha256 == batch.listSha256)
        }
    }

    /// Reports of shards 1 and 3 of one batch and shard 2 of another: refused, each list's reports named.
    @Test func shardsOfDifferentBatchesAreNamedByBatch() throws {
        let summary = BatchSummary(preset: try BuiltinPresets.named("toddler"), outputRoot: "out", jobs: 1)
        let files = [(1, "one"), (2, "other"), (3, "one")].map { number, batch in
            var report = summary
            report.shard = .init(number: number, count: 3, batchSha256: batch,
                                 positions: .init(pages: [], failures: [], skipped: [], upToDate: [],
                                                  notStarted: [], duplicates: []))
            return ShardReportFile(path: "out/report-\(number)-of-3.json", report: report)
        }
        let refused = ShardMergeProblem.differentBatches(groups: [["out/report-1-of-3.json", "out/report-3-of-3.json"],
                                                                  ["out/report-2-of-3.json"]])
        #expect(throws: refused) { try mergeShardReports(files) }
        #expect(refused.description.hasPrefix(
            "shard reports of different batches of photos: one in out/report-1-of-3.json, out/report-3-of-3.json; another in out/report-2-of-3.json"))
        #expect(!refused.isMissingWork)
    }
}
