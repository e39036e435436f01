import Foundation
import LineArtKit
import Testing

/// End-to-end runs of `lineart convert` over temporary folders of good and bad files.
@Suite(.serialized) struct ConvertCLITests {
    /// Good photos, nested duplicate names, a unicode name, bad files, a hidden file and a text file.
    static func mixedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/HappyFish.jpg")
        try folder.copySample("apple.jpg", to: "in/a/img.jpg")
        try folder.copySample("HappyFish.jpg", to: "in/b/img.jpg")
        try folder.copySample("chelsea.png", to: "in/Ünïcødé café ☕.png")
        try folder.write("in/bad/empty.jpg", [])
        let apple = try [UInt8](Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/apple.jpg")))
        try folder.write("in/bad/truncated.jpg", Array(apple.prefix(apple.count * 2 / 5)))
        try folder.write("in/bad/notes.jpg", Array("these are my holiday notes, not a photo\n".utf8))
        try folder.write("in/bad/huge.png", pngHeaderOnly(width: 100_000, height: 100_000))
        try folder.copySample("HappyFish.jpg", to: "in/.hidden.jpg")
        try folder.write("in/readme.txt", Array("not an image and not named like one\n".utf8))
        return folder
    }

    static let goodStems = ["HappyFish", "a/img", "b/img", "Ünïcødé café ☕"]

    @Test func convertsGoodFilesReportsBadOnesAndLeavesNothingPartial() throws {
        let folder = try Self.mixedFolder()
        let result = try CLI.run(["convert", "in", "--output", "out", "--jobs", "2", "--page", "none"], in: folder.url)
        #expect(result.status == 1, "some files failed, so the exit status is 1; stderr: \(result.stderr)")

        for stem in Self.goodStems {
            let report = try readJSONObject(folder.path("out/\(stem).json"))
            #expect(report["schemaVersion"] as? Int == 1)
            #expect((report["input"] as? String)?.hasSuffix(stem.hasPrefix("Ü") ? "\(stem).png" : "\(stem).jpg") == true)
            let fillability = try #require(report["fillability"] as? [String: Any])
            #expect(fillability["regionCount"] is Int)
            #expect(report["timingsMs"] is [String: Any])
            let page = try decodeImage(atPath: folder.path("out/\(stem).png").path)
            #expect(page.image.channels == 1)
            let size = try #require(report["processedSize"] as? [String: Int])
            #expect(page.image.width == size["width"] && page.image.height == size["height"])
        }

        let batch = try readJSONObject(folder.path("out/report.json"))
        let counts = try #require(batch["counts"] as? [String: Int])
        #expect(counts["converted"] == 4 && counts["failed"] == 4 && counts["skipped"] == 0 && counts["total"] == 8)
        let failures = try #require(batch["failures"] as? [[String: String]])
        let reasons = Dictionary(uniqueKeysWithValues: failures.map { (($0["input"]! as NSString).lastPathComponent, $0["reason"]!) })
        #expect(reasons["empty.jpg"]?.contains("empty") == true)
        #expect(reasons["truncated.jpg"]?.contains("truncated") == true)
        #expect(reasons["notes.jpg"]?.contains("not an image") == true)
        #expect(reasons["huge.png"]?.contains("megapixel") == true)
        for name in ["empty.jpg", "truncated.jpg", "notes.jpg", "huge.png"] {
            #expect(result.stderr.contains("bad/\(name): "), "stderr names \(name)")
        }

        let files = folder.allFiles().filter { $0.hasPrefix("out/") }
        #expect(!files.contains { $0.contains(".tmp") }, "no temporary files left: \(files)")
        #expect(!files.contains { $0.contains("bad/") || $0.contains("hidden") || $0.contains("readme") })
        #expect(files.count == 2 * Self.goodStems.count + 1)
    }

    /// Existing outputs are left when they are up to date (like `make`), kept whatever made
    /// them with --skip-existing when complete, and replaced with --overwrite; the photos
    /// that fail still fail.
    @Test func existingOutputsAreUpToDateKeptOrOverwritten() throws {
        let folder = try Self.mixedFolder()
        _ = try CLI.run(["convert", "in", "--output", "out", "--quiet"], in: folder.url)

        let again = try CLI.run(["convert", "in", "--output", "out", "--quiet"], in: folder.url)
        #expect(again.status == 1, "the bad files still fail")
        #expect(!again.stderr.contains("already exists"), "\(again.stderr)")
        #expect(try counts(folder)["converted"] == 0)
        #expect(try counts(folder)["upToDate"] == 4)
        #expect(try counts(folder)["failed"] == 4)

        try FileManager.default.removeItem(at: folder.path("out/a/img.png"))
        let resumed = try CLI.run(["convert", "in", "--output", "out", "--skip-existing", "--quiet"], in: folder.url)
        #expect(resumed.status == 1, "the bad files still fail")
        #expect(try counts(folder)["converted"] == 1)
        #expect(try counts(folder)["skipped"] == 3)
        #expect(FileManager.default.fileExists(atPath: folder.path("out/a/img.png").path))

        let replaced = try CLI.run(["convert", "in", "--output", "out", "--overwrite", "--quiet"], in: folder.url)
        #expect(replaced.status == 1)
        #expect(try counts(folder)["converted"] == 4)
    }

    @Test func exitsZeroWhenEverythingConvertsAndPrintsJSONSummary() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        try folder.copySample("apple.jpg", to: "in/apple")  // no extension: found by content
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--json"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try parseJSONObject(result.stdout)
        #expect((summary["counts"] as? [String: Int])?["converted"] == 2)
        #expect(summary["preset"] as? String == "toddler")
        #expect(summary["passRate"] is Double && summary["meanScore"] is Double)
        #expect(FileManager.default.fileExists(atPath: folder.path("out/apple.png").path))
    }

    @Test func outputInsideInputIsNeverReadBackAndLinkLoopsEnd() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/loop").path, withDestinationPath: "..")
        let first = try CLI.run(["convert", "in", "--output", "in/pages", "--quiet"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try CLI.run(["convert", "in", "--output", "in/pages", "--skip-existing", "--quiet"], in: folder.url)
        #expect(second.status == 0)
        let batch = try readJSONObject(folder.path("in/pages/report.json"))
        #expect((batch["counts"] as? [String: Int])?["total"] == 1, "only fish.jpg; the pages are not inputs")
    }

    @Test func anEmptyFolderConvertsNothingAndSaysSo() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/readme.txt", Array("no photos here\n".utf8))
        let result = try CLI.run(["convert", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("lineart: no photos found in in"), "\(result.stderr)")
        let summary = try readJSONObject(folder.path("out/report.json"))
        #expect((summary["counts"] as? [String: Any])?["total"] as? Int == 0)
        #expect((summary["pages"] as? [Any])?.isEmpty == true)
    }

    @Test func aPageThatWillDisappointIsConvertedWithAWarning() throws {
        let folder = try TemporaryFolder()
        let dot = ByteImage(width: 2, height: 2, channels: 3, repeating: 200)
        try folder.write("in/icon.png", try PNGEncoder(pixelFormat: .rgb8).encode(dot))
        try folder.copySample("chelsea.png", to: "in/cat.png")
        let loud = try CLI.run(["convert", "in", "-o", "out", "--jobs", "1", "--preset", "portrait"], in: folder.url)
        #expect(loud.status == 0, "\(loud.stderr)")
        #expect(loud.stderr.contains("lineart: warning: in/icon.png: small photo (2x2 px) enlarged 384x"), "\(loud.stderr)")
        #expect(loud.stderr.contains("in/icon.png: blank page"), "\(loud.stderr)")
        #expect(!loud.stderr.contains("in/cat.png: small") && !loud.stderr.contains("in/cat.png: blank"), "\(loud.stderr)")
        let report = try readJSONObject(folder.path("out/icon.json"))
        #expect((report["warnings"] as? [String])?.count == 2)
        // The cat's report keeps only libpng's own warning about its colour profile (which
        // stderr does not repeat: it is about the file, not the page).
        let catWarnings = try #require(try readJSONObject(folder.path("out/cat.json"))["warnings"] as? [String])
        #expect(!catWarnings.contains { $0.contains("enlarged") || $0.contains("blank") || $0.contains("page is only") })
        let quiet = try CLI.run(["convert", "in", "-o", "out", "--overwrite", "-q"], in: folder.url)
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("warning"), "-q prints no warnings: \(quiet.stderr)")
    }

    @Test func aSmallSubjectFramedFromASmallPhotoIsSaidToBeEnlarged() throws {
        // A 60x50 px red blot on a 600x400 plain backdrop: the frame is a quarter of the
        // photo's long side (150 px) by 120 (whole cells of 30 px), enlarged 4 times and more
        // to a 560x700 page (no more pixels than the whole photo's 768x512 page).
        let folder = try TemporaryFolder()
        var photo = ByteImage(width: 600, height: 400, channels: 3, repeating: 220)
        for y in 170..<230 { for x in 390..<440 { photo.samples.replaceSubrange((3 * (y * 600 + x))..<(3 * (y * 600 + x) + 3), with: [190, 30, 40]) } }
        try folder.write("in/blot.png", try PNGEncoder(pixelFormat: .rgb8).encode(photo))
        let framed = try CLI.run(["convert", "in", "-o", "out", "--preset", "object", "--page", "none"], in: folder.url)
        #expect(framed.stderr.contains("in/blot.png: small subject (a frame of "), "\(framed.stderr)")
        #expect(framed.stderr.contains("px of the photo) enlarged 4x to 560x700"), "\(framed.stderr)")
        let whole = try CLI.run(["convert", "in", "-o", "whole", "--preset", "object", "--page", "none", "--frame", "photo"],
                                in: folder.url)
        #expect(!whole.stderr.contains("enlarged"), "\(whole.stderr)")
    }

    @Test func aFileReachedTwiceIsConvertedOnceAndTheOtherPathsAreListed() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/link.jpg").path, withDestinationPath: "fish.jpg")
        try FileManager.default.linkItem(at: folder.path("in/apple.jpg"), to: folder.path("in/z-hard.jpg"))
        let result = try CLI.run(["convert", "in", "in/fish.jpg", "--output", "out", "--preset", "toddler"], in: folder.url)
        #expect(result.status == 0, "a duplicate is not a failure; stderr: \(result.stderr)")

        let batch = try readJSONObject(folder.path("out/report.json"))
        let counts = try #require(batch["counts"] as? [String: Int])
        #expect(counts["converted"] == 2 && counts["total"] == 2 && counts["duplicates"] == 3)
        let duplicates = try #require(batch["duplicates"] as? [[String: String]])
        let sameAs = Dictionary(uniqueKeysWithValues: duplicates.map { ($0["input"]!, $0["sameAs"]!) })
        #expect(sameAs == ["in/link.jpg": "in/fish.jpg", "in/z-hard.jpg": "in/apple.jpg", "in/fish.jpg": "in/fish.jpg"])
        #expect(result.stderr.contains("in/link.jpg: same file as in/fish.jpg"), "\(result.stderr)")
        #expect(result.stderr.contains("3 duplicate paths left out"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/link.png").path))
    }

    @Test(arguments: [
        (["convert", "--output", "out"], "no input"),
        (["convert", "in"], "--output"),
        (["convert", "in", "-o", "out", "--preset", "crayon"], "unknown preset"),
        (["convert", "in", "-o", "out", "--set", "thicknes=3"], "unknown setting"),
        (["convert", "in", "-o", "out", "--set", "thickness=99"], "1...8"),
        (["convert", "in", "-o", "out", "--set", "thickness"], "key=value"),
        (["convert", "in", "-o", "out", "--skip-existing", "--overwrite"], "choose one"),
        (["convert", "missing-folder", "-o", "out"], "does not exist"),
        (["convert", "in", "-o", "out", "--preset", "nowhere/p.json"], "cannot read"),
    ])
    func usageErrorsExitTwoWithAHint(args: [String], hint: String) throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        let result = try CLI.run(args, in: folder.url)
        #expect(result.status == 2, "\(args): \(result.stderr)")
        #expect(result.stderr.contains(hint), "\(args): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/fish.png").path))
    }

    @Test func userPresetFileWithBaseIsAccepted() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        try folder.write("bold.json", Array(#"{"base": "toddler", "settings": {"thickness": 5}}"#.utf8))
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "bold.json", "--set", "minSpeckArea=50", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try readJSONObject(folder.path("out/fish.json"))
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["thickness"] as? Int == 5 && settings["minSpeckArea"] as? Int == 50 && settings["maxDimension"] as? Int == 512)
        #expect(report["preset"] as? String == "bold")
    }

    @Test func ctrlCStopsCleanlyAndSkipExistingResumes() throws {
        let folder = try TemporaryFolder()
        let fish = try [UInt8](Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/HappyFish.jpg")))
        for index in 0..<80 { try folder.write("many/fish\(index).jpg", fish) }

        let running = try CLI.start(["convert", "many", "--output", "out", "--jobs", "1", "--page", "none"], in: folder.url)
        // Once a few pages are written: mid-batch however fast the build.
        let started = running.waitForStderr(containing: "[3/80]")
        running.interrupt()
        let result = running.finish()
        try #require(started, "\(result.stderr.suffix(300))")
        #expect(result.status == 130, "interrupted runs exit 130: \(result.stderr.suffix(300))")
        #expect(result.stderr.contains("run the same command again (pages already written and up to date are kept)"), "says how to resume")

        let batch = try readJSONObject(folder.path("out/report.json"))
        #expect(batch["interrupted"] as? Bool == true)
        let interrupted = try #require(batch["counts"] as? [String: Int])
        let converted = try #require(interrupted["converted"])
        #expect(converted > 0 && converted < 80 && interrupted["notStarted"] == 80 - converted)
        let files = folder.allFiles().filter { $0.hasPrefix("out/") }
        #expect(!files.contains { $0.contains(".tmp") }, "no partial files")
        #expect(files.filter { $0.hasSuffix(".png") }.count == converted)
        #expect(files.filter { $0.hasSuffix(".json") }.count == converted + 1)

        let resumed = try CLI.run(["convert", "many", "--output", "out", "--skip-existing", "--quiet", "--page", "none"], in: folder.url)
        #expect(resumed.status == 0)
        let after = try counts(folder)
        #expect(after["converted"] == 80 - converted && after["skipped"] == converted)
    }

    /// An output folder that is the photos' own folder: `--overwrite` (or `--skip-existing`)
    /// must not turn `coffee.png` into its page, nor a page or region map replace another
    /// photo of the batch; those photos fail, the others convert.
    @Test func outputsNeverReplaceAnInputPhoto() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("coffee.png", to: "same/coffee.png")
        try folder.copySample("HappyFish.jpg", to: "same/fish.jpg")
        let coffee = try Data(contentsOf: folder.path("same/coffee.png"))

        for policy in ["--overwrite", "--skip-existing"] {
            let result = try CLI.run(["convert", "same/coffee.png", "same/fish.jpg", "-o", "same", policy,
                                      "--preset", "toddler", "-q"], in: folder.url)
            #expect(result.status == 1, "\(policy): \(result.stderr)")
            #expect(result.stderr.contains(
                "same/coffee.png would overwrite the input photo same/coffee.png; choose another --output"), "\(result.stderr)")
            #expect(try Data(contentsOf: folder.path("same/coffee.png")) == coffee, "\(policy) kept the photo")
            #expect(!FileManager.default.fileExists(atPath: folder.path("same/coffee.json").path))
            let failures = try #require(try readJSONObject(folder.path("same/report.json"))["failures"] as? [[String: String]])
            #expect(failures.map { $0["input"] } == ["same/coffee.png"])
            #expect(FileManager.default.fileExists(atPath: folder.path("same/fish.png").path), "the batch goes on")
        }

        // Another photo of the batch, reached through a link in the output folder:
        // fish.jpg's region map mirror/same/fish.regions.png would be the photo
        // other/fish.regions.png.
        try folder.copySample("camera.png", to: "other/fish.regions.png")
        try FileManager.default.createDirectory(at: folder.path("mirror"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("mirror/same").path, withDestinationPath: "../other")
        let camera = try Data(contentsOf: folder.path("other/fish.regions.png"))
        let crossed = try CLI.run(["convert", "same/fish.jpg", "other/fish.regions.png", "-o", "./mirror/../mirror",
                                   "--regions", "--overwrite", "--preset", "toddler", "-q"], in: folder.url)
        #expect(crossed.status == 1, "\(crossed.stderr)")
        #expect(crossed.stderr.contains("would overwrite the input photo other/fish.regions.png"), "\(crossed.stderr)")
        #expect(try Data(contentsOf: folder.path("other/fish.regions.png")) == camera)

        // A photo that would be the batch report is refused before the batch.
        try folder.copySample("HappyFish.jpg", to: "same/report.json")
        let report = try Data(contentsOf: folder.path("same/report.json"))
        let named = try CLI.run(["convert", "same/report.json", "-o", "same", "--overwrite", "-q"], in: folder.url)
        #expect(named.status == 2, "\(named.stderr)")
        #expect(named.stderr.contains(
            "same/report.json would overwrite the input photo same/report.json; choose another --output"), "\(named.stderr)")
        #expect(try Data(contentsOf: folder.path("same/report.json")) == report)
    }

    /// `--booklet` and `--contact-sheet` are refused before any photo is converted when they
    /// name an input photo, a file or folder of the batch, each other, a path through a file,
    /// a folder, or an existing file without `--overwrite`.
    @Test(arguments: [
        (["--booklet", "in/apple.jpg", "--overwrite"], "--booklet in/apple.jpg would overwrite the input photo in/apple.jpg"),
        (["--contact-sheet", "out/report.json", "--overwrite"], "--contact-sheet out/report.json is out/report.json, which this batch writes"),
        (["--booklet", "out/apple.png", "--overwrite"], "--booklet out/apple.png is out/apple.png, which this batch writes"),
        (["--booklet", "./out/../out/apple.json"], "is out/apple.json, which this batch writes"),
        (["--booklet", "out/apple.png/book.pdf"], "--booklet out/apple.png/book.pdf: out/apple.png is not a folder"),
        (["--booklet", "out"], "--booklet out is a directory"),
        (["--booklet", "same.pdf", "--contact-sheet", "./same.pdf"], "--contact-sheet ./same.pdf is the same file as --booklet"),
        (["--booklet", "old.pdf"], "--booklet old.pdf already exists (use --overwrite to replace it)"),
        (["--contact-sheet", "old.pdf"], "--contact-sheet old.pdf already exists"),
        (["--booklet", "afile/book.pdf", "--overwrite"], "--booklet afile/book.pdf: afile is not a folder"),
        (["--contact-sheet", "afile/x/sheet.html"], "--contact-sheet afile/x/sheet.html: afile is not a folder"),
        (["--booklet", "adir", "--overwrite"], "--booklet adir is a directory"),
    ])
    func badBatchFilesAreUsageErrorsBeforeAnyConversion(args: [String], hint: String) throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try folder.write("old.pdf", Array("an old booklet\n".utf8))
        try folder.write("afile", Array("a file, not a folder\n".utf8))
        try FileManager.default.createDirectory(at: folder.path("adir"), withIntermediateDirectories: false)
        let before = folder.allFiles()
        let apple = try Data(contentsOf: folder.path("in/apple.jpg"))
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler"] + args, in: folder.url)
        #expect(result.status == 2, "\(args): \(result.stderr)")
        #expect(result.stderr.contains(hint), "\(args): \(result.stderr)")
        #expect(folder.allFiles() == before, "nothing converted or written")
        #expect(try Data(contentsOf: folder.path("in/apple.jpg")) == apple)
        #expect(try String(contentsOf: folder.path("old.pdf"), encoding: .utf8) == "an old booklet\n")
    }

    /// An existing booklet or contact sheet is replaced with `--overwrite`, and with
    /// `--skip-existing` (one file for the whole batch, rewritten when a batch is resumed).
    @Test func anExistingBookletIsReplacedWithOverwriteOrSkipExisting() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        for policy in ["--overwrite", "--skip-existing"] {
            try folder.write("book.pdf", Array("old\n".utf8))
            try folder.write("sheet.html", Array("old\n".utf8))
            let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "-q", policy,
                                      "--booklet", "book.pdf", "--contact-sheet", "sheet.html"], in: folder.url)
            #expect(result.status == 0, "\(policy): \(result.stderr)")
            #expect(try Data(contentsOf: folder.path("book.pdf")).starts(with: Array("%PDF-".utf8)), "\(policy)")
            #expect(try String(contentsOf: folder.path("sheet.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"), "\(policy)")
        }
    }

    /// A booklet or contact sheet that passes the checks but cannot be written at the end
    /// (here a name longer than the file system allows) makes the exit status 1, with the
    /// reason in words; the pages and report.json are still written.
    @Test func aBatchFileThatCannotBeWrittenExitsOneWithAReadableReason() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        let long = String(repeating: "b", count: 300)
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "-q",
                                  "--booklet", "\(long).pdf", "--contact-sheet", "\(long).html"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("lineart: cannot write \(long).pdf: file name too long (304 bytes; at most 255)"),
                "\(result.stderr)")
        #expect(result.stderr.contains("lineart: cannot write \(long).html: "), "\(result.stderr)")
        #expect(!result.stderr.contains("Error Domain") && !result.stderr.contains(".tmp-"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/fish.png").path))
        #expect(try counts(folder)["converted"] == 1)
    }

    private func counts(_ folder: TemporaryFolder) throws -> [String: Int] {
        try #require(try readJSONObject(folder.path("out/report.json"))["counts"] as? [String: Int])
    }
}

@Suite struct UsageErrorSideEffectsCLITests {
    @Test func aUsageErrorCreatesNoOutputFolderAndPointsAtHelp() throws {
        let folder = try TemporaryFolder()
        let result = try CLI.run(["convert", "missing", "--output", "out"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("See 'lineart convert --help'"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path))
    }
}
