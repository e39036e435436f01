import Foundation
import LineArtKit
import Testing

/// `convert --shard K/N` and `report merge`: a batch split in shards gives the pages and the
/// report of one run (issue #36).
@Suite struct ShardsCLITests {
    /// Small flat-shaded pictures in two folders, and a "photo" that cannot be decoded, so
    /// the report has pages and a failure in an order to keep.
    static func batch() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for index in 0..<6 {
            try folder.write("in/\(index % 2 == 0 ? "even" : "odd")/photo-\(index).png", try photo(index))
        }
        try folder.write("in/odd/notes.jpg", Array("not a photo".utf8))
        return folder
    }

    /// The PNG of a dark rectangle on paper, its size and place depending on `index`.
    static func photo(_ index: Int) throws -> [UInt8] {
        var image = ByteImage(width: 96 + 8 * index, height: 80, repeating: 230)
        for y in 10..<70 {
            for x in (8 + 3 * index)..<(60 + 2 * index) { image[x, y] = UInt8(40 + 10 * index) }
        }
        return try PNGEncoder(pixelFormat: .gray8).encode(image)
    }

    static let convert = ["convert", "in", "-o", "out", "--page", "none", "--jobs", "1", "-q"]

    /// A report without what differs from run to run: its timings (every run here uses --jobs 1).
    static func comparable(_ report: [String: Any]) -> NSDictionary {
        var report = report
        for key in ["elapsedSeconds", "throughput", "stageTotalsMs", "timingsMs"] { report[key] = nil }
        // Why a page was converted again (`--overwrite` on a retried shard) belongs to the run, as timings do.
        if let pages = report["pages"] as? [[String: Any]] {
            report["pages"] = pages.map { page in page.filter { $0.key != "reconverted" } }
        }
        return report as NSDictionary
    }

    /// Every page of `out` by name, and every photo's report without its timings.
    static func pages(_ folder: TemporaryFolder) throws -> [String: NSObject] {
        var pages: [String: NSObject] = [:]
        for file in folder.allFiles() where file.hasPrefix("out/") && !file.hasPrefix("out/report") {
            pages[file] = file.hasSuffix(".json") ? comparable(try readJSONObject(folder.path(file)))
                : try Data(contentsOf: folder.path(file)) as NSData
        }
        return pages
    }

    /// One run, then 1, 2, 3 and 5 shards one after another and the same at once, each merged,
    /// into the same output folder (the reports hold its paths).
    @Test func shardsMergeIntoTheSingleRunsPagesAndReport() throws {
        let folder = try Self.batch()
        let single = try CLI.run(Self.convert, in: folder.url)
        #expect(single.status == 1, "\(single.stderr)")  // notes.jpg fails
        let singleReport = Self.comparable(try readJSONObject(folder.path("out/report.json")))
        let singlePages = try Self.pages(folder)
        #expect(singlePages.count == 2 * 6)

        for atOnce in [false, true] { for count in [1, 2, 3, 5] {
            try FileManager.default.removeItem(at: folder.path("out"))
            let args = (1...count).map { Self.convert + ["--shard", "\($0)/\(count)"] }
            let results = atOnce ? try args.map { try CLI.start($0, in: folder.url) }.map { $0.finish() }
                : try args.map { try CLI.run($0, in: folder.url) }
            #expect(results.allSatisfy { $0.status == 0 || $0.status == 1 }, "\(results.map(\.stderr))")
            #expect(!folder.allFiles().contains("out/report.json"))
            var converted: [String] = []
            for number in 1...count {
                let shard = try readJSONObject(folder.path("out/report-\(number)-of-\(count).json"))
                converted += (shard["pages"] as? [[String: Any]] ?? []).compactMap { $0["input"] as? String }
            }
            #expect(converted.sorted() == Set(converted).sorted(), "a photo converted twice: \(converted)")
            #expect(converted.count == 6, "\(count) shards\(atOnce ? " at once" : ""): \(converted)")

            let merge = try CLI.run(["report", "merge", "out", "-q"], in: folder.url)
            #expect(merge.status == 1, "\(merge.stderr)")  // the failure of notes.jpg is merged too
            #expect(try Self.pages(folder) == singlePages, "\(count) shards\(atOnce ? " at once" : "")")
            let merged = Self.comparable(try readJSONObject(folder.path("out/report.json")))
            #expect(merged == singleReport, "\(count) shards\(atOnce ? " at once" : ""):\n\(merged)\n\(singleReport)")
            #expect(try JSONSchemaCheck(docsFile: "report.schema.json").problems(inFile: folder.path("out/report.json")) == [])
            #expect(try JSONSchemaCheck(docsFile: "report.schema.json").problems(inFile: folder.path("out/report-1-of-\(count).json")) == [])
        } }
    }

    /// Shard 2 of 3 killed (SIGKILL) after its first photo: no report of it, pages of it left
    /// behind. Run again as a job system's retry runs it, it completes the batch: the pages
    /// are the single run's and the merged report lists every photo in the single run's
    /// order; run again with --overwrite, the merged report is the single run's.
    @Test func aShardKilledAndRerunGivesTheSameMergedReport() throws {
        let folder = try Self.batch()
        // Photos enough in shard 2 that it is still converting when it is killed after its first.
        let apples = (0..<36).map { "apples/apple-\($0).jpg" }
        for apple in apples { try folder.copySample("apple.jpg", to: "in/\(apple)") }
        try #require(apples.filter { Shard.number(of: $0, count: 3) == 2 }.count >= 10)
        _ = try CLI.run(Self.convert, in: folder.url)
        let single = try readJSONObject(folder.path("out/report.json"))
        let singlePages = try Self.pages(folder)
        try FileManager.default.removeItem(at: folder.path("out"))

        for number in [1, 3] { _ = try CLI.run(Self.convert + ["--shard", "\(number)/3"], in: folder.url) }
        let shard2 = Self.convert.filter { $0 != "-q" } + ["--shard", "2/3"]
        let killed = try CLI.start(shard2, in: folder.url)
        let started = killed.waitForStderr(containing: "[1/")
        kill(killed.process.processIdentifier, SIGKILL)
        let kill = killed.finish()
        try #require(started && killed.process.terminationReason == .uncaughtSignal, "\(kill.stderr)")
        #expect(!folder.allFiles().contains("out/report-2-of-3.json"))
        let missing = try CLI.run(["report", "merge", "out"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("missing shard 2/3: run lineart convert with --shard 2/3"), "\(missing.stderr)")

        let retry = try CLI.run(shard2 + ["-q"], in: folder.url)
        #expect(retry.status == 1, "\(retry.stderr)")  // notes.jpg fails
        _ = try CLI.run(["report", "merge", "out", "-q"], in: folder.url)
        #expect(try Self.pages(folder) == singlePages)
        let retried = try readJSONObject(folder.path("out/report.json"))
        func inputs(_ report: [String: Any]) -> [String] {
            (report["pages"] as? [[String: Any]] ?? []).compactMap { $0["input"] as? String }
        }
        #expect(inputs(retried) == inputs(single) && inputs(single).count == apples.count + 6)
        let counts = try #require(retried["counts"] as? [String: Int])
        #expect(counts["converted"]! + counts["upToDate"]! == apples.count + 6 && counts["upToDate"]! >= 1 && counts["total"] == apples.count + 7, "\(counts)")

        let rerun = try CLI.run(shard2 + ["-q", "--overwrite"], in: folder.url)
        #expect(rerun.status == 1, "\(rerun.stderr)")
        _ = try CLI.run(["report", "merge", "out", "-q", "--contact-sheet", "sheet.html"], in: folder.url)
        #expect(try Self.pages(folder) == singlePages)
        #expect(Self.comparable(try readJSONObject(folder.path("out/report.json"))) == Self.comparable(single))
        // The contact sheet of the merged batch has every page, in the batch's order.
        let sheet = try String(contentsOf: folder.path("sheet.html"), encoding: .utf8)
        let shown = [0, 2, 4, 1, 3, 5].compactMap { sheet.range(of: "photo-\($0).png\"")?.lowerBound }
        #expect(shown.count == 6 && shown == shown.sorted(), "\(sheet)")
    }

    @Test func reportsOfDifferentRunsAreNotMerged() throws {
        let folder = try Self.batch()
        _ = try CLI.run(Self.convert + ["--shard", "1/2"], in: folder.url)
        _ = try CLI.run(Self.convert + ["--shard", "2/2", "--preset", "toddler"], in: folder.url)
        let settings = try CLI.run(["report", "merge", "out"], in: folder.url)
        #expect(settings.status == 2)
        #expect(settings.stderr.contains("different presets or settings"), "\(settings.stderr)")
        _ = try CLI.run(Self.convert + ["--shard", "2/3", "--overwrite"], in: folder.url)
        let counts = try CLI.run(["report", "merge", "out"], in: folder.url)
        #expect(counts.status == 2)
        #expect(counts.stderr.contains("runs split differently"), "\(counts.stderr)")
        let none = try CLI.run(["report", "merge", "in"], in: folder.url)
        #expect(none.status == 2)
        #expect(!folder.allFiles().contains("out/report.json"))
    }

    /// Each shard report records its batch (the list of photos every task works out before
    /// taking its share): shards handed different --files-from lists, or run before and after
    /// a photo arrived, are different batches, and the merge names the reports that disagree.
    @Test func shardsOfDifferentBatchesAreNotMerged() throws {
        let folder = try Self.batch()
        try folder.write("first", Array("in/even/photo-0.png\nin/odd/photo-1.png\nin/even/photo-2.png\n".utf8))
        try folder.write("second", Array("in/odd/photo-3.png\nin/even/photo-4.png\nin/odd/photo-5.png\n".utf8))
        let listed = ["convert", "-o", "out", "--page", "none", "--jobs", "1", "-q", "--files-from"]
        _ = try CLI.run(listed + ["first", "--shard", "1/2"], in: folder.url)
        _ = try CLI.run(listed + ["second", "--shard", "2/2"], in: folder.url)
        let lists = try CLI.run(["report", "merge", "out"], in: folder.url)
        #expect(lists.status == 2, "\(lists.stderr)")
        #expect(lists.stderr.contains("different batches of photos: one in out/report-1-of-2.json; another in out/report-2-of-2.json"),
                "\(lists.stderr)")
        #expect(!folder.allFiles().contains("out/report.json"))

        // The same folder, but a photo arrived between the two shards.
        let folderArgs = ["convert", "in", "-o", "grown", "--page", "none", "--jobs", "1", "-q"]
        _ = try CLI.run(folderArgs + ["--shard", "1/2"], in: folder.url)
        try folder.write("in/odd/photo-9.png", try Self.photo(9))
        _ = try CLI.run(folderArgs + ["--shard", "2/2"], in: folder.url)
        let grown = try CLI.run(["report", "merge", "grown"], in: folder.url)
        #expect(grown.status == 2, "\(grown.stderr)")
        #expect(grown.stderr.contains("one in grown/report-1-of-2.json; another in grown/report-2-of-2.json"), "\(grown.stderr)")
        // Shard 1 converted again over the grown folder: one batch again.
        _ = try CLI.run(folderArgs + ["--shard", "1/2"], in: folder.url)
        let again = try CLI.run(["report", "merge", "grown", "-q"], in: folder.url)
        #expect(again.status == 1, "\(again.stderr)")  // notes.jpg fails
        let pages = try #require(try readJSONObject(folder.path("grown/report.json"))["pages"] as? [Any])
        #expect(pages.count == 7)
    }

    @Test(arguments: [false, true])
    func filesFromReadsAListFromAFileOrStandardInput(nul: Bool) throws {
        let folder = try Self.batch()
        let separator = nul ? "\0" : "\n"
        let list = ["in/even/photo-0.png", "in/odd/photo-3.png", ""].joined(separator: separator)
        try folder.write("list", Array(list.utf8))
        let fromFile = try CLI.run(["convert", "-o", "out", "--page", "none", "-q", "--files-from", "list"] + (nul ? ["-0"] : []), in: folder.url)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let fromStdin = try CLI.run(["convert", "-o", "out2", "--page", "none", "-q", "--files-from", "-"] + (nul ? ["-0"] : []),
                                    in: folder.url, standardInput: Data(list.utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        for out in ["out", "out2"] {
            let pages = try #require(try readJSONObject(folder.path("\(out)/report.json"))["pages"] as? [[String: Any]])
            #expect(pages.compactMap { $0["input"] as? String } == ["in/even/photo-0.png", "in/odd/photo-3.png"])
        }
    }

    /// Kubernetes' JOB_COMPLETION_INDEX counts from 0, a Slurm array from its --array's first index.
    @Test func shardEnvReadsTheJobIndex() throws {
        let folder = try Self.batch()
        let result = try CLI.run(Self.convert + ["--shard", "env", "--shard-count", "2"], in: folder.url,
                                 environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(result.status <= 1, "\(result.stderr)")
        #expect(folder.allFiles().contains("out/report-2-of-2.json"))
        let slurm = try CLI.run(Self.convert + ["--shard", "env"], in: folder.url, environment: [
            "SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(slurm.status <= 1, "\(slurm.stderr)")
        #expect(folder.allFiles().contains("out/report-3-of-3.json"))
        let missing = try CLI.run(Self.convert + ["--shard", "env"], in: folder.url, environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--shard-count N or set LINEART_SHARD_COUNT"), "\(missing.stderr)")
    }
}
