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
}
