import Foundation
import LineArtKit
import Testing

@Suite struct TuneCLITests {
    @Test func gridTuningWritesAPresetThatConvertAccepts() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("butterfly.jpg", to: "samples/butterfly.jpg")
        try folder.copySample("chelsea.png", to: "samples/chelsea.png")
        let result = try CLI.run(["tune", "samples", "--preset", "object", "--grid", "thickness=2,3",
                                  "--output", "tuned", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("best: evaluation #"))
        let summary = try readJSONObject(folder.path("tuned/evaluations.json"))
        #expect(summary["search"] as? String == "grid")
        #expect((summary["evaluations"] as? [Any])?.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.path("tuned/report.html").path))
        let converted = try CLI.run(["convert", "samples", "-o", "pages", "--preset", "tuned/object-tuned.json", "-q"],
                                    in: folder.url)
        #expect(converted.status <= 1, "\(converted.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("pages/chelsea.png").path))
    }

    @Test func progressInALogIsOneLinePerStepNotCarriageReturns() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "samples/fish.jpg")
        let result = try CLI.run(["tune", "samples", "--preset", "toddler", "--grid", "thickness=5,6",
                                  "--output", "tuned"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("\r"))
        #expect(result.stderr.contains("2/2 pipeline runs\n"), "\(result.stderr)")
    }

    /// In a log, a progress line came only when the count landed exactly on a multiple of a
    /// tenth of the budget, and a coordinate round evaluates up to five combinations at once,
    /// so it could jump past it: with budget 30 the log showed "15/30" and "30/30" only. Now
    /// the count that passes each tenth gets a line, and the last line is the count reached.
    @Test func coordinateProgressInALogShowsEveryTenthItPasses() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        let result = try CLI.run(["tune", "samples", "--preset", "toddler", "--search", "coordinate", "--budget", "30",
                                  "--top", "1", "--output", "tuned"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("\r"))
        let evaluations = try #require(try readJSONObject(folder.path("tuned/evaluations.json"))["evaluations"] as? [Any])
        let counts = result.stderr.split(separator: "\n").compactMap { line -> Int? in
            line.hasSuffix("/30 combinations") ? Int(line.prefix { $0 != "/" }) : nil
        }
        // A tenth of 30 is 3, and a round is at most five combinations (five levels of one
        // setting), so the line for each tenth comes at most four counts after it: no two
        // lines are more than 3 + 4 apart.
        var previous = 0
        for count in counts {
            #expect(count > previous && count - previous <= 3 + 4, "progress \(counts)")
            previous = count
        }
        #expect(counts.count >= 5, "progress \(counts)")
        #expect(counts.last == evaluations.count, "progress \(counts), \(evaluations.count) evaluated")
    }

    /// Ctrl-C ends the search: the combinations evaluated so far are ranked and written.
    @Test func ctrlCWritesTheCombinationsEvaluatedSoFar() throws {
        let folder = try TemporaryFolder()
        // 6 photos x 32 combinations at 768 px; the signal goes once a tenth of the runs is
        // done (the first progress line), so it lands mid-search however fast the build.
        let cat = try [UInt8](Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/chelsea.png")))
        for index in 0..<6 { try folder.write("samples/cat\(index).png", cat) }
        let running = try CLI.start(["tune", "samples", "--preset", "portrait", "--grid", "thickness=1,2,3,4,5,6,7,8",
                                     "--grid", "blurAmount=0,1,2,3", "--budget", "32", "--top", "1",
                                     "--output", "tuned"], in: folder.url)
        let started = running.waitForStderr(containing: "pipeline runs")
        running.interrupt()
        let result = running.finish()
        try #require(started, "\(result.stderr.suffix(300))")
        #expect(result.status == 130, "\(result.stderr.suffix(300))")
        if result.stderr.contains("before any combination was evaluated") {
            #expect(!FileManager.default.fileExists(atPath: folder.path("tuned/evaluations.json").path))
            return
        }
        let evaluations = try #require(try readJSONObject(folder.path("tuned/evaluations.json"))["evaluations"] as? [Any])
        #expect(evaluations.count > 0 && evaluations.count < 32, "\(evaluations.count) of 32")
        #expect(result.stderr.contains("interrupted: ranking the \(evaluations.count) combinations evaluated"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("tuned/portrait-tuned.json").path))
    }

    /// Ctrl-C during a round of the coordinate search: the progress line counted the whole
    /// round as evaluated ("5/12 combinations") while only the combinations whose runs all
    /// finished were kept and written; it now counts those.
    @Test func ctrlCInACoordinateSearchCountsOnlyTheCombinationsEvaluated() throws {
        let folder = try TemporaryFolder()
        let cat = try [UInt8](Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/chelsea.png")))
        for index in 0..<20 { try folder.write("samples/cat\(index).png", cat) }
        // Budget 12: a progress line at every step (a tenth of 12 rounds down to 1).
        let running = try CLI.start(["tune", "samples", "--preset", "portrait", "--search", "coordinate",
                                     "--budget", "12", "--top", "1", "--output", "tuned"], in: folder.url)
        // The base preset's round is done; the next round (several combinations of 20 runs
        // each) has just started, so the signal lands in it.
        let started = running.waitForStderr(containing: "1/12 combinations\n")
        running.interrupt()
        let result = running.finish()
        try #require(started, "\(result.stderr.suffix(500))")
        #expect(result.status == 130, "\(result.stderr.suffix(500))")
        let evaluations = try #require(try readJSONObject(folder.path("tuned/evaluations.json"))["evaluations"] as? [Any])
        #expect(evaluations.count < 12, "\(result.stderr.suffix(500))")
        #expect(result.stderr.contains("interrupted: ranking the \(evaluations.count) combinations evaluated"), "\(result.stderr)")
        let counts = result.stderr.split(separator: "\n").compactMap { line -> Int? in
            line.hasSuffix("/12 combinations") ? Int(line.prefix { $0 != "/" }) : nil
        }
        #expect(counts.last == evaluations.count, "progress \(counts), \(evaluations.count) evaluated")
        #expect(counts.allSatisfy { $0 <= evaluations.count }, "progress \(counts), \(evaluations.count) evaluated")
    }

    /// Ctrl-C before the first combination was evaluated wrote nothing but left the output
    /// folder tune had just created (and its parents), empty; they are removed now. A
    /// folder that was there before the run stays.
    @Test func anEarlyCtrlCLeavesNoEmptyFolderItCreated() throws {
        let folder = try TemporaryFolder()
        let cat = try [UInt8](Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/chelsea.png")))
        // 60 photos: the first combination (60 runs) outlasts a test thread starved by the
        // parallel suite; with 6 the release binary finished 3 combinations before the signal.
        for index in 0..<60 { try folder.write("samples/cat\(index).png", cat) }
        try FileManager.default.createDirectory(at: folder.path("existing"), withIntermediateDirectories: true)
        for (output, search) in [("new/tuned", "coordinate"), ("existing", "random"), ("existing/new", "random")] {
            let running = try CLI.start(["tune", "samples", "--preset", "portrait", "--search", search, "--budget", "8",
                                         "--output", output], in: folder.url)
            // Printed once the folder is made, before the photos are decoded.
            let started = running.waitForStderr(containing: "on 60 photos with")
            running.interrupt()
            let result = running.finish()
            try #require(started, "\(result.stderr.suffix(500))")
            #expect(result.status == 130, "\(output): \(result.stderr.suffix(500))")
            #expect(result.stderr.contains("interrupted before any combination was evaluated; nothing written"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("new").path), "\(folder.allFiles())")
        #expect(!FileManager.default.fileExists(atPath: folder.path("existing/new").path))
        #expect(FileManager.default.fileExists(atPath: folder.path("existing").path), "a folder that was there stays")
    }

    /// Samples of which none decodes: nothing is written, and the folder made for it goes;
    /// an output folder with a file in it is kept.
    @Test func aRunThatWritesNothingRemovesOnlyTheEmptyFoldersItMade() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/notes.jpg", Array("not a photo\n".utf8))
        try folder.write("kept/mine.txt", Array("my notes\n".utf8))
        let fresh = try CLI.run(["tune", "samples", "--budget", "1", "--output", "a/b/c", "-q"], in: folder.url)
        #expect(fresh.status == 1 && fresh.stderr.contains("no photo could be decoded"), "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("a").path), "\(folder.allFiles())")
        let kept = try CLI.run(["tune", "samples", "--budget", "1", "--output", "kept", "-q"], in: folder.url)
        #expect(kept.status == 1, "\(kept.stderr)")
        #expect(folder.allFiles().filter { $0.hasPrefix("kept") } == ["kept/mine.txt"])
    }

    /// A run with a smaller --top (or fewer photos) than an earlier run in the same folder
    /// left that run's pages/rank-K folders and pages beside its own, unseen by report.html;
    /// they are removed now, except a folder holding a file tune does not write, which is
    /// named on stderr.
    @Test func pagesOfAnEarlierRunAreClearedUnlessTheyHoldOtherFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        let first = try CLI.run(["tune", "samples", "--grid", "thickness=2,3,4,5", "--top", "4", "--output", "t", "-q"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(folder.allFiles().filter { $0.hasPrefix("t/pages/") }
                == ["t/pages/rank-1/dot.png", "t/pages/rank-2/dot.png", "t/pages/rank-3/dot.png", "t/pages/rank-4/dot.png"])
        try folder.write("t/pages/rank-1/old.png", [1])
        try folder.write("t/pages/rank-4/mine.txt", Array("keep me\n".utf8))
        let second = try CLI.run(["tune", "samples", "--grid", "thickness=2,3", "--top", "1", "--output", "t", "-q"], in: folder.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(folder.allFiles().filter { $0.hasPrefix("t/pages/") }
                == ["t/pages/rank-1/dot.png", "t/pages/rank-4/dot.png", "t/pages/rank-4/mine.txt"], "\(folder.allFiles())")
        #expect(second.stderr.contains("t/pages/rank-4 is left as it is (it holds mine.txt, which tune does not write)"),
                "\(second.stderr)")
    }

    @Test func coordinateSearchStaysWithinItsBudget() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("butterfly.jpg", to: "samples/butterfly.jpg")
        let result = try CLI.run(["tune", "samples", "--preset", "object", "--search", "coordinate",
                                  "--budget", "4", "--output", "tuned", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try readJSONObject(folder.path("tuned/evaluations.json"))
        #expect(summary["search"] as? String == "coordinate")
        let evaluations = try #require(summary["evaluations"] as? [[String: Any]])
        #expect(evaluations.count == 4)
        #expect(evaluations.compactMap { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect((evaluations[0]["changes"] as? [Any])?.isEmpty == true, "the base preset comes first")
    }

    @Test func coordinateSearchWithAGridIsAUsageError() throws {
        let result = try CLI.run(["tune", "x", "--preset", "object", "--search", "coordinate",
                                  "--grid", "thickness=2,3", "--output", "t"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--search coordinate"))
    }

    /// A sample that cannot be read (a broken link with a photo's name, a path that does not
    /// exist) is left out like a photo that cannot be decoded: named, listed under
    /// skippedPhotos, exit status 1 (as bench does), not a silent 0.
    @Test func aSampleThatCannotBeReadIsListedAndExitsOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        try FileManager.default.createSymbolicLink(atPath: folder.path("samples/gone.jpg").path, withDestinationPath: "nowhere.jpg")
        let result = try CLI.run(["tune", "samples", "missing.png", "--budget", "1", "--output", "t", "-q"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("samples/gone.jpg: broken symbolic link"), "\(result.stderr)")
        #expect(result.stderr.contains("missing.png: does not exist"), "\(result.stderr)")
        let summary = try readJSONObject(folder.path("t/evaluations.json"))
        #expect(summary["skippedPhotos"] as? [String] == ["samples/gone.jpg", "missing.png"], "\(summary["skippedPhotos"] ?? "")")
        #expect(summary["photos"] as? [String] == ["samples/dot.png"])
    }

    @Test func anEmptyOutputIsAUsageError() throws {
        let result = try CLI.run(["tune", "x", "--output", ""])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--output is empty: name a folder for the tuned preset"), "\(result.stderr)")
    }

    @Test func aBadGridValueIsNamedOnce() throws {
        let result = try CLI.run(["tune", "x", "--grid", "thickness=", "--output", "t"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: --grid thickness=: empty value; expected key=v1,v2,..."), "\(result.stderr)")
        #expect(!result.stderr.contains("thickness=: --grid"), "\(result.stderr)")
    }

    /// Numbers a shell accepts are refused in words, never an arithmetic-overflow trap.
    @Test func aHugeBudgetIsAUsageErrorNotACrash() throws {
        let result = try CLI.run(["tune", "x", "--budget", "\(Int.max)", "--output", "t"])
        #expect(result.status == 2, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("--budget must be at most"), "\(result.stderr.prefix(300))")
    }

    /// More jobs than four per core are cut down (as convert does), with a note: each job
    /// holds a pipeline run's images, so a huge --jobs would only exhaust memory.
    @Test func jobsAreCappedAtFourPerCore() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        let result = try CLI.run(["tune", "samples", "--budget", "1", "--jobs", "\(Int.max)", "--output", "t"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("--jobs \(Int.max) is more than four per core"), "\(result.stderr.prefix(300))")
    }

    /// A preset named with a slash or '..' (a name is free text) still gives its tuned preset
    /// a file inside --output, never one beside or above it.
    @Test func theTunedPresetFileStaysInTheOutputFolderWhateverThePresetsName() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        try folder.write("up.json", Array("{\"base\": \"object\", \"name\": \"../../escaped\"}".utf8))
        try folder.write("slash.json", Array("{\"base\": \"object\", \"name\": \"cats/dogs\"}".utf8))
        let up = try CLI.run(["tune", "samples", "--preset", "up.json", "--budget", "1", "--output", "a/b", "-q"], in: folder.url)
        #expect(up.status == 0, "\(up.stderr.prefix(300))")
        #expect(folder.allFiles().filter { $0.hasSuffix("-tuned.json") } == ["a/b/..-..-escaped-tuned.json"], "\(folder.allFiles())")
        let slash = try CLI.run(["tune", "samples", "--preset", "slash.json", "--budget", "1", "--output", "s", "-q"], in: folder.url)
        #expect(slash.status == 0, "\(slash.stderr.prefix(300))")
        let preset = try readJSONObject(folder.path("s/cats-dogs-tuned.json"))
        #expect(preset["name"] as? String == "cats/dogs-tuned", "the name inside keeps its slash")
    }

    /// An output folder the search could not write to is refused before the search, not after it.
    @Test(.enabled(if: CLI.canRunUnprivileged, "root may write in any folder, and cannot drop to nobody here"))
    func anOutputFolderThatCannotBeWrittenIsRefusedBeforeTheSearch() throws {
        let folder = try TemporaryFolder()
        try folder.write("samples/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        try FileManager.default.createDirectory(at: folder.path("locked"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path("locked").path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("locked").path) }
        let result = try CLI.run(["tune", "samples", "--budget", "1", "--output", "locked"], in: folder.url,
                                 unprivileged: true)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write in output folder locked: permission denied"), "\(result.stderr)")
        #expect(!result.stderr.contains("pipeline runs"), "refused before the search: \(result.stderr)")
    }
}

@Suite struct BenchCLITests {
    @Test func benchPrintsEveryStageAndAJSONForm() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("chelsea.png", to: "samples/chelsea.png")
        let table = try CLI.run(["bench", "samples", "--preset", "pet", "--repeat", "2", "--warmup", "0"], in: folder.url)
        #expect(table.status == 0, "\(table.stderr)")
        for stage in ["decode", "preprocess", "extract", "postprocess", "validate", "encode", "throughput"] {
            #expect(table.stdout.contains(stage), "table lacks \(stage)")
        }
        let json = try CLI.run(["bench", "samples", "--preset", "pet", "--repeat", "2", "--warmup", "0", "--json"],
                               in: folder.url)
        let report = try parseJSONObject(json.stdout)
        #expect(report["schemaVersion"] as? Int == 2)
        let total = try #require(report["totalMs"] as? [String: Any])
        #expect(total["extract"] != nil)
    }

    @Test func benchLeavesOutAPhotoItCannotReadAndTimesTheRest() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("chelsea.png", to: "samples/chelsea.png")
        try folder.write("samples/notes.jpg", Array("not a photo\n".utf8))
        let json = try CLI.run(["bench", "samples", "--preset", "pet", "--repeat", "1", "--warmup", "0", "--json"],
                               in: folder.url)
        #expect(json.status == 1)
        #expect(json.stderr.contains("samples/notes.jpg: not an image"), "\(json.stderr)")
        let report = try parseJSONObject(json.stdout)
        #expect((report["images"] as? [[String: Any]])?.count == 1, "\(report.keys)")
    }

    @Test func hugeRepeatOrWarmupCountsAreUsageErrorsNotCrashes() throws {
        for args in [["--warmup", "\(Int.max)"], ["--repeat", "\(Int.max)"]] {
            let result = try CLI.run(["bench", "x"] + args)
            #expect(result.status == 2, "\(args): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains("\(args[0]) must be at most"), "\(result.stderr.prefix(300))")
        }
    }

    @Test func threadsAreCappedAtFourPerCore() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("chelsea.png", to: "samples/chelsea.png")
        let result = try CLI.run(["bench", "samples", "--preset", "pet", "--repeat", "1", "--warmup", "0",
                                  "--threads", "\(Int.max)", "--json"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("--threads \(Int.max) is more than four per core"), "\(result.stderr.prefix(300))")
        let threads = try #require(try parseJSONObject(result.stdout)["threads"] as? Int)
        #expect(threads == 4 * ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The manifest beside the samples is read as convert --manifest reads it: preset files
    /// relative to it, errors naming it and the photo; a broken one is said, not ignored.
    @Test func theSamplesManifestIsReadLikeConvertsManifest() throws {
        let folder = try TemporaryFolder()
        try folder.write("set/dot.png", try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200)))
        try folder.write("set/thick.json", Array("{\"base\": \"toddler\", \"name\": \"thick\"}".utf8))
        try folder.write("set/manifest.json", Array("{\"images\": [{\"file\": \"dot.png\", \"preset\": \"thick.json\"}]}".utf8))
        let good = try CLI.run(["bench", "set", "--repeat", "1", "--warmup", "0", "--json"], in: folder.url)
        #expect(good.status == 0, "\(good.stderr.prefix(300))")
        let images = try #require(try parseJSONObject(good.stdout)["images"] as? [[String: Any]])
        #expect(images.first?["preset"] as? String == "thick")

        try folder.write("set/manifest.json", Array("{\"images\": [{\"file\": \"dot.png\", \"preset\": \"nope\"}]}".utf8))
        let unknown = try CLI.run(["bench", "set", "--repeat", "1", "--warmup", "0"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("set/manifest.json: the preset of set/dot.png: unknown preset 'nope'"), "\(unknown.stderr)")

        try folder.write("set/manifest.json", Array("{\"images\": [".utf8))
        let broken = try CLI.run(["bench", "set", "--repeat", "1", "--warmup", "0"], in: folder.url)
        #expect(broken.status == 2, "\(broken.stderr.prefix(300))")
        #expect(broken.stderr.contains("set/manifest.json: not valid JSON"), "\(broken.stderr)")
    }
}

@Suite struct AutoPresetCLITests {
    @Test func autoKeepsTheBestPresetPerPhotoAndNamesIt() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "auto", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try readJSONObject(folder.path("out/apple.json"))
        let chosen = try #require(report["preset"] as? String)
        #expect(AutoPreset.order.contains(chosen))
        #expect(try readJSONObject(folder.path("out/report.json"))["preset"] as? String == "auto")
    }

    @Test func autoIsOnlyForConvert() throws {
        let result = try CLI.run(["validate", "x.png", "--preset", "auto"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--preset auto is only for 'lineart convert'"))
    }
}
