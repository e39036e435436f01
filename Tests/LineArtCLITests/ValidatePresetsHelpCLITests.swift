import Foundation
import LineArtKit
import Testing

@Suite struct ValidateCLITests {
    @Test func validateAgreesWithTheConvertReport() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        _ = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "-q"], in: folder.url)
        let converted = try #require(try readJSONObject(folder.path("out/fish.json"))["fillability"] as? [String: Any])

        let result = try CLI.run(["validate", "out/fish.png", "--preset", "toddler", "--json"], in: folder.url)
        let report = try parseJSONObject(result.stdout)
        let pages = try #require(report["pages"] as? [[String: Any]])
        let validated = try #require(pages.first?["fillability"] as? [String: Any])
        #expect(validated["regionCount"] as? Int == converted["regionCount"] as? Int)
        #expect(validated["leakPotential"] as? Double == converted["leakPotential"] as? Double)
        #expect(validated["score"] as? Double == converted["score"] as? Double)
        let passes = try #require(validated["passes"] as? Bool)
        #expect(result.status == (passes ? 0 : 1))
    }

    @Test func validateReadsAHandDrawnPageAndNamesUnreadableFiles() throws {
        let folder = try TemporaryFolder()
        // A 100x100 page: a 10x10 grid of closed 9x9 cells (ink lines every 10 px, framed).
        var page = ByteImage(width: 101, height: 101, repeating: 255)
        for y in 0..<101 { for x in 0..<101 where x % 10 == 0 || y % 10 == 0 { page[x, y] = 0 } }
        try folder.write("grid.png", try PNGEncoder(pixelFormat: .bilevel).encode(page))
        try folder.write("notes.png", Array("hello".utf8))
        let result = try CLI.run(["validate", "grid.png", "notes.png", "--preset", "landscape"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("grid.png: does not pass"))
        #expect(result.stdout.contains("regions 100"))
        #expect(result.stderr.contains("notes.png: not an image"))
    }

    @Test func aPhotoGivenToValidateGetsAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("chelsea.png", to: "cat.png")
        _ = try CLI.run(["convert", "cat.png", "-o", "out", "--preset", "pet", "-q"], in: folder.url)
        let result = try CLI.run(["validate", "cat.png", "out/cat.png", "--preset", "pet", "--json"], in: folder.url)
        #expect(result.stderr.contains("lineart: warning: cat.png: "), "\(result.stderr)")
        #expect(result.stderr.contains("looks like a photo"))
        #expect(!result.stderr.contains("out/cat.png: "), "the page itself reads as line art: \(result.stderr)")
        let pages = try #require(try parseJSONObject(result.stdout)["pages"] as? [[String: Any]])
        #expect((pages[0]["warnings"] as? [String])?.count == 1)
        #expect((pages[1]["warnings"] as? [String]) == [])
    }

    @Test func validateWalksAFolderOfPagesWithoutTheRegionMaps() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        try folder.copySample("apple.jpg", to: "in/more/apple.jpg")
        _ = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--regions", "-q"], in: folder.url)
        #expect(FileManager.default.fileExists(atPath: folder.path("out/fish.regions.png").path))
        let result = try CLI.run(["validate", "out", "--preset", "toddler", "--json"], in: folder.url)
        let pages = try #require(try parseJSONObject(result.stdout)["pages"] as? [[String: Any]])
        #expect(pages.compactMap { $0["input"] as? String }.sorted() == ["out/fish.png", "out/more/apple.png"], "\(result.stderr)")
        // A region map named on its own is still checked (and read as an image like any other).
        let named = try CLI.run(["validate", "out/fish.regions.png", "--json"], in: folder.url)
        #expect((try parseJSONObject(named.stdout)["pages"] as? [[String: Any]])?.count == 1)
    }

    /// Every file ending in `.regions.png` was left out of a folder, so the page of a photo
    /// named `x.regions.jpg` (`x.regions.png`, an 8-bit page) was never checked. A region map
    /// is now told by its content too (a 16-bit grayscale PNG): the page is checked, its
    /// map `x.regions.regions.png` still left out.
    @Test func thePageOfAPhotoNamedLikeARegionMapIsChecked() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/x.regions.jpg")
        let converted = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--regions", "-q"], in: folder.url)
        #expect(converted.status <= 1, "\(converted.stderr)")
        #expect(folder.allFiles().filter { $0.hasSuffix(".png") } == ["out/x.regions.png", "out/x.regions.regions.png"])
        let result = try CLI.run(["validate", "out", "--preset", "toddler", "--json"], in: folder.url)
        let pages = try #require(try parseJSONObject(result.stdout)["pages"] as? [[String: Any]])
        #expect(pages.compactMap { $0["input"] as? String } == ["out/x.regions.png"], "\(result.stderr)")
        #expect(!result.stderr.contains("no images found"), "\(result.stderr)")
    }

    @Test func validateRefusesPagesOverItsMegapixelLimitAndTakesAHigherOne() throws {
        let folder = try TemporaryFolder()
        let page = ByteImage(width: 1500, height: 1000, repeating: 255)
        try folder.write("big.png", try PNGEncoder(pixelFormat: .bilevel).encode(page))
        let refused = try CLI.run(["validate", "big.png", "--max-megapixels", "1"], in: folder.url)
        #expect(refused.status == 1 && refused.stderr.contains("over the 1 megapixel limit"), "\(refused.stderr)")
        let taken = try CLI.run(["validate", "big.png", "--max-megapixels", "2"], in: folder.url)
        #expect(taken.stdout.contains("big.png: does not pass"), "\(taken.stderr)")
    }

    @Test func aHugeMegapixelLimitMeansNoLimitNotACrash() throws {
        let folder = try TemporaryFolder()
        try folder.write("page.png", try PNGEncoder(pixelFormat: .bilevel).encode(ByteImage(width: 20, height: 20, repeating: 255)))
        let result = try CLI.run(["validate", "page.png", "--max-megapixels", "\(Int.max)"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr.prefix(300))")
        #expect(result.stdout.contains("page.png: does not pass"), "\(result.stderr.prefix(300))")
    }

    @Test func validateWithoutImagesIsAUsageError() throws {
        let result = try CLI.run(["validate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no image"))
    }
}

@Suite struct PresetsCLITests {
    @Test func listsTheSixPresets() throws {
        let result = try CLI.run(["presets"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        for (line, name) in zip(lines, ["toddler", "portrait", "landscape", "object", "pet", "abstract"]) {
            #expect(line.hasPrefix(name))
        }
    }

    @Test func printsAPresetExactlyAsItsFile() throws {
        let result = try CLI.run(["presets", "portrait"])
        let file = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Presets/portrait.json"), encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.stdout == file)
    }

    /// Every setting is explained from the spec table, with its range and default.
    @Test func explainsEverySetting() throws {
        let result = try CLI.run(["presets", "--settings"])
        #expect(result.status == 0)
        for spec in LineArtSettings.specs {
            #expect(result.stdout.contains("\(spec.name)  \(spec.domain.description)  (default \(spec.defaultValue))\n"),
                    "\(spec.name) in:\n\(result.stdout)")
        }
        #expect(result.stdout.contains("regionTarget  0...1000  (default 0)"))
        #expect(result.stdout.contains("simpler page"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "lines fit 80 columns")
        let both = try CLI.run(["presets", "portrait", "--settings"])
        #expect(both.status == 2 && both.stderr.contains("give no preset name"), "\(both.stderr)")
    }

    @Test func unknownPresetIsAUsageError() throws {
        let result = try CLI.run(["presets", "crayon"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown preset 'crayon'"))
    }
}

@Suite struct HelpCLITests {
    @Test func rootHelpListsTheSubcommands() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        for word in ["convert", "validate", "presets", "lineart convert SampleImages --output pages"] {
            #expect(result.stdout.contains(word), "\(word)")
        }
    }

    @Test func convertHelpTeachesTheOptionsAndExitStatus() throws {
        let result = try CLI.run(["convert", "--help"])
        #expect(result.status == 0)
        for word in ["--output", "--preset", "--set <key=value>", "--jobs", "--skip-existing", "--overwrite",
                     "--manifest", "--json", "--quiet", "Exit status: 0 all converted, 1 some failed, 2 usage error", "Examples:"] {
            #expect(result.stdout.contains(word), "convert --help mentions \(word)")
        }
    }
}

/// Messages about preset files and manifests say where and why.
@Suite struct PresetAndManifestMessagesCLITests {
    @Test func aBrokenPresetFileIsNamedWithItsLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        try folder.write("bad.json", Array("{\"base\": \"portrait\",\n \"settings\": {\"thickness\": 4,,}}".utf8))
        let bad = try CLI.run(["convert", "apple.jpg", "-o", "out", "--preset", "bad.json"], in: folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("preset is not valid JSON: invalid value at line 2, column 30"), "\(bad.stderr)")
        let missing = try CLI.run(["convert", "apple.jpg", "-o", "out", "--preset", "none.json"], in: folder.url)
        #expect(missing.stderr.contains("cannot read preset file: no such file"), "\(missing.stderr)")
        let presets = try CLI.run(["presets", "bad.json"], in: folder.url)
        #expect(presets.status == 2 && !presets.stderr.contains("path of a preset"), "\(presets.stderr)")
    }

    /// JSON lets a key be written twice and the decoder keeps one value without a word, so
    /// a preset with two "thickness" settings (or two names) ran with one the author may not
    /// have meant; it is refused, naming the file, the key and its line.
    @Test func aKeyWrittenTwiceInAPresetOrManifestIsAnErrorNamingTheFileAndKey() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "set/apple.jpg")
        try folder.write("set/twice.json", Array("{\"base\": \"pet\",\n \"settings\": {\"thickness\": 2,\n \"thickness\": 9}}".utf8))
        try folder.write("set/names.json", Array("{\"name\": \"a\", \"name\": \"b\"}".utf8))
        let settings = try CLI.run(["convert", "set", "-o", "out", "--preset", "set/twice.json"], in: folder.url)
        #expect(settings.status == 2, "\(settings.stderr)")
        #expect(settings.stderr.contains("--preset set/twice.json: duplicate key 'thickness' in \"settings\" at line 3"), "\(settings.stderr)")
        let names = try CLI.run(["tune", "set", "-o", "t", "--preset", "set/names.json"], in: folder.url)
        #expect(names.status == 2, "\(names.stderr)")
        #expect(names.stderr.contains("--preset set/names.json: duplicate key 'name' at line 1"), "\(names.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path), "nothing is written")

        // Through a manifest, the preset file is named after the photo.
        try folder.write("set/manifest.json", Array("{\"images\": [{\"file\": \"apple.jpg\", \"preset\": \"twice.json\"}]}".utf8))
        let listed = try CLI.run(["convert", "set", "-o", "out", "--manifest", "set/manifest.json"], in: folder.url)
        #expect(listed.status == 2, "\(listed.stderr)")
        #expect(listed.stderr.contains("the preset of set/apple.jpg (set/twice.json): duplicate key 'thickness'"), "\(listed.stderr)")
        // And a manifest that gives a photo two presets is refused the same way.
        try folder.write("set/manifest.json", Array("{\"images\": [{\"file\": \"apple.jpg\", \"preset\": \"pet\", \"preset\": \"toddler\"}]}".utf8))
        let manifest = try CLI.run(["convert", "set", "-o", "out", "--manifest", "set/manifest.json"], in: folder.url)
        #expect(manifest.status == 2, "\(manifest.stderr)")
        #expect(manifest.stderr.contains("set/manifest.json: duplicate key 'preset' in \"images\" at line 1"), "\(manifest.stderr)")
    }

    @Test func aManifestsPresetFilesAreFoundBesideItAndItsErrorsNameThePhoto() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "set/apple.jpg")
        try folder.copySample("HappyFish.jpg", to: "set/fish.jpg")
        try folder.write("set/thick.json", Array("{\"base\": \"toddler\", \"settings\": {\"thickness\": 8}}".utf8))
        // No schemaVersion: read as version 1. The preset file is relative to the manifest.
        try folder.write("set/manifest.json", Array("""
            {"images": [{"file": "apple.jpg", "preset": "thick.json"}, {"file": "fish.jpg", "preset": "nope"}]}
            """.utf8))
        let result = try CLI.run(["convert", "set", "-o", "out", "--manifest", "set/manifest.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--manifest set/manifest.json: the preset of set/fish.jpg: unknown preset 'nope'"), "\(result.stderr)")
        try folder.write("set/manifest.json", Array("{\"images\": [{\"file\": \"apple.jpg\", \"preset\": \"thick.json\"}]}".utf8))
        let good = try CLI.run(["convert", "set", "-o", "out", "--manifest", "set/manifest.json", "-q"], in: folder.url)
        #expect(good.status == 0, "\(good.stderr)")
        let report = try readJSONObject(folder.path("out/apple.json"))
        #expect((report["settings"] as? [String: Any])?["thickness"] as? Int == 8)
    }
}
