@testable import LineArtKit
import Testing

/// Shards: a stable, balanced split of a batch by the photos' paths, K counted from 1.
struct ShardTests {
    /// Made-up paths shaped like a photo archive: folders of numbered photos.
    static let paths = (0..<10_000).map { "school-\($0 % 37)/class-\($0 % 11)/IMG_\(String(format: "%05d", $0)).jpg" }

    @Test func sixteenShardsOfTenThousandPathsAreWithinTenPercentOfTheirShare() {
        var sizes = [Int](repeating: 0, count: 16)
        for path in Self.paths { sizes[Shard.number(of: path, count: 16) - 1] += 1 }
        let share = Double(Self.paths.count) / 16
        #expect(sizes.allSatisfy { Double($0) <= share * 1.1 }, "\(sizes)")
        #expect(sizes.reduce(0, +) == Self.paths.count)
    }

    @Test func everyPathIsInExactlyOneShard() throws {
        let shards = try (1...5).map { try Shard(number: $0, count: 5) }
        for path in Self.paths.prefix(2000) {
            #expect(shards.filter { $0.contains(path) }.count == 1, "\(path)")
        }
    }

    /// The hash is FNV-1a 64 (its published test vectors), the same in every process:
    /// Swift's Hasher is seeded per run, so tasks would disagree.
    @Test func theHashIsFNV1a64() {
        #expect(fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func addingPhotosMovesNoOtherPhoto() {
        let before = Self.paths.prefix(5000).map { Shard.number(of: $0, count: 7) }
        let after = Self.paths.map { Shard.number(of: $0, count: 7) }
        #expect(Array(after.prefix(5000)) == before)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "3", "a/b", "1/2/3", ""])
    func aShardOutsideOneToNIsRefused(text: String) {
        #expect(throws: ShardProblem.self) { try Shard(parsing: text) }
    }

    @Test func reportNamesReadBack() throws {
        let shard = try Shard(parsing: "2/5")
        #expect(shard.reportName == "report-2-of-5.json")
        #expect(Shard.numbers(ofReportName: "report-2-of-5.json")! == (2, 5))
        #expect(Shard.numbers(ofReportName: "report-02-of-5.json") == nil)
        #expect(Shard.numbers(ofReportName: "report.json") == nil)
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "0", "LINEART_SHARD_COUNT": "4"], nil, "1/4"),
        (["JOB_COMPLETION_INDEX": "3"], 4, "4/4"),
        (["JOB_COMPLETION_INDEX": "1", "LINEART_SHARD_COUNT": "9"], 4, "2/4"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "0"], nil, "1/8"),
        (["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "1"], nil, "8/8"),
        (["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "10",
          "SLURM_ARRAY_TASK_STEP": "2"], nil, "3/4"),
    ] as [([String: String], Int?, String)])
    func theShardComesFromTheJobSystemsEnvironment(environment: [String: String], count: Int?, expected: String) throws {
        #expect(try Shard.fromEnvironment(environment, count: count).description == expected)
    }

    @Test func anEnvironmentWithoutAnIndexOrCountSaysWhatIsMissing() {
        #expect(throws: ShardProblem.noIndexInEnvironment) { try Shard.fromEnvironment([:]) }
        #expect(throws: ShardProblem.noCount(indexVariable: "JOB_COMPLETION_INDEX")) {
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"])
        }
        #expect(throws: ShardProblem.outOfRange(number: 5, count: 4)) {
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "4", "LINEART_SHARD_COUNT": "4"])
        }
        #expect(throws: ShardProblem.notANumber(variable: "SLURM_ARRAY_TASK_ID", value: "x")) {
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "x"])
        }
    }

    /// A photo whose name is a shard report's keeps its name out of the way in every run,
    /// so a batch has the same names however it is split.
    @Test func aPhotoNamedLikeAShardReportGetsAnotherName() {
        let layout = OutputLayout(root: "out", inputs: [BatchInput(path: "in/report-1-of-2.jpg", relativePath: "report-1-of-2.jpg")])
        #expect(layout.stems == ["report-1-of-2.jpg"])
    }
}
