import Foundation
import LineArtKit
import Testing

/// A photo's outputs are one unit, vouched for by its report: a rerun leaves units that are
/// complete and match (like `make`), and converts anything else again, saying why.
@Suite struct OutputUnitCLITests {
    /// The batch report's `pages` entry of each input, by the input's file name.
    static func pagesByName(_ folder: TemporaryFolder, report: String = "out/report.json") throws -> [String: [String: Any]] {
        let pages = try #require(try readJSONObject(folder.path(report))["pages"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: pages.map { (($0["input"] as! String as NSString).lastPathComponent, $0) })
    }

    static func counts(_ folder: TemporaryFolder, report: String = "out/report.json") throws -> [String: Int] {
        try #require(try readJSONObject(folder.path(report))["counts"] as? [String: Int])
    }

    /// Each file's inode, size and modification time: equal only if nothing rewrote it.
    static func fingerprints(_ folder: TemporaryFolder, under prefix: String) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for file in folder.allFiles() where file.hasPrefix(prefix) {
            var info = stat()
            #expect(lstat(folder.path(file).path, &info) == 0)
            result[file] = [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
        return result
    }

    @Test func aRerunOfTheREADMEsFirstCommandExitsZeroAndRewritesNothing() throws {
        let folder = try TemporaryFolder()
        let samples = CLI.repositoryRoot.appendingPathComponent("SampleImages")
        try FileManager.default.createDirectory(at: folder.path("SampleImages"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path) where !name.hasPrefix(".") {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: folder.path("SampleImages/" + name))
        }
        let command = ["convert", "SampleImages", "--output", "pages", "--manifest", "SampleImages/manifest.json", "-q"]
        let first = try CLI.run(command, in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let photos = try #require(try Self.counts(folder, report: "pages/report.json")["converted"])
        #expect(photos >= 14)
        let before = try Self.fingerprints(folder, under: "pages/")

        let again = try CLI.run(command, in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        #expect(try Self.fingerprints(folder, under: "pages/") == before, "nothing is written again, report.json included")

        // One photo changed: it is converted again, and the batch report now tells of this run.
        try FileManager.default.removeItem(at: folder.path("pages/apple.png"))
        let third = try CLI.run(command, in: folder.url)
        #expect(third.status == 0, "\(third.stderr)")
        let counts = try Self.counts(folder, report: "pages/report.json")
        #expect(counts["upToDate"] == photos - 1 && counts["converted"] == 1 && counts["failed"] == 0, "\(counts)")
        let pages = try Self.pagesByName(folder, report: "pages/report.json")
        #expect(pages.count == photos && pages.values.filter { $0["kept"] as? Bool == true }.count == photos - 1)
    }

    /// A truncated page, a 0-byte report, a changed photo and changed settings are each
    /// converted again, and the batch report says why; the untouched photo is up to date.
    @Test func damagedOrOutdatedUnitsAreConvertedAgainAndSayWhy() throws {
        let folder = try TemporaryFolder()
        for (sample, name) in [("apple.jpg", "apple.jpg"), ("HappyFish.jpg", "fish.jpg"), ("coffee.png", "coffee.png"),
                               ("chelsea.png", "cat.png")] {
            try folder.copySample(sample, to: "in/" + name)
        }
        let convert = ["convert", "in", "-o", "out", "--preset", "toddler", "-q"]
        #expect(try CLI.run(convert, in: folder.url).status == 0)

        let page = try Data(contentsOf: folder.path("out/apple.png"))
        try page.prefix(100).write(to: folder.path("out/apple.png"))
        try Data().write(to: folder.path("out/fish.json"))
        try folder.copySample("astronaut.png", to: "in/coffee.png")
        let rerun = try CLI.run(convert, in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let counts = try Self.counts(folder)
        #expect(counts["converted"] == 3 && counts["upToDate"] == 1 && counts["failed"] == 0, "\(counts)")
        let pages = try Self.pagesByName(folder)
        #expect((pages["apple.jpg"]?["reconverted"] as? String)?.contains("apple.png is not the file apple.json records") == true,
                "\(pages)")
        #expect(pages["fish.jpg"]?["reconverted"] as? String == "fish.json is not a complete report", "\(pages)")
        #expect(pages["coffee.png"]?["reconverted"] as? String == "the photo changed since its page was made", "\(pages)")
        #expect(pages["cat.png"]?["kept"] as? Bool == true && pages["cat.png"]?["reconverted"] == nil)
        #expect(try Data(contentsOf: folder.path("out/apple.png")) == page, "the page is whole again")

        let otherSettings = try CLI.run(convert + ["--set", "thickness=4"], in: folder.url)
        #expect(otherSettings.status == 0, "\(otherSettings.stderr)")
        #expect(try Self.counts(folder)["converted"] == 4)
        #expect(try Self.pagesByName(folder).values.allSatisfy {
            $0["reconverted"] as? String == "the settings or outputs asked for changed"
        })
    }

    /// Fewer outputs than the last run: the page, region map and SVG the old report named and
    /// the new unit does not write are removed, not left beside the new page.
    @Test func fewerFormatsRemoveTheOldCompanions() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        try folder.write("out/apple.notes.txt", Array("mine\n".utf8))
        let full = try CLI.run(["convert", "apple.jpg", "-o", "out", "--preset", "toddler", "--format", "png,svg",
                                "--regions", "-q"], in: folder.url)
        #expect(full.status == 0, "\(full.stderr)")
        #expect(folder.allFiles() == ["apple.jpg", "out/apple.json", "out/apple.notes.txt", "out/apple.png",
                                      "out/apple.regions.png", "out/apple.svg", "out/report.json"])
        for policy in [[], ["--overwrite"]] {
            let fewer = try CLI.run(["convert", "apple.jpg", "-o", "out", "--preset", "toddler", "--format", "svg", "-q"] + policy,
                                    in: folder.url)
            #expect(fewer.status == 0, "\(fewer.stderr)")
            #expect(folder.allFiles() == ["apple.jpg", "out/apple.json", "out/apple.notes.txt", "out/apple.svg", "out/report.json"],
                    "\(policy): \(folder.allFiles())")
        }
    }

    /// --skip-existing keeps complete units whatever made them, and converts the rest again.
    @Test func skipExistingKeepsOnlyCompleteUnits() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        #expect(try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "-q"], in: folder.url).status == 0)
        let page = try Data(contentsOf: folder.path("out/fish.png"))
        try page.prefix(page.count / 2).write(to: folder.path("out/fish.png"))
        let resumed = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--set", "thickness=4",
                                   "--skip-existing", "-q"], in: folder.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let counts = try Self.counts(folder)
        #expect(counts["converted"] == 1 && counts["skipped"] == 1, "\(counts)")
        #expect(try readJSONObject(folder.path("out/report.json"))["skipped"] as? [String] == ["in/apple.jpg"])
    }
}

@Suite struct KilledOverwriteCLITests {
    /// Whether every report in `folder` vouches for the files beside it as they are.
    static func everyReportVouchesForItsFiles(_ folder: URL) throws -> [String] {
        var problems: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".json") && name != "report.json" {
            let report = try readJSONObject(folder.appendingPathComponent(name))
            guard let unit = report["unit"] as? [String: Any], let files = unit["files"] as? [[String: Any]] else {
                problems.append("\(name): no unit")
                continue
            }
            for file in files {
                let fileName = file["name"] as? String ?? ""
                let bytes = (try? Data(contentsOf: folder.appendingPathComponent(fileName))).map { [UInt8]($0) }
                if bytes?.count != file["bytes"] as? Int || bytes.map(sha256Hex) != file["sha256"] as? String {
                    problems.append("\(name): \(fileName) is not as recorded")
                }
            }
        }
        return problems
    }

    /// SIGKILL during an --overwrite with other settings and fewer formats: every report left
    /// vouches for the files beside it (old unit or new, never a mix), and a rerun repairs
    /// the rest.
    @Test func aKillDuringOverwriteLeavesWholeUnitsAndARerunRepairs() throws {
        let folder = try TemporaryFolder()
        for index in 0..<8 { try folder.copySample("apple.jpg", to: "in/apple\(index).jpg") }
        let old = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--format", "png,svg", "--regions", "-q"],
                              in: folder.url)
        #expect(old.status == 0, "\(old.stderr)")
        let new = ["convert", "in", "-o", "out", "--preset", "toddler", "--set", "thickness=3", "--jobs", "1"]
        let running = try CLI.start(new + ["--overwrite"], in: folder.url)
        #expect(running.waitForStderr(containing: "[3/8]"))
        kill(running.process.processIdentifier, SIGKILL)
        _ = running.finish()
        #expect(try Self.everyReportVouchesForItsFiles(folder.path("out")) == [])

        let rerun = try CLI.run(new + ["-q"], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try Self.everyReportVouchesForItsFiles(folder.path("out")) == [])
        let again = try CLI.run(new + ["-q", "--json"], in: folder.url)
        let counts = try parseJSONObject(again.stdout)["counts"] as? [String: Int]
        #expect(counts?["upToDate"] == 8, "\(counts ?? [:])")
        #expect(!folder.allFiles().contains { $0.contains(".tmp-") }, "\(folder.allFiles())")
    }
}
