import Foundation
import LineArtKit
import Testing

/// Pages are for paper unless `--page none`: A4 or Letter by the locale, read back by
/// `validate` exactly as `convert` measured them.
@Suite struct PrintPagesCLITests {
    /// The locale variables of a run, over whatever the test process has.
    static func locale(all: String = "", paper: String = "", lang: String = "") -> [String: String] {
        ["LC_ALL": all, "LC_PAPER": paper, "LANG": lang]
    }

    // The fish is wider than tall: landscape paper. Every locale rule: LocalePaperTests.
    @Test(arguments: [
        (locale(lang: "de_DE.UTF-8"), 3508, 2480),   // A4 at 300 dpi
        (locale(lang: "en_US.UTF-8"), 3300, 2550),   // Letter at 300 dpi
        (locale(paper: "fr_CA.UTF-8", lang: "de_DE.UTF-8"), 3300, 2550),
    ])
    func theDefaultPageIsTheLocalesPaperAt300DPI(environment: [String: String], width: Int, height: Int) throws {
        let folder = try TemporaryFolder()
        try folder.copySample("HappyFish.jpg", to: "fish.jpg")
        let result = try CLI.run(["convert", "fish.jpg", "-o", "fish.png", "-q"], in: folder.url, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try decodeImage(atPath: folder.path("fish.png").path)
        #expect(page.image.width == width && page.image.height == height)
    }

    @Test func pageNoneKeepsTheWorkingBitmap() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        let result = try CLI.run(["convert", "apple.jpg", "-o", "out", "--page", "none", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try readJSONObject(folder.path("out/apple.json"))
        let size = try #require(report["processedSize"] as? [String: Int])
        let page = try decodeImage(atPath: folder.path("out/apple.png").path)
        #expect(page.image.width == size["width"] && page.image.height == size["height"])
    }

    @Test func validateScoresConvertsPrintPagesExactlyAsConvertDid() throws {
        let folder = try TemporaryFolder()
        for name in ["apple.jpg", "chelsea.png"] { try folder.copySample(name, to: "in/\(name)") }
        let converted = try CLI.run(["convert", "in", "-o", "pages", "-q"], in: folder.url,
                                    environment: Self.locale(lang: "en_US.UTF-8"))
        #expect(converted.status == 0, "\(converted.stderr)")
        let validated = try CLI.run(["validate", "pages", "--json"], in: folder.url)
        let pages = try #require(try parseJSONObject(validated.stdout)["pages"] as? [[String: Any]])
        #expect(pages.count == 2)
        for page in pages {
            let input = try #require(page["input"] as? String)
            let stem = String(input.dropLast(".png".count))
            let report = try readJSONObject(folder.path(stem + ".json"))
            let measured = try #require(page["fillability"] as? NSDictionary)
            let written = try #require(report["fillability"] as? NSDictionary)
            #expect(measured == written, "\(input): validate \(measured) vs convert \(written)")
            #expect(page["report"] as? String == stem + ".json")
        }
        // The preset auto chose for the apple, which validate reads from its report.
        let preset = try #require(try readJSONObject(folder.path("pages/apple.json"))["preset"] as? String)
        let described = try CLI.run(["validate", "pages/apple.png"], in: folder.url)
        #expect(described.stdout.contains("(made with preset \(preset), settings in pages/apple.json)"), "\(described.stdout)")
    }

    @Test func aPageWithoutItsReportIsMeasuredOnItsDrawingBoxWithAdviceAboutTheDrawing() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        let converted = try CLI.run(["convert", "apple.jpg", "-o", "apple.png", "-q"], in: folder.url)
        #expect(converted.status == 0, "\(converted.stderr)")
        let validated = try CLI.run(["validate", "apple.png", "--json"], in: folder.url)
        let page = try #require((try parseJSONObject(validated.stdout)["pages"] as? [[String: Any]])?.first)
        #expect(page["report"] == nil)
        let fillability = try #require(page["fillability"] as? [String: Any])
        // With the margin the paper around the drawing joins all four corners (most of the page).
        let leak = try #require(fillability["leakPotential"] as? Double)
        #expect(leak < 0.45, "the margin is left out, leak \(leak)")
        let suggestions = try #require(fillability["suggestions"] as? [String])
        #expect(!suggestions.isEmpty)
        for setting in ["contrastAdjustment", "maxDimension", "thickness", "largeGapKernel", "blurAmount", "simplifyRegions"] {
            #expect(!suggestions.joined().contains(setting), "no settings for a page of unknown origin: \(suggestions)")
        }
    }
}
