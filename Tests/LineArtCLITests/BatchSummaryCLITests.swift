import Foundation
import Testing

/// The summary on stderr names what matters: each failing page with its first suggestion,
/// the presets `auto` chose, and scores that agree with pass/fail.
@Suite struct BatchSummaryCLITests {
    @Test func eachFailingPageIsNamedWithItsFirstSuggestion() throws {
        let folder = try TemporaryFolder()
        for name in ["apple.jpg", "astronaut.png"] { try folder.copySample(name, to: "in/\(name)") }
        let result = try CLI.run(["convert", "in", "-o", "out", "--page", "none", "--preset", "portrait"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        var failing = 0
        for stem in ["apple", "astronaut"] {
            let fillability = try #require(try readJSONObject(folder.path("out/\(stem).json"))["fillability"] as? [String: Any])
            let passes = try #require(fillability["passes"] as? Bool)
            let first = (fillability["suggestions"] as? [String])?.first ?? "no setting left to change"
            #expect(result.stderr.contains("does not pass: in/\(stem)") == !passes)
            if !passes {
                failing += 1
                #expect(result.stderr.contains("does not pass: in/\(stem).\(stem == "apple" ? "jpg" : "png"): \(first)"))
            }
        }
        #expect(failing > 0, "the test needs a failing page")
    }

    @Test func autoSaysWhichPresetsItChose() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        let result = try CLI.run(["convert", "in", "-o", "out", "--page", "none", "--preset", "auto"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let chosen = try #require(try readJSONObject(folder.path("out/fish.json"))["preset"] as? String)
        #expect(result.stderr.contains("presets chosen by auto: \(chosen) 1"), "\(result.stderr)")
        #expect(result.stderr.contains("in/fish.jpg: score") && result.stderr.contains("(preset \(chosen))"))
    }

    @Test func withoutPresetEachPhotoGetsThePresetMadeForIt() throws {
        let folder = try TemporaryFolder()
        for name in ["astronaut.png", "fruits.jpg"] { try folder.copySample(name, to: "in/\(name)") }
        let result = try CLI.run(["convert", "in", "-o", "out", "--page", "none"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try readJSONObject(folder.path("out/report.json"))["preset"] as? String == "auto")
        #expect(try readJSONObject(folder.path("out/astronaut.json"))["preset"] as? String == "portrait")
        #expect(try readJSONObject(folder.path("out/fruits.json"))["preset"] as? String == "object")
        #expect(result.stderr.contains("presets chosen by auto: object 1, portrait 1"), "\(result.stderr)")
    }
}
